package main

import (
	"encoding/json"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"strconv"
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
			errs := refused(t, tc.args...)
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

// -cluster 0, -levels 0, -hpa-k 0 and -branch 0 were read as "the
// default" without a word: a user who types 0 made a mistake. Left out,
// the flags still mean the default (every other test runs without them).
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
		{"group cluster", append(scen, "-algo", "group", "-cluster", "0"), []string{"-cluster 0: the group hierarchy takes 4 to 64", "default (10"}},
		{"group levels", append(scen, "-algo", "group", "-levels", "0"), []string{"-levels 0: the group hierarchy takes 1 to 4", "default (2"}},
		{"astar-cluster", append(scen, "-algo", "astar-cluster", "-cluster", "0"), []string{"-cluster 0: the cluster heuristic's group table takes 2 or more"}},
		{"missing map", []string{"-map", "no-such.map", "-from", "0,0", "-to", "1,1"}, []string{"-map no-such.map: no such file or directory"}},
		{"scenario", []string{"-scenario", "builtin:pathological-maximin", "-levels", "0"}, []string{"-levels 0: the group hierarchy takes 1 to 4", "the scenario's setting (else the default, 2)"}},
		// -hpa-k 0 and -branch 0 were "the default" too. No scenario sets
		// them: the message offers the default alone.
		{"hpa k", append(scen, "-algo", "hpa", "-hpa-k", "0"), []string{"-hpa-k 0: HPA* takes 2 to 8", "leave -hpa-k out for the default (2), or give the default: -hpa-k 2"}},
		{"group branch", append(scen, "-algo", "group", "-branch", "0"), []string{"-branch 0: the group hierarchy takes 2 or more", "leave -branch out for the default (2), or give the default: -branch 2"}},
		{"scenario branch", []string{"-scenario", "builtin:pathological-maximin", "-branch", "0"}, []string{"-branch 0: the group hierarchy takes 2 or more", "leave -branch out for the default (2)"}},
		{"group agents branch", []string{"-map", tinyMap, "-algo", "group", "-agents", "2", "-ticks", "5", "-branch", "0"}, []string{"-branch 0: the group hierarchy takes 2 or more"}},
		{"group branch 1", append(scen, "-algo", "group", "-branch", "1"), []string{"-branch 1: the group hierarchy takes 2 or more (default 2)"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			errs := refused(t, tc.args...)
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

// timeDecimals walks a -json report and returns "key=value" for every
// time figure (a key ending in _us or _ms, at any depth) printed with
// more than 3 decimals: the convention of every field (round3: µs to the
// nanosecond, ms to the microsecond).
func timeDecimals(t *testing.T, out string) []string {
	t.Helper()
	dec := json.NewDecoder(strings.NewReader(out))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	var bad []string
	var walk func(key string, v any)
	walk = func(key string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				walk(k, e)
			}
		case []any:
			for _, e := range x {
				walk(key, e)
			}
		case json.Number:
			if !strings.HasSuffix(key, "_us") && !strings.HasSuffix(key, "_ms") {
				return
			}
			s := x.String()
			if strings.ContainsAny(s, "eE") {
				bad = append(bad, key+"="+s)
			} else if _, frac, ok := strings.Cut(s, "."); ok && len(frac) > 3 {
				bad = append(bad, key+"="+s)
			}
		}
	}
	walk("", v)
	return bad
}

// Times were rounded in some reports and not others: the agents mode
// printed mean_us unrounded and total_ms (like build_ms from a quick
// setup) with 6 decimals, its plan and tick times with 2. Every µs and ms
// figure now has at most 3 decimals, and the worst table's percent shows
// the JSON subopt's 6 decimals exactly.
func TestTimesRoundedConsistently(t *testing.T) {
	runs := [][]string{
		{"-map", tinyMap, "-agents", "4", "-ticks", "200", "-edits", "10"},
		{"-map", tinyMap, "-agents", "4", "-ticks", "200", "-edits", "10", "-algo", "group"},
		{"-map", tinyMap, "-agents", "4", "-ticks", "200", "-edits", "10", "-algo", "hpa", "-cluster", "4"},
		{"-map", tinyMap, "-from", "0,0", "-to", "9,0", "-algo", "hpa"},
		{"-map", tinyMap, "-algo", "hpa", "-repair", "5", "-cluster", "4"},
		{"-scenario", "builtin:textbook-groups"},
	}
	for _, algo := range algoNames() {
		runs = append(runs, []string{"-map", tinyMap, "-scen", tinyScen, "-algo", algo})
	}
	for _, args := range runs {
		code, out, errs := runMain(t, append(args, "-json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		if bad := timeDecimals(t, out); len(bad) > 0 {
			t.Errorf("%v: time figures with more than 3 decimals: %v", args, bad)
		}
	}

	// Greedy walks into testdata/cup.txt's cup: a suboptimal row.
	scen := filepath.Join(t.TempDir(), "cup.scen")
	row := fmt.Sprintf("version 1\n0\tcup.txt\t12\t9\t0\t4\t11\t4\t%.8f\n", 9+4*math.Sqrt2)
	if err := os.WriteFile(scen, []byte(row), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"-map", "testdata/cup.txt", "-scen", scen, "-algo", "greedy", "-worst", "1"}
	_, out, _ := runMain(t, append(args, "-json")...)
	sub := decode(t, out)["worst"].([]any)[0].(map[string]any)["subopt"].(float64)
	_, text, _ := runMain(t, args...)
	var shown string
	for _, f := range strings.Fields(text) {
		if strings.HasSuffix(f, "%") && f != "-" {
			shown = strings.TrimSuffix(f, "%")
		}
	}
	v, err := strconv.ParseFloat(shown, 64)
	if err != nil || math.Abs(v/100-sub) > 1e-9 {
		t.Errorf("worst table shows %s%%, the JSON subopt is %v (%.4f%%):\n%s", shown, sub, 100*sub, text)
	}
}

// textValue returns the value of key's line in a text report ("key
// value", the value after the run of spaces).
func textValue(out, key string) (string, bool) {
	for _, l := range strings.Split(out, "\n") {
		if k, v, ok := strings.Cut(l, " "); ok && k == key {
			return strings.TrimLeft(v, " "), true
		}
	}
	return "", false
}

// The text report padded keys to 18 characters, so a longer key
// (memory_bytes_no_cache, queue_wait_max_ticks) pushed its value out of
// the column. The width is the longest key's now, with two spaces after
// it, in every mode.
func TestTextColumnsAligned(t *testing.T) {
	for _, args := range [][]string{
		{"-map", tinyMap, "-scen", tinyScen, "-algo", "hpa", "-cluster", "4", "-worst", "2", "-cache=false"},
		{"-map", tinyMap, "-agents", "3", "-ticks", "50"},
		{"-map", tinyMap, "-from", "0,0", "-to", "9,0"},
		{"-map", tinyMap, "-scen", tinyScen, "-nb", "4", "-worst", "2"}, // the "worst  no row ..." line
	} {
		code, out, errs := runMain(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		longest, col := 0, -1
		for _, l := range strings.Split(out, "\n") {
			if l == "" || strings.HasPrefix(l, "worst rows") {
				break // the worst table has columns of its own
			}
			k, _, _ := strings.Cut(l, " ")
			longest = max(longest, len(k))
			c := len(k) + len(l[len(k):]) - len(strings.TrimLeft(l[len(k):], " "))
			if col < 0 {
				col = c
			} else if c != col {
				t.Errorf("%v: %q: value at column %d, others at %d:\n%s", args, k, c, col, out)
			}
		}
		if col != longest+2 {
			t.Errorf("%v: values at column %d, want the longest key (%d) and two spaces:\n%s", args, col, longest, out)
		}
	}
}

// A .scen row whose optimum is 0 but whose path costs more has no
// suboptimality (cost / 0), and was left out of the subopt figures
// without a word. It is counted (zero_optimum_rows), named once on
// stderr by file and line, listed first by -worst, and is a mismatch of
// the optimal column as before (-check fails).
func TestZeroOptimumRowsCounted(t *testing.T) {
	scen := filepath.Join(t.TempDir(), "zero.map.scen")
	rows := "version 1\n" +
		"0\ttiny.map\t10\t8\t0\t0\t9\t0\t9.0\n" +
		"0\ttiny.map\t10\t8\t0\t0\t0\t4\t0\n" + // line 3: really 4
		"0\ttiny.map\t10\t8\t0\t0\t7\t7\t0\n" + // line 4: really 14
		"0\ttiny.map\t10\t8\t0\t0\t0\t0\t0\n" // start is goal: 0 is right
	if err := os.WriteFile(scen, []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runMain(t, "-map", tinyMap, "-scen", scen, "-json", "-worst", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m := decode(t, out)
	if m["zero_optimum_rows"] != 2.0 || m["optimal_matches"] != 2.0 || m["max_subopt"] != 0.0 {
		t.Errorf("zero_optimum_rows %v, optimal_matches %v, max_subopt %v; want 2, 2, 0", m["zero_optimum_rows"], m["optimal_matches"], m["max_subopt"])
	}
	if strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "zero.map.scen:3 (query 2): the optimum is 0 but the path costs 4") ||
		!strings.Contains(errs, "zero_optimum_rows: 2") {
		t.Errorf("stderr should name the first such row once: %q", errs)
	}
	if w := m["worst"].([]any)[0].(map[string]any); w["query"] != 2.0 || w["problem"] != zeroOptimumProblem {
		t.Errorf("worst[0] %v, want query 2 with %q", w, zeroOptimumProblem)
	}
	if code, _, _ := runMain(t, "-map", tinyMap, "-scen", scen, "-check"); code != exitCheck {
		t.Errorf("-check: exit %d, want 1", code)
	}
	// A file without such rows: the field says 0, stderr says nothing.
	code, out, errs = runMain(t, "-map", tinyMap, "-scen", tinyScen, "-json")
	if m := decode(t, out); code != 0 || m["zero_optimum_rows"] != 0.0 || errs != "" {
		t.Errorf("tiny.map.scen: exit %d, zero_optimum_rows %v, stderr %q", code, m["zero_optimum_rows"], errs)
	}
}

// The same against A*'s cost (hpa, group): a planner path costing more
// than A*'s 0 is counted, not dropped.
func TestZeroOptimumAgainstAStar(t *testing.T) {
	rep := &Report{rows: []rowResult{{q: Query{Start: image.Pt(3, 3), Goal: image.Pt(3, 3)}, found: true, cost: 2}}}
	var subs []float64
	reach := 0
	z := zeroOptimum{ref: "A*'s cost"}
	rep.compareRow(0, true, 0, true, 2, "HPA*", &subs, &reach, &z)
	z.set(rep, len(subs))
	if v, _ := rep.Get("zero_optimum_rows"); v != 1 || len(subs) != 0 || reach != 0 {
		t.Errorf("zero_optimum_rows %v, subs %v, reach errors %d; want 1, none, 0", v, subs, reach)
	}
	if !strings.Contains(rep.zeroNote, "query 1: A*'s cost is 0 but the path costs 2") || rep.rows[0].problem != zeroOptimumProblem {
		t.Errorf("note %q, problem %q", rep.zeroNote, rep.rows[0].problem)
	}
}

// -csv given a directory said "exists and is not a regular file
// (d---------)": the mode string read as garbage. The message names the
// path and says it is a directory.
func TestCSVDirectoryMessage(t *testing.T) {
	dir := t.TempDir()
	errs := refused(t, "-map", tinyMap, "-scen", tinyScen, "-csv", dir)
	if want := "bench: -csv " + dir + ": is a directory; give a file name"; !strings.Contains(errs, want) || strings.Contains(errs, "d---") {
		t.Errorf("stderr %q, want %q and no mode string", errs, want)
	}
	link := filepath.Join(dir, "link.csv")
	if err := os.Symlink(filepath.Join(dir, "elsewhere.csv"), link); err != nil {
		t.Skip(err)
	}
	if _, _, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-csv", link); !strings.Contains(errs, link+": is a symbolic link") || strings.Contains(errs, "L---") {
		t.Errorf("link: stderr %q", errs)
	}
}

// -every K runs rows 0, K, 2K, … of a .scen (a quick sample of a big
// file); every query number printed (-worst, its window commands, -csv,
// stderr notes) stays the file's row number, and the report says how
// many rows were sampled.
func TestEverySamplesRowsKeepingTheirNumbers(t *testing.T) {
	csvPath := filepath.Join(t.TempDir(), "rows.csv")
	// Greedy leaves some rows suboptimal, so -worst has a ranking.
	code, out, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-algo", "greedy", "-every", "3", "-worst", "10", "-csv", csvPath, "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m := decode(t, out)
	for k, want := range map[string]float64{"queries": 4, "rows_sampled": 4, "scen_rows": 10, "every": 3, "optimal_checked": 4} {
		if m[k] != want {
			t.Errorf("%s = %v, want %v", k, m[k], want)
		}
	}
	sampled := map[int]bool{1: true, 4: true, 7: true, 10: true} // the file's rows 1, 4, 7, 10
	worst := m["worst"].([]any)
	if len(worst) != 4 {
		t.Fatalf("worst: %v", worst)
	}
	for _, w := range worst {
		row := w.(map[string]any)
		q := int(row["query"].(float64))
		if !sampled[q] || int(row["line"].(float64)) != q+1 { // tiny.map.scen: row K on line K+1
			t.Errorf("worst row %v: query %d is not the file's row of line %v", row, q, row["line"])
		}
		if open, _ := row["open"].(string); !strings.HasSuffix(open, fmt.Sprintf(" -query %d", q)) {
			t.Errorf("query %d opens with %q", q, open)
		}
	}
	b, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	var nums []string
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n")[1:] {
		n, _, _ := strings.Cut(l, ",")
		nums = append(nums, n)
	}
	if got := strings.Join(nums, " "); got != "1 4 7 10" {
		t.Errorf("csv query column %q, want 1 4 7 10", got)
	}

	// -rows first, then -every; -every 1 runs every row; a text report
	// prints the fields too.
	code, out, _ = runMain(t, "-map", tinyMap, "-scen", tinyScen, "-rows", "8", "-every", "3", "-json")
	if m := decode(t, out); code != 0 || m["queries"] != 3.0 || m["rows_sampled"] != 3.0 || m["scen_rows"] != 10.0 {
		t.Errorf("-rows 8 -every 3: exit %d, %v", code, out)
	}
	code, out, _ = runMain(t, "-map", tinyMap, "-scen", tinyScen, "-every", "1")
	if v, _ := textValue(out, "rows_sampled"); code != 0 || v != "10" {
		t.Errorf("-every 1: exit %d, rows_sampled %q:\n%s", code, v, out)
	}

	// A scenario's own list is sampled the same way, numbered as the app
	// numbers it.
	dir := cupCase(t, "set algo astar\n")
	code, out, errs = runMain(t, "-scenario", filepath.Join(dir, "case.pls"), "-every", "2", "-worst", "3", "-json")
	if code != 0 {
		t.Fatalf("scenario list: exit %d: %s", code, errs)
	}
	m = decode(t, out)
	if m["queries"] != 3.0 || m["rows_sampled"] != 3.0 || m["scen_rows"] != 6.0 {
		t.Errorf("scenario list: %s", out)
	}
	for _, w := range m["worst"].([]any) {
		if q := w.(map[string]any)["query"].(float64); q != 1 && q != 3 && q != 5 {
			t.Errorf("scenario list: worst query %v, want 1, 3 or 5", q)
		}
	}
}

func TestEveryBadInput(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"zero", []string{"-map", tinyMap, "-scen", tinyScen, "-every", "0"}, "-every 0: want a positive count K"},
		{"negative", []string{"-map", tinyMap, "-scen", tinyScen, "-every", "-2"}, "-every -2: want a positive count K"},
		{"not a number", []string{"-map", tinyMap, "-scen", tinyScen, "-every", "x"}, "-every"},
		{"single query", []string{"-map", tinyMap, "-from", "0,0", "-to", "9,0", "-every", "2"}, "-every samples the rows of a .scen"},
		{"agents", []string{"-map", tinyMap, "-agents", "2", "-every", "2"}, "-every applies only with query runs"},
		{"scenario queries", []string{"-scenario", "builtin:textbook-groups", "-every", "2"}, "runs its own queries"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if errs := refused(t, tc.args...); !strings.Contains(errs, tc.want) {
				t.Errorf("stderr %q; want %q", errs, tc.want)
			}
		})
	}
}

// A tester's finding: "-cluster 3" with no query or scenario said "nothing
// to run", and only a run with a query said that 3 is out of range. The
// hierarchy's size flags are checked as the flags are parsed, each message
// naming the flag, the hierarchy and its range; with a query the message
// is the same.
func TestSizeFlagsCheckedBeforeNothingToRun(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-algo", "hpa", "-cluster", "3"}, "bench: -cluster 3: HPA* takes 4 to 64 (default 10)\n"},
		{[]string{"-algo", "hpa", "-levels", "5"}, "bench: -levels 5: HPA* takes 1 to 4 (default 2)\n"},
		{[]string{"-algo", "hpa", "-builds", "0"}, "bench: -builds 0: want 1 to 1000\n"},
		{[]string{"-algo", "group", "-cluster", "2"}, "bench: -cluster 2: the group hierarchy takes 4 to 64 (default 10)\n"},
		{[]string{"-algo", "group", "-levels", "6"}, "bench: -levels 6: the group hierarchy takes 1 to 4 (default 2)\n"},
		{[]string{"-algo", "group", "-branch", "1"}, "bench: -branch 1: the group hierarchy takes 2 or more (default 2)\n"},
		{[]string{"-algo", "astar-cluster", "-cluster", "1"}, "bench: -cluster 1: the cluster heuristic's group table takes 2 or more (default 10)\n"},
		{[]string{"-algo", "hpa", "-cluster", "0"}, "bench: -cluster 0: HPA* takes 4 to 64; leave -cluster out"},
		{[]string{"-algo", "group", "-cost", "maxmin"}, "bench: -cost \"maxmin\": want minimum, maximin or avgmin\n"},
		{[]string{"-algo", "group", "-target", "far"}, "bench: -target \"far\": want representative or nearest\n"},
	} {
		for _, query := range [][]string{nil, {"-from", "0,0", "-to", "1,0"}} {
			args := append(append([]string{"-map", tinyMap}, c.args...), query...)
			code, out, errs := runMain(t, args...)
			if code != exitUsage || out != "" || !strings.HasPrefix(errs, c.want) {
				t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", args, code, out, errs, c.want)
			}
		}
	}
	// In range, with nothing to run: that is the message.
	if code, _, errs := runMain(t, "-map", tinyMap, "-algo", "hpa", "-cluster", "8"); code != exitUsage || !strings.Contains(errs, "nothing to run") {
		t.Errorf("-cluster 8 alone: exit %d, %q", code, errs)
	}
}

// -rows 0 meant every row, where a typed 0 of the other counts (-cluster,
// -agents, -repair) is refused: it is refused too, saying that leaving the
// flag out runs every row.
func TestRowsZeroRefused(t *testing.T) {
	for _, n := range []string{"0", "-2"} {
		code, out, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-rows", n)
		want := "bench: -rows " + n + ": want a positive count N (the first N scenario rows); leave -rows out to run them all\n"
		if code != exitUsage || out != "" || errs != want {
			t.Errorf("-rows %s: exit %d, stdout %q, stderr %q; want %q", n, code, out, errs, want)
		}
	}
	if code, _, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-rows", "2"); code != 0 {
		t.Errorf("-rows 2: exit %d: %s", code, errs)
	}
}

// A tester's finding: a size flag out of range with no -map said "-map is
// required", where docs/bench.md promises the range first.
func TestSizeFlagRangeBeforeMissingMap(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-algo", "hpa", "-cluster", "3"}, "bench: -cluster 3: HPA* takes 4 to 64"},
		{[]string{"-algo", "group", "-cluster", "1"}, "bench: -cluster 1: the group hierarchy takes 4 to 64"},
		{[]string{"-algo", "hpa"}, "bench: -map is required"},
	} {
		code, _, errs := runMain(t, c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
}

// -rows N cuts a .scen's rows. With one -from/-to query, or a
// -scenario's own query lines, it was accepted and read nowhere
// ("-scenario builtin:textbook-groups -rows 1" ran both queries), where
// -every is refused with a reason: -rows is refused the same way.
func TestRowsWithoutRowsRefused(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"single query", []string{"-map", tinyMap, "-from", "0,0", "-to", "9,0", "-rows", "2"}, "-rows cuts the rows of a .scen"},
		{"scenario single", []string{"-scenario", "builtin:textbook-groups", "-from", "0,0", "-to", "3,4", "-rows", "1"}, "-rows cuts the rows of a .scen"},
		{"scenario queries", []string{"-scenario", "builtin:textbook-groups", "-rows", "1"}, "runs its own queries"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if errs := refused(t, tc.args...); !strings.Contains(errs, tc.want) {
				t.Errorf("stderr %q; want %q", errs, tc.want)
			}
		})
	}
}
