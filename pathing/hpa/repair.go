package hpa

import (
	"image"
	"slices"
	"time"

	"pathlens/pathing"
)

// Repair reports what Update changed, for the UI to flash and for tests.
// Its slices are the hierarchy's reused buffers: they stay valid until the
// next Update of the same hierarchy, and Clone gives a copy to keep past
// that. (Copying them out took about 5 % of a median maze512 edit in quiet
// interleaved runs, more with the collections the garbage caused: hundreds
// of 88-byte edge records when a transition moves.)
type Repair struct {
	// Dirty[l] lists the level-l clusters recomputed (index 0 unused).
	// A cluster is recomputed at level l ≥ 2 only when a cluster below it
	// actually changed.
	Dirty        [][]int
	NodesAdded   []NodeInfo
	NodesRemoved []NodeInfo
	// EdgesAdded and EdgesRemoved hold the directed edges that appeared or
	// disappeared; an edge whose cost changed appears in both (old cost in
	// EdgesRemoved). From and To are current node ids, -1 for a node that
	// no longer exists; A and B are always the cells.
	EdgesAdded   []EdgeInfo
	EdgesRemoved []EdgeInfo
	// Components reports that the partition into components changed.
	Components bool
	// Duration is the whole repair; LevelTimes[l] the part spent on level
	// l (index 0: entrance scans and component labels).
	Duration   time.Duration
	LevelTimes []time.Duration
}

// Update repairs the hierarchy after the caller changed the given cells of
// the grid (points outside the grid and duplicates are ignored; listing an
// unchanged cell only costs time). It recomputes the entrances on the
// borders of the changed cells' clusters, the nodes and edges of those
// clusters and of neighbours whose shared entrance changed, the enclosing
// clusters above when something below changed, and the component labels.
// Afterwards the hierarchy equals a fresh Build of the grid (see Equal).
// Update must not run while a Querier searches the hierarchy. Cost for one
// toggled cell at cluster 16, 2 levels, no path cache (median over
// cmd/bench's 10,000 edits, a third of them on borders, wall clock on a
// quiet machine): 5 µs on AR0011SR, 21–22 µs on Aftershock, 25 µs on
// 8room_000, 50 µs on maze512 and 92 µs on random512, whose clusters are
// cluttered and whose border edits move transitions (each moved
// transition costs a cell search in each of the two clusters and a
// dozen searches of the level-1 graph above); with the path cache every
// dirty cluster is recomputed in full (3–4× more). The returned Repair's
// slices are valid until the next Update (see Repair).
func (h *Hierarchy) Update(changed []image.Point) Repair {
	h.updates.Add(1) // odd: queries that see it fail (ErrConcurrentUpdate)
	defer h.updates.Add(1)
	t0 := time.Now()
	h.seen = h.grid.Version()
	// Every list of the Repair lives in a buffer reused from one Update to
	// the next (finishEdges takes the node and edge lists back, the level
	// loop below the dirty lists), so the Repair costs no allocation once
	// the buffers have grown.
	u := h.upd.reset()
	nl := len(h.lv) + 1
	u.dirtyLists = slices.Grow(u.dirtyLists[:0], nl)[:nl]
	for l := range u.dirtyLists {
		u.dirtyLists[l] = u.dirtyLists[l][:0]
	}
	u.times = slices.Grow(u.times[:0], nl)[:nl]
	clear(u.times)
	u.dirtyOuter = slices.Grow(u.dirtyOuter[:0], nl)[:nl]
	clear(u.dirtyOuter)
	rep := Repair{Dirty: u.dirtyOuter, LevelTimes: u.times}
	rep.EdgesAdded, rep.EdgesRemoved = h.edgeBuf[0][:0], h.edgeBuf[1][:0]
	rep.NodesAdded, rep.NodesRemoved = u.nodes[0][:0], u.nodes[1][:0]
	l1 := h.lv[0]
	C := h.cfg.ClusterSize
	// The sets below live in reused buffers (h.upd): a median edit's
	// handful of fresh maps cost more than their lookups.
	dirty := u.dirty     // cluster → must be recomputed (false: maybe)
	borders := u.borders // border → index in u.bvals: its two clusters and changed cells on it
	touch := func(k bkey, a, b int, c int32) {
		i, ok := borders[k]
		if !ok {
			i = len(u.bvals)
			if i < cap(u.bvals) {
				u.bvals = u.bvals[:i+1]
				u.bvals[i].pair = [2]int{a, b}
				u.bvals[i].cells = u.bvals[i].cells[:0]
			} else {
				u.bvals = append(u.bvals, bval{pair: [2]int{a, b}})
			}
			borders[k] = i
		}
		u.bvals[i].cells = append(u.bvals[i].cells, c)
	}
	cellIdx := u.cellIdx
	for _, p := range changed {
		if !h.grid.In(p) {
			continue
		}
		c := int32(h.grid.Index(p))
		cellIdx = append(cellIdx, c)
		cx, cy := p.X/C, p.Y/C
		ci := cy*l1.ncx + cx
		if !h.isolated(p, l1.clusters[ci].rect) {
			dirty[ci] = true
		} else if _, seen := dirty[ci]; !seen {
			dirty[ci] = false // recheck below: only the cluster's flags may change
		}
		if p.X == cx*C && cx > 0 {
			touch(bkey{true, cy*(l1.ncx-1) + cx - 1}, ci-1, ci, c)
		}
		if p.X == (cx+1)*C-1 && cx+1 < l1.ncx {
			touch(bkey{true, cy*(l1.ncx-1) + cx}, ci, ci+1, c)
		}
		if p.Y == cy*C && cy > 0 {
			touch(bkey{false, (cy-1)*l1.ncx + cx}, ci-l1.ncx, ci, c)
		}
		if p.Y == (cy+1)*C-1 && cy+1 < l1.ncy {
			touch(bkey{false, cy*l1.ncx + cx}, ci, ci+l1.ncx, c)
		}
	}
	// Clusters with exactly one changed cell may be repaired incrementally.
	u.cellIdx = cellIdx
	incCells := u.inc
	ownCells := u.own // clusters holding a changed cell
	multi := u.multi
	for _, p := range changed {
		if !h.grid.In(p) {
			continue
		}
		ci := (p.Y/C)*l1.ncx + p.X/C
		ownCells[ci] = true
		if q, ok := incCells[ci]; ok && q != p {
			multi[ci] = true
		}
		incCells[ci] = p
	}
	for ci := range multi {
		delete(incCells, ci)
	}
	if len(cellIdx) == 0 {
		h.finishEdges(&rep)
		rep.Duration = time.Since(t0)
		return rep
	}
	// One toggled cell (opened or blocked): the levels above may keep the
	// pairs it cannot affect (intraLEdit).
	h.edit.ok = false
	if h.shadow != nil && len(incCells) == 1 && len(multi) == 0 {
		for _, p := range incCells {
			ow, nw := h.shadow.Weight(p), h.grid.Weight(p)
			if (ow == pathing.Blocked) != (nw == pathing.Blocked) {
				h.edit.ok, h.edit.x, h.edit.w = true, p, float64(ow+nw)
			}
		}
	}
	defer func() { h.edit.ok = false }()
	for k, vi := range borders {
		v := &u.bvals[vi]
		pair := v.pair
		// The border is scanned into a scratch list; only a changed one
		// gets a new slice (the old one may still be referenced).
		runs := &h.hb
		cx, cy := k.b%l1.ncx, k.b/l1.ncx
		if k.vertical {
			runs = &h.vb
			cx, cy = k.b%(l1.ncx-1), k.b/(l1.ncx-1)
		}
		u.runs = h.scanBorder(k.vertical, cx, cy, u.runs[:0])
		if !slices.Equal((*runs)[k.b], u.runs) {
			(*runs)[k.b] = slices.Clone(u.runs)
			dirty[pair[0]], dirty[pair[1]] = true, true
		}
		// A weight change on a transition cell changes the inter edge
		// costs seen from both sides.
		for _, c := range v.cells {
			if h.nodeAt(l1, c) >= 0 {
				dirty[pair[0]], dirty[pair[1]] = true, true
			}
		}
	}
	d := u.dirtyLists[1]
	for ci, must := range dirty {
		if !must {
			// Every change in ci is an isolated cell (no open 4-neighbour
			// in the cluster): no in-cluster step gains or loses anything,
			// so the intra edges stand unless the uniform-weight flags moved.
			cl := &l1.clusters[ci]
			open, sym := h.scanRect(cl.rect)
			if open == cl.open && sym == cl.sym {
				continue
			}
		}
		d = append(d, ci)
	}
	slices.Sort(d)
	for l := 1; l <= len(h.lv); l++ {
		if len(d) == 0 {
			break
		}
		rep.Dirty[l] = d
		tl := time.Now()
		var inc map[int]image.Point
		var own map[int]bool
		if l == 1 {
			inc, own = incCells, ownCells
		}
		changedClusters := h.rebuildLevel(l, d, &rep, inc, own)
		rep.LevelTimes[l] = time.Since(tl)
		u.dirtyLists[l] = d
		if l == len(h.lv) {
			break
		}
		up := h.lv[l]
		k := h.cfg.Branch
		cur := h.lv[l-1]
		set := u.set
		clear(set)
		for _, ci := range changedClusters {
			cx, cy := ci%cur.ncx, ci/cur.ncx
			set[(cy/k)*up.ncx+cx/k] = true
		}
		d = u.dirtyLists[l+1]
		for ci := range set {
			d = append(d, ci)
		}
		slices.Sort(d)
	}
	rep.Components = h.comp.Update(h.grid, cellIdx)
	if h.shadow != nil {
		for _, p := range changed {
			h.shadow.SetWeight(p, h.grid.Weight(p))
		}
	}
	h.finishEdges(&rep)
	rep.Duration = time.Since(t0)
	for _, d := range rep.LevelTimes[1:] {
		rep.LevelTimes[0] -= d
	}
	rep.LevelTimes[0] += rep.Duration
	return rep
}

// bkey names a border between two level-1 clusters (Update).
type bkey struct {
	vertical bool
	b        int
}

// bval holds a touched border's two clusters and the changed cells on it.
type bval struct {
	pair  [2]int
	cells []int32
}

// updateBufs are Update's sets and lists, kept between calls (Update runs
// on one goroutine at a time): reset clears the sets, Update resets the
// lists it lends in its Repair.
type updateBufs struct {
	dirty   map[int]bool
	borders map[bkey]int
	bvals   []bval
	cellIdx []int32
	inc     map[int]image.Point
	own     map[int]bool
	multi   map[int]bool
	set     map[int]bool
	runs    []run
	// The Repair's lists, handed out until the next Update: node lists,
	// dirty clusters per level (dirtyOuter holds them) and level times.
	nodes      [2][]NodeInfo
	dirtyLists [][]int
	dirtyOuter [][]int
	times      []time.Duration
}

// reset clears the buffers for a new Update and returns them. Maps that a
// large batch grew are dropped rather than cleared, so that a later single
// edit does not pay for clearing their many empty slots.
func (u *updateBufs) reset() *updateBufs {
	fresh := func(m map[int]bool) map[int]bool {
		if m == nil || len(m) > 64 {
			return map[int]bool{}
		}
		clear(m)
		return m
	}
	u.dirty, u.own, u.multi, u.set = fresh(u.dirty), fresh(u.own), fresh(u.multi), fresh(u.set)
	if u.borders == nil || len(u.borders) > 64 {
		u.borders = map[bkey]int{}
	} else {
		clear(u.borders)
	}
	if u.inc == nil || len(u.inc) > 64 {
		u.inc = map[int]image.Point{}
	} else {
		clear(u.inc)
	}
	if len(u.bvals) > 64 {
		u.bvals = nil
	}
	u.bvals = u.bvals[:0]
	if cap(u.cellIdx) > 4096 {
		u.cellIdx = nil
	}
	for l, d := range u.dirtyLists {
		if cap(d) > 4096 {
			u.dirtyLists[l] = nil
		}
	}
	u.cellIdx = u.cellIdx[:0]
	return u
}

// isolated reports whether p has no open 4-neighbour inside r: then opening,
// blocking or reweighting p changes no step between other cells of r (a
// diagonal step next to p needs an open 4-neighbour of p).
func (h *Hierarchy) isolated(p image.Point, r image.Rectangle) bool {
	for _, d := range [4]image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		n := p.Add(d)
		if n.In(r) && h.grid.Open(n) {
			return false
		}
	}
	return true
}

// finishEdges takes back the buffers Update collected rep's node and edge
// lists in, so that the next Update reuses them (rep keeps them until
// then). Repairs report no paths (EdgeInfo.Path stays nil), so the buffers
// keep nothing alive and need no clearing.
func (h *Hierarchy) finishEdges(rep *Repair) {
	h.upd.nodes = [2][]NodeInfo{rep.NodesAdded, rep.NodesRemoved}
	h.edgeBuf = [2][]EdgeInfo{rep.EdgesAdded, rep.EdgesRemoved}
}

// Clone returns a copy of r that owns its slices (a Repair's own are
// reused by the next Update).
func (r Repair) Clone() Repair {
	c := r
	c.Dirty = make([][]int, len(r.Dirty))
	for l, d := range r.Dirty {
		c.Dirty[l] = slices.Clone(d)
	}
	c.NodesAdded, c.NodesRemoved = slices.Clone(r.NodesAdded), slices.Clone(r.NodesRemoved)
	c.EdgesAdded, c.EdgesRemoved = slices.Clone(r.EdgesAdded), slices.Clone(r.EdgesRemoved)
	c.LevelTimes = slices.Clone(r.LevelTimes)
	return c
}
