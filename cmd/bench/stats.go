package main

import (
	"errors"
	"fmt"
	"image"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"pathlens/assets"
	"pathlens/maps"
	"pathlens/pathing"
)

// OptimalTolerance is how far a cost may be from a scenario's optimal column
// and still match (issue 2: within 0.01; maps.ScenTolerance).
const OptimalTolerance = maps.ScenTolerance

// Env is what every mode works on, loaded once by LoadEnv: the map, and the
// scenario rows when -scen was given (checked to fit the map, and cut to
// -rows). The grid is shared by all planners of the run; nobody writes it.
type Env struct {
	Cfg  *Config
	Map  *maps.Map
	Grid *pathing.Grid
	Rows []maps.ScenRow // nil without -scen
	// RowNums are the 1-based numbers of Rows in their file (the app's
	// -query K opens row K), which -every makes differ from positions.
	RowNums  []int
	ScenRows int // the rows in the -scen file, before -rows and -every

	Stdout, Stderr io.Writer // for modes that print progress (keep stdout for the report)

	// MapNotes are the -map file's load notes (a Tiled map's: tiles not
	// read as drawn), each naming the file, for run to print on stderr.
	MapNotes []string
	// MapRooms are a Tiled -map's rooms (its region layers and their
	// names), which the planners that read regions use unless -regions or
	// a -scenario gives others: the window opening the .tmx uses them, and
	// bench -map answered on square clusters alone.
	MapRooms maps.Rooms
	// RowsNote says that -rows N asked for more rows than the .scen holds,
	// or that -every K leaves one row (run prints it on stderr); ""
	// otherwise.
	RowsNote string
}

// rowsNote returns the stderr note of a -rows N larger than the total
// rows of file, or of an -every K that leaves one row of them, or "": the
// run took every row without a word, so a user asking for 100000 rows read
// a 160-row run as the figure for 100000; and -every 500 on those 160 ran
// row 1 alone, read as a sample.
func rowsNote(c *Config, total int, file string) string {
	var notes []string
	n := total
	if c.Rows > total {
		notes = append(notes, fmt.Sprintf("bench: note: -rows %d: %s has %d rows; running all %d", c.Rows, file, total, total))
	} else if c.Rows > 0 {
		n = c.Rows
	}
	if c.Every > 1 && c.Every >= n && n > 1 {
		of := fmt.Sprintf("%s's %d rows", file, n)
		if n < total {
			of = fmt.Sprintf("the %d rows -rows leaves", n)
		}
		notes = append(notes, fmt.Sprintf("bench: note: -every %d: %s give one sample, row 1; an -every under %d samples more", c.Every, of, n))
	}
	return strings.Join(notes, "\n")
}

// LoadEnv reads c.MapPath (a file, or builtin:NAME from package assets)
// and c.ScenPath, and checks the -from/-to cells and
// every scenario row against the map. Every error names the file and line or
// the cell, and is a usage error (exit 2).
func LoadEnv(c *Config) (*Env, error) {
	m, builtin, err := readMapArg(c.MapPath)
	var rooms maps.Rooms
	if !builtin {
		if _, err := os.Stat(c.MapPath); err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err // "stat PATH: …" named the system call, not the flag
			}
			return nil, usagef("bench: -map %s: %v", c.MapPath, err)
		}
		m, rooms, err = maps.LoadMapRooms(c.MapPath)
	}
	if err != nil {
		return nil, usagef("bench: %v", err)
	}
	env := &Env{Cfg: c, Map: m, Grid: m.Grid, MapNotes: rooms.Notes, MapRooms: rooms}
	if c.Single {
		if err := CheckCell(m, "-from", c.From); err != nil {
			return nil, err
		}
		if err := CheckCell(m, "-to", c.To); err != nil {
			return nil, err
		}
	}
	if c.ScenPath != "" {
		if _, err := os.Stat(c.ScenPath); err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err // as -map's: the flag and file, not "stat PATH"
			}
			return nil, usagef("bench: -scen %s: %v", c.ScenPath, err)
		}
		rows, err := maps.LoadScen(c.ScenPath)
		if err != nil {
			return nil, usagef("bench: %v", err)
		}
		if len(rows) == 0 {
			return nil, usagef("bench: %s has no scenario rows", c.ScenPath)
		}
		if err := checkScenMap(c.MapPath, rows); err != nil {
			return nil, err
		}
		if errs := maps.CheckScen(m, rows); len(errs) > 0 {
			more := ""
			if len(errs) > 1 {
				more = fmt.Sprintf(" (and %d more bad rows)", len(errs)-1)
			}
			return nil, usagef("bench: %v%s", errs[0], more)
		}
		env.ScenRows = len(rows)
		env.RowsNote = rowsNote(c, len(rows), c.ScenPath)
		rows, env.RowNums = sampleRows(rows, c.Rows, c.Every)
		if c.Neighborhood == pathing.Four {
			// The optimal column is the 8-connected length (Moving AI's rule);
			// a 4-connected path is longer by design, so it is not compared,
			// and -check judges path validity alone.
			for i := range rows {
				rows[i].Optimal = -1
			}
		}
		env.Rows = rows
	}
	return env, nil
}

// checkScenMap returns a usage error naming the file and line of the first
// row whose map field names another map than the one open, by base name as
// the app does (Moving AI rows say "maps/dao/arena.map"): a row of
// other.map would run on this one and be compared with another map's
// optimum. The map open is mapArg's file when it ends in .map, else the map
// file a scenario's map line refers to; an inline or ASCII map has no file
// name to match, and only CheckScen's size check applies.
func checkScenMap(mapArg string, rows []maps.ScenRow) error {
	want, what := "", ""
	if strings.HasSuffix(mapArg, ".map") {
		want = filepath.Base(mapArg)
		what = want
	} else if _, builtin := strings.CutPrefix(mapArg, assets.Prefix); !builtin && isScenarioFile(mapArg) {
		if s, err := maps.LoadScenario(mapArg); err == nil && s.MapPath != "" {
			want = maps.BaseName(s.MapPath)
			what = fmt.Sprintf("%s (the map of %s)", want, filepath.Base(mapArg))
		}
	}
	if want == "" {
		return nil
	}
	if err := maps.CheckScenMap(rows, want, what); err != nil {
		return usageError{fmt.Errorf("bench: -scen: %w", err)}
	}
	return nil
}

// isScenarioFile reports whether the file at path starts like a pathlens
// scenario.
func isScenarioFile(path string) bool { return fileFormat(path) == maps.FormatScenario }

// fileFormat is maps.Detect on the first bytes of the file at path
// (FormatUnknown when it cannot be read).
func fileFormat(path string) maps.Format {
	f, err := os.Open(path)
	if err != nil {
		return maps.FormatUnknown
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	return maps.Detect(head[:n])
}

// CheckCell returns a usage error naming the flag and the cell when p is
// outside m or blocked.
func CheckCell(m *maps.Map, flagName string, p image.Point) error {
	g := m.Grid
	if !g.In(p) {
		return usagef("bench: %s %d,%d is outside %s (%d×%d; x in 0..%d, y in 0..%d)",
			flagName, p.X, p.Y, m.Name, g.Width(), g.Height(), g.Width()-1, g.Height()-1)
	}
	if !g.Open(p) {
		return usagef("bench: %s %d,%d is blocked (%q) on %s", flagName, p.X, p.Y, m.TerrainAt(p), m.Name)
	}
	return nil
}

// ParsePoint parses "X,Y" (spaces allowed around the numbers).
func ParsePoint(s string) (image.Point, error) {
	xs, ys, ok := strings.Cut(s, ",")
	if !ok {
		return image.Point{}, fmt.Errorf("%q: want X,Y (two integers, e.g. 12,40)", s)
	}
	x, err1 := strconv.Atoi(strings.TrimSpace(xs))
	y, err2 := strconv.Atoi(strings.TrimSpace(ys))
	if err1 != nil || err2 != nil {
		return image.Point{}, fmt.Errorf("%q: want X,Y (two integers, e.g. 12,40)", s)
	}
	return image.Point{x, y}, nil
}

// Query is one problem for RunQueries. Optimal < 0 means unknown (not checked).
type Query struct {
	Start, Goal image.Point
	Optimal     float64
	Line        int // scenario line, for messages; 0 when none
	// FileOptimal is the scenario file's own optimal column (-scen rows),
	// whatever Optimal was set to; < 0 when the query has none.
	FileOptimal float64
	File        string // the scenario file of Line, for messages; "" when none
	// Num is the query's 1-based number in its list (a .scen's row: the
	// app's -query opens it); 0 means its position in the batch, which
	// -every makes differ.
	Num int
}

// number is the query number of q, query i (0-based) of its batch.
func (q Query) number(i int) int {
	if q.Num > 0 {
		return q.Num
	}
	return i + 1
}

// where names query i (0-based in its batch) for a message: "file:line
// (query N)", or "query N".
func (q Query) where(i int) string {
	if q.File != "" && q.Line > 0 {
		return fmt.Sprintf("%s:%d (query %d)", q.File, q.Line, q.number(i))
	}
	return fmt.Sprintf("query %d", q.number(i))
}

// sampleRows returns the first n rows (all when n is 0), then every k-th
// of them (positions 0, k, 2k, …; all when k ≤ 1), a copy, with their
// 1-based numbers in rows: the query numbers the app's -query opens.
func sampleRows(rows []maps.ScenRow, n, k int) ([]maps.ScenRow, []int) {
	if n > 0 && n < len(rows) {
		rows = rows[:n]
	}
	k = max(k, 1)
	out := make([]maps.ScenRow, 0, (len(rows)+k-1)/k)
	nums := make([]int, 0, cap(out))
	for i := 0; i < len(rows); i += k {
		out = append(out, rows[i])
		nums = append(nums, i+1)
	}
	return out, nums
}

// setSampled adds -every's fields: every (K), rows_sampled (the rows
// run) and scen_rows (the rows in the file, before -rows and -every).
// Nothing without -every.
func setSampled(rep *Report, c *Config, sampled, total int) {
	if !slices.Contains(c.Given, "every") {
		return
	}
	rep.Set("every", c.Every)
	rep.Set("rows_sampled", sampled)
	rep.Set("scen_rows", total)
}

// QueriesFromRows turns scenario rows into queries with their optimal
// lengths; nums, when not nil, are the rows' numbers in their file
// (Env.RowNums).
func QueriesFromRows(rows []maps.ScenRow, nums []int) []Query {
	qs := make([]Query, len(rows))
	for i, r := range rows {
		qs[i] = Query{Start: r.Start, Goal: r.Goal, Optimal: r.Optimal, Line: r.Line, FileOptimal: r.Optimal, File: r.File}
		if i < len(nums) {
			qs[i].Num = nums[i]
		}
	}
	return qs
}

// nbNumber is the report's neighborhood: 8 or 4, a number (it was the
// string "8" where every other numeric field is a number).
func nbNumber(n pathing.Neighborhood) int {
	if n == pathing.Four {
		return 4
	}
	return 8
}

// NewReport returns a report with the run's identity filled in from env.
func NewReport(env *Env) *Report {
	c := env.Cfg
	r := &Report{Map: env.Map.Name, Algo: c.Algo, Neighborhood: nbNumber(c.Neighborhood), Weight: c.Weight}
	if c.Heuristic != pathing.Auto {
		r.Heuristic = c.Heuristic.String()
	}
	if env.Rows != nil {
		setSampled(r, c, len(env.Rows), env.ScenRows)
	}
	return r
}

// RunQueries answers every query with p, repeat times over, timing each Plan
// call, and fills rep: counts (queries, found, no_path and the checks count
// each query once; runs = queries × repeat is the number of timed calls),
// per-call percentiles and effort means over every run, allocations per
// call, optimal-length matches and path validity. Only Plan
// is timed; allocations are counted around the whole loop; checking paths happens after each
// call outside the clock (it allocates only for a failing path, which then
// shows in the allocation figures too). The query with the longest optimal length (else
// the first) is run once untimed beforehand to warm the planner's buffers.
// allocs_per_query is the steady state: a figure below one a call (a later
// query that grew a buffer, or the runtime's own allocations on a busy
// machine) is checked by one more untimed pass (of at most maxAllocPass
// queries), and the lower one kept.
//
// A GoalPreparer's PrepareGoal runs before every Plan (the warm-up's
// too), off the clock; its time and allocations are kept out of the search
// figures and reported as goal_preps (calls that built something),
// goal_prep_ms (all calls), goal_prep_mean_ms (per build) and
// goal_prep_max_ms. Counting its allocations costs two
// runtime.ReadMemStats per query, untimed.
//
// Use it from any mode that has a Planner; it is the single definition of
// how pathlens measures a batch.
func RunQueries(env *Env, p Planner, qs []Query, repeat int, rep *Report) error {
	if len(qs) == 0 {
		return nil
	}
	if repeat < 1 {
		repeat = 1
	}
	warm := qs[0] // the longest known query grows the buffers furthest
	for _, q := range qs {
		if q.Optimal > warm.Optimal {
			warm = q
		}
	}
	prep := goalPrep{gp: asGoalPreparer(p)}
	if err := prep.run(warm.Goal); err != nil {
		return err
	}
	prep.mallocs, prep.bytes = 0, 0 // only the loop's are subtracted
	if _, err := p.Plan(warm.Start, warm.Goal); err != nil {
		return err
	}
	n := len(qs) * repeat
	durs := make([]time.Duration, 0, n)
	nb := env.Cfg.Neighborhood
	var expanded, pushes, peak int64
	// The bookkeeping per row is allocated before the allocation count
	// starts: allocs_per_query and bytes_per_query are the planner's.
	subs := make([]float64, 0, len(qs)) // cost / optimal − 1 of found rows with a positive optimum
	zero := zeroOptimum{ref: "the optimum", mismatch: true}
	rep.rows = slices.Grow(rep.rows[:0], len(qs))
	prog := newQueryProgress(env.Stderr, env.Cfg.Algo+" queries", qs, n)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for r := 0; r < repeat; r++ {
		for qi, q := range qs {
			prog.done(r*len(qs) + qi) // between timed calls
			if err := prep.run(q.Goal); err != nil {
				return fmt.Errorf("bench: query (%d,%d)→(%d,%d): preparing the goal: %w", q.Start.X, q.Start.Y, q.Goal.X, q.Goal.Y, err)
			}
			t0 := clock()
			out, err := p.Plan(q.Start, q.Goal)
			d := clock().Sub(t0)
			if err != nil {
				return fmt.Errorf("bench: query (%d,%d)→(%d,%d): %w", q.Start.X, q.Start.Y, q.Goal.X, q.Goal.Y, err)
			}
			durs = append(durs, d)
			if r == 0 {
				rep.rows = append(rep.rows, rowResult{q: q, found: out.Found, cost: out.Cost,
					us: float64(d) / float64(time.Microsecond), expanded: out.Expanded, segments: out.Segments, ref: q.Optimal, sub: math.NaN()})
			}
			expanded += int64(out.Expanded)
			pushes += int64(out.Pushes)
			peak += int64(out.PeakOpen)
			if r > 0 {
				// Repeats add timings, not new answers: check once.
				continue
			}
			if out.Found {
				rep.Found++
				if msg := CheckPath(env.Grid, nb, out.Path, q.Start, q.Goal, out.Cost); msg != "" {
					rep.InvalidPaths++
					rep.rows[len(rep.rows)-1].invalid = msg
				}
			} else {
				rep.NoPath++
			}
			row := &rep.rows[len(rep.rows)-1]
			if q.Optimal >= 0 {
				rep.OptimalChecked++
				switch {
				case !out.Found:
					row.problem = "no path found, the scenario has one"
				default:
					e := math.Abs(out.Cost - q.Optimal)
					rep.MaxAbsError = max(rep.MaxAbsError, e)
					if e <= OptimalTolerance {
						rep.OptimalMatches++
					}
					if sub, ok := maps.Suboptimality(out.Cost, q.Optimal); ok {
						if e <= OptimalTolerance {
							// The file's optimum is rounded: a match is
							// optimal, neither above nor below it. A cost
							// off by more either way is counted (a cheaper
							// one in below_optimal), not clamped away.
							sub = 0
						}
						subs = append(subs, sub)
						row.sub = sub
					} else {
						// An optimum of 0 the path costs more than:
						// counted and named, not dropped (it is a
						// mismatch above too).
						zero.add(q, qi, out.Cost)
						row.problem = zeroOptimumProblem
					}
				}
			}
		}
	}
	runtime.ReadMemStats(&after)
	rep.listProblems() // the rows' errors and suboptimal costs, after the count of allocations
	// queries, found and the checks count each query once; runs counts the
	// timed calls the per-query means are over.
	rep.Queries = len(qs)
	rep.Set("runs", n)
	setSubopt(rep, subs)
	zero.set(rep, len(subs))
	fn := float64(n)
	rep.ExpandedMean = round3(float64(expanded) / fn)
	if c, ok := p.(OpenListCounter); ok && c.CountsOpenList() {
		rep.PushesMean = round3(float64(pushes) / fn)
		rep.PeakOpenMean = round3(float64(peak) / fn)
	} else {
		rep.Unmeasured("pushes_mean", "peak_open_mean")
	}
	allocs := float64(after.Mallocs-before.Mallocs-prep.mallocs) / fn
	bytes := float64(after.TotalAlloc-before.TotalAlloc-prep.bytes) / fn
	if allocs > 0 && allocs < 1 {
		// Fewer than one allocation a call is either a buffer grown once
		// or the runtime's own (a new OS thread's records when the machine
		// is busy), counted by the process-wide statistics: a user read
		// 0.240 for a querier that allocates nothing. One more pass,
		// untimed and unchecked, shows what recurs; the lower figure is
		// the steady state.
		// At most maxAllocPass queries: on a long batch the pass would
		// double the run for a figure a sample gives.
		if a, b, err := allocPass(p, qs[:min(len(qs), maxAllocPass)], prep.gp); err == nil && a < allocs {
			allocs, bytes = a, b
		}
	}
	rep.AllocsPerQuery = round3(allocs)
	rep.BytesPerQuery = round3(bytes)
	prep.report(rep)
	t := Summarize(durs)
	rep.MeanUS, rep.MedianUS, rep.P99US, rep.MaxUS, rep.TotalMS = round3(t.MeanUS), round3(t.MedianUS), round3(t.P99US), round3(t.MaxUS), round3(t.TotalMS)
	// A difference of costs: 6 decimals, as the costs of -worst and -csv
	// (3 would print the .scen's own rounding, up to 0.0005, as 0).
	rep.MaxAbsError = round6(rep.MaxAbsError)
	if rep.OptimalChecked == 0 {
		// A maximum over no query (a single -from/-to query, -nb 4 rows):
		// a 0 would read as a perfect match. optimal_checked 0 says why;
		// optimal_matches 0 beside it read as every check failed.
		rep.Unmeasured("max_abs_error", "optimal_matches")
	}
	rep.noOptimum = noOptimumWhy(env.Cfg)
	return nil
}

// noOptimumWhy says why the queries of a run with the configuration c
// have no optimal column, for -check's message when it compared no cost.
func noOptimumWhy(c *Config) string {
	switch {
	case c.Single:
		return "a single -from/-to query has no optimal column to compare with"
	case c.Neighborhood == pathing.Four:
		return "the .scen's optimal column is an 8-connected length, not compared under -nb 4"
	}
	return "no query had an optimum to compare with"
}

// optimumOrNull is a mismatch's optimum: rounded to 6 decimals, as its
// cost and -worst's, or null when the query has none (< 0), where -1 was
// printed as if it were a length.
func optimumOrNull(v float64) *float64 {
	if v < 0 {
		return nil
	}
	return ptr(round6(v))
}

// clock is RunQueries' time source (a test swaps in a fake one to check what
// is inside the search timings).
var clock = time.Now

// asGoalPreparer returns p as a GoalPreparer, or nil when it has no work per goal.
func asGoalPreparer(p Planner) GoalPreparer {
	gp, _ := p.(GoalPreparer)
	return gp
}

// goalPrep runs a GoalPreparer's per-goal work off the search clock and
// sums its time and allocations (a no-op without one).
type goalPrep struct {
	gp             GoalPreparer
	builds         int
	total, longest time.Duration
	built          time.Duration // the calls that built something (goal_prep_mean_ms)
	mallocs, bytes uint64        // allocated during PrepareGoal calls
	ms             runtime.MemStats
}

func (g *goalPrep) run(goal image.Point) error {
	if g.gp == nil {
		return nil
	}
	runtime.ReadMemStats(&g.ms)
	m0, b0 := g.ms.Mallocs, g.ms.TotalAlloc
	t0 := clock()
	built, err := g.gp.PrepareGoal(goal)
	d := clock().Sub(t0)
	runtime.ReadMemStats(&g.ms)
	g.mallocs += g.ms.Mallocs - m0
	g.bytes += g.ms.TotalAlloc - b0
	g.total += d
	g.longest = max(g.longest, d)
	if built {
		g.builds++
		g.built += d
	}
	return err
}

// maxAllocPass bounds the queries allocPass runs.
const maxAllocPass = 1000

// allocPass runs every query of qs once more through p (its goal prepared
// first, when gp is set, off the count) and returns the allocations and
// bytes per call.
func allocPass(p Planner, qs []Query, gp GoalPreparer) (allocs, bytes float64, err error) {
	prep := goalPrep{gp: gp}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for _, q := range qs {
		if err := prep.run(q.Goal); err != nil {
			return 0, 0, err
		}
		if _, err := p.Plan(q.Start, q.Goal); err != nil {
			return 0, 0, err
		}
	}
	runtime.ReadMemStats(&after)
	n := float64(len(qs))
	return float64(after.Mallocs-before.Mallocs-prep.mallocs) / n, float64(after.TotalAlloc-before.TotalAlloc-prep.bytes) / n, nil
}

// report sets the goal_prep fields (nothing without a GoalPreparer).
func (g *goalPrep) report(rep *Report) {
	if g.gp == nil {
		return
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	rep.Set("goal_preps", g.builds)
	rep.SetFixed("goal_prep_ms", ms(g.total), 3)
	rep.SetFixed("goal_prep_max_ms", ms(g.longest), 3)
	if g.builds > 0 {
		// Per column built: the cache hits' time is in goal_prep_ms only
		// (over every call it came out above goal_prep_max_ms).
		rep.SetFixed("goal_prep_mean_ms", ms(g.built/time.Duration(g.builds)), 3)
	}
}

// round3 rounds to 3 decimals for readable reports (µs to the nanosecond).
func round3(v float64) float64 { return math.Round(v*1000) / 1000 }

// Timing summarises a set of durations, in microseconds (total in ms).
type Timing struct {
	MeanUS, MedianUS, P99US, MaxUS, TotalMS float64
}

// Summarize sorts durs in place and returns its mean, median, 99th
// percentile (nearest rank), maximum and total. Empty input gives zeros.
func Summarize(durs []time.Duration) Timing {
	if len(durs) == 0 {
		return Timing{}
	}
	slices.Sort(durs)
	var sum time.Duration
	for _, d := range durs {
		sum += d
	}
	us := func(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }
	return Timing{
		MeanUS:   us(sum) / float64(len(durs)),
		MedianUS: us(Percentile(durs, 50)),
		P99US:    us(Percentile(durs, 99)),
		MaxUS:    us(durs[len(durs)-1]),
		TotalMS:  us(sum) / 1000,
	}
}

// Percentile returns the p-th percentile (0 < p ≤ 100, nearest rank) of
// sorted, which must be sorted ascending and not empty.
func Percentile(sorted []time.Duration, p float64) time.Duration {
	k := int(math.Ceil(p/100*float64(len(sorted)))) - 1
	k = min(max(k, 0), len(sorted)-1)
	return sorted[k]
}

// CheckPath returns "" when path is a legal walk on g under nb from start to
// goal whose recomputed cost is within OptimalTolerance of cost, and else a
// short description of the first problem. It allocates only on failure.
func CheckPath(g *pathing.Grid, nb pathing.Neighborhood, path []image.Point, start, goal image.Point, cost float64) string {
	if len(path) == 0 {
		return "empty path"
	}
	if path[0] != start {
		return fmt.Sprintf("path starts at %v, not the start %v", path[0], start)
	}
	if path[len(path)-1] != goal {
		return fmt.Sprintf("path ends at %v, not the goal %v", path[len(path)-1], goal)
	}
	if err := pathing.ValidatePath(g, path, nb); err != nil {
		return err.Error()
	}
	if pc := pathing.PathCost(g, path, nb); math.Abs(pc-cost) > OptimalTolerance {
		return fmt.Sprintf("reported cost %.6f but the path costs %.6f", cost, pc)
	}
	return ""
}

// runScen is the built-in scenario mode: every row (or the first -rows) with
// the -algo planner.
func runScen(env *Env) (*Report, error) {
	rep, _, err := runPrepared(env, QueriesFromRows(env.Rows, env.RowNums), runPlain)
	return rep, err
}

// runSingle is the built-in single-query mode (-from, -to): the scenario
// statistics for one query, plus its cost and path.
func runSingle(env *Env) (*Report, error) {
	return runSingleWith(env, runPlain)
}

// queryRunner measures qs with the prepared planner p into rep: runPlain,
// or runGroupQueries, which adds the comparison with A*.
type queryRunner func(env *Env, p Planner, qs []Query, rep *Report) error

// runPlain is RunQueries with -repeat: the statistics every planner has.
func runPlain(env *Env, p Planner, qs []Query, rep *Report) error {
	return RunQueries(env, p, qs, env.Cfg.Repeat, rep)
}

// runPrepared prepares the -algo planner (prepare, timed into the new
// report) and measures qs with it through run: what the scenario-row and
// single-query modes share. It returns the planner too, for a single
// query's path.
func runPrepared(env *Env, qs []Query, run queryRunner) (*Report, Planner, error) {
	rep := NewReport(env)
	p, err := prepare(env, rep)
	if err != nil {
		return nil, nil, err
	}
	if err := run(env, p, qs, rep); err != nil {
		return nil, nil, err
	}
	return rep, p, nil
}

// runSingleWith is a single-query mode (-from, -to): the query measured
// through run, then its cost and path planned once more (setSinglePath).
func runSingleWith(env *Env, run queryRunner) (*Report, error) {
	c := env.Cfg
	rep, p, err := runPrepared(env, []Query{singleQuery(c)}, run)
	if err != nil {
		return nil, err
	}
	if err := setSinglePath(p, c.From, c.To, rep); err != nil {
		return nil, err
	}
	return rep, nil
}

// singleQuery is the query of -from and -to (no optimum known).
func singleQuery(c *Config) Query {
	return Query{Start: c.From, Goal: c.To, Optimal: -1, FileOptimal: -1}
}

// setSinglePath plans from→to once more, untimed, and sets the report's
// cost and path (neither when no path exists): what a single query adds,
// with -map or -scenario.
func setSinglePath(p Planner, from, to image.Point, rep *Report) error {
	out, err := p.Plan(from, to)
	if err != nil {
		return err
	}
	if out.Found {
		cost := out.Cost
		rep.Cost = &cost
		rep.Path = make([][2]int, len(out.Path))
		for i, pt := range out.Path {
			rep.Path[i] = [2]int{pt.X, pt.Y}
		}
	}
	if pp, ok := p.(PhasePlanner); ok {
		if rep.ExpandedByPhase, err = pp.PlanPhases(from, to); err != nil {
			return err
		}
	}
	return nil
}

// prepare calls the -algo's Prepare, timing it into rep.BuildMS.
func prepare(env *Env, rep *Report) (Planner, error) {
	a := algos[env.Cfg.Algo]
	return timedPrepare(rep, func() (Planner, error) { return a.Prepare(env, rep) })
}

// timedPrepare runs a planner's setup and sets rep.BuildMS to its wall
// time in ms (rounded as every ms field, round3) unless the setup timed its
// own build (HPA*'s median of -builds). It sets it whatever the time,
// well under 1 ms for the grid searches: scripts read build_ms on every
// report, and a field that appeared only past 1 ms broke them.
func timedPrepare(rep *Report, setup func() (Planner, error)) (Planner, error) {
	t0 := time.Now()
	p, err := setup()
	if err != nil {
		return nil, err
	}
	if rep.BuildMS == 0 {
		rep.BuildMS = round3(float64(time.Since(t0)) / float64(time.Millisecond))
	}
	return p, nil
}

// setSubopt sets mean_subopt, p99_subopt and max_subopt from subs (cost /
// optimal − 1 per row; sorted in place), nothing when subs is empty.
func setSubopt(rep *Report, subs []float64) {
	n := len(subs)
	if n == 0 {
		return
	}
	slices.Sort(subs)
	// A path cheaper than A*'s optimum is a bug (of the planner's cost or
	// of A*): counted, not hidden by a clamp at 0.
	below := 0
	for _, x := range subs {
		if x < 0 {
			below++
		}
	}
	rep.Set("below_optimal", below) // 0 too: a script reading it must find it
	sum := 0.0
	for _, x := range subs {
		sum += x
	}
	rep.SetFixed("mean_subopt", sum/float64(n), 6)
	rep.SetFixed("p99_subopt", subs[int(math.Ceil(0.99*float64(n)))-1], 6)
	rep.SetFixed("max_subopt", subs[n-1], 6)
}

// zeroOptimumProblem is the row problem (-worst, -csv) of a found path
// costing more than an optimum of 0.
const zeroOptimumProblem = "the optimum is 0, the path costs more"

// zeroOptimum counts the found rows whose optimum (ref: the file's, or
// A*'s cost for hpa and group) is 0 while the path costs more than
// OptimalTolerance: cost / optimum − 1 has no value, so they cannot enter
// the subopt figures. They are counted in zero_optimum_rows, marked in
// the row list (-worst lists them first, -csv's problem column) and the
// first is named once on stderr (Report.zeroNote, printed by run).
// Against the file's optimum such a row is also a mismatch (-check fails).
type zeroOptimum struct {
	ref      string // "the optimum", "A*'s cost"
	mismatch bool   // the rows are optimal-length mismatches too (ref is the file's)
	n        int
	// The first such row, formatted only by set: add runs inside
	// RunQueries' allocation count, which is the planner's.
	first     Query
	firstI    int
	firstCost float64
}

func (z *zeroOptimum) add(q Query, i int, cost float64) {
	z.n++
	if z.n == 1 {
		z.first, z.firstI, z.firstCost = q, i, cost
	}
}

// set puts zero_optimum_rows in rep (0 too, wherever subopt figures were
// computed: compared is their row count) and the stderr note, replacing
// an earlier call's, as setSubopt replaces the subopt fields.
func (z *zeroOptimum) set(rep *Report, compared int) {
	rep.zeroNote = ""
	if compared == 0 && z.n == 0 {
		delete(rep.extra, "zero_optimum_rows")
		return
	}
	rep.Set("zero_optimum_rows", z.n)
	if z.n > 0 {
		also := ""
		if z.mismatch {
			also = ", and each is an optimal-length mismatch"
		}
		rep.zeroNote = fmt.Sprintf("bench: note: %s: %s is 0 but the path costs %.6g; cost / 0 has no value, so mean/p99/max_subopt leave out the rows like it (zero_optimum_rows: %d)%s",
			z.first.where(z.firstI), z.ref, z.firstCost, z.n, also)
	}
}
