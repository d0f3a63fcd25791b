package groups

import (
	"errors"
	"fmt"
	"image"
	"math/rand"
	"testing"

	"pathlens/pathing"
)

// randomGrid returns a w×h grid with about pct% blocked cells and some
// weighted ones, reproducible from seed.
func randomGrid(w, h, pct int, seed int64) *pathing.Grid {
	g := pathing.MustGrid(w, h)
	r := rand.New(rand.NewSource(seed))
	for i := 0; i < g.Len(); i++ {
		switch v := r.Intn(100); {
		case v < pct:
			g.SetWeight(g.Point(i), 0)
		case v < pct+5:
			g.SetWeight(g.Point(i), uint8(2+r.Intn(4)))
		}
	}
	return g
}

// randomOpen returns an open cell of g.
func randomOpen(g *pathing.Grid, r *rand.Rand) image.Point {
	for {
		p := image.Point{r.Intn(g.Width()), r.Intn(g.Height())}
		if g.Open(p) {
			return p
		}
	}
}

func TestWalkReachesEveryReachableGoal(t *testing.T) {
	for _, nb := range []pathing.Neighborhood{pathing.Eight, pathing.Four} {
		for _, levels := range []int{1, 2, 3} {
			g := randomGrid(61, 47, 28, int64(levels))
			for _, cfg := range []Config{
				{ClusterSize: 4, Levels: levels, Neighborhood: nb},
				{ClusterSize: 5, Levels: levels, Branch: 3, Neighborhood: nb, Target: Nearest},
			} {
				gr, err := Build(g, cfg, nil)
				if err != nil {
					t.Fatal(err)
				}
				pl := NewPlanner(gr)
				s := pathing.NewSearcher(g)
				r := rand.New(rand.NewSource(7))
				for _, kind := range []CostKind{Minimum, Maximin, AvgMin} {
					for _, excl := range []bool{false, true} {
						gr.SetCost(kind)
						gr.SetExclusion(excl)
						name := fmt.Sprintf("nb%v/L%d/c%d/%v/%v/excl=%v", nb, levels, cfg.ClusterSize, cfg.Target, kind, excl)
						for i := 0; i < 60; i++ {
							a, b := randomOpen(g, r), randomOpen(g, r)
							opt, _ := s.Search(pathing.Query{Start: a, Goal: b, Neighborhood: nb})
							wr, err := pl.Walk(a, b, Options{})
							if opt.Status != pathing.Found {
								if !errors.Is(err, ErrNoPath) {
									t.Fatalf("%s: %v→%v unreachable, Walk says %v", name, a, b, err)
								}
								continue
							}
							if err != nil {
								t.Fatalf("%s: %v→%v: %v", name, a, b, err)
							}
							if err := pathing.ValidatePath(g, wr.Path, nb); err != nil {
								t.Fatalf("%s: %v→%v: %v", name, a, b, err)
							}
							if wr.Path[0] != a || wr.Path[len(wr.Path)-1] != b {
								t.Fatalf("%s: path runs %v→%v, want %v→%v", name, wr.Path[0], wr.Path[len(wr.Path)-1], a, b)
							}
							if c := pathing.PathCost(g, wr.Path, nb); c < opt.Cost-1e-9 || c-wr.Cost > 1e-6 || wr.Cost-c > 1e-6 {
								t.Fatalf("%s: walk cost %v (path %v), optimal %v", name, wr.Cost, c, opt.Cost)
							}
						}
					}
				}
			}
		}
	}
}

// Walking a query again repeats its work: the plans a walk stores serve its
// own later segments, not the next Walk (cmd/bench times a walk after an
// untimed warm-up walk of the same query, and reported fewer expansions
// than the window, which walks once: the top-level search was skipped).
func TestWalkAgainCountsTheSame(t *testing.T) {
	g := randomGrid(61, 47, 20, 3)
	gr, err := Build(g, Config{ClusterSize: 4, Levels: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	pl := NewPlanner(gr)
	r := rand.New(rand.NewSource(5))
	multi := 0
	for i := 0; i < 40; i++ {
		a, b := randomOpen(g, r), randomOpen(g, r)
		first, err := pl.Walk(a, b, Options{})
		if err != nil {
			continue
		}
		firstByLevel := append([]int(nil), first.ExpandedByLevel...)
		if first.Segments > 1 {
			multi++
		}
		again, err := pl.Walk(a, b, Options{})
		if err != nil {
			t.Fatalf("%v→%v: the second walk fails: %v", a, b, err)
		}
		if again.Expanded != first.Expanded || fmt.Sprint(again.ExpandedByLevel) != fmt.Sprint(firstByLevel) {
			t.Fatalf("%v→%v walked twice: %d %v then %d %v expansions", a, b, first.Expanded, firstByLevel, again.Expanded, again.ExpandedByLevel)
		}
		if fresh, _ := NewPlanner(gr).Walk(a, b, Options{}); fresh.Expanded != first.Expanded {
			t.Fatalf("%v→%v: %d expansions, a fresh planner's walk %d", a, b, first.Expanded, fresh.Expanded)
		}
	}
	if multi == 0 {
		t.Fatal("no walk of several segments: the test checks nothing about stored plans")
	}
}
