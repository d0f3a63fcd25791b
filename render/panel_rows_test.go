package render

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// From a teacher's report at 175 %: HPA* at "phase:abstract L2" with the
// panel scrolled showed, under "more above: numbers (wheel)", the bare
// lines "abstract L2 211, refine L1 29, refine cells 146, smooth 2,043"
// with no "phases" label: the view started on the wrapped row's second
// line. The panel scrolls by whole rows, as the help screen keeps a row's
// key with its text, so no scroll starts inside a row.
func TestScrolledPanelKeepsARowsLabel(t *testing.T) {
	w := builtinWorld(t, world.AlgoHPA)
	tr := w.Timeline.Trace()
	for k, ph := range tr.Phases {
		if ph.Name == "abstract L2" {
			w.SeekTo(tr.PhaseEnd(k))
		}
	}
	r := New()
	checked := false
	// 1280×800 at 175 % and 150 % is laid out as 732×458 and 854×534.
	for _, size := range [][2]int{{732, 458}, {854, 534}, {700, 400}} {
		l := r.FitPanel(ComputeLayout(size[0], size[1], true), w)
		var cam Camera
		cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
		screen := ebiten.NewImage(size[0], size[1])
		// The phases row's lines (the label's y first) where the panel's
		// content starts at 0, as panelView measures it.
		var drawn []string
		var ys []float64
		r.Draw(screen, &Frame{World: w, Cam: &cam, Layout: l})
		r.fonts.drawn, r.fonts.tops = &drawn, &ys
		r.drawNumbers(ebiten.NewImage(PanelWidth, 10), &Frame{World: w, Cam: &cam, Layout: l}, 0, 0, float64(r.panelWidth()-20), true)
		r.fonts.drawn, r.fonts.tops = nil, nil
		var rowYs []float64
		for i, s := range drawn {
			if s != "  by phase" {
				continue
			}
			// The label, its value's first line beside it, then one
			// draw a line (17 px) lower for each wrapped line; the next
			// row draws its label and value at one y.
			rowYs = append(rowYs, ys[i])
			for j := i + 2; j < len(ys) && ys[j] == ys[j-1]+17; j++ {
				if j+1 < len(ys) && ys[j+1] == ys[j] {
					break
				}
				rowYs = append(rowYs, ys[j])
			}
		}
		if len(rowYs) < 3 {
			continue // the phases row on one line, or not on this panel
		}
		for k := 0; k <= r.PanelMaxScroll(); k++ {
			r.Draw(screen, &Frame{World: w, Cam: &cam, Layout: l, PanelScroll: k})
			v := r.PanelShown()
			if v.Offset > rowYs[0] {
				checked = true
			}
			for _, y := range rowYs[1:] {
				if v.Offset == y {
					t.Errorf("%v, scrolled %d: the view starts on a line of the phases row (lines at %v) without its label", size, k, rowYs)
				}
			}
		}
	}
	if !checked {
		t.Fatal("no panel scrolled past a wrapped phases row: the test needs one")
	}
}
