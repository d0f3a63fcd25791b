package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// At 150 % the top bar gave the phase's count and its "phase: " prefix
// away while the answer, in the tool's hint's place, kept every word
// ("optimal 157.284"), and with the panel shown on a 1024×768 window it
// kept the map's size and "· phase 8 of 33" and left out the tool. The
// phase is the bar's first fact: the hint (or the answer in its place)
// gives way first, then the map's size, and only then the phase's words;
// the tool gives way only to the phase's name.
func TestTopBarPhaseGivesWayLast(t *testing.T) {
	w := builtinWorld(t, world.AlgoHPA)
	tr := w.Timeline.Trace()
	r := New()
	ft := r.fonts
	const hint = "click start, then goal; drag S or G to move them"
	checkedAnswer, checkedTool := false, false
	for _, win := range [][2]int{{1280, 800}, {1264, 720}, {1024, 768}, {800, 600}} {
		for _, scale := range []float64{1, 1.25, 1.5, 1.75, 2} {
			W, H := int(float64(win[0])/scale), int(float64(win[1])/scale)
			for _, panel := range []bool{true, false} {
				l := ComputeLayout(W, H, panel)
				for k := range tr.Phases {
					w.Timeline.Seek(tr.PhaseEnd(k))
					where := fmt.Sprintf("%dx%d at %.0f%%, panel %v, phase %d", win[0], win[1], 100*scale, panel, k+1)
					f := &Frame{World: w, Layout: l, Tool: "query", Caption: hint, CaptionIsHint: true}
					r.drawTop(ebiten.NewImage(W, H), f)
					got := r.TopBarShown()
					phase := "phase: " + r.phaseLabel(w)
					full, _, _ := answerBriefs(w)
					if !l.Panel.Empty() {
						full = ""
					}
					if full != "" && strings.Contains(got, full) {
						checkedAnswer = checkedAnswer || !strings.Contains(got, "128×96")
						if !strings.Contains(got, phase) {
							t.Errorf("%s: the answer keeps every word and the phase gives way: %q", where, got)
						}
					}
					if strings.Contains(got, "click start") && !strings.Contains(got, phase) {
						t.Errorf("%s: the hint is shown and the phase gives way: %q", where, got)
					}
					name := r.phaseLabel(w)
					if i := strings.LastIndex(name, " · phase "); i > 0 {
						name = name[:i]
					}
					toolW := ft.Width(ft.UI, "tool: query")
					if full == "" && 10+ft.Width(ft.Bold, "world   HPA*")+14+ft.Width(ft.Bold, name)+24+toolW+10 < float64(l.Top.Dx()) {
						checkedTool = checkedTool || !strings.Contains(got, "128×96")
						if !strings.HasSuffix(got, "tool: query") {
							t.Errorf("%s: the tool is left out where the phase's name leaves it room: %q", where, got)
						}
					}
				}
			}
		}
	}
	if !checkedAnswer || !checkedTool {
		t.Fatalf("no bar narrow enough to drop the map's size (answer %v, tool %v): the test needs one", checkedAnswer, checkedTool)
	}
}
