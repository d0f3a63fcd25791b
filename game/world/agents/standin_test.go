package agents

import (
	"image"
	"testing"
	"time"

	"pathlens/pathing"
)

// counting is a planner that is not Sliced, counting its plans and the
// goals it was asked for.
type counting struct {
	p     Planner
	plans int
	goals []image.Point
}

func (c *counting) Name() string { return "counting/" + c.p.Name() }

func (c *counting) Plan(from, goal image.Point, p *Plan) error {
	c.plans++
	c.goals = append(c.goals, goal)
	return c.p.Plan(from, goal, p)
}

// SetStandIn replans nobody; a fill across one route replans that agent
// (world_changed) with the stand-in; EndStandIn replans it once more, with
// the planner and ReasonHierarchyRepaired, and nobody else.
func TestStandInReplansOnlyTheRoutesAChangeTouches(t *testing.T) {
	g := pathing.MustGrid(60, 9) // a walks east along row 2, b along row 7
	real := &counting{p: NewAStar(g, AStarConfig{})}
	s := New(g, real, Config{PlanBudget: -1})
	a, _ := s.Spawn(image.Pt(1, 2))
	b, _ := s.Spawn(image.Pt(1, 7))
	s.SetGoal([]int{a}, image.Pt(58, 2))
	s.SetGoal([]int{b}, image.Pt(58, 7))
	s.Step()
	stand := &counting{p: NewAStar(g, AStarConfig{})}
	s.SetStandIn(stand, "during the test")
	if p, why := s.StandIn(); p != stand || why != "during the test" || s.Planner() != real {
		t.Fatalf("StandIn() = %v %q, Planner() = %v", p, why, s.Planner())
	}
	for range 5 {
		s.Step()
	}
	if real.plans != 2 || stand.plans != 0 {
		t.Fatalf("a stand-in alone made plans: planner %d (want the 2 first), stand-in %d", real.plans, stand.plans)
	}
	for y := 0; y < 5; y++ {
		g.SetOpen(image.Pt(30, y), false)
	}
	s.CellsChanged([]image.Point{{30, 0}, {30, 1}, {30, 2}, {30, 3}, {30, 4}})
	s.Step()
	if va, vb := view(t, s, a), view(t, s, b); va.LastReason != ReasonWorldChanged || va.Plans != 2 || vb.Plans != 1 {
		t.Fatalf("after a fill across a's route: a %v (%d plans), b %d plans; want a replanned world_changed, b not", va.LastReason, va.Plans, vb.Plans)
	}
	if stand.plans != 1 || real.plans != 2 {
		t.Fatalf("the replan was made by the planner (%d) rather than the stand-in (%d)", real.plans, stand.plans)
	}
	s.EndStandIn()
	s.Step()
	if va, vb := view(t, s, a), view(t, s, b); va.LastReason != ReasonHierarchyRepaired || va.Plans != 3 || vb.Plans != 1 {
		t.Fatalf("after EndStandIn: a %v (%d plans), b %d plans; want a replanned hierarchy_repaired, b not", va.LastReason, va.Plans, vb.Plans)
	}
	if real.plans != 3 {
		t.Fatalf("the planner made %d plans, want 3 (a back on it)", real.plans)
	}
	for range 5 {
		s.Step()
	}
	if va := view(t, s, a); va.Plans != 3 {
		t.Fatalf("a replanned again (%v)", va.LastReason)
	}
	if !ReasonHierarchyRepaired.IsReplan() || ReasonHierarchyRepaired.String() != "hierarchy_repaired" {
		t.Errorf("hierarchy_repaired: replan %v, name %q", ReasonHierarchyRepaired.IsReplan(), ReasonHierarchyRepaired)
	}
}

// An agent reaching the end of its segment while a stand-in plans keeps
// its plan: the stand-in plans only the next leg, to its end, and the agent
// does not replan when the stand-in goes.
func TestStandInRefinesOnlyTheNextLeg(t *testing.T) {
	g := pathing.MustGrid(60, 3)
	real := &counting{p: NewAStar(g, AStarConfig{Chunk: 5})} // legs, no Refiner
	s := New(g, real, Config{PlanBudget: -1})
	id, _ := s.Spawn(image.Pt(0, 1))
	s.SetGoal([]int{id}, image.Pt(59, 1))
	s.Step()
	legs := len(view(t, s, id).Legs)
	next := view(t, s, id).Legs[0].To
	stand := &counting{p: NewAStar(g, AStarConfig{})}
	s.SetStandIn(stand, "")
	runUntil(t, s, 200, func() bool { return view(t, s, id).LastReason == ReasonSegmentDone })
	v := view(t, s, id)
	if stand.plans != 1 || stand.goals[0] != next || real.plans != 1 {
		t.Fatalf("at the segment's end: stand-in %d plans to %v, planner %d; want the stand-in's one to the leg's end %v", stand.plans, stand.goals, real.plans, next)
	}
	if len(v.Legs) != legs-1 || v.Segment[len(v.Segment)-1] != next {
		t.Fatalf("segment to %v with %d legs, want to %v with %d", v.Segment[len(v.Segment)-1], len(v.Legs), next, legs-1)
	}
	plans := v.Plans
	s.EndStandIn()
	s.Step()
	if v := view(t, s, id); v.Plans != plans {
		t.Fatalf("the agent replanned (%v) when the stand-in went: its plan is the planner's", v.LastReason)
	}
}

// A sliced search of the stand-in still running when it goes is asked
// again of the planner, for the reason it was asked (world_changed here),
// and the stand-in plans nothing after EndStandIn.
func TestEndStandInHandsItsSlicedSearchToThePlanner(t *testing.T) {
	g := pathing.MustGrid(200, 200)
	for y := 0; y < 199; y++ {
		g.SetOpen(image.Point{100, y}, false) // the search floods the left half
	}
	real := &counting{p: NewAStar(g, AStarConfig{})}
	s := New(g, real, Config{PlanBudget: time.Nanosecond})
	id, _ := s.Spawn(image.Point{90, 10})
	s.SetGoal([]int{id}, image.Point{110, 198})
	s.Step()
	if real.plans != 1 || view(t, s, id).State != Moving {
		t.Fatalf("first plan: %d, %v", real.plans, view(t, s, id).State)
	}
	s.SetStandIn(NewAStar(g, AStarConfig{}), "")
	g.SetOpen(image.Point{100, 199}, false)
	g.SetOpen(image.Point{100, 150}, true)
	s.CellsChanged([]image.Point{{100, 199}, {100, 150}})
	s.Step()
	if v := view(t, s, id); v.State != Waiting || s.cur != id {
		t.Fatalf("after one 1-slice tick: %v, search of %d; want the stand-in's search running", v.State, s.cur)
	}
	s.EndStandIn()
	s.Step()
	v := view(t, s, id)
	if v.State != Moving || v.LastReason != ReasonWorldChanged || real.plans != 2 {
		t.Fatalf("after EndStandIn: %v %v, planner plans %d; want world_changed planned by the planner", v.State, v.LastReason, real.plans)
	}
	if err := pathing.ValidatePath(g, v.Segment, pathing.Eight); err != nil {
		t.Fatal(err)
	}
}

// ReplacePlanner swaps the planner with no replan: agents under way keep
// their plans and the new planner makes the plans asked after it (here the
// next segment of a chunked route); SetPlanner, by contrast, replans them.
func TestReplacePlannerReplansNobody(t *testing.T) {
	g := pathing.MustGrid(60, 9)
	s := New(g, NewAStar(g, AStarConfig{Chunk: 10}), Config{PlanBudget: -1})
	a, _ := s.Spawn(image.Pt(1, 2))
	b, _ := s.Spawn(image.Pt(1, 7))
	s.SetGoal([]int{a, b}, image.Pt(58, 4))
	s.Step()
	s.Run()
	next := &counting{p: NewAStar(g, AStarConfig{Chunk: 10})}
	s.ReplacePlanner(next)
	if s.Planner() != next {
		t.Fatalf("Planner() = %v after ReplacePlanner", s.Planner())
	}
	for range 150 { // 2.5 s at 6 cells a second: two segment ends each
		s.Step()
	}
	st := s.Stats()
	if st.Reasons[ReasonPlannerChanged] != 0 || st.Reasons[ReasonNewGoal] != 2 {
		t.Errorf("plans by reason after ReplacePlanner: %v, want the two first plans and segment ends only", st.Reasons)
	}
	if next.plans == 0 || next.plans != st.Reasons[ReasonSegmentDone] {
		t.Errorf("the new planner made %d plans, the segment ends %d: want it to plan them all", next.plans, st.Reasons[ReasonSegmentDone])
	}
	s.SetPlanner(NewAStar(g, AStarConfig{Chunk: 10}))
	s.Step()
	if n := s.Stats().Reasons[ReasonPlannerChanged]; n != 2 {
		t.Errorf("SetPlanner replanned %d agents, want both", n)
	}
}
