package main

import (
	"strings"
	"testing"
)

// A tester found the report's keys "half unordered": the common fields in
// declaration order, then each mode's own sorted by name, so that
// abstract_edges came before algo's settings and speedup_median after
// shortcut. Every key any mode prints has its place in reportKeyOrder
// (identity, counts, costs and suboptimality, timings, memory) and the
// report prints them in that order, in -json and in the text report.
func TestReportKeysInLogicalOrder(t *testing.T) {
	dir := testerDir(t, map[string]string{"sr.pls": editedScenario})
	runs := append([][]string{
		{"-map", tinyMap, "-scen", tinyScen, "-algo", "astar", "-worst", "2", "-every", "2"},
		{"-map", tinyMap, "-scen", tinyWrong, "-algo", "hpa", "-cluster", "4", "-builds", "1", "-worst", "2"},
		{"-scenario", dir + "/sr.pls", "-worst", "3", "-cache=false", "-every", "2"},
		{"-scenario", "builtin:textbook-groups", "-exclusion", "-worst", "2"},
		{"-map", tinyMap, "-agents", "3", "-ticks", "60", "-edits", "4", "-algo", "hpa", "-cluster", "4", "-builds", "1", "-agent-refine", "lazy"},
		{"-map", tinyMap, "-agents", "3", "-agent-groups", "1", "-agent-group-size", "2", "-ticks", "40"},
	}, modeRuns...)
	for _, args := range runs {
		code, out, errs := runMain(t, append(args, "-json")...)
		if code != 0 && code != exitCheck {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		keys := topKeys(t, out)
		prev := ""
		for _, k := range keys {
			r, ok := keyRank[k]
			if !ok {
				t.Errorf("%v: %s has no place in reportKeyOrder", args, k)
				continue
			}
			if prev != "" && r < keyRank[prev] {
				t.Errorf("%v: %s printed after %s:\n%s", args, k, prev, strings.Join(keys, " "))
			}
			prev = k
		}
		// The text report: the same keys in the same order (the worst
		// table, a table of rows, follows the fields).
		_, text, _ := runMain(t, args...)
		var tk []string
		for _, l := range strings.Split(text, "\n") {
			if f := strings.Fields(l); len(f) > 0 && !strings.HasPrefix(l, " ") {
				k, _, _ := strings.Cut(f[0], ".")
				if _, ok := keyRank[k]; ok && k != "worst" && (len(tk) == 0 || tk[len(tk)-1] != k) {
					tk = append(tk, k)
				}
			}
		}
		for i := 1; i < len(tk); i++ {
			if keyRank[tk[i]] < keyRank[tk[i-1]] {
				t.Errorf("%v: text report prints %s after %s", args, tk[i], tk[i-1])
			}
		}
	}
}

// Each key has one place.
func TestReportKeyOrderUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range reportKeyOrder {
		for _, k := range g {
			if seen[k] {
				t.Errorf("%s listed twice", k)
			}
			seen[k] = true
		}
	}
}

// The rows of mismatches and suboptimal_rows name a row as -worst's rows
// do, in the same order: query, line, start, goal, optimal, cost, problem
// (they began with line, -worst with query).
func TestRowListsKeyOrder(t *testing.T) {
	scen := tinyScenWith(t, "0\t6\t12.41421356", "0\t6\t13.00000000")
	_, out, _ := runMain(t, "-map", tinyMap, "-scen", scen, "-worst", "1", "-json")
	want := "query line start goal optimal cost"
	for _, list := range []string{"mismatches", "worst"} {
		i := strings.Index(out, `"`+list+`":[{`)
		if i < 0 {
			t.Fatalf("no %s in %s", list, out)
		}
		row := out[i+len(list)+5:]
		row = row[:strings.IndexByte(row, '}')]
		var keys []string
		for _, f := range strings.Split(row, `,"`) {
			k, _, _ := strings.Cut(strings.Trim(f, `"`), `"`)
			keys = append(keys, k)
		}
		if got := strings.Join(keys, " "); !strings.HasPrefix(got, want) {
			t.Errorf("%s rows: keys %s; want them to start %s", list, got, want)
		}
	}
}
