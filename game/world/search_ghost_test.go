package world

import (
	"image"
	"strings"
	"testing"

	"pathlens/pathing"
)

// A teacher switching Dijkstra to A* on one query saw only the current
// fill and its count: the slide that shows A*'s fill inside Dijkstra's was
// missing. An algorithm or heuristic switch now keeps the answer before it
// as a ghost with the cells its searches expanded and their number, and
// the note compares the two.
func TestSearchGhostKeepsTheFillBeforeTheSwitch(t *testing.T) {
	w, _ := mustWorld(t,
		"..........",
		"..........",
		"....##....",
		"..........",
		"..........",
	)
	w.SetAlgo(AlgoDijkstra)
	if !w.SetEndpoints(image.Pt(0, 2), image.Pt(9, 2)) {
		t.Fatal("query refused")
	}
	w.Wait()
	dij := w.Outcome
	want := map[int]bool{}
	for _, e := range w.Timeline.Trace().Events {
		if e.Kind == pathing.EventPop && e.Level == 0 {
			want[int(e.Node)] = true
		}
	}
	w.SetAlgo(AlgoAStar)
	w.Wait()
	g := w.Ghost
	if g == nil || g.Label != "Dijkstra" || g.Expanded != dij.Expanded || g.Cost != dij.Cost {
		t.Fatalf("ghost %+v after Dijkstra → A*, want Dijkstra's answer (%d expanded, cost %v)", g, dij.Expanded, dij.Cost)
	}
	for i := 0; i < w.Grid.Len(); i++ {
		if g.Filled(i) != want[i] {
			t.Fatalf("cell %v: in the ghost's fill %v, expanded by Dijkstra %v", w.Grid.Point(i), g.Filled(i), want[i])
		}
	}
	if w.Outcome.Expanded >= dij.Expanded {
		t.Fatalf("A* expanded %d, Dijkstra %d: the map should show A* expanding fewer", w.Outcome.Expanded, dij.Expanded)
	}
	wantNote := "A*: cost " // then the costs and both counts
	if !strings.HasPrefix(w.Message, wantNote) || !strings.Contains(w.Message, Count(dij.Expanded)) || !strings.Contains(w.Message, "(dotted: where its search stopped)") {
		t.Errorf("note %q: want A*'s and Dijkstra's expansions compared", w.Message)
	}

	// A heuristic switch under A* keeps one too, named by the heuristic,
	// once Dijkstra's is dropped (H keeps Dijkstra's, which reads no
	// heuristic: TestHeuristicKeepsDijkstraGhost).
	w.DropGhost()
	w.SetHeuristic(HeurZero)
	w.Wait()
	if w.Ghost == nil || w.Ghost.Label != "heuristic octile" || w.Ghost.Fill == nil {
		t.Fatalf("ghost %+v after octile → zero", w.Ghost)
	}
	// A switch A* does not read changes nothing, the ghost included; one
	// that searches another grid of moves drops it (the fills are not
	// comparable).
	w.SetCost(CostMaximin)
	w.Wait()
	if w.Ghost == nil || w.Ghost.Label != "heuristic octile" {
		t.Errorf("ghost %+v after a connection-cost switch on A*, which changes nothing: want the heuristic's kept", w.Ghost)
	}
	w.ToggleNeighborhood()
	w.Wait()
	if w.Ghost != nil {
		t.Errorf("ghost %q kept after a neighbourhood switch on A*", w.Ghost.Label)
	}
	// No ghost from a switch to the same algorithm, nor from a heuristic
	// switch that the algorithm does not read.
	w.SetAlgo(AlgoAStar)
	w.Wait()
	if w.Ghost != nil {
		t.Errorf("ghost %q from A* → A*", w.Ghost.Label)
	}
	w.SetAlgo(AlgoDijkstra)
	w.Wait()
	before := w.Ghost
	w.SetHeuristic(HeurOctile)
	w.Wait()
	if w.Ghost != before {
		t.Errorf("a heuristic switch under Dijkstra (which reads none) replaced the ghost with %+v", w.Ghost)
	}
}

// Review findings on the search ghost: an edit drops it (its outline was
// another grid's search); a trace cut short at its limit leaves no outline
// (it drew where recording stopped as the fill's edge); and a ghost note
// belongs to the switch that made the ghost even when that switch's plan is
// replaced before it lands (a flag left set had a later switch show the old
// comparison over its own note).
func TestSearchGhostEditsTraceLimitAndReplans(t *testing.T) {
	rows := make([]string, 40)
	for y := range rows {
		rows[y] = strings.Repeat(".", 40)
	}
	w, _ := mustWorld(t, rows...)
	w.SetAlgo(AlgoDijkstra)
	w.SetEndpoints(image.Pt(0, 0), image.Pt(39, 39))
	w.Wait()
	w.SetAlgo(AlgoAStar)
	w.Wait()
	if w.Ghost == nil || w.Ghost.Fill == nil {
		t.Fatal("no search ghost")
	}
	p := image.Pt(20, 5)
	w.BeginStroke(p, 0)
	w.StrokeTo(p)
	w.EndStroke()
	w.Wait()
	if w.Ghost != nil {
		t.Errorf("ghost %q kept after an edit", w.Ghost.Label)
	}
	w.Undo()
	w.Wait()

	w.trace.Limit = 500 // stands in for MaxTraceEvents on a big map
	w.SetAlgo(AlgoDijkstra)
	w.Wait()
	if !w.Timeline.Trace().Truncated {
		t.Fatal("the trace was not cut short: raise the map or lower the limit")
	}
	w.SetAlgo(AlgoAStar)
	w.Wait()
	if w.Ghost == nil || w.Ghost.Fill != nil || w.Ghost.Expanded == 0 {
		t.Errorf("ghost after a cut-short trace: %+v, want its path and count, no outline", w.Ghost)
	}
	w.trace.Limit = MaxTraceEvents

}

// The switch's plan replaced before it lands (a 512×512 maze plans in the
// background; the same query set again replans): the next switch, which makes no ghost, keeps
// its own note (the reviewer's case showed the old Dijkstra/A* comparison).
func TestSearchGhostNoteBelongsToItsSwitch(t *testing.T) {
	w, r := openMaze(t, AlgoAStar)
	w.Begin()
	w.Wait()
	w.SetAlgo(AlgoDijkstra)
	if !w.Busy() {
		t.Skip("Dijkstra planned at once here: the case needs a plan in the background")
	}
	w.SetEndpoints(r.Start, r.Goal) // the same query, planned again: the switch's plan is dropped
	w.Wait()
	if w.Ghost == nil {
		t.Fatal("the same query dropped the ghost")
	}
	w.SetHeuristic(HeurManhattan) // Dijkstra reads none: no ghost is made
	w.Wait()
	if !strings.Contains(w.Message, "does not use it") {
		t.Errorf("the switch's own note lost to an old comparison: %q", w.Message)
	}
}
