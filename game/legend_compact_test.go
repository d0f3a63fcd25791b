package game

import (
	"fmt"
	"image"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/render"
)

// redrawAt lays out, fits and draws g as in a window of w×h pixels.
func redrawAt(g *Game, w, h int) {
	lw, lh := g.Layout(w, h)
	g.lay = g.layout(lw, lh)
	g.fit()
	g.drawnAt = time.Time{}
	g.Draw(ebiten.NewImage(lw, lh))
}

// Regression (a lecturer on a projector, at 125, 150 and 200 %): wherever
// the legend's box would cover more than an eighth of the map, it became
// the bare line of keys "Layers on ▪W ▪S ▪V · K hides, F1 lists all",
// which names no colour, so the class could not tell the open list's
// green from the closed blue while she stepped A* or HPA*. Where the
// window has room the legend now keeps the rows of the layers that draw
// something (open / closed among them) and the magenta line, in a compact
// box over no more than an eighth of the map (now in a margin the fit
// leaves, over none of it); the line of keys is left for a map area too
// small for that box (800×600 at 150 % under HPA*, whose rows take four
// lines there).
func TestLegendKeepsColourRowsOnAProjector(t *testing.T) {
	for _, tc := range []struct {
		w, h  int
		scale float64
		algo  world.Algo
		rows  bool // the open / closed row shows; else the line of keys
	}{
		{1280, 800, 1.25, world.AlgoAStar, true},
		{1280, 800, 1.25, world.AlgoHPA, true},
		{1280, 800, 1.5, world.AlgoAStar, true},
		{1280, 800, 1.5, world.AlgoHPA, true},
		{1280, 800, 2, world.AlgoAStar, true},
		{1280, 800, 2, world.AlgoHPA, true},
		{1264, 720, 1.25, world.AlgoAStar, true},
		{1264, 720, 1.25, world.AlgoHPA, true},
		{1264, 720, 1.5, world.AlgoAStar, true},
		{1264, 720, 1.5, world.AlgoHPA, true},
		{1264, 720, 2, world.AlgoAStar, true},
		{800, 600, 1.25, world.AlgoAStar, true},
		{800, 600, 1.25, world.AlgoHPA, true},
		{800, 600, 1.5, world.AlgoAStar, true},
		{800, 600, 1.5, world.AlgoHPA, false},
	} {
		name := fmt.Sprintf("%v %dx%d at %v", tc.algo, tc.w, tc.h, tc.scale)
		g := builtinGameAt(t, tc.algo, tc.scale)
		wd := g.w
		for _, at := range []int{wd.Timeline.Len() * 2 / 5, wd.Timeline.Len()} {
			wd.SeekTo(at)
			redrawAt(g, tc.w, tc.h)
			box := g.r.LegendRect()
			if box.Empty() {
				t.Fatalf("%s, event %d: no legend drawn", name, at)
			}
			if !box.In(g.lay.Map) {
				t.Errorf("%s: the legend %v leaves the map area %v", name, box, g.lay.Map)
			}
			shown := g.r.LegendRowsShown(nil)
			if got := slices.Contains(shown, render.LayerSearch); got != tc.rows {
				t.Errorf("%s, event %d of %d: open / closed row shown %v, want %v (rows %v, box %v)",
					name, at, wd.Timeline.Len(), got, tc.rows, shown, box)
			}
			x0, y0 := g.cam.ToScreen(0, 0)
			x1, y1 := g.cam.ToScreen(float64(wd.Grid.Width()), float64(wd.Grid.Height()))
			mr := image.Rect(int(math.Ceil(x0)), int(math.Ceil(y0)), int(math.Floor(x1)), int(math.Floor(y1))).Intersect(g.lay.Map)
			if c := box.Intersect(mr); 8*c.Dx()*c.Dy() > mr.Dx()*mr.Dy() {
				t.Errorf("%s: the legend %v covers %v of the map %v, more than an eighth", name, box, c, mr)
			}
		}
		wd.Close()
	}
}
