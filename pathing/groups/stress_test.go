package groups

import (
	"errors"
	"fmt"
	"image"
	"math/rand"
	"os"
	"testing"

	"pathlens/pathing"
)

// TestStressRandomConfigs walks random queries on random grids under random
// configurations (cluster sizes, branch, 1-4 levels, region layers with
// holes, both neighbourhoods, both targets, every cost, exclusion on and
// off): every reachable goal must be reached by a valid path.
// PATHLENS_STRESS=N runs N configurations instead of 12.
func TestStressRandomConfigs(t *testing.T) {
	n := 12
	if s := os.Getenv("PATHLENS_STRESS"); s != "" {
		fmt.Sscan(s, &n)
	}
	r := rand.New(rand.NewSource(42))
	for it := 0; it < n; it++ {
		w, h := 10+r.Intn(50), 10+r.Intn(40)
		g := randomGrid(w, h, r.Intn(40), int64(it))
		cfg := Config{ClusterSize: 2 + r.Intn(8), Levels: 1 + r.Intn(4), Branch: 2 + r.Intn(2),
			Neighborhood: pathing.Neighborhood(r.Intn(2)), Target: Target(r.Intn(2))}
		var regions [][]byte
		for l := 0; l < cfg.Levels && r.Intn(3) == 0; l++ {
			layer := make([]byte, g.Len())
			sx, sy := 2+r.Intn(9), 2+r.Intn(9)
			for i := range layer {
				p := g.Point(i)
				layer[i] = byte('A' + (p.X/sx+3*(p.Y/sy))%20)
				if r.Intn(9) == 0 {
					layer[i] = '#'
				}
			}
			regions = append(regions, layer)
		}
		gr, err := Build(g, cfg, regions)
		if err != nil {
			t.Fatal(err)
		}
		pl := NewPlanner(gr)
		s := pathing.NewSearcher(g)
		for q := 0; q < 40; q++ {
			a, b := randomOpen(g, r), randomOpen(g, r)
			opt, _ := s.Search(pathing.Query{Start: a, Goal: b, Neighborhood: cfg.Neighborhood})
			gr.SetCost(CostKind(r.Intn(3)))
			gr.SetExclusion(r.Intn(2) == 0)
			wr, err := pl.Walk(a, b, Options{})
			name := fmt.Sprintf("config %d %+v regions=%d: %v→%v", it, gr.Config(), len(regions), a, b)
			if opt.Status != pathing.Found {
				if !errors.Is(err, ErrNoPath) {
					t.Fatalf("%s: unreachable, Walk says %v", name, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if err := pathing.ValidatePath(g, wr.Path, cfg.Neighborhood); err != nil || wr.Path[len(wr.Path)-1] != b {
				t.Fatalf("%s: %v", name, err)
			}
		}
	}
}

// TestStressUpdate repairs random edits under random configurations and
// compares with a fresh build each time. PATHLENS_STRESS=N scales it.
func TestStressUpdate(t *testing.T) {
	n := 6
	if s := os.Getenv("PATHLENS_STRESS"); s != "" {
		fmt.Sscan(s, &n)
	}
	r := rand.New(rand.NewSource(7))
	for it := 0; it < n; it++ {
		g := randomGrid(8+r.Intn(30), 8+r.Intn(30), r.Intn(40), int64(100+it))
		cfg := Config{ClusterSize: 2 + r.Intn(6), Levels: 1 + r.Intn(4), Branch: 2 + r.Intn(2),
			Neighborhood: pathing.Neighborhood(r.Intn(2))}
		var regions [][]byte
		for l := 0; l < cfg.Levels && r.Intn(2) == 0; l++ {
			layer := make([]byte, g.Len())
			sx, sy := 2+r.Intn(7), 2+r.Intn(7)
			for i := range layer {
				p := g.Point(i)
				layer[i] = byte('a' + (p.X/sx+2*(p.Y/sy))%15)
				if r.Intn(7) == 0 {
					layer[i] = ' '
				}
			}
			regions = append(regions, layer)
		}
		gr, err := Build(g, cfg, regions)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 15; step++ {
			before, _ := Build(g.Clone(), cfg, regions)
			var changed []image.Point
			for k := 1 + r.Intn(4); k > 0; k-- {
				p := image.Point{r.Intn(g.Width()), r.Intn(g.Height())}
				g.SetWeight(p, uint8(r.Intn(4)))
				changed = append(changed, p)
			}
			ch := gr.Update(changed)
			fresh, _ := Build(g, cfg, regions)
			if d := diffGraphs(gr, fresh); d != "" {
				t.Fatalf("config %d %+v regions=%d step %d (%v): %s", it, cfg, len(regions), step, changed, d)
			}
			if _, msg := checkDirty(ch, before, fresh, changed); msg != "" {
				t.Fatalf("config %d %+v regions=%d step %d (%v): %s", it, cfg, len(regions), step, changed, msg)
			}
		}
	}
}
