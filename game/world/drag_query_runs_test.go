package world

import (
	"image"
	"testing"

	"pathlens/pathing"
)

// Dragging S or G replans at every mouse move; with HPA* on a 512×512 map
// each move ran the query cold and then up to five more times to time it
// for the panel. A drag's live plan runs the query once, its time marked as
// one run (Outcome.OneRun), and the Replan at the drop times it as any
// plan is timed.
func TestDragMoveRunsTheQueryOnce(t *testing.T) {
	for _, size := range []int{200, 320} { // traced live, and not
		for _, goal := range []bool{false, true} {
			w := plannedOpenHPA(t, size)
			reads := countReads(t)
			from, step := w.Start, image.Pt(3, 2)
			if goal {
				from, step = w.Goal, image.Pt(-3, -2) // towards the start, on the map
			}
			moves := 0
			for k := 1; k <= 4; k++ {
				w.MoveEndpoint(goal, from.Add(step.Mul(k)))
				moves++
			}
			if w.Busy() {
				w.Close()
				t.Fatalf("%d² goal %v: the drag's plans did not finish in their move", size, goal)
			}
			if *reads != 2*moves {
				t.Errorf("%d² goal %v: %d mouse moves ran the query %d times untraced; want once a move", size, goal, moves, *reads/2)
			}
			if w.Outcome.Status != pathing.Found || !w.Outcome.OneRun {
				t.Errorf("%d² goal %v: during the drag: %v, one run %v; want a path, its time marked as one run", size, goal, w.Outcome.Status, w.Outcome.OneRun)
			}
			if wantTraced := size*size <= liveTraceCells; w.Outcome.Traced != wantTraced {
				t.Errorf("%d² goal %v: traced %v during the drag, want %v", size, goal, w.Outcome.Traced, wantTraced)
			}
			*reads = 0
			w.Replan() // the drop (game's queryTool.Release)
			settleUntimed(w)
			if w.Outcome.OneRun || *reads != 12 || !w.Outcome.Traced {
				t.Errorf("%d² goal %v: after the drop: one run %v, %d untraced runs, traced %v; want the cold run and five warm ones, traced", size, goal, w.Outcome.OneRun, *reads/2, w.Outcome.Traced)
			}
			w.Close()
		}
	}
}
