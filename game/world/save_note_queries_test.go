package world

import (
	"image"
	"path/filepath"
	"strings"
	"testing"
)

// Regression (a designer's report): a session whose save wrote only
// queries, no terrain edits, was told "saved …: no edits", as if the file
// held nothing of the session's work. The note says what the file holds
// that matters: the edits, the queries, the .scen list, the agents and the
// rooms, and that the terrain is as loaded after those.
func TestSaveNoteSaysTheQueries(t *testing.T) {
	w, log := mustWorld(t,
		"........",
		"........",
		"........",
	)
	w.Begin()
	defer w.Close()
	w.Wait()
	dir := t.TempDir()
	save := func(name, want string) {
		t.Helper()
		if err := w.Save(filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(w.Message, ": "+want) {
			t.Errorf("save note %q, want it to end with %q", w.Message, ": "+want)
		}
	}
	save("empty.pls", "no edits, queries or agents")
	w.SetEndpoints(image.Pt(0, 0), image.Pt(7, 2))
	save("one.pls", "1 query, no terrain edits")
	if line := lastLine(t, log, "save"); !strings.Contains(line, "edits=0 cells=0 queries=1 agents=0") {
		t.Errorf("save line %q", line)
	}
	w.Queries = append(w.Queries, [2]image.Point{{1, 1}, {6, 1}})
	if _, err := w.SpawnAgent(image.Pt(2, 2)); err != nil {
		t.Fatal(err)
	}
	save("two.pls", "2 queries, 1 agent, no terrain edits")
	w.BeginStroke(image.Pt(4, 0), 0)
	w.EndStroke()
	save("edit.pls", "1 edit (1 cell), 2 queries, 1 agent")
}

// The same with a .scen list: the file refers to it with one scen line,
// said as the list with its rows; a row on screen, written first so that
// the file reopens on it, is one of the list's, not a query of the file's
// own.
func TestSaveNoteSaysTheScenList(t *testing.T) {
	w, dir := twoRowScenWorld(t)
	if err := w.Save(filepath.Join(dir, "s.pls")); err != nil {
		t.Fatal(err)
	}
	if want := ": the list m.map.scen (2 rows), no terrain edits"; !strings.HasSuffix(w.Message, want) {
		t.Errorf("save note %q, want it to end with %q", w.Message, want)
	}
	w.SetEndpoints(image.Pt(2, 0), image.Pt(3, 1))
	if err := w.Save(filepath.Join(dir, "s.pls")); err != nil {
		t.Fatal(err)
	}
	if want := ": 1 query, the list m.map.scen (2 rows), no terrain edits"; !strings.HasSuffix(w.Message, want) {
		t.Errorf("save note %q, want it to end with %q", w.Message, want)
	}
}
