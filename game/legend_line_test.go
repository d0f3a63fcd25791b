package game

import (
	"image"
	"math"
	"testing"

	"pathlens/assets"
	"pathlens/game/world"
)

// Regression (a user at 175 % on 1280×800, s31): the legend's line form
// sat over the map's bottom rows. When the map leaves no margin for the
// whole legend and the legend is drawn as a line (or, where the map area
// is wide enough, as its compact box of rows), the fit leaves it a margin
// of its own under the map, as it does for the whole legend.
func TestLegendLineKeepsOffTheMap(t *testing.T) {
	for _, tc := range []struct {
		algo  world.Algo
		scale float64
	}{{world.AlgoAStar, 1.75}, {world.AlgoHPA, 1.75}, {world.AlgoAStar, 1.5}} {
		g := builtinGameAt(t, tc.algo, tc.scale)
		wd := g.w
		redraw(g)
		box := g.r.LegendRect()
		if box.Empty() || box.Dy() > 80 {
			t.Fatalf("%v at %v: legend %v, the test wants its line or compact form", tc.algo, tc.scale, box)
		}
		x0, y0 := g.cam.ToScreen(0, 0)
		x1, y1 := g.cam.ToScreen(float64(wd.Grid.Width()), float64(wd.Grid.Height()))
		mr := image.Rect(int(math.Ceil(x0)), int(math.Ceil(y0)), int(math.Floor(x1)), int(math.Floor(y1)))
		if box.Overlaps(mr) {
			t.Errorf("%v at %v: the legend's line %v covers the map %v", tc.algo, tc.scale, box, mr)
		}
		if !box.In(g.lay.Map) {
			t.Errorf("%v at %v: the legend's line %v leaves the map area %v", tc.algo, tc.scale, box, g.lay.Map)
		}
		wd.Close()
	}
}

// Regression (a tester at 175 % on 1280×800): on pathological-maximin the
// legend's line sat at the top over room X's letter (the fit, counting its
// own margin and the line's both, could not make the line room under the
// map at 85 % of its size), and on textbook-groups the legend covered the
// map's top-right (no room beside 68 px cells for want of 15 px a side).
// Both now go into a margin of their own, over no cell and no letter.
func TestLegendKeepsOffTheMapAt175(t *testing.T) {
	for _, name := range []string{"pathological-maximin", "textbook-groups"} {
		wd, err := world.Open(assets.Prefix + name)
		if err != nil {
			t.Fatal(err)
		}
		wd.Begin()
		wd.Wait()
		g, err := New(wd, Options{UIScale: 1.75})
		if err != nil {
			t.Fatal(err)
		}
		redraw(g)
		box := g.r.LegendRect()
		if box.Empty() {
			t.Fatalf("%s: no legend drawn", name)
		}
		x0, y0 := g.cam.ToScreen(0, 0)
		x1, y1 := g.cam.ToScreen(float64(wd.Grid.Width()), float64(wd.Grid.Height()))
		mr := image.Rect(int(math.Ceil(x0)), int(math.Ceil(y0)), int(math.Floor(x1)), int(math.Floor(y1)))
		if box.Overlaps(mr) {
			t.Errorf("%s at 175 %%: the legend %v covers the map %v", name, box, mr)
		}
		if !box.In(g.lay.Map) {
			t.Errorf("%s at 175 %%: the legend %v leaves the map area %v", name, box, g.lay.Map)
		}
		if fit := g.cam.FitZoom(); g.cam.Zoom < 0.85*fit && g.cam.Zoom < 40 {
			t.Errorf("%s at 175 %%: %.1f px a cell, under 85 %% of the %.1f fitted and under 40", name, g.cam.Zoom, fit)
		}
		wd.Close()
	}
}

// builtinGameAt is a game on the built-in world, its query planned by algo
// and finished, at UI scale scale (not yet laid out).
func builtinGameAt(t *testing.T, algo world.Algo, scale float64) *Game {
	t.Helper()
	wd, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	wd.Settings.Algo = algo
	wd.Begin()
	wd.Wait()
	g, err := New(wd, Options{UIScale: scale})
	if err != nil {
		t.Fatal(err)
	}
	return g
}
