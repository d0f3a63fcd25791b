package main

// reportKeyOrder is the order of the report's keys, in every output (the
// JSON object, the text report's lines): what ran (identity and settings),
// then counts, then costs and suboptimality, then timings and search
// effort, then memory and the hierarchy's size. A mode's fields fall into
// these groups beside the common ones; lists a reader scrolls past (path,
// mismatches, worst) end their group. A tester found the keys "half
// unordered": the common ones first, then each mode's own by name, so that
// abstract_edges came before the settings and speedup_median after
// shortcut. A key not listed here goes last, by name (a test lists every
// key the modes print).
var reportKeyOrder = [][]string{
	{ // identity: the input, the algorithm and its settings
		"map", "scenario", "scen", "scen_written", "algo", "planner", "hierarchy", "neighborhood",
		"heuristic", "weight", "connection_cost", "exclusion", "target", "cluster", "cluster_kind",
		"levels", "branch", "region_layers", "heuristic_level", "smooth", "shortcut",
		"abstract_weight", "hpa_mode", "plan_budget_ms", "plan_budget_nodes", "seed", "every",
	},
	{ // counts
		"queries", "runs", "scen_rows", "scen_skipped", "rows_sampled", "rows_written", "wall_endpoints",
		"found", "no_path", "reachable", "reach_errors", "excluded", "invalid_paths", "errors",
		"suboptimal", "below_optimal", "zero_optimum_rows",
		// the repair mode
		"repairs", "edits_on_borders", "edits_on_corners", "edits_changing_nodes",
		"edits_changing_edges", "edits_changing_costs", "edits_changing_components",
		"components_after", "consistent", "first_difference",
		// the agents mode
		"agents", "ticks", "edits", "digs", "fills", "fills_on_paths", "arrivals",
		"arrivals_displaced", "plans", "new_goal_plans", "replans", "replans_total",
		"world_changed_by", "refined_legs", "lazy_requeries", "wall_violations", "stuck",
		"stuck_replans", "stuck_stops", "stopped_at_end", "yields", "groups",
	},
	{ // costs and suboptimality
		"cost", "optimum_source", "optimal_checked", "optimal_matches", "max_abs_error",
		"mean_subopt", "p99_subopt", "max_subopt", "path", "mismatches", "suboptimal_rows",
		"worst", "worst_note",
	},
	{ // timings and search effort
		"mean_us", "median_us", "p99_us", "max_us", "total_ms", "astar_median_us",
		"speedup_median", "expanded_mean", "expanded_by_phase", "pushes_mean", "peak_open_mean", "segments_mean",
		"goal_preps", "goal_prep_ms", "goal_prep_mean_ms", "goal_prep_max_ms",
		"build_ms", "builds", "build_first_ms", "rebuild_ms",
		"repair_mean_us", "repair_median_us", "repair_p99_us", "repair_max_us",
		"ticks_per_s", "tick_ms_p99", "plan_ms_p99", "plan_ms_max", "repair_ms",
		"mean_queue", "queue_wait_max_ticks",
	},
	{ // memory and the hierarchy's size
		"allocs_per_query", "bytes_per_query", "memory_bytes", "memory_bytes_no_cache",
		"cache_bytes", "grid_bytes", "abstract_nodes", "abstract_edges", "abstract_ratio",
		"edges_per_level", "groups_per_level", "heuristic_groups", "goal_groups", "components", "dump_graph",
	},
}

// keyRank is each key's place in reportKeyOrder.
var keyRank = func() map[string]int {
	m := map[string]int{}
	for _, g := range reportKeyOrder {
		for _, k := range g {
			m[k] = len(m)
		}
	}
	return m
}()
