package hpa

import (
	"image"
	"math"
	"math/bits"

	"pathlens/pathing"
)

// ext is the per-query extension of one level's graph (the seed's "extended
// graph"): two temporary nodes, S (id base) and G (id base+1), with their
// edges. The shared graph is never modified; searches ask the extension
// about the temporary nodes and about edges into G or out of S.
type ext struct {
	base       int32
	sPt, gPt   image.Point
	sOut, gIn  []tempEdge // S→node and node→G
	sg         float64    // direct S→G cost, +Inf when none
	sCost      []float64  // sCost[id]: S→id when sMark[id] == stamp
	gCost      []float64  // gCost[id]: id→G when gMark[id] == stamp
	sMark      []uint32
	gMark      []uint32
	stamp      uint32
	sClu, gClu int // cluster indices of S and G at this level
}

type tempEdge struct {
	id   int32
	cost float64
}

func (e *ext) reset(n int, s, g image.Point) {
	e.base = int32(n)
	e.sPt, e.gPt = s, g
	e.sOut = e.sOut[:0]
	e.gIn = e.gIn[:0]
	e.sg = inf
	if len(e.sMark) < n {
		e.sCost = make([]float64, n+n/4)
		e.gCost = make([]float64, n+n/4)
		e.sMark = make([]uint32, n+n/4)
		e.gMark = make([]uint32, n+n/4)
		e.stamp = 0
	}
	e.stamp++
	if e.stamp == 0 {
		clear(e.sMark)
		clear(e.gMark)
		e.stamp = 1
	}
}

func (e *ext) addS(id int32, c float64) {
	e.sOut = append(e.sOut, tempEdge{id, c})
	e.sCost[id] = c
	e.sMark[id] = e.stamp
}

func (e *ext) addG(id int32, c float64) {
	e.gIn = append(e.gIn, tempEdge{id, c})
	e.gCost[id] = c
	e.gMark[id] = e.stamp
}

// absSearch is a Dijkstra or A* over one level's abstract graph, optionally
// extended by an ext and restricted to a rectangle (a higher cluster).
// Working memory is indexed by node id and stamped by generation.
type absSearch struct {
	st       []absState
	gen      uint32
	heap     []aitem // 4-ary, rooted at aroot (see up)
	h        *Hierarchy
	m        int // graph level
	lv       *level
	e        *ext
	reverse  bool
	rect     image.Rectangle
	limited  bool
	goal     int32
	goalPt   image.Point
	found    int32
	remain   int
	expanded int
	trace    *pathing.Trace
	w        float64 // heuristic weight (1: plain A*)
	four     bool    // 4-connected: Manhattan heuristic
}

type absState struct {
	g      float64
	parent int32
	gen    uint32
	pos    int32
	mark   uint32
}

// reset prepares a search on level m's graph (extended by e when not nil).
func (s *absSearch) reset(h *Hierarchy, m int, e *ext, reverse bool, tr *pathing.Trace) {
	s.h = h
	s.m = m
	s.lv = h.lv[m-1]
	s.e = e
	n := len(s.lv.nodes) + 2
	if len(s.st) < n {
		s.st = make([]absState, n+n/4)
		s.gen = 0
	}
	s.gen++
	if s.gen == 0 {
		for i := range s.st {
			s.st[i] = absState{}
		}
		s.gen = 1
	}
	if cap(s.heap) < aroot {
		s.heap = make([]aitem, aroot, 256)
	}
	s.heap = s.heap[:aroot]
	s.reverse = reverse
	s.limited = false
	s.goal = -1
	s.found = -1
	s.remain = 0
	s.expanded = 0
	s.trace = tr
	s.w = 1
	s.four = h.cfg.Neighborhood == pathing.Four
}

func (s *absSearch) restrict(r image.Rectangle) {
	s.rect = r
	s.limited = true
}

func (s *absSearch) markTarget(id int32) {
	st := &s.st[id]
	if st.mark != s.gen {
		st.mark = s.gen
		s.remain++
	}
}

func (s *absSearch) pt(id int32) image.Point {
	if e := s.e; e != nil && id >= e.base {
		if id == e.base {
			return e.sPt
		}
		return e.gPt
	}
	p := s.lv.pts[id]
	return image.Point{int(p[0]), int(p[1])}
}

// estimate names hOf for Trace.SetEstimate: the octile (Manhattan)
// distance between node cells toward one goal, zero toward many.
func (s *absSearch) estimate() string {
	switch {
	case s.goal < 0:
		return "0 to many nodes"
	case s.four:
		return "manhattan"
	}
	return "octile"
}

func (s *absSearch) hOf(id int32) float64 {
	if s.goal < 0 {
		return 0
	}
	// pathing.OctileDistance (Manhattan for Four) inlined over the compact
	// node cells: the same expression, so the same float, without the
	// image.Point round trip on every push.
	var x, y int
	if e := s.e; e != nil && id >= e.base {
		p := e.sPt
		if id != e.base {
			p = e.gPt
		}
		x, y = p.X, p.Y
	} else {
		p := s.lv.pts[id]
		x, y = int(p[0]), int(p[1])
	}
	dx, dy := x-s.goalPt.X, y-s.goalPt.Y
	if dx < 0 {
		dx = -dx
	}
	if dy < 0 {
		dy = -dy
	}
	if s.four {
		return float64(dx + dy)
	}
	if dx < dy {
		dx, dy = dy, dx
	}
	return float64(dx) + (pathing.Sqrt2-1)*float64(dy)
}

// run searches from src. With goal ≥ 0 it is an A* that stops when goal is
// closed and reports whether it was; otherwise a Dijkstra that stops when
// every marked target is closed, or exhausts the (restricted) graph.
func (s *absSearch) run(src, goal int32) bool {
	s.goal = goal
	if goal >= 0 {
		s.goalPt = s.pt(goal)
	}
	if tr := s.trace; tr != nil {
		tr.SetEstimate(s.estimate())
	}
	s.push(src, -1, 0)
	lv := s.lv
	e := s.e
	exhaust := goal < 0 && s.remain == 0
	for len(s.heap) > aroot {
		cur := s.pop()
		cs := &s.st[cur]
		cs.pos = closedPos
		s.expanded++
		if tr := s.trace; tr != nil {
			tr.Add(pathing.Event{Kind: pathing.EventPop, Level: uint8(s.m), Node: cur, Parent: cs.parent, G: cs.g, H: s.hOf(cur)})
		}
		if cur == goal {
			s.found = cur
			return true
		}
		if goal < 0 && !exhaust && cs.mark == s.gen {
			s.remain--
			if s.remain == 0 {
				return false
			}
		}
		g := cs.g
		if e != nil && cur >= e.base {
			isS := cur == e.base
			if isS != s.reverse {
				// Leaving S forwards, or G backwards.
				list := e.sOut
				if s.reverse {
					list = e.gIn
				}
				for _, te := range list {
					s.relax(te.id, cur, g+te.cost)
				}
				if e.sg < inf {
					other := e.base + 1
					if s.reverse {
						other = e.base
					}
					s.relax(other, cur, g+e.sg)
				}
			}
			continue
		}
		n := &lv.nodes[cur]
		// Reached from a node of its own cluster (by an intra edge, or from
		// the start inside it)? Then its intra edges (and its edge into the
		// goal) lead nowhere new: intra costs are exact in-cluster distances,
		// so the parent reaches those nodes directly for no more (triangle
		// inequality). Only its inter edges are worth relaxing.
		intra := true
		if p := cs.parent; p >= 0 {
			var pc int32
			switch {
			case e != nil && p == e.base:
				pc = int32(e.sClu)
			case e != nil && p == e.base+1:
				pc = int32(e.gClu)
			default:
				pc = lv.nodes[p].cluster
			}
			intra = pc != n.cluster
		}
		if !s.reverse {
			if intra {
				cl := &lv.clusters[n.cluster]
				k := len(cl.nodes)
				slot := int(n.slot)
				row := cl.dist[slot*k : slot*k+k]
				for j, c := range row {
					if c < inf && j != slot {
						s.relax(cl.nodes[j], cur, g+c)
					}
				}
				if e != nil && e.gMark[cur] == e.stamp {
					s.relax(e.base+1, cur, g+e.gCost[cur])
				}
			}
			for t := 0; t < int(n.ninter); t++ {
				s.relax(n.inter[t].to, cur, g+n.inter[t].out)
			}
		} else {
			if intra {
				cl := &lv.clusters[n.cluster]
				k := len(cl.nodes)
				slot := int(n.slot)
				for j := 0; j < k; j++ {
					if c := cl.dist[j*k+slot]; c < inf && j != slot {
						s.relax(cl.nodes[j], cur, g+c)
					}
				}
				if e != nil && e.sMark[cur] == e.stamp {
					s.relax(e.base, cur, g+e.sCost[cur])
				}
			}
			for t := 0; t < int(n.ninter); t++ {
				s.relax(n.inter[t].to, cur, g+n.inter[t].in)
			}
		}
	}
	return false
}

func (s *absSearch) relax(v, parent int32, ng float64) {
	st := &s.st[v]
	if st.gen != s.gen {
		// Only nodes inside the limit are ever pushed, so the limit is
		// checked here alone.
		if s.limited && !s.pt(v).In(s.rect) {
			return
		}
		s.push(v, parent, ng)
		return
	}
	if st.pos == closedPos || ng >= st.g {
		return
	}
	st.g = ng
	st.parent = parent
	s.update(int(st.pos), aitem{k: akey(ng+s.w*s.hOf(v), ng), n: v})
	if tr := s.trace; tr != nil {
		tr.Add(pathing.Event{Kind: pathing.EventRelax, Level: uint8(s.m), Node: v, Parent: parent, G: ng, H: s.hOf(v)})
	}
}

func (s *absSearch) push(v, parent int32, g float64) {
	st := &s.st[v]
	mark := st.mark
	*st = absState{g: g, parent: parent, gen: s.gen, mark: mark}
	hv := s.hOf(v)
	s.heap = append(s.heap, aitem{})
	s.up(len(s.heap)-1, aitem{k: akey(g+s.w*hv, g), n: v})
	if tr := s.trace; tr != nil {
		tr.Add(pathing.Event{Kind: pathing.EventPush, Level: uint8(s.m), Node: v, Parent: parent, G: g, H: hv})
	}
}

// aitem is an entry of the abstract searches' open list: the packed
// priority (see akey) and the node id, 16 bytes, so four children share a
// cache line.
type aitem struct {
	k uint64
	n int32
}

// akeyTieBits is the width of akey's tie-break field.
const akeyTieBits = 20

// akey packs an open node's priority f and cost g into one integer whose
// unsigned order is the search order, so every heap comparison is one
// compare (the float compares with a tie-break it replaced were a third of
// the top search's time, mostly mispredicted branches). Most significant
// first: the top 44 bits of f's IEEE-754 bits made order-preserving (f
// values that agree to a relative 2⁻³², as sums of √2 that are equal in
// exact arithmetic do, count as ties), then 20 bits preferring the larger g
// (in sixteenths; from g = 65535 on all g tie). Search costs are therefore
// optimal to a relative 2⁻³² (2.3e-7 at cost 1,000), as in pathing's A*.
func akey(f, g float64) uint64 {
	b := math.Float64bits(f)
	if b>>63 != 0 { // negative: flip all bits (never for these costs)
		b = ^b
	} else {
		b |= 1 << 63
	}
	const maxTie = 1<<akeyTieBits - 1
	t := uint64(maxTie)
	if g < maxTie/16 {
		t = uint64(g * 16)
	}
	return b&^maxTie | (maxTie - t)
}

// The open list is a 4-ary heap of aitems rooted at index aroot: the
// children of j are the four entries from 4j−8, which start a 64-byte block
// (one cache line), and the parent of i is i/4+2; slots below aroot are
// unused. Four children halve a binary heap's depth, and pop picks the best
// of four without a branch.
const aroot = 3

// up places it at heap index j or above, moving parents down.
func (s *absSearch) up(j int, it aitem) {
	h := s.heap
	st := s.st
	for j > aroot {
		p := j>>2 + 2
		if it.k >= h[p].k {
			break
		}
		h[j] = h[p]
		st[h[j].n].pos = int32(j)
		j = p
	}
	h[j] = it
	st[it.n].pos = int32(j)
}

// down places it at heap index j or below, moving children up.
func (s *absSearch) down(j int, it aitem) {
	h := s.heap
	st := s.st
	n := len(h)
	for {
		c := 4*j - 8
		if c >= n {
			break
		}
		m := aminChild(h, c, n)
		if h[m].k >= it.k {
			break
		}
		h[j] = h[m]
		st[h[j].n].pos = int32(j)
		j = m
	}
	h[j] = it
	st[it.n].pos = int32(j)
}

// update replaces the entry at heap index j by it. A lower g can raise the
// key within one f quantum (the tie-break prefers the larger g), so the
// entry may have to move either way.
func (s *absSearch) update(j int, it aitem) {
	if j > aroot && it.k < s.heap[j>>2+2].k {
		s.up(j, it)
	} else {
		s.down(j, it)
	}
}

// aminChild returns the index of the best of the children c..n−1 (c < n,
// at most four of them).
func aminChild(h []aitem, c, n int) int {
	m := c
	for i := c + 1; i < n && i < c+4; i++ {
		if h[i].k < h[m].k {
			m = i
		}
	}
	return m
}

// pop removes and returns the best node: it moves the hole at the root down
// to a leaf along the best children, then sifts the former last entry up
// from there (usually not far).
func (s *absSearch) pop() int32 {
	h := s.heap
	top := h[aroot].n
	last := len(h) - 1
	it := h[last]
	h = h[:last]
	s.heap = h
	if last == aroot {
		return top
	}
	st := s.st
	j := aroot
	for {
		c := 4*j - 8
		if c+3 >= last {
			if c < last { // fewer than four children
				m := aminChild(h, c, last)
				h[j] = h[m]
				st[h[j].n].pos = int32(j)
				j = m
			}
			break
		}
		// The best of four without a branch (which child wins is a coin
		// toss): the borrow of kb − ka is 1 exactly when kb < ka, and
		// masks made from borrows select the smaller keys and offsets.
		q := h[c : c+4 : c+4]
		ka, kb, kc, kd := q[0].k, q[1].k, q[2].k, q[3].k
		_, b1 := bits.Sub64(kb, ka, 0)
		_, b2 := bits.Sub64(kd, kc, 0)
		k1 := ka ^ (ka^kb)&-b1
		k2 := kc ^ (kc^kd)&-b2
		_, b3 := bits.Sub64(k2, k1, 0)
		o1, o2 := b1, 2+b2
		m := c + int(o1^(o1^o2)&-b3)
		h[j] = h[m]
		st[h[j].n].pos = int32(j)
		j = m
	}
	s.up(j, it)
	return top
}

func (s *absSearch) cost(id int32) (float64, bool) {
	st := &s.st[id]
	if st.gen != s.gen {
		return 0, false
	}
	return st.g, true
}

// appendPath appends the node ids from the source to id (forward) or from id
// to the source (reverse), without the path's first element.
func (s *absSearch) appendPath(dst []int32, id int32) []int32 {
	start := len(dst)
	for i := id; i >= 0; i = s.st[i].parent {
		dst = append(dst, i)
	}
	if !s.reverse {
		for a, b := start, len(dst)-1; a < b; a, b = a+1, b-1 {
			dst[a], dst[b] = dst[b], dst[a]
		}
	}
	copy(dst[start:], dst[start+1:])
	return dst[:len(dst)-1]
}
