package pathing_test

import (
	"image"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pathlens/pathing"
)

// Query.Groups limits a search to marked groups of cells without a call
// per neighbour. It must admit exactly what the Allow function making the
// same test admits: the same answer, path and counts, for every
// algorithm and neighbourhood; ids outside Marks (-1: a cell in no group)
// are never admitted, and a group map of the wrong size is refused.
func TestGroupsLimitIsAllowsTest(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	g := randomGrid(rng, 60, 45, 0.25, true)
	// Groups: 6×5 blocks of cells, a few cells in none (-1) or in an id
	// past the marks.
	groups := make([]int32, g.Len())
	for i := range groups {
		p := g.Point(i)
		groups[i] = int32(p.Y/9*10 + p.X/6)
		switch {
		case i%97 == 0:
			groups[i] = -1
		case i%89 == 0:
			groups[i] = 1000
		}
	}
	marks := make([]uint32, 50)
	s1, s2 := pathing.NewSearcher(g), pathing.NewSearcher(g)
	for k := 0; k < 300; k++ {
		mark := uint32(k + 1)
		for id := range marks {
			if rng.IntN(3) > 0 {
				marks[id] = mark
			}
		}
		allow := func(p image.Point) bool {
			id := groups[g.Index(p)]
			return id >= 0 && int(id) < len(marks) && marks[id] == mark
		}
		q := pathing.Query{Start: randomOpen(rng, g), Goal: randomOpen(rng, g),
			Algorithm: []pathing.Algorithm{pathing.AStar, pathing.Dijkstra, pathing.Greedy}[k%3], Neighborhood: []pathing.Neighborhood{pathing.Eight, pathing.Four}[k/3%2]}
		qa, qg := q, q
		qa.Allow = allow
		qg.Groups, qg.Marks, qg.Mark = groups, marks, mark
		ra, erra := s1.Search(qa)
		rg, errg := s2.Search(qg)
		if (erra == nil) != (errg == nil) || ra.Status != rg.Status || ra.Cost != rg.Cost || ra.Expanded != rg.Expanded ||
			ra.Pushes != rg.Pushes || !slices.Equal(ra.Path, rg.Path) {
			t.Fatalf("query %d %+v: Allow %v %v cost %v expanded %d; Groups %v %v cost %v expanded %d",
				k, q, ra.Status, erra, ra.Cost, ra.Expanded, rg.Status, errg, rg.Cost, rg.Expanded)
		}
	}
	_, err := s1.Search(pathing.Query{Start: randomOpen(rng, g), Goal: randomOpen(rng, g), Groups: groups[1:], Marks: marks})
	if err == nil || !strings.Contains(err.Error(), "group map") {
		t.Fatalf("a group map one cell short: %v", err)
	}
}
