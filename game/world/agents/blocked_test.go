package agents

import (
	"image"
	"testing"

	"pathlens/pathing"
	"pathlens/pathing/hpa"
)

// sentAndPaused is a Sim on g with one agent at from sent to goal and
// planned (one tick), its clock paused.
func sentAndPaused(t *testing.T, g *pathing.Grid, p Planner, from, goal image.Point) (*Sim, int) {
	t.Helper()
	// No time cap: one Step plans the whole route even on a loaded
	// machine (under load a 6 ms budget left a sliced plan unfinished,
	// and the agent "did not plan").
	s := New(g, p, Config{PlanBudget: -1})
	id, err := s.Spawn(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetGoal([]int{id}, goal); err != nil {
		t.Fatal(err)
	}
	s.Step()
	s.Pause()
	if v, _ := s.Agent(id); v.State != Moving || len(v.Segment) < 2 {
		t.Fatalf("the agent did not plan: %v, segment %v", v.State, v.Segment)
	}
	return s, id
}

// fill walls cells and tells s, as the window does after a paint stroke.
func fill(s *Sim, g *pathing.Grid, open bool, cells ...image.Point) {
	for _, c := range cells {
		g.SetOpen(c, open)
	}
	s.CellsChanged(cells)
}

// Regression (new-user test, 59-wall-paused.png): after U paused the
// agents, a fill across their routes left the old routes drawn straight
// through the new wall until they ran again. RouteBlock says where a
// route is cut (the first cell it cannot reach, and the last it can),
// without ticking the paused clock; a dig that reopens it clears it.
func TestRouteBlockedByAFillWhilePaused(t *testing.T) {
	g := pathing.MustGrid(20, 5)
	s, id := sentAndPaused(t, g, NewAStar(g, AStarConfig{}), image.Pt(1, 2), image.Pt(18, 2))
	if b := s.RouteBlock(id); b.Blocked || s.BlockedRoutes() != 0 {
		t.Fatalf("no edit yet: %+v", b)
	}
	v, _ := s.Agent(id)
	k := -1
	for i, c := range v.Segment {
		if c.X == 10 {
			k = i
		}
	}
	if k < 0 {
		t.Fatalf("the route %v does not cross column 10", v.Segment)
	}
	wall := v.Segment[k]
	now := s.Now()
	fill(s, g, false, wall)
	b := s.RouteBlock(id)
	if !b.Blocked || b.At != wall || b.From != v.Segment[k-1] || b.Seg != k || b.Leg != -1 {
		t.Fatalf("filled %v on the route: %+v, want blocked at segment index %d", wall, b, k)
	}
	if n := s.BlockedRoutes(); n != 1 {
		t.Errorf("BlockedRoutes = %d, want 1", n)
	}
	if s.Now() != now || s.Running() {
		t.Errorf("asking ticked the paused clock: %d → %d, running %v", now, s.Now(), s.Running())
	}
	fill(s, g, true, wall)
	if b := s.RouteBlock(id); b.Blocked || s.BlockedRoutes() != 0 {
		t.Errorf("dug again: still blocked %+v", b)
	}
	// A fill beside the route, off it: not blocked.
	fill(s, g, false, image.Pt(10, 0))
	if b := s.RouteBlock(id); b.Blocked {
		t.Errorf("a fill off the route: %+v", b)
	}
	// Once the agent replans (the clock runs), its new route is clear.
	fill(s, g, false, wall)
	s.Run()
	for range 3 {
		s.Step()
	}
	if b := s.RouteBlock(id); b.Blocked {
		t.Errorf("replanned: still blocked %+v", b)
	}
}

// A diagonal step across a corner filled since the plan is cut too (the
// corner-cutting rule), though both its cells are open.
func TestRouteBlockedByAFilledCorner(t *testing.T) {
	g := pathing.MustGrid(10, 10)
	s, id := sentAndPaused(t, g, NewAStar(g, AStarConfig{}), image.Pt(1, 1), image.Pt(8, 8))
	v, _ := s.Agent(id)
	k := -1
	for i := 1; i < len(v.Segment); i++ {
		a, b := v.Segment[i-1], v.Segment[i]
		if a.X != b.X && a.Y != b.Y && a.X >= 3 {
			k = i
			break
		}
	}
	if k < 0 {
		t.Fatalf("no diagonal step in %v", v.Segment)
	}
	a, b := v.Segment[k-1], v.Segment[k]
	corner := image.Pt(b.X, a.Y)
	for _, c := range v.Segment {
		if c == corner {
			t.Fatalf("the corner %v is on the route %v", corner, v.Segment)
		}
	}
	fill(s, g, false, corner)
	if r := s.RouteBlock(id); !r.Blocked || r.From != a || r.At != b || r.Seg != k {
		t.Errorf("corner %v of the step %v→%v filled: %+v", corner, a, b, r)
	}
}

// A cut beyond the segment, in the refined cells of a later leg (the
// plan's footprint), names that leg.
func TestRouteBlockedInALeg(t *testing.T) {
	g := pathing.MustGrid(21, 5)
	line := func(x0, x1 int) []image.Point {
		var p []image.Point
		for x := x0; x <= x1; x++ {
			p = append(p, image.Pt(x, 2))
		}
		return p
	}
	q := NewQuery("three steps", func(a, b image.Point) ([][]image.Point, float64, bool, error) {
		if a.Y != 2 || b.Y != 2 {
			return nil, 0, false, nil
		}
		var segs [][]image.Point
		for x := a.X; x < b.X; x += 6 {
			segs = append(segs, line(x, min(x+6, b.X)))
		}
		return segs, float64(b.X - a.X), true, nil
	})
	s, id := sentAndPaused(t, g, q, image.Pt(1, 2), image.Pt(19, 2))
	v, _ := s.Agent(id)
	if len(v.Legs) != 2 || v.Segment[len(v.Segment)-1] != image.Pt(7, 2) {
		t.Fatalf("the test wants a segment to (7,2) and two legs: %v, legs %+v", v.Segment, v.Legs)
	}
	fill(s, g, false, image.Pt(15, 2))
	if b := s.RouteBlock(id); !b.Blocked || b.Seg != -1 || b.Leg != 1 || b.At != image.Pt(15, 2) || b.From != image.Pt(14, 2) {
		t.Errorf("filled (15,2), in the second leg (13,2)→(19,2): %+v", b)
	}
	fill(s, g, true, image.Pt(15, 2))
	fill(s, g, false, image.Pt(10, 2))
	if b := s.RouteBlock(id); !b.Blocked || b.Leg != 0 {
		t.Errorf("filled (10,2), in the first leg: %+v", b)
	}
}

// A user's report: an eager HPA* agent's plan was drawn as dashes straight
// from one leg's end to the next, across walls the refined legs go round,
// though the plan holds those cells (its footprint). The view gives them
// as Route: from the segment's end to the goal, one legal step at a time,
// with each leg's end at its RouteFoot index.
func TestViewRouteFollowsTheFootprint(t *testing.T) {
	g := pathing.MustGrid(120, 60)
	for y := 0; y < 55; y++ { // a wall with a gap at the bottom, between start and goal
		g.SetOpen(image.Pt(60, y), false)
	}
	h, err := hpa.Build(g, hpa.Config{ClusterSize: 8, Levels: 1})
	if err != nil {
		t.Fatal(err)
	}
	s, id := sentAndPaused(t, g, NewHPA(h, HPAConfig{}), image.Pt(2, 2), image.Pt(117, 2))
	v, _ := s.Agent(id)
	if len(v.Legs) == 0 || len(v.Route) == 0 {
		t.Fatalf("eager HPA*: %d legs, route of %d cells; want legs and their cells", len(v.Legs), len(v.Route))
	}
	if v.Route[0] != v.Segment[len(v.Segment)-1] || v.Route[len(v.Route)-1] != v.Goal {
		t.Errorf("route %v…%v, want from the segment's end %v to the goal %v", v.Route[0], v.Route[len(v.Route)-1], v.Segment[len(v.Segment)-1], v.Goal)
	}
	for k := 0; k+1 < len(v.Route); k++ {
		if !g.CanStep(v.Route[k], v.Route[k+1], pathing.Eight) {
			t.Fatalf("route step %v→%v is not a legal move", v.Route[k], v.Route[k+1])
		}
	}
	if len(v.RouteFoot) != len(v.Legs) {
		t.Fatalf("%d leg ends for %d legs", len(v.RouteFoot), len(v.Legs))
	}
	for i, k := range v.RouteFoot {
		if v.Route[k] != v.Legs[i].To {
			t.Errorf("leg %d ends at %v, route[%d] is %v", i, v.Legs[i].To, k, v.Route[k])
		}
	}
	// The flat planner gives no footprint: no route, the leg ends only.
	s2, id2 := sentAndPaused(t, g, NewAStar(g, AStarConfig{Chunk: 10}), image.Pt(2, 2), image.Pt(117, 2))
	if v2, _ := s2.Agent(id2); len(v2.Legs) > 0 && len(v2.Route) > 0 {
		for k := 0; k+1 < len(v2.Route); k++ {
			if !g.CanStep(v2.Route[k], v2.Route[k+1], pathing.Eight) {
				t.Fatalf("A* route step %v→%v is not a legal move", v2.Route[k], v2.Route[k+1])
			}
		}
	}
}
