package world

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"pathlens/pathing"
)

// Background grid jobs: one mechanism for the work the session does over
// the whole grid of a large map (over asyncCells) off the window thread.
//
// Why. Three parts of the session compute something over the whole grid
// on a goroutine: the inspector's and the components layer's component
// labels (components.go), the layer's cut cells (cutcells.go) and the
// optimal reference (optimal.go). Each had its own worker, its own copy of
// the grid, its own way of keying a result on the grid it was for, of
// recovering a panic and of dropping a stale result; and the optimal
// reference copied the grid twice for every query (16 MB a copy at 4096²),
// a drag of the goal on an unchanged map making one pair a move.
//
// How. Two pieces, shared by the three:
//
//   - a snapshot (World.snapshot): a read-only copy of the grid for a
//     gridKey (the grid and its version), made the first time a job needs
//     that version and shared by every job that reads it, whichever kind
//     and however many. Nobody writes a snapshot, so jobs on different
//     goroutines read it at once; the cut cells keep the one their result
//     was computed from (sameWalls). So the grid is copied at most once a
//     version, and an optimal query on an unchanged grid copies nothing.
//   - a runner (bgRunner): one goroutine a kind of job, one job at a time,
//     the latest request winning. A job submitted replaces the one waiting
//     for the runner (never started: dropped); the world abandons the job
//     under way when it no longer wants it (bgJob.abandon): its context is
//     cancelled, which stops the cut cells and the optimal A* within a
//     moment, and its result is never handed over. (A labelling cannot be
//     stopped: the components start the next one only once it has ended,
//     so a stroke's edits copy the grid once a labelling, not once an
//     edit.) A job's result comes back on its own channel, so it is tagged
//     by the job: the world takes only its current job's, and each kind
//     keeps a result with the key it is for and shows it only while the
//     grid is still that version. A panic in a job is recovered on the
//     runner (Recovered): the job's result is that *InternalError, the
//     runner's scratch state is made anew, and the runner goes on.
//
// Memory. The world holds the snapshot of the latest version a job asked
// for (1 byte a cell: 16 MB at 4096²) until a newer one is asked for, plus
// whatever jobs not yet ended hold of older ones; the old workers each
// held a copy of their own (up to three). A snapshot counts the jobs that
// read it (gridSnap.jobs: until the runner has run a job and the world has
// taken its result or abandoned it); when that is 0 and the cut cells do
// not keep it as their walls, the next version is copied into it
// (pathing.Grid.CopyFrom) instead of a new grid: edits under the inspector
// alone allocate nothing, as its private copy did. A runner keeps its
// scratch (the labeler, the A* searcher) from job to job, and at most one
// spare result buffer: the one of a job stopped or dropped, filled again
// by the next job that brings none (release lets it go), so a stale
// result's memory is reused, not lost.

// gridKey is the grid a result is for: which grid (another map of the
// same size starts at version 0 too) at which version.
type gridKey struct {
	grid    *pathing.Grid
	version uint64
}

func (w *World) gridKey() gridKey { return gridKey{w.Grid, w.GridVersion()} }

// gridSnap is a read-only copy of the grid at key.
type gridSnap struct {
	key  gridKey
	grid *pathing.Grid
	// jobs counts, twice a job, the jobs that read grid: once until the
	// runner has run it (or dropped it), once until the world has taken
	// its result (or abandoned it). While it is 0 and nothing else of the
	// world's holds grid (the cut cells' walls), the next version's
	// snapshot is copied into it rather than into a new grid.
	jobs atomic.Int32
}

// snapCopies counts the snapshots made, snapClones those of them that
// needed a new grid (tests: the grid is copied once a version, into the
// last version's copy when nobody reads that any more).
var snapCopies, snapClones atomic.Int64

// snapPatches counts the snapshots made by writing the cells changed
// since the last version's into its copy (patchSnap).
var snapPatches atomic.Int64

// snapshot returns a copy of the grid as it is, for background jobs to
// read: the same copy for every call until the grid changes. Nobody may
// write it. Cost: one copy of the grid's cells the first time a version
// is asked for (into the last version's copy when no job reads it and the
// cut cells do not keep it: only the cells changed since when the journal
// holds them, see patchSnap; else into a new one), else a comparison.
func (w *World) snapshot() *gridSnap {
	k := w.gridKey()
	old := w.snap
	if old != nil && old.key == k {
		return old
	}
	snapCopies.Add(1)
	s := &gridSnap{key: k}
	if old != nil && old.jobs.Load() == 0 && old.grid != w.cuts.walls &&
		old.grid.Width() == w.Grid.Width() && old.grid.Height() == w.Grid.Height() {
		s.grid = old.grid // nobody reads it now, and only the world makes jobs
		if !w.patchSnap(s.grid, old.key) {
			s.grid.CopyFrom(w.Grid)
		}
	} else {
		snapClones.Add(1)
		s.grid = w.Grid.Clone()
	}
	w.snap = s
	return s
}

// patchSnap brings g, a copy of the grid at key, up to the grid now by
// writing only the cells changed since (the journal's), and reports
// whether it could: key is of this grid, the journal still holds them and
// they are few (up to one in 16 cells; past that a copy of the whole is
// as quick). An edit of a big map asked the optimal reference again with
// a snapshot of the new version, a copy of every cell on the window thread
// (0.8 ms of a one-cell edit's 1.6 ms at 4096×4096); patched, it costs
// what the edit changed.
func (w *World) patchSnap(g *pathing.Grid, key gridKey) bool {
	if key.grid != w.Grid {
		return false
	}
	changed, ok := w.fewChangedSince(key.version)
	if !ok {
		return false
	}
	for _, i := range changed {
		g.SetWeight(w.Grid.Point(int(i)), w.Grid.WeightAt(int(i)))
	}
	snapPatches.Add(1)
	return true
}

// bgJob is one job for a bgRunner: run, for key, with R its result (a
// buffer a result may be computed into, too) and S the runner's scratch.
type bgJob[K comparable, R, S any] struct {
	key  K
	snap *gridSnap // the snapshot of the grid it reads (nil: none)
	// running and wanted say the job counts in snap.jobs for the runner
	// (until it has run, or was dropped before) and for the world (until
	// it took the result, or abandoned the job: the cut cells keep the
	// grid of the result they take).
	running, wanted atomic.Bool
	started         time.Time
	// run computes the result from snap on the runner, into dst when it
	// can (dst is the job's buffer, else the runner's spare, else zero),
	// with s the runner's scratch. It stops early, returning ctx's error
	// and what it has of dst, when ctx is cancelled; any other error is
	// the job's result.
	run    func(ctx context.Context, snap *pathing.Grid, s *S, dst R) (R, error)
	dst    R    // a buffer to compute into, given to the runner
	hasDst bool // dst is set
	ctx    context.Context
	cancel context.CancelFunc // abandon: stops a job that looks at ctx
	done   chan bgRes[R]      // capacity 1: the runner never waits for the world
	// mu orders the runner's hand-over of a result with the world's
	// abandoning the job: a result is either sent before abandoned is
	// set (abandon returns it, its buffer reused) or never sent (the
	// runner keeps it as its spare). Without it a result finished
	// between the world's poll and its abandoning went to nobody.
	mu        sync.Mutex
	abandoned bool
}

// bgRes is a job's result: its value, or an error (an *InternalError: a
// panic in the job, or an error run returned).
type bgRes[R any] struct {
	val R
	err error
}

// newJob returns a job computing run from snap, the snapshot of the grid
// at key. Submit it to a runner at once (set dst first to give it a
// buffer): snap counts it until it ends.
func newJob[K comparable, R, S any](key K, snap *gridSnap, run func(ctx context.Context, snap *pathing.Grid, s *S, dst R) (R, error)) *bgJob[K, R, S] {
	j := &bgJob[K, R, S]{key: key, snap: snap, run: run, done: make(chan bgRes[R], 1), started: time.Now()}
	j.ctx, j.cancel = context.WithCancel(context.Background())
	if snap != nil {
		snap.jobs.Add(2)
		j.running.Store(true)
		j.wanted.Store(true)
	}
	return j
}

// end tells the job's snapshot the runner no longer reads it: called once
// the job has run, or when it is dropped without running, by whoever took
// it from the runner's queue.
func (j *bgJob[K, R, S]) end() { j.letGo(&j.running) }

// letGo drops the job's count in its snapshot for held, once.
func (j *bgJob[K, R, S]) letGo(held *atomic.Bool) {
	if held.Swap(false) {
		j.snap.jobs.Add(-1)
	}
}

// grid is the grid the job reads (nil: none).
func (j *bgJob[K, R, S]) grid() *pathing.Grid {
	if j.snap == nil {
		return nil
	}
	return j.snap.grid
}

// poll takes the job's result if it is in (wait: blocks until it is).
// Only for a job not abandoned: an abandoned one never sends.
func (j *bgJob[K, R, S]) poll(wait bool) (bgRes[R], bool) {
	if wait {
		return j.pollWithin(-1)
	}
	return j.pollWithin(0)
}

// pollWithin is poll waiting up to d for the result (d < 0: as long as it
// takes; 0: not at all).
func (j *bgJob[K, R, S]) pollWithin(d time.Duration) (r bgRes[R], ok bool) {
	if d > 0 {
		t := time.NewTimer(d)
		select {
		case r, ok = <-j.done:
		case <-t.C:
		}
		t.Stop()
	} else {
		r, ok = take(j.done, d < 0)
	}
	if ok {
		j.cancel() // its context's work is done
		j.letGo(&j.wanted)
	}
	return r, ok
}

// abandon tells the runner the job's result is no longer wanted, stopping
// it if it is under way and looks at its context. It returns a result
// handed over already (ok), for its buffer; one not handed over never
// will be, the runner keeping its buffer for its next job.
func (j *bgJob[K, R, S]) abandon() (r bgRes[R], ok bool) {
	j.cancel()
	j.letGo(&j.wanted)
	j.mu.Lock()
	defer j.mu.Unlock()
	j.abandoned = true
	return take(j.done, false)
}

// bgRunner runs jobs of one kind on one goroutine, one at a time, the
// latest request winning (see the top of this file).
type bgRunner[K comparable, R, S any] struct {
	what  string               // what a job does, for a panic's error: "computing the cut cells"
	reqs  chan *bgJob[K, R, S] // capacity 1: the job waiting for the runner
	drop  chan struct{}        // capacity 1: let go of the spare buffer (release)
	quit  chan struct{}        // closed by stop
	ended chan struct{}        // closed when the goroutine returns
	// finished, when not nil, runs on the runner after a job finished and
	// before its result is handed over (tests: abandon it at that instant).
	finished func(j *bgJob[K, R, S])
}

func newRunner[K comparable, R, S any](what string) *bgRunner[K, R, S] {
	r := &bgRunner[K, R, S]{what: what, reqs: make(chan *bgJob[K, R, S], 1), drop: make(chan struct{}, 1),
		quit: make(chan struct{}), ended: make(chan struct{})}
	go r.loop()
	return r
}

func (r *bgRunner[K, R, S]) loop() {
	defer close(r.ended)
	var scratch S
	// spare is the buffer of the last job stopped or not taken, for the
	// next job that brings none (a job's own buffer replaces it: never
	// two).
	var spare, zero R
	var noScratch S
	for {
		var j *bgJob[K, R, S]
		select {
		case <-r.quit:
			return
		case <-r.drop:
			spare = zero
			continue
		case j = <-r.reqs:
		}
		if j.hasDst {
			spare = j.dst
		}
		if j.ctx.Err() != nil {
			j.end()
			continue // abandoned before it started
		}
		dst := spare
		spare = zero
		val, err := r.run(j, &scratch, dst)
		j.end()
		var ie *InternalError
		switch {
		case errors.As(err, &ie):
			scratch = noScratch // it may be broken: made anew for the next job
			j.send(bgRes[R]{err: err})
			continue
		case err != nil && j.ctx.Err() != nil:
			spare = val // stopped: nobody wants it, its buffer serves the next
			continue
		}
		if r.finished != nil {
			r.finished(j)
		}
		if !j.send(bgRes[R]{val: val, err: err}) {
			spare = val // finished, but too late: as if stopped
		}
	}
}

// send hands r over unless the job was abandoned, and reports whether it
// did.
func (j *bgJob[K, R, S]) send(r bgRes[R]) bool {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.abandoned {
		return false
	}
	j.done <- r
	return true
}

// run is j.run with a panic in it returned as an *InternalError.
func (r *bgRunner[K, R, S]) run(j *bgJob[K, R, S], s *S, dst R) (R, error) {
	return safely(r.what, func() (R, error) { return j.run(j.ctx, j.grid(), s, dst) })
}

// safely is f() with a panic in it returned as an *InternalError (see
// Recovered) while what was under way: on a runner, and where a job's
// work is done at once on a small grid.
func safely[R any](what string, f func() (R, error)) (val R, err error) {
	defer func() {
		if p := recover(); p != nil {
			var z R
			val, err = z, Recovered(what, p)
		}
	}()
	return f()
}

// submit queues j, replacing (and abandoning) a job the runner has not
// started; j takes that job's buffer when it brings none. Only the world's
// goroutine submits, so the send never blocks.
func (r *bgRunner[K, R, S]) submit(j *bgJob[K, R, S]) {
	select {
	case old := <-r.reqs:
		old.cancel()
		old.end()
		if !j.hasDst && old.hasDst {
			j.dst, j.hasDst = old.dst, true
		}
	default:
	}
	r.reqs <- j
}

// release tells the runner to let go of its spare buffer (up to 16 MB on
// a 4M-cell map) when nobody will want it soon. It never blocks.
func (r *bgRunner[K, R, S]) release() {
	select {
	case r.drop <- struct{}{}:
	default:
	}
}

// stop ends the runner's goroutine: at once when it is idle, else when the
// job under way ends (abandon it first to stop it within a moment). A job
// waiting for it is abandoned.
func (r *bgRunner[K, R, S]) stop() {
	close(r.quit)
	select {
	case old := <-r.reqs:
		old.cancel()
		old.end()
	default:
	}
}

// gridCopy is the grid as it was when a hierarchy build was asked for,
// to be copied on the build worker (make): the snapshot of an earlier
// version (shared with the background jobs, never written while the copy
// holds it) and the cells changed since, with their weights then. The
// build copied the grid on the window thread, 20 ms at 4096×4096 and
// 50–80 ms at 7100×7100 each time a switch (HPA* to the group hierarchy,
// a cluster size) asked for another hierarchy; the components' labelling
// has mostly copied the current version already.
type gridCopy struct {
	base *gridSnap
	held atomic.Bool // base.jobs counts this copy
	// The cells changed since base's version, and their weights then.
	cells   []int32
	weights []uint8
}

// gridCopy returns the grid as it is now, to be copied off the window
// thread: the latest snapshot and the cells changed since (up to one in
// 16 of the grid), else a snapshot of this version (one copy, shared
// with the jobs that read it).
func (w *World) gridCopy() *gridCopy {
	c := &gridCopy{base: w.snap}
	if b := c.base; b != nil && b.key.grid == w.Grid && b.key.version != w.GridVersion() {
		changed, ok := w.fewChangedSince(b.key.version)
		if !ok {
			c.base = nil
		} else {
			cells := w.Grid.Cells()
			c.cells = slices.Clone(changed)
			c.weights = make([]uint8, len(changed))
			for k, i := range changed {
				c.weights[k] = cells[i]
			}
		}
	}
	if b := c.base; b == nil || b.key.grid != w.Grid {
		c.base = w.snapshot()
	}
	c.base.jobs.Add(1)
	c.held.Store(true)
	return c
}

// make copies the grid (on the build worker) and lets go of the snapshot.
func (c *gridCopy) make() *pathing.Grid {
	g := c.base.grid.Clone()
	c.release()
	if len(c.cells) > 0 {
		cells := g.Cells()
		for k, i := range c.cells {
			cells[i] = c.weights[k]
		}
		g.Recount()
	}
	return g
}

// release lets the snapshot be reused for a later version (once).
func (c *gridCopy) release() {
	if c.held.Swap(false) {
		c.base.jobs.Add(-1)
	}
}
