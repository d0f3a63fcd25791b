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

// The agents' HPA* planning mode is a session switch: setting it logs a
// switch line and gives the agents a planner in that mode at the next tick
// (they replan with it), and so does toggling smoothing, which used to
// reach agents only after another planner change.
func TestAgentRefineSwitchReachesThePlanner(t *testing.T) {
	w, log := mustWorld(t,
		"##############################",
		"#............................#",
		"#............................#",
		"#........#########...........#",
		"#............................#",
		"#............................#",
		"##############################",
	)
	w.SetAlgo(AlgoHPA)
	id, err := w.SpawnAgent(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	s := w.Agents()
	s.Select([]int{id}, false)
	if err := w.SendAgents(image.Pt(28, 5), false); err != nil {
		t.Fatal(err)
	}
	w.Tick(1.0 / 60)
	if n := s.Planner().Name(); n != "hpa" || w.AgentRefine() != agents.HPAEager {
		t.Fatalf("default planner %q, mode %v", n, w.AgentRefine())
	}
	w.SetAgentRefine(agents.HPALazy)
	if !strings.Contains(lastLine(t, log, "switch"), "name=agent_refine value=lazy") {
		t.Fatalf("switch not logged: %s", lastLine(t, log, "switch"))
	}
	w.Tick(1.0 / 60)
	if n := s.Planner().Name(); n != "hpa/lazy" {
		t.Fatalf("planner %q after SetAgentRefine(lazy)", n)
	}
	if p := s.Planner().(*agents.HPA); p.Mode() != agents.HPALazy {
		t.Fatalf("mode %v", p.Mode())
	}
	before := s.Planner()
	w.ToggleSmooth()
	w.Tick(1.0 / 60)
	if s.Planner() == before {
		t.Fatal("toggling smoothing left the agents' planner as it was")
	}
	w.ToggleAgentRefine()
	w.Tick(1.0 / 60)
	if n := s.Planner().Name(); n != "hpa" {
		t.Fatalf("planner %q after ToggleAgentRefine", n)
	}
	for range 2000 {
		w.Tick(1.0 / 60)
	}
	if v, _ := s.Agent(id); v.State != agents.Arrived {
		t.Fatalf("agent %v at %v after the switches", v.State, v.Cell)
	}
}
