package world

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"pathlens/maps"
)

// Regression (new-user test): a session saved at event 11 of its query
// ("set cursor 11"), reopened with -scen to run a list on the same map,
// opened on the list's first row (the rows go first) at event 11 of that
// row's timeline, a step the file never saved. The saved step now goes
// with the file's own first query only.
func TestFileCursorGoesWithTheSavedQuery(t *testing.T) {
	dir := t.TempDir()
	pls := filepath.Join(dir, "case.pls")
	src := "pathlens-scenario 1\nset algo astar\nset cursor 11\nmap inline\n" +
		"##########\n#........#\n#........#\n##########\nend\nquery 1,1 8,2\n"
	if err := os.WriteFile(pls, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	open := func() *World {
		w, err := Open(pls)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(w.Close)
		return w
	}
	w := open()
	w.Begin()
	w.Wait()
	if got := w.FileCursor(); got != "11" {
		t.Errorf("the file's own query: FileCursor %q, want 11", got)
	}
	// With a list's rows before it, the first row is opened: no step of
	// the file's is placed on it.
	w = open()
	w.AddScenRows("case.scen", []maps.ScenRow{{Start: image.Pt(2, 1), Goal: image.Pt(5, 2), Optimal: 3.41421356}})
	w.Begin()
	w.Wait()
	if w.Start != image.Pt(2, 1) {
		t.Fatalf("opened on %v→%v, want the list's first row", w.Start, w.Goal)
	}
	if got := w.FileCursor(); got != "" {
		t.Errorf("a row of the list on screen: FileCursor %q, want none", got)
	}
}
