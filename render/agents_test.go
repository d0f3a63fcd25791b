package render

import (
	"strings"
	"testing"
)

// Regression: U after sending agents paused them (sending starts the
// clock) and nothing on screen said so; the panel's title now names a
// stopped clock and the key that runs it.
func TestAgentsTitleSaysWhenPaused(t *testing.T) {
	if got := agentsTitle(137, "astar", false); !strings.Contains(got, "paused") || !strings.Contains(got, "U") {
		t.Errorf("stopped clock: title %q does not say paused and how to run", got)
	}
	if got := agentsTitle(137, "astar", true); strings.Contains(got, "paused") || !strings.Contains(got, "tick 137") || !strings.Contains(got, "astar") {
		t.Errorf("running clock: title %q", got)
	}
}
