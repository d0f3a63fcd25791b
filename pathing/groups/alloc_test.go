package groups

import (
	"errors"
	"image"
	"math/rand"
	"testing"

	"pathlens/pathing"
)

// A warm Planner allocates nothing per PlanSegment or Walk.
func TestPlannerZeroAllocs(t *testing.T) {
	g := randomGrid(90, 70, 20, 4)
	for _, excl := range []bool{false, true} {
		gr, err := Build(g, Config{ClusterSize: 6, Levels: 3, Exclusion: excl, Cost: AvgMin}, nil)
		if err != nil {
			t.Fatal(err)
		}
		pl := NewPlanner(gr)
		r := rand.New(rand.NewSource(1))
		var qs [][2]image.Point
		for len(qs) < 40 {
			a, b := randomOpen(g, r), randomOpen(g, r)
			if _, err := pl.Walk(a, b, Options{}); err == nil {
				qs = append(qs, [2]image.Point{a, b})
			}
		}
		for range 2 { // grow every buffer
			for _, q := range qs {
				pl.Walk(q[0], q[1], Options{})
			}
		}
		i := 0
		if n := testing.AllocsPerRun(200, func() {
			q := qs[i%len(qs)]
			i++
			pl.Walk(q[0], q[1], Options{})
		}); n != 0 {
			t.Errorf("exclusion=%v: Walk allocates %.2f times per query", excl, n)
		}
		if n := testing.AllocsPerRun(200, func() {
			q := qs[i%len(qs)]
			i++
			pl.PlanSegment(q[0], q[1], Options{})
		}); n != 0 {
			t.Errorf("exclusion=%v: PlanSegment allocates %.2f times per query", excl, n)
		}
	}
}

// Planners on different goroutines share one Graph (run with -race).
func TestConcurrentPlanners(t *testing.T) {
	g := randomGrid(80, 60, 20, 8)
	gr, err := Build(g, Config{ClusterSize: 5, Levels: 3, Cost: Maximin}, nil)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error)
	for w := 0; w < 4; w++ {
		go func(seed int64) {
			pl := NewPlanner(gr)
			r := rand.New(rand.NewSource(seed))
			for i := 0; i < 50; i++ {
				a, b := randomOpen(g, r), randomOpen(g, r)
				if _, err := pl.Walk(a, b, Options{}); err != nil && !errors.Is(err, ErrNoPath) {
					done <- err
					return
				}
			}
			done <- nil
		}(int64(w))
	}
	for w := 0; w < 4; w++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// A Planner whose walks all fail (an unreachable goal, as cmd/bench's
// warm-up query can be) is warm too: Walk grew its per-level expansion
// counts afresh on every failing call (3 allocations a query for two
// levels, reported by cmd/bench as allocs_per_query 3) and kept them only
// when a walk succeeded.
func TestWalkFailingZeroAllocs(t *testing.T) {
	g := pathing.MustGrid(6, 4)
	for y := 0; y < 4; y++ {
		g.SetOpen(image.Pt(2, y), false) // a wall from top to bottom
	}
	gr, err := Build(g, Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	pl := NewPlanner(gr)
	a, b := image.Pt(0, 0), image.Pt(5, 3)
	if _, err := pl.Walk(a, b, Options{}); !errors.Is(err, ErrNoPath) {
		t.Fatalf("walk across the wall: %v, want ErrNoPath", err)
	}
	if n := testing.AllocsPerRun(100, func() { pl.Walk(a, b, Options{}) }); n != 0 {
		t.Errorf("a failing Walk allocates %.2f times per call", n)
	}
}
