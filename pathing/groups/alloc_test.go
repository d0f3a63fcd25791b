package groups

import (
	"errors"
	"image"
	"math/rand"
	"testing"
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
