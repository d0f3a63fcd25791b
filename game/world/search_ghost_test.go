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
	if !strings.HasPrefix(w.Message, wantNote) || !strings.Contains(w.Message, Count(dij.Expanded)) || !strings.Contains(w.Message, "(outlined)") {
		t.Errorf("note %q: want A*'s and Dijkstra's expansions compared", w.Message)
	}

	// A heuristic switch under A* keeps one too, named by the heuristic.
	w.SetHeuristic(HeurZero)
	w.Wait()
	if w.Ghost == nil || w.Ghost.Label != "heuristic octile" || w.Ghost.Fill == nil {
		t.Fatalf("ghost %+v after octile → zero", w.Ghost)
	}
	// A switch that does not change how cells are searched drops it.
	w.SetCost(CostMaximin)
	w.Wait()
	if w.Ghost != nil {
		t.Errorf("ghost %q kept after a connection-cost switch on A*", w.Ghost.Label)
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
