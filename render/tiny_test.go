package render

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
)

// The help screen and the gallery draw on any window, down to 1×1,
// without a panic (a window can be resized to nothing while they show),
// and their boxes stay on the screen or are empty.
func TestOverlaysOnTinyWindows(t *testing.T) {
	w, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	w.Begin()
	r := New()
	items := builtinGallery(t)
	help := []HelpSection{{Title: "View", Rows: [][2]string{{"F", "fit the map to the window"}, {"Shift+right-drag", "paint the brush weight (Shift+W picks it)"}}}}
	for _, s := range [][2]int{{1, 1}, {2, 50}, {60, 2}, {39, 45}, {120, 90}} {
		l := ComputeLayout(s[0], s[1], true)
		var cam Camera
		cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
		screen := ebiten.NewImage(s[0], s[1])
		for _, f := range []*Frame{
			{World: w, Cam: &cam, Layout: l, ShowHelp: true, Help: help, HelpScroll: 1 << 20},
			{World: w, Cam: &cam, Layout: l, ShowGallery: true, Gallery: items, GallerySel: len(items) - 1},
		} {
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Errorf("%dx%d (help %v): panic %v", s[0], s[1], f.ShowHelp, p)
					}
				}()
				r.Draw(screen, f)
			}()
		}
		if g := r.Gallery(l, items, 0); !g.Box.Empty() && !g.Box.In(l.Screen) {
			t.Errorf("%dx%d: gallery box %v outside the screen", s[0], s[1], g.Box)
		}
		v := r.Help(l, help)
		if v.MaxScroll < 0 || !v.Area.Empty() && !v.Area.In(l.Screen) {
			t.Errorf("%dx%d: help area %v, max scroll %d", s[0], s[1], v.Area, v.MaxScroll)
		}
	}
}
