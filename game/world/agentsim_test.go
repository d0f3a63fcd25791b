package world

import (
	"image"
	"strings"
	"testing"

	"pathlens/game/world/agents"
)

// A group member that a fill cuts off from its group, with the goal still
// open to it, goes its own way, and the session's event log says so: a
// replan line with reason=cut_off. The members left with the leader, who
// can no longer reach the goal, wait with their group.
func TestCutOffMemberIsLoggedGoingItsOwnWay(t *testing.T) {
	w, log := mustWorld(t,
		"####################",
		"#......#...........#",
		"#......#...........#",
		"#......#.........G.#",
		"#......#...........#",
		"####################",
	)
	// The door: (7,3) opened in the wall between the rooms.
	door := image.Pt(7, 3)
	w.ApplyEdit(Edit{Kind: EditDig, Cells: []CellEdit{{P: door, New: 1}}})
	var ids []int
	for _, c := range []image.Point{{2, 2}, {3, 2}, {2, 3}, {3, 3}, {10, 2}} {
		id, err := w.SpawnAgent(c)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	s := w.Agents()
	s.Select(ids, false)
	if err := w.SendAgents(image.Pt(17, 3), true); err != nil {
		t.Fatal(err)
	}
	w.ApplyEdit(Edit{Kind: EditFill, Cells: []CellEdit{{P: door, New: 0}}})
	for range 600 {
		w.Tick(1.0 / 60)
	}
	v, _ := s.Agent(ids[4])
	if !v.OwnWay || v.State != agents.Arrived || v.Cell != image.Pt(17, 3) {
		t.Fatalf("member across the door: own way %v, %v at %v", v.OwnWay, v.State, v.Cell)
	}
	if !strings.Contains(log.String(), "agent=4 reason=cut_off") {
		t.Fatalf("no cut_off replan for agent 4 in the log:\n%s", log.String())
	}
	if v, _ := s.Agent(ids[0]); v.State != agents.Stopped || v.Why != agents.WhyGroup {
		t.Fatalf("member with the leader: %v %q", v.State, v.Why)
	}
}
