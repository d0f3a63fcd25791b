package world

import (
	"image"

	"pathlens/pathing"
)

// components labels the connected components of open cells. Under both
// neighbourhoods a diagonal step needs its two straight cells open, so the
// components are those of 4-connectivity. Labels are cached until the grid
// changes.
type components struct {
	label   []int32
	count   int
	version uint64
	valid   bool
}

// components returns the world's component labels, recomputing them after
// edits. Cost: one flood fill over the grid.
func (w *World) components() *components {
	c := &w.comps
	if c.valid && c.version == w.GridVersion() && len(c.label) == w.Grid.Len() {
		return c
	}
	c.build(w.Grid)
	c.version = w.GridVersion()
	c.valid = true
	return c
}

func (c *components) build(g *pathing.Grid) {
	c.label = LabelComponents(g, c.label)
	n := int32(-1)
	for _, l := range c.label {
		n = max(n, l)
	}
	c.count = int(n + 1)
}

// LabelComponents labels the connected components of g's open cells into
// dst (grown to g.Len() as needed) and returns it: labels 0, 1, … in the
// order of each component's first cell, -1 for blocked cells. Under both
// neighbourhoods a diagonal step needs its two straight cells open, so the
// components are those of 4-connectivity. Cost: one flood fill.
func LabelComponents(g *pathing.Grid, dst []int32) []int32 {
	n := g.Len()
	if cap(dst) < n {
		dst = make([]int32, n)
	}
	label := dst[:n]
	for i := range label {
		label[i] = -1
	}
	cells := g.Cells()
	W := g.Width()
	var stack []int32
	next := int32(0)
	for s := range cells {
		if cells[s] == pathing.Blocked || label[s] >= 0 {
			continue
		}
		id := next
		next++
		label[s] = id
		stack = append(stack[:0], int32(s))
		for len(stack) > 0 {
			i := int(stack[len(stack)-1])
			stack = stack[:len(stack)-1]
			x := i % W
			for _, j := range [4]int{i - 1, i + 1, i - W, i + W} {
				switch {
				case j == i-1 && x == 0, j == i+1 && x+1 == W, j < 0, j >= n:
					continue
				}
				if cells[j] != pathing.Blocked && label[j] < 0 {
					label[j] = id
					stack = append(stack, int32(j))
				}
			}
		}
	}
	return label
}

// at returns the label of p, -1 for blocked cells and cells off the grid.
func (c *components) at(g *pathing.Grid, p image.Point) int32 {
	if !g.In(p) {
		return -1
	}
	return c.label[g.Index(p)]
}

// Component returns the connected-component label of p (-1 for blocked
// cells), from the hierarchy when one is built, else from a flood fill.
func (w *World) Component(p image.Point) int32 {
	if h := w.Hierarchy(); h != nil {
		return h.Component(p)
	}
	return w.components().at(w.Grid, p)
}

// ComponentLabels returns per-cell component labels (-1 blocked) and the
// number of components: the world's own slice, valid until the next edit.
func (w *World) ComponentLabels() ([]int32, int) {
	c := w.components()
	return c.label, c.count
}
