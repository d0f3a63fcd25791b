package world

import (
	"image"
	"slices"
	"strings"
	"testing"

	"pathlens/maps"
)

// LastEdited names the cells of the last stroke, undo or redo while the
// grid has not changed since (the view marks them on a map zoomed out too
// far to see one cell), and forgets them at the next edit.
func TestLastEditedIsTheLastEditsCells(t *testing.T) {
	m, err := maps.ReadASCII(strings.NewReader(strings.Repeat("........\n", 6)), "open")
	if err != nil {
		t.Fatal(err)
	}
	w := New(m)
	w.Begin()
	w.Wait()
	if got := w.LastEdited(); got != nil {
		t.Fatalf("no edit yet: last edited %v", got)
	}
	cells := func() []image.Point {
		var ps []image.Point
		for _, i := range w.LastEdited() {
			if p := w.Grid.Point(int(i)); !slices.Contains(ps, p) {
				ps = append(ps, p)
			}
		}
		return ps
	}
	a, b, c := image.Pt(2, 1), image.Pt(3, 1), image.Pt(6, 4)
	w.BeginStroke(a, 0)
	w.StrokeTo(b)
	if got := cells(); !slices.Equal(got, []image.Point{a, b}) {
		t.Errorf("stroke in progress: last edited %v, want %v", got, []image.Point{a, b})
	}
	w.EndStroke()
	if got := cells(); !slices.Equal(got, []image.Point{a, b}) {
		t.Errorf("after the stroke: last edited %v, want %v", got, []image.Point{a, b})
	}
	w.BeginStroke(c, 0)
	w.EndStroke()
	if got := cells(); !slices.Equal(got, []image.Point{c}) {
		t.Errorf("after a second stroke: last edited %v, want only %v", got, c)
	}
	w.Undo()
	if got := cells(); !slices.Equal(got, []image.Point{c}) || !w.Grid.Open(c) {
		t.Errorf("after undo: last edited %v, want %v dug again", got, c)
	}
	w.Undo()
	if got := cells(); len(got) != 2 || !slices.Contains(got, a) || !slices.Contains(got, b) {
		t.Errorf("after the second undo: last edited %v, want %v and %v", got, a, b)
	}
	w.Redo()
	w.ApplyEdit(Edit{Kind: EditFill, Cells: []CellEdit{{P: c, New: 0}}})
	if got := cells(); !slices.Equal(got, []image.Point{c}) {
		t.Errorf("after ApplyEdit: last edited %v, want %v", got, c)
	}
	// A stroke that changes nothing (weight 1 on a cell of weight 1)
	// leaves no mark.
	w.BeginStroke(image.Pt(0, 0), 1)
	w.EndStroke()
	if got := cells(); len(got) != 0 {
		t.Errorf("after a stroke that changed nothing: last edited %v", got)
	}
}
