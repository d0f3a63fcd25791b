package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A .scen row whose optimal column is 0 while its start is not its goal is
// a broken row. -algo astar names it (stderr by file and line, the row's
// problem); hpa and group, measured against A*'s positive cost, showed
// nothing. Every algorithm must name it the same way.
func TestBrokenZeroOptimumRowNamedByEveryAlgo(t *testing.T) {
	scen := filepath.Join(t.TempDir(), "zero.map.scen")
	rows := "version 1\n" +
		"0\ttiny.map\t10\t8\t0\t0\t9\t0\t9.00000000\n" +
		"0\ttiny.map\t10\t8\t0\t0\t0\t4\t0\n" + // line 3: broken
		"0\ttiny.map\t10\t8\t2\t2\t2\t2\t0\n" // start is goal: fine
	if err := os.WriteFile(scen, []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, algo := range []string{"astar", "hpa", "group"} {
		t.Run(algo, func(t *testing.T) {
			csv := filepath.Join(t.TempDir(), "rows.csv")
			code, out, errs := runMain(t, "-map", tinyMap, "-scen", scen, "-algo", algo, "-json", "-worst", "3", "-csv", csv)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if !strings.Contains(errs, "zero.map.scen:3 (query 2)") {
				t.Errorf("stderr does not name zero.map.scen:3: %q", errs)
			}
			worst, _ := decode(t, out)["worst"].([]any)
			if len(worst) == 0 {
				t.Fatalf("no worst rows: %s", out)
			}
			w := worst[0].(map[string]any)
			if w["line"] != 3.0 || w["problem"] == nil || w["problem"] == "" {
				t.Errorf("first worst row %v: want line 3 with its problem", w)
			}
			b, err := os.ReadFile(csv)
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSpace(string(b)), "\n")
			if len(lines) != 4 || !strings.HasPrefix(lines[2], "2,3,") || strings.HasSuffix(lines[2], ",") {
				t.Errorf("csv row of line 3 has no problem:\n%s", b)
			}
			if strings.HasSuffix(lines[1], "\"") || strings.HasSuffix(lines[3], "\"") {
				t.Errorf("csv: a sound row has a problem:\n%s", b)
			}
		})
	}
}

// A -scenario's own query lines had no line in the mismatches, -worst or
// -csv, and the mismatch's optimum (A*'s cost) printed all 17 digits where
// every other cost is rounded to 6. They carry their line now, and -check
// names the first by file:line.
func TestScenarioQueriesCarryLines(t *testing.T) {
	src, err := os.ReadFile("../../assets/scenarios/textbook-groups.pls")
	if err != nil {
		t.Fatal(err)
	}
	want := 0 // the line of "query 0,4 3,3", the suboptimal one
	for i, l := range strings.Split(string(src), "\n") {
		if l == "query 0,4 3,3" {
			want = i + 1
		}
	}
	if want == 0 {
		t.Fatal("the scenario has no line query 0,4 3,3")
	}
	csv := filepath.Join(t.TempDir(), "rows.csv")
	code, out, errs := runMain(t, "-scenario", "builtin:textbook-groups", "-json", "-worst", "2", "-csv", csv, "-check")
	if code != exitCheck {
		t.Fatalf("exit %d (want 1: the minimum costs 6, A* 3.41): %s", code, errs)
	}
	if at := fmt.Sprintf("builtin:textbook-groups:%d ", want); !strings.Contains(errs, at) {
		t.Errorf("-check's message does not name %s: %q", at, errs)
	}
	m := decode(t, out)
	// The group hierarchy is not exact: its row above the optimum is
	// suboptimal, not a mismatch.
	mm, _ := m["suboptimal_rows"].([]any)
	if len(mm) != 1 || m["mismatches"] != nil {
		t.Fatalf("suboptimal_rows %v, mismatches %v", m["suboptimal_rows"], m["mismatches"])
	}
	if first := mm[0].(map[string]any); first["line"] != float64(want) || first["optimal"] != 3.414214 {
		t.Errorf("suboptimal row %v: want line %d, optimal 3.414214", first, want)
	}
	worst, _ := m["worst"].([]any)
	if len(worst) != 2 || worst[0].(map[string]any)["line"] != float64(want) || worst[1].(map[string]any)["line"] != float64(want-1) {
		t.Errorf("worst %v: want lines %d and %d", worst, want, want-1)
	}
	b, err := os.ReadFile(csv)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), fmt.Sprintf("\n2,%d,0,4,3,3,", want)) {
		t.Errorf("csv has no line %d for query 2:\n%s", want, b)
	}
}

// An explicitly empty -placement or -transitions is the flag left out (as
// the window's internal/cli reads it): "-transitions sparse -placement \"\""
// was refused as two values of one setting, and "-placement \"\"" with
// -algo astar as a flag of -algo hpa.
func TestPlacementEmptyIsNotGiven(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // the placement in the hierarchy field; "" for astar
	}{
		{[]string{"-algo", "hpa", "-transitions", "sparse", "-placement", ""}, "sparse"},
		{[]string{"-algo", "hpa", "-placement", "", "-transitions", "dense"}, "dense"},
		{[]string{"-algo", "hpa", "-transitions", "", "-placement", "dense"}, "dense"},
		{[]string{"-algo", "hpa", "-placement", ""}, "sparse"},
		{[]string{"-algo", "astar", "-placement", ""}, ""},
	} {
		args := append([]string{"-map", tinyMap, "-scen", tinyScen, "-json", "-worst", "1", "-cache=false"}, c.args...)
		if c.want == "" {
			args = append([]string{"-map", tinyMap, "-scen", tinyScen, "-json"}, c.args...)
		}
		code, out, errs := runMain(t, args...)
		if code != 0 {
			t.Errorf("%q: exit %d: %s", c.args, code, errs)
			continue
		}
		if c.want == "" {
			continue
		}
		m := decode(t, out)
		if h, _ := m["hierarchy"].(string); !strings.Contains(h, ", "+c.want+",") {
			t.Errorf("%q: hierarchy %q, want %s", c.args, h, c.want)
		}
		// The app's command carries no empty -transitions.
		if w, _ := m["worst"].([]any); len(w) != 1 || strings.Contains(w[0].(map[string]any)["open"].(string), "-transitions  ") ||
			strings.HasSuffix(strings.TrimSuffix(w[0].(map[string]any)["open"].(string), " -query 1"), "-transitions") {
			t.Errorf("%q: worst %v", c.args, m["worst"])
		}
	}
	// Left out, the scenario's own setting applies: so with an empty one.
	pls := filepath.Join(t.TempDir(), "dense.pls")
	src := "pathlens-scenario 1\nset algo hpa\nset transitions dense\nmap inline\n" + strings.Repeat("........\n", 8) + "end\nquery 0,0 7,7\n"
	if err := os.WriteFile(pls, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runMain(t, "-scenario", pls, "-json", "-placement", "")
	if code != 0 {
		t.Fatalf("-scenario -placement \"\": exit %d: %s", code, errs)
	}
	if h, _ := decode(t, out)["hierarchy"].(string); !strings.Contains(h, ", dense,") {
		t.Errorf("-scenario (set transitions dense) -placement \"\": hierarchy %q, want the scenario's dense", h)
	}
	// Two values that are both given are still refused.
	if errs := refused(t, "-map", tinyMap, "-scen", tinyScen, "-algo", "hpa", "-transitions", "dense", "-placement", "sparse"); !strings.Contains(errs, "two names of one setting") {
		t.Errorf("-transitions dense -placement sparse: %q", errs)
	}
}

// cluster was the string "regions" where the regions make every level, a
// number otherwise: a JSON reader got a type that changed. It is a number
// or null, and cluster_kind says which kind of clusters the run built, for
// the group hierarchy and astar-cluster alike; the text report shows the
// null as "-".
func TestClusterFieldAlwaysNumeric(t *testing.T) {
	for _, c := range []struct {
		args []string
		size any
		kind string
	}{
		{[]string{"-scenario", "builtin:textbook-groups"}, nil, "regions"},
		{[]string{"-scenario", "builtin:textbook-groups", "-algo", "astar-cluster"}, nil, "regions"},
		{[]string{"-map", tinyMap, "-scen", tinyScen, "-algo", "group", "-cluster", "4"}, 4.0, "square"},
		{[]string{"-map", tinyMap, "-scen", tinyScen, "-algo", "astar-cluster", "-cluster", "4"}, 4.0, "square"},
	} {
		code, out, errs := runMain(t, append(c.args, "-json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		m := decode(t, out)
		if size, ok := m["cluster"]; !ok || size != c.size || m["cluster_kind"] != c.kind {
			t.Errorf("%v: cluster %#v (present %v), cluster_kind %v; want %v, %s", c.args, size, ok, m["cluster_kind"], c.size, c.kind)
		}
		_, text, _ := runMain(t, c.args...)
		want := "-"
		if c.size != nil {
			want = fmt.Sprint(c.size)
		}
		if v, _ := textValue(text, "cluster"); v != want {
			t.Errorf("%v: text cluster %q, want %q", c.args, v, want)
		}
		if v, _ := textValue(text, "cluster_kind"); v != c.kind {
			t.Errorf("%v: text cluster_kind %q, want %q", c.args, v, c.kind)
		}
	}
}

// -worst's window command carried -placement as the app's -transitions but
// dropped -transitions itself (the app's own name): the window then built
// sparse transitions for a dense run's rows.
func TestWorstCommandKeepsTransitions(t *testing.T) {
	for _, flags := range [][]string{
		{"-transitions", "dense"},
		{"-placement", "dense"},
		{"-transitions", "dense", "-placement", "dense"},
	} {
		args := append([]string{"-map", tinyMap, "-scen", tinyScen, "-algo", "hpa", "-cache=false", "-json", "-worst", "1"}, flags...)
		code, out, errs := runMain(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", flags, code, errs)
		}
		w, _ := decode(t, out)["worst"].([]any)
		if len(w) != 1 {
			t.Fatalf("%v: worst %v", flags, w)
		}
		open, _ := w[0].(map[string]any)["open"].(string)
		if strings.Count(open, "-transitions dense") != 1 || strings.Contains(open, "-placement") {
			t.Errorf("%v: window command %q, want -transitions dense once", flags, open)
		}
	}
}

// The worst rows' header said the optimum was "A*'s cost on this grid, not
// the .scen's rounded column" for a scenario's own queries, which have no
// .scen (a tester asked which column). The aside is kept for .scen rows.
func TestWorstHeaderNamesTheScenColumnOnlyWithAScen(t *testing.T) {
	_, out, errs := runMain(t, "-scenario", "builtin:textbook-groups", "-worst", "2")
	if !strings.Contains(out, "optimal: A*'s cost on this grid):") {
		t.Errorf("own queries: header without the plain reference:\n%s%s", out, errs)
	}
	_, out, errs = runMain(t, "-map", tinyMap, "-scen", tinyMap+".scen", "-algo", "hpa", "-worst", "2")
	if !strings.Contains(out, "not the .scen's rounded column") {
		t.Errorf(".scen rows under hpa: header without the aside:\n%s%s", out, errs)
	}
}

// The text report cut objects over 120 bytes to 100 ("replans
// {"blocked":0,…,"segm... (141 bytes)"), hiding segment_done, stuck and
// world_changed (a tester); an object's fields are a line each now.
func TestTextReportSpellsOutObjects(t *testing.T) {
	code, out, errs := runMain(t, "-scenario", "builtin:world", "-agents", "12", "-agent-groups", "2", "-agent-group-size", "4", "-ticks", "200", "-algo", "hpa")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"\nreplans.segment_done ", "\nreplans.world_changed ", "\ngroups.place_dist_mean "} {
		if !strings.Contains(out, want) {
			t.Errorf("text report without %q:\n%s", strings.TrimSpace(want), out)
		}
	}
	if strings.Contains(out, "... (") {
		t.Errorf("text report still cuts a value:\n%s", out)
	}
}

// world_changed_by is the breakdown of replans.world_changed: a tester's
// runs summed to more (506 against 529 on AR0011SR), the hits being
// counted when edits touched routes, an agent waiting for its replan
// counted again by the next edit. They are counted when the plan is made.
func TestWorldChangedByAddsUp(t *testing.T) {
	for _, algo := range []string{"astar", "hpa", "group"} {
		code, out, errs := runMain(t, "-scenario", "builtin:world", "-agents", "60", "-agent-groups", "2", "-ticks", "800", "-edits", "60", "-seed", "3", "-agent-budget-ms", "0", "-algo", algo, "-json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", algo, code, errs)
		}
		m := decode(t, out)
		wc := m["replans"].(map[string]any)["world_changed"].(float64)
		sum := 0.0
		for _, v := range m["world_changed_by"].(map[string]any) {
			sum += v.(float64)
		}
		if wc == 0 || sum != wc {
			t.Errorf("%s: world_changed %v, world_changed_by %v sums to %v", algo, wc, m["world_changed_by"], sum)
		}
	}
}
