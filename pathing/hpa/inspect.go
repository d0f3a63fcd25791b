package hpa

import (
	"image"
	"unsafe"

	"pathlens/pathing"
)

// Config returns the normalized config the hierarchy was built with.
func (h *Hierarchy) Config() Config { return h.cfg }

// Levels returns the number of abstract levels.
func (h *Hierarchy) Levels() int { return len(h.lv) }

// Grid returns the grid the hierarchy reads.
func (h *Hierarchy) Grid() *pathing.Grid { return h.grid }

func (h *Hierarchy) level(l int) *level {
	if l < 1 || l > len(h.lv) {
		return nil
	}
	return h.lv[l-1]
}

// ClusterSide returns the side in cells of a level-l cluster (0 for a bad level).
func (h *Hierarchy) ClusterSide(l int) int {
	if lv := h.level(l); lv != nil {
		return lv.side
	}
	return 0
}

// NumClusters returns the number of level-l clusters.
func (h *Hierarchy) NumClusters(l int) int {
	if lv := h.level(l); lv != nil {
		return len(lv.clusters)
	}
	return 0
}

// ClusterRect returns the cells of level-l cluster idx (empty when out of
// range). Clusters are numbered row by row.
func (h *Hierarchy) ClusterRect(l, idx int) image.Rectangle {
	lv := h.level(l)
	if lv == nil || idx < 0 || idx >= len(lv.clusters) {
		return image.Rectangle{}
	}
	return lv.clusters[idx].rect
}

// Clusters returns a new slice of the rectangles of every level-l cluster.
func (h *Hierarchy) Clusters(l int) []image.Rectangle {
	lv := h.level(l)
	if lv == nil {
		return nil
	}
	out := make([]image.Rectangle, len(lv.clusters))
	for i := range lv.clusters {
		out[i] = lv.clusters[i].rect
	}
	return out
}

// ClusterOf returns the index of the level-l cluster holding p, or -1 when p
// is outside the grid or the level does not exist. O(1).
func (h *Hierarchy) ClusterOf(l int, p image.Point) int {
	lv := h.level(l)
	if lv == nil || !h.grid.In(p) {
		return -1
	}
	return lv.clusterIndex(p)
}

// NodeCell returns the cell of abstract node id at level l; level 0 ids are
// cell indices. It returns (-1,-1) for an unknown or free id. Temporary query
// nodes are mapped by Querier.NodeCell.
func (h *Hierarchy) NodeCell(l int, id int32) image.Point {
	if l == 0 {
		if id >= 0 && int(id) < h.grid.Len() {
			return h.grid.Point(int(id))
		}
		return image.Pt(-1, -1)
	}
	lv := h.level(l)
	if lv == nil || id < 0 || int(id) >= len(lv.nodes) || lv.nodes[id].cluster < 0 {
		return image.Pt(-1, -1)
	}
	return lv.nodes[id].pt
}

// TempBase returns the id a query gives its start node at level l (the goal
// gets TempBase+1): the size of the level's id space when the query ran.
func (h *Hierarchy) TempBase(l int) int32 {
	if lv := h.level(l); lv != nil {
		return int32(len(lv.nodes))
	}
	return -1
}

// Component returns the connected-component label of p, or -1 when p is
// blocked or outside the grid. Two cells are connected exactly when their
// labels are equal. O(1).
func (h *Hierarchy) Component(p image.Point) int32 {
	if !h.grid.In(p) {
		return -1
	}
	return h.comp.Labels()[h.grid.Index(p)]
}

// Components returns the number of connected components of open cells.
func (h *Hierarchy) Components() int { return h.comp.Count() }

// Transition is the pair of cells chosen to cross an entrance; A lies in the
// entrance's cluster A.
type Transition struct{ A, B image.Point }

// Entrance is a maximal run of open cell pairs across the border of two
// clusters of some level. Cells lists the run on A's side in order; Offset
// leads from an A cell to its partner in B ((1,0) or (0,1)).
type Entrance struct {
	A, B        int // cluster indices at the level asked for
	Cells       []image.Point
	Offset      image.Point
	Transitions []Transition
}

// Entrances returns a new slice of the entrances on the borders of level-l
// clusters (level-1 entrances lying on level-l borders), with their
// transitions. Cost: proportional to the entrances' length.
func (h *Hierarchy) Entrances(l int) []Entrance {
	lv := h.level(l)
	if lv == nil {
		return nil
	}
	var out []Entrance
	add := func(vertical bool, cx, cy int, rs []run) {
		for _, r := range rs {
			var e Entrance
			for t := r.first; t < r.first+r.n; t++ {
				e.Cells = append(e.Cells, h.borderCell(vertical, cx, cy, int(t)))
			}
			e.Offset = borderOffset(vertical)
			e.A = lv.clusterIndex(e.Cells[0])
			e.B = lv.clusterIndex(e.Cells[0].Add(e.Offset))
			h.forTransitions(vertical, cx, cy, r, func(a, b image.Point) {
				e.Transitions = append(e.Transitions, Transition{a, b})
			})
			out = append(out, e)
		}
	}
	h.eachRuns(l, add)
	return out
}

// eachRuns calls f with the runs of every level-1 border that lies on a
// level-l border, the cluster (cx, cy) left of or above it.
func (h *Hierarchy) eachRuns(l int, f func(vertical bool, cx, cy int, rs []run)) {
	l1 := h.lv[0]
	h.eachRunsIn(l, 0, 0, l1.ncx, l1.ncy, f)
}

// eachRunsIn is eachRuns for the borders whose cluster (cx, cy), left of
// or above them, lies in [x0,x1)×[y0,y1) of level 1's clusters, in
// eachRuns' order.
func (h *Hierarchy) eachRunsIn(l, x0, y0, x1, y1 int, f func(vertical bool, cx, cy int, rs []run)) {
	l1 := h.lv[0]
	for cy := y0; cy < y1; cy++ {
		for cx := x0; cx < x1; cx++ {
			if cx+1 < l1.ncx {
				b := cy*(l1.ncx-1) + cx
				if int(h.vh[b]) >= l {
					f(true, cx, cy, h.vb[b])
				}
			}
			if cy+1 < l1.ncy {
				b := cy*l1.ncx + cx
				if int(h.hh[b]) >= l {
					f(false, cx, cy, h.hb[b])
				}
			}
		}
	}
}

// EachEntranceRun calls f with the first and last cell and the Offset of
// each entrance Entrances(l) lists, in its order, without listing their
// cells and transitions: a view drawing the entrances as bars needs no
// more, and on a 2048×2048 map with 8-cell clusters the lists were about
// 900,000 allocations.
func (h *Hierarchy) EachEntranceRun(l int, f func(first, last, offset image.Point)) {
	if h.level(l) == nil {
		return
	}
	l1 := h.lv[0]
	h.eachEntranceRunIn(l, 0, 0, l1.ncx, l1.ncy, f)
}

// eachEntranceRunIn is EachEntranceRun for the runs in level-1 clusters
// [x0,x1)×[y0,y1) (eachRunsIn).
func (h *Hierarchy) eachEntranceRunIn(l, x0, y0, x1, y1 int, f func(first, last, offset image.Point)) {
	h.eachRunsIn(l, x0, y0, x1, y1, func(vertical bool, cx, cy int, rs []run) {
		for _, r := range rs {
			if r.n <= 0 {
				continue
			}
			lo, hi := int(r.first), int(r.first)+int(r.n)-1
			f(h.borderCell(vertical, cx, cy, lo), h.borderCell(vertical, cx, cy, hi), borderOffset(vertical))
		}
	})
}

// NodeInfo describes an abstract node.
type NodeInfo struct {
	Level   int
	ID      int32
	Cell    image.Point
	Cluster int
}

// Nodes returns a new slice of the live nodes of level l, by id.
func (h *Hierarchy) Nodes(l int) []NodeInfo {
	lv := h.level(l)
	if lv == nil {
		return nil
	}
	out := make([]NodeInfo, 0, lv.alive)
	for id := range lv.nodes {
		n := &lv.nodes[id]
		if n.cluster >= 0 {
			out = append(out, NodeInfo{l, int32(id), n.pt, int(n.cluster)})
		}
	}
	return out
}

// EdgeInfo describes a directed abstract edge. Inter edges cross a cluster
// border (one per direction of a transition); intra edges join two nodes of
// one cluster at the exact in-cluster cost. Path is the cached refinement
// (cells for level 1; for higher levels the cells of the level-(l−1) nodes
// passed), without the start, when the hierarchy caches paths.
type EdgeInfo struct {
	Level    int
	From, To int32
	A, B     image.Point // cells of From and To
	Cost     float64
	Inter    bool
	Path     []image.Point
}

// EdgeCount returns the number of directed edges of level l (0 for a level
// out of range), as Edges would list them. Cost: one pass over the
// distance matrices.
func (h *Hierarchy) EdgeCount(l int) int {
	lv := h.level(l)
	if lv == nil {
		return 0
	}
	n := 0
	for ci := range lv.clusters {
		n += h.clusterEdgeCount(l, ci)
	}
	return n
}

// EachEdge calls f with every directed edge of level l in Edges' order,
// without its Path and without building a list: on a 3000×3000 map a
// level has millions of edges, and a caller drawing them needs no copy of
// each. e is reused between calls; f must not keep it.
func (h *Hierarchy) EachEdge(l int, f func(e *EdgeInfo)) {
	lv := h.level(l)
	if lv == nil {
		return
	}
	var e EdgeInfo
	for ci := range lv.clusters {
		h.clusterEdges(lv, ci, &e, f)
	}
}

// clusterEdges calls f with the directed edges leaving the nodes of
// cluster ci of lv, in EachEdge's order, through e.
func (h *Hierarchy) clusterEdges(lv *level, ci int, e *EdgeInfo, f func(e *EdgeInfo)) {
	l := lv.l
	cl := &lv.clusters[ci]
	n := len(cl.nodes)
	for i, a := range cl.nodes {
		na := &lv.nodes[a]
		if len(cl.dist) == n*n {
			for j, b := range cl.nodes {
				if c := cl.dist[i*n+j]; i != j && c < inf {
					*e = EdgeInfo{Level: l, From: a, To: b, A: na.pt, B: lv.nodes[b].pt, Cost: c}
					f(e)
				}
			}
		}
		for t := 0; t < int(na.ninter); t++ {
			ie := na.inter[t]
			*e = EdgeInfo{Level: l, From: a, To: ie.to, A: na.pt, B: lv.nodes[ie.to].pt, Cost: ie.out, Inter: true}
			f(e)
		}
	}
}

// Edges returns a new slice of every directed edge of level l. With a path
// cache this copies every cached path, which can be large.
func (h *Hierarchy) Edges(l int) []EdgeInfo {
	lv := h.level(l)
	if lv == nil {
		return nil
	}
	// Counted first and allocated once: on a 3000×3000 map a level has
	// millions of edges, and growing the list by appends copied gigabytes.
	out := make([]EdgeInfo, 0, h.EdgeCount(l))
	h.EachEdge(l, func(e *EdgeInfo) {
		e.Path = h.edgePath(l, *e)
		out = append(out, *e)
	})
	return out
}

func (h *Hierarchy) edgePath(l int, e EdgeInfo) []image.Point {
	if e.Inter || !h.cfg.CachePaths {
		return nil
	}
	lv := h.lv[l-1]
	na, nb := &lv.nodes[e.From], &lv.nodes[e.To]
	cl := &lv.clusters[na.cluster]
	k := int(na.slot)*len(cl.nodes) + int(nb.slot)
	var out []image.Point
	for _, c := range cl.arena[cl.pidx[2*k] : cl.pidx[2*k]+cl.pidx[2*k+1]] {
		if l == 1 {
			out = append(out, h.grid.Point(int(c)))
		} else {
			out = append(out, h.lv[l-2].nodes[c].pt)
		}
	}
	return out
}

// clusterEdgeCount returns how many edges clusterEdges appends for ci.
func (h *Hierarchy) clusterEdgeCount(l, ci int) int {
	lv := h.lv[l-1]
	cl := &lv.clusters[ci]
	n, c := len(cl.nodes), 0
	for i, a := range cl.nodes {
		if len(cl.dist) == n*n {
			for j := range n {
				if i != j && cl.dist[i*n+j] < inf {
					c++
				}
			}
		}
		c += int(lv.nodes[a].ninter)
	}
	return c
}

func near(a, b float64) bool {
	if a == b {
		return true
	}
	d := a - b
	if d < 0 {
		d = -d
	}
	m := a
	if m < 0 {
		m = -m
	}
	if m < 1 {
		m = 1
	}
	return d <= 1e-9*m
}

// Stats summarises a hierarchy's size.
type Stats struct {
	Levels     []LevelStats
	Nodes      int // all levels
	Edges      int // directed, all levels
	Components int
	OpenCells  int
	GridEdges  int // directed legal moves between open cells
	GridBytes  int // the grid's own storage (one byte a cell)
	// MemoryBytes is the hierarchy's own data, path cache included: nodes,
	// clusters, distance matrices and via masks, entrances, component
	// labels and, without the path cache, the copy of the grid that
	// incremental repair compares against (one byte a cell). It excludes
	// working memory (ScratchBytes), so it reads the same right after
	// Build as after any number of repairs of the same terrain.
	MemoryBytes int
	CacheBytes  int // the path cache alone (part of MemoryBytes)
	// ScratchBytes is the working memory the hierarchy holds now for
	// builds and repairs (search buffers, repair snapshots and pair
	// marks, the component repair's stamps and owners), not counted in
	// MemoryBytes. It grows on the first Update: the component repair
	// alone then allocates 8 bytes a cell (2 MB at 512×512). Queriers
	// own their working memory and are not counted.
	ScratchBytes int
}

// LevelStats is the size of one level.
type LevelStats struct {
	Level, Clusters, Nodes, InterEdges, IntraEdges int
}

// AbstractRatio is (nodes + edges) / (open cells + grid edges), the paper's
// measure of the abstraction's size.
func (s Stats) AbstractRatio() float64 {
	d := s.OpenCells + s.GridEdges
	if d == 0 {
		return 0
	}
	return float64(s.Nodes+s.Edges) / float64(d)
}

// Stats measures the hierarchy. Cost: one pass over the grid and the graph.
func (h *Hierarchy) Stats() Stats {
	s := h.GraphStats()
	g := h.grid
	nb := h.cfg.Neighborhood
	for y := 0; y < h.h; y++ {
		for x := 0; x < h.w; x++ {
			p := image.Pt(x, y)
			if !g.Open(p) {
				continue
			}
			s.OpenCells++
			for _, st := range nb.Steps() {
				if g.CanStep(p, p.Add(image.Pt(st.DX, st.DY)), nb) {
					s.GridEdges++
				}
			}
		}
	}
	return s
}

// GraphStats is Stats without the pass over the grid: OpenCells and
// GridEdges (the grid's legal moves, what AbstractRatio divides by) are
// left 0. Cost: one pass over the graph. The pass over the grid was most
// of Stats' time (half a second on 4096×4096), spent after every build of
// the app's hierarchy for figures it never showed.
func (h *Hierarchy) GraphStats() Stats {
	var s Stats
	for _, lv := range h.lv {
		ls := LevelStats{Level: lv.l, Clusters: len(lv.clusters), Nodes: lv.alive}
		for ci := range lv.clusters {
			cl := &lv.clusters[ci]
			n := len(cl.nodes)
			for k, c := range cl.dist {
				if c < inf && k/n != k%n {
					ls.IntraEdges++
				}
			}
		}
		for id := range lv.nodes {
			if lv.nodes[id].cluster >= 0 {
				ls.InterEdges += int(lv.nodes[id].ninter)
			}
		}
		s.Nodes += ls.Nodes
		s.Edges += ls.InterEdges + ls.IntraEdges
		s.Levels = append(s.Levels, ls)
	}
	s.MemoryBytes, s.CacheBytes = h.memory()
	s.ScratchBytes = h.scratchBytes()
	s.Components = h.comp.Count()
	s.GridBytes = h.grid.Len()
	return s
}

// MemoryBytes is Stats.MemoryBytes alone: one pass over the clusters'
// slices, not over their distance tables (GraphStats' edge count is most
// of its time, 8 ms at 512×512), so a caller may take it after every
// Update (the app's panel showed the size of the hierarchy as built).
func (h *Hierarchy) MemoryBytes() int {
	mem, _ := h.memory()
	return mem
}

// memory adds up the hierarchy's own data (Stats.MemoryBytes) and the path
// cache's part of it.
func (h *Hierarchy) memory() (mem, cache int) {
	mem = int(unsafe.Sizeof(*h))
	for _, lv := range h.lv {
		mem += cap(lv.nodes)*int(unsafe.Sizeof(node{})) + cap(lv.pts)*8 + cap(lv.free)*4
		mem += cap(lv.clusters) * int(unsafe.Sizeof(cluster{}))
		for ci := range lv.clusters {
			cl := &lv.clusters[ci]
			mem += cap(cl.nodes)*4 + cap(cl.cells)*4 + cap(cl.dist)*8 + cap(cl.via)*2
			cb := cap(cl.pidx)*4 + cap(cl.arena)*4
			mem += cb
			cache += cb
		}
	}
	mem += (cap(h.vb)+cap(h.hb))*int(unsafe.Sizeof([]run{})) + cap(h.vh) + cap(h.hh)
	for i := range h.vb {
		mem += cap(h.vb[i]) * 8
	}
	for i := range h.hb {
		mem += cap(h.hb[i]) * 8
	}
	mem += h.comp.MemoryBytes()
	if h.shadow != nil {
		mem += h.shadow.Len()
	}
	return mem, cache
}

// scratchBytes adds up the capacity of the hierarchy's working memory (see
// Stats.ScratchBytes).
func (h *Hierarchy) scratchBytes() int {
	b := h.comp.ScratchBytes()
	if s := h.cs; s != nil {
		b += cap(s.st)*int(unsafe.Sizeof(cellState{})) + cap(s.heap)*int(unsafe.Sizeof(hitem{})) +
			cap(s.dh)*int(unsafe.Sizeof(ditem{})) + cap(s.moves) + cap(s.pad) + cap(s.bg)*8 + cap(s.bclosed) + cap(s.bskip)
		for _, q := range s.bq {
			b += cap(q) * 4
		}
	}
	if s := h.ls; s != nil {
		b += cap(s.low)*4 + cap(s.child) + cap(s.internal) + cap(s.ninter) +
			cap(s.inter)*int(unsafe.Sizeof([2]lEdge{})) + cap(s.base)*4 + cap(s.loc)*4 +
			cap(s.locGen)*4 + cap(s.dist)*8 + cap(s.parent)*4 + cap(s.done) +
			cap(s.heap)*int(unsafe.Sizeof(lItem{}))
	}
	b += cap(h.tmp)*int(unsafe.Sizeof(image.Point{})) + cap(h.ids)*4 + cap(h.nodesBefore)*4 +
		cap(h.interBefore)*int(unsafe.Sizeof(interSnap{})) + cap(h.distBefore)*8 +
		cap(h.distOff)*8 + cap(h.uCells)*4 + cap(h.uOld)*4 + cap(h.uNew)*4 + cap(h.sameNodes) +
		cap(h.fullDirty)*8 + cap(h.incBuf)*8 + cap(h.incAffected) + cap(h.rest)*4 +
		cap(h.reuseFrom)*8 + cap(h.zPts)*int(unsafe.Sizeof(image.Point{})) + cap(h.zMargin)*8 +
		cap(h.zLB)*8 + cap(h.zNear)*8 + cap(h.zEdges)*int(unsafe.Sizeof(zEdge{})) + cap(h.zEU)*8 + cap(h.zENear)*8 +
		cap(h.needBuf) + cap(h.hitBuf) + cap(h.farBuf)*8 + cap(h.locBuf)*4 + cap(h.cntBuf)*8 + cap(h.spareDist)*8 +
		cap(h.spareVia)*2
	// The buffers Update lends its Repair lists from.
	b += (cap(h.edgeBuf[0]) + cap(h.edgeBuf[1])) * int(unsafe.Sizeof(EdgeInfo{}))
	b += (cap(h.upd.nodes[0]) + cap(h.upd.nodes[1])) * int(unsafe.Sizeof(NodeInfo{}))
	b += cap(h.upd.dirtyOuter)*int(unsafe.Sizeof([]int{})) + cap(h.upd.times)*8
	for _, d := range h.upd.dirtyLists {
		b += cap(d) * 8
	}
	return b
}

// clusterSpan returns the level's clusters overlapping area as the
// cluster coordinates [x0,x1)×[y0,y1) (empty when none).
func (lv *level) clusterSpan(area image.Rectangle, w, h int) (x0, y0, x1, y1 int) {
	area = area.Intersect(image.Rect(0, 0, w, h))
	if area.Empty() {
		return 0, 0, 0, 0
	}
	s := lv.side
	return area.Min.X / s, area.Min.Y / s, (area.Max.X + s - 1) / s, (area.Max.Y + s - 1) / s
}

// CoveredBy returns the cells of the level-l clusters overlapping area
// (inside the grid): the part of the level the ...In methods list for
// area. Every node, edge (by its A end) and entrance of the level in that
// rectangle, and none outside it, is listed by them. Empty when area
// misses the grid or the level does not exist.
func (h *Hierarchy) CoveredBy(l int, area image.Rectangle) image.Rectangle {
	lv := h.level(l)
	if lv == nil {
		return image.Rectangle{}
	}
	x0, y0, x1, y1 := lv.clusterSpan(area, h.w, h.h)
	if x1 <= x0 || y1 <= y0 {
		return image.Rectangle{}
	}
	s := lv.side
	return image.Rect(x0*s, y0*s, min(x1*s, h.w), min(y1*s, h.h))
}

// EachEdgeIn is EachEdge for the edges leaving the nodes of the level-l
// clusters overlapping area (CoveredBy), in EachEdge's order: a view
// drawing part of a level lists that part alone (level 1 of a cluster-8
// hierarchy on a 2048×2048 map has 4.3 million edges, a window's view at
// most a few hundred thousand). Cost: proportional to those clusters'
// edges.
func (h *Hierarchy) EachEdgeIn(l int, area image.Rectangle, f func(e *EdgeInfo)) {
	lv := h.level(l)
	if lv == nil {
		return
	}
	x0, y0, x1, y1 := lv.clusterSpan(area, h.w, h.h)
	var e EdgeInfo
	for cy := y0; cy < y1; cy++ {
		for cx := x0; cx < x1; cx++ {
			h.clusterEdges(lv, cy*lv.ncx+cx, &e, f)
		}
	}
}

// EdgeCountIn is EdgeCount for the edges EachEdgeIn lists.
func (h *Hierarchy) EdgeCountIn(l int, area image.Rectangle) int {
	lv := h.level(l)
	if lv == nil {
		return 0
	}
	x0, y0, x1, y1 := lv.clusterSpan(area, h.w, h.h)
	n := 0
	for cy := y0; cy < y1; cy++ {
		for cx := x0; cx < x1; cx++ {
			n += h.clusterEdgeCount(l, cy*lv.ncx+cx)
		}
	}
	return n
}

// AppendNodesIn appends to dst the live nodes of the level-l clusters
// overlapping area (CoveredBy), cluster by cluster (not by id), and
// returns it.
func (h *Hierarchy) AppendNodesIn(dst []NodeInfo, l int, area image.Rectangle) []NodeInfo {
	lv := h.level(l)
	if lv == nil {
		return dst
	}
	x0, y0, x1, y1 := lv.clusterSpan(area, h.w, h.h)
	for cy := y0; cy < y1; cy++ {
		for cx := x0; cx < x1; cx++ {
			ci := cy*lv.ncx + cx
			for _, id := range lv.clusters[ci].nodes {
				dst = append(dst, NodeInfo{l, id, lv.nodes[id].pt, ci})
			}
		}
	}
	return dst
}

// EachEntranceRunIn is EachEntranceRun for the entrances whose cells lie
// in the level-l clusters overlapping area (CoveredBy), in its order.
func (h *Hierarchy) EachEntranceRunIn(l int, area image.Rectangle, f func(first, last, offset image.Point)) {
	if h.level(l) == nil {
		return
	}
	// The runs lie on level-1 borders, their cells in the level-1
	// cluster left of or above the border; level-l clusters are made of
	// whole level-1 clusters.
	cov := h.CoveredBy(l, area)
	if cov.Empty() {
		return
	}
	x0, y0, x1, y1 := h.lv[0].clusterSpan(cov, h.w, h.h)
	h.eachEntranceRunIn(l, x0, y0, x1, y1, f)
}
