package groups

import (
	"image"
	"slices"
)

// The patch path of Update: most edits regroup their keys into as many
// groups as before, in the same order among the other groups (a toggle
// that only changes costs, or moves a few cells between groups). Then
// every group keeps its id, and the level is the old one with the dirty
// keys' groups written over in their slots: the per-cell group map changes
// at the cells of those groups only, and the cell, member and edge lists
// are written once, old's runs copied between the new lists of the
// patched ids (patchCSR). The old level is not written (a few memory
// copies, no per-group work), because the rest of the repair and the level
// above read it as it was. Anything else (a group added or dropped, or an
// order that changes) lays the level out anew (assemble).

// regionIndex lists the cells of each byte of region layer l (1-based),
// made on first use: regionCells reads it so that a room's cells are not
// found by scanning the whole layer.
type regionIndex struct {
	start [257]int32
	cells []int32
}

// regionCells returns the flat indices of the cells of region r of layer l.
func (b *builder) regionCells(l int, r byte) []int32 {
	if len(b.regIdx) < len(b.g.regions) {
		b.regIdx = make([]*regionIndex, len(b.g.regions))
	}
	ix := b.regIdx[l-1]
	if ix == nil {
		layer := b.g.regions[l-1]
		ix = &regionIndex{cells: make([]int32, len(layer))}
		for _, c := range layer {
			ix.start[int(c)+1]++
		}
		for i := 1; i <= 256; i++ {
			ix.start[i] += ix.start[i-1]
		}
		at := ix.start
		for i, c := range layer {
			ix.cells[at[c]] = int32(i)
			at[c]++
		}
		b.regIdx[l-1] = ix
	}
	return ix.cells[ix.start[r]:ix.start[int(r)+1]]
}

// keyArea calls f with every cell that may hold a cell of a level-l group
// of key k: the region's cells, or the cluster's square (a superset: the
// cluster's cells in a region are there too). Every group of key k has a
// cell there (at level ≥ 2 its members' representatives).
func (b *builder) keyArea(l int, k Key, f func(i int32)) {
	if k.Region != 0 {
		for _, c := range b.regionCells(l, k.Region) {
			f(c)
		}
		return
	}
	g := b.g.grid
	w := g.Width()
	s := b.g.cfg.side(l)
	r := image.Rect(int(k.X)*s, int(k.Y)*s, int(k.X+1)*s, int(k.Y+1)*s).Intersect(g.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			f(int32(y*w + x))
		}
	}
}

// groupsOfKeys returns the ids (ascending) of the groups of lv, a level-l
// layout, whose key is one of keys.
func (b *builder) groupsOfKeys(l int, lv *level, keys []Key) []int32 {
	ids := b.ids[:0]
	for _, k := range keys {
		b.keyArea(l, k, func(c int32) {
			if id := lv.groupOf[c]; id >= 0 && lv.groups[id].Key == k {
				ids = append(ids, id)
			}
		})
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	b.ids = ids[:0]
	return slices.Clone(ids)
}

// canPatch reports whether fresh (ascending first cells) can take the slots
// of the old groups removed (ascending ids) one for one: as many, each
// fresh group's first cell still between its slot's neighbours', and each
// one with a predecessor continuing the group of its own slot.
func canPatch(old *level, removed []int32, fresh []rec) bool {
	if len(removed) != len(fresh) {
		return false
	}
	n := int32(len(old.groups))
	first := func(i int, id int32) int32 { // the first cell of slot id after the patch
		if i >= 0 && i < len(removed) && removed[i] == id {
			return fresh[i].minCell
		}
		return old.cells[old.cellStart[id]]
	}
	for i, id := range removed {
		if fresh[i].old >= 0 && fresh[i].old != id {
			return false
		}
		m := fresh[i].minCell
		if id > 0 && first(i-1, id-1) >= m {
			return false
		}
		if id+1 < n && first(i+1, id+1) <= m {
			return false
		}
	}
	return true
}

// copyLevel makes dst a copy of src's groups, reusing dst's arrays; the
// group map (patchLayout takes src's) and the cell, member and edge lists
// are left to patchLayout and patchEdges, which write them in one pass
// with the patched groups' lists in place (patchCSR).
func copyLevel(dst, src *level) {
	dst.side, dst.clustersOnly = src.side, src.clustersOnly
	dst.groups = append(dst.groups[:0], src.groups...)
}

// patchCSR writes into (dstStart, dst), reusing their arrays, the CSR list
// (srcStart, src) with the items of the groups of ids (ascending) replaced
// by seg(i), i their place in ids, and returns them: one copy of the
// untouched runs, rather than a copy of the whole list and a shift of its
// tail for each replaced group whose length changed.
func patchCSR[T any](dstStart []int32, dst []T, srcStart []int32, src []T, ids []int32, seg func(i int) []T) ([]int32, []T) {
	n := len(srcStart) - 1
	total := len(src)
	for i, id := range ids {
		total += len(seg(i)) - int(srcStart[id+1]-srcStart[id])
	}
	dstStart = grow(dstStart, n+1)
	dst = grow(dst, total)
	at := 0               // next item of dst
	from := 0             // first group not yet written
	run := func(to int) { // copies groups from..to-1 unchanged
		if from >= to {
			return
		}
		d := int32(at) - srcStart[from]
		for j := from; j < to; j++ {
			dstStart[j] = srcStart[j] + d
		}
		at += copy(dst[at:], src[srcStart[from]:srcStart[to]])
	}
	for i, id := range ids {
		run(int(id))
		dstStart[id] = int32(at)
		at += copy(dst[at:], seg(i))
		from = int(id) + 1
	}
	run(n)
	dstStart[n] = int32(at)
	return dstStart, dst
}

// patchLayout lays out level l as old (copied into a spare level) with the
// groups of removed replaced by fresh, slot for slot (canPatch holds), and
// returns it with old id → new id (the identity but for removed groups
// without a successor). low is the lower level's delta (l ≥ 2).
func (b *builder) patchLayout(l int, old *level, low *delta, removed []int32, fresh []rec) (*level, []int32) {
	lv := &level{}
	if l < len(b.spare) && b.spare[l] != nil {
		lv, b.spare[l] = b.spare[l], nil
	}
	copyLevel(lv, old)
	save := b.takeMap(l, old, lv)
	n := len(old.groups)
	o2n := make([]int32, n)
	for i := range o2n {
		o2n[i] = int32(i)
	}
	for i, id := range removed {
		if fresh[i].old < 0 {
			o2n[id] = -1
		}
		for _, c := range old.cells[old.cellStart[id]:old.cellStart[id+1]] {
			save(c)
			lv.groupOf[c] = -1
		}
	}
	for i, r := range fresh {
		for _, c := range r.cells {
			save(c)
			lv.groupOf[c] = removed[i]
		}
	}
	lv.cellStart, lv.cells = patchCSR(lv.cellStart, lv.cells, old.cellStart, old.cells, removed, func(i int) []int32 { return fresh[i].cells })
	if l == 1 {
		lv.memStart, lv.members = nil, lv.members[:0]
	} else {
		lv.memStart, lv.members = patchCSR(lv.memStart, lv.members, old.memStart, old.members, removed, func(i int) []int32 { return fresh[i].members })
	}
	if l > 1 && low.rebuilt {
		b.patchedOnRebuilt++
		// The lower level was laid out anew: its ids moved. Every kept
		// group's members are unmoved and have successors.
		j := 0
		for id := int32(0); id < int32(n); id++ {
			if j < len(removed) && removed[j] == id {
				j++
				continue
			}
			renumberMembers(lv.members[lv.memStart[id]:lv.memStart[id+1]], low.o2n)
		}
	}
	w := b.g.grid.Width()
	gs := b.gbuf[:0]
	for i, r := range fresh {
		id := removed[i]
		var gr Group
		if r.old >= 0 && !r.moved {
			gr = *r.attr // old's record, which is not written
		} else {
			gr = attributes(r.cells, w)
			gr.Key, gr.Level, gr.Parent = r.key, l, -1
			if l == 1 {
				gr.Members = len(r.cells)
			} else {
				gr.Members = len(r.members)
			}
		}
		gr.ID = id
		gs = append(gs, gr)
	}
	nameGroups(gs, nil) // they hold every group of their keys, in id order
	for i, id := range removed {
		lv.groups[id] = gs[i]
	}
	b.gbuf = gs[:0]
	if l > 1 {
		lowLv := b.g.levels[l-1]
		set := func(id int32) {
			for _, m := range lv.members[lv.memStart[id]:lv.memStart[id+1]] {
				lowLv.groups[m].Parent = id
			}
		}
		if low.rebuilt { // (assemble cleared every parent)
			for id := range lv.groups {
				set(int32(id))
			}
		} else {
			for _, id := range removed {
				set(id)
			}
		}
	}
	return lv, o2n
}

// takeMap gives lv old's group map, to be written over at the cells whose
// group changed rather than copied or laid out anew (a per-cell array per
// level), and old lv's stale one, which nothing reads. At level 1
// outsidePairs reads old's map: the returned save, called with each cell
// before it is written, keeps the old values in the overlay (oldGroupOf).
func (b *builder) takeMap(l int, old, lv *level) (save func(c int32)) {
	stale := lv.groupOf
	lv.groupOf, old.groupOf = old.groupOf, stale
	b.overlay = l == 1
	if !b.overlay {
		return func(int32) {}
	}
	if len(b.ovMark) != len(lv.groupOf) {
		b.ovMark, b.ovOld, b.ovGen = make([]uint32, len(lv.groupOf)), make([]int32, len(lv.groupOf)), 0
	}
	if b.ovGen++; b.ovGen == 0 { // wrapped: old stamps could match
		clear(b.ovMark)
		b.ovGen = 1
	}
	m := lv.groupOf
	return func(c int32) {
		if b.ovMark[c] != b.ovGen {
			b.ovMark[c], b.ovOld[c] = b.ovGen, m[c]
		}
	}
}

// renumberMembers maps the lower-level members ms of a kept group to their
// new ids (o2n) in place. They are all unmoved (a moved one dirties the
// group's key), so each has a successor, in the same order.
func renumberMembers(ms, o2n []int32) {
	for i, m := range ms {
		if ms[i] = o2n[m]; ms[i] < 0 {
			panic("groups: Update: a kept group lost a member")
		}
	}
}

// eachGroup calls f with every group id below n when all, else with ids.
func eachGroup(all bool, n int, ids []int32, f func(id int32)) {
	if all {
		for id := range n {
			f(int32(id))
		}
		return
	}
	for _, id := range ids {
		f(id)
	}
}

// oldGroupOf returns the group of level-1 cell c in old, the level before
// the repair: after patchLayout or Update's assemble, which take old's map
// (now stale), the cells of the removed and fresh groups keep their old
// values in the overlay, and a kept group's cells map back through ovN2O.
func (b *builder) oldGroupOf(old, lv *level, c int) int32 {
	if !b.overlay {
		return old.groupOf[c]
	}
	if b.ovMark[c] == b.ovGen {
		return b.ovOld[c]
	}
	// A cell of a kept group (whose id may have moved) or blocked before
	// and after.
	if id := lv.groupOf[c]; id >= 0 {
		return b.ovN2O[id]
	}
	return -1
}
