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

// TestClusterHeuristicToIsTheTableColumn: a goal's column gives exactly the
// table's estimates for every cell and every goal of that group, 0 for
// goals of other groups, and refuses blocked goals and missing levels.
func TestClusterHeuristicToIsTheTableColumn(t *testing.T) {
	for _, nb := range []pathing.Neighborhood{pathing.Eight, pathing.Four} {
		g := randomGrid(40, 30, 22, 6)
		gr, err := Build(g, Config{ClusterSize: 5, Levels: 2, Neighborhood: nb}, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewSource(4))
		for l := 1; l <= 2; l++ {
			tab, err := gr.ClusterHeuristic(l)
			if err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 20; i++ {
				goal := randomOpen(g, r)
				col, err := gr.ClusterHeuristicTo(l, goal)
				if err != nil {
					t.Fatal(err)
				}
				if col.Level() != l || col.Goal() != gr.GroupOf(l, goal) {
					t.Fatalf("column of level %d for %v: level %d goal group %d", l, goal, col.Level(), col.Goal())
				}
				other := randomOpen(g, r)
				for c := 0; c < g.Len(); c++ {
					p := g.Point(c)
					if !g.Open(p) {
						continue
					}
					if a, b := col.Estimate(p, goal), tab.Estimate(p, goal); a != b {
						t.Fatalf("L%d %v: column gives %v→%v = %v, table %v", l, nb, p, goal, a, b)
					}
					if a, b := col.EstimateOctile(p, goal), tab.EstimateOctile(p, goal); a != b {
						t.Fatalf("L%d %v: column with octile gives %v→%v = %v, table %v", l, nb, p, goal, a, b)
					}
					if gr.GroupOf(l, other) != col.Goal() && col.Estimate(p, other) != 0 {
						t.Fatalf("L%d %v: the column of %v estimates %v for another group's goal %v", l, nb, goal, col.Estimate(p, other), other)
					}
				}
			}
		}
		var wall image.Point
		for c := 0; c < g.Len(); c++ {
			if !g.Open(g.Point(c)) {
				wall = g.Point(c)
				break
			}
		}
		if _, err := gr.ClusterHeuristicTo(1, wall); err == nil {
			t.Error("a column for a goal in a wall was built")
		}
		if _, err := gr.ClusterHeuristicTo(3, image.Point{}); err == nil {
			t.Error("a column of a missing level was built")
		}
	}
}

// Regression (a cluster heuristic read the live group map after Update):
// a dig that opens a shortcut makes the stored costs overestimate, which
// breaks A*'s optimality. After Update the table and the goal column give
// 0 (still admissible); a switch of the connection cost, which leaves the
// grid's costs alone, keeps them.
func TestClusterHeuristicAfterUpdateIsAdmissible(t *testing.T) {
	// A wall down the map with its gap at the far end: from p the goal is
	// a long way round, until the dig.
	g := pathing.MustGrid(30, 40)
	for y := 0; y < 39; y++ {
		g.SetOpen(image.Pt(15, y), false)
	}
	p, goal, dig := image.Pt(10, 2), image.Pt(20, 2), image.Pt(15, 2)
	gr, err := Build(g, Config{ClusterSize: 5, Levels: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := gr.ClusterHeuristic(1)
	if err != nil {
		t.Fatal(err)
	}
	col, err := gr.ClusterHeuristicTo(1, goal)
	if err != nil {
		t.Fatal(err)
	}
	if h := col.Estimate(p, goal); h < 50 {
		t.Fatalf("before the dig h = %v, want the long way round (the test map is wrong)", h)
	}
	gr.SetCost(Maximin)
	if h1, h2 := tab.Estimate(p, goal), col.Estimate(p, goal); h1 < 50 || h2 < 50 {
		t.Fatalf("after SetCost the table gives %v and the column %v, want the long way round still", h1, h2)
	}
	g.SetOpen(dig, true)
	gr.Update([]image.Point{dig})
	s := pathing.NewSearcher(g)
	opt, _ := s.Search(pathing.Query{Start: p, Goal: goal})
	for name, h := range map[string]float64{
		"table": tab.Estimate(p, goal), "column": col.Estimate(p, goal),
		"table octile": tab.EstimateOctile(p, goal), "column octile": col.EstimateOctile(p, goal),
	} {
		if h > opt.Cost+1e-9 {
			t.Errorf("after the dig the %s gives %v, more than the true cost %v", name, h, opt.Cost)
		}
	}
}
