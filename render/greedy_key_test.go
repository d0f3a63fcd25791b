package render

import (
	"fmt"
	"strings"
	"testing"

	"pathlens/game/world"
)

// From a teacher's report: greedy's open list read "f 97.50  g 31.73
// h 97.50", f ≠ g + h, and students took it for a bug: greedy pops by h
// alone. Its rows say "f=h 97.50  g 31.73" (the inspector "g  h  f=h"),
// A*'s keep f, g and h, and a greedy row fits the panel's value column at
// 100, 150 and 175 % in the lines the list gives it.
func TestGreedyOpenListSaysTheKeyIsH(t *testing.T) {
	for _, c := range []struct {
		algo       world.Algo
		want, not  string
		inspectorK string
	}{
		{world.AlgoGreedy, "f=h ", "   h ", "g  h  f=h"},
		{world.AlgoAStar, "   h ", "f=h", "g  h  f |"},
	} {
		w := builtinWorld(t, c.algo)
		w.SeekTo(w.Timeline.Len() / 2)
		r := New()
		ci := w.Inspect(w.Start)
		got := panelText(r, w, &ci)
		if !strings.Contains(got, c.want) || strings.Contains(got, c.not) || !strings.Contains(got, c.inspectorK) {
			t.Errorf("%v: panel rows want %q and %q, not %q:\n%s", c.algo, c.want, c.inspectorK, c.not, got)
		}
	}
	r := New()
	for _, sw := range []int{1280, 853, 731} {
		r.panelW = PanelWidthFor(sw)
		format, lines := r.openListForm(true)
		v := fmt.Sprintf(format, 888.88, 888.88, 888.88)
		if strings.Contains(v, "%!") || !strings.HasPrefix(v, "f=h 888.88") {
			t.Errorf("%d px screen: greedy row %q", sw, v)
		}
		room := float64(r.panelW - 20 - kvValueX)
		if got := len(wrapList(r.fonts, r.fonts.UI, v, room)); got > lines {
			t.Errorf("%d px screen: a greedy row takes %d lines, the list keeps %d", sw, got, lines)
		}
		for _, l := range wrapList(r.fonts, r.fonts.UI, v, room) {
			if r.fonts.Width(r.fonts.UI, l) > room {
				t.Errorf("%d px screen: greedy row line %q wider than the value column (%.0f px)", sw, l, room)
			}
		}
	}
}

// Greedy's rows, two figures, keep to one line at 175 % on 1280×800: two
// lines there left every row's second line empty.
func TestGreedyOpenListRowsOneLineAt175(t *testing.T) {
	r := New()
	r.panelW = PanelWidthFor(731)
	if _, lines := r.openListForm(true); lines != 1 || r.openListLines(true) != 1 {
		t.Errorf("175 %%: greedy rows take %d lines, want 1", lines)
	}
}
