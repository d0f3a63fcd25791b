package game

import (
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
)

// Regression (a lecturer's report, at 150 % and 100 %): with the built-in
// case pathological-minimum open, F2 opened the gallery with row 1,
// "world", filled and marked as the selection (what Enter opens). The
// gallery opens on the case the session is.
func TestGalleryOpensOnTheOpenCase(t *testing.T) {
	const name = "pathological-minimum"
	want := slices.Index(assets.Names(), name)
	if want <= 0 {
		t.Fatalf("%s is entry %d of the gallery %v: the test wants one after the first", name, want, assets.Names())
	}
	for _, scale := range []float64{1, 1.5} {
		wd, err := world.Open(assets.Prefix + name)
		if err != nil {
			t.Fatal(err)
		}
		wd.Begin()
		wd.Wait()
		g, err := New(wd, Options{UIScale: scale})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { g.w.Close() })
		g.Layout(1280, 800)
		g.Draw(ebiten.NewImage(1280, 800))
		var held heldKeys
		fakeKeys(t, &held)
		press(g, &held, -1, ebiten.KeyF2)
		if !g.gallery {
			t.Fatalf("%v: F2 did not open the gallery", scale)
		}
		if g.gallerySel != want {
			t.Errorf("%v: the gallery selects entry %d, want %d (%s, open)", scale, g.gallerySel, want, name)
		}
	}
}
