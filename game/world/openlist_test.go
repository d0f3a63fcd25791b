package world

import (
	"testing"

	"pathlens/pathing"
)

// The open list at the cursor is what the search pops next: at every
// cursor just before a pop, the best entry's priority is the popped
// node's (A* with a consistent heuristic and Dijkstra pop a minimum), and
// the popped node is on the list. Checked on the built-in world for A*,
// Dijkstra and greedy, and for HPA*'s top search.
func TestOpenListPredictsThePops(t *testing.T) {
	for _, algo := range []Algo{AlgoAStar, AlgoDijkstra, AlgoGreedy, AlgoHPA} {
		w, err := Open("builtin:world")
		if err != nil {
			t.Fatal(err)
		}
		w.Begin()
		w.SetAlgo(algo)
		w.Wait()
		tr := w.Timeline.Trace()
		if tr == nil || len(tr.Events) == 0 {
			t.Fatalf("%v: no trace", algo)
		}
		checked := 0
		for i, e := range tr.Events {
			if e.Kind != pathing.EventPop || i%7 != 0 {
				continue
			}
			w.Timeline.Seek(i)
			ph := tr.Phases[w.Timeline.Phase()]
			if ph.Level != int(e.Level) || tr.PhaseAt(i) != w.Timeline.Phase() || (algo == AlgoHPA && ph.Level == 0) {
				continue // the pop opens another phase, or a cell search of HPA* (bucket order)
			}
			ol, ok := w.OpenListAt(5, nil)
			if !ok || len(ol.Top) == 0 {
				if i == ph.Start {
					continue // a search's first pop: its root is pushed in the same step
				}
				t.Fatalf("%v event %d: no open list (ok %v)", algo, i, ok)
			}
			f := e.G + e.H
			if algo == AlgoGreedy {
				f = e.H
			}
			if d := ol.Top[0].F - f; d > 1e-9 || d < -1e-9 {
				t.Fatalf("%v event %d (%s): best open f %v, but the search pops f %v", algo, i, ph.Name, ol.Top[0].F, f)
			}
			for j := 1; j < len(ol.Top); j++ {
				if better(ol.Top[j], ol.Top[j-1]) {
					t.Fatalf("%v event %d: list out of order: %+v", algo, i, ol.Top)
				}
			}
			if ol.Open < len(ol.Top) {
				t.Fatalf("%v: %d open, %d listed", algo, ol.Open, len(ol.Top))
			}
			if st := w.Timeline.State(ph.Level, e.Node); !st.Seen || st.Closed {
				t.Fatalf("%v event %d: the popped node was not open", algo, i)
			}
			for _, ent := range ol.Top {
				if st := w.Timeline.State(ph.Level, ent.Node); !st.Seen || st.Closed || st.G != ent.G {
					t.Fatalf("%v event %d: listed %+v is not open as listed (%+v)", algo, i, ent, st)
				}
			}
			checked++
		}
		if checked < 10 {
			t.Errorf("%v: only %d pops checked", algo, checked)
		}
	}
}
