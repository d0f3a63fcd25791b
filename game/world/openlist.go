package world

import (
	"image"

	"pathlens/pathing"
	"pathlens/pathing/groups"
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
	// Estimate says what the entries' H is when the search said
	// (pathing.Phase.Estimate): an abstract search's is not the heuristic
	// the switches name.
	Estimate string
	// Top holds the best entries in the order the phase's search pops
	// them (openOrder): a lower f first, ties to the larger g, with f and g
	// compared as that search compares them. Open counts them all.
	Top  []OpenEntry
	Open int
	// Tied counts the open entries the search cannot order against
	// Top[0] (Top[0] included; 0 when Top is empty): it pops whichever of
	// them its heap holds first, so the next pop is Top[0] only when Tied
	// is 1. They are listed first; Tied may exceed len(Top).
	Tied int
	// Finished says the search has no event left after the cursor (its
	// phase ends there, or the next event starts another search): Top is
	// what it left open, and nothing is popped next.
	Finished bool
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
	ol.Phase, ol.Level, ol.Estimate = ph.Name, ph.Level, ph.Estimate
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
	order := w.openOrder(ph.Level)
	top := dst[:0]
	start = searchStart(tr, ph.Level, start, end)
	if c := tl.Cursor(); c >= tr.PhaseEnd(k) {
		ol.Finished = true
	} else if isRoot(tr, c, ph.Level) && c > start && !isRoot(tr, c-1, ph.Level) {
		ol.Finished = true // the next event is another search's root
	}
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
		// Count the entries tied with the best so far.
		if len(top) == 0 {
			ol.Tied = 1
		} else if c := order.cmp(ent, top[0]); c < 0 {
			ol.Tied = 1
		} else if c == 0 {
			ol.Tied++
		}
		// Keep the n best in pop order: insertion into a short sorted
		// list (an entry tied with listed ones goes after them).
		j := len(top)
		for j > 0 && order.cmp(ent, top[j-1]) < 0 {
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

// searchStart returns where the search at event end (exclusive) began
// within the phase's events [start, end): the push of its root (a push
// with no parent, and any such pushes just before it). A phase may hold
// several searches one after another (the searches refining one
// top-level step across several edges share a phase): the open list is
// the current one's alone, not its predecessors' leftovers.
func searchStart(tr *pathing.Trace, level, start, end int) int {
	for i := end - 1; i > start; i-- {
		if isRoot(tr, i, level) {
			for i > start && isRoot(tr, i-1, level) {
				i--
			}
			return i
		}
	}
	return start
}

// isRoot reports whether event i pushes a search's root at level: a push
// with no parent.
func isRoot(tr *pathing.Trace, i, level int) bool {
	e := &tr.Events[i]
	return e.Kind == pathing.EventPush && e.Parent < 0 && int(e.Level) == level
}

// openOrder is how one kind of search orders its open list. Each compares f
// and g its own way, and the panel must too: sorting by exact f split ties
// the search makes (f values a few ulps apart, as sums of √2 are), so the
// panel named as next pop entries the search took many pops later.
type openOrder uint8

const (
	// popKey: pathing.PopKey, f to a relative 2⁻³² then the larger g in
	// sixteenths (the grid Searcher, HPA*'s abstract search).
	popKey openOrder = iota
	// popExact: f, then the larger g, both exactly (HPA*'s cell searches).
	popExact
	// popGroups: groups.PopsBefore, f and g equal but for rounding, then
	// the smaller group id (the group planner's abstract search).
	popGroups
)

// openOrder returns the order of the searches the current algorithm runs
// at level (0 for cells).
func (w *World) openOrder(level int) openOrder {
	switch {
	case w.Settings.Algo == AlgoHPA && level == 0:
		return popExact
	case w.Settings.Algo == AlgoGroup && level > 0:
		return popGroups
	}
	return popKey
}

// cmp is negative when a pops before b, positive when after, and 0 when
// the search cannot tell them apart (its heap's layout decides).
func (o openOrder) cmp(a, b OpenEntry) int {
	switch o {
	case popExact:
		switch {
		case a.F != b.F:
			return cmpBool(a.F < b.F)
		case a.G != b.G:
			return cmpBool(a.G > b.G)
		}
		return 0
	case popGroups:
		switch {
		case groups.PopsBefore(a.F, a.G, a.Node, b.F, b.G, b.Node):
			return -1
		case groups.PopsBefore(b.F, b.G, b.Node, a.F, a.G, a.Node):
			return 1
		}
		return 0
	}
	ka, kb := pathing.PopKey(a.F, a.G), pathing.PopKey(b.F, b.G)
	switch {
	case ka < kb:
		return -1
	case ka > kb:
		return 1
	}
	return 0
}

// cmpBool is -1 when less holds, else 1.
func cmpBool(less bool) int {
	if less {
		return -1
	}
	return 1
}
