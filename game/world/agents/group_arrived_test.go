package agents

import (
	"image"
	"testing"

	"pathlens/pathing"
)

// SetGroupArrived (how a saved group that had arrived opens): the group
// stands where it is, its leader on the goal and every member arrived in
// its place, including one round a corner that only a single-file place
// reaches; with the clock running no one plans, steps or counts an
// arrival, and a send afterwards moves the group as any group.
func TestSetGroupArrivedStandsStill(t *testing.T) {
	rows := []string{
		"##########",
		"#........#",
		"#........#",
		"#####.####",
		"###...####",
		"##########",
	}
	g := pathing.MustGrid(len(rows[0]), len(rows))
	for y, r := range rows {
		for x, c := range r {
			g.SetOpen(image.Pt(x, y), c == '.')
		}
	}
	s := New(g, NewAStar(g, AStarConfig{}), Config{})
	goal := image.Pt(5, 2)
	var ids []int
	// Four about the goal, and one round the corner of the corridor below
	// it, (3,4), which the goal does not see in a straight line.
	for _, c := range []image.Point{{4, 1}, {5, 1}, {6, 1}, {2, 2}, {3, 4}} {
		id, err := s.Spawn(c)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := s.SetGroupArrived(ids, goal); err != nil {
		t.Fatal(err)
	}
	gs := s.Groups(nil)
	if len(gs) != 1 || gs[0].Active || len(gs[0].Members) != len(ids) {
		t.Fatalf("groups %+v, want one at rest with %d members", gs, len(ids))
	}
	if l, _ := s.Agent(gs[0].Leader); l.Cell != goal || l.State != Arrived {
		t.Fatalf("leader %v at %v, want arrived at %v", l.State, l.Cell, goal)
	}
	cells := map[int]image.Point{}
	for _, id := range ids {
		v, _ := s.Agent(id)
		cells[id] = v.Cell
		if v.Kind != Member || v.State != Arrived || v.Goal != goal {
			t.Fatalf("agent %d: %v %v to %v, want an arrived member", id, v.Kind, v.State, v.Goal)
		}
	}
	s.Run()
	for range 300 {
		s.Step()
	}
	for _, id := range ids {
		if v, _ := s.Agent(id); v.Cell != cells[id] || v.State != Arrived || v.Plans != 0 || v.Steps != 0 {
			t.Errorf("agent %d: %v at %v after %d plans, %d steps; want arrived at %v", id, v.State, v.Cell, v.Plans, v.Steps, cells[id])
		}
	}
	if st := s.Stats(); st.Plans != 0 || st.Arrivals != 0 {
		t.Errorf("%d plans, %d arrivals counted for a group at rest", st.Plans, st.Arrivals)
	}
	// Sent on, it walks and arrives as any group.
	if err := s.SetGroupGoal(ids, image.Pt(2, 1)); err != nil {
		t.Fatal(err)
	}
	for range 1200 {
		s.Step()
	}
	for _, id := range ids {
		if v, _ := s.Agent(id); v.State != Arrived {
			t.Errorf("agent %d is %v at %v after the send", id, v.State, v.Cell)
		}
	}
	if err := s.SetGroupArrived(ids, image.Pt(0, 0)); err == nil {
		t.Error("a goal on a wall was taken")
	}
}
