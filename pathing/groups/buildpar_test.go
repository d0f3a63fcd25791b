package groups

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"
)

// withEdgeWorkers makes every build cost its edges on n goroutines (1:
// the serial loop) until the test ends.
func withEdgeWorkers(t *testing.T, n int) {
	old := edgeWorkers
	edgeWorkers = func(int) int { return n }
	t.Cleanup(func() { edgeWorkers = old })
}

// sameBits reports the first difference between two graphs' levels,
// edges compared exactly (Equal allows 1e-9).
func sameBits(a, b *Graph) error {
	if err := Equal(a, b); err != nil {
		return err
	}
	for l := 1; l <= a.cfg.Levels; l++ {
		x, y := a.levels[l].edges, b.levels[l].edges
		for i := range x {
			for k := range x[i].Costs {
				if math.Float64bits(x[i].Costs[k]) != math.Float64bits(y[i].Costs[k]) {
					return fmt.Errorf("level %d edge %d cost %d: %v vs %v", l, i, k, x[i].Costs[k], y[i].Costs[k])
				}
			}
		}
	}
	return nil
}

// A build whose edges are costed on several goroutines equals, to the
// bit, one that costs them in turn: on weighted random grids, both
// neighbourhoods, with a region layer, and on more groups than chunks.
func TestParallelBuildMatchesSerial(t *testing.T) {
	g := randomGrid(150, 120, 25, 3)
	regions := make([]byte, g.Len())
	for i := range regions {
		regions[i] = byte('A' + (i%150/40+i/150/30)%6)
		if i%7 == 0 {
			regions[i] = '#'
		}
	}
	cases := []struct {
		cfg  Config
		regs [][]byte
	}{
		{Config{}, nil},
		{Config{ClusterSize: 4, Levels: 3}, nil},
		{Config{ClusterSize: 6, Neighborhood: 1}, nil},
		{Config{Levels: 3}, [][]byte{regions}},
	}
	for _, c := range cases {
		var graphs []*Graph
		for _, w := range []int{1, 2, 3} {
			withEdgeWorkers(t, w)
			gr, err := Build(g, c.cfg, c.regs)
			if err != nil {
				t.Fatal(err)
			}
			graphs = append(graphs, gr)
		}
		for i, gr := range graphs[1:] {
			if err := sameBits(graphs[0], gr); err != nil {
				t.Errorf("%+v, %d regions, %d workers vs 1: %v", c.cfg, len(c.regs), i+2, err)
			}
		}
	}
}

// A panic while a worker costs edges reaches the caller of Build as a
// *WorkerPanic with the worker's stack, from an early chunk or a late one.
func TestParallelBuildRaisesWorkerPanic(t *testing.T) {
	withEdgeWorkers(t, 2)
	g := randomGrid(120, 120, 20, 4)
	for _, at := range []int32{3, 200} { // an early and a late chunk
		edgeHook = func(l int, a int32) {
			if l == 1 && a == at {
				panic(fmt.Sprintf("boom at group %d", a))
			}
		}
		got := func() (p any) {
			defer func() { p = recover() }()
			Build(g, Config{ClusterSize: 4}, nil)
			return nil
		}()
		edgeHook = nil
		wp, ok := got.(*WorkerPanic)
		if !ok {
			t.Fatalf("group %d: recovered %T %v, want a *WorkerPanic", at, got, got)
		}
		if want := fmt.Sprintf("boom at group %d", at); wp.Value != want || len(wp.Stack) == 0 {
			t.Errorf("panic value %v (stack %d bytes), want %q and a stack", wp.Value, len(wp.Stack), want)
		}
	}
}

// A parallel build cancelled while its workers cost edges stops and
// returns no graph.
func TestParallelBuildContextCancelled(t *testing.T) {
	withEdgeWorkers(t, 2)
	g := randomGrid(120, 120, 20, 5)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	edgeHook = func(l int, a int32) {
		if a == 100 {
			cancel()
		}
	}
	defer func() { edgeHook = nil }()
	if gr, err := BuildContext(ctx, g, Config{ClusterSize: 4}, nil); gr != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, %v; want no graph and context.Canceled", gr, err)
	}
}
