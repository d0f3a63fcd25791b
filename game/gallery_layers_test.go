package game

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/render"
)

// Regression (an engineer's report): the layers toggled on one gallery
// case carried to the next, so pathological-minimum opened from the
// gallery after S and B were turned off on the world showed no search and
// no borders, not what the case is meant to show. A gallery case opens
// with its own layers (its "set layers", else the defaults, as
// -scenario builtin:NAME and its picture in the README show it); a file
// the user opens that names none still keeps the layers they have on.
func TestGalleryCaseOpensWithItsOwnLayers(t *testing.T) {
	wd, err := world.Open(assets.Prefix + "world")
	if err != nil {
		t.Fatal(err)
	}
	wd.Begin()
	wd.Wait()
	g, err := New(wd, Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.w.Close() })
	g.Layout(1280, 800)
	g.Draw(ebiten.NewImage(1280, 800))
	var held heldKeys
	fakeKeys(t, &held)
	press(g, &held, -1, ebiten.KeyS) // search off
	press(g, &held, -1, ebiten.KeyB) // borders off
	press(g, &held, -1, ebiten.KeyC) // components on
	if g.layers == render.DefaultLayers {
		t.Fatal("S, B and C left the default layers: the test wants them changed")
	}
	mine := g.layers
	for _, name := range []string{"pathological-minimum", "exclusion-shortcut"} {
		i := slices.Index(assets.Names(), name)
		if i < 0 || i >= 9 {
			t.Fatalf("%s is entry %d of the gallery %v: the test opens it by its digit", name, i, assets.Names())
		}
		press(g, &held, -1, ebiten.KeyF2)
		press(g, &held, -1, ebiten.Key1+ebiten.Key(i))
		g.w.Wait()
		if g.w.Source != assets.Prefix+name {
			t.Fatalf("the digit %d opened %q, want %s", i+1, g.w.Source, name)
		}
		if g.layers != render.DefaultLayers {
			t.Errorf("%s opened from the gallery with layers %q, want the case's own %q", name, layerSpec(g.layers), layerSpec(render.DefaultLayers))
		}
		if g.w.Layers != layerSpec(g.layers) {
			t.Errorf("%s: the session saves layers %q, shows %q", name, g.w.Layers, layerSpec(g.layers))
		}
		g.layers = mine // the user's again, for the next case
		g.syncLayers()
	}

	// A file of the user's naming no layers keeps those on.
	p := filepath.Join(t.TempDir(), "b.pls")
	if err := os.WriteFile(p, []byte("pathlens-scenario 1\nmap inline\n......\n......\nend\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := g.open(p); err != nil {
		t.Fatal(err)
	}
	if g.layers != mine {
		t.Errorf("a file naming no layers opened with %q, want the ones on, %q", layerSpec(g.layers), layerSpec(mine))
	}
}
