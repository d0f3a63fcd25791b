package groups

import (
	"errors"
	"image"
	"testing"

	"pathlens/pathing"
)

// TestTracePhases: a traced query records one phase per level, top down,
// and at abstract levels the events name groups of that level, which
// NodeCell maps to their representatives.
func TestTracePhases(t *testing.T) {
	g := randomGrid(64, 48, 15, 2)
	gr, err := Build(g, Config{ClusterSize: 4, Levels: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	pl := NewPlanner(gr)
	start, goal := image.Point{1, 1}, image.Point{62, 46}
	for !g.Open(start) {
		start.X++
	}
	for !g.Open(goal) {
		goal.X--
	}
	var tr pathing.Trace
	res, err := pl.PlanSegment(start, goal, Options{Trace: &tr})
	if err != nil {
		t.Fatal(err)
	}
	if res.StartLevel != 3 {
		t.Fatalf("start level %d, want 3 (opposite corners)", res.StartLevel)
	}
	want := []struct {
		name  string
		level int
	}{{"plan L3", 3}, {"plan L2", 2}, {"plan L1", 1}, {"cells", 0}}
	if len(tr.Phases) != len(want) {
		t.Fatalf("phases %+v", tr.Phases)
	}
	for i, ph := range tr.Phases {
		if ph.Name != want[i].name || ph.Level != want[i].level {
			t.Errorf("phase %d = %q level %d, want %q level %d", i, ph.Name, ph.Level, want[i].name, want[i].level)
		}
		end := tr.PhaseEnd(i)
		evs := tr.Events[ph.Start:end]
		if len(evs) == 0 {
			t.Fatalf("phase %q recorded nothing", ph.Name)
		}
		var lastPop int32 = -1
		for _, e := range evs {
			if int(e.Level) != ph.Level {
				t.Fatalf("phase %q: event at level %d", ph.Name, e.Level)
			}
			if ph.Level > 0 {
				if e.Node < 0 || int(e.Node) >= len(gr.Groups(ph.Level)) || gr.NodeCell(ph.Level, e.Node).X < 0 {
					t.Fatalf("phase %q: node %d is not a level-%d group", ph.Name, e.Node, ph.Level)
				}
			}
			if e.Kind == pathing.EventPop {
				lastPop = e.Node
			}
		}
		if ph.Level > 0 {
			plan := res.Plans[ph.Level]
			if lastPop != plan[len(plan)-1] || plan[0] != gr.GroupOf(ph.Level, start) {
				t.Errorf("level %d: plan %v, last pop %d, start group %d", ph.Level, plan, lastPop, gr.GroupOf(ph.Level, start))
			}
			for k, id := range plan {
				if res.PlanCells[ph.Level][k] != gr.NodeCell(ph.Level, id) {
					t.Errorf("level %d: plan cell %d is not the representative", ph.Level, k)
				}
			}
		}
	}
	// The segment ends in the first step of the level-1 plan.
	seg := res.Segment
	if gr.GroupOf(1, seg[len(seg)-1]) != res.Plans[1][1] || seg[0] != start {
		t.Errorf("segment %v→%v does not refine the level-1 step %v", seg[0], seg[len(seg)-1], res.Plans[1][:2])
	}
}

// A grid edited without Update: exclusion reports the goal excluded by the
// plan, the incremental planner reports a stale graph; after Update both
// say there is no path.
func TestStaleAndExcluded(t *testing.T) {
	g, layer := asciiGrid(t, `
AAAA#BBBB#CCCC
AAAA.BBBB.CCCC
AAAA#BBBB#CCCC
`)
	layer[14+4], layer[14+9] = 'A', 'B'
	gr, err := Build(g, Config{Levels: 1, Exclusion: true}, [][]byte{layer})
	if err != nil {
		t.Fatal(err)
	}
	start, goal := image.Point{0, 1}, image.Point{13, 1}
	var wall []image.Point
	for y := 0; y < 3; y++ {
		wall = append(wall, image.Point{7, y})
		g.SetWeight(image.Point{7, y}, 0)
	}
	pl := NewPlanner(gr)
	if _, err := pl.PlanSegment(start, goal, Options{}); !errors.Is(err, ErrStale) {
		t.Fatalf("a wall built without Update: %v, want ErrStale", err)
	}
	// An Update that is not told of the wall leaves the graph out of date
	// where the grid's Version cannot see it.
	gr.Update(nil)
	_, err = pl.PlanSegment(start, goal, Options{})
	var ex *ExcludedError
	if !errors.As(err, &ex) || !errors.Is(err, ErrExcluded) || ex.Level != 0 {
		t.Fatalf("exclusion on a stale graph: %v, want an ExcludedError at level 0", err)
	}
	gr.SetExclusion(false)
	if _, err := pl.Walk(start, goal, Options{}); !errors.Is(err, ErrStale) {
		t.Fatalf("incremental on a stale graph: %v, want ErrStale", err)
	}
	gr.Update(wall)
	for _, excl := range []bool{false, true} {
		gr.SetExclusion(excl)
		if _, err := pl.Walk(start, goal, Options{}); !errors.Is(err, ErrNoPath) {
			t.Errorf("exclusion=%v after Update: %v, want ErrNoPath", excl, err)
		}
	}
	if _, err := pl.PlanSegment(image.Point{4, 0}, goal, Options{}); !errors.Is(err, pathing.ErrStartBlocked) {
		t.Errorf("blocked start: %v", err)
	}
	if _, err := pl.PlanSegment(start, image.Point{99, 0}, Options{}); !errors.Is(err, pathing.ErrGoalBlocked) {
		t.Errorf("goal outside: %v", err)
	}
}

// TestInspection: names, representatives, boxes and group maps of a small
// region map with a split region and region-less cells.
func TestInspection(t *testing.T) {
	g, layer := asciiGrid(t, `
AA#AA
AA#AA
.....
`)
	gr, err := Build(g, Config{ClusterSize: 5, Levels: 2}, [][]byte{layer})
	if err != nil {
		t.Fatal(err)
	}
	gs := gr.Groups(1)
	names := map[string]Group{}
	for _, x := range gs {
		names[x.Name] = x
	}
	a1, a2, c := names["A1"], names["A2"], names["(0,0)"]
	if len(gs) != 3 || a1.Cells != 4 || a2.Cells != 4 || c.Cells != 5 {
		t.Fatalf("groups %+v", gs)
	}
	if a1.Box != image.Rect(0, 0, 2, 2) || a2.Box != image.Rect(3, 0, 5, 2) || c.Rep != (image.Point{2, 2}) {
		t.Errorf("A1 box %v, A2 box %v, (0,0) rep %v", a1.Box, a2.Box, c.Rep)
	}
	if gr.GroupOf(1, image.Point{4, 1}) != a2.ID || gr.GroupOf(1, image.Point{2, 0}) != -1 || gr.GroupOf(0, image.Point{1, 1}) != 6 {
		t.Errorf("GroupOf is wrong")
	}
	if top := gr.Groups(2); len(top) != 1 || top[0].Cells != 13 || top[0].Members != 3 {
		t.Errorf("level 2: %+v", top)
	}
	for _, x := range gs {
		if x.Parent != 0 {
			t.Errorf("%s has parent %d", x.Name, x.Parent)
		}
	}
	if gr.NodeCell(1, 99).X != -1 || gr.Edges(3, 0) != nil {
		t.Error("out-of-range inspection did not answer 'none'")
	}
}

// Start and goal in one level-1 group whose inside route is long, with a
// short cut through the cluster below: exclusion mode keeps the cell
// search inside the group (the plan is that group alone); without it the
// search is free and takes the short cut.
func TestSameGroupExclusionStaysInside(t *testing.T) {
	g, _ := asciiGrid(t, `
........
...##...
...##...
...##...
...##...
...##...
...##...
.S.##.G.
........
........
`)
	start, goal := image.Point{1, 7}, image.Point{6, 7}
	for _, excl := range []bool{false, true} {
		gr, err := Build(g, Config{ClusterSize: 8, Levels: 1, Exclusion: excl}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := gr.GroupOf(1, start), gr.GroupOf(1, goal); a != b {
			t.Fatalf("start and goal in groups %d and %d, want one", a, b)
		}
		res, err := NewPlanner(gr).PlanSegment(start, goal, Options{})
		if err != nil {
			t.Fatalf("exclusion=%v: %v", excl, err)
		}
		left := false
		for _, c := range res.Segment {
			if gr.GroupOf(1, c) != gr.GroupOf(1, start) {
				left = true
			}
		}
		if excl && (left || res.Cost < 12) {
			t.Errorf("exclusion on: cost %.2f, left the group %v: want the route over the top, inside the group", res.Cost, left)
		}
		if !excl && (!left || res.Cost > 7) {
			t.Errorf("exclusion off: cost %.2f, left the group %v: want the short cut below", res.Cost, left)
		}
	}
}
