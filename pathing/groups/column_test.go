package groups

import (
	"fmt"
	"image"
	"math"
	"math/rand"
	"path/filepath"
	"sync"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

// referenceColumn is the plain definition of a goal column, kept as the
// oracle for ColumnBuilder: a reverse Dijkstra with a binary heap from the
// goal group's cells over the whole grid, to the end, then each group's
// smallest cost rounded down to float32.
func referenceColumn(gr *Graph, l int, b int32) []float32 {
	grid, lv, nb := gr.grid, gr.levels[l], gr.cfg.Neighborhood
	dist := make([]float64, grid.Len())
	for i := range dist {
		dist[i] = math.Inf(1)
	}
	var h []lhItem
	for _, c := range lv.cells[lv.cellStart[b]:lv.cellStart[b+1]] {
		dist[c] = 0
		h = append(h, lhItem{0, c})
	}
	for len(h) > 0 {
		top := h[0]
		h[0] = h[len(h)-1]
		h = h[:len(h)-1]
		lhDown(h)
		v := top.n
		if top.d > dist[v] {
			continue
		}
		pv := grid.Point(int(v))
		wv := float64(grid.WeightAt(int(v)))
		for _, st := range nb.Steps() {
			u := image.Point{pv.X - st.DX, pv.Y - st.DY}
			if !grid.CanStep(u, pv, nb) {
				continue
			}
			if nd := top.d + wv*st.Len; nd < dist[grid.Index(u)] {
				dist[grid.Index(u)] = nd
				h = append(h, lhItem{nd, int32(grid.Index(u))})
				lhUp(h)
			}
		}
	}
	col := make([]float32, len(lv.groups))
	for a := range col {
		m := math.Inf(1)
		for _, c := range lv.cells[lv.cellStart[a]:lv.cellStart[a+1]] {
			m = math.Min(m, dist[c])
		}
		col[a] = roundDown32(m)
	}
	return col
}

// checkColumns compares n goals' columns from one reused builder with the
// reference, bit for bit.
func checkColumns(t *testing.T, name string, cb *ColumnBuilder, gr *Graph, l, n int, r *rand.Rand) {
	t.Helper()
	for i := 0; i < n; i++ {
		goal := randomOpen(gr.grid, r)
		col, err := cb.Column(gr, l, goal)
		if err != nil {
			t.Fatal(err)
		}
		want := referenceColumn(gr, l, gr.GroupOf(l, goal))
		for a := range want {
			if math.Float32bits(col.d[a]) != math.Float32bits(want[a]) {
				t.Fatalf("%s L%d goal %v: group %d gets %v, the full Dijkstra %v", name, l, goal, a, col.d[a], want[a])
			}
		}
	}
}

// TestColumnBuilderIsTheFullDijkstra: the bucketed, early-stopping search
// gives every group exactly the full heap Dijkstra's value, on grids whose
// weights make the bucket width 1, 7 (no weight-1 cell) and steps that span
// hundreds of buckets (weights up to 255), with walls that cut groups off
// (+Inf), both neighbourhoods and two levels; and one builder reused across
// graphs of different sizes.
func TestColumnBuilderIsTheFullDijkstra(t *testing.T) {
	cb := NewColumnBuilder()
	for _, tc := range []struct {
		name       string
		w, h       int
		lo, hi     int // weight range of open cells; 0: randomGrid's
		wallsEvery int
	}{
		{"mixed", 40, 30, 0, 0, 0},
		{"heavy", 33, 27, 7, 40, 0},
		{"wide", 50, 20, 1, 255, 0},
		{"cut", 36, 36, 0, 0, 9},
	} {
		g := randomGrid(tc.w, tc.h, 18, int64(len(tc.name)))
		r := rand.New(rand.NewSource(3))
		for i := 0; i < g.Len(); i++ {
			p := g.Point(i)
			if tc.hi > 0 && g.Open(p) {
				g.SetWeight(p, uint8(tc.lo+r.Intn(tc.hi-tc.lo+1)))
			}
			if tc.wallsEvery > 0 && p.X%tc.wallsEvery == 0 {
				g.SetOpen(p, false) // closed rooms: most groups unreachable
			}
		}
		for _, nb := range []pathing.Neighborhood{pathing.Eight, pathing.Four} {
			gr, err := Build(g, Config{ClusterSize: 5, Levels: 2, Neighborhood: nb}, nil)
			if err != nil {
				t.Fatal(err)
			}
			for l := 1; l <= 2; l++ {
				checkColumns(t, tc.name+"/"+nb.String(), cb, gr, l, 15, r)
			}
		}
	}
}

// TestColumnBuilderMovingAI: the same on the 512×512 maps the benchmark
// uses (a few goals each; the reference is slow).
func TestColumnBuilderMovingAI(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skip("no Moving AI maps (set PATHLENS_MAPS or add ../shared/maps/movingai)")
	}
	n := 3
	if testing.Short() {
		n = 1
	}
	cb := NewColumnBuilder()
	for _, name := range []string{"8room_000", "AR0011SR", "random512-10-0"} {
		m, err := maps.LoadMap(filepath.Join(dir, name+".map"))
		if err != nil {
			t.Fatal(err)
		}
		gr, err := Build(m.Grid, Config{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		checkColumns(t, name, cb, gr, 1, n, rand.New(rand.NewSource(11)))
	}
}

// TestColumnBuilderAllocs: a warm builder allocates only the column it
// returns.
func TestColumnBuilderAllocs(t *testing.T) {
	g := randomGrid(64, 64, 20, 2)
	gr, err := Build(g, Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	cb := NewColumnBuilder()
	goal := randomOpen(g, rand.New(rand.NewSource(1)))
	if _, err := cb.Column(gr, 1, goal); err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(20, func() { cb.Column(gr, 1, goal) }); n > 2 {
		t.Errorf("a warm builder's column makes %v allocations, want 2 (the column)", n)
	}
	if _, err := cb.Column(gr, gr.Levels()+1, goal); err == nil {
		t.Error("a column of a missing level was built")
	}
}

// TestClusterHeuristicToConcurrent: the Graph is read-only during queries,
// so goroutines may build columns of one graph at once; each borrows its
// own pooled builder and gets the reference's column (run with -race).
func TestClusterHeuristicToConcurrent(t *testing.T) {
	g := randomGrid(48, 40, 20, 8)
	gr, err := Build(g, Config{ClusterSize: 6, Levels: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(5))
	goals := make([]image.Point, 8)
	want := make([][]float32, len(goals))
	for i := range goals {
		goals[i] = randomOpen(g, r)
		want[i] = referenceColumn(gr, 1, gr.GroupOf(1, goals[i]))
	}
	errs := make(chan string, 4*len(goals))
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for k := range goals {
				i := (k + w) % len(goals)
				col, err := gr.ClusterHeuristicTo(1, goals[i])
				if err != nil {
					errs <- err.Error()
					return
				}
				for a := range want[i] {
					if col.d[a] != want[i][a] {
						errs <- fmt.Sprintf("goroutine %d, goal %v: group %d gets %v, want %v", w, goals[i], a, col.d[a], want[i][a])
						return
					}
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
