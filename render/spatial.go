package render

import (
	"image"

	"pathlens/game/world"
)

// levelIndex buckets the abstract nodes and edges of one level by cell so
// that a frame visits only those near the visible part of the map: on a
// 1024×1024 map level 1 of HPA* has about a million directed edges.
type levelIndex struct {
	key    any
	view   world.LevelView
	bs     int // bucket side in cells
	bw, bh int
	// CSR layout: the items of bucket b are idx[start[b]:start[b+1]].
	nodeStart, nodeIdx []int32
	edgeStart, edgeIdx []int32
	reach              int // longest edge extent in cells (query margin)
}

const bucketSide = 16

// index returns the spatial index of level l of h, rebuilding it when the
// hierarchy or level changed or a repair changed it. It is not keyed on
// the grid's version: a stroke that collects its cells for one repair at
// its end changes the grid at every mouse move but not the hierarchy, and
// listing the level again per move (millions of edges on a 2048×2048 map)
// made such a stroke stutter.
func (r *Renderer) index(f *Frame, h world.Hierarchy, l int) *levelIndex {
	key := hierKey{h, l, uint64(f.World.RepairSeq)}
	ix := &r.levelIx
	if ix.key == key {
		return ix
	}
	*ix = levelIndex{key: key, view: h.Inspect(l), bs: bucketSide}
	g := f.World.Grid
	ix.bw = (g.Width() + ix.bs - 1) / ix.bs
	ix.bh = (g.Height() + ix.bs - 1) / ix.bs
	nb := ix.bw * ix.bh
	bucket := func(p image.Point) int {
		x := min(max(p.X/ix.bs, 0), ix.bw-1)
		y := min(max(p.Y/ix.bs, 0), ix.bh-1)
		return y*ix.bw + x
	}
	ix.nodeStart = make([]int32, nb+1)
	for _, n := range ix.view.Nodes {
		ix.nodeStart[bucket(n.Cell)+1]++
	}
	ix.edgeStart = make([]int32, nb+1)
	for i := range ix.view.Edges {
		e := &ix.view.Edges[i]
		ix.edgeStart[bucket(e.A)+1]++
		d := max(iabs(e.A.X-e.B.X), iabs(e.A.Y-e.B.Y))
		ix.reach = max(ix.reach, d)
	}
	for b := 0; b < nb; b++ {
		ix.nodeStart[b+1] += ix.nodeStart[b]
		ix.edgeStart[b+1] += ix.edgeStart[b]
	}
	ix.nodeIdx = make([]int32, len(ix.view.Nodes))
	ix.edgeIdx = make([]int32, len(ix.view.Edges))
	fillN := append([]int32(nil), ix.nodeStart[:nb]...)
	for i, n := range ix.view.Nodes {
		b := bucket(n.Cell)
		ix.nodeIdx[fillN[b]] = int32(i)
		fillN[b]++
	}
	fillE := append([]int32(nil), ix.edgeStart[:nb]...)
	for i := range ix.view.Edges {
		b := bucket(ix.view.Edges[i].A)
		ix.edgeIdx[fillE[b]] = int32(i)
		fillE[b]++
	}
	return ix
}

// buckets returns the bucket range covering cells rect.
func (ix *levelIndex) buckets(rc image.Rectangle) (x0, y0, x1, y1 int) {
	x0 = max(rc.Min.X/ix.bs, 0)
	y0 = max(rc.Min.Y/ix.bs, 0)
	x1 = min((rc.Max.X+ix.bs-1)/ix.bs, ix.bw)
	y1 = min((rc.Max.Y+ix.bs-1)/ix.bs, ix.bh)
	return
}

// count returns how many nodes and edges start in rect's buckets.
func (ix *levelIndex) count(rc image.Rectangle) (nodes, edges int) {
	x0, y0, x1, y1 := ix.buckets(rc)
	for y := y0; y < y1; y++ {
		b0, b1 := y*ix.bw+x0, y*ix.bw+x1
		if b1 > b0 {
			nodes += int(ix.nodeStart[b1] - ix.nodeStart[b0])
			edges += int(ix.edgeStart[b1] - ix.edgeStart[b0])
		}
	}
	return
}

// eachNode calls f for the nodes in rect's buckets.
func (ix *levelIndex) eachNode(rc image.Rectangle, f func(n *world.ViewNode)) {
	x0, y0, x1, y1 := ix.buckets(rc)
	for y := y0; y < y1; y++ {
		b0, b1 := y*ix.bw+x0, y*ix.bw+x1
		if b1 <= b0 {
			continue
		}
		for _, i := range ix.nodeIdx[ix.nodeStart[b0]:ix.nodeStart[b1]] {
			f(&ix.view.Nodes[i])
		}
	}
}

// eachEdge calls f for the edges whose A end lies in rect widened by the
// longest edge, so every edge touching rect is visited.
func (ix *levelIndex) eachEdge(rc image.Rectangle, f func(e *world.ViewEdge)) {
	x0, y0, x1, y1 := ix.buckets(rc.Inset(-ix.reach))
	for y := y0; y < y1; y++ {
		b0, b1 := y*ix.bw+x0, y*ix.bw+x1
		if b1 <= b0 {
			continue
		}
		for _, i := range ix.edgeIdx[ix.edgeStart[b0]:ix.edgeStart[b1]] {
			f(&ix.view.Edges[i])
		}
	}
}

func iabs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
