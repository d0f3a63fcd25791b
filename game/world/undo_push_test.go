package world

import (
	"image"
	"strings"
	"testing"

	"pathlens/game/world/agents"
)

// Undoing a fill puts back the agents it pushed off its cells, unless
// they have walked on since; redo pushes them again, and undo puts them
// back again. Before, undo reopened the cells and left every pushed
// agent beside them.
func TestUndoFillPutsPushedAgentsBack(t *testing.T) {
	w, _ := openWorld(t, 40, 40, AlgoHPA)
	walker := sendAgent(t, w, image.Pt(20, 20), image.Pt(35, 35))
	sitter := sendAgent(t, w, image.Pt(22, 21), image.Pt(22, 21)) // on its goal
	s := w.Agents()
	s.SetSpeed([]int{walker}, 0.5) // still on its first cell after the ticks below
	for range 3 {
		w.Tick(1.0 / 60) // the sitter arrives
	}
	arrivals := s.Stats().Arrivals
	fill := func() {
		w.BeginStrokeWith(image.Pt(21, 21), Brush{Mode: PaintFill, Size: 5})
		w.EndStroke()
	}
	at := func(id int) agents.AgentView {
		a, _ := s.Agent(id)
		return a
	}
	fill()
	if at(walker).Cell == image.Pt(20, 20) || at(sitter).Cell == image.Pt(22, 21) || at(sitter).State == agents.Arrived {
		t.Fatalf("the fill pushed nobody: %v, %v (%v)", at(walker).Cell, at(sitter).Cell, at(sitter).State)
	}
	for round := range 2 {
		w.Undo()
		if at(walker).Cell != image.Pt(20, 20) || at(sitter).Cell != image.Pt(22, 21) {
			t.Fatalf("round %d: after undo the agents stand at %v and %v, want (20,20) and (22,21)", round, at(walker).Cell, at(sitter).Cell)
		}
		if !strings.Contains(w.Message, "undo: 2 agents pushed off the filled cells put back") {
			t.Errorf("round %d: note %q", round, w.Message)
		}
		if a := at(sitter); a.State != agents.Arrived {
			t.Errorf("round %d: the agent put back on its goal is %v, want arrived", round, a.State)
		}
		w.Redo()
		if at(walker).Cell == image.Pt(20, 20) || at(sitter).Cell == image.Pt(22, 21) {
			t.Fatalf("round %d: redo pushed nobody", round)
		}
	}
	w.Undo()
	s.SetSpeed([]int{walker}, 8)
	for range 900 {
		w.Tick(1.0 / 30)
	}
	if a := at(walker); a.State != agents.Arrived || a.Cell != image.Pt(35, 35) {
		t.Errorf("the walker put back is %v at %v, want arrived at (35,35)", a.State, a.Cell)
	}
	if got := s.Stats().Arrivals - arrivals; got != 1 {
		t.Errorf("%d arrivals counted after the pushes and put-backs, want the walker's 1", got)
	}

	// An agent that has walked on stays where it walked; one that stayed
	// (the sitter, its goal walled) goes back.
	other := sendAgent(t, w, image.Pt(21, 21), image.Pt(2, 2))
	fill()
	pushed := at(other).Cell
	for range 30 {
		w.Tick(1.0 / 30)
	}
	moved := at(other).Cell
	w.Undo()
	if at(other).Cell != moved || moved == pushed {
		t.Fatalf("the agent walked from %v to %v and after undo stands at %v", pushed, moved, at(other).Cell)
	}
	if at(sitter).Cell != image.Pt(22, 21) {
		t.Errorf("the sitter, stopped where it was pushed, stands at %v after undo, want its goal (22,21)", at(sitter).Cell)
	}
	if !strings.Contains(w.Message, "undo: 1 of the 2 agents pushed off the filled cells put back; the other has walked on") {
		t.Errorf("note %q", w.Message)
	}
}

// A switch of the moves makes the agents anew under new ids: undoing a
// fill made before it puts nobody back (an id could name another agent
// now), and says why.
func TestUndoFillAfterTheAgentsWereMadeAnew(t *testing.T) {
	w, _ := openWorld(t, 40, 40, AlgoHPA)
	id := sendAgent(t, w, image.Pt(20, 20), image.Pt(35, 35))
	w.Agents().SetSpeed([]int{id}, 0.5)
	w.BeginStrokeWith(image.Pt(21, 21), Brush{Mode: PaintFill, Size: 5})
	w.EndStroke()
	w.ToggleNeighborhood()
	w.Undo()
	if !strings.Contains(w.Message, "made the agents anew") {
		t.Errorf("note %q, want it to say the agents were made anew", w.Message)
	}
	for _, a := range w.Agents().Agents(nil) {
		if a.Cell == image.Pt(20, 20) {
			t.Errorf("agent %d was put back on (20,20) in the new simulation", a.ID)
		}
	}
}
