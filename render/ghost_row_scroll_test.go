package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// A lecturer pressed 2 then 1 after stepping A*: the panel, scrolled to
// keep the open list in view, showed "9,542 expanded (dotted), now 4,252"
// under "more above" with the "ghost" label that says what it counts
// scrolled away. The ghost's two lines are one row: no scroll starts on
// its second.
func TestScrolledPanelKeepsTheGhostLabel(t *testing.T) {
	w := dijkstraGhostWorld(t)
	r := New()
	checked := false
	for _, size := range [][2]int{{1264, 720}, {1264, 640}, {854, 534}, {732, 458}, {700, 400}} {
		l := r.FitPanel(ComputeLayout(size[0], size[1], true), w)
		if l.Panel.Empty() {
			continue // no room for the panel at this size
		}
		var cam Camera
		cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
		screen := ebiten.NewImage(size[0], size[1])
		r.Draw(screen, &Frame{World: w, Cam: &cam, Layout: l})
		var drawn []string
		var ys []float64
		r.fonts.drawn, r.fonts.tops = &drawn, &ys
		r.drawNumbers(ebiten.NewImage(PanelWidth, 10), &Frame{World: w, Cam: &cam, Layout: l}, 0, 0, float64(r.panelWidth()-20), true)
		r.fonts.drawn, r.fonts.tops = nil, nil
		second := -1.0
		for i, s := range drawn {
			if strings.HasPrefix(s, world.Count(w.Ghost.Expanded)+" (dotted)") {
				second = ys[i] // its first line, where a narrow panel wraps it
				break
			}
		}
		if second < 0 {
			t.Fatalf("%v: no ghost expansions line drawn: %q", size, drawn)
		}
		for k := 0; k <= r.PanelMaxScroll(); k++ {
			r.Draw(screen, &Frame{World: w, Cam: &cam, Layout: l, PanelScroll: k})
			v := r.PanelShown()
			if v.Offset > second {
				checked = true
			}
			if v.Offset == second {
				t.Errorf("%v, scrolled %d: the view starts on the ghost's expansions line without its label", size, k)
			}
		}
	}
	if !checked {
		t.Fatal("no panel scrolled past the ghost row: the test needs one")
	}
}

// dijkstraGhostWorld is the built-in world's query planned by Dijkstra,
// then by A*: the panel compares A*'s answer with Dijkstra's ghost.
func dijkstraGhostWorld(t *testing.T) *world.World {
	t.Helper()
	w := builtinWorld(t, world.AlgoDijkstra)
	w.SetAlgo(world.AlgoAStar)
	w.Wait()
	if w.Ghost == nil || w.Ghost.Fill == nil {
		t.Fatal("no ghost with a fill after Dijkstra then A*")
	}
	return w
}
