package render

import (
	"image"

	"pathlens/game/world"
)

// levelIndex buckets the abstract nodes and edges of one level by cell so
// that a frame visits only those near the visible part of the map: on a
// 1024×1024 map level 1 of HPA* has about a million directed edges.
type levelIndex struct {
	key  any
	view world.LevelView
	// area is the cells whose nodes, edges (by their A end) and entrances
	// view lists: the grid for a whole level (Inspect), else the clusters
	// around the view listed last (world.InspectArea); owned says view's
	// slices are the index's own (an area listing), reusable by the next.
	area   image.Rectangle
	owned  bool
	want   image.Rectangle // the cells asked for when area was listed
	bs     int             // bucket side in cells
	bw, bh int
	// CSR layout: the items of bucket b are idx[start[b]:start[b+1]].
	nodeStart, nodeIdx []int32
	edgeStart, edgeIdx []int32
	reach              int // longest edge extent in cells (query margin)
	// edgeBucket is each edge's bucket, kept between the two passes of a
	// build (and its memory from build to build).
	edgeBucket []int32
}

// bucketShift gives the bucket side, 1<<bucketShift cells: a shift, not
// a division, per cell looked up (two divisions per edge and pass were
// most of an index's build on a 2048×2048 map).
const (
	bucketShift = 4
	bucketSide  = 1 << bucketShift
)

// index returns the spatial index of level l of h holding every node,
// edge and entrance near need, the cells the caller will ask for (the
// view), rebuilding it when the hierarchy or level changed, a repair
// changed it, or need leaves the part of the level listed. It is not keyed
// on the grid's version: a stroke that collects its cells for one repair
// at its end changes the grid at every mouse move but not the hierarchy,
// and listing the level again per move made such a stroke stutter.
//
// An HPA* level is listed only around the view (world.InspectArea): the
// clusters overlapping need's buckets widened by the clusters' side (the
// longest an edge can reach, so every edge touching need is in) and by an
// eighth of need's width and height each way (a quarter ahead of a pan),
// so that panning lists again only once the view has moved that far. Listing all of level 1 of a
// cluster-8 hierarchy on a 2048×2048 map on the frame that first zoomed in
// far enough (4.3 million edges, 337 MB) held that frame 0.3–0.6 s on the
// window's thread; the view's part is bounded by the window, not the map.
// What a frame draws is the same as from the whole level, as long as need
// holds the cells it draws (count, eachNode and eachEdge over need see the
// same items in the same order; TestAreaIndexDrawsLikeTheWholeLevel). The
// group hierarchy's levels are listed the same way, need widened by the
// level's longest edge (world.EdgeReach) as well: its groups are rooms and
// connected parts, not squares. Listed whole (Inspect) after each repair,
// level 1 of a 4096×4096 map (1.5 million edges, 600 MB) held the frame
// after every stroke, undo or redo a quarter of a second
// (BenchmarkRepairFrame4096).
//
// A build reads each edge once (its bucket kept in edgeBucket for the
// counting sort) and reuses the last index's arrays: level 1 of a
// cluster-8 hierarchy on a 2048×2048 map (4.3 million edges) took 110–150
// ms, a frame's stall on the first zoom in and after every repair
// (BenchmarkLevelIndex2048).
func (r *Renderer) index(f *Frame, h world.Hierarchy, l int, need image.Rectangle) *levelIndex {
	key := hierKey{h, l, uint64(f.World.RepairSeq)}
	ix := &r.levelIx
	g := f.World.Grid
	want := need
	if !want.Empty() {
		// need's buckets, and the cells an edge touching them can start in.
		want = image.Rect(want.Min.X>>bucketShift<<bucketShift, want.Min.Y>>bucketShift<<bucketShift,
			(want.Max.X+bucketSide-1)>>bucketShift<<bucketShift, (want.Max.Y+bucketSide-1)>>bucketShift<<bucketShift)
		want = want.Inset(-max(world.ClusterSide(h, l), world.EdgeReach(h, l))).Intersect(g.Bounds())
	}
	if ix.key == key && want.In(ix.area) {
		return ix
	}
	old := *ix
	*ix = levelIndex{key: key, bs: bucketSide, want: want}
	var reuse world.LevelView
	if old.owned {
		reuse = old.view
	}
	// An eighth of the view each way; when a pan left the part listed,
	// along each axis it moved on, a quarter ahead of it and none behind,
	// so a steady pan lists again half as often for the same cost a
	// listing.
	m := image.Pt(want.Dx()/8, want.Dy()/8)
	lo, hi := m, m
	if old.key == key && !old.area.Empty() {
		// How far the view moved since the part was listed.
		d := want.Min.Add(want.Max).Sub(old.want.Min.Add(old.want.Max))
		switch {
		case d.X > 0:
			lo.X, hi.X = 0, 2*m.X
		case d.X < 0:
			lo.X, hi.X = 2*m.X, 0
		}
		switch {
		case d.Y > 0:
			lo.Y, hi.Y = 0, 2*m.Y
		case d.Y < 0:
			lo.Y, hi.Y = 2*m.Y, 0
		}
	}
	listed := image.Rectangle{want.Min.Sub(lo), want.Max.Add(hi)}
	if v, cov, ok := r.listArea(h, l, listed, reuse); ok {
		ix.view, ix.area, ix.owned = v, cov, true
	} else {
		ix.view, ix.area = h.Inspect(l), g.Bounds()
	}
	bw := (g.Width() + bucketSide - 1) >> bucketShift
	bh := (g.Height() + bucketSide - 1) >> bucketShift
	ix.bw, ix.bh = bw, bh
	nb := bw * bh
	bucket := func(p image.Point) int32 {
		x := min(max(p.X>>bucketShift, 0), bw-1)
		y := min(max(p.Y>>bucketShift, 0), bh-1)
		return int32(y*bw + x)
	}
	nodes, edges := ix.view.Nodes, ix.view.Edges
	ix.nodeStart = zeroed(old.nodeStart, nb+1)
	ix.edgeStart = zeroed(old.edgeStart, nb+1)
	ix.nodeIdx = resized(old.nodeIdx, len(nodes))
	ix.edgeIdx = resized(old.edgeIdx, len(edges))
	eb := resized(old.edgeBucket, len(edges))
	ix.edgeBucket = eb
	nodeStart, edgeStart := ix.nodeStart, ix.edgeStart
	for i := range nodes {
		nodeStart[bucket(nodes[i].Cell)+1]++
	}
	reach := 0
	for i := range edges {
		e := &edges[i]
		b := bucket(e.A)
		eb[i] = b
		edgeStart[b+1]++
		reach = max(reach, iabs(e.A.X-e.B.X), iabs(e.A.Y-e.B.Y))
	}
	ix.reach = reach
	for b := 0; b < nb; b++ {
		nodeStart[b+1] += nodeStart[b]
		edgeStart[b+1] += edgeStart[b]
	}
	// Place each item at its bucket's next slot, counting the start up
	// as it goes (start[b] ends at start[b+1]'s value), then shift the
	// starts back one bucket.
	for i := range nodes {
		b := bucket(nodes[i].Cell)
		ix.nodeIdx[nodeStart[b]] = int32(i)
		nodeStart[b]++
	}
	edgeIdx := ix.edgeIdx
	for i, b := range eb {
		edgeIdx[edgeStart[b]] = int32(i)
		edgeStart[b]++
	}
	copy(nodeStart[1:], nodeStart[:nb])
	copy(edgeStart[1:], edgeStart[:nb])
	nodeStart[0], edgeStart[0] = 0, 0
	return ix
}

// listArea is world.InspectArea, unless the renderer lists whole levels
// (tests: the drawing of a whole level to compare with).
func (r *Renderer) listArea(h world.Hierarchy, l int, area image.Rectangle, reuse world.LevelView) (world.LevelView, image.Rectangle, bool) {
	if r.wholeLevels {
		return world.LevelView{}, image.Rectangle{}, false
	}
	return world.InspectArea(h, l, area, reuse)
}

// zeroed returns s resliced to n zeros, reusing its memory when it holds
// them.
func zeroed(s []int32, n int) []int32 {
	s = resized(s, n)
	clear(s)
	return s
}

// resized returns s resliced to n (contents undefined), reusing its
// memory when it holds them.
func resized(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	return s[:n]
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
