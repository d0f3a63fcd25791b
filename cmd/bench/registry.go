package main

import (
	"flag"
	"fmt"
	"image"
	"slices"
	"strings"
)

// Planner answers path queries on the Env it was prepared for, one at a
// time. Plan is what RunQueries times, so it must do only the query's work:
// build hierarchies and grow buffers in Algo.Prepare or on the first call,
// and reuse them (a steady-state Plan should allocate nothing; the report's
// allocs_per_query shows it).
type Planner interface {
	// Plan finds a path from start to goal. Both were checked to be open
	// cells of the map. The Outcome's Path may be a buffer the Planner
	// reuses on its next call. An error aborts the run (exit 2): use it for
	// broken invariants, not for "no path" (that is Outcome.Found false).
	Plan(start, goal image.Point) (Outcome, error)
}

// Outcome is one query's answer. Expanded, Pushes and PeakOpen are the
// search effort (sum them over every search a hierarchical planner runs;
// leave zero what does not apply). Pushes and PeakOpen are reported only
// for a Planner that implements OpenListCounter: for the others
// pushes_mean and peak_open_mean are left out of the report rather than
// printed as a measured 0.
type Outcome struct {
	Found    bool
	Path     []image.Point // start to goal inclusive when Found
	Cost     float64       // the planner's own cost of Path
	Expanded int
	Pushes   int
	PeakOpen int
	// Segments is the planner calls a walk made (the group planner's
	// segments; 0 elsewhere), read from each query's first run.
	Segments int
}

// PhasePlanner is a Planner that can say what a query's phases expanded
// (HPA*): the single query's report gives it as expanded_by_phase.
type PhasePlanner interface {
	Planner
	PlanPhases(start, goal image.Point) ([]PhaseExpanded, error)
}

// OpenListCounter is a Planner whose Outcomes fill Pushes and PeakOpen
// (the pathing.Searcher planners); CountsOpenList returns true.
type OpenListCounter interface {
	Planner
	CountsOpenList() bool
}

// GoalPreparer is a Planner with work per goal that is not search: a
// heuristic towards the goal, say (astar-cluster's column of the cluster
// table). RunQueries calls PrepareGoal before each timed Plan, outside the
// search clock and outside allocs_per_query, and reports that work in
// fields of its own (goal_preps, goal_prep_ms, ...), so the search figures
// stay comparable with every other algorithm's.
type GoalPreparer interface {
	Planner
	// PrepareGoal readies the planner for queries towards goal (an open
	// cell). built says whether it did work; false means it reused earlier
	// work (a cache hit). Plan must still answer when PrepareGoal was not
	// called for its goal. An error aborts the run, like Plan's.
	PrepareGoal(goal image.Point) (built bool, err error)
}

// Algo is an -algo choice. Prepare is called once per run, untimed except
// that RunQueries reports its duration as build_ms (an HPA* hierarchy build,
// say). It may add fields to rep (rep.Set) describing the build.
type Algo struct {
	Doc     string // one line for -h
	Prepare func(env *Env, rep *Report) (Planner, error)
}

// algos maps -algo names to algorithms. Add yours with registerAlgo from an
// init func in your own file (hpa.go, group.go).
var algos = map[string]Algo{}

// registerAlgo adds an -algo name. It panics on a duplicate name (a
// programming error caught by any test run).
func registerAlgo(name string, a Algo) {
	if _, dup := algos[name]; dup {
		panic(fmt.Sprintf("bench: algorithm %q registered twice", name))
	}
	algos[name] = a
}

// Mode is a shape of run: a batch of scenario rows, a single query, a
// multi-agent simulation... When decides from the Config whether the mode
// takes over this run; Run does the work and returns the report to print.
type Mode struct {
	Name string
	When func(c *Config) bool
	Run  func(env *Env) (*Report, error)
}

// modes registered by other files are consulted first, in registration order;
// the built-in single-query and scenario modes come last.
var modes []Mode

// registerMode adds a mode that takes over the run when its When is true, for
// example agents.go's mode for -agents N > 0.
func registerMode(m Mode) { modes = append(modes, m) }

// builtinModes are tried after the registered ones.
var builtinModes = []Mode{
	{Name: "single", When: func(c *Config) bool { return c.Single }, Run: runSingle},
	{Name: "scen", When: func(c *Config) bool { return c.ScenPath != "" }, Run: runScen},
}

// pickMode returns the first mode whose When is true, or nil.
func pickMode(c *Config) *Mode {
	for _, list := range [][]Mode{modes, builtinModes} {
		for i := range list {
			if list[i].When(c) {
				return &list[i]
			}
		}
	}
	return nil
}

// flagHooks add flags to every run's FlagSet before parsing. Register with
// registerFlags from an init func; store each flag's pointer in c.Ext under
// the flag's name so the mode or algorithm can read it back:
//
//	func init() {
//		registerFlags(func(fs *flag.FlagSet, c *Config) {
//			c.Ext["agents"] = fs.Int("agents", 0, "simulate `N` agents")
//		})
//	}
//	... n := env.Cfg.ExtInt("agents")
var flagHooks []func(fs *flag.FlagSet, c *Config)

// registerFlags adds a flag hook (see flagHooks).
func registerFlags(h func(fs *flag.FlagSet, c *Config)) { flagHooks = append(flagHooks, h) }

// ExtInt returns the value of an int flag added by a hook, 0 if absent.
func (c *Config) ExtInt(name string) int {
	if p, ok := c.Ext[name].(*int); ok {
		return *p
	}
	return 0
}

// ExtFloat returns the value of a float64 flag added by a hook, 0 if absent.
func (c *Config) ExtFloat(name string) float64 {
	if p, ok := c.Ext[name].(*float64); ok {
		return *p
	}
	return 0
}

// ExtString returns the value of a string flag added by a hook, "" if absent.
func (c *Config) ExtString(name string) string {
	if p, ok := c.Ext[name].(*string); ok {
		return *p
	}
	return ""
}

// ExtBool returns the value of a bool flag added by a hook, false if absent.
func (c *Config) ExtBool(name string) bool {
	if p, ok := c.Ext[name].(*bool); ok {
		return *p
	}
	return false
}

// zeroRefused maps an int flag to the refusal of a 0 typed on the command
// line (see refuseZero).
var zeroRefused = map[string]string{}

// refuseZero makes parseFlags refuse "-name 0" given on the command line,
// saying "bench: -name 0: " and why: for a count whose 0 picks no mode
// (-agents, -repair), so that the run would quietly become another one.
// Left out, the flag is unaffected.
func refuseZero(name, why string) { zeroRefused[name] = why }

// flagScope says when a hook's flag means something. A flag given on a run
// it does not apply to (-cost with -algo astar, -ticks without -agents) is a
// usage error rather than silently ignored, so a typo'd -algo cannot make a
// user believe a setting was measured.
type flagScope struct {
	applies func(c *Config) bool
	where   string // "-algo hpa", for the message
	// scenario marks a flag a scenario's settings can also give (-cost,
	// -cluster...): the parse-time message names -scenario as a way to
	// use it.
	scenario bool
}

// flagScopes maps a flag name to its scope. A flag without one applies to
// every run.
var flagScopes = map[string]flagScope{}

// scopeFlags declares that the named flags apply only when applies(c) holds;
// where names that case in the error message ("-algo hpa").
func scopeFlags(where string, applies func(c *Config) bool, names ...string) {
	for _, n := range names {
		flagScopes[n] = flagScope{applies: applies, where: where}
	}
}

// scopeFlagsOrScenario is scopeFlags for flags a scenario's settings can
// also give (-cost, -cluster...): the message of a refusal names -scenario
// as another way to use them.
func scopeFlagsOrScenario(where string, applies func(c *Config) bool, names ...string) {
	for _, n := range names {
		flagScopes[n] = flagScope{applies: applies, where: where, scenario: true}
	}
}

// emptyIsUnset holds the flags whose empty value means "not given"
// (unsetWhenEmpty): parseFlags leaves them out of Config.Given, so no
// check (scopes, two names of one setting, a scenario's own value, the
// app's command) sees them.
var emptyIsUnset = map[string]bool{}

// unsetWhenEmpty declares that an explicitly empty value of the named
// flags (-placement "") reads as the flag left out, as the window's
// internal/cli reads it.
func unsetWhenEmpty(names ...string) {
	for _, n := range names {
		emptyIsUnset[n] = true
	}
}

// queryRuns names the runs that answer queries, for scope messages;
// isQueryRun is their predicate: not the agents mode (agents.go), nor
// HPA*'s repair mode (hpa.go).
const queryRuns = "query runs, not -agents or -repair"

func isQueryRun(c *Config) bool { return c.ExtInt("agents") <= 0 && c.ExtInt("repair") <= 0 }

// algoIs returns a scope predicate true for the given -algo names.
func algoIs(names ...string) func(c *Config) bool {
	return func(c *Config) bool {
		for _, n := range names {
			if c.Algo == n {
				return true
			}
		}
		return false
	}
}

// checkFlagScopes returns a usage error naming the first flag set on the
// command line (in fs.Visit's order) whose scope excludes this run. A
// -scenario run is not checked here: its algorithm is the scenario's
// unless -algo is given, known only once the file is read, and judging it
// by the default (astar) refused -smooth on a scenario run by HPA*. Its
// mode (runScenario, or runAgents) checks every flag with checkRunScopes
// through openScenario instead.
func checkFlagScopes(fs *flag.FlagSet, c *Config) error {
	if c.ExtString("scenario-arg") != "" {
		return nil
	}
	var err error
	fs.Visit(func(f *flag.Flag) {
		s, ok := flagScopes[f.Name]
		if err != nil || !ok || s.applies(c) || !slices.Contains(c.Given, f.Name) {
			return
		}
		where := s.where
		if s.scenario {
			// ", or -scenario" read as any scenario run taking it, where
			// one run by another algorithm refuses it too.
			where += ", given or set by a -scenario"
		}
		err = scopeError(f.Name, where, c.Algo, "", s.where)
	})
	return err
}

// checkRunScopes returns a usage error naming the first flag given on the
// command line (c.Given) whose scope excludes the run c describes, with
// its final algorithm: for -scenario, whose algorithm comes from the file
// unless -algo chose one. from says where the algorithm came from ("the
// scenario's"), or "".
func checkRunScopes(c *Config, from string) error {
	for _, name := range c.Given {
		if s, ok := flagScopes[name]; ok && !s.applies(c) {
			return scopeError(name, s.where, c.Algo, from, s.where)
		}
	}
	return nil
}

// scopeError is the message of a flag given where it does not apply:
// "bench: -cost applies only with -algo group (this run: -algo astar);
// drop it or pick that mode". The run's algorithm is named when the scope
// (algoWhere) is about -algo.
func scopeError(flagName, where, algo, from, algoWhere string) error {
	run := ""
	if strings.Contains(algoWhere, "-algo") {
		if from != "" {
			from = ", " + from
		}
		run = fmt.Sprintf(" (this run: -algo %s%s)", algo, from)
	}
	return usagef("bench: -%s applies only with %s%s; drop it or pick that mode", flagName, where, run)
}
