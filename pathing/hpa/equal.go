package hpa

import (
	"fmt"
	"image"
	"slices"

	"pathlens/pathing"
)

// Equal compares two hierarchies structurally and returns nil when they are
// the same, else an error describing the first difference found. Node ids
// may differ (repair reuses freed ids): nodes are compared by cell, edges by
// their end cells and cost (within 1e-9 relative), cached paths by the cells
// they pass, and component labels as partitions of the open cells. The
// grids are compared too (the first differing cell is named). Two nil
// hierarchies are equal. Use it to check that a repaired hierarchy equals a
// fresh Build of the same grid.
func Equal(a, b *Hierarchy) error {
	switch {
	case a == nil && b == nil:
		return nil
	case a == nil:
		return fmt.Errorf("hpa: Equal: a is nil, b is not")
	case b == nil:
		return fmt.Errorf("hpa: Equal: b is nil, a is not")
	}
	if a.cfg != b.cfg {
		return fmt.Errorf("hpa: configs differ: %v vs %v", a.cfg, b.cfg)
	}
	if err := gridDiff(a.grid, b.grid); err != nil {
		return err
	}
	for i := range a.vb {
		if !slices.Equal(a.vb[i], b.vb[i]) {
			return fmt.Errorf("hpa: entrances differ on vertical border %d: %v vs %v", i, a.vb[i], b.vb[i])
		}
	}
	for i := range a.hb {
		if !slices.Equal(a.hb[i], b.hb[i]) {
			return fmt.Errorf("hpa: entrances differ on horizontal border %d: %v vs %v", i, a.hb[i], b.hb[i])
		}
	}
	for l := 1; l <= len(a.lv); l++ {
		la, lb := a.lv[l-1], b.lv[l-1]
		if la.alive != lb.alive {
			return fmt.Errorf("hpa: level %d has %d nodes vs %d", l, la.alive, lb.alive)
		}
		for ci := range la.clusters {
			if err := equalCluster(a, b, l, ci); err != nil {
				return err
			}
		}
	}
	return equalComp(a, b)
}

// equalComp compares the component labels of a and b as partitions.
func equalComp(a, b *Hierarchy) error {
	m := map[int32]int32{}
	r := map[int32]int32{}
	la, lb := a.comp.Labels(), b.comp.Labels()
	for i, x := range la {
		y := lb[i]
		if (x < 0) != (y < 0) {
			return fmt.Errorf("hpa: cell %v labelled %d vs %d", a.grid.Point(i), x, y)
		}
		if x < 0 {
			continue
		}
		if v, ok := m[x]; ok && v != y {
			return fmt.Errorf("hpa: components differ at cell %v", a.grid.Point(i))
		}
		if v, ok := r[y]; ok && v != x {
			return fmt.Errorf("hpa: components differ at cell %v", a.grid.Point(i))
		}
		m[x], r[y] = y, x
	}
	if a.comp.Count() != b.comp.Count() {
		return fmt.Errorf("hpa: %d components vs %d", a.comp.Count(), b.comp.Count())
	}
	return nil
}

func equalCluster(a, b *Hierarchy, l, ci int) error {
	la, lb := a.lv[l-1], b.lv[l-1]
	ca, cb := &la.clusters[ci], &lb.clusters[ci]
	where := fmt.Sprintf("level %d cluster %d %v", l, ci, ca.rect)
	if len(ca.nodes) != len(cb.nodes) {
		return fmt.Errorf("hpa: %s: %d nodes vs %d (%v vs %v)", where, len(ca.nodes), len(cb.nodes), nodeCells(la, ca), nodeCells(lb, cb))
	}
	n := len(ca.nodes)
	for i := range ca.nodes {
		na, nb := &la.nodes[ca.nodes[i]], &lb.nodes[cb.nodes[i]]
		if na.pt != nb.pt {
			return fmt.Errorf("hpa: %s: node %d at %v vs %v", where, i, na.pt, nb.pt)
		}
		if na.ninter != nb.ninter {
			return fmt.Errorf("hpa: %s: node %v has %d inter edges vs %d", where, na.pt, na.ninter, nb.ninter)
		}
		for t := 0; t < int(na.ninter); t++ {
			ea, eb := na.inter[t], nb.inter[t]
			pa, pb := la.nodes[ea.to].pt, lb.nodes[eb.to].pt
			if pa != pb || !near(ea.out, eb.out) || !near(ea.in, eb.in) || ea.height != eb.height {
				return fmt.Errorf("hpa: %s: inter edge %v→%v (cost %g/%g, height %d) vs %v→%v (%g/%g, %d)", where, na.pt, pa, ea.out, ea.in, ea.height, nb.pt, pb, eb.out, eb.in, eb.height)
			}
		}
	}
	if len(ca.dist) != len(cb.dist) {
		return fmt.Errorf("hpa: %s: matrix sizes %d vs %d", where, len(ca.dist), len(cb.dist))
	}
	for k := range ca.dist {
		x, y := ca.dist[k], cb.dist[k]
		if x == y || near(x, y) {
			continue
		}
		i, j := k/n, k%n
		return fmt.Errorf("hpa: %s: intra edge %v→%v costs %g vs %g", where, la.nodes[ca.nodes[i]].pt, la.nodes[ca.nodes[j]].pt, x, y)
	}
	if a.cfg.CachePaths {
		for k := 0; k < n*n; k++ {
			i, j := k/n, k%n
			if i == j || ca.dist[k] == inf {
				continue
			}
			pa := pathCells(a, l, ca, k)
			pb := pathCells(b, l, cb, k)
			if !slices.Equal(pa, pb) {
				return fmt.Errorf("hpa: %s: cached path %v→%v differs: %v vs %v", where, la.nodes[ca.nodes[i]].pt, la.nodes[ca.nodes[j]].pt, pa, pb)
			}
		}
	}
	return nil
}

func nodeCells(lv *level, cl *cluster) []image.Point {
	var out []image.Point
	for _, id := range cl.nodes {
		out = append(out, lv.nodes[id].pt)
	}
	return out
}

func pathCells(h *Hierarchy, l int, cl *cluster, k int) []image.Point {
	var out []image.Point
	for _, c := range cl.arena[cl.pidx[2*k] : cl.pidx[2*k]+cl.pidx[2*k+1]] {
		if l == 1 {
			out = append(out, h.grid.Point(int(c)))
		} else {
			out = append(out, h.lv[l-2].nodes[c].pt)
		}
	}
	return out
}

// check verifies the internal consistency of h (ids, back references,
// cell maps); tests call it after repairs.
func (h *Hierarchy) check() error {
	for l := 1; l <= len(h.lv); l++ {
		lv := h.lv[l-1]
		alive := 0
		for id := range lv.nodes {
			n := &lv.nodes[id]
			if n.cluster < 0 {
				continue
			}
			alive++
			if got := h.nodeAtPt(lv, n.cell, n.pt); got != int32(id) {
				return fmt.Errorf("level %d node %d at %v: the cluster's cell list says %d", l, id, n.pt, got)
			}
			cl := &lv.clusters[n.cluster]
			if int(n.slot) >= len(cl.nodes) || cl.nodes[n.slot] != int32(id) {
				return fmt.Errorf("level %d node %d: bad slot", l, id)
			}
			if !n.pt.In(cl.rect) {
				return fmt.Errorf("level %d node %d at %v outside its cluster %v", l, id, n.pt, cl.rect)
			}
			if l > 1 {
				if d := &h.lv[l-2].nodes[n.down]; d.cell != n.cell || d.cluster < 0 {
					return fmt.Errorf("level %d node %d at %v: bad down link", l, id, n.pt)
				}
			}
			for t := 0; t < int(n.ninter); t++ {
				o := &lv.nodes[n.inter[t].to]
				if o.cluster < 0 {
					return fmt.Errorf("level %d node %d at %v: inter edge to a free node", l, id, n.pt)
				}
				back := false
				for u := 0; u < int(o.ninter); u++ {
					if o.inter[u].to == int32(id) {
						back = true
					}
				}
				if !back {
					return fmt.Errorf("level %d node %d at %v: inter edge to %v has no reverse", l, id, n.pt, o.pt)
				}
			}
		}
		if alive != lv.alive {
			return fmt.Errorf("level %d: %d live nodes, alive %d", l, alive, lv.alive)
		}
	}
	return nil
}

// gridDiff names the first difference between two grids: their sizes, or the
// first cell (in row order) whose weights differ.
func gridDiff(a, b *pathing.Grid) error {
	if a.Width() != b.Width() || a.Height() != b.Height() {
		return fmt.Errorf("hpa: grids differ in size: %d×%d vs %d×%d", a.Width(), a.Height(), b.Width(), b.Height())
	}
	ca, cb := a.Cells(), b.Cells()
	for i := range ca {
		if ca[i] != cb[i] {
			p := a.Point(i)
			return fmt.Errorf("hpa: grids differ at (%d,%d): weight %d vs %d", p.X, p.Y, ca[i], cb[i])
		}
	}
	return nil
}
