package agents

import (
	"image"
	"testing"
)

// An agent pushed off a filled cell onto its own goal (task: it became
// "arrived" like any arrival): it arrives, deliberately (it stands on its
// goal, and ArrivedNow tells whoever hands out the next goals), but the
// counters and the log say it was pushed there: its world_changed replan
// is of kind displaced, its log line says arrived and displaced, and
// Stats.DisplacedArrivals counts it. An agent pushed elsewhere replans
// displaced and walks on, not counted there.
func TestAgentPushedOntoItsGoalArrivesDisplaced(t *testing.T) {
	const room = `
########
#......#
#.A.B..#
#......#
########`
	for _, tc := range []struct {
		name   string
		goal   image.Point // from A at (2,2)
		onGoal bool
	}{
		{"onto its goal", image.Pt(3, 2), true},
		{"short of its goal", image.Pt(6, 2), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, m := parse(t, room)
			s := exact(g, NewAStar(g, AStarConfig{}))
			id, _ := s.Spawn(m['A'])
			// Goals far in the step's time: it has not left A when the
			// fill comes.
			s.SetSpeed([]int{id}, 0.5)
			if err := s.SetGoal([]int{id}, tc.goal); err != nil {
				t.Fatal(err)
			}
			s.Step()
			if v := view(t, s, id); v.State != Moving || v.Cell != m['A'] {
				t.Fatalf("test set-up: %v at %v", v.State, v.Cell)
			}
			before := s.Stats()
			g.SetOpen(m['A'], false)
			s.CellsChanged([]image.Point{m['A']})
			s.Step()
			v := view(t, s, id)
			st := s.Stats()
			if d := st.Reasons[ReasonWorldChanged] - before.Reasons[ReasonWorldChanged]; d != 1 || st.HitDisplaced-before.HitDisplaced != 1 {
				t.Errorf("world_changed replans %d (displaced %d), want 1 (1)", d, st.HitDisplaced-before.HitDisplaced)
			}
			log := s.Replans(nil)
			if len(log) == 0 || log[0].Agent != id || log[0].Reason != ReasonWorldChanged || !log[0].Displaced {
				t.Fatalf("newest log line %+v, want the agent's world_changed replan, displaced", log[:min(1, len(log))])
			}
			arrivals := st.Arrivals - before.Arrivals
			if !tc.onGoal {
				if v.State != Moving || log[0].State != Moving || arrivals != 0 || st.DisplacedArrivals != 0 {
					t.Errorf("pushed short of its goal: %v, logged %v, arrivals %d, displaced arrivals %d; want moving, moving, 0, 0", v.State, log[0].State, arrivals, st.DisplacedArrivals)
				}
				return
			}
			if v.Cell != tc.goal || v.State != Arrived || v.Steps != 0 {
				t.Errorf("agent at %v, %v, %d steps; want arrived on its goal %v without a step", v.Cell, v.State, v.Steps, tc.goal)
			}
			if log[0].State != Arrived || log[0].Cell != tc.goal {
				t.Errorf("logged %v at %v, want arrived at %v", log[0].State, log[0].Cell, tc.goal)
			}
			if arrivals != 1 || st.DisplacedArrivals != 1 {
				t.Errorf("arrivals %d, displaced arrivals %d; want 1, 1", arrivals, st.DisplacedArrivals)
			}
			if now := s.ArrivedNow(nil); len(now) != 1 || now[0] != id {
				t.Errorf("ArrivedNow %v, want [%d]", now, id)
			}
		})
	}
}

// PutBack returns a pushed agent only while its cell is open again and it
// still stands where it was pushed; Pushes lists the last change's pushes
// alone.
func TestPutBackNeedsTheCellOpenAndTheAgentInPlace(t *testing.T) {
	const room = `
########
#......#
#.A....#
#......#
########`
	g, m := parse(t, room)
	s := exact(g, NewAStar(g, AStarConfig{}))
	id, _ := s.Spawn(m['A'])
	if err := s.SetGoal([]int{id}, image.Pt(6, 2)); err != nil {
		t.Fatal(err)
	}
	s.Step()
	g.SetOpen(m['A'], false)
	s.CellsChanged([]image.Point{m['A']})
	ps := s.Pushes(nil)
	if len(ps) != 1 || ps[0].ID != id || ps[0].From != m['A'] || ps[0].To == m['A'] {
		t.Fatalf("pushes %+v, want agent %d from %v", ps, id, m['A'])
	}
	if s.PutBack(ps[0]) {
		t.Fatal("put back onto a wall")
	}
	g.SetOpen(m['A'], true)
	s.CellsChanged([]image.Point{m['A']})
	if len(s.Pushes(nil)) != 0 {
		t.Errorf("a dig listed pushes %+v", s.Pushes(nil))
	}
	if !s.PutBack(ps[0]) || view(t, s, id).Cell != m['A'] {
		t.Fatalf("not put back: at %v", view(t, s, id).Cell)
	}
	if s.PutBack(ps[0]) {
		t.Error("put back twice: the agent no longer stands where it was pushed")
	}
	for range 200 {
		s.Step()
	}
	if v := view(t, s, id); v.State != Arrived || v.Cell != image.Pt(6, 2) {
		t.Errorf("after the put-back the agent is %v at %v, want arrived at (6,2)", v.State, v.Cell)
	}
}

// An agent pushed off a fill that walked away and later came back to the
// cell it was pushed to has moved since the push: undoing the fill leaves
// it where it is (it took the agent back to where it stood before the
// fill, throwing away the walk it had made since). One that has not moved
// still goes back, and pushes chained by one stroke go back in turn.
func TestPutBackLeavesAnAgentThatWalkedAwayAndCameBack(t *testing.T) {
	const room = `
##########
#........#
#.A......#
#........#
##########`
	g, m := parse(t, room)
	s := exact(g, NewAStar(g, AStarConfig{}))
	id, _ := s.Spawn(m['A'])
	g.SetOpen(m['A'], false)
	s.CellsChanged([]image.Point{m['A']})
	ps := s.Pushes(nil)
	if len(ps) != 1 || ps[0].To == m['A'] {
		t.Fatalf("pushes %+v, want the agent pushed off %v", ps, m['A'])
	}
	to := ps[0].To
	away := image.Pt(7, 2)
	if err := s.SetGoal([]int{id}, away); err != nil {
		t.Fatal(err)
	}
	runUntil(t, s, 400, func() bool { v := view(t, s, id); return v.State == Arrived && v.Cell == away })
	if err := s.SetGoal([]int{id}, to); err != nil {
		t.Fatal(err)
	}
	runUntil(t, s, 400, func() bool { v := view(t, s, id); return v.State == Arrived && v.Cell == to })
	g.SetOpen(m['A'], true)
	s.CellsChanged([]image.Point{m['A']})
	if s.PutBack(ps[0]) {
		t.Errorf("an agent that walked to %v and back to %v was put back on %v", away, to, view(t, s, id).Cell)
	}
	if v := view(t, s, id); v.Cell != to || v.State != Arrived {
		t.Errorf("the agent is %v at %v, want arrived where it walked back to, %v", v.State, v.Cell, to)
	}

	// Not moved since: put back. Two pushes in a row (a stroke filling
	// cell by cell): put back newest first, to where it stood.
	start := view(t, s, id).Cell
	g.SetOpen(start, false)
	s.CellsChanged([]image.Point{start})
	p1 := s.Pushes(nil)
	mid := view(t, s, id).Cell
	g.SetOpen(mid, false)
	s.CellsChanged([]image.Point{mid})
	p2 := s.Pushes(nil)
	if len(p1) != 1 || len(p2) != 1 {
		t.Fatalf("pushes %+v then %+v, want one each", p1, p2)
	}
	g.SetOpen(start, true)
	g.SetOpen(mid, true)
	s.CellsChanged([]image.Point{start, mid})
	if !s.PutBack(p2[0]) || !s.PutBack(p1[0]) || view(t, s, id).Cell != start {
		t.Errorf("two pushes undone: the agent is at %v, want back at %v", view(t, s, id).Cell, start)
	}
}
