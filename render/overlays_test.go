package render

import (
	"slices"
	"testing"

	"pathlens/pathing"
)

// Regression: stepping an HPA* query back to its start still drew every
// level's plan at full strength, so a class saw the answer before the
// abstract search found it. A plan is final once the last search at its
// level has run; before that it is drawn as a faint preview.
func TestPlanFoundAfterItsLevelsLastSearch(t *testing.T) {
	var tr pathing.Trace
	add := func(level int, n int) {
		for range n {
			tr.Add(pathing.Event{Kind: pathing.EventPop, Level: uint8(level)})
		}
	}
	// insert S and G (searches on level 1), the abstract search on level 2,
	// refinement on level 1, then the cell searches.
	add(1, 4)  // events 0-3
	add(2, 5)  // 4-8
	add(1, 3)  // 9-11
	add(0, 10) // 12-21
	got := planFoundAt(&tr, 3, nil)
	if want := []int{22, 12, 9}; !slices.Equal(got, want) {
		t.Fatalf("planFoundAt = %v, want %v (level 2 after its search, level 1 after refinement)", got, want)
	}
	// A level no search ran at (a cached plan) is known from the start.
	if got := planFoundAt(&tr, 4, nil); got[3] != 0 {
		t.Errorf("level 3 without events: found at %d, want 0", got[3])
	}
	if got := planFoundAt(nil, 2, nil); !slices.Equal(got, []int{0, 0}) {
		t.Errorf("no trace: %v", got)
	}
}
