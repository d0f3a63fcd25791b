package agents

import (
	"image"
	"testing"

	"pathlens/pathing"
)

// Between BeginEdit and EndEdit (a paint stroke told move by move), digs
// that could shorten a route replan nobody; EndEdit replans each agent
// they concern once, world_changed. A fill across a route still replans
// that agent at its next tick.
func TestEditHoldsDigReplansToItsEnd(t *testing.T) {
	// a walks east along row 2 round the end of a thick wall (x=20..33,
	// rows 0..7), b along row 12, far below it.
	g := pathing.MustGrid(60, 14)
	for x := 20; x <= 33; x++ {
		for y := 0; y <= 7; y++ {
			g.SetOpen(image.Pt(x, y), false)
		}
	}
	s := New(g, NewAStar(g, AStarConfig{}), Config{PlanBudget: -1})
	a, _ := s.Spawn(image.Pt(1, 2))
	b, _ := s.Spawn(image.Pt(1, 12))
	s.SetGoal([]int{a}, image.Pt(58, 2))
	s.SetGoal([]int{b}, image.Pt(58, 12))
	s.Step()
	s.BeginEdit()
	for x := 20; x <= 33; x++ { // a tunnel along row 2, a cell a move
		g.SetOpen(image.Pt(x, 2), true)
		s.CellsChanged([]image.Point{{x, 2}})
		s.Step()
	}
	if va, vb := view(t, s, a), view(t, s, b); va.Plans != 1 || vb.Plans != 1 {
		t.Fatalf("during the edit: a %d plans (%v), b %d; want no replan before EndEdit", va.Plans, va.LastReason, vb.Plans)
	}
	s.EndEdit()
	for range 3 {
		s.Step()
	}
	va, vb := view(t, s, a), view(t, s, b)
	if va.Plans != 2 || va.LastReason != ReasonWorldChanged || vb.Plans != 1 {
		t.Fatalf("after EndEdit: a %d plans (%v), b %d; want a replanned once world_changed, b not", va.Plans, va.LastReason, vb.Plans)
	}
	if !containsPt(va.Segment, image.Pt(26, 2)) {
		t.Errorf("a's new segment %v does not take the tunnel", va.Segment)
	}
	if st := s.Stats(); st.HitShortcut != 1 {
		t.Errorf("Stats.HitShortcut = %d, want 1", st.HitShortcut)
	}
	s.EndEdit() // none in progress: nothing
	s.Step()
	if va := view(t, s, a); va.Plans != 2 {
		t.Fatalf("a second EndEdit replanned a (%v)", va.LastReason)
	}

	s.BeginEdit()
	g.SetOpen(image.Pt(40, 2), false) // across a's route
	s.CellsChanged([]image.Point{{40, 2}})
	s.Step()
	if va := view(t, s, a); va.Plans != 3 || va.LastReason != ReasonWorldChanged {
		t.Fatalf("a fill across a's route during an edit: a %d plans (%v), want a replan at its next tick", va.Plans, va.LastReason)
	}
	s.EndEdit()
	s.Step()
	if va := view(t, s, a); va.Plans != 3 {
		t.Fatalf("EndEdit replanned a again after a fill (%v)", va.LastReason)
	}
}

func containsPt(ps []image.Point, p image.Point) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}
