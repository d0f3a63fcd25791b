package world

import (
	"image"
	"math"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"pathlens/maps"
	"pathlens/pathing"
)

// countOptSearches counts the optimal reference's searches started (on
// the worker or at once) until the test ends.
func countOptSearches(t *testing.T) *atomic.Int32 {
	t.Helper()
	n := new(atomic.Int32)
	optSearchHook = func() { n.Add(1) }
	t.Cleanup(func() { optSearchHook = nil })
	return n
}

// optLines counts the "optimal" lines in w's log.
func optLines(w *World) int {
	n := 0
	for _, l := range w.Log.Recent(nil, maxKeptLines) {
		if strings.HasPrefix(l, "optimal ") {
			n++
		}
	}
	return n
}

// liveMoves is a drag of the goal (drag) or a fill stroke across the
// middle of w's open map, four mouse moves; release is its drop or end.
func liveMoves(t *testing.T, w *World, drag bool) (release func()) {
	t.Helper()
	if drag {
		from := w.Goal
		for k := 1; k <= 4; k++ {
			w.MoveEndpoint(true, from.Add(image.Pt(-3*k, -2*k)))
		}
		return w.Replan
	}
	n := w.Grid.Width()
	w.repairTime = 0 // repaired live (see TestStrokeMoveRunsTheQueryOnce)
	w.BeginStrokeWith(image.Pt(n/2, n/2-20), Brush{Mode: PaintFill})
	for y := n/2 - 15; y <= n/2; y += 5 {
		w.repairTime = 0
		w.StrokeTo(image.Pt(n/2, y))
	}
	if w.stroke == nil || len(w.stroke.pending) > 0 {
		t.Fatal("the stroke deferred its repair: its moves were not replanned live")
	}
	return w.EndStroke
}

// From a profile of dragging the goal and of painting on 512×512 maps:
// each mouse move's live plan asked for the optimal reference, whose A*
// on the optimal worker outlasted the frame and was dropped by the next
// move, and those searches cost the machine more than the window's own
// work (6–16 ms of CPU a move against 2–8). On a grid over
// syncOptimalCells a live plan now defers the search (Optimal.Deferred);
// letting go asks for it, and the figures then are those of the query
// planned afresh.
func TestLiveMovesDeferTheOptimalReference(t *testing.T) {
	for _, drag := range []bool{true, false} {
		w := plannedOpenHPA(t, 320)
		searches := countOptSearches(t)
		w.Log = NewEventLog(nil)
		release := liveMoves(t, w, drag)
		if w.Outcome.Status != pathing.Found || !w.Outcome.OneRun {
			t.Fatalf("drag %v: the test needs a live answer: %v, one run %v", drag, w.Outcome.Status, w.Outcome.OneRun)
		}
		o := &w.Optimal
		if n := searches.Load(); n != 0 || !o.Deferred || o.Pending || o.Known {
			t.Errorf("drag %v: during the moves: %d optimal searches, deferred %v, pending %v, known %v; want none started, deferred",
				drag, n, o.Deferred, o.Pending, o.Known)
		}
		release()
		settleUntimed(w)
		if n := searches.Load(); n != 1 || o.Deferred || !o.Known || !o.Found {
			t.Errorf("drag %v: after letting go: %d optimal searches, deferred %v, known %v; want one, known", drag, n, o.Deferred, o.Known)
		}
		// The figures are those of the same query planned on a fresh
		// session over the same grid.
		fresh := New(maps.NewMap("copy", w.Grid.Clone()))
		fresh.Settings = w.Settings
		fresh.Queries = [][2]image.Point{{w.Start, w.Goal}}
		fresh.Begin()
		settleUntimed(fresh)
		if o.Cost != fresh.Optimal.Cost || w.Outcome.Cost != fresh.Outcome.Cost || w.Outcome.Expanded != fresh.Outcome.Expanded ||
			math.Float64bits(w.Suboptimality()) != math.Float64bits(fresh.Suboptimality()) {
			t.Errorf("drag %v: optimal %v, cost %v, expanded %d, subopt %v; a fresh plan: %v, %v, %d, %v", drag,
				o.Cost, w.Outcome.Cost, w.Outcome.Expanded, w.Suboptimality(),
				fresh.Optimal.Cost, fresh.Outcome.Cost, fresh.Outcome.Expanded, fresh.Suboptimality())
		}
		if got := optLines(w); got != 1 {
			t.Errorf("drag %v: %d optimal lines logged after letting go, want one", drag, got)
		}
		fresh.Close()
		w.Close()
	}
}

// A mouse resting with the button held (a pause in a drag) starts the
// deferred search after optRest, as the frames tick; a move before then
// does not.
func TestLiveMoveRestStartsTheOptimalReference(t *testing.T) {
	now := time.Unix(1000, 0)
	was := tickClock
	tickClock = func() time.Time { return now }
	t.Cleanup(func() { tickClock = was })
	w := plannedOpenHPA(t, 320)
	defer w.Close()
	searches := countOptSearches(t)
	w.Log = NewEventLog(nil)
	w.MoveEndpoint(true, w.Goal.Add(image.Pt(-2, -1)))
	now = now.Add(optRest - time.Millisecond)
	w.Tick(0.016)
	if n := searches.Load(); n != 0 || !w.Optimal.Deferred {
		t.Fatalf("before the rest: %d searches, deferred %v; want none, deferred", n, w.Optimal.Deferred)
	}
	now = now.Add(time.Millisecond)
	w.Tick(0.016)
	w.WaitOptimal()
	o := &w.Optimal
	if n := searches.Load(); n != 1 || o.Deferred || !o.Known || !w.Outcome.OneRun {
		t.Fatalf("after the rest: %d searches, deferred %v, known %v, one run %v; want one search, known, the live answer still shown",
			n, o.Deferred, o.Known, w.Outcome.OneRun)
	}
	ref := pathing.NewSearcher(w.Grid)
	res, err := ref.Search(pathing.Query{Start: w.Start, Goal: w.Goal, Neighborhood: w.Settings.Neighborhood})
	if err != nil || res.Status != pathing.Found || res.Cost != o.Cost {
		t.Fatalf("the rest's optimal %v; A* finds %v %v %v", o.Cost, res.Status, res.Cost, err)
	}
	// The drop on the same cell asks for nothing more: the answer is known.
	w.Replan()
	settleUntimed(w)
	if n := searches.Load(); n != 1 || !o.Known || optLines(w) != 1 {
		t.Errorf("after the drop: %d searches, known %v, %d optimal lines; want the rest's answer, logged once", n, o.Known, optLines(w))
	}
}

// On a grid up to syncOptimalCells the reference is computed at once, a
// small search: a live plan still shows it.
func TestLiveMoveKeepsTheSmallGridOptimal(t *testing.T) {
	for _, drag := range []bool{true, false} {
		w := plannedOpenHPA(t, 200)
		liveMoves(t, w, drag)
		if o := &w.Optimal; o.Deferred || !o.Known || !w.Outcome.OneRun {
			t.Errorf("drag %v: 200²: deferred %v, known %v, one run %v; want the live answer with its optimal", drag, o.Deferred, o.Known, w.Outcome.OneRun)
		}
		w.EndStroke()
		w.Close()
	}
}
