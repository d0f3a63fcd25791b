package hpa

import (
	"image"
	"math"
	"math/bits"

	"pathlens/pathing"
)

// cellSearch is a Dijkstra or A* over the cells of one rectangle of the grid.
// Its per-cell state is local to the rectangle (indexed (y−minY)·w + x−minX)
// and stamped with a generation, so a search costs only what it visits and
// the buffers are reused from query to query. In reverse mode it computes
// costs *to* the source: the search step u→v stands for the real move v→u,
// which enters u and so costs u's weight (times 1 or √2).
type cellSearch struct {
	grid *pathing.Grid
	nb   pathing.Neighborhood
	rect image.Rectangle
	rw   int
	st   []cellState
	gen  uint32
	heap []hitem
	dh   []ditem // the untraced Dijkstra's heap
	// Padded layout (loadPad, usePad): state indexed (y+1)·pw + x+1 over
	// the rectangle plus a blocked border, so neighbours need no bounds
	// tests.
	padded  bool
	bucketW float64 // > 0: the padded Dijkstra is dijkstraBuckets, for a rectangle of this one weight (useBuckets)
	bq      [4][]int32
	moves   []uint8 // per padded cell: its legal moves (bit d: dirs[d]), for dijkstraBuckets
	// openRows: loadMoves' open flags, one word per pad row (pads up to
	// 64 wide and 66 high: clusters up to 62, larger ones take movesAt).
	openRows [66]uint64
	movesOK  bool // moves describes the loaded pad
	// dijkstraBuckets keeps its costs here, not in st (parents in bpar);
	// bucketCosts says the last search did, for cost.
	bg          []int64 // fixed point (fxS, fxD); fxCost reads them
	bclosed     []bool
	bskip       []uint8 // per cell, the moves its expansion skips (dominated, from the step that set bg)
	bucketCosts bool
	// bpar: with keepPar, dijkstraBuckets' parents (padded local index,
	// -1 for the source), read by appendPath and appendPathIdx.
	bpar    []int32
	keepPar bool
	pw      int
	pad     []uint8
	padRect image.Rectangle
	reverse bool
	src     int32 // local index of the source
	goal    int32 // local index of the A* goal, -1 for none
	goalPt  image.Point
	found   int32
	// targets: settle until this many marked cells are closed (Dijkstra).
	remaining int
	expanded  int
	trace     *pathing.Trace
	near      openLines // intra1Lines: the loaded cluster's open cells, for nearOctile
}

type cellState struct {
	g      float64
	parent int32 // local index, -1 for the source
	gen    uint32
	pos    int32 // heap position, or closedPos
	mark   uint32
}

const closedPos = -2

type hitem struct {
	f, g float64
	n    int32
}

func newCellSearch(g *pathing.Grid, nb pathing.Neighborhood) *cellSearch {
	return &cellSearch{grid: g, nb: nb, found: -1}
}

// reset prepares a search over rect (clipped to the grid). Buffers grow to
// the rectangle's area when needed.
func (s *cellSearch) reset(rect image.Rectangle, reverse bool, tr *pathing.Trace) {
	rect = rect.Intersect(s.grid.Bounds())
	s.rect = rect
	s.rw = rect.Dx()
	s.pw = rect.Dx() + 2
	s.padded = false
	s.bucketW = 0
	s.bucketCosts = false
	s.keepPar = false
	n := (rect.Dx() + 2) * (rect.Dy() + 2) // room for the padded layout too
	if len(s.st) < n {
		s.st = make([]cellState, n)
		s.gen = 0
	}
	s.gen++
	if s.gen == 0 {
		for i := range s.st {
			s.st[i] = cellState{}
		}
		s.gen = 1
	}
	s.heap = s.heap[:0]
	s.reverse = reverse
	s.goal = -1
	s.found = -1
	s.remaining = 0
	s.expanded = 0
	s.trace = tr
}

func (s *cellSearch) local(p image.Point) int32 {
	if s.padded {
		return int32((p.Y-s.rect.Min.Y+1)*s.pw + p.X - s.rect.Min.X + 1)
	}
	return int32((p.Y-s.rect.Min.Y)*s.rw + p.X - s.rect.Min.X)
}

func (s *cellSearch) point(li int32) image.Point {
	if s.padded {
		return image.Point{s.rect.Min.X + int(li)%s.pw - 1, s.rect.Min.Y + int(li)/s.pw - 1}
	}
	return image.Point{s.rect.Min.X + int(li)%s.rw, s.rect.Min.Y + int(li)/s.rw}
}

// loadPad copies the weights of rect into a local array with a border of
// blocked cells, for padded Dijkstras over that rectangle. The copy stays
// valid until the grid changes: call it again per batch of searches.
func (s *cellSearch) loadPad(rect image.Rectangle) {
	rect = rect.Intersect(s.grid.Bounds())
	pw, ph := rect.Dx()+2, rect.Dy()+2
	if cap(s.pad) < pw*ph {
		s.pad = make([]uint8, pw*ph)
	}
	s.pad = s.pad[:pw*ph]
	clear(s.pad)
	cells := s.grid.Cells()
	gw := s.grid.Width()
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		copy(s.pad[(y-rect.Min.Y+1)*pw+1:], cells[y*gw+rect.Min.X:y*gw+rect.Max.X])
	}
	s.padRect = rect
	s.movesOK = false
}

// useBuckets makes the padded Dijkstra just set up (usePad) keep its open
// cells in buckets (dijkstraBuckets) instead of a heap, for a rectangle
// whose open cells all weigh w (forward searches; costs only need to be exact: ties
// may settle in another order than the heap's, so parents may differ).
func (s *cellSearch) useBuckets(w float64) {
	if s.padded && w > 0 {
		s.bucketW = w
	}
}

// useBucketPaths is useBuckets keeping parents too, so paths can be read
// (appendPath, appendPathIdx). Which of several equal-cost paths is kept is
// fixed by the pad, the source and the targets alone (the buckets are
// worked last in, first out), so a search repeated on the same cluster
// terrain gives the same paths: the path cache relies on that.
func (s *cellSearch) useBucketPaths(w float64) {
	s.useBuckets(w)
	s.keepPar = s.bucketW > 0
}

// parentOf returns the parent of local cell i on the last search's tree.
func (s *cellSearch) parentOf(i int32) int32 {
	if s.bucketCosts {
		return s.bpar[i]
	}
	return s.st[i].parent
}

// usePad switches the search just reset to the padded layout of the
// rectangle loaded by loadPad (which must be the search's rectangle);
// targets are marked after it. Only untraced Dijkstras (no A* goal) use it.
func (s *cellSearch) usePad() {
	if s.padRect == s.rect && s.trace == nil {
		s.padded = true
	}
}

func (s *cellSearch) global(li int32) int32 {
	return int32(s.grid.Index(s.point(li)))
}

// markTarget makes p a target: a Dijkstra run stops once every target is
// closed. p must be inside the rectangle.
func (s *cellSearch) markTarget(p image.Point) {
	st := &s.st[s.local(p)]
	if st.mark != s.gen {
		st.mark = s.gen
		s.remaining++
	}
}

// run searches from src (inside the rectangle, open). With goal inside the
// rectangle it is an A* that stops when goal is closed and reports whether
// it was reached; otherwise (goal outside, e.g. image.Point{-1,-1}) it is a
// Dijkstra that stops when every marked target is closed (or, with no
// targets, when the rectangle is exhausted).
func (s *cellSearch) run(src, goal image.Point) bool {
	s.src = s.local(src)
	if goal.In(s.rect) {
		s.goal = s.local(goal)
		s.goalPt = goal
	}
	if s.padded && s.goal < 0 {
		if s.bucketW > 0 && !s.reverse && len(s.pad) <= fxMaxCells {
			s.dijkstraBuckets()
		} else {
			s.dijkstraPad()
		}
		return false
	}
	if s.goal < 0 && s.trace == nil && !s.reverse && s.remaining > 0 {
		s.dijkstra()
		return false
	}
	s.push(s.src, -1, 0)
	exhaust := s.goal < 0 && s.remaining == 0
	cells := s.grid.Cells()
	gw := s.grid.Width()
	r := s.rect
	four := s.nb == pathing.Four
	tr := s.trace
	for len(s.heap) > 0 {
		cur := s.pop()
		cs := &s.st[cur]
		cs.pos = closedPos
		s.expanded++
		if tr != nil {
			par := int32(-1)
			if cs.parent >= 0 {
				par = s.global(cs.parent)
			}
			tr.Add(pathing.Event{Kind: pathing.EventPop, Level: 0, Node: s.global(cur), Parent: par, G: cs.g, H: s.h(cur)})
		}
		if cur == s.goal {
			s.found = cur
			return true
		}
		if !exhaust && s.goal < 0 && cs.mark == s.gen {
			s.remaining--
			if s.remaining == 0 {
				return false
			}
		}
		cg := cs.g
		lx, ly := int(cur)%s.rw, int(cur)/s.rw
		x, y := lx+r.Min.X, ly+r.Min.Y
		c := y*gw + x
		var cw float64
		if s.reverse {
			cw = float64(cells[c])
		}
		eIn := x+1 < r.Max.X
		wIn := x > r.Min.X
		sIn := y+1 < r.Max.Y
		nIn := y > r.Min.Y
		eO := eIn && cells[c+1] != pathing.Blocked
		wO := wIn && cells[c-1] != pathing.Blocked
		sO := sIn && cells[c+gw] != pathing.Blocked
		nO := nIn && cells[c-gw] != pathing.Blocked
		rw := int32(s.rw)
		if eO {
			s.relax(cur+1, cur, cg, cells[c+1], cw, 1)
		}
		if sO {
			s.relax(cur+rw, cur, cg, cells[c+gw], cw, 1)
		}
		if wO {
			s.relax(cur-1, cur, cg, cells[c-1], cw, 1)
		}
		if nO {
			s.relax(cur-rw, cur, cg, cells[c-gw], cw, 1)
		}
		if four {
			continue
		}
		// Corner cutting is judged on terrain; the orthogonal cells of an
		// in-rectangle diagonal are in the rectangle too.
		if sO && eO && cells[c+gw+1] != pathing.Blocked {
			s.relax(cur+rw+1, cur, cg, cells[c+gw+1], cw, pathing.Sqrt2)
		}
		if sO && wO && cells[c+gw-1] != pathing.Blocked {
			s.relax(cur+rw-1, cur, cg, cells[c+gw-1], cw, pathing.Sqrt2)
		}
		if nO && wO && cells[c-gw-1] != pathing.Blocked {
			s.relax(cur-rw-1, cur, cg, cells[c-gw-1], cw, pathing.Sqrt2)
		}
		if nO && eO && cells[c-gw+1] != pathing.Blocked {
			s.relax(cur-rw+1, cur, cg, cells[c-gw+1], cw, pathing.Sqrt2)
		}
	}
	return false
}

func (s *cellSearch) relax(li, parent int32, cg float64, nw uint8, cw float64, ln float64) {
	var ng float64
	if s.reverse {
		ng = cg + cw*ln
	} else {
		ng = cg + float64(nw)*ln
	}
	st := &s.st[li]
	if st.gen != s.gen {
		s.push(li, parent, ng)
		return
	}
	if st.pos == closedPos || ng >= st.g {
		return
	}
	st.g = ng
	st.parent = parent
	p := int(st.pos)
	s.heap[p].g = ng
	s.heap[p].f = ng + s.h(li)
	s.up(p)
	if tr := s.trace; tr != nil {
		tr.Add(pathing.Event{Kind: pathing.EventRelax, Level: 0, Node: s.global(li), Parent: s.global(parent), G: ng, H: s.h(li)})
	}
}

func (s *cellSearch) h(li int32) float64 {
	if s.goal < 0 {
		return 0
	}
	p := s.point(li)
	if s.nb == pathing.Four {
		return pathing.Manhattan.Distance(p, s.goalPt)
	}
	return pathing.OctileDistance(p, s.goalPt)
}

func (s *cellSearch) push(li, parent int32, g float64) {
	st := &s.st[li]
	mark := st.mark
	*st = cellState{g: g, parent: parent, gen: s.gen, pos: int32(len(s.heap)), mark: mark}
	s.heap = append(s.heap, hitem{f: g + s.h(li), g: g, n: li})
	s.up(len(s.heap) - 1)
	if tr := s.trace; tr != nil {
		par := int32(-1)
		if parent >= 0 {
			par = s.global(parent)
		}
		tr.Add(pathing.Event{Kind: pathing.EventPush, Level: 0, Node: s.global(li), Parent: par, G: g, H: s.h(li)})
	}
}

func hless(a, b *hitem) bool { return a.f < b.f || (a.f == b.f && a.g > b.g) }

func (s *cellSearch) up(j int) {
	h := s.heap
	it := h[j]
	for j > 0 {
		p := (j - 1) / 2
		if !hless(&it, &h[p]) {
			break
		}
		h[j] = h[p]
		s.st[h[j].n].pos = int32(j)
		j = p
	}
	h[j] = it
	s.st[it.n].pos = int32(j)
}

func (s *cellSearch) pop() int32 {
	h := s.heap
	top := h[0].n
	last := len(h) - 1
	it := h[last]
	s.heap = h[:last]
	h = s.heap
	if last > 0 {
		j := 0
		for {
			l := 2*j + 1
			if l >= last {
				break
			}
			m := l
			if r := l + 1; r < last && hless(&h[r], &h[l]) {
				m = r
			}
			if !hless(&h[m], &it) {
				break
			}
			h[j] = h[m]
			s.st[h[j].n].pos = int32(j)
			j = m
		}
		h[j] = it
		s.st[it.n].pos = int32(j)
	}
	return top
}

// cost returns the settled cost of p (from the source, or to it in reverse
// mode) and whether p was reached.
func (s *cellSearch) cost(p image.Point) (float64, bool) {
	if !p.In(s.rect) {
		return 0, false
	}
	if s.bucketCosts {
		g := s.bg[s.local(p)]
		return fxCost(g, s.bucketW), g != fxInf
	}
	st := &s.st[s.local(p)]
	if st.gen != s.gen {
		return 0, false
	}
	return st.g, true
}

// appendPath appends the cells from the source to p (forward mode) or from p
// to the source (reverse mode), excluding the first cell when skipFirst.
// p must have been reached.
func (s *cellSearch) appendPath(dst []image.Point, p image.Point, skipFirst bool) []image.Point {
	li := s.local(p)
	start := len(dst)
	for i := li; i >= 0; i = s.parentOf(i) {
		dst = append(dst, s.point(i))
	}
	if !s.reverse {
		for a, b := start, len(dst)-1; a < b; a, b = a+1, b-1 {
			dst[a], dst[b] = dst[b], dst[a]
		}
	}
	if skipFirst && len(dst) > start {
		copy(dst[start:], dst[start+1:])
		dst = dst[:len(dst)-1]
	}
	return dst
}

// appendPathIdx is appendPath with global cell indices, always excluding the
// first cell (the path's start).
func (s *cellSearch) appendPathIdx(dst []int32, p image.Point) []int32 {
	li := s.local(p)
	start := len(dst)
	if s.bucketCosts {
		// Forward, padded: step the grid index along with the local one
		// (a step of d between pad cells is one of d ± (gw − pw) in the
		// grid when it changes row), no divisions.
		par := s.bpar
		gw := int32(s.grid.Width())
		shift := gw - int32(s.pw)
		gi := int32(p.Y)*gw + int32(p.X)
		for i := li; par[i] >= 0; {
			dst = append(dst, gi)
			j := par[i]
			switch d := j - i; {
			case d > 1:
				gi += d + shift
			case d < -1:
				gi += d - shift
			default:
				gi += d
			}
			i = j
		}
		for a, b := start, len(dst)-1; a < b; a, b = a+1, b-1 {
			dst[a], dst[b] = dst[b], dst[a]
		}
		return dst
	}
	for i := li; i >= 0; i = s.parentOf(i) {
		dst = append(dst, s.global(i))
	}
	if !s.reverse {
		for a, b := start, len(dst)-1; a < b; a, b = a+1, b-1 {
			dst[a], dst[b] = dst[b], dst[a]
		}
	}
	copy(dst[start:], dst[start+1:])
	return dst[:len(dst)-1]
}

// dijkstra is run's forward, untraced, targeted Dijkstra with the relaxation
// written inline: the build and repair spend most of their time here.
func (s *cellSearch) dijkstra() {
	{
		st := &s.st[s.src]
		mark := st.mark
		*st = cellState{g: 0, parent: -1, gen: s.gen, pos: 0, mark: mark}
		s.dh = append(s.dh[:0], ditem{0, s.src})
	}
	cells := s.grid.Cells()
	gw := s.grid.Width()
	r := s.rect
	rw := int32(s.rw)
	four := s.nb == pathing.Four
	gen := s.gen
	st := s.st
	var nbr [8]int32
	var cost [8]float64
	for len(s.dh) > 0 {
		cur := s.dpop()
		cs := &st[cur]
		cs.pos = closedPos
		s.expanded++
		if cs.mark == gen {
			s.remaining--
			if s.remaining == 0 {
				return
			}
		}
		cg := cs.g
		lx, ly := int(cur)%s.rw, int(cur)/s.rw
		x, y := lx+r.Min.X, ly+r.Min.Y
		c := y*gw + x
		eO := x+1 < r.Max.X && cells[c+1] != pathing.Blocked
		wO := x > r.Min.X && cells[c-1] != pathing.Blocked
		sO := y+1 < r.Max.Y && cells[c+gw] != pathing.Blocked
		nO := y > r.Min.Y && cells[c-gw] != pathing.Blocked
		k := 0
		if eO {
			nbr[k], cost[k] = cur+1, cg+float64(cells[c+1])
			k++
		}
		if sO {
			nbr[k], cost[k] = cur+rw, cg+float64(cells[c+gw])
			k++
		}
		if wO {
			nbr[k], cost[k] = cur-1, cg+float64(cells[c-1])
			k++
		}
		if nO {
			nbr[k], cost[k] = cur-rw, cg+float64(cells[c-gw])
			k++
		}
		if !four {
			if sO && eO && cells[c+gw+1] != pathing.Blocked {
				nbr[k], cost[k] = cur+rw+1, cg+pathing.Sqrt2*float64(cells[c+gw+1])
				k++
			}
			if sO && wO && cells[c+gw-1] != pathing.Blocked {
				nbr[k], cost[k] = cur+rw-1, cg+pathing.Sqrt2*float64(cells[c+gw-1])
				k++
			}
			if nO && wO && cells[c-gw-1] != pathing.Blocked {
				nbr[k], cost[k] = cur-rw-1, cg+pathing.Sqrt2*float64(cells[c-gw-1])
				k++
			}
			if nO && eO && cells[c-gw+1] != pathing.Blocked {
				nbr[k], cost[k] = cur-rw+1, cg+pathing.Sqrt2*float64(cells[c-gw+1])
				k++
			}
		}
		for t := 0; t < k; t++ {
			li, ng := nbr[t], cost[t]
			ns := &st[li]
			if ns.gen != gen {
				mark := ns.mark
				*ns = cellState{g: ng, parent: cur, gen: gen, pos: int32(len(s.dh)), mark: mark}
				s.dh = append(s.dh, ditem{ng, li})
				s.dup(len(s.dh) - 1)
				continue
			}
			if ns.pos == closedPos || ng >= ns.g {
				continue
			}
			ns.g = ng
			ns.parent = cur
			p := int(ns.pos)
			s.dh[p].f = ng
			s.dup(p)
		}
	}
}

// ditem is an entry of the Dijkstra heap: cost and local cell.
type ditem struct {
	f float64
	n int32
}

func (s *cellSearch) dup(j int) {
	h := s.dh
	it := h[j]
	st := s.st
	for j > 0 {
		p := (j - 1) >> 1
		if h[p].f <= it.f {
			break
		}
		h[j] = h[p]
		st[h[j].n].pos = int32(j)
		j = p
	}
	h[j] = it
	st[it.n].pos = int32(j)
}

func (s *cellSearch) dpop() int32 {
	h := s.dh
	top := h[0].n
	last := len(h) - 1
	it := h[last]
	h = h[:last]
	s.dh = h
	if last == 0 {
		return top
	}
	st := s.st
	j := 0
	for {
		l := 2*j + 1
		if l >= last {
			break
		}
		m := l
		if r := l + 1; r < last && h[r].f < h[l].f {
			m = r
		}
		if h[m].f >= it.f {
			break
		}
		h[j] = h[m]
		st[h[j].n].pos = int32(j)
		j = m
	}
	h[j] = it
	st[it.n].pos = int32(j)
	return top
}

// dijkstraPad is dijkstra over the padded layout: a neighbour outside the
// rectangle reads as blocked, so there are no bounds tests and no divisions.
// It settles every reachable cell unless targets were marked.
func (s *cellSearch) dijkstraPad() {
	{
		st := &s.st[s.src]
		mark := st.mark
		*st = cellState{g: 0, parent: -1, gen: s.gen, pos: 0, mark: mark}
		s.dh = append(s.dh[:0], ditem{0, s.src})
	}
	pad := s.pad
	pw := int32(s.pw)
	four := s.nb == pathing.Four
	gen := s.gen
	st := s.st
	targeted := s.remaining > 0
	rev := s.reverse
	var nbr [8]int32
	var cost [8]float64
	for len(s.dh) > 0 {
		cur := s.dpop()
		cs := &st[cur]
		cs.pos = closedPos
		s.expanded++
		if targeted && cs.mark == gen {
			s.remaining--
			if s.remaining == 0 {
				return
			}
		}
		cg := cs.g
		e, w, so, no := pad[cur+1], pad[cur-1], pad[cur+pw], pad[cur-pw]
		k := 0
		if rev {
			// Reverse costs: the real move enters cur.
			cw := float64(pad[cur])
			cd := pathing.Sqrt2 * cw
			if e != 0 {
				nbr[k], cost[k] = cur+1, cg+cw
				k++
			}
			if so != 0 {
				nbr[k], cost[k] = cur+pw, cg+cw
				k++
			}
			if w != 0 {
				nbr[k], cost[k] = cur-1, cg+cw
				k++
			}
			if no != 0 {
				nbr[k], cost[k] = cur-pw, cg+cw
				k++
			}
			if !four {
				if so != 0 && e != 0 && pad[cur+pw+1] != 0 {
					nbr[k], cost[k] = cur+pw+1, cg+cd
					k++
				}
				if so != 0 && w != 0 && pad[cur+pw-1] != 0 {
					nbr[k], cost[k] = cur+pw-1, cg+cd
					k++
				}
				if no != 0 && w != 0 && pad[cur-pw-1] != 0 {
					nbr[k], cost[k] = cur-pw-1, cg+cd
					k++
				}
				if no != 0 && e != 0 && pad[cur-pw+1] != 0 {
					nbr[k], cost[k] = cur-pw+1, cg+cd
					k++
				}
			}
			goto relax
		}
		if e != 0 {
			nbr[k], cost[k] = cur+1, cg+float64(e)
			k++
		}
		if so != 0 {
			nbr[k], cost[k] = cur+pw, cg+float64(so)
			k++
		}
		if w != 0 {
			nbr[k], cost[k] = cur-1, cg+float64(w)
			k++
		}
		if no != 0 {
			nbr[k], cost[k] = cur-pw, cg+float64(no)
			k++
		}
		if !four {
			if so != 0 && e != 0 {
				if d := pad[cur+pw+1]; d != 0 {
					nbr[k], cost[k] = cur+pw+1, cg+pathing.Sqrt2*float64(d)
					k++
				}
			}
			if so != 0 && w != 0 {
				if d := pad[cur+pw-1]; d != 0 {
					nbr[k], cost[k] = cur+pw-1, cg+pathing.Sqrt2*float64(d)
					k++
				}
			}
			if no != 0 && w != 0 {
				if d := pad[cur-pw-1]; d != 0 {
					nbr[k], cost[k] = cur-pw-1, cg+pathing.Sqrt2*float64(d)
					k++
				}
			}
			if no != 0 && e != 0 {
				if d := pad[cur-pw+1]; d != 0 {
					nbr[k], cost[k] = cur-pw+1, cg+pathing.Sqrt2*float64(d)
					k++
				}
			}
		}
	relax:
		for t := 0; t < k; t++ {
			li, ng := nbr[t], cost[t]
			ns := &st[li]
			if ns.gen != gen {
				mark := ns.mark
				*ns = cellState{g: ng, parent: cur, gen: gen, pos: int32(len(s.dh)), mark: mark}
				s.dh = append(s.dh, ditem{ng, li})
				s.dup(len(s.dh) - 1)
				continue
			}
			if ns.pos == closedPos || ng >= ns.g {
				continue
			}
			ns.g = ng
			ns.parent = cur
			p := int(ns.pos)
			s.dh[p].f = ng
			s.dup(p)
		}
	}
}

// dijkstraBuckets is dijkstraPad for a rectangle of one weight w. Every
// path cost there is w·(a + b√2) for a straight and b diagonal steps, so
// the search runs on unit steps in fixed point: a straight step adds fxS =
// 2³², a diagonal one fxD ≈ √2·2³², and the result is scaled by w when read
// (cost). Integer sums are exact, so two paths with the same step counts
// tie exactly, whatever order they were summed in; and fxD is so close to
// √2·2³² that no two different step counts inside a pad of at most
// fxMaxCells cells compare the other way round from their true costs (see
// fxD). Every comparison the search makes therefore agrees with the true
// costs, so its costs are exact and its parents lie on shortest paths
// (within a bucket cells settle last in, first out, not by cost; see
// below).
//
// A cell whose cost lies in bucket b = ⌊cost / fxS⌋ can only have been
// reached from a cell of an earlier bucket (every step is at least fxS),
// all of which are settled before bucket b is opened (Dinitz's rule:
// with buckets as wide as the cheapest step, every cell of the lowest
// nonempty bucket is final and they may be settled in any order). A step
// from bucket b lands in bucket b+1 or b+2, so four rotating buckets
// (index b mod 4, a shift and a mask) replace the heap: no sifting, no
// positions to keep, cells found stale (already closed) are skipped. The
// legal moves of every cell of the pad (no corner cutting) are worked out
// once per loaded pad and shared by all searches over it.
func (s *cellSearch) dijkstraBuckets() {
	pw := int32(s.pw)
	if !s.movesOK {
		s.loadMoves()
	}
	moves := s.moves
	n := len(moves)
	if cap(s.bg) < n {
		s.bg = make([]int64, n)
		s.bclosed = make([]bool, n)
		s.bskip = make([]uint8, n)
	}
	keep := s.keepPar
	var par []int32
	if keep {
		if cap(s.bpar) < n {
			s.bpar = make([]int32, n)
		}
		par = s.bpar[:n]
		par[s.src] = -1
	}
	g, closed, skip := s.bg[:n], s.bclosed[:n], s.bskip[:n]
	for i := range g {
		g[i] = fxInf
	}
	clear(closed)
	s.bucketCosts = true
	dirs := [8]int32{1, pw, -1, -pw, pw + 1, pw - 1, -pw - 1, -pw + 1}
	step := [8]int64{fxS, fxS, fxS, fxS, fxD, fxD, fxD, fxD}
	gen := s.gen
	st := s.st
	targeted := s.remaining > 0
	dom := prune
	g[s.src] = 0
	skip[s.src] = 0
	bq := &s.bq
	for i := range bq {
		bq[i] = bq[i][:0]
	}
	bq[0] = append(bq[0], s.src)
	open := 1 // entries in the buckets
	for b := 0; open > 0; b++ {
		cur := &bq[b&3]
		for len(*cur) > 0 {
			q := *cur
			v := q[len(q)-1]
			*cur = q[:len(q)-1]
			open--
			if closed[v] {
				continue
			}
			closed[v] = true
			s.expanded++
			if targeted && st[v].mark == gen {
				s.remaining--
				if s.remaining == 0 {
					return
				}
			}
			cg := g[v]
			// No closed test per neighbour: a settled cell u has g(u) <
			// (b+1)·fxS ≤ cg + fxS, so no step can improve it. Nor a step
			// dominated by the parent (skip, set with the cost): it would
			// fail the test below.
			mv := moves[v]
			for m := mv &^ skip[v]; m != 0; m &= m - 1 {
				d := bits.TrailingZeros8(m)
				li := v + dirs[d]
				ng := cg + step[d]
				if ng >= g[li] {
					continue
				}
				g[li] = ng
				skip[li] = dom[d][mv]
				if keep {
					par[li] = v
				}
				k := (ng >> fxShift) & 3
				bq[k] = append(bq[k], li)
				open++
			}
		}
	}
}

// The fixed-point unit steps of dijkstraBuckets. fxD is √2·2³² rounded
// to the nearest odd integer (so it has an inverse modulo 2⁶⁴, fxInv, which
// fxCost uses to read the step counts back). Its error ε = fxD/fxS − √2 is
// below 2⁻³² (TestFixedPointSteps checks the constant).
// Two step counts (a, b) and (a′, b′) have true costs differing by
// |Δa + Δb·√2| ≥ 1/(3·|Δb|) when not equal (|p² − 2q²| ≥ 1 for integers),
// while their fixed-point costs differ from them by at most |Δb|·ε. A
// shortest path visits a cell once, so |Δb| is below the pad's cell count
// N, and the error stays below the gap while N² < 2³²/4.5: up to
// fxMaxCells cells (a cluster of 64 has 66×66 = 4356), fixed-point
// comparisons always agree with the true costs. Larger pads take the heap
// (run).
const (
	fxShift    = 32
	fxS        = int64(1) << fxShift
	fxInf      = int64(math.MaxInt64)
	fxMaxCells = 30000
)

var (
	fxD   = nearestOdd(math.Sqrt2 * float64(fxS))
	fxInv = func() uint64 {
		d := uint64(fxD)
		x := d // Newton's iteration for the inverse mod 2⁶⁴: 3 correct bits, doubling each time
		for i := 0; i < 5; i++ {
			x *= 2 - d*x
		}
		return x
	}()
)

// nearestOdd is the odd integer nearest to v (v ≥ 1).
func nearestOdd(v float64) int64 {
	return 2*int64(math.Floor(v/2)) + 1
}

// fxCost turns a fixed-point cost a·fxS + b·fxD of dijkstraBuckets back into
// w·(a + b√2): the low 32 bits are b·fxD mod 2³², which fxInv undoes (b is
// far below 2³²).
func fxCost(c int64, w float64) float64 {
	if c == fxInf {
		return inf
	}
	b := (uint64(c) * fxInv) & (1<<fxShift - 1)
	a := (c - int64(b)*fxD) >> fxShift
	return w * (float64(a) + float64(b)*pathing.Sqrt2)
}

// dominated[e][mp] is the set of moves (bits as moves) out of a cell v that
// cannot lower a neighbour's cost when v was reached by the move e from its
// parent p, whose legal moves are mp: the step back to p, and every step to
// a cell p reaches by a legal move of its own. p was settled before v and
// its own steps were tried (or were themselves dominated) then, so such a
// cell u already has g(u) ≤ g(p) + c(p,u) < g(p) + c(p,v) + c(v,u), the
// grid's steps obeying the strict triangle inequality (the slack is at
// least 2·fxS − fxD in dijkstraBuckets' exact integer sums). Skipping those steps changes no
// cost and no parent; it only saves tests: about half of them after a
// straight step, two of seven after a diagonal one. dijkstraBuckets looks
// the set up when it sets a cell's cost (where mp is at hand) and keeps it
// per cell; the source skips nothing. Exhaustive searches of cluster 16
// run about a fifth faster (BenchmarkCellDijkstra). The table is read
// through prune, which a test points at an empty table to check that no
// cost or parent changes.
var prune = &dominated

var dominated = func() (t [8][256]uint8) {
	dx := [8]int{1, 0, -1, 0, 1, -1, -1, 1}
	dy := [8]int{0, 1, 0, -1, 1, 1, -1, -1}
	for e := 0; e < 8; e++ {
		for mp := 0; mp < 256; mp++ {
			var m uint8
			for d := 0; d < 8; d++ {
				// u = v + dirs[d], relative to p = v − dirs[e].
				ux, uy := dx[e]+dx[d], dy[e]+dy[d]
				if ux == 0 && uy == 0 {
					m |= 1 << uint(d) // back to p
					continue
				}
				for f := 0; f < 8; f++ {
					if dx[f] == ux && dy[f] == uy && mp>>uint(f)&1 != 0 {
						m |= 1 << uint(d)
					}
				}
			}
			t[e][mp] = m
		}
	}
	return t
}()

// setPadCell changes the weight of cell p (inside the loaded pad) in the
// pad alone, and the legal moves it affects (its own and its eight
// neighbours'): a search of the terrain as it was before, or will be after,
// a one-cell edit without copying the cluster again.
func (s *cellSearch) setPadCell(p image.Point, w uint8) {
	r := s.padRect
	pw := r.Dx() + 2
	s.pw = pw // as reset sets it for this rectangle; movesAt reads it
	v := (p.Y-r.Min.Y+1)*pw + p.X - r.Min.X + 1
	s.pad[v] = w
	if !s.movesOK {
		return
	}
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			u := v + dy*pw + dx
			if u > pw && u < len(s.pad)-pw-1 {
				s.moves[u] = s.movesAt(u)
			}
		}
	}
}

// loadMoves works out the legal moves of every cell of the loaded pad:
// bit d set when the step dirs[d] (E, S, W, N, SE, SW, NW, NE) leads to an
// open cell, diagonals only with both orthogonal cells open.
func (s *cellSearch) loadMoves() {
	pad := s.pad
	pw := s.pw
	if cap(s.moves) < len(pad) {
		s.moves = make([]uint8, len(pad))
	}
	s.moves = s.moves[:len(pad)]
	clear(s.moves)
	ph := len(pad) / pw
	if pw > 64 || ph > len(s.openRows) {
		for v := pw + 1; v < len(pad)-pw-1; v++ {
			s.moves[v] = s.movesAt(v)
		}
		s.movesOK = true
		return
	}
	// Bit-parallel: one word of open flags per pad row, then each
	// direction's legal moves for a whole row by shifts and ands (the same
	// rules as movesAt: diagonals need both orthogonal cells open).
	rows := s.openRows[:ph]
	for y := range rows {
		var o uint64
		for x, c := range pad[y*pw : y*pw+pw] {
			if c != 0 {
				o |= 1 << uint(x)
			}
		}
		rows[y] = o
	}
	tab := &moveTable[0]
	if s.nb == pathing.Four {
		tab = &moveTable[1]
	}
	for y := 1; y < ph-1; y++ {
		u, o, d := rows[y-1], rows[y], rows[y+1]
		mv := s.moves[y*pw : y*pw+pw]
		for x := 1; x < pw-1; x++ {
			sh := uint(x - 1)
			mv[x] = tab[(u>>sh)&7|((o>>sh)&7)<<3|((d>>sh)&7)<<6]
		}
	}
	s.movesOK = true
}

// moveTable[k][p] is the move set (as movesAt) of a cell whose 3×3
// neighbourhood is open as the bits of p say (bit (dy+1)·3 + dx+1 for the
// cell at offset dx,dy: the row above in bits 0-2, west to east, the
// cell's own row in 3-5, the row below in 6-8); k 0 for eight neighbours
// (no corner cutting), 1 for four.
var moveTable = func() (t [2][512]uint8) {
	for p := 0; p < 512; p++ {
		open := func(dx, dy int) bool { return p>>uint((dy+1)*3+dx+1)&1 != 0 }
		if !open(0, 0) {
			continue
		}
		e, so, w, no := open(1, 0), open(0, 1), open(-1, 0), open(0, -1)
		var m uint8
		for d, ok := range [4]bool{e, so, w, no} {
			if ok {
				m |= 1 << uint(d)
			}
		}
		t[1][p] = m
		for d, ok := range [4]bool{so && e && open(1, 1), so && w && open(-1, 1), no && w && open(-1, -1), no && e && open(1, -1)} {
			if ok {
				m |= 16 << uint(d)
			}
		}
		t[0][p] = m
	}
	return t
}()

// movesAt returns the legal moves of padded cell v (not on the pad's
// border): bit d set when the step dirs[d] leads to an open cell,
// diagonals only with both orthogonal cells open.
func (s *cellSearch) movesAt(v int) uint8 {
	pad := s.pad
	pw := s.pw
	if pad[v] == 0 {
		return 0
	}
	e, so, w, no := pad[v+1] != 0, pad[v+pw] != 0, pad[v-1] != 0, pad[v-pw] != 0
	var m uint8
	if e {
		m |= 1
	}
	if so {
		m |= 2
	}
	if w {
		m |= 4
	}
	if no {
		m |= 8
	}
	if s.nb != pathing.Four {
		if so && e && pad[v+pw+1] != 0 {
			m |= 16
		}
		if so && w && pad[v+pw-1] != 0 {
			m |= 32
		}
		if no && w && pad[v-pw-1] != 0 {
			m |= 64
		}
		if no && e && pad[v-pw+1] != 0 {
			m |= 128
		}
	}
	return m
}
