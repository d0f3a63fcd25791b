package world

import (
	"image"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnsavedCountsChangesSinceTheSave: the quit dialog's count is the
// edits between the session and its file, not all applied edits (it said
// "3 unsaved edits" right after a save of 3 edits and a fourth). Checked
// against Dirty at every step: undo below the save, redo back to it, a new
// edit overwriting undone saved edits, a stroke in progress.
func TestUnsavedCountsChangesSinceTheSave(t *testing.T) {
	w, _ := mustWorld(t,
		"........",
		"........",
		"........",
	)
	w.Begin()
	dig := func(x int) {
		t.Helper()
		w.BeginStroke(image.Pt(x, 1), 0)
		w.EndStroke()
	}
	check := func(what string, want int, text ...string) {
		t.Helper()
		if got := w.Unsaved(); got != want || w.Dirty() != (want > 0) {
			t.Fatalf("%s: Unsaved %d, Dirty %v; want %d", what, got, w.Dirty(), want)
		}
		// The quit question's words: edits the file lacks, and saved
		// edits undone (a user read "1 unsaved edit" after only an undo).
		if len(text) > 0 && w.UnsavedText() != text[0] {
			t.Errorf("%s: UnsavedText %q, want %q", what, w.UnsavedText(), text[0])
		}
	}
	check("fresh", 0)
	dig(0)
	dig(1)
	dig(2)
	check("three edits", 3, "3 unsaved edits")
	if err := w.Save(filepath.Join(t.TempDir(), "s.pls")); err != nil {
		t.Fatal(err)
	}
	check("saved", 0, "")
	dig(3)
	check("one edit after the save", 1, "1 unsaved edit")
	w.Undo()
	check("undone back to the save", 0)
	w.Undo()
	w.Undo()
	check("two saved edits undone", 2, "2 saved edits undone")
	w.Redo()
	check("one redone", 1, "1 saved edit undone")
	dig(5) // overwrites the third saved edit, which was undone
	check("a new edit over an undone saved one", 2, "1 unsaved edit and 1 saved edit undone")
	w.Undo()
	check("the new edit undone", 1)
	w.Undo()
	check("below the common part", 2)
	w.Redo()
	check("redone into the common part", 1)
	w.Undo()
	dig(7) // truncates below the common part
	check("a second edit over the common part", 3, "1 unsaved edit and 2 saved edits undone")
	w.BeginStroke(image.Pt(6, 0), 0)
	w.StrokeTo(image.Pt(6, 1))
	check("stroke in progress", 4, "2 unsaved edits and 2 saved edits undone")
	w.EndStroke()
	check("stroke ended", 4)
}

// Regression: the save note counted cells ("saved … (157 edits)" for two
// strokes) while the quit question counts edits as undo does.
func TestSaveNoteCountsEditsAndCells(t *testing.T) {
	w, _ := mustWorld(t,
		"........",
		"........",
	)
	w.Begin()
	w.BeginStroke(image.Pt(0, 0), 0)
	w.StrokeTo(image.Pt(3, 0))
	w.EndStroke()
	w.BeginStroke(image.Pt(5, 1), 0)
	w.EndStroke()
	if err := w.Save(filepath.Join(t.TempDir(), "n.pls")); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(w.Message, ": 2 edits (5 cells)") {
		t.Fatalf("save note %q, want it to end with : 2 edits (5 cells)", w.Message)
	}
}

// Regression: Ctrl+S with agents on the map said "0 edits, 0 cells", as if
// nothing had been saved; the note and the log line now count the agents
// the file holds too, and an agent whose goal is walled is said (saved
// idle where it stands, the session left unsaved: the file lacks its goal).
func TestSaveNoteCountsAgents(t *testing.T) {
	w, log := mustWorld(t,
		"........",
		"........",
	)
	w.Begin()
	for _, c := range []image.Point{{0, 0}, {1, 0}, {2, 1}} {
		if _, err := w.SpawnAgent(c); err != nil {
			t.Fatal(err)
		}
	}
	dir := t.TempDir()
	if err := w.Save(filepath.Join(dir, "a.pls")); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(w.Message, ": 3 agents, no terrain edits") {
		t.Fatalf("save note %q, want it to end with : 3 agents, no terrain edits", w.Message)
	}
	if line := lastLine(t, log, "save"); !strings.Contains(line, "edits=0 cells=0 queries=0 agents=3") {
		t.Fatalf("save line %q", line)
	}
	s := w.Agents()
	s.Select([]int{0}, false)
	if err := w.SendAgents(image.Pt(7, 1), false); err != nil {
		t.Fatal(err)
	}
	w.ApplyEdit(Edit{Kind: EditFill, Cells: []CellEdit{{P: image.Pt(7, 1)}, {P: image.Pt(6, 1)}}})
	if err := w.Save(filepath.Join(dir, "b.pls")); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(w.Message, ": 1 edit (2 cells), 3 agents; 1 agent saved idle where it stands (its goal is a wall: send it elsewhere, remove it or undo the fill, and save again); the session stays unsaved until a save keeps everything") {
		t.Fatalf("save note %q", w.Message)
	}
}
