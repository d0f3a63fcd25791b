package world

import (
	"image"
	"math/rand"
	"testing"

	"pathlens/pathing"
)

// walkOpen counts the open cells of g the slow way.
func walkOpen(g *pathing.Grid) int {
	n := 0
	for _, c := range g.Cells() {
		if c != pathing.Blocked {
			n++
		}
	}
	return n
}

// TestOpenCountAfterEdits checks that the grid's running open count (the
// panel's "N open cells") equals a fresh count after random strokes (dig,
// fill, weight), edit logs, undo and redo.
func TestOpenCountAfterEdits(t *testing.T) {
	for _, algo := range []Algo{AlgoAStar, AlgoHPA} {
		w, _ := mustWorld(t,
			"....#.......#...",
			"..#.#..##...#...",
			"..#....#....##..",
			"..####.#........",
			".......#...###..",
			"##.#####...#....",
			"........2..#..3.",
			"...#....2.......",
		)
		w.SetAlgo(algo)
		rng := rand.New(rand.NewSource(int64(algo) + 1))
		W, H := w.Grid.Width(), w.Grid.Height()
		cell := func() image.Point { return image.Pt(rng.Intn(W+2)-1, rng.Intn(H+2)-1) }
		for step := 0; step < 600; step++ {
			switch r := rng.Intn(100); {
			case r < 35: // a stroke: dig or fill (first cell decides) or weight
				var wt uint8
				if rng.Intn(3) == 0 {
					wt = uint8(1 + rng.Intn(9))
				}
				w.BeginStroke(image.Pt(rng.Intn(W), rng.Intn(H)), wt)
				for k := rng.Intn(4); k > 0; k-- {
					w.StrokeTo(cell())
				}
				w.EndStroke()
			case r < 50: // an edit log: digs, fills and weights at once
				var e Edit
				e.Kind = EditLog
				for k := 1 + rng.Intn(6); k > 0; k-- {
					e.Cells = append(e.Cells, CellEdit{P: cell(), New: uint8(rng.Intn(4))})
				}
				w.ApplyEdit(e)
			case r < 78:
				w.Undo()
			default:
				w.Redo()
			}
			if got, want := w.Grid.OpenCount(), walkOpen(w.Grid); got != want {
				t.Fatalf("%v, step %d: running open count %d, a fresh count %d", algo, step, got, want)
			}
		}
		for w.CanUndo() {
			w.Undo()
		}
		if got, want := w.Grid.OpenCount(), walkOpen(w.Grid); got != want {
			t.Fatalf("%v, all undone: running open count %d, a fresh count %d", algo, got, want)
		}
		if !w.Grid.Equal(w.scenario.Map.Grid) {
			t.Fatalf("%v: all undone, the grid is not the map loaded", algo)
		}
		if got, want := w.scenario.Map.Grid.OpenCount(), walkOpen(w.scenario.Map.Grid); got != want {
			t.Fatalf("%v: the loaded map's copy: running open count %d, a fresh count %d", algo, got, want)
		}
	}
}
