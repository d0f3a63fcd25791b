package world

import (
	"os"
	"path/filepath"
	"testing"
)

// Regression (a designer's report): a .scen list dropped on the window was
// not unsaved work, although a save writes its scen line: quitting did not
// ask, and the session reopened without its list. A list added during the
// session (a drop, Ctrl+O) or replaced by another counts, as a placed
// query does; one the session opened with (-scen, the file's scen line)
// does not, as -from/-to do not; the same list added again changes nothing.
func TestScenListIsUnsavedWork(t *testing.T) {
	dir := t.TempDir()
	mapText := "type octile\nheight 2\nwidth 4\nmap\n....\n.@..\n"
	scenText := "version 1\n0\tm.map\t4\t2\t0\t0\t3\t0\t3\n0\tm.map\t4\t2\t0\t1\t3\t1\t3.82842712\n"
	other := "version 1\n0\tm.map\t4\t2\t0\t1\t3\t1\t3.82842712\n"
	for name, text := range map[string]string{"m.map": mapText, "m.map.scen": scenText, "other.scen": other} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var w2 *World // opened with -scen: its rows are added before Begin
	add := func(w *World, name string) {
		t.Helper()
		rows, err := w.ScenRows(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		w.AddScenRows(filepath.Join(dir, name), rows)
		if w != w2 { // dropped: the game opens the first row (addScenRows)
			w.SetEndpoints(rows[0].Start, rows[0].Goal)
		}
	}
	check := func(w *World, what string, dirty bool, text string) {
		t.Helper()
		if w.Dirty() != dirty || w.UnsavedText() != text {
			t.Errorf("%s: Dirty %v, UnsavedText %q; want %v, %q", what, w.Dirty(), w.UnsavedText(), dirty, text)
		}
	}

	// Dropped on a bare map.
	w, err := Open(filepath.Join(dir, "m.map"))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.Begin()
	w.Wait()
	check(w, "a bare map", false, "")
	add(w, "m.map.scen")
	check(w, "a list dropped", true, "unsaved .scen list")
	pls := filepath.Join(dir, "s.pls")
	if err := w.Save(pls); err != nil {
		t.Fatal(err)
	}
	check(w, "saved", false, "")
	add(w, "m.map.scen")
	check(w, "the same list dropped again", false, "")
	add(w, "other.scen")
	check(w, "another list dropped", true, "unsaved .scen list")
	add(w, "m.map.scen")
	check(w, "the saved list dropped back", false, "")
	if err := os.Symlink(dir, filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	add(w, filepath.Join("link", "m.map.scen"))
	check(w, "the saved list dropped back through a link to its folder", false, "")

	// Reopened, the file's list is its own.
	back, err := Open(pls)
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	back.Begin()
	back.Wait()
	check(back, "reopened", false, "")
	add(back, "other.scen")
	check(back, "reopened, another list dropped", true, "unsaved .scen list")

	// -scen adds its list before Begin: opened with, not work.
	w2, err = Open(filepath.Join(dir, "m.map"))
	if err != nil {
		t.Fatal(err)
	}
	defer w2.Close()
	add(w2, "m.map.scen")
	w2.Begin()
	w2.Wait()
	check(w2, "opened with -scen", false, "")
}
