package pathing_test

// Outside-truth checks of the searches: the Moving AI benchmark optima, a
// breadth-first search, and a textbook Dijkstra written here from scratch.

import (
	"container/heap"
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

// oracleTolerance is how far a cost may be from the recorded optimum: the
// .scen files print 8 decimals (bg512 style: 2), so 0.01 absorbs rounding.
const oracleTolerance = 0.01

// oracleBenchmarks returns the Moving AI maps with scenarios, or skips.
func oracleBenchmarks(t *testing.T) []maps.Benchmark {
	t.Helper()
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skipf("Moving AI maps not found (looked in %q); set PATHLENS_MAPS to a folder of NAME.map + NAME.map.scen to run this test", dir)
	}
	bs, err := maps.Benchmarks(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) == 0 {
		t.Fatalf("no NAME.map with NAME.map.scen in %s", dir)
	}
	return bs
}

// oracleLoad reads one benchmark and checks its rows fit the map.
func oracleLoad(t *testing.T, b maps.Benchmark) (*maps.Map, []maps.ScenRow) {
	t.Helper()
	m, err := maps.LoadMap(b.Map)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := maps.LoadScen(b.Scen)
	if err != nil {
		t.Fatal(err)
	}
	if errs := maps.CheckScen(m, rows); errs != nil {
		t.Fatalf("%d scenario rows do not fit the map; first: %v", len(errs), errs[0])
	}
	if len(rows) == 0 {
		t.Fatalf("%s has no rows", b.Scen)
	}
	return m, rows
}

// oracleChunk is how many scenario rows one parallel subtest checks: the
// 512×512 maze alone has 8,980 rows of up to 20 ms each, so one subtest per
// map would leave a core idle for minutes.
const oracleChunk = 1000

// TestMovingAIOracle: for every row of every Moving AI benchmark, 8-connected
// octile A* finds a valid path whose cost is the recorded optimum. With -short
// it checks every 10th row. Subtests per map and per 1,000 rows run in
// parallel, each with its own Searcher over the shared read-only grid.
func TestMovingAIOracle(t *testing.T) {
	stride := 1
	if testing.Short() {
		stride = 10
	}
	for _, b := range oracleBenchmarks(t) {
		t.Run(b.Name, func(t *testing.T) {
			t.Parallel()
			m, rows := oracleLoad(t, b)
			for lo := 0; lo < len(rows); lo += oracleChunk {
				hi := min(lo+oracleChunk, len(rows))
				t.Run(fmt.Sprintf("rows%d-%d", lo+1, hi), func(t *testing.T) {
					t.Parallel()
					oracleRows(t, m.Grid, rows[lo:hi], stride)
				})
			}
		})
	}
}

// oracleRows checks every stride-th row with A*, stopping after 10 failures.
func oracleRows(t *testing.T, g *pathing.Grid, rows []maps.ScenRow, stride int) {
	s := pathing.NewSearcher(g)
	checked, failures := 0, 0
	for i := 0; i < len(rows); i += stride {
		r := rows[i]
		res, err := s.Search(pathing.Query{Start: r.Start, Goal: r.Goal, Heuristic: pathing.Octile})
		if msg := oracleCheck(g, r, res, err); msg != "" {
			t.Errorf("%s:%d: %v→%v: %s", r.File, r.Line, r.Start, r.Goal, msg)
			if failures++; failures == 10 {
				t.Fatalf("stopped after %d failures", failures)
			}
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no row checked")
	}
}

// oracleCheck returns what is wrong with a search result for row r, or "".
func oracleCheck(g *pathing.Grid, r maps.ScenRow, res pathing.Result, err error) string {
	switch {
	case err != nil:
		return err.Error()
	case res.Status != pathing.Found:
		return fmt.Sprintf("status %v, want found (optimal %.4f)", res.Status, r.Optimal)
	case math.Abs(res.Cost-r.Optimal) > oracleTolerance:
		return fmt.Sprintf("cost %.6f, want %.6f (±%g)", res.Cost, r.Optimal, oracleTolerance)
	case len(res.Path) == 0 || res.Path[0] != r.Start || res.Path[len(res.Path)-1] != r.Goal:
		return fmt.Sprintf("path of %d cells does not run from start to goal", len(res.Path))
	}
	if err := pathing.ValidatePath(g, res.Path, pathing.Eight); err != nil {
		return err.Error()
	}
	if c := pathing.PathCost(g, res.Path, pathing.Eight); math.Abs(c-res.Cost) > 1e-6 {
		return fmt.Sprintf("reported cost %.6f but the path costs %.6f", res.Cost, c)
	}
	return ""
}

// TestMovingAIDijkstraAgrees: Dijkstra finds the same costs as the optimum on
// every 25th row of the smaller benchmark maps (up to 300×300 cells; Dijkstra
// on the 512×512 ones adds much time and no new kind of check).
func TestMovingAIDijkstraAgrees(t *testing.T) {
	stride := 25
	if testing.Short() {
		stride = 100
	}
	ran := 0
	for _, b := range oracleBenchmarks(t) {
		t.Run(b.Name, func(t *testing.T) {
			m, err := maps.LoadMap(b.Map)
			if err != nil {
				t.Fatal(err)
			}
			if m.Grid.Len() > 300*300 {
				t.Skipf("%d×%d: Dijkstra is checked on maps up to 300×300 only", m.Grid.Width(), m.Grid.Height())
			}
			t.Parallel()
			_, rows := oracleLoad(t, b)
			g := m.Grid
			s := pathing.NewSearcher(g)
			for i := 0; i < len(rows); i += stride {
				r := rows[i]
				res, err := s.Search(pathing.Query{Start: r.Start, Goal: r.Goal, Algorithm: pathing.Dijkstra})
				if msg := oracleCheck(g, r, res, err); msg != "" {
					t.Errorf("%s:%d: dijkstra %v→%v: %s", r.File, r.Line, r.Start, r.Goal, msg)
				}
			}
		})
		ran++
	}
	if ran == 0 {
		t.Fatal("no map was checked")
	}
}

// oracleRandomGrid returns a w×h grid with about density of its cells
// blocked; with weighted, open cells get weights 1..9.
func oracleRandomGrid(rng *rand.Rand, w, h int, density float64, weighted bool) *pathing.Grid {
	g := pathing.MustGrid(w, h)
	for i := range g.Cells() {
		p := g.Point(i)
		switch {
		case rng.Float64() < density:
			g.SetWeight(p, 0)
		case weighted:
			g.SetWeight(p, uint8(1+rng.IntN(9)))
		}
	}
	return g
}

// oracleBFS returns the number of 4-connected steps from start to every cell
// (-1 when unreachable), by plain breadth-first search.
func oracleBFS(g *pathing.Grid, start image.Point) []int {
	dist := make([]int, g.Len())
	for i := range dist {
		dist[i] = -1
	}
	dist[g.Index(start)] = 0
	queue := []image.Point{start}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, d := range []image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			q := p.Add(d)
			if g.Open(q) && dist[g.Index(q)] < 0 {
				dist[g.Index(q)] = dist[g.Index(p)] + 1
				queue = append(queue, q)
			}
		}
	}
	return dist
}

// randomOpen returns a random open cell of g, or false when there is none.
func oracleRandomOpen(rng *rand.Rand, g *pathing.Grid) (image.Point, bool) {
	for range 1000 {
		p := g.Point(rng.IntN(g.Len()))
		if g.Open(p) {
			return p, true
		}
	}
	return image.Point{}, false
}

// TestFourConnectedAgreesWithBFS: on seeded random unit-weight grids, a
// 4-connected A* finds a path exactly when BFS reaches the goal, and its cost
// is the BFS step count.
func TestFourConnectedAgreesWithBFS(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 4))
	found, unreachable := 0, 0
	for trial := range 300 {
		w, h := 1+rng.IntN(40), 1+rng.IntN(40)
		g := oracleRandomGrid(rng, w, h, rng.Float64()*0.5, false)
		start, ok := oracleRandomOpen(rng, g)
		if !ok {
			continue
		}
		dist := oracleBFS(g, start)
		s := pathing.NewSearcher(g)
		for range 10 {
			goal, _ := oracleRandomOpen(rng, g)
			res, err := s.Search(pathing.Query{Start: start, Goal: goal, Neighborhood: pathing.Four})
			if err != nil {
				t.Fatalf("trial %d: %v", trial, err)
			}
			want := dist[g.Index(goal)]
			if want < 0 {
				unreachable++
				if res.Status != pathing.NoPath {
					t.Errorf("trial %d (%d×%d) %v→%v: status %v, BFS says unreachable", trial, w, h, start, goal, res.Status)
				}
				continue
			}
			found++
			if res.Status != pathing.Found || res.Cost != float64(want) || len(res.Path) != want+1 {
				t.Errorf("trial %d (%d×%d) %v→%v: %v cost %v with %d cells, BFS says %d steps",
					trial, w, h, start, goal, res.Status, res.Cost, len(res.Path), want)
				continue
			}
			if err := pathing.ValidatePath(g, res.Path, pathing.Four); err != nil {
				t.Errorf("trial %d: %v", trial, err)
			}
		}
	}
	if found < 500 || unreachable < 50 {
		t.Errorf("random grids gave %d reachable and %d unreachable queries; want both kinds in numbers", found, unreachable)
	}
}

// oracleDijkstra is a textbook Dijkstra over g's legal steps (Grid.StepCost),
// independent of Searcher: it returns the cost to every cell (+Inf when
// unreachable).
func oracleDijkstra(g *pathing.Grid, start image.Point, nb pathing.Neighborhood) []float64 {
	dist := make([]float64, g.Len())
	for i := range dist {
		dist[i] = math.Inf(1)
	}
	dist[g.Index(start)] = 0
	pq := &oracleQueue{{start, 0}}
	for pq.Len() > 0 {
		it := heap.Pop(pq).(oracleItem)
		if it.d > dist[g.Index(it.p)] {
			continue
		}
		for _, st := range nb.Steps() {
			q := it.p.Add(image.Pt(st.DX, st.DY))
			c := g.StepCost(it.p, q, nb)
			if math.IsInf(c, 1) {
				continue
			}
			if nd := it.d + c; nd < dist[g.Index(q)] {
				dist[g.Index(q)] = nd
				heap.Push(pq, oracleItem{q, nd})
			}
		}
	}
	return dist
}

type oracleItem struct {
	p image.Point
	d float64
}

type oracleQueue []oracleItem

func (q oracleQueue) Len() int           { return len(q) }
func (q oracleQueue) Less(i, j int) bool { return q[i].d < q[j].d }
func (q oracleQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *oracleQueue) Push(x any)        { *q = append(*q, x.(oracleItem)) }
func (q *oracleQueue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}

// TestWeightedAgreesWithTextbookDijkstra: on seeded random grids with weights
// 1..9, A* (both neighbourhoods, default heuristic) and Dijkstra find the
// costs of a textbook Dijkstra, and valid paths of that cost.
func TestWeightedAgreesWithTextbookDijkstra(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := range 150 {
		w, h := 1+rng.IntN(30), 1+rng.IntN(30)
		g := oracleRandomGrid(rng, w, h, rng.Float64()*0.4, trial%3 != 0)
		start, ok := oracleRandomOpen(rng, g)
		if !ok {
			continue
		}
		s := pathing.NewSearcher(g)
		for _, nb := range []pathing.Neighborhood{pathing.Eight, pathing.Four} {
			dist := oracleDijkstra(g, start, nb)
			for range 5 {
				goal, _ := oracleRandomOpen(rng, g)
				want := dist[g.Index(goal)]
				for _, algo := range []pathing.Algorithm{pathing.AStar, pathing.Dijkstra} {
					res, err := s.Search(pathing.Query{Start: start, Goal: goal, Neighborhood: nb, Algorithm: algo})
					if err != nil {
						t.Fatal(err)
					}
					where := fmt.Sprintf("trial %d (%d×%d, %v-connected, %v) %v→%v", trial, w, h, nb, algo, start, goal)
					if math.IsInf(want, 1) {
						if res.Status != pathing.NoPath {
							t.Errorf("%s: status %v, want no path", where, res.Status)
						}
						continue
					}
					if res.Status != pathing.Found || math.Abs(res.Cost-want) > 1e-9 {
						t.Errorf("%s: %v cost %v, want %v", where, res.Status, res.Cost, want)
						continue
					}
					if err := pathing.ValidatePath(g, res.Path, nb); err != nil {
						t.Errorf("%s: %v", where, err)
					}
					if c := pathing.PathCost(g, res.Path, nb); math.Abs(c-want) > 1e-9 {
						t.Errorf("%s: path costs %v, want %v", where, c, want)
					}
				}
			}
		}
	}
}
