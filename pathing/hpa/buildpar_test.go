package hpa

import (
	"fmt"
	"image"
	"math"
	"math/rand"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"pathlens/pathing"
)

// sameBuild compares two builds of one grid field by field, more strictly
// than Equal: node ids, slots and lower ids, every matrix entry to the bit,
// via masks and cached paths.
func sameBuild(a, b *Hierarchy) error {
	if err := Equal(a, b); err != nil {
		return err
	}
	for l := range a.lv {
		la, lb := a.lv[l], b.lv[l]
		if len(la.nodes) != len(lb.nodes) || la.alive != lb.alive || len(la.free) != len(lb.free) {
			return fmt.Errorf("level %d: %d ids (%d alive) vs %d (%d)", l+1, len(la.nodes), la.alive, len(lb.nodes), lb.alive)
		}
		for id := range la.nodes {
			if la.nodes[id] != lb.nodes[id] || la.pts[id] != lb.pts[id] {
				return fmt.Errorf("level %d node %d: %+v vs %+v", l+1, id, la.nodes[id], lb.nodes[id])
			}
		}
		for ci := range la.clusters {
			ca, cb := &la.clusters[ci], &lb.clusters[ci]
			if !slices.Equal(ca.nodes, cb.nodes) || !slices.Equal(ca.cells, cb.cells) || ca.sym != cb.sym || ca.open != cb.open {
				return fmt.Errorf("level %d cluster %d: nodes %v vs %v", l+1, ci, ca.nodes, cb.nodes)
			}
			if len(ca.dist) != len(cb.dist) {
				return fmt.Errorf("level %d cluster %d: %d matrix entries vs %d", l+1, ci, len(ca.dist), len(cb.dist))
			}
			for k := range ca.dist {
				if math.Float64bits(ca.dist[k]) != math.Float64bits(cb.dist[k]) {
					return fmt.Errorf("level %d cluster %d entry %d: %v vs %v", l+1, ci, k, ca.dist[k], cb.dist[k])
				}
			}
			if !slices.Equal(ca.via, cb.via) || !slices.Equal(ca.pidx, cb.pidx) || !slices.Equal(ca.arena, cb.arena) {
				return fmt.Errorf("level %d cluster %d: via masks or cached paths differ", l+1, ci)
			}
		}
	}
	return nil
}

// tightBlocks checks that every per-cluster and per-border slice of a fresh
// parallel build ends where its own entries do: a slice of a shared block
// with room past its end would let a repair's append write over the next
// cluster's entries.
func tightBlocks(h *Hierarchy) error {
	for i, rs := range append(slices.Clone(h.vb), h.hb...) {
		if cap(rs) != len(rs) {
			return fmt.Errorf("border %d: capacity %d past its %d runs", i, cap(rs), len(rs))
		}
	}
	for l, lv := range h.lv {
		for ci := range lv.clusters {
			cl := &lv.clusters[ci]
			if cap(cl.dist) != len(cl.dist) || cap(cl.nodes) != len(cl.nodes) || cap(cl.cells) != len(cl.cells) || cap(cl.pidx) != len(cl.pidx) {
				return fmt.Errorf("level %d cluster %d: capacities %d, %d, %d, %d past lengths %d, %d, %d, %d", l+1, ci,
					cap(cl.dist), cap(cl.nodes), cap(cl.cells), cap(cl.pidx), len(cl.dist), len(cl.nodes), len(cl.cells), len(cl.pidx))
			}
		}
	}
	return nil
}

// buildBoth builds g the parallel way and the serial way (rebuildLevel one
// cluster after another).
func buildBoth(t *testing.T, g *pathing.Grid, cfg Config) (par, ser *Hierarchy) {
	t.Helper()
	par, err := Build(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	serialBuild = true
	defer func() { serialBuild = false }()
	ser, err = Build(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return par, ser
}

// TestParallelBuildMatchesSerial: the parallel fresh build gives the
// hierarchy the serial one does, id for id and bit for bit, on random grids
// (weighted too), every placement, cache setting and neighbourhood, levels
// 1 to 4, and big enough for several workers; then both repair alike.
func TestParallelBuildMatchesSerial(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Log("one core: buildLevel runs on one worker; still compared with the serial build")
	}
	rng := rand.New(rand.NewSource(17))
	for i, tc := range []struct {
		w, h     int
		p        float64
		weighted bool
		cfg      Config
	}{
		{160, 130, 0.25, false, Config{ClusterSize: 8, Levels: 2}},
		{160, 130, 0.25, false, Config{ClusterSize: 8, Levels: 2, CachePaths: true}},
		{200, 90, 0.15, true, Config{ClusterSize: 6, Levels: 3, CachePaths: true}},
		{200, 90, 0.15, true, Config{ClusterSize: 6, Levels: 3}},
		{129, 257, 0.3, false, Config{ClusterSize: 4, Levels: 4, Placement: Dense}},
		{150, 150, 0.2, false, Config{ClusterSize: 5, Levels: 2, Neighborhood: pathing.Four}},
		{150, 150, 0.2, false, Config{ClusterSize: 5, Levels: 2, Branch: 3}},
		{100, 100, 0.1, false, Config{ClusterSize: 10, Levels: 1}},
		{30, 30, 0.2, false, Config{ClusterSize: 10, Levels: 2}}, // below parallelMin: one worker
	} {
		g := randomGrid(rng, tc.w, tc.h, tc.p, tc.weighted)
		par, ser := buildBoth(t, g, tc.cfg)
		if err := sameBuild(par, ser); err != nil {
			t.Fatalf("case %d (%v): %v", i, tc.cfg, err)
		}
		if err := tightBlocks(par); err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		// The blocks hold exactly what the lists need, where appending
		// one cluster at a time rounds each list up: never more memory.
		if ps, ss := par.Stats(), ser.Stats(); ps.MemoryBytes > ss.MemoryBytes || ps.Nodes != ss.Nodes || ps.Edges != ss.Edges {
			t.Fatalf("case %d: stats %+v vs %+v", i, ps, ss)
		}
		// The block slices must not leak into each other when a repair
		// regrows one cluster's lists: toggle cells, repair both.
		for k := 0; k < 40; k++ {
			p := g.Point(rng.Intn(tc.w * tc.h))
			g.SetOpen(p, !g.Open(p))
			par.Update([]image.Point{p})
			ser.Update([]image.Point{p})
		}
		if err := sameBuild(par, ser); err != nil {
			t.Fatalf("case %d after repairs: %v", i, err)
		}
		fresh, err := Build(g, tc.cfg)
		if err != nil {
			t.Fatal(err)
		}
		if err := Equal(par, fresh); err != nil {
			t.Fatalf("case %d: repaired parallel build vs a fresh build: %v", i, err)
		}
	}
}

// TestParallelBuildMatchesSerialOnMaps compares the two builds on real
// Moving AI maps at the default configuration and the Fast preset.
func TestParallelBuildMatchesSerialOnMaps(t *testing.T) {
	for _, name := range []string{"random512-10-0", "8room_000", "AR0011SR"} {
		m, _ := loadBench(t, name)
		for _, cfg := range []Config{{}, Fast} {
			par, ser := buildBoth(t, m.Grid, cfg)
			if err := sameBuild(par, ser); err != nil {
				t.Fatalf("%s %v: %v", name, cfg, err)
			}
			if err := tightBlocks(par); err != nil {
				t.Fatalf("%s %v: %v", name, cfg, err)
			}
		}
	}
}

// A panic on a build's worker goroutine comes out on the goroutine that
// started the build, where the app's recover can catch it, rather than
// ending the program; and it comes out only after every worker stopped.
func TestForChunksRaisesWorkerPanicOnCaller(t *testing.T) {
	for _, who := range []int{0, 1} {
		h := &Hierarchy{}
		var running atomic.Int32
		var calls atomic.Int32
		got := func() (p any) {
			defer func() { p = recover() }()
			h.forChunks(1000, 2, func(w, k int) {
				running.Add(1)
				defer running.Add(-1)
				calls.Add(1)
				if w == who && k >= 10 {
					panic(fmt.Sprintf("boom on worker %d", w))
				}
				time.Sleep(50 * time.Microsecond)
			})
			return nil
		}()
		wp, ok := got.(*WorkerPanic)
		if !ok {
			t.Fatalf("worker %d: recovered %T %v, want a *WorkerPanic", who, got, got)
		}
		if want := fmt.Sprintf("boom on worker %d", who); wp.Value != want || len(wp.Stack) == 0 {
			t.Errorf("worker %d: panic value %v (stack %d bytes), want %q and a stack", who, wp.Value, len(wp.Stack), want)
		}
		if n := running.Load(); n != 0 {
			t.Errorf("worker %d: %d calls still running when the panic reached the caller", who, n)
		}
		if n := calls.Load(); n >= 1000 {
			t.Errorf("worker %d: all %d chunks ran; a panic should stop the hand-out", who, n)
		}
	}
}

// A panic while labelling components (its own goroutine in BuildContext)
// also reaches the caller.
func TestBuildRaisesComponentPanicOnCaller(t *testing.T) {
	g, err := pathing.NewGrid(40, 40)
	if err != nil {
		t.Fatal(err)
	}
	compBuildHook = func() { panic("labelling failed") }
	t.Cleanup(func() { compBuildHook = nil })
	got := func() (p any) {
		defer func() { p = recover() }()
		_, _ = Build(g, Config{})
		return nil
	}()
	wp, ok := got.(*WorkerPanic)
	if !ok || wp.Value != "labelling failed" {
		t.Fatalf("recovered %T %v, want a *WorkerPanic of the labelling's panic", got, got)
	}
}
