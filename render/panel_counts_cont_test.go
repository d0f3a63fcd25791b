package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// Seen in a review's screenshot (textbook-groups, the group hierarchy
// stepped at 1200×760): under the kept numbers' head and "more above:
// numbers", the panel's view started on "4 nodes, 6 edges", the hierarchy
// row's counts, with its "hierarchy" label scrolled away. The counts are
// the hierarchy row's second line: at every scroll, where they show, the
// label shows above them.
func TestPanelNeverStartsOnTheHierarchyCounts(t *testing.T) {
	w := builtinWorld(t, world.AlgoHPA)
	stepInto(t, w, "abstract L2")
	r := New()
	l := r.FitPanel(ComputeLayout(1264, 720, true), w)
	var cam Camera
	cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
	screen := ebiten.NewImage(1264, 720)
	rows := make([]SwitchRow, panelSwitchRows)
	for i := range rows {
		rows[i] = SwitchRow{Label: "switch", Value: "value", Keys: "K"}
	}
	countsSeen := 0
	for k := 0; ; k++ {
		f := &Frame{World: w, Cam: &cam, Layout: l, Switches: rows, PanelScroll: k}
		var seen []seenText
		r.fonts.seen = &seen
		r.Draw(screen, f)
		r.fonts.seen = nil
		v := r.PanelShown()
		if k == 0 && v.MaxFirst == 0 {
			t.Fatal("everything fits the panel at 1264×720: the case needs it not to")
		}
		counts := false
		for _, s := range seen {
			if strings.Contains(s.s, " nodes, ") && strings.HasSuffix(s.s, " edges") && panelShows([]seenText{s}, l, s.s) {
				counts = true
			}
		}
		if counts {
			countsSeen++
			if !panelShows(seen, l, "hierarchy") {
				t.Errorf("scrolled to row %d (view %+v): the hierarchy's counts show without their \"hierarchy\" label", k, v)
			}
		}
		if k >= v.MaxFirst {
			break
		}
	}
	if countsSeen == 0 {
		t.Fatal("the hierarchy's counts never showed: the case needs them")
	}
}
