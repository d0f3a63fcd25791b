package groups

import (
	"image"
	"sort"
)

// Change says what Update did, level by level.
type Change struct {
	// Levels[l] (l = 1..Levels) describes level l; Levels[0] is empty.
	Levels []LevelChange
}

// LevelChange is one level's part of a Change.
type LevelChange struct {
	// Regrouped lists the clusters and regions whose groups were rebuilt.
	Regrouped []Key
	// Dirty lists the groups (new ids) whose connection costs were
	// recomputed: the rebuilt groups and their neighbours.
	Dirty []int32
	// Added and Removed count the groups created and dropped.
	Added, Removed int
	// AddedEdges and RemovedEdges list the connections that appeared or
	// disappeared (an edge counts as the same when both ends keep their
	// first cell). Ids are new ids for added edges and old ids for removed
	// ones; names are as they were then.
	AddedEdges, RemovedEdges []EdgeRef
}

// EdgeRef names one connection.
type EdgeRef struct {
	From, To         int32
	FromName, ToName string
}

// Empty reports whether nothing was regrouped at any level.
func (c Change) Empty() bool {
	for _, l := range c.Levels {
		if len(l.Regrouped) > 0 {
			return false
		}
	}
	return true
}

// Update repairs the hierarchy after the weights of the given cells changed
// in the grid (digs, fills, weight changes; cells outside the grid and
// repeats are ignored) and returns what changed.
//
// At level 1 it regroups only the clusters and regions holding a changed
// cell or one of its eight neighbours (a cell also decides whether diagonal
// steps beside it cut a corner; a region is regrouped whole, all its
// parts), and recomputes the connection costs of the
// rebuilt groups and of their neighbours; every other group keeps its edges.
// Each level above does the same for the clusters and regions of the groups
// that changed below it. Group ids are renumbered to stay in first-cell
// order, so the repaired graph equals a fresh Build of the same grid (tests
// check this). Cost: O(cells) bookkeeping per level for the renumbering;
// the searches behind connection costs touch only the dirty groups. Not safe
// while queries run; planners notice the change and drop stored plans.
func (g *Graph) Update(changed []image.Point) Change {
	L := g.cfg.Levels
	ch := Change{Levels: make([]LevelChange, L+1)}
	grid := g.grid
	if g.upd == nil {
		g.upd = newBuilder(g)
	}
	b := g.upd
	dirty := map[Key]bool{}
	for _, p := range changed {
		if !grid.In(p) {
			continue
		}
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if q := (image.Point{p.X + dx, p.Y + dy}); grid.In(q) {
					dirty[b.keyOfCell(1, grid.Index(q))] = true
				}
			}
		}
	}
	if len(dirty) == 0 {
		return ch
	}
	g.version++

	// Level 1: flood the open cells of the dirty keys again.
	keys := sortedKeys(dirty)
	var cells []int32
	for _, k := range keys {
		cells = b.keyCells(cells, k)
	}
	sort.Slice(cells, func(i, j int) bool { return cells[i] < cells[j] })
	if len(b.label) != grid.Len() {
		b.label = make([]int32, grid.Len())
	}
	label := b.label // only the listed cells are read: no clearing needed
	for _, c := range cells {
		label[c] = -1
	}
	fresh := b.cellGroups(cells, label, nil)
	old := g.levels[1]
	removed := make([]bool, len(old.groups))
	for id, gr := range old.groups {
		removed[id] = dirty[gr.Key]
	}
	if len(b.spare) != L+1 {
		b.spare = make([]*level, L+1)
	}
	lv, o2n, redo := b.relevel(1, old, fresh, removed, nil, dirty)
	g.levels[1] = lv
	ch.Levels[1] = diffLevel(old, lv, removed, redo, o2n, keys, len(fresh))

	// Levels above: regroup the keys of the lower groups that were rebuilt,
	// recomputed or removed.
	for l := 2; l <= L; l++ {
		oldLow, low := old, g.levels[l-1]
		lowRemoved, lowRedo, lowO2N := removed, redo, o2n
		old = g.levels[l]
		dk := map[Key]bool{}
		for u, r := range lowRedo {
			if r {
				dk[b.unitKey(l, int32(u))] = true
			}
		}
		for u, r := range lowRemoved {
			if p := oldLow.groups[u].Parent; r && p >= 0 {
				dk[old.groups[p].Key] = true
			}
		}
		keys = sortedKeys(dk)
		ulabel := make([]int32, len(low.groups))
		var units []int32
		for u := range low.groups {
			if dk[b.unitKey(l, int32(u))] {
				ulabel[u] = -1
				units = append(units, int32(u))
			}
		}
		fresh = b.unitGroups(l, units, ulabel, nil)
		removed = make([]bool, len(old.groups))
		for id, gr := range old.groups {
			removed[id] = dk[gr.Key]
		}
		b.spare[l-1] = oldLow // nothing reads the old lower level any more
		var nl *level
		nl, o2n, redo = b.relevel(l, old, fresh, removed, lowO2N, dk)
		g.levels[l] = nl
		ch.Levels[l] = diffLevel(old, nl, removed, redo, o2n, keys, len(fresh))
	}
	b.spare[L] = old
	return ch
}

// relevel lays out level l from the fresh groups of the dirty keys plus the
// old groups not removed, recomputing the edges of the fresh groups and
// their neighbours and renumbering the others'. lowO2N maps the lower
// level's old ids to new ones (level ≥ 2). It returns the level, old id →
// new id (-1: removed) and the recomputed groups.
func (b *builder) relevel(l int, old *level, fresh []rec, removed []bool, lowO2N []int32, dirty map[Key]bool) (*level, []int32, []bool) {
	recs := append(b.recs[:0], fresh...)
	defer func() { b.recs = recs[:0] }()
	for id := range old.groups {
		if removed[id] {
			continue
		}
		r := rec{key: old.groups[id].Key, old: int32(id), attr: old.groups[id],
			cells: old.cells[old.cellStart[id]:old.cellStart[id+1]]}
		r.minCell = r.cells[0]
		if l > 1 {
			// Renumber the members in place: the old lower level is retired.
			r.members = old.members[old.memStart[id]:old.memStart[id+1]]
			for i, m := range r.members {
				r.members[i] = lowO2N[m]
			}
		}
		recs = append(recs, r)
	}
	o2n := make([]int32, len(old.groups))
	for i := range o2n {
		o2n[i] = -1
	}
	lv := b.assemble(l, recs, o2n, dirty) // sorts recs: recs[id] is group id
	redo := make([]bool, len(lv.groups))
	grid := b.g.grid
	steps := b.g.cfg.Neighborhood.Steps()
	for id, r := range recs {
		if r.old >= 0 {
			continue
		}
		redo[id] = true
		if l == 1 {
			for _, c := range r.cells {
				p := grid.Point(int(c))
				for _, st := range steps {
					d := image.Point{p.X + st.DX, p.Y + st.DY}
					if grid.CanStep(p, d, b.g.cfg.Neighborhood) {
						redo[lv.groupOf[grid.Index(d)]] = true
					}
				}
			}
			continue
		}
		low := b.g.levels[l-1]
		for _, m := range r.members {
			for _, e := range low.edges[low.edgeStart[m]:low.edgeStart[m+1]] {
				redo[lv.groupOf[low.cells[low.cellStart[e.To]]]] = true
			}
		}
	}
	keep := make([][]Edge, len(lv.groups))
	flat := grow(b.flat, len(old.edges)) // one buffer for every kept list
	b.flat = flat
	used := 0
	for id, r := range recs {
		if redo[id] {
			continue
		}
		oe := old.edges[old.edgeStart[r.old]:old.edgeStart[r.old+1]]
		ne := flat[used : used+len(oe) : used+len(oe)]
		used += len(oe)
		for i, e := range oe {
			e.From, e.To = int32(id), o2n[e.To]
			if e.To < 0 { // cannot happen: a neighbour of a removed group is redone
				redo[id] = true
				break
			}
			ne[i] = e
		}
		keep[id] = ne // carried groups keep their order, so To stays sorted
	}
	b.computeEdges(l, lv, redo, keep)
	return lv, o2n, redo
}

// diffLevel describes the change from old to nl.
func diffLevel(old, nl *level, removed, redo []bool, o2n []int32, keys []Key, added int) LevelChange {
	lc := LevelChange{Regrouped: keys, Added: added}
	for _, r := range removed {
		if r {
			lc.Removed++
		}
	}
	type pair struct{ a, b int32 } // first cells of the ends
	first := func(lv *level, id int32) int32 { return lv.cells[lv.cellStart[id]] }
	oldSet := map[pair]bool{}
	for id := range old.groups {
		if !removed[id] && !redo[o2n[id]] {
			continue
		}
		for _, e := range old.edges[old.edgeStart[id]:old.edgeStart[id+1]] {
			oldSet[pair{first(old, int32(id)), first(old, e.To)}] = true
		}
	}
	newSet := map[pair]bool{}
	for id, r := range redo {
		if !r {
			continue
		}
		lc.Dirty = append(lc.Dirty, int32(id))
		for _, e := range nl.edges[nl.edgeStart[id]:nl.edgeStart[id+1]] {
			k := pair{first(nl, int32(id)), first(nl, e.To)}
			newSet[k] = true
			if !oldSet[k] {
				lc.AddedEdges = append(lc.AddedEdges, EdgeRef{e.From, e.To, nl.groups[e.From].Name, nl.groups[e.To].Name})
			}
		}
	}
	for id := range old.groups {
		if !removed[id] && !redo[o2n[id]] {
			continue
		}
		for _, e := range old.edges[old.edgeStart[id]:old.edgeStart[id+1]] {
			if !newSet[pair{first(old, int32(id)), first(old, e.To)}] {
				lc.RemovedEdges = append(lc.RemovedEdges, EdgeRef{e.From, e.To, old.groups[e.From].Name, old.groups[e.To].Name})
			}
		}
	}
	return lc
}

func sortedKeys(m map[Key]bool) []Key {
	ks := make([]Key, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool {
		a, b := ks[i], ks[j]
		if a.Region != b.Region {
			return a.Region < b.Region
		}
		if a.Y != b.Y {
			return a.Y < b.Y
		}
		return a.X < b.X
	})
	return ks
}
