package world

import (
	"image"
	"strings"
	"testing"

	"pathlens/game/world/agents"
)

// Regression: a group's virtual leader used up an agent id, so the agents
// the user spawned skipped numbers: spawn 0 and 1, send them as a group,
// spawn again, and the new agent was 3 ("agent action=spawn id=3"), no
// agent 2 anywhere (the leader is named group=0 in the log and the
// panel). Spawned agents now number on consecutively; the leader keeps
// its own id, which is no spawned agent's, and undo, redo and a save
// (whose agents are written in id order) still work.
func TestGroupLeaderTakesNoAgentID(t *testing.T) {
	w, log := mustWorld(t,
		"############",
		"#..........#",
		"#..........#",
		"#..........#",
		"############",
	)
	var ids []int
	for _, c := range []image.Point{{1, 1}, {2, 1}} {
		id, err := w.SpawnAgent(c)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	s := w.Agents()
	s.Select(ids, false)
	if err := w.SendAgents(image.Pt(9, 2), true); err != nil {
		t.Fatal(err)
	}
	for round := range 2 {
		id, err := w.SpawnAgent(image.Pt(1, 3))
		if err != nil {
			t.Fatal(err)
		}
		if want := ids[len(ids)-1] + 1; id != want {
			t.Errorf("round %d: the agent spawned after a group send is %d, want %d (the ids so far %v)", round, id, want, ids)
		}
		ids = append(ids, id)
		// A second group send makes a second leader.
		s.Select(ids[:2], false)
		if err := w.SendAgents(image.Pt(8, 3), true); err != nil {
			t.Fatal(err)
		}
	}
	var leaders int
	for _, v := range s.Agents(nil) {
		if v.Kind == agents.Leader {
			leaders++
			for _, id := range ids {
				if v.ID == id {
					t.Errorf("leader of group %d has id %d, a spawned agent's", v.Group, id)
				}
			}
		}
	}
	if leaders == 0 {
		t.Fatal("no group leader to test")
	}
	for _, gi := range s.Groups(nil) {
		if l, ok := s.Agent(gi.Leader); !ok || l.Kind != agents.Leader {
			t.Errorf("group %d: its leader %d is not found as a leader (%+v %v)", gi.ID, gi.Leader, l, ok)
		}
	}
	if out := log.String(); !strings.Contains(out, "agent action=spawn id=2 ") {
		t.Errorf("no spawn of agent 2 in the log:\n%s", out)
	}
	// Undo takes the last spawn away (its send first), redo brings it back
	// under its id.
	for range 10 {
		w.Tick(1.0 / 60)
	}
	w.Undo()
	w.Undo()
	if _, ok := s.Agent(ids[len(ids)-1]); ok {
		t.Errorf("undo of the last spawn left agent %d", ids[len(ids)-1])
	}
	w.Redo()
	if _, ok := s.Agent(ids[len(ids)-1]); !ok {
		t.Errorf("redo of the last spawn did not bring agent %d back", ids[len(ids)-1])
	}
	if n := len(w.agentSpecs()); n != len(ids) {
		t.Errorf("a save would write %d agents, want %d", n, len(ids))
	}
}
