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
