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
	if !strings.HasSuffix(w.Message, "(2 edits, 5 cells)") {
		t.Fatalf("save note %q, want it to end with (2 edits, 5 cells)", w.Message)
	}
}
