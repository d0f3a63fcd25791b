package world

import (
	"fmt"
	"strings"
	"testing"

	"pathlens/pathing"
)

// Regression (new-user test, my-maximin): X kept the answer with
// exclusion off as the ghost, then Shift+] added a level and the ghost
// stayed, its row still crediting the whole difference to exclusion. A
// ghost names one switch: any other switch the search reads drops it, for
// the group hierarchy as for every search; a switch it does not read
// (smoothing, HPA*'s) changes nothing and keeps it.
func TestGhostDroppedByAnotherSwitch(t *testing.T) {
	w := openBuiltin(t, "pathological-maximin")
	w.Begin()
	w.Wait()
	if w.Settings.Algo != AlgoGroup {
		t.Fatalf("the case plans with %v: the test wants the group hierarchy", w.Settings.Algo)
	}
	w.ToggleExclusion()
	w.Wait()
	if w.Ghost == nil || !strings.Contains(w.Ghost.Label, "exclusion off") {
		t.Fatalf("after X: ghost %+v, want one labelled exclusion off", w.Ghost)
	}
	w.ToggleSmooth() // not read by the group hierarchy
	w.Wait()
	if w.Ghost == nil {
		t.Fatal("a switch the group hierarchy does not read dropped the ghost")
	}
	w.LevelsUp()
	w.Wait()
	if w.Ghost != nil {
		t.Errorf("after Shift+]: ghost %q kept, comparing across two switches", w.Ghost.Label)
	}
	// The switch that makes a ghost still keeps its own.
	w.CycleCost()
	w.Wait()
	if w.Ghost == nil || !strings.Contains(w.Ghost.Label, "cost") {
		t.Errorf("after M: ghost %+v, want one labelled with the cost", w.Ghost)
	}
	for _, sw := range []struct {
		name string
		do   func()
	}{
		{"cluster", func() { w.SetCluster(16) }},
		{"neighbourhood", w.ToggleNeighborhood},
		{"levels down", w.LevelsDown},
	} {
		w.CycleCost()
		w.Wait()
		if w.Ghost == nil {
			t.Fatalf("before %s: no ghost", sw.name)
		}
		sw.do()
		w.Wait()
		if w.Ghost != nil {
			t.Errorf("after the %s switch: ghost %q kept", sw.name, w.Ghost.Label)
		}
	}
}

// From a teacher's test: the note "HPA*: cost 158.11, was 157.28 with A*
// (+0.83)" sat beside the panel's "(+0.53%)", and +0.83 read as a
// percentage. The note gives both, the share being of the ghost's cost.
func TestGhostNoteGivesDifferenceAndShare(t *testing.T) {
	w := openBuiltin(t, "exclusion-shortcut")
	w.Begin()
	w.Wait()
	w.ToggleExclusion()
	w.Wait()
	if w.Ghost == nil || w.Outcome.Cost == w.Ghost.Cost {
		t.Fatalf("the test wants X to change the cost: ghost %+v, cost %v", w.Ghost, w.Outcome.Cost)
	}
	d := w.Outcome.Cost - w.Ghost.Cost
	want := fmt.Sprintf("(%+.2f, %+.2f%%)", d, 100*d/w.Ghost.Cost)
	if !strings.Contains(w.Message, want) {
		t.Errorf("note %q, want it to hold %q", w.Message, want)
	}
}

// A share that rounds to nothing reads +0.00%, never -0.00% (a review:
// 0.01 less on a path of 1000).
func TestGhostNoteShareNeverMinusZero(t *testing.T) {
	w, _ := openWorld(t, 10, 5, AlgoAStar)
	w.Ghost = &Ghost{Cost: 1000, Label: "A*"}
	w.Outcome.Status = pathing.Found
	w.Outcome.Cost = 999.99
	w.ghostNote(true, "")
	if !strings.Contains(w.Message, "(-0.01, +0.00%)") {
		t.Errorf("note %q, want (-0.01, +0.00%%)", w.Message)
	}
}
