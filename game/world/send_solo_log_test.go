package world

import (
	"image"
	"strings"
	"testing"
)

// One agent sent with Shift (as a group) walks alone: a group of one is
// no group (no leader, no formation). The log said group=on for it, so
// an engineer reading the log looked for a group the panel never showed.
func TestSendOfOneAsGroupLogsNoGroup(t *testing.T) {
	w, log := mustWorld(t, corridor...)
	a, err := w.SpawnAgent(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	w.Agents().Select([]int{a}, false)
	if err := w.SendAgents(image.Pt(8, 5), true); err != nil {
		t.Fatal(err)
	}
	if n := len(w.Agents().Groups(nil)); n != 0 {
		t.Fatalf("%d groups after sending one agent, want none", n)
	}
	if l := lastLine(t, log, "agent"); !strings.Contains(l, "action=send agents=1 ids=0 goal=8,5 group=off") {
		t.Errorf("send line %q, want group=off", l)
	}
	b, _ := w.SpawnAgent(image.Pt(1, 2))
	w.Agents().Select([]int{a, b}, false)
	if err := w.SendAgents(image.Pt(8, 5), true); err != nil {
		t.Fatal(err)
	}
	if l := lastLine(t, log, "agent"); !strings.Contains(l, "action=send agents=2 ids=0,1 goal=8,5 group=on") {
		t.Errorf("send line %q, want group=on", l)
	}
}
