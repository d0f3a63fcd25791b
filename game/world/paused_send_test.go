package world

import (
	"image"
	"strings"
	"testing"
)

// From a designer's workflow: pause the agents (U), fill a wall across a
// route, look at the orange cut route, then U. A send (or the redo of one)
// started the paused clock, so the agents walked off before the look. A
// clock the user paused with U now stays paused through sends and their
// redos, and the note says the agents wait for U; a first send still
// starts a clock that never ran.
func TestSendKeepsTheClockTheUserPaused(t *testing.T) {
	w, _ := mustWorld(t,
		"##############################",
		"#............................#",
		"#............................#",
		"##############################",
	)
	id, err := w.SpawnAgent(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	s := w.Agents()
	s.Select([]int{id}, false)
	if err := w.SendAgents(image.Pt(28, 1), false); err != nil {
		t.Fatal(err)
	}
	if !s.Running() {
		t.Fatal("the first send did not start the clock")
	}
	w.ToggleAgents() // U: paused by the user
	if s.Running() {
		t.Fatal("U did not pause")
	}
	if err := w.SendAgents(image.Pt(28, 2), false); err != nil {
		t.Fatal(err)
	}
	if s.Running() {
		t.Fatal("a send started the clock the user paused")
	}
	if !strings.Contains(w.Message, "1 agent sent to (28,2): the clock is paused, so it waits for U") {
		t.Errorf("note %q, want it to say the agent waits for U", w.Message)
	}
	before, _ := s.Agent(id)
	tick := s.Now()
	w.tickAgents(1)
	if now, _ := s.Agent(id); now.Cell != before.Cell || s.Now() != tick {
		t.Errorf("the paused agent moved from %v to %v (tick %d to %d)", before.Cell, now.Cell, tick, s.Now())
	}
	w.Undo()
	w.Redo()
	if s.Running() {
		t.Fatal("the redo of a send started the clock the user paused")
	}
	if !strings.Contains(w.Message, "redo: 1 agent sent to (28,2) again: the clock is paused, so it waits for U") {
		t.Errorf("redo note %q", w.Message)
	}
	w.ToggleAgents() // U runs them
	w.ToggleAgents() // and U pauses them again
	w.ToggleAgents() // running
	if err := w.SendAgents(image.Pt(20, 1), false); err != nil {
		t.Fatal(err)
	}
	if !s.Running() {
		t.Error("a send stopped the running clock")
	}
	// A switch that makes the simulation anew keeps the user's pause.
	w.ToggleAgents()
	w.ToggleNeighborhood()
	s = w.Agents()
	var all []int
	for _, v := range s.Agents(nil) {
		all = append(all, v.ID)
	}
	s.Select(all, false)
	if err := w.SendAgents(image.Pt(10, 2), false); err != nil {
		t.Fatal(err)
	}
	if s.Running() {
		t.Error("after a neighbourhood switch a send started the clock the user paused")
	}
}

// A session opened with agents is paused by the load, not by the user: its
// note says U runs them, and a send starts them, as a first send does.
func TestSendStartsALoadedSessionsClock(t *testing.T) {
	const src = `pathlens-scenario 1
name loaded
map inline
##########
#........#
##########
end
agent 1,1 -> 8,1
agent 2,1 idle
`
	w := scenarioWorld(t, src, "loaded.pls")
	w.Begin()
	s := w.Agents()
	if s.Running() {
		t.Fatal("a loaded session's agents run before U")
	}
	s.Select([]int{s.AgentAt(image.Pt(2, 1))}, false)
	if err := w.SendAgents(image.Pt(7, 1), false); err != nil {
		t.Fatal(err)
	}
	if !s.Running() {
		t.Error("a send in a loaded session left the clock stopped")
	}
}
