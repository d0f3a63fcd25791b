package main

import (
	"strings"
	"testing"
)

// Regression tests for problems users reported about cmd/bench's messages
// and report fields, one test (or table) per report.

// -heuristic cluster was refused with the list of heuristics alone; the
// app's spelling (A* with the cluster heuristic) is cmd/bench's
// -algo astar-cluster, and the message must say so.
func TestClusterHeuristicPointsToAStarCluster(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"astar", []string{"-map", tinyMap, "-scen", tinyScen, "-heuristic", "cluster"}, "use -algo astar-cluster"},
		{"algo astar", []string{"-map", tinyMap, "-scen", tinyScen, "-algo", "astar", "-heuristic", "cluster"}, "use -algo astar-cluster"},
		{"greedy", []string{"-map", tinyMap, "-scen", tinyScen, "-algo", "greedy", "-heuristic", "cluster"}, "A* only, as -algo astar-cluster"},
		{"astar-cluster", []string{"-map", tinyMap, "-scen", tinyScen, "-algo", "astar-cluster", "-heuristic", "cluster"}, "already searches with the cluster heuristic; drop -heuristic"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runMain(t, tc.args...)
			if code != exitUsage || out != "" {
				t.Fatalf("exit %d, stdout %q; want 2 and nothing", code, out)
			}
			if !strings.Contains(errs, "-heuristic cluster") || !strings.Contains(errs, tc.want) {
				t.Errorf("stderr %q: want it to name -heuristic cluster and say %q", errs, tc.want)
			}
		})
	}
	// The pointer is right: astar-cluster runs the same rows optimally.
	if code, _, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-algo", "astar-cluster", "-check"); code != 0 {
		t.Errorf("-algo astar-cluster: exit %d: %s", code, errs)
	}
}

// -cluster 0 and -levels 0 were read as "the default" without a word: a
// user who types 0 made a mistake. Left out, the flags still mean the
// default (every other test runs without them).
func TestZeroSizeFlagsRefused(t *testing.T) {
	scen := []string{"-map", tinyMap, "-scen", tinyScen}
	cases := []struct {
		name string
		args []string
		want []string
	}{
		{"hpa cluster", append(scen, "-algo", "hpa", "-cluster", "0"), []string{"-cluster 0: HPA* takes 4 to 64", "default (10", "-cluster 10"}},
		{"hpa levels", append(scen, "-algo", "hpa", "-levels", "0"), []string{"-levels 0: HPA* takes 1 to 4", "default (2", "-levels 2"}},
		{"hpa repair", []string{"-map", tinyMap, "-algo", "hpa", "-repair", "3", "-cluster", "0"}, []string{"-cluster 0: HPA* takes 4 to 64"}},
		{"hpa agents", []string{"-map", tinyMap, "-algo", "hpa", "-agents", "2", "-ticks", "5", "-levels", "0"}, []string{"-levels 0: HPA* takes 1 to 4"}},
		{"group cluster", append(scen, "-algo", "group", "-cluster", "0"), []string{"-cluster 0: the group hierarchy takes 2 or more", "default (10"}},
		{"group levels", append(scen, "-algo", "group", "-levels", "0"), []string{"-levels 0: the group hierarchy takes 1 to 8", "default (2"}},
		{"astar-cluster", append(scen, "-algo", "astar-cluster", "-cluster", "0"), []string{"-cluster 0: the group hierarchy takes 2 or more"}},
		{"scenario", []string{"-scenario", "builtin:pathological-maximin", "-levels", "0"}, []string{"-levels 0: the group hierarchy takes 1 to 8", "the scenario's setting (else the default, 2)"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runMain(t, tc.args...)
			if code != exitUsage || out != "" {
				t.Fatalf("exit %d, stdout %q; want 2 and nothing (stderr %q)", code, out, errs)
			}
			for _, w := range tc.want {
				if !strings.Contains(errs, w) {
					t.Errorf("stderr %q does not say %q", errs, w)
				}
			}
		})
	}
}

// build_ms was in the report only when the planner's setup took over 1 ms,
// so a script reading it failed on A* (microseconds of setup) and, on a
// fast machine, on any small map. It is on every report now, JSON and
// text, whatever the algorithm and mode.
func TestBuildMSAlwaysPresent(t *testing.T) {
	runs := [][]string{
		{"-map", tinyMap, "-from", "0,0", "-to", "9,0"},
		{"-scenario", "builtin:textbook-groups"},
		{"-scenario", "builtin:pathological-minimum", "-algo", "astar-cluster"},
		{"-map", tinyMap, "-agents", "3", "-ticks", "20"},
		{"-map", tinyMap, "-algo", "hpa", "-repair", "3", "-cluster", "4"},
	}
	for _, algo := range algoNames() {
		runs = append(runs, []string{"-map", tinyMap, "-scen", tinyScen, "-algo", algo})
	}
	for _, args := range runs {
		code, out, errs := runMain(t, append(args, "-json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		m := decode(t, out)
		if v, ok := m["build_ms"].(float64); !ok || v < 0 {
			t.Errorf("%v: build_ms %v (present: %v), want a number ≥ 0", args, m["build_ms"], ok)
		}
		_, text, _ := runMain(t, args...)
		if !strings.Contains(text, "\nbuild_ms ") {
			t.Errorf("%v: no build_ms line in the text report:\n%s", args, text)
		}
	}
}
