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
	runs    pathing.ComponentLabeler // its memory reused from labelling to labelling
}

// components returns the world's component labels, recomputing them after
// edits. Cost: one labelling of the grid (pathing.ComponentLabeler).
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
	var sizes []int32
	c.label, sizes = c.runs.Label(g, c.label)
	c.count = len(sizes)
}

// LabelComponents labels the connected components of g's open cells into
// dst (grown to g.Len() as needed) and returns it: labels 0, 1, … in the
// order of each component's first cell, -1 for blocked cells (see
// pathing.ComponentLabeler).
func LabelComponents(g *pathing.Grid, dst []int32) []int32 {
	var lb pathing.ComponentLabeler
	label, _ := lb.Label(g, dst)
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
