package world

import (
	"cmp"
	"fmt"
	"image"
	"slices"
	"strings"

	"pathlens/maps"
	"pathlens/pathing"
)

// CellInfo is everything the inspector shows about one cell.
type CellInfo struct {
	P         image.Point
	In        bool // inside the map
	Terrain   byte
	Weight    uint8
	Component int32
	// ComponentPending says the component is being worked out in the
	// background (a large map edited since its labels, or its HPA*
	// hierarchy still being built): Component is -1 until then, and
	// World.ComponentsSeq changes when it is in.
	ComponentPending bool
	Levels           []LevelInfo
	// Rooms are the designer's regions the cell lies in, one per region
	// layer that names one for it, lowest level first: under every
	// algorithm, while the map has rooms (the group hierarchy's level rows
	// name them too, as its groups: see RoomInfo.InLevel).
	Rooms []RoomInfo
	// Search is what the query's cell searches knew about the cell at the
	// timeline's cursor (the latest search that touched it).
	Search SearchInfo
	// Abstract is the state of each abstract node on the cell that the
	// query's searches of levels 1 and up have touched by the cursor,
	// lowest level first (empty for a cell hosting none).
	Abstract []LevelSearch
}

// LevelInfo is a cell's cluster or group at one abstract level.
type LevelInfo struct {
	Level int
	Group int32
	Name  string
}

// RoomInfo is the region (room) of one region layer a cell lies in: its
// character and, where the map names its rooms (a Tiled map), its name.
// InLevel: the level row of the same level (Levels) names it already, as
// the group hierarchy's group made of it ("region 'K' Kitchen").
type RoomInfo struct {
	Level   int
	Char    byte
	Name    string
	InLevel bool
}

// Text is the room as the inspector writes it: 'K' Kitchen, or 'K' where
// the map gives no name.
func (r RoomInfo) Text() string {
	t := fmt.Sprintf("%q", rune(r.Char))
	if r.Name != "" && r.Name != string(rune(r.Char)) {
		t += " " + r.Name
	}
	return t
}

// SearchInfo is a cell's search state at the cursor.
type SearchInfo struct {
	Seen, Closed bool
	G, H, F      float64
	Parent       image.Point
	HasParent    bool
	Event        int    // index of the cell's last event in the timeline
	Order        int    // expansion order in its search (0-based), when Closed
	Phase        string // the phase that touched it last
	// Joined, for a query endpoint that no cell search touched (so Seen
	// is false), says how the planner took it in instead, in a sentence
	// for the inspector: HPA* joins a start or goal whose level-1 cluster
	// it crosses by straight lines to the abstract graph by octile
	// distances, without a cell search, so its insertion phase is empty.
	// It is set once the cursor is past that phase; "" otherwise.
	Joined string
	// OnPath reports that the cell lies on the answer's path and the
	// timeline shows the finished query (its end, or no trace): then
	// PathG is the cost from the start along that path and PathStep its
	// step (0 at the start) of PathSteps. A search's own g may differ (the
	// goal's insertion search runs backwards from the goal, g 0 there).
	OnPath              bool
	PathG               float64
	PathStep, PathSteps int
}

// Inspect returns what is known about cell p: terrain, weight, component,
// its cluster or group at each level of the current hierarchy, and its
// state in the query's searches at the timeline cursor. It is cheap enough
// to call every frame for the hovered cell.
func (w *World) Inspect(p image.Point) CellInfo {
	ci := CellInfo{P: p, In: w.Grid.In(p), Component: -1}
	if !ci.In {
		return ci
	}
	ci.Terrain = w.Map.TerrainAt(p)
	ci.Weight = w.Grid.Weight(p)
	comp, ok := w.ComponentAt(p)
	ci.Component, ci.ComponentPending = comp, !ok
	if h := w.Hierarchy(); h != nil {
		for l := 1; l <= h.Levels(); l++ {
			id := h.GroupOf(l, p)
			li := LevelInfo{Level: l, Group: id}
			if id >= 0 {
				li.Name = h.GroupName(l, id)
			}
			ci.Levels = append(ci.Levels, li)
		}
	}
	i := w.Grid.Index(p)
	for k, layer := range w.Regions {
		if i >= len(layer) || maps.RegionNone(layer[i]) {
			continue
		}
		room := RoomInfo{Level: k + 1, Char: layer[i]}
		if k < len(w.RegionNames) {
			room.Name = w.RegionNames[k][room.Char]
		}
		room.InLevel = k < len(ci.Levels) && strings.HasPrefix(ci.Levels[k].Name, "region "+room.Text())
		ci.Rooms = append(ci.Rooms, room)
	}
	if st := w.Timeline.State(0, int32(w.Grid.Index(p))); st.Seen {
		ci.Search = w.searchInfo(0, st)
	} else {
		ci.Search.Joined = w.joinedWithoutSearch(p)
	}
	w.pathPlace(p, &ci.Search)
	ci.Abstract = w.AbstractSearches(p, nil)
	return ci
}

// searchInfo is the inspector's reading of node state st (seen) of level
// l: f as the search orders (h alone for greedy's cell search), the
// parent node's cell, the phase of its last event and, once closed, its
// expansion order.
func (w *World) searchInfo(l int, st NodeState) SearchInfo {
	s := SearchInfo{Seen: true, Closed: st.Closed, G: st.G, H: st.H, F: st.G + st.H, Event: st.Event}
	if l == 0 && w.Settings.Algo == AlgoGreedy {
		s.F = st.H
	}
	if st.Parent >= 0 {
		s.Parent, s.HasParent = w.NodeCell(l, st.Parent)
	}
	tr := w.Timeline.Trace()
	if k := tr.PhaseAt(st.Event); k >= 0 {
		s.Phase = tr.Phases[k].Name
	}
	if st.Closed {
		s.Order = w.popOrder(st.Event)
	}
	return s
}

// pathPlace fills s's OnPath, PathG and PathStep for cell p when the
// finished answer's path runs through it (its first visit). Cost: one pass
// over the path.
func (w *World) pathPlace(p image.Point, s *SearchInfo) {
	o := &w.Outcome
	if o.Status != pathing.Found || len(o.Path) == 0 || (w.Timeline.Len() > 0 && !w.Timeline.AtEnd()) {
		return
	}
	g := 0.0
	for i, q := range o.Path {
		if i > 0 {
			g += w.Grid.StepCost(o.Path[i-1], q, w.Settings.Neighborhood)
		}
		if q == p {
			s.OnPath, s.PathG, s.PathStep, s.PathSteps = true, g, i, len(o.Path)-1
			return
		}
	}
}

// joinedWithoutSearch returns the inspector's sentence for an HPA* start or
// goal p that its level-1 insertion took in without a cell search (octile
// distances to its cluster's nodes: hpa does this when straight lines from
// p reach every node of an 8-connected cluster of one weight), once the
// timeline's cursor is past that insertion phase; "" for any other cell,
// planner or cursor. Cost: a scan of the phases and of the insertion
// phase's events (none in the case it reports).
func (w *World) joinedWithoutSearch(p image.Point) string {
	if w.Settings.Algo != AlgoHPA || !w.Outcome.Traced || !w.HasStart || !w.HasGoal || w.Start == w.Goal {
		return ""
	}
	var who, phase string
	switch p {
	case w.Start:
		who, phase = "start", "insert S L1"
	case w.Goal:
		who, phase = "goal", "insert G L1"
	default:
		return ""
	}
	tl := &w.Timeline
	tr := tl.Trace()
	if tr == nil {
		return ""
	}
	for k, ph := range tr.Phases {
		if !strings.HasPrefix(ph.Name, phase) || ph.Level != 0 {
			continue
		}
		end := tr.PhaseEnd(k)
		if tl.Cursor() <= ph.Start || tl.Cursor() < end {
			return "" // the insertion has not run yet at the cursor
		}
		idx := int32(w.Grid.Index(p))
		for _, e := range tr.Events[ph.Start:end] {
			if e.Level == 0 && e.Node == idx {
				return "" // searched after all (Seen tells the rest)
			}
		}
		return who + ": joined to the level-1 graph by octile distances, no cell search"
	}
	return ""
}

// popOrder returns how many cell expansions precede event i within its
// phase: the cell's expansion order in that search (Timeline.PopOrder).
func (w *World) popOrder(i int) int { return w.Timeline.PopOrder(i) }

// LevelSearch is a cell's state in the search of one abstract level: the
// abstract node of that level on the cell, as the timeline's cursor left
// it.
type LevelSearch struct {
	Level int
	Node  int32
	// SearchInfo's search fields read as for a cell, the parent being
	// the cell of the parent node (Seen is always true: a node no search
	// touched is left out; Joined and the path fields stay empty).
	SearchInfo
}

// absIndex lists the abstract nodes the trace's searches touched, sorted
// by cell then level, so that Inspect finds the nodes on a cell with a
// binary search. It is rebuilt once per trace (timeline generation).
type absIndex struct {
	gen  uint64
	hier Hierarchy
	keys []absKey
	seen []bool // scratch: node ids of one level already listed
}

type absKey struct {
	cell  int32
	level int8
	node  int32
}

// abstractKeys returns the index for the timeline's current trace,
// building it first when the trace or the hierarchy changed. Cost:
// O(events) once per trace, plus a sort of the distinct nodes.
func (w *World) abstractKeys() []absKey {
	ix := &w.absAt
	tl := &w.Timeline
	if ix.gen == tl.Generation() && ix.hier == w.hier && ix.keys != nil {
		return ix.keys
	}
	ix.gen, ix.hier, ix.keys = tl.Generation(), w.hier, ix.keys[:0]
	if tr := tl.Trace(); tr != nil && w.hier != nil {
		for l := 1; l < MaxLevels; l++ {
			last := tl.Last(l)
			if len(last) == 0 {
				continue
			}
			if cap(ix.seen) < len(last) {
				ix.seen = make([]bool, len(last))
			}
			ix.seen = ix.seen[:len(last)]
			clear(ix.seen)
			for i := range tr.Events {
				e := &tr.Events[i]
				if int(e.Level) != l || !e.Kind.Search() || e.Node < 0 || int(e.Node) >= len(last) || ix.seen[e.Node] {
					continue
				}
				ix.seen[e.Node] = true
				if p, ok := w.NodeCell(l, e.Node); ok && w.Grid.In(p) {
					ix.keys = append(ix.keys, absKey{cell: int32(w.Grid.Index(p)), level: int8(l), node: e.Node})
				}
			}
		}
		slices.SortFunc(ix.keys, func(a, b absKey) int {
			if a.cell != b.cell {
				return cmp.Compare(a.cell, b.cell)
			}
			if a.level != b.level {
				return cmp.Compare(a.level, b.level)
			}
			return cmp.Compare(a.node, b.node)
		})
	}
	if ix.keys == nil {
		ix.keys = []absKey{} // built: empty, not "not built"
	}
	return ix.keys
}

// AbstractNodeLevel returns the highest level of an abstract node on cell
// p that the query's searches touch anywhere on its timeline (whatever the
// cursor), or 0 when none does: where the search layer draws a node's ring
// or disc at some point of the query, so a label kept off it stays put
// while the timeline plays. Cost: a binary search in the trace's node
// index (AbstractSearches').
func (w *World) AbstractNodeLevel(p image.Point) int {
	if !w.Grid.In(p) || w.Timeline.Len() == 0 {
		return 0
	}
	keys := w.abstractKeys()
	cell := int32(w.Grid.Index(p))
	i, _ := slices.BinarySearchFunc(keys, cell, func(k absKey, c int32) int { return cmp.Compare(k.cell, c) })
	l := 0
	for ; i < len(keys) && keys[i].cell == cell; i++ {
		l = max(l, int(keys[i].level))
	}
	return l
}

// AbstractSearches appends to dst the states, at the timeline's cursor, of
// the abstract nodes on cell p that the query's searches have touched so
// far, lowest level first (an HPA* node of level 2 sits on the cell of a
// level-1 node, and the query's start and goal join every level). Cost: a
// binary search in the trace's node index (built on the first call after a
// query).
func (w *World) AbstractSearches(p image.Point, dst []LevelSearch) []LevelSearch {
	if !w.Grid.In(p) || w.Timeline.Len() == 0 {
		return dst
	}
	keys := w.abstractKeys()
	cell := int32(w.Grid.Index(p))
	i, _ := slices.BinarySearchFunc(keys, cell, func(k absKey, c int32) int { return cmp.Compare(k.cell, c) })
	tl := &w.Timeline
	for ; i < len(keys) && keys[i].cell == cell; i++ {
		k := keys[i]
		st := tl.State(int(k.level), k.node)
		if !st.Seen {
			continue
		}
		dst = append(dst, LevelSearch{Level: int(k.level), Node: k.node, SearchInfo: w.searchInfo(int(k.level), st)})
	}
	return dst
}
