// Package groups is the group hierarchy of the textbook's hierarchical
// pathfinding (Millington, AI for Games §4.6): cells are gathered into groups
// (connected parts of square clusters or of designer-drawn regions), groups
// into groups again, and connections between groups get one of three
// estimated costs (minimum, maximin, average minimum). A Planner plans at the
// highest level where start and goal differ, takes the first step, refines
// that step level by level down to cells and returns the first segment; Walk
// repeats this the way an agent would. In exclusion mode every level is
// planned completely, each lower search limited to the groups of the plan
// above.
//
// A Graph is read-only during queries: any number of Planners (one per
// goroutine) may query it at once. Update, SetCost, SetExclusion and SetTarget
// change it and must not run concurrently with queries (nor with NewPlanner
// and the inspection methods, which read it too): hold a sync.RWMutex for
// reading around those and for writing around an edit and its Update. A
// query that an Update overlaps fails with ErrConcurrentUpdate (a
// *pathing.OverlapPanic wrapping it when the query also panicked); one planned
// after the grid changed without Update fails with ErrStale.
//
// Levels are numbered from 0 (cells) up to Config.Levels. At level l ≥ 1 a
// node is a group id, 0..len(Groups(l))-1, assigned in the order of each
// group's first cell in row-major order, so a fresh Build and a repaired
// graph number groups identically.
package groups

import (
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"sync/atomic"

	"pathlens/pathing"
)

// Key names what a group was carved from: a region (Region != 0, the layer's
// character) or a cluster (Region == 0, cluster coordinates X, Y at that
// level's cluster size).
type Key struct {
	Region byte
	X, Y   int32
}

// Group is one node of a level: a connected part of a cluster or region.
type Group struct {
	ID    int32
	Level int
	// Name is the region character, plus a number 1, 2, … in id order when
	// the region falls into several groups ("C", "C1", "C2"); for a cluster
	// group it is the cluster coordinates "(3,1)", plus "/2", "/3", … when
	// the cluster falls into several groups.
	Name string
	Key  Key
	// Rep is the representative: the group's open cell closest to its
	// centre of mass (ties: the first in row-major order). It is where a
	// plan step aims when taken down a level, and where the UI draws the node.
	Rep     image.Point
	Cells   int             // number of open cells
	Box     image.Rectangle // bounding box of its cells
	Parent  int32           // group id one level up, -1 at the top level
	Members int             // number of groups one level down (cells at level 1)
}

// Edge is a connection A→B: some cell of A steps to some cell of B.
type Edge struct {
	From, To int32
	// Costs holds the connection cost of each CostKind, indexed by it.
	Costs [numCosts]float64
	// Entries is the number of entry terms that Maximin and AvgMin were
	// computed from: the entries into From (cells at level 1, member groups
	// above) from a group other than To. 0 means they fell back to Minimum.
	Entries int
}

// Cost returns the edge's cost of kind k.
func (e Edge) Cost(k CostKind) float64 { return e.Costs[k] }

// level is one abstract level. Group-indexed slices use CSR layout: the items
// of group i are x[xStart[i]:xStart[i+1]].
type level struct {
	side    int     // cluster side in cells
	groupOf []int32 // per cell: group id, -1 for blocked cells
	groups  []Group

	cellStart []int32 // cells of each group (flat indices)
	cells     []int32
	memStart  []int32 // level-(l-1) groups of each group (nil at level 1)
	members   []int32
	edgeStart []int32 // out-edges of each group, sorted by To
	edges     []Edge

	// clustersOnly: no region layer at this level or below, so every group
	// lies inside the cluster its key names (the planner's estimate).
	clustersOnly bool
}

// Graph is a group hierarchy over a grid. Build makes one; Update repairs it
// after the grid changes.
type Graph struct {
	grid    *pathing.Grid
	cfg     Config
	regions [][]byte
	levels  []*level // levels[l] for l = 1..cfg.Levels; levels[0] is nil
	version uint64   // bumped by every change; planners' plan caches check it
	// seen is the grid's Version as of Build or the last Update: a
	// planner refuses to plan once the grid has moved past it.
	seen uint64
	// inUpdate counts the starts and ends of Update: odd while one runs.
	inUpdate atomic.Uint64
	updates  uint64   // bumped by every Update that regroups; cluster heuristics check it
	upd      *builder // Update's scratch memory, made on first use
}

// Errors of Build and of the planner.
var (
	// ErrNoPath: start and goal are not connected.
	ErrNoPath = errors.New("groups: goal is not reachable from start")
	// ErrExcluded: in exclusion mode the search of a lower level, limited
	// to the groups of the plan above, could not reach its goal. With groups
	// that are connected parts this only happens when the graph is out of
	// date with the grid in a way its Version does not show (changed cells
	// left out of Update's list).
	ErrExcluded = errors.New("groups: goal excluded by the plan above")
	// ErrStale: the grid changed since Build or the last Update (its
	// Version moved), or a search that the hierarchy guarantees to succeed
	// failed: the graph no longer matches the grid; call Update with the
	// changed cells.
	ErrStale = errors.New("groups: hierarchy is out of date with the grid")
	// ErrNoProgress: Walk came back to a cell it had already started a
	// segment from, so following the planner would loop forever.
	ErrNoProgress = errors.New("groups: walk revisits a segment start")
)

// Build groups the open cells of g into a hierarchy of cfg.Levels levels and
// computes every connection's three costs. regions holds optional region
// layers: regions[0] names the level-1 region of each cell (one byte per
// cell, row-major, len Width*Height), regions[1] the level-2 region, and so
// on; a nil layer, or a cell marked by NoRegion, falls back to clusters. At
// level l ≥ 2 a lower group belongs to the region (or cluster) of its
// representative cell. Every connected part of a region or cluster is its
// own group, so a wall never creates false connectivity.
//
// Cost: grouping is linear in cells; the Maximin/AvgMin terms cost, at
// level 1, one Dijkstra inside the group per neighbour (stopped once every
// entry it serves is settled; none for an open rectangle of one weight)
// and above it one per entry member and cost kind. A fresh build costs
// the groups' edges on every core (at most 8). A 512×512 map with the
// default clusters takes about a tenth of a second and 12 MB, 2048×2048
// a few seconds and 200 MB (BenchmarkBuild512, BenchmarkBuild2048). The
// grid is read, not copied: call Update after changing it.
// Build is BuildContext with a context that is never cancelled.
func Build(g *pathing.Grid, cfg Config, regions [][]byte) (*Graph, error) {
	return BuildContext(context.Background(), g, cfg, regions)
}

// BuildContext is Build that stops when ctx is cancelled: it looks at ctx
// before it starts, between levels, and before each group it floods or
// costs (the workers that cost a fresh build's edges: before each chunk
// of 64 groups they take, about 2 ms of level 1), so a cancelled build
// stops within a few milliseconds (at most about 10 on the 512×512 Moving
// AI maps: a level's assembly is not stopped) and an uncancelled one pays nothing measurable (a look is a
// few nanoseconds, a group microseconds). A cancelled build returns no
// graph and an error that wraps ctx.Err() (errors.Is(err,
// context.Canceled)) and names the build; the workers that cost edges
// have all stopped by then, and it wrote nothing but its own graph, which
// is dropped. The grid and the region layers are read, never written, as
// by Build. An uncancelled BuildContext returns what Build returns.
func BuildContext(ctx context.Context, g *pathing.Grid, cfg Config, regions [][]byte) (*Graph, error) {
	if g == nil {
		return nil, errors.New("groups: nil grid")
	}
	c, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if len(regions) > c.Levels {
		return nil, fmt.Errorf("groups: %d region layers for %d levels", len(regions), c.Levels)
	}
	gr := &Graph{grid: g, seen: g.Version(), cfg: c, regions: make([][]byte, len(regions))}
	for i, layer := range regions {
		if layer == nil {
			continue
		}
		if len(layer) != g.Len() {
			return nil, fmt.Errorf("groups: region layer %d has %d cells, map has %d (%d×%d)", i+1, len(layer), g.Len(), g.Width(), g.Height())
		}
		gr.regions[i] = append([]byte(nil), layer...)
	}
	stopped := func() error {
		return fmt.Errorf("groups: build of the %d×%d grid (cluster %d, %d levels) stopped: %w",
			g.Width(), g.Height(), c.ClusterSize, c.Levels, ctx.Err())
	}
	if ctx.Err() != nil {
		return nil, stopped()
	}
	b := newBuilder(gr)
	if ctx.Done() != nil { // else it is never cancelled: nothing to look at
		b.ctx = ctx
	}
	gr.levels = make([]*level, c.Levels+1)
	if !b.buildLevels(1, c.Levels) {
		return nil, stopped()
	}
	return gr, nil
}

// buildLevels makes levels from..to of b's graph in turn, each from the
// one below (level 1 from the grid). It reports false when b's context was
// cancelled; the level being made may then be nil or half done.
func (b *builder) buildLevels(from, to int) bool {
	gr := b.g
	for l := from; l <= to; l++ {
		if l == 1 {
			gr.levels[1] = b.level1()
		} else {
			gr.levels[l] = b.upper(l)
		}
		if b.cancelled() {
			return false
		}
		if buildLevelHook != nil {
			buildLevelHook(l)
		}
	}
	b.ctx = nil
	return true
}

// Grid returns the grid the graph was built on.
func (g *Graph) Grid() *pathing.Grid { return g.grid }

// Config returns the resolved configuration (no zero fields).
func (g *Graph) Config() Config { return g.cfg }

// Levels returns the number of abstract levels (level 0, the cells, not counted).
func (g *Graph) Levels() int { return g.cfg.Levels }

// Regions returns region layer l (1-based) or nil. Read-only.
func (g *Graph) Regions(l int) []byte {
	if l < 1 || l > len(g.regions) {
		return nil
	}
	return g.regions[l-1]
}

// SetCost switches the connection cost the planner uses. All three are
// precomputed, so this is O(1) and regroups nothing. A k that is none of the
// CostKind constants is ignored (check it with ParseCost or Config()). Not
// safe while queries run.
func (g *Graph) SetCost(k CostKind) {
	if k < numCosts {
		g.cfg.Cost = k
	}
	g.version++
}

// SetExclusion switches exclusion mode. Not safe while queries run.
func (g *Graph) SetExclusion(on bool) { g.cfg.Exclusion = on }

// SetTarget switches the refinement target; a t that is neither
// Representative nor Nearest is ignored. Not safe while queries run.
func (g *Graph) SetTarget(t Target) {
	if t <= Nearest {
		g.cfg.Target = t
	}
}

// GroupOf returns the id of the group holding cell p at level l (1..Levels),
// or -1 when p is blocked or outside the grid. At level 0 it returns p's cell
// index. O(1).
func (g *Graph) GroupOf(l int, p image.Point) int32 {
	if !g.grid.Open(p) {
		return -1
	}
	if l == 0 {
		return int32(g.grid.Index(p))
	}
	if l < 0 || l > g.cfg.Levels {
		return -1
	}
	return g.levels[l].groupOf[g.grid.Index(p)]
}

// GroupMap returns the per-cell group ids of level l (index y*Width+x, -1 for
// blocked cells): the graph's own storage, read-only, for drawing.
func (g *Graph) GroupMap(l int) []int32 {
	if l < 1 || l > g.cfg.Levels {
		return nil
	}
	return g.levels[l].groupOf
}

// Groups returns the groups of level l in id order, or nil for a level out
// of range. The slice is the graph's own: read it, don't modify it, and
// don't keep it across Update (which reuses the storage).
func (g *Graph) Groups(l int) []Group {
	if l < 1 || l > g.cfg.Levels {
		return nil
	}
	return g.levels[l].groups
}

// NodeCell returns the cell that stands for node id of level l: the group's
// representative at l ≥ 1, the cell itself at level 0. It returns (-1,-1)
// for an unknown node. This is how the UI draws trace events of abstract
// levels.
func (g *Graph) NodeCell(l int, id int32) image.Point {
	if l == 0 {
		if id < 0 || int(id) >= g.grid.Len() {
			return image.Point{-1, -1}
		}
		return g.grid.Point(int(id))
	}
	if l < 0 || l > g.cfg.Levels || id < 0 || int(id) >= len(g.levels[l].groups) {
		return image.Point{-1, -1}
	}
	return g.levels[l].groups[id].Rep
}

// Edges returns the out-edges of group id at level l, sorted by To. The
// slice is the graph's own: read-only, valid until the next Update.
func (g *Graph) Edges(l int, id int32) []Edge {
	if l < 1 || l > g.cfg.Levels || id < 0 || int(id) >= len(g.levels[l].groups) {
		return nil
	}
	lv := g.levels[l]
	return lv.edges[lv.edgeStart[id]:lv.edgeStart[id+1]]
}

// Edge returns the edge from→to at level l.
func (g *Graph) Edge(l int, from, to int32) (Edge, bool) {
	for _, e := range g.Edges(l, from) {
		if e.To == to {
			return e, true
		}
	}
	return Edge{}, false
}

// Members returns the ids of the level l-1 groups gathered by group id of
// level l ≥ 2 (cell indices at level 1). Read-only.
func (g *Graph) Members(l int, id int32) []int32 {
	if l < 1 || l > g.cfg.Levels || id < 0 || int(id) >= len(g.levels[l].groups) {
		return nil
	}
	lv := g.levels[l]
	if l == 1 {
		return lv.cells[lv.cellStart[id]:lv.cellStart[id+1]]
	}
	return lv.members[lv.memStart[id]:lv.memStart[id+1]]
}

// CellsOf returns the flat indices of the cells of group id at level l.
// Read-only.
func (g *Graph) CellsOf(l int, id int32) []int32 {
	if l < 1 || l > g.cfg.Levels || id < 0 || int(id) >= len(g.levels[l].groups) {
		return nil
	}
	lv := g.levels[l]
	return lv.cells[lv.cellStart[id]:lv.cellStart[id+1]]
}

// FindGroup returns the id of the group of level l with the given name, or -1.
func (g *Graph) FindGroup(l int, name string) int32 {
	for _, gr := range g.Groups(l) {
		if gr.Name == name {
			return gr.ID
		}
	}
	return -1
}

// NumEdges returns the number of directed edges of level l.
func (g *Graph) NumEdges(l int) int {
	if l < 1 || l > g.cfg.Levels {
		return 0
	}
	return len(g.levels[l].edges)
}

var inf = math.Inf(1)
