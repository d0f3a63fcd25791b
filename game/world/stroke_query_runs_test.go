package world

import (
	"image"
	"testing"
	"time"

	"pathlens/maps"
	"pathlens/pathing"
)

// countReads replaces queryClock with a clock that never moves (every run
// takes 0, fast enough to be timed five times more) and returns the count
// of its reads: an untraced hierarchical query run reads it twice.
func countReads(t *testing.T) *int {
	t.Helper()
	was := queryClock
	t.Cleanup(func() { queryClock = was })
	reads := new(int)
	now := time.Unix(0, 0)
	queryClock = func() time.Time {
		*reads++
		return now
	}
	return reads
}

// plannedOpenHPA opens an open size×size map with HPA* and one corner to
// corner query, and waits for its plan, which must be found and timed in
// full (not marked as one run). The caller closes it.
func plannedOpenHPA(t *testing.T, size int) *World {
	t.Helper()
	w := New(maps.NewMap("open", pathing.MustGrid(size, size)))
	w.Settings.Algo = AlgoHPA
	w.Queries = [][2]image.Point{{{5, 5}, {size - 6, size - 6}}}
	w.Begin()
	settleUntimed(w)
	if w.Outcome.Status != pathing.Found || w.Outcome.OneRun {
		w.Close()
		t.Fatalf("%d²: the first plan: %v, one run %v; want a path, timed", size, w.Outcome.Status, w.Outcome.OneRun)
	}
	return w
}

// From a profile of a fill stroke on a 512×512 map: most of a mouse
// move's work was the replan's query, run cold, then five more times to
// time it for the panel, at every move. A stroke's live plan runs an
// HPA* query once, its time marked as one run (Outcome.OneRun), and the
// plan at the stroke's end times it as any plan does.
func TestStrokeMoveRunsTheQueryOnce(t *testing.T) {
	for _, size := range []int{200, 320} { // traced live, and not
		w := plannedOpenHPA(t, size)
		reads := countReads(t)
		// The budget check (repairBudget) is forgotten before every move:
		// on a loaded machine one move's repair of the 320² map can take
		// over 4 ms and the stroke would defer, and this test counts runs,
		// not time.
		w.repairTime = 0
		w.BeginStrokeWith(image.Pt(size/2, 40), Brush{Mode: PaintFill})
		moves := 1
		for y := 45; y <= 60; y += 5 {
			w.repairTime = 0
			w.StrokeTo(image.Pt(size/2, y))
			moves++
		}
		if w.stroke == nil || len(w.stroke.pending) > 0 {
			w.Close()
			t.Fatalf("%d²: the stroke deferred its repair: its moves were not replanned live", size)
		}
		if *reads != 2*moves {
			t.Errorf("%d²: %d mouse moves ran the query %d times untraced; want once a move", size, moves, *reads/2)
		}
		if w.Outcome.Status != pathing.Found || !w.Outcome.OneRun {
			t.Errorf("%d²: during the stroke: %v, one run %v; want a path, its time marked as one run", size, w.Outcome.Status, w.Outcome.OneRun)
		}
		if wantTraced := size*size <= liveTraceCells; w.Outcome.Traced != wantTraced {
			t.Errorf("%d²: traced %v during the stroke, want %v", size, w.Outcome.Traced, wantTraced)
		}
		*reads = 0
		w.EndStroke()
		settleUntimed(w)
		if w.Outcome.OneRun || *reads != 12 || !w.Outcome.Traced {
			t.Errorf("%d²: after the stroke: one run %v, %d untraced runs, traced %v; want the cold run and five warm ones, traced", size, w.Outcome.OneRun, *reads/2, w.Outcome.Traced)
		}
		w.Close()
	}
}
