package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// -dump-graph printed level 1's edges only: a user explaining a level-2
// plan had neither the level-2 groups (which level-1 groups each
// gathers) nor their edges. Each level above 1 adds its groups, then its
// edges with the run's cost and the cost under every connection cost;
// level 1's lines are as they were.
func TestDumpGraphHigherLevels(t *testing.T) {
	rows := []string{"................", ".......@........", ".......@........", ".......@........",
		"..@@@@@@....@...", "............@...", "............@...", "............@...",
		"@@@@@@.@@@@@@@..", "................", "................", "....@...........",
		"....@...........", "....@...........", "....@...........", "................"}
	mapFile := filepath.Join(t.TempDir(), "walls.map")
	if err := os.WriteFile(mapFile, []byte("type octile\nheight 16\nwidth 16\nmap\n"+strings.Join(rows, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	base := []string{"-map", mapFile, "-algo", "group", "-cluster", "4", "-from", "0,0", "-to", "15,15", "-dump-graph", "-cost", "maximin"}
	_, one, _ := runMain(t, append(base, "-levels", "1")...)
	code, two, errs := runMain(t, append(base, "-levels", "2")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := func(out string) []string {
		var ls []string
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "{") {
				ls = append(ls, l)
			}
		}
		return ls
	}
	l1, l2 := lines(one), lines(two)
	if len(l1) == 0 || len(l2) <= len(l1) || strings.Join(l2[:len(l1)], "\n") != strings.Join(l1, "\n") {
		t.Fatalf("-levels 2 does not print -levels 1's lines first, then more:\n%s\n--\n%s", one, two)
	}
	wantGroups := []string{
		`{"level":2,"group":"(0,0)","members":["(0,0)","(1,0)","(0,1)","(1,1)"]}`,
		`{"level":2,"group":"(1,0)","members":["(2,0)","(3,0)","(2,1)","(3,1)"]}`,
		`{"level":2,"group":"(0,1)","members":["(1,2)","(0,2)","(0,3)","(1,3)"]}`,
		`{"level":2,"group":"(1,1)","members":["(3,2)","(2,2)","(2,3)","(3,3)"]}`,
	}
	rest := l2[len(l1):]
	if strings.Join(rest[:min(4, len(rest))], "\n") != strings.Join(wantGroups, "\n") {
		t.Errorf("level-2 groups:\n%s\nwant\n%s", strings.Join(rest, "\n"), strings.Join(wantGroups, "\n"))
	}
	edge := `{"level":2,"from":"(0,0)","to":"(0,1)","cost":17.071,"costs":{"minimum":1,"maximin":17.071,"avgmin":8.999}}`
	if !slices.Contains(rest, edge) {
		t.Errorf("no level-2 edge %s in\n%s", edge, strings.Join(rest, "\n"))
	}
	// -json: the same objects, in order, as the report's dump_graph.
	code, js, errs := runMain(t, append(base, "-levels", "2", "-json")...)
	if code != 0 {
		t.Fatalf("-json: exit %d: %s", code, errs)
	}
	var rep struct {
		Dump []json.RawMessage `json:"dump_graph"`
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range rep.Dump {
		got = append(got, string(d))
	}
	if strings.Join(got, "\n") != strings.Join(l2, "\n") {
		t.Errorf("-json dump_graph differs from the text lines:\n%s", strings.Join(got, "\n"))
	}
}
