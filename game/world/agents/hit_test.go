package agents

import (
	"image"
	"testing"
)

// Regression (task: agent.hit outlived dropped requests): the kind of a
// world_changed replan (agent.hit, counted in Stats.Hit… when the plan is
// made) stayed on the agent when its request was dropped without a plan:
// settled because its goal had been filled, or dropped for a new goal. A
// later world_changed replan, asked because a fill pushed the agent off
// its cell, was then counted under the dropped request's kind (segment)
// instead of displaced; the totals still matched.
func TestDroppedWorldChangedRequestForgetsItsKind(t *testing.T) {
	const room = `
##########
#A.......#
#........#
#.......B#
#........#
##########`
	for _, tc := range []struct {
		name string
		drop func(t *testing.T, s *Sim, g *gridEditor, id int, goal image.Point)
	}{
		{"settled: goal filled", func(t *testing.T, s *Sim, g *gridEditor, id int, goal image.Point) {
			g.set(goal, false)
			s.Step() // the request is settled: stopped, goal blocked
			if v := view(t, s, id); v.State != Stopped || v.Why != WhyGoalBlocked {
				t.Fatalf("test set-up: %v %q, want stopped, goal blocked", v.State, v.Why)
			}
			g.set(goal, true)
		}},
		// A new goal (or the goal cleared and given again) drops it too;
		// the push comes before the new goal's plan is made, so the push's
		// world_changed plan is the first plan after the drop.
		{"new goal", func(t *testing.T, s *Sim, g *gridEditor, id int, goal image.Point) {
			if err := s.SetGoal([]int{id}, goal.Add(image.Pt(0, 1))); err != nil {
				t.Fatal(err)
			}
		}},
		{"goal cleared", func(t *testing.T, s *Sim, g *gridEditor, id int, goal image.Point) {
			s.ClearGoal([]int{id})
			s.Step()
			if err := s.SetGoal([]int{id}, goal); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			grid, m := parse(t, room)
			s := exact(grid, NewAStar(grid, AStarConfig{}))
			g := &gridEditor{s: s}
			id, _ := s.Spawn(m['A'])
			if err := s.SetGoal([]int{id}, m['B']); err != nil {
				t.Fatal(err)
			}
			for range 12 {
				s.Step()
			}
			a := s.at(id)
			if a.state != Moving || a.segIdx+3 >= len(a.plan.Segment) {
				t.Fatalf("test set-up: %v at %d of %d", a.state, a.segIdx, len(a.plan.Segment))
			}
			// A fill on its segment asks a world_changed replan (segment),
			// dropped before it is made.
			g.set(a.plan.Segment[a.segIdx+2], false)
			if a.hit != hitSegment || a.need != ReasonWorldChanged {
				t.Fatalf("test set-up: hit %d, need %v", a.hit, a.need)
			}
			tc.drop(t, s, g, id, m['B'])
			before := s.Stats()
			// Pushed off its cell: a world_changed replan, displaced.
			g.set(a.cell, false)
			for range 3 {
				s.Step()
			}
			st := s.Stats()
			wc := st.Reasons[ReasonWorldChanged] - before.Reasons[ReasonWorldChanged]
			disp := st.HitDisplaced - before.HitDisplaced
			seg := st.HitSegment - before.HitSegment
			if wc != 1 || disp != 1 || seg != 0 {
				t.Errorf("after the push: world_changed %d, displaced %d, segment %d; want 1, 1, 0", wc, disp, seg)
			}
			if sum := st.HitSegment + st.HitLegs + st.HitShortcut + st.HitDisplaced; sum != st.Reasons[ReasonWorldChanged] {
				t.Errorf("world_changed_by sums to %d, world_changed %d", sum, st.Reasons[ReasonWorldChanged])
			}
		})
	}
}

// gridEditor edits a Sim's grid one cell at a time and tells the Sim.
type gridEditor struct{ s *Sim }

func (e *gridEditor) set(c image.Point, open bool) {
	e.s.grid.SetOpen(c, open)
	e.s.CellsChanged([]image.Point{c})
}
