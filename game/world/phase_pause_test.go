package world

import (
	"image"
	"testing"
	"time"
)

// Regression: a flat search whose untraced run ended late in a frame paused
// before recording, and showing the pending state reset the trace just
// after its phase was begun: the answer came with events but no phase
// ("finished · last phase: " with nothing after it, no span on the
// scrubber). A budget of 1 ns makes the pause certain here.
func TestPauseBeforeRecordingKeepsThePhase(t *testing.T) {
	w, _ := mustWorld(t,
		"..........",
		"..........",
		"..........",
	)
	w.Settings.Algo = AlgoDijkstra
	if !w.SetEndpoints(image.Pt(0, 0), image.Pt(1, 0)) {
		t.Fatalf("query refused: %s", w.Message)
	}
	w.plan = &planJob{traced: true}
	w.advancePlan(time.Nanosecond) // the untraced run ends in its first chunk: pause before recording
	if w.plan == nil {
		t.Fatal("the plan did not pause before recording (the test needs it to)")
	}
	w.advancePlan(0)
	if w.Outcome.Status.String() != "found" {
		t.Fatalf("status %v", w.Outcome.Status)
	}
	if len(w.trace.Events) == 0 || len(w.trace.Phases) != 1 || w.trace.Phases[0].Name != "Dijkstra" {
		t.Fatalf("%d events, phases %+v: want the Dijkstra phase", len(w.trace.Events), w.trace.Phases)
	}
}
