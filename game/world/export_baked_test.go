package world

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/maps"
)

// Regression (a level designer, rt/level.pls): a .pls with 3 edits on
// level.tmx, exported over level.tmx (Ctrl+Shift+S, the overwrite
// confirmed), then quit and reopened, loaded with edits=0: its dig and
// fill lines changed nothing on the map that now held them, so they were
// dropped without a word, Ctrl+Z had nothing to undo, and the next Ctrl+S
// rewrote the .pls without them. Now the export says the edits are part
// of the map and the undo history starts there, the .pls (which lists
// them) is unsaved until Ctrl+S writes it without them, saying so; and a
// .pls reopened unsaved says its lines change nothing and that the next
// save leaves them out, as that save then does.
func TestExportOverTheSourceMapBakesTheEdits(t *testing.T) {
	dir := t.TempDir()
	const level = "......\n..##..\n......\n......\n"
	if err := os.WriteFile(filepath.Join(dir, "level.txt"), []byte(level), 0o644); err != nil {
		t.Fatal(err)
	}
	const pls = "pathlens-scenario 1\nmap level.txt\nquery 0,0 5,3\ndig 2,1\nstroke\nfill 4,2\nstroke\nfill 1,3\n"
	// Reopened as it was saved, and the export done again from it.
	open := func() *World {
		w := openText(t, dir, "level.pls", pls)
		if w.EditCount() != 3 || !w.CanUndo() || w.Dirty() {
			t.Fatalf("opened: %d edits, can undo %v, dirty %v; want 3, true, false", w.EditCount(), w.CanUndo(), w.Dirty())
		}
		return w
	}

	// 1. Exported over its map, then saved.
	w := open()
	mapPath := filepath.Join(dir, "level.txt")
	want := w.Grid.Clone()
	if err := w.ExportMap(mapPath, maps.FormatASCII); err != nil {
		t.Fatal(err)
	}
	for _, part := range []string{"level.txt is the map this session was loaded from", "3 edits are part of it now, and the undo history starts here", "level.pls still lists 3 edits: Ctrl+S writes it without them"} {
		if !strings.Contains(w.Message, part) {
			t.Errorf("export note lacks %q:\n%s", part, w.Message)
		}
	}
	if w.CanUndo() {
		t.Error("after the export Ctrl+Z can still take back edits the map file now holds")
	}
	if !w.Dirty() || !strings.Contains(w.UnsavedText(), "3 stale edits (now in the map)") {
		t.Errorf("after the export: dirty %v, unsaved %q; want the .pls's 3 listed edits unsaved", w.Dirty(), w.UnsavedText())
	}
	if !w.Grid.Equal(want) {
		t.Error("the export changed the terrain on screen")
	}
	plsPath := filepath.Join(dir, "level.pls")
	if err := w.Save(plsPath); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(w.Message, "3 edits left out, exported into level.txt, which holds them now (undo starts there)") {
		t.Errorf("save note: %q; want it to say the 3 edits went into level.txt", w.Message)
	}
	if w.Dirty() {
		t.Errorf("saved, still unsaved: %q", w.UnsavedText())
	}
	got, err := os.ReadFile(plsPath)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(got), "dig") || strings.Contains(string(got), "fill") {
		t.Errorf("the saved .pls still lists edits of the old map:\n%s", got)
	}
	again, err := Open(plsPath)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if !again.Grid.Equal(want) || len(again.LoadNotes()) != 0 {
		t.Errorf("reopened: same terrain %v, notes %q; want the edited terrain and no note", again.Grid.Equal(want), again.LoadNotes())
	}

	// 2. Exported over its map, quit without saving, reopened.
	if err := os.WriteFile(mapPath, []byte(level), 0o644); err != nil {
		t.Fatal(err)
	}
	w = open()
	if err := w.ExportMap(mapPath, maps.FormatASCII); err != nil {
		t.Fatal(err)
	}
	r, err := Open(plsPath) // the .pls as it was: its 3 edit lines
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	r.Begin()
	r.Wait()
	notes := strings.Join(r.LoadNotes(), " | ")
	if !strings.Contains(notes, "3 edited cells of level.pls change nothing on level.txt") || !strings.Contains(notes, "a save writes the edits without them") {
		t.Errorf("reopened after the export: notes %q; want the idle edit lines named", notes)
	}
	if !r.Grid.Equal(want) {
		t.Error("reopened after the export: not the exported terrain")
	}
	if err := r.Save(plsPath); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Message, "3 edited cells that changed nothing on level.txt left out") {
		t.Errorf("save note %q: the edit lines it drops are not named", r.Message)
	}

	// 3. An export elsewhere changes nothing of the session.
	if err := os.WriteFile(mapPath, []byte(level), 0o644); err != nil {
		t.Fatal(err)
	}
	w = open()
	if err := w.ExportMap(filepath.Join(dir, "v2.txt"), maps.FormatASCII); err != nil {
		t.Fatal(err)
	}
	if !w.CanUndo() || w.EditCount() != 3 || w.Dirty() || strings.Contains(w.Message, "undo") {
		t.Errorf("an export to another file: can undo %v, %d edits, dirty %v, note %q", w.CanUndo(), w.EditCount(), w.Dirty(), w.Message)
	}
}

// Regression (a review): with the file's 3 edits undone and the terrain
// exported over the map, the note, the quit question and the save all
// said the 3 edits were now in the map, which holds none of them, and
// that quitting unsaved was harmless (reopened, the .pls applies them
// again). Undone listed edits are counted as undone saved edits, and the
// save says it leaves them out because they were undone.
func TestExportOverTheSourceMapWithItsEditsUndone(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "level.txt"), []byte("......\n..##..\n......\n......\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w := openText(t, dir, "level.pls", "pathlens-scenario 1\nmap level.txt\nquery 0,0 5,3\ndig 2,1\nstroke\nfill 4,2\nstroke\nfill 1,3\n")
	w.Undo()
	w.Undo() // two of the three undone; one (dig 2,1) stays applied
	if err := w.ExportMap(filepath.Join(dir, "level.txt"), maps.FormatASCII); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(w.Message, "1 edit is part of it now") || !strings.Contains(w.Message, "level.pls still lists 3 edits (2 undone, which the map lacks)") {
		t.Errorf("export note: %q", w.Message)
	}
	if u := w.UnsavedText(); !strings.Contains(u, "1 stale edit (now in the map)") || !strings.Contains(u, "2 saved edits undone") {
		t.Errorf("unsaved text %q, want 1 stale edit in the map and 2 saved edits undone", u)
	}
	if err := w.Save(filepath.Join(dir, "level.pls")); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(w.Message, "1 edit left out, exported into level.txt") || !strings.Contains(w.Message, "2 undone edits left out (undone before the export)") {
		t.Errorf("save note %q", w.Message)
	}
	if w.Dirty() {
		t.Errorf("saved, still unsaved: %q", w.UnsavedText())
	}
}
