package world

import (
	"image"
	"strings"
	"testing"
)

// From a teacher's test: the agents could only run and pause, at ×1/4 the
// slowest, so a class could not follow one replan. Ctrl+U (StepAgents)
// pauses the clock and runs one tick; the first tick plans the sent
// agent, which is logged, and each press moves it on by one tick.
func TestStepAgentsRunsOneTick(t *testing.T) {
	w, log := openWorld(t, 30, 10, AlgoAStar)
	id, err := w.SpawnAgent(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	w.Agents().Select([]int{id}, false)
	if err := w.SendAgents(image.Pt(25, 1), false); err != nil {
		t.Fatal(err)
	}
	w.ToggleAgents() // running
	s := w.agentSim()
	t0 := s.Now()
	w.StepAgents()
	if s.Running() || s.Now() != t0+1 {
		t.Fatalf("after a step: running %v, tick %d → %d; want paused, one tick on", s.Running(), t0, s.Now())
	}
	if !strings.Contains(log.String(), "agent action=step tick=") || !strings.Contains(w.Message, "Ctrl+U another") {
		t.Errorf("a step's log %q, note %q", log.String(), w.Message)
	}
	if !strings.Contains(log.String(), "action=plan") {
		t.Errorf("the tick's plan was not logged: %q", log.String())
	}
	w.Tick(1) // a paused clock stands still
	if s.Now() != t0+1 {
		t.Errorf("the clock ran after a step: tick %d", s.Now())
	}
	for range 300 {
		w.StepAgents()
	}
	if v, ok := w.Agents().Agent(id); !ok || v.Cell.X < 2 {
		t.Errorf("after 300 steps the agent is at %v: it did not move", v.Cell)
	}
}

// With no agents a step says so rather than counting a tick of nobody.
func TestStepAgentsWithNoneSaysSo(t *testing.T) {
	w, log := openWorld(t, 10, 5, AlgoAStar)
	w.StepAgents()
	if !strings.Contains(w.Message, "no agents to step") || strings.Contains(log.String(), "action=step") {
		t.Errorf("a step with no agents: note %q, log %q", w.Message, log.String())
	}
}
