package pathing

import "image"

// ComponentLabeler labels the connected components of a grid's open cells.
// Moves do not cut corners, so a diagonal step needs its two straight
// cells open and the components of both neighbourhoods are those of
// 4-connectivity. Its working memory is kept for the next call.
//
// Each row's runs of open cells are joined to the runs they touch in the
// row above with a union-find (path halving; the smaller run number stays
// the root, so a component's root is its first run), then numbered in
// order of first cell, the order a flood fill from each first unlabelled
// cell would number them. Cost: two passes over the cells and one find per
// run; a per-cell flood fill takes two to three times as long.
type ComponentLabeler struct {
	parent, comp, size []int32
}

// Label labels g's components into dst (grown to g.Len() as needed):
// 0, 1, … in order of each component's first cell, -1 for blocked cells.
// It returns the labels and the cells of each component (its length is
// the number of components), which stays the labeler's: valid until the
// next call.
func (lb *ComponentLabeler) Label(g *Grid, dst []int32) (labels, sizes []int32) {
	n := g.Len()
	if cap(dst) < n {
		dst = make([]int32, n)
	}
	label := dst[:n]
	cells := g.Cells()
	W, H := g.Width(), g.Height()
	parent := lb.parent[:0]
	find := func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	for y := 0; y < H; y++ {
		row := y * W
		for x := 0; x < W; {
			if cells[row+x] == Blocked {
				label[row+x] = -1
				x++
				continue
			}
			run := int32(len(parent))
			parent = append(parent, run)
			lastUp := int32(-1)
			for ; x < W && cells[row+x] != Blocked; x++ {
				label[row+x] = run
				if y == 0 {
					continue
				}
				up := label[row-W+x]
				if up < 0 || up == lastUp {
					continue
				}
				lastUp = up
				a, b := find(run), find(up)
				switch {
				case a < b:
					parent[b] = a
				case b < a:
					parent[a] = b
				}
			}
		}
	}
	// A root is its component's first run, so numbering roots in run
	// order numbers components in order of first cell.
	comp := lb.comp[:0]
	if cap(comp) < len(parent) {
		comp = make([]int32, len(parent))
	}
	comp = comp[:len(parent)]
	next := int32(0)
	for r := range parent {
		if root := find(int32(r)); root == int32(r) {
			comp[r] = next
			next++
		} else {
			comp[r] = comp[root]
		}
	}
	size := lb.size[:0]
	if cap(size) < int(next) {
		size = make([]int32, next)
	}
	size = size[:next]
	clear(size)
	for i, l := range label {
		if l >= 0 {
			c := comp[l]
			label[i] = c
			size[c]++
		}
	}
	lb.parent, lb.comp, lb.size = parent, comp, size
	return label, size
}

// Ring8 is the ring of a cell's eight neighbours in order around it (N,
// NE, E, SE, S, SW, W, NW): consecutive entries, the last and the first
// included, are 4-adjacent, and the even entries are the 4-neighbours.
var Ring8 = [8]image.Point{{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}}

// RingJoined reports whether blocking a cell leaves its open 4-neighbours
// connected through its ring alone: open[k] says whether Ring8[k] is open.
// A run of open ring cells is connected (its cells are 4-adjacent in
// turn), so the test is that the 4-neighbours lie in one run. When it
// holds, blocking the cell splits no component; when it does not, it may.
func RingJoined(open [8]bool) bool {
	start := -1 // a closed ring cell: a run is then not cut in two
	for k := range open {
		if !open[k] {
			start = k
			break
		}
	}
	if start < 0 {
		return true // the whole ring is open
	}
	runs, counted := 0, false
	for t := 1; t <= 8; t++ {
		k := (start + t) % 8
		switch {
		case !open[k]:
			counted = false
		case k%2 == 0 && !counted:
			counted = true
			runs++
		}
	}
	return runs <= 1
}
