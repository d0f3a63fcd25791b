package world

import (
	"image"
	"strings"

	"pathlens/pathing"
)

// CellInfo is everything the inspector shows about one cell.
type CellInfo struct {
	P         image.Point
	In        bool // inside the map
	Terrain   byte
	Weight    uint8
	Component int32
	Levels    []LevelInfo
	// Search is what the query's cell searches knew about the cell at the
	// timeline's cursor (the latest search that touched it).
	Search SearchInfo
}

// LevelInfo is a cell's cluster or group at one abstract level.
type LevelInfo struct {
	Level int
	Group int32
	Name  string
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
	ci.Component = w.Component(p)
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
	tl := &w.Timeline
	st := tl.State(0, int32(w.Grid.Index(p)))
	if st.Seen {
		s := &ci.Search
		s.Seen, s.Closed, s.G, s.H, s.Event = true, st.Closed, st.G, st.H, st.Event
		s.F = st.G + st.H
		if w.Settings.Algo == AlgoGreedy {
			s.F = st.H
		}
		if st.Parent >= 0 && int(st.Parent) < w.Grid.Len() {
			s.Parent, s.HasParent = w.Grid.Point(int(st.Parent)), true
		}
		tr := tl.Trace()
		if k := tr.PhaseAt(st.Event); k >= 0 {
			s.Phase = tr.Phases[k].Name
		}
		if st.Closed {
			s.Order = w.popOrder(st.Event)
		}
	} else {
		ci.Search.Joined = w.joinedWithoutSearch(p)
	}
	w.pathPlace(p, &ci.Search)
	return ci
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
