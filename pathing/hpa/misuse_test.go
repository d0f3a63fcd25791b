package hpa

import (
	"context"
	"errors"
	"image"
	"math"
	"strings"
	"testing"

	"pathlens/pathing"
)

// A grid edited without Update used to be answered from the old hierarchy:
// on AR0011SR with 2,000 random toggles, 909 of the scenario rows came back
// Found with paths through walls and no error. Find now refuses.
func TestFindRefusesStaleHierarchy(t *testing.T) {
	g := grid(t,
		"............",
		"............",
		"............",
		"............",
		"............",
		"............",
	)
	h, err := Build(g, Config{ClusterSize: 4})
	if err != nil {
		t.Fatal(err)
	}
	q := h.NewQuerier()
	a, b := image.Pt(0, 2), image.Pt(11, 2)
	if _, err := q.Find(a, b, QueryOptions{}); err != nil {
		t.Fatal(err)
	}
	// Wall off column 6, and forget Update.
	var wall []image.Point
	for y := 0; y < g.Height(); y++ {
		g.SetOpen(image.Pt(6, y), false)
		wall = append(wall, image.Pt(6, y))
	}
	res, err := q.Find(a, b, QueryOptions{})
	if !errors.Is(err, ErrStale) {
		t.Fatalf("Find after an edit without Update: %v, %v, %v; want ErrStale", res.Status, res.Path, err)
	}
	if res.Status != pathing.NoPath || res.Path != nil {
		t.Errorf("stale answer carries %v %v", res.Status, res.Path)
	}
	h.Update(wall)
	res, err = q.Find(a, b, QueryOptions{})
	if err != nil || res.Status != pathing.NoPath || !res.Unreachable {
		t.Errorf("after Update: %v unreachable %v, %v; want the wall to separate them", res.Status, res.Unreachable, err)
	}
	// A write that changes nothing leaves the hierarchy current.
	g.SetOpen(image.Pt(6, 0), false)
	g.SetWeight(image.Pt(0, 0), 1)
	if _, err := q.Find(a, a, QueryOptions{}); err != nil {
		t.Errorf("after writes that changed nothing: %v", err)
	}
}

// A zero pathing.Grid has no cells: Build accepted it and NewQuerier then
// panicked dividing by zero.
func TestBuildRefusesEmptyGrid(t *testing.T) {
	for _, ctx := range []bool{false, true} {
		var h *Hierarchy
		var err error
		if ctx {
			h, err = BuildContext(context.Background(), &pathing.Grid{}, Config{})
		} else {
			h, err = Build(&pathing.Grid{}, Config{})
		}
		if err == nil || !strings.Contains(err.Error(), "no cells") {
			t.Errorf("Build of an empty grid: %v", err)
			if h != nil {
				h.NewQuerier()
			}
		}
	}
}

// pathing.Query refuses a NaN or infinite Weight; AbstractWeight, its
// counterpart, took them silently (+Inf made every f infinite, and the goal's
// Inf·0 NaN).
func TestFindRefusesNonFiniteAbstractWeight(t *testing.T) {
	g := pathing.MustGrid(40, 30)
	h, err := Build(g, Config{ClusterSize: 4})
	if err != nil {
		t.Fatal(err)
	}
	q := h.NewQuerier()
	a, b := image.Pt(0, 0), image.Pt(39, 29)
	for _, w := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		res, err := q.Find(a, b, QueryOptions{AbstractWeight: w, NoShortcut: true})
		if err == nil || !strings.Contains(err.Error(), "AbstractWeight") {
			t.Errorf("AbstractWeight %v: %v cost %v, %v; want an error", w, res.Status, res.Cost, err)
		}
	}
	for _, w := range []float64{-1, 0, 0.5, 1, 1.2} {
		if res, err := q.Find(a, b, QueryOptions{AbstractWeight: w, NoShortcut: true}); err != nil || res.Status != pathing.Found {
			t.Errorf("AbstractWeight %v: %v, %v", w, res.Status, err)
		}
	}
}

// Equal used to dereference a nil hierarchy, and said only "grids differ"
// of two hierarchies over different terrain.
func TestEqualNilAndGridDifference(t *testing.T) {
	g := pathing.MustGrid(8, 8)
	a, err := Build(g, Config{ClusterSize: 4})
	if err != nil {
		t.Fatal(err)
	}
	if err := Equal(nil, nil); err != nil {
		t.Errorf("Equal(nil, nil): %v", err)
	}
	if err := Equal(a, nil); err == nil || !strings.Contains(err.Error(), "b is nil") {
		t.Errorf("Equal(a, nil): %v", err)
	}
	if err := Equal(nil, a); err == nil || !strings.Contains(err.Error(), "a is nil") {
		t.Errorf("Equal(nil, a): %v", err)
	}
	g2 := g.Clone()
	g2.SetWeight(image.Pt(5, 6), 3)
	b, _ := Build(g2, Config{ClusterSize: 4})
	if err := Equal(a, b); err == nil || !strings.Contains(err.Error(), "(5,6): weight 1 vs 3") {
		t.Errorf("Equal over different terrain: %v", err)
	}
	c, _ := Build(pathing.MustGrid(8, 9), Config{ClusterSize: 4})
	if err := Equal(a, c); err == nil || !strings.Contains(err.Error(), "8×8 vs 8×9") {
		t.Errorf("Equal over different sizes: %v", err)
	}
}

// Update and queries must not overlap. An overlap used to go unseen: on
// AR0011SR, two queriers racing a stream of Updates got paths through walls
// and an index out of range. Find now reports every overlap with an Update
// as ErrConcurrentUpdate, and a panic the torn hierarchy caused with it.
func TestFindReportsOverlappingUpdate(t *testing.T) {
	g := pathing.MustGrid(24, 24)
	h, err := Build(g, Config{ClusterSize: 4})
	if err != nil {
		t.Fatal(err)
	}
	q := h.NewQuerier()
	a, b := image.Pt(0, 0), image.Pt(23, 23)
	t.Cleanup(func() { findHook = nil })

	// An Update under way when the query starts.
	h.updates.Add(1)
	res, err := q.Find(a, b, QueryOptions{})
	h.updates.Add(1)
	if !errors.Is(err, ErrConcurrentUpdate) || res.Status != pathing.NoPath || res.Path != nil {
		t.Errorf("query during an Update: %v %v, %v; want ErrConcurrentUpdate", res.Status, res.Path, err)
	}
	// An Update that starts and ends during the query.
	findHook = func() { h.Update([]image.Point{{5, 5}}) }
	res, err = q.Find(a, b, QueryOptions{})
	if !errors.Is(err, ErrConcurrentUpdate) || res.Status != pathing.NoPath || res.Path != nil {
		t.Errorf("Update during the query: %v %v, %v; want ErrConcurrentUpdate", res.Status, res.Path, err)
	}
	// An Update that starts during the query, which then panics on what it
	// half rewrote.
	findHook = func() { h.updates.Add(1); panic("torn hierarchy") }
	func() {
		defer func() {
			if p := recover(); p != nil {
				t.Errorf("the panic of an overlapped query escaped Find: %v", p)
			}
		}()
		_, err = q.Find(a, b, QueryOptions{})
		if !errors.Is(err, ErrConcurrentUpdate) {
			t.Errorf("overlapped query that panicked: %v; want ErrConcurrentUpdate", err)
		}
		// The panic may be a real bug: its value and stack are kept.
		var op *pathing.OverlapPanic
		if !errors.As(err, &op) || op.Value != "torn hierarchy" || !strings.Contains(string(op.Stack), "TestFindReportsOverlappingUpdate.func") {
			t.Errorf("overlapped query that panicked: %v; want an OverlapPanic with the value and the stack", err)
		} else if !strings.Contains(err.Error(), "torn hierarchy") {
			t.Errorf("the error does not name the panic: %v", err)
		}
	}()
	h.updates.Add(1)
	// Without an overlap a panic is a bug of its own and goes on.
	findHook = func() { panic("a bug") }
	func() {
		defer func() {
			if p := recover(); p != "a bug" {
				t.Errorf("a query's own panic: recovered %v", p)
			}
		}()
		q.Find(a, b, QueryOptions{})
		t.Error("Find swallowed a panic with no Update running")
	}()
	findHook = nil
	if res, err := q.Find(a, b, QueryOptions{}); err != nil || res.Status != pathing.Found {
		t.Errorf("after the overlaps: %v, %v", res.Status, err)
	}
}
