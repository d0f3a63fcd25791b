package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testerDir copies the tiny map and its .scen into a temporary folder and
// writes files (name → text) beside them; it returns the folder.
func testerDir(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{tinyMap, tinyScen} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const (
	// q3Scenario: three query lines run by HPA* (the third goal is walled
	// off: tiny.map's 9,7).
	q3Scenario = "pathlens-scenario 1\nname q3\nset algo hpa\nmap tiny.map\nquery 0,0 9,0\nquery 0,0 0,4\nquery 0,0 9,7\n"
	// editedScenario: the .scen list of tiny.map run by HPA* after an edit
	// that lengthens its first row (9 → 21).
	editedScenario = "pathlens-scenario 1\nname sr\nset algo hpa\nmap tiny.map\nscen tiny.map.scen\nfill 2,0\n"
)

// A tester: HPA* under -scenario left out reachable, reach_errors,
// astar_median_us and speedup_median, which -from/-to and -scen give
// (runScenario compared the group planner with A* only).
func TestScenarioHPAComparesWithAStar(t *testing.T) {
	dir := testerDir(t, map[string]string{"q3.pls": q3Scenario, "sr.pls": editedScenario})
	for _, args := range [][]string{
		{"-scenario", "builtin:world", "-algo", "hpa", "-repeat", "2"},
		{"-scenario", filepath.Join(dir, "q3.pls")},
		{"-scenario", filepath.Join(dir, "sr.pls")},
	} {
		code, out, errs := runMain(t, append(args, "-json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		m := decode(t, out)
		for _, k := range []string{"reachable", "reach_errors", "astar_median_us", "speedup_median", "mean_subopt"} {
			if _, ok := m[k]; !ok {
				t.Errorf("%v: no %s", args, k)
			}
		}
		if strings.HasSuffix(args[1], "q3.pls") && (m["reachable"] != 2.0 || m["reach_errors"] != 0.0) {
			t.Errorf("q3.pls: reachable %v, reach_errors %v; want 2 and 0", m["reachable"], m["reach_errors"])
		}
	}
}

// A tester: -worst's header said "optimal: the .scen's optimal column"
// for a scenario's list run after its edit log, where the optimum is A*'s
// cost on the edited world (row 1: 21, the .scen's 9).
func TestWorstHeaderNamesEditedWorld(t *testing.T) {
	dir := testerDir(t, map[string]string{"sr.pls": editedScenario})
	for _, algo := range []string{"hpa", "astar"} {
		code, out, errs := runMain(t, "-scenario", filepath.Join(dir, "sr.pls"), "-algo", algo, "-worst", "3", "-cache=false")
		if algo == "astar" {
			code, out, errs = runMain(t, "-scenario", filepath.Join(dir, "sr.pls"), "-algo", algo, "-worst", "3")
		}
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", algo, code, errs)
		}
		if strings.Contains(out, "optimal: the .scen's optimal column") || !strings.Contains(out, "optimal: A*'s cost on the scenario's world (its edit log applied)") {
			t.Errorf("%s: header does not name A* on the edited world:\n%s", algo, out)
		}
	}
	// A plain -scen run is measured against the file's column, and says so.
	_, out, _ := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-worst", "1")
	if !strings.Contains(out, "optimal: the .scen's optimal column") {
		t.Errorf("-scen run: header:\n%s", out)
	}
}

// A tester: a missing path was "cost":-1 in mismatches and null in -worst.
func TestMismatchMissingCostIsNull(t *testing.T) {
	dir := testerDir(t, map[string]string{"walled.map.scen": "version 1\n0\ttiny.map\t10\t8\t0\t0\t9\t7\t5.00000000\n"})
	scen := filepath.Join(dir, "walled.map.scen")
	code, out, errs := runMain(t, "-map", filepath.Join(dir, "tiny.map"), "-scen", scen, "-worst", "1", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m := decode(t, out)
	mm, _ := m["mismatches"].([]any)
	if len(mm) != 1 {
		t.Fatalf("mismatches %v; want one", m["mismatches"])
	}
	if c, ok := mm[0].(map[string]any)["cost"]; !ok || c != nil {
		t.Errorf("mismatch cost %v (present %v); want null", c, ok)
	}
	w := m["worst"].([]any)[0].(map[string]any)
	if c, ok := w["cost"]; !ok || c != nil {
		t.Errorf("worst cost %v (present %v); want null", c, ok)
	}
}

// A tester: a row whose start is its goal (optimum 0, cost 0) had an empty
// -csv subopt for astar, hpa and group, and -from 0,0 -to 0,0 -algo hpa on
// a 1×1 map had no subopt field; bench.md says 0 when optimal.
func TestStartIsGoalSuboptIsZero(t *testing.T) {
	dir := testerDir(t, map[string]string{
		"same.map.scen": "version 1\n0\ttiny.map\t10\t8\t0\t1\t0\t1\t0.00000000\n",
		"one.txt":       ".\n",
	})
	for _, algo := range []string{"astar", "hpa", "group"} {
		csvPath := filepath.Join(dir, algo+".csv")
		code, out, errs := runMain(t, "-map", filepath.Join(dir, "tiny.map"), "-scen", filepath.Join(dir, "same.map.scen"), "-algo", algo, "-csv", csvPath, "-json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", algo, code, errs)
		}
		b, err := os.ReadFile(csvPath)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		head, row := strings.Split(lines[0], ","), strings.Split(lines[1], ",")
		for i, h := range head {
			if h == "subopt" && row[i] != "0.000000" {
				t.Errorf("%s: csv subopt %q; want 0.000000", algo, row[i])
			}
		}
		if m := decode(t, out); m["max_subopt"] != 0.0 {
			t.Errorf("%s: max_subopt %v; want 0", algo, m["max_subopt"])
		}
	}
	code, out, errs := runMain(t, "-map", filepath.Join(dir, "one.txt"), "-from", "0,0", "-to", "0,0", "-algo", "hpa", "-json")
	if code != 0 {
		t.Fatalf("1×1: exit %d: %s", code, errs)
	}
	m := decode(t, out)
	for _, k := range []string{"mean_subopt", "p99_subopt", "max_subopt"} {
		if m[k] != 0.0 {
			t.Errorf("1×1 hpa: %s %v; want 0", k, m[k])
		}
	}
}

// A tester: fields a run does not measure were printed as 0, which
// bench.md says never happens: queries 0 in the repair mode, and
// optimal_matches 0 beside optimal_checked 0 (-from/-to, -nb 4 rows).
func TestUnmeasuredCountsLeftOut(t *testing.T) {
	for _, c := range []struct {
		args []string
		gone []string
	}{
		{[]string{"-map", tinyMap, "-algo", "hpa", "-repair", "5"}, []string{"queries", "optimal_matches", "optimal_checked"}},
		{[]string{"-map", tinyMap, "-from", "0,0", "-to", "9,0"}, []string{"optimal_matches", "max_abs_error"}},
		{[]string{"-map", tinyMap, "-scen", tinyScen, "-nb", "4"}, []string{"optimal_matches", "max_abs_error"}},
	} {
		code, out, errs := runMain(t, append(c.args, "-json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		m := decode(t, out)
		for _, k := range c.gone {
			if v, ok := m[k]; ok {
				t.Errorf("%v: %s %v printed; an unmeasured field is left out", c.args, k, v)
			}
		}
	}
	// Where there is an optimum both are measured.
	_, out, _ := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-json")
	if m := decode(t, out); m["optimal_matches"] != m["optimal_checked"] || m["optimal_checked"] == nil {
		t.Errorf("-scen: optimal_matches %v, optimal_checked %v", m["optimal_matches"], m["optimal_checked"])
	}
}

// A tester: -algo group with -from/-to had no segments_mean, which
// bench.md lists for the group planner (scenario runs had it).
func TestGroupSingleHasSegmentsMean(t *testing.T) {
	code, out, errs := runMain(t, "-map", tinyMap, "-from", "0,0", "-to", "9,0", "-algo", "group", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if v, ok := decode(t, out)["segments_mean"].(float64); !ok || v < 1 {
		t.Errorf("segments_mean %v; want a count of 1 or more", v)
	}
}

// A tester's list of messages: -cost's refusal said it applies "with -algo
// group, or -scenario" though a scenario run by HPA* refuses it; "nothing
// to run" named neither -scenario, -agents nor -repair; -h called -map
// required and printed -repeat's default twice; -repair -5 got less help
// than -repair 0; -rows past the file's rows ran them all without a word.
func TestTesterMessages(t *testing.T) {
	if errs := refused(t, "-map", tinyMap, "-algo", "hpa", "-cost", "maximin"); !strings.Contains(errs, "-cost applies only with -algo group, given or set by a -scenario (this run: -algo hpa)") {
		t.Errorf("-cost with hpa: %s", errs)
	}
	errs := refused(t, "-map", tinyMap, "-algo", "hpa")
	for _, w := range []string{"-scen FILE", "-from X,Y -to X,Y", "-scenario FILE", "-agents N", "-repair N"} {
		if !strings.Contains(errs, w) {
			t.Errorf("nothing to run: no %s in %q", w, errs)
		}
	}
	if zero, neg := refused(t, "-map", tinyMap, "-algo", "hpa", "-repair", "0"), refused(t, "-map", tinyMap, "-algo", "hpa", "-repair", "-5"); !strings.Contains(neg, "leave -repair out") || !strings.Contains(zero, "leave -repair out") {
		t.Errorf("-repair 0: %q; -repair -5: %q", zero, neg)
	}
	_, _, help := runMain(t, "-h")
	for _, block := range strings.Split(help, "\n  -") {
		name, text, _ := strings.Cut(block, " ")
		switch name {
		case "map":
			if !strings.Contains(text, "-scenario") {
				t.Errorf("-h: -map's help does not say -scenario replaces it: %q", text)
			}
		case "repeat":
			if strings.Count(text, "default") != 1 {
				t.Errorf("-h: -repeat's help gives its default twice: %q", text)
			}
		}
	}
	if refused(t, "-map", tinyMap, "-scen", tinyScen, "-repeat", "0") == "" {
		t.Error("-repeat 0 taken")
	}
	code, out, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-rows", "100000", "-json")
	if code != 0 || decode(t, out)["queries"] != 10.0 || !strings.Contains(errs, "-rows 100000: testdata/tiny.map.scen has 10 rows; running all 10") {
		t.Errorf("-rows 100000 on 10 rows: exit %d, stderr %q", code, errs)
	}
	if _, _, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-rows", "10"); strings.Contains(errs, "note") {
		t.Errorf("-rows 10 of 10 rows: %q", errs)
	}
	// -every K at or past the rows left runs row 1 alone: said, as -rows is.
	code, out, errs = runMain(t, "-map", tinyMap, "-scen", tinyScen, "-every", "500", "-json")
	if code != 0 || decode(t, out)["queries"] != 1.0 || !strings.Contains(errs, "-every 500: testdata/tiny.map.scen's 10 rows give one sample, row 1") {
		t.Errorf("-every 500 on 10 rows: exit %d, stderr %q", code, errs)
	}
	if _, _, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-rows", "4", "-every", "4"); !strings.Contains(errs, "-every 4: the 4 rows -rows leaves give one sample") {
		t.Errorf("-rows 4 -every 4: stderr %q", errs)
	}
	if _, _, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-every", "3"); strings.Contains(errs, "note") {
		t.Errorf("-every 3 of 10 rows: %q", errs)
	}
}

// A user: -algo group with -from/-to printed no reachable and no subopt
// field, where -algo hpa -from -to prints both, measured against A* on
// the same grid. tiny.map 0,0→9,0 is reachable; the walk is at least A*'s.
func TestGroupSingleHasSubopt(t *testing.T) {
	code, out, errs := runMain(t, "-map", tinyMap, "-from", "0,0", "-to", "9,0", "-algo", "group", "-cluster", "4", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m := decode(t, out)
	for _, k := range []string{"reachable", "reach_errors", "mean_subopt", "p99_subopt", "max_subopt", "below_optimal", "zero_optimum_rows"} {
		if _, ok := m[k]; !ok {
			t.Errorf("single group query: report lacks %s", k)
		}
	}
	if m["reachable"] != 1.0 || m["reach_errors"] != 0.0 || m["below_optimal"] != 0.0 {
		t.Errorf("reachable %v, reach_errors %v, below_optimal %v; want 1, 0, 0", m["reachable"], m["reach_errors"], m["below_optimal"])
	}
	if v, ok := m["max_subopt"].(float64); !ok || v < 0 || m["cost"] == nil {
		t.Errorf("max_subopt %v, cost %v", m["max_subopt"], m["cost"])
	}
	// Unreachable (9,7 is walled in): A* agrees, nothing to compare.
	code, out, errs = runMain(t, "-map", tinyMap, "-from", "0,0", "-to", "9,7", "-algo", "group", "-cluster", "4", "-json")
	if code != 0 {
		t.Fatalf("unreachable: exit %d: %s", code, errs)
	}
	if m := decode(t, out); m["reachable"] != 0.0 || m["reach_errors"] != 0.0 {
		t.Errorf("unreachable: reachable %v, reach_errors %v; want 0, 0", m["reachable"], m["reach_errors"])
	}
}

// A user: no JSON field said what the subopt fields were measured against
// (the .scen's column, our A* on the map, or our A* on a scenario's
// edited world); only -worst's text header did. optimum_source says it on
// every report that prints subopt fields, from a fixed set of values, and
// is left out where nothing was compared.
func TestOptimumSource(t *testing.T) {
	dir := testerDir(t, map[string]string{"sr.pls": editedScenario})
	for _, c := range []struct {
		args []string
		want string // "" when the report has no subopt field
	}{
		{[]string{"-map", tinyMap, "-scen", tinyScen}, optimumScen},
		{[]string{"-map", tinyMap, "-scen", tinyScen, "-algo", "astar-cluster", "-cluster", "4"}, optimumScen},
		{[]string{"-map", tinyMap, "-scen", tinyScen, "-algo", "hpa", "-cluster", "4", "-builds", "1"}, optimumAStarMap},
		{[]string{"-map", tinyMap, "-from", "0,0", "-to", "5,4", "-algo", "hpa", "-cluster", "4", "-builds", "1"}, optimumAStarMap},
		{[]string{"-map", tinyMap, "-from", "0,0", "-to", "5,4", "-algo", "group", "-cluster", "4"}, optimumAStarMap},
		{[]string{"-map", tinyMap, "-scen", tinyScen, "-algo", "group", "-cluster", "4", "-nb", "4"}, optimumAStarMap},
		{[]string{"-scenario", "builtin:textbook-groups"}, optimumAStarMap},
		{[]string{"-scenario", dir + "/sr.pls", "-cache=false", "-builds", "1"}, optimumAStarScenario},
		{[]string{"-scenario", dir + "/sr.pls", "-algo", "astar"}, optimumAStarScenario},
		{[]string{"-map", tinyMap, "-from", "0,0", "-to", "5,4"}, ""},
		{[]string{"-map", tinyMap, "-scen", tinyScen, "-nb", "4", "-worst", "2"}, ""},
		{[]string{"-map", tinyMap, "-agents", "3", "-ticks", "30", "-edits", "2"}, ""},
	} {
		for _, asJSON := range []bool{true, false} {
			args := c.args
			if asJSON {
				args = append(args[:len(args):len(args)], "-json")
			}
			code, out, errs := runMain(t, args...)
			if code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, errs)
			}
			if !asJSON {
				if got := strings.Contains(out, "\noptimum_source "); got != (c.want != "") || c.want != "" && !strings.Contains(out, " "+c.want+"\n") {
					t.Errorf("%v: text report:\n%s", args, out)
				}
				continue
			}
			m := decode(t, out)
			got, ok := m["optimum_source"]
			_, sub := m["mean_subopt"]
			switch {
			case c.want == "" && ok:
				t.Errorf("%v: optimum_source %v on a report with no subopt field", args, got)
			case c.want != "" && got != c.want:
				t.Errorf("%v: optimum_source %v, want %s", args, got, c.want)
			case c.want != "" && !sub:
				t.Errorf("%v: no mean_subopt: the case is not one that prints subopt fields", args)
			}
		}
	}
}
