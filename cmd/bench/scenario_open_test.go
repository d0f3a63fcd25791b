package main

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/game/world"
)

// -worst on a saved session with its own queries and a scen list printed no
// window command ("numbered together"), though the window opens them: it
// lists the own queries, then the list's rows, except a first own query
// that is one of the rows, which it opens where the row stands (the others
// then move up by one). Each command's -query K must open, in the window's
// own session, the row it is printed for.
func TestWorstOpensScenarioQueriesBesideItsList(t *testing.T) {
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
	head := "pathlens-scenario 1\nset algo astar\nmap tiny.map\nscen tiny.map.scen\n"
	for name, queries := range map[string]string{
		"own.pls": "query 1,0 9,4\nquery 0,6 7,6\nquery 9,0 0,4\n", // the first is no row (the second is row 8: kept where it stands)
		"row.pls": "query 5,4 0,6\nquery 1,0 9,4\nquery 0,6 7,6\n", // the first is row 6: the window opens it as its query 8 (2 own queries, then row 6)
	} {
		pls := filepath.Join(dir, name)
		if err := os.WriteFile(pls, []byte(head+queries), 0o644); err != nil {
			t.Fatal(err)
		}
		m, errs := benchJSON(t, "-scenario", pls, "-worst", "3")
		if note, ok := m["worst_note"]; ok {
			t.Errorf("%s: worst_note %v", name, note)
		}
		worst, _ := m["worst"].([]any)
		if len(worst) != 3 {
			t.Fatalf("%s: worst %v: %s", name, m["worst"], errs)
		}
		w, err := world.Open(pls)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range worst {
			row := x.(map[string]any)
			open, _ := row["open"].(string)
			var k int
			if _, err := fmt.Sscanf(open[strings.LastIndex(open, " -query ")+1:], "-query %d", &k); err != nil {
				t.Fatalf("%s: open %q: %v", name, open, err)
			}
			if err := w.OpenFirst(k); err != nil {
				t.Fatalf("%s: %q: %v", name, open, err)
			}
			s, g := row["start"].([]any), row["goal"].([]any)
			want := [2]image.Point{{int(s[0].(float64)), int(s[1].(float64))}, {int(g[0].(float64)), int(g[1].(float64))}}
			if got := w.Queries[w.FirstQuery]; got != want {
				t.Errorf("%s: query %v %q opens %v in the window, not %v", name, row["query"], open, got, want)
			}
		}
	}
}
