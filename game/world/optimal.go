package world

import (
	"context"
	"image"
	"math"
	"time"

	"pathlens/pathing"
)

// syncOptimalCells is the largest grid on which the optimal reference is
// computed at once; on larger grids it runs on a background goroutine so a
// slow A* never stalls the window.
const syncOptimalCells = 256 * 256

// Optimal is the optimal answer to the current query (A* with an
// admissible heuristic), the reference for suboptimality and the compare
// ghost.
//
// On grids over syncOptimalCells it is searched on the optimal worker (a
// bgRunner: see gridjob.go) over the grid's snapshot, shared by every
// query on the same grid version: a drag of the goal over an unchanged map
// copies nothing. The latest query wins: a search for a query replaced
// (a new goal, an edit) is stopped and its answer never taken.
type Optimal struct {
	Known   bool
	Pending bool // being computed in the background
	// Deferred: not asked yet, the answer shown being a live plan of a
	// stroke's or a drag's mouse move on a grid over syncOptimalCells. Each
	// move replaced the last move's search before it ended (a 512×512
	// map's A* outlasts a frame), and those searches were most of the CPU
	// a move cost (6 to 16 ms of the machine's per move against 2 to 8 ms
	// of the window's, BenchmarkLiveMove): the search starts when the
	// mouse is let go (the drop's or the stroke's end's plan asks again)
	// or rests for optRest.
	Deferred bool
	Found    bool
	Cost     float64
	Path     []image.Point
	Expanded int
	Duration time.Duration

	logIt      bool      // log the answer when it arrives
	deferredAt time.Time // when Deferred was set (tickClock)
	logged     bool      // the answer's "optimal" line is written
	key        optKey    // what the known or pending answer is for
	search     *pathing.Searcher
	worker     *optWorker
	job        *optJob // the background search of the pending answer (nil: none)
	// failedKey is the query whose search failed with an internal error
	// (failed set): not asked again (see request).
	failedKey optKey
	failed    bool
	// memo is the last answer found and memoKey its query: a switch of
	// algorithm, cluster size or levels on a large grid shows the plan as
	// pending (reset) and asks again for the same query on the same grid,
	// which took the background A* 2 to 4 s of a core on a 2048×2048 map
	// each time, beside the build it slowed, to find the same answer.
	memo    optRes
	memoKey optKey
	memoOK  bool
}

// optKey is a query on a version of the grid.
type optKey struct {
	start, goal image.Point
	nb          pathing.Neighborhood
	grid        *pathing.Grid
	version     uint64
}

type optRes struct {
	found    bool
	cost     float64
	path     []image.Point
	expanded int
	dur      time.Duration
}

// optJob is an optimal search on the optimal worker, whose scratch is its
// searcher (made on its first job, pointed at each job's snapshot).
type optJob = bgJob[optKey, optRes, *pathing.Searcher]

// optWorker runs the optimal searches of large grids on one goroutine.
type optWorker = bgRunner[optKey, optRes, *pathing.Searcher]

// optWhat is what a panic in the optimal search says was under way.
const optWhat = "computing the optimal reference"

// optChunk is how many expansions the optimal search makes between looks
// at its context (stopped when its query is replaced).
const optChunk = 4096

// optSearch answers q with s (on the worker, or at once on a small grid,
// under safely: a panic is the answer's error, the window going on
// without the reference for that query). It returns ctx's error when ctx
// is cancelled before the search ends.
func optSearch(ctx context.Context, s *pathing.Searcher, q pathing.Query) (optRes, error) {
	if optSearchHook != nil {
		optSearchHook()
	}
	t0 := time.Now()
	out := optRes{cost: math.Inf(1)}
	if err := s.Init(q); err != nil {
		out.dur = time.Since(t0)
		return out, nil // no answer: as a search that found no path
	}
	for s.Step(optChunk) == pathing.Running {
		if err := ctx.Err(); err != nil {
			return optRes{}, err
		}
	}
	res := s.Result()
	out.dur = time.Since(t0)
	if res.Status == pathing.Found {
		out.found, out.cost = true, res.Cost
		out.path = append([]image.Point(nil), res.Path...)
	}
	out.expanded = res.Expanded
	return out, nil
}

// optSearchHook, when not nil, runs before each optimal search (tests: a
// panic there).
var optSearchHook func()

// close stops the background worker; the answer pending from it is
// forgotten.
func (o *Optimal) close() {
	if o.Pending {
		o.reset()
	}
	if o.worker != nil {
		o.worker.stop()
		o.worker = nil
	}
}

// reset forgets the answer, known or pending (a search under way for it
// is stopped).
func (o *Optimal) reset() {
	if o.job != nil {
		o.job.abandon()
		o.job = nil
	}
	o.Known, o.Pending, o.Found, o.logged, o.Deferred = false, false, false, false, false
	o.Cost = math.Inf(1)
	o.Path = o.Path[:0]
}

// optRest is how long the mouse must rest, a button held, before the
// optimal reference a live plan deferred (Deferred) is searched: a pause
// in a drag shows the figure as before, and a moving mouse pays nothing.
const optRest = 150 * time.Millisecond

// request starts computing the optimal answer for the world's query. The
// answer known or being computed for the same query on the same grid is
// kept (a query traced after it was shown untraced asks again). A live
// plan (live: a stroke's or a drag's mouse move) on a grid over
// syncOptimalCells does not start the search but marks the answer Deferred
// (see there); one that is known or remembered (memo) is shown still.
func (o *Optimal) request(w *World, logIt, live bool) {
	k := optKey{start: w.Start, goal: w.Goal, nb: w.Settings.Neighborhood, grid: w.Grid, version: w.GridVersion()}
	if o.failed && o.failedKey == k {
		return // failed with an internal error, said once: asked again when the query or the grid changes
	}
	if (o.Known || o.Pending) && o.key == k && w.HasStart && w.HasGoal {
		o.logIt = o.logIt || logIt
		if logIt && o.Known && !o.logged && o.key.grid.Len() > syncOptimalCells {
			// It arrived for an unlogged showing of this query (a slow
			// hierarchical answer shown before its trace, a drag): the
			// logged one still gets its line, as when it arrives later.
			o.log(w)
		}
		return
	}
	if o.Deferred && o.key == k && live {
		return // still deferred: the rest counts from the first move on this query
	}
	o.reset()
	o.key = k
	o.logIt = logIt
	if !w.HasStart || !w.HasGoal || !w.Grid.Open(w.Start) || !w.Grid.Open(w.Goal) {
		return
	}
	if o.memoOK && o.memoKey == k {
		o.set(o.memo, nil, w, false)
		// The plan line logged next carries the figure, as on a small grid.
		o.logged = logIt
		return
	}
	if live && w.Grid.Len() > syncOptimalCells {
		o.Deferred, o.deferredAt = true, tickClock()
		return
	}
	o.start(w)
}

// start searches the optimal answer for o.key, the world's query: at once
// on a grid up to syncOptimalCells, else on the optimal worker (Pending).
func (o *Optimal) start(w *World) {
	o.Deferred = false
	q := pathing.Query{Start: w.Start, Goal: w.Goal, Neighborhood: w.Settings.Neighborhood}
	k := o.key
	if w.Grid.Len() <= syncOptimalCells {
		if o.search == nil || o.search.Grid() != w.Grid {
			o.search = pathing.NewSearcher(w.Grid)
		}
		r, err := safely(optWhat, func() (optRes, error) { return optSearch(context.Background(), o.search, q) })
		if err != nil {
			o.search = nil // made anew for the next query: this one may be broken
		}
		o.set(r, err, w, false)
		return
	}
	if o.worker == nil {
		o.worker = newRunner[optKey, optRes, *pathing.Searcher](optWhat)
	}
	o.job = newJob(k, w.snapshot(), func(ctx context.Context, snap *pathing.Grid, s **pathing.Searcher, _ optRes) (optRes, error) {
		if *s == nil {
			*s = pathing.NewSearcher(snap)
		} else {
			(*s).SetGrid(snap)
		}
		return optSearch(ctx, *s, q)
	})
	o.worker.submit(o.job)
	o.Pending = true
}

// set makes r (or err, an internal error) the answer of the query asked.
func (o *Optimal) set(r optRes, err error, w *World, logIt bool) {
	o.job = nil
	if err != nil {
		// Unknown for this query; asked again when the query or the
		// grid changes (request), not at every replan of this one.
		o.Pending = false
		o.failed, o.failedKey = true, o.key
		w.Fail("%v", err)
		return
	}
	o.memo, o.memoKey, o.memoOK = r, o.key, true
	o.Known, o.Pending = true, false
	o.Found = r.found
	o.Cost = r.cost
	if !r.found {
		o.Cost = math.Inf(1)
	}
	o.Path = append(o.Path[:0], r.path...)
	o.Expanded = r.expanded
	o.Duration = r.dur
	if logIt {
		o.log(w)
	}
}

// log writes the known answer's "optimal" line.
func (o *Optimal) log(w *World) {
	status := pathing.NoPath
	if o.Found {
		status = pathing.Found
	}
	fs := []F{{"status", status.String()}, {"cost", round3(o.Cost)}}
	fs = appendSubopt(fs, w.Suboptimality())
	w.Log.Add("optimal", append(fs, F{"expanded", o.Expanded}, F{"ms", o.Duration})...)
	o.logged = true
}

// poll takes the background answer if it is in, and starts the search a
// live plan deferred once the mouse has rested optRest on its query.
func (o *Optimal) poll(w *World) {
	if o.Deferred && tickClock().Sub(o.deferredAt) >= optRest {
		k := optKey{start: w.Start, goal: w.Goal, nb: w.Settings.Neighborhood, grid: w.Grid, version: w.GridVersion()}
		if k == o.key && w.plan == nil {
			o.start(w)
		}
	}
	if j := o.job; j != nil {
		if r, ok := j.poll(false); ok {
			o.set(r.val, r.err, w, o.logIt)
		}
	}
}

// WaitOptimal blocks until the answer and the optimal answer of the
// current query are known, finishing a background build or plan first
// (tests and -shot use it; the window polls instead). It is Wait.
func (w *World) WaitOptimal() { w.Wait() }

func (w *World) waitOptimal() {
	o := &w.Optimal
	if j := o.job; j != nil {
		r, _ := j.poll(true)
		o.set(r.val, r.err, w, o.logIt)
	}
}
