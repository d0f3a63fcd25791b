package render

import (
	"image"
	"image/color"

	"pathlens/game/world"
)

// edgeFocus is the cluster (HPA*) or group (the group hierarchy) whose
// abstract edges the edges layer draws bright, the rest of the level's
// faint: at level 2 of the built-in world all 8,390 edges at once were a
// purple mesh in which no one cluster's edges could be pointed at on a
// projector (a lecturer's report).
type edgeFocus struct {
	// side > 0: the square cluster key of the level (cells / side) is
	// the focus; 0: the group gid (the group hierarchy's node).
	side int
	key  image.Point
	gid  int32
	// group names the focus a group (the group hierarchy) rather than a
	// cluster; pinned says it is the pinned cell's, not the pointer's.
	group, pinned bool
	// area holds an end of every edge of the focus: eachEdge(area), which
	// widens it by the longest edge, visits them all.
	area image.Rectangle
}

// lit reports whether e is an edge of the focus: an intra edge of its
// cluster, an inter edge leaving or entering it, or an edge of its group.
func (fc *edgeFocus) lit(e *world.ViewEdge) bool {
	if fc.side <= 0 {
		return e.From == fc.gid || e.To == fc.gid
	}
	s := fc.side
	return image.Pt(e.A.X/s, e.A.Y/s) == fc.key || image.Pt(e.B.X/s, e.B.Y/s) == fc.key
}

// edgeFocusAt returns the focus of the edges layer at view level l of h in
// frame f, if there is one: unless f.EdgesAll, the cluster or group of the
// pinned cell, else of the cell under the pointer (not while the pointer is
// on the legend, which hides the cells under it). The inspector reads the
// same cell. Under the group hierarchy it is the group of the cell, a wall
// on a level of square clusters giving its square (all the groups in it);
// HPA*'s is the square cluster, walls included. Cost: one GroupOf.
func (r *Renderer) edgeFocusAt(f *Frame, h world.Hierarchy, l int, ix *levelIndex) (edgeFocus, bool) {
	if f.EdgesAll || f.World == nil || f.World.Grid == nil {
		return edgeFocus{}, false
	}
	g := f.World.Grid
	var fc edgeFocus
	var p image.Point
	switch {
	case f.HasPinned && g.In(f.Pinned):
		p, fc.pinned = f.Pinned, true
	case f.HoverOK && f.MouseOK && g.In(f.Hover) && !image.Pt(int(f.MouseX), int(f.MouseY)).In(r.legendRect):
		p = f.Hover
	default:
		return edgeFocus{}, false
	}
	side := ix.view.ClusterSize
	if f.World.Settings.Algo == world.AlgoGroup {
		fc.group = true
		if id := h.GroupOf(l, p); id >= 0 {
			// From the hierarchy: the group's representative may lie
			// outside the part of the level ix lists (a room reaching
			// into view from far off).
			if rep := h.NodeCell(l, id); g.In(rep) {
				fc.gid = id
				fc.area = image.Rectangle{rep, rep.Add(image.Pt(1, 1))}
				return fc, true
			}
		}
	}
	if side <= 0 {
		return edgeFocus{}, false // (the group hierarchy's: a wall among designer regions, no group)
	}
	fc.side = side
	fc.key = image.Pt(p.X/side, p.Y/side)
	fc.area = image.Rect(fc.key.X*side, fc.key.Y*side, (fc.key.X+1)*side, (fc.key.Y+1)*side).Intersect(g.Bounds())
	return fc, true
}

// The edges layer's colours while a cluster is in focus: its edges in the
// layer's colours at full strength on a light halo, the rest of the level
// at about a third of their strength, enough to show where the structure
// is without hiding the focus.
var (
	colEdgeFaint      = color.RGBA{110, 60, 170, 55}
	colEdgeInterFaint = color.RGBA{90, 40, 140, 60}
	colEdgeLit        = color.RGBA{110, 40, 190, 255}
	colEdgeInterLit   = color.RGBA{70, 20, 120, 255}
	colEdgeHalo       = color.RGBA{255, 255, 255, 170}
)

// The edges row's names in the legend while a cluster (group) is in focus,
// and while every edge is drawn alike whatever is pointed at (Shift+E).
const (
	edgesFocusCluster = "edges of one cluster"
	edgesFocusGroup   = "edges of one group"
	edgesAllName      = "all abstract edges"
)

// edgesLegendName is the edges row's name in the legend drawn after the
// map of frame f: what drawEdges did with the focus.
func (r *Renderer) edgesLegendName(f *Frame) string {
	switch {
	case f.EdgesAll:
		return edgesAllName
	case r.edgeFocused && r.edgeFocus.group:
		return edgesFocusGroup
	case r.edgeFocused:
		return edgesFocusCluster
	}
	return LayerInfo[LayerEdges].Name
}
