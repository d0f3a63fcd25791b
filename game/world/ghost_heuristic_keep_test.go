package world

import (
	"strings"
	"testing"
)

// Regression (engineer's report): 2 then 1 set up a comparison of A* with
// Dijkstra, and H threw it away for a ghost of the heuristic before. A
// ghost whose answer read no heuristic (Dijkstra's) is the same under every
// heuristic, so it still differs from the new answer by one switch: H
// keeps it, compares with it again and says so.
func TestHeuristicKeepsDijkstraGhost(t *testing.T) {
	w := openBuiltin(t, "world")
	w.Begin()
	w.Wait()
	w.SetAlgo(AlgoDijkstra)
	w.Wait()
	w.SetAlgo(AlgoAStar)
	w.Wait()
	if w.Ghost == nil || w.Ghost.Label != AlgoDijkstra.Title() {
		t.Fatalf("after 2 then 1: ghost %+v, want Dijkstra's", w.Ghost)
	}
	dijkstra := w.Ghost.Expanded
	w.CycleHeuristic()
	w.Wait()
	if w.Ghost == nil || w.Ghost.Label != AlgoDijkstra.Title() || w.Ghost.Expanded != dijkstra {
		t.Fatalf("after H: ghost %+v, want Dijkstra's still (%d expanded)", w.Ghost, dijkstra)
	}
	if !strings.Contains(w.Message, "was ") || !strings.Contains(w.Message, "ghost of Dijkstra kept") {
		t.Errorf("after H: note %q, want the comparison with Dijkstra and that its ghost was kept", w.Message)
	}
	// Each further heuristic is compared with Dijkstra's fill too.
	w.CycleHeuristic()
	w.Wait()
	if w.Ghost == nil || w.Ghost.Label != AlgoDijkstra.Title() {
		t.Errorf("after H twice: ghost %+v, want Dijkstra's still", w.Ghost)
	}
	// Shift+O is how the user asks for a new comparison: H then keeps
	// the heuristic before, as cycling heuristics is documented to.
	w.DropGhost()
	was := w.Settings.Heuristic
	w.CycleHeuristic()
	w.Wait()
	if w.Ghost == nil || w.Ghost.Label != "heuristic "+was.String() {
		t.Errorf("after Shift+O then H: ghost %+v, want the heuristic %v's", w.Ghost, was)
	}
}

// A ghost whose answer read the heuristic (A*'s, beside greedy) would
// differ from the new answer by two switches after H, so H replaces it,
// and the note says that it did: the user set that comparison up.
func TestHeuristicReplacingAGhostSaysSo(t *testing.T) {
	w := openBuiltin(t, "world")
	w.Begin()
	w.Wait()
	w.SetAlgo(AlgoGreedy)
	w.Wait()
	if w.Ghost == nil || w.Ghost.Label != AlgoAStar.Title() {
		t.Fatalf("after 3: ghost %+v, want A*'s", w.Ghost)
	}
	w.CycleHeuristic()
	w.Wait()
	if w.Ghost == nil || !strings.HasPrefix(w.Ghost.Label, "heuristic ") {
		t.Fatalf("after H: ghost %+v, want the heuristic's", w.Ghost)
	}
	if !strings.Contains(w.Message, "replaced the one of A*") {
		t.Errorf("after H: note %q, want it to say the ghost of A* was replaced", w.Message)
	}
	// Cycling on compares heuristics, each with the one before: nothing
	// the user set up is lost, and nothing more is said.
	w.CycleHeuristic()
	w.Wait()
	if strings.Contains(w.Message, "replaced") {
		t.Errorf("second H: note %q, want no replacement named", w.Message)
	}
}
