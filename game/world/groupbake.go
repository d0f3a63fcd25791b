package world

import (
	"context"
	"encoding/binary"
	"image/color"
	"math"
	"slices"
	"time"

	"pathlens/pathing"
)

// The groups layer's tints: one premultiplied colour a cell, the colour of
// the cell's group at the view level (GroupTints).
//
// Why here. The renderer baked them on the window thread: a group id per
// cell, a colour per group (groupHues), a tint per cell, then the upload.
// On a 7100×7100 map that held the window 0.7 to 1.9 s each time the layer
// came up (a switch to a hierarchy, L, an edit's repair): the ids alone
// were 0.35 s of GroupOf calls. Now the world bakes them on a bgRunner
// (gridjob.go) on maps over asyncCells, and the renderer only uploads the
// finished pixels (in strips, across frames) and says meanwhile that the
// layer is being drawn; it never shows a bake of another key.
//
// The key is the one the layer was always baked for: the groups shown
// (which hierarchy, or the cluster heuristic's view of it), the level and
// World.RepairSeq (the groups change only when the hierarchy is told of
// cells: a stroke that defers its repairs changes the grid, not them).
//
// What a job reads is a copy made on the window thread when the job
// starts (groupSrc), since the hierarchy is repaired in place there: the
// group hierarchy's group map of the level (a memmove, 4 bytes a cell), or
// for HPA* the grid the hierarchy reads (1 byte a cell: a cluster's id is
// its square's index). The colours need the last bake's (a group keeps its
// tint across repairs: groupHues), so a bake travels from job to job with
// its pixels and its hues (groupBake): the world hands its last one to the
// next job, and one that a stopped job left half done starts its colours
// afresh rather than read its half-written pixels as tints.
//
// Memory: at 7100×7100, 200 MB of pixels plus, for the group hierarchy,
// the 200 MB copy of its group map (kept for the next bake: copying into
// it again costs a memmove, allocating it anew page faults), for HPA* a
// 50 MB grid copy. The renderer keeps no pixels of its own any more (it
// held 200 MB). The hues keep 8 bytes a group for each level shown
// (groupHues.shown: 7 MB for the 850,000 level-1 groups there).

// groupBakeKey is what a bake of the groups layer is for.
type groupBakeKey struct {
	h      GroupsView
	level  int
	repair int // World.RepairSeq
}

// groupBake is one bake: its pixels and the hues that gave them.
type groupBake struct {
	pix []byte // premultiplied RGBA a cell, little-endian; 0 for none
	// whole says pix is a finished bake, whose tints the next bake's
	// groups may keep; a bake stopped half way leaves ids in some cells.
	whole bool
	grid  *pathing.Grid // the world's grid it was baked for (compared, never read)
	hues  groupHues
	// Scratch: each group's first cell, that cell's last tint, the tints.
	first []int32
	old   []uint32
	tints []uint32
}

// groupSrc is a copy of what a bake reads, made on the window thread: ids
// (a level's group map, -1 for none) or, when ids is nil, gs.grid with the
// square clusters side cells wide, ncx to a row. gs counts the jobs that
// read it (a bgJob's snap): at 0 it is copied into again.
type groupSrc struct {
	gs        gridSnap
	ids       []int32
	side, ncx int
	owner     *pathing.Grid // the world's grid (groupBake.grid)
}

// groupBakeJob is a bake on the groups runner.
type groupBakeJob = bgJob[groupBakeKey, *groupBake, struct{}]

// groupBakes is the world's state of the groups layer's bakes.
type groupBakes struct {
	runner *bgRunner[groupBakeKey, *groupBake, struct{}]
	job    *groupBakeJob // the bake under way (nil: none)
	bake   *groupBake    // the last bake taken in (nil: none, or a job has it)
	key    groupBakeKey  // what bake is for
	seq    uint64        // bakes taken in (GroupTints' second result)
	src    *groupSrc     // the last copy made, reused when no job reads it
	// growing brings a buffer for a copy, allocated and its pages touched
	// off the window thread (nil: none under way); grown is it once in,
	// counted by grownN (GroupTintsSeq: the frame after starts the bake).
	growing chan srcBuf
	grown   srcBuf
	grownN  uint64
	// failed is the key whose bake failed with an internal error: not
	// tried again for it.
	failed    groupBakeKey
	hasFailed bool
}

// groupBakeWhat is what a panic in a bake says was under way.
const groupBakeWhat = "drawing the groups layer"

// groupBakeHook, when not nil, runs on the runner before a bake (tests:
// hold a bake under way).
var groupBakeHook func()

// GroupTints returns the tints of the groups layer for h at level l: a
// premultiplied RGBA pixel a cell (little-endian, 0 for a cell in no
// group), a number that changes with every bake taken in, and true; or
// nil, 0, false while they are being baked in the background (a map over
// asyncCells whose groups, level or repairs changed since the last bake),
// or when baking them failed (GroupTintsFailed). The pixels are the
// world's: read them, within the frame, and ask again next frame. Cost on
// the window thread: on a large map, when a bake starts, a copy of the
// level's group map or of the hierarchy's grid; else a comparison.
func (w *World) GroupTints(h GroupsView, l int) ([]byte, uint64, bool) {
	gb := &w.groupBakes
	k := groupBakeKey{h, l, w.RepairSeq}
	w.pollGroupBake(0)
	if gb.bake != nil && gb.key == k && gb.bake.whole {
		return gb.bake.pix, gb.seq, true
	}
	if gb.hasFailed && gb.failed == k {
		return nil, 0, false
	}
	if w.Grid.Len() <= asyncCells {
		// Small: baked here, so tests and -shot pictures see it at once.
		w.dropGroupBake()
		src, _ := w.groupSource(h, l, true)
		b, err := safely(groupBakeWhat, func() (*groupBake, error) {
			return bakeGroups(context.Background(), src, l, gb.bake)
		})
		return w.tookGroupBake(k, b, err)
	}
	if gb.job != nil && gb.job.key != k && w.stroke != nil {
		// A stroke repairing at every move: the bake under way ends
		// first, and the next bakes the groups as they are then, so the
		// moves cost one copy a bake, not one each.
		return nil, 0, false
	}
	if (gb.job == nil || gb.job.key != k) && !w.startGroupBake(k) {
		return nil, 0, false // the copy's buffer is being allocated
	}
	// compWait from the job's start, as ComponentLabels waits: a map just
	// over asyncCells need not blink at every level.
	if w.pollGroupBake(max(0, compWait-time.Since(gb.job.started))) && gb.key == k {
		return gb.bake.pix, gb.seq, true
	}
	return nil, 0, false
}

// GroupTintsFailed reports whether baking the groups layer for h at level
// l failed (an internal error, said once): the layer then shows nothing
// until the groups change.
func (w *World) GroupTintsFailed(h GroupsView, l int) bool {
	gb := &w.groupBakes
	return gb.hasFailed && gb.failed == groupBakeKey{h, l, w.RepairSeq}
}

// GroupTintsSeq counts the bakes of the groups layer taken in: a frame is
// drawn when it moves (one came in from the background).
func (w *World) GroupTintsSeq() uint64 { return w.groupBakes.seq + w.groupBakes.grownN }

// tookGroupBake keeps bake b for k, or says why it failed.
func (w *World) tookGroupBake(k groupBakeKey, b *groupBake, err error) ([]byte, uint64, bool) {
	gb := &w.groupBakes
	if err != nil {
		gb.failed, gb.hasFailed = k, true
		w.Fail("groups layer: %v", err)
		return nil, 0, false
	}
	gb.bake, gb.key = b, k
	gb.seq++
	return b.pix, gb.seq, true
}

// startGroupBake starts baking for k on the runner, the job under way (of
// another key) abandoned, with the last bake's pixels and hues. It reports
// false, starting nothing, while the buffer of the copy the bake reads is
// being allocated (groupSource).
func (w *World) startGroupBake(k groupBakeKey) bool {
	gb := &w.groupBakes
	w.dropGroupBake()
	src, ok := w.groupSource(k.h, k.level, false)
	if !ok {
		return false
	}
	j := newJob(k, &src.gs, func(ctx context.Context, _ *pathing.Grid, _ *struct{}, dst *groupBake) (*groupBake, error) {
		if groupBakeHook != nil {
			groupBakeHook()
		}
		return bakeGroups(ctx, src, k.level, dst)
	})
	if gb.bake != nil {
		j.dst, j.hasDst = gb.bake, true
		gb.bake = nil
	}
	if gb.runner == nil {
		gb.runner = newRunner[groupBakeKey, *groupBake, struct{}](groupBakeWhat)
	}
	gb.job = j
	gb.runner.submit(j)
	return true
}

// pollGroupBake takes in the bake under way if it is done, waiting up to
// d for it (d < 0: as long as it takes), and reports whether it took one
// in (of any key: a bake of another key is kept for its pixels and hues).
func (w *World) pollGroupBake(d time.Duration) bool {
	gb := &w.groupBakes
	if gb.growing != nil {
		select {
		case b := <-gb.growing:
			gb.grown, gb.growing = b, nil
			gb.grownN++
		default:
		}
	}
	j := gb.job
	if j == nil {
		return false
	}
	r, ok := j.pollWithin(d)
	if !ok {
		return false
	}
	gb.job = nil
	_, _, took := w.tookGroupBake(j.key, r.val, r.err)
	return took
}

// dropGroupBake abandons the bake under way, if any; a result handed over
// already is kept, for its key (its pixels and hues serve the next bake).
func (w *World) dropGroupBake() {
	gb := &w.groupBakes
	j := gb.job
	if j == nil {
		return
	}
	r, ok := j.abandon()
	gb.job = nil
	if ok && r.err == nil && gb.bake == nil {
		// Taken in as any bake: its number moves (GroupTints), or it
		// would come back under the number of the bake shown before.
		gb.bake, gb.key = r.val, j.key
		gb.seq++
	}
}

// waitGroupBake waits for the bake under way, or for the buffer of the
// copy a bake waits for (Wait).
func (w *World) waitGroupBake() {
	if gb := &w.groupBakes; gb.growing != nil {
		gb.grown, gb.growing = <-gb.growing, nil
		gb.grownN++
	}
	w.pollGroupBake(-1)
}

// closeGroupBakes stops the runner (Close).
func (w *World) closeGroupBakes() {
	w.dropGroupBake()
	if gb := &w.groupBakes; gb.runner != nil {
		gb.runner.stop()
		gb.runner = nil
	}
}

// groupSource copies what a bake of h at level l reads: into the last
// copy when no job reads it (a job stopped just now is waited for a
// moment), else into a new one. When the copy needs a buffer larger than
// it has, that is allocated and its pages touched on a goroutine unless
// now (200 MB at 7100×7100, whose first copy page faulted for 0.1 s on
// the window thread): false until it is in (pollGroupBake takes it).
func (w *World) groupSource(h GroupsView, l int, now bool) (*groupSrc, bool) {
	gb := &w.groupBakes
	src := gb.src
	if src != nil && src.gs.jobs.Load() != 0 {
		// An abandoned job stops at its next row: a moment.
		for t := time.Now(); src.gs.jobs.Load() != 0 && time.Since(t) < 2*time.Millisecond; {
			time.Sleep(50 * time.Microsecond)
		}
	}
	if src == nil || src.gs.jobs.Load() != 0 {
		src = &groupSrc{}
		gb.src = src
	}
	g := w.Grid
	src.owner = g
	if v, ok := h.(level1View); ok {
		if l != 1 {
			src.fillIDs(g, func(int) int32 { return -1 })
			return src, true
		}
		h, l = v.h, 1
	}
	switch v := h.(type) {
	case *groupHier:
		if m := v.g.GroupMap(l); len(m) == g.Len() {
			if cap(src.ids) < len(m) && !now && !gb.room(src, srcBuf{ids: len(m)}) {
				return nil, false
			}
			src.ids = append(src.ids[:0], m...)
			return src, true
		}
	case *hpaHier:
		hg := v.h.Grid()
		if side := v.h.ClusterSide(l); side > 0 && hg.Len() == g.Len() && hg.Width() == g.Width() {
			fits := src.gs.grid != nil && src.gs.grid.Width() == hg.Width() && src.gs.grid.Height() == hg.Height()
			switch {
			case fits:
				src.gs.grid.CopyFrom(hg)
			case now:
				src.gs.grid = hg.Clone()
			default:
				if !gb.room(src, srcBuf{w: hg.Width(), h: hg.Height()}) {
					return nil, false
				}
				src.gs.grid.CopyFrom(hg)
			}
			src.ids = src.ids[:0]
			src.side, src.ncx = side, (hg.Width()+side-1)/side
			return src, true
		}
	}
	// Another view: its ids asked cell by cell, here.
	src.fillIDs(g, func(i int) int32 { return h.GroupOf(l, g.Point(i)) })
	return src, true
}

// srcBuf is a buffer for a groupSrc: want says ids for that many cells, or
// a w×h grid; made, it holds them.
type srcBuf struct {
	ids  int
	w, h int
	buf  []int32
	grid *pathing.Grid
}

// room gives src the buffer want asks for when one grown off the window
// thread is in and fits, and reports whether it did; else it starts
// growing one (unless one is under way) and reports false.
func (gb *groupBakes) room(src *groupSrc, want srcBuf) bool {
	got := gb.grown
	switch {
	case want.ids > 0 && cap(got.buf) >= want.ids:
		src.ids, gb.grown.buf = got.buf[:0], nil
		return true
	case want.ids == 0 && got.grid != nil && got.grid.Width() == want.w && got.grid.Height() == want.h:
		src.gs.grid, gb.grown.grid = got.grid, nil
		return true
	}
	if gb.growing == nil {
		ch := make(chan srcBuf, 1)
		gb.growing = ch
		go func() {
			b := want
			if want.ids > 0 {
				b.buf = make([]int32, want.ids)
				for i := 0; i < len(b.buf); i += 1024 {
					b.buf[i] = -1 // a write a page: each is mapped here, not in the copy
				}
			} else {
				b.grid = pathing.MustGrid(want.w, want.h) // writes every cell
			}
			ch <- b
		}()
	}
	return false
}

// fillIDs sets src's ids to id(i) for every cell of g.
func (src *groupSrc) fillIDs(g *pathing.Grid, id func(i int) int32) {
	src.ids = slices.Grow(src.ids[:0], g.Len())[:g.Len()]
	for i := range src.ids {
		src.ids[i] = id(i)
	}
}

// idsRow writes the group ids of row y (width cells) into row.
func (src *groupSrc) idsRow(y, width int, row []int32) {
	if len(src.ids) > 0 {
		copy(row, src.ids[y*width:(y+1)*width])
		return
	}
	g, side := src.gs.grid, src.side
	base := int32((y / side) * src.ncx)
	for x := range row {
		if g.WeightAt(y*width+x) == pathing.Blocked {
			row[x] = -1
		} else {
			row[x] = base + int32(x/side)
		}
	}
}

// bakeGroups bakes the tints of src's groups at level l into b (nil: a
// new bake), keeping the colours of b's last bake by the rules of
// groupHues. It stops at the next row when ctx is cancelled, returning
// ctx's error and b, which is then not whole.
func bakeGroups(ctx context.Context, src *groupSrc, l int, b *groupBake) (*groupBake, error) {
	g := src.owner
	n, width := g.Len(), g.Width()
	if b == nil {
		b = &groupBake{}
	}
	if ctx.Err() != nil {
		return b, ctx.Err() // stopped before it began: b as it was (L held down)
	}
	kept := b.whole && len(b.pix) == 4*n && b.grid == g
	if len(b.pix) != 4*n {
		b.pix = make([]byte, 4*n)
	}
	if !kept || b.hues.claimed == nil {
		b.hues = groupHues{claimed: map[uint32]bool{}, wasFirst: make([]uint64, (n+63)/64)}
	}
	b.whole, b.grid = false, g
	// First pass: each cell's group id (plus one; 0 for none) into the
	// pixel, and each group's first cell in reading order with the tint
	// that cell had in the last bake (read before the cell is written).
	first, old := b.first[:0], b.old[:0]
	row := make([]int32, width)
	for y := 0; y < g.Height(); y++ {
		if ctx.Err() != nil {
			b.first, b.old = first, old
			return b, ctx.Err()
		}
		src.idsRow(y, width, row)
		for x, id := range row {
			i := y*width + x
			p := b.pix[4*i : 4*i+4 : 4*i+4]
			if id < 0 {
				binary.LittleEndian.PutUint32(p, 0)
				continue
			}
			if n := len(first); int(id) >= n {
				first = slices.Grow(first, int(id)+1-n)[:id+1]
				old = slices.Grow(old, int(id)+1-n)[:id+1]
				for k := n; k <= int(id); k++ {
					first[k], old[k] = -1, 0
				}
			}
			if first[id] < 0 {
				first[id] = int32(i)
				if kept {
					old[id] = binary.LittleEndian.Uint32(p)
				}
			}
			binary.LittleEndian.PutUint32(p, uint32(id)+1)
		}
	}
	tints := slices.Grow(b.tints[:0], len(first))[:len(first)]
	b.hues.assign(first, old, tints, l)
	b.first, b.old, b.tints = first, old, tints
	// Second pass: the ids become their tints.
	for y := 0; y < g.Height(); y++ {
		if ctx.Err() != nil {
			return b, ctx.Err()
		}
		for i := y * width; i < (y+1)*width; i++ {
			p := b.pix[4*i : 4*i+4 : 4*i+4]
			if v := binary.LittleEndian.Uint32(p); v != 0 {
				binary.LittleEndian.PutUint32(p, tints[v-1])
			}
		}
	}
	b.whole = true
	return b, nil
}

// groupHues keeps the groups layer's colours across repairs. A repair of
// the group hierarchy numbers its groups afresh (one dug line across a
// room renumbered the groups of three quarters of the built-in world),
// and tinting by id changed the colour of groups far from the edit: the
// flash of what the repair touched was lost among the changes. A group
// keeps the tint its first cell in reading order had in the last bake:
//
//   - always, when that cell was a group's first cell then too: a group
//     an edit did not touch (two such groups may share a tint, as hues
//     repeat);
//   - else unless another group took that tint already: a group whose
//     first cell was filled keeps its tint through its next cell (a review
//     found that rule missing in a first version, which recoloured a whole
//     HPA* cluster when its corner cell was filled), and of a group split
//     in two the part met first in reading order keeps it.
//
// Other groups (new ones, and all on the first bake) take the next colour
// of HueColor's sequence that no group has in this bake.
//
// A level shown again (L to level 2 and back) starts from its own last
// bake, not from the other level's: its groups' first cells and their
// tints are kept per level (shown), so flipping L does not recolour the
// map (it did: a level's colours were those of the bake before).
type groupHues struct {
	level    int             // the level of the last bake
	claimed  map[uint32]bool // tints taken in the bake under way
	wasFirst []uint64        // bit per cell: a group's first cell in the last bake
	next     int32           // the next new colour's number
	// shown holds, for each level baked, the first cells of its groups
	// in its last bake, ascending, with their tints (8 bytes a group).
	shown map[int][]cellTint
}

// cellTint is a group's first cell and its tint.
type cellTint struct {
	cell int32
	tint uint32
}

// assign sets tints[id] for every group met in a bake of level l
// (first[id] ≥ 0: its first cell; old[id]: that cell's tint in the last
// bake, 0 for none) by the rules of groupHues.
func (gh *groupHues) assign(first []int32, old []uint32, tints []uint32, l int) {
	if gh.level != l {
		clear(gh.wasFirst) // another level's first cells say nothing here
		gh.level = l
		// This level's own last bake does: its first cells and tints
		// stand for the pixels, which hold the other level's.
		if last := gh.shown[l]; len(last) > 0 {
			for id, f := range first {
				if f < 0 {
					continue
				}
				if k, ok := slices.BinarySearchFunc(last, f, func(c cellTint, f int32) int { return int(c.cell - f) }); ok {
					old[id] = last[k].tint
					gh.wasFirst[f>>6] |= 1 << (f & 63)
				}
			}
		}
	}
	clear(gh.claimed)
	kept := func(f int32) bool { return gh.wasFirst[f>>6]>>(f&63)&1 != 0 }
	for id, f := range first {
		if f >= 0 && old[id] != 0 && kept(f) {
			tints[id] = old[id]
			gh.claimed[old[id]] = true
		}
	}
	for id, f := range first {
		if f < 0 || old[id] != 0 && kept(f) {
			continue
		}
		t := old[id]
		if t == 0 || gh.claimed[t] {
			t = gh.newTint()
		}
		gh.claimed[t] = true
		tints[id] = t
	}
	clear(gh.wasFirst)
	if gh.shown == nil {
		gh.shown = map[int][]cellTint{}
	}
	mine := slices.Grow(gh.shown[l][:0], len(first))
	for id, f := range first {
		if f >= 0 {
			gh.wasFirst[f>>6] |= 1 << (f & 63)
			mine = append(mine, cellTint{f, tints[id]})
		}
	}
	if !slices.IsSortedFunc(mine, func(a, b cellTint) int { return int(a.cell - b.cell) }) {
		slices.SortFunc(mine, func(a, b cellTint) int { return int(a.cell - b.cell) })
	}
	gh.shown[l] = mine
}

// newTint is the next colour of the sequence no group has in this bake
// (after a few tries, the next one whatever: hues repeat on big maps).
func (gh *groupHues) newTint() uint32 {
	for try := 0; ; try++ {
		t := PremulPixel(HueColor(gh.next, 110))
		gh.next++
		if !gh.claimed[t] || try >= 16 {
			return t
		}
	}
}

// PremulPixel is c premultiplied by its alpha as a little-endian RGBA
// pixel (the layers' tints).
func PremulPixel(c color.RGBA) uint32 {
	a := uint32(c.A)
	return uint32(uint8(uint32(c.R)*a/255)) | uint32(uint8(uint32(c.G)*a/255))<<8 |
		uint32(uint8(uint32(c.B)*a/255))<<16 | a<<24
}

// HueColor returns a distinct, stable colour for id. Its hue is the
// fractional part of id × the golden ratio's inverse: x − Trunc(x), which
// is exactly math.Mod(x, 1) (taking the integer part off a float is exact)
// at one rounding instruction instead of Mod's loop. Once hues repeat, the
// groups layer asks for up to 17 colours a new group (newTint): 8.6
// million on a fitted 7100×7100 map under HPA*, where Mod was half of a
// 2-second bake on the window's thread.
func HueColor(id int32, alpha uint8) color.RGBA {
	x := float64(id) * 0.618033988749895
	h := x - math.Trunc(x)
	s, v := 0.55, 0.95
	i := int(h * 6)
	fr := h*6 - float64(i)
	p, q, t := v*(1-s), v*(1-fr*s), v*(1-(1-fr)*s)
	var rr, gg, bb float64
	switch i % 6 {
	case 0:
		rr, gg, bb = v, t, p
	case 1:
		rr, gg, bb = q, v, p
	case 2:
		rr, gg, bb = p, v, t
	case 3:
		rr, gg, bb = p, q, v
	case 4:
		rr, gg, bb = t, p, v
	default:
		rr, gg, bb = v, p, q
	}
	return color.RGBA{uint8(rr * 255), uint8(gg * 255), uint8(bb * 255), alpha}
}
