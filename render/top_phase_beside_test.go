package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// At 150 % on a 1280×800 projector (a 1264×720 window: 843×480 logical
// pixels), stepping HPA* on the built-in world with the pointer on the map
// scrolls the panel's numbers out of view; the top bar then took the answer
// and cut the phase being taught to "insert G L2 (sea…". With the panel on
// screen the answer is a wheel turn away: the phase stays whole.
func TestTopBarPhaseWholeBesideThePanel(t *testing.T) {
	w := builtinWorld(t, world.AlgoHPA)
	tr := w.Timeline.Trace()
	k := -1
	for i, ph := range tr.Phases {
		if strings.HasPrefix(ph.Name, "insert G L2") {
			k = i
			break
		}
	}
	if k < 0 {
		t.Fatal("no \"insert G L2\" phase: the test needs one")
	}
	w.Timeline.Seek(tr.PhaseEnd(k))
	r := New()
	l := ComputeLayout(843, 480, true)
	if l.Panel.Empty() {
		t.Fatal("843×480 has no panel: the test needs one")
	}
	r.panelShown = PanelView{First: 2, MaxFirst: 5} // the numbers scrolled out
	f := &Frame{World: w, Layout: l, Tool: "query"}
	screen := ebiten.NewImage(843, 480)
	r.drawTop(screen, f)
	got := r.TopBarShown()
	want := r.phaseLabel(w)
	if i := strings.LastIndex(want, " · phase "); i > 0 {
		want = want[:i]
	}
	if !strings.Contains(got, want) {
		t.Errorf("top bar %q: the phase %q is not whole", got, want)
	}
}
