package main

import (
	"bytes"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// Per-row output: the summary says how suboptimal a planner is on average;
// an engineer chasing a bad case needs the rows themselves. -worst N lists
// the N rows furthest from the optimum (with the command that opens one
// in the window), -csv FILE writes every row.
func init() {
	registerFlags(func(fs *flag.FlagSet, c *Config) {
		c.Ext["worst"] = fs.Int("worst", 0, "list the `N` rows furthest from the optimum either way (|cost / optimal − 1|; rows where the planner and the optimum disagree on whether a path exists first), each with its query number for the app's -query")
		c.Ext["csv"] = fs.String("csv", "", "write one CSV line per query to `FILE`: query, line, start_x/y, goal_x/y, found, optimal (what subopt is against: A*'s cost for hpa and group, else the file's), scen_optimal (the file's), cost, subopt, us (first run), expanded, problem")
	})
	scopeFlags(queryRuns, isQueryRun, "worst", "csv")
}

// rowResult is one query's answer in a batch, kept for -worst and -csv.
type rowResult struct {
	q        Query
	found    bool
	cost     float64 // the planner's cost when found
	us       float64 // the first timed run's wall time
	expanded int
	segments int // Outcome.Segments
	// ref is the optimum the row is compared with: the scenario's column,
	// or A*'s cost on the same grid for the planners that are measured
	// against it (hpa, group); < 0 when there is none (no path, unknown).
	ref float64
	// sub is cost / ref − 1 as the summary counts it; NaN when the row is
	// not counted (no path, no optimum, or a disagreement).
	sub float64
	// problem says why a row is not comparable though it should be: the
	// planner and the optimum disagree on whether a path exists, or the
	// optimum is 0 and the path costs more (zeroOptimumProblem).
	problem string
	// invalid is CheckPath's message for a found path that is not a legal
	// walk of its cost; "" for a valid one.
	invalid string
}

// WorstRow is one row of -worst: Query is its 1-based number in the
// run's list (with -scen, the .scen's row, -every or not: the app's -query opens it),
// Line its line in the file.
type WorstRow struct {
	Query   int      `json:"query"`
	Line    int      `json:"line,omitempty"`
	Start   [2]int   `json:"start"`
	Goal    [2]int   `json:"goal"`
	Optimal *float64 `json:"optimal"` // null when there is none
	Cost    *float64 `json:"cost"`    // null when no path was found
	Subopt  *float64 `json:"subopt"`  // null when not comparable
	Problem string   `json:"problem,omitempty"`
	Open    string   `json:"open,omitempty"` // the app's command line for this row
}

// worstRows returns the n rows of rows furthest from their optimum:
// disagreements first, then by |suboptimality|, highest first (a cost
// below the optimum is a bug to see, not a good row), ties in row order.
// Rows with neither are left out.
func worstRows(rows []rowResult, n int) []int {
	var idx []int
	for i, r := range rows {
		if r.problem != "" || !math.IsNaN(r.sub) {
			idx = append(idx, i)
		}
	}
	world.RankWorst(idx, func(i int) bool { return rows[i].problem != "" }, func(i int) float64 { return rows[i].sub })
	return idx[:min(n, len(idx))]
}

// finishRows fills the report's worst list and writes the CSV file (its
// path checked by checkCSV before the run) from the rows the run kept.
func finishRows(c *Config, rep *Report, csvPath string) error {
	if n := c.ExtInt("worst"); n > 0 {
		open, why := appCommand(c, rep)
		rep.worstNote = why
		if why != "" {
			rep.Set("worst_note", why)
		}
		rep.Worst = &[]WorstRow{} // present, if empty: the run had no comparable row
		for _, i := range worstRows(rep.rows, n) {
			r := rep.rows[i]
			wr := WorstRow{Query: r.q.number(i), Line: r.q.Line, Start: [2]int{r.q.Start.X, r.q.Start.Y},
				Goal: [2]int{r.q.Goal.X, r.q.Goal.Y}, Problem: r.problem}
			if r.ref >= 0 {
				wr.Optimal = ptr(round6(r.ref))
			}
			if r.found {
				wr.Cost = ptr(round6(r.cost))
			}
			if !math.IsNaN(r.sub) {
				wr.Subopt = ptr(round6(r.sub))
			}
			if open != "" {
				k := wr.Query
				if i < len(rep.openNums) {
					k = rep.openNums[i] // the window numbers them otherwise
				}
				wr.Open = fmt.Sprintf("%s -query %d", open, k)
			}
			*rep.Worst = append(*rep.Worst, wr)
		}
	}
	if csvPath == "" {
		return nil
	}
	// Checked again against the files the run read (a scenario's map and
	// list are known only now).
	if err := csvTargetOK(csvPath, csvInputs(c, rep.inputs)); err != nil {
		return err
	}
	if err := maps.SaveFileAtomic(csvPath, rowsCSV(rep.rows)); err != nil {
		return usagef("bench: -csv: %v", err)
	}
	return nil
}

// compareRow judges query i of the batch against A*'s answer on the same
// grid (planners measured against A*: hpa, group): a row where they
// disagree on whether a path exists counts in reachErr, a found one adds
// its suboptimality to subs, or to zero when it has none (the zero-optimum
// rule, maps.Suboptimality). The kept row (when
// RunQueries kept rows) gets A*'s cost as its optimum.
func (r *Report) compareRow(i int, aFound bool, aCost float64, found bool, cost float64, who string, subs *[]float64, reachErr *int, zero *zeroOptimum) {
	var row *rowResult
	r.refAStar = true
	if i < len(r.rows) {
		row = &r.rows[i]
		row.ref, row.sub, row.problem = -1, math.NaN(), ""
		if aFound {
			row.ref = aCost
		}
	}
	if !aFound && row != nil && row.q.Optimal > 0 {
		// The file's row says a path exists: the map is not the one the
		// list was made for (or A* is wrong), whatever the planner found.
		row.problem = "the .scen has a path, A* none"
	}
	if aFound != found {
		*reachErr++
		if row != nil && row.problem == "" {
			row.problem = "A* finds a path, " + who + " none"
			if found {
				row.problem = who + " finds a path, A* none"
			}
		}
		return
	}
	if !found {
		return
	}
	if s, ok := maps.Suboptimality(cost, aCost); ok {
		*subs = append(*subs, s)
		if row != nil {
			row.sub = s
		}
		return
	}
	// A* says 0 (start is goal), the planner more: counted and named, not
	// dropped.
	var q Query
	if row != nil {
		q = row.q
	}
	zero.add(q, i, cost)
	if row != nil && row.problem == "" {
		row.problem = zeroOptimumProblem
	}
}

// compareWithAStar runs our A* on qs, each query timed, after a planner's
// timed runs, and sets the fields HPA* and the group planner both report
// against it: reachable (queries whose goal A* reaches), reach_errors
// (queries where the planner, as RunQueries recorded its first pass in
// rep.rows, and A* disagree on whether a path exists) and the
// suboptimality figures against A*'s cost (replacing RunQueries', which
// are against the file's optimum). who names the planner in row problems,
// what the queries in the progress line. missed, when not nil, is called
// for each query the planner found no path for. It returns A*'s times.
func compareWithAStar(env *Env, qs []Query, rep *Report, who, what string, missed func(Query)) ([]time.Duration, error) {
	s := pathing.NewSearcher(env.Grid)
	aq := pathing.Query{Neighborhood: env.Cfg.Neighborhood}
	durs := make([]time.Duration, 0, len(qs))
	reachable, reachErr := 0, 0
	var subs []float64
	zero := zeroOptimum{ref: "A*'s cost"}
	var broken zeroOptimum // rows whose file says 0 with start ≠ goal
	prog := newQueryProgress(env.Stderr, "A* on the same "+what, qs, len(qs))
	for i, q := range qs {
		prog.done(i)
		aq.Start, aq.Goal = q.Start, q.Goal
		// Timed as often as the planner was (-repeat), so that a single
		// query's median is not one cold run against warm ones.
		var ar pathing.Result
		for r := 0; r < max(env.Cfg.Repeat, 1); r++ {
			t0 := time.Now()
			res, err := s.Search(aq)
			durs = append(durs, time.Since(t0))
			if err != nil {
				return nil, err
			}
			ar = res
		}
		found := ar.Status == pathing.Found
		if found {
			reachable++
		}
		row := rep.rows[i]
		if !row.found && missed != nil {
			missed(q)
		}
		rep.compareRow(i, found, ar.Cost, row.found, row.cost, who, &subs, &reachErr, &zero)
		if columnInForce(q) && (!found && q.Optimal > 0 || found && math.Abs(ar.Cost-q.Optimal) > OptimalTolerance) {
			// The row's own optimum is not A*'s: the check below is
			// against A*, and this row is named apart.
			if rep.scenWrong == 0 {
				a := "A* finds no path"
				if found {
					a = fmt.Sprintf("A*'s cost %.6f", ar.Cost)
				}
				rep.scenWrongFirst = fmt.Sprintf("%s (%d,%d)→(%d,%d): the .scen's %.6f, %s", q.where(i), q.Start.X, q.Start.Y, q.Goal.X, q.Goal.Y, q.Optimal, a)
			}
			rep.scenWrong++
		}
		if brokenZeroRow(q) {
			// compareRow measures against A*, which has a positive cost
			// here: the file's 0 would go unnoticed, where the other
			// algorithms name the row (RunQueries' zeroOptimum).
			broken.add(q, i, ar.Cost)
			rep.rows[i].problem = brokenZeroProblem
		}
	}
	rep.Set("reachable", reachable)
	rep.Set("reach_errors", reachErr)
	rep.checkAgainstRef()
	setSubopt(rep, subs)
	zero.set(rep, len(subs))
	if broken.n > 0 {
		cost := "A* finds no path"
		if broken.firstCost > 0 {
			cost = fmt.Sprintf("A*'s cost is %.6g", broken.firstCost)
		}
		note := fmt.Sprintf("bench: note: %s: the .scen's optimum is 0 but the start is not the goal (%s): a broken row (%d like it; -worst lists them first, -csv's problem column names them)",
			broken.first.where(broken.firstI), cost, broken.n)
		if rep.zeroNote != "" {
			note = rep.zeroNote + "\n" + note
		}
		rep.zeroNote = note
	}
	return durs, nil
}

// columnInForce reports whether q's optimum is its .scen's optimal column
// (not A*'s cost on a scenario's world, nor none under -nb 4).
func columnInForce(q Query) bool {
	return q.FileOptimal >= 0 && q.Optimal == q.FileOptimal
}

// checkAgainstRef redoes RunQueries' optimal-length check (optimal_checked,
// optimal_matches, max_abs_error, mismatches) against each row's ref, A*'s
// cost on the same grid, once compareRow has set it: the optimum the
// subopt fields, -worst, -csv and -check's message name (optimum_source).
// The check was against the .scen's column, or nothing on a single query
// or -nb 4 rows, while the message and the subopt fields said A*.
// A path that is not a legal walk stays an error with CheckPath's words;
// listProblems sorts the rows off the optimum into errors and suboptimal.
func (r *Report) checkAgainstRef() {
	r.OptimalChecked, r.OptimalMatches, r.MaxAbsError = 0, 0, 0
	for _, row := range r.rows {
		if row.ref < 0 {
			continue
		}
		r.OptimalChecked++
		if !row.found {
			continue
		}
		e := math.Abs(row.cost - row.ref)
		r.MaxAbsError = max(r.MaxAbsError, e)
		if e <= OptimalTolerance {
			r.OptimalMatches++
		}
	}
	r.listProblems()
	r.MaxAbsError = round6(r.MaxAbsError)
	if r.OptimalChecked > 0 {
		delete(r.unmeasured, "max_abs_error")
		delete(r.unmeasured, "optimal_matches")
	} else {
		r.Unmeasured("max_abs_error", "optimal_matches")
	}
}

// brokenZeroProblem is the row problem (-worst, -csv) of a scenario row
// whose optimal column is 0 while its start is not its goal.
const brokenZeroProblem = "the .scen's optimum is 0, the start is not the goal"

// brokenZeroRow reports whether q is a scenario row whose file gives an
// optimum of 0 though its start is not its goal: no path has length 0
// there, so the row is broken (a truncated or hand-edited list). The
// planners measured against A* (hpa, group) see A*'s positive cost, not
// the file's 0, and need this check to name the row as the others do.
func brokenZeroRow(q Query) bool {
	return q.FileOptimal == 0 && q.Start != q.Goal
}

func ptr(v float64) *float64 { return &v }

// checkCSV checks -csv's path before the run, so a folder that cannot be
// written fails at once, not after minutes of queries. It returns the
// path ("" without -csv); finishRows writes the file whole after a
// successful run (maps.SaveFileAtomic), so a failed run leaves whatever
// was there, an earlier run's rows or an input, as it was.
func checkCSV(c *Config) (string, error) {
	name := c.ExtString("csv")
	if name == "" {
		if slices.Contains(c.Given, "csv") {
			return "", usagef("bench: -csv needs a file name")
		}
		return "", nil
	}
	if err := csvTargetOK(name, csvInputs(c, nil)); err != nil {
		return "", err
	}
	dir := filepath.Dir(name)
	probe, err := os.CreateTemp(dir, "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		// The probe's own name means nothing to the user: say the folder.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return "", usagef("bench: -csv %s: cannot write in the folder %s: %v", name, dir, err)
	}
	probe.Close()
	os.Remove(probe.Name())
	return name, nil
}

// csvInputs lists the files the run reads (those named by flags, and
// more: a scenario's map and list).
func csvInputs(c *Config, more []string) []string {
	in := []string{c.MapPath, c.ScenPath, c.ExtString("scenario-arg")}
	if r := c.ExtString("regions"); r != "" {
		in = append(in, strings.Split(r, ",")...)
	}
	return append(in, more...)
}

// csvTargetOK refuses a -csv path that is one of the run's inputs, or
// exists as anything but a regular file (a folder, a device, a link: the
// rename would replace the link, not write where it points).
func csvTargetOK(name string, inputs []string) error {
	for _, in := range inputs {
		if in != "" && sameFile(in, name) {
			return usagef("bench: -csv %s is an input of this run: pick another file", name)
		}
	}
	if st, err := os.Lstat(name); err == nil && !st.Mode().IsRegular() {
		if st.IsDir() {
			return usagef("bench: -csv %s: is a directory; give a file name (e.g. %s)", name, filepath.Join(name, "rows.csv"))
		}
		// fs.FileMode's String ("L---------") read as garbage: name the kind.
		return usagef("bench: -csv %s: is %s, not a regular file: pick another file", name, fileKind(st.Mode()))
	}
	return nil
}

// fileKind names the kind of a file that is not a regular one.
func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link (the file would replace the link, not write where it points)"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}

// sameFile reports whether paths a and b name one existing file.
func sameFile(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	if err1 != nil || err2 != nil {
		return filepath.Clean(a) == filepath.Clean(b)
	}
	return os.SameFile(sa, sb)
}

// rowsCSV returns a header and one line per row: optimal is what the row
// is measured against (A*'s cost for hpa and group, else the file's),
// scen_optimal the file's own column. Empty fields: no optimum, no path,
// not comparable.
func rowsCSV(rows []rowResult) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	// Columns in the report's order (reportKeyOrder): the row, whether a
	// path was found, its cost against the optimum, its time and effort;
	// the problem's words last.
	w.Write([]string{"query", "line", "start_x", "start_y", "goal_x", "goal_y", "found", "optimal", "scen_optimal",
		"cost", "subopt", "us", "expanded", "problem"})
	num := func(v float64, ok bool) string {
		if !ok {
			return ""
		}
		return strconv.FormatFloat(v, 'f', 6, 64)
	}
	for i, r := range rows {
		w.Write([]string{strconv.Itoa(r.q.number(i)), strconv.Itoa(r.q.Line),
			strconv.Itoa(r.q.Start.X), strconv.Itoa(r.q.Start.Y), strconv.Itoa(r.q.Goal.X), strconv.Itoa(r.q.Goal.Y),
			strconv.FormatBool(r.found),
			num(r.ref, r.ref >= 0), num(r.q.FileOptimal, r.q.FileOptimal >= 0), num(r.cost, r.found), num(r.sub, !math.IsNaN(r.sub)),
			strconv.FormatFloat(r.us, 'f', 3, 64), strconv.Itoa(r.expanded), r.problem})
	}
	w.Flush() // into memory: no error
	return b.Bytes()
}

// appCommand returns the app's command line that opens this run's rows
// (the query number is added per row) with the settings given here, or ""
// and why the window cannot reproduce them. rep.Algo is the run's
// algorithm (a scenario's own when -algo was not given).
func appCommand(c *Config, rep *Report) (cmd, why string) {
	arg := c.ExtString("scenario-arg")
	switch {
	case c.Single:
		return "", ""
	case arg == "" && c.ScenPath == "":
		return "", ""
	}
	// Flags the window has no equivalent of, when they change the answer.
	given := func(name string) bool { return slices.Contains(c.Given, name) }
	for _, f := range []struct {
		name string
		off  bool // the value is the window's behaviour
	}{
		{"abstract-weight", c.ExtFloat("abstract-weight") <= 1},
		{"hpa-k", c.ExtInt("hpa-k") == 0 || c.ExtInt("hpa-k") == 2},
		{"branch", c.ExtInt("branch") == 0 || c.ExtInt("branch") == 2},
		{"weight", c.Weight <= 1},
		{"regions", c.ExtString("regions") == ""},
	} {
		if given(f.name) && !f.off {
			return "", "the window has no -" + f.name + ": it would show other costs"
		}
	}
	// The window's ranges (bench's group hierarchy takes larger ones).
	if n := c.ExtInt("cluster"); given("cluster") && (n < world.MinClusterSize || n > world.MaxClusterSize) {
		return "", fmt.Sprintf("the window's clusters are %d to %d cells wide: it cannot show -cluster %d", world.MinClusterSize, world.MaxClusterSize, n)
	}
	if n := c.ExtInt("levels"); given("levels") && n > world.MaxAbstractLevels {
		return "", fmt.Sprintf("the window has 1 to %d levels: it cannot show -levels %d", world.MaxAbstractLevels, n)
	}
	// A -scen's rows are the app's queries 1..N in order; a -scenario's
	// own queries and its list's rows are numbered as the window numbers
	// them (world.QueryNumbers, rep.openNums).
	var args []string
	if arg != "" {
		args = []string{"pathlens", "-scenario", shellWord(arg)}
	} else {
		args = []string{"pathlens", "-map", shellWord(c.MapPath)}
	}
	if c.ScenPath != "" {
		args = append(args, "-scen", shellWord(c.ScenPath))
	}
	// A scenario's own algorithm is the app's too; -algo overrides both.
	if arg == "" || given("algo") {
		switch c.Algo {
		case "astar", "dijkstra", "greedy", "hpa", "group":
			args = append(args, "-algo", c.Algo)
		case "astar-cluster":
			args = append(args, "-algo", "astar", "-heuristic", "cluster")
		}
	}
	// The flags the app takes under the same name, and bench's -placement
	// (the app's -transitions).
	for _, name := range c.Given {
		var v string
		switch name {
		case "cluster", "levels":
			v = strconv.Itoa(c.ExtInt(name)) // never 0: refused (sizeFlagZero)
		case "cost", "target":
			v = c.ExtString(name)
		case "smooth", "shortcut":
			args = append(args, fmt.Sprintf("-%s=%t", name, c.ExtBool(name)))
			continue
		case "exclusion":
			ex, _ := c.Ext[name].(*optBool)
			args = append(args, fmt.Sprintf("-exclusion=%t", ex != nil && ex.on))
			continue
		case "placement", "transitions":
			// One setting under two names (given both, they agree:
			// hpaConfig refuses two values): the app's name, once.
			// -transitions alone was left out, and the window built
			// sparse transitions for a dense run's rows.
			if !slices.Contains(args, "-transitions") {
				args = append(args, "-transitions", shellWord(c.ExtString(name)))
			}
			continue
		case "nb":
			v = c.Neighborhood.String()
		case "heuristic":
			// Given (never auto: that is not counted as given), it is
			// named, octile too: it may override a scenario's own.
			v = c.Heuristic.Resolve(c.Neighborhood).String()
		default:
			continue
		}
		args = append(args, "-"+name, shellWord(v))
	}
	// The path cache is bench's default and not the window's: its answers
	// may differ (another of several equal-cost paths, smoothed another
	// way), so the window is told to build it too. A scenario may set it
	// either way, so there -cache=false is named as well.
	if rep.Algo == "hpa" {
		cache := c.ExtBool("cache")
		if rep.hpaCache != nil {
			// The scenario's "set cache" ran: bench's default told the
			// window -cache for a session saved with the cache off, and
			// the window planned another cost (a user's report).
			cache = *rep.hpaCache
		}
		if cache {
			args = append(args, "-cache")
		} else if arg != "" {
			args = append(args, "-cache=false")
		}
	}
	// No -heuristic given: bench's auto is manhattan under -nb 4, where
	// the window keeps octile (a -scenario run uses octile as it does).
	if !given("heuristic") && arg == "" && algoIs("astar", "greedy", "group")(c) {
		if h := c.Heuristic.Resolve(c.Neighborhood); h != pathing.Octile {
			args = append(args, "-heuristic", h.String())
		}
	}
	return strings.Join(args, " "), ""
}

// shellWord quotes s for a POSIX shell when it needs it.
func shellWord(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./,:+=@%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// progress tells a long run's state on stderr (stdout keeps the report):
// a line every progressEvery while a loop goes on, none for a loop that
// ends sooner (every test run, and most batches).
type progress struct {
	w         io.Writer
	what      string
	n         int
	start, at time.Time
	// cum[i] is the expected work of the first i items (nil: all alike).
	cum []float64
}

// progressEvery is how often progress prints.
var progressEvery = 5 * time.Second

func newProgress(w io.Writer, what string, n int) *progress {
	now := time.Now()
	return &progress{w: w, what: what, n: n, start: now, at: now}
}

// newQueryProgress is newProgress over n calls that run qs in turn (n
// may be a multiple of len(qs): -repeat), whose time left is estimated
// from the queries' lengths. Moving AI lists rows shortest first, so an
// estimate by count alone said "about 7s left" on 8room_000 with 50 s to
// go. A query's work is taken as its length to the power 1.5 (its
// optimum, else the octile distance): on the maps here that estimate is
// within about a factor of two either way from a tenth of the way on, where
// plain counting was 5 to 30 times short (8room_000, maze512-16-0).
func newQueryProgress(w io.Writer, what string, qs []Query, n int) *progress {
	p := newProgress(w, what, n)
	if len(qs) == 0 {
		return p
	}
	p.cum = make([]float64, n+1)
	for i := 0; i < n; i++ {
		q := qs[i%len(qs)]
		l := q.Optimal
		if !(l > 0) || math.IsInf(l, 0) {
			l = pathing.OctileDistance(q.Start, q.Goal)
		}
		p.cum[i+1] = p.cum[i] + math.Pow(l+1, 1.5)
	}
	return p
}

// done reports that i of the n items are finished.
func (p *progress) done(i int) {
	if p.w == nil {
		return
	}
	if now := time.Now(); now.Sub(p.at) >= progressEvery {
		p.at = now
		left := time.Duration(float64(now.Sub(p.start)) / float64(max(i, 1)) * float64(p.n-i))
		if p.cum != nil && i > 0 && p.cum[i] > 0 {
			left = time.Duration(float64(now.Sub(p.start)) / p.cum[i] * (p.cum[p.n] - p.cum[i]))
		}
		fmt.Fprintf(p.w, "bench: %s: %d of %d (about %s left)\n", p.what, i, p.n, left.Round(time.Second))
	}
}
