package world

import (
	"context"
	"image"
	"time"

	"pathlens/pathing"
)

// Cut cells, the components layer's chokepoints (pathing.CutCells), are a
// search of the whole map: 5–8 ms on 512×512, about a second on 4M cells.
// The view drew them itself, on the drawing thread, after every edit, and
// froze that long. The session computes them now, while the view says it
// shows them (ShowCutCells), the way it computes the optimal reference:
//
//   - on grids of asyncCells or fewer at once, in the call that finds the
//     grid changed (Tick, ShowCutCells, Wait), as builds and searches are;
//   - on larger grids on one goroutine (cutWorker, a bgRunner: see
//     gridjob.go), over the grid's snapshot, the latest request winning: a
//     computation an edit makes stale is stopped
//     (pathing.CutCellsContext) and its result is never taken;
//   - not while a stroke is painted (every mouse move is a new version of
//     the grid; the stroke's end asks again), nor on maps over MaxCutCells.
//
// A result is kept with the grid and version it is for, and CutCells gives
// it only while the grid is still that version: marks of an earlier grid
// are never shown over a newer one. While the current grid's are computed
// there are none (CutCellsPending says since when).
//
// Memory: a result is 4 bytes a cell. The session holds the result shown
// and at most one spare buffer the next computation fills (a stale result
// becomes that spare), and the snapshot the result was computed from
// (walls: shared with the other jobs of that version); pathing.CutCells'
// own working memory (about 60 bytes a cell at its peak) lives only while
// it runs.

// MaxCutCells is the largest map (in cells) whose cut cells are computed:
// at its peak pathing.CutCells needs about 60 bytes a cell (240 MB on 4M
// cells), and a second.
const MaxCutCells = 1 << 22

// cutJob is a computation of the cut cells of the grid at key (its
// snapshot) on the cut worker: the result is the counts, computed into
// the job's buffer (or the worker's spare).
type cutJob = bgJob[gridKey, []int32, struct{}]

// cutWorker computes cut cells on one goroutine (a bgRunner): a job not
// yet started is replaced by the next one; a job under way when it is
// abandoned stops within a millisecond (pathing.CutCellsContext).
type cutWorker = bgRunner[gridKey, []int32, struct{}]

// cutsWhat is what a panic computing the cut cells says was under way.
const cutsWhat = "computing the cut cells"

// cutHook, when not nil, runs on the worker before each job it computes
// (tests: hold one under way while the grid is edited).
var cutHook func(j *cutJob)

// cutDoneHook, when not nil, runs on the worker after a job's computation
// has finished and before its result is handed over (tests: abandon the
// job at that instant).
var cutDoneHook func(j *cutJob)

// cutPanicHook, when not nil, runs before each computation, on the worker
// or at once (tests: a panic there).
var cutPanicHook func()

// computeCutCells is pathing.CutCellsContext on g into dst, the work of a
// cut job (on the worker, or at once on a small grid, under safely).
func computeCutCells(ctx context.Context, g *pathing.Grid, dst []int32) ([]int32, error) {
	if cutPanicHook != nil {
		cutPanicHook()
	}
	return pathing.CutCellsContext(ctx, g, dst)
}

func newCutWorker() *cutWorker {
	cw := newRunner[gridKey, []int32, struct{}](cutsWhat)
	cw.finished = func(j *cutJob) {
		if cutDoneHook != nil {
			cutDoneHook(j)
		}
	}
	return cw
}

// cutCells is the session's cut-cell state.
type cutCells struct {
	want  bool    // the view shows them (ShowCutCells)
	shown []int32 // the last result, for key (nil: none)
	key   gridKey
	// walls is the grid shown was computed from (its snapshot): an edit
	// of weights alone leaves the cut cells as they are, and syncCutCells
	// re-keys them rather than compute them again.
	walls *pathing.Grid
	spare []int32 // a buffer for the next computation (nil: none)
	job   *cutJob // the computation under way for the worker (nil: none)
	// failed is the grid whose computation failed with an internal error:
	// not tried again until the grid changes (every frame would).
	failed    gridKey
	hasFailed bool
	released  bool // the worker was told to let its buffer go, and has had no job since
	worker    *cutWorker
}

// ShowCutCells says whether the view shows the cut cells (the components
// layer is on); the game says so every frame. While they are shown the
// session keeps them computed for the grid as it is (see CutCells); when
// they are not, a computation under way is stopped, no other starts, and
// a result of an earlier grid is let go (the current grid's is kept, for
// when they are shown again).
func (w *World) ShowCutCells(on bool) {
	w.cuts.want = on
	w.syncCutCells()
}

// CutCells returns, for each cell (indexed y*Width+x), how many cells
// filling it would cut off from the largest part left of its open area,
// 0 for cells that are no cut cell (pathing.CutCells), computed for the
// grid as it is now; nil when that is not known: the cut cells are not
// shown (ShowCutCells), a stroke is being painted, the map has over
// MaxCutCells cells, or they are being computed (CutCellsPending). The
// slice is the session's own: read it, and only until the grid changes.
func (w *World) CutCells() []int32 {
	c := &w.cuts
	if c.shown == nil || c.key != w.gridKey() || len(c.shown) != w.Grid.Len() {
		return nil
	}
	return c.shown
}

// CutOff returns how many cells filling p would cut off (0: p is no cut
// cell, or is blocked) and whether that is known for the grid as it is
// now (see CutCells).
func (w *World) CutOff(p image.Point) (n int32, ok bool) {
	cut := w.CutCells()
	if cut == nil || !w.Grid.In(p) {
		return 0, false
	}
	return cut[w.Grid.Index(p)], true
}

// CutCellsPending reports whether the cut cells of the grid as it is now
// are being computed in the background, and since when. Tick takes them
// when they are in; Wait waits for them.
func (w *World) CutCellsPending() (since time.Time, pending bool) {
	if j := w.cuts.job; j != nil && j.key == w.gridKey() {
		return j.started, true
	}
	return time.Time{}, false
}

// syncCutCells takes a computation that has finished, then starts the one
// the grid as it is needs, if any (see ShowCutCells). Every frame calls
// it (Tick): when nothing changed it costs a comparison.
func (w *World) syncCutCells() {
	c := &w.cuts
	w.pollCutCells(false)
	k := w.gridKey()
	if c.shown != nil && c.key != k && c.key.grid == w.Grid && c.walls != nil {
		if cells, ok := w.ChangedSince(c.key.version); ok && sameWalls(cells, c.walls, w.Grid) {
			c.key = k // weights alone changed: the cut cells stand
		}
	}
	_, painting := w.Painting()
	if !c.want || painting || w.Grid.Len() > MaxCutCells {
		w.abandonCutCells()
		if c.shown != nil && c.key != k {
			// Stale: kept as the spare while they are shown (a
			// stroke's end fills it), let go when they are not.
			if c.want && c.spare == nil {
				c.spare = c.shown
			}
			c.shown, c.walls = nil, nil // walls are read only with shown; held, snapshot could not reuse them
		}
		if !c.want {
			c.spare = nil
			if c.worker != nil && c.job == nil && !c.released {
				c.worker.release() // once: not a wake-up of the worker every frame
				c.released = true
			}
		}
		return
	}
	if c.shown != nil && c.key == k {
		return // current
	}
	if c.job != nil && c.job.key == k {
		return // under way
	}
	if c.hasFailed && c.failed == k {
		return // failed: said once, tried again after the next edit
	}
	w.abandonCutCells()
	// The buffer to fill: the spare, else the stale result (never shown
	// again: the grid's version only grows); the other one, if both,
	// becomes the spare.
	dst := c.spare
	c.spare = nil
	if c.shown != nil {
		if dst == nil {
			dst = c.shown
		} else {
			c.spare = c.shown
		}
		c.shown, c.walls = nil, nil // as above: the next snapshot may take the walls' memory
	}
	if w.Grid.Len() <= asyncCells {
		cut, err := safely(cutsWhat, func() ([]int32, error) { return computeCutCells(context.Background(), w.Grid, dst) })
		if err != nil {
			c.failed, c.hasFailed = k, true
			w.Fail("components layer: %v", err)
			return
		}
		c.shown, c.key, c.walls = cut, k, w.snapshot().grid
		return
	}
	var j *cutJob
	j = newJob(k, w.snapshot(), func(ctx context.Context, snap *pathing.Grid, _ *struct{}, dst []int32) ([]int32, error) {
		if cutHook != nil {
			cutHook(j)
		}
		return computeCutCells(ctx, snap, dst)
	})
	j.dst, j.hasDst = dst, dst != nil
	if c.worker == nil {
		c.worker = newCutWorker()
	}
	c.job = j
	c.released = false
	c.worker.submit(j)
}

// pollCutCells takes the computation under way if it has finished (wait:
// blocks until it has), and reports whether it took one. Its result is
// kept with the grid version it is for, whatever the grid's now.
func (w *World) pollCutCells(wait bool) bool {
	c := &w.cuts
	j := c.job
	if j == nil {
		return false
	}
	r, ok := j.poll(wait)
	if !ok {
		return false
	}
	c.job = nil
	if r.err != nil {
		c.failed, c.hasFailed = j.key, true
		w.Fail("components layer: %v", r.err)
		return true
	}
	// (A job starts with the result it replaces taken as its buffer or
	// the spare: shown is nil here.)
	c.shown, c.key, c.walls = r.val, j.key, j.grid()
	return true
}

// sameWalls reports whether every cell in cells is open in g exactly when
// it is in was.
func sameWalls(cells []int32, was, g *pathing.Grid) bool {
	a, b := was.Cells(), g.Cells()
	for _, i := range cells {
		if (a[i] == pathing.Blocked) != (b[i] == pathing.Blocked) {
			return false
		}
	}
	return true
}

// abandonCutCells stops the computation under way, if any: its result is
// never shown. A result already handed over gives its buffer to the next
// computation (as the spare, while the cut cells are shown and there is
// none); one not yet handed over never will be, and the worker keeps its
// buffer for its next job. Either way the buffer is reused.
func (w *World) abandonCutCells() {
	c := &w.cuts
	j := c.job
	if j == nil {
		return
	}
	c.job = nil
	r, ok := j.abandon()
	if ok && r.err == nil && r.val != nil && c.want && c.spare == nil {
		c.spare = r.val
	}
}

// waitCutCells brings the cut cells up to date with the grid, blocking
// until a computation in the background is in (Wait).
func (w *World) waitCutCells() {
	w.syncCutCells()
	w.pollCutCells(true)
}

// closeCutCells stops the cut worker (Close); the result known stays, and
// a later ShowCutCells or Tick starts a worker again when one is needed.
func (w *World) closeCutCells() {
	w.abandonCutCells()
	if c := &w.cuts; c.worker != nil {
		c.worker.stop()
		c.worker = nil
	}
	w.cuts.spare = nil
}
