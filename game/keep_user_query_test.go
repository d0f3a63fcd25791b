package game

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/game/world"
)

// Regression (a designer's session on 8room_000 with its .scen): a query
// placed by hand, then F3 to look at the next row, was gone: F3 replaced
// it with the row, nothing held it any more, the title lost its unsaved
// mark and quitting did not ask. The user's query is now kept at the end
// of the session's queries (F3 comes back to it, a save writes it), and the
// note says where; the same for Ctrl+G K, F4 and a .scen list dropped over
// it. A finished batch still holds: its rows are where they were.
func TestF3KeepsTheUsersQuery(t *testing.T) {
	dir := writeDropFiles(t, map[string]string{"room.map": dropMap})
	list := writeDropFiles(t, map[string]string{"room.scen": scenText("room.map", 8, 5, "0\t0\t7\t0\t7", "0\t2\t7\t2\t7")})
	g := sessionGame(t, filepath.Join(dir, "room.map"))
	w := g.w
	g.drop(os.DirFS(list))
	w.Wait()
	w.StartBatch()
	w.WaitBatch()
	pls := filepath.Join(dir, "room.pls")
	if err := w.Save(pls); err != nil {
		t.Fatal(err)
	}
	mine := [2]image.Point{{1, 4}, {6, 3}}
	w.SetEndpoints(mine[0], mine[1])
	w.Wait()
	if !w.Dirty() {
		t.Fatal("a query placed: not unsaved")
	}
	g.stepQuery(+1)
	w.Wait()
	if len(w.Queries) != 3 || w.Queries[2] != mine {
		t.Fatalf("F3 after a query of the user's: queries %v, want the list's 2 then %v", w.Queries, mine)
	}
	if !strings.Contains(w.Message, "your query (1,4) → (6,3) kept as query 3") {
		t.Errorf("F3's note %q, want it to say where the user's query went", w.Message)
	}
	if !w.Dirty() || w.UnsavedText() != "unsaved queries" {
		t.Errorf("the user's query kept: Dirty %v %q, want unsaved queries", w.Dirty(), w.UnsavedText())
	}
	if st := w.BatchStale(); st != "" {
		t.Errorf("the batch after a query was kept: stale %q", st)
	}
	// F3 again: the user's query was kept once, and F3 reaches it.
	g.stepQuery(+1)
	w.Wait()
	if len(w.Queries) != 3 || w.Start != mine[0] || w.Goal != mine[1] {
		t.Errorf("F3 to the end of the list: queries %v, shown %v→%v, want the user's query", w.Queries, w.Start, w.Goal)
	}
	// F4 from another query of the user's keeps it too, and opens the row.
	other := [2]image.Point{{0, 4}, {7, 4}}
	w.SetEndpoints(other[0], other[1])
	w.Wait()
	g.openWorst(+1)
	w.Wait()
	if len(w.Queries) != 4 || w.Queries[3] != other || !strings.Contains(w.Message, "kept as query 4") {
		t.Errorf("F4 after a query of the user's: queries %v, message %q", w.Queries, w.Message)
	}
	if !strings.HasPrefix(w.Message, "worst 1 of") {
		t.Errorf("F4 refused after a query was kept: %q", w.Message)
	}
	// A list dropped over a query of the user's keeps it, said with the
	// number it has after the new rows.
	third := [2]image.Point{{2, 4}, {5, 4}}
	w.SetEndpoints(third[0], third[1])
	w.Wait()
	g.drop(os.DirFS(writeDropFiles(t, map[string]string{"one.scen": scenText("room.map", 8, 5, "0\t0\t3\t0\t3")})))
	w.Wait()
	if n := len(w.Queries); n != 4 || w.Queries[3] != third || !strings.Contains(w.Message, "your query (2,4) → (5,4) kept as query 4") {
		t.Errorf("a list dropped over a query of the user's: queries %v, message %q", w.Queries, w.Message)
	}
	if err := w.Save(pls); err != nil {
		t.Fatal(err)
	}
	back, err := world.Open(pls)
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	for _, q := range [][2]image.Point{mine, other, third} {
		found := false
		for _, b := range back.Queries {
			found = found || b == q
		}
		if !found {
			t.Errorf("reopened: queries %v, want %v among them", back.Queries, q)
		}
	}
}
