package render

import (
	"image"
	"strings"
	"testing"

	"pathlens/game/world/agents"
	"pathlens/pathing"
)

// Regression (a trial on AR0011SR): a session reopened with its agents all
// arrived showed a paused panel whose empty list said "U runs the agents:
// their plans are listed here"; U ran a clock with nothing to walk and
// the list stayed empty. With no agent that has a goal to reach, the hint
// says to send them; with one, U still runs it.
func TestEmptyLogHintWithNothingToWalk(t *testing.T) {
	g := pathing.MustGrid(8, 3)
	s := agents.New(g, agents.NewAStar(g, agents.AStarConfig{}), agents.Config{})
	a, err := s.Spawn(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.Spawn(image.Pt(2, 1))
	if err != nil {
		t.Fatal(err)
	}
	s.Remove([]int{b})
	if err := s.Revive(b, image.Pt(2, 1), true); err != nil { // arrived, as a reopened file's
		t.Fatal(err)
	}
	s.Pause()
	hint := func() string { return emptyLogHint(s, s.Agents(nil)) }
	if v, _ := s.Agent(b); v.State != agents.Arrived {
		t.Fatalf("test set-up: agent %d is %v, want arrived", b, v.State)
	}
	if h := hint(); strings.Contains(h, "U runs") || !strings.Contains(h, "send") {
		t.Errorf("one idle and one arrived agent, paused: %q, want it to say to send them", h)
	}
	if err := s.SetGoal([]int{a}, image.Pt(6, 1)); err != nil {
		t.Fatal(err)
	}
	if h := hint(); !strings.Contains(h, "U runs") {
		t.Errorf("an agent with a goal, paused: %q, want U to run it", h)
	}
}
