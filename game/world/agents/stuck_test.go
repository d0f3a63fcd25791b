package agents

import (
	"image"
	"math"
	"testing"

	"pathlens/pathing"
)

// bouncePlanner plans one step at a time: from a cell in an odd column a
// step toward the goal, from an even column a step away from it, each with
// its route's honest cost (the step plus the octile distance on). It is the
// replan loop of an inconsistent planner: its agent walks for ever between
// two cells and gets nowhere.
type bouncePlanner struct{}

func (bouncePlanner) Name() string { return "bounce" }

func (bouncePlanner) Plan(from, goal image.Point, p *Plan) error {
	p.Reset()
	dx := 1
	if goal.X < from.X {
		dx = -1
	}
	if from.X%2 == 0 {
		dx = -dx
	}
	next := from.Add(image.Pt(dx, 0))
	p.Segment = append(p.Segment, from, next)
	p.Legs = append(p.Legs, Leg{To: goal})
	p.Cost = 1 + pathing.OctileDistance(next, goal)
	return nil
}

// An agent oscillating between two cells steps all the time, yet it is
// stuck: after Config.StuckTicks ticks of walking without getting closer it
// gets a fresh plan (logged as "stuck"), after as many again it stops with
// WhyStuck (logged), and StuckAgents counts it.
func TestOscillatingAgentIsStuck(t *testing.T) {
	g, m := parse(t, corridor)
	s := exact(g, bouncePlanner{})
	id, _ := s.Spawn(m['S'])
	s.SetGoal([]int{id}, m['G'])
	window := int64(s.Config().StuckTicks)
	for s.Now() < window {
		s.Step()
		if v := view(t, s, id); v.State == Stopped || v.LastReason == ReasonStuck {
			t.Fatalf("tick %d: %v (%v) before %d ticks without progress", s.Now(), v.State, v.LastReason, window)
		}
	}
	runUntil(t, s, 3*int(window), func() bool { return view(t, s, id).State == Stopped })
	v := view(t, s, id)
	if v.Why != WhyStuck || v.Steps < 40 {
		t.Fatalf("stopped for %q after %d steps, want %q after walking", v.Why, v.Steps, WhyStuck)
	}
	if v.Cell.X > m['S'].X+1 {
		t.Fatalf("the bouncing agent got to %v: the test planner is broken", v.Cell)
	}
	st := s.Stats()
	if st.StuckReplans != 1 || st.StuckStops != 1 || st.Reasons[ReasonStuck] != 1 {
		t.Fatalf("stuck replans %d, stops %d, reasons %v; want one fresh plan, then one stop", st.StuckReplans, st.StuckStops, st.Reasons)
	}
	var sawReplan, sawStop bool
	for _, e := range s.Replans(nil) {
		sawReplan = sawReplan || e.Reason == ReasonStuck && e.State == Moving
		sawStop = sawStop || e.Reason == ReasonStuck && e.State == Stopped && e.Why == WhyStuck
	}
	if !sawReplan || !sawStop {
		t.Fatalf("log lacks the stuck replan (%v) or the stop (%v): %+v", sawReplan, sawStop, s.Replans(nil)[:4])
	}
	if got := s.StuckAgents(nil, 500); len(got) != 1 || got[0] != id {
		t.Fatalf("StuckAgents(500) = %v, want [%d]", got, id)
	}
	// It tries again after the backoff, and stops again.
	stops := st.Stopped
	runUntil(t, s, 4*int(window), func() bool { return s.Stats().Stopped > stops })
	if v := view(t, s, id); v.State != Stopped || v.Why != WhyStuck {
		t.Fatalf("after the retry: %v %q", v.State, v.Why)
	}
}

// A fill that forces a long way back is not held against the agent: its
// remaining cost jumps up with the new route, and every step back counts.
func TestLongDetourAfterAFillIsNotStuck(t *testing.T) {
	g, m := parse(t, `
##############################################
#S..........................................G#
#.##########################################.#
#............................................#
##############################################`)
	s := exact(g, NewAStar(g, AStarConfig{}))
	id, _ := s.Spawn(m['S'])
	s.SetGoal([]int{id}, m['G'])
	runUntil(t, s, 1000, func() bool { return view(t, s, id).Cell.X == 38 })
	fill := image.Pt(42, 1)
	g.SetOpen(fill, false)
	s.CellsChanged([]image.Point{fill})
	for s.Now() < 4000 && view(t, s, id).State != Arrived {
		s.Step()
		if n := s.Stuck(300); n != 0 {
			v := view(t, s, id)
			t.Fatalf("tick %d: stuck at %v (%v) on its way back round", s.Now(), v.Cell, v.State)
		}
	}
	v := view(t, s, id)
	if v.State != Arrived || v.Cell != m['G'] {
		t.Fatalf("%v at %v, want arrived at %v", v.State, v.Cell, m['G'])
	}
	if st := s.Stats(); st.StuckReplans != 0 || st.Reasons[ReasonWorldChanged] != 1 {
		t.Fatalf("stuck replans %d, reasons %v", st.StuckReplans, st.Reasons)
	}
}

// A dig cannot lengthen a route, so the replans digs cause (a possible
// shortcut) never lower the bar: an agent oscillating while cells are dug
// beside it is still stuck.
func TestDigsDoNotExcuseAnOscillatingAgent(t *testing.T) {
	g, m := parse(t, `
##############################
#S..........................G#
#.#########################..#
#............................#
##############################`)
	s := exact(g, bouncePlanner{})
	id, _ := s.Spawn(m['S'])
	s.SetGoal([]int{id}, m['G'])
	dig := 3
	for tick := 0; tick < 700; tick++ {
		if tick%80 == 40 && dig <= 10 {
			c := image.Pt(dig, 2) // beside the route: a shortcut for a step away
			dig++
			g.SetOpen(c, true)
			s.CellsChanged([]image.Point{c})
		}
		s.Step()
	}
	if st := s.Stats(); st.Reasons[ReasonWorldChanged] == 0 {
		t.Fatalf("no dig made the agent replan: reasons %v", st.Reasons)
	}
	if n := s.Stuck(500); n != 1 {
		t.Fatalf("%d stuck after 700 ticks of bouncing while cells were dug beside it, want 1", n)
	}
}

// Regression (found by the grouped stress workload): a member whose place
// jumped away (single file → its slot as the group left a corridor) was
// measured on the path to its old place, just reached, with nothing left:
// that set its low to 0, which no way to the new place could beat, so a
// member walking steadily after its group counted as stuck. A path made
// for another place is not measured; the path to the new one is.
func TestMemberNotMeasuredOnPathToOldPlace(t *testing.T) {
	g, m := parse(t, `
####################
#A.......B.........#
#..................#
#L.................#
####################`)
	s := exact(g, NewAStar(g, AStarConfig{}))
	a0, _ := s.Spawn(m['A'])
	a1, _ := s.Spawn(m['L'])
	if err := s.SetGroupGoal([]int{a0, a1}, image.Pt(18, 2)); err != nil {
		t.Fatal(err)
	}
	a := s.at(a0)
	l := s.at(s.groups[0].leader)
	// It stands at the end of its path to its old place, A...
	a.plan.Segment = append(a.plan.Segment[:0], image.Pt(3, 1), image.Pt(2, 1), m['A'])
	a.plan.Cost, a.walked, a.segIdx = 2, 2, 2
	a.lastTgt, a.noPath = m['A'], false
	// ...which has jumped to B, eight cells on; its search waits.
	a.target = m['B']
	a.best = math.Inf(1)
	s.memberProgress(a, l)
	if !math.IsInf(a.best, 1) {
		t.Fatalf("low %.1f measured on the path to the old place", a.best)
	}
	// The path to the new place is measured.
	a.plan.Segment = a.plan.Segment[:0]
	for x := m['A'].X; x <= m['B'].X; x++ {
		a.plan.Segment = append(a.plan.Segment, image.Pt(x, 1))
	}
	a.plan.Cost, a.walked, a.segIdx, a.lastTgt = 8, 0, 0, m['B']
	s.memberProgress(a, l)
	a.cell, a.segIdx, a.walked = image.Pt(2, 1), 1, 1
	before := a.lastProgress
	s.tick += 10
	s.memberProgress(a, l)
	if a.best != 7 || a.lastProgress == before {
		t.Fatalf("after a step toward its new place: low %.1f, progress at %d (was %d); want 7, now", a.best, a.lastProgress, before)
	}
}

// Regression (found by the grouped stress workload on AR0011SR): a member
// far behind a leader that had stopped waiting for it chased its place
// along a path the leader's every step lengthened (extendLocal), so its
// remaining way never reached a new low and it counted as stuck while it
// walked. The place moving on is not held against it: the low moves with
// the place, and a step down the path is progress.
func TestMemberChasingMovingPlaceProgresses(t *testing.T) {
	g, m := parse(t, `
##############
#.A.......P..#
#............#
#L...........#
##############`)
	s := exact(g, NewAStar(g, AStarConfig{}))
	a0, _ := s.Spawn(m['A'])
	a1, _ := s.Spawn(m['L'])
	if err := s.SetGroupGoal([]int{a0, a1}, image.Pt(12, 3)); err != nil {
		t.Fatal(err)
	}
	a := s.at(a0)
	l := s.at(s.groups[0].leader)
	a.plan.Segment = a.plan.Segment[:0]
	for x := m['A'].X; x <= m['P'].X; x++ {
		a.plan.Segment = append(a.plan.Segment, image.Pt(x, 1))
	}
	a.plan.Cost, a.walked, a.segIdx = 8, 0, 0
	a.target, a.lastTgt, a.noPath, a.best = m['P'], m['P'], false, math.Inf(1)
	s.memberProgress(a, l) // the measure starts: 8 to go
	// The leader steps: the place moves one cell on, the path follows it.
	a.target = m['P'].Add(image.Pt(1, 0))
	if !s.extendLocal(a, a.target) {
		t.Fatal("test set-up: the path was not extended")
	}
	// The member takes a step: 8 to go again, to a place one cell on.
	a.cell, a.segIdx, a.walked = image.Pt(3, 1), 1, 1
	before := a.lastProgress
	s.tick += 10
	s.memberProgress(a, l)
	if a.lastProgress == before {
		t.Fatalf("a step toward a place that moved one cell on is not progress (low %.1f, %.1f to go)", a.best, a.plan.Cost-a.walked)
	}
}
