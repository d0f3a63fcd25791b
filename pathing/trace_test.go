package pathing

import "testing"

// PhaseEnd bounds each phase by the next one's start, the last by the
// events; MarkEmptyPhase names only the phase just begun, at its level,
// while it holds no events, and is safe on a nil Trace.
func TestPhaseEndAndMarkEmptyPhase(t *testing.T) {
	var tr Trace
	tr.BeginPhase("a", 0)
	tr.Add(Event{Kind: EventPop})
	tr.Add(Event{Kind: EventPop})
	tr.BeginPhase("b", 1)
	tr.MarkEmptyPhase(0, " (x)") // another level: untouched
	tr.MarkEmptyPhase(1, " (none)")
	tr.BeginPhase("c", 0)
	tr.Add(Event{Kind: EventPush})
	tr.MarkEmptyPhase(0, " (late)") // holds an event: untouched
	if got := []int{tr.PhaseEnd(0), tr.PhaseEnd(1), tr.PhaseEnd(2)}; got[0] != 2 || got[1] != 2 || got[2] != 3 {
		t.Errorf("phase ends %v, want [2 2 3]", got)
	}
	if tr.Phases[1].Name != "b (none)" || tr.Phases[2].Name != "c" {
		t.Errorf("names %q, %q", tr.Phases[1].Name, tr.Phases[2].Name)
	}
	var nilTrace *Trace
	nilTrace.MarkEmptyPhase(0, " (x)")
}
