package world

import (
	"path/filepath"
	"strings"
	"testing"

	"pathlens/assets"
)

// Shift+N switches HPA*'s transitions between the paper's rule and dense:
// the hierarchy is rebuilt with more nodes, the answer is found either way,
// the switch is logged and saved, and the group planner does not read it.
func TestTransitionsSwitch(t *testing.T) {
	w := openBuiltin(t, assets.DefaultName)
	w.Begin()
	w.SetAlgo(AlgoHPA)
	w.Wait()
	nodes := func() int {
		h := w.Hierarchy()
		if h == nil {
			t.Fatal("no hierarchy")
		}
		n := 0
		for l := 1; l <= h.Levels(); l++ {
			v := h.Inspect(l)
			n += len(v.Nodes)
		}
		return n
	}
	sparse := nodes()
	w.ToggleTransitions()
	w.Wait()
	if !w.Settings.Dense {
		t.Fatal("the switch did not turn dense on")
	}
	dense := nodes()
	if dense <= sparse {
		t.Errorf("dense transitions: %d nodes, sparse %d; want more", dense, sparse)
	}
	if w.Outcome.Err != nil || w.Outcome.Path == nil {
		t.Fatalf("dense: %v", w.Outcome.Err)
	}
	path := filepath.Join(t.TempDir(), "d.pls")
	if err := w.Save(path); err != nil {
		t.Fatal(err)
	}
	w2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer w2.Close()
	if !w2.Settings.Dense {
		t.Error("the saved session opened with sparse transitions")
	}
	w.ToggleTransitions()
	w.Wait()
	if w.Settings.Dense || nodes() != sparse {
		t.Errorf("back to sparse: dense %v, %d nodes, want %d", w.Settings.Dense, nodes(), sparse)
	}
	w.SetAlgo(AlgoGroup)
	w.Wait()
	w.ToggleTransitions()
	if !strings.Contains(w.Message, "transitions dense: kept for HPA* (algorithm 4); the group hierarchy does not use it") {
		t.Errorf("under the group planner: %q", w.Message)
	}
}
