package hpa

import (
	"image"
	"slices"

	"pathlens/pathing"
)

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
	dist := fitBuf(h.spareDist, n*n)
	var via []uint16
	if cl.via != nil {
		via = fitBuf(h.spareVia, n*n)
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

// fitBuf returns buf resliced to n elements when its capacity is at least
// n and at most a quarter more, else a new buffer of exactly n. The
// matrix remapL writes stays with its cluster (the cluster's old one
// becomes the spare): a spare grown by append, or left by a larger
// cluster, handed its slack on from repair to repair, and after 2,000
// toggles on random512-10-0 the matrices held 48 % more than a fresh
// build's (the hierarchy 30 % more in all).
func fitBuf[T any](buf []T, n int) []T {
	if c := cap(buf); c >= n && c <= n+n/4 {
		return buf[:n]
	}
	return make([]T, n)
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
// already clear the test above.
//
// 8-connected, d(x, ·) and the pairs to settle again go through nearOctile
// and the cluster's components first (openLines.pair), as in a fresh build
// (intra1Lines), so most repairs search little or nothing; the values are
// those a build writes, bit for bit. Path caching needs the
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
	// useNear: settle pairs with nearOctile and the cluster's components,
	// as intra1Lines does in a fresh build (s.near holds the old terrain
	// when nearOld, the current one otherwise).
	useNear := nearOn && h.cfg.Neighborhood == pathing.Eight
	nearOld := false
	var comp []int16 // useNear: the nodes' components on s.near's terrain
	pts := h.tmp[:0]
	for _, id := range cl.nodes {
		pts = append(pts, lv.nodes[id].pt)
	}
	h.tmp = pts
	dx := h.incRow(n)
	// d(x, node) on the terrain searched (the old one for a fill): 8-connected,
	// nearOctile and the cluster's components settle most nodes (else a node
	// in straight-line sight of x is w·octile away); the Dijkstra settles
	// the rest.
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
		// 8-connected: nearOctile settles d(x, ·) up to w·(octile + 2)
		// exactly, and a node outside x's component of the cluster stays
		// +Inf, on the terrain searched (the pad holds the current one).
		var cx int16
		if useNear {
			if fill {
				s.setPadCell(x, oldW)
			}
			comp = h.nearNodes(cl, s)
			cx = s.near.comp(x)
			if fill {
				s.setPadCell(x, pathing.Blocked)
			}
		}
		for j, p := range pts {
			if want != nil && !want[j] {
				continue
			}
			switch {
			case useNear:
				if c, ok := s.near.pair(x, p, cx, comp[j], w); ok {
					dx[j] = c
				} else {
					rest = append(rest, int32(j))
				}
			case octileExact(terrain, x, p):
				dx[j] = w * pathing.OctileDistance(x, p)
			default:
				rest = append(rest, int32(j))
			}
		}
		nearOld = useNear && fill
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
				d := cl.dist[i*n+j]
				if old && !fill && d <= oct+1e-9*max(1, oct) {
					// Octile-exact before the dig, so after it too, and
					// nothing is cheaper: the cost stands.
					continue
				}
				if useNear {
					if comp == nil || nearOld {
						comp, nearOld = h.nearNodes(cl, s), false
					}
					if c, ok := s.near.pair(a, b, comp[i], comp[j], cw); ok {
						cl.dist[i*n+j], cl.dist[j*n+i] = c, c
						continue
					}
				}
				exact := false
				if !useNear && !(old && fill && d > oct+1e-9*max(1, oct)) {
					// (After a fill, a pair with no octile-shaped path
					// before has none after: its cells are a subset.)
					exact = octileExact(h.grid, a, b)
				}
				if exact {
					cl.dist[i*n+j] = oct
					cl.dist[j*n+i] = oct
				} else {
					markPair(cl, need, cnt, i, j)
					left++
				}
			}
		}
		h.coverPairs(cl, h.cs, need, cnt, left)
		return true
	}
	if count >= n-1 {
		return false // nearly every row: the full recomputation is cheaper
	}
	h.searchRows(ci, affected)
	return true
}

// markPair makes pair i, j of level-1 cluster cl unknown (+Inf both ways)
// and marks it in need and cnt for coverPairs.
func markPair(cl *cluster, need []bool, cnt []int, i, j int) {
	n := len(cl.nodes)
	cl.dist[i*n+j], cl.dist[j*n+i] = inf, inf
	need[i*n+j], need[j*n+i] = true, true
	cnt[i]++
	cnt[j]++
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
		// As intra1Lines: pairs nearOctile settles, or in different
		// components of the cluster, need no search; the rest are covered
		// by few searches.
		need, cnt := h.pairBufs(n)
		left := 0
		var comp []int16
		if nearOn {
			comp = h.nearNodes(cl, s)
		}
		for i := 0; i < n; i++ {
			a := lv.nodes[cl.nodes[i]].pt
			for j := i + 1; j < n; j++ {
				if !rows[i] && !rows[j] {
					continue
				}
				b := lv.nodes[cl.nodes[j]].pt
				if comp != nil {
					if c, ok := s.near.pair(a, b, comp[i], comp[j], w); ok {
						cl.dist[i*n+j], cl.dist[j*n+i] = c, c
						continue
					}
				} else if octileExact(h.grid, a, b) {
					c := w * pathing.OctileDistance(a, b)
					cl.dist[i*n+j] = c
					cl.dist[j*n+i] = c
					continue
				}
				markPair(cl, need, cnt, i, j)
				left++
			}
		}
		h.coverPairs(cl, s, need, cnt, left)
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

// incRow returns a scratch row of n +Inf values for intra1Inc.
func (h *Hierarchy) incRow(n int) []float64 {
	r := h.incBuf[:0]
	for i := 0; i < n; i++ {
		r = append(r, inf)
	}
	h.incBuf = r
	return r
}
