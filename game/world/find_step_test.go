package world

import (
	"testing"

	"pathlens/pathing"
)

// A tester's -cursor "phase:refine cells step 3" showed step 30: the name
// was a prefix of that phase's, and step 3 itself searched nothing. A
// number in a phase name is matched whole.
func TestFindPhaseMatchesAStepNumberWhole(t *testing.T) {
	var tr pathing.Trace
	for _, name := range []string{"abstract L2", "refine cells step 2", "step 3 crosses a cluster border (no search)", "refine cells step 30", "plan L2 (stored plan, no search)"} {
		tr.BeginPhase(name, 0)
		if name != "step 3 crosses a cluster border (no search)" && name != "plan L2 (stored plan, no search)" {
			tr.Add(pathing.Event{Kind: pathing.EventPush})
		}
	}
	var tl Timeline
	tl.Reset(&tr, 4)
	for _, c := range []struct {
		name string
		want int
	}{
		{"refine cells step 3", -1},
		{"refine cells step 30", 3},
		{"refine cells step", 1},
		{"abstract", 0},
		{"plan L2", 4}, // the empty one, by its head
	} {
		if got := tl.FindPhase(c.name); got != c.want {
			t.Errorf("FindPhase(%q) = %d, want %d", c.name, got, c.want)
		}
	}
}
