package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"pathlens/maps"
	"pathlens/pathing"
)

// testdata/tiny.map is a 10×8 Moving AI map; tiny.map.scen holds ten rows
// whose optimal column was computed by an independent Dijkstra (written in
// Python, outside this module). tiny-wrong.map.scen is the same with row 3's
// optimum raised by 1; tiny-blocked.map.scen starts row 2 inside a wall.
// (9,6) and (9,7) form a pocket no other cell can reach.
const (
	tinyMap     = "testdata/tiny.map"
	tinyScen    = "testdata/tiny.map.scen"
	tinyWrong   = "testdata/tiny-wrong.map.scen"
	tinyBlocked = "testdata/tiny-blocked.map.scen"
)

// runMain runs the command in-process and returns its exit code and outputs.
func runMain(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = Main(args, &o, &e)
	return code, o.String(), e.String()
}

// refused runs the command, fails the test unless it exits 2 with nothing
// on stdout (a usage error), and returns stderr.
func refused(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errs := runMain(t, args...)
	if code != exitUsage || out != "" {
		t.Fatalf("%v: exit %d, stdout %q; want 2 and nothing (stderr %q)", args, code, out, errs)
	}
	return errs
}

// decode parses a -json report.
func decode(t *testing.T, out string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("output is not one JSON object: %v\n%s", err, out)
	}
	return m
}

func TestScenJSON(t *testing.T) {
	for _, algo := range []string{"astar", "dijkstra"} {
		t.Run(algo, func(t *testing.T) {
			code, out, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-algo", algo, "-json", "-check")
			if code != 0 {
				t.Fatalf("exit %d, stderr: %s", code, errs)
			}
			m := decode(t, out)
			want := map[string]any{
				"map": "tiny.map", "algo": algo, "queries": 10.0, "found": 10.0, "no_path": 0.0,
				"optimal_matches": 10.0, "optimal_checked": 10.0, "invalid_paths": 0.0,
			}
			for k, v := range want {
				if m[k] != v {
					t.Errorf("%s = %v, want %v", k, m[k], v)
				}
			}
			for _, k := range []string{"max_abs_error", "mean_us", "median_us", "p99_us", "expanded_mean", "allocs_per_query", "peak_open_mean"} {
				if _, ok := m[k].(float64); !ok {
					t.Errorf("field %s missing or not a number: %v", k, m[k])
				}
			}
			if e := m["max_abs_error"].(float64); e > OptimalTolerance {
				t.Errorf("max_abs_error %v", e)
			}
			if m["expanded_mean"].(float64) <= 0 {
				t.Errorf("expanded_mean %v, want > 0", m["expanded_mean"])
			}
			if _, ok := m["path"]; ok {
				t.Errorf("a scenario run printed a path")
			}
		})
	}
}

func TestGreedyFailsCheck(t *testing.T) {
	// testdata/cup.txt (ASCII) has a cup open toward the start: greedy
	// best-first walks into it and comes out longer than the optimum.
	// The row's optimum, 9+4√2, was checked by an independent Dijkstra:
	// over the cup's rim, two diagonals each side and 9 straight steps.
	scen := filepath.Join(t.TempDir(), "cup.scen")
	row := fmt.Sprintf("version 1\n0\tcup.txt\t12\t9\t0\t4\t11\t4\t%.8f\n", 9+4*math.Sqrt2)
	if err := os.WriteFile(scen, []byte(row), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runMain(t, "-map", "testdata/cup.txt", "-scen", scen, "-algo", "astar", "-json", "-check")
	if code != 0 {
		t.Fatalf("astar: exit %d: %s\n%s", code, errs, out)
	}
	code, out, errs = runMain(t, "-map", "testdata/cup.txt", "-scen", scen, "-algo", "greedy", "-json", "-check")
	m := decode(t, out)
	if code != exitCheck || !strings.Contains(errs, "check failed") {
		t.Fatalf("greedy: exit %d, stderr %q; want 1 and a check message", code, errs)
	}
	if m["optimal_matches"] != 0.0 || m["invalid_paths"] != 0.0 || m["found"] != 1.0 {
		t.Errorf("greedy report: %s", out)
	}
	if s := m["max_subopt"].(float64); s <= 0 {
		t.Errorf("max_subopt %v, want > 0", s)
	}
}

func TestCheckExit1(t *testing.T) {
	code, out, errs := runMain(t, "-map", tinyMap, "-scen", tinyWrong, "-check")
	if code != exitCheck {
		t.Fatalf("exit %d, want 1; stderr: %s", code, errs)
	}
	if !strings.Contains(errs, "1 of 10 costs differ") || !strings.Contains(errs, "tiny-wrong.map.scen:4 ") {
		t.Errorf("stderr should count the mismatch and name tiny-wrong.map.scen:4: %q", errs)
	}
	if v, _ := textValue(out, "optimal_matches"); v != "9" {
		t.Errorf("text report should show 9 matches:\n%s", out)
	}
	// Without -check the same run succeeds.
	if code, _, errs := runMain(t, "-map", tinyMap, "-scen", tinyWrong); code != 0 {
		t.Errorf("without -check: exit %d (%s)", code, errs)
	}
}

func TestSingleQuery(t *testing.T) {
	code, out, errs := runMain(t, "-map", tinyMap, "-from", "5,4", "-to", "0,6", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m := decode(t, out)
	if c, _ := m["cost"].(float64); math.Abs(c-(11+math.Sqrt2)) > 1e-9 {
		t.Errorf("cost %v, want 11+√2", m["cost"])
	}
	raw, _ := m["path"].([]any)
	var path []image.Point
	for _, p := range raw {
		xy := p.([]any)
		path = append(path, image.Pt(int(xy[0].(float64)), int(xy[1].(float64))))
	}
	mp, err := maps.LoadMap(tinyMap)
	if err != nil {
		t.Fatal(err)
	}
	if msg := CheckPath(mp.Grid, pathing.Eight, path, image.Pt(5, 4), image.Pt(0, 6), m["cost"].(float64)); msg != "" {
		t.Errorf("printed path: %s (%v)", msg, path)
	}
	if m["queries"] != 1.0 || m["found"] != 1.0 {
		t.Errorf("queries %v found %v", m["queries"], m["found"])
	}

	// The walled-in pocket: no path, no cost, exit 0.
	code, out, errs = runMain(t, "-map", tinyMap, "-from", "0,0", "-to", "9,7", "-json")
	if code != 0 {
		t.Fatalf("no-path query: exit %d: %s", code, errs)
	}
	m = decode(t, out)
	if _, ok := m["cost"]; ok || m["no_path"] != 1.0 || m["found"] != 0.0 {
		t.Errorf("no-path query report: %s", out)
	}
}

func TestTextOutput(t *testing.T) {
	code, out, errs := runMain(t, "-map", tinyMap, "-from", "0,0", "-to", "9,0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// The cost with 6 decimals, as the mismatches give costs.
	for k, want := range map[string]string{"map": "tiny.map", "algo": "astar", "cost": "9.000000"} {
		if v, ok := textValue(out, k); v != want {
			t.Errorf("text output: %s %q (present: %v), want %q:\n%s", k, v, ok, want, out)
		}
	}
}

func TestBadInputExit2(t *testing.T) {
	tmp := t.TempDir()
	garbage := filepath.Join(tmp, "garbage.map")
	if err := os.WriteFile(garbage, []byte("type octile\nheight 2\nwidth 3\nmap\n...\n..\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(tmp, "other.map.scen")
	if err := os.WriteFile(other, []byte("version 1\n0\tother.map\t20\t20\t0\t0\t1\t1\t1.41421356\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
		want string // in stderr
	}{
		{"unknown flag", []string{"-map", tinyMap, "-bogus"}, "flag provided but not defined: -bogus\nbench -h lists every flag\n"},
		{"bad number", []string{"-map", tinyMap, "-scen", tinyScen, "-rows", "x"}, "invalid value \"x\" for flag -rows: want a whole number\nbench -h lists every flag\n"},
		{"bad boolean", []string{"-map", tinyMap, "-scen", tinyScen, "-json=maybe"}, "invalid boolean value \"maybe\" for -json: want true or false\n"},
		{"bool flag with a separate value", []string{"-map", tinyMap, "-scen", tinyScen, "-algo", "hpa", "-cache", "false"}, "bench: write -cache=false: a yes/no flag takes its value after ="},
		{"empty csv", []string{"-map", tinyMap, "-scen", tinyScen, "-csv", ""}, "-csv needs a file name"},
		{"no map", []string{"-scen", tinyScen}, "-map is required"},
		{"missing map", []string{"-map", "testdata/nope.map", "-scen", tinyScen}, "nope.map"},
		{"missing scen", []string{"-map", tinyMap, "-scen", "testdata/nope.scen"}, "nope.scen"},
		{"malformed map", []string{"-map", garbage, "-from", "0,0", "-to", "1,0"}, "garbage.map:6"},
		{"unknown algo", []string{"-map", tinyMap, "-scen", tinyScen, "-algo", "bfs"}, `unknown -algo "bfs"`},
		{"bad from", []string{"-map", tinyMap, "-from", "3;4", "-to", "1,1"}, `-from: "3;4": want X,Y`},
		{"from without to", []string{"-map", tinyMap, "-from", "0,0"}, "-from and -to go together"},
		{"outside", []string{"-map", tinyMap, "-from", "0,0", "-to", "10,2"}, "-to 10,2 is outside tiny.map (10×8"},
		{"blocked start", []string{"-map", tinyMap, "-from", "1,1", "-to", "0,0"}, "-from 1,1 is blocked ('@')"},
		{"blocked goal", []string{"-map", tinyMap, "-from", "0,0", "-to", "8,3"}, "-to 8,3 is blocked ('T')"},
		{"blocked scen row", []string{"-map", tinyMap, "-scen", tinyBlocked}, "tiny-blocked.map.scen:3"},
		{"scen of another map", []string{"-map", tinyMap, "-scen", other}, "other.map.scen:2: the row is for other.map, the map open is tiny.map"},
		{"nothing to run", []string{"-map", tinyMap}, "nothing to run"},
		{"bad nb", []string{"-map", tinyMap, "-scen", tinyScen, "-nb", "6"}, `-nb "6"`},
		{"bad heuristic", []string{"-map", tinyMap, "-scen", tinyScen, "-heuristic", "custom"}, `-heuristic "custom"`},
		{"stray argument", []string{"-map", tinyMap, "extra"}, `unexpected argument "extra"`},
		{"scen and single query", []string{"-map", tinyMap, "-scen", tinyScen, "-from", "0,0", "-to", "1,0"}, "-scen and -from/-to both given"},
		// A flag of another algorithm or mode is refused, not silently ignored.
		{"group flag on astar", []string{"-map", tinyMap, "-scen", tinyScen, "-cost", "maximin"}, "-cost applies only with -algo group, given or set by a -scenario (this run: -algo astar)"},
		{"hpa flag on group", []string{"-map", tinyMap, "-scen", tinyScen, "-algo", "group", "-smooth=false"}, "-smooth applies only with -algo hpa (this run: -algo group)"},
		{"repair on astar", []string{"-map", tinyMap, "-repair", "5"}, "-repair applies only with -algo hpa"},
		{"no builds", []string{"-map", tinyMap, "-scen", tinyScen, "-algo", "hpa", "-builds", "0"}, "-builds 0: want 1 to 1000"},
		{"bad repair mix", []string{"-map", tinyMap, "-algo", "hpa", "-repair", "5", "-repair-mix", "corners"}, `-repair-mix "corners": want borders or uniform`},
		{"repair mix alone", []string{"-map", tinyMap, "-scen", tinyScen, "-algo", "hpa", "-repair-mix", "uniform"}, "-repair-mix applies only with -repair N"},
		{"negative repair", []string{"-map", tinyMap, "-algo", "hpa", "-repair", "-5"}, "-repair -5: want a positive number"},
		{"agents flag alone", []string{"-map", tinyMap, "-scen", tinyScen, "-ticks", "10"}, "-ticks applies only with -agents N"},
		{"seed alone", []string{"-map", tinyMap, "-scen", tinyScen, "-algo", "hpa", "-seed", "3"}, "-seed applies only with -agents N, -repair N or -make-scen FILE"},
		// A factor below 1 is neither the default nor weighted A*: the
		// messages always said so, and the values were taken anyway.
		{"weight below 1", []string{"-map", tinyMap, "-scen", tinyScen, "-weight", "0.5"}, "-weight 0.5: weighted A* takes a factor of 1 or more; leave -weight out, or give -weight 1, for plain A*"},
		// Past the cap the message said "1 or more" of a value that is.
		{"weight above the cap", []string{"-map", tinyMap, "-scen", tinyScen, "-weight", "1e7"}, "-weight 1e+07: weighted A* takes a factor from 1 to 1e+06;"},
		{"abstract weight below 1", []string{"-map", tinyMap, "-scen", tinyScen, "-algo", "hpa", "-abstract-weight", "0.5"}, "-abstract-weight 0.5: HPA* takes a top-level weight from 1 to 10; leave -abstract-weight out, or give -abstract-weight 1, for the exact search"},
		// A typed 0 was read as 1 without a word, though a weight of 0 on
		// h is another search (Dijkstra's): refused, as -cluster 0 is.
		{"weight 0", []string{"-map", tinyMap, "-scen", tinyScen, "-weight", "0"}, "-weight 0: weighted A* takes a factor of 1 or more (0 would drop h: that is -algo dijkstra)"},
		{"abstract weight 0", []string{"-map", tinyMap, "-scen", tinyScen, "-algo", "hpa", "-abstract-weight", "0"}, "-abstract-weight 0: HPA* takes a top-level weight from 1 to 10;"},
		{"abstract weight 0 on a query", []string{"-map", tinyMap, "-from", "0,0", "-to", "1,0", "-algo", "hpa", "-abstract-weight", "0"}, "-abstract-weight 0: HPA* takes"},
		{"weight on dijkstra", []string{"-map", tinyMap, "-scen", tinyScen, "-algo", "dijkstra", "-weight", "2"}, "-weight applies only with -algo astar"},
		{"cluster on astar", []string{"-map", tinyMap, "-scen", tinyScen, "-cluster", "8"}, "-cluster applies only with -algo hpa, group or astar-cluster"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runMain(t, tc.args...)
			if code != exitUsage {
				t.Errorf("exit %d, want 2; stderr: %s", code, errs)
			}
			if !strings.Contains(errs, tc.want) {
				t.Errorf("stderr %q does not mention %q", errs, tc.want)
			}
			if out != "" {
				t.Errorf("stdout should be empty on error, got %q", out)
			}
		})
	}
}

func TestHelpExit0(t *testing.T) {
	code, _, errs := runMain(t, "-h")
	if code != 0 || !strings.Contains(errs, "-scen") {
		t.Errorf("-h: exit %d, usage %q", code, errs)
	}
}

func TestFourNeighborhood(t *testing.T) {
	// The scenario's optimal column is the 8-connected length, which a
	// 4-connected path cannot match where the optimum needs a diagonal (row
	// 6 does): the column is not compared. A -check that so compared no
	// cost passed (exit 0, optimal_checked 0, nothing on stderr): it fails,
	// saying why. hpa and group are checked against our A* under -nb 4.
	code, out, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-nb", "4", "-json", "-check")
	m := decode(t, out)
	if m["neighborhood"] != 4.0 || m["invalid_paths"] != 0.0 || m["found"] != 10.0 {
		t.Errorf("4-connected report: %s", out)
	}
	want := "bench: check failed: no cost was checked (optimal_checked 0): the .scen's optimal column is an 8-connected length, not compared under -nb 4, and -algo astar is not checked against our A* (hpa and group are); only path validity was (invalid_paths 0). -check compares costs on 8-connected .scen rows\n"
	if m["optimal_checked"] != 0.0 || code != exitCheck || errs != want {
		t.Errorf("exit %d, optimal_checked %v, stderr %q: want 1, 0 and %q (the 8-connected column does not apply)", code, m["optimal_checked"], errs, want)
	}
	if code, _, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-nb", "4", "-json", "-check", "-algo", "greedy", "-max-subopt", "0.5"); code != exitCheck || !strings.Contains(errs, "no cost was checked") {
		t.Errorf("-check -max-subopt under -nb 4: exit %d, %q; want 1, nothing checked", code, errs)
	}
	for _, algo := range []string{"hpa", "group"} {
		code, out, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-nb", "4", "-json", "-check", "-algo", algo, "-cluster", "4")
		m := decode(t, out)
		if code != exitOK || m["optimal_checked"] != 10.0 || m["optimal_matches"] != 10.0 || m["optimum_source"] != "astar_map" {
			t.Errorf("-algo %s -nb 4 -check: exit %d (%s), optimal_checked %v, optimal_matches %v, optimum_source %v; want 0, 10, 10, astar_map",
				algo, code, errs, m["optimal_checked"], m["optimal_matches"], m["optimum_source"])
		}
	}
}

func TestPercentile(t *testing.T) {
	d := []int{5, 1, 4, 2, 3, 10, 9, 8, 7, 6}
	var durs []time.Duration
	for _, v := range d {
		durs = append(durs, time.Duration(v)*time.Nanosecond)
	}
	tm := Summarize(durs)
	if tm.MedianUS != 5e-3 || tm.MaxUS != 10e-3 || tm.P99US != 10e-3 || tm.MeanUS != 5.5e-3 {
		t.Errorf("Summarize = %+v", tm)
	}
	if p := Percentile(durs, 10); p != 1 {
		t.Errorf("p10 = %v", p)
	}
}

func TestRegistries(t *testing.T) {
	for _, n := range []string{"astar", "dijkstra", "greedy"} {
		if _, ok := algos[n]; !ok {
			t.Errorf("algorithm %s not registered", n)
		}
	}
	c := &Config{ScenPath: "x"}
	if m := pickMode(c); m == nil || m.Name != "scen" {
		t.Errorf("pickMode(scen) = %v", m)
	}
	c.Single = true
	if m := pickMode(c); m == nil || m.Name != "single" {
		t.Errorf("pickMode(single) = %v", m)
	}
	defer func(old []Mode) { modes = old }(modes)
	registerMode(Mode{Name: "custom", When: func(c *Config) bool { return c.ExtInt("n") > 0 }})
	n := 3
	c.Ext = map[string]any{"n": &n}
	if m := pickMode(c); m == nil || m.Name != "custom" {
		t.Errorf("registered mode should take over: %v", m)
	}
}

// Rows naming another map are refused, naming the file and line, even when
// that map has the same size (they would run here and be compared with the
// other map's optimum); the name is matched by base name, as Moving AI
// rows give "maps/dao/NAME.map". A scenario whose map line names a file
// is matched against that file; an inline map only by size.
func TestScenRowsOfAnotherMap(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	row := "\t10\t8\t0\t0\t9\t0\t9.00000000\n"
	sameSize := write("same-size.scen", "version 1\n0\ttiny.map"+row+"0\tmaps/dao/other.map"+row)
	code, _, errs := runMain(t, "-map", tinyMap, "-scen", sameSize)
	if code != exitUsage || !strings.Contains(errs, "same-size.scen:3: the row is for other.map, the map open is tiny.map") {
		t.Errorf("same-size rows of other.map: exit %d, %q", code, errs)
	}
	dao := write("dao.scen", "version 1\n0\tmaps/dao/tiny.map"+row+"0\tmaps\\bg\\tiny.map"+row)
	if code, _, errs := runMain(t, "-map", tinyMap, "-scen", dao, "-check"); code != 0 {
		t.Errorf("rows naming maps/dao/tiny.map: exit %d: %s", code, errs)
	}
	mapBytes, err := os.ReadFile(tinyMap)
	if err != nil {
		t.Fatal(err)
	}
	write("tiny.map", string(mapBytes))
	pls := write("w.pls", "pathlens-scenario 1\nset algo astar\nmap tiny.map\nquery 0,0 9,0\n")
	code, _, errs = runMain(t, "-scenario", pls, "-scen", sameSize)
	if code != exitUsage || !strings.Contains(errs, "the row is for other.map, the map open is tiny.map (the map of w.pls)") {
		t.Errorf("-scenario with a map file: exit %d, %q", code, errs)
	}
	if code, _, errs := runMain(t, "-scenario", pls, "-scen", dao); code != 0 {
		t.Errorf("-scenario with rows of its map file: exit %d: %s", code, errs)
	}
}

// -repeat N times every query N times but counts it once: queries, found
// and the checks agree (queries once said 3 beside found 1), and runs says
// how many timed calls the means are over.
func TestRepeatCountsQueriesOnce(t *testing.T) {
	code, out, errs := runMain(t, "-map", tinyMap, "-from", "0,0", "-to", "5,4", "-repeat", "3", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if m := decode(t, out); m["queries"] != 1.0 || m["found"] != 1.0 || m["runs"] != 3.0 {
		t.Errorf("single query -repeat 3: queries %v, found %v, runs %v; want 1, 1, 3", m["queries"], m["found"], m["runs"])
	}
	code, out, errs = runMain(t, "-map", tinyMap, "-scen", tinyScen, "-rows", "4", "-repeat", "2", "-check", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if m := decode(t, out); m["queries"] != 4.0 || m["found"] != 4.0 || m["optimal_checked"] != 4.0 || m["runs"] != 8.0 {
		t.Errorf("-rows 4 -repeat 2: queries %v, found %v, optimal_checked %v, runs %v; want 4, 4, 4, 8", m["queries"], m["found"], m["optimal_checked"], m["runs"])
	}
}

// -map with a pathlens scenario ran on the scenario's map alone, dropping
// its edit log, regions and switches without a word: a case saved from the
// window was measured on the map it started from. It is refused, naming
// -scenario.
func TestMapRefusesAScenario(t *testing.T) {
	dir := t.TempDir()
	mapBytes, err := os.ReadFile(tinyMap)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "tiny.map"), mapBytes, 0o644); err != nil {
		t.Fatal(err)
	}
	pls := filepath.Join(dir, "case.pls")
	if err := os.WriteFile(pls, []byte("pathlens-scenario 1\nmap tiny.map\nfill 1,0\nquery 0,0 9,0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{pls, "builtin:world"} {
		code, _, errs := runMain(t, "-map", m, "-from", "0,0", "-to", "2,0")
		if code != exitUsage || !strings.Contains(errs, "is a pathlens scenario") || !strings.Contains(errs, "-scenario "+m) {
			t.Errorf("-map %s: exit %d, %q", m, code, errs)
		}
	}
	if code, _, errs := runMain(t, "-scenario", pls); code != 0 {
		t.Errorf("-scenario %s: exit %d: %s", pls, code, errs)
	}
}

// A row whose cost comes out below the file's optimum by more than the
// tolerance counts in below_optimal in the flat mode too (it was clamped
// to 0 there, and only the mismatch list showed it).
func TestFlatBelowOptimalIsCounted(t *testing.T) {
	b, err := os.ReadFile(tinyScen)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	f := strings.Split(lines[1], "\t")
	opt, err := strconv.ParseFloat(f[len(f)-1], 64)
	if err != nil || opt < 1 {
		t.Fatalf("row %q: optimal %v", lines[1], err)
	}
	f[len(f)-1] = strconv.FormatFloat(opt+1, 'f', 8, 64) // the file claims more than the truth
	scen := filepath.Join(t.TempDir(), "tiny.map.scen")
	if err := os.WriteFile(scen, []byte(lines[0]+"\n"+strings.Join(f, "\t")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runMain(t, "-map", tinyMap, "-scen", scen, "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if m := decode(t, out); m["below_optimal"] != 1.0 {
		t.Errorf("below_optimal %v, want 1 (report %s)", m["below_optimal"], out)
	}
	if code, out, _ := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-json"); code != 0 || decode(t, out)["below_optimal"] != 0.0 {
		t.Errorf("the true optima: exit %d, below_optimal %v", code, decode(t, out)["below_optimal"])
	}
}

// A missing -scen is named as a missing -map is: the flag and the file,
// not the system call ("bench: -scen: stat x.scen: no such file...").
func TestMissingScenNamedLikeMap(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "gone.map.scen")
	errs := refused(t, "-map", tinyMap, "-scen", missing)
	if want := "bench: -scen " + missing + ": no such file or directory"; !strings.Contains(errs, want) || strings.Contains(errs, "stat ") {
		t.Errorf("stderr %q; want %q", errs, want)
	}
}

// From a review: a run checked against our A* whose every query is
// unreachable both ways compared reachability, all there is to compare,
// yet -check failed it as having checked nothing (for astar, with words
// about hpa and group).
func TestCheckPassesWhenEveryQueryIsUnreachableBothWays(t *testing.T) {
	pls := filepath.Join(t.TempDir(), "un.pls")
	src := "pathlens-scenario 1\nmap inline\n#######\n#..#..#\n#..#..#\n#######\nend\nquery 1,1 4,1\n"
	if err := os.WriteFile(pls, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{"astar", "dijkstra", "hpa", "group"} {
		if code, _, errs := runMain(t, "-scenario", pls, "-algo", a, "-check"); code != 0 {
			t.Errorf("-algo %s: exit %d, %s", a, code, errs)
		}
	}
}
