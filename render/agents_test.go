package render

import (
	"strings"
	"testing"
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
