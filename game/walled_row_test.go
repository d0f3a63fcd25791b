package game

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/pathing"
	"pathlens/render"
)

// Regression (a new user's trial: arena with its .scen, the goal of row 2
// filled, then F3): the panel's row turned from "query 1 of 160" to "your
// query (1,12)→?", as if the user had clicked a start, and the message,
// "goal: cell (1,10) is blocked: pick an open cell", named no row, while
// F3 went on to row 3. The row keeps its number, saying which end is
// walled, and the message names the row and what to do.
func TestF3OnARowWalledByAnEditKeepsItsNumber(t *testing.T) {
	wd, err := world.Open(assets.Prefix + "textbook-groups")
	if err != nil {
		t.Fatal(err)
	}
	wd.Begin()
	wd.Wait()
	g := drawnOn(t, wd, 1280, 800)
	if len(wd.Queries) < 2 {
		t.Fatalf("textbook-groups has %d queries; the test needs two", len(wd.Queries))
	}
	q := wd.Queries[1]
	if q[1] == wd.Start || q[1] == wd.Goal {
		t.Fatalf("query 2's goal %v is an endpoint on screen: cannot wall it", q[1])
	}
	wd.ApplyEdit(world.Edit{Kind: world.EditFill, Cells: []world.CellEdit{{P: q[1], New: pathing.Blocked}}})
	wd.Wait()
	g.stepQuery(+1)
	wd.Wait()
	var row render.SwitchRow
	for _, r := range g.switchRows() {
		if r.Label == "query" || r.Label == "your query" {
			row = r
		}
	}
	if row.Label != "query" || !strings.HasPrefix(row.Value, "2 of 2") || !strings.Contains(row.Value, "goal walled") {
		t.Errorf("F3 onto a row whose goal an edit walled: row %+v, want query 2 of 2 saying the goal is walled", row)
	}
	for _, want := range []string{"query 2 of 2", "goal", "blocked", cellText(q[1]), "walled by an edit", "F3"} {
		if !strings.Contains(wd.Message, want) {
			t.Errorf("message %q does not say %q", wd.Message, want)
		}
	}
}

// A scenario's "scen" line is checked for size and map name only, so a
// row on a wall of the map file itself comes in (-scen refuses such a
// list); F3 onto it must not blame an edit there is none of.
func TestF3OnARowOnAWallOfTheMapSaysSo(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"m.map":  "type octile\nheight 2\nwidth 4\nmap\n....\n.@..\n",
		"m.scen": "version 1\n0\tm.map\t4\t2\t0\t0\t3\t0\t3\n0\tm.map\t4\t2\t0\t1\t1\t1\t1\n",
		"s.pls":  "pathlens-scenario 1\nmap m.map\nscen m.scen\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wd, err := world.Open(filepath.Join(dir, "s.pls"))
	if err != nil {
		t.Skipf("the scenario's list with a row on a wall is refused at load (%v): nothing for F3 to say", err)
	}
	wd.Begin()
	wd.Wait()
	g := drawnOn(t, wd, 1280, 800)
	if len(wd.Queries) != 2 {
		t.Fatalf("queries %v, want the list's 2 rows", wd.Queries)
	}
	g.stepQuery(+1)
	wd.Wait()
	if !strings.Contains(wd.Message, "query 2 of 2") || !strings.Contains(wd.Message, "a wall of the map") || strings.Contains(wd.Message, "edit") {
		t.Errorf("F3 onto a row on a wall of the map file: message %q, want it named as the map's wall, not an edit's", wd.Message)
	}
}
