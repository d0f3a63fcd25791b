// Command bench runs pathfinding queries headlessly and prints one report.
//
//	go run ./cmd/bench -map M.map -scen M.map.scen -algo astar -json   every scenario row
//	go run ./cmd/bench -map M.map -from 3,4 -to 60,41 -algo astar       one query (adds cost and path)
//	go run ./cmd/bench -map M.map -scen M.map.scen -check              exit 1 on any wrong length
//
// Exit status: 0 success, 1 when -check finds a cost that differs from the
// optimum (the scenario's optimal column; our A*'s for hpa and group), or
// compares no cost at all, or finds an invalid path, an agent stepping into
// a wall, or -repair's hierarchy not consistent; 2 for bad flags or files.
//
// # Layout, for anyone adding a mode or an algorithm
//
//   - main.go (this file): flags into one Config, then Main picks a mode and
//     prints its Report. Add nothing here: register from your own file.
//   - registry.go: the three registries. registerAlgo adds an -algo name
//     (hpa.go, group.go); registerMode adds a whole run shape that takes over
//     when its flags are set (agents.go for -agents); registerFlags adds
//     flags without touching Config.
//   - report.go: Report, the JSON/text output every mode returns.
//   - stats.go: the shared machinery: Env (map, grid, scenario rows loaded
//     once), RunQueries (timing, percentiles, allocations, optimal-length and
//     path-validity checks for any Planner), percentiles, ParsePoint.
//   - searchers.go: astar, dijkstra and greedy (pathing.Searcher) as Planners;
//     copy its shape for a new algorithm.
//   - cluster.go: astar-cluster, a Planner with work per goal (a heuristic
//     column) that implements GoalPreparer so RunQueries times it apart
//     from the search; copy it for any per-goal preprocessing.
//
// The command never imports Ebiten: it must run on machines with no display.
package main

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"sort"
	"strings"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/internal/flagmsg"
	"pathlens/pathing"
)

func main() {
	os.Exit(Main(os.Args[1:], os.Stdout, os.Stderr))
}

// Exit codes of Main.
const (
	exitOK    = 0
	exitCheck = 1 // -check found a wrong length or an invalid path
	exitUsage = 2 // bad flags, unreadable or malformed files, bad cells
)

// maxWeight is the largest -weight taken.
const maxWeight = 1e6

// SingleRepeat is how often a single -from/-to query is timed when
// -repeat is not given, so that its medians are of warm runs.
const SingleRepeat = 25

// Config is every flag of one run. parseFlags fills it; modes and algorithms
// read it and never change it. Zero values mean defaults.
type Config struct {
	MapPath  string // -map: Moving AI, ASCII or Tiled map (required)
	ScenPath string // -scen: Moving AI .scen rows to run
	Algo     string // -algo: a name registered with registerAlgo (default astar)

	// Single is true when -from and -to were given: one query From→To.
	Single   bool
	From, To image.Point

	JSON  bool // -json: one JSON object instead of aligned text
	Check bool // -check: exit 1 unless every row's cost matches its optimal column
	// MaxSubopt, when ≥ 0 (-max-subopt), lets -check accept a cost up to
	// that fraction above the optimum (planners that are not optimal).
	MaxSubopt float64

	Neighborhood pathing.Neighborhood // -nb 8|4
	Heuristic    pathing.Heuristic    // -heuristic auto|octile|...
	Weight       float64              // -weight: weighted A* factor (0 = 1)
	Rows         int                  // -rows N: only the first N scenario rows (0: left out, all; a typed 0 is refused)
	Every        int                  // -every K: only every K-th of those rows (1 = all), keeping the file's row numbers
	Repeat       int                  // -repeat N: run the row set N times (timings over all; default 1, SingleRepeat for -from/-to)

	CPUProfile string // -cpuprofile FILE: write a CPU profile of the run

	// Ext holds the flags added by registerFlags hooks, by flag name: the
	// value is the pointer the hook got from the FlagSet (e.g. *int from
	// fs.Int). Read them with ExtInt / ExtString / ExtBool / ExtFloat.
	Ext map[string]any

	// Given lists the flags set on the command line, in the FlagSet's
	// (sorted) order, for checks made once the run's shape is known
	// (checkRunScopes).
	Given []string
}

// usageError marks an error caused by the user's input (exit 2).
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// usagef returns a usage error (exit status 2) with a formatted message.
func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// parseFlags parses args into a Config. Flag syntax errors are reported on
// stderr (worded by flagmsg); every error returned is a usage error, except
// flag.ErrHelp for -h.
func parseFlags(args []string, stderr io.Writer) (*Config, error) {
	c := &Config{Ext: map[string]any{}}
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.MapPath, "map", "", "map `file` (Moving AI .map, ASCII or Tiled .tmx); required unless -scenario gives the map")
	fs.StringVar(&c.ScenPath, "scen", "", "Moving AI scenario `file` whose rows are run")
	fs.StringVar(&c.Algo, "algo", "astar", "algorithm: "+strings.Join(algoNames(), ", "))
	from := fs.String("from", "", "single query start `X,Y` (needs -to)")
	to := fs.String("to", "", "single query goal `X,Y` (needs -from)")
	fs.BoolVar(&c.JSON, "json", false, "print one JSON object")
	fs.BoolVar(&c.Check, "check", false, "exit 1 when any cost differs from the optimum by more than 0.01 (the .scen's column; our A*'s on the same map for hpa and group), when no cost could be compared (-nb 4 rows, a single query, except with hpa and group), or a path is invalid")
	fs.Float64Var(&c.MaxSubopt, "max-subopt", -1, "with -check, accept a cost up to this `fraction` above the optimum (0.05: 5 %) instead of equal to it, for planners that are not optimal (hpa, group, greedy, -weight above 1, -heuristic manhattan on 8-connected moves; refused for the exact searches); a cost below the optimum, or no path where one exists, still fails (default: off)")
	// Given to an exact search it would let a cost above the optimum,
	// a bug, pass -check.
	scopeFlagsOrScenario("query runs of a planner that is not exact (-algo hpa, group or greedy, -weight above 1, -heuristic manhattan with -nb 8)", func(c *Config) bool {
		return isQueryRun(c) && !exactSearch(c.Algo, c.Weight, c.Heuristic == pathing.Manhattan && c.Neighborhood == pathing.Eight)
	}, "max-subopt")
	nb := fs.String("nb", "8", "neighbourhood: 8 (no corner cutting) or 4")
	heur := fs.String("heuristic", "auto", "heuristic of astar, greedy and group's cell searches: auto (octile; manhattan with -nb 4), octile, euclidean, manhattan, chebyshev, zero (A* with the cluster heuristic is -algo astar-cluster); a -scenario without one uses octile, as the window does")
	fs.Float64Var(&c.Weight, "weight", 0, "weighted A* factor on h, 1 or more (left out: 1, plain A*)")
	fs.IntVar(&c.Rows, "rows", 0, "run only the first `N` scenario rows, 1 or more (left out: all; Moving AI lists rows shortest first, so these are the short queries)")
	fs.IntVar(&c.Every, "every", 1, "run only every `K`-th scenario row (the file's rows 1, K+1, 2K+1, …, after -rows): a quick sample of a big .scen; query numbers (and -worst's commands) stay the file's, and the report adds every, rows_sampled and scen_rows")
	// Default 0 in the FlagSet, 1 once parsed: -h printed "(default 1)"
	// after the help's own defaults.
	fs.IntVar(&c.Repeat, "repeat", 0, fmt.Sprintf("run the rows `N` times; timings cover every run (default 1; %d for a single -from/-to query, or a -scenario holding one)", SingleRepeat))
	fs.StringVar(&c.CPUProfile, "cpuprofile", "", "write a CPU profile of the timed runs to `file`")
	for _, h := range flagHooks {
		h(fs, c)
	}
	// The flag package calls Usage after -h and after a bad flag alike: -h
	// gets the whole list, a bad flag its message and a pointer to it.
	fs.Usage = func() {}
	if err := flagmsg.Parse(fs, args, stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, "usage: bench -map M.map [-scen M.map.scen | -from X,Y -to X,Y] [-algo A] [-json] [-check]\n")
			fs.PrintDefaults()
			return nil, err
		}
		return nil, usagef("bench -h lists every flag")
	}
	if fs.NArg() > 0 {
		if hint := flagmsg.BoolValueHint(fs, args); hint != "" {
			return nil, usagef("bench: %s", hint)
		}
		return nil, usagef("bench: unexpected argument %q (flags go before nothing else; see -h)", fs.Arg(0))
	}
	fs.Visit(func(f *flag.Flag) {
		if emptyIsUnset[f.Name] && f.Value.String() == "" {
			return // -placement "": not given (unsetWhenEmpty)
		}
		if f.Name == "heuristic" && f.Value.String() == "auto" {
			return // the default spelled out: refused for Dijkstra or HPA* as if it chose something
		}
		c.Given = append(c.Given, f.Name)
	})
	if err := cleanRegionsFlag(c); err != nil {
		return nil, err
	}
	if c.MapPath == "" {
		if err := checkSizeFlags(c); err != nil {
			return nil, err // a flag's range first, as with a map (docs/bench.md)
		}
		return nil, usagef("bench: -map is required (or -scenario FILE, which brings its map)")
	}
	if mapGiven(fs) && c.ExtString("scenario-arg") == "" {
		// -map reads terrain alone: a scenario's edit log, regions and
		// switches were dropped without a word, so a case saved from the
		// window was benchmarked on the map it started from.
		_, builtin := strings.CutPrefix(c.MapPath, assets.Prefix)
		if builtin || isScenarioFile(c.MapPath) {
			return nil, usagef("bench: -map %s is a pathlens scenario: -map reads plain maps (Moving AI, ASCII or Tiled); use -scenario %s for its map with its edits, regions, switches and queries", c.MapPath, c.MapPath)
		}
	}
	if _, ok := algos[c.Algo]; !ok {
		return nil, usagef("bench: unknown -algo %q (want %s)", c.Algo, strings.Join(algoNames(), ", "))
	}
	for _, name := range c.Given {
		if why, ok := zeroRefused[name]; ok && c.ExtInt(name) == 0 {
			return nil, usagef("bench: -%s 0: %s", name, why)
		}
	}
	if *heur == "cluster" && c.ExtInt("agents") == 0 {
		// Checked before the scopes: -algo astar-cluster -heuristic cluster
		// would be told that -heuristic applies to astar and greedy only.
		return nil, clusterHeuristicError(c.Algo)
	}
	// Read before the scopes: -max-subopt's depends on them.
	var err error
	if c.Neighborhood, err = pathing.ParseNeighborhood(*nb); err != nil {
		return nil, usagef("bench: -nb %q: want 8 or 4", *nb)
	}
	if c.Heuristic, err = pathing.ParseHeuristic(*heur); err != nil || c.Heuristic == pathing.Custom {
		return nil, usagef("bench: -heuristic %q: want auto, octile, euclidean, manhattan, chebyshev or zero", *heur)
	}
	if err := checkFlagScopes(fs, c); err != nil {
		return nil, err
	}
	if err := checkSizeFlags(c); err != nil {
		return nil, err // before "nothing to run", which only run() can say
	}
	// Left out, -weight is 0 and means 1. A typed 0 was read the same way
	// without a word, though a weight of 0 on h is Dijkstra's search.
	if weightGiven := slices.Contains(c.Given, "weight"); weightGiven && c.Weight == 0 {
		return nil, usagef("bench: -weight 0: weighted A* takes a factor of 1 or more (0 would drop h: that is -algo dijkstra); leave -weight out, or give -weight 1, for plain A*")
	} else if weightGiven && c.Weight > maxWeight {
		// "1 or more" of a value that is read as a contradiction.
		return nil, usagef("bench: -weight %v: weighted A* takes a factor from 1 to %v; leave -weight out, or give -weight 1, for plain A*", c.Weight, maxWeight)
	} else if weightGiven && !(c.Weight >= 1 && c.Weight <= maxWeight) { // NaN too
		return nil, usagef("bench: -weight %v: weighted A* takes a factor of 1 or more; leave -weight out, or give -weight 1, for plain A*", c.Weight)
	}
	// Left out, -rows is 0: every row. A typed 0 read the same way, where
	// -cluster 0 or -agents 0 are refused: it runs no row, or is a slip.
	if rowsGiven := slices.Contains(c.Given, "rows"); rowsGiven && c.Rows == 0 {
		return nil, usagef("bench: -rows 0: want a positive count N (the first N scenario rows); leave -rows out to run them all")
	} else if c.Rows < 0 {
		return nil, usagef("bench: -rows %d: want a positive count N (the first N scenario rows); leave -rows out to run them all", c.Rows)
	}
	if c.Every < 1 {
		return nil, usagef("bench: -every %d: want a positive count K (every K-th scenario row; 1, the default, runs them all)", c.Every)
	}
	if slices.Contains(c.Given, "max-subopt") {
		switch {
		case !(c.MaxSubopt >= 0) || math.IsInf(c.MaxSubopt, 0): // NaN too
			return nil, usagef("bench: -max-subopt %v: want a fraction of 0 or more (0.05: costs up to 5 %% above the optimum pass -check)", c.MaxSubopt)
		case !c.Check:
			return nil, usagef("bench: -max-subopt applies only with -check (it is how far above the optimum a cost may be and pass); add -check, or drop it")
		}
	}
	if !slices.Contains(c.Given, "repeat") {
		c.Repeat = 1
	}
	if c.Repeat < 1 {
		return nil, usagef("bench: -repeat %d: want a positive count", c.Repeat)
	}
	if n := c.ExtInt("worst"); n < 0 {
		return nil, usagef("bench: -worst %d: want 0 (no list) or a positive count", n)
	}
	switch {
	case (*from == "") != (*to == ""):
		return nil, usagef("bench: -from and -to go together")
	case *from != "":
		if c.From, err = ParsePoint(*from); err != nil {
			return nil, usagef("bench: -from: %v", err)
		}
		if c.To, err = ParsePoint(*to); err != nil {
			return nil, usagef("bench: -to: %v", err)
		}
		c.Single = true
		if slices.Contains(c.Given, "every") {
			return nil, usagef("bench: -every samples the rows of a .scen (-scen, or a -scenario's list); a single -from/-to query has none")
		}
		if slices.Contains(c.Given, "rows") {
			return nil, usagef("bench: -rows cuts the rows of a .scen (-scen, or a -scenario's list); a single -from/-to query has none")
		}
		if !slices.Contains(c.Given, "repeat") {
			// One query timed once is one cold run (buffers grow, caches
			// miss): its "median" was a third of the warm figure's speedup.
			c.Repeat = SingleRepeat
		}
		if c.ScenPath != "" {
			return nil, usagef("bench: -scen and -from/-to both given: run either the scenario's rows or one query")
		}
	}
	return c, nil
}

// clusterHeuristicError is the refusal of -heuristic cluster. The app
// offers the cluster heuristic as a heuristic of A*; cmd/bench runs it as an
// algorithm of its own, -algo astar-cluster (it needs the level-1 group
// hierarchy, built once per run, and a column per goal group), and for A*
// only: greedy has no such variant (openScenario refuses a scenario asking
// for one). A user who typed the app's spelling is told the bench's.
func clusterHeuristicError(algo string) error {
	switch algo {
	case "astar-cluster":
		return usagef("bench: -heuristic cluster: -algo astar-cluster already searches with the cluster heuristic; drop -heuristic")
	case "greedy":
		return usagef("bench: -heuristic cluster: cmd/bench has the cluster heuristic for A* only, as -algo astar-cluster (greedy search has no cluster variant)")
	}
	return usagef("bench: -heuristic cluster: cmd/bench runs A* with the cluster heuristic as -algo astar-cluster (-cluster C sets its clusters); use -algo astar-cluster instead of -heuristic cluster")
}

// Main runs the command with args (without the program name) and returns the
// exit status. Tests call it in-process.
func Main(args []string, stdout, stderr io.Writer) int {
	c, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitUsage
	}
	rep, err := run(c, stdout, stderr)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitUsage // bad files, bad cells, or a planner that failed on this input
	}
	if err := rep.Write(stdout, c.JSON); err != nil {
		fmt.Fprintln(stderr, "bench:", err)
		return exitUsage
	}
	if c.Check {
		if msg := rep.CheckFailureWithin(c.MaxSubopt); msg != "" {
			fmt.Fprintln(stderr, "bench: check failed:", msg)
			return exitCheck
		}
	}
	return exitOK
}

// run loads the inputs, picks the mode and returns its report.
func run(c *Config, stdout, stderr io.Writer) (*Report, error) {
	env, err := LoadEnv(c)
	if err != nil {
		return nil, err
	}
	env.Stdout, env.Stderr = stdout, stderr
	if c.ExtString("scenario-arg") == "" {
		// What the map holds that is not read as drawn (walls offset off a
		// Tiled map) changes what is run, as the window says; a -scenario
		// run prints its scenario's notes, the map's among them.
		for _, n := range env.MapNotes {
			fmt.Fprintf(stderr, "bench: note: %s\n", n)
		}
		// A Tiled map's rooms drawn across two regions of the level above,
		// as the window (and -scenario) says when the map opens.
		for _, n := range world.StraddleNotes(env.MapRooms.Layers, env.MapRooms.Names) {
			fmt.Fprintf(stderr, "bench: note: %s: %s\n", filepath.Base(c.MapPath), n)
		}
	}
	if env.RowsNote != "" {
		fmt.Fprintln(stderr, env.RowsNote)
	}
	m := pickMode(c)
	if m == nil {
		return nil, usagef("bench: nothing to run: give -scen FILE or -from X,Y -to X,Y (queries), -scenario FILE (a scenario's queries), -agents N (agents mode) or, with -algo hpa or group, -repair N (repair mode)")
	}
	csvPath, err := checkCSV(c)
	if err != nil {
		return nil, err
	}
	if c.CPUProfile != "" {
		if err := checkProfile(c, csvPath); err != nil {
			return nil, err
		}
		f, err := os.Create(c.CPUProfile)
		if err != nil {
			return nil, usagef("bench: -cpuprofile: %v", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return nil, usagef("bench: -cpuprofile: %v", err)
		}
		defer pprof.StopCPUProfile()
	}
	rep, err := m.Run(env)
	if err == nil {
		err = finishRows(c, rep, csvPath)
	}
	if err == nil {
		rep.setOptimumSource() // once -worst's rows are known
	}
	if err == nil && rep.zeroNote != "" {
		fmt.Fprintln(stderr, rep.zeroNote)
	}
	return rep, err
}

// checkProfile refuses a -cpuprofile file that is an input of the run or
// the -csv file: os.Create truncates it, so a profile named after the
// .scen replaced the list with gzip data.
func checkProfile(c *Config, csvPath string) error {
	name := c.CPUProfile
	if csvPath != "" && (sameFile(name, csvPath) || filepath.Clean(name) == filepath.Clean(csvPath)) {
		return usagef("bench: -cpuprofile and -csv both name %s: pick two files", name)
	}
	for _, in := range csvInputs(c, nil) {
		if in != "" && sameFile(in, name) {
			return usagef("bench: -cpuprofile %s is an input of this run: pick another file", name)
		}
	}
	return nil
}

// algoNames returns the registered -algo names, sorted.
func algoNames() []string {
	var ns []string
	for n := range algos {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	return ns
}

// mapGiven reports whether -map was on the command line (not filled in by
// -scenario).
func mapGiven(fs *flag.FlagSet) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "map" })
	return given
}
