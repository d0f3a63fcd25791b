package main

import (
	"flag"
	"fmt"
	"image"
	"math"
	"runtime"
	"slices"
	"time"

	"pathlens/maps"
	"pathlens/pathing"
	"pathlens/pathing/groups"
	"pathlens/pathing/hpa"
)

// -algo hpa: the HPA* hierarchy of package pathing/hpa.
//
//	bench -map M.map -scen M.map.scen -algo hpa -cluster 16 -levels 2 -smooth=true [-abstract-weight 1.2]
//	bench -map M.map -from 3,4 -to 60,41 -algo hpa
//	bench -map M.map -algo hpa -repair 10000 -seed 1 -cluster 16 -levels 2
//
// On a .scen, a single query (-from, -to) or a -scenario's queries or list
// (A* then runs on the scenario's world), the report adds, besides the
// common fields: reachable (rows
// whose goal A* reaches), mean_subopt, p99_subopt, max_subopt (cost/optimal
// − 1 over rows with a positive optimum), astar_median_us and
// speedup_median (A* timed on the same rows in the same run; the speedup is
// the ratio of the medians), reach_errors (rows where HPA* and A* disagree
// on whether a path exists), and the build: build_ms (the median of
// -builds builds, default 5, each after a GC), build_first_ms (the first,
// cold one: heap growth and page faults included), abstract_nodes,
// abstract_edges, abstract_ratio (nodes+edges over open cells+grid moves),
// memory_bytes (the hierarchy, path cache included), cache_bytes (the
// cache alone), memory_bytes_no_cache (the size of the same hierarchy
// built without the cache: one more build, untimed), grid_bytes. The optimal check of -check compares
// HPA*'s (near-optimal) costs with the optimum, so it fails on any
// suboptimal row: read the subopt fields instead.
//
// -repair N toggles N random cells one at a time (with -repair-mix borders,
// the default, a sixth aimed at cluster corners and a third at border
// lines, where repairs cost most, the rest anywhere; with uniform, anywhere
// on the map) and repairs after each; edits_on_corners and edits_on_borders
// count where they landed, uniform ones included (cluster 16 on a 512×512
// map: about 20 % and 40 % with borders, 1.5 % and 21 % with uniform):
// repair_median_us, repair_p99_us, rebuild_ms (a fresh build of the edited
// grid) and consistent (the repaired hierarchy equals a fresh build after
// the run and at 20 sampled steps), with counts of the edits that changed
// abstract nodes or components. With -check the command exits 1 when
// consistent is false. The query options (-smooth, -shortcut,
// -abstract-weight) are refused there: no query runs.
func init() {
	registerFlags(func(fs *flag.FlagSet, c *Config) {
		intFlag(fs, c, "cluster", 0, clusterUsage)
		intFlag(fs, c, "levels", 0, levelsUsage)
		c.Ext["hpa-k"] = fs.Int("hpa-k", 0, fmt.Sprintf("hpa: clusters per side grouped by each level above the first `k`, 2 to %d (default %d); refused with -levels 1, which has no level above", hpa.MaxBranch, hpa.Default.Branch))
		c.Ext["placement"] = fs.String("placement", "sparse", "hpa: transitions per entrance: sparse (the paper's rule) or dense")
		// The window's name for it: a command copied from one to the other
		// works (it printed only "flag provided but not defined"). Its own
		// variable, so that both given apart is refused (hpaConfig) rather
		// than the last one winning unsaid.
		c.Ext["transitions"] = fs.String("transitions", "sparse", "hpa: the same as -placement (the window's name)")
		c.Ext["cache"] = fs.Bool("cache", true, "hpa: cache the refined path of every intra edge")
		c.Ext["smooth"] = fs.Bool("smooth", true, "hpa: smooth the refined path")
		c.Ext["shortcut"] = fs.Bool("shortcut", true, "hpa: bounded A* for queries within neighbouring clusters")
		c.Ext["abstract-weight"] = fs.Float64("abstract-weight", 0, "hpa: heuristic weight `W` of the top-level search, 1 to 10 (left out or 1: exact; 1.2: faster, slightly longer paths)")
		c.Ext["builds"] = fs.Int("builds", 5, "hpa: build the hierarchy `N` times (a GC before each): build_ms is the median, build_first_ms the process's first, cold build")
		c.Ext["repair-mix"] = fs.String("repair-mix", "borders", "hpa/group repair mode: where toggles fall: borders (a sixth aimed at cluster corners and a third at border lines, the rest anywhere: the dear cases oversampled) or uniform (anywhere on the map)")
		c.Ext["repair"] = fs.Int("repair", 0, "hpa/group: repair mode: `N` random single-cell toggles, each repaired and the result compared with a fresh build (uses -seed)")
		if fs.Lookup("seed") == nil {
			c.Ext["seed"] = fs.Int("seed", 1, "random seed `S`")
		}
	})
	// The query options are also refused by the repair mode, which runs
	// no query (runHPARepair: repairQueryFlags).
	scopeFlags("-algo hpa", algoIs("hpa"), "builds", "hpa-k", "placement", "transitions", "cache", "smooth", "shortcut")
	// An empty value is the flag left out, as in the window's
	// internal/cli: "-transitions sparse -placement \"\"" was refused as
	// two values of one setting.
	unsetWhenEmpty("placement", "transitions")
	scopeFlags("-algo hpa (not -agents)", func(c *Config) bool {
		return c.Algo == "hpa" && c.ExtInt("agents") == 0
	}, "abstract-weight")
	// The group hierarchy's repair mode is group.go's runGroupRepair.
	scopeFlags("-algo hpa or group (not -agents)", func(c *Config) bool {
		return algoIs("hpa", "group")(c) && c.ExtInt("agents") == 0
	}, "repair")
	scopeFlags("-repair N", func(c *Config) bool { return c.ExtInt("repair") != 0 }, "repair-mix")
	// -repair 0 picks no repair run: with -scen it ran the queries.
	refuseZero("repair", "want a positive number of edits (-repair N toggles N cells, repairing after each); leave -repair out for a query run")
	scopeFlagsOrScenario("-algo hpa, group or astar-cluster", algoIs("hpa", "group", "astar-cluster"), "cluster")
	// astar-cluster reads level 1 only: more levels would be built for nothing.
	scopeFlagsOrScenario("-algo hpa or group", algoIs("hpa", "group"), "levels")
	registerAlgo("hpa", Algo{Doc: "HPA* hierarchy (pathing/hpa): -cluster -levels -smooth -cache -placement", Prepare: prepareHPA})
	registerMode(Mode{Name: "hpa-repair", When: func(c *Config) bool { return c.Algo == "hpa" && c.ExtInt("repair") != 0 }, Run: runHPARepair})
	registerMode(Mode{Name: "hpa-scen", When: func(c *Config) bool { return c.Algo == "hpa" && c.ScenPath != "" && !c.Single }, Run: runHPAScen})
	registerMode(Mode{Name: "hpa-single", When: func(c *Config) bool { return c.Algo == "hpa" && c.Single && c.ExtInt("agents") == 0 }, Run: runHPASingle})
}

// The -cluster and -levels help, shared with group.go (whichever hook runs
// first defines the flags). Not given, they mean the package default (or a
// scenario's setting); 0 given is refused (sizeFlagZero).
var (
	clusterUsage = fmt.Sprintf("hpa/group/astar-cluster: level-1 cluster side `C` in cells: %d to %d for hpa and group, as the app and a scenario take, %d or more for astar-cluster (default %d, or a -scenario's)",
		maps.MinCluster, maps.MaxCluster, minGroupCluster, groups.DefaultClusterSize)
	levelsUsage = fmt.Sprintf("hpa/group: abstract levels `L`: 1 to %d, as the app and a scenario take (default %d, or a -scenario's)",
		maps.MaxLevels, groups.DefaultLevels)
)

// minGroupCluster is the smallest cluster side package groups builds,
// which -algo astar-cluster's table takes. The group hierarchy takes the
// range the app and a scenario's set lines take (maps.SizeRange): the
// window shows no more.
const minGroupCluster = 2

// sizeFlagZero returns the refusal of -cluster 0, -levels 0, -hpa-k 0 or
// -branch 0 given on the command line, or nil. Left out, each flag means
// the default; typed as 0 it is a mistake (it used to be read as "the
// default" without a word). lo..hi is the range the run's hierarchy takes
// (hi 0: no upper bound), def the default; who names the hierarchy
// ("HPA*").
func sizeFlagZero(c *Config, name, who string, lo, hi, def int) error {
	if c.ExtInt(name) != 0 || !slices.Contains(c.Given, name) {
		return nil
	}
	rng := fmt.Sprintf("%d to %d", lo, hi)
	if hi == 0 {
		rng = fmt.Sprintf("%d or more", lo)
	}
	dflt := fmt.Sprintf("the default (%d)", def)
	if c.ExtString("scenario-arg") != "" && scenarioSizes[name] {
		dflt = fmt.Sprintf("the scenario's setting (else the default, %d)", def)
	}
	return usagef("bench: -%s 0: %s takes %s; leave -%s out for %s, or give the default: -%s %d", name, who, rng, name, dflt, name, def)
}

// scenarioSizes are the size flags a scenario's settings also give (set
// cluster, set levels): left out under -scenario, they mean its setting.
var scenarioSizes = map[string]bool{"cluster": true, "levels": true}

// intFlag defines an int flag unless another file already did (the groups
// engineer may share -cluster and -levels); both read c.Ext[name].
func intFlag(fs *flag.FlagSet, c *Config, name string, def int, usage string) {
	if fs.Lookup(name) == nil {
		c.Ext[name] = fs.Int(name, def, usage)
	}
}

// hpaConfig turns the flags into an hpa.Config.
func hpaConfig(c *Config) (hpa.Config, error) {
	name, val := "placement", c.ExtString("placement")
	if slices.Contains(c.Given, "transitions") {
		t := c.ExtString("transitions")
		if slices.Contains(c.Given, "placement") && t != val {
			return hpa.Config{}, usagef("bench: -placement %s and -transitions %s: two names of one setting, given two values; give one", val, t)
		}
		name, val = "transitions", t
	}
	pl, err := hpa.ParsePlacement(val)
	if err != nil {
		return hpa.Config{}, usagef("bench: -%s: %v", name, err)
	}
	cfg := hpa.Config{
		ClusterSize:  c.ExtInt("cluster"),
		Levels:       c.ExtInt("levels"),
		Branch:       c.ExtInt("hpa-k"),
		Placement:    pl,
		CachePaths:   c.ExtBool("cache"),
		Neighborhood: c.Neighborhood,
	}
	for _, f := range []struct {
		name   string
		v      int
		lo, hi int
		def    int
	}{
		{"cluster", cfg.ClusterSize, hpa.MinClusterSize, hpa.MaxClusterSize, hpa.Default.ClusterSize},
		{"levels", cfg.Levels, 1, hpa.MaxLevels, hpa.Default.Levels},
		{"hpa-k", cfg.Branch, 2, hpa.MaxBranch, hpa.Default.Branch},
	} {
		if err := sizeFlagZero(c, f.name, "HPA*", f.lo, f.hi, f.def); err != nil {
			return cfg, err
		}
		if f.v != 0 && (f.v < f.lo || f.v > f.hi) {
			return cfg, usagef("bench: -%s %d: HPA* takes %d to %d (default %d)", f.name, f.v, f.lo, f.hi, f.def)
		}
	}
	if slices.Contains(c.Given, "hpa-k") && cfg.Levels == 1 {
		// k groups the clusters of one level into those of the next: with
		// one level nothing is grouped, and the run measured the same
		// hierarchy whatever k said. Refused, as a flag given where it
		// does not apply is (checkFlagScopes).
		levels := "-levels 1"
		if !slices.Contains(c.Given, "levels") {
			levels = "the scenario's set levels 1"
		}
		return cfg, usagef("bench: -hpa-k %d: k groups k×k clusters of a level into one of the level above, and %s builds one level, so k means nothing; drop -hpa-k, or give -levels 2 or more", cfg.Branch, levels)
	}
	if _, err := cfg.Normalized(); err != nil {
		return cfg, usagef("bench: %v", err)
	}
	return cfg, nil
}

type hpaPlanner struct {
	q      *hpa.Querier
	opt    hpa.QueryOptions
	levels int
}

// Plan implements Planner; the path is the querier's buffer.
func (p *hpaPlanner) Plan(start, goal image.Point) (Outcome, error) {
	r, err := p.q.Find(start, goal, p.opt)
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{Found: r.Status == pathing.Found, Path: r.Path, Cost: r.Cost, Expanded: r.Phases.Total()}, nil
}

// PlanPhases implements PhasePlanner: the query once more, with its
// expansions by kind of phase (allocates; not for timed runs).
func (p *hpaPlanner) PlanPhases(start, goal image.Point) ([]PhaseExpanded, error) {
	r, err := p.q.Find(start, goal, p.opt)
	if err != nil {
		return nil, err
	}
	var out []PhaseExpanded
	for _, pc := range r.Phases.List(p.levels) {
		unit := "expanded"
		if pc.Name == "smooth" {
			unit = "cells checked"
		}
		var in string
		switch pc.InSight {
		case [2]bool{true, true}:
			in = "S and G"
		case [2]bool{true, false}:
			in = "S"
		case [2]bool{false, true}:
			in = "G"
		}
		out = append(out, PhaseExpanded{Phase: pc.Name, Level: pc.Level, Count: pc.Count, Unit: unit, InSight: in})
	}
	return out, nil
}

func prepareHPA(env *Env, rep *Report) (Planner, error) {
	h, err := buildHPA(env, rep)
	if err != nil {
		return nil, err
	}
	c := env.Cfg
	// Left out, -abstract-weight is 0: the exact search, as 1. A typed 0
	// is refused, as -weight 0 is.
	w := c.ExtFloat("abstract-weight")
	if slices.Contains(c.Given, "abstract-weight") && !(w >= 1 && w <= 10) { // NaN too
		return nil, usagef("bench: -abstract-weight %v: HPA* takes a top-level weight from 1 to 10; leave -abstract-weight out, or give -abstract-weight 1, for the exact search", w)
	}
	opt := hpa.QueryOptions{NoSmooth: !c.ExtBool("smooth"), NoShortcut: !c.ExtBool("shortcut"), AbstractWeight: w}
	setHPAQueryOptions(rep, opt)
	rep.Set("abstract_weight", max(w, 1)) // 0 means exact, as 1
	return &hpaPlanner{q: h.NewQuerier(), opt: opt, levels: h.Levels()}, nil
}

// setHPAQueryOptions records the query options a run used (smooth,
// shortcut), so a report says what it measured.
func setHPAQueryOptions(rep *Report, opt hpa.QueryOptions) {
	rep.Set("smooth", !opt.NoSmooth)
	rep.Set("shortcut", !opt.NoShortcut)
}

// buildHPA builds the hierarchy of env's grid and adds its size to rep.
func buildHPA(env *Env, rep *Report) (*hpa.Hierarchy, error) {
	cfg, err := hpaConfig(env.Cfg)
	if err != nil {
		return nil, err
	}
	runs := env.Cfg.ExtInt("builds")
	if runs < 1 || runs > 1000 {
		return nil, usagef("bench: -builds %d: want 1 to 1000", runs)
	}
	// The first build of a process pays for growing the heap and faulting
	// in fresh pages (about 2× a steady build on a 512×512 map), so
	// build_ms is the median of runs builds, each after a GC, and the first
	// is reported beside it.
	var h *hpa.Hierarchy
	ms := make([]float64, 0, runs)
	for i := 0; i < runs; i++ {
		if i > 0 {
			h = nil
			runtime.GC()
		}
		t0 := time.Now()
		hb, err := hpa.Build(env.Grid, cfg)
		if err != nil {
			return nil, usagef("bench: -algo hpa: %v", err)
		}
		ms = append(ms, float64(time.Since(t0))/1e6)
		h = hb
	}
	rep.SetFixed("build_first_ms", ms[0], 3)
	rep.Set("builds", runs)
	slices.Sort(ms)
	rep.BuildMS = round3(ms[len(ms)/2])
	st := h.Stats()
	rep.Set("hierarchy", h.Config().String())
	rep.Set("abstract_nodes", st.Nodes)
	rep.Set("abstract_edges", st.Edges)
	rep.SetFixed("abstract_ratio", st.AbstractRatio(), 3)
	rep.Set("memory_bytes", st.MemoryBytes)
	rep.Set("cache_bytes", st.CacheBytes)
	// Without the cache the hierarchy keeps other data (per-pair masks of
	// the children a level-2 path crosses, for repairs), so its size is
	// measured on a build without it, not estimated as memory_bytes −
	// cache_bytes (which came out 13 % low on AR0011SR).
	noCache := st.MemoryBytes
	if cfg.CachePaths {
		cfg.CachePaths = false
		hn, err := hpa.Build(env.Grid, cfg)
		if err != nil {
			return nil, usagef("bench: -algo hpa: %v", err)
		}
		noCache = hn.Stats().MemoryBytes
		runtime.GC() // its garbage would tax the timed queries and repairs
	}
	rep.Set("memory_bytes_no_cache", noCache)
	rep.Set("grid_bytes", st.GridBytes)
	rep.Set("components", st.Components)
	return h, nil
}

// runHPAScen runs the scenario rows with HPA* (timed by RunQueries, like
// every algorithm), then with A* on the same rows for the speedup and the
// reachability truth, and adds the suboptimality figures.
func runHPAScen(env *Env) (*Report, error) {
	rep := NewReport(env)
	p, err := prepare(env, rep)
	if err != nil {
		return nil, err
	}
	qs := QueriesFromRows(env.Rows, env.RowNums)
	if err := RunQueries(env, p, qs, env.Cfg.Repeat, rep); err != nil {
		return nil, err
	}
	if err := hpaVersusAStar(env, qs, rep, "rows"); err != nil {
		return nil, err
	}
	return rep, nil
}

// hpaVersusAStar runs A* on the queries HPA* just ran (rep holds their
// rows), timed the same way, and sets reachable, reach_errors, the subopt
// fields, astar_median_us and speedup_median (the ratio of the medians).
func hpaVersusAStar(env *Env, qs []Query, rep *Report, what string) error {
	durs, err := compareWithAStar(env, qs, rep, "HPA*", what, nil)
	if err != nil {
		return err
	}
	t := Summarize(durs)
	rep.SetFixed("astar_median_us", t.MedianUS, 3)
	if rep.MedianUS > 0 {
		rep.SetFixed("speedup_median", t.MedianUS/rep.MedianUS, 3)
	}
	return nil
}

// runHPASingle is the single-query mode (-from, -to) with the comparison a
// scenario run makes: the query is timed with HPA* and then with A*, and
// the report adds reachable, the subopt fields (one row), astar_median_us
// and speedup_median besides the cost and path, so one query can be judged
// without a second run.
func runHPASingle(env *Env) (*Report, error) {
	rep, err := runSingle(env)
	if err != nil {
		return nil, err
	}
	if err := hpaVersusAStar(env, []Query{singleQuery(env.Cfg)}, rep, "query"); err != nil {
		return nil, err
	}
	return rep, nil
}

func round6(v float64) float64 { return math.Round(v*1e6) / 1e6 }

// repairQueryFlags are the HPA* query options, which the repair mode
// refuses: it toggles cells and runs no query.
var repairQueryFlags = []string{"smooth", "shortcut", "abstract-weight"}

// runHPARepair is the repair mode: -repair N random single-cell toggles
// (runRepairs), plus edits_changing_components and components_after.
func runHPARepair(env *Env) (*Report, error) {
	n, mix, err := repairArgs(env.Cfg, "an HPA*", repairQueryFlags)
	if err != nil {
		return nil, err
	}
	rep := NewReport(env)
	genv, g := repairEnv(env)
	h, err := buildHPA(genv, rep)
	if err != nil {
		return nil, err
	}
	cfg := h.Config()
	counts, err := runRepairs(env, rep, g, n, mix, repairer{
		cluster: cfg.ClusterSize,
		update: func(p image.Point) repairStep {
			r := h.Update([]image.Point{p})
			return repairStep{dur: r.Duration, nodes: len(r.NodesAdded)+len(r.NodesRemoved) > 0, components: r.Components}
		},
		rebuild: func() (func() error, error) {
			fresh, err := hpa.Build(g, cfg)
			if err != nil {
				return nil, err
			}
			return func() error { return hpa.Equal(h, fresh) }, nil
		},
	})
	if err != nil {
		return nil, err
	}
	rep.Set("edits_changing_components", counts.components)
	rep.Set("components_after", h.Components())
	return rep, nil
}
