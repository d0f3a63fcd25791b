package world

import (
	"image"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

// BenchmarkQuery4096 is one traced A* query of a few hundred cells on an
// open 4096×4096 map (a new goal, replanned and settled): the timeline's per-query
// cost on a large map, whatever the search touched. It includes the optimal
// reference, searched in the background: when each of its queries copied
// the grid this was 16 MB and 23 ms an op; on the grid's shared snapshot
// (gridjob.go) it is about 3 KB and 0.1 ms.
func BenchmarkQuery4096(b *testing.B) {
	g, err := pathing.NewGrid(4096, 4096)
	if err != nil {
		b.Fatal(err)
	}
	w := New(maps.NewMap("open4096", g))
	defer w.Close()
	w.Log = NewEventLog(nil)
	w.Settings.Algo = AlgoAStar
	w.SetEndpoints(image.Pt(100, 100), image.Pt(140, 120))
	w.Begin()
	settleUntimed(w)
	goals := []image.Point{{140, 120}, {130, 90}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w.SetEndpoints(image.Pt(100, 100), goals[i%len(goals)])
		settleUntimed(w)
	}
	b.StopTimer()
	if !w.Outcome.Traced || w.Timeline.Len() == 0 {
		b.Fatalf("no traced query: %+v", w.Outcome.Status)
	}
}

// smallTrace returns a trace of n push/pop events over cells spread
// across a grid of cells cells, and a second phase at level 1.
func smallTrace(n, cells int) *pathing.Trace {
	tr := &pathing.Trace{}
	tr.BeginPhase("search", 0)
	for i := 0; i < n; i++ {
		node := int32((i * 7919) % cells)
		tr.Add(pathing.Event{Kind: pathing.EventPush, Node: node, Parent: -1, G: float64(i)})
		tr.Add(pathing.Event{Kind: pathing.EventPop, Node: node, Parent: -1, G: float64(i)})
	}
	tr.BeginPhase("abstract L1", 1)
	for i := 0; i < n/10; i++ {
		tr.Add(pathing.Event{Kind: pathing.EventPush, Level: 1, Node: int32(i), Parent: -1})
	}
	return tr
}

// BenchmarkTimelineReset4096 points the timeline at a new query's trace
// (1,000 cells touched) on a 4096×4096 map and plays it to its end, as
// every traced query does: its cost should follow what the search touched,
// not the map.
func BenchmarkTimelineReset4096(b *testing.B) {
	const cells = 4096 * 4096
	trs := []*pathing.Trace{smallTrace(1000, cells), smallTrace(1000, cells-1)}
	var tl Timeline
	tl.Reset(trs[0], cells)
	tl.Seek(tl.Len())
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tl.Reset(trs[i%2], cells)
		tl.Seek(tl.Len())
	}
}
