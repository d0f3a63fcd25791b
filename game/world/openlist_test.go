package world

import (
	"image"
	"path/filepath"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

// The open list at the cursor is what the search pops next: at every
// cursor just before a pop, the popped node is the first entry, or one of
// the first Tied ones when the search cannot order them, and the list is
// in the search's own order. Checked on the built-in world for every
// algorithm (HPA*'s cell and abstract searches, the group planner's
// levels), and on arena.map's query (1,11)→(40,40) where a user saw the
// panel name (9,18) while A* popped (27,37): the panel had split f values a
// few ulps apart that the search counts as ties.
func TestOpenListPredictsThePops(t *testing.T) {
	type query struct {
		name       string
		open       func(t *testing.T) *World
		start, end image.Point
	}
	qs := []query{{name: "builtin:world", open: func(t *testing.T) *World {
		w, err := Open("builtin:world")
		if err != nil {
			t.Fatal(err)
		}
		return w
	}}}
	if dir, ok := maps.MovingAIDir(); ok {
		qs = append(qs, query{name: "arena", open: func(t *testing.T) *World {
			w, err := Open(filepath.Join(dir, "arena.map"))
			if err != nil {
				t.Fatal(err)
			}
			return w
		}, start: image.Pt(1, 11), end: image.Pt(40, 40)})
	} else {
		t.Logf("Moving AI maps not found at %q (set PATHLENS_MAPS): built-in world only", dir)
	}
	for _, q := range qs {
		for _, algo := range []Algo{AlgoAStar, AlgoDijkstra, AlgoGreedy, AlgoHPA, AlgoGroup} {
			w := q.open(t)
			w.Begin()
			w.SetAlgo(algo)
			if q.start != q.end && !w.SetEndpoints(q.start, q.end) {
				t.Fatalf("%s: query refused", q.name)
			}
			w.Wait()
			checkOpenListPops(t, q.name, w, algo)
			w.Close()
		}
	}
}

func checkOpenListPops(t *testing.T, name string, w *World, algo Algo) {
	t.Helper()
	tr := w.Timeline.Trace()
	if tr == nil || len(tr.Events) == 0 {
		t.Fatalf("%s %v: no trace", name, algo)
	}
	checked, tied := 0, 0
	for i, e := range tr.Events {
		if e.Kind != pathing.EventPop {
			continue
		}
		w.Timeline.Seek(i)
		ph := tr.Phases[w.Timeline.Phase()]
		if ph.Level != int(e.Level) || tr.PhaseAt(i) != w.Timeline.Phase() {
			continue // the pop opens another phase
		}
		ol, ok := w.OpenListAt(5, nil)
		if !ok || len(ol.Top) == 0 {
			if i == ph.Start {
				continue // a search's first pop: its root is pushed in the same step
			}
			t.Fatalf("%s %v event %d: no open list (ok %v)", name, algo, i, ok)
		}
		if ol.Finished {
			t.Fatalf("%s %v event %d (%s): a pop follows, but the list says the search finished", name, algo, i, ph.Name)
		}
		if ol.Tied < 1 || ol.Tied > ol.Open {
			t.Fatalf("%s %v event %d: Tied %d of %d open", name, algo, i, ol.Tied, ol.Open)
		}
		order := w.openOrder(ph.Level)
		f := e.G + e.H
		if algo == AlgoGreedy {
			f = e.H
		}
		popped := OpenEntry{Level: ph.Level, Node: e.Node, G: e.G, H: e.H, F: f}
		found := order.cmp(popped, ol.Top[0]) == 0 // one of the tied, listed or not
		if ol.Tied <= len(ol.Top) {
			found = false // all tied are listed: it must be one of them
			for _, ent := range ol.Top[:ol.Tied] {
				found = found || ent.Node == e.Node
			}
		}
		for j := range ol.Top {
			if (j < ol.Tied) != (order.cmp(ol.Top[j], ol.Top[0]) == 0) {
				t.Fatalf("%s %v event %d: Tied %d, but entry %d is %+v against %+v", name, algo, i, ol.Tied, j, ol.Top[j], ol.Top[0])
			}
		}
		if !found {
			t.Fatalf("%s %v event %d (%s): the search pops node %d (g %v, h %v), the panel's first %d are %+v",
				name, algo, i, ph.Name, e.Node, e.G, e.H, ol.Tied, ol.Top)
		}
		for j := 1; j < len(ol.Top); j++ {
			if order.cmp(ol.Top[j], ol.Top[j-1]) < 0 {
				t.Fatalf("%s %v event %d: list out of order: %+v", name, algo, i, ol.Top)
			}
		}
		if ol.Open < len(ol.Top) {
			t.Fatalf("%s %v: %d open, %d listed", name, algo, ol.Open, len(ol.Top))
		}
		for _, ent := range ol.Top {
			if st := w.Timeline.State(ph.Level, ent.Node); !st.Seen || st.Closed || st.G != ent.G {
				t.Fatalf("%s %v event %d: listed %+v is not open as listed (%+v)", name, algo, i, ent, st)
			}
		}
		checked++
		if ol.Tied > 1 {
			tied++
		}
	}
	if checked < 10 {
		t.Errorf("%s %v: only %d pops checked", name, algo, checked)
	}
	// Where a search ends (its phase's end, or just before another
	// search's root in the same phase) the list says so: a teacher saw
	// it name a "next pop" after the goal was popped.
	ends := 0
	for k, ph := range tr.Phases {
		end := tr.PhaseEnd(k)
		if end <= ph.Start {
			continue
		}
		for c := ph.Start + 1; c <= end; c++ {
			if c < end {
				e := &tr.Events[c]
				if e.Kind != pathing.EventPush || e.Parent >= 0 || int(e.Level) != ph.Level {
					continue
				}
			}
			w.Timeline.Seek(c)
			if w.Timeline.Phase() != k {
				continue
			}
			if ol, ok := w.OpenListAt(5, nil); ok && !ol.Finished {
				t.Fatalf("%s %v: at %d, where a search of %q ends, the list is not finished: %+v", name, algo, c, ph.Name, ol)
			}
			ends++
		}
	}
	if ends == 0 {
		t.Errorf("%s %v: no search end checked", name, algo)
	}
	t.Logf("%s %v: %d pops checked, %d with tied entries", name, algo, checked, tied)
}
