package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// An engineer's report: after 2 then 1 the panel's ghost row read
// "157.284 with Dijkstra (now" over "+0.000)" at 100 % and at 150 %, the
// comparison broken inside its parentheses. At every UI scale that shows
// the panel, each line of the ghost's rows is whole: its parentheses
// closed on the line, the label with what it labels, and a difference
// never parted from its figure.
func TestGhostRowsWrapWhole(t *testing.T) {
	w := dijkstraGhostWorld(t)
	r := New()
	shown := 0
	for _, scale := range []float64{1, 1.25, 1.5, 1.75} {
		wd, ht := int(1280/scale), int(800/scale)
		l := r.FitPanel(ComputeLayout(wd, ht, true), w)
		if l.Panel.Empty() {
			continue // no room for the panel at this scale
		}
		shown++
		var cam Camera
		cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
		screen := ebiten.NewImage(wd, ht)
		r.Draw(screen, &Frame{World: w, Cam: &cam, Layout: l})
		var drawn []string
		r.fonts.drawn = &drawn
		r.drawNumbers(ebiten.NewImage(PanelWidth, 10), &Frame{World: w, Cam: &cam, Layout: l}, 0, 0, float64(r.panelWidth()-20), true)
		r.fonts.drawn = nil
		// The ghost's rows: from its label to the end of the Numbers.
		at := -1
		for i, s := range drawn {
			if s == "ghost" {
				at = i
			}
		}
		if at < 0 {
			t.Fatalf("%d%%: no ghost row drawn: %q", int(scale*100), drawn)
		}
		rows := drawn[at:]
		label := false
		for _, s := range rows {
			s = strings.TrimSpace(s)
			if strings.Count(s, "(") != strings.Count(s, ")") {
				t.Errorf("%d%%: ghost line %q breaks inside its parentheses", int(scale*100), s)
			}
			if strings.HasSuffix(s, "now") || strings.HasPrefix(s, "+") || strings.HasPrefix(s, "-") {
				t.Errorf("%d%%: ghost line %q parts a difference from what it is", int(scale*100), s)
			}
			if s == "with "+w.Ghost.Label {
				label = true
			}
		}
		if !label {
			t.Errorf("%d%%: want \"with %s\" on a line of its own: %q", int(scale*100), w.Ghost.Label, rows)
		}
	}
	if shown == 0 {
		t.Fatal("no scale showed the panel: the test needs one")
	}
}
