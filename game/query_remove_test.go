package game

import (
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// A teacher who added a wrong query, or an engineer trimming a .scen list,
// had no way to take a query off the session's list. Ctrl+Delete removes
// the query on screen and opens the next (the panel's row on it), says so,
// marks the session unsaved; Ctrl+Z brings it back on screen, Ctrl+Y takes
// it again; a save leaves it out; the last one gone leaves no query; a
// query of the user's own goes too, the list's query it replaced coming
// back; Delete alone still only removes agents, and a recording refuses.
func TestCtrlDeleteRemovesTheQuery(t *testing.T) {
	dir := writeDropFiles(t, map[string]string{"room.map": dropMap})
	list := writeDropFiles(t, map[string]string{"room.scen": scenText("room.map", 8, 5,
		"0\t0\t3\t0\t3", "0\t2\t7\t2\t7", "0\t4\t3\t4\t3")})
	g := sessionGame(t, filepath.Join(dir, "room.map"))
	w := g.w
	var held heldKeys
	fakeKeys(t, &held)
	g.drop(os.DirFS(list))
	w.Wait()
	pls := filepath.Join(dir, "room.pls")
	if err := w.Save(pls); err != nil {
		t.Fatal(err)
	}
	rows := slices.Clone(w.Queries)
	if len(rows) != 3 {
		t.Fatalf("the list's rows: %v", rows)
	}
	shown := func() [2]image.Point { return [2]image.Point{w.Start, w.Goal} }

	press(g, &held, -1, ebiten.KeyF3) // row 2
	w.Wait()
	press(g, &held, -1, ebiten.KeyDelete) // agents' key: the query stays
	if len(w.Queries) != 3 {
		t.Fatalf("Delete alone removed a query: %v", w.Queries)
	}

	press(g, &held, ebiten.KeyControl, ebiten.KeyDelete)
	w.Wait()
	if !slices.Equal(w.Queries, [][2]image.Point{rows[0], rows[2]}) || shown() != rows[2] || g.query != 1 {
		t.Fatalf("Ctrl+Delete on row 2: queries %v, shown %v, query %d; want rows 1 and 3, row 3 shown", w.Queries, shown(), g.query)
	}
	if want := "query 2 of 3 (0,2) → (7,2) removed (Ctrl+Z brings it back); query 2 of 2: (0,4) → (3,4)"; !strings.HasPrefix(w.Message, want) {
		t.Errorf("message %q, want %q", w.Message, want)
	}
	if r, ok := g.panelRow("query"); !ok || r.Value != "2 of 2" {
		t.Errorf("panel's query row %+v %v, want 2 of 2", r, ok)
	}
	if !w.Dirty() || w.UnsavedText() != "unsaved queries" {
		t.Errorf("after the removal: Dirty %v %q", w.Dirty(), w.UnsavedText())
	}
	if log := strings.Join(logged(g), "\n"); !strings.Contains(log, "query_removed index=2 from=0,2 to=7,2 left=2 scen_row=2") {
		t.Errorf("no query_removed line:\n%s", log)
	}

	press(g, &held, ebiten.KeyControl, ebiten.KeyZ)
	w.Wait()
	if !slices.Equal(w.Queries, rows) || shown() != rows[1] || g.query != 1 || w.Dirty() {
		t.Fatalf("Ctrl+Z: queries %v, shown %v, query %d, dirty %v; want the 3 rows, row 2 shown, saved", w.Queries, shown(), g.query, w.Dirty())
	}
	if !strings.Contains(w.Message, "is back in the list") {
		t.Errorf("Ctrl+Z's message %q", w.Message)
	}
	press(g, &held, ebiten.KeyControl, ebiten.KeyY)
	w.Wait()
	if !slices.Equal(w.Queries, [][2]image.Point{rows[0], rows[2]}) || shown() != rows[2] || g.query != 1 {
		t.Fatalf("Ctrl+Y: queries %v, shown %v, query %d", w.Queries, shown(), g.query)
	}

	// Saved and reopened: row 2 is not there, and the .scen is untouched.
	if err := w.Save(pls); err != nil {
		t.Fatal(err)
	}
	back, err := world.Open(pls)
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	if slices.Contains(back.Queries, rows[1]) || len(back.Queries) != 2 {
		t.Errorf("reopened: %v, want rows 1 and 3", back.Queries)
	}
	if data, _ := os.ReadFile(filepath.Join(list, "room.scen")); strings.Count(string(data), "\n") != 4 {
		t.Errorf("the .scen was written:\n%s", data)
	}

	// A query of the user's own goes, and the list's it replaced comes back.
	mine := [2]image.Point{{1, 4}, {6, 3}}
	w.SetEndpoints(mine[0], mine[1])
	w.Wait()
	press(g, &held, ebiten.KeyControl, ebiten.KeyDelete)
	w.Wait()
	if len(w.Queries) != 2 || shown() != rows[2] || g.query != 1 || w.Dirty() {
		t.Errorf("Ctrl+Delete on the user's query: queries %v, shown %v, query %d, dirty %v", w.Queries, shown(), g.query, w.Dirty())
	}
	press(g, &held, ebiten.KeyControl, ebiten.KeyZ)
	w.Wait()
	if len(w.Queries) != 3 || w.Queries[2] != mine || shown() != mine || g.query != 2 {
		t.Errorf("Ctrl+Z of the user's query: queries %v, shown %v, query %d", w.Queries, shown(), g.query)
	}

	// A recording shows the query: refused. (A timeline recording holds
	// the keys itself; a live one, of agents running, lets them through.)
	g.recording = &recording{live: true}
	g.removeQuery()
	g.recording = nil
	if len(w.Queries) != 3 || !w.MessageErr || !strings.Contains(w.Message, "a recording is under way") {
		t.Errorf("Ctrl+Delete while recording: queries %v, message %q", w.Queries, w.Message)
	}

	// Every query removed: none is left on screen.
	for range 3 {
		press(g, &held, ebiten.KeyControl, ebiten.KeyDelete)
		w.Wait()
	}
	if len(w.Queries) != 0 || w.HasStart || w.HasGoal || !strings.Contains(w.Message, "no query is left: click a start and a goal") {
		t.Errorf("all removed: queries %v, start %v goal %v, message %q", w.Queries, w.HasStart, w.HasGoal, w.Message)
	}
	press(g, &held, ebiten.KeyControl, ebiten.KeyDelete)
	if !strings.HasPrefix(w.Message, "no query to remove") {
		t.Errorf("Ctrl+Delete with none: %q", w.Message)
	}
}
