package render

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// A lecturer's GIF of the built-in world's A* (Shift+F12, fitted, 1280×800):
// the legend, moved off the flood to the top-right halfway, jumped back to
// the bottom-left on the finished frame, the one held three seconds, over
// the closed cells it had kept off: the finish of a stepped or played query
// dropped the corner it kept. Played to the end, the legend stays where the
// stepping put it; a new query (another timeline) places it afresh.
func TestLegendStaysPutAtTheFinishOfAStepping(t *testing.T) {
	const W, H = 1280, 800
	lay := ComputeLayout(W, H, true)
	screen := ebiten.NewImage(W, H)
	for _, algo := range []world.Algo{world.AlgoAStar, world.AlgoDijkstra} {
		w := builtinWorld(t, algo)
		r := New()
		cam := &Camera{}
		cam.Fit(w.Grid.Width(), w.Grid.Height(), lay.Map)
		f := &Frame{World: w, Cam: cam, Layout: lay, Layers: DefaultLayers, Legend: appLegend(DefaultLayers)}
		n := w.Timeline.Len()
		var corners []int
		for k := 0; k < 100; k++ { // as a recording of 100 frames steps it
			w.SeekTo(k * n / 99)
			r.drawLegend(screen, f)
			corners = append(corners, cornerOf(r.LegendRect(), lay.Map))
		}
		last := len(corners) - 1
		if corners[last] != corners[last-1] {
			t.Errorf("%v: the legend went from corner %d to %d at the finish (corners %v)", algo, corners[last-1], corners[last], corners)
		}
	}
}
