package world

import (
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
	"sync/atomic"
	"time"

	"pathlens/pathing"
)

// Work that would freeze the window leaves the frame on large grids, the
// way the optimal reference does (optimal.go):
//
//   - a hierarchy build runs on a goroutine, over its own copy of the grid;
//     edits made meanwhile are repaired into it when it arrives;
//   - a flat search (A*, Dijkstra, greedy) runs in slices of frameBudget,
//     one per frame (the searcher is resumable), on the UI thread.
//
// Until the answer is in, Outcome says so (Status Running, Note naming what
// is being done, no path, no cost) rather than showing the previous answer
// as current, and Busy is true. On grids of asyncCells or fewer everything
// still finishes in the call that asked for it.

// asyncCells is the largest grid on which builds and searches finish in
// the frame that asked for them.
const asyncCells = 256 * 256

// frameBudget is the search work one frame does on a large grid.
const frameBudget = 8 * time.Millisecond

// Where frames are slow anyway (software GL drawing a fitted 4M-cell map:
// 100–200 ms a frame), 8 ms a frame made a 1.2 s A* take 20 s to show its
// answer. Once the time between two Ticks reaches slowFrame, a slice takes
// as long as the rest of the frame did (the drawing), up to maxFrameBudget:
// a frame there takes at most twice its drawing (a quarter longer where
// drawing takes 200 ms), and the search comes several times sooner. At 20
// frames a second and more nothing changes. A frame runs one slice in all:
// a replan in its input (a drag) leaves Tick what is left of it.
const (
	slowFrame      = 50 * time.Millisecond
	maxFrameBudget = 50 * time.Millisecond
)

// tickClock is the clock Tick reads for the frame's pace (tests: a fake).
var tickClock = time.Now

// framePace is what Tick measured of the window's frames: when the last
// one began, how long the search slices since then took (Tick's own and a
// replan's before the next Tick), and the time between the last two Ticks
// less those slices (the rest of the frame).
type framePace struct {
	last        time.Time
	slice, rest time.Duration
	gap         time.Duration
	early       time.Duration // the replans' slices since the last Tick (Tick's budget is what is left)
}

// stepChunk is how many expansions a sliced search makes between looks at
// the clock (about a tenth of a millisecond).
const stepChunk = 1024

var inf = math.Inf(1)

// errBuilding says the hierarchy asked for is being built in the
// background; the plan waits for it.
var errBuilding = errors.New("world: the hierarchy is being built")

// buildJob is a hierarchy build (or a lent hierarchy's computation) for
// the build worker.
type buildJob struct {
	key     hierKey
	run     func(j *buildJob) buildRes
	done    chan buildRes // buffered: the worker never waits for the world
	changed []image.Point // cells edited since the snapshot, repaired on arrival
	what    string        // for the pending note: "building the group hierarchy"
	ready   string        // the same once it is in: "the group hierarchy is built"
	lent    bool          // the world's own hierarchy, lent for a computation (see lend)
	stale   atomic.Bool   // abandoned: the worker skips it or stops it between stages
	// ctx is the build's context (set by submitJob), cancelled by abandon:
	// a build under way stops within milliseconds (hpa.BuildContext,
	// groups.BuildContext). A lend's computation does not look at it.
	ctx    context.Context
	cancel context.CancelFunc
	// src is where a build's copy of the grid comes from (nil: a lend, or
	// a copy made already): let go once the job has run, or is dropped.
	src *gridCopy
}

// letGo tells the job's source of the grid that the job no longer reads
// it (ran, skipped or dropped). Safe to repeat.
func (j *buildJob) letGo() {
	if j.src != nil {
		j.src.release()
	}
}

// abandon tells the worker the job's result is no longer wanted, stopping
// its build if it is under way. Safe from any goroutine.
func (j *buildJob) abandon() {
	j.stale.Store(true)
	if j.cancel != nil {
		j.cancel()
	}
}

type buildRes struct {
	h     Hierarchy
	grid  *pathing.Grid // the snapshot the hierarchy reads
	err   error
	dur   time.Duration
	stale bool // stopped or skipped because it was abandoned: h is nil
}

// buildHook, when set, sees each build's result on the worker as it ends
// (tests: which builds were stopped, which finished). Atomic: a test sets
// and clears it while a world's worker may be reading it.
var buildHook atomic.Pointer[func(j *buildJob, r buildRes)]

// setBuildHook sets buildHook to f (nil clears it).
func setBuildHook(f func(j *buildJob, r buildRes)) {
	if f == nil {
		buildHook.Store(nil)
		return
	}
	buildHook.Store(&f)
}

// buildWorker runs the world's background builds and lends, one at a time,
// on one goroutine, like optWorker: the latest request wins. A request not
// yet started is replaced by the next one (its grid copy is dropped); a
// build under way when it is abandoned is stopped through its context
// (hpa.BuildContext, groups.BuildContext: within about 3 ms for HPA*, 10
// for groups on 512×512 maps), so the next job starts at once
// rather than after a build nobody wants (random512: HPA* 56 ms, groups
// up to 1.5 s). A lend under way runs to its end. So at most one build
// runs however quickly the switches come, holding at most two grid copies
// (its own and the next job's).
type buildWorker struct {
	reqs chan *buildJob // capacity 1: the job waiting for the worker
	quit chan struct{}
}

func newBuildWorker() *buildWorker {
	bw := &buildWorker{reqs: make(chan *buildJob, 1), quit: make(chan struct{})}
	go bw.loop()
	return bw
}

func (bw *buildWorker) loop() {
	for {
		select {
		case <-bw.quit:
			return
		case j := <-bw.reqs:
			var r buildRes
			if j.stale.Load() {
				r = buildRes{stale: true}
			} else {
				r = j.run(j)
			}
			j.letGo()
			if j.cancel != nil {
				j.cancel() // its context's work is done
			}
			if hook := buildHook.Load(); hook != nil {
				(*hook)(j, r)
			}
			j.done <- r
		}
	}
}

// submit queues j, replacing (and abandoning) a job the worker has not
// started. Only the world's goroutine submits, so the send never blocks.
func (bw *buildWorker) submit(j *buildJob) {
	select {
	case old := <-bw.reqs:
		old.abandon()
		old.letGo()
	default:
	}
	bw.reqs <- j
}

// stop ends the worker's goroutine: at once when it is idle, else when the
// job under way ends (a build abandoned by the world stops within
// milliseconds). A job waiting for it is abandoned.
func (bw *buildWorker) stop() {
	close(bw.quit)
	select {
	case old := <-bw.reqs:
		old.abandon()
		old.letGo()
	default:
	}
}

// Close stops the world's background goroutines: the optimal reference's
// worker, the hierarchy build worker, the cut-cell and components workers
// (started on grids over 256×256) and a batch under way (StartBatch),
// whose result is dropped.
// Without it each world loaded leaves them blocked for the life of the
// program, holding a grid copy each. The owner calls it once when it
// discards the world, e.g. after replacing it by another map; it does not
// block: a build under way is stopped (within milliseconds), a search or
// lend ends in the background at its next stage boundary, and their
// results are dropped. Close does not touch the
// event log (the next world may share it). A world used after Close still
// works, restarting a worker when it needs one (a plan waiting for a build
// asks for it again; the optimal reference waits for the next plan), and
// must then be closed again.
func (w *World) Close() {
	w.stopBatch()
	w.cancelBuild()
	w.closeCutCells()
	w.closeComponents()
	w.closeGroupBakes()
	w.snap = nil // the jobs under way hold theirs
	if w.worker != nil {
		w.worker.stop()
		w.worker = nil
	}
	w.Optimal.close()
}

// submitJob hands j to the build worker, starting it on first use, and
// makes j the world's pending build; the one it replaces is abandoned
// (stopped if it is under way). j gets its context here.
func (w *World) submitJob(j *buildJob) {
	w.cancelBuild()
	j.ctx, j.cancel = context.WithCancel(context.Background())
	if w.worker == nil {
		w.worker = newBuildWorker()
	}
	w.building = j
	w.worker.submit(j)
}

// cancelBuild abandons the pending background build or lend, if any: its
// result will be dropped (a lent hierarchy with it), and a build under way
// is stopped.
func (w *World) cancelBuild() {
	if j := w.building; j != nil {
		j.abandon()
		w.building = nil
	}
}

// build makes the hierarchy for key k with builder b over a copy of the
// grid: at once on small grids, else on the build worker (w.building), in
// which case it returns errBuilding. The hierarchy installed before stays
// (not current: Hierarchy checks the key) until the new one is installed,
// so switching back to it needs no build.
func (w *World) build(k hierKey, b builder) (Hierarchy, error) {
	if err := w.checkHierMemory(k); err != nil {
		w.cancelBuild()
		w.install(k, buildRes{err: err}, false)
		w.Log.Add("build", F{"hierarchy", k.algo}, F{"cluster", clusterField(k)}, F{"levels", k.levels}, F{"refused", err.Error()})
		return nil, err
	}
	if rb := w.relevelBuilder(k); rb != nil {
		b = rb // a change of levels alone: the levels below are kept
	}
	small := w.Grid.Len() <= asyncCells
	var src *gridCopy
	var snap *pathing.Grid
	if small {
		snap = w.Grid.Clone()
	} else {
		src = w.gridCopy()
	}
	s, regions := w.Settings, w.Regions
	s.Levels = k.levels // the cluster heuristic's key has its own (keyFor)
	run := func(j *buildJob) buildRes {
		ctx := context.Background() // small grids: built at once, never stopped
		if j != nil {
			ctx = j.ctx
		}
		snap := snap
		if src != nil {
			snap = src.make()
		}
		t0 := time.Now()
		h, err := safeBuild(ctx, "building the "+hierName(k.algo), b, snap, regions, s)
		dur := time.Since(t0)
		if j != nil && (j.stale.Load() || ctx.Err() != nil) {
			return buildRes{stale: true} // stopped, or not worth counting
		}
		if err == nil {
			// Counted here, off the frame (HPA*: 8 ms on 512×512), and
			// cached: as much the build's code as b, so under a recover
			// too (on the build worker a panic would end the program).
			if err = safeSize("building the "+hierName(k.algo), h); err != nil {
				h = nil
			}
		}
		return buildRes{h: h, grid: snap, err: err, dur: dur}
	}
	if small {
		w.cancelBuild()
		w.install(k, run(nil), false)
		return w.hier, w.hierErr
	}
	name := hierName(k.algo)
	w.submitJob(&buildJob{key: k, run: run, done: make(chan buildRes, 1), what: "building the " + name,
		ready: "the " + name + " is built", src: src})
	w.syncAgentPlanner() // A* stands in for the agents' planner until it arrives
	return nil, errBuilding
}

// safeBuild is b(ctx, g, regions, s), with a panic inside it while what
// was under way (on any of
// its goroutines: see hpa.WorkerPanic) returned as an *InternalError: the
// build read a copy of the grid and wrote nothing of the world's, so the
// session goes on without that hierarchy, as after a refused build.
func safeBuild(ctx context.Context, what string, b builder, g *pathing.Grid, regions [][]byte, s Settings) (h Hierarchy, err error) {
	defer func() {
		if p := recover(); p != nil {
			h, err = nil, Recovered(what, p)
		}
	}()
	return b(ctx, g, regions, s)
}

// safeSize is h.Size() with a panic in it returned as an *InternalError
// (see safeBuild).
func safeSize(what string, h Hierarchy) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = Recovered(what, p)
		}
	}()
	h.Size()
	return nil
}

// hierName names the hierarchy of algorithm a in messages.
func hierName(a Algo) string {
	if a == AlgoHPA {
		return "HPA* hierarchy"
	}
	return "group hierarchy"
}

// lend runs f, which may read and write the world's hierarchy and nothing
// else of the world, on the build worker. Meanwhile the hierarchy counts as
// being built: nobody else touches it, and cells edited meanwhile are
// repaired into it when it comes back (see pollBuild). A lend abandoned for
// another build loses the hierarchy (it is built again when needed). what
// says what f does, ready that it is done.
func (w *World) lend(what, ready string, f func()) {
	h, g, dur := w.hier, w.hierGrid, w.hierBuild
	w.hier, w.hierGrid = nil, nil
	run := func(*buildJob) (r buildRes) {
		defer func() {
			if p := recover(); p != nil {
				// f may have left the hierarchy half-changed: it is
				// dropped, its key showing the error until an edit or a
				// structural switch builds anew (building at once would
				// lend again, and fail again, in a loop). The cluster
				// heuristic, the one lend there is, catches its own
				// panics first (clusterTable): only that goal fails.
				r = buildRes{err: Recovered(what, p)}
			}
		}()
		f()
		return buildRes{h: h, grid: g, dur: dur}
	}
	w.submitJob(&buildJob{key: w.hierKey, run: run, done: make(chan buildRes, 1), what: what, ready: ready, lent: true})
	// The agents stop planning on it before a tick (A* stands in); their
	// planner stays, to plan again when it comes back.
	w.syncAgentPlanner()
}

// pendingWhat says what the plan waits for ("building the HPA* hierarchy").
func (w *World) pendingWhat() string {
	if j := w.building; j != nil {
		return j.what
	}
	return "waiting"
}

// install makes a finished build for key k the world's hierarchy (the one
// installed before is dropped) and logs it (a lent one comes back without
// a log line).
func (w *World) install(k hierKey, r buildRes, lent bool) {
	if be, ok := r.err.(*buildError); ok && be.layers > 0 {
		// The builder read the layers alone: the session knows their file.
		r.err = layersError(be.layers, be.levels, w.regionsWhere(be.levels+1))
	}
	w.hierKey = k
	w.hierBuild = r.dur
	w.hierErr = r.err
	w.hier = nil
	w.hierGrid = nil
	if r.err != nil {
		return
	}
	if gh, ok := r.h.(*groupHier); ok {
		gh.w = w
	}
	w.hier, w.hierGrid = r.h, r.grid
	if lent {
		return
	}
	w.repairTime = 0 // a new hierarchy: its repairs are measured afresh
	w.noteRoomsElsewhere()
	sz := r.h.Size()
	fs := []F{{"hierarchy", k.algo}, {"cluster", clusterField(k)}, {"levels", r.h.Levels()},
		{"nodes", sz.Nodes}, {"edges", sz.Edges}, {"ms", r.dur}}
	if gh, ok := r.h.(*groupHier); ok && gh.kept > 0 {
		fs = append(fs, F{"kept_levels", gh.kept}) // built on the last hierarchy's (relevelBuilder)
	}
	w.Log.Add("build", fs...)
}

// take receives from ch: blocking when wait, else only what is ready
// (ok false when nothing is). The background workers' polls share it.
func take[T any](ch <-chan T, wait bool) (v T, ok bool) {
	if wait {
		return <-ch, true
	}
	select {
	case v = <-ch:
		return v, true
	default:
		return v, false
	}
}

// pollBuild installs a background build that has finished (wait: blocks
// until it has), repairing the cells edited while it ran. It reports
// whether it installed one.
func (w *World) pollBuild(wait bool) bool {
	j := w.building
	if j == nil {
		return false
	}
	r, ok := take(j.done, wait)
	if !ok {
		return false
	}
	w.building = nil
	if r.stale {
		return false // (the world abandons a job before it forgets it: not reached)
	}
	w.install(j.key, r, j.lent)
	if p := w.plan; p != nil && p.waiting {
		// The plan runs in the next frame (Tick) or at once (Wait); until
		// then its note must not say the build is under way.
		p.waiting = false
		ready := j.ready
		if r.err != nil {
			ready = j.what + " failed"
		}
		w.Outcome.Note = "planning: " + ready + ", the plan runs next frame…"
	}
	if len(j.changed) == 0 {
		return true
	}
	if w.hier == nil {
		// A build that failed may succeed on the edited grid.
		w.dropHierarchy()
		return true
	}
	// The cells edited while it was away, repaired now: flashed and logged
	// like any edit's repair.
	w.mirror(j.changed)
	t0 := time.Now()
	rep := w.hier.Update(j.changed)
	if rep.Time == 0 {
		rep.Time = time.Since(t0)
	}
	w.LastRepair = rep
	w.RepairSeq++
	w.logRepair(rep)
	return true
}

// mirror copies the changed cells of the world's grid into the grid the
// hierarchy reads, before it is told of them.
func (w *World) mirror(changed []image.Point) {
	if w.hierGrid == nil || w.hierGrid == w.Grid {
		return
	}
	for _, p := range changed {
		w.hierGrid.SetWeight(p, w.Grid.Weight(p))
	}
}

// planJob is the current query while its answer is not in yet.
type planJob struct {
	traced, logIt bool
	shown         bool   // Outcome says the answer is pending
	waiting       bool   // and its note names the background build it waits for
	after         func() // runs once the answer is in (a switch's note)
	// place is where the cursor stood in the trace of the plan a switch
	// replaced, to be shown in this one's (nil: at its end).
	place *place
	// oneRun: a stroke's or an endpoint drag's live plan, replanned at
	// every mouse move; a hierarchical query is run once, untimed again
	// (Outcome.OneRun).
	oneRun bool

	// A flat search: stage 1 runs the untraced (timed) search, stage 2 the
	// traced one. A hierarchical query: stage 1 shows the untraced answer
	// and waits for the next frame to record the trace.
	stage int
	q     pathing.Query
	note  string
	dur   time.Duration
	total int // a flat search: the untraced pass's expansions (stage 2's progress)
}

// budgetSpent reports whether a flat search that started its frame's slice
// at t0 has used budget (stage: 1 untraced, 2 recording). Tests replace it
// to stop a slice in the stage they want.
var budgetSpent = func(t0 time.Time, budget time.Duration, stage int) bool {
	return time.Since(t0) >= budget
}

// Busy reports whether work the window shows is still under way: a
// hierarchy being built or a plan being computed (Outcome.Status is then
// pathing.Running and Outcome.Note says which). The background optimal
// reference is not counted: Optimal.Pending says that. Tick finishes it.
func (w *World) Busy() bool { return w.building != nil || w.plan != nil }

// Wait finishes at once (blocking) the background build and the pending
// plan, then the optimal reference and the cut cells (when they are shown,
// ShowCutCells): for tests, screenshots and the headless bench, which want
// the finished answer. A plan waiting for the stroke in progress (see
// EndStroke) stays pending.
func (w *World) Wait() {
	for w.Busy() {
		w.pollBuild(true)
		if w.strokeHolds() && w.building == nil {
			return
		}
		w.advancePlan(0)
	}
	w.waitOptimal()
	w.waitCutCells()
	w.waitComponents()
	w.waitGroupBake()
}

// afterPlan runs f once the current plan's answer is in: now when it is.
func (w *World) afterPlan(f func()) {
	if p := w.plan; p != nil {
		prev := p.after
		p.after = func() {
			if prev != nil {
				prev()
			}
			f()
		}
		return
	}
	f()
}

// showPending makes Outcome say that the answer is being worked on.
func (w *World) showPending(what string) {
	w.plan.waiting = false
	w.showPendingNote(what)
}

// showWaiting makes Outcome say that the answer waits for the background
// build (or lend) w.building: "planning: building the HPA* hierarchy…".
func (w *World) showWaiting(suffix string) {
	w.showPendingNote("planning: " + w.pendingWhat() + suffix + "…")
	w.plan.waiting = w.building != nil
}

func (w *World) showPendingNote(what string) {
	if !w.plan.shown {
		w.trace.Reset()
	}
	w.showRecording(what)
}

// showRecording is showPendingNote for a flat search's recording pass: the
// trace it is filling is kept. (When the untraced pass had ended within the
// frame, nothing was shown pending yet, and showing it then cleared the
// half-recorded trace: the answer came with its phase and first events
// gone.)
func (w *World) showRecording(what string) {
	p := w.plan
	if !p.shown {
		p.shown = true
		w.Outcome = Outcome{Algo: w.Settings.Algo, Answer: Answer{Status: pathing.Running, Cost: inf}}
		w.Timeline.Reset(nil, w.Grid.Len())
		w.Play.Playing = false
		w.Optimal.reset()
	}
	w.Outcome.Note = what
}

// budget returns the work the plan may do now: a frame's on large grids,
// unlimited (0) on small ones.
func (w *World) budget() time.Duration {
	if w.Grid.Len() <= asyncCells {
		return 0
	}
	if f := &w.pace; f.gap >= slowFrame {
		return min(max(f.rest, frameBudget), maxFrameBudget)
	}
	return frameBudget
}

// flatSearcher returns the flat searcher on Grid, made on first use (a
// hierarchical session never needs its 20 bytes a cell), and made again
// for another grid (its buffers go before the new ones are made).
func (w *World) flatSearcher() *pathing.Searcher {
	if w.search == nil || w.search.Grid() != w.Grid {
		w.search = nil
		w.search = pathing.NewSearcher(w.Grid)
	}
	return w.search
}

// flatStep advances the plan's flat search for up to budget (0: to the
// end). done is false while it is not finished.
func (w *World) flatStep(budget time.Duration) (done bool, a Answer, peak int, dur time.Duration, err error) {
	p := w.plan
	s := w.Settings
	t0 := time.Now()
	if p.stage == 0 {
		q := pathing.Query{Start: w.Start, Goal: w.Goal, Neighborhood: s.Neighborhood, Heuristic: s.Heuristic.Grid()}
		switch s.Algo {
		case AlgoDijkstra:
			q.Algorithm = pathing.Dijkstra
		case AlgoGreedy:
			q.Algorithm = pathing.Greedy
		}
		switch {
		case s.Heuristic == HeurCluster && q.Algorithm == pathing.Dijkstra:
			q.Heuristic = pathing.Zero
			p.note = unusedHeuristicNote(s)
		case s.Heuristic == HeurCluster:
			hf, err := w.clusterHeuristic()
			if errors.Is(err, errBuilding) {
				suffix := " for the cluster heuristic"
				if w.building != nil && w.building.lent {
					suffix = "" // "computing the cluster heuristic towards…" says it
				}
				w.showWaiting(suffix)
				return false, a, 0, 0, nil
			}
			if err != nil {
				return true, Answer{Cost: inf}, 0, 0, err
			}
			q.HeuristicFunc = hf
		}
		p.q = q
		t1 := time.Now()
		if err := w.flatSearcher().Init(q); err != nil {
			return true, Answer{Cost: inf}, 0, time.Since(t1), err
		}
		p.dur += time.Since(t1)
		p.stage = 1
	}
	for {
		t1 := time.Now()
		st := w.search.Step(stepChunk)
		if p.stage == 1 {
			p.dur += time.Since(t1)
		}
		if st == pathing.Running {
			if budget > 0 && budgetSpent(t0, budget, p.stage) {
				n := w.search.Result().Expanded
				if p.stage == 2 {
					// The recording pass counts from 0 again: say so, against
					// the first pass's total, rather than a count that drops.
					w.showRecording(fmt.Sprintf("planning: recording the search (%s of %s cells)…", Count(n), Count(p.total)))
				} else {
					w.showPending(fmt.Sprintf("planning: %s has expanded %s cells…", s.Algo.Title(), Count(n)))
				}
				return false, a, 0, 0, nil
			}
			continue
		}
		if p.stage == 1 && p.traced {
			// Again, recording the trace (the time is the untraced run's).
			// Its events are about the untimed run's pops, pushes and some
			// relaxations: room for them is made now, in one allocation,
			// rather than by doublings that copy megabytes mid-frame.
			// A pause before recording is shown first: showing the
			// pending state clears the trace, which must not take the
			// phase begun below with it.
			pause := budget > 0 && budgetSpent(t0, budget/2, p.stage)
			if pause {
				w.showPending("planning: recording the search…")
			}
			res := w.search.Result()
			p.total = res.Expanded
			need := min(res.Expanded+2*res.Pushes, w.trace.Limit)
			w.trace.Events = slices.Grow(w.trace.Events[:0], need)
			w.trace.Reset()
			p.q.Trace = &w.trace
			w.trace.BeginPhase(s.Algo.Title(), 0)
			if err := w.search.Init(p.q); err != nil {
				return true, Answer{Cost: inf}, 0, p.dur, err
			}
			p.stage = 2
			if pause {
				return false, a, 0, 0, nil
			}
			continue
		}
		res := w.search.Result()
		a = Answer{Status: res.Status, Cost: res.Cost, Path: res.Path, Expanded: res.Expanded,
			Phases: []PhaseStat{{Name: s.Algo.Title(), Level: 0, Expanded: res.Expanded}}, Note: p.note}
		return true, a, res.PeakOpen, p.dur, nil
	}
}
