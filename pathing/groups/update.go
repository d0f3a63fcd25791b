package groups

import (
	"image"
	"slices"
	"sort"

	"pathlens/pathing"
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
	// recomputed: only those whose costs may have changed (see Update).
	Dirty []int32
	// Added and Removed count the groups created and dropped: a group that
	// continues an old one (all its cells came from it and all of its open
	// cells went to it) is neither, even when it gained or lost cells.
	Added, Removed int
	// AddedEdges and RemovedEdges list the connections that appeared or
	// disappeared (an edge counts as the same when both ends continue the
	// same old groups). Ids are new ids for added edges and old ids for
	// removed ones; names are as they were then.
	AddedEdges, RemovedEdges []EdgeRef
	// ChangedEdges lists the connections that are there before and after
	// (the same ends, as for AddedEdges) whose connection costs (any of
	// the three kinds, beyond rounding) or entry count changed: what an
	// edit that keeps every group connected, a weight change or a fill
	// inside a room that lengthens a route through it, changes. Ids and
	// names are new.
	ChangedEdges []EdgeRef
	// Successor maps each group id before the update to the id of the
	// group continuing it after (-1 when none does), so a caller keeping
	// ids across updates (a stroke's repair report) can follow a group
	// whose cells, and so whose bounding box, changed. Nil when the update
	// did not touch the level (ids unchanged).
	Successor []int32
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
// It recomputes the connection costs of a group only when they may have
// changed, which is exactly when one of these holds:
//   - the group has no predecessor: no old group gave it all its cells and
//     took all of them (a new group, or a split or merged one);
//   - at level 1, one of its cells is a changed cell or one of its eight
//     neighbours (only there can a step's existence, corner cutting or cost
//     differ); at level l ≥ 2, one of its member groups got other costs;
//   - the groups around it were cut differently: its outside neighbour cells
//     (member links above level 1) no longer fall into groups one-to-one as
//     before, because a neighbouring group split or merged.
//
// Every other group keeps its edges, renumbered: its costs read nothing
// else. Recomputed groups whose costs come out equal (a fill inside a room
// that lengthens no route between its doors) count as unchanged for the
// level above, so such an edit recomputes one group at level 1 and none
// above. Level 1 regroups the clusters and regions holding a changed cell
// or one of its eight neighbours (a region whole, all its parts); each level
// above regroups the clusters and regions of the lower groups that are new,
// lost cells or got other costs. Group ids are renumbered to stay in
// first-cell order, so the repaired graph equals a fresh Build of the same
// grid (tests check this).
//
// Cost: when every regrouped key keeps as many groups as before, in the
// same order among the others (about five random single-cell toggles in six on a
// map of rooms), each group keeps its id and a level is patched: the group
// map is written at the regrouped groups' cells only, their cell, member
// and edge lists are written in one copy of the old ones, and only the
// groups in and beside the regrouped keys are visited. The rest is memory
// copies of the level's group, cell and edge arrays (the repair reads the
// old level) and a per-group id map (Successor). Otherwise (a group added,
// dropped or reordered) the level is laid out anew, O(cells), the group
// map written at the cells of the regrouped groups and of the groups whose
// id moved rather than cleared and written whole. Both add the searches
// behind the recomputed connection costs. On the 512×512 8room_000 with 2
// levels a patched toggle takes about half a millisecond of CPU, one laid
// out anew about four (BenchmarkUpdateWeight512, BenchmarkUpdate512). Not
// safe while queries run; planners notice the change and drop stored
// plans.
func (g *Graph) Update(changed []image.Point) Change {
	g.inUpdate.Add(1) // odd: planners that see it fail (ErrConcurrentUpdate)
	defer g.inUpdate.Add(1)
	g.seen = g.grid.Version()
	L := g.cfg.Levels
	ch := Change{Levels: make([]LevelChange, L+1)}
	grid := g.grid
	if g.upd == nil {
		g.upd = newBuilder(g)
	}
	b := g.upd
	if len(b.touch) != grid.Len() {
		b.touch, b.touchGen = make([]uint32, grid.Len()), 0
	}
	if b.touchGen++; b.touchGen == 0 { // wrapped: old stamps could match
		clear(b.touch)
		b.touchGen = 1
	}
	dirty := map[Key]bool{}
	for _, p := range changed {
		if !grid.In(p) {
			continue
		}
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if q := (image.Point{p.X + dx, p.Y + dy}); grid.In(q) {
					i := grid.Index(q)
					b.touch[i] = b.touchGen
					dirty[b.keyOfCell(1, i)] = true
				}
			}
		}
	}
	if len(dirty) == 0 {
		return ch
	}
	g.version++
	g.updates++

	// Level 1: flood the open cells of the dirty keys again.
	keys := sortedKeys(dirty)
	var cells []int32
	for _, k := range keys {
		cells = b.keyCells(cells, k)
	}
	slices.Sort(cells)
	if len(b.label) != grid.Len() {
		b.label = make([]int32, grid.Len())
	}
	label := b.label // only the listed cells are read: no clearing needed
	for _, c := range cells {
		label[c] = -1
	}
	fresh := b.cellGroups(cells, false, label, nil)
	if len(b.spare) != L+1 {
		b.spare = make([]*level, L+1)
	}
	old := g.levels[1]
	lv, d, lc := b.repairLevel(1, old, nil, nil, fresh, b.groupsOfKeys(1, old, keys))
	g.levels[1] = lv
	lc.Regrouped = keys
	ch.Levels[1] = lc

	// Levels above: regroup the keys of the lower groups that are new, lost
	// or gained cells, or got other costs, and those of the groups that
	// held the lower groups that disappeared.
	for l := 2; l <= L; l++ {
		oldLow, low, lowD := old, g.levels[l-1], d
		old = g.levels[l]
		dk := map[Key]bool{}
		for _, u := range lowD.movedIDs {
			dk[b.unitKey(l, u)] = true
		}
		for _, o := range lowD.gone {
			if p := oldLow.groups[o].Parent; p >= 0 {
				dk[old.groups[p].Key] = true
			}
		}
		keys = sortedKeys(dk)
		removed := b.groupsOfKeys(l, old, keys)
		// The lower groups of the dirty keys: the moved ones (all there)
		// and the successors of the old groups' members.
		b.ulabel = grow(b.ulabel, len(low.groups))
		ulabel := b.ulabel // only the listed units are read: no clearing
		units := append(b.units[:0], lowD.movedIDs...)
		for _, id := range removed {
			for _, m := range old.members[old.memStart[id]:old.memStart[id+1]] {
				if u := lowD.o2n[m]; u >= 0 {
					units = append(units, u)
				}
			}
		}
		slices.Sort(units)
		units = slices.Compact(units)
		for _, u := range units {
			ulabel[u] = -1
		}
		b.units = units[:0]
		fresh = b.unitGroups(l, units, ulabel, nil)
		b.spare[l-1] = oldLow // read below, then nothing reads it any more
		var nl *level
		nl, d, lc = b.repairLevel(l, old, oldLow, lowD, fresh, removed)
		g.levels[l] = nl
		lc.Regrouped = keys
		ch.Levels[l] = lc
	}
	b.spare[L] = old
	return ch
}

// delta is what the repair of one level tells the level above.
type delta struct {
	o2n []int32 // old id → new id of its successor, -1 when it has none
	n2o []int32 // new id → old id of its predecessor, -1 when it has none
	// cellsMoved marks new groups with a predecessor but other cells (or
	// another representative); costsMoved marks new groups without a
	// predecessor or whose out-edges differ from their predecessor's (targets
	// mapped by o2n, costs and entry counts compared exactly).
	cellsMoved, costsMoved []bool
	// rebuilt: the level was laid out anew (ids may have moved, and every
	// lower group's parent was cleared); else it was patched and every
	// surviving group kept its id.
	rebuilt bool
	// movedIDs lists the new groups u with moved(u); gone the old groups
	// without a successor or whose successor moved.
	movedIDs, gone []int32
}

// moved reports whether new group u is anything but its predecessor
// renumbered.
func (d *delta) moved(u int32) bool { return d.n2o[u] < 0 || d.cellsMoved[u] || d.costsMoved[u] }

// lists fills d.movedIDs and d.gone from the new groups that may have
// moved (nil: all) and the old groups that may have lost their successor
// (nil: all).
func (d *delta) lists(newIDs, oldIDs []int32) {
	add := func(u int32) {
		if d.moved(u) {
			d.movedIDs = append(d.movedIDs, u)
			if o := d.n2o[u]; o >= 0 {
				d.gone = append(d.gone, o)
			}
		}
	}
	if newIDs == nil {
		for u := range d.n2o {
			add(int32(u))
		}
	} else {
		for _, u := range newIDs {
			add(u)
		}
	}
	if oldIDs == nil {
		for o, n := range d.o2n {
			if n < 0 {
				d.gone = append(d.gone, int32(o))
			}
		}
	} else {
		for _, o := range oldIDs {
			if d.o2n[o] < 0 {
				d.gone = append(d.gone, o)
			}
		}
	}
}

func byMinCell(a, b rec) int { return int(a.minCell - b.minCell) }

// repairLevel lays out level l from the fresh groups of the dirty keys plus
// the old groups of the other keys, and computes the edges of the groups
// that need it (see Update); the others keep their old edges, renumbered.
// removed lists (ascending) the old groups of the dirty keys, which the
// fresh ones replace. oldLow and low (level ≥ 2) are the lower level before
// the repair and what its repair reported.
//
// When the fresh groups can take the removed ones' slots (canPatch) the
// level is old patched there (patchLayout) and only the groups in and
// beside the dirty keys are visited; else it is laid out anew (assemble)
// and every group is.
func (b *builder) repairLevel(l int, old, oldLow *level, low *delta, fresh []rec, removed []int32) (*level, *delta, LevelChange) {
	// Predecessors of the fresh groups.
	for i := range fresh {
		b.predecessor(l, old, oldLow, low, &fresh[i], int32(i))
	}
	if !slices.IsSortedFunc(fresh, byMinCell) {
		slices.SortFunc(fresh, byMinCell)
	}
	var (
		lv  *level
		o2n []int32
		// rec returns the record of new group id.
		recOf func(id int32) *rec
		// visit lists the groups to look at when patching (else all).
		visit []int32
	)
	patch := canPatch(old, removed, fresh)
	if patch {
		b.patched++
		lv, o2n = b.patchLayout(l, old, low, removed, fresh)
		kept := rec{}
		recOf = func(id int32) *rec {
			if i, ok := slices.BinarySearch(removed, id); ok {
				return &fresh[i]
			}
			kept = rec{key: lv.groups[id].Key, old: id}
			return &kept
		}
		visit = removed
	} else {
		b.rebuilt++
		// The kept old groups, in id order, are in first-cell order, and
		// so are the fresh ones: merging the two lists gives assemble its
		// records sorted (it then only checks), instead of sorting every
		// group of the level by first cell (a sixth of a toggle's time on
		// 8room_000 when a group was added or dropped).
		recs := slices.Grow(b.recs[:0], len(old.groups)-len(removed)+len(fresh))
		defer func() { b.recs = recs[:0] }()
		j, f := 0, 0
		for id := range old.groups {
			if j < len(removed) && removed[j] == int32(id) {
				j++
				continue // replaced by the fresh groups
			}
			r := rec{key: old.groups[id].Key, old: int32(id), attr: &old.groups[id],
				cells: old.cells[old.cellStart[id]:old.cellStart[id+1]]}
			r.minCell = r.cells[0]
			if l > 1 {
				// Renumbered in place: the old lower level is retired.
				r.members = old.members[old.memStart[id]:old.memStart[id+1]]
				renumberMembers(r.members, low.o2n)
			}
			for f < len(fresh) && fresh[f].minCell < r.minCell {
				recs = append(recs, fresh[f])
				f++
			}
			recs = append(recs, r)
		}
		recs = append(recs, fresh[f:]...)
		o2n = make([]int32, len(old.groups))
		for i := range o2n {
			o2n[i] = -1
		}
		lv = b.assemble(l, recs, o2n, true, old, removed) // sorts recs: recs[id] is group id
		recOf = func(id int32) *rec { return &recs[id] }
	}
	n := len(lv.groups)
	d := &delta{o2n: o2n, n2o: make([]int32, n), cellsMoved: make([]bool, n), costsMoved: make([]bool, n), rebuilt: !patch}
	if patch {
		for i := range d.n2o {
			d.n2o[i] = int32(i)
		}
		for i, id := range removed {
			d.n2o[id] = fresh[i].old
		}
	} else {
		for i := range d.n2o {
			d.n2o[i] = -1
		}
		for o, id := range o2n {
			if id >= 0 {
				d.n2o[id] = int32(o)
			}
		}
	}
	b.ovN2O = d.n2o                                                   // oldGroupOf reads it
	each := func(f func(id int32)) { eachGroup(!patch, n, visit, f) } // visit is read at each call

	// Which groups need their edges computed.
	redo := make([]bool, n)
	each(func(id int32) {
		r := recOf(id)
		d.cellsMoved[id] = r.moved
		switch {
		case r.old < 0:
			redo[id] = true
		case !r.fresh:
			// A kept key: nothing in or beside it changed below.
		case l == 1:
			for _, c := range r.cells {
				if b.touch[c] == b.touchGen {
					redo[id] = true
					break
				}
			}
		default:
			for _, m := range r.members {
				if low.costsMoved[m] {
					redo[id] = true
					break
				}
			}
		}
	})
	// Groups beside a group without predecessor may see their neighbours cut
	// differently: check them. (Beside an old group without successor
	// always lies a new one without predecessor.)
	check := make([]bool, n)
	var look []int32 // patch: the groups whose edges may change
	if patch {
		look = append(look, removed...)
	}
	each(func(id int32) {
		if recOf(id).old >= 0 {
			return
		}
		b.neighbours(l, lv, id, func(y int32) {
			if patch && !redo[y] && !check[y] {
				look = append(look, y)
			}
			check[y] = !redo[y]
		})
	})
	if patch {
		// The old neighbours of a removed group without successor: the
		// rebuilt path finds their dangling edges (and computes them).
		for i, id := range removed {
			if fresh[i].old >= 0 {
				continue
			}
			for _, e := range old.edges[old.edgeStart[id]:old.edgeStart[id+1]] {
				look = append(look, e.To)
			}
		}
		slices.Sort(look)
		look = slices.Compact(look)
		visit = look
	}
	var keep [][]Edge
	if patch {
		keep = make([][]Edge, len(visit))
	} else {
		keep = make([][]Edge, n)
	}
	keepAt := func(k int, id int32) *[]Edge {
		if patch {
			return &keep[k]
		}
		return &keep[id]
	}
	need := len(old.edges)
	if patch {
		need = 0
		for _, id := range visit {
			if po := d.n2o[id]; po >= 0 {
				need += int(old.edgeStart[po+1] - old.edgeStart[po])
			}
		}
	}
	flat := grow(b.flat, need) // one buffer for every kept list
	b.flat = flat
	used := 0
	k := -1
	each(func(id int32) {
		k++
		r := recOf(id)
		if redo[id] {
			return
		}
		pairs := b.pairs[:0]
		if check[id] {
			var ok bool
			if pairs, ok = b.outsidePairs(l, lv, old, oldLow, low, id, pairs); !ok {
				b.pairs = pairs
				redo[id] = true
				return
			}
		}
		b.pairs = pairs
		oe := old.edges[old.edgeStart[r.old]:old.edgeStart[r.old+1]]
		ne := flat[used : used+len(oe) : used+len(oe)]
		used += len(oe)
		moved := false
		for i, e := range oe {
			to := o2n[e.To]
			if check[id] {
				to = -1
				for _, p := range pairs {
					if p[0] == e.To {
						to = p[1]
						break
					}
				}
				moved = moved || to != o2n[e.To]
			}
			if to < 0 {
				// Only when cells changed without being passed to Update:
				// compute the edges rather than keep a dangling one.
				redo[id] = true
				return
			}
			e.From, e.To = id, to
			ne[i] = e
		}
		if !slices.IsSortedFunc(ne, byTo) { // a moved successor can change places
			slices.SortFunc(ne, byTo)
		}
		*keepAt(k, id) = ne
		d.costsMoved[id] = moved
	})
	if patch {
		b.patchEdges(l, old, lv, visit, redo, keep)
	} else {
		b.computeEdges(l, lv, redo, keep)
	}

	// Did the recomputed costs move?
	each(func(id int32) {
		if !redo[id] {
			return
		}
		po := d.n2o[id]
		if po < 0 {
			d.costsMoved[id] = true
			return
		}
		ne := lv.edges[lv.edgeStart[id]:lv.edgeStart[id+1]]
		oe := old.edges[old.edgeStart[po]:old.edgeStart[po+1]]
		if len(ne) != len(oe) {
			d.costsMoved[id] = true
			return
		}
		for _, e := range ne {
			same := false
			for _, f := range oe {
				if o2n[f.To] == e.To {
					same = f.Costs == e.Costs && f.Entries == e.Entries
					break
				}
			}
			if !same {
				d.costsMoved[id] = true
				return
			}
		}
	})
	if patch {
		d.lists(visit, removed)
		return lv, d, diffLevel(old, lv, d, redo, check, visit)
	}
	d.lists(nil, nil)
	return lv, d, diffLevel(old, lv, d, redo, check, nil)
}

// patchEdges writes the edges of lv, a patched level, as old's with those
// of the groups of ids (ascending) replaced: computed for those redo flags,
// else keep[i] (i their place in ids). Ids are unchanged by a patch, so
// every other group's edges are old's.
func (b *builder) patchEdges(l int, old, lv *level, ids []int32, redo []bool, keep [][]Edge) {
	out := b.patchOut[:0]
	at := b.patchAt[:0]
	for _, a := range ids {
		at = append(at, int32(len(out)))
		if !redo[a] {
			continue
		}
		if l == 1 {
			out = b.cellEdges(lv, a, out)
		} else {
			out = b.unitEdges(l, lv, a, out)
		}
	}
	at = append(at, int32(len(out)))
	seg := func(i int) []Edge {
		if !redo[ids[i]] {
			return keep[i]
		}
		return out[at[i]:at[i+1]]
	}
	lv.edgeStart, lv.edges = patchCSR(lv.edgeStart, lv.edges, old.edgeStart, old.edges, ids, seg)
	b.patchOut, b.patchAt = out[:0], at[:0]
}

// predecessor finds the old group that fresh group r (number i in the
// fresh list) continues: the one old group its cells (level 1) or members'
// predecessors (above) come from, all of whose open cells (members'
// successors) went to r. It sets r.old to it, or leaves -1, and r.moved when
// the cells differ.
func (b *builder) predecessor(l int, old, oldLow *level, low *delta, r *rec, i int32) {
	cand := int32(-1)
	if l == 1 {
		for _, c := range r.cells {
			if o := old.groupOf[c]; o >= 0 && o != cand {
				if cand >= 0 {
					return
				}
				cand = o
			}
		}
		if cand < 0 || old.groups[cand].Key != r.key {
			return
		}
		oc := old.cells[old.cellStart[cand]:old.cellStart[cand+1]]
		grid := b.g.grid
		for _, c := range oc {
			// b.label holds the fresh number of every open cell of the
			// dirty keys, and cand's cells all lie in r's key.
			if grid.WeightAt(int(c)) != pathing.Blocked && b.label[c] != i {
				return
			}
		}
		r.old, r.attr, r.fresh = cand, &old.groups[cand], true
		r.moved = !slices.Equal(r.cells, oc)
		return
	}
	// Above level 1 through the members: a member with a predecessor has
	// all its old cells in that predecessor, so one lookup serves it; the
	// cells of the others are read one by one.
	ll := b.g.levels[l-1]
	from := func(o int32) bool { // o: an old group a cell came from, -1 if none
		switch {
		case o < 0 || o == cand:
			return true
		case cand < 0:
			cand = o
			return true
		}
		return false
	}
	for _, m := range r.members {
		if om := low.n2o[m]; om >= 0 {
			if !from(oldLow.groups[om].Parent) {
				return
			}
			continue
		}
		for _, c := range ll.cells[ll.cellStart[m]:ll.cellStart[m+1]] {
			if !from(old.groupOf[c]) {
				return
			}
		}
	}
	if cand < 0 {
		return
	}
	has := func(u int32) bool {
		_, found := slices.BinarySearch(r.members, u)
		return found
	}
	om := old.members[old.memStart[cand]:old.memStart[cand+1]]
	// A representative moved into another region makes another key.
	moved := len(om) != len(r.members) || old.groups[cand].Key != r.key
	for _, m := range om {
		if s := low.o2n[m]; s >= 0 {
			if !has(s) {
				return
			}
			moved = moved || low.cellsMoved[s]
			continue
		}
		moved = true
		for _, c := range oldLow.cells[oldLow.cellStart[m]:oldLow.cellStart[m+1]] {
			if u := ll.groupOf[c]; u >= 0 && !has(u) {
				return
			}
		}
	}
	r.old, r.attr, r.fresh, r.moved = cand, &old.groups[cand], true, moved
}

// stepsOut calls f with the index of every cell a legal step leads to
// from a cell of level-1 group a of lv, outside a (once per step).
func (b *builder) stepsOut(lv *level, a int32, f func(di int)) {
	grid := b.g.grid
	nb := b.g.cfg.Neighborhood
	for _, c := range lv.cells[lv.cellStart[a]:lv.cellStart[a+1]] {
		p := grid.Point(int(c))
		for _, st := range nb.Steps() {
			d := image.Point{p.X + st.DX, p.Y + st.DY}
			if !grid.CanStep(p, d, nb) {
				continue
			}
			if di := grid.Index(d); lv.groupOf[di] != a {
				f(di)
			}
		}
	}
}

// neighbours calls f for every group of lv that group a links to.
func (b *builder) neighbours(l int, lv *level, a int32, f func(int32)) {
	if l == 1 {
		b.stepsOut(lv, a, func(di int) { f(lv.groupOf[di]) })
		return
	}
	low := b.g.levels[l-1]
	for _, m := range lv.members[lv.memStart[a]:lv.memStart[a+1]] {
		for _, e := range low.edges[low.edgeStart[m]:low.edgeStart[m+1]] {
			if y := lv.groupOf[low.cells[low.cellStart[e.To]]]; y != a {
				f(y)
			}
		}
	}
}

// outsidePairs lists, for group a of lv (kept, with unmoved cells or
// members), the pairs (old group, new group) of the cells just outside it
// (level 1) or of its members' link targets (above), once each. ok is false
// unless they pair old and new groups one-to-one: only then are a's edges
// its old ones with targets renamed by the pairs.
func (b *builder) outsidePairs(l int, lv, old, oldLow *level, low *delta, a int32, pairs [][2]int32) ([][2]int32, bool) {
	ok := true
	add := func(x, y int32) {
		if x < 0 {
			ok = false
			return
		}
		for _, p := range pairs {
			if (p[0] == x) != (p[1] == y) {
				ok = false
				return
			}
			if p[0] == x {
				return
			}
		}
		pairs = append(pairs, [2]int32{x, y})
	}
	if l == 1 {
		b.stepsOut(lv, a, func(di int) { add(b.oldGroupOf(old, lv, di), lv.groupOf[di]) })
		return pairs, ok
	}
	ll := b.g.levels[l-1]
	for _, m := range lv.members[lv.memStart[a]:lv.memStart[a+1]] {
		for _, e := range ll.edges[ll.edgeStart[m]:ll.edgeStart[m+1]] {
			y := lv.groupOf[ll.cells[ll.cellStart[e.To]]]
			if y == a {
				continue
			}
			x := int32(-1)
			if ot := low.n2o[e.To]; ot >= 0 {
				x = oldLow.groups[ot].Parent
			}
			add(x, y)
		}
	}
	return pairs, ok
}

func byTo(a, b Edge) int { return int(a.To - b.To) }

// diffLevel describes the change from old to nl. Edges are compared only
// around the groups recomputed or checked (the others' edges are their old
// ones renamed); an edge counts as the same when both ends are the same
// groups (a group and its predecessor), and as changed when it is the same
// with other costs or entries. ids, when not nil (a patched level), lists
// (ascending) every group that may be recomputed, checked, added or
// removed: there every surviving group kept its id, so ids serve as old
// and as new ids, and no other group needs a look.
func diffLevel(old, nl *level, d *delta, redo, check []bool, ids []int32) LevelChange {
	var lc LevelChange
	each := func(n int, f func(id int32)) { eachGroup(ids == nil, n, ids, f) }
	each(len(redo), func(id int32) {
		if redo[id] {
			lc.Dirty = append(lc.Dirty, id)
		}
	})
	lc.Successor = d.o2n
	each(len(d.n2o), func(id int32) {
		if d.n2o[id] < 0 {
			lc.Added++
		}
	})
	each(len(d.o2n), func(id int32) {
		if d.o2n[id] < 0 {
			lc.Removed++
		}
	})
	look := func(id int32) bool { return id < 0 || redo[id] || check[id] }
	type pair struct{ a, b int32 } // new ids of the ends
	oldSet := map[pair]int32{}     // each continued edge's index in old.edges, by its new ends
	each(len(d.o2n), func(id int32) {
		n := d.o2n[id]
		if !look(n) {
			return
		}
		for i := old.edgeStart[id]; i < old.edgeStart[id+1]; i++ {
			if t := d.o2n[old.edges[i].To]; n >= 0 && t >= 0 {
				oldSet[pair{n, t}] = i
			}
		}
	})
	newSet := map[pair]bool{}
	each(len(nl.groups), func(id int32) {
		if !look(id) {
			return
		}
		for _, e := range nl.edges[nl.edgeStart[id]:nl.edgeStart[id+1]] {
			k := pair{id, e.To}
			newSet[k] = true
			ref := EdgeRef{e.From, e.To, nl.groups[e.From].Name, nl.groups[e.To].Name}
			switch i, ok := oldSet[k]; {
			case !ok:
				lc.AddedEdges = append(lc.AddedEdges, ref)
			case !sameEdgeData(old.edges[i], e):
				lc.ChangedEdges = append(lc.ChangedEdges, ref)
			}
		}
	})
	each(len(d.o2n), func(id int32) {
		n := d.o2n[id]
		if !look(n) {
			return
		}
		for _, e := range old.edges[old.edgeStart[id]:old.edgeStart[id+1]] {
			if t := d.o2n[e.To]; n < 0 || t < 0 || !newSet[pair{n, t}] {
				lc.RemovedEdges = append(lc.RemovedEdges, EdgeRef{e.From, e.To, old.groups[e.From].Name, old.groups[e.To].Name})
			}
		}
	})
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
