package world

import (
	"image"
	"testing"
)

// farOpenCell returns an open cell of w that is neither endpoint nor on
// the answer's path, as far from the start as can be found.
func farOpenCell(t *testing.T, w *World) image.Point {
	t.Helper()
	on := map[image.Point]bool{}
	for _, p := range w.Outcome.Path {
		on[p] = true
	}
	best, bd := image.Point{-1, -1}, -1
	for y := 0; y < w.Grid.Height(); y++ {
		for x := 0; x < w.Grid.Width(); x++ {
			p := image.Pt(x, y)
			if !w.Grid.Open(p) || on[p] || p == w.Start || p == w.Goal {
				continue
			}
			d := iabs(p.X-w.Start.X) + iabs(p.Y-w.Start.Y)
			if d > bd {
				best, bd = p, d
			}
		}
	}
	if bd < 0 {
		t.Fatal("no open cell off the path")
	}
	return best
}

// The teacher's finding: stepped into an HPA* query (Home, Shift+. a few
// times), a wall painted with the right mouse button threw the timeline
// to its end with no note, while a switch keeps the place. A dig or fill,
// and its undo and redo, keep it as a switch does: the same phase, as far
// in, else the start of the same stage.
func TestEditKeepsTheTimelinePlace(t *testing.T) {
	w, buf := hpaStepped(t, "insert S L2")
	check := func(what string) {
		t.Helper()
		w.Wait()
		if w.Timeline.AtEnd() || w.Play.Playing {
			t.Fatalf("after %s: cursor %d of %d (playing %v), want the place kept", what, w.Timeline.Cursor(), w.Timeline.Len(), w.Play.Playing)
		}
		if got := w.PhaseName(); got != "insert S L2" {
			t.Errorf("after %s: cursor %d in %q, want it in insert S L2", what, w.Timeline.Cursor(), got)
		}
	}
	cell := farOpenCell(t, w)
	off := buf.Len()
	w.BeginStrokeWith(cell, Brush{Mode: PaintFill})
	w.EndStroke()
	if w.Grid.Open(cell) {
		t.Fatalf("the fill at %v changed nothing", cell)
	}
	check("a fill")
	if countLines(buf, off, "seek") == 0 {
		t.Error("the kept place is not logged as a seek line")
	}
	w.Undo()
	check("its undo")
	w.Redo()
	check("its redo")
	// At the end it stays at the end: the answer's end shows.
	w.SeekTo(w.Timeline.Len())
	w.Undo()
	w.Wait()
	if !w.Timeline.AtEnd() {
		t.Errorf("an edit at the timeline's end moved the cursor to %d of %d", w.Timeline.Cursor(), w.Timeline.Len())
	}
}

// From a designer's test: a room stroke (Ctrl+R) made while stepping
// through a group-hierarchy query threw the cursor to the end, where a
// dig or fill keeps the place. It keeps it too, and so do its undo and
// redo.
func TestRoomStrokeKeepsTheTimelinePlace(t *testing.T) {
	w := openBuiltin(t, "pathological-minimum")
	w.Begin()
	w.Wait()
	if w.Settings.Algo != AlgoGroup {
		t.Fatalf("the case plans with %v: the test wants the group hierarchy", w.Settings.Algo)
	}
	seekPhase(t, w, "cells")
	check := func(what string) {
		t.Helper()
		w.Wait()
		if w.Timeline.AtEnd() || Stage(w.PhaseName()) != "cells" {
			t.Errorf("after %s: cursor %d of %d in %q, want the place kept in cells", what, w.Timeline.Cursor(), w.Timeline.Len(), w.PhaseName())
		}
	}
	cell := farOpenCell(t, w)
	w.BeginRoomStroke(cell, 1, 'Z', 1)
	w.EndRoomStroke()
	if w.RoomAt(cell, 1) != 'Z' {
		t.Fatalf("the room stroke at %v painted nothing", cell)
	}
	check("a room stroke")
	w.Undo()
	check("its undo")
	w.Redo()
	check("its redo")
}
