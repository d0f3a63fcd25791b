package world

import (
	"encoding/binary"
	"image"
	"math/rand/v2"
	"slices"
	"testing"

	"pathlens/pathing"
)

// Edits of every kind (fills, digs, weight strokes with their repairs
// deferred, batches of thousands of cells past the journal, undo, redo)
// mixed with switches (algorithm, cluster size, levels), endpoints, a batch
// started and Close, while the cut cells, the components, the optimal
// reference and the groups layer are asked for on a map over asyncCells:
// after a Wait each result is the grid's as it is (the snapshot its cells
// and open count, the cut cells and labels those of the grid, each group's
// cells one tint and cells in no group none), and no snapshot or groups
// source counts a job once none is under way (a count left would stop its
// memory being reused for good). A cross-check of today's moves of work
// off the window thread (gridCopy, patchSnap, the groups bake): it fails
// when patchSnap writes half the changed cells, when the bake's key leaves
// out RepairSeq, or when a copy made on the build worker keeps its hold
// on the snapshot.
func TestBackgroundResultsFollowMixedEdits(t *testing.T) {
	w := cutWorld(t, 300, 300, 11)
	w.SetEndpoints(image.Pt(1, 1), image.Pt(298, 298))
	w.ShowCutCells(true)
	w.Begin()
	w.SetAlgo(AlgoGroup)
	w.Wait()
	rng := rand.New(rand.NewPCG(5, 6))
	rp := func() image.Point { return image.Pt(rng.IntN(300), rng.IntN(300)) }
	for step := range 120 {
		switch r := rng.IntN(17); r {
		case 16:
			w.Close()
		case 14, 15:
			w.Queries = w.Queries[:0]
			for range 5 {
				w.Queries = append(w.Queries, [2]image.Point{rp(), rp()})
			}
			w.StartBatch()
		case 0, 1, 2:
			fill(w, rp())
		case 3:
			w.BeginStroke(rp(), 1)
			w.EndStroke()
		case 4:
			w.BeginStroke(rp(), uint8(2+rng.IntN(5)))
			for range 3 {
				w.StrokeTo(rp())
				w.Tick(0)
				if h := shownView(w); h != nil {
					w.GroupTints(h, 1)
				}
			}
			w.EndStroke()
		case 5:
			w.Undo()
		case 6:
			w.Redo()
		case 7:
			w.SetAlgo(Algo(rng.IntN(int(numAlgos))))
		case 8:
			w.ClusterBigger()
		case 9:
			w.ClusterSmaller()
		case 10:
			w.SetLevels(1 + rng.IntN(3))
		case 11:
			var e Edit
			e.Kind = EditFill
			for range 1 + rng.IntN(5000) {
				e.Cells = append(e.Cells, CellEdit{P: rp(), New: uint8(rng.IntN(3))})
			}
			w.ApplyEdit(e)
		case 12:
			w.ComponentAt(rp())
		case 13:
			w.SetEndpoints(rp(), rp())
		}
		w.Tick(0)
		if h := shownView(w); h != nil {
			w.GroupTints(h, 1+rng.IntN(h.Levels()))
		}
		w.ComponentLabels()
		if rng.IntN(2) != 0 {
			continue
		}
		w.Wait()
		if s := w.snapshot(); !s.grid.Equal(w.Grid) || s.grid.OpenCount() != w.Grid.OpenCount() {
			t.Fatalf("step %d: snapshot is not the grid", step)
		}
		w.waitCutCells()
		if got := w.CutCells(); got != nil && !slices.Equal(got, pathing.CutCells(w.Grid, nil)) {
			t.Fatalf("step %d: stale cut cells", step)
		}
		w.awaitComponents()
		lab, _, ok := w.ComponentLabels()
		if ok && !slices.Equal(lab, LabelComponents(w.Grid, nil)) {
			t.Fatalf("step %d: stale labels", step)
		}
		if h := shownView(w); h != nil {
			for l := 1; l <= h.Levels(); l++ {
				pix := awaitGroupTints(t, w, h, l)
				checkPartition(t, step, w, h, l, pix)
			}
		}
		w.pollBatch(true)
		w.Wait()
		if n := w.snap.jobs.Load(); n != 0 && w.comps.job == nil && w.cuts.job == nil && w.Optimal.job == nil && w.building == nil {
			t.Fatalf("step %d: the snapshot counts %d jobs with none under way", step, n)
		}
		if s := w.groupBakes.src; s != nil && w.groupBakes.job == nil && s.gs.jobs.Load() != 0 {
			t.Fatalf("step %d: the groups source counts %d jobs with none", step, s.gs.jobs.Load())
		}
	}
}

func shownView(w *World) GroupsView {
	if h := w.Hierarchy(); h != nil {
		return h
	}
	if v := w.HeuristicGroups(); v != nil {
		return v
	}
	return nil
}

// checkPartition: cells in no group have no tint; cells of one group share one.
func checkPartition(t *testing.T, step int, w *World, h GroupsView, l int, pix []byte) {
	t.Helper()
	tint := map[int32]uint32{}
	for i := 0; i < w.Grid.Len(); i++ {
		id := h.GroupOf(l, w.Grid.Point(i))
		p := binary.LittleEndian.Uint32(pix[4*i:])
		if id < 0 {
			if p != 0 {
				t.Fatalf("step %d level %d: cell %v in no group is tinted", step, l, w.Grid.Point(i))
			}
			continue
		}
		if p == 0 {
			t.Fatalf("step %d level %d: cell %v of group %d untinted", step, l, w.Grid.Point(i), id)
		}
		if q, ok := tint[id]; ok && q != p {
			t.Fatalf("step %d level %d: group %d has two tints (cell %v)", step, l, id, w.Grid.Point(i))
		}
		tint[id] = p
	}
}

// Room strokes on levels 2 and up, terrain edits that open cells a
// level-1 room leaves out, undo, redo and level changes: after each step
// the rooms' cover (uncovered, found from the cells changed since) is a
// walk's, and FreeRoom (from the counts strokes and undos move) is the
// first letter a walk of the layer does not find. Fails when a stroke's
// counts do not take the old letter off.
func TestRoomCoverAndFreeRoomFollowMixedEdits(t *testing.T) {
	w := cutWorld(t, 300, 300, 12)
	w.SetEndpoints(image.Pt(1, 1), image.Pt(298, 298))
	w.Begin()
	w.SetAlgo(AlgoGroup)
	w.SetLevels(3)
	w.Wait()
	rng := rand.New(rand.NewPCG(7, 8))
	for lv, c := range []byte{'A', 'B'} {
		layer := make([]byte, w.Grid.Len())
		for i := range layer {
			layer[i] = c
			if lv == 0 && !w.Grid.Open(w.Grid.Point(i)) && rng.IntN(2) == 0 || lv == 1 && rng.IntN(2000) == 0 {
				layer[i] = NoRoom
			}
		}
		w.publishRooms(lv+1, layer)
	}
	rp := func() image.Point { return image.Pt(rng.IntN(300), rng.IntN(300)) }
	for step := range 600 {
		switch r := rng.IntN(9); r {
		case 0, 1:
			lv := 2 + rng.IntN(len(w.Regions))
			letter := byte("ABC##"[rng.IntN(5)])
			w.BeginRoomStroke(rp(), lv, letter, []int{1, 3, 5, 9}[rng.IntN(4)])
			for range rng.IntN(4) {
				w.RoomStrokeTo(rp())
				for l := 1; l <= 3; l++ {
					w.uncovered(l)
				}
			}
			w.EndRoomStroke()
		case 2:
			fill(w, rp())
		case 3:
			w.BeginStroke(rp(), 1)
			if rng.IntN(2) == 0 {
				w.StrokeTo(rp())
			}
			w.EndStroke()
		case 4, 5:
			w.Undo()
		case 6:
			w.Redo()
		case 7:
			var e Edit
			e.Kind = EditFill
			for range 1 + rng.IntN(8000) {
				e.Cells = append(e.Cells, CellEdit{P: rp(), New: uint8(rng.IntN(2))})
				if rng.IntN(2) == 0 {
					e.Cells = e.Cells[:1]
				}
			}
			w.ApplyEdit(e)
		case 8:
			w.SetLevels(1 + rng.IntN(3))
		}
		w.Tick(0)
		for l := 1; l <= 3; l++ {
			p, ok := w.uncovered(l)
			// a walk from scratch
			var wp image.Point
			wok := true
			if len(w.Regions) >= l {
				lv, at := w.scanCover(l, 0, 0)
				_ = lv
				switch {
				case at == -1:
					wp, wok = image.Point{}, false
				case at < 0:
					wp = image.Pt(-1, -1)
				default:
					wp = w.Grid.Point(at)
				}
			} else {
				wp = image.Pt(-1, -1)
			}
			if p != wp || ok != wok {
				t.Fatalf("step %d levels %d: uncovered %v %v, a walk %v %v", step, l, p, ok, wp, wok)
			}
		}
		for lv := 1; lv <= len(w.Regions)+1; lv++ {
			got, gok := w.FreeRoom(lv)
			var seen [256]bool
			if lv <= len(w.Regions) {
				for _, c := range w.Regions[lv-1] {
					seen[c] = true
				}
			}
			var want byte
			wok := false
			for i := 0; i < len(roomLetters); i++ {
				if !seen[roomLetters[i]] {
					want, wok = roomLetters[i], true
					break
				}
			}
			if got != want || gok != wok {
				t.Fatalf("step %d level %d: FreeRoom %q %v, a walk %q %v", step, lv, got, gok, want, wok)
			}
		}
	}
}
