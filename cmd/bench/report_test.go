package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pathlens/maps"
)

// modeRuns is one run of every mode and algorithm shape, on the test map
// or a built-in scenario, for tests about every report.
var modeRuns = [][]string{
	{"-map", tinyMap, "-scen", tinyScen, "-algo", "astar"},
	{"-map", tinyMap, "-from", "0,0", "-to", "5,4", "-algo", "astar"},
	{"-map", tinyMap, "-scen", tinyScen, "-algo", "astar-cluster", "-cluster", "4"},
	{"-map", tinyMap, "-scen", tinyScen, "-algo", "hpa", "-cluster", "4", "-builds", "1"},
	{"-map", tinyMap, "-from", "0,0", "-to", "5,4", "-algo", "hpa", "-cluster", "4", "-builds", "1"},
	{"-map", tinyMap, "-algo", "hpa", "-cluster", "4", "-repair", "20", "-builds", "1"},
	{"-map", tinyMap, "-scen", tinyScen, "-algo", "group", "-cluster", "4"},
	{"-map", tinyMap, "-from", "0,0", "-to", "5,4", "-algo", "group", "-cluster", "4"},
	{"-map", tinyMap, "-algo", "group", "-cluster", "4", "-repair", "20"},
	{"-scenario", "builtin:textbook-groups"},
	{"-scenario", "builtin:textbook-groups", "-from", "0,4", "-to", "3,3"},
	{"-scenario", "builtin:textbook-groups", "-dump-graph"},
	{"-map", tinyMap, "-agents", "3", "-ticks", "60", "-edits", "4", "-algo", "astar"},
	{"-map", tinyMap, "-agents", "3", "-ticks", "60", "-edits", "4", "-algo", "hpa", "-cluster", "4", "-builds", "1"},
	{"-map", tinyMap, "-agents", "3", "-ticks", "60", "-edits", "4", "-algo", "group", "-cluster", "4"},
}

// topKeys returns the top-level keys of the JSON object in out (the last
// line: -dump-graph prints edge lines first), in order, duplicates kept.
func topKeys(t *testing.T, out string) []string {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	dec := json.NewDecoder(bytes.NewReader([]byte(lines[len(lines)-1])))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("not a JSON object: %v\n%s", err, out)
	}
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k.(string))
	}
	return keys
}

// A key printed twice is read as the last one by every JSON reader: the
// group report's connection cost ("cost":"maximin") once hid a single
// query's numeric cost. No mode may print a key twice.
func TestReportKeysUnique(t *testing.T) {
	for _, args := range modeRuns {
		code, out, errs := runMain(t, append(args, "-json")...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, errs)
			continue
		}
		seen := map[string]bool{}
		for _, k := range topKeys(t, out) {
			if seen[k] {
				t.Errorf("%v: key %q twice in %s", args, k, out)
			}
			seen[k] = true
		}
	}
}

// Set refuses a fixed field's key rather than print it twice.
func TestReportSetFixedKeyPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Errorf("Set(\"cost\", ...) did not panic")
		}
	}()
	var r Report
	r.Set("cost", "maximin")
}

// A field a run does not measure is left out, not printed as a 0 that
// reads like a measurement: the open-list figures exist only for the
// pathing.Searcher planners, the per-plan timings not in the agents mode.
func TestReportOmitsUnmeasured(t *testing.T) {
	for _, args := range modeRuns {
		code, out, errs := runMain(t, append(args, "-json")...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, errs)
			continue
		}
		m := lastJSON(t, out)
		agents := strings.Contains(strings.Join(args, " "), "-agents")
		algo, _ := m["algo"].(string)
		_, queries := m["median_us"]
		if agents && queries {
			t.Errorf("%v: the agents mode prints median_us %v", args, m["median_us"])
		}
		for _, k := range []string{"pushes_mean", "peak_open_mean"} {
			_, has := m[k]
			want := !agents && m["queries"] != nil && (algo == "astar" || algo == "astar-cluster")
			if has != want {
				t.Errorf("%v: %s present %v, want %v", args, k, has, want)
			}
			if has && m[k].(float64) <= 0 {
				t.Errorf("%v: %s %v, want > 0", args, k, m[k])
			}
		}
		if agents {
			for _, k := range []string{"p99_us", "max_us", "allocs_per_query", "bytes_per_query"} {
				if _, ok := m[k]; ok {
					t.Errorf("%v: the agents mode prints %s", args, k)
				}
			}
		}
	}
}

// A planner's path cheaper than A*'s optimum is a bug to see: maps.Suboptimality keeps
// it negative (only rounding reads as 0) and setSubopt counts it.
func TestSuboptBelowOptimalIsCounted(t *testing.T) {
	subopt := func(cost, optimal float64) float64 { s, _ := maps.Suboptimality(cost, optimal); return s }
	if got := subopt(10*(1+1e-12), 10); got != 0 {
		t.Errorf("rounding: %v, want 0", got)
	}
	if got := subopt(9, 10); got >= 0 {
		t.Errorf("9 against 10: %v, want negative", got)
	}
	rep := &Report{}
	setSubopt(rep, []float64{0, 0.01, subopt(9, 10)})
	js, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(js), `"below_optimal":1`) {
		t.Errorf("report %s: want below_optimal 1", js)
	}
	rep = &Report{}
	setSubopt(rep, []float64{0, 0.01})
	// Reported as 0 when no row is below (a script reading the field must
	// find it; it was left out).
	if js, _ := json.Marshal(rep); !strings.Contains(string(js), `"below_optimal":0`) {
		t.Errorf("report %s: want below_optimal 0", js)
	}
}

// rawField returns the JSON text of the top-level key in the one-object
// report out, as printed ("" when absent).
func rawField(t *testing.T, out, key string) string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("output is not one JSON object: %v\n%s", err, out)
	}
	return string(m[key])
}

// max_abs_error is a difference of costs: rounded to 6 decimals, as the
// costs and subopt figures of -worst and -csv are. It was printed as
// computed, 2.373095497887334e-9 for the .scen's own 8-decimal rounding
// and 14.058387517702954 beside figures of 3 decimals.
func TestMaxAbsErrorRounded(t *testing.T) {
	// Row 1 (0,0)→(9,0) costs 9; the file claims 9.12345678.
	scen := tinyScenWith(t, "9\t0\t9.00000000", "9\t0\t9.12345678")
	for _, tc := range []struct {
		scen, want string
	}{
		{tinyScen, "0"}, // the file's rounding, 2.4e-9
		{scen, "0.123457"},
	} {
		code, out, errs := runMain(t, "-map", tinyMap, "-scen", tc.scen, "-json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		if got := rawField(t, out, "max_abs_error"); got != tc.want {
			t.Errorf("%s: JSON max_abs_error %s, want %s", tc.scen, got, tc.want)
		}
	}
}

// textPlaces is how many decimals the text report prints for a field, by
// its name: times 3, ratios to the optimum and max_abs_error 6; -1 for a
// field the test does not judge.
func textPlaces(key string) int {
	switch {
	case strings.HasSuffix(key, "_us"), strings.HasSuffix(key, "_ms"),
		key == "expanded_mean", key == "pushes_mean", key == "peak_open_mean",
		key == "allocs_per_query", key == "bytes_per_query", key == "abstract_ratio",
		key == "speedup_median", key == "segments_mean":
		return 3
	case strings.HasSuffix(key, "_subopt"), key == "max_abs_error", key == "cost":
		return 6
	case key == "ticks_per_s", key == "mean_queue":
		return 2
	}
	return -1
}

// The text report printed each number as JSON does, without its trailing
// zeros: 2036.15 over 2036.153, 0.07 under 0.191, 212 among 69.737. Each
// field has its number of decimals now, whatever the value, so a column
// reads cleanly; the JSON is unchanged (numbers are numbers there).
func TestTextDecimalsPerField(t *testing.T) {
	for _, args := range modeRuns {
		code, out, errs := runMain(t, args...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, errs)
			continue
		}
		judged := 0
		for _, l := range strings.Split(out, "\n") {
			k, v, ok := strings.Cut(l, " ")
			v = strings.TrimLeft(v, " ")
			p := textPlaces(k)
			if !ok || p < 0 || strings.HasPrefix(l, " ") {
				continue
			}
			judged++
			v, _, _ = strings.Cut(v, " (") // a unit after the number (textUnit)
			whole, frac, dot := strings.Cut(v, ".")
			if _, err := strconv.ParseUint(strings.TrimPrefix(whole, "-"), 10, 64); err != nil || !dot || len(frac) != p {
				t.Errorf("%v: %s %q, want a number with %d decimals", args, k, v, p)
			}
		}
		if judged < 3 {
			t.Errorf("%v: only %d numeric fields judged in\n%s", args, judged, out)
		}
	}
}

// The agents mode printed optimal_checked 0, optimal_matches 0 and
// max_abs_error 0: its plans have no optimum to be checked against, so
// the fields are left out there, JSON and text. max_abs_error, a maximum
// over the queries that had an optimum, is left out of any run that had
// none (a single -from/-to query on a -map, -nb 4 rows); optimal_checked stays in
// the query modes, where 0 says that nothing was compared.
func TestReportOmitsOptimalFieldsItDoesNotMeasure(t *testing.T) {
	optimal := []string{"optimal_checked", "optimal_matches", "max_abs_error"}
	for _, args := range modeRuns {
		joined := strings.Join(args, " ")
		var absent []string
		switch {
		case strings.Contains(joined, "-agents"):
			absent = optimal
		case strings.Contains(joined, "-from") && !strings.Contains(joined, "-scenario") &&
			!strings.Contains(joined, "-algo hpa") && !strings.Contains(joined, "-algo group"):
			// (A -scenario's query is measured against A* on its world,
			// hpa's and group's against A* on the map.)
			absent = optimal[2:]
		default:
			continue
		}
		code, js, errs := runMain(t, append(args, "-json")...)
		if code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, errs)
			continue
		}
		_, text, _ := runMain(t, args...)
		m := lastJSON(t, js)
		for _, k := range absent {
			if v, ok := m[k]; ok {
				t.Errorf("%v: JSON has %s %v", args, k, v)
			}
			if v, ok := textValue(text, k); ok {
				t.Errorf("%v: text has %s %s", args, k, v)
			}
		}
	}
	code, out, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-nb", "4", "-json")
	if code != 0 {
		t.Fatalf("-nb 4: exit %d: %s", code, errs)
	}
	if m := decode(t, out); m["optimal_checked"] != 0.0 || m["max_abs_error"] != nil {
		t.Errorf("-nb 4: optimal_checked %v, max_abs_error %v; want 0 and absent", m["optimal_checked"], m["max_abs_error"])
	}
}

// A mismatch's cost has 6 decimals, as max_abs_error and the problem text
// (it printed 12.414213562373096).
func TestMismatchCostRounded(t *testing.T) {
	// Row 6 (5,4)→(0,6) costs 12.41421356…; the file claims 13.
	scen := tinyScenWith(t, "0\t6\t12.41421356", "0\t6\t13.00000000")
	code, out, errs := runMain(t, "-map", tinyMap, "-scen", scen, "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, `"cost":12.414214,`) {
		t.Errorf("want the mismatch's cost as 12.414214 in %s", out)
	}
}

// tinyScenWith writes a copy of the tiny .scen with the text from replaced
// by to (a row's claimed optimum) and returns its path.
func tinyScenWith(t *testing.T, from, to string) string {
	t.Helper()
	b, err := os.ReadFile(tinyScen)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), from) {
		t.Fatalf("%s has no %q", tinyScen, from)
	}
	scen := filepath.Join(t.TempDir(), "tiny.map.scen")
	if err := os.WriteFile(scen, []byte(strings.Replace(string(b), from, to, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	return scen
}

// A teacher copying figures for slides read "max_subopt 0.331371" beside
// -worst's "33.1371%", and memory in bytes beside the README's MB. The text
// report adds the percentage and the MB after the number (the JSON keeps
// the fraction and the bytes).
func TestTextUnitsBesideFractionsAndBytes(t *testing.T) {
	_, out, _ := runMain(t, "-scenario", "builtin:textbook-groups")
	if v, _ := textValue(out, "max_subopt"); v != "0.757359 (75.7359%)" {
		t.Errorf("max_subopt %q, want 0.757359 (75.7359%%), as -worst writes it", v)
	}
	if got := textUnit("memory_bytes", []byte("3210016")); got != " (3.21 MB)" {
		t.Errorf("memory_bytes unit %q", got)
	}
	if got := textUnit("grid_bytes", []byte("2401")); got != "" {
		t.Errorf("a small byte count gets %q", got)
	}
	_, js, _ := runMain(t, "-scenario", "builtin:textbook-groups", "-json")
	if !strings.Contains(js, `"max_subopt": 0.757359`) && !strings.Contains(js, `"max_subopt":0.757359`) {
		t.Errorf("the JSON's max_subopt is not the bare fraction:\n%s", js)
	}
}
