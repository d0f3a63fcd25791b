package groups

import (
	"cmp"
	"context"
	"image"
	"math"
	"slices"
	"strconv"

	"pathlens/pathing"
)

// rec is a group under construction: its key, cells and (level ≥ 2) members.
// old >= 0 names the group's predecessor in Update: the old group it
// continues (its edges may be kept, renamed; its attributes are copied
// unless moved).
type rec struct {
	key     Key
	minCell int32
	cells   []int32
	members []int32
	old     int32
	attr    *Group // the predecessor's attributes, when old >= 0
	fresh   bool   // regrouped by Update (else carried from a clean key)
	moved   bool   // old >= 0 but other cells: attributes are recomputed
}

// builder holds the scratch memory of Build and Update.
type builder struct {
	g *Graph
	// ctx is BuildContext's context while it builds, when it can be
	// cancelled; nil otherwise (Update is never stopped).
	ctx    context.Context
	queue  []int32
	exits  []exitRec
	exits2 []exitRec // sortExits' other buffer
	// cellOrder: sortExits found b.exits (and so b.ents) in cell order.
	cellOrder bool
	ents      []entRec
	nbrs      []int32
	exStart   []int        // per neighbour: where its exits start in exits (and the end)
	ents2     []entRec     // one per entry cell; from −1 when entered from several groups
	terms     [][2]float64 // per neighbour: sum, max
	counts    []int
	loc       []int32 // lower group id → local index (-1 when not a member)
	ldist     []float64
	lheap     []lhItem
	label     []int32    // Update: per-cell flood labels, reused
	spare     []*level   // Update: retired levels whose arrays assemble reuses
	recs      []rec      // Update: group records, reused
	flat      []Edge     // Update: kept edges, reused
	patchOut  []Edge     // Update: patchEdges' computed edges, reused
	patchAt   []int32    // Update: where each patched group's edges start in patchOut
	pairs     [][2]int32 // Update: old and new groups beside a checked group
	ids       []int32    // Update: group ids, reused (groupsOfKeys)
	gbuf      []Group    // Update: the records of a patched level's fresh groups
	ulabel    []int32    // Update: per lower group flood labels, reused
	units     []int32    // Update: the lower groups of the dirty keys
	regIdx    []*regionIndex
	// overlay: level 1 took old's group map (patched or laid out anew
	// by Update), and ovOld[c] holds the old group of each cell c of a
	// removed or fresh group written over (ovMark[c] == ovGen); see
	// oldGroupOf.
	overlay bool
	ovMark  []uint32
	ovOld   []int32
	ovGen   uint32
	ovN2O   []int32 // new id → old id of the level-1 groups (delta.n2o)
	// patched and rebuilt count the levels Update patched and laid out
	// anew, patchedOnRebuilt the patched ones above a level laid out anew
	// (tests: every path runs).
	patched, rebuilt, patchedOnRebuilt int
	// touch[c] == touchGen marks the cells Update's changed cells can
	// affect: the changed cells and their eight neighbours.
	touch    []uint32
	touchGen uint32

	cloc     []int32 // per cell: local index in the group being costed, else -1
	adjStart []int32 // in-group cell graph (CSR on local indices)
	adj      []lhItem
	cdist    []float64
	// cellArr is the array cellGroups or unitGroups last cut its records'
	// cells from, and groupOfBuf an array level1 hands assemble for the
	// group map: assemble takes (and clears) them.
	cellArr    []int32
	groupOfBuf []int32
	need       []bool // exitDijkstra: the cells it must settle
}

type exitRec struct {
	cell int32 // cell (or member) of the group that links out
	to   int32 // neighbour group id
	c    [numCosts]float64
}

type entRec struct {
	cell int32 // entry cell (or member)
	from int32 // neighbour group it is entered from
}

type lhItem struct {
	d float64
	n int32
}

// buildLevelHook, when not nil, is called by BuildContext after each level
// is built (tests: a cancellation between levels).
var buildLevelHook func(l int)

// cancelled reports whether the running BuildContext's context is
// cancelled (never outside a build: b.ctx is nil then).
func (b *builder) cancelled() bool { return b.ctx != nil && b.ctx.Err() != nil }

func newBuilder(g *Graph) *builder {
	return &builder{g: g}
}

// keyOfCell returns the level-l key of the cell with flat index i.
func (b *builder) keyOfCell(l int, i int) Key {
	if l <= len(b.g.regions) {
		if layer := b.g.regions[l-1]; layer != nil && !NoRegion(layer[i]) {
			return Key{Region: layer[i]}
		}
	}
	w := b.g.grid.Width()
	s := b.g.cfg.side(l)
	return Key{X: int32((i % w) / s), Y: int32((i / w) / s)}
}

// keyCells appends the flat indices of the open cells whose level-1 key is k.
func (b *builder) keyCells(dst []int32, k Key) []int32 {
	g := b.g.grid
	w := g.Width()
	if k.Region != 0 {
		for _, i := range b.regionCells(1, k.Region) {
			if g.WeightAt(int(i)) != pathing.Blocked {
				dst = append(dst, i)
			}
		}
		return dst
	}
	s := b.g.cfg.side(1)
	r := image.Rect(int(k.X)*s, int(k.Y)*s, int(k.X+1)*s, int(k.Y+1)*s).Intersect(g.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i := y*w + x
			if g.WeightAt(i) != pathing.Blocked && b.keyOfCell(1, i) == k {
				dst = append(dst, int32(i))
			}
		}
	}
	return dst
}

// cellGroups flood-fills the given open cells (ascending flat indices) into
// connected parts of equal level-1 key; with all set (a fresh build) every
// open cell of the grid instead, in order. label is a per-cell scratch array
// that must hold -1 for every listed cell; it is left marked. The records'
// cells, ascending, are cut from one array of len(cells) in record order
// (each capped at its own length), rather than one array per group.
func (b *builder) cellGroups(cells []int32, all bool, label []int32, out []rec) []rec {
	g := b.g.grid
	w, h := g.Width(), g.Height()
	steps := b.g.cfg.Neighborhood.Steps()
	var layer []byte // the level-1 region layer, if any
	if len(b.g.regions) > 0 {
		layer = b.g.regions[0]
	}
	s := b.g.cfg.side(1)
	n, end := len(cells), len(cells)
	if all {
		n, end = g.OpenCount(), g.Len()
	}
	buf := make([]int32, 0, n)
	for i := 0; i < end; i++ {
		c0 := int32(i)
		if !all {
			c0 = cells[i]
		} else if g.WeightAt(i) == pathing.Blocked {
			continue
		}
		if label[c0] >= 0 {
			continue
		}
		if b.cancelled() { // (BuildContext: the level is dropped)
			return out
		}
		k := b.keyOfCell(1, int(c0))
		// A cell has key k when it is in k's region, or else (k a
		// cluster) in k's cluster and in no region: what keyOfCell says,
		// without a division per step.
		cl := image.Rect(int(k.X)*s, int(k.Y)*s, int(k.X+1)*s, int(k.Y+1)*s)
		id := int32(len(out))
		label[c0] = id
		q := append(b.queue[:0], c0)
		x0, y0 := int(c0)%w, int(c0)/w
		box := image.Rect(x0, y0, x0+1, y0+1)
		for hd := 0; hd < len(q); hd++ {
			c := int(q[hd])
			x, y := c%w, c/w
			for _, st := range steps {
				// g.CanStep from the open cell c, on flat indices.
				dx, dy := x+st.DX, y+st.DY
				if uint(dx) >= uint(w) || uint(dy) >= uint(h) {
					continue
				}
				di := dy*w + dx
				if g.WeightAt(di) == pathing.Blocked || label[di] >= 0 {
					continue
				}
				if st.DX != 0 && st.DY != 0 && (g.WeightAt(y*w+dx) == pathing.Blocked || g.WeightAt(dy*w+x) == pathing.Blocked) {
					continue
				}
				if k.Region != 0 {
					if layer[di] != k.Region {
						continue
					}
				} else if dx < cl.Min.X || dx >= cl.Max.X || dy < cl.Min.Y || dy >= cl.Max.Y || layer != nil && !NoRegion(layer[di]) {
					continue
				}
				label[di] = id
				q = append(q, int32(di))
				box.Min.X, box.Max.X = min(box.Min.X, dx), max(box.Max.X, dx+1)
				box.Min.Y, box.Max.Y = min(box.Min.Y, dy), max(box.Max.Y, dy+1)
			}
		}
		b.queue = q
		start := len(buf)
		if k.Region == 0 && box.Dx()*box.Dy() <= 4*len(q) {
			// Row-major over the box instead of a sort: its open cells in
			// no region are k's and so listed, their labels fresh.
			for y := box.Min.Y; y < box.Max.Y; y++ {
				for x := box.Min.X; x < box.Max.X; x++ {
					if i := y*w + x; label[i] == id && g.WeightAt(i) != pathing.Blocked && (layer == nil || NoRegion(layer[i])) {
						buf = append(buf, int32(i))
					}
				}
			}
		} else {
			buf = append(buf, q...)
			slices.Sort(buf[start:])
		}
		cs := buf[start:len(buf):len(buf)]
		out = append(out, rec{key: k, minCell: cs[0], cells: cs, old: -1})
	}
	b.cellArr = buf
	return out
}

// level1 builds level 1 from scratch (nil when BuildContext is cancelled).
func (b *builder) level1() *level {
	g := b.g.grid
	label := make([]int32, g.Len())
	for i := range label {
		label[i] = -1
	}
	recs := b.cellGroups(nil, true, label, nil)
	if b.cancelled() {
		return nil
	}
	// The labels number the groups in first-cell order, as assemble
	// does: the level's group map can be their array.
	b.groupOfBuf = label
	lv := b.assemble(1, recs, nil, false, nil, nil)
	b.computeEdges(1, lv, nil, nil)
	return lv
}

// upper builds level l ≥ 2 from scratch out of level l-1 (nil when
// BuildContext is cancelled).
func (b *builder) upper(l int) *level {
	low := b.g.levels[l-1]
	n := len(low.groups)
	label := make([]int32, n)
	for i := range label {
		label[i] = -1
	}
	all := make([]int32, n)
	for i := range all {
		all[i] = int32(i)
	}
	recs := b.unitGroups(l, all, label, nil)
	if b.cancelled() {
		return nil
	}
	lv := b.assemble(l, recs, nil, false, nil, nil)
	b.computeEdges(l, lv, nil, nil)
	return lv
}

// unitKey is the level-l key of lower group u: the region (or cluster) of
// its representative cell.
func (b *builder) unitKey(l int, u int32) Key {
	low := b.g.levels[l-1]
	r := low.groups[u].Rep
	return b.keyOfCell(l, b.g.grid.Index(r))
}

// unitGroups gathers the given lower groups (ascending ids) of level l-1 into
// connected parts of equal level-l key, connected by level l-1 edges. As
// in cellGroups the records' members and cells are cut from one array each.
func (b *builder) unitGroups(l int, units []int32, label []int32, out []rec) []rec {
	low := b.g.levels[l-1]
	w := b.g.grid.Width()
	nc := 0
	for _, u := range units {
		nc += int(low.cellStart[u+1] - low.cellStart[u])
	}
	mbuf := make([]int32, 0, len(units))
	cbuf := make([]int32, 0, nc)
	b.ensureLoc(len(low.groups))
	for _, u0 := range units {
		if label[u0] >= 0 {
			continue
		}
		if b.cancelled() { // (BuildContext: the level is dropped)
			return out
		}
		k := b.unitKey(l, u0)
		id := int32(len(out))
		label[u0] = id
		q := append(b.queue[:0], u0)
		for h := 0; h < len(q); h++ {
			u := q[h]
			for _, e := range low.edges[low.edgeStart[u]:low.edgeStart[u+1]] {
				if label[e.To] >= 0 || b.unitKey(l, e.To) != k {
					continue
				}
				label[e.To] = id
				q = append(q, e.To)
			}
		}
		b.queue = q
		ms0 := len(mbuf)
		mbuf = append(mbuf, q...)
		ms := mbuf[ms0:len(mbuf):len(mbuf)]
		slices.Sort(ms)
		cs0 := len(cbuf)
		box, n := image.Rectangle{}, 0
		for i, m := range ms {
			if i == 0 {
				box = low.groups[m].Box
			} else {
				box = box.Union(low.groups[m].Box)
			}
			n += int(low.cellStart[m+1] - low.cellStart[m])
		}
		if box.Dx()*box.Dy() <= 4*n {
			// Row-major over the members' box (b.loc marks the members)
			// instead of sorting their cells.
			for _, m := range ms {
				b.loc[m] = 0
			}
			for y := box.Min.Y; y < box.Max.Y; y++ {
				for x := box.Min.X; x < box.Max.X; x++ {
					if u := low.groupOf[y*w+x]; u >= 0 && b.loc[u] >= 0 {
						cbuf = append(cbuf, int32(y*w+x))
					}
				}
			}
			for _, m := range ms {
				b.loc[m] = -1
			}
		} else {
			for _, m := range ms {
				cbuf = append(cbuf, low.cells[low.cellStart[m]:low.cellStart[m+1]]...)
			}
			slices.Sort(cbuf[cs0:])
		}
		cells := cbuf[cs0:len(cbuf):len(cbuf)]
		out = append(out, rec{key: k, minCell: cells[0], cells: cells, members: ms, old: -1})
	}
	b.cellArr = cbuf
	return out
}

// assemble numbers recs by first cell and lays out a level. Groups with a
// predecessor (old >= 0) keep its attributes unless moved; oldToNew, when
// not nil, receives old id → new id for them.
//
// With update set (Update) only the regrouped groups are named: a key is
// regrouped whole, so the others keep their names.
//
// With old set (Update; removed lists, ascending, its groups that recs do
// not continue as kept groups) the level takes old's group map and writes
// it only at the cells of the removed groups, of the fresh ones and of the
// kept groups whose id moved, instead of clearing and writing every cell.
func (b *builder) assemble(l int, recs []rec, oldToNew []int32, update bool, old *level, removed []int32) *level {
	g := b.g.grid
	if !slices.IsSortedFunc(recs, byMinCell) {
		slices.SortFunc(recs, byMinCell)
	}
	// Reuse the arrays of a level Update retired, if any.
	lv := &level{}
	if l < len(b.spare) && b.spare[l] != nil {
		lv, b.spare[l] = b.spare[l], nil
	}
	lv.side = b.g.cfg.side(l)
	save := func(int32) {}
	if old != nil {
		save = b.takeMap(l, old, lv)
		for _, id := range removed {
			for _, c := range old.cells[old.cellStart[id]:old.cellStart[id+1]] {
				save(c)
				lv.groupOf[c] = -1
			}
		}
	} else {
		if b.groupOfBuf != nil {
			lv.groupOf, b.groupOfBuf = b.groupOfBuf, nil
		}
		lv.groupOf = grow(lv.groupOf, g.Len())
		for i := range lv.groupOf {
			lv.groupOf[i] = -1
		}
	}
	lv.groups = grow(lv.groups, len(recs))
	nc := 0
	for _, r := range recs {
		nc += len(r.cells)
	}
	lv.cellStart = grow(lv.cellStart, len(recs)+1)
	if arr := b.cellArr; arr != nil && !update && len(arr) == nc && inOrder(recs, arr) {
		// A fresh build's groups, cut in id order from one array
		// (cellGroups, unitGroups): the level takes the array, as the
		// loop below would copy it unchanged.
		lv.cells = arr[:0]
	} else {
		lv.cells = grow(lv.cells, nc)[:0]
	}
	b.cellArr = nil
	lv.memStart, lv.members = nil, lv.members[:0]
	if l > 1 {
		lv.memStart = grow(lv.memStart, len(recs)+1)
	}
	w := g.Width()
	for id, r := range recs {
		lv.cellStart[id] = int32(len(lv.cells))
		lv.cells = append(lv.cells, r.cells...)
		switch {
		case old == nil:
			for _, c := range r.cells {
				lv.groupOf[c] = int32(id)
			}
		case r.old < 0 || r.fresh:
			for _, c := range r.cells {
				save(c)
				lv.groupOf[c] = int32(id)
			}
		case r.old != int32(id):
			// A kept group renumbered: oldGroupOf maps its cells back
			// through the predecessor ids, so the overlay need not keep them.
			for _, c := range r.cells {
				lv.groupOf[c] = int32(id)
			}
		}
		if l > 1 {
			lv.memStart[id] = int32(len(lv.members))
			lv.members = append(lv.members, r.members...)
		}
		var gr Group
		if r.old >= 0 && oldToNew != nil {
			oldToNew[r.old] = int32(id)
		}
		if r.old >= 0 && !r.moved {
			gr = *r.attr
		} else {
			gr = attributes(r.cells, w)
			gr.Key = r.key
			gr.Level = l
			if l == 1 {
				gr.Members = len(r.cells)
			} else {
				gr.Members = len(r.members)
			}
		}
		gr.ID = int32(id)
		gr.Parent = -1
		lv.groups[id] = gr
	}
	lv.cellStart[len(recs)] = int32(len(lv.cells))
	if l > 1 {
		lv.memStart[len(recs)] = int32(len(lv.members))
		low := b.g.levels[l-1]
		for id := range recs {
			for _, m := range lv.members[lv.memStart[id]:lv.memStart[id+1]] {
				low.groups[m].Parent = int32(id)
			}
		}
	}
	var only func(int) bool
	if update {
		only = func(i int) bool { return recs[i].fresh || recs[i].old < 0 }
	}
	nameGroups(lv.groups, only)
	lv.clustersOnly = true
	for i := 0; i < l && i < len(b.g.regions); i++ {
		if b.g.regions[i] != nil {
			lv.clustersOnly = false
		}
	}
	return lv
}

// inOrder reports whether the cells of recs, one after another, are arr
// itself: each record's cells start where the previous one's end.
func inOrder(recs []rec, arr []int32) bool {
	at := 0
	for _, r := range recs {
		if len(r.cells) > 0 && &r.cells[0] != &arr[at] {
			return false
		}
		at += len(r.cells)
	}
	return at == len(arr)
}

// grow returns s with length n, reusing its array when large enough.
func grow[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

// attributes computes count, box and representative of a cell set.
func attributes(cells []int32, w int) Group {
	var sx, sy float64
	box := image.Rectangle{}
	for k, c := range cells {
		x, y := int(c)%w, int(c)/w
		sx += float64(x)
		sy += float64(y)
		r := image.Rect(x, y, x+1, y+1)
		if k == 0 {
			box = r
		} else {
			box = box.Union(r)
		}
	}
	n := float64(len(cells))
	cx, cy := sx/n, sy/n
	best, bd := int32(-1), math.Inf(1)
	for _, c := range cells { // ascending, so ties keep the first
		dx, dy := float64(int(c)%w)-cx, float64(int(c)/w)-cy
		if d := dx*dx + dy*dy; d < bd-1e-9 {
			best, bd = c, d
		}
	}
	return Group{Cells: len(cells), Box: box, Rep: image.Point{int(best) % w, int(best) / w}}
}

// nameGroups names groups by key, numbering the parts of a split key; with
// only not nil, just the groups i it accepts, which must hold every group of
// their keys.
//
// The names of a call share one string (a group's is a slice of it) and
// the keys are counted in arrays, not maps: a fresh 2048² level has a
// couple of hundred thousand groups, and fmt and a map per name were most
// of a build's allocations. nameGroupsFmt in the tests is the old way.
func nameGroups(gs []Group, only func(i int) bool) {
	// Slots: a region byte's, else 256 + the cluster's row-major index.
	maxX, maxY := int32(-1), int32(-1)
	for i := range gs {
		if k := gs[i].Key; k.Region == 0 && (only == nil || only(i)) {
			maxX, maxY = max(maxX, k.X), max(maxY, k.Y)
		}
	}
	nx := int(maxX) + 1
	slot := func(k Key) int {
		if k.Region != 0 {
			return int(k.Region)
		}
		return 256 + int(k.Y)*nx + int(k.X)
	}
	count := make([]int32, 2*(256+nx*(int(maxY)+1))) // counts, then seen
	seen := count[len(count)/2:]
	n := 0
	for i := range gs {
		if only == nil || only(i) {
			count[slot(gs[i].Key)]++
			n++
		}
	}
	const hex = "0123456789abcdef"
	buf := make([]byte, 0, n*12)
	ends := make([]int32, 0, n)
	for i := range gs {
		if only != nil && !only(i) {
			continue
		}
		k := gs[i].Key
		switch {
		case k.Region >= 0x80:
			buf = append(buf, '\\', 'x', hex[k.Region>>4], hex[k.Region&15])
		case k.Region != 0:
			buf = append(buf, k.Region)
		default:
			buf = append(buf, '(')
			buf = strconv.AppendInt(buf, int64(k.X), 10)
			buf = append(buf, ',')
			buf = strconv.AppendInt(buf, int64(k.Y), 10)
			buf = append(buf, ')')
		}
		if sl := slot(k); count[sl] > 1 {
			seen[sl]++
			if k.Region == 0 {
				buf = append(buf, '/')
			}
			buf = strconv.AppendInt(buf, int64(seen[sl]), 10)
		}
		ends = append(ends, int32(len(buf)))
	}
	all := string(buf)
	at, e := int32(0), 0
	for i := range gs {
		if only != nil && !only(i) {
			continue
		}
		gs[i].Name = all[at:ends[e]]
		at = ends[e]
		e++
	}
}

// computeEdges fills lv's edges. redo, when not nil, flags the groups whose
// edges must be computed; the others are copied from keep[id] (edges already
// renumbered).
//
// Under BuildContext it stops, leaving the level half done, when the
// build's context is cancelled, looked at before each group: a group costs
// from microseconds to milliseconds (random512 in clusters of 16: about
// 3 ms per 100 cells), a look a few nanoseconds. The build then drops the
// graph.
func (b *builder) computeEdges(l int, lv *level, redo []bool, keep [][]Edge) {
	n := len(lv.groups)
	lv.edgeStart = make([]int32, n+1)
	lv.edges = lv.edges[:0]
	if redo == nil {
		if w := edgeWorkers(n); w > 1 {
			b.edgesParallel(l, lv, w)
			return
		}
	}
	var out []Edge
	for a := int32(0); a < int32(n); a++ {
		if b.cancelled() {
			return
		}
		lv.edgeStart[a] = int32(len(lv.edges))
		if redo != nil && !redo[a] {
			lv.edges = append(lv.edges, keep[a]...)
			continue
		}
		if l == 1 {
			out = b.cellEdges(lv, a, out[:0])
		} else {
			out = b.unitEdges(l, lv, a, out[:0])
		}
		lv.edges = append(lv.edges, out...)
	}
	lv.edgeStart[n] = int32(len(lv.edges))
}

// cellEdges computes the out-edges of level-1 group a.
//
// Minimum is the cheapest step from a cell of a into the neighbour. For
// Maximin and AvgMin every entry cell of a (a cell that some cell of another
// group steps into; a cell entered from several groups counts once, and a
// wide door counts once per cell) gives, for each neighbour B it was not
// entered from alone, the term: shortest distance inside a from the entry
// cell to a cell stepping into B, plus that step. Maximin takes the largest
// term, AvgMin the mean. When a has no entries but from B (a dead end, or a
// group with a single neighbour) both fall back to Minimum and Entries is 0.
func (b *builder) cellEdges(lv *level, a int32, out []Edge) []Edge {
	g := b.g.grid
	nb := b.g.cfg.Neighborhood
	steps := nb.Steps()
	cells := lv.cells[lv.cellStart[a]:lv.cellStart[a+1]]
	b.exits, b.ents = b.exits[:0], b.ents[:0]
	b.ensureCloc()
	for i, c := range cells {
		b.cloc[c] = int32(i)
	}
	// An open rectangle of one weight w (most groups of rooms and open
	// ground) needs no search: a cheapest path between two of its cells is
	// w times their octile (Manhattan, 4-connected) distance, every such
	// path staying in the rectangle, and only its rim can step out.
	w, r, rect := openRect(g, cells)
	inner := image.Rectangle{r.Min.Add(image.Pt(1, 1)), r.Max.Sub(image.Pt(1, 1))}
	// One pass over the legal steps: a step to another group is an exit
	// (and, steps being symmetric, an entry from it); a step inside a is
	// an edge of the in-group graph, on local indices and reversed (the
	// step from the neighbour into this cell, as exitDijkstra reads it).
	b.adjStart = append(b.adjStart[:0], 0)
	b.adj = b.adj[:0]
	gw, gh := g.Width(), g.Height()
	for _, c := range cells {
		x, y := int(c)%gw, int(c)/gw
		if rect && x >= inner.Min.X && x < inner.Max.X && y >= inner.Min.Y && y < inner.Max.Y {
			continue // no step leaves a rectangle from inside it
		}
		wc := float64(g.WeightAt(int(c)))
		for _, st := range steps {
			// g.CanStep and g.StepCost from the open cell c, on flat
			// indices: a step costs the weight of the cell stepped into
			// times st.Len (1 or √2, as StepCost multiplies).
			dx, dy := x+st.DX, y+st.DY
			if uint(dx) >= uint(gw) || uint(dy) >= uint(gh) {
				continue
			}
			di := dy*gw + dx
			wd := g.WeightAt(di)
			if wd == pathing.Blocked {
				continue
			}
			if st.DX != 0 && st.DY != 0 && (g.WeightAt(y*gw+dx) == pathing.Blocked || g.WeightAt(dy*gw+x) == pathing.Blocked) {
				continue
			}
			// Tested by the group map, not b.cloc: the workers of a
			// parallel build share b.cloc, each on its own group's cells.
			to := lv.groupOf[di]
			if to == a {
				if !rect {
					b.adj = append(b.adj, lhItem{wc * st.Len, b.cloc[di]})
				}
				continue
			}
			sc := float64(wd) * st.Len
			b.exits = append(b.exits, exitRec{cell: c, to: to, c: [numCosts]float64{sc, sc, sc}})
			b.ents = append(b.ents, entRec{cell: c, from: to})
		}
		if !rect {
			b.adjStart = append(b.adjStart, int32(len(b.adj)))
		}
	}
	// toward(ex, to) prepares the costs of leaving by the exits ex (into
	// to), which leave(e) reads for entry e.
	var toward func(ex []exitRec, to int32)
	var leave func(e int32, _ CostKind) float64
	if rect {
		dist := pathing.Octile
		if nb == pathing.Four {
			dist = pathing.Manhattan
		}
		var exits []exitRec
		toward = func(ex []exitRec, _ int32) { exits = ex }
		leave = func(e int32, _ CostKind) float64 {
			pe := g.Point(int(e))
			best := inf
			for _, x := range exits {
				if d := w*dist.Distance(pe, g.Point(int(x.cell))) + x.c[Maximin]; d < best {
					best = d
				}
			}
			return best
		}
	} else {
		if cap(b.cdist) < len(cells) {
			b.cdist = make([]float64, len(cells))
		}
		if cap(b.need) < len(cells) {
			b.need = make([]bool, len(cells))
		}
		need := b.need[:len(cells)]
		toward = func(ex []exitRec, to int32) {
			// The search may stop once every entry cell it serves (those
			// not entered from to alone) is settled.
			n := 0
			for _, r := range b.ents2 {
				if r.from != to {
					need[b.cloc[r.cell]] = true
					n++
				}
			}
			b.exitDijkstra(b.cdist[:len(cells)], ex, need, n)
		}
		leave = func(e int32, _ CostKind) float64 { return b.cdist[b.cloc[e]] }
	}
	out = b.finishEdges(a, out, nil, leave, toward)
	for _, c := range cells {
		b.cloc[c] = -1
	}
	return out
}

// ensureLoc makes b.loc (a scratch index by lower group, -1 where
// unset) at least n long.
func (b *builder) ensureLoc(n int) {
	if len(b.loc) < n {
		b.loc = make([]int32, n)
		for i := range b.loc {
			b.loc[i] = -1
		}
	}
}

// ensureCloc sizes b.cloc to the grid, all -1, unless it is already.
func (b *builder) ensureCloc() {
	if n := b.g.grid.Len(); len(b.cloc) != n {
		b.cloc = make([]int32, n)
		for i := range b.cloc {
			b.cloc[i] = -1
		}
	}
}

// openRect reports whether cells (ascending flat indices) fill their
// bounding rectangle r and all have one weight w.
func openRect(g *pathing.Grid, cells []int32) (w float64, r image.Rectangle, ok bool) {
	if len(cells) == 0 {
		return 0, r, false
	}
	gw := g.Width()
	y0, y1 := int(cells[0])/gw, int(cells[len(cells)-1])/gw
	x0, x1 := int(cells[0])%gw, int(cells[len(cells)-1])%gw
	r = image.Rect(x0, y0, x1+1, y1+1)
	if r.Empty() || r.Dx()*r.Dy() != len(cells) {
		return 0, r, false
	}
	w0 := g.WeightAt(int(cells[0]))
	for i, c := range cells {
		// Row-major order and the count pin every cell to its place in r.
		if int(c) != (y0+i/r.Dx())*gw+x0+i%r.Dx() || g.WeightAt(int(c)) != w0 {
			return 0, r, false
		}
	}
	return float64(w0), r, true
}

// exitDijkstra fills dist with every cell's cost to leave its group by
// one of the exits ex (all into one neighbour; the step out included): a
// search from all of them at once over the group's reversed steps
// (b.adjStart/b.adj, on local indices: edge n → node costs d), as step
// costs depend on the cell stepped into. One such search per neighbour
// replaces one search per entry cell, which a group of open ground has
// several times as many of.
//
// need flags the n cells whose costs are wanted: the search stops once
// it has settled them all (later cells keep a cost too high or +Inf),
// and clears their flags.
func (b *builder) exitDijkstra(dist []float64, ex []exitRec, need []bool, n int) {
	for i := range dist {
		dist[i] = inf
	}
	h := b.lheap[:0]
	for _, x := range ex {
		if li, c := b.cloc[x.cell], x.c[Maximin]; c < dist[li] {
			dist[li] = c
			h = append(h, lhItem{c, li})
			lhUp(h)
		}
	}
	for len(h) > 0 {
		top := h[0]
		last := len(h) - 1
		h[0] = h[last]
		h = h[:last]
		lhDown(h)
		u := top.n
		if top.d > dist[u] {
			continue
		}
		if need[u] {
			need[u] = false
			if n--; n == 0 {
				break
			}
		}
		for _, e := range b.adj[b.adjStart[u]:b.adjStart[u+1]] {
			if nd := top.d + e.d; nd < dist[e.n] {
				dist[e.n] = nd
				h = append(h, lhItem{nd, e.n})
				lhUp(h)
			}
		}
	}
	if n > 0 { // (a group is connected: not expected)
		clear(need)
	}
	b.lheap = h
}

// sortExits sorts b.exits by neighbour, then cell, and returns them. The
// exits come in cell (member) order, each cell's together, so for the few
// neighbours of a group a stable distribution by neighbour does it in two
// passes, where a comparison sort of the 32-byte records was a tenth of a
// build; b.cellOrder records whether they did (a caller that lists them
// otherwise gets the comparison sort).
func (b *builder) sortExits() []exitRec {
	ex := b.exits
	b.cellOrder = true
	for i := 1; i < len(ex); i++ {
		if ex[i].cell < ex[i-1].cell {
			b.cellOrder = false
			break
		}
	}
	if !b.cellOrder {
		slices.SortFunc(ex, func(x, y exitRec) int {
			if x.to != y.to {
				return cmp.Compare(x.to, y.to)
			}
			return cmp.Compare(x.cell, y.cell)
		})
		return ex
	}
	// The neighbours, ascending, and how many exits lead to each.
	nb := b.nbrs[:0]
	cnt := b.exStart[:0]
	for _, e := range ex {
		k := slices.Index(nb, e.to)
		if k < 0 {
			nb = append(nb, e.to)
			cnt = append(cnt, 0)
			k = len(nb) - 1
		}
		cnt[k]++
	}
	if len(nb) <= 1 {
		b.nbrs, b.exStart = nb, cnt
		return ex
	}
	// Starts in neighbour order: sort the (few) neighbours with their counts.
	for i := 1; i < len(nb); i++ {
		for j := i; j > 0 && nb[j] < nb[j-1]; j-- {
			nb[j], nb[j-1] = nb[j-1], nb[j]
			cnt[j], cnt[j-1] = cnt[j-1], cnt[j]
		}
	}
	at := 0
	for i, n := range cnt {
		cnt[i] = at
		at += n
	}
	out := grow(b.exits2, len(ex))
	for _, e := range ex {
		k, _ := slices.BinarySearch(nb, e.to)
		out[cnt[k]] = e
		cnt[k]++
	}
	b.nbrs, b.exStart = nb, cnt
	b.exits, b.exits2 = out, ex
	return out
}

// finishEdges turns b.exits and b.ents of group a into edges, with one of
// two ways to cost the Maximin and AvgMin terms. With search (level ≥ 2)
// search(e, k) runs the in-group search from entry e for kind k and dist(x,
// k) reads the cost from e to x. With toward (level 1, where the kinds share
// one cost) toward(ex, to) runs a search from the exits ex into neighbour to
// and dist(e, _) reads e's cost to leave by them, the step out included.
func (b *builder) finishEdges(a int32, out []Edge, search func(e int32, k CostKind), dist func(x int32, k CostKind) float64, toward func(ex []exitRec, to int32)) []Edge {
	ex := b.sortExits()
	// Merge duplicate (to, cell) exits, keeping the cheapest link per kind.
	k := 0
	for i := range ex {
		if k > 0 && ex[k-1].to == ex[i].to && ex[k-1].cell == ex[i].cell {
			for c := range ex[i].c {
				ex[k-1].c[c] = math.Min(ex[k-1].c[c], ex[i].c[c])
			}
			continue
		}
		ex[k] = ex[i]
		k++
	}
	ex = ex[:k]
	b.exits = ex
	// The neighbours, in order, and where each one's exits start in ex.
	b.nbrs, b.exStart = b.nbrs[:0], b.exStart[:0]
	for i, e := range ex {
		if len(b.nbrs) == 0 || b.nbrs[len(b.nbrs)-1] != e.to {
			b.nbrs = append(b.nbrs, e.to)
			b.exStart = append(b.exStart, i)
		}
	}
	b.exStart = append(b.exStart, len(ex))
	for bi, to := range b.nbrs {
		m := inf
		for _, e := range ex[b.exStart[bi]:b.exStart[bi+1]] {
			m = math.Min(m, e.c[Minimum])
		}
		out = append(out, Edge{From: a, To: to, Costs: [numCosts]float64{m, m, m}})
	}
	if len(b.nbrs) < 2 {
		return out // entries come only from the single neighbour: fallback
	}
	en := b.ents
	if !b.cellOrder {
		slices.SortFunc(en, func(x, y entRec) int {
			if x.cell != y.cell {
				return cmp.Compare(x.cell, y.cell)
			}
			return cmp.Compare(x.from, y.from)
		})
	}
	// One record per entry cell: the group it is entered from, or -1 when
	// from several (it then counts for every neighbour; else for all but
	// that one).
	b.ents2 = b.ents2[:0]
	for i := 0; i < len(en); {
		r := en[i]
		for i++; i < len(en) && en[i].cell == r.cell; i++ {
			if en[i].from != r.from {
				r.from = -1
			}
		}
		b.ents2 = append(b.ents2, r)
	}
	nn := len(b.nbrs)
	if cap(b.terms) < nn*int(numCosts) {
		b.terms = make([][2]float64, nn*int(numCosts))
		b.counts = make([]int, nn)
	}
	terms := b.terms[:nn*int(numCosts)]
	counts := b.counts[:nn]
	for i := range terms {
		terms[i] = [2]float64{0, 0}
	}
	for i := range counts {
		counts[i] = 0
	}
	add := func(bi int, kind CostKind, best float64) {
		t := &terms[bi*int(numCosts)+int(kind)]
		t[0] += best
		t[1] = math.Max(t[1], best)
	}
	if toward != nil {
		for bi, to := range b.nbrs {
			searched := false
			for _, r := range b.ents2 {
				if r.from == to {
					continue // entered from B alone
				}
				if !searched {
					toward(ex[b.exStart[bi]:b.exStart[bi+1]], to)
					searched = true
				}
				counts[bi]++
				best := dist(r.cell, Maximin)
				for kind := Maximin; kind < numCosts; kind++ {
					add(bi, kind, best)
				}
			}
		}
	} else {
		for _, r := range b.ents2 {
			var searched [numCosts]bool
			for bi, to := range b.nbrs {
				if r.from == to {
					continue
				}
				counts[bi]++
				for kind := Maximin; kind < numCosts; kind++ {
					if !searched[kind] {
						search(r.cell, kind)
						searched[kind] = true
					}
					best := inf
					for _, x := range ex[b.exStart[bi]:b.exStart[bi+1]] {
						if d := dist(x.cell, kind) + x.c[kind]; d < best {
							best = d
						}
					}
					add(bi, kind, best)
				}
			}
		}
	}
	base := len(out) - nn
	for bi := range b.nbrs {
		if counts[bi] == 0 {
			continue
		}
		e := &out[base+bi]
		e.Entries = counts[bi]
		e.Costs[Maximin] = terms[bi*int(numCosts)+int(Maximin)][1]
		e.Costs[AvgMin] = terms[bi*int(numCosts)+int(AvgMin)][0] / float64(counts[bi])
	}
	return out
}

// unitEdges computes the out-edges of group a at level l ≥ 2 from the level
// l-1 graph: Minimum is the cheapest member link into B; for Maximin (and
// AvgMin) every member entered from a group other than B gives the term:
// shortest distance inside a over member links costed by Maximin (AvgMin),
// to a member linking into B, plus that link's Maximin (AvgMin) cost; the
// largest (mean) term is the cost, with the same fallback as level 1.
func (b *builder) unitEdges(l int, lv *level, a int32, out []Edge) []Edge {
	low := b.g.levels[l-1]
	mem := lv.members[lv.memStart[a]:lv.memStart[a+1]]
	b.ensureLoc(len(low.groups))
	for i, m := range mem {
		b.loc[m] = int32(i)
	}
	b.exits, b.ents = b.exits[:0], b.ents[:0]
	for _, m := range mem {
		for _, e := range low.edges[low.edgeStart[m]:low.edgeStart[m+1]] {
			to := lv.groupOf[low.cells[low.cellStart[e.To]]]
			if to == a {
				continue
			}
			b.exits = append(b.exits, exitRec{cell: m, to: to, c: e.Costs})
			b.ents = append(b.ents, entRec{cell: m, from: to})
		}
	}
	if len(b.ldist) < len(mem)*int(numCosts) {
		b.ldist = make([]float64, len(mem)*int(numCosts))
	}
	out = b.finishEdges(a, out, func(e int32, kind CostKind) {
		b.memberDijkstra(low, mem, e, kind)
	}, func(x int32, k CostKind) float64 {
		return b.ldist[int(b.loc[x])*int(numCosts)+int(k)]
	}, nil)
	for _, m := range mem {
		b.loc[m] = -1
	}
	return out
}

// memberDijkstra fills b.ldist[.., kind] with distances from member src over
// links between members costed by kind.
func (b *builder) memberDijkstra(low *level, mem []int32, src int32, kind CostKind) {
	K := int(numCosts)
	for i := range mem {
		b.ldist[i*K+int(kind)] = inf
	}
	h := b.lheap[:0]
	b.ldist[int(b.loc[src])*K+int(kind)] = 0
	h = append(h, lhItem{0, src})
	for len(h) > 0 {
		top := h[0]
		last := len(h) - 1
		h[0] = h[last]
		h = h[:last]
		lhDown(h)
		u := top.n
		if top.d > b.ldist[int(b.loc[u])*K+int(kind)] {
			continue
		}
		for _, e := range low.edges[low.edgeStart[u]:low.edgeStart[u+1]] {
			li := b.loc[e.To]
			if li < 0 {
				continue
			}
			nd := top.d + e.Costs[kind]
			if nd < b.ldist[int(li)*K+int(kind)] {
				b.ldist[int(li)*K+int(kind)] = nd
				h = append(h, lhItem{nd, e.To})
				lhUp(h)
			}
		}
	}
	b.lheap = h
}
