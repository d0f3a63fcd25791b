package world

import (
	"image"
	"testing"

	"pathlens/game/world/agents"
)

// A stroke pushes an agent along as it fills cell by cell; its redo fills
// every cell at once and pushed the agent to another edge of the filled
// area (a designer found an agent one cell from where the stroke had put
// it after undo and redo). Redo now puts it where the stroke did, and undo
// still puts it back on its own cell.
func TestRedoFillPushesAgentsAsTheStrokeDid(t *testing.T) {
	w, _ := openWorld(t, 40, 40, AlgoAStar)
	id := sendAgent(t, w, image.Pt(10, 10), image.Pt(35, 10))
	s := w.Agents()
	at := func() image.Point {
		a, _ := s.Agent(id)
		return a.Cell
	}
	w.BeginStrokeWith(image.Pt(10, 10), Brush{Mode: PaintFill, Size: 1})
	for x := 11; x <= 13; x++ {
		w.StrokeTo(image.Pt(x, 10))
	}
	w.EndStroke()
	stroke := at()
	if stroke == image.Pt(10, 10) {
		t.Fatal("the stroke pushed nobody")
	}
	for round := range 2 {
		w.Undo()
		if at() != image.Pt(10, 10) {
			t.Fatalf("round %d: after undo the agent stands at %v, want (10,10)", round, at())
		}
		w.Redo()
		if at() != stroke {
			t.Fatalf("round %d: after redo the agent stands at %v, want %v where the stroke put it", round, at(), stroke)
		}
	}
	// It still walks to its goal from there.
	for range 900 {
		w.Tick(1.0 / 30)
	}
	if a, _ := s.Agent(id); a.State != agents.Arrived || a.Cell != image.Pt(35, 10) {
		t.Errorf("after redo the agent is %v at %v, want arrived at (35,10)", a.State, a.Cell)
	}
}
