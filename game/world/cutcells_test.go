package world

import (
	"image"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"pathlens/maps"
	"pathlens/pathing"
)

// cutWorld returns a session on a w×h grid with a third of its cells
// walls at random (many chokepoints, many small areas), not begun.
func cutWorld(tb testing.TB, w, h int, seed uint64) *World {
	tb.Helper()
	g := pathing.MustGrid(w, h)
	rng := rand.New(rand.NewPCG(seed, 7))
	for i := 0; i < g.Len(); i++ {
		if rng.Float64() < 0.33 {
			g.SetOpen(g.Point(i), false)
		}
	}
	wd := New(&maps.Map{Name: "cuts", Grid: g})
	tb.Cleanup(wd.Close)
	return wd
}

// aCutCell returns an open cell of w's grid that is a cut cell.
func aCutCell(t *testing.T, w *World) image.Point {
	t.Helper()
	for i, n := range pathing.CutCells(w.Grid, nil) {
		if n > 1 {
			return w.Grid.Point(i)
		}
	}
	t.Fatal("the grid has no cut cell")
	return image.Point{}
}

// fill fills (or digs) one cell with a stroke of its own.
func fill(w *World, p image.Point) {
	w.BeginStroke(p, 0)
	w.EndStroke()
}

// upToDate fails unless the session's cut cells are the grid's as it is.
func upToDate(t *testing.T, w *World, when string) {
	t.Helper()
	got := w.CutCells()
	if got == nil {
		t.Fatalf("%s: no cut cells", when)
	}
	if want := pathing.CutCells(w.Grid, nil); !slices.Equal(got, want) {
		t.Fatalf("%s: the session's cut cells differ from pathing.CutCells on the grid", when)
	}
}

// holdCutJobs makes the cut worker wait at the start of each job until
// the returned release is called, and returns the grid versions of the
// jobs it has started so far.
func holdCutJobs(t *testing.T) (release func(), started func() []uint64) {
	t.Helper()
	gate := make(chan struct{})
	var mu sync.Mutex
	var vs []uint64
	cutHook = func(j *cutJob) {
		mu.Lock()
		vs = append(vs, j.key.version)
		mu.Unlock()
		<-gate
	}
	var once sync.Once
	release = func() { once.Do(func() { close(gate) }) }
	t.Cleanup(func() {
		release()
		cutHook = nil
	})
	return release, func() []uint64 {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(vs)
	}
}

// The drawing thread computed the cut cells after every edit (a second on
// a 4M-cell map, the window frozen). The session computes them: on a grid
// above 256×256 in the background, the frame that asks getting none and
// the pending state at once, and Tick taking the result when it is in; on
// a smaller grid at once. Either way they equal pathing.CutCells.
func TestCutCellsArriveFromTheWorker(t *testing.T) {
	w := cutWorld(t, 300, 300, 1)
	if w.CutCells() != nil {
		t.Fatal("cut cells before they were shown")
	}
	w.ShowCutCells(true)
	if _, pending := w.CutCellsPending(); !pending || w.CutCells() != nil {
		t.Fatalf("just asked on 300×300: pending %v, cut cells %v; want pending and none", pending, w.CutCells() != nil)
	}
	if w.cuts.worker == nil {
		t.Fatal("no worker computes them")
	}
	deadline := time.Now().Add(10 * time.Second)
	for w.CutCells() == nil && time.Now().Before(deadline) {
		w.Tick(0)
		time.Sleep(time.Millisecond)
	}
	upToDate(t, w, "after Ticks")
	if _, pending := w.CutCellsPending(); pending {
		t.Error("still pending with the result in")
	}
	p := aCutCell(t, w)
	if n, ok := w.CutOff(p); !ok || n != pathing.CutCells(w.Grid, nil)[w.Grid.Index(p)] || n == 0 {
		t.Errorf("CutOff(%v) = %d, %v", p, n, ok)
	}
	if _, ok := w.CutOff(image.Pt(-1, 0)); ok {
		t.Error("CutOff off the map is known")
	}

	small := cutWorld(t, 100, 100, 2)
	small.ShowCutCells(true)
	if _, pending := small.CutCellsPending(); pending || small.cuts.worker != nil {
		t.Error("100×100: computed in the background")
	}
	upToDate(t, small, "100×100, at once")
	fill(small, aCutCell(t, small))
	small.Tick(0)
	upToDate(t, small, "100×100, the Tick after an edit")
}

// An edit while the cut cells are computed: the computation for the grid
// before the edit is stopped and its result never taken, the frame after
// the edit shows none (not the earlier grid's), and the next result is the
// edited grid's. Also when the earlier grid's result is already in when
// the edit comes.
func TestCutCellsEditDuringComputationShowsNoOldMarks(t *testing.T) {
	w := cutWorld(t, 300, 300, 3)
	release, started := holdCutJobs(t)
	w.ShowCutCells(true)
	v0 := w.GridVersion()
	deadline := time.Now().Add(10 * time.Second)
	for len(started()) == 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond) // the worker holds the first job
	}
	fill(w, aCutCell(t, w))
	if w.CutCells() != nil {
		t.Fatal("cut cells shown right after the edit")
	}
	w.Tick(0)
	if _, pending := w.CutCellsPending(); !pending {
		t.Fatal("the edited grid's cut cells are not being computed")
	}
	release()
	want := pathing.CutCells(w.Grid, nil)
	for w.CutCells() == nil && time.Now().Before(deadline) {
		w.Tick(0)
		if w.cuts.shown != nil && w.cuts.key.version == v0 {
			t.Fatal("the stopped computation's result was taken")
		}
		time.Sleep(time.Millisecond)
	}
	if got := w.CutCells(); !slices.Equal(got, want) {
		t.Fatal("the result shown is not the edited grid's")
	}
	if vs := started(); len(vs) != 2 || vs[0] != v0 || vs[1] != w.GridVersion() {
		t.Errorf("jobs started for versions %v, want %d then %d", vs, v0, w.GridVersion())
	}

	// The result for the grid before an edit is in, not yet taken, when
	// the edit comes: Tick takes it without showing it, and its buffer is
	// filled again for the edited grid.
	fill(w, aCutCell(t, w))
	w.Tick(0)
	j := w.cuts.job
	if j == nil {
		t.Fatal("no computation after an edit")
	}
	for len(j.done) == 0 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	fill(w, aCutCell(t, w))
	w.Tick(0)
	if w.CutCells() != nil {
		t.Fatal("the earlier grid's result shown after the edit")
	}
	if nj := w.cuts.job; nj == nil || nj.key.version != w.GridVersion() || nj.dst == nil {
		t.Fatal("the edited grid's cut cells are not computed into the stale result's buffer")
	}
	w.Wait()
	upToDate(t, w, "after an edit with a result waiting")
}

// The layer's memory: one result buffer serves every edit (a stale
// result is filled again), the session holding at most one spare beside
// the result shown, also when edits stop computations under way.
func TestCutCellsReuseOneBuffer(t *testing.T) {
	for _, size := range []int{100, 300} {
		w := cutWorld(t, size, size, 4)
		w.ShowCutCells(true)
		w.Wait()
		first := &w.CutCells()[0]
		for k := 0; k < 5; k++ {
			fill(w, aCutCell(t, w))
			if k%2 == 1 {
				w.Tick(0) // started, then stopped by the next edit
				fill(w, aCutCell(t, w))
			}
			w.Tick(0)
			w.Wait()
			upToDate(t, w, "after an edit")
			if &w.CutCells()[0] != first {
				t.Errorf("%d×%d, edit %d: the result is in a new buffer", size, size, k)
			}
			if w.cuts.spare != nil {
				t.Errorf("%d×%d, edit %d: a spare buffer is held beside the result", size, size, k)
			}
		}
	}
}

// A stroke makes a new grid version at every mouse move: no cut cells are
// computed while it is painted (none are shown: they would be of the grid
// before it), and its end asks for them.
func TestCutCellsWaitForTheStrokesEnd(t *testing.T) {
	w := cutWorld(t, 300, 300, 5)
	w.ShowCutCells(true)
	w.Wait()
	p := aCutCell(t, w)
	w.BeginStroke(p, 0)
	w.StrokeTo(p.Add(image.Pt(3, 0)))
	w.Tick(0)
	if _, pending := w.CutCellsPending(); pending || w.cuts.job != nil || w.CutCells() != nil {
		t.Fatalf("while painting: pending %v, job %v, shown %v", pending, w.cuts.job != nil, w.CutCells() != nil)
	}
	w.Wait()
	if w.CutCells() != nil {
		t.Fatal("Wait computed them during the stroke")
	}
	w.EndStroke()
	w.Tick(0)
	if _, pending := w.CutCellsPending(); !pending {
		t.Fatal("the stroke's end asked for no cut cells")
	}
	w.Wait()
	upToDate(t, w, "after the stroke")
}

// Off (the components layer hidden), nothing is computed: no worker, no
// result, however the grid changes; turned off after a result, that
// result stays while it is the grid's and is let go after an edit.
func TestCutCellsHiddenComputesNothing(t *testing.T) {
	for _, size := range []int{100, 300} {
		w := cutWorld(t, size, size, 6)
		runs := 0
		cutHook = func(*cutJob) { runs++ } // (no worker may start: nothing races)
		t.Cleanup(func() { cutHook = nil })
		w.Begin()
		w.Tick(0)
		fill(w, aCutCell(t, w))
		w.Tick(0)
		w.Wait()
		if w.cuts.worker != nil || w.cuts.job != nil || w.cuts.shown != nil || w.CutCells() != nil || runs > 0 {
			t.Fatalf("%d×%d, hidden: worker %v, job %v, result %v", size, size, w.cuts.worker != nil, w.cuts.job != nil, w.cuts.shown != nil)
		}
		cutHook = nil
		w.ShowCutCells(true)
		w.Wait()
		w.ShowCutCells(false)
		upToDate(t, w, "hidden again, grid unchanged")
		fill(w, aCutCell(t, w))
		w.Tick(0)
		w.ShowCutCells(false)
		if w.cuts.job != nil || w.cuts.shown != nil || w.cuts.spare != nil {
			t.Errorf("%d×%d: hidden, after an edit: job %v, result %v, spare %v", size, size, w.cuts.job != nil, w.cuts.shown != nil, w.cuts.spare != nil)
		}
	}
}

// Close stops the cut worker: at once when idle, and within a moment when
// it is computing (the computation is stopped); no goroutine is left from
// the sessions closed. A closed session shown the layer again computes
// again, on a new worker.
func TestCutCellsCloseStopsTheWorker(t *testing.T) {
	base := runtime.NumGoroutine()
	for k := 0; k < 4; k++ {
		w := cutWorld(t, 400, 400, uint64(10+k))
		w.ShowCutCells(true)
		cw := w.cuts.worker
		if k%2 == 0 {
			w.Wait()
		} // else closed while it computes
		w.Close()
		if w.cuts.worker != nil || w.cuts.job != nil {
			t.Fatal("a worker or job is left after Close")
		}
		select {
		case <-cw.ended:
		case <-time.After(10 * time.Second):
			t.Fatalf("session %d: the cut worker still runs 10 s after Close", k)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > base && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine() - base; n > 0 {
		buf := make([]byte, 1<<16)
		t.Fatalf("%d goroutines left behind by 4 sessions, each closed:\n%s", n, buf[:runtime.Stack(buf, true)])
	}
	w := cutWorld(t, 300, 300, 20)
	w.ShowCutCells(true)
	w.Close()
	fill(w, aCutCell(t, w))
	w.ShowCutCells(true)
	w.Wait()
	upToDate(t, w, "a closed session shown the layer again")
	w.Close()
}

// BenchmarkCutCellsAfterAnEdit is what the components layer costs per
// stroke on a 512×512 map: the edit, the grid's copy for the worker, the
// search there and its result taken (the session's side: the copy and the
// hand-over; the search's allocations are pathing.CutCells').
func BenchmarkCutCellsAfterAnEdit(b *testing.B) {
	w := cutWorld(b, 512, 512, 30)
	w.ShowCutCells(true)
	w.Wait()
	p := image.Pt(256, 256)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		fill(w, p) // fills it, then digs it again
		w.Wait()
	}
	b.StopTimer()
	if w.CutCells() == nil {
		b.Fatal("no cut cells")
	}
}

// A cut-cell computation that panics (in the background on a large map, at
// once on a small one) shows no marks, says so once, is not tried again
// every frame, and is tried again after the next edit.
func TestCutCellsPanicFailsTheLayerNotTheSession(t *testing.T) {
	for _, side := range []int{300, 40} {
		capturePanicOut(t)
		w := cutWorld(t, side, side, 3)
		calls := 0
		cutPanicHook = func() { calls++; panic("bad index") }
		t.Cleanup(func() { cutPanicHook = nil })
		w.ShowCutCells(true)
		w.Wait()
		for range 3 {
			w.Tick(1.0 / 60)
		}
		if w.CutCells() != nil || !w.MessageErr || !strings.Contains(w.Message, "internal error while computing the cut cells: bad index") {
			t.Fatalf("side %d: marks %v, message %q", side, w.CutCells() != nil, w.Message)
		}
		if calls != 1 {
			t.Errorf("side %d: %d computations for one grid, want 1 (not one a frame)", side, calls)
		}
		cutPanicHook = nil
		fill(w, aCutCell(t, w))
		w.Wait()
		upToDate(t, w, "after the next edit")
	}
}

// From a review: cut cells depend on walls alone, yet a stroke of weights
// hid them while they were computed again (about a second on a 4M-cell
// map). A weight edit keeps them, re-keyed to the new grid version.
func TestCutCellsStandThroughWeightEdits(t *testing.T) {
	for _, side := range []int{300, 40} {
		w := cutWorld(t, side, side, 5)
		computed := 0
		cutPanicHook = func() { computed++ }
		t.Cleanup(func() { cutPanicHook = nil })
		w.ShowCutCells(true)
		w.Wait()
		upToDate(t, w, "first")
		open := aCutCell(t, w)
		w.BeginStroke(open, 4) // weight 4 on an open cell: walls unchanged
		w.EndStroke()
		w.Tick(1.0 / 60)
		if w.CutCells() == nil {
			t.Errorf("side %d: a weight edit hid the cut cells", side)
		}
		w.Wait()
		upToDate(t, w, "after a weight edit")
		if computed != 1 {
			t.Errorf("side %d: %d computations, want 1 (the weight edit needs none)", side, computed)
		}
		fill(w, open)
		w.Wait()
		upToDate(t, w, "after a fill")
		if computed != 2 {
			t.Errorf("side %d: %d computations after a fill, want 2", side, computed)
		}
	}
}

// A computation that finishes at the instant an edit abandons it (after
// the frame's poll found nothing, before the world let it go) used to send
// its result to nobody: its buffer was lost and the next computation made
// a new one (TestCutCellsReuseOneBuffer failed now and then). The worker
// is held right there, between its finish and its hand-over, while the
// edit comes.
func TestCutCellsFinishedAsTheEditComesKeepsItsBuffer(t *testing.T) {
	w := cutWorld(t, 300, 300, 6)
	w.ShowCutCells(true)
	w.Wait()
	first := &w.CutCells()[0]
	finished, gate := make(chan uint64, 4), make(chan struct{})
	cutDoneHook = func(j *cutJob) {
		finished <- j.key.version
		<-gate
	}
	var once sync.Once
	release := func() { once.Do(func() { close(gate) }) }
	t.Cleanup(func() {
		release()
		cutDoneHook = nil
	})
	fill(w, aCutCell(t, w))
	w.Tick(0)
	select {
	case <-finished:
	case <-time.After(10 * time.Second):
		t.Fatal("the computation never finished")
	}
	fill(w, aCutCell(t, w))
	w.Tick(0) // polls (nothing handed over yet), abandons it, starts the next
	release()
	w.Wait()
	upToDate(t, w, "after the edit")
	if &w.CutCells()[0] != first {
		t.Error("the result is in a new buffer: the abandoned result's buffer was lost")
	}
	if w.cuts.spare != nil {
		t.Error("a spare buffer is held beside the result")
	}
}
