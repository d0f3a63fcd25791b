package world

import (
	"image"
	"math"
	"slices"
	"time"

	"pathlens/pathing"
)

// Hierarchy is an abstraction of the grid that the session can query,
// repair after edits, and show. The HPA* and group-hierarchy adapters in
// this package implement it over the real libraries; the world talks to
// nothing else, so a third hierarchy is one more adapter.
//
// A Hierarchy reads the world's grid. The world mutates the grid and then
// calls Update with the changed cells before the next Query.
type Hierarchy interface {
	// Levels returns the number of abstract levels (1..4).
	Levels() int
	// Query answers start→goal with the switches s, recording every phase
	// into tr when tr is not nil (BeginPhase per phase, events stamped with
	// their level; abstract node ids resolve through NodeCell).
	Query(start, goal image.Point, s Settings, tr *pathing.Trace) (Answer, error)
	// Update repairs the hierarchy after the given cells changed and says
	// what it touched.
	Update(changed []image.Point) Repair
	// NodeCell returns the cell of abstract node id at level l (1..Levels).
	NodeCell(l int, id int32) image.Point
	// Inspect returns the structure of level l for drawing. The slices are
	// the hierarchy's or freshly built; callers only read them.
	Inspect(l int) LevelView
	// GroupOf returns the cluster or group containing p at level l, or -1
	// for a blocked cell or a cell outside the grid.
	GroupOf(l int, p image.Point) int32
	// GroupName names a group of level l for the inspector ("C", "(3,4)").
	GroupName(l int, id int32) string
	// Component returns the connected-component label of p (-1 blocked).
	Component(p image.Point) int32
	// Size reports the size of the abstract graph over all levels.
	Size() Size
}

// LevelView is the structure of one abstract level, for drawing.
type LevelView struct {
	// ClusterSize is the side of the level's square clusters in cells, or
	// 0 when groups come from designer regions (then borders follow
	// GroupOf).
	ClusterSize int
	Nodes       []ViewNode
	Edges       []ViewEdge
	// Terms holds the connection costs of the group edges, each found
	// through its edge's Terms field (nil for HPA*).
	Terms []EdgeTerms
	// Entrances are the runs of border cell pairs between clusters (HPA*),
	// each as its first and last cell on one side of the border: the
	// last row or column of one cluster, so both ends lie in that cluster
	// (they are the same cell for a one-cell entrance).
	Entrances [][2]image.Point
	// EntranceSides[i] is the step from Entrances[i]'s cells to their
	// partners across the border: (1,0) when the border is on their right,
	// (0,1) when it is below them. It says on which edge of the cells to
	// draw a bar, which a one-cell entrance on a cluster's corner cell
	// could not tell otherwise.
	EntranceSides []image.Point
}

// InspectArea returns the structure of level l of h in the clusters
// overlapping area, and the cells those clusters cover: every node whose
// cell, every edge whose A end and every entrance whose cells lie in that
// rectangle, in the order Inspect(l) lists them, and nothing else. A frame
// drawing the part of a level in view lists that part alone: the whole of
// level 1 of a cluster-8 HPA* hierarchy on a 2048×2048 map is 4.3 million
// edges (337 MB and 0.3–0.6 s of the window's thread), a 1280×800 window
// where the level is drawn shows a few per cent of them. The listing is
// fresh, written into reuse's slices (pass the last listing, or a zero
// LevelView, when nothing reads it any more); nothing is cached.
//
// The group hierarchy's groups follow rooms and connected parts rather
// than squares, and a group's edges join representative cells however far
// apart: its listing is of the nodes and edges (by their A end) in area
// itself, and covered is area clipped to the grid. A caller after every
// edge touching some cells widens them by EdgeReach as well as ClusterSide.
// ok is false when h cannot list part of a level (the caller then lists
// the whole level with Inspect). reuse must be an InspectArea listing or
// zero, never an Inspect view (the hierarchy's cache).
func InspectArea(h Hierarchy, l int, area image.Rectangle, reuse LevelView) (v LevelView, covered image.Rectangle, ok bool) {
	switch a := h.(type) {
	case *hpaHier:
		v, covered = a.inspectArea(l, area, reuse)
		return v, covered, true
	case *groupHier:
		if l < 1 || l > a.Levels() {
			return LevelView{}, image.Rectangle{}, false
		}
		v, covered = a.inspectArea(l, area, reuse)
		return v, covered, true
	}
	return LevelView{}, image.Rectangle{}, false
}

// EdgeReach returns how far, in cells across or down, an edge of level l
// of h can reach beyond the clusters InspectArea lists it with: the longest
// of the group hierarchy's edges at l (its groups are not squares), 0 for
// others (an HPA* edge stays within ClusterSide of its A end).
func EdgeReach(h Hierarchy, l int) int {
	if a, ok := h.(*groupHier); ok && l >= 1 && l <= a.Levels() {
		return a.edgeReach(l)
	}
	return 0
}

// ViewNode is an abstract node: its id and cell.
type ViewNode struct {
	ID   int32
	Cell image.Point
}

// ViewEdge is an abstract edge between two nodes of a level. Inter edges
// cross a cluster border; the others are intra edges. Cost is the cost in
// use. A group edge's three connection costs live beside the edges, in the
// view's Terms (TermsOf): an HPA* level lists millions of edges (4.3
// million at level 1 of a cluster-8 hierarchy on a 2048×2048 map), and
// carrying them in every edge made each 88 bytes instead of 56 (377 MB
// instead of 240 listed on the frame that first shows the level).
type ViewEdge struct {
	From, To int32
	A, B     image.Point
	Cost     float64
	Inter    bool
	// Terms is 1 + the index of the edge's connection costs in its view's
	// Terms, 0 when it has none (HPA*). It sits in what was padding after
	// Inter, so it costs the edge no bytes.
	Terms int32
}

// EdgeTerms are a group edge's cost of each connection-cost kind and the
// number of entry terms its maximin and average minimum costs were taken
// over (0: none but from the edge's target, so both fell back to the
// minimum).
type EdgeTerms struct {
	Costs   [3]float64
	Entries int
}

// TermsOf returns e's connection costs, and false when e has none (an
// HPA* edge, or a view without them).
func (v LevelView) TermsOf(e *ViewEdge) (EdgeTerms, bool) {
	if e.Terms <= 0 || int(e.Terms) > len(v.Terms) {
		return EdgeTerms{}, false
	}
	return v.Terms[e.Terms-1], true
}

// Size is the size of a hierarchy. After repairs Nodes and Edges are
// exact; Bytes may be the figure of the build (an estimate of the memory
// held, which repairs change little).
type Size struct {
	Nodes, Edges int
	Bytes        int
	Build        time.Duration
	// Kind says how the hierarchy is built where that changes its figures
	// against cmd/bench's defaults ("no path cache" for HPA*: edits repair
	// it faster, queries refine steps by searching), "" otherwise.
	Kind string
}

// Answer is a planner's answer to one query.
type Answer struct {
	Status pathing.Status
	Path   []image.Point // start to goal; nil unless Found
	Cost   float64       // cost of Path (+Inf unless Found)
	// Plans[l] lists the cells of the plan's abstract nodes at level l
	// (1..Levels); Plans[0] is unused.
	Plans [][]image.Point
	// Segments split Path into the refined segments, one per top-level
	// plan step (or one per planner call for the group planner).
	Segments [][]image.Point
	// Refined holds the segments as refinement left them, before
	// smoothing (HPA*, traced queries that smoothed; else nil): while the
	// timeline steps through refinement the view shows these, since the
	// smoothed first segment can already span the whole route.
	Refined [][]image.Point
	// Phases lists the expansions and time of every phase, in order.
	Phases   []PhaseStat
	Expanded int
	// Excluded marks, per cell index, the cells the lowest search could not
	// enter in exclusion mode (nil when exclusion is off).
	Excluded []bool
	// Note is a remark worth showing ("exclusion made the goal
	// unreachable").
	Note string
}

// PhaseStat is one phase of a query.
type PhaseStat struct {
	Name     string
	Level    int
	Expanded int
	// Unit says what Expanded counts when it is not node expansions
	// ("cells checked" for smoothing); empty means expansions.
	Unit string
}

// Repair says what a hierarchy update touched.
type Repair struct {
	Time time.Duration
	// Dirty lists per level (index 0 unused) the rectangles of cells whose
	// clusters or groups were recomputed.
	Dirty        [][]image.Rectangle
	AddedNodes   []image.Point // cells of abstract nodes added (HPA*)
	RemovedNodes []image.Point
	// NodesAdded and NodesRemoved count abstract nodes or groups.
	NodesAdded   int
	NodesRemoved int
	// AddedEdges and RemovedEdges count the connections (directed edges)
	// that appeared or disappeared; ChangedEdges those there before and
	// after whose cost changed (a weight or a fill that keeps the
	// connectivity but lengthens or shortens a route), counted apart so
	// that such an edit neither reads as no change (the group hierarchy's
	// log said edges_added=0 edges_removed=0) nor as connections made and
	// lost (HPA*'s said 1 and 1 per changed edge).
	AddedEdges   int
	RemovedEdges int
	ChangedEdges int
	// Rebuilt is true when the hierarchy was rebuilt rather than repaired.
	Rebuilt bool

	// nodes and edges count, per identity, the additions (+1) and removals
	// (−1) of the updates merged so far when the hierarchy names them
	// (HPA*): a stroke's repair then reports its net change, not the sum
	// of every mouse move's (a node added by one move and removed by the
	// next showed as both, drawn as added on a wall).
	nodes map[nodeKey]int
	edges map[edgeKey]int

	// dirtyIDs[l][k] names Dirty[l][k]: its cluster's or group's id at
	// level l, as numbered after the last update merged (-1 when unknown
	// or no longer continued). merge tells a cluster repaired twice by it.
	dirtyIDs [][]int32
	// successor[l], in one update's report, maps level l's group ids
	// before the update to those after (-1: not continued); nil when the
	// ids stay (HPA* clusters, a level the update left alone).
	successor [][]int32
}

// nodeKey and edgeKey name an abstract node and a directed edge (with its
// cost: an edge whose cost changed is removed and added) across updates,
// whose node ids may be reused.
type nodeKey struct {
	level int
	cell  image.Point
}

type edgeKey struct {
	level int
	a, b  image.Point
	cost  float64 // keyCost
}

// keyCost rounds an edge cost to a millionth for edgeKey: repairs may
// compute a cost in another order than a fresh search, differing in the
// last bits, which is no change to report.
func keyCost(c float64) float64 { return math.Round(c*1e6) / 1e6 }

// Empty reports that r describes no repair (the zero Repair, as a switch
// that rebuilt or dropped the hierarchy leaves LastRepair).
func (r *Repair) Empty() bool {
	return r.Time == 0 && !r.Rebuilt && r.DirtyCount() == 0 && r.NodesAdded+r.NodesRemoved+r.AddedEdges+r.RemovedEdges+r.ChangedEdges == 0
}

// merge adds o's figures to r (for a stroke of several updates): the
// dirty clusters once each, the times and the node and edge counts summed.
func (r *Repair) merge(o Repair) {
	r.Time += o.Time
	for len(r.Dirty) < len(o.Dirty) {
		r.Dirty = append(r.Dirty, nil)
	}
	for len(r.dirtyIDs) < len(r.Dirty) {
		r.dirtyIDs = append(r.dirtyIDs, nil)
	}
	for l := range r.Dirty {
		for len(r.dirtyIDs[l]) < len(r.Dirty[l]) {
			r.dirtyIDs[l] = append(r.dirtyIDs[l], -1) // merged without ids
		}
		// The earlier updates' ids, renumbered to o's (group ids change
		// at every update; a group no longer continued is no longer named).
		if l < len(o.successor) && o.successor[l] != nil {
			succ := o.successor[l]
			for k, id := range r.dirtyIDs[l] {
				if id >= 0 && int(id) < len(succ) {
					r.dirtyIDs[l][k] = succ[id]
				} else {
					r.dirtyIDs[l][k] = -1
				}
			}
		}
	}
	for l, d := range o.Dirty {
		// A cluster or group repaired by several updates of one stroke is
		// one dirty cluster (the panel counted it once per update: 15 for
		// a stroke whose flash outlined 3), told by its id, not its box: a
		// group that grew between two updates has another box and is one
		// (a dug group counted twice). Its box is the latest. Only the
		// earlier updates' are compared; an update names each once.
		n := len(r.Dirty[l])
		for k, rc := range d {
			id := int32(-1)
			if l < len(o.dirtyIDs) && k < len(o.dirtyIDs[l]) {
				id = o.dirtyIDs[l][k]
			}
			if j := slices.Index(r.dirtyIDs[l][:n], id); id >= 0 && j >= 0 {
				r.Dirty[l][j] = rc
				continue
			}
			r.Dirty[l] = append(r.Dirty[l], rc)
			r.dirtyIDs[l] = append(r.dirtyIDs[l], id)
		}
	}
	r.Rebuilt = r.Rebuilt || o.Rebuilt
	if o.nodes == nil && o.edges == nil {
		// Counts without identities (the group hierarchy): summed. When
		// its repair waits for the stroke's end (large maps, deferRepair)
		// the sum is the stroke's change; repaired at every move, a group
		// made and unmade again counts as both.
		r.AddedNodes = append(r.AddedNodes, o.AddedNodes...)
		r.NodesAdded += o.NodesAdded
		r.NodesRemoved += o.NodesRemoved
		r.RemovedNodes = append(r.RemovedNodes, o.RemovedNodes...)
		r.AddedEdges += o.AddedEdges
		r.RemovedEdges += o.RemovedEdges
		r.ChangedEdges += o.ChangedEdges
		return
	}
	r.nodes = netAdd(r.nodes, o.nodes)
	r.edges = netAdd(r.edges, o.edges)
	r.fromNet()
}

// fromNet sets the node lists and the node and edge counts from the net
// counts per identity: additions and removals that cancel are left out
// (the same node removed and added again under a new id is no change). An
// edge removed at one cost and added at another between the same cells is
// one changed edge.
func (r *Repair) fromNet() {
	r.AddedNodes, r.RemovedNodes = r.AddedNodes[:0], r.RemovedNodes[:0]
	r.NodesAdded, r.NodesRemoved, r.AddedEdges, r.RemovedEdges, r.ChangedEdges = 0, 0, 0, 0, 0
	for k, n := range r.nodes {
		for ; n > 0; n-- {
			r.AddedNodes = append(r.AddedNodes, k.cell)
			r.NodesAdded++
		}
		for ; n < 0; n++ {
			r.RemovedNodes = append(r.RemovedNodes, k.cell)
			r.NodesRemoved++
		}
	}
	type ends struct {
		level int
		a, b  image.Point
	}
	var both map[ends][2]int // added, removed, per edge whatever its cost
	for k, n := range r.edges {
		if both == nil {
			both = make(map[ends][2]int, len(r.edges))
		}
		e := ends{k.level, k.a, k.b}
		v := both[e]
		if n > 0 {
			v[0] += n
		} else {
			v[1] -= n
		}
		both[e] = v
	}
	for _, v := range both {
		c := min(v[0], v[1]) // removed at one cost, added at another
		r.ChangedEdges += c
		r.AddedEdges += v[0] - c
		r.RemovedEdges += v[1] - c
	}
}

// netAdd adds o's counts to m (made when nil), dropping the keys that
// cancel out.
func netAdd[K comparable](m, o map[K]int) map[K]int {
	if m == nil {
		m = make(map[K]int, len(o))
	}
	for k, n := range o {
		if m[k]+n == 0 {
			delete(m, k)
		} else {
			m[k] += n
		}
	}
	return m
}

// DirtyCount returns the number of dirty rectangles over all levels.
func (r *Repair) DirtyCount() int {
	n := 0
	for _, d := range r.Dirty {
		n += len(d)
	}
	return n
}

// DropLevelViews forgets the level views h's Inspect cached, so that the
// next Inspect lists its level afresh (benchmarks outside this package:
// the cost of a first listing).
func DropLevelViews(h Hierarchy) {
	switch a := h.(type) {
	case *hpaHier:
		clear(a.views)
	case *groupHier:
		clear(a.views)
	}
}
