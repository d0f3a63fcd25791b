package hpa

import (
	"image"
	"slices"

	"pathlens/pathing"
)

// borderHeight is the highest level whose clusters are separated by the
// level-1 border before level-1 column (or row) c.
func (h *Hierarchy) borderHeight(c int) uint8 {
	ht := uint8(1)
	k := 1
	for l := 2; l <= h.cfg.Levels; l++ {
		k *= h.cfg.Branch
		if c%k != 0 {
			break
		}
		ht = uint8(l)
	}
	return ht
}

// scanBorder lists the entrances of the border to the right of (vertical)
// or below (horizontal) level-1 cluster (cx,cy), appended to dst.
func (h *Hierarchy) scanBorder(vertical bool, cx, cy int, dst []run) []run {
	C := h.cfg.ClusterSize
	cells := h.grid.Cells()
	var lo, hi int
	if vertical {
		x := (cx+1)*C - 1
		lo, hi = cy*C, min((cy+1)*C, h.h)
		// cell (x, y) pairs with (x+1, y)
		for y := lo; y < hi; {
			i := y*h.w + x
			if cells[i] == pathing.Blocked || cells[i+1] == pathing.Blocked {
				y++
				continue
			}
			s := y
			for y < hi && cells[y*h.w+x] != pathing.Blocked && cells[y*h.w+x+1] != pathing.Blocked {
				y++
			}
			dst = append(dst, run{int32(s), int32(y - s)})
		}
		return dst
	}
	y := (cy+1)*C - 1
	lo, hi = cx*C, min((cx+1)*C, h.w)
	for x := lo; x < hi; {
		i := y*h.w + x
		if cells[i] == pathing.Blocked || cells[i+h.w] == pathing.Blocked {
			x++
			continue
		}
		s := x
		for x < hi && cells[y*h.w+x] != pathing.Blocked && cells[(y+1)*h.w+x] != pathing.Blocked {
			x++
		}
		dst = append(dst, run{int32(s), int32(x - s)})
	}
	return dst
}

// forTransitions calls f(a, b) for each transition of run r on the border
// right of (vertical) or below level-1 cluster (cx,cy), under the configured
// placement: a is the cell on the left/top side, b its partner.
func (h *Hierarchy) forTransitions(vertical bool, cx, cy int, r run, f func(a, b image.Point)) {
	across := borderOffset(vertical)
	at := func(t int32) {
		a := h.borderCell(vertical, cx, cy, int(t))
		f(a, a.Add(across))
	}
	switch {
	case h.cfg.Placement == Dense:
		for t := r.first; t < r.first+r.n; t++ {
			at(t)
		}
	case r.n < SparseRun:
		at(r.first + (r.n-1)/2)
	default:
		at(r.first)
		at(r.first + r.n - 1)
	}
}

// borderCell is cell t (a row when vertical, else a column) of the level-1
// border right of (vertical) or below cluster (cx, cy), on the cluster's
// side of it.
func (h *Hierarchy) borderCell(vertical bool, cx, cy, t int) image.Point {
	C := h.cfg.ClusterSize
	if vertical {
		return image.Pt((cx+1)*C-1, t)
	}
	return image.Pt(t, (cy+1)*C-1)
}

// borderOffset is the step across a vertical border or a horizontal one,
// from the cluster left of or above it to the other.
func borderOffset(vertical bool) image.Point {
	if vertical {
		return image.Pt(1, 0)
	}
	return image.Pt(0, 1)
}

// level1Desired appends to dst the cells of the transition endpoints that
// lie in level-1 cluster ci, sorted by index without duplicates.
func (h *Hierarchy) level1Desired(ci int, dst []image.Point) []image.Point {
	l1 := h.lv[0]
	cx, cy := ci%l1.ncx, ci/l1.ncx
	dst = dst[:0]
	if cx > 0 {
		for _, r := range h.vb[cy*(l1.ncx-1)+cx-1] {
			h.forTransitions(true, cx-1, cy, r, func(a, b image.Point) { dst = append(dst, b) })
		}
	}
	if cx+1 < l1.ncx {
		for _, r := range h.vb[cy*(l1.ncx-1)+cx] {
			h.forTransitions(true, cx, cy, r, func(a, b image.Point) { dst = append(dst, a) })
		}
	}
	if cy > 0 {
		for _, r := range h.hb[(cy-1)*l1.ncx+cx] {
			h.forTransitions(false, cx, cy-1, r, func(a, b image.Point) { dst = append(dst, b) })
		}
	}
	if cy+1 < l1.ncy {
		for _, r := range h.hb[cy*l1.ncx+cx] {
			h.forTransitions(false, cx, cy, r, func(a, b image.Point) { dst = append(dst, a) })
		}
	}
	return sortCells(dst, h.w)
}

func sortCells(ps []image.Point, w int) []image.Point {
	slices.SortFunc(ps, func(a, b image.Point) int { return (a.Y*w + a.X) - (b.Y*w + b.X) })
	out := ps[:0]
	for i, p := range ps {
		if i == 0 || p != ps[i-1] {
			out = append(out, p)
		}
	}
	return out
}

// levelDesired appends the cells of the level-l nodes of level-l cluster ci
// (l ≥ 2): the level-(l−1) nodes inside it with an inter edge crossing a
// level-l border.
func (h *Hierarchy) levelDesired(l, ci int, dst []image.Point) []image.Point {
	dst = dst[:0]
	lv, low := h.lv[l-1], h.lv[l-2]
	k := h.cfg.Branch
	cx, cy := ci%lv.ncx, ci/lv.ncx
	for sy := cy * k; sy < min((cy+1)*k, low.ncy); sy++ {
		for sx := cx * k; sx < min((cx+1)*k, low.ncx); sx++ {
			for _, id := range low.clusters[sy*low.ncx+sx].nodes {
				n := &low.nodes[id]
				for e := 0; e < int(n.ninter); e++ {
					if int(n.inter[e].height) >= l {
						dst = append(dst, n.pt)
						break
					}
				}
			}
		}
	}
	return sortCells(dst, h.w)
}

// level1Inter sets the inter edges of level-1 cluster ci's nodes from the
// transitions on its borders. Edges are kept sorted by partner cell.
func (h *Hierarchy) level1Inter(ci int) {
	l1 := h.lv[0]
	cx, cy := ci%l1.ncx, ci/l1.ncx
	add := func(a, b image.Point, ht uint8) {
		ca, cb := int32(a.Y*h.w+a.X), int32(b.Y*h.w+b.X)
		n := &l1.nodes[h.nodeAtPt(l1, ca, a)]
		ie := interEdge{to: h.nodeAtPt(l1, cb, b), out: float64(h.grid.WeightAt(int(cb))), in: float64(h.grid.WeightAt(int(ca))), height: ht}
		n.inter[n.ninter] = ie
		n.ninter++
		if n.ninter == 2 && l1.nodes[n.inter[0].to].cell > l1.nodes[n.inter[1].to].cell {
			n.inter[0], n.inter[1] = n.inter[1], n.inter[0]
		}
	}
	if cx > 0 {
		b := cy*(l1.ncx-1) + cx - 1
		for _, r := range h.vb[b] {
			h.forTransitions(true, cx-1, cy, r, func(a, p image.Point) { add(p, a, h.vh[b]) })
		}
	}
	if cx+1 < l1.ncx {
		b := cy*(l1.ncx-1) + cx
		for _, r := range h.vb[b] {
			h.forTransitions(true, cx, cy, r, func(a, p image.Point) { add(a, p, h.vh[b]) })
		}
	}
	if cy > 0 {
		b := (cy-1)*l1.ncx + cx
		for _, r := range h.hb[b] {
			h.forTransitions(false, cx, cy-1, r, func(a, p image.Point) { add(p, a, h.hh[b]) })
		}
	}
	if cy+1 < l1.ncy {
		b := cy*l1.ncx + cx
		for _, r := range h.hb[b] {
			h.forTransitions(false, cx, cy, r, func(a, p image.Point) { add(a, p, h.hh[b]) })
		}
	}
}

// levelInter sets the inter edges of level-l cluster ci's nodes (l ≥ 2,
// their counts cleared): the edges of the nodes below that cross a level-l
// border, with the partner's level-l id.
func (h *Hierarchy) levelInter(l, ci int) {
	lv, low := h.lv[l-1], h.lv[l-2]
	for _, id := range lv.clusters[ci].nodes {
		n := &lv.nodes[id]
		d := &low.nodes[n.down]
		for e := 0; e < int(d.ninter); e++ {
			ie := d.inter[e]
			if int(ie.height) < l {
				continue
			}
			t := &low.nodes[ie.to]
			ie.to = h.nodeAtPt(lv, t.cell, t.pt)
			n.inter[n.ninter] = ie
			n.ninter++
		}
	}
}
