package hpa

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"sync"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

// loadBench loads a Moving AI map and its scenarios, skipping the test when
// the benchmark folder is missing.
func loadBench(tb testing.TB, name string) (*maps.Map, []maps.ScenRow) {
	tb.Helper()
	dir, ok := maps.MovingAIDir()
	if !ok {
		tb.Skipf("Moving AI maps not found at %q (set PATHLENS_MAPS)", dir)
	}
	m, err := maps.LoadMap(filepath.Join(dir, name+".map"))
	if err != nil {
		tb.Fatal(err)
	}
	rows, err := maps.LoadScen(filepath.Join(dir, name+".map.scen"))
	if err != nil {
		tb.Fatal(err)
	}
	return m, rows
}

var benchNames = func() []string {
	dir, ok := maps.MovingAIDir()
	if !ok {
		return nil
	}
	bs, _ := maps.Benchmarks(dir)
	var out []string
	for _, b := range bs {
		out = append(out, b.Name)
	}
	return out
}

// subopt summarises cost/optimal − 1 over a set of queries.
type subopt struct {
	n              int
	mean, p99, max float64
}

func summarize(xs []float64) subopt {
	if len(xs) == 0 {
		return subopt{}
	}
	sort.Float64s(xs)
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return subopt{len(xs), s / float64(len(xs)), xs[int(math.Ceil(0.99*float64(len(xs))))-1], xs[len(xs)-1]}
}

func (s subopt) String() string {
	return fmt.Sprintf("n=%d mean=%.3f%% p99=%.3f%% max=%.3f%%", s.n, 100*s.mean, 100*s.p99, 100*s.max)
}

// TestMovingAI checks every scenario row of every benchmark map: a path
// exactly when the row's optimum says one exists (every row of these files
// is solvable), every path legal, its cost never below the optimum; it logs
// the suboptimality and fails when the game maps exceed the targets (mean
// 1%, p99 5% after smoothing). -short samples every 7th row.
func TestMovingAI(t *testing.T) {
	names := benchNames()
	if names == nil {
		dir, _ := maps.MovingAIDir()
		t.Skipf("Moving AI maps not found at %q", dir)
	}
	game := map[string]bool{"AR0011SR": true, "Aftershock": true, "orz103d": true, "hrt201n": true, "lak303d": true}
	var mu sync.Mutex
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			m, rows := loadBench(t, name)
			h, err := Build(m.Grid, Config{})
			if err != nil {
				t.Fatal(err)
			}
			q := h.NewQuerier()
			var subs []float64
			stride := 1
			if testing.Short() {
				stride = 7
			}
			for i := 0; i < len(rows); i += stride {
				r := rows[i]
				res, err := q.Find(r.Start, r.Goal, QueryOptions{})
				if err != nil {
					t.Fatalf("%s:%d: %v", r.File, r.Line, err)
				}
				if res.Status != pathing.Found {
					t.Fatalf("%s:%d: no path from %v to %v, optimum %g", r.File, r.Line, r.Start, r.Goal, r.Optimal)
				}
				if err := pathing.ValidatePath(m.Grid, res.Path, pathing.Eight); err != nil {
					t.Fatalf("%s:%d: %v", r.File, r.Line, err)
				}
				if res.Path[0] != r.Start || res.Path[len(res.Path)-1] != r.Goal {
					t.Fatalf("%s:%d: path runs %v→%v", r.File, r.Line, res.Path[0], res.Path[len(res.Path)-1])
				}
				c := pathing.PathCost(m.Grid, res.Path, pathing.Eight)
				if math.Abs(c-res.Cost) > 1e-6 {
					t.Fatalf("%s:%d: reported cost %g, path costs %g", r.File, r.Line, res.Cost, c)
				}
				if c < r.Optimal-0.011 {
					t.Fatalf("%s:%d: cost %g below the optimum %g", r.File, r.Line, c, r.Optimal)
				}
				if r.Optimal > 0 {
					subs = append(subs, math.Max(0, c/r.Optimal-1))
				}
			}
			s := summarize(subs)
			mu.Lock()
			t.Logf("%-16s %v", name, s)
			mu.Unlock()
			if game[name] && (s.mean > 0.01 || s.p99 > 0.05) {
				t.Errorf("%s: suboptimality %v exceeds mean 1%%, p99 5%%", name, s)
			}
		})
	}
}
