package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// In an 800×600 window the open list's rows take two lines each, but the
// small figures of a refinement ("f 9.83, g 7.41, h 2.41") fitted on the
// first, and every row showed an empty second line. The two-line form
// puts its last figure on the second line, as the docs show it.
func TestOpenListTwoLineRowsUseTheirSecondLine(t *testing.T) {
	w := builtinWorld(t, world.AlgoHPA)
	tr := w.Timeline.Trace()
	for k, ph := range tr.Phases {
		if strings.HasPrefix(ph.Name, "refine cells") && tr.PhaseEnd(k) > ph.Start {
			w.SeekTo((ph.Start + tr.PhaseEnd(k)) / 2)
			break
		}
	}
	r := New()
	lay := r.FitPanel(ComputeLayout(800, 600, true), w)
	cam := &Camera{}
	cam.Fit(w.Grid.Width(), w.Grid.Height(), lay.Map)
	f := &Frame{World: w, Cam: cam, Layout: lay, Layers: DefaultLayers, ViewLevel: 1}
	r.Draw(ebiten.NewImage(800, 600), f)
	if _, lines := r.openListForm(false); lines != 2 {
		t.Skipf("rows take %d line at 800×600: the test wants the two-line form", lines)
	}
	var drawn []string
	r.fonts.drawn = &drawn
	r.drawOpenList(ebiten.NewImage(PanelWidth, 400), f, 0, 0)
	r.fonts.drawn = nil
	rows, seconds := 0, 0
	for _, s := range drawn {
		if strings.HasPrefix(s, "f ") {
			rows++
			if strings.Contains(s, "h ") {
				t.Errorf("a two-line row holds all its figures on its first line: %q", s)
			}
		}
		if strings.HasPrefix(s, "h ") {
			seconds++
		}
	}
	if rows == 0 || seconds != rows {
		t.Errorf("%d rows, %d second lines: %q", rows, seconds, drawn)
	}
}
