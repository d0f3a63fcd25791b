package world

import (
	"image"

	"pathlens/pathing"
)

// OpenEntry is a node on the open list of the search at the timeline's
// cursor: its level (0 for cells), id, cell and costs. F is the priority
// the search orders by: g + h, or h alone for greedy best-first.
type OpenEntry struct {
	Level   int
	Node    int32
	Cell    image.Point
	G, H, F float64
}

// OpenList is the open list of the phase at the cursor, best first.
type OpenList struct {
	// Phase names the search; Level is the level it searches.
	Phase string
	Level int
	// Top holds the best entries by priority: a lower f first, ties to
	// the larger g (A*'s own tie-break; a bucket Dijkstra pops ties in
	// another order). Open counts them all.
	Top  []OpenEntry
	Open int
	// TooLong is set when the phase had more events before the cursor
	// than OpenList scans (openListScan): no list is given.
	TooLong bool
}

// openListScan is the most events of a phase OpenList scans: a failing A*
// on a 1024×1024 map records millions, and the list is asked every frame
// the cursor moves.
const openListScan = 1 << 20

// OpenListAt returns up to n entries of the open list of the search at the
// timeline's cursor (the phase the cursor is in), and ok false when there
// is no trace or the phase searched nothing. Cost: a scan of the phase's
// events up to the cursor, O(events · n).
func (w *World) OpenListAt(n int, dst []OpenEntry) (ol OpenList, ok bool) {
	tl := &w.Timeline
	tr := tl.Trace()
	k := tl.Phase()
	if tr == nil || k < 0 || n <= 0 {
		return ol, false
	}
	ph := tr.Phases[k]
	ol.Phase, ol.Level = ph.Name, ph.Level
	start, end := ph.Start, min(tl.Cursor(), tr.PhaseEnd(k))
	last := tl.Last(ph.Level)
	searched := false
	for i := start; i < tr.PhaseEnd(k); i++ {
		if tr.Events[i].Kind.Search() {
			searched = true
			break
		}
	}
	if !searched {
		return ol, false
	}
	if end-start > openListScan {
		ol.TooLong = true
		return ol, true
	}
	greedy := w.Settings.Algo == AlgoGreedy && ph.Level == 0
	top := dst[:0]
	for i := start; i < end; i++ {
		e := &tr.Events[i]
		if int(e.Level) != ph.Level || !e.Kind.Search() || e.Kind == pathing.EventPop || e.Node < 0 || int(e.Node) >= len(last) || last[e.Node] != int32(i) {
			continue
		}
		ol.Open++
		f := e.G + e.H
		if greedy {
			f = e.H
		}
		ent := OpenEntry{Level: ph.Level, Node: e.Node, G: e.G, H: e.H, F: f}
		// Keep the n best by (f, larger g): insertion into a short
		// sorted list.
		j := len(top)
		for j > 0 && better(ent, top[j-1]) {
			j--
		}
		if j >= n {
			continue
		}
		if len(top) < n {
			top = append(top, OpenEntry{})
		}
		copy(top[j+1:], top[j:len(top)-1])
		top[j] = ent
	}
	for i := range top {
		top[i].Cell, _ = w.NodeCell(top[i].Level, top[i].Node)
	}
	ol.Top = top
	return ol, true
}

// better orders open entries as the searches pop them: lower f, then
// larger g.
func better(a, b OpenEntry) bool {
	if a.F != b.F {
		return a.F < b.F
	}
	return a.G > b.G
}
