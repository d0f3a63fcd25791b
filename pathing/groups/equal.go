package groups

import (
	"fmt"
	"math"
	"slices"
)

// Equal compares two graphs structurally and returns nil when they are
// the same, else an error describing the first difference found: the
// configuration, then level by level the groups with every attribute
// (name, key, representative, box, parent, member count), the per-cell
// group maps, the cell and member lists, and the edges with their entry
// counts and all three costs (within 1e-9). Group ids are compared as they
// are: Build, Update and Relevel number groups in first-cell order, so
// equal graphs number them alike. The grids are not compared (a graph may
// read a copy). Two nil graphs are equal. Use it to check that a repaired
// or relevelled graph equals a fresh Build.
func Equal(a, b *Graph) error {
	switch {
	case a == nil && b == nil:
		return nil
	case a == nil:
		return fmt.Errorf("groups: Equal: a is nil, b is not")
	case b == nil:
		return fmt.Errorf("groups: Equal: b is nil, a is not")
	}
	if a.cfg != b.cfg {
		return fmt.Errorf("groups: config %+v vs %+v", a.cfg, b.cfg)
	}
	for l := 1; l <= a.cfg.Levels; l++ {
		x, y := a.levels[l], b.levels[l]
		if len(x.groups) != len(y.groups) {
			return fmt.Errorf("groups: level %d: %d groups vs %d", l, len(x.groups), len(y.groups))
		}
		for i := range x.groups {
			if x.groups[i] != y.groups[i] {
				return fmt.Errorf("groups: level %d group %d: %+v vs %+v", l, i, x.groups[i], y.groups[i])
			}
		}
		if !slices.Equal(x.groupOf, y.groupOf) {
			return fmt.Errorf("groups: level %d: group maps differ", l)
		}
		if !slices.Equal(x.cellStart, y.cellStart) || !slices.Equal(x.cells, y.cells) {
			return fmt.Errorf("groups: level %d: cell lists differ", l)
		}
		if !slices.Equal(x.memStart, y.memStart) || !slices.Equal(x.members, y.members) {
			return fmt.Errorf("groups: level %d: member lists differ", l)
		}
		if !slices.Equal(x.edgeStart, y.edgeStart) {
			return fmt.Errorf("groups: level %d: edge counts differ", l)
		}
		for i := range x.edges {
			e, f := x.edges[i], y.edges[i]
			if e.From != f.From || e.To != f.To || !sameEdgeData(e, f) {
				return fmt.Errorf("groups: level %d edge %d: %+v vs %+v", l, i, e, f)
			}
		}
	}
	return nil
}

// sameEdgeData reports whether two edges have the same entry count and the
// same costs of every kind, up to rounding (1e-9; equal infinities are the
// same: |Inf − Inf| is NaN). Their ends are not compared.
func sameEdgeData(e, f Edge) bool {
	if e.Entries != f.Entries {
		return false
	}
	for k := range e.Costs {
		if e.Costs[k] != f.Costs[k] && !(math.Abs(e.Costs[k]-f.Costs[k]) < 1e-9) {
			return false
		}
	}
	return true
}
