package world

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"pathlens/maps"
	"pathlens/pathing"
)

// A batch runs every query of the session's list (Queries: a .scen's rows
// and the scenario's own) through the current algorithm and switches,
// untraced, and compares each answer with our A*'s on the same grid, as
// cmd/bench does for a scenario. It runs on its own goroutine over a
// snapshot taken when it starts: a copy of the grid (weights included;
// made on the goroutine on a big map), the region layers (never written
// once published), a copy of the settings and of the list, with a hierarchy
// of its own made by the same builders the session uses. It shares no
// mutable state with the session, so the window never waits for it; Tick
// polls its result, and the ranking it leaves (BatchResult.Ranking) is what
// F4 steps through.

// BatchRow is one query of a finished batch.
type BatchRow struct {
	Query       int // index in the batch's list (the session's Queries when it started)
	Start, Goal image.Point
	Found       bool    // the planner found a path
	Cost        float64 // the planner's cost (+Inf unless Found)
	// Optimal is A*'s cost on the same grid and neighbourhood, +Inf when
	// A* finds no path (the row is unreachable).
	Optimal float64
	// Sub is Cost / Optimal − 1, NaN when the row is not comparable: no
	// path on either side, or a problem.
	Sub float64
	// Problem says why the row is wrong rather than merely suboptimal: the
	// planner and A* disagree on whether a path exists (a reach error),
	// or the planner's path is not a legal walk at its cost (an invalid
	// path). "" for none.
	Problem string
	// Invalid marks a problem that is an invalid path, Below one that is
	// a path cheaper than A*'s optimum (a bug of A* or of the planner's
	// cost: Sub is negative); else, with a Problem, a reach error.
	Invalid, Below bool
	// Wall marks a row whose start or goal is a wall on the batch's grid
	// (a stroke painted over a .scen endpoint): neither A* nor the planner
	// is asked, it is not unreachable, and it is not ranked, as F3
	// refuses to open it.
	Wall bool
	// Time and AStarTime are one untraced run of the planner and of A*.
	Time, AStarTime time.Duration
}

// BatchResult is the summary and the rows of a finished batch.
type BatchResult struct {
	// Settings are the switches it ran with, Config the same in the
	// panel's words ("HPA*, cluster size 10, levels 2, …").
	Settings Settings
	Config   string
	// Version is the grid version it ran on (GridVersion when it started),
	// rooms the rooms' state then (roomsDone).
	Version uint64
	rooms   uint64
	// queries is the list it ran (the session's Queries then): rows name
	// their query by index in it.
	queries [][2]image.Point
	Rows    []BatchRow
	// Found counts the rows the planner found a path for, Unreachable the
	// rows A* proves have no path (both endpoints open), Walls the rows
	// whose start or goal is a wall, ReachErrors the rows where the
	// planner and A* disagree and Invalid the found paths that are not
	// legal walks at their cost, Below the paths cheaper than A*'s
	// optimum.
	Found, Unreachable, Walls, ReachErrors, Invalid, Below int
	// Compared counts the rows in the suboptimality figures; Mean, P99 and
	// Max are over them (0 when none).
	Compared       int
	Mean, P99, Max float64
	// Ranking lists row indices worst first: problems (reach errors and
	// invalid paths, in row order), then comparable rows by Sub,
	// highest first (ties in row order). Unreachable rows both sides agree
	// on are not in it, nor rows on a wall.
	Ranking []int
	// Median and AStarMedian are the medians over the rows each found a
	// path for, or tried (every row whose endpoints are open).
	Median, AStarMedian time.Duration
	// Elapsed is the wall time of the whole batch, the build included.
	Elapsed time.Duration
	// Build is the time the batch's own hierarchy took (0 for a flat
	// search).
	Build time.Duration
	// Err is why the batch could not run (a hierarchy that cannot be
	// built): the rest is empty then.
	Err error
}

// Worst returns the row ranked worst, or nil when the ranking is empty.
func (r *BatchResult) Worst() *BatchRow {
	if r == nil || len(r.Ranking) == 0 {
		return nil
	}
	return &r.Rows[r.Ranking[0]]
}

// batchJob is a batch under way on its goroutine.
type batchJob struct {
	total    int
	settings Settings
	config   string // BatchConfig of settings, as the batch's messages name it
	version  uint64
	rooms    uint64
	done     atomic.Int64 // rows finished, read by the panel
	cancel   context.CancelFunc
	res      chan *BatchResult // capacity 1: the worker never waits
	ended    chan struct{}     // closed when the goroutine returns
	started  time.Time
}

// Batch is the session's batch state: the job under way, if any, and the
// last finished result with F4's place in its ranking.
type Batch struct {
	job  *batchJob
	last *BatchResult
	// pos is the ranking position F4 opened last (-1: none yet).
	pos int
}

// batchHook, when not nil, runs on the batch goroutine before each row
// (tests: hold a batch under way to cancel it or close the world).
var batchHook func(row int)

// batchGoHook, when not nil, runs first on the batch goroutine (tests and
// benchmarks: hold the batch back while the window's part is measured).
var batchGoHook func()

// BatchRunning reports whether a batch is under way, with its progress:
// done rows of total.
func (w *World) BatchRunning() (done, total int, running bool) {
	j := w.Batch.job
	if j == nil {
		return 0, 0, false
	}
	return int(j.done.Load()), j.total, true
}

// LastBatch returns the last finished batch, or nil.
func (w *World) LastBatch() *BatchResult { return w.Batch.last }

// StartBatch starts a batch over the session's queries with the current
// switches. With no query list it says how to get one and starts nothing;
// when the batch's own copies, searches and hierarchy would not fit in
// the free memory it says so and starts nothing (checkBatchMemory); a
// batch already under way is cancelled first. It reports whether one
// started.
func (w *World) StartBatch() bool {
	if len(w.Queries) == 0 {
		w.Fail("batch: %s has no query list: drop a Moving AI .scen for it on the window, open one with Ctrl+O, or start with -scen FILE", w.Name)
		return false
	}
	if err := w.checkBatchMemory(); err != nil {
		// The batch's hierarchy is a second one beside the session's:
		// past what is free the out-of-memory killer would take the
		// session, unsaved edits with it, as checkHierMemory guards.
		w.Log.Add("batch", F{"state", "refused"}, F{"rows", len(w.Queries)}, F{"why", err.Error()})
		w.Fail("batch: %v", err)
		return false
	}
	w.stopBatch()
	s := w.Settings
	// The grid is copied on the batch's goroutine on a big map, from the
	// last snapshot and the cells changed since (gridCopy), as a build's
	// is: a copy here took the window 4 ms at 4096×4096. The region
	// layers are never written once published (publishRooms makes a new
	// layer and a new list), so the batch reads the session's.
	var snap *pathing.Grid
	var src *gridCopy
	if w.Grid.Len() <= asyncCells {
		snap = w.Grid.Clone()
	} else {
		src = w.gridCopy()
	}
	regions := slices.Clone(w.Regions)
	qs := slices.Clone(w.Queries)
	ctx, cancel := context.WithCancel(context.Background())
	j := &batchJob{total: len(qs), settings: s, config: w.batchConfig(s), version: w.GridVersion(), rooms: w.roomsDone, cancel: cancel,
		res: make(chan *BatchResult, 1), ended: make(chan struct{}), started: time.Now()}
	w.Batch.job = j
	go func() {
		defer close(j.ended)
		if batchGoHook != nil {
			batchGoHook()
		}
		snap := snap
		if src != nil {
			if ctx.Err() != nil {
				src.release() // cancelled before it started: no copy
				return
			}
			snap = src.make()
		}
		defer func() {
			// A planner's internal panic must not take the window, and
			// the user's unsaved edits, with it: it ends the batch with
			// an error naming the row.
			if p := recover(); p != nil {
				j.res <- &BatchResult{Err: Recovered(fmt.Sprintf("running query %s of %s with %s",
					Count(int(j.done.Load())+1), Count(j.total), j.config), p)}
			}
		}()
		r := runBatch(ctx, j, snap, regions, s, qs)
		if r != nil {
			j.res <- r
		}
	}()
	cfg := j.config
	w.Log.Add("batch", F{"state", "started"}, F{"rows", len(qs)}, F{"config", cfg})
	w.Note("batch: %s queries with %s… (Ctrl+B or Esc cancels)", Count(len(qs)), cfg)
	return true
}

// CancelBatch cancels the batch under way, with a note saying how far it
// got; it reports whether there was one. The last finished batch stays.
func (w *World) CancelBatch() bool {
	j := w.Batch.job
	if j == nil {
		return false
	}
	done := int(j.done.Load())
	w.stopBatch()
	w.Log.Add("batch", F{"state", "cancelled"}, F{"done", done}, F{"rows", j.total})
	w.Note("batch cancelled after %s of %s queries", Count(done), Count(j.total))
	return true
}

// stopBatch cancels the batch under way, if any, silently. The goroutine
// ends at its next row (or sooner, in a hierarchy build, which watches the
// context).
func (w *World) stopBatch() {
	if j := w.Batch.job; j != nil {
		j.cancel()
		w.Batch.job = nil
	}
}

// pollBatch takes a finished batch (wait: blocks until it is done) and
// makes it the last, with its note and log line.
func (w *World) pollBatch(wait bool) {
	j := w.Batch.job
	if j == nil {
		return
	}
	var r *BatchResult
	if wait {
		select {
		case r = <-j.res:
		case <-j.ended:
			select {
			case r = <-j.res:
			default:
			}
		}
	} else {
		select {
		case r = <-j.res:
		default:
			return
		}
	}
	w.Batch.job = nil
	if r == nil {
		return
	}
	if r.Err != nil {
		w.Fail("batch: %v", r.Err)
		return
	}
	w.Batch.last, w.Batch.pos = r, -1
	w.logBatch(r)
	w.Note("%s", w.BatchSummary())
}

// WaitBatch blocks until the batch under way ends and takes its result
// (tests and tools; the window polls in Tick).
func (w *World) WaitBatch() { w.pollBatch(true) }

// logBatch writes the "batch" line of a finished result.
func (w *World) logBatch(r *BatchResult) {
	fs := []F{{"state", "done"}, {"rows", len(r.Rows)}, {"found", r.Found}, {"unreachable", r.Unreachable},
		{"reach_errors", r.ReachErrors}}
	if r.Walls > 0 {
		fs = append(fs, F{"wall_endpoints", r.Walls})
	}
	if r.Invalid > 0 {
		fs = append(fs, F{"invalid", r.Invalid})
	}
	if r.Below > 0 {
		fs = append(fs, F{"below_optimal", r.Below})
	}
	if r.Compared > 0 {
		fs = append(fs, F{"mean_subopt", round6(r.Mean)}, F{"p99_subopt", round6(r.P99)}, F{"max_subopt", round6(r.Max)})
	}
	if wr := r.Worst(); wr != nil {
		fs = append(fs, F{"worst_query", wr.Query + 1})
	}
	fs = append(fs, F{"ms_median", r.Median}, F{"astar_ms_median", r.AStarMedian})
	if r.Median > 0 {
		fs = append(fs, F{"speedup_median", round3(float64(r.AStarMedian) / float64(r.Median))})
	}
	fs = append(fs, F{"ms", r.Elapsed}, F{"config", r.Config})
	if st := w.BatchStale(); st != "" {
		fs = append(fs, F{"stale", st})
	}
	w.Log.Add("batch", fs...)
}

func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// BatchSummary returns the last finished batch's summary in one line, with
// a warning first when the map or a switch changed since it started, or
// "" when there is none.
func (w *World) BatchSummary() string {
	r := w.Batch.last
	if r == nil {
		return ""
	}
	var b strings.Builder
	if st := w.BatchStale(); st != "" {
		fmt.Fprintf(&b, "batch (figures for the state before: %s): ", st)
	} else {
		b.WriteString("batch: ")
	}
	fmt.Fprintf(&b, "%s, %s found, %s unreachable, %s", plural(len(r.Rows), "row", "rows"), Count(r.Found), Count(r.Unreachable),
		plural(r.ReachErrors, "reach error", "reach errors"))
	if r.Invalid > 0 {
		fmt.Fprintf(&b, ", %s", plural(r.Invalid, "invalid path", "invalid paths"))
	}
	if r.Walls > 0 {
		fmt.Fprintf(&b, ", %s", wallRows(r.Walls))
	}
	if r.Below > 0 {
		fmt.Fprintf(&b, ", %s below A*'s optimum", plural(r.Below, "path", "paths"))
	}
	if r.Compared > 0 {
		fmt.Fprintf(&b, "; over optimal: mean %s, p99 %s, max %s", Percent(r.Mean), Percent(r.P99), Percent(r.Max))
	}
	if wr := r.Worst(); wr != nil {
		fmt.Fprintf(&b, ", worst query %s", Count(wr.Query+1))
	}
	if r.Median > 0 && r.AStarMedian > 0 {
		// Wall clock on the batch's goroutine while the window draws: the
		// ratio runs lower than cmd/bench's on the same rows.
		fmt.Fprintf(&b, "; median %s per row against A*'s %s (%s; timed beside the window's drawing: cmd/bench for timings)", msText(r.Median), msText(r.AStarMedian),
			speedText(r.AStarMedian, r.Median))
	}
	fmt.Fprintf(&b, " (%s; F4 opens the worst)", r.Config)
	return b.String()
}

// speedText compares the planner's median time with A*'s in the way a
// reader takes in at once: "3.4× faster than A*", "3.3× slower than A*"
// ("A* takes 0.3×" read backwards), "as fast as A*" within 5 %.
func speedText(astar, planner time.Duration) string {
	r := float64(astar) / float64(planner)
	switch {
	case r >= 1.05:
		return strconv.FormatFloat(r, 'f', 1, 64) + "× faster than A*"
	case r <= 1/1.05:
		return strconv.FormatFloat(1/r, 'f', 1, 64) + "× slower than A*"
	}
	return "as fast as A*"
}

// wallRows says how many rows start or end on a wall: "1 row starts or
// ends on a wall", "3 rows start or end on a wall".
func wallRows(n int) string {
	if n == 1 {
		return "1 row starts or ends on a wall"
	}
	return Count(n) + " rows start or end on a wall"
}

// Percent writes a suboptimality (0.021) as the window shows it, to three
// significant digits ("2.10 %", "0.0190 %", "12.3 %"; exactly 0: "0 %"),
// so figures side by side (mean, p99, max) share one precision: a mean
// of 0.0004 % read "0.000 %" beside "0 %" and "0.3 %".
func Percent(x float64) string {
	return sig3(x*100) + " %"
}

// msText writes a duration in milliseconds for a note, to three
// significant digits as Percent ("0.149 ms", "1.20 ms").
func msText(d time.Duration) string {
	return sig3(float64(d)/float64(time.Millisecond)) + " ms"
}

// sig3 writes x to three significant digits in plain decimals, trailing
// zeros kept (they say the precision): 0.000412, 0.300, 12.3, 1230; "0"
// for 0.
func sig3(x float64) string {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	// Rounded first: 9.996 is 10.0, whose decimals are one fewer.
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 3, 64), 64)
	dec := max(0, 2-int(math.Floor(math.Log10(math.Abs(v)))))
	return strconv.FormatFloat(v, 'f', dec, 64)
}

// BatchStale says what changed since the last finished batch started, so
// its figures are for an earlier state ("the map was edited", "cluster
// size 10 → 12"), or "" when they hold for the session as it is. Only the
// switches its algorithm uses count.
func (w *World) BatchStale() string {
	r := w.Batch.last
	if r == nil {
		return ""
	}
	var why []string
	if w.GridVersion() != r.Version {
		why = append(why, "the map was edited since")
	}
	if !w.batchListHolds() {
		why = append(why, "the query list was replaced since")
	}
	if w.roomsDone != r.rooms && r.Settings.Uses("rooms") {
		why = append(why, "the rooms were repainted since")
	}
	was, now := configWords(r.Settings), configWords(w.Settings)
	if was[0][1] != now[0][1] {
		why = append(why, fmt.Sprintf("algorithm %s → %s", was[0][1], now[0][1]))
	} else {
		for i := 1; i < len(was) && i < len(now); i++ {
			if was[i] != now[i] {
				why = append(why, fmt.Sprintf("%s %s → %s", was[i][0], was[i][1], now[i][1]))
			}
		}
	}
	return strings.Join(why, ", ")
}

// batchListHolds reports whether the session's query list is still the
// one the last batch ran (a .scen dropped since replaces it).
func (w *World) batchListHolds() bool {
	r := w.Batch.last
	// A query kept at the end since (KeepQuery) leaves the batch's rows
	// where they were: its ranking still opens them.
	return r == nil || len(w.Queries) >= len(r.queries) && slices.Equal(r.queries, w.Queries[:len(r.queries)])
}

// configWords are the switches a batch with s depends on, as the panel
// labels them, with their values: the algorithm first, then the switches
// it uses (Settings.Uses), always in the same order.
func configWords(s Settings) [][2]string {
	out := [][2]string{{"algorithm", s.Algo.Title()}}
	heur := s.Heuristic.String()
	if s.Algo == AlgoGroup && s.Heuristic == HeurCluster {
		// As the panel's row says it: the planner's searches aim at the
		// next group, where the table does not apply (unusedHeuristicNote).
		heur += " (" + pathing.Auto.Resolve(s.Neighborhood).String() + " here)"
	}
	for _, sw := range []struct{ name, value string }{
		// The group planner's cell searches read the heuristic too (a
		// group batch left it out, so changing it made no batch stale).
		{"heuristic", heur},
		{"cost", s.Cost.Title()},
		{"exclusion", onOff(s.Exclusion)},
		{"target", s.Target.String()},
		{"cluster", strconv.Itoa(s.Cluster())},
		{"levels", strconv.Itoa(s.LevelCount())},
		{"smooth", onOff(s.Smooth())},
		{"shortcut", onOff(s.Shortcut())},
		{"transitions", TransitionsText(s.Dense)},
		{"cache", onOff(s.CachePaths)},
	} {
		if s.Uses(sw.name) {
			out = append(out, [2]string{switchTitle[sw.name], sw.value})
		}
	}
	return append(out, [2]string{"neighbourhood", s.Neighborhood.String() + "-connected"})
}

// batchConfig names the configuration a batch with s runs, in the panel's
// words: "HPA*, cluster size 10, levels 2, smoothing on, shortcut on,
// transitions sparse, path cache off, 8-connected"; "clusters from regions" instead of the
// size when regions is set: the designer's regions make every level of
// the group hierarchy, and the size (which the panel then dims, and the
// build line gives as cluster=regions) is not used.
func batchConfig(s Settings, regions bool) string {
	ws := configWords(s)
	parts := []string{ws[0][1]}
	for _, kv := range ws[1:] {
		switch {
		case kv[0] == "neighbourhood":
			parts = append(parts, kv[1])
		case kv[0] == switchTitle["cluster"] && regions:
			parts = append(parts, "clusters from regions")
		default:
			parts = append(parts, kv[0]+" "+kv[1])
		}
	}
	return strings.Join(parts, ", ")
}

// batchConfig is the configuration a batch with s would run on this
// session's map and regions (see batchConfig).
func (w *World) batchConfig(s Settings) string {
	return batchConfig(s, s.Algo == AlgoGroup && w.keyFor(AlgoGroup).cluster == 0)
}

// BatchStep moves F4's place in the last batch's ranking by d (+1: the
// next worse-to-better row not yet opened; -1: back up the ranking) and
// returns the row there with its rank (0: the worst). ok is false, with
// the reason in msg, when there is no finished batch, no row ranked, or
// no row further that way; the place does not move then.
func (w *World) BatchStep(d int) (row BatchRow, rank int, msg string, ok bool) {
	r := w.Batch.last
	switch {
	case r == nil:
		if done, total, running := w.BatchRunning(); running {
			return row, 0, fmt.Sprintf("the batch is still running (%s of %s): F4 opens its worst rows when it ends", Count(done), Count(total)), false
		}
		return row, 0, "no batch has run: Ctrl+B runs every query of the list, then F4 opens the worst", false
	case len(r.Ranking) == 0 && r.Walls == 1 && len(r.Rows) == 1:
		return row, 0, "the batch ranked no row: its one row starts or ends on a wall", false
	case len(r.Ranking) == 0 && r.Walls == len(r.Rows):
		return row, 0, fmt.Sprintf("the batch ranked no row: every one of its %s rows starts or ends on a wall", Count(len(r.Rows))), false
	case len(r.Ranking) == 0 && r.Walls > 0:
		return row, 0, fmt.Sprintf("the batch ranked no row: of its %s rows, %s and the rest are unreachable both ways", Count(len(r.Rows)), wallRows(r.Walls)), false
	case len(r.Ranking) == 0:
		return row, 0, fmt.Sprintf("the batch ranked no row: every one of its %s rows is unreachable both ways", Count(len(r.Rows))), false
	}
	if !w.batchListHolds() {
		return row, 0, "the query list was replaced since the batch ran, so its rows are not these queries: Ctrl+B runs the new list", false
	}
	p := w.Batch.pos + d
	if p < 0 {
		return row, 0, "this is the worst row of the batch: F4 goes down the ranking", false
	}
	if p >= len(r.Ranking) {
		return row, 0, fmt.Sprintf("every one of the batch's %s ranked rows is opened: Shift+F4 goes back up", Count(len(r.Ranking))), false
	}
	w.Batch.pos = p
	return r.Rows[r.Ranking[p]], p, "", true
}

// runBatch runs qs with s over snap (the batch's own grid) and returns the
// result, or nil when ctx was cancelled.
func runBatch(ctx context.Context, j *batchJob, snap *pathing.Grid, regions [][]byte, s Settings, qs [][2]image.Point) *BatchResult {
	t0 := time.Now()
	res := &BatchResult{Settings: s, Config: j.config, Version: j.version, rooms: j.rooms, queries: qs}
	plan, build, err := batchPlanner(ctx, snap, regions, s)
	if err != nil {
		if ctx.Err() != nil {
			return nil
		}
		res.Err = fmt.Errorf("%s could not be built for it (%v)", j.config, err)
		return res
	}
	res.Build = build
	astar := pathing.NewSearcher(snap)
	aq := pathing.Query{Neighborhood: s.Neighborhood}
	res.Rows = make([]BatchRow, len(qs))
	var durs, adurs []time.Duration
	for i, q := range qs {
		if ctx.Err() != nil {
			return nil
		}
		if batchHook != nil {
			batchHook(i)
		}
		row := BatchRow{Query: i, Start: q[0], Goal: q[1], Cost: inf, Optimal: inf, Sub: math.NaN()}
		if !snap.Open(q[0]) || !snap.Open(q[1]) {
			// Not a query anyone can answer: A* would refuse it, and
			// counting it unreachable would hide what an edit did.
			row.Wall = true
			res.Rows[i] = row
			j.done.Store(int64(i + 1))
			continue
		}
		aq.Start, aq.Goal = q[0], q[1]
		t1 := time.Now()
		ar, aerr := astar.Search(aq)
		row.AStarTime = time.Since(t1)
		if aerr == nil {
			adurs = append(adurs, row.AStarTime)
			if ar.Status == pathing.Found {
				row.Optimal = ar.Cost
			}
		}
		if aerr == nil { // endpoints open: the planner is asked too
			t2 := time.Now()
			ans, perr := plan(q[0], q[1])
			row.Time = time.Since(t2)
			durs = append(durs, row.Time)
			if perr == nil && ans.Status == pathing.Found {
				row.Found, row.Cost = true, ans.Cost
				if why := checkBatchPath(snap, s.Neighborhood, ans.Path, q[0], q[1], ans.Cost); why != "" {
					row.Problem, row.Invalid = "invalid path: "+why, true
				}
			}
			judgeRow(&row, s.Algo.Title(), perr)
		}
		res.Rows[i] = row
		j.done.Store(int64(i + 1))
	}
	res.summarize(durs, adurs)
	res.Elapsed = time.Since(t0)
	return res
}

// judgeRow sets the row's problem (a reach error) and suboptimality from
// its planner and A* answers. perr is the planner's error, if any.
func judgeRow(row *BatchRow, who string, perr error) {
	aFound := !math.IsInf(row.Optimal, 1)
	switch {
	case row.Invalid:
	case aFound != row.Found:
		if row.Found {
			row.Problem = fmt.Sprintf("reach error: %s finds a path, A* none", who)
		} else {
			row.Problem = fmt.Sprintf("reach error: A* finds a path, %s none", who)
			if perr != nil {
				row.Problem += " (" + perr.Error() + ")"
			}
		}
	case row.Found:
		sub, ok := maps.Suboptimality(row.Cost, row.Optimal)
		if !ok {
			// A* says 0 (start is goal): cost / 0 has no value.
			row.Problem, row.Invalid = fmt.Sprintf("invalid path: the start is the goal, yet the path costs %.3f", row.Cost), true
			return
		}
		row.Sub = sub
		if sub < 0 {
			// Counted in the figures, as cmd/bench counts below_optimal,
			// and ranked with the problems: it is a bug to see.
			row.Problem, row.Below = fmt.Sprintf("below optimal: the path costs %.3f, A*'s optimum is %.3f", row.Cost, row.Optimal), true
		}
	}
}

// summarize counts the rows and fills the figures and the ranking.
func (r *BatchResult) summarize(durs, adurs []time.Duration) {
	var subs []float64
	for i := range r.Rows {
		row := &r.Rows[i]
		if row.Found {
			r.Found++
		}
		switch {
		case row.Wall:
			r.Walls++
			continue
		case math.IsInf(row.Optimal, 1):
			r.Unreachable++
		}
		switch {
		case row.Invalid:
			r.Invalid++
		case row.Below:
			r.Below++
		case row.Problem != "":
			r.ReachErrors++
		}
		if row.Problem != "" || !math.IsNaN(row.Sub) {
			r.Ranking = append(r.Ranking, i)
		}
		if !math.IsNaN(row.Sub) {
			subs = append(subs, row.Sub)
		}
	}
	RankWorst(r.Ranking, func(i int) bool { return r.Rows[i].Problem != "" }, func(i int) float64 { return r.Rows[i].Sub })
	if n := len(subs); n > 0 {
		r.Compared = n
		sum := 0.0
		for _, x := range subs {
			sum += x
		}
		slices.Sort(subs)
		r.Mean = sum / float64(n)
		r.P99 = subs[int(math.Ceil(0.99*float64(n)))-1]
		r.Max = subs[n-1]
	}
	r.Median, r.AStarMedian = medianDur(durs), medianDur(adurs)
}

func medianDur(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return ds[len(ds)/2]
}

// checkBatchPath returns "" when path is a legal walk on g under nb from
// start to goal costing cost (within maps.ScenTolerance), else what is
// wrong with it.
func checkBatchPath(g *pathing.Grid, nb pathing.Neighborhood, path []image.Point, start, goal image.Point, cost float64) string {
	switch {
	case len(path) == 0:
		return "the path is empty"
	case path[0] != start:
		return fmt.Sprintf("it starts at (%d,%d), not at the start", path[0].X, path[0].Y)
	case path[len(path)-1] != goal:
		p := path[len(path)-1]
		return fmt.Sprintf("it ends at (%d,%d), not at the goal", p.X, p.Y)
	}
	if err := pathing.ValidatePath(g, path, nb); err != nil {
		var pe *pathing.PathError
		if errors.As(err, &pe) {
			return fmt.Sprintf("step %d (%d,%d)→(%d,%d) %s", pe.Index, pe.From.X, pe.From.Y, pe.To.X, pe.To.Y, pe.Reason)
		}
		return err.Error()
	}
	if pc := pathing.PathCost(g, path, nb); math.Abs(pc-cost) > maps.ScenTolerance {
		return fmt.Sprintf("its cost is given as %.3f but its steps cost %.3f", cost, pc)
	}
	return ""
}

// batchPlanner returns the function that answers one query of a batch
// with s over snap, untraced: a hierarchy built from snap by the
// session's builders (a flat search with the cluster heuristic builds the
// group hierarchy its table is read from), or a flat search.
func batchPlanner(ctx context.Context, snap *pathing.Grid, regions [][]byte, s Settings) (func(start, goal image.Point) (Answer, error), time.Duration, error) {
	t0 := time.Now()
	if s.Algo.Hierarchical() {
		b := builders[s.Algo]
		if b == nil {
			return nil, 0, fmt.Errorf("%s is not available", s.Algo.Title())
		}
		h, err := b(ctx, snap, regions, s)
		if err != nil {
			return nil, 0, err
		}
		return func(start, goal image.Point) (Answer, error) { return h.Query(start, goal, s, nil) }, time.Since(t0), nil
	}
	search := pathing.NewSearcher(snap)
	q := pathing.Query{Neighborhood: s.Neighborhood, Heuristic: s.Heuristic.Grid()}
	switch s.Algo {
	case AlgoDijkstra:
		q.Algorithm, q.Heuristic = pathing.Dijkstra, pathing.Zero
	case AlgoGreedy:
		q.Algorithm = pathing.Greedy
	}
	var gh *groupHier
	if s.UsesClusterHeuristic() {
		gs := s
		gs.Algo = AlgoGroup
		gs.Levels = max(1, min(len(regions), MaxAbstractLevels)) // as keyFor builds it for the table
		b := builders[AlgoGroup]
		if b == nil {
			return nil, 0, errors.New("the cluster heuristic needs the group hierarchy, which is not available")
		}
		h, err := b(ctx, snap, regions, gs)
		if err != nil {
			return nil, 0, fmt.Errorf("the cluster heuristic needs the group hierarchy: %w", err)
		}
		gh = h.(*groupHier)
	}
	build := time.Since(t0)
	return func(start, goal image.Point) (Answer, error) {
		q.Start, q.Goal = start, goal
		if gh != nil {
			hf, err := gh.ClusterHeuristic(goal)
			if err != nil {
				return Answer{Status: pathing.NoPath, Cost: inf}, err
			}
			q.HeuristicFunc = hf
		}
		r, err := search.Search(q)
		if err != nil {
			return Answer{Status: pathing.NoPath, Cost: inf}, err
		}
		return Answer{Status: r.Status, Cost: r.Cost, Path: r.Path, Expanded: r.Expanded}, nil
	}, build, nil
}

// RankWorst orders the row indexes idx worst first, as the batch's F4 and
// cmd/bench's -worst both list them: rows with a problem first, in row
// order, then by how far they are from the optimum (the size of sub, so a
// row below the optimum that is no problem still ranks by its distance).
func RankWorst(idx []int, problem func(i int) bool, sub func(i int) float64) {
	slices.SortStableFunc(idx, func(a, b int) int {
		if pa, pb := problem(a), problem(b); pa != pb {
			if pa {
				return -1
			}
			return 1
		}
		if problem(a) {
			return cmp.Compare(a, b)
		}
		return cmp.Compare(math.Abs(sub(b)), math.Abs(sub(a)))
	})
}
