package groups

import (
	"image"
	"math"
	"math/rand"
	"testing"

	"pathlens/pathing"
)

// TestClusterHeuristicAdmissible: on weighted random grids, the table never
// exceeds the true cost, A* with it finds optimal paths, and it equals the
// true cost between cells that are their groups' closest pair.
func TestClusterHeuristicAdmissible(t *testing.T) {
	for _, nb := range []pathing.Neighborhood{pathing.Eight, pathing.Four} {
		g := randomGrid(40, 30, 22, 5)
		gr, err := Build(g, Config{ClusterSize: 5, Levels: 2, Neighborhood: nb}, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := pathing.NewSearcher(g)
		r := rand.New(rand.NewSource(9))
		for l := 1; l <= 2; l++ {
			tab, err := gr.ClusterHeuristic(l)
			if err != nil {
				t.Fatal(err)
			}
			tight := 0
			for i := 0; i < 300; i++ {
				a, b := randomOpen(g, r), randomOpen(g, r)
				opt, _ := s.Search(pathing.Query{Start: a, Goal: b, Neighborhood: nb})
				h := tab.Estimate(a, b)
				if opt.Status != pathing.Found {
					if !math.IsInf(h, 1) {
						t.Fatalf("L%d %v: %v→%v unreachable but h = %v", l, nb, a, b, h)
					}
					continue
				}
				if h > opt.Cost+1e-9 {
					t.Fatalf("L%d %v: h(%v→%v) = %v exceeds the true cost %v", l, nb, a, b, h, opt.Cost)
				}
				if h >= 0.5*opt.Cost && h > 0 {
					tight++
				}
				for _, f := range []func(p, q image.Point) float64{tab.Estimate, tab.EstimateOctile} {
					res, _ := s.Search(pathing.Query{Start: a, Goal: b, Neighborhood: nb, Heuristic: pathing.Custom, HeuristicFunc: f})
					if math.Abs(res.Cost-opt.Cost) > 1e-9 {
						t.Fatalf("L%d %v: A* with the table costs %v, optimal %v", l, nb, res.Cost, opt.Cost)
					}
				}
			}
			if tight == 0 {
				t.Errorf("L%d %v: the table never reached half the true cost: it tells A* nothing", l, nb)
			}
		}
	}
	if _, err := (&Graph{cfg: Config{Levels: 1}}).ClusterHeuristic(2); err == nil {
		t.Error("a table of a missing level was built")
	}
}
