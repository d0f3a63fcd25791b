package world

import (
	"image"
	"math/rand/v2"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

// An edit of a big map makes the next version's snapshot by writing the
// cells it changed into the last version's copy (nobody reading it), not
// by copying every cell on the window thread: a cell the edit did not
// touch is left as the copy had it (here a mark planted in the copy, which
// a copy of the whole grid would wipe), and the edited cells are the
// grid's.
func TestSnapshotWritesOnlyTheCellsChanged(t *testing.T) {
	const n = 600
	w := New(maps.NewMap("open", pathing.MustGrid(n, n)))
	defer w.Close()
	w.SetEndpoints(image.Pt(10, 300), image.Pt(590, 300))
	settleUntimed(w)
	s := w.snapshot()
	if s.jobs.Load() != 0 || s.grid == w.cuts.walls {
		t.Fatalf("the snapshot is still read (%d jobs) or kept by the cut cells", s.jobs.Load())
	}
	g := s.grid
	mark := g.Index(image.Pt(100, 100))
	g.Cells()[mark] = 7 // open either way: the open count holds
	patches := snapPatches.Load()
	wallEdit(w, 300, 10, 20)
	s2 := w.snapshot()
	if s2.grid != g {
		t.Fatal("the next version's snapshot is a new grid, not the last one's copy")
	}
	if got := g.Cells()[mark]; got != 7 {
		t.Errorf("a cell no edit touched was written (weight %d): the whole grid was copied", got)
	}
	if snapPatches.Load() == patches {
		t.Error("no snapshot was patched")
	}
	g.Cells()[mark] = 1
	if !g.Equal(w.Grid) || g.OpenCount() != w.Grid.OpenCount() {
		t.Errorf("the patched snapshot is not the grid (open %d, want %d)", g.OpenCount(), w.Grid.OpenCount())
	}
}

// Whatever the edits (walls, weights, undo and redo, one too big for the
// journal), and whether or not a job still reads the last snapshot, the
// snapshot is the grid: its cells and its open count.
func TestSnapshotIsTheGridThroughEdits(t *testing.T) {
	const n = 300 // over asyncCells
	w := New(maps.NewMap("open", pathing.MustGrid(n, n)))
	defer w.Close()
	w.SetEndpoints(image.Pt(1, 1), image.Pt(n-2, n-2))
	settleUntimed(w)
	rng := rand.New(rand.NewPCG(1, 2))
	var held []*gridSnap
	for step := range 300 {
		var e Edit
		switch k := rng.IntN(20); {
		case k < 8:
			e.Kind = EditFill
		case k < 14:
			e.Kind = EditDig
		case k < 19:
			e.Kind = EditWeight
			e.Weight = uint8(2 + rng.IntN(5))
		default: // a rectangle past the journal's capacity
			e.Kind = EditFill
			for y := range 250 {
				for x := range n {
					e.Cells = append(e.Cells, CellEdit{P: image.Pt(x, y)})
				}
			}
		}
		if len(e.Cells) == 0 {
			for range 1 + rng.IntN(30) {
				e.Cells = append(e.Cells, CellEdit{P: image.Pt(rng.IntN(n), rng.IntN(n))})
			}
		}
		for i := range e.Cells {
			switch e.Kind {
			case EditDig:
				e.Cells[i].New = 1
			case EditWeight:
				e.Cells[i].New = e.Weight
			}
		}
		switch r := rng.IntN(10); {
		case r == 0 && w.UndoSteps() > 0:
			w.Undo()
		case r == 1:
			w.Redo()
		default:
			w.ApplyEdit(e)
		}
		if rng.IntN(4) == 0 { // a job reads this version's copy a while
			s := w.snapshot()
			s.jobs.Add(1)
			held = append(held, s)
		}
		if len(held) > 0 && rng.IntN(3) == 0 {
			held[0].jobs.Add(-1)
			held = held[1:]
		}
		s := w.snapshot()
		if s.key != w.gridKey() || !s.grid.Equal(w.Grid) || s.grid.OpenCount() != w.Grid.OpenCount() {
			t.Fatalf("step %d (%v, %d cells): the snapshot is not the grid (open %d, want %d)",
				step, e.Kind, len(e.Cells), s.grid.OpenCount(), w.Grid.OpenCount())
		}
	}
	for _, s := range held {
		s.jobs.Add(-1)
	}
	if snapPatches.Load() == 0 {
		t.Error("no snapshot was patched")
	}
}
