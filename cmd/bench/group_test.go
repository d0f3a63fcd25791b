package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing/groups"
)

// lastJSON decodes the last line of out (the report after -dump-graph lines).
func lastJSON(t *testing.T, out string) map[string]any {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	return decode(t, lines[len(lines)-1])
}

// The Figure 4.39 edge C→D through -dump-graph: 1, 5 and 3.5.
func TestGroupDumpGraphFigure439(t *testing.T) {
	for cost, want := range map[string]string{"minimum": "1", "maximin": "5", "avgmin": "3.5"} {
		code, out, errs := runMain(t, "-scenario", "builtin:textbook-groups", "-cost", cost, "-dump-graph", "-json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", cost, code, errs)
		}
		// With -json the edges are the report's dump_graph list: one object.
		line := `{"level":1,"from":"C","to":"D","cost":` + want + `}`
		if !strings.Contains(out, line) || strings.Count(strings.TrimSpace(out), "\n") != 0 {
			t.Errorf("%s: output lacks %s, or is more than one line:\n%s", cost, line, out)
		}
		if _, out, _ := runMain(t, "-scenario", "builtin:textbook-groups", "-cost", cost, "-dump-graph"); !strings.Contains(out, line+"\n") {
			t.Errorf("%s: text output lacks the line %s:\n%s", cost, line, out)
		}
		if m := decode(t, out); m["connection_cost"] != cost || m["scenario"] != "textbook-groups" {
			t.Errorf("%s: report says connection_cost %v, scenario %v", cost, m["connection_cost"], m["scenario"])
		}
	}
}

// The gallery's must-show figures through the command: mean_subopt is the
// walked cost over the optimal, minus 1, of the scenario's query.
func TestGroupScenarioMustShow(t *testing.T) {
	cases := []struct {
		args     []string
		min, max float64
	}{
		{[]string{"-scenario", "builtin:pathological-minimum", "-cost", "minimum"}, 0.30, 9},
		{[]string{"-scenario", "builtin:pathological-minimum", "-cost", "maximin"}, 0, 0.10}, // the app's first M
		{[]string{"-scenario", "builtin:pathological-minimum", "-cost", "avgmin"}, 0, 0.10},
		// The about text's worse case: rooms a to e, the hall and the
		// corridor tie under minimum costs (+173%).
		{[]string{"-scenario", "builtin:pathological-minimum", "-from", "9,17", "-to", "33,17", "-cost", "minimum"}, 1.7, 1.75},
		{[]string{"-scenario", "builtin:pathological-minimum", "-from", "9,17", "-to", "33,17", "-cost", "maximin"}, 0, 0},
		{[]string{"-scenario", "builtin:pathological-maximin", "-cost", "maximin"}, 0.30, 9},
		{[]string{"-scenario", "builtin:pathological-maximin", "-cost", "avgmin"}, 0.30, 9},
		{[]string{"-scenario", "builtin:pathological-maximin", "-cost", "minimum"}, 0, 0.10},
		{[]string{"-scenario", "builtin:exclusion-shortcut"}, 0.30, 9},
		{[]string{"-scenario", "builtin:exclusion-shortcut", "-exclusion=true"}, 0.30, 9},
		{[]string{"-scenario", "builtin:exclusion-shortcut", "-cost", "maximin"}, 0.30, 9},
		// Without exclusion the walk crosses hall H, off the exclusion plan.
		{[]string{"-scenario", "builtin:exclusion-shortcut", "-exclusion=false"}, 0, 0.05},
		{[]string{"-scenario", "builtin:exclusion-shortcut", "-exclusion=false", "-cost", "minimum"}, 0, 0.05},
	}
	for _, c := range cases {
		code, out, errs := runMain(t, append(c.args, "-json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		m := decode(t, out)
		s, _ := m["mean_subopt"].(float64)
		if s < c.min || s > c.max || m["invalid_paths"] != 0.0 || m["found"] != 1.0 {
			t.Errorf("%v: mean_subopt %v (want %.2f..%.2f), found %v, invalid %v", c.args, m["mean_subopt"], c.min, c.max, m["found"], m["invalid_paths"])
		}
		// A scenario of one query reports its walk as a single query
		// does: the cost (optimal walks printed it nowhere) and path.
		cost, _ := m["cost"].(float64)
		path, _ := m["path"].([]any)
		if len(path) < 2 || cost <= 0 || m["below_optimal"] != 0.0 {
			t.Errorf("%v: cost %v, %d path cells, below_optimal %v", c.args, m["cost"], len(path), m["below_optimal"])
		}
	}
	// The scenario's own setting: exclusion-shortcut says "exclusion on".
	_, out, _ := runMain(t, "-scenario", "builtin:exclusion-shortcut", "-json")
	if m := decode(t, out); m["exclusion"] != true || m["algo"] != "group" {
		t.Errorf("exclusion-shortcut: exclusion %v, algo %v; want the file's settings", m["exclusion"], m["algo"])
	}
	_, out, _ = runMain(t, "-scenario", "builtin:exclusion-shortcut", "-exclusion=false", "-json")
	if m := decode(t, out); m["exclusion"] != false {
		t.Errorf("-exclusion=false did not override the scenario")
	}
}

func TestGroupScenRows(t *testing.T) {
	code, out, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-algo", "group", "-cluster", "4", "-levels", "3", "-cost", "maximin", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m := decode(t, out)
	if m["found"] != 10.0 || m["invalid_paths"] != 0.0 || m["reachable"] != 10.0 || m["levels"] != 3.0 || m["cluster"] != 4.0 {
		t.Errorf("report: %v", m)
	}
	if s, ok := m["mean_subopt"].(float64); !ok || s < 0 {
		t.Errorf("mean_subopt %v", m["mean_subopt"])
	}
}

func TestGroupRegionsFile(t *testing.T) {
	dir := t.TempDir()
	s, err := maps.LoadScenario(filepath.Join("..", "..", "assets", "scenarios", "textbook-groups.pls"))
	if err != nil {
		t.Fatal(err)
	}
	mapFile := filepath.Join(dir, "fig.map")
	os.WriteFile(mapFile, []byte("..##\n#.##\n#.##\n#...\n....\n"), 0o644)
	reg := filepath.Join(dir, "fig.regions")
	var rows []string
	for y := 0; y < 5; y++ {
		rows = append(rows, string(s.Regions[0][y*4:y*4+4]))
	}
	os.WriteFile(reg, []byte(strings.Join(rows, "\n")+"\n"), 0o644)
	code, out, errs := runMain(t, "-map", mapFile, "-algo", "group", "-regions", reg, "-levels", "1", "-cost", "maximin", "-dump-graph")
	if code != 0 || !strings.Contains(out, `{"level":1,"from":"C","to":"D","cost":5}`) {
		t.Fatalf("exit %d, stderr %s, out:\n%s", code, errs, out)
	}
	// A layer of the wrong size names the file and line.
	os.WriteFile(reg, []byte("AC#\n"), 0o644)
	code, _, errs = runMain(t, "-map", mapFile, "-algo", "group", "-regions", reg, "-dump-graph")
	if code != 2 || !strings.Contains(errs, "fig.regions") {
		t.Errorf("bad regions: exit %d, stderr %q", code, errs)
	}
}

func TestGroupBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"-map", tinyMap, "-scen", tinyScen, "-algo", "group", "-cost", "cheapest"},
		{"-map", tinyMap, "-scen", tinyScen, "-algo", "group", "-target", "middle"},
		{"-map", tinyMap, "-scen", tinyScen, "-algo", "group", "-cluster", "1"},
		{"-map", tinyMap, "-scen", tinyScen, "-algo", "group", "-levels", "99"},
		{"-scenario", "builtin:no-such-scenario"},
		{"-scenario", "no/such/file.pls"},
		{"-map", tinyMap, "-dump-graph"},
		// -scenario brings its own map: a -map beside it used to be checked
		// against -from/-to and -scen rows, then silently not run on.
		{"-map", tinyMap, "-scenario", "builtin:textbook-groups"},
		{"-scenario", "builtin:textbook-groups", "-map", tinyMap},
	} {
		code, _, errs := runMain(t, args...)
		if code != 2 || errs == "" {
			t.Errorf("%v: exit %d, stderr %q; want 2 and a message", args, code, errs)
		}
		if args[0] == "-map" && len(args) > 2 && args[2] == "-scenario" || args[len(args)-2] == "-map" {
			if !strings.Contains(errs, "brings its own map") {
				t.Errorf("%v: stderr %q should say -map conflicts with -scenario", args, errs)
			}
		}
	}
}

// -from/-to replace a scenario's queries; its settings still apply.
func TestGroupScenarioSingle(t *testing.T) {
	code, out, errs := runMain(t, "-scenario", "builtin:pathological-minimum", "-from", "2,17", "-to", "40,17", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m := decode(t, out)
	if m["queries"] != 1.0 || m["connection_cost"] != "minimum" || m["mean_subopt"].(float64) < 0.3 {
		t.Errorf("report %v", m)
	}
	// A single query adds its numeric cost and its path, as with -map.
	path, _ := m["path"].([]any)
	if c, ok := m["cost"].(float64); !ok || c <= 38 || len(path) < 2 {
		t.Errorf("cost %v, path %v: want the walked cost (over the optimal 38) and the path", m["cost"], m["path"])
	} else if first := path[0].([]any); first[0] != 2.0 || first[1] != 17.0 {
		t.Errorf("path starts at %v, want [2,17]", first)
	}
	code, _, errs = runMain(t, "-scenario", "builtin:pathological-minimum", "-from", "0,0", "-to", "40,17")
	if code != 2 || !strings.Contains(errs, "0,0") {
		t.Errorf("blocked -from: exit %d, %q", code, errs)
	}
}

// The cluster heuristic is admissible, so A* with it must match every
// optimal length (-check). (It need not expand fewer nodes than octile: the
// table jumps at group borders, so it is not consistent and A* reopens.)
func TestClusterAStarOptimal(t *testing.T) {
	code, out, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-algo", "astar-cluster", "-cluster", "3", "-check", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m := decode(t, out)
	if m["optimal_matches"] != m["optimal_checked"] || m["heuristic_level"] != 1.0 {
		t.Errorf("report %v", m)
	}
}

// TestScenarioRowsCheckedAfterEdits: -scen rows run on the scenario's world
// with its edit log applied, so a row whose start the log walls up is left
// out, counted (wall_endpoints, as the window's batch counts it) and named
// on stderr by its .scen line; the other rows run. (It had refused the
// whole run, and an edited session's batch could not be reproduced.) With
// every row walled there is nothing to run: exit 2.
func TestScenarioRowsCheckedAfterEdits(t *testing.T) {
	dir := t.TempDir()
	pls := filepath.Join(dir, "w.pls")
	scen := filepath.Join(dir, "w.scen")
	os.WriteFile(pls, []byte("pathlens-scenario 1\nset algo group\nmap inline\n......\n......\nend\nfill 1,0\n"), 0o644)
	os.WriteFile(scen, []byte("version 1\n0\tw.pls\t6\t2\t0\t1\t5\t1\t5\n0\tw.pls\t6\t2\t1\t0\t5\t0\t4\n"), 0o644)
	code, out, errs := runMain(t, "-scenario", pls, "-scen", scen, "-json")
	if code != 0 || !strings.Contains(errs, "1 rows left out") || !strings.Contains(errs, "w.scen:3: start 1,0") {
		t.Fatalf("exit %d, stderr %q; want 0 naming w.scen:3 and cell 1,0", code, errs)
	}
	if m := decode(t, out); m["wall_endpoints"] != 1.0 || m["queries"] != 1.0 {
		t.Errorf("report: wall_endpoints %v, queries %v; want 1 and 1", m["wall_endpoints"], m["queries"])
	}
	// The walled row first: the row after it keeps its number, query 2.
	os.WriteFile(scen, []byte("version 1\n0\tw.pls\t6\t2\t1\t0\t5\t0\t4\n0\tw.pls\t6\t2\t0\t1\t5\t1\t5\n"), 0o644)
	code, out, _ = runMain(t, "-scenario", pls, "-scen", scen, "-worst", "1", "-json")
	if w, _ := decode(t, out)["worst"].([]any); code != 0 || len(w) != 1 || w[0].(map[string]any)["query"] != 2.0 {
		t.Errorf("the walled row first: exit %d, worst %v; want the kept row numbered 2", code, w)
	}
	os.WriteFile(scen, []byte("version 1\n0\tw.pls\t6\t2\t1\t0\t5\t0\t4\n"), 0o644)
	code, _, errs = runMain(t, "-scenario", pls, "-scen", scen)
	if code != 2 || !strings.Contains(errs, "every row's start or goal is blocked") {
		t.Errorf("every row walled: exit %d, %q", code, errs)
	}
}

// A huge -regions file is refused from its size, before it is read whole.
func TestRegionsFileTooLarge(t *testing.T) {
	big := filepath.Join(t.TempDir(), "huge.txt")
	if err := os.WriteFile(big, bytes.Repeat([]byte("ab\n"), 1<<19), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-algo", "group", "-regions", big)
	if code != exitUsage || out != "" || !strings.Contains(errs, "huge.txt is over") {
		t.Errorf("exit %d, stdout %q, stderr %q: want exit 2 naming huge.txt's size", code, out, errs)
	}
}

// builtin:NAME comes from the embedded assets, so it works from a folder
// outside the source tree (it once looked for assets/ above the working
// folder); an unknown name lists the built-ins.
func TestBuiltinScenarioFromAnyFolder(t *testing.T) {
	t.Chdir(t.TempDir())
	code, out, errs := runMain(t, "-scenario", "builtin:textbook-groups", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if m := decode(t, out); m["scenario"] != "textbook-groups" || m["queries"] == nil {
		t.Errorf("report %v", m)
	}
	code, _, errs = runMain(t, "-scenario", "builtin:no-such-case")
	if code != 2 || !strings.Contains(errs, `"no-such-case"`) || !strings.Contains(errs, "textbook-groups") || !strings.Contains(errs, "world") {
		t.Errorf("unknown builtin: exit %d, %q; want exit 2 naming it and listing the built-ins", code, errs)
	}
}

// reachable means the same for -algo group as for hpa: rows whose goal A*
// reaches. It counted rows with an optimum, so -nb 4 (whose rows carry
// none) said 0 of 10 reachable.
func TestGroupReachableAsHPA(t *testing.T) {
	for _, nb := range []string{"8", "4"} {
		var got [2]any
		for i, algo := range []string{"hpa", "group"} {
			code, out, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-algo", algo, "-cluster", "4", "-nb", nb, "-json")
			if code != 0 {
				t.Fatalf("%s -nb %s: exit %d: %s", algo, nb, code, errs)
			}
			m := decode(t, out)
			got[i] = m["reachable"]
			if m["reach_errors"] != 0.0 {
				t.Errorf("%s -nb %s: reach_errors %v", algo, nb, m["reach_errors"])
			}
			if _, ok := m["max_subopt"]; !ok {
				t.Errorf("%s -nb %s: no max_subopt", algo, nb)
			}
		}
		if got[0] != got[1] || got[1] != 10.0 {
			t.Errorf("-nb %s: reachable hpa %v, group %v; want 10 both", nb, got[0], got[1])
		}
	}
}

// -algo group without -cluster or -levels builds the hierarchy the app
// builds with its default settings, so the two give the same cost on the
// same query (bench used 8×8 clusters, the app 10×10: arena 1,13→30,30
// walked 52.87 against the app's 38.97).
func TestGroupDefaultsAreTheApps(t *testing.T) {
	app := world.Settings{}
	if groups.DefaultClusterSize != app.Cluster() || groups.DefaultLevels != app.LevelCount() {
		t.Fatalf("groups defaults %d×%d, %d levels; the app's %d×%d, %d levels", groups.DefaultClusterSize, groups.DefaultClusterSize, groups.DefaultLevels, app.Cluster(), app.Cluster(), app.LevelCount())
	}
	code, out, errs := runMain(t, "-map", tinyMap, "-from", "0,0", "-to", "5,4", "-algo", "group", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if m := decode(t, out); m["cluster"] != float64(app.Cluster()) || m["levels"] != float64(app.LevelCount()) {
		t.Errorf("bench -algo group: cluster %v, levels %v; the app's %d, %d", m["cluster"], m["levels"], app.Cluster(), app.LevelCount())
	}
}

// TestRepeatKeepsAnswers runs the group planner (exclusion on) and HPA* on
// the same rows once and three times: repeats add timings, so every figure
// about the answers (found, reachability against A*, suboptimality, the
// exclusion count) must read the same; they come from the rows RunQueries
// recorded on the first pass, not from a list the timed calls grow (which
// also put allocations into the timed loop).
func TestRepeatKeepsAnswers(t *testing.T) {
	for _, algo := range [][]string{{"-algo", "group", "-exclusion", "-cluster", "4"}, {"-algo", "hpa", "-cluster", "4"}} {
		var first map[string]any
		for _, rep := range []string{"1", "3"} {
			args := append([]string{"-map", tinyMap, "-scen", tinyScen, "-repeat", rep, "-json"}, algo...)
			code, out, errs := runMain(t, args...)
			if code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, errs)
			}
			m := decode(t, out)
			if m["runs"] != m["queries"].(float64)*map[string]float64{"1": 1, "3": 3}[rep] {
				t.Errorf("%v: runs %v for %v queries", args, m["runs"], m["queries"])
			}
			if first == nil {
				first = m
				continue
			}
			// Timed calls record nothing that grows: three passes
			// allocate in all what one does (per query, a third).
			b1, b3 := first["bytes_per_query"].(float64), m["bytes_per_query"].(float64)
			if 3*b3 > 1.1*b1+1 {
				t.Errorf("%v: %v bytes per query with -repeat 3, %v with -repeat 1: the repeats allocate", algo, b3, b1)
			}
			for _, k := range []string{"found", "no_path", "reachable", "reach_errors", "mean_subopt", "max_subopt", "p99_subopt", "excluded"} {
				if fmt.Sprint(m[k]) != fmt.Sprint(first[k]) {
					t.Errorf("%v: %s %v with -repeat 3, %v with -repeat 1", algo, k, m[k], first[k])
				}
			}
		}
		if algo[1] == "group" && first["excluded"] != 0.0 {
			t.Errorf("group: excluded %v, want 0 (an up-to-date graph never excludes)", first["excluded"])
		}
	}
}

// segments_mean is the mean of the queries' walks, each counted once: the
// untimed warm-up walk (the longest query, once more) and -repeat's runs
// weighed in. pathological-minimum with two more queries walks 2, 4 and 1
// segments: mean 2.333, reported 2.25 (2.308 with -repeat 3).
func TestGroupSegmentsMeanPerQuery(t *testing.T) {
	data, err := os.ReadFile("../../assets/scenarios/pathological-minimum.pls")
	if err != nil {
		t.Fatal(err)
	}
	scen := filepath.Join(t.TempDir(), "pm.pls")
	os.WriteFile(scen, append(data, "query 9,17 33,17\nquery 3,17 4,17\n"...), 0o644)
	for _, repeat := range []string{"1", "3"} {
		code, out, errs := runMain(t, "-scenario", scen, "-cost", "minimum", "-repeat", repeat, "-json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		if got := lastJSON(t, out)["segments_mean"]; got != 2.333 {
			t.Errorf("-repeat %s: segments_mean %v, want 2.333 ((2+4+1)/3)", repeat, got)
		}
	}
}

// A scenario whose region layers outnumber its levels (set levels 1 with
// two layers drawn, or -levels 1 on it) used to be refused in the
// library's words, "groups: 2 region layers for 1 levels", naming neither
// the file nor what to change; the app says "set 2 levels or more".
func TestGroupLevelsBelowRegionLayers(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "two.pls")
	text := "pathlens-scenario 1\nset algo group\nset levels 1\nmap inline\n#####\n#...#\n#####\nend\n" +
		"regions 1\n#####\n#AAB#\n#####\nend\nregions 2\n#####\n#xxx#\n#####\nend\nquery 1,1 3,1\n"
	if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"-scenario", f}, []string{f, "2 region layers", "set levels 1", "-levels 2"}},
		{[]string{"-scenario", f, "-levels", "1"}, []string{f, "2 region layers", "-levels 1", "-levels 2"}},
	} {
		code, _, errs := runMain(t, c.args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2", c.args, code)
		}
		for _, w := range c.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: stderr %q lacks %q", c.args, errs, w)
			}
		}
	}
}

// A scenario's load notes change what is run: a query whose start the map
// file now walls is left out. The window says so; the command dropped the
// query without a word ("queries": 1 of two lines).
func TestGroupScenarioNotesOnStderr(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "lvl.txt"), []byte("#######\n#.....#\n#.#...#\n#######\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(dir, "s.pls")
	if err := os.WriteFile(f, []byte("pathlens-scenario 1\nset algo group\nmap lvl.txt\nquery 1,1 5,1\nquery 2,2 5,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runMain(t, "-scenario", f, "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if m := decode(t, out); m["queries"] != 1.0 {
		t.Errorf("queries %v, want 1", m["queries"])
	}
	if !strings.Contains(errs, "bench: note: ") || !strings.Contains(errs, "line 5") {
		t.Errorf("stderr %q: want the scenario's note on the query of line 5 left out", errs)
	}
}

// A level-2 layer drawn across a level-1 room: the window notes that the
// planner puts the room wholly in one region; a -scenario run said nothing,
// so a designer measuring headless never learnt the layer is not what runs.
func TestGroupScenarioStraddleNote(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "split.pls")
	text := "pathlens-scenario 1\nset algo group\nset levels 2\nmap inline\n#######\n#.....#\n#######\nend\n" +
		"regions 1\n#######\n#AAUUU#\n#######\nend\nregions 2\n#######\n#LLLRR#\n#######\nend\nquery 1,1 5,1\n"
	if err := os.WriteFile(f, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runMain(t, "-scenario", f, "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "bench: note: split.pls: level-1 rooms cross level-2 regions: 'U' lies partly in level-2 'L' and partly in 'R'") {
		t.Errorf("stderr %q: want the note that room U crosses regions L and R", errs)
	}
}

// As -hpa-k with one level (TestHPAKWithOneLevelRefused): -algo group
// -branch 3 -levels 1 ran without a word, though with one level nothing
// is gathered into a level above.
func TestGroupBranchWithOneLevelRefused(t *testing.T) {
	code, _, errs := runMain(t, "-map", tinyMap, "-from", "0,0", "-to", "9,0", "-algo", "group", "-cluster", "4", "-branch", "3", "-levels", "1")
	if code != exitUsage || !strings.Contains(errs, "bench: -branch 3:") || !strings.Contains(errs, "-levels 1 builds one level") {
		t.Errorf("-branch 3 -levels 1: exit %d, stderr %q", code, errs)
	}
	scen := roomsScenario(t, "set algo group\nset cluster 4\nset levels 1\n", false)
	if code, _, errs := runMain(t, "-scenario", scen, "-branch", "3"); code != exitUsage || !strings.Contains(errs, "the scenario's set levels 1 builds one level") {
		t.Errorf("-scenario with set levels 1: exit %d, stderr %q", code, errs)
	}
	for _, args := range [][]string{{"-branch", "3", "-levels", "2"}, {"-levels", "1"}} {
		a := append([]string{"-map", tinyMap, "-from", "0,0", "-to", "9,0", "-algo", "group", "-cluster", "4"}, args...)
		if code, _, errs := runMain(t, a...); code != 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}

// An engineer's session had both query lines and a scen line: -rows was
// refused saying it had "no -scen and no scen list". It says its queries
// run in place of the list, and how to run the list's rows.
func TestRowsRefusalNamesTheScenarioList(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "w.scen"), []byte("version 1\n0\tw.pls\t6\t2\t0\t1\t5\t1\t5\n"), 0o644)
	pls := filepath.Join(dir, "w.pls")
	os.WriteFile(pls, []byte("pathlens-scenario 1\nmap inline\n......\n......\nend\nscen w.scen\nquery 0,0 5,0\n"), 0o644)
	code, _, errs := runMain(t, "-scenario", pls, "-rows", "1")
	if code != 2 || strings.Contains(errs, "no scen list") || !strings.Contains(errs, "-scen "+filepath.Join(dir, "w.scen")) {
		t.Errorf("exit %d, stderr %q; want the list named and -scen suggested", code, errs)
	}
}
