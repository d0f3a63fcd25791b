package main

import (
	"flag"
	"fmt"
	"image"
	"slices"
	"strings"
	"time"

	"pathlens/game/world/agents"
	"pathlens/pathing/groups"
	"pathlens/pathing/hpa"
)

// The agents mode (-agents N): the simulation of issue 6 on any map. N
// agents walk to random reachable goals (a new one on arrival) while E digs
// and fills land over T ticks, in turn, about half the fills right across
// some agent's path (fills_on_paths: a quarter of the edits);
// every edit repairs the hierarchy behind the planner and is reported to the
// Sim. The report says how the rules held (wall_violations and stuck must be
// 0; stuck counts agents without progress toward their goal, stepping or
// not: see agents.Sim.StuckAgents) and how fast it ran (ticks_per_s,
// plan_ms_p99). stuck_replans and stuck_stops say how often the Sim's own
// stuck handling (agents.Config.StuckTicks) acted.
//
//	go run ./cmd/bench -map ../shared/maps/movingai/random512-10-0.map -agents 1000 -ticks 5000 -edits 500 -algo hpa
//
// -algo picks the agents' planner: astar (sliced over ticks; -agent-chunk N
// hands the path out in N-step segments), hpa (HPA*, built from the hpa
// flags: -cluster, -levels, -cache, -smooth ...) or group (the group
// hierarchy, from the group flags: -cluster, -levels, -cost, -exclusion
// ...). Edits repair the hierarchy (Update) before the Sim hears of them.
// With -algo hpa, -agent-refine picks agents.HPAMode: eager (each plan
// refines the whole route; edits are checked against its cells) or lazy
// (each plan refines only the next segment; edits are checked against the
// top-level clusters of the rest of the route). The default is the
// package's, eager: with edits, lazy's coarser change tests cost 1.6–3.6
// times as many plans as its cheaper plans save (agents.HPAMode has the
// figures).
//
// -agent-groups G sends G groups of -agent-group-size K of the N agents in
// formation (agents.Sim.SetGroupGoal), each spawned on a patch of open
// cells and given a new goal after each trip, and makes a third of the
// fills wall off a group's trail behind its leader, so members get cut
// off, go their own way or stop, and rejoin after digs. The "groups"
// field reports the trips, the cut-off, own-way and rejoin counts, stuck
// members, the members' searches and how far they walk from their places;
// queue_wait_max_ticks covers the members' searches too.
//
//	go run ./cmd/bench -map ../shared/maps/movingai/AR0011SR.map -agents 1000 -agent-groups 20 -agent-group-size 10 -ticks 3000 -edits 300 -algo hpa
func init() {
	registerFlags(func(fs *flag.FlagSet, c *Config) {
		c.Ext["agents"] = fs.Int("agents", 0, "simulate `N` agents (agents mode: random goals, edits, replans)")
		c.Ext["ticks"] = fs.Int("ticks", 5000, "agents mode: simulate `T` ticks (1/60 s each)")
		c.Ext["edits"] = fs.Int("edits", 0, "agents mode: `E` digs and fills spread over the run")
		if fs.Lookup("seed") == nil {
			c.Ext["seed"] = fs.Int("seed", 1, "random seed `S` (same seed, same run)")
		}
		c.Ext["agent-budget-ms"] = fs.Float64("agent-budget-ms", 6, "agents mode: planning time cap per tick in `ms` (0: no cap; a time cap makes the ticks plans land in depend on the machine's speed, so one seed gives exactly one run only without it or with -agent-budget-nodes)")
		c.Ext["agent-budget-nodes"] = fs.Int("agent-budget-nodes", 0, "agents mode: planning work cap per tick in expanded `nodes` instead of -agent-budget-ms (0: use the time cap); deterministic, so one seed gives one run under a cap")
		c.Ext["agent-chunk"] = fs.Int("agent-chunk", 0, "agents mode, astar: segments of at most `N` steps (0: whole path)")
		c.Ext["agent-refine"] = fs.String("agent-refine", agents.HPAConfig{}.Mode.String(), "agents mode, hpa: how much of a route each plan refines: `eager` (all of it; edits are tested against its cells) or lazy (the next segment only: cheaper plans, coarser change tests, more replans after edits)")
		c.Ext["agent-yield"] = fs.Bool("agent-yield", false, "agents mode: agents wait (a bounded time) for occupied cells instead of walking through each other")
		c.Ext["agent-groups"] = fs.Int("agent-groups", 0, "agents mode: `G` of the agents move as groups in formation (SetGroupGoal), each spawned together and sent to a new goal after each trip")
		c.Ext["agent-group-size"] = fs.Int("agent-group-size", 8, "agents mode: members per group of -agent-groups (`K`, 2 or more)")
	})
	scopeFlags("-agents N", func(c *Config) bool { return c.ExtInt("agents") != 0 },
		"ticks", "edits", "agent-budget-ms", "agent-budget-nodes", "agent-yield", "agent-groups", "agent-group-size")
	scopeFlags("-agents N and -algo astar", func(c *Config) bool { return c.ExtInt("agents") != 0 && c.Algo == "astar" }, "agent-chunk")
	scopeFlags("-agents N and -algo hpa", func(c *Config) bool { return c.ExtInt("agents") != 0 && c.Algo == "hpa" }, "agent-refine")
	// The query flags choose the queries of a query run (Config's -scen,
	// -rows, -every, -repeat, -from, -to); agents pick their own goals and
	// the repair mode toggles cells, so there they would be read by
	// nothing.
	scopeFlags(queryRuns, isQueryRun, "scen", "rows", "every", "repeat", "from", "to")
	// -seed is shared with hpa.go's repair mode and makescen.go.
	scopeFlags("-agents N, -repair N or -make-scen FILE", func(c *Config) bool {
		return c.ExtInt("agents") != 0 || c.ExtInt("repair") != 0 || c.ExtString("make-scen") != ""
	}, "seed")
	// Any -agents other than 0 takes over, so a bad count is refused (exit 2)
	// rather than silently running another mode; so is a typed 0, which
	// would run the queries of -scen or -from as if -agents were not there.
	refuseZero("agents", "want a positive count of agents (1 to 100000); leave -agents out for a query run")
	registerMode(Mode{Name: "agents", When: func(c *Config) bool { return c.ExtInt("agents") != 0 }, Run: runAgents})
}

// agentPlanners lists the -algo values the agents mode accepts.
var agentPlanners = []string{"astar", "hpa", "group"}

// agentSetup builds the planner named by -algo and the repair to run after
// each edit. setup, when not nil, holds a scenario's group settings and
// regions (the flags override them).
func agentSetup(env *Env, rep *Report, setup *groupSetup) (agents.Planner, func([]image.Point) error, error) {
	c := env.Cfg
	g := env.Grid
	switch c.Algo {
	case "astar":
		return agents.NewAStar(g, agents.AStarConfig{Neighborhood: c.Neighborhood, Chunk: c.ExtInt("agent-chunk")}), nil, nil
	case "hpa":
		mode, err := agents.ParseHPAMode(c.ExtString("agent-refine"))
		if err != nil {
			return nil, nil, usagef("bench: -agent-refine %q: want eager or lazy", c.ExtString("agent-refine"))
		}
		h, err := buildHPA(env, rep)
		if err != nil {
			return nil, nil, err
		}
		opts := hpa.QueryOptions{NoSmooth: !c.ExtBool("smooth"), NoShortcut: !c.ExtBool("shortcut")}
		setHPAQueryOptions(rep, opts)
		return agents.NewHPA(h, agents.HPAConfig{Query: opts, Mode: mode}), func(ch []image.Point) error {
			h.Update(ch)
			return nil
		}, nil
	case "group":
		cfg, regions, err := groupConfig(env, setup)
		if err != nil {
			return nil, nil, err
		}
		t0 := time.Now()
		gr, err := groups.Build(g, cfg, regions)
		if err != nil {
			return nil, nil, usagef("bench: -algo group: %v", err)
		}
		rep.BuildMS = round3(float64(time.Since(t0)) / 1e6)
		rc := gr.Config()
		levels := fmt.Sprintf("%d levels", rc.Levels)
		if rc.Levels == 1 {
			levels = "1 level"
		}
		rep.Set("hierarchy", fmt.Sprintf("cluster %d, %s, %s, exclusion %v", rc.ClusterSize, levels, rc.Cost, rc.Exclusion))
		return agents.NewGroups(gr), func(ch []image.Point) error {
			gr.Update(ch)
			return nil
		}, nil
	}
	return nil, nil, usagef("bench: -agents: -algo %q cannot drive agents (want %s)", c.Algo, strings.Join(agentPlanners, ", "))
}

func runAgents(env *Env) (*Report, error) {
	c := env.Cfg
	n, ticks, edits := c.ExtInt("agents"), c.ExtInt("ticks"), c.ExtInt("edits")
	switch {
	case n < 1 || n > 100000:
		return nil, usagef("bench: -agents %d: want 1 to 100000", n)
	case ticks < 1:
		return nil, usagef("bench: -ticks %d: want a positive count", ticks)
	case edits < 0:
		return nil, usagef("bench: -edits %d: want 0 or more", edits)
	case env.Grid.OpenCount() == 0:
		return nil, usagef("bench: %s: the map has no open cell to put agents on", env.Map.Name)
	}
	budget := c.ExtFloat("agent-budget-ms")
	if budget < 0 || budget != budget {
		return nil, usagef("bench: -agent-budget-ms %v: want 0 (no cap) or a positive time", budget)
	}
	nodes := c.ExtInt("agent-budget-nodes")
	switch {
	case nodes < 0:
		return nil, usagef("bench: -agent-budget-nodes %d: want 0 (time cap) or a positive node count", nodes)
	case nodes > 0 && slices.Contains(c.Given, "agent-budget-ms"):
		// The node cap replaces the time cap: an explicit -agent-budget-ms
		// would be dropped without a word.
		return nil, usagef("bench: -agent-budget-nodes %d and -agent-budget-ms %v: the node cap replaces the time cap; give one of them", nodes, budget)
	}
	ng, gsize := c.ExtInt("agent-groups"), c.ExtInt("agent-group-size")
	switch {
	case ng < 0:
		return nil, usagef("bench: -agent-groups %d: want 0 or more", ng)
	case ng == 0 && slices.Contains(c.Given, "agent-group-size"):
		return nil, usagef("bench: -agent-group-size %d without -agent-groups G: no agent moves in a group; give -agent-groups or drop it", gsize)
	case gsize < 2 || gsize > 1000:
		return nil, usagef("bench: -agent-group-size %d: want 2 to 1000", gsize)
	case ng*gsize > n:
		return nil, usagef("bench: -agent-groups %d of -agent-group-size %d need %d agents; -agents is %d", ng, gsize, ng*gsize, n)
	}
	// With -scenario the agents walk the scenario's world (its edit log
	// applied) with its planner and settings, flags overriding them, as
	// the scenario mode's queries would.
	var setup *groupSetup
	mapName, scenName := env.Map.Name, ""
	if c.ExtString("scenario-arg") != "" {
		sr, err := openScenario(env)
		if err != nil {
			return nil, err
		}
		if !slices.Contains(agentPlanners, sr.cfg.Algo) {
			return nil, usagef("bench: -agents with -scenario %s: its algorithm %s cannot drive agents (want %s); give -algo", sr.arg, sr.cfg.Algo, strings.Join(agentPlanners, ", "))
		}
		env, c, setup = &sr.env, &sr.cfg, sr.setup
		mapName, scenName = sr.arg, sr.s.Name
		if env.Grid.OpenCount() == 0 {
			return nil, usagef("bench: -scenario %s: its world has no open cell to put agents on", sr.arg)
		}
	}
	rep := &Report{Map: mapName, Algo: c.Algo, Neighborhood: nbNumber(c.Neighborhood)}
	if scenName != "" {
		rep.Set("scenario", scenName)
	}
	t0 := time.Now()
	planner, repair, err := agentSetup(env, rep, setup)
	if err != nil {
		return nil, err
	}
	if rep.BuildMS == 0 { // A*'s setup: build_ms is on every report
		rep.BuildMS = round3(float64(time.Since(t0)) / float64(time.Millisecond))
	}
	cfg := agents.Config{Neighborhood: c.Neighborhood, PlanBudget: time.Duration(budget * float64(time.Millisecond)), Yield: c.ExtBool("agent-yield")}
	if budget == 0 {
		cfg.PlanBudget = -1
	}
	cfg.PlanWork = nodes
	sim := agents.New(env.Grid, planner, cfg)
	r, err := agents.RunWorkload(sim, agents.Workload{Agents: n, Groups: ng, GroupSize: gsize, Ticks: ticks, Edits: edits, Seed: int64(c.ExtInt("seed")), Repair: repair})
	if err != nil {
		return nil, fmt.Errorf("bench: %w", err)
	}
	st := sim.Stats()
	rep.Queries = r.Plans
	rep.Found = r.Plans - st.Failed
	rep.NoPath = st.Failed
	rep.TotalMS = round3(float64(r.Elapsed) / 1e6)
	// The Sim keeps the plans' total time and work, not each plan's time
	// or allocations: plan_ms_p99 and plan_ms_max stand for the
	// percentiles. Its plans have no optimum to be checked against.
	rep.Unmeasured("median_us", "p99_us", "max_us", "pushes_mean", "peak_open_mean", "allocs_per_query", "bytes_per_query",
		"optimal_checked", "optimal_matches", "max_abs_error")
	if r.Plans > 0 {
		rep.MeanUS = round3(float64(st.PlanTime) / 1e3 / float64(r.Plans))
		rep.ExpandedMean = round3(float64(r.Work) / float64(r.Plans))
	}
	// A step into a wall is an illegal walk: -check fails on it.
	rep.InvalidPaths = r.WallViolations
	reasons := map[string]int{}
	for k := agents.ReasonSegmentDone; k < agents.NumReasons; k++ {
		if k != agents.ReasonRejoined { // a log entry, not a plan: see rejoined
			reasons[k.String()] = r.Reasons[k]
		}
	}
	rep.Set("planner", planner.Name())
	if p, ok := planner.(*agents.HPA); ok {
		rep.Set("hpa_mode", p.Mode().String())
		rep.Set("lazy_requeries", p.Requeries())
	}
	rep.Set("agents", r.Agents)
	rep.Set("ticks", r.Ticks)
	rep.Set("arrivals", r.Arrivals)
	rep.Set("arrivals_displaced", st.DisplacedArrivals)
	rep.Set("plans", r.Plans)
	rep.Set("new_goal_plans", r.Reasons[agents.ReasonNewGoal])
	rep.Set("replans", reasons)
	rep.Set("replans_total", r.Replans)
	rep.Set("world_changed_by", map[string]int{"segment": st.HitSegment, "plan": st.HitLegs, "shortcut": st.HitShortcut, "displaced": st.HitDisplaced})
	rep.Set("refined_legs", st.Refined)
	rep.Set("wall_violations", r.WallViolations)
	rep.Set("stuck", r.Stuck)
	rep.Set("stuck_replans", st.StuckReplans)
	rep.Set("stuck_stops", st.StuckStops)
	rep.Set("stopped_at_end", r.StoppedAtEnd)
	rep.Set("edits", edits)
	rep.Set("digs", r.Digs)
	rep.Set("fills", r.Fills)
	rep.Set("fills_on_paths", r.FillsOnPaths)
	rep.SetFixed("ticks_per_s", r.TicksPerSecond, 2)
	// Times in ms (and µs) to 3 decimals, as in every mode.
	rep.SetFixed("plan_ms_p99", r.PlanMsP99, 3)
	rep.SetFixed("plan_ms_max", r.PlanMsMax, 3)
	rep.SetFixed("tick_ms_p99", r.TickMsP99, 3)
	rep.SetFixed("repair_ms", float64(r.RepairTime)/1e6, 3)
	rep.SetFixed("mean_queue", r.MeanQueue, 2)
	rep.Set("queue_wait_max_ticks", st.MaxWait)
	if nodes > 0 {
		rep.Set("plan_budget_nodes", nodes) // in place of the time cap
	} else {
		rep.SetFixed("plan_budget_ms", budget, 3)
	}
	rep.Set("seed", c.ExtInt("seed"))
	rep.Set("yields", st.Yields)
	if ng > 0 {
		// Members count in arrivals (and the plan queue's figures); a
		// leader's arrival counts too. The group's own figures:
		rep.Set("groups", map[string]any{
			"cuts":            r.GroupCuts, // fills walling off a group's trail behind its leader (a third of the fills)
			"groups":          r.Groups,    // groups made (a patch of one open cell makes a solo agent instead)
			"members":         r.GroupMembers,
			"trips":           r.GroupTrips,            // trips that ended with every member arrived in its place
			"trips_cut":       r.GroupTripsCut,         // trips that ended with some member cut off
			"trips_given_up":  r.GroupTripsGivenUp,     // the leader stopped (goal cut off) for 10 s
			"member_stuck":    r.MemberStuck,           // distinct members stuck (in stuck too)
			"own_way":         r.OwnWay,                // members cut off from their group that went their own way
			"rejoined":        r.Rejoined,              // of them, rejoined when a change reconnected them
			"cut_off_stops":   r.CutOffStops,           // members stopped, cut off from group and goal
			"member_searches": r.LocalSearches,         // searches for a member's place, served from the plan queue
			"places_followed": r.Extended,              // places that moved one step, followed without a search
			"place_dist_mean": round2(r.MeanPlaceDist), // cells from its place, members walking with their group
		})
	}
	if r.WallViolations > 0 || r.Stuck > 0 {
		fmt.Fprintf(env.Stderr, "bench: agents broke a rule: %d wall violations, %d stuck agents\n", r.WallViolations, r.Stuck)
	}
	return rep, nil
}

func round2(f float64) float64 { return float64(int64(f*100+0.5)) / 100 }
