package game

import (
	"fmt"
	"image"
	"math"
	"slices"
	"testing"

	"pathlens/game/world"
	"pathlens/render"
)

// Regression (a user at 150 % on 1264×720 under HPA*): the compact legend
// sat over the map's bottom 20 px, the bottom row of entrances under it.
// The fit gave up making room under the map (it would cost more than
// besideMinZoom of the map's size) and the placement accepted covering up
// to an eighth of the map. When a smaller fit leaves the compact legend a
// margin of its own, it takes it: the legend keeps its colour rows and
// hides none of the map.
func TestCompactLegendHidesNoMapWhenTheFitCanMakeRoom(t *testing.T) {
	for _, tc := range []struct {
		w, h  int
		scale float64
		algo  world.Algo
	}{
		{1264, 720, 1.5, world.AlgoHPA},
		{1264, 720, 1.5, world.AlgoAStar},
		{1280, 800, 1.5, world.AlgoHPA},
	} {
		name := fmt.Sprintf("%v %dx%d at %v", tc.algo, tc.w, tc.h, tc.scale)
		g := builtinGameAt(t, tc.algo, tc.scale)
		wd := g.w
		for _, at := range []int{wd.Timeline.Len() * 2 / 5, wd.Timeline.Len()} {
			wd.SeekTo(at)
			redrawAt(g, tc.w, tc.h)
			box := g.r.LegendRect()
			if box.Empty() {
				t.Fatalf("%s, event %d: no legend", name, at)
			}
			if !slices.Contains(g.r.LegendRowsShown(nil), render.LayerSearch) {
				t.Errorf("%s, event %d: the legend lost its colour rows", name, at)
			}
			x0, y0 := g.cam.ToScreen(0, 0)
			x1, y1 := g.cam.ToScreen(float64(wd.Grid.Width()), float64(wd.Grid.Height()))
			mr := image.Rect(int(math.Ceil(x0)), int(math.Ceil(y0)), int(math.Floor(x1)), int(math.Floor(y1)))
			if box.Overlaps(mr) {
				t.Errorf("%s, event %d: the legend %v covers %v of the map %v (area %v, zoom %.3f)",
					name, at, box, box.Intersect(mr), mr, g.lay.Map, g.cam.Zoom)
			}
		}
		wd.Close()
	}
}
