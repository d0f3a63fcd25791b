package hpa

import (
	"image"
	"math/bits"

	"pathlens/pathing"
)

// Near-octile distances inside a level-1 cluster of one weight w,
// 8-connected, no corner cutting, without a search.
//
// Take a pair a, b, na steps apart along the major axis and nm ≤ na along
// the minor one, and a path of s straight and d diagonal steps from a to b.
// Its cost is w·(s + d√2) and, the steps' lengths being rationally
// independent, the step counts are fixed by the cost. Call a step
// forward when it does not go back along the major axis. A path of forward
// steps only (a "forward path") can use, besides the two octile moves, a
// minor step toward b (count p), a minor step away from b (q) and a
// diagonal away from b (r); its cost is
//
//	w·(octile + p·u + q·(u+v) + r·v),  u = 2 − √2 ≈ 0.586, v = 2√2 − 2 ≈ 0.828
//
// (count the axis units each kind of step spends). Any other path goes
// back along the major axis: it makes at least na + 2 moves with a major
// component and spends at least na + nm + 2 axis units, an even number more
// than na + nm, and the least s + d√2 under those constraints is
// octile + 2. So if the cheapest forward path costs at most w·(octile + 2),
// it is a shortest path, and its cost is exactly the cost a Dijkstra would
// find. nearOctile finds the cheapest forward path among the eight excess
// classes i·u + j·v ≤ 2 by a dynamic programme over the rows across the
// major axis, one machine word per class and row (bit m: the cell at minor
// offset m is reachable at that excess), as octileReach does for the
// octile class alone:
//
//	from row k−1 to row k (same class): straight, or diagonal toward b
//	    (corner rule: (k, m−1) and (k−1, m) open)
//	from row k−1 to row k (class + v): diagonal away from b
//	within row k: a step toward b (class + u), away from b (class + u + v)
//
// The classes are numbered in increasing excess: 0 (octile), u, v, 2u,
// u+v, 2v, 3u, 2u+v (= 2 exactly).
const nearClasses = 8

// nearOn lets intra1Lines use nearOctile and the cluster components; a
// test turns it off to compare with builds that search every pair out of
// straight-line sight.
var nearOn = true

// nearST[c] is class c's excess as s + t√2 (step-count differences from
// the octile path: s straight steps more, t diagonal steps more).
var nearST = [nearClasses][2]int{{0, 0}, {2, -1}, {-2, 2}, {4, -2}, {0, 1}, {-4, 4}, {6, -3}, {2, 0}}

// openLines holds the open cells of one cluster (up to 64×64) as words:
// rows[y] bit x and cols[x] bit y (local coordinates), and the same
// mirrored (bit i ↔ bit side−1−i) so that the minor direction toward b is
// always the higher bits.
type openLines struct {
	r          image.Rectangle
	rows, rrow [64]uint64
	cols, rcol [64]uint64
	// components: the runs of open cells row by row (row y's are
	// run[rowRun[y]:rowRun[y+1]], each [first, one past the last) x),
	// and a union-find over them.
	rowRun [65]int32
	run    [nearMaxRuns][2]int8
	parent [nearMaxRuns]int16
	// nodeComp: intra1Lines' scratch, the component of each node.
	nodeComp []int16
}

// load reads the open cells of r (inside the grid, at most 64 on a side)
// from the pad that s holds for it (loadPad).
func (o *openLines) load(s *cellSearch, r image.Rectangle) {
	o.r = r
	w, h := r.Dx(), r.Dy()
	pw := w + 2
	pad := s.pad
	clear(o.cols[:w])
	for y := 0; y < h; y++ {
		var row uint64
		line := pad[(y+1)*pw+1 : (y+1)*pw+1+w]
		for x, c := range line {
			bit := (uint64(c) + 0xff) >> 8 // 1 when open
			row |= bit << uint(x)
			o.cols[x] |= bit << uint(y)
		}
		o.rows[y] = row
		o.rrow[y] = bits.Reverse64(row) >> uint(64-w)
	}
	for x := 0; x < w; x++ {
		o.rcol[x] = bits.Reverse64(o.cols[x]) >> uint(64-h)
	}
}

// nearMaxRuns is the most runs of open cells a cluster can have (32 in
// each of 64 rows).
const nearMaxRuns = 64 * 32

// components labels the 4-connected components of the loaded cluster's
// open cells (the components of 8-connected moves without corner cutting)
// by a union-find over the runs of open cells of each row: two runs of
// adjacent rows are joined when they overlap.
func (o *openLines) components() {
	h := o.r.Dy()
	n := 0
	prevLo, prevHi := 0, 0 // the previous row's runs: o.run[prevLo:prevHi]
	for y := 0; y < h; y++ {
		o.rowRun[y] = int32(n)
		x := o.rows[y]
		for x != 0 {
			lo := bits.TrailingZeros64(x)
			hi := lo + bits.TrailingZeros64(^(x >> uint(lo))) // one past the run
			o.run[n] = [2]int8{int8(lo), int8(hi)}
			o.parent[n] = int16(n)
			for p := prevLo; p < prevHi; p++ {
				if q := o.run[p]; int(q[0]) < hi && lo < int(q[1]) {
					o.union(int16(p), int16(n))
				}
			}
			n++
			if hi >= 64 {
				break
			}
			x &^= 1<<uint(hi) - 1
		}
		prevLo, prevHi = int(o.rowRun[y]), n
	}
	o.rowRun[h] = int32(n)
}

func (o *openLines) find(i int16) int16 {
	for o.parent[i] != i {
		o.parent[i] = o.parent[o.parent[i]]
		i = o.parent[i]
	}
	return i
}

func (o *openLines) union(i, j int16) {
	i, j = o.find(i), o.find(j)
	if i != j {
		o.parent[j] = i
	}
}

// comp returns the component of open cell p of the cluster (after a
// successful components): the root of the run holding it.
func (o *openLines) comp(p image.Point) int16 {
	x, y := p.X-o.r.Min.X, p.Y-o.r.Min.Y
	for i := o.rowRun[y]; i < o.rowRun[y+1]; i++ {
		if q := o.run[i]; int(q[0]) <= x && x < int(q[1]) {
			return o.find(int16(i))
		}
	}
	return -1
}

// nearOctile returns w·d(a,b) inside the cluster and true when the
// cheapest forward path from a to b has an excess of at most 2 (see above);
// a pair joined by an octile-shaped path costs w·octile(a,b) as the line
// tests write it, the others w·(s + d√2) as fxCost writes it.
func (o *openLines) nearOctile(a, b image.Point, w float64) (float64, bool) {
	a, b = a.Sub(o.r.Min), b.Sub(o.r.Min)
	dx, dy := b.X-a.X, b.Y-a.Y
	ax, ay := max(dx, -dx), max(dy, -dy)
	var lines *[64]uint64
	var k0, k1, m0, m1, na, nm int
	if ay > ax { // major y: rows, minor x
		na, nm = ay, ax
		k0, k1, m0, m1 = a.Y, b.Y, a.X, b.X
		lines = &o.rows
		if dx < 0 {
			lines = &o.rrow
			side := o.r.Dx() - 1
			m0, m1 = side-m0, side-m1
		}
	} else {
		na, nm = ax, ay
		k0, k1, m0, m1 = a.X, b.X, a.Y, b.Y
		lines = &o.cols
		if dy < 0 {
			lines = &o.rcol
			side := o.r.Dy() - 1
			m0, m1 = side-m0, side-m1
		}
	}
	c := 0
	if !nearOctileOnly(lines, k0, k1, uint(m0), uint(m1)) {
		c = nearClass(lines, k0, k1, uint(m0), uint(m1))
	}
	switch {
	case c < 0:
		return 0, false
	case c == 0:
		return w * pathing.OctileDistance(a, b), true
	}
	st := nearST[c]
	s, d := na-nm+st[0], nm+st[1]
	return w * (float64(s) + float64(d)*pathing.Sqrt2), true
}

// pair returns the cost of the pair a, b of nodes in components ca, cb of
// the loaded cluster (see components) when it needs no search: +Inf when
// the components differ, nearOctile's cost when it applies. ok is false
// when the pair must be searched.
func (o *openLines) pair(a, b image.Point, ca, cb int16, w float64) (c float64, ok bool) {
	if ca != cb {
		return inf, true
	}
	return o.nearOctile(a, b, w)
}

// nearOctileOnly is nearClass for class 0 alone (octileReach over the
// loaded words): about half of a cluster's pairs are octile-exact, and
// this costs a fraction of all eight classes.
func nearOctileOnly(lines *[64]uint64, k0, k1 int, m0, m1 uint) bool {
	step := 1
	if k1 < k0 {
		step = -1
	}
	op := lines[k0&63]
	r := uint64(1) << (m0 & 63)
	for k := k0; k != k1; {
		k += step
		prev := op
		op = lines[k&63]
		r = (r | ((r&op)<<1)&prev) & op
		if r == 0 {
			return false
		}
	}
	return r>>(m1&63)&1 != 0
}

// nearClass runs the dynamic programme of nearOctile over lines[k0..k1]
// (open bits across the major axis, k1 ≠ k0) from minor offset m0 to
// m1 ≥ m0 and returns the least class reaching m1 on row k1, or -1. The
// classes' words are kept in variables (r0 … r7), so that they stay in
// registers.
func nearClass(lines *[64]uint64, k0, k1 int, m0, m1 uint) int {
	step := 1
	if k1 < k0 {
		step = -1
	}
	op := lines[k0&63]
	var r0, r1, r2, r3, r4, r5, r6, r7 uint64
	r0 = 1 << (m0 & 63)
	// Within the row: toward b (class + u: 0→1, 1→3, 2→4, 3→6, 4→7) and
	// away from b (class + u + v: 0→4, 1→7), in increasing class order so
	// that chains of them are followed.
	r1 = (r0 << 1) & op
	r3 = (r1 << 1) & op
	r4 = (r0 >> 1) & op
	r6 = (r3 << 1) & op
	r7 = ((r4 << 1) | (r1 >> 1)) & op
	for k := k0; k != k1; {
		k += step
		prev := op
		op = lines[k&63]
		// Straight or diagonal toward b: corners (k, m−1), (k−1, m).
		n0 := (r0 | ((r0&op)<<1)&prev) & op
		n1 := (r1 | ((r1&op)<<1)&prev) & op
		n2 := (r2 | ((r2&op)<<1)&prev) & op
		n3 := (r3 | ((r3&op)<<1)&prev) & op
		n4 := (r4 | ((r4&op)<<1)&prev) & op
		n5 := (r5 | ((r5&op)<<1)&prev) & op
		n6 := (r6 | ((r6&op)<<1)&prev) & op
		n7 := (r7 | ((r7&op)<<1)&prev) & op
		// Diagonal away from b (class + v: 0→2, 1→4, 2→5, 3→7): corners
		// (k, m+1), (k−1, m).
		pv := prev & op
		n2 |= ((r0 & op) >> 1) & pv
		n4 |= ((r1 & op) >> 1) & pv
		n5 |= ((r2 & op) >> 1) & pv
		n7 |= ((r3 & op) >> 1) & pv
		// Within row k.
		n1 |= (n0 << 1) & op
		n3 |= (n1 << 1) & op
		n4 |= ((n2 << 1) | (n0 >> 1)) & op
		n6 |= (n3 << 1) & op
		n7 |= ((n4 << 1) | (n1 >> 1)) & op
		if n0|n1|n2|n3|n4|n5|n6|n7 == 0 {
			return -1
		}
		r0, r1, r2, r3, r4, r5, r6, r7 = n0, n1, n2, n3, n4, n5, n6, n7
	}
	sh := m1 & 63
	switch {
	case r0>>sh&1 != 0:
		return 0
	case r1>>sh&1 != 0:
		return 1
	case r2>>sh&1 != 0:
		return 2
	case r3>>sh&1 != 0:
		return 3
	case r4>>sh&1 != 0:
		return 4
	case r5>>sh&1 != 0:
		return 5
	case r6>>sh&1 != 0:
		return 6
	case r7>>sh&1 != 0:
		return 7
	}
	return -1
}
