package hpa

import (
	"context"
	"fmt"
	"image"
	"math"
	"runtime/debug"
	"slices"
	"sync"
	"sync/atomic"

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
// caller changes cells it must call Update with them before the next query;
// until then Find fails with ErrStale. Any number of Queriers may search a
// Hierarchy at the same time; Update and queries must not overlap, nor Update
// and the other methods, which read the hierarchy too (NewQuerier, the
// inspection methods, Equal): a sync.RWMutex held for reading around those
// and for writing around the edit and its Update is enough. A query that an
// Update overlaps fails with ErrConcurrentUpdate (a *pathing.OverlapPanic
// wrapping it, with the value and stack, if the query also panicked); one
// that a write to the grid overlaps is not caught.
type Hierarchy struct {
	grid *pathing.Grid
	// seen is the grid's Version as of Build or the last Update: Find
	// refuses to answer once the grid has moved past it.
	seen uint64
	// updates counts the starts and ends of Update: odd while one runs.
	updates atomic.Uint64
	cfg     Config
	w, h    int
	lv      []*level // lv[l-1] is level l

	// Level-1 borders: vb[cy*(ncx-1)+cx] lies between clusters (cx,cy) and
	// (cx+1,cy); hb[cy*ncx+cx] between (cx,cy) and (cx,cy+1). Each holds
	// the entrances (maximal runs of open pairs) along it.
	vb, hb [][]run
	vh, hh []uint8 // height of each border: the highest level it separates

	comp pathing.Components

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
// defaults). It fails on a nil or empty grid or a config out of range (the error
// names the field). Cost: per cluster, one search inside it from each of its
// nodes but the last, at every level, spread over the cores when there are
// many clusters; plus one labelling of the components. A level-1 cluster of
// one weight (8-connected) searches less, with or without the path cache:
// none when fully open, none for pairs joined by an octile-shaped path (the
// cache stores that path), without the cache none for pairs costing at most
// w·(octile + 2) (nearOctile) or in different components of the cluster,
// and bucket-queue searches covering the rest. For
// a 512×512 game map (AR0011SR, Aftershock), about 4–6 ms with Fast (path
// cache) and 2.5–4 ms without; maze512 9 and 7.5 ms, 8room 16–17 and 13 ms;
// maps full of small obstacles (many entrances, cluttered clusters:
// random512) about 65 and 55 ms (cmd/bench medians, 2 cores). With the
// zero Config (cluster 10, no cache; BenchmarkBuild, quiet machine): 4–8 ms
// on the game maps and maze512, 19 ms on 8room, 33 ms on random512, before
// nearOctile took about a third of random512's CPU time away. Build
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
	if g.Len() == 0 {
		// A zero pathing.Grid: its hierarchy had no clusters, and
		// NewQuerier divided by their size.
		return nil, fmt.Errorf("hpa: the grid has no cells (make it with pathing.NewGrid)")
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
	h := &Hierarchy{grid: g, seen: g.Version(), cfg: cfg, w: g.Width(), h: g.Height()}
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
				compPanic = &WorkerPanic{Value: p, Stack: debug.Stack(), Pkg: "hpa"}
			}
		}()
		if compBuildHook != nil {
			compBuildHook()
		}
		h.comp.Build(g)
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

const (
	lowBytes  = 0x0101010101010101
	highBytes = 0x8080808080808080
)

// maxZEdges caps the changed edges intraLEdit bounds one by one; past it
// the toggled cell's single bound stands for them (looser, as cheap).
const maxZEdges = 48

// incrementalRepair switches intra1Inc on (tests compare both ways).
var incrementalRepair = true

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
