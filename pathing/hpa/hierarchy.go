package hpa

import (
	"context"
	"encoding/binary"
	"fmt"
	"image"
	"math"
	"runtime/debug"
	"slices"
	"sync"

	"pathlens/pathing"
)

var inf = math.Inf(1)

// Hierarchy is an HPA* abstraction of a grid: for each level 1..L, square
// clusters, the abstract nodes on their borders, inter edges (one per
// transition, across a border) and intra edges (between the nodes of one
// cluster, with the exact in-cluster cost). It also keeps the grid's
// connected-component labels.
//
// A Hierarchy reads the grid it was built on and never writes it. When the
// caller changes cells it must call Update with them before the next query.
// Any number of Queriers may search a Hierarchy at the same time; Update and
// queries must not overlap.
type Hierarchy struct {
	grid *pathing.Grid
	cfg  Config
	w, h int
	lv   []*level // lv[l-1] is level l

	// Level-1 borders: vb[cy*(ncx-1)+cx] lies between clusters (cx,cy) and
	// (cx+1,cy); hb[cy*ncx+cx] between (cx,cy) and (cx,cy+1). Each holds
	// the entrances (maximal runs of open pairs) along it.
	vb, hb [][]run
	vh, hh []uint8 // height of each border: the highest level it separates

	comp components

	// ctx is BuildContext's context while it builds, when it can be
	// cancelled; nil otherwise (repairs are never stopped).
	ctx context.Context

	cs  *cellSearch // build and repair working memory
	tmp []image.Point
	ids []int32

	nodesBefore []int32
	interBefore []interSnap // the dirty clusters' nodes' inter edges before a repair
	distBefore  []float64   // their distance matrices before
	distOff     []int
	uCells      []int32 // diffCluster's scratch
	uPts        []image.Point
	uOld, uNew  []int32
	sameNodes   []bool
	fullDirty   []int

	// shadow is the grid as the hierarchy last saw it (after Build or the
	// last Update): the old terrain incremental repair needs.
	shadow      *pathing.Grid
	incBuf      []float64
	incAffected []bool
	rest        []int32 // intra1Inc: nodes out of the edited cell's sight
	// dearer[ci]: level-(l−1) cluster ci changed in the last rebuildLevel,
	// keeping its nodes and inter edges, its intra edges only dearer or gone.
	dearer    map[int]bool
	reuseFrom []int
	ls        *localSearch // level-2+ intra edges
	// edit is the one toggled cell of the running Update, when it is one
	// (intraLEdit).
	edit struct {
		ok bool
		x  image.Point
		w  float64 // the weight of x while open
	}
	zPts    []image.Point
	zMargin []float64
	zLB     []float64
	wantBuf []bool    // intra1Inc: nodes whose d(x, ·) the via test needs
	oxBuf   []float64 // intra1Inc: w·oct(x, node)
	zNear   []float64
	zEdges  []zEdge   // intraLEdit: changed intra edges of the level below
	zEU     []float64 // intraLEdit: w·oct(node, edge end), both ends
	zENear  []float64
	// Reused repair buffers (repairs run on one goroutine): pair marks and
	// counts, and a spare matrix and via array that remaps swap with the
	// cluster's.
	needBuf, hitBuf []bool
	farBuf          []int   // coverL: nodes with pairs left not connected to the search's source
	locBuf          []int32 // coverL: the cluster's nodes' local ids
	cntBuf          []int
	spareDist       []float64
	spareVia        []uint16
	edgeBuf         [2][]EdgeInfo // Update: the Repair's edge lists, lent until the next Update
	// rebuildLevel's reused lists (the returned changed clusters are only
	// valid until the next call) and Update's reused sets.
	nodeOffBuf, restBuf, changedBuf []int
	upd                             updateBufs
}

// pairBufs returns cleared n×n pair marks and n counts (reused: for the
// serial repair paths only, not for builds' parallel workers).
func (h *Hierarchy) pairBufs(n int) ([]bool, []int) {
	need := boolBuf(&h.needBuf, n*n)
	cnt := slices.Grow(h.cntBuf[:0], n)[:n]
	clear(cnt)
	h.cntBuf = cnt
	return need, cnt
}

func boolBuf(b *[]bool, n int) []bool {
	v := slices.Grow((*b)[:0], n)[:n]
	clear(v)
	*b = v
	return v
}

// run is one entrance: n open pairs starting at coordinate first along the
// border (a row for a vertical border, a column for a horizontal one).
type run struct{ first, n int32 }

type level struct {
	l        int
	side     int // cluster side in cells
	ncx, ncy int
	clusters []cluster
	nodes    []node
	pts      [][2]int32 // pts[id]: the node's cell, compact for the searches' heuristic
	free     []int32
	alive    int
}

type cluster struct {
	rect  image.Rectangle
	nodes []int32   // node ids, sorted by cell index
	cells []int32   // cells[i]: the cell index of nodes[i] (nodeAt's search)
	dist  []float64 // n×n: dist[i*n+j] = cost from nodes[i] to nodes[j], +Inf when unconnected
	// Cached paths (Config.CachePaths): entry k = i*n+j is
	// arena[pidx[2k]:pidx[2k]+pidx[2k+1]], the path without its first
	// element: cell indices at level 1, level-(l−1) node ids above.
	pidx  []int32
	arena []int32
	// via[i*n+j] (levels ≥ 2, no path cache): the child clusters (bit
	// (cy−py·k)·k + cx−px·k) whose intra edges the stored i→j path uses;
	// repair re-settles only the pairs crossing a child that got dearer.
	via  []uint16
	sym  bool // every open cell of the cluster has the same weight
	open bool // every cell is open, all of one weight (level 1 only)
}

type node struct {
	pt      image.Point
	cell    int32
	cluster int32 // -1 when the id is free
	slot    int32 // index in cluster.nodes
	down    int32 // id of the same cell one level below (-1 at level 1)
	ninter  uint8
	inter   [2]interEdge
}

type interEdge struct {
	to      int32
	out, in float64 // cost to → and from `to`
	height  uint8   // highest level whose cluster border this crosses
}

// Build returns the hierarchy of g under cfg (zero fields take their
// defaults). It fails on a nil grid or a config out of range (the error
// names the field). Cost: per cluster, one search inside it from each of its
// nodes but the last, at every level, spread over the cores when there are
// many clusters; plus one labelling of the components. A level-1 cluster of
// one weight (8-connected) searches less, with or without the path cache:
// none when fully open, none for pairs joined by an octile-shaped path (the
// cache stores that path), and bucket-queue searches covering the rest. For
// a 512×512 game map (AR0011SR, Aftershock), about 4–6 ms with Fast (path
// cache) and 2.5–4 ms without; maze512 9 and 7.5 ms, 8room 16–17 and 13 ms;
// maps full of small obstacles (many entrances, cluttered clusters:
// random512) about 65 and 55 ms (cmd/bench medians, 2 cores). With the
// zero Config (cluster 10, no cache; BenchmarkBuild, quiet machine): 4–8 ms
// on the game maps and maze512, 19 ms on 8room, 33 ms on random512. Build
// is BuildContext with a context that is never cancelled.
func Build(g *pathing.Grid, cfg Config) (*Hierarchy, error) {
	return BuildContext(context.Background(), g, cfg)
}

// BuildContext is Build that stops when ctx is cancelled: it looks at ctx
// before it starts, between levels, and in each step of a level before each
// batch of 16 clusters (or row of borders) a worker takes, so a cancelled
// build of a 512×512 map ends within about 3 ms (random512, 36–60 ms in
// full: only the component labelling is not stopped) and an uncancelled
// one pays nothing measurable. A cancelled build returns no hierarchy and an error that
// wraps ctx.Err() (errors.Is(err, context.Canceled)) and names the build;
// it leaves nothing running (its worker goroutines and the component
// labelling have ended when it returns) and wrote nothing but its own
// hierarchy, which is dropped. The grid is read, never written, as by
// Build. An uncancelled BuildContext returns what Build returns.
func BuildContext(ctx context.Context, g *pathing.Grid, cfg Config) (*Hierarchy, error) {
	if g == nil {
		return nil, fmt.Errorf("hpa: nil grid")
	}
	cfg, err := cfg.Normalized()
	if err != nil {
		return nil, err
	}
	stopped := func() error {
		return fmt.Errorf("hpa: build of the %d×%d grid (%v) stopped: %w", g.Width(), g.Height(), cfg, ctx.Err())
	}
	if ctx.Err() != nil {
		return nil, stopped()
	}
	h := &Hierarchy{grid: g, cfg: cfg, w: g.Width(), h: g.Height()}
	if ctx.Done() != nil { // else it is never cancelled: nothing to look at
		h.ctx = ctx
	}
	h.cs = newCellSearch(g, cfg.Neighborhood)
	h.ls = &localSearch{}
	side := cfg.ClusterSize
	for l := 1; l <= cfg.Levels; l++ {
		lv := &level{l: l, side: side, ncx: (h.w + side - 1) / side, ncy: (h.h + side - 1) / side}
		lv.clusters = make([]cluster, lv.ncx*lv.ncy)
		for cy := 0; cy < lv.ncy; cy++ {
			for cx := 0; cx < lv.ncx; cx++ {
				lv.clusters[cy*lv.ncx+cx].rect = image.Rect(cx*side, cy*side, min((cx+1)*side, h.w), min((cy+1)*side, h.h))
			}
		}
		h.lv = append(h.lv, lv)
		side *= cfg.Branch
	}
	// The component labels do not depend on the hierarchy: label while
	// the levels are built.
	var compDone sync.WaitGroup
	var compPanic *WorkerPanic
	compDone.Add(1)
	// Also when the build panics: the labelling reads g and writes h, and
	// must stop before the caller's recover goes on (see forChunks).
	defer compDone.Wait()
	go func() {
		defer compDone.Done()
		defer func() {
			// Raised again below, on the caller's goroutine (see forChunks).
			if p := recover(); p != nil {
				compPanic = &WorkerPanic{Value: p, Stack: debug.Stack()}
			}
		}()
		if compBuildHook != nil {
			compBuildHook()
		}
		h.comp.build(g)
	}()
	l1 := h.lv[0]
	h.vb = make([][]run, max(0, (l1.ncx-1)*l1.ncy))
	h.hb = make([][]run, max(0, l1.ncx*(l1.ncy-1)))
	h.vh = make([]uint8, len(h.vb))
	h.hh = make([]uint8, len(h.hb))
	if serialBuild {
		h.buildSerial()
	} else {
		h.scanBorders(buildWorkers(len(l1.clusters)))
		for l := 1; l <= cfg.Levels && !h.cancelled(); l++ {
			h.buildLevel(l, buildWorkers(len(h.lv[l-1].clusters)))
			if buildLevelHook != nil {
				buildLevelHook(l)
			}
		}
	}
	compDone.Wait() // also when stopped: the labelling writes h.comp
	if compPanic != nil {
		panic(compPanic)
	}
	if h.cancelled() {
		return nil, stopped()
	}
	h.ctx = nil
	if !cfg.CachePaths {
		h.shadow = g.Clone()
	}
	return h, nil
}

// serialBuild makes BuildContext build one cluster after another through
// rebuildLevel, as it did before buildLevel: the reference the parallel
// build is tested against.
var serialBuild bool

// buildSerial is BuildContext's border scan and levels through
// rebuildLevel (see serialBuild).
func (h *Hierarchy) buildSerial() {
	l1 := h.lv[0]
	for cy := 0; cy < l1.ncy; cy++ {
		for cx := 0; cx < l1.ncx; cx++ {
			if cx+1 < l1.ncx {
				b := cy*(l1.ncx-1) + cx
				h.vh[b] = h.borderHeight(cx + 1)
				h.vb[b] = h.scanBorder(true, cx, cy, nil)
			}
			if cy+1 < l1.ncy {
				b := cy*l1.ncx + cx
				h.hh[b] = h.borderHeight(cy + 1)
				h.hb[b] = h.scanBorder(false, cx, cy, nil)
			}
		}
	}
	// Size the node arrays once: at most two endpoints per transition at
	// level 1, at most the nodes below with an edge crossing a level-l
	// border above (appending would copy them log n times).
	est := 0
	for _, rs := range [2][][]run{h.vb, h.hb} {
		for _, b := range rs {
			for _, r := range b {
				switch {
				case h.cfg.Placement == Dense:
					est += 2 * int(r.n)
				case r.n < SparseRun:
					est += 2
				default:
					est += 4
				}
			}
		}
	}
	all := make([]int, len(l1.clusters))
	for l := 1; l <= h.cfg.Levels; l++ {
		lv := h.lv[l-1]
		if l > 1 {
			est = 0
			for i := range h.lv[l-2].nodes {
				n := &h.lv[l-2].nodes[i]
				for e := 0; e < int(n.ninter); e++ {
					if int(n.inter[e].height) >= l {
						est++
						break
					}
				}
			}
		}
		lv.nodes = make([]node, 0, est)
		lv.pts = make([][2]int32, 0, est)
		all = all[:len(lv.clusters)]
		for i := range all {
			all[i] = i
		}
		if h.cancelled() {
			break
		}
		h.rebuildLevel(l, all, nil, nil, nil)
		if buildLevelHook != nil {
			buildLevelHook(l)
		}
	}
}

// borderHeight is the highest level whose clusters are separated by the
// level-1 border before level-1 column (or row) c.
func (h *Hierarchy) borderHeight(c int) uint8 {
	ht := uint8(1)
	k := 1
	for l := 2; l <= h.cfg.Levels; l++ {
		k *= h.cfg.Branch
		if c%k != 0 {
			break
		}
		ht = uint8(l)
	}
	return ht
}

// scanBorder lists the entrances of the border to the right of (vertical)
// or below (horizontal) level-1 cluster (cx,cy), appended to dst.
func (h *Hierarchy) scanBorder(vertical bool, cx, cy int, dst []run) []run {
	C := h.cfg.ClusterSize
	cells := h.grid.Cells()
	var lo, hi int
	if vertical {
		x := (cx+1)*C - 1
		lo, hi = cy*C, min((cy+1)*C, h.h)
		// cell (x, y) pairs with (x+1, y)
		for y := lo; y < hi; {
			i := y*h.w + x
			if cells[i] == pathing.Blocked || cells[i+1] == pathing.Blocked {
				y++
				continue
			}
			s := y
			for y < hi && cells[y*h.w+x] != pathing.Blocked && cells[y*h.w+x+1] != pathing.Blocked {
				y++
			}
			dst = append(dst, run{int32(s), int32(y - s)})
		}
		return dst
	}
	y := (cy+1)*C - 1
	lo, hi = cx*C, min((cx+1)*C, h.w)
	for x := lo; x < hi; {
		i := y*h.w + x
		if cells[i] == pathing.Blocked || cells[i+h.w] == pathing.Blocked {
			x++
			continue
		}
		s := x
		for x < hi && cells[y*h.w+x] != pathing.Blocked && cells[(y+1)*h.w+x] != pathing.Blocked {
			x++
		}
		dst = append(dst, run{int32(s), int32(x - s)})
	}
	return dst
}

// forTransitions calls f(a, b) for each transition of run r on the border
// right of (vertical) or below level-1 cluster (cx,cy), under the configured
// placement: a is the cell on the left/top side, b its partner.
func (h *Hierarchy) forTransitions(vertical bool, cx, cy int, r run, f func(a, b image.Point)) {
	C := h.cfg.ClusterSize
	at := func(t int32) {
		if vertical {
			x := (cx+1)*C - 1
			f(image.Pt(x, int(t)), image.Pt(x+1, int(t)))
		} else {
			y := (cy+1)*C - 1
			f(image.Pt(int(t), y), image.Pt(int(t), y+1))
		}
	}
	switch {
	case h.cfg.Placement == Dense:
		for t := r.first; t < r.first+r.n; t++ {
			at(t)
		}
	case r.n < SparseRun:
		at(r.first + (r.n-1)/2)
	default:
		at(r.first)
		at(r.first + r.n - 1)
	}
}

// level1Desired appends to dst the cells of the transition endpoints that
// lie in level-1 cluster ci, sorted by index without duplicates.
func (h *Hierarchy) level1Desired(ci int, dst []image.Point) []image.Point {
	l1 := h.lv[0]
	cx, cy := ci%l1.ncx, ci/l1.ncx
	dst = dst[:0]
	if cx > 0 {
		for _, r := range h.vb[cy*(l1.ncx-1)+cx-1] {
			h.forTransitions(true, cx-1, cy, r, func(a, b image.Point) { dst = append(dst, b) })
		}
	}
	if cx+1 < l1.ncx {
		for _, r := range h.vb[cy*(l1.ncx-1)+cx] {
			h.forTransitions(true, cx, cy, r, func(a, b image.Point) { dst = append(dst, a) })
		}
	}
	if cy > 0 {
		for _, r := range h.hb[(cy-1)*l1.ncx+cx] {
			h.forTransitions(false, cx, cy-1, r, func(a, b image.Point) { dst = append(dst, b) })
		}
	}
	if cy+1 < l1.ncy {
		for _, r := range h.hb[cy*l1.ncx+cx] {
			h.forTransitions(false, cx, cy, r, func(a, b image.Point) { dst = append(dst, a) })
		}
	}
	return sortCells(dst, h.w)
}

func sortCells(ps []image.Point, w int) []image.Point {
	slices.SortFunc(ps, func(a, b image.Point) int { return (a.Y*w + a.X) - (b.Y*w + b.X) })
	out := ps[:0]
	for i, p := range ps {
		if i == 0 || p != ps[i-1] {
			out = append(out, p)
		}
	}
	return out
}

// levelDesired appends the cells of the level-l nodes of level-l cluster ci
// (l ≥ 2): the level-(l−1) nodes inside it with an inter edge crossing a
// level-l border.
func (h *Hierarchy) levelDesired(l, ci int, dst []image.Point) []image.Point {
	dst = dst[:0]
	lv, low := h.lv[l-1], h.lv[l-2]
	k := h.cfg.Branch
	cx, cy := ci%lv.ncx, ci/lv.ncx
	for sy := cy * k; sy < min((cy+1)*k, low.ncy); sy++ {
		for sx := cx * k; sx < min((cx+1)*k, low.ncx); sx++ {
			for _, id := range low.clusters[sy*low.ncx+sx].nodes {
				n := &low.nodes[id]
				for e := 0; e < int(n.ninter); e++ {
					if int(n.inter[e].height) >= l {
						dst = append(dst, n.pt)
						break
					}
				}
			}
		}
	}
	return sortCells(dst, h.w)
}

// clusterIndex returns the index of the level-l cluster holding p.
func (lv *level) clusterIndex(p image.Point) int {
	return (p.Y/lv.side)*lv.ncx + p.X/lv.side
}

func (lv *level) alloc() int32 {
	if n := len(lv.free); n > 0 {
		id := lv.free[n-1]
		lv.free = lv.free[:n-1]
		return id
	}
	lv.nodes = append(lv.nodes, node{cluster: -1})
	lv.pts = append(lv.pts, [2]int32{})
	return int32(len(lv.nodes) - 1)
}

// rebuildLevel recomputes the nodes, inter edges and intra edges of the
// given level-l clusters. rep, when not nil, receives what changed; the
// return value lists the clusters whose edges or nodes actually changed.
//
// At level 1, when only cell X changed in a cluster whose node set stays the
// same, inc (cluster → X) lets the intra edges be updated incrementally
// (see intra1Inc) instead of recomputed.
//
// own (level 1, repairs) holds the clusters that contain a changed cell; a
// dirty cluster outside it only saw its border's transitions change, so its
// surviving nodes keep their distances (see intra1Reuse).
func (h *Hierarchy) rebuildLevel(l int, dirty []int, rep *Repair, inc map[int]image.Point, own map[int]bool) []int {
	lv := h.lv[l-1]
	// Snapshots of the dirty clusters' nodes and edges, to report and to
	// tell whether anything changed (kept in reused buffers).
	var nodeOff []int
	if rep != nil {
		h.nodesBefore = h.nodesBefore[:0]
		h.distBefore = h.distBefore[:0]
		h.interBefore = h.interBefore[:0]
		nodeOff = h.nodeOffBuf[:0]
		h.distOff = h.distOff[:0]
		for _, ci := range dirty {
			nodeOff = append(nodeOff, len(h.nodesBefore))
			h.distOff = append(h.distOff, len(h.distBefore))
			cl := &lv.clusters[ci]
			for _, id := range cl.nodes {
				n := &lv.nodes[id]
				h.nodesBefore = append(h.nodesBefore, n.cell)
				var sn interSnap
				sn.n = n.ninter
				for t := 0; t < int(n.ninter); t++ {
					ie := &n.inter[t]
					sn.e[t] = interSnapEdge{b: lv.nodes[ie.to].cell, out: ie.out, in: ie.in}
				}
				h.interBefore = append(h.interBefore, sn)
			}
			if k := len(cl.nodes); len(cl.dist) == k*k {
				h.distBefore = append(h.distBefore, cl.dist...)
			}
		}
		nodeOff = append(nodeOff, len(h.nodesBefore))
		h.distOff = append(h.distOff, len(h.distBefore))
	}
	// Pass 1: node sets.
	sameNodes := h.sameNodes[:0]
	for _, ci := range dirty {
		same := true
		var want []image.Point
		if l == 1 {
			want = h.level1Desired(ci, h.tmp)
		} else {
			want = h.levelDesired(l, ci, h.tmp)
		}
		h.tmp = want
		cl := &lv.clusters[ci]
		old := cl.nodes
		ids := h.ids[:0]
		// old and want are both sorted by cell index: merge.
		i := 0
		for _, p := range want {
			c := int32(p.Y*h.w + p.X)
			for i < len(old) && lv.nodes[old[i]].cell < c {
				h.freeNode(lv, old[i], rep)
				i++
				same = false
			}
			var id int32
			kept := false
			if i < len(old) && lv.nodes[old[i]].cell == c {
				id = old[i]
				i++
				kept = true
			} else {
				id = lv.alloc()
				same = false
				lv.alive++
				if rep != nil {
					rep.NodesAdded = append(rep.NodesAdded, NodeInfo{Level: l, ID: id, Cell: p, Cluster: ci})
				}
			}
			n := &lv.nodes[id]
			n.pt, n.cell, n.cluster, n.slot = p, c, int32(ci), int32(len(ids))
			lv.pts[id] = [2]int32{int32(p.X), int32(p.Y)}
			switch {
			case l == 1:
				n.down = -1
			case !kept:
				n.down = h.nodeAt(h.lv[l-2], c)
				// A kept node's lower node kept its id too: it is at the
				// same cell, and had it gone, so would this node.
			}
			ids = append(ids, id)
		}
		for ; i < len(old); i++ {
			h.freeNode(lv, old[i], rep)
			same = false
		}
		cl.nodes = append(cl.nodes[:0], ids...)
		cl.cells = slices.Grow(cl.cells[:0], len(ids))
		for _, id := range ids {
			cl.cells = append(cl.cells, lv.nodes[id].cell)
		}
		sameNodes = append(sameNodes, same)
		h.ids = ids
	}
	// Pass 2: inter edges of the dirty clusters' nodes.
	for _, ci := range dirty {
		for _, id := range lv.clusters[ci].nodes {
			lv.nodes[id].ninter = 0
		}
		if l == 1 {
			h.level1Inter(ci)
		} else {
			h.levelInter(l, ci)
		}
	}
	// Pass 3: intra edges, cluster by cluster (in parallel for big batches:
	// each cluster's matrix is its own, the searches read shared state only).
	h.sameNodes = sameNodes
	full := dirty
	if l == 1 && rep != nil && (len(inc) > 0 || own != nil) {
		full = h.fullDirty[:0]
		for i, ci := range dirty {
			done := false
			if own != nil && !own[ci] {
				done = h.intra1Reuse(ci, h.nodesBefore[nodeOff[i]:nodeOff[i+1]])
			} else if x, ok := inc[ci]; ok {
				done = h.intra1Inc(ci, x, h.nodesBefore[nodeOff[i]:nodeOff[i+1]])
			}
			if !done {
				full = append(full, ci)
			}
		}
		h.fullDirty = full
	}
	if l >= 2 && rep != nil && h.dearer != nil {
		// Children that only got dearer: re-settle just the pairs whose
		// stored path crosses them (intraLInc).
		k := h.cfg.Branch
		low := h.lv[l-2]
		rest := h.restBuf[:0]
		for i, ci := range full {
			ok := sameNodes[i]
			var mask uint16
			px, py := (ci%lv.ncx)*k, (ci/lv.ncx)*k
			for dy := 0; dy < k && ok; dy++ {
				for dx := 0; dx < k && ok; dx++ {
					cx, cy := px+dx, py+dy
					if cx >= low.ncx || cy >= low.ncy {
						continue
					}
					if d, changed := h.dearer[cy*low.ncx+cx]; changed {
						ok = d
						mask |= 1 << uint(dy*k+dx)
					}
				}
			}
			if h.intraLEdit(l, ci, h.nodesBefore[nodeOff[i]:nodeOff[i+1]], rep, ok, mask) {
				continue
			}
			if !ok || mask == 0 || !h.intraLInc(l, ci, mask) {
				rest = append(rest, ci)
			}
		}
		full = rest
		h.restBuf = rest
	}
	h.intraAll(l, full)
	if rep == nil {
		return nil
	}
	// The dearer verdicts of the level below were read above: the map is
	// reused for this level's.
	dearer := h.dearer
	if dearer == nil {
		dearer = map[int]bool{}
	} else {
		clear(dearer)
	}
	changed := h.changedBuf[:0]
	for i, ci := range dirty {
		nb := h.nodesBefore[nodeOff[i]:nodeOff[i+1]]
		ib := h.interBefore[nodeOff[i]:nodeOff[i+1]]
		db := h.distBefore[h.distOff[i]:h.distOff[i+1]]
		same, cheaper := h.diffCluster(l, ci, nb, ib, db, rep)
		cl := &lv.clusters[ci]
		nodesSame := len(nb) == len(cl.nodes)
		if nodesSame {
			for j, id := range cl.nodes {
				if lv.nodes[id].cell != nb[j] {
					nodesSame = false
					break
				}
			}
		}
		if !nodesSame {
			same = false
		}
		if !same {
			changed = append(changed, ci)
			dearer[ci] = nodesSame && !cheaper
		}
	}
	h.dearer = dearer
	h.changedBuf = changed
	h.nodeOffBuf = nodeOff
	return changed
}

// interSnap records a node's inter edges before a repair (partner cells).
type interSnap struct {
	n uint8
	e [2]interSnapEdge
}

type interSnapEdge struct {
	b       int32 // partner cell
	out, in float64
}

// diffCluster reports into rep the edges of level-l cluster ci that
// appeared, disappeared or changed cost against its state before the
// repair (the nodes' cells oldCells in slot order, their inter edges
// oldInter, the distance matrix oldDist, empty when it had none), in a
// canonical order: by source cell, intra edges before inter edges, then
// by target cell. same reports that nothing changed; cheaper that some
// edge appeared, got cheaper or some inter edge changed at all (the
// opposite of "its intra edges only got dearer or vanished"). Cost: one
// pass over the pairs of the old and new nodes, no sorting; only the
// changes are looked up and recorded.
func (h *Hierarchy) diffCluster(l, ci int, oldCells []int32, oldInter []interSnap, oldDist []float64, rep *Repair) (same, cheaper bool) {
	lv := h.lv[l-1]
	cl := &lv.clusters[ci]
	n, m := len(cl.nodes), len(oldCells)
	newDist := cl.dist
	if len(newDist) != n*n {
		newDist = nil
	}
	if len(oldDist) != m*m {
		oldDist = nil
	}
	// The union of the old and new nodes by cell: uo/un give the old and
	// new slot (or -1).
	uc, uo, un := h.uCells[:0], h.uOld[:0], h.uNew[:0]
	for i, j := 0, 0; i < m || j < n; {
		var nc int32 = -1
		if j < n {
			nc = lv.nodes[cl.nodes[j]].cell
		}
		switch {
		case j == n || (i < m && oldCells[i] < nc):
			uc, uo, un = append(uc, oldCells[i]), append(uo, int32(i)), append(un, -1)
			i++
		case i == m || nc < oldCells[i]:
			uc, uo, un = append(uc, nc), append(uo, -1), append(un, int32(j))
			j++
		default:
			uc, uo, un = append(uc, nc), append(uo, int32(i)), append(un, int32(j))
			i++
			j++
		}
	}
	h.uCells, h.uOld, h.uNew = uc, uo, un
	// The union's points, once per entry (a reported edge would otherwise
	// divide its two cell indices into points): current nodes' from the
	// node table, vanished ones' from the index.
	up := slices.Grow(h.uPts[:0], len(uc))[:len(uc)]
	for x, c := range uc {
		if un[x] >= 0 {
			up[x] = lv.nodes[cl.nodes[un[x]]].pt
		} else {
			up[x] = h.grid.Point(int(c))
		}
	}
	h.uPts = up
	// idOf is the current id of the node at union entry x, or -1.
	idOf := func(x int) int32 {
		if un[x] < 0 {
			return -1
		}
		return cl.nodes[un[x]]
	}
	info := func(from, to int32, a, b image.Point, cost float64, inter bool) EdgeInfo {
		return EdgeInfo{Level: l, From: from, To: to, A: a, B: b, Cost: cost, Inter: inter}
	}
	// Same nodes in the same slots: a row that is bit for bit the same
	// needs no pair by pair look (most rows, after a local change).
	sameSlots := n == m && len(uc) == n && oldDist != nil && newDist != nil
	same = true
	exact := h.cfg.CachePaths
	for x := range uc {
		oa, na := uo[x], un[x]
		// Intra edges.
		if sameSlots && slices.Equal(oldDist[x*n:x*n+n], newDist[x*n:x*n+n]) {
			// unchanged row
		} else if (oa >= 0 && oldDist != nil) || (na >= 0 && newDist != nil) {
			var orow, nrow []float64
			if oa >= 0 && oldDist != nil {
				orow = oldDist[int(oa)*m : int(oa)*m+m]
			}
			if na >= 0 && newDist != nil {
				nrow = newDist[int(na)*n : int(na)*n+n]
			}
			for y := range uc {
				if y == x {
					continue
				}
				od, nd := inf, inf
				if orow != nil && uo[y] >= 0 {
					od = orow[uo[y]]
				}
				if nrow != nil && un[y] >= 0 {
					nd = nrow[un[y]]
				}
				if od == nd {
					continue
				}
				if od < inf && nd < inf && near(od, nd) {
					// The same cost up to rounding (a search from the
					// other end, or in another order): not reported. With
					// cached paths it still counts as a change, so the
					// level above is searched again from the new floats,
					// as a fresh build would, and breaks ties the same way.
					if exact {
						same = false
					}
					continue
				}
				same = false
				if od < inf {
					rep.EdgesRemoved = append(rep.EdgesRemoved, info(idOf(x), idOf(y), up[x], up[y], od, false))
				}
				if nd < inf {
					rep.EdgesAdded = append(rep.EdgesAdded, info(idOf(x), idOf(y), up[x], up[y], nd, false))
					if nd < od {
						cheaper = true
					}
				}
			}
		}
		// Inter edges, both lists sorted by partner cell.
		var os interSnap
		if oa >= 0 {
			os = oldInter[oa]
		}
		var nn *node
		nni := 0
		if na >= 0 {
			nn = &lv.nodes[cl.nodes[na]]
			nni = int(nn.ninter)
		}
		for i, j := 0, 0; i < int(os.n) || j < nni; {
			var nbc int32 = -1
			if j < nni {
				nbc = lv.nodes[nn.inter[j].to].cell
			}
			switch {
			case j == nni || (i < int(os.n) && os.e[i].b < nbc):
				rep.EdgesRemoved = append(rep.EdgesRemoved, info(idOf(x), h.nodeAt(lv, os.e[i].b), up[x], h.grid.Point(int(os.e[i].b)), os.e[i].out, true))
				same, cheaper = false, true
				i++
			case i == int(os.n) || nbc < os.e[i].b:
				rep.EdgesAdded = append(rep.EdgesAdded, info(idOf(x), nn.inter[j].to, up[x], lv.nodes[nn.inter[j].to].pt, nn.inter[j].out, true))
				same, cheaper = false, true
				j++
			default:
				oe, ne := &os.e[i], &nn.inter[j]
				if !near(oe.out, ne.out) {
					rep.EdgesRemoved = append(rep.EdgesRemoved, info(idOf(x), h.nodeAt(lv, oe.b), up[x], h.grid.Point(int(oe.b)), oe.out, true))
					rep.EdgesAdded = append(rep.EdgesAdded, info(idOf(x), ne.to, up[x], lv.nodes[ne.to].pt, ne.out, true))
					same, cheaper = false, true
				} else if !near(oe.in, ne.in) {
					same, cheaper = false, true
				}
				i++
				j++
			}
		}
	}
	return same, cheaper
}

func (h *Hierarchy) freeNode(lv *level, id int32, rep *Repair) {
	n := &lv.nodes[id]
	if rep != nil {
		rep.NodesRemoved = append(rep.NodesRemoved, NodeInfo{Level: lv.l, ID: id, Cell: n.pt, Cluster: int(n.cluster)})
	}
	*n = node{cluster: -1, down: -1}
	lv.free = append(lv.free, id)
	lv.alive--
}

// nodeAt returns the id of lv's node at cell c, or -1: a binary search of
// the sorted cell list of the cluster holding c (contiguous, unlike the
// nodes' own cells). It is the only index from cells to nodes: a map kept
// beside it cost a tenth of a small-cluster build in inserts.
func (h *Hierarchy) nodeAt(lv *level, c int32) int32 {
	return h.nodeAtPt(lv, c, image.Pt(int(c)%h.w, int(c)/h.w))
}

// nodeAtPt is nodeAt for a caller that has the cell's point p as well (no
// division of the index).
func (h *Hierarchy) nodeAtPt(lv *level, c int32, p image.Point) int32 {
	cl := &lv.clusters[(p.Y/lv.side)*lv.ncx+p.X/lv.side]
	if k, ok := slices.BinarySearch(cl.cells, c); ok {
		return cl.nodes[k]
	}
	return -1
}

// level1Inter sets the inter edges of level-1 cluster ci's nodes from the
// transitions on its borders. Edges are kept sorted by partner cell.
func (h *Hierarchy) level1Inter(ci int) {
	l1 := h.lv[0]
	cx, cy := ci%l1.ncx, ci/l1.ncx
	add := func(a, b image.Point, ht uint8) {
		ca, cb := int32(a.Y*h.w+a.X), int32(b.Y*h.w+b.X)
		n := &l1.nodes[h.nodeAtPt(l1, ca, a)]
		ie := interEdge{to: h.nodeAtPt(l1, cb, b), out: float64(h.grid.WeightAt(int(cb))), in: float64(h.grid.WeightAt(int(ca))), height: ht}
		n.inter[n.ninter] = ie
		n.ninter++
		if n.ninter == 2 && l1.nodes[n.inter[0].to].cell > l1.nodes[n.inter[1].to].cell {
			n.inter[0], n.inter[1] = n.inter[1], n.inter[0]
		}
	}
	if cx > 0 {
		b := cy*(l1.ncx-1) + cx - 1
		for _, r := range h.vb[b] {
			h.forTransitions(true, cx-1, cy, r, func(a, p image.Point) { add(p, a, h.vh[b]) })
		}
	}
	if cx+1 < l1.ncx {
		b := cy*(l1.ncx-1) + cx
		for _, r := range h.vb[b] {
			h.forTransitions(true, cx, cy, r, func(a, p image.Point) { add(a, p, h.vh[b]) })
		}
	}
	if cy > 0 {
		b := (cy-1)*l1.ncx + cx
		for _, r := range h.hb[b] {
			h.forTransitions(false, cx, cy-1, r, func(a, p image.Point) { add(p, a, h.hh[b]) })
		}
	}
	if cy+1 < l1.ncy {
		b := cy*l1.ncx + cx
		for _, r := range h.hb[b] {
			h.forTransitions(false, cx, cy, r, func(a, p image.Point) { add(a, p, h.hh[b]) })
		}
	}
}

// levelInter sets the inter edges of level-l cluster ci's nodes (l ≥ 2,
// their counts cleared): the edges of the nodes below that cross a level-l
// border, with the partner's level-l id.
func (h *Hierarchy) levelInter(l, ci int) {
	lv, low := h.lv[l-1], h.lv[l-2]
	for _, id := range lv.clusters[ci].nodes {
		n := &lv.nodes[id]
		d := &low.nodes[n.down]
		for e := 0; e < int(d.ninter); e++ {
			ie := d.inter[e]
			if int(ie.height) < l {
				continue
			}
			t := &low.nodes[ie.to]
			ie.to = h.nodeAtPt(lv, t.cell, t.pt)
			n.inter[n.ninter] = ie
			n.ninter++
		}
	}
}

// prepMatrix sizes the distance matrix (and path index) of cl for n nodes.
func (h *Hierarchy) prepMatrix(cl *cluster, n int) {
	if cap(cl.dist) >= n*n {
		cl.dist = cl.dist[:n*n]
	} else {
		cl.dist = make([]float64, n*n)
	}
	for i := range cl.dist {
		cl.dist[i] = inf
	}
	for i := 0; i < n; i++ {
		cl.dist[i*n+i] = 0
	}
	cl.arena = cl.arena[:0]
	if h.cfg.CachePaths {
		if cap(cl.pidx) >= 2*n*n {
			cl.pidx = cl.pidx[:2*n*n]
		} else {
			cl.pidx = make([]int32, 2*n*n)
		}
		for i := range cl.pidx {
			cl.pidx[i] = 0
		}
	} else {
		cl.pidx = cl.pidx[:0]
	}
}

// scanRect reports whether every cell of r is open with one weight, and
// whether every open cell has one weight.
func (h *Hierarchy) scanRect(r image.Rectangle) (allOpen, sym bool) {
	cells := h.grid.Cells()
	var w0 uint8
	var pat uint64 // w0 in every byte
	allOpen = true
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := cells[y*h.w+r.Min.X : y*h.w+r.Max.X]
		i := 0
		for ; w0 == 0 && i < len(row); i++ {
			if row[i] == pathing.Blocked {
				allOpen = false
			} else {
				w0 = row[i]
				pat = uint64(w0) * lowBytes
			}
		}
		// Eight cells at a time: each must be blocked or weigh w0.
		for ; i+8 <= len(row); i += 8 {
			v := binary.LittleEndian.Uint64(row[i:])
			if v == pat {
				continue
			}
			if zeroBytes(v)|zeroBytes(v^pat) != highBytes {
				return false, false
			}
			allOpen = false // v differs from pat only in blocked cells
		}
		for ; i < len(row); i++ {
			switch c := row[i]; {
			case c == pathing.Blocked:
				allOpen = false
			case c != w0:
				return false, false
			}
		}
	}
	return allOpen, true
}

const (
	lowBytes  = 0x0101010101010101
	highBytes = 0x8080808080808080
)

// zeroBytes returns v's zero bytes marked by their high bit (exact: no
// carries cross bytes).
func zeroBytes(v uint64) uint64 {
	const low7 = 0x7F7F7F7F7F7F7F7F
	t := (v & low7) + low7
	return ^(t | v | low7)
}

// intra1 recomputes the intra edges (and cached cell paths) of level-1
// cluster ci.
func (h *Hierarchy) intra1(ci int, s *cellSearch) {
	lv := h.lv[0]
	cl := &lv.clusters[ci]
	n := len(cl.nodes)
	h.prepMatrix(cl, n)
	allOpen, sym := h.scanRect(cl.rect)
	cl.sym = sym
	cl.open = allOpen
	if n < 2 {
		return
	}
	cache := h.cfg.CachePaths
	if allOpen && h.cfg.Neighborhood == pathing.Eight {
		// An open cluster of one weight: every octile-shaped path is optimal.
		w := float64(h.grid.Weight(cl.rect.Min))
		for i := 0; i < n; i++ {
			a := lv.nodes[cl.nodes[i]].pt
			for j := 0; j < n; j++ {
				if i == j {
					continue
				}
				b := lv.nodes[cl.nodes[j]].pt
				cl.dist[i*n+j] = w * pathing.OctileDistance(a, b)
				if cache {
					k := i*n + j
					cl.pidx[2*k] = int32(len(cl.arena))
					cl.arena = appendLine(cl.arena, a, b, h.w)
					cl.pidx[2*k+1] = int32(len(cl.arena)) - cl.pidx[2*k]
				}
			}
		}
		return
	}
	s.loadPad(cl.rect)
	if sym && h.cfg.Neighborhood == pathing.Eight {
		h.intra1Lines(cl, s)
		return
	}
	for i := 0; i < n; i++ {
		if sym && i == n-1 {
			break
		}
		a := lv.nodes[cl.nodes[i]].pt
		s.reset(cl.rect, false, nil)
		s.usePad()
		if sym {
			// One weight: the bucket Dijkstra, with parents for the cache
			// (a repair searches the cluster through here too, so its
			// paths are the ones a fresh build finds).
			s.useBucketPaths(float64(h.grid.Weight(a)))
		}
		for j := 0; j < n; j++ {
			if j != i && (!sym || j > i) {
				s.markTarget(lv.nodes[cl.nodes[j]].pt)
			}
		}
		s.run(a, image.Pt(-1, -1))
		for j := 0; j < n; j++ {
			if j == i || (sym && j < i) {
				continue
			}
			b := lv.nodes[cl.nodes[j]].pt
			c, ok := s.cost(b)
			if !ok {
				continue
			}
			cl.dist[i*n+j] = c
			if sym {
				cl.dist[j*n+i] = c
			}
			if cache {
				k := i*n + j
				cl.pidx[2*k] = int32(len(cl.arena))
				cl.arena = s.appendPathIdx(cl.arena, b)
				cl.pidx[2*k+1] = int32(len(cl.arena)) - cl.pidx[2*k]
				if sym {
					mirrorPath(cl, n, i, j, int32(a.Y*h.w+a.X)) // j→i is i→j reversed
				}
			}
		}
	}
}

// intra1Lines fills the matrix of a level-1 cluster of one weight w (not
// fully open, 8-connected; s holds its pad). A pair joined by a legal
// straight grid line of any of the three shapes is w·octile apart (no path
// in the cluster can be cheaper, and the line is one), so only the rows with
// a pair out of straight-line sight need a Dijkstra, and that Dijkstra stops
// once those pairs are settled. On maps of rooms and open ground most pairs
// are in sight: a repair or build of such a cluster costs line walks (at
// most the cluster side each) instead of n−1 searches. Without the path
// cache, a pair out of sight may still be w·octile apart by a bent octile
// path: coverPairs tries that lazily, only where it can save a search.
//
// With the path cache the pair's path is the first legal shape (even,
// diagonals first, diagonals last), else the bent octile path of
// appendOctileReach, and its reverse; a searched pair keeps the bucket
// Dijkstra's path. Everything here depends on the
// cluster's cells and node order alone, and a repair recomputes a changed
// cluster through intra1 too, so repaired paths equal a fresh build's.
func (h *Hierarchy) intra1Lines(cl *cluster, s *cellSearch) {
	lv := h.lv[0]
	n := len(cl.nodes)
	g := h.grid
	w := float64(g.Weight(lv.nodes[cl.nodes[0]].pt))
	// need[i*n+j]: the pair i,j is not octile-exact and still unknown.
	var stack [1024]bool
	var need []bool
	if n*n <= len(stack) {
		need = stack[:n*n]
	} else {
		need = make([]bool, n*n)
	}
	var cntStack [32]int
	var cnt []int // unknown pairs per node
	if n <= len(cntStack) {
		cnt = cntStack[:n]
	} else {
		cnt = make([]int, n)
	}
	left := 0
	cache := h.cfg.CachePaths
	for i := 0; i < n-1; i++ {
		a := lv.nodes[cl.nodes[i]].pt
		for j := i + 1; j < n; j++ {
			b := lv.nodes[cl.nodes[j]].pt
			exact := false
			if cache {
				k := i*n + j
				st := int32(len(cl.arena))
				if sh := lineShape(g, a, b); sh >= 0 {
					exact = true
					cl.arena = appendShapeIdx(cl.arena, a, b, sh, h.w)
				} else {
					cl.arena, exact = appendOctileReach(cl.arena, g, a, b)
				}
				if exact {
					cl.pidx[2*k] = st
					cl.pidx[2*k+1] = int32(len(cl.arena)) - st
					mirrorPath(cl, n, i, j, int32(a.Y*h.w+a.X))
				}
			} else {
				exact = inSight(g, a, b) // bent octile paths: coverPairs
			}
			if exact {
				c := w * pathing.OctileDistance(a, b)
				cl.dist[i*n+j] = c
				cl.dist[j*n+i] = c
			} else {
				need[i*n+j], need[j*n+i] = true, true
				cnt[i]++
				cnt[j]++
				left++
			}
		}
	}
	h.coverPairs(cl, s, need, cnt, left, !cache)
}

// coverPairs settles the pairs of level-1 cluster cl (one weight, costs
// symmetric, s holding its pad) marked in need (n×n, both halves; cnt
// counts them per node, left in all); their matrix entries are written,
// +Inf when unconnected.
//
// With bent set (no path cache, 8-connected), the marked pairs have only
// failed the straight-line test, and octileReach is tried on them lazily:
// on the chosen source's pairs, in turn, up to the first that fails, after
// which the search from it is due anyway and settles the rest. A bent
// octile path is rare on most maps (2 % of the pairs with no straight line
// on 8room_000, 9 % on random512-10-0, none on maze512-16-0), so most of
// those pairs are left to the searches instead of being tested first.
func (h *Hierarchy) coverPairs(cl *cluster, s *cellSearch, need []bool, cnt []int, left int, bent bool) {
	lv := h.lv[0]
	n := len(cl.nodes)
	// Cover the unknown pairs with few searches (costs are symmetric, so
	// one search from either end settles a pair): greedily search from the
	// node with the most unknown pairs. A search that leaves one of its
	// targets unreached has exhausted its source's component, so every
	// unknown pair between that component and the rest is +Inf (a wall
	// across a cluster costs one search, not one per node).
	w := 0.0
	if n > 0 {
		w = float64(h.grid.Weight(lv.nodes[cl.nodes[0]].pt))
	}
	cache := h.cfg.CachePaths
	for left > 0 {
		r := 0
		for i := 1; i < n; i++ {
			if cnt[i] > cnt[r] {
				r = i
			}
		}
		a := lv.nodes[cl.nodes[r]].pt
		if bent {
			for j := 0; j < n && cnt[r] > 0; j++ {
				if !need[r*n+j] {
					continue
				}
				b := lv.nodes[cl.nodes[j]].pt
				if !octileReach(h.grid, a, b) {
					break
				}
				c := w * pathing.OctileDistance(a, b)
				cl.dist[r*n+j], cl.dist[j*n+r] = c, c
				need[r*n+j], need[j*n+r] = false, false
				cnt[r]--
				cnt[j]--
				left--
			}
			if cnt[r] == 0 {
				continue
			}
		}
		s.reset(cl.rect, false, nil)
		s.usePad()
		if cache {
			s.useBucketPaths(w)
		} else {
			s.useBuckets(w)
		}
		for j := 0; j < n; j++ {
			if need[r*n+j] {
				s.markTarget(lv.nodes[cl.nodes[j]].pt)
			}
		}
		s.run(a, image.Pt(-1, -1))
		exhausted := false
		for j := 0; j < n; j++ {
			if !need[r*n+j] {
				continue
			}
			b := lv.nodes[cl.nodes[j]].pt
			c, ok := s.cost(b)
			if oct := w * pathing.OctileDistance(a, b); ok && c <= oct+1e-9*max(1, oct) {
				// An octile-exact pair the lazy test above left to the
				// search: the cost as the line tests write it (the search
				// sums w·(a + b√2) another way, which may differ in the last
				// bit), so that builds and repairs agree exactly.
				c = oct
			}
			if ok {
				cl.dist[r*n+j] = c
				cl.dist[j*n+r] = c
				if cache {
					k := r*n + j
					cl.pidx[2*k] = int32(len(cl.arena))
					cl.arena = s.appendPathIdx(cl.arena, b)
					cl.pidx[2*k+1] = int32(len(cl.arena)) - cl.pidx[2*k]
					mirrorPath(cl, n, r, j, int32(a.Y*h.w+a.X))
				}
			} else {
				exhausted = true
			}
			need[r*n+j], need[j*n+r] = false, false
			cnt[r]--
			cnt[j]--
			left--
		}
		if !exhausted {
			continue
		}
		for i := 0; i < n; i++ {
			_, in := s.cost(lv.nodes[cl.nodes[i]].pt)
			if !in {
				continue
			}
			for j := 0; j < n; j++ {
				if need[i*n+j] {
					if _, jin := s.cost(lv.nodes[cl.nodes[j]].pt); !jin {
						need[i*n+j], need[j*n+i] = false, false // stays +Inf
						cnt[i]--
						cnt[j]--
						left--
					}
				}
			}
		}
	}
}

// mirrorPath stores the cached path j→i of cluster cl (n nodes) as the
// reverse of the stored path i→j, whose source is first (a cell index at
// level 1, a lower-level node id above).
func mirrorPath(cl *cluster, n, i, j int, first int32) {
	k := i*n + j
	st, ln := cl.pidx[2*k], cl.pidx[2*k+1]
	k2 := j*n + i
	cl.pidx[2*k2] = int32(len(cl.arena))
	for t := st + ln - 2; t >= st; t-- {
		cl.arena = append(cl.arena, cl.arena[t])
	}
	cl.arena = append(cl.arena, first)
	cl.pidx[2*k2+1] = int32(len(cl.arena)) - cl.pidx[2*k2]
}

// lineShape returns the first shape (numbered as lineCost's) whose straight
// 8-connected grid line from a to b is legal, or -1 when none is.
func lineShape(g *pathing.Grid, a, b image.Point) int {
	for sh := 0; sh < numShapes; sh++ {
		if c, _ := lineCost(g, a, b, pathing.Eight, inf, sh); c < inf {
			return sh
		}
	}
	return -1
}

// appendShapeIdx appends the cells of the 8-connected straight line of the
// given shape from a to b (excluding a, including b) as grid indices of a
// grid w wide: appendShape's cells.
func appendShapeIdx(dst []int32, a, b image.Point, shape, w int) []int32 {
	major, minor, na, nm := lineAxes(a, b, w)
	p := a.Y*w + a.X
	e := 2*nm - na
	for k := 0; k < na; k++ {
		p += major
		if diagAt(shape, k, na, nm, &e) {
			p += minor
		}
		dst = append(dst, int32(p))
	}
	return dst
}

// inSight reports whether some straight grid line (even, diagonals first or
// diagonals last) from a to b is legal: open cells, no corner cutting.
func inSight(g *pathing.Grid, a, b image.Point) bool {
	for sh := 0; sh < numShapes; sh++ {
		if c, _ := lineCost(g, a, b, pathing.Eight, inf, sh); c < inf {
			return true
		}
	}
	return false
}

// octileReach reports whether some path from a to b inside their bounding
// box uses only the two moves of the octile distance (a straight step along
// the major axis and a diagonal one towards b), every step legal: then, in
// a region of one weight w, d(a,b) = w·octile(a,b), the least any path can
// cost. Straight lines are such paths; this finds also the ones that bend
// round scattered obstacles. Cells must lie within 64 of each other on the
// minor axis (a cluster).
//
// It is a dynamic programme over the box's rows across the major axis, one
// machine word per row: bit m of reach is "(k, m) is reachable from a"
// (k steps along the major axis, m along the minor one) and bit m of open_k
// is "(k, m) is open". From row k−1 to row k a straight step keeps m; a
// diagonal step from m−1 to m is legal when (k, m−1) and (k−1, m) are open
// (no corner cutting):
//
//	reach_k = open_k & window_k & (reach_{k−1} | ((reach_{k−1} & open_k) << 1) & open_{k−1})
//
// window_k keeps the offsets from which b can still be reached. Row k's
// open bits are read over window_k widened by one on each side, which
// covers both the corner cells of row k and those row k+1 needs of it.
// Cost: one load per cell of the (widened) window, no branch per cell.
func octileReach(g *pathing.Grid, a, b image.Point) bool {
	cells := g.Cells()
	w := g.Width()
	major, minor, na, nm := lineAxes(a, b, w)
	if nm >= 64 {
		return false
	}
	base := a.Y*w + a.X
	// Row 0: a itself and, for the corner of a first diagonal step, (0, 1).
	openPrev := openBits(cells, base, minor, 0, min(1, nm))
	reach := uint64(1)
	for k := 1; k <= na; k++ {
		lo := max(0, nm-(na-k)) // offsets from which b is still reachable
		hi := min(k, nm)
		row := base + k*major
		open := openBits(cells, row, minor, max(0, lo-1), min(nm, hi+1))
		window := (uint64(2)<<uint(hi) - 1) &^ (uint64(1)<<uint(lo) - 1)
		reach = open & window & (reach | ((reach&open)<<1)&openPrev)
		if reach == 0 {
			return false
		}
		openPrev = open
	}
	return reach>>uint(nm)&1 != 0
}

// openBits returns a word whose bit m (lo ≤ m ≤ hi < 64) is set when cell
// row+m·minor is open; the other bits are 0.
func openBits(cells []uint8, row, minor, lo, hi int) uint64 {
	var bits uint64
	p := row + lo*minor
	for m := lo; m <= hi; m++ {
		// 1 for any weight 1..255, 0 for Blocked (0), without a branch.
		bits |= (uint64(cells[p]) + 0xff) >> 8 << uint(m)
		p += minor
	}
	return bits
}

// appendOctileReach is octileReach that also appends, when it holds, one
// such path from a to b (excluding a, including b, as grid indices): walked
// back from b, each step is straight when the cell behind along the major
// axis is reachable, else diagonal. On failure dst is returned unchanged
// (same length). Pairs more than 127 apart on the major axis report false.
func appendOctileReach(dst []int32, g *pathing.Grid, a, b image.Point) ([]int32, bool) {
	cells := g.Cells()
	w := g.Width()
	major, minor, na, nm := lineAxes(a, b, w)
	var reach [128]uint64 // reach[k] bit m: (k, m) reachable from a
	if nm >= 64 || na >= len(reach) {
		return dst, false
	}
	reach[0] = 1
	base := a.Y*w + a.X
	for k := 1; k <= na; k++ {
		lo := max(0, nm-(na-k))
		hi := min(k, nm)
		prev := reach[k-1]
		var cur uint64
		for m := lo; m <= hi; m++ {
			p := base + k*major + m*minor
			if cells[p] == pathing.Blocked {
				continue
			}
			if prev>>uint(m)&1 != 0 {
				cur |= 1 << uint(m)
				continue
			}
			if m > 0 && prev>>uint(m-1)&1 != 0 {
				q := base + (k-1)*major + (m-1)*minor
				if cells[q+major] != pathing.Blocked && cells[q+minor] != pathing.Blocked {
					cur |= 1 << uint(m)
				}
			}
		}
		if cur == 0 {
			return dst, false
		}
		reach[k] = cur
	}
	if reach[na]>>uint(nm)&1 == 0 {
		return dst, false
	}
	// Walk back, recording the minor offset of every step, then append.
	var off [128]uint8
	m := nm
	for k := na; k >= 1; k-- {
		off[k] = uint8(m)
		if reach[k-1]>>uint(m)&1 == 0 {
			m-- // the forward pass set (k, m) by a legal diagonal
		}
	}
	for k := 1; k <= na; k++ {
		dst = append(dst, int32(base+k*major+int(off[k])*minor))
	}
	return dst, true
}

// octileExact reports whether d(a,b) = w·octile(a,b) in a region of one
// weight w: a legal straight line (cheap, tried first) or a bent octile
// path (octileReach).
func octileExact(g *pathing.Grid, a, b image.Point) bool {
	return inSight(g, a, b) || octileReach(g, a, b)
}

// intraL recomputes the intra edges of level-l cluster ci (l ≥ 2) by
// searching the level-(l−1) graph inside it (see localSearch): one search
// from each node, but the last when costs are symmetric.
func (h *Hierarchy) intraL(l, ci int, s *localSearch) {
	lv := h.lv[l-1]
	cl := &lv.clusters[ci]
	n := len(cl.nodes)
	h.prepMatrix(cl, n)
	_, sym := h.scanRect(cl.rect)
	cl.sym = sym
	if h.viaOK() {
		cl.via = slices.Grow(cl.via[:0], n*n)[:n*n]
		clear(cl.via)
	} else {
		cl.via = nil
	}
	if n < 2 {
		return
	}
	s.load(h, l, ci)
	for i := 0; i < n; i++ {
		if sym && i == n-1 {
			break
		}
		down := lv.nodes[cl.nodes[i]].down
		s.run(s.local(down))
		for j := 0; j < n; j++ {
			if j == i || (sym && j < i) {
				continue
			}
			b := s.local(lv.nodes[cl.nodes[j]].down)
			c := s.dist[b]
			if c == inf {
				continue
			}
			cl.dist[i*n+j] = c
			if sym {
				cl.dist[j*n+i] = c
			}
			if cl.via != nil {
				m := s.viaMask(b)
				cl.via[i*n+j] = m
				if sym {
					cl.via[j*n+i] = m
				}
			}
			if h.cfg.CachePaths {
				k := i*n + j
				cl.pidx[2*k] = int32(len(cl.arena))
				cl.arena = s.appendPath(cl.arena, b)
				cl.pidx[2*k+1] = int32(len(cl.arena)) - cl.pidx[2*k]
				if sym {
					mirrorPath(cl, n, i, j, down)
				}
			}
		}
	}
}

// viaOK reports whether level-2+ clusters keep via masks: no path cache
// (repairs of cached hierarchies recompute in full) and at most 16
// children (a uint16 mask).
func (h *Hierarchy) viaOK() bool {
	return !h.cfg.CachePaths && h.cfg.Branch*h.cfg.Branch <= 16
}

// intraLInc re-settles, in level-l cluster ci (same nodes as before, costs
// symmetric, via masks kept), only the pairs whose stored path crosses a
// child in mask, all of whose changes made intra edges dearer or removed
// them: every other pair's stored path still exists at its old cost, and
// no path got cheaper, so its cost stands. It reports false when that does
// not apply (the caller recomputes in full).
func (h *Hierarchy) intraLInc(l, ci int, mask uint16) bool {
	lv := h.lv[l-1]
	cl := &lv.clusters[ci]
	n := len(cl.nodes)
	if !h.viaOK() || !incrementalRepair || !cl.sym || len(cl.via) != n*n || len(cl.dist) != n*n || n < 2 {
		return false
	}
	if _, sym := h.scanRect(cl.rect); !sym {
		return false
	}
	need, cnt := h.pairBufs(n)
	left := 0
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if cl.via[i*n+j]&mask != 0 {
				need[i*n+j], need[j*n+i] = true, true
				cnt[i]++
				cnt[j]++
				left++
			}
		}
	}
	if left == 0 {
		return true
	}
	h.coverL(l, ci, need, cnt, left)
	return true
}

// coverL settles the pairs of level-l cluster ci (costs symmetric) marked
// in need (n×n, both halves; cnt counts them per node, left in all) by
// searches from the nodes with the most pairs left; their matrix entries
// (and via masks, when kept) are written, +Inf when unconnected. Each
// search also settles, as unconnected, the marked pairs it separates (one
// node connected to its source, the other not): on maze512-16-0 that
// takes 44 % of the searches away.
func (h *Hierarchy) coverL(l, ci int, need []bool, cnt []int, left int) {
	lv := h.lv[l-1]
	cl := &lv.clusters[ci]
	n := len(cl.nodes)
	if left == 0 {
		return
	}
	s := h.ls
	s.load(h, l, ci)
	// loc[i]: the local id of node i's lower node.
	loc := slices.Grow(h.locBuf[:0], n)[:n]
	h.locBuf = loc
	for i, id := range cl.nodes {
		loc[i] = s.local(lv.nodes[id].down)
	}
	for left > 0 {
		r := 0
		for i := 1; i < n; i++ {
			if cnt[i] > cnt[r] {
				r = i
			}
		}
		s.run(loc[r])
		for j := 0; j < n; j++ {
			if !need[r*n+j] {
				continue
			}
			b := loc[j]
			c := s.dist[b]
			cl.dist[r*n+j], cl.dist[j*n+r] = c, c
			if cl.via != nil {
				var m uint16
				if c < inf {
					m = s.viaMask(b)
				}
				cl.via[r*n+j], cl.via[j*n+r] = m, m
			}
			need[r*n+j], need[j*n+r] = false, false
			cnt[r]--
			cnt[j]--
			left--
		}
		// Costs are symmetric, so the search also splits the nodes into
		// those connected to r inside the cluster and the rest: a marked
		// pair with one node on each side is unconnected.
		if left == 0 {
			break
		}
		far := h.farBuf[:0]
		for i := 0; i < n; i++ {
			if cnt[i] > 0 && s.dist[loc[i]] == inf {
				far = append(far, i)
			}
		}
		h.farBuf = far
		if len(far) == 0 {
			continue
		}
		for i := 0; i < n && left > 0; i++ {
			if cnt[i] == 0 || s.dist[loc[i]] == inf {
				continue
			}
			for _, j := range far {
				if !need[i*n+j] {
					continue
				}
				cl.dist[i*n+j], cl.dist[j*n+i] = inf, inf
				if cl.via != nil {
					cl.via[i*n+j], cl.via[j*n+i] = 0, 0
				}
				need[i*n+j], need[j*n+i] = false, false
				cnt[i]--
				cnt[j]--
				left--
			}
		}
	}
}

// intraLEdit updates level-l cluster ci (l ≥ 2) after a repair of one
// toggled cell x (Update records it in h.edit) without searching every
// pair again. oldCells lists the cluster's node cells before (slot order);
// dearer and mask are rebuildLevel's dearer-only verdict on the children.
// It reports false when it does not apply (the caller falls back).
//
// Let w be the one weight of the cluster's open cells (it must be of one
// weight before and after, so costs are symmetric), Z the cells of every
// node added or removed and every endpoint of an inter edge added, removed
// or re-costed by this repair at the levels below and at this one, and E
// the level-(l−1) intra edges inside the cluster whose cost changed (or
// that appeared or vanished) between two nodes whose cells are not in Z,
// each at the lower of its old and new cost c(u,v). The level-(l−1) graph
// inside the cluster changed only in those elements (up to rounding:
// diffCluster does not report a cost that moved by rounding alone, see
// near): a path that used none of them still exists at its old cost, and
// any path that is new or cheaper uses one. A path through a cell z costs at least
// w·(oct(s,z) + oct(z,t)) (every step enters a cell of weight ≥ w), one
// through an edge of E at least w·(oct(s,u) + oct(v,t)) + c(u,v) in one
// direction or the other. So for a surviving pair s,t with old cost d:
//
//   - if every bound over Z and E is above d (by more than rounding: a tie
//     may be a path of cost d through that element), the old path touched
//     no changed element, so it still exists at cost d, and any path that
//     did not exist before, or got cheaper, costs more than d: the cost
//     stays d (and the old path's via mask stays right);
//   - when dearer holds (same nodes, the changed children only got dearer),
//     a pair whose path avoids the changed children (via & mask = 0) keeps
//     its cost too (see intraLInc).
//
// When E is large (more than maxZEdges edges), x stands in for it: every
// edge of E has a cell path through x (level-1 intra costs are exact cell
// distances and only x changed; a step whose legality or cost changed
// enters x or is a diagonal past x, at most (2−√2)·w cheaper than two
// steps through x; by induction one level up), so x joins Z with that
// margin. The edges are the tighter bound: on random512-10-0 they leave
// 22 % fewer pairs to search than x did.
//
// The other pairs, and every pair of a new node, are searched again.
func (h *Hierarchy) intraLEdit(l, ci int, oldCells []int32, rep *Repair, dearer bool, mask uint16) bool {
	e := &h.edit
	if !e.ok || h.cfg.CachePaths || !incrementalRepair {
		return false
	}
	lv := h.lv[l-1]
	cl := &lv.clusters[ci]
	n, m := len(cl.nodes), len(oldCells)
	if !cl.sym || len(cl.dist) != m*m || (h.viaOK() && len(cl.via) != m*m) {
		return false
	}
	if _, sym := h.scanRect(cl.rect); !sym {
		return false
	}
	if n < 2 {
		h.prepMatrix(cl, n)
		if h.viaOK() {
			cl.via = slices.Grow(cl.via[:0], n*n)[:n*n]
			clear(cl.via)
		}
		return true
	}
	from := h.remapL(lv, cl, oldCells)
	w := e.w
	four := h.cfg.Neighborhood == pathing.Four
	// Z inside the cluster (a path inside it never meets a cell outside it).
	zs := h.zPts[:0]
	zm := h.zMargin[:0]
	// Each point once (an inter edge and its reverse, removed and added,
	// name the same two cells): the bound over copies of a point is the
	// one with the largest margin, so that is what is kept.
	add := func(p image.Point, margin float64) {
		if !p.In(cl.rect) {
			return
		}
		for k, z := range zs {
			if z == p {
				zm[k] = max(zm[k], margin)
				return
			}
		}
		zs = append(zs, p)
		zm = append(zm, margin)
	}
	for _, ni := range rep.NodesAdded {
		add(ni.Cell, 0)
	}
	for _, ni := range rep.NodesRemoved {
		add(ni.Cell, 0)
	}
	for _, list := range [2][]EdgeInfo{rep.EdgesAdded, rep.EdgesRemoved} {
		for k := range list {
			if list[k].Inter {
				add(list[k].A, 0)
				add(list[k].B, 0)
			}
		}
	}
	// The intra edges of level l−1 inside the cluster that changed cost
	// between two nodes off Z (an edge touching a point of Z only lies on
	// paths through that point, which its bound covers), each once with
	// the lower of its two costs. When there are too many, x stands for
	// them as before.
	es := h.zEdges[:0]
	pts := len(zs)
	for _, list := range [2][]EdgeInfo{rep.EdgesAdded, rep.EdgesRemoved} {
		for k := range list {
			ed := &list[k]
			if ed.Inter || ed.Level != l-1 || !ed.A.In(cl.rect) || !cellBefore(ed.A, ed.B) ||
				slices.Contains(zs[:pts], ed.A) || slices.Contains(zs[:pts], ed.B) {
				continue
			}
			found := false
			for q := range es {
				if es[q].u == ed.A && es[q].v == ed.B {
					es[q].c = min(es[q].c, ed.Cost)
					found = true
					break
				}
			}
			if !found {
				es = append(es, zEdge{u: ed.A, v: ed.B, c: ed.Cost})
			}
		}
	}
	if len(es) > maxZEdges {
		es = es[:0]
		xm := (2 - pathing.Sqrt2) * w
		if four {
			xm = 0
		}
		add(e.x, xm)
	}
	h.zPts, h.zMargin, h.zEdges = zs, zm, es
	nz, ne := len(zs), len(es)
	// eu[i*ne+q], ev[i*ne+q] = w·oct(node i, u_q), w·oct(node i, v_q);
	// enear[i] the least of them.
	eu := slices.Grow(h.zEU[:0], 2*n*ne)[:2*n*ne]
	ev := eu[n*ne:]
	h.zEU = eu
	enear := slices.Grow(h.zENear[:0], n)[:n]
	h.zENear = enear
	ecMin := inf
	for _, ed := range es {
		ecMin = min(ecMin, ed.c)
	}
	// bound(p, q) is the least cost of any path between cells p and q.
	bound := func(p, q image.Point) float64 {
		if four {
			return w * float64(abs(p.X-q.X)+abs(p.Y-q.Y))
		}
		return w * pathing.OctileDistance(p, q)
	}
	for i, id := range cl.nodes {
		p := lv.nodes[id].pt
		enear[i] = inf
		for q, ed := range es {
			a, b := bound(p, ed.u), bound(p, ed.v)
			eu[i*ne+q], ev[i*ne+q] = a, b
			enear[i] = min(enear[i], a, b)
		}
	}
	// lb[i*nz+k] = w·oct(node i, z_k)
	lb := slices.Grow(h.zLB[:0], n*nz)[:n*nz]
	h.zLB = lb
	for i, id := range cl.nodes {
		p := lv.nodes[id].pt
		for k, z := range zs {
			lb[i*nz+k] = bound(p, z)
		}
	}
	// near[i] = min over z of lb(i,z): near[i] + near[j] − max margin is
	// at most every z's bound for the pair, a one-step test first.
	near := slices.Grow(h.zNear[:0], n)[:n]
	h.zNear = near
	zmMax := 0.0
	for _, v := range zm {
		zmMax = max(zmMax, v)
	}
	for i := range near {
		near[i] = inf
		for _, v := range lb[i*nz : i*nz+nz] {
			near[i] = min(near[i], v)
		}
	}
	need, cnt := h.pairBufs(n)
	left := 0
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if from[i] >= 0 && from[j] >= 0 {
				if dearer && cl.via != nil && cl.via[i*n+j]&mask == 0 {
					continue
				}
				d := cl.dist[i*n+j]
				if d < inf {
					// Strictly above d, beyond rounding: a bound that
					// ties with d may be a path of cost d through z.
					d += 1e-9 * max(1, d)
					keep := true
					if near[i]+near[j]-zmMax <= d {
						a, b := lb[i*nz:i*nz+nz], lb[j*nz:j*nz+nz]
						for k := range a {
							if a[k]+b[k]-zm[k] <= d {
								keep = false
								break
							}
						}
					}
					if keep && enear[i]+enear[j]+ecMin <= d {
						// A path through changed edge q enters it at one
						// end and leaves at the other.
						ui, vi := eu[i*ne:i*ne+ne], ev[i*ne:i*ne+ne]
						uj, vj := eu[j*ne:j*ne+ne], ev[j*ne:j*ne+ne]
						for q, ed := range es {
							if min(ui[q]+vj[q], vi[q]+uj[q])+ed.c <= d {
								keep = false
								break
							}
						}
					}
					if keep {
						continue
					}
				}
			}
			need[i*n+j], need[j*n+i] = true, true
			cnt[i]++
			cnt[j]++
			left++
		}
	}
	h.coverL(l, ci, need, cnt, left)
	return true
}

// zEdge is a changed intra edge of the level below, between cells u and v
// (u before v in row-major order), at the lower of its old and new costs.
type zEdge struct {
	u, v image.Point
	c    float64
}

// maxZEdges caps the changed edges intraLEdit bounds one by one; past it
// the toggled cell's single bound stands for them (looser, as cheap).
const maxZEdges = 48

// cellBefore reports whether a precedes b in row-major order.
func cellBefore(a, b image.Point) bool {
	return a.Y < b.Y || (a.Y == b.Y && a.X < b.X)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// remapL rebuilds the distance matrix (and via masks) of level-l cluster
// cl for its current nodes from those it had for oldCells (the old nodes'
// cells in slot order): surviving pairs keep their entries, pairs of new
// nodes are +Inf (mask 0). from[i] is new slot i's old slot, or -1.
func (h *Hierarchy) remapL(lv *level, cl *cluster, oldCells []int32) []int {
	n, m := len(cl.nodes), len(oldCells)
	from := h.reuseFrom[:0]
	k := 0
	same := n == m
	for _, id := range cl.nodes {
		c := lv.nodes[id].cell
		for k < m && oldCells[k] < c {
			k++
		}
		if k < m && oldCells[k] == c {
			from = append(from, k)
		} else {
			from = append(from, -1)
		}
		if from[len(from)-1] != len(from)-1 {
			same = false
		}
	}
	h.reuseFrom = from
	if same {
		return from
	}
	dist := slices.Grow(h.spareDist[:0], n*n)[:n*n]
	var via []uint16
	if cl.via != nil {
		via = slices.Grow(h.spareVia[:0], n*n)[:n*n]
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			switch {
			case i == j:
				dist[i*n+j] = 0
			case from[i] >= 0 && from[j] >= 0:
				dist[i*n+j] = cl.dist[from[i]*m+from[j]]
				if via != nil {
					via[i*n+j] = cl.via[from[i]*m+from[j]]
				}
			default:
				dist[i*n+j] = inf
			}
		}
	}
	if via != nil {
		h.spareVia = cl.via
	}
	cl.dist, cl.via, h.spareDist = dist, via, cl.dist
	return from
}

// intra1Inc updates the intra edges of level-1 cluster ci after its one
// changed cell x was opened or blocked, in a cluster of one weight w, by
// searching again only the rows x can affect. oldCells lists the nodes'
// cells before the change (the node set may have changed too: new nodes get
// searched, removed ones dropped). It reports false when the shortcut does
// not apply; the caller then recomputes in full.
//
// One search from x (on the old terrain for a fill, the new one for a dig)
// gives d(s,x) and d(x,t). A changed step either enters or leaves x, or is
// a diagonal u→v between two 4-neighbours of x (legal only while x is open),
// and such a diagonal is at most (2−√2)·w cheaper than going u→x→v. So:
//
//   - after a fill, s→t can get dearer only if d(s,x) + d(x,t) ≤
//     d(s,t) + (2−√2)·w on the old terrain;
//   - after a dig, s→t can get cheaper only if d(s,x) + d(x,t) −
//     (2−√2)·w < d(s,t) on the new terrain.
//
// The rows of such pairs (and columns: costs are symmetric) are searched
// again; the others keep their exact old costs. The search from x is
// saved when x was a node and is filled (a transition cell blocked): its
// old matrix row is d(x, ·) on the old terrain, since intra costs are the
// exact in-cluster distances. When a dig makes x a node, that search (on
// the new terrain; it settles every node or exhausts x's component) is
// x's new row, so x's pairs need no search of their own. Otherwise the
// search from x only has to reach the ends of pairs whose octile sum
// w·(oct(s,x) + oct(x,t)), a lower bound of d(s,x) + d(x,t), does not
// already clear the test above. Path caching needs the
// same paths a fresh build finds, so it always takes the full
// recomputation.
func (h *Hierarchy) intra1Inc(ci int, x image.Point, oldCells []int32) bool {
	if h.cfg.CachePaths || h.shadow == nil || !incrementalRepair {
		return false
	}
	lv := h.lv[0]
	cl := &lv.clusters[ci]
	n := len(cl.nodes)
	if n < 2 || cl.open || !cl.sym {
		return false
	}
	allOpen, sym := h.scanRect(cl.rect)
	if allOpen || !sym {
		return false
	}
	oldW, newW := h.shadow.Weight(x), h.grid.Weight(x)
	if oldW == newW {
		return h.intra1Reuse(ci, oldCells) // listed but unchanged
	}
	if oldW != pathing.Blocked && newW != pathing.Blocked {
		return false // a weight change: the cluster is no longer of one weight anyway
	}
	from, ok := h.remap(ci, oldCells)
	if !ok {
		return false
	}
	fill := newW == pathing.Blocked
	w := float64(oldW)
	if !fill {
		w = float64(newW)
	}
	// One pad of the cluster serves both terrains: the old one differs
	// from the current one at x alone.
	s := h.cs
	s.loadPad(cl.rect)
	margin := (2 - pathing.Sqrt2) * w
	if h.cfg.Neighborhood == pathing.Four {
		margin = 0
	}
	pts := h.tmp[:0]
	for _, id := range cl.nodes {
		pts = append(pts, lv.nodes[id].pt)
	}
	h.tmp = pts
	dx := h.incRow(n)
	// d(x, node) on the terrain searched (the old one for a fill): a node in
	// straight-line sight of x is w·octile away; the Dijkstra settles the rest.
	terrain := h.grid
	if fill {
		terrain = h.shadow
	}
	// A fill of a node's cell: its old row is d(x, ·) on the old terrain
	// (intra costs are exact in-cluster distances), no search needed. remap
	// left the old matrix in spareDist (the node set changed: x is gone).
	m := len(oldCells)
	xo := -1
	if fill && len(h.spareDist) == m*m {
		c := int32(x.Y*h.w + x.X)
		if k, found := slices.BinarySearch(oldCells, c); found {
			xo = k
		}
	}
	rest := h.rest[:0]
	if xo >= 0 {
		row := h.spareDist[xo*m : xo*m+m]
		for j := range pts {
			if from[j] >= 0 {
				dx[j] = row[from[j]]
			}
		}
	} else {
		// d(x, ·) matters only for the ends of pairs the test below may hit
		// (unless a dig makes x a node: then dx is x's row, see below). Since
		// d(s,x) ≥ w·oct(s,x), a pair whose octile sum through x already
		// clears the test is not hit whatever the exact distances: the
		// search from x need not reach its ends (nor the line checks run).
		var want []bool
		xNode := false
		for j, p := range pts {
			xNode = xNode || (!fill && p == x && from[j] < 0)
		}
		if !xNode {
			want = boolBuf(&h.wantBuf, n)
			ox := slices.Grow(h.oxBuf[:0], n)[:n]
			h.oxBuf = ox
			for j, p := range pts {
				ox[j] = w * pathing.OctileDistance(x, p)
			}
			for i := 0; i < n; i++ {
				if from[i] < 0 {
					continue
				}
				for j := i + 1; j < n; j++ {
					if from[j] < 0 {
						continue
					}
					d, lo := cl.dist[i*n+j], ox[i]+ox[j]
					if fill && d < inf && lo <= d+margin+1e-9*max(1, d) || !fill && lo-margin < d {
						want[i], want[j] = true, true
					}
				}
			}
		}
		for j, p := range pts {
			if want != nil && !want[j] {
				continue
			}
			if octileExact(terrain, x, p) {
				dx[j] = w * pathing.OctileDistance(x, p)
			} else {
				rest = append(rest, int32(j))
			}
		}
	}
	h.rest = rest
	if len(rest) > 0 {
		if fill {
			s.setPadCell(x, oldW) // the old terrain
		}
		s.reset(cl.rect, false, nil)
		s.usePad()
		s.useBuckets(w)
		for _, j := range rest {
			s.markTarget(pts[j])
		}
		s.run(x, image.Pt(-1, -1))
		for _, j := range rest {
			if v, ok := s.cost(pts[j]); ok {
				dx[j] = v
			}
		}
		if fill {
			s.setPadCell(x, pathing.Blocked) // back to the current terrain
		}
	}
	// Rows to search again: new nodes (no old row) and the ends of pairs
	// x may have changed.
	affected := h.incAffected[:0]
	count := 0
	for i := 0; i < n; i++ {
		affected = append(affected, from[i] < 0)
		if from[i] < 0 {
			count++
		}
	}
	h.incAffected = affected
	eight := h.cfg.Neighborhood == pathing.Eight
	var hitM []bool // eight: the pairs x may have changed (both halves)
	if eight {
		hitM = boolBuf(&h.hitBuf, n*n)
	}
	for i := 0; i < n; i++ {
		if dx[i] == inf || from[i] < 0 {
			continue
		}
		for j := i + 1; j < n; j++ {
			if dx[j] == inf || from[j] < 0 {
				continue
			}
			d, via := cl.dist[i*n+j], dx[i]+dx[j]
			var hit bool
			if fill {
				hit = d < inf && via <= d+margin+1e-9*max(1, d)
			} else {
				hit = via-margin < d-1e-9*max(1, via)
			}
			if hit && eight {
				hitM[i*n+j] = true
			}
			if hit {
				for _, k := range [2]int{i, j} {
					if !affected[k] {
						affected[k] = true
						count++
					}
				}
			}
		}
	}
	if eight {
		// Pair by pair: only the pairs x may have changed, and every pair
		// of a new node, are settled again (octile-exact ones without a
		// search, the rest covered by few searches); every other pair
		// keeps its exact old cost.
		need, cnt := h.pairBufs(n)
		left := 0
		cw := float64(newW)
		if fill {
			cw = float64(oldW)
		}
		// A dig that made x a node: the search from x (on the new
		// terrain, every node settled or its component exhausted) is x's
		// row.
		xn := -1
		if !fill {
			for j, p := range pts {
				if p == x && from[j] < 0 {
					xn = j
				}
			}
		}
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				old := from[i] >= 0 && from[j] >= 0
				if old && !hitM[i*n+j] {
					continue
				}
				if i == xn || j == xn {
					c := dx[i+j-xn]
					cl.dist[i*n+j], cl.dist[j*n+i] = c, c
					continue
				}
				a, b := pts[i], pts[j]
				oct := cw * pathing.OctileDistance(a, b)
				exact := false
				switch d := cl.dist[i*n+j]; {
				case old && fill && d > oct+1e-9*max(1, oct):
					// No octile-shaped path before the fill, so none
					// after it (its cells are a subset).
				case old && !fill && d <= oct+1e-9*max(1, oct):
					// Octile-exact before the dig, so after it too, and
					// nothing is cheaper: the cost stands.
					continue
				default:
					exact = octileExact(h.grid, a, b)
				}
				if exact {
					cl.dist[i*n+j] = oct
					cl.dist[j*n+i] = oct
				} else {
					cl.dist[i*n+j] = inf
					cl.dist[j*n+i] = inf
					need[i*n+j], need[j*n+i] = true, true
					cnt[i]++
					cnt[j]++
					left++
				}
			}
		}
		h.coverPairs(cl, h.cs, need, cnt, left, false)
		return true
	}
	if count >= n-1 {
		return false // nearly every row: the full recomputation is cheaper
	}
	h.searchRows(ci, affected)
	return true
}

// remap rebuilds the distance matrix of level-1 cluster ci for its current
// nodes from the matrix it had for oldCells (the old nodes' cells in slot
// order), as remapL does for the levels above (level-1 clusters have no via
// masks): surviving pairs keep their costs, rows and columns of new nodes
// are +Inf. from[i] is new slot i's old slot, or -1. ok is false when the
// cluster's matrix is not oldCells' size.
func (h *Hierarchy) remap(ci int, oldCells []int32) (from []int, ok bool) {
	lv := h.lv[0]
	cl := &lv.clusters[ci]
	if m := len(oldCells); len(cl.dist) != m*m {
		return nil, false
	}
	return h.remapL(lv, cl, oldCells), true
}

// searchRows searches again, on the current terrain (h.cs's pad must hold
// the cluster), the rows of level-1 cluster ci marked in rows, and their
// columns (by symmetry when the cluster is of one weight, else by a reverse
// search).
func (h *Hierarchy) searchRows(ci int, rows []bool) {
	lv := h.lv[0]
	cl := &lv.clusters[ci]
	n := len(cl.nodes)
	s := h.cs
	lines := cl.sym && !h.cfg.CachePaths && h.cfg.Neighborhood == pathing.Eight && n > 0
	w := 0.0
	if lines {
		w = float64(h.grid.Weight(lv.nodes[cl.nodes[0]].pt))
	}
	if lines {
		// As intra1Lines: octile-exact pairs need no search, the rest are
		// covered by few searches.
		need, cnt := h.pairBufs(n)
		left := 0
		for i := 0; i < n; i++ {
			a := lv.nodes[cl.nodes[i]].pt
			for j := i + 1; j < n; j++ {
				if !rows[i] && !rows[j] {
					continue
				}
				b := lv.nodes[cl.nodes[j]].pt
				if octileExact(h.grid, a, b) {
					c := w * pathing.OctileDistance(a, b)
					cl.dist[i*n+j] = c
					cl.dist[j*n+i] = c
				} else {
					cl.dist[i*n+j] = inf
					cl.dist[j*n+i] = inf
					need[i*n+j], need[j*n+i] = true, true
					cnt[i]++
					cnt[j]++
					left++
				}
			}
		}
		h.coverPairs(cl, s, need, cnt, left, false)
		return
	}
	for i := 0; i < n; i++ {
		if !rows[i] {
			continue
		}
		src := lv.nodes[cl.nodes[i]].pt
		for pass := 0; pass < 2; pass++ {
			reverse := pass == 1
			if reverse && cl.sym {
				break
			}
			s.reset(cl.rect, reverse, nil)
			s.usePad()
			for j := 0; j < n; j++ {
				if j != i {
					s.markTarget(lv.nodes[cl.nodes[j]].pt)
				}
			}
			s.run(src, image.Pt(-1, -1))
			for j := 0; j < n; j++ {
				if j == i {
					continue
				}
				v := inf
				if c, ok := s.cost(lv.nodes[cl.nodes[j]].pt); ok {
					v = c
				}
				switch {
				case reverse:
					cl.dist[j*n+i] = v
				case cl.sym:
					cl.dist[i*n+j] = v
					cl.dist[j*n+i] = v
				default:
					cl.dist[i*n+j] = v
				}
			}
		}
	}
}

// intra1Reuse updates the intra edges of level-1 cluster ci when none of its
// cells changed but its node set did (a neighbour's edit changed a shared
// entrance): distances between surviving nodes stand, since they depend on
// the cluster's cells alone; each new node gets one search (two when costs
// are not symmetric) for its row and column. oldCells lists the nodes'
// cells before the change, in slot order. It reports false when the
// shortcut does not apply (path cache: a fresh build's paths depend on slot
// order; the open fast path; a matrix of the wrong size).
func (h *Hierarchy) intra1Reuse(ci int, oldCells []int32) bool {
	if h.cfg.CachePaths || !incrementalRepair {
		return false
	}
	lv := h.lv[0]
	cl := &lv.clusters[ci]
	if cl.open {
		return false
	}
	if allOpen, sym := h.scanRect(cl.rect); allOpen || sym != cl.sym {
		return false
	}
	from, ok := h.remap(ci, oldCells)
	if !ok {
		return false
	}
	rows := h.incAffected[:0]
	for _, f := range from {
		rows = append(rows, f < 0)
	}
	h.incAffected = rows
	h.cs.loadPad(cl.rect)
	h.searchRows(ci, rows)
	return true
}

// incrementalRepair switches intra1Inc on (tests compare both ways).
var incrementalRepair = true

// incRow returns a scratch row of n +Inf values for intra1Inc.
func (h *Hierarchy) incRow(n int) []float64 {
	r := h.incBuf[:0]
	for i := 0; i < n; i++ {
		r = append(r, inf)
	}
	h.incBuf = r
	return r
}

// buildLevelHook, when not nil, is called by BuildContext after each level
// is built (tests: a cancellation between levels).
var buildLevelHook func(l int)

// compBuildHook, when not nil, is called on BuildContext's component
// labelling goroutine before it labels (tests: a panic there).
var compBuildHook func()

// cancelled reports whether the running BuildContext's context is
// cancelled (never outside a build: h.ctx is nil then).
func (h *Hierarchy) cancelled() bool { return h.ctx != nil && h.ctx.Err() != nil }

// parallelMin is the number of dirty clusters from which intraAll uses
// several goroutines (a build; a repair touches a handful).
const parallelMin = 64

// intraAll recomputes the intra edges of the given level-l clusters.
func (h *Hierarchy) intraAll(l int, dirty []int) {
	workers := buildWorkers(len(dirty))
	if workers < 2 {
		// A repair's few clusters: on this goroutine, with no closure or
		// searcher to allocate.
		for _, ci := range dirty {
			if h.cancelled() {
				return
			}
			h.intraOne(l, ci, h.cs, h.ls)
		}
		return
	}
	cs, ls := h.searchers(workers)
	h.forChunks((len(dirty)+buildChunk-1)/buildChunk, workers, func(w, k int) {
		for _, ci := range dirty[k*buildChunk : min((k+1)*buildChunk, len(dirty))] {
			h.intraOne(l, ci, cs[w], ls[w])
		}
	})
}

// intraOne recomputes the intra edges of level-l cluster ci with the
// worker's searchers (a cell search at level 1, a local search above).
func (h *Hierarchy) intraOne(l, ci int, cs *cellSearch, ls *localSearch) {
	if l == 1 {
		h.intra1(ci, cs)
	} else {
		h.intraL(l, ci, ls)
	}
}

// appendLine appends the cells of an octile-shaped straight line from a to b
// (excluding a, including b) as grid indices: diagonal and straight steps
// interleaved as evenly as Bresenham's algorithm spreads them.
func appendLine(dst []int32, a, b image.Point, w int) []int32 {
	dx, dy := b.X-a.X, b.Y-a.Y
	sx, sy := sign(dx), sign(dy)
	ax, ay := dx*sx, dy*sy
	x, y := a.X, a.Y
	if ax >= ay {
		e := 2*ay - ax
		for i := 0; i < ax; i++ {
			x += sx
			if e > 0 {
				y += sy
				e -= 2 * ax
			}
			e += 2 * ay
			dst = append(dst, int32(y*w+x))
		}
	} else {
		e := 2*ax - ay
		for i := 0; i < ay; i++ {
			y += sy
			if e > 0 {
				x += sx
				e -= 2 * ay
			}
			e += 2 * ax
			dst = append(dst, int32(y*w+x))
		}
	}
	return dst
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// localSearch computes the intra edges of one level-l cluster P (l ≥ 2): a
// Dijkstra over the level-(l−1) graph inside P, in local ids (P's children
// in row-major order, each child's nodes in slot order, so every order
// below follows cells, not node ids, and two hierarchies of the same grid
// find the same paths). Working memory is reused from cluster to cluster.
//
// The search exploits the graph's shape. Every level-(l−1) node inside P
// is a transition endpoint: it is "internal" when one of its inter edges
// stays inside P (height < l), else it only leaves P (a level-l node). A
// node that is not internal is never worth passing through: entering it
// needs an intra edge of its child, and leaving it (inside P) too, and the
// intra edges of a child are exact in-child distances, so the direct intra
// edge is no dearer (triangle inequality). Likewise a node reached by an
// intra edge of its own child needs only its inter edges relaxed (its
// intra edges lead nowhere the parent did not reach directly), and that is
// done on the spot, whenever its cost drops. So only the source and nodes
// entered by an inter edge go through the heap, each relaxing its child's
// row once; the others are leaves whose cost is the best relaxation they
// received. On maps full of small entrances (random obstacles) a search
// costs a fraction of one over the whole level graph (BenchmarkLocalSearch).
type localSearch struct {
	low      []int32     // local → level-(l−1) node id
	child    []uint8     // local → child index dy·k+dx
	internal []bool      // local → has an inter edge inside P
	ninter   []uint8     // local → inside inter edges
	inter    [][2]lEdge  // local → up to two inside inter edges
	base     []int32     // child → first local id (len children+1)
	rows     [][]float64 // child → its distance matrix
	loc      []int32     // level-(l−1) id → local id, valid when locGen matches
	locGen   []uint32
	gen      uint32
	dist     []float64
	parent   []int32
	done     []bool
	heap     []lItem
}

type lEdge struct {
	to   int32
	cost float64
}

type lItem struct {
	g float64
	v int32
}

// load builds the local graph of level-l cluster ci.
func (s *localSearch) load(h *Hierarchy, l, ci int) {
	lv, low := h.lv[l-1], h.lv[l-2]
	k := h.cfg.Branch
	if len(s.locGen) < len(low.nodes) {
		s.loc = make([]int32, len(low.nodes)+len(low.nodes)/4)
		s.locGen = make([]uint32, len(s.loc))
		s.gen = 0
	}
	s.gen++
	if s.gen == 0 {
		clear(s.locGen)
		s.gen = 1
	}
	s.low = s.low[:0]
	s.child = s.child[:0]
	s.base = s.base[:0]
	s.rows = s.rows[:0]
	px, py := (ci%lv.ncx)*k, (ci/lv.ncx)*k
	for dy := 0; dy < k; dy++ {
		for dx := 0; dx < k; dx++ {
			s.base = append(s.base, int32(len(s.low)))
			cx, cy := px+dx, py+dy
			if cx >= low.ncx || cy >= low.ncy {
				s.rows = append(s.rows, nil)
				continue
			}
			cl := &low.clusters[cy*low.ncx+cx]
			s.rows = append(s.rows, cl.dist)
			for _, id := range cl.nodes {
				s.loc[id] = int32(len(s.low))
				s.locGen[id] = s.gen
				s.low = append(s.low, id)
				s.child = append(s.child, uint8(dy*k+dx))
			}
		}
	}
	s.base = append(s.base, int32(len(s.low)))
	m := len(s.low)
	s.internal = slices.Grow(s.internal[:0], m)[:m]
	s.ninter = slices.Grow(s.ninter[:0], m)[:m]
	s.inter = slices.Grow(s.inter[:0], m)[:m]
	s.dist = slices.Grow(s.dist[:0], m)[:m]
	s.parent = slices.Grow(s.parent[:0], m)[:m]
	s.done = slices.Grow(s.done[:0], m)[:m]
	for v, id := range s.low {
		n := &low.nodes[id]
		s.ninter[v] = 0
		for e := 0; e < int(n.ninter); e++ {
			ie := &n.inter[e]
			if int(ie.height) >= l || s.locGen[ie.to] != s.gen {
				continue
			}
			s.inter[v][s.ninter[v]] = lEdge{to: s.loc[ie.to], cost: ie.out}
			s.ninter[v]++
		}
		s.internal[v] = s.ninter[v] > 0
	}
}

// local returns the local id of level-(l−1) node id (which must lie in the
// loaded cluster).
func (s *localSearch) local(id int32) int32 { return s.loc[id] }

// run settles every node of the loaded graph from local src: afterwards
// dist holds the exact cost to each node (+Inf when unreachable inside P)
// and parent the last step of a cheapest path (-1 for src and unreached).
func (s *localSearch) run(src int32) {
	dist, parent, done := s.dist, s.parent, s.done
	for i := range dist {
		dist[i] = inf
		parent[i] = -1
		done[i] = false
	}
	dist[src] = 0
	s.heap = append(s.heap[:0], lItem{0, src})
	for len(s.heap) > 0 {
		it := s.pop()
		v := it.v
		if done[v] || it.g > dist[v] {
			continue
		}
		done[v] = true
		g := it.g
		// v is the source or was entered by an inter edge (only those are
		// pushed): its child's intra edges lead somewhere new. A node
		// reached by one of them is not pushed: its own intra edges would
		// lead nowhere new, so its inter edges are relaxed at once instead
		// (again whenever its cost drops), which keeps it out of the heap.
		c := s.child[v]
		b := s.base[c]
		nc := s.base[c+1] - b
		slot := v - b
		row := s.rows[c][slot*nc : slot*nc+nc]
		// row[slot] is 0 and v is done; +Inf entries never relax.
		for j, w := range row {
			u := b + int32(j)
			nd := g + w
			if nd >= dist[u] || done[u] {
				continue
			}
			dist[u] = nd
			parent[u] = v
			for e := 0; e < int(s.ninter[u]); e++ {
				ie := s.inter[u][e]
				if nd2 := nd + ie.cost; nd2 < dist[ie.to] && !done[ie.to] {
					dist[ie.to] = nd2
					parent[ie.to] = u
					s.push(lItem{nd2, ie.to})
				}
			}
		}
		for e := 0; e < int(s.ninter[v]); e++ {
			ie := s.inter[v][e]
			if nd := g + ie.cost; nd < dist[ie.to] && !done[ie.to] {
				dist[ie.to] = nd
				parent[ie.to] = v
				s.push(lItem{nd, ie.to})
			}
		}
	}
}

// lLess orders the heap by cost alone: the order of ties is still fixed
// by the (cell-ordered) sequence of pushes.
func lLess(a, b lItem) bool { return a.g < b.g }

func (s *localSearch) push(it lItem) {
	s.heap = append(s.heap, it)
	h := s.heap
	j := len(h) - 1
	for j > 0 {
		p := (j - 1) >> 1
		if !lLess(it, h[p]) {
			break
		}
		h[j] = h[p]
		j = p
	}
	h[j] = it
}

func (s *localSearch) pop() lItem {
	h := s.heap
	top := h[0]
	last := len(h) - 1
	it := h[last]
	h = h[:last]
	s.heap = h
	if last == 0 {
		return top
	}
	j := 0
	for {
		c := 2*j + 1
		if c >= last {
			break
		}
		if r := c + 1; r < last && lLess(h[r], h[c]) {
			c = r
		}
		if !lLess(h[c], it) {
			break
		}
		h[j] = h[c]
		j = c
	}
	h[j] = it
	return top
}

// viaMask returns the children whose intra edges the path found to local t
// uses (bit dy·k+dx), for k ≤ 4.
func (s *localSearch) viaMask(t int32) uint16 {
	var m uint16
	for v := t; s.parent[v] >= 0; v = s.parent[v] {
		if p := s.parent[v]; s.child[p] == s.child[v] {
			m |= 1 << s.child[v]
		}
	}
	return m
}

// appendPath appends the level-(l−1) node ids of the path found to local t,
// without its first node (the source).
func (s *localSearch) appendPath(dst []int32, t int32) []int32 {
	start := len(dst)
	for v := t; s.parent[v] >= 0; v = s.parent[v] {
		dst = append(dst, s.low[v])
	}
	slices.Reverse(dst[start:])
	return dst
}
