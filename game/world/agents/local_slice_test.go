package agents

import (
	"image"
	"testing"
	"time"

	"pathlens/pathing"
)

// Regression (a member's first local search ran whole): the search boxed
// around a member and its place covers most of the map when the member is
// far away, and it ran in one go whatever the plan budget. It is sliced
// like every other search now: with a budget that one slice uses up, it
// spreads over several ticks, and the member still gets its path.
func TestFarMembersFirstSearchIsSliced(t *testing.T) {
	const n = 200
	g := pathing.MustGrid(n, n)
	for y := 0; y < n; y++ {
		if y != 150 { // a wall across the map with one door, so the
			g.SetOpen(image.Pt(n/2, y), false) // search must go round
		}
	}
	s := New(g, NewAStar(g, AStarConfig{}), Config{PlanBudget: time.Nanosecond})
	near, _ := s.Spawn(image.Pt(10, 10))
	far, _ := s.Spawn(image.Pt(190, 190))
	if err := s.SetGroupGoal([]int{near, far}, image.Pt(10, 10)); err != nil {
		t.Fatal(err)
	}
	a := s.at(far)
	ticks := 0 // ticks that ended with its search unfinished
	for s.Now() < 500 && (ticks == 0 || s.cur == far) {
		s.Step()
		if s.cur == far && s.curLocal {
			ticks++
		}
	}
	if ticks < 2 {
		t.Fatalf("the far member's search ran in %d tick(s) beyond the one it began in, want it sliced over several", ticks)
	}
	seg := a.plan.Segment
	if len(seg) == 0 || seg[len(seg)-1] != a.target || seg[0] != a.cell {
		t.Fatalf("no path to its place %v after the sliced search: %v…", a.target, seg[:min(3, len(seg))])
	}
	if work := s.local.Result().Expanded; work <= 2*sliceNodes {
		t.Fatalf("the search expanded %d nodes, too few to need slicing: the test map is wrong", work)
	}
}
