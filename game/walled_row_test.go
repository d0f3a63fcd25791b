package game

import (
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
	for _, want := range []string{"query 2 of 2", "goal", "blocked", cellText(q[1]), "F3"} {
		if !strings.Contains(wd.Message, want) {
			t.Errorf("message %q does not say %q", wd.Message, want)
		}
	}
}
