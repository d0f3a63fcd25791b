package hpa

import (
	"encoding/binary"
	"image"
	"slices"

	"pathlens/pathing"
)

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
// most the cluster side each) instead of n−1 searches.
//
// Without the path cache no line is walked: nearOctile settles every pair
// whose shortest path costs at most w·(octile + 2) by a word-wide dynamic
// programme (on random512-10-0, 91 % of the pairs it is tried on and 83 % of those out of
// straight-line sight), pairs in different components of the cluster
// (labelled once per cluster) stay +Inf, and only the rest are searched.
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
	near := &s.near
	var comp []int16 // without the cache: the nodes' components inside the cluster
	useNear := !cache && nearOn
	if useNear {
		comp = h.nearNodes(cl, s)
	}
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
			} else if !useNear {
				exact = inSight(g, a, b)
			} else if c, ok := near.pair(a, b, comp[i], comp[j], w); ok {
				// (+Inf when not connected inside the cluster)
				cl.dist[i*n+j] = c
				cl.dist[j*n+i] = c
				continue
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
	h.coverPairs(cl, s, need, cnt, left)
}

// nearNodes loads s.near with level-1 cluster cl's open cells from the pad
// s holds for it (loadPad), labels the cluster's components and returns
// each node's (scratch, valid until the next call).
func (h *Hierarchy) nearNodes(cl *cluster, s *cellSearch) []int16 {
	near := &s.near
	near.load(s, cl.rect)
	near.components()
	n := len(cl.nodes)
	comp := slices.Grow(near.nodeComp[:0], n)[:n]
	near.nodeComp = comp
	for i, id := range cl.nodes {
		comp[i] = near.comp(h.lv[0].nodes[id].pt)
	}
	return comp
}

// coverPairs settles the pairs of level-1 cluster cl (one weight, costs
// symmetric, s holding its pad) marked in need (n×n, both halves; cnt
// counts them per node, left in all); their matrix entries are written,
// +Inf when unconnected.
func (h *Hierarchy) coverPairs(cl *cluster, s *cellSearch, need []bool, cnt []int, left int) {
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
				// An octile-exact pair (the callers' tests settle those
				// first; kept so that none can slip through): the cost as
				// the line tests write it (the search sums w·(a + b√2)
				// another way, which may differ in the last bit), so that
				// builds and repairs agree exactly.
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
