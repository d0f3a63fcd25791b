package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/maps"
)

// TestAgentsMode runs the agents mode on a real map at a small scale: the
// fields of issue 6 are there and the rules held.
func TestAgentsMode(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skipf("Moving AI maps not found (looked in %q; set PATHLENS_MAPS)", dir)
	}
	m := filepath.Join(dir, "den312d.map")
	for _, algo := range []string{"astar", "hpa", "group"} {
		if _, ok := algos[algo]; !ok {
			t.Logf("-algo %s is not registered yet", algo)
			continue
		}
		// A work budget, not the default time cap: the run (arrivals
		// included) is then the same on a loaded machine as on a quiet one.
		code, out, errOut := runMain(t, "-map", m, "-agents", "60", "-ticks", "1500", "-edits", "60", "-seed", "3", "-algo", algo, "-agent-budget-nodes", "20000", "-json", "-check")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", algo, code, errOut)
		}
		r := decode(t, out)
		for _, k := range []string{"agents", "ticks", "arrivals", "replans", "wall_violations", "stuck", "stuck_replans", "stuck_stops", "ticks_per_s", "plan_ms_p99"} {
			if _, ok := r[k]; !ok {
				t.Fatalf("%s: field %q missing from %s", algo, k, out)
			}
		}
		if r["wall_violations"].(float64) != 0 || r["stuck"].(float64) != 0 || r["stuck_stops"].(float64) != 0 {
			t.Fatalf("%s: rules broken: %s", algo, out)
		}
		if r["agents"].(float64) != 60 || r["ticks"].(float64) != 1500 || r["arrivals"].(float64) < 30 {
			t.Fatalf("%s: %s", algo, out)
		}
		rp := r["replans"].(map[string]any)
		if rp["world_changed"].(float64) == 0 {
			t.Fatalf("%s: 60 edits made nobody replan: %s", algo, out)
		}
	}
}

func TestAgentsModeBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-agents", "5", "-algo", "dijkstra"}, "cannot drive agents"},
		{[]string{"-agents", "5", "-ticks", "0"}, "-ticks 0"},
		{[]string{"-agents", "5", "-edits", "-3"}, "-edits -3"},
		{[]string{"-agents", "5", "-agent-budget-ms", "-1"}, "-agent-budget-ms"},
		{[]string{"-agents", "5", "-agent-budget-nodes", "-1"}, "-agent-budget-nodes -1"},
		{[]string{"-agent-budget-nodes", "500", "-from", "0,0", "-to", "0,0"}, "-agent-budget-nodes applies only with -agents N"},
		{[]string{"-agents", "5", "-algo", "hpa", "-agent-refine", "lazzy"}, `-agent-refine "lazzy"`},
		{[]string{"-agents", "5", "-algo", "astar", "-agent-refine", "lazy"}, "-agent-refine"},
		{[]string{"-agents", "10", "-agent-groups", "2", "-agent-group-size", "6"}, "need 12 agents; -agents is 10"},
		{[]string{"-agents", "10", "-agent-groups", "-1"}, "-agent-groups -1"},
		{[]string{"-agents", "10", "-agent-groups", "1", "-agent-group-size", "1"}, "-agent-group-size 1"},
		{[]string{"-agent-groups", "2", "-from", "0,0", "-to", "0,0"}, "-agent-groups applies only with -agents N"},
		// Read by nothing without groups; the time cap dropped silently
		// under a node cap.
		{[]string{"-agents", "10", "-agent-group-size", "4"}, "-agent-group-size 4 without -agent-groups"},
		{[]string{"-agents", "10", "-agent-groups", "0", "-agent-group-size", "4"}, "-agent-group-size 4 without -agent-groups"},
		{[]string{"-agents", "5", "-agent-budget-nodes", "500", "-agent-budget-ms", "2"}, "the node cap replaces the time cap"},
		// A negative count used to be ignored silently (the run fell back
		// to the other modes).
		{[]string{"-agents", "-1", "-from", "0,0", "-to", "0,0"}, "-agents -1"},
		// -agents 0 ran no mode and asked for -scen or -from.
		{[]string{"-agents", "0"}, "-agents 0: want a positive count"},
		// With -scen or -from, -agents 0 and -repair 0 ran the queries
		// without a word, as if the flag had not been typed; -repair 0
		// alone asked for -scen or -from.
		{[]string{"-agents", "0", "-scen", tinyScen}, "-agents 0: want a positive count"},
		{[]string{"-agents", "0", "-from", "0,0", "-to", "1,0"}, "-agents 0: want a positive count"},
		{[]string{"-agents", "0", "-ticks", "5"}, "-agents 0: want a positive count"},
		{[]string{"-algo", "hpa", "-repair", "0", "-scen", tinyScen}, "-repair 0: want a positive number of edits"},
		{[]string{"-algo", "hpa", "-repair", "0"}, "-repair 0: want a positive number of edits"},
		// Query flags were accepted and read by nothing in agents and
		// repair runs.
		{[]string{"-agents", "5", "-scen", tinyScen}, "-scen applies only with query runs"},
		{[]string{"-agents", "5", "-rows", "3"}, "-rows applies only with query runs"},
		{[]string{"-agents", "5", "-repeat", "3"}, "-repeat applies only with query runs"},
		{[]string{"-agents", "5", "-from", "1,1", "-to", "2,2"}, "-from applies only with query runs"},
		{[]string{"-algo", "hpa", "-repair", "5", "-scen", tinyScen}, "-scen applies only with query runs"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			if errOut := refused(t, append([]string{"-map", tinyMap}, tc.args...)...); !strings.Contains(errOut, tc.want) {
				t.Errorf("stderr %q; want %q", errOut, tc.want)
			}
		})
	}
}

// -agent-refine picks the HPA* agents' planning mode; the report names it
// and the rules hold in both.
func TestAgentsModeRefine(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skipf("Moving AI maps not found (looked in %q; set PATHLENS_MAPS)", dir)
	}
	m := filepath.Join(dir, "den312d.map")
	for _, mode := range []string{"eager", "lazy"} {
		code, out, errOut := runMain(t, "-map", m, "-agents", "40", "-ticks", "1000", "-edits", "40", "-seed", "2", "-algo", "hpa", "-agent-refine", mode, "-json", "-check")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", mode, code, errOut)
		}
		r := decode(t, out)
		if r["hpa_mode"] != mode || r["wall_violations"].(float64) != 0 || r["stuck"].(float64) != 0 {
			t.Fatalf("%s: %s", mode, out)
		}
		if _, ok := r["lazy_requeries"]; !ok {
			t.Fatalf("%s: no lazy_requeries: %s", mode, out)
		}
	}
}

// -agent-groups moves some of the agents as groups (formation, members'
// searches from the plan queue, cut-off members going their own way) under
// the same edits; the report gives the groups' figures and the rules hold
// for every planner.
func TestAgentsModeGroups(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skipf("Moving AI maps not found (looked in %q; set PATHLENS_MAPS)", dir)
	}
	m := filepath.Join(dir, "den312d.map")
	for _, algo := range []string{"astar", "hpa", "group"} {
		// A work cap, not the default time cap: under a time cap the
		// trips made depend on the machine's load (astar once made none
		// while the machine was busy), under a work cap the run is the
		// same every time.
		code, out, errOut := runMain(t, "-map", m, "-agents", "40", "-agent-groups", "3", "-agent-group-size", "8", "-ticks", "1500", "-edits", "60", "-seed", "2", "-algo", algo, "-agent-budget-nodes", "20000", "-json", "-check")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", algo, code, errOut)
		}
		r := decode(t, out)
		gr, ok := r["groups"].(map[string]any)
		if !ok {
			t.Fatalf("%s: no groups figures: %s", algo, out)
		}
		for _, k := range []string{"trips", "trips_cut", "trips_given_up", "member_stuck", "own_way", "rejoined", "cut_off_stops", "member_searches", "place_dist_mean"} {
			if _, ok := gr[k]; !ok {
				t.Fatalf("%s: groups field %q missing: %v", algo, k, gr)
			}
		}
		if gr["groups"] != 3.0 || gr["members"] != 24.0 || gr["trips"].(float64) < 1 || gr["member_searches"].(float64) == 0 {
			t.Fatalf("%s: groups %v", algo, gr)
		}
		if r["wall_violations"].(float64) != 0 || r["stuck"].(float64) != 0 || r["queue_wait_max_ticks"].(float64) < 1 {
			t.Fatalf("%s: %s", algo, out)
		}
	}
}

// -agent-budget-nodes caps the planning work per tick in expanded nodes
// instead of time, so a capped run (plans held back to later ticks) is
// the same run twice: the way to reproduce what a time-capped run found.
func TestAgentsModeNodeBudgetIsReproducible(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skipf("Moving AI maps not found (looked in %q; set PATHLENS_MAPS)", dir)
	}
	m := filepath.Join(dir, "den312d.map")
	var first map[string]any
	for run := range 2 {
		code, out, errOut := runMain(t, "-map", m, "-agents", "60", "-agent-groups", "2", "-agent-group-size", "6", "-ticks", "800", "-edits", "40", "-seed", "4", "-algo", "hpa", "-agent-budget-nodes", "300", "-json", "-check")
		if code != 0 {
			t.Fatalf("run %d: exit %d: %s", run, code, errOut)
		}
		r := decode(t, out)
		if r["plan_budget_nodes"] != 300.0 || r["queue_wait_max_ticks"].(float64) < 2 {
			t.Fatalf("run %d: the node budget held nothing back: %s", run, out)
		}
		if first == nil {
			first = r
			continue
		}
		for _, k := range []string{"plans", "arrivals", "replans", "queue_wait_max_ticks", "mean_queue", "groups", "stuck", "stopped_at_end"} {
			if a, b := fmt.Sprint(first[k]), fmt.Sprint(r[k]); a != b {
				t.Fatalf("%s: %s, then %s with the same seed and node budget", k, a, b)
			}
		}
	}
}
