package render

import (
	"strings"
	"testing"

	"pathlens/game/world/agents"
	"pathlens/pathing"
	"pathlens/pathing/hpa"
)

// Regression: U after sending agents paused them (sending starts the
// clock) and nothing on screen said so; the panel's title now names a
// stopped clock and the key that runs it.
func TestAgentsTitleSaysWhenPaused(t *testing.T) {
	if got := agentsTitle(137, "groups/maximin/exclusion", false); !strings.Contains(got, "paused") || !strings.Contains(got, "U") ||
		strings.Index(got, "paused") > strings.Index(got, "groups") {
		t.Errorf("stopped clock: title %q does not say paused and how to run, before the planner's name (a narrow panel cuts the end)", got)
	}
	if got := agentsTitle(137, "astar", true); strings.Contains(got, "paused") || !strings.Contains(got, "tick 137") || !strings.Contains(got, "astar") {
		t.Errorf("running clock: title %q", got)
	}
}

// The agents panel names the HPA* planner's refine mode, eager too (the
// planner calls itself plain "hpa" then), so Shift+U visibly changes it;
// other planners keep their own names.
func TestPlannerNameShowsTheRefineMode(t *testing.T) {
	g := pathing.MustGrid(12, 8) // all open
	h, err := hpa.Build(g, hpa.Config{ClusterSize: 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		p    agents.Planner
		want string
	}{
		{agents.NewHPA(h, agents.HPAConfig{}), "hpa/eager"},
		{agents.NewHPA(h, agents.HPAConfig{Mode: agents.HPALazy}), "hpa/lazy"},
		{agents.NewAStar(g, agents.AStarConfig{}), "astar"},
	} {
		if got := plannerName(c.p); got != c.want {
			t.Errorf("plannerName(%s planner) = %q, want %q", c.p.Name(), got, c.want)
		}
	}
}

// Regression: a reason added to the agents package without a colour here
// (cut_off, stuck, rejoined in turn) drew its replan-log line and its
// flash fully transparent. Every reason past none needs a visible colour.
func TestEveryReplanReasonHasAColour(t *testing.T) {
	for r := agents.Reason(1); r < agents.NumReasons; r++ {
		if colReason[r].A == 0 {
			t.Errorf("reason %v has no colour (its log line and flash are invisible)", r)
		}
	}
}
