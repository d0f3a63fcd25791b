package hpa

import (
	"slices"
)

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
