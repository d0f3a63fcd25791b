package groups

import (
	"errors"
	"image"
	"strings"
	"testing"

	"pathlens/pathing"
)

// A dig without Update used to read as ErrNoPath (the groups still said
// the two sides were apart); a planner now refuses a graph the grid has
// moved past, and plans again once Update has run.
func TestPlannerRefusesStaleGraph(t *testing.T) {
	g := pathing.MustGrid(20, 8)
	var wall []image.Point
	for y := 0; y < 8; y++ {
		g.SetOpen(image.Pt(10, y), false)
		wall = append(wall, image.Pt(10, y))
	}
	gr, err := Build(g, Config{ClusterSize: 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := NewPlanner(gr)
	a, b := image.Pt(0, 4), image.Pt(19, 4)
	if _, err := p.Walk(a, b, Options{}); !errors.Is(err, ErrNoPath) {
		t.Fatalf("behind the wall: %v, want ErrNoPath", err)
	}
	g.SetOpen(wall[4], true)
	if _, err := p.PlanSegment(a, b, Options{}); !errors.Is(err, ErrStale) {
		t.Errorf("PlanSegment after a dig without Update: %v, want ErrStale", err)
	}
	if _, err := p.Walk(a, b, Options{}); !errors.Is(err, ErrStale) {
		t.Errorf("Walk after a dig without Update: %v, want ErrStale", err)
	}
	gr.Update(wall[4:5])
	wr, err := p.Walk(a, b, Options{})
	if err != nil {
		t.Fatalf("after Update: %v", err)
	}
	if err := pathing.ValidatePath(g, wr.Path, pathing.Eight); err != nil || wr.Path[len(wr.Path)-1] != b {
		t.Errorf("after Update: %v, ends at %v", err, wr.Path[len(wr.Path)-1])
	}
	// A stale graph is not relevelled: its levels describe other cells
	// than the grid (a relevel onto a snapshot of the grid would have
	// passed for current).
	g.SetOpen(wall[4], false)
	if _, err := gr.WithLevels(3); !errors.Is(err, ErrStale) {
		t.Errorf("relevelling a stale graph: %v, want ErrStale", err)
	}
}

// Cluster sides past the map are one cluster; the product of a huge
// ClusterSize and Branch used to wrap round to zero and divide by it.
func TestHugeClusterSides(t *testing.T) {
	g := pathing.MustGrid(40, 30)
	for _, c := range []Config{
		{ClusterSize: 1 << 62, Levels: 3, Branch: 4},
		{ClusterSize: 10, Levels: 8, Branch: 1 << 40},
		{ClusterSize: 1 << 40, Levels: 2},
	} {
		gr, err := Build(g, c, nil)
		if err != nil {
			t.Errorf("%+v: %v", c, err)
			continue
		}
		for l := 1; l <= gr.Levels(); l++ {
			if side := gr.cfg.side(l); side < 1 || side > pathing.MaxSide {
				t.Errorf("%+v: level %d side %d", c, l, side)
			}
		}
		wr, err := NewPlanner(gr).Walk(image.Pt(0, 0), image.Pt(39, 29), Options{})
		if err != nil || pathing.ValidatePath(g, wr.Path, pathing.Eight) != nil {
			t.Errorf("%+v: walk %v", c, err)
		}
	}
}

// Update and queries must not overlap. An overlap used to go unseen: on
// AR0011SR, two planners racing a stream of Updates panicked with an index
// out of range in 58 of 800 queries. PlanSegment now reports every overlap
// with an Update as ErrConcurrentUpdate, and a panic the torn graph caused
// with it.
func TestPlannerReportsOverlappingUpdate(t *testing.T) {
	g := pathing.MustGrid(24, 24)
	gr, err := Build(g, Config{ClusterSize: 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := NewPlanner(gr)
	a, b := image.Pt(0, 0), image.Pt(23, 23)
	t.Cleanup(func() { planHook = nil })

	gr.inUpdate.Add(1)
	res, err := p.PlanSegment(a, b, Options{})
	gr.inUpdate.Add(1)
	if !errors.Is(err, ErrConcurrentUpdate) || res.Segment != nil {
		t.Errorf("query during an Update: %v, %v; want ErrConcurrentUpdate", res.Segment, err)
	}
	planHook = func() { gr.Update([]image.Point{{5, 5}}) }
	if _, err := p.Walk(a, b, Options{}); !errors.Is(err, ErrConcurrentUpdate) {
		t.Errorf("Update during a walk: %v; want ErrConcurrentUpdate", err)
	}
	planHook = func() { gr.inUpdate.Add(1); panic("torn graph") }
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("the panic of an overlapped query escaped PlanSegment: %v", r)
			}
		}()
		if _, err := p.PlanSegment(a, b, Options{}); !errors.Is(err, ErrConcurrentUpdate) {
			t.Errorf("overlapped query that panicked: %v; want ErrConcurrentUpdate", err)
		} else {
			checkOverlapPanic(t, "PlanSegment", err, "torn graph")
		}
	}()
	gr.inUpdate.Add(1)
	planHook = func() { gr.inUpdate.Add(1); panic("torn walk") }
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("the panic of an overlapped walk escaped Walk: %v", r)
			}
		}()
		if _, err := p.Walk(a, b, Options{}); !errors.Is(err, ErrConcurrentUpdate) {
			t.Errorf("overlapped walk that panicked: %v; want ErrConcurrentUpdate", err)
		} else {
			checkOverlapPanic(t, "Walk", err, "torn walk")
		}
	}()
	gr.inUpdate.Add(1)
	planHook = func() { panic("a bug") }
	func() {
		defer func() {
			if r := recover(); r != "a bug" {
				t.Errorf("a query's own panic: recovered %v", r)
			}
		}()
		p.PlanSegment(a, b, Options{})
		t.Error("PlanSegment swallowed a panic with no Update running")
	}()
	planHook = nil
	if wr, err := p.Walk(a, b, Options{}); err != nil || wr.Path[len(wr.Path)-1] != b {
		t.Errorf("after the overlaps: %v", err)
	}
}

// An Update between two segments of a Walk overlaps the walk as much as
// one inside a segment: each PlanSegment alone saw no overlap, and Walk
// returned a path stitched from plans of two graphs, without an error.
func TestWalkReportsUpdateBetweenSegments(t *testing.T) {
	g := pathing.MustGrid(40, 40)
	gr, err := Build(g, Config{ClusterSize: 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := NewPlanner(gr)
	a, b := image.Pt(0, 0), image.Pt(39, 39)
	t.Cleanup(func() { walkHook = nil })
	if wr, err := p.Walk(a, b, Options{}); err != nil || wr.Segments < 2 {
		t.Fatalf("test set-up: %d segments, %v; want a walk of several", wr.Segments, err)
	}
	walkHook = func() {
		walkHook = nil
		gr.Update([]image.Point{{20, 20}})
	}
	wr, err := p.Walk(a, b, Options{})
	if !errors.Is(err, ErrConcurrentUpdate) || wr.Path != nil {
		t.Errorf("Update between two segments: %d cells, %v; want ErrConcurrentUpdate", len(wr.Path), err)
	}
	gr.inUpdate.Add(1)
	wr, err = p.Walk(a, b, Options{})
	gr.inUpdate.Add(1)
	if !errors.Is(err, ErrConcurrentUpdate) || wr.Path != nil {
		t.Errorf("walk during an Update: %d cells, %v; want ErrConcurrentUpdate", len(wr.Path), err)
	}
	if wr, err := p.Walk(a, b, Options{}); err != nil || wr.Path[len(wr.Path)-1] != b {
		t.Errorf("after the overlaps: %v", err)
	}
}

// checkOverlapPanic checks that the error of an overlapped query that
// panicked keeps the panic's value and the stack where it was raised (it
// may be a real bug, not the torn graph).
func checkOverlapPanic(t *testing.T, what string, err error, value string) {
	t.Helper()
	var op *pathing.OverlapPanic
	if !errors.As(err, &op) || op.Value != value || !strings.Contains(string(op.Stack), "TestPlannerReportsOverlappingUpdate.func") {
		t.Errorf("%s: %v; want an OverlapPanic with the value %q and the panic's stack", what, err, value)
	} else if !strings.Contains(err.Error(), value) {
		t.Errorf("%s: the error does not name the panic: %v", what, err)
	}
}
