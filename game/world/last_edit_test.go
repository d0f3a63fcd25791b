package world

import (
	"bytes"
	"image"
	"slices"
	"strings"
	"testing"

	"pathlens/assets"
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

// An agent that replans while a stroke goes on logs its replan before the
// stroke's edit line, which comes when the stroke ends; the stroke's first
// change logs a stroke line first, so the replan follows the change it
// reacts to.
func TestStrokeLineComesBeforeTheReplansItCauses(t *testing.T) {
	w, log := mustWorld(t,
		"##################",
		"#................#",
		"#................#",
		"#................#",
		"##################",
	)
	id, err := w.SpawnAgent(image.Pt(1, 2))
	if err != nil {
		t.Fatal(err)
	}
	w.Agents().Select([]int{id}, false)
	if err := w.SendAgents(image.Pt(16, 2), false); err != nil {
		t.Fatal(err)
	}
	for range 10 {
		w.Tick(1.0 / 60)
	}
	// A wall across the corridor but for its top row, painted over frames.
	w.BeginStroke(image.Pt(9, 3), 0)
	for range 10 {
		w.Tick(1.0 / 60)
	}
	w.StrokeTo(image.Pt(9, 2))
	for range 10 {
		w.Tick(1.0 / 60)
	}
	w.EndStroke()
	var kinds []string
	for _, l := range strings.Split(strings.TrimSpace(log.String()), "\n") {
		if f := strings.Fields(l); len(f) > 1 {
			kinds = append(kinds, f[1])
		}
	}
	stroke, replan, edit := slices.Index(kinds, "stroke"), -1, slices.Index(kinds, "edit")
	for i, k := range kinds {
		if k == "replan" && i > 0 && replan < 0 {
			replan = i
		}
	}
	if stroke < 0 || edit < 0 || replan < 0 {
		t.Fatalf("want stroke, replan and edit lines; log:\n%s", log.String())
	}
	if !(stroke < replan && replan < edit) {
		t.Errorf("lines stroke at %d, first replan at %d, edit at %d: want that order; log:\n%s", stroke, replan, edit, log.String())
	}
	if l := strings.Split(strings.TrimSpace(log.String()), "\n")[stroke]; !strings.Contains(l, "kind=fill first=9,3") {
		t.Errorf("stroke line %q", l)
	}
}

// A weight brush dragged across a wall leaves the wall: it dug walls out of
// a pathological case, opening doors between its rooms.
func TestWeightStrokeLeavesWalls(t *testing.T) {
	w, _ := mustWorld(t,
		"#####",
		"#.#.#",
		"#####",
	)
	w.BeginStroke(image.Pt(1, 1), 5)
	w.StrokeTo(image.Pt(3, 1))
	w.EndStroke()
	if w.Grid.Open(image.Pt(2, 1)) {
		t.Error("the weight stroke dug the wall at (2,1)")
	}
	for _, p := range []image.Point{{1, 1}, {3, 1}} {
		if got := w.Grid.Weight(p); got != 5 {
			t.Errorf("open cell %v: weight %d, want 5", p, got)
		}
	}
	if e := w.Edits(); len(e) != 1 || len(e[0].Cells) != 2 {
		t.Errorf("edits %+v, want one of two cells", e)
	}
}

// Where the designer's regions make every level, the build and plan log
// lines both say cluster=regions (the build said 0, the plan the unused
// size 10).
func TestLogNamesRegionsForTheClusterSize(t *testing.T) {
	w, err := Open(assets.Prefix + "pathological-minimum")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w.Log = NewEventLog(&buf)
	w.Begin()
	w.Wait()
	var build, plan string
	for _, l := range strings.Split(buf.String(), "\n") {
		if f := strings.Fields(l); len(f) > 1 && f[1] == "build" {
			build = l
		} else if len(f) > 1 && f[1] == "plan" {
			plan = l
		}
	}
	if !strings.Contains(build, " cluster=regions ") || !strings.Contains(plan, " cluster=regions ") {
		t.Errorf("build %q\nplan %q\nwant cluster=regions in both", build, plan)
	}
}
