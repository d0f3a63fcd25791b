package agents

import (
	"image"
	"math/rand"
	"testing"

	"pathlens/pathing"
	"pathlens/pathing/hpa"
)

// A lazy plan asks hpa twice for short routes (RefineSteps 2, then the
// steps its segment needs), and both answers must agree. Since the
// short-query A*'s path competes with the hierarchy's (a partial answer
// judged by its plan's cost, a whole one by its smoothed cost), an exact
// tie rounding one way in one query and the other way in the next made
// the second query answer with the bounded path and the plan fail ("the
// second query planned differently"): about one short plan in a thousand
// on cluttered grids, found by a review. Random grids, both
// neighbourhoods, clusters 4–16, 1–3 levels.
func TestLazyPlansOfShortRoutes(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	plans := 0
	for round := 0; plans < 4000; round++ {
		nb := pathing.Neighborhood(round % 2)
		w, hh := 20+rng.Intn(60), 20+rng.Intn(60)
		g := pathing.MustGrid(w, hh)
		p := 0.15 + 0.3*rng.Float64()
		for y := 0; y < hh; y++ {
			for x := 0; x < w; x++ {
				if rng.Float64() < p {
					g.SetWeight(image.Pt(x, y), 0)
				}
			}
		}
		C := 4 + rng.Intn(13)
		h, err := hpa.Build(g, hpa.Config{ClusterSize: C, Levels: 1 + rng.Intn(3), Neighborhood: nb})
		if err != nil {
			t.Fatal(err)
		}
		pl := NewHPA(h, HPAConfig{Mode: HPALazy})
		var plan Plan
		for i := 0; i < 300; i++ {
			s := image.Pt(rng.Intn(w), rng.Intn(hh))
			e := s.Add(image.Pt(rng.Intn(2*C+1)-C, rng.Intn(2*C+1)-C))
			if !g.Open(s) || !g.In(e) || !g.Open(e) || s == e || h.Component(s) != h.Component(e) {
				continue
			}
			plans++
			if err := pl.Plan(s, e, &plan); err != nil {
				t.Fatalf("%v %v→%v: %v", h.Config(), s, e, err)
			}
		}
	}
}
