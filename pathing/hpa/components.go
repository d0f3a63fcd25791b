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
	// events counts partition changes (new labels, vanished or merged
	// components), so update can report whether anything structural
	// happened.
	events int

	// repair working memory
	stamp  []uint32
	owner  []int32
	gen    uint32
	q      [][]int32
	work   []int32
	fills  []int32
	seeds  []int32
	group  []int32
	used   []bool
	parent []int
	done   []bool
	head   []int
}

// build labels g from scratch (pathing.ComponentLabeler: a union-find over
// each row's runs of open cells, components numbered in raster order of
// their first cell). Memory: the labels, the sizes and, while building,
// two words per run; the repair buffers are allocated on first use.
func (c *components) build(g *pathing.Grid) {
	c.w, c.h = g.Width(), g.Height()
	c.stamp, c.owner = nil, nil
	var lb pathing.ComponentLabeler // its sizes become c.size: not reused
	c.label, c.size = lb.Label(g, make([]int32, g.Len()))
	c.count = len(c.size)
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
	c.events++
	c.size = append(c.size, size)
	c.count++
	return int32(len(c.size) - 1)
}

// update brings the labels up to date after the given cells changed on g.
// Cells blocked now but labelled are fills; cells open now but unlabelled
// are digs. Fills are done first, together, so a batch of them is judged on
// the final terrain; then each dig merges finished labels. It reports
// whether the partition changed (a component appeared, vanished, split or
// merged), not merely a cell joining or leaving one.
func (c *components) update(g *pathing.Grid, changed []int32) bool {
	cells := g.Cells()
	if len(c.stamp) != len(c.label) {
		c.stamp = make([]uint32, len(c.label))
		c.owner = make([]int32, len(c.label))
		c.gen = 0
	}
	before := c.events
	c.fills = c.fills[:0]
	for _, i := range changed {
		if cells[i] == pathing.Blocked && c.label[i] >= 0 {
			c.fills = append(c.fills, i)
		}
	}
	if len(c.fills) > 0 {
		c.fill(cells)

	}
	for _, i := range changed {
		if cells[i] != pathing.Blocked && c.label[i] < 0 {
			c.dig(cells, i)

		}
	}
	return c.events != before
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
		q := c.work[:0]
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
		c.events++
		c.work = q
	}
}

// fill removes the cells of c.fills from their components and splits what
// they disconnected. The open neighbours of the filled cells are the seeds;
// seeds of one label run breadth-first searches in lock step, merging when
// they meet, and a group of searches that runs dry while another is still
// going is a piece split off and gets a new label. The last group keeps the
// old label, so the cost is about the size of the smaller pieces.
func (c *components) fill(cells []uint8) {
	c.gen++
	if c.gen == 0 {
		clear(c.stamp)
		c.gen = 1
	}
	for _, i := range c.fills {
		lab := c.label[i]
		if lab < 0 { // listed twice
			continue
		}
		c.label[i] = -1
		c.size[lab]--
		if c.size[lab] == 0 {
			c.count--
			c.events++
		}
	}
	// Seeds: open labelled neighbours of the filled cells, each once.
	c.seeds = c.seeds[:0]
	for _, i := range c.fills {
		c.visit(nil, i, cells, func(j int32) bool {
			if c.label[j] >= 0 && c.stamp[j] != c.gen {
				c.stamp[j] = c.gen
				c.seeds = append(c.seeds, j)
			}
			return false
		})
	}
	// One filled cell whose open neighbours are joined around it (along
	// the ring of its eight neighbours) splits nothing: the common case,
	// answered without a search.
	if len(c.fills) == 1 && c.ringJoined(cells, c.fills[0]) {
		return
	}
	// Group the seeds by label (few seeds: quadratic is fine).
	c.used = c.used[:0]
	for range c.seeds {
		c.used = append(c.used, false)
	}
	for a, sa := range c.seeds {
		if c.used[a] {
			continue
		}
		lab := c.label[sa]
		grp := c.group[:0]
		for b := a; b < len(c.seeds); b++ {
			if !c.used[b] && c.label[c.seeds[b]] == lab {
				c.used[b] = true
				grp = append(grp, c.seeds[b])
			}
		}
		c.group = grp
		if len(grp) > 1 {
			c.split(cells, lab, grp)
		}
	}
}

// split runs the lock-step searches from the seeds of label lab.
func (c *components) split(cells []uint8, lab int32, seeds []int32) {
	n := len(seeds)
	c.gen++
	if c.gen == 0 {
		clear(c.stamp)
		c.gen = 1
	}
	for len(c.q) < n {
		c.q = append(c.q, nil)
	}
	c.parent = c.parent[:0]
	c.done = c.done[:0]
	c.head = c.head[:0]
	for k := 0; k < n; k++ {
		c.parent = append(c.parent, k)
		c.done = append(c.done, false)
		c.head = append(c.head, 0)
		c.q[k] = append(c.q[k][:0], seeds[k])
		c.stamp[seeds[k]] = c.gen
		c.owner[seeds[k]] = int32(k)
	}
	find := func(k int) int {
		for c.parent[k] != k {
			c.parent[k] = c.parent[c.parent[k]]
			k = c.parent[k]
		}
		return k
	}
	sets := n // distinct sets still searching
	for sets > 1 {
		progressed := false
		for k := 0; k < n && sets > 1; k++ {
			if c.done[k] {
				continue
			}
			if c.head[k] >= len(c.q[k]) {
				c.done[k] = true
				r := find(k)
				all := true
				for m := 0; m < n; m++ {
					if find(m) == r && !c.done[m] {
						all = false
						break
					}
				}
				if all {
					// Set r ran dry while others still search: a piece.
					var cnt int32
					for m := 0; m < n; m++ {
						if find(m) == r {
							cnt += int32(len(c.q[m]))
						}
					}
					nl := c.newLabel(cnt)
					c.size[lab] -= cnt
					for m := 0; m < n; m++ {
						if find(m) == r {
							for _, j := range c.q[m] {
								c.label[j] = nl
							}
						}
					}
					sets--
				}
				continue
			}
			progressed = true
			cur := c.q[k][c.head[k]]
			c.head[k]++
			c.q[k] = c.visit(c.q[k], cur, cells, func(j int32) bool {
				if c.label[j] != lab {
					return false
				}
				if c.stamp[j] == c.gen {
					a, b := find(k), find(int(c.owner[j]))
					if a != b {
						c.parent[a] = b
						sets--
					}
					return false
				}
				c.stamp[j] = c.gen
				c.owner[j] = int32(k)
				return true
			})
		}
		if !progressed {
			break
		}
	}
}

// ringJoined reports whether the open 4-neighbours of i are all connected
// through the ring of i's eight neighbours (pathing.RingJoined), counting
// only labelled cells: a cell dug in the same batch is not yet part of any
// component.
func (c *components) ringJoined(cells []uint8, i int32) bool {
	x, y := int(i)%c.w, int(i)/c.w
	var open [8]bool
	for k, d := range pathing.Ring8 {
		nx, ny := x+d.X, y+d.Y
		open[k] = nx >= 0 && ny >= 0 && nx < c.w && ny < c.h && cells[ny*c.w+nx] != pathing.Blocked && c.label[ny*c.w+nx] >= 0
	}
	return pathing.RingJoined(open)
}
