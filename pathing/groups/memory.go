package groups

import "unsafe"

// MemoryBytes is the graph's own data, as hpa.Stats' MemoryBytes is
// HPA*'s: per level the cell-to-group map (4 bytes a cell, blocked cells
// too), the groups with their names, the cells and members of each group,
// and the edges with their three costs; the copies of the region layers;
// the graph's headers. It counts slice capacities (what the arrays hold,
// not only what is used) and excludes working memory: Update's scratch
// (made on its first call) and planners, which own theirs, so it reads the
// same after a build as after repairs that regroup nothing. The grid is
// the caller's and not counted. Cost: one pass over the groups (names).
func (g *Graph) MemoryBytes() int {
	mem := int(unsafe.Sizeof(*g))
	mem += cap(g.levels) * int(unsafe.Sizeof((*level)(nil)))
	mem += cap(g.regions) * int(unsafe.Sizeof([]byte(nil)))
	for _, r := range g.regions {
		mem += cap(r)
	}
	for _, lv := range g.levels {
		if lv == nil {
			continue // levels[0]: the cells
		}
		mem += int(unsafe.Sizeof(*lv))
		mem += cap(lv.groupOf) * 4
		mem += cap(lv.groups) * int(unsafe.Sizeof(Group{}))
		for i := range lv.groups {
			mem += len(lv.groups[i].Name)
		}
		mem += (cap(lv.cellStart) + cap(lv.cells) + cap(lv.memStart) + cap(lv.members) + cap(lv.edgeStart)) * 4
		mem += cap(lv.edges) * int(unsafe.Sizeof(Edge{}))
	}
	return mem
}
