package hpa

import (
	"pathlens/pathing"
)

// components labels the connected components of the open cells. Under the
// no-corner-cutting rule a diagonal step needs both orthogonal cells open, so
// 8-connected components equal 4-connected ones and one labelling serves
// both neighbourhoods.
//
// Repair is local. Opening a cell merges the components around it by
// relabelling the smaller ones (cost: their size). Blocking a cell runs
// breadth-first searches from its open neighbours in lock step; they stop as
// soon as all of them have met, and a search that runs dry first has found a
// piece split off, which gets a new label (cost: about the size of the
// smaller side times the number of neighbours).
type components struct {
	w, h  int
	label []int32 // -1 for blocked cells
	size  []int32 // cells per label (0 for retired labels)
	count int     // live components

	// split working memory
	stamp []uint32
	owner []uint8
	gen   uint32
	q     [4][]int32
}

func (c *components) build(g *pathing.Grid) {
	c.w, c.h = g.Width(), g.Height()
	n := g.Len()
	c.label = make([]int32, n)
	c.stamp = make([]uint32, n)
	c.owner = make([]uint8, n)
	c.size = c.size[:0]
	c.count = 0
	cells := g.Cells()
	for i := range c.label {
		c.label[i] = -1
	}
	var q []int32
	for i := 0; i < n; i++ {
		if cells[i] == pathing.Blocked || c.label[i] >= 0 {
			continue
		}
		lab := int32(len(c.size))
		c.label[i] = lab
		q = append(q[:0], int32(i))
		for h := 0; h < len(q); h++ {
			q = c.visit(q, q[h], cells, func(j int32) bool {
				if c.label[j] >= 0 {
					return false
				}
				c.label[j] = lab
				return true
			})
		}
		c.size = append(c.size, int32(len(q)))
		c.count++
	}
}

// visit appends to q the 4-neighbours j of i that are open and accepted by
// take (which claims them).
func (c *components) visit(q []int32, i int32, cells []uint8, take func(j int32) bool) []int32 {
	x, y := int(i)%c.w, int(i)/c.w
	w := int32(c.w)
	if x+1 < c.w && cells[i+1] != pathing.Blocked && take(i+1) {
		q = append(q, i+1)
	}
	if x > 0 && cells[i-1] != pathing.Blocked && take(i-1) {
		q = append(q, i-1)
	}
	if y+1 < c.h && cells[i+w] != pathing.Blocked && take(i+w) {
		q = append(q, i+w)
	}
	if y > 0 && cells[i-w] != pathing.Blocked && take(i-w) {
		q = append(q, i-w)
	}
	return q
}

func (c *components) newLabel(size int32) int32 {
	c.size = append(c.size, size)
	c.count++
	return int32(len(c.size) - 1)
}

// update brings the labels up to date after the given cells changed on g.
// Cells blocked now but labelled are fills; cells open now but unlabelled
// are digs. Fills are done first so each dig can merge finished labels.
// It reports whether any label changed.
func (c *components) update(g *pathing.Grid, changed []int32) bool {
	cells := g.Cells()
	any := false
	for _, i := range changed {
		if cells[i] == pathing.Blocked && c.label[i] >= 0 {
			c.fill(cells, i)
			any = true
		}
	}
	for _, i := range changed {
		if cells[i] != pathing.Blocked && c.label[i] < 0 {
			c.dig(cells, i)
			any = true
		}
	}
	return any
}

func (c *components) dig(cells []uint8, i int32) {
	var labs [4]int32
	n := 0
	c.visit(nil, i, cells, func(j int32) bool {
		if l := c.label[j]; l >= 0 {
			for k := 0; k < n; k++ {
				if labs[k] == l {
					return false
				}
			}
			labs[n] = l
			n++
		}
		return false
	})
	if n == 0 {
		c.label[i] = c.newLabel(1)
		return
	}
	best := labs[0]
	for k := 1; k < n; k++ {
		if c.size[labs[k]] > c.size[best] {
			best = labs[k]
		}
	}
	c.label[i] = best
	c.size[best]++
	for k := 0; k < n; k++ {
		old := labs[k]
		if old == best {
			continue
		}
		// Relabel the smaller component by flood fill from i's neighbours.
		q := c.q[0][:0]
		c.visit(nil, i, cells, func(j int32) bool {
			if c.label[j] == old {
				c.label[j] = best
				q = append(q, j)
			}
			return false
		})
		for h := 0; h < len(q); h++ {
			q = c.visit(q, q[h], cells, func(j int32) bool {
				if c.label[j] != old {
					return false
				}
				c.label[j] = best
				return true
			})
		}
		c.size[best] += int32(len(q))
		c.size[old] = 0
		c.count--
		c.q[0] = q
	}
}

func (c *components) fill(cells []uint8, i int32) {
	lab := c.label[i]
	c.label[i] = -1
	c.size[lab]--
	// Seeds: the open neighbours of the old component.
	var seeds [4]int32
	n := 0
	c.visit(nil, i, cells, func(j int32) bool {
		if c.label[j] == lab {
			seeds[n] = j
			n++
		}
		return false
	})
	if n == 0 {
		c.size[lab] = 0
		c.count--
		return
	}
	if n == 1 {
		return
	}
	c.gen++
	if c.gen == 0 {
		clear(c.stamp)
		c.gen = 1
	}
	// union-find over the n searches
	var parent [4]int
	var done [4]bool
	for k := 0; k < n; k++ {
		parent[k] = k
		c.q[k] = append(c.q[k][:0], seeds[k])
		c.stamp[seeds[k]] = c.gen
		c.owner[seeds[k]] = uint8(k)
	}
	find := func(k int) int {
		for parent[k] != k {
			k = parent[k]
		}
		return k
	}
	var head [4]int
	active := func() int { // distinct sets with unfinished searches
		var seen [4]bool
		a := 0
		for k := 0; k < n; k++ {
			r := find(k)
			if !done[k] && !seen[r] {
				seen[r] = true
				a++
			}
		}
		return a
	}
	sets := n
	for sets > 1 && active() > 1 {
		progressed := false
		for k := 0; k < n; k++ {
			if done[k] {
				continue
			}
			if head[k] >= len(c.q[k]) {
				done[k] = true
				// Is its whole set finished? Then it is a separate piece.
				r := find(k)
				all := true
				for m := 0; m < n; m++ {
					if find(m) == r && !done[m] {
						all = false
					}
				}
				if all && active() >= 1 {
					c.split(r, n, find)
					sets--
				}
				continue
			}
			progressed = true
			cur := c.q[k][head[k]]
			head[k]++
			c.q[k] = c.visit(c.q[k], cur, cells, func(j int32) bool {
				if c.label[j] != lab {
					return false
				}
				if c.stamp[j] == c.gen {
					a, b := find(k), find(int(c.owner[j]))
					if a != b {
						parent[a] = b
						sets--
					}
					return false
				}
				c.stamp[j] = c.gen
				c.owner[j] = uint8(k)
				return true
			})
		}
		if !progressed {
			break
		}
	}
}

// split gives a new label to the cells found by the searches of set r.
func (c *components) split(r, n int, find func(int) int) {
	var cnt int32
	for k := 0; k < n; k++ {
		if find(k) == r {
			cnt += int32(len(c.q[k]))
		}
	}
	old := c.label[c.q[r][0]]
	nl := c.newLabel(cnt)
	c.size[old] -= cnt
	for k := 0; k < n; k++ {
		if find(k) == r {
			for _, j := range c.q[k] {
				c.label[j] = nl
			}
		}
	}
}
