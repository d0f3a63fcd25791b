package world

import (
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
type Optimal struct {
	Known    bool
	Pending  bool // being computed in the background
	Found    bool
	Cost     float64
	Path     []image.Point
	Expanded int
	Duration time.Duration

	gen    int
	logIt  bool   // log the answer when it arrives
	logged bool   // the answer's "optimal" line is written
	key    optKey // what the known or pending answer is for
	search *pathing.Searcher
	worker *optWorker
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

type optReq struct {
	gen         int
	cells       []uint8
	w, h        int
	start, goal image.Point
	nb          pathing.Neighborhood
}

type optRes struct {
	gen      int
	found    bool
	cost     float64
	path     []image.Point
	expanded int
	dur      time.Duration
	err      error // an internal error: no answer
}

// optWorker runs optimal searches on its own copy of the grid, on one
// goroutine that lives until stop.
type optWorker struct {
	reqs chan optReq
	res  chan optRes
	quit chan struct{}
}

func newOptWorker() *optWorker {
	ow := &optWorker{reqs: make(chan optReq, 1), res: make(chan optRes, 4), quit: make(chan struct{})}
	go ow.run()
	return ow
}

func (ow *optWorker) run() {
	var g *pathing.Grid
	var s *pathing.Searcher
	for {
		var r optReq
		select {
		case <-ow.quit:
			return
		case r = <-ow.reqs:
		}
		if g == nil || g.Width() != r.w || g.Height() != r.h {
			g = pathing.MustGrid(r.w, r.h)
			s = pathing.NewSearcher(g)
		}
		g.SetCells(r.cells)
		out := optSearch(s, r)
		if out.err != nil {
			g, s = nil, nil // made anew for the next request: this one may be broken
		}
		select {
		case ow.res <- out: // the world drains results every tick
		case <-ow.quit:
			return
		}
	}
}

// optSearch answers r with s (on the worker, or at once on a small grid).
// A panic in the search is the answer's error (see Recovered): the window
// goes on without the reference for that query.
func optSearch(s *pathing.Searcher, r optReq) (out optRes) {
	defer func() {
		if p := recover(); p != nil {
			out = optRes{gen: r.gen, cost: math.Inf(1), err: Recovered("computing the optimal reference", p)}
		}
	}()
	if optSearchHook != nil {
		optSearchHook()
	}
	t0 := time.Now()
	res, err := s.Search(pathing.Query{Start: r.start, Goal: r.goal, Neighborhood: r.nb})
	out = optRes{gen: r.gen, dur: time.Since(t0), cost: math.Inf(1)}
	if err == nil && res.Status == pathing.Found {
		out.found, out.cost = true, res.Cost
		out.path = append([]image.Point(nil), res.Path...)
	}
	out.expanded = res.Expanded
	return out
}

// optSearchHook, when not nil, runs before each background optimal
// search (tests: a panic there).
var optSearchHook func()

// stop ends the worker's goroutine: at once when it waits, else when the
// search under way ends.
func (ow *optWorker) stop() { close(ow.quit) }

// close stops the background worker; the answer pending from it is
// forgotten.
func (o *Optimal) close() {
	if o.worker != nil {
		o.worker.stop()
		o.worker = nil
	}
	if o.Pending {
		o.reset()
	}
}

func (o *Optimal) reset() {
	o.gen++
	o.Known, o.Pending, o.Found, o.logged = false, false, false, false
	o.Cost = math.Inf(1)
	o.Path = o.Path[:0]
}

// request starts computing the optimal answer for the world's query. The
// answer known or being computed for the same query on the same grid is
// kept (a query traced after it was shown untraced asks again).
func (o *Optimal) request(w *World, logIt bool) {
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
	o.reset()
	o.key = k
	o.logIt = logIt
	if !w.HasStart || !w.HasGoal || !w.Grid.Open(w.Start) || !w.Grid.Open(w.Goal) {
		return
	}
	nb := w.Settings.Neighborhood
	if o.memoOK && o.memoKey == k {
		r := o.memo
		r.gen = o.gen
		o.set(r, w, false)
		// The plan line logged next carries the figure, as on a small grid.
		o.logged = logIt
		return
	}
	if w.Grid.Len() <= syncOptimalCells {
		if o.search == nil || o.search.Grid() != w.Grid {
			o.search = pathing.NewSearcher(w.Grid)
		}
		r := optSearch(o.search, optReq{gen: o.gen, start: w.Start, goal: w.Goal, nb: nb})
		if r.err != nil {
			o.search = nil
		}
		o.set(r, w, false)
		return
	}
	if o.worker == nil {
		o.worker = newOptWorker()
	}
	req := optReq{gen: o.gen, cells: append([]uint8(nil), w.Grid.Cells()...), w: w.Grid.Width(), h: w.Grid.Height(),
		start: w.Start, goal: w.Goal, nb: nb}
	// Latest wins: drop a request the worker has not taken yet.
	select {
	case <-o.worker.reqs:
	default:
	}
	o.worker.reqs <- req
	o.Pending = true
}

func (o *Optimal) set(r optRes, w *World, logIt bool) {
	if r.err != nil {
		// Unknown for this query; asked again when the query or the
		// grid changes (request), not at every replan of this one.
		o.Pending = false
		o.failed, o.failedKey = true, o.key
		w.Fail("%v", r.err)
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

// poll takes finished background results.
func (o *Optimal) poll(w *World) {
	if o.worker == nil {
		return
	}
	for {
		select {
		case r := <-o.worker.res:
			if r.gen == o.gen && o.Pending {
				o.set(r, w, o.logIt)
			}
		default:
			return
		}
	}
}

// WaitOptimal blocks until the answer and the optimal answer of the
// current query are known, finishing a background build or plan first
// (tests and -shot use it; the window polls instead). It is Wait.
func (w *World) WaitOptimal() { w.Wait() }

func (w *World) waitOptimal() {
	o := &w.Optimal
	for o.Pending && o.worker != nil {
		r := <-o.worker.res
		if r.gen == o.gen {
			o.set(r, w, o.logIt)
		}
	}
}
