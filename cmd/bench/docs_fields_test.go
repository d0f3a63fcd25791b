package main

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// documentedFields returns every identifier written inside backticks in
// docs/bench.md (`mean_us, median_us` gives both).
func documentedFields(t *testing.T) map[string]bool {
	t.Helper()
	b, err := os.ReadFile("../../docs/bench.md")
	if err != nil {
		t.Fatal(err)
	}
	// A word of a flag (-scen), a path or a file name (maps/arena.map) is
	// not a field's name.
	word := regexp.MustCompile(`(^|[^-/.a-z0-9_])([a-z][a-z0-9_]*)([^/.a-z0-9_(]|$)`)
	doc := map[string]bool{}
	for _, span := range regexp.MustCompile("`[^`]+`").FindAllString(string(b), -1) {
		span = strings.Trim(span, "`")
		for i := 0; i < len(span); {
			m := word.FindStringSubmatchIndex(span[i:])
			if m == nil {
				break
			}
			doc[span[i+m[4]:i+m[5]]] = true
			i += m[5]
		}
	}
	return doc
}

// printedFields adds the keys of the JSON value v to keys: the top level's
// and those of the objects inside (worst rows, mismatches, replans by
// reason), not those of dump_graph's edges (the -dump-graph format).
func printedFields(v any, keys map[string]bool) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			keys[k] = true
			if k != "dump_graph" {
				printedFields(e, keys)
			}
		}
	case []any:
		for _, e := range x {
			printedFields(e, keys)
		}
	}
}

// A tester listed fields printed but named nowhere in docs/bench.md
// (neighborhood, builds, seed, scen, scenario, the repair mode's repairs
// and components_after, -worst's open, the agents mode's hpa_mode...):
// every field any mode prints, nested ones too, must be in bench.md.
func TestEveryPrintedFieldIsDocumented(t *testing.T) {
	doc := documentedFields(t)
	dir := testerDir(t, map[string]string{"sr.pls": editedScenario, "q3.pls": q3Scenario})
	runs := append([][]string{
		{"-scenario", dir + "/sr.pls", "-worst", "3", "-cache=false", "-every", "2"},
		{"-scenario", dir + "/q3.pls", "-worst", "3"},
		{"-map", tinyMap, "-scen", tinyWrong, "-worst", "2"},
		{"-scenario", "builtin:textbook-groups", "-exclusion", "-worst", "2"},
		{"-map", tinyMap, "-scen", tinyScen, "-algo", "astar-cluster", "-cluster", "4", "-worst", "2"},
		{"-map", tinyMap, "-agents", "3", "-ticks", "60", "-edits", "4", "-algo", "hpa", "-cluster", "4", "-builds", "1", "-agent-refine", "lazy"},
		{"-map", tinyMap, "-agents", "3", "-agent-groups", "1", "-agent-group-size", "2", "-ticks", "40"},
	}, modeRuns...)
	missing := map[string][]string{}
	for _, args := range runs {
		code, out, errs := runMain(t, append(args, "-json")...)
		if code != 0 && code != exitCheck {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		keys := map[string]bool{}
		printedFields(decode(t, out), keys)
		for k := range keys {
			if !doc[k] {
				missing[k] = append(missing[k], strings.Join(args, " "))
			}
		}
	}
	var names []string
	for k := range missing {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		t.Errorf("%s is printed (%s) but docs/bench.md does not name it", k, missing[k][0])
	}
}
