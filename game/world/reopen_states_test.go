package world

import (
	"testing"

	"pathlens/game/world/agents"
)

// Regression (user trial): a session saved with its agents paused, a
// group among them under way, reopened with the agents' panel reading
// "5 moving · 4 waiting" before anything had planned or taken a step. The
// solo agents waited for their plans, but the group's members read
// "moving": they were made members in that state, with no path and their
// group's plan not made. Until the reopened clock has run a tick, no agent
// is moving; the members wait, as their leader does.
func TestReopenedPausedGroupWaitsBeforeItPlans(t *testing.T) {
	w, ids := agentSaveWorld(t)
	w2, _ := reopen(t, w)
	s := w2.Agents()
	if s.Running() || s.Now() != 0 {
		t.Fatalf("reopened: running %v at tick %d, want paused at 0", s.Running(), s.Now())
	}
	var n [5]int
	for _, v := range s.Agents(nil) {
		if v.Kind != agents.Leader {
			n[v.State]++
		}
	}
	if n[agents.Moving] != 0 {
		t.Errorf("reopened paused, nothing planned: %d agents read moving (states by count %v)", n[agents.Moving], n)
	}
	for _, id := range ids["group"] {
		// The ids of the reopened session follow the file's order, which
		// is the saved session's id order: the same agents.
		if v, ok := s.Agent(id); !ok || v.Kind != agents.Member || v.State != agents.Waiting {
			t.Errorf("group member %d reopened as %v %v, want a member waiting", id, v.Kind, v.State)
		}
	}
	// Running it, the members set out.
	s.Run()
	for range 30 {
		w2.Tick(1.0 / 60)
	}
	moving := 0
	for _, id := range ids["group"] {
		if v, _ := s.Agent(id); v.State == agents.Moving {
			moving++
		}
	}
	if moving == 0 {
		t.Errorf("no group member moving after 30 ticks of the reopened clock")
	}
}
