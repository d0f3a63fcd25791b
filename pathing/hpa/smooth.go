package hpa

import (
	"image"

	"pathlens/pathing"
)

// smoother shortens a cell path by string pulling: from each anchor it
// finds, by galloping then bisecting, the farthest later path cell that a
// straight grid line reaches legally (open cells, no corner cutting) for no
// more than the path's own cost between them, and replaces that stretch by
// the line. Cost: O(n log n) line cells for a path of n cells.
//
// A further pass over its own output (again) knows where that output bends
// (corners): from an anchor, the path up to the next corner is already a
// straight line, so the pass keeps it and only probes beyond the corner.
// Most such probes fail at once (the corner hugs an obstacle and lines are
// checked from their far end), which makes a second pass cost a fraction of
// the first.
type smoother struct {
	out     []image.Point
	prefix  []uint64 // see smooth
	newIdx  []int
	corners []int // indices into out where it may bend, 0 and len−1 included
	cin     []int // the input path's corners (again)
	checked int
	before  float64 // cost of the path given to the last smooth call
	// tr, when not nil, receives an EventLine per straight line checked
	// (the query's trace: the smooth phase can be stepped through).
	tr *pathing.Trace
}

// smooth returns the smoothed path (in m.out, which it overwrites) and its
// cost, and rewrites segEnds to index it. With again, path must be the
// output of the previous call (copied out of m.out) and its corners are
// used.
func (m *smoother) smooth(h *Hierarchy, path []image.Point, segEnds []int, again bool) ([]image.Point, float64) {
	m.checked = 0
	n := len(path)
	g := h.grid
	nb := h.cfg.Neighborhood
	m.cin, m.corners = m.corners, m.cin[:0]
	if n < 3 {
		c := pathing.PathCost(g, path, nb)
		m.before = c
		for k := 0; k < n; k++ {
			m.corners = append(m.corners, k)
		}
		return path, c
	}
	// prefix[i]: the weights the path enters up to path[i], straight steps
	// summed in the low 32 bits and diagonal ones in the high 32 (integer
	// adds, and a stretch's cost is one subtraction: see stepsCost).
	if cap(m.prefix) < n {
		m.prefix = make([]uint64, n)
	}
	prefix := m.prefix[:n]
	cells := g.Cells()
	w := g.Width()
	var sum uint64
	for i := 1; i < n; i++ {
		// The path is legal: a step costs the entered cell's weight, times
		// √2 when diagonal.
		a, b := path[i-1], path[i]
		c := uint64(cells[b.Y*w+b.X])
		if a.X != b.X && a.Y != b.Y {
			c <<= 32
		}
		sum += c
		prefix[i] = sum
	}
	prefix[0] = 0
	if cap(m.newIdx) < n {
		m.newIdx = make([]int, n)
	}
	m.newIdx = m.newIdx[:n]
	m.before = stepsCost(prefix[n-1])
	out := append(m.out[:0], path[0])
	corners := append(m.corners, 0)
	total := 0.0
	shape := 0
	// first is the shape tried first: the one that last succeeded from the
	// current anchor (its lines to nearby cells tend to clear the same
	// corner the same way), which spares most failing walks before a
	// success: about 12% fewer cells checked, paths as short.
	first := 0
	ok := func(i, j int) (float64, bool) {
		lim := stepsCost(prefix[j]-prefix[i]) + 1e-9
		for t := 0; t < numShapes; t++ {
			sh := first + t
			if sh >= numShapes {
				sh -= numShapes
			}
			c, k := lineCost(g, path[i], path[j], nb, lim, sh)
			m.checked += k
			if c <= lim {
				shape = sh
				m.trace(pathing.EventLine, path[i], path[j], c, lim-1e-9, w)
				return c, true
			}
		}
		m.trace(pathing.EventLine, path[i], path[j], inf, lim-1e-9, w)
		return inf, false
	}
	const keep = -1 // bestShape: keep the path's own cells
	cin := m.cin
	ci := 0
	i := 0
	retry := false // i is a retry point (see below)
	for i < n-1 {
		first = 0
		m.newIdx[i] = len(out) - 1
		best := i + 1
		bestCost := stepsCost(prefix[i+1] - prefix[i])
		bestShape := keep
		hi := n
		d := 2
		if again {
			// The path is straight up to the next corner e: keep it, and
			// gallop on from the first i+2^k past e.
			for cin[ci] <= i {
				ci++
			}
			e := cin[ci]
			best, bestCost = e, stepsCost(prefix[e]-prefix[i])
			for i+d <= e {
				d *= 2
			}
		}
		// Gallop i+d, i+2d, …; the last cell is tried before the doubling
		// passes it.
		for ; best < n-1 && i+d/2 < n-1; d *= 2 {
			j := min(i+d, n-1)
			if c, good := ok(i, j); good {
				best, bestCost, bestShape = j, c, shape
				first = shape
			} else {
				hi = j
				break
			}
		}
		lo := best
		for hi-lo > 1 {
			mid := (lo + hi) / 2
			if c, good := ok(i, mid); good {
				lo, bestCost, bestShape = mid, c, shape
				first = shape
			} else {
				hi = mid
			}
		}
		best = lo
		// Nothing past the corner is in sight from i. The corner was only
		// where the previous pass's view ended, not necessarily where the
		// taut string bends, so pull once more from three quarters of the
		// way to it, from where the next stretch is seen at another angle.
		// (On the game maps this halves the mean suboptimality left
		// after two passes, for about 10% more cell checks.)
		wasRetry := retry
		retry = false
		if again && bestShape == keep && !wasRetry && best-i >= 4 {
			best = i + (best-i)*3/4
			bestCost = stepsCost(prefix[best] - prefix[i])
			retry = true
		}
		if bestShape == keep {
			for k := i + 1; k <= best; k++ {
				out = append(out, path[k])
				m.newIdx[k] = len(out) - 1
			}
		} else {
			m.trace(pathing.EventShortcut, path[i], path[best], bestCost, stepsCost(prefix[best]-prefix[i]), w)
			out = appendShape(out, path[i], path[best], nb, bestShape)
			for k := i + 1; k < best; k++ {
				m.newIdx[k] = len(out) - 1 // skipped cells map to the anchor reached
			}
		}
		corners = append(corners, len(out)-1)
		total += bestCost
		i = best
	}
	m.newIdx[n-1] = len(out) - 1
	for k, e := range segEnds {
		segEnds[k] = m.newIdx[e]
	}
	m.out = out
	m.corners = corners
	return out, total
}

// trace records, when tracing, a line a→b of cost c (+Inf: none found)
// against the path's stretch cost: tried (EventLine) or taken
// (EventShortcut).
func (m *smoother) trace(kind pathing.EventKind, a, b image.Point, c, stretch float64, w int) {
	if m.tr != nil {
		m.tr.Add(pathing.Event{Kind: kind, Node: int32(a.Y*w + a.X), Parent: int32(b.Y*w + b.X), G: c, H: stretch})
	}
}

// stepsCost is the cost of a stretch of path from its packed weight sums
// (straight steps' in the low 32 bits, diagonal steps' in the high 32).
func stepsCost(d uint64) float64 {
	return float64(uint32(d)) + pathing.Sqrt2*float64(d>>32)
}

// Line shapes: a straight grid line from a to b with the least number of
// steps has its diagonal (or, 4-connected, its minor-axis) steps either
// spread evenly (Bresenham), all first, or all last. Trying the three finds
// a legal shortcut past an obstacle corner that the even spread clips.
const (
	shapeEven = iota
	shapeDiagFirst
	shapeDiagLast
	numShapes
)

// diagAt says whether step k (0-based) of a line with na major steps, nm of
// them diagonal (or minor), is diagonal under shape; e carries Bresenham's
// error term between calls.
func diagAt(shape, k, na, nm int, e *int) bool {
	switch shape {
	case shapeDiagFirst:
		return k < nm
	case shapeDiagLast:
		return k >= na-nm
	}
	d := *e > 0
	if d {
		*e -= 2 * na
	}
	*e += 2 * nm
	return d
}

// lineCost returns the cost of the straight grid line of the given shape
// from a to b and the number of cells checked, or +Inf when a step is
// illegal; a cost above limit may be returned as soon as it is known
// (4-connected lines stop there; 8-connected ones are walked in full, the
// limit mattering only on weighted maps). 8-connected lines are checked from
// b back to a (the cells and the cost are those of the line from a): the
// smoother's failing probes usually clip an obstacle near their far end,
// so the backward walk meets it after fewer cells.
func lineCost(g *pathing.Grid, a, b image.Point, nb pathing.Neighborhood, limit float64, shape int) (float64, int) {
	if nb == pathing.Four {
		cost := 0.0
		k := 0
		legal := true
		walkLine(a, b, nb, shape, func(p, c image.Point) bool {
			k++
			sc := g.StepCost(p, c, nb)
			if sc == inf {
				legal = false
				return false
			}
			cost += sc
			return cost <= limit
		})
		if !legal {
			return inf, k
		}
		return cost, k
	}
	cells := g.Cells()
	w := g.Width()
	// Index steps along the major and minor axes.
	major, minor, na, nm := lineAxes(a, b, w)
	j := b.Y*w + b.X
	// The weights entered by straight and by diagonal steps, summed as
	// integers: no float work per cell, and only the (predictable)
	// blocked-cell branches in the loops.
	var sS, sD, k int
	switch shape {
	case shapeDiagFirst: // backwards: the straight steps, then the diagonal ones
		if j, sS, k = straightBack(cells, j, major, na-nm); k < na-nm {
			return inf, k + 1
		}
		if _, sD, k = diagBack(cells, j, major, minor, nm); k < nm {
			return inf, na - nm + k + 1
		}
	case shapeDiagLast:
		if j, sD, k = diagBack(cells, j, major, minor, nm); k < nm {
			return inf, k + 1
		}
		if _, sS, k = straightBack(cells, j, major, na-nm); k < na-nm {
			return inf, nm + k + 1
		}
	default:
		// Bresenham's even spread run backwards. Forwards, with error
		// e₀ = 2nm−na, step s is diagonal when eₛ > 0, and e stays in
		// (2nm−2na, 2nm]; it ends where it began (na steps, nm of them
		// diagonal). So backwards from e = 2nm−na, the step that led to e
		// was diagonal exactly when e ≤ 4nm−2na, and undoing it gives
		// e+2na−2nm (else e−2nm). The step kind is taken without a branch
		// (the diagonal pattern defeats prediction): m is all ones for a
		// diagonal step, zero for a straight one. For a straight step the
		// loads are its source (open, or the line is illegal anyway) and
		// twice its target, so one body checks both kinds.
		e := 2*nm - na
		t := 4*nm - 2*na
		for k := 0; k < na; k++ {
			m := ^((t - e) >> 63) // e ≤ t: diagonal
			e += 2*na&m - 2*nm
			c := cells[j]
			c0, c1 := cells[j-major], cells[j-minor&m]
			if c == pathing.Blocked || c0 == pathing.Blocked || c1 == pathing.Blocked {
				return inf, k + 1
			}
			sD += int(c) & m
			sS += int(c) &^ m
			j -= major + minor&m
		}
	}
	cost := float64(sS) + pathing.Sqrt2*float64(sD)
	return cost, na
}

// diagBack checks up to n diagonal steps (major+minor) that end at cell
// index j, last step first, without corner cutting, and returns the index
// before them, the sum of the entered cells' weights and the number of
// legal steps found (n unless one was illegal).
func diagBack(cells []uint8, j, major, minor, n int) (int, int, int) {
	s := 0
	for k := 0; k < n; k++ {
		c, c0, c1 := cells[j], cells[j-major], cells[j-minor]
		if c == pathing.Blocked || c0 == pathing.Blocked || c1 == pathing.Blocked {
			return j, s, k
		}
		s += int(c)
		j -= major + minor
	}
	return j, s, n
}

// straightBack is diagBack for straight steps (major).
func straightBack(cells []uint8, j, major, n int) (int, int, int) {
	s := 0
	for k := 0; k < n; k++ {
		c := cells[j]
		if c == pathing.Blocked {
			return j, s, k
		}
		s += int(c)
		j -= major
	}
	return j, s, n
}

func appendLinePts(dst []image.Point, a, b image.Point, nb pathing.Neighborhood) []image.Point {
	return appendShape(dst, a, b, nb, shapeEven)
}

func appendShape(dst []image.Point, a, b image.Point, nb pathing.Neighborhood, shape int) []image.Point {
	if nb == pathing.Four {
		walkLine(a, b, nb, shape, func(_, c image.Point) bool {
			dst = append(dst, c)
			return true
		})
		return dst
	}
	// walkLine's 8-connected steps, without a call per cell.
	dx, dy := b.X-a.X, b.Y-a.Y
	sx, sy := sign(dx), sign(dy)
	ax, ay := dx*sx, dy*sy
	major, minor := image.Pt(sx, 0), image.Pt(0, sy)
	na, nm := ax, ay
	if ay > ax {
		major, minor, na, nm = minor, major, ay, ax
	}
	diag := major.Add(minor)
	p := a
	switch shape {
	case shapeDiagFirst:
		for k := 0; k < nm; k++ {
			p = p.Add(diag)
			dst = append(dst, p)
		}
		for k := nm; k < na; k++ {
			p = p.Add(major)
			dst = append(dst, p)
		}
	case shapeDiagLast:
		for k := nm; k < na; k++ {
			p = p.Add(major)
			dst = append(dst, p)
		}
		for k := 0; k < nm; k++ {
			p = p.Add(diag)
			dst = append(dst, p)
		}
	default:
		e := 2*nm - na
		for k := 0; k < na; k++ {
			if e > 0 {
				e -= 2 * na
				p = p.Add(diag)
			} else {
				p = p.Add(major)
			}
			e += 2 * nm
			dst = append(dst, p)
		}
	}
	return dst
}

// lineAxes returns, for the 8-connected straight line from a to b on a grid
// w cells wide, the index steps along its major and minor axes and the
// number of steps along each (na ≥ nm).
func lineAxes(a, b image.Point, w int) (major, minor, na, nm int) {
	dx, dy := b.X-a.X, b.Y-a.Y
	// sign(dx), sign(dy) without calls, so that lineAxes inlines
	sx, sy := dx>>63|int(uint(-dx)>>63), dy>>63|int(uint(-dy)>>63)
	ax, ay := dx*sx, dy*sy
	if ay > ax {
		return sy * w, sx, ay, ax
	}
	return sx, sy * w, ax, ay
}

// walkLine calls f for each step (from, to) of the line of the given shape
// from a to b until f returns false.
func walkLine(a, b image.Point, nb pathing.Neighborhood, shape int, f func(p, c image.Point) bool) {
	dx, dy := b.X-a.X, b.Y-a.Y
	sx, sy := sign(dx), sign(dy)
	ax, ay := dx*sx, dy*sy
	p := a
	if nb == pathing.Four {
		// A staircase of ax horizontal and ay vertical steps.
		ix, iy := 0, 0
		for ix < ax || iy < ay {
			c := p
			var horiz bool
			switch {
			case iy >= ay:
				horiz = true
			case ix >= ax:
				horiz = false
			case shape == shapeDiagFirst:
				horiz = true
			case shape == shapeDiagLast:
				horiz = false
			default:
				horiz = (2*ix+1)*ay < (2*iy+1)*ax
			}
			if horiz {
				c.X += sx
				ix++
			} else {
				c.Y += sy
				iy++
			}
			if !f(p, c) {
				return
			}
			p = c
		}
		return
	}
	na, nm := ax, ay
	if ay > ax {
		na, nm = ay, ax
	}
	e := 2*nm - na
	for k := 0; k < na; k++ {
		c := p
		d := diagAt(shape, k, na, nm, &e)
		if ax >= ay {
			c.X += sx
			if d {
				c.Y += sy
			}
		} else {
			c.Y += sy
			if d {
				c.X += sx
			}
		}
		if !f(p, c) {
			return
		}
		p = c
	}
}
