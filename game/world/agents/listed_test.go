package agents

import (
	"image"
	"testing"

	"pathlens/pathing"
)

// The window's replan panel counts replans by reason above the newest
// lines of the replan log. A fill that cut an agent's goal off logged a
// world_changed line (stopped: goal unreachable) that the counts left out,
// since the component labels settled it without a search: the panel said
// "replans: 1 world" over two world_changed lines.
func TestListedCountsEveryLoggedReplan(t *testing.T) {
	g := pathing.MustGrid(20, 3)
	s := New(g, NewAStar(g, AStarConfig{}), Config{PlanBudget: -1})
	a, _ := s.Spawn(image.Pt(0, 1))
	s.SetGoal([]int{a}, image.Pt(19, 1))
	s.Step()
	// a fill across the route that leaves a way round: a searched replan
	one := []image.Point{{10, 1}}
	g.SetOpen(one[0], false)
	s.CellsChanged(one)
	s.Step()
	// a fill that cuts the goal off: settled by the component labels
	cut := []image.Point{{12, 0}, {12, 2}, {12, 1}}
	for _, c := range cut {
		g.SetOpen(c, false)
	}
	s.CellsChanged(cut)
	s.Step()
	logged := 0
	for _, r := range s.Replans(nil) {
		if r.Reason == ReasonWorldChanged {
			logged++
		}
	}
	if logged != 2 {
		t.Fatalf("%d world_changed lines logged, want 2: %+v", logged, s.Replans(nil))
	}
	if st := s.Stats(); st.Listed(ReasonWorldChanged) != logged {
		t.Fatalf("Listed(world_changed) = %d, Reasons %d: the log has %d such lines", st.Listed(ReasonWorldChanged), st.Reasons[ReasonWorldChanged], logged)
	}
}
