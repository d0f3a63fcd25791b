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
type smoother struct {
	out     []image.Point
	prefix  []float64
	newIdx  []int
	checked int
}

func (m *smoother) smooth(h *Hierarchy, path []image.Point, segEnds []int) ([]image.Point, float64) {
	m.checked = 0
	n := len(path)
	g := h.grid
	nb := h.cfg.Neighborhood
	if n < 3 {
		return path, pathing.PathCost(g, path, nb)
	}
	m.prefix = m.prefix[:0]
	m.prefix = append(m.prefix, 0)
	cells := g.Cells()
	w := g.Width()
	for i := 1; i < n; i++ {
		// The path is legal: a step costs the entered cell's weight, times
		// √2 when diagonal.
		a, b := path[i-1], path[i]
		c := float64(cells[b.Y*w+b.X])
		if a.X != b.X && a.Y != b.Y {
			c *= pathing.Sqrt2
		}
		m.prefix = append(m.prefix, m.prefix[i-1]+c)
	}
	if cap(m.newIdx) < n {
		m.newIdx = make([]int, n)
	}
	m.newIdx = m.newIdx[:n]
	out := append(m.out[:0], path[0])
	total := 0.0
	ok := func(i, j int) (float64, bool) {
		lim := m.prefix[j] - m.prefix[i] + 1e-9
		c, k := lineCost(g, path[i], path[j], nb, lim)
		m.checked += k
		return c, c <= lim
	}
	i := 0
	for i < n-1 {
		m.newIdx[i] = len(out) - 1
		best := i + 1
		bestCost := m.prefix[i+1] - m.prefix[i]
		hi := n
		for d := 2; i+d < n; d *= 2 {
			if c, good := ok(i, i+d); good {
				best, bestCost = i+d, c
			} else {
				hi = i + d
				break
			}
		}
		if hi > n {
			hi = n
		}
		lo := best
		for hi-lo > 1 {
			mid := (lo + hi) / 2
			if c, good := ok(i, mid); good {
				lo, bestCost = mid, c
			} else {
				hi = mid
			}
		}
		best = lo
		if best == i+1 {
			out = append(out, path[i+1])
		} else {
			out = appendLinePts(out, path[i], path[best], nb)
		}
		total += bestCost
		for k := i + 1; k < best; k++ {
			m.newIdx[k] = len(out) - 1 // skipped cells map to the anchor reached
		}
		i = best
	}
	m.newIdx[n-1] = len(out) - 1
	for k, e := range segEnds {
		segEnds[k] = m.newIdx[e]
	}
	m.out = out
	return out, total
}

// lineCost returns the cost of the straight grid line from a to b (the
// octile-shaped line for Eight, a staircase for Four) and the number of
// cells checked, or +Inf when a step is illegal. It stops early once the
// cost exceeds limit.
func lineCost(g *pathing.Grid, a, b image.Point, nb pathing.Neighborhood, limit float64) (float64, int) {
	if nb == pathing.Four {
		cost := 0.0
		k := 0
		legal := true
		walkLine(a, b, nb, func(p, c image.Point) bool {
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
	dx, dy := b.X-a.X, b.Y-a.Y
	sx, sy := sign(dx), sign(dy)
	ax, ay := dx*sx, dy*sy
	// Index steps along the major and minor axes.
	major, minor, na, nm := sx, sy*w, ax, ay
	if ay > ax {
		major, minor, na, nm = sy*w, sx, ay, ax
	}
	i := a.Y*w + a.X
	e := 2*nm - na
	cost := 0.0
	for k := 0; k < na; k++ {
		if e > 0 {
			// diagonal: both orthogonal cells must be open
			if cells[i+major] == pathing.Blocked || cells[i+minor] == pathing.Blocked {
				return inf, k + 1
			}
			i += major + minor
			e -= 2 * na
			c := cells[i]
			if c == pathing.Blocked {
				return inf, k + 1
			}
			cost += pathing.Sqrt2 * float64(c)
		} else {
			i += major
			c := cells[i]
			if c == pathing.Blocked {
				return inf, k + 1
			}
			cost += float64(c)
		}
		e += 2 * nm
		if cost > limit {
			return cost, k + 1
		}
	}
	return cost, na
}

func appendLinePts(dst []image.Point, a, b image.Point, nb pathing.Neighborhood) []image.Point {
	walkLine(a, b, nb, func(_, c image.Point) bool {
		dst = append(dst, c)
		return true
	})
	return dst
}

// walkLine calls f for each step (from, to) of the line from a to b until f
// returns false.
func walkLine(a, b image.Point, nb pathing.Neighborhood, f func(p, c image.Point) bool) {
	dx, dy := b.X-a.X, b.Y-a.Y
	sx, sy := sign(dx), sign(dy)
	ax, ay := dx*sx, dy*sy
	p := a
	if nb == pathing.Four {
		ix, iy := 0, 0
		for ix < ax || iy < ay {
			c := p
			if iy >= ay || (ix < ax && (2*ix+1)*ay < (2*iy+1)*ax) {
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
	if ax >= ay {
		e := 2*ay - ax
		for i := 0; i < ax; i++ {
			c := p
			c.X += sx
			if e > 0 {
				c.Y += sy
				e -= 2 * ax
			}
			e += 2 * ay
			if !f(p, c) {
				return
			}
			p = c
		}
		return
	}
	e := 2*ax - ay
	for i := 0; i < ay; i++ {
		c := p
		c.Y += sy
		if e > 0 {
			c.X += sx
			e -= 2 * ay
		}
		e += 2 * ax
		if !f(p, c) {
			return
		}
		p = c
	}
}
