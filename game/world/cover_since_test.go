package world

import (
	"image"
	"math/rand/v2"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

// After an edit, whether the rooms cover every open cell is found from
// the cells the edit changed, not by walking the grid: an uncovered cell
// planted behind the world's back (a layer written in place, which the
// world never does) far from the edit is not seen, where a walk of the
// grid would find it.
func TestRegionsCoverLooksAtTheCellsChanged(t *testing.T) {
	const n = 300
	w := New(maps.NewMap("open", pathing.MustGrid(n, n)))
	defer w.Close()
	layer := make([]byte, n*n)
	for i := range layer {
		layer[i] = 'A'
	}
	w.publishRooms(1, layer)
	if !w.regionsCover(1) {
		t.Fatal("a layer of one room over the map does not cover it")
	}
	layer[w.Grid.Index(image.Pt(250, 250))] = NoRoom // behind the world's back
	wallEdit(w, 10, 10, 12)
	if !w.regionsCover(1) {
		t.Error("the edit walked the grid for the answer (it found the cell planted away from the edit)")
	}
	// An edit of cells outside every room is seen.
	layer[w.Grid.Index(image.Pt(20, 20))] = NoRoom
	w.ApplyEdit(Edit{Kind: EditWeight, Weight: 3, Cells: []CellEdit{{P: image.Pt(20, 20), New: 3}}})
	if p, ok := w.uncovered(1); !ok || p != image.Pt(20, 20) {
		t.Errorf("uncovered %v %v after an edit of a cell in no room, want (20,20)", p, ok)
	}
}

// Through random edits (walls over the uncovered cell named, digs, weights,
// undo, redo, one edit too big for the journal) and rooms published anew,
// on two levels of rooms with holes (or a first with few, soon walled,
// and a second of another size than the grid), the answer is the one a
// walk of the grid gives.
func TestRegionsCoverIsTheScansThroughEdits(t *testing.T) {
	for _, c := range []struct {
		levels int
		short  bool
	}{{1, false}, {2, false}, {2, true}} {
		regionsCoverThroughEdits(t, c.levels, c.short)
	}
}

func regionsCoverThroughEdits(t *testing.T, levels int, short bool) {
	const n = 300 // over asyncCells: the journal is the big map's
	w := New(maps.NewMap("open", pathing.MustGrid(n, n)))
	defer w.Close()
	rng := rand.New(rand.NewPCG(3, 4))
	var holes []int // the cells in no room of some level: most edits touch them
	newLayer := func(level, k int) []byte {
		l := make([]byte, n*n)
		if short && level == 2 {
			l = l[:n*n/2]
		}
		if short && level == 1 {
			k = min(k, 2) // walled soon: the walk goes on to the short layer
		}
		for i := range l {
			l[i] = 'A' + byte(i%n/50)
		}
		for range k {
			i := rng.IntN(len(l))
			l[i] = NoRoom
			holes = append(holes, i)
		}
		return l
	}
	w.publishRooms(1, newLayer(1, 20))
	w.publishRooms(2, newLayer(2, 20))
	cells := func(k int) []CellEdit {
		var cs []CellEdit
		for range k {
			p := image.Pt(rng.IntN(n), rng.IntN(n))
			if rng.IntN(2) == 0 {
				p = w.Grid.Point(holes[rng.IntN(len(holes))])
			}
			cs = append(cs, CellEdit{P: p})
		}
		return cs
	}
	for step := range 400 {
		_, before := w.uncovered(levels)
		var e Edit
		switch k := rng.IntN(40); {
		case k < 10: // wall the cell named, and a few others
			e = Edit{Kind: EditFill, Cells: cells(rng.IntN(4))}
			if p, ok := w.uncovered(levels); ok && w.Grid.In(p) {
				e.Cells = append(e.Cells, CellEdit{P: p})
			}
		case k < 22:
			e = Edit{Kind: EditDig, Cells: cells(1 + rng.IntN(20))}
		case k < 30:
			e = Edit{Kind: EditWeight, Weight: 4, Cells: cells(1 + rng.IntN(20))}
		case k < 33:
			w.Undo()
		case k < 36:
			w.Redo()
		case k < 37: // rooms published anew (holes elsewhere), then an edit:
			// the answer is kept for the rooms done (roomsDone), which a
			// publish alone does not move, as before
			l := 1 + rng.IntN(2)
			w.publishRooms(l, newLayer(l, rng.IntN(20)))
			e = Edit{Kind: EditFill, Cells: cells(1)}
			if !w.Grid.Open(e.Cells[0].P) {
				e.Kind = EditDig
			}
		case k < 38: // past the journal's capacity
			e = Edit{Kind: EditFill}
			for y := range 230 {
				for x := range n {
					e.Cells = append(e.Cells, CellEdit{P: image.Pt(x, y)})
				}
			}
		default:
			e = Edit{Kind: EditFill, Cells: cells(1 + rng.IntN(30))}
		}
		for i := range e.Cells {
			switch e.Kind {
			case EditDig:
				e.Cells[i].New = 1
			case EditWeight:
				e.Cells[i].New = e.Weight
			}
		}
		if len(e.Cells) > 0 {
			w.ApplyEdit(e)
		}
		p, ok := w.uncovered(levels)
		wl, wat := w.scanCover(levels, 0, 0)
		want, wantOK := image.Pt(-1, -1), true
		switch {
		case wat == -1:
			want, wantOK = image.Point{}, false
		case wat >= 0:
			want = w.Grid.Point(wat)
		}
		if p != want || ok != wantOK {
			t.Fatalf("short layer %v, step %d (levels %d, edit %v of %d cells, uncovered before %v): uncovered %v %v, a walk of the grid finds %v %v (level %d)",
				short, step, levels, e.Kind, len(e.Cells), before, p, ok, want, wantOK, wl+1)
		}
	}
}
