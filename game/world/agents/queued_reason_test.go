package agents

import (
	"image"
	"testing"

	"pathlens/pathing"
)

// A change touching the route of an agent queued to replan because the
// planner changed makes it world_changed: a paused agent cut off after a
// planner switch said planner_changed … goal unreachable when the clock
// ran. A queued new goal keeps its reason.
func TestChangeOverridesAQueuedPlannerChange(t *testing.T) {
	g := pathing.MustGrid(20, 3)
	s := New(g, NewAStar(g, AStarConfig{}), Config{PlanBudget: -1})
	a, _ := s.Spawn(image.Pt(0, 1))
	b, _ := s.Spawn(image.Pt(0, 0))
	s.SetGoal([]int{a}, image.Pt(19, 1))
	s.Step()
	s.SetPlanner(NewAStar(g, AStarConfig{}))
	s.SetGoal([]int{b}, image.Pt(19, 0))
	cut := []image.Point{{10, 0}, {10, 1}, {10, 2}}
	for _, c := range cut {
		g.SetOpen(c, false)
	}
	s.CellsChanged(cut)
	s.Step()
	last := map[int]Replan{}
	for _, r := range s.Replans(nil) { // newest first
		if _, ok := last[r.Agent]; !ok {
			last[r.Agent] = r
		}
	}
	if r := last[a]; r.Reason != ReasonWorldChanged || r.State != Stopped || r.Why != WhyUnreachable {
		t.Fatalf("agent cut off after a planner switch: %+v, want world_changed, stopped: goal unreachable", r)
	}
	if r := last[b]; r.Reason != ReasonNewGoal {
		t.Fatalf("a new goal's first plan says %v", r.Reason)
	}
}
