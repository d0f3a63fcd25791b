package agents

import (
	"image"
	"testing"

	"pathlens/pathing"
)

// A removed agent comes back with Revive under its own id, on its cell,
// with its speed: one that had arrived is there again without a new
// arrival, one that was walking plans anew for its goal and gets there, an
// idle one stays idle. A live id, a leader and an unknown id are refused.
func TestReviveBringsBackRemovedAgents(t *testing.T) {
	g, m := parse(t, `
		############
		#a.........#
		#b.......B.#
		#c.........#
		############`)
	s := exact(g, NewAStar(g, AStarConfig{}))
	walker, _ := s.Spawn(m['a'])
	arrived, _ := s.Spawn(m['b'])
	idle, _ := s.Spawn(m['c'])
	s.SetSpeed([]int{walker}, 3)
	if err := s.SetGoal([]int{arrived}, m['b']); err != nil {
		t.Fatal(err)
	}
	if err := s.SetGoal([]int{walker}, image.Pt(10, 3)); err != nil {
		t.Fatal(err)
	}
	runUntil(t, s, 60, func() bool { v, _ := s.Agent(walker); return v.State == Moving && v.Cell != m['a'] })
	mid, _ := s.Agent(walker)
	before, _ := s.Agent(arrived)
	if before.State != Arrived {
		t.Fatalf("agent on its goal: %v", before.State)
	}
	s.Remove([]int{walker, arrived, idle})
	if s.Live() != 0 {
		t.Fatalf("%d live after removing all", s.Live())
	}
	if err := s.Revive(walker, image.Pt(10, 3), true); err != nil {
		t.Fatal(err)
	}
	if err := s.Revive(arrived, m['b'], true); err != nil {
		t.Fatal(err)
	}
	if err := s.Revive(idle, image.Point{}, false); err != nil {
		t.Fatal(err)
	}
	if s.Live() != 3 {
		t.Fatalf("%d live after reviving three", s.Live())
	}
	v, _ := s.Agent(walker)
	if v.Cell != mid.Cell || v.Speed != 3 || !v.HasGoal || v.Goal != image.Pt(10, 3) || v.State != Waiting || v.Selected {
		t.Fatalf("walker revived as %+v; was at %v", v, mid.Cell)
	}
	if v, _ := s.Agent(arrived); v.State != Arrived || v.Arrivals != before.Arrivals || v.Cell != m['b'] {
		t.Fatalf("arrived agent revived as %v at %v, %d arrivals (was %d)", v.State, v.Cell, v.Arrivals, before.Arrivals)
	}
	if v, _ := s.Agent(idle); v.State != Idle || v.HasGoal || v.Cell != m['c'] {
		t.Fatalf("idle agent revived as %v at %v, goal %v", v.State, v.Cell, v.HasGoal)
	}
	runUntil(t, s, 600, func() bool { v, _ := s.Agent(walker); return v.State == Arrived })
	if err := s.Revive(walker, image.Point{}, false); err == nil {
		t.Fatal("a live agent was revived")
	}
	if err := s.Revive(99, image.Point{}, false); err == nil {
		t.Fatal("an unknown id was revived")
	}
}

// A removed group member comes back alone (solo), and SetGroupGoal can send
// it with its group again; a revived agent whose cell is a wall now stands
// on the nearest open cell; a goal outside the grid is refused.
func TestReviveMemberAndWalledCell(t *testing.T) {
	g, m := parse(t, `
		##########
		#ab......#
		#c.......#
		#......G.#
		##########`)
	s := exact(g, NewAStar(g, AStarConfig{}))
	var ids []int
	for _, k := range []byte{'a', 'b', 'c'} {
		id, _ := s.Spawn(m[k])
		ids = append(ids, id)
	}
	if err := s.SetGroupGoal(ids, m['G']); err != nil {
		t.Fatal(err)
	}
	s.Remove(ids[1:2])
	if err := s.Revive(ids[1], m['G'], true); err != nil {
		t.Fatal(err)
	}
	if v, _ := s.Agent(ids[1]); v.Kind != Solo || v.Group != -1 {
		t.Fatalf("revived member: kind %v group %d", v.Kind, v.Group)
	}
	if err := s.SetGroupGoal(ids, m['G']); err != nil {
		t.Fatal(err)
	}
	runUntil(t, s, 900, func() bool {
		for _, id := range ids {
			if v, _ := s.Agent(id); v.State != Arrived {
				return false
			}
		}
		return true
	})
	at, _ := s.Agent(ids[2])
	s.Remove(ids[2:3])
	g.SetOpen(at.Cell, false)
	s.CellsChanged([]image.Point{at.Cell})
	if err := s.Revive(ids[2], image.Pt(40, 40), true); err == nil {
		t.Fatal("a goal outside the grid was taken")
	}
	if _, ok := s.Agent(ids[2]); ok {
		t.Fatal("a refused revive brought the agent back")
	}
	if err := s.Revive(ids[2], image.Point{}, false); err != nil {
		t.Fatal(err)
	}
	v, _ := s.Agent(ids[2])
	if !g.Open(v.Cell) || pathing.OctileDistance(v.Cell, at.Cell) > 1.5 {
		t.Fatalf("revived on %v, open %v; its cell %v is a wall now", v.Cell, g.Open(v.Cell), at.Cell)
	}
}
