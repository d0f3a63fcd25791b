package world

import (
	"bytes"
	"image"
	"math"
	"strings"
	"testing"

	"pathlens/game/world/agents"
	"pathlens/maps"
	"pathlens/pathing"
)

// openWorld is a w×h session of open cells but for walls, planned with
// algo (its hierarchy built), logging to the buffer returned.
func openWorld(t *testing.T, w, h int, algo Algo, walls ...image.Point) (*World, *bytes.Buffer) {
	t.Helper()
	g, err := pathing.NewGrid(w, h)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range walls {
		g.SetOpen(p, false)
	}
	s := New(maps.NewMap("open", g))
	t.Cleanup(s.Close)
	log := &bytes.Buffer{}
	s.Log = NewEventLog(log)
	s.Settings.Algo = algo
	s.Begin()
	s.Wait()
	if algo.Hierarchical() && s.Hierarchy() == nil {
		t.Fatalf("no %v hierarchy built", algo)
	}
	return s, log
}

// chebyshevToPath is the Chebyshev distance from c to the polyline through
// pts, sampled finely enough (1/16 cell) that it is never under the true
// distance by more than 1/32 of a cell, and never over it.
func chebyshevToPath(c image.Point, pts []image.Point) float64 {
	best := math.Inf(1)
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		n := 16 * max(iabs(b.X-a.X), iabs(b.Y-a.Y), 1)
		for k := 0; k <= n; k++ {
			t := float64(k) / float64(n)
			x := float64(a.X) + t*float64(b.X-a.X)
			y := float64(a.Y) + t*float64(b.Y-a.Y)
			best = min(best, max(math.Abs(float64(c.X)-x), math.Abs(float64(c.Y)-y)))
		}
	}
	return best
}

// countLines counts the log lines of kind written since offset off.
func countLines(log *bytes.Buffer, off int, kind string) int {
	n := 0
	for _, l := range strings.Split(log.String()[off:], "\n") {
		if f := strings.Fields(l); len(f) > 1 && f[1] == kind {
			n++
		}
	}
	return n
}

// A level designer's fill with a one-cell brush missed the end of a
// corridor on a fitted 512×512 map. A 5-cell brush dragged in two long
// jumps (a fast drag: two mouse samples far apart) fills every cell
// within 2 cells (Chebyshev) of the line the mouse swept, and none far
// from it; the whole stroke is one edit, one repair and one undo step,
// and the repaired hierarchy is the one a fresh build makes.
func TestWideStrokeFillsTheSweptBand(t *testing.T) {
	w, log := openWorld(t, 80, 60, AlgoHPA)
	path := []image.Point{{10, 10}, {60, 37}, {21, 52}}
	seq, off := w.RepairSeq, log.Len()
	w.BeginStrokeWith(path[0], Brush{Size: 5})
	for _, p := range path[1:] {
		w.StrokeTo(p)
	}
	w.EndStroke()
	w.Wait()
	stray := 0
	for y := 0; y < w.Grid.Height(); y++ {
		for x := 0; x < w.Grid.Width(); x++ {
			c := image.Pt(x, y)
			d := chebyshevToPath(c, path)
			if d <= 2 && w.Grid.Open(c) {
				t.Fatalf("cell %v is %.2f cells from the swept line and was not filled", c, d)
			}
			if d > 3 && !w.Grid.Open(c) {
				stray++
			}
		}
	}
	if stray > 0 {
		t.Fatalf("%d cells over 3 cells from the swept line were filled", stray)
	}
	// A small map repairs live, at each mouse move (RepairSeq), and logs
	// the stroke's repairs merged as one line when it ends.
	if w.EditCount() != 1 || w.RepairSeq != seq+len(path) {
		t.Fatalf("%d edits and %d repairs after one stroke of %d moves, want 1 and %d", w.EditCount(), w.RepairSeq-seq, len(path), len(path))
	}
	for kind, want := range map[string]int{"stroke": 1, "edit": 1, "repair": 1} {
		if n := countLines(log, off, kind); n != want {
			t.Errorf("%d %s lines for one stroke, want %d:\n%s", n, kind, want, log.String()[off:])
		}
	}
	if l := lastLine(t, log, "stroke"); !strings.Contains(l, "kind=fill") || !strings.Contains(l, "brush=5") || strings.Contains(l, "forced") {
		t.Errorf("stroke line %q: want kind=fill brush=5, not forced", l)
	}
	sameAsFresh(t, w)

	w.Undo()
	w.Wait()
	if w.CanUndo() {
		t.Fatal("one undo left a step to undo: the stroke was more than one")
	}
	for i := 0; i < w.Grid.Len(); i++ {
		if p := w.Grid.Point(i); !w.Grid.Open(p) {
			t.Fatalf("cell %v still filled after the stroke's undo", p)
		}
	}
	sameAsFresh(t, w)
	w.Redo()
	if !w.Grid.Open(image.Pt(70, 5)) || w.Grid.Open(image.Pt(60, 37)) || w.Grid.Open(image.Pt(12, 12)) {
		t.Fatal("redo did not fill the band again")
	}
}

// A brush reaching off the map paints the cells on it (the stroke goes on
// when the mouse comes back), and a wide fill never walls in an endpoint.
func TestWideStrokeClipsAndSparesEndpoints(t *testing.T) {
	w, _ := openWorld(t, 30, 20, AlgoAStar)
	w.SetEndpoints(image.Pt(1, 1), image.Pt(28, 18))
	w.BeginStrokeWith(image.Pt(0, 0), Brush{Size: 9})
	w.StrokeTo(image.Pt(-5, 19))
	w.StrokeTo(image.Pt(29, 19))
	w.EndStroke()
	for _, p := range []image.Point{{0, 0}, {4, 4}, {0, 19}, {14, 15}, {29, 19}} {
		if w.Grid.Open(p) {
			t.Errorf("cell %v under the brush was not filled", p)
		}
	}
	for _, p := range []image.Point{{1, 1}, {28, 18}} {
		if !w.Grid.Open(p) {
			t.Errorf("the fill walled in the endpoint %v", p)
		}
	}
	if w.EditCount() != 1 {
		t.Fatalf("%d edits, want 1", w.EditCount())
	}
}

// On a map over asyncCells whose repairs are slow the stroke defers its
// repairs to its end: a wide stroke of many moves then repairs once,
// with every cell it painted, and the hierarchy equals a fresh build.
func TestWideDeferredStrokeRepairsOnce(t *testing.T) {
	w, log := openWorld(t, 300, 300, AlgoHPA)
	deferStrokes(w)
	seq, off := w.RepairSeq, log.Len()
	w.BeginStrokeWith(image.Pt(40, 40), Brush{Size: 9})
	for _, p := range []image.Point{{41, 40}, {90, 70}, {200, 71}, {120, 250}} {
		w.StrokeTo(p)
		mustDefer(t, w)
	}
	if w.RepairSeq != seq {
		t.Fatalf("%d repairs during a deferred stroke, want none", w.RepairSeq-seq)
	}
	w.EndStroke()
	w.Wait()
	if w.RepairSeq != seq+1 || w.EditCount() != 1 || countLines(log, off, "repair") != 1 {
		t.Fatalf("%d repairs, %d edits and %d repair lines after one stroke, want 1 each", w.RepairSeq-seq, w.EditCount(), countLines(log, off, "repair"))
	}
	if w.Grid.Open(image.Pt(160, 75)) || w.Grid.Open(image.Pt(124, 250)) {
		t.Fatal("the band was not filled")
	}
	sameAsFresh(t, w)
	w.Undo()
	w.Wait()
	sameAsFresh(t, w)
	if !w.Grid.Open(image.Pt(160, 75)) || w.CanUndo() {
		t.Fatal("one undo did not take the whole stroke back")
	}
}

// "First cell decides" turned a designer's fill into a dig because the
// first cell was a tree. PaintFill fills and PaintDig digs whatever the
// first cell is, and the stroke line says it was forced; PaintAuto is
// still decided by the first cell.
func TestForcedStrokeIgnoresTheFirstCell(t *testing.T) {
	tree, wall := image.Pt(5, 5), image.Pt(12, 5)
	w, log := openWorld(t, 20, 12, AlgoAStar, tree, wall)

	w.BeginStrokeWith(tree, Brush{Mode: PaintFill, Size: 3})
	if k, _ := w.Painting(); k != EditFill {
		t.Fatalf("a forced fill from a tree is a %v", k)
	}
	w.StrokeTo(image.Pt(8, 5))
	w.EndStroke()
	for _, p := range []image.Point{{4, 4}, {6, 6}, {9, 6}} {
		if w.Grid.Open(p) {
			t.Errorf("forced fill left %v open", p)
		}
	}
	if l := lastLine(t, log, "stroke"); !strings.Contains(l, "kind=fill") || !strings.Contains(l, "forced=on") {
		t.Errorf("stroke line %q: want a forced fill", l)
	}
	w.Undo()

	w.BeginStrokeWith(image.Pt(11, 5), Brush{Mode: PaintDig})
	w.StrokeTo(wall)
	w.EndStroke()
	if !w.Grid.Open(wall) || w.EditCount() != 1 {
		t.Fatalf("a forced dig from an open cell did not dig the wall (open %v, %d edits)", w.Grid.Open(wall), w.EditCount())
	}
	if l := lastLine(t, log, "edit"); !strings.Contains(l, "kind=dig") || !strings.Contains(l, "cells=1") {
		t.Errorf("edit line %q", l)
	}

	w.BeginStrokeWith(tree, Brush{Size: 3}) // the default: the tree decides
	if k, _ := w.Painting(); k != EditDig {
		t.Fatalf("an unforced stroke from a tree is a %v, want dig", k)
	}
	w.EndStroke()
	if !w.Grid.Open(tree) {
		t.Fatal("the unforced dig left the tree")
	}
}

// A weight brush paints its weight on the open cells of the band and
// leaves the walls in it.
func TestWideWeightStroke(t *testing.T) {
	wall := image.Pt(10, 10)
	w, _ := openWorld(t, 20, 20, AlgoAStar, wall)
	w.BeginStrokeWith(image.Pt(10, 9), Brush{Weight: 4, Mode: PaintFill, Size: 3})
	w.StrokeTo(image.Pt(10, 15))
	w.EndStroke()
	if w.Grid.Open(wall) {
		t.Fatal("the weight brush dug the wall")
	}
	for _, p := range []image.Point{{9, 8}, {11, 12}, {9, 16}} {
		if got := w.Grid.Weight(p); got != 4 {
			t.Errorf("cell %v has weight %d, want 4", p, got)
		}
	}
	if got := w.Grid.Weight(image.Pt(12, 12)); got != 1 {
		t.Errorf("cell (12,12) outside the band has weight %d", got)
	}
}

// An agent under a wide fill is pushed off it as under a one-cell
// stroke: out across the cells just filled to an open cell beside them,
// and on to its goal.
func TestWideFillPushesAgentsOut(t *testing.T) {
	w, _ := openWorld(t, 40, 40, AlgoHPA)
	id := sendAgent(t, w, image.Pt(20, 20), image.Pt(35, 35))
	w.BeginStrokeWith(image.Pt(20, 20), Brush{Mode: PaintFill, Size: 9})
	a, _ := w.Agents().Agent(id)
	if !w.Grid.Open(a.Cell) {
		t.Fatalf("agent %d stands on the filled cell %v", id, a.Cell)
	}
	if d := a.Cell.Sub(image.Pt(20, 20)); max(iabs(d.X), iabs(d.Y)) != 5 {
		t.Fatalf("agent %d was pushed to %v, not beside the filled square", id, a.Cell)
	}
	w.EndStroke()
	for range 600 {
		w.Tick(1.0 / 30)
	}
	if a, _ := w.Agents().Agent(id); a.State != agents.Arrived || a.Cell != image.Pt(35, 35) {
		t.Fatalf("agent %d is %v at %v after the fill, want arrived at (35,35)", id, a.State, a.Cell)
	}
}

// Every cell within r of the segment is in the band sweepCells adds to the
// first square, and every cell of the band lies within r of the segment's
// 4-connected line.
func TestSweepCellsCoverTheBand(t *testing.T) {
	for _, b := range []image.Point{{13, 4}, {-7, 11}, {0, -9}, {5, 5}, {1, 0}} {
		for _, r := range []int{1, 2, 4} {
			in := map[image.Point]bool{}
			for _, p := range brushSquare(nil, image.Point{}, r) {
				in[p] = true
			}
			for _, p := range sweepCells(nil, image.Point{}, b, r) {
				in[p] = true
			}
			seg := []image.Point{{}, b}
			for y := -20; y <= 20; y++ {
				for x := -20; x <= 20; x++ {
					p := image.Pt(x, y)
					if d := chebyshevToPath(p, seg); d <= float64(r) && !in[p] {
						t.Fatalf("to %v, reach %d: %v is %.2f from the segment and not painted", b, r, p, d)
					}
				}
			}
			line := append([]image.Point{{}}, lineCells(image.Point{}, b)...)
			for p := range in {
				ok := false
				for _, c := range line {
					if d := p.Sub(c); max(iabs(d.X), iabs(d.Y)) <= r {
						ok = true
						break
					}
				}
				if !ok {
					t.Fatalf("to %v, reach %d: %v painted beyond the brush", b, r, p)
				}
			}
		}
	}
}
