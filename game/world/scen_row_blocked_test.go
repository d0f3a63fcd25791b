package world

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Regression (a designer's session on 8room_000 with its .scen): a wall
// painted over the goal of the .scen row on screen, then Ctrl+S, said "1
// query left out: an endpoint is blocked; the session stays unsaved until a
// save keeps everything", and the session stayed unsaved ("1 query on
// blocked cells (not in the file)") whatever was saved: but the row is in
// the file, through its scen line, and reopened the list still has it
// (F3 refuses it, naming the cell). Nothing is left out, and the save
// leaves the session saved.
func TestBlockedScenRowOnScreenIsNotLeftOut(t *testing.T) {
	w, dir := twoRowScenWorld(t)
	if w.Start != image.Pt(0, 0) || w.Goal != image.Pt(3, 0) {
		t.Fatalf("opened on %v→%v, want row 1", w.Start, w.Goal)
	}
	w.ApplyEdit(Edit{Kind: EditFill, Cells: []CellEdit{{P: image.Pt(3, 0)}}}) // the row's goal
	pls := filepath.Join(dir, "s.pls")
	if err := w.Save(pls); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(w.Message, "left out") || strings.Contains(w.Message, "stays unsaved") {
		t.Errorf("save note %q: the row is in the file, through its list", w.Message)
	}
	if w.Dirty() {
		t.Errorf("saved with the row on screen walled: still unsaved (%q)", w.UnsavedText())
	}
	back, err := Open(pls)
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	if len(back.Queries) != 2 || back.Queries[0] != [2]image.Point{{0, 0}, {3, 0}} {
		t.Errorf("reopened: queries %v, want the list's 2 rows", back.Queries)
	}
}

// twoRowScenWorld opens, in a new folder (returned), a 4×2 Moving AI map
// with a .scen list of two rows beside it, the rows added to the session
// and the first planned. It is closed when the test ends.
func twoRowScenWorld(t *testing.T) (*World, string) {
	t.Helper()
	dir := t.TempDir()
	mapText := "type octile\nheight 2\nwidth 4\nmap\n....\n.@..\n"
	scenText := "version 1\n0\tm.map\t4\t2\t0\t0\t3\t0\t3\n0\tm.map\t4\t2\t0\t1\t3\t1\t3.82842712\n"
	for name, text := range map[string]string{"m.map": mapText, "m.map.scen": scenText} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w, err := Open(filepath.Join(dir, "m.map"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	scen := filepath.Join(dir, "m.map.scen")
	rows, err := w.ScenRows(scen)
	if err != nil {
		t.Fatal(err)
	}
	w.AddScenRows(scen, rows)
	w.Begin()
	w.Wait()
	return w, dir
}

// Regression (a new user's trial: -scen with a row whose start is a wall
// of the map): the window took the list without a word, and the row,
// opened by F3 or -query, said only "start: cell (0,0) is blocked", as if
// the user had clicked it, with no file or line, while cmd/bench refused
// the list naming the line. The window now refuses it the same way; a row
// that only this session's edits wall is still the list's (F3 refuses it
// then, naming the cell).
func TestScenRowOnAWallOfTheMapIsRefused(t *testing.T) {
	dir := t.TempDir()
	mapText := "type octile\nheight 2\nwidth 4\nmap\n....\n.@..\n"
	bad := "version 1\n0\tm.map\t4\t2\t0\t0\t3\t0\t3\n0\tm.map\t4\t2\t1\t1\t3\t1\t2\n"
	good := "version 1\n0\tm.map\t4\t2\t0\t0\t3\t0\t3\n0\tm.map\t4\t2\t0\t1\t3\t1\t3.82842712\n"
	for name, text := range map[string]string{"m.map": mapText, "bad.scen": bad, "good.scen": good} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w, err := Open(filepath.Join(dir, "m.map"))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	_, err = w.ScenRows(filepath.Join(dir, "bad.scen"))
	if err == nil {
		t.Fatal("a row starting on a wall of the map: no error")
	}
	for _, want := range []string{"bad.scen:3", "(1,1)", "blocked", "start"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %q", err, want)
		}
	}
	// Walled by this session, not by the map: the list still loads.
	w.ApplyEdit(Edit{Kind: EditFill, Cells: []CellEdit{{P: image.Pt(3, 1)}}})
	if _, err := w.ScenRows(filepath.Join(dir, "good.scen")); err != nil {
		t.Errorf("a row whose goal only this session's edit walls: %v", err)
	}
}

// MapOpen answers for the map as loaded, whatever the edits since.
func TestMapOpenIsTheMapBeforeEdits(t *testing.T) {
	w, _ := twoRowScenWorld(t)
	wall, open := image.Pt(1, 1), image.Pt(2, 1)
	if w.MapOpen(wall) || !w.MapOpen(open) {
		t.Fatalf("before any edit: MapOpen(wall %v) = %v, MapOpen(open %v) = %v", wall, w.MapOpen(wall), open, w.MapOpen(open))
	}
	w.ApplyEdit(Edit{Kind: EditFill, Cells: []CellEdit{{P: open}}})
	w.ApplyEdit(Edit{Kind: EditDig, Cells: []CellEdit{{P: wall, New: 1}}})
	if w.Grid.Open(open) || !w.Grid.Open(wall) {
		t.Fatalf("the edits did not change the grid")
	}
	if w.MapOpen(wall) || !w.MapOpen(open) {
		t.Errorf("after filling %v and digging %v: MapOpen says %v and %v, want the map as loaded", open, wall, w.MapOpen(open), w.MapOpen(wall))
	}
	if w.MapOpen(image.Pt(9, 9)) {
		t.Errorf("a cell off the map is open")
	}
}
