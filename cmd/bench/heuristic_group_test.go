package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/maps"
)

// From a new user's report: a session saved with "set algo group" and
// "set heuristic zero" ran here with octile's searches under a report that
// said zero, -heuristic was refused for -algo group although the window's
// H sets the group hierarchy's cell searches, and under "-nb 4" a
// scenario ran with manhattan where the window keeps octile. bench now
// walks the group hierarchy with the heuristic, a scenario without one
// uses octile as the window does, and -heuristic auto (the default) is
// taken by any algorithm.
func TestGroupHierarchyReadsTheHeuristic(t *testing.T) {
	dir := t.TempDir()
	pls := filepath.Join(dir, "gz.pls")
	body := "pathlens-scenario 1\nset algo group\nset heuristic zero\nmap inline\n" +
		strings.Repeat("..............\n", 6) + "end\nquery 0,0 13,5\n"
	if err := os.WriteFile(pls, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	zero, _ := benchJSON(t, "-scenario", pls)
	oct, _ := benchJSON(t, "-scenario", pls, "-heuristic", "octile")
	if zero["heuristic"] != "zero" || oct["heuristic"] != "octile" {
		t.Fatalf("heuristic fields %v and %v", zero["heuristic"], oct["heuristic"])
	}
	if zero["expanded_mean"].(float64) <= oct["expanded_mean"].(float64) {
		t.Errorf("group walk: %v expanded with zero, %v with octile: the heuristic was not used", zero["expanded_mean"], oct["expanded_mean"])
	}
	if zero["cost_mean"] != oct["cost_mean"] {
		t.Errorf("the heuristic changed the walked cost: %v against %v", zero["cost_mean"], oct["cost_mean"])
	}
	flag, _ := benchJSON(t, "-map", tinyMap, "-from", "0,0", "-to", "7,5", "-algo", "group", "-heuristic", "zero")
	if flag["heuristic"] != "zero" {
		t.Errorf("-algo group -heuristic zero: heuristic %v", flag["heuristic"])
	}

	// A scenario without a heuristic, 4-connected: octile, as the window.
	def, _ := benchJSON(t, "-scenario", "builtin:pathological-minimum", "-nb", "4")
	oc4, _ := benchJSON(t, "-scenario", "builtin:pathological-minimum", "-nb", "4", "-heuristic", "octile")
	man, _ := benchJSON(t, "-scenario", "builtin:pathological-minimum", "-nb", "4", "-heuristic", "manhattan")
	if def["heuristic"] != "octile" || def["expanded_mean"] != oc4["expanded_mean"] || def["expanded_mean"] == man["expanded_mean"] {
		t.Errorf("-nb 4 scenario: %v %v expanded; octile %v, manhattan %v: want the window's octile",
			def["heuristic"], def["expanded_mean"], oc4["expanded_mean"], man["expanded_mean"])
	}

	for _, algo := range []string{"dijkstra", "hpa", "group", "astar"} {
		if code, _, errs := runMain(t, "-map", tinyMap, "-from", "0,0", "-to", "7,5", "-algo", algo, "-heuristic", "auto"); code != 0 {
			t.Errorf("-algo %s -heuristic auto (the default spelled out): exit %d: %s", algo, code, errs)
		}
	}
}

// The -worst window command names manhattan for a -nb 4 run with bench's
// auto heuristic: the window keeps octile, and would search otherwise.
func TestWorstCommandNamesAutoUnderFourMoves(t *testing.T) {
	_, out, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-nb", "4", "-algo", "group", "-worst", "1")
	if !strings.Contains(out, "-heuristic manhattan") {
		t.Errorf("-nb 4 -worst: no -heuristic manhattan in the window command:\n%s%s", out, errs)
	}
	_, out, _ = runMain(t, "-map", tinyMap, "-scen", tinyScen, "-algo", "group", "-worst", "1")
	if strings.Contains(out, "-heuristic") {
		t.Errorf("8-connected -worst: a -heuristic in the window command though auto is octile:\n%s", out)
	}
}

// A new user's CI gate: a single HPA* query 10 % above our A*'s optimum,
// which the report showed as mean_subopt, passed a plain -check that
// checked nothing (optimal_checked 0). Without a column the optimum is
// A*'s, and the report counts the query as checked against it. A* itself,
// with nothing to check it against, passed too, checking nothing: -check
// fails saying so.
func TestCheckSingleQueryAgainstAStar(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skipf("Moving AI maps not found at %q (set PATHLENS_MAPS)", dir)
	}
	lak := filepath.Join(dir, "lak303d.map")
	code, out, errs := runMain(t, "-map", lak, "-from", "10,84", "-to", "42,109", "-algo", "hpa", "-cluster", "16", "-cache=false", "-check", "-json")
	if want := "bench: check failed: 1 of 1 costs differ from the optimum (astar_map) (max abs error 5.071), 1 of them above it (suboptimal: -max-subopt F accepts up to F above); first: (10,84)→(42,109): cost 55.627417, optimal 50.556349\n"; code != exitCheck || errs != want {
		t.Errorf("hpa -check on a suboptimal single query: exit %d, %q; want 1, %q", code, errs, want)
	}
	if m := decode(t, out); m["optimal_checked"] != 1.0 || m["optimal_matches"] != 0.0 || m["max_abs_error"] != 5.071068 {
		t.Errorf("optimal_checked %v, optimal_matches %v, max_abs_error %v; want 1, 0, 5.071068 (the query against A*'s optimum, as -check judges it)",
			m["optimal_checked"], m["optimal_matches"], m["max_abs_error"])
	}
	if code, _, errs := runMain(t, "-map", lak, "-from", "10,84", "-to", "42,109", "-algo", "hpa", "-cluster", "16", "-cache=false", "-check", "-max-subopt", "0.2"); code != 0 {
		t.Errorf("within -max-subopt 0.2: exit %d: %s", code, errs)
	}
	if code, _, errs := runMain(t, "-map", lak, "-from", "10,84", "-to", "42,109", "-check"); code != exitCheck ||
		!strings.Contains(errs, "no cost was checked (optimal_checked 0): a single -from/-to query has no optimal column to compare with, and -algo astar is not checked against our A* (hpa and group are)") {
		t.Errorf("A* -check on a single query: exit %d: %q; want 1, saying nothing could be checked", code, errs)
	}
}

// -regions given the map itself said "has 8 rows", counting its header
// (a new user's report): a Moving AI map is named as what it is.
func TestRegionsRefusesAMovingAIMap(t *testing.T) {
	errs := refused(t, "-map", tinyMap, "-regions", tinyMap, "-algo", "group", "-from", "0,0", "-to", "7,5")
	if !strings.Contains(errs, "is a Moving AI map, not rooms") {
		t.Errorf("-regions tiny.map: %q", errs)
	}
}

// A review's two regressions: -worst dropped a given -heuristic octile
// that overrode a scenario's own heuristic, and the scenario's default
// octile was reported for algorithms that read no heuristic.
func TestScenarioHeuristicOverrideAndScope(t *testing.T) {
	dir := t.TempDir()
	pls := filepath.Join(dir, "az.pls")
	body := "pathlens-scenario 1\nset algo astar\nset heuristic zero\nmap inline\n" +
		strings.Repeat("..........\n", 3) + "end\nquery 0,0 9,2\nquery 0,2 9,0\n"
	if err := os.WriteFile(pls, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	_, out, errs := runMain(t, "-scenario", pls, "-heuristic", "octile", "-worst", "1")
	if !strings.Contains(out, "-heuristic octile") {
		t.Errorf("-worst after -heuristic octile over a scenario's zero: the window command lacks it:\n%s%s", out, errs)
	}
	for _, algo := range []string{"dijkstra", "hpa"} {
		rep, _ := benchJSON(t, "-scenario", "builtin:textbook-groups", "-algo", algo)
		if h, ok := rep["heuristic"]; ok {
			t.Errorf("-algo %s on a scenario: heuristic %v reported, though it reads none", algo, h)
		}
	}
}
