package groups

import (
	"image"
	"math"
	"math/rand"
	"path/filepath"
	"slices"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

// In exclusion mode a query whose start and goal share a level-1 group plans
// no level (StartLevel 0, every plan empty) and searches cells inside that
// group alone: the group is connected, so the search succeeds, and its cost
// is that of the cheapest path inside the group. A helper suspected the
// empty plan could let stale marks of an earlier query (its level-1 plan,
// the same Query.Groups/Marks/Mark generation) widen or empty the cells
// admitted; the answer, its expansions included, must be the same on a
// fresh planner and on one that just answered a far query, at every level
// count and connection cost.
func TestExclusionSameGroupStaysInItsGroupWhateverRanBefore(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skip("no Moving AI maps: set PATHLENS_MAPS or put them in ../shared/maps/movingai")
	}
	m, err := maps.LoadMap(filepath.Join(dir, "8room_000.map"))
	if err != nil {
		t.Fatal(err)
	}
	grid := m.Grid
	ref := pathing.NewSearcher(grid)
	for levels := 1; levels <= 3; levels++ {
		for _, kind := range []CostKind{Minimum, Maximin, AvgMin} {
			g, err := Build(grid, Config{Levels: levels, Cost: kind, Exclusion: true}, nil)
			if err != nil {
				t.Fatal(err)
			}
			gm := g.GroupMap(1)
			byGroup := map[int32][]image.Point{}
			var open []image.Point
			for i, id := range gm {
				if id >= 0 {
					byGroup[id] = append(byGroup[id], grid.Point(i))
					open = append(open, grid.Point(i))
				}
			}
			r := rand.New(rand.NewSource(int64(levels*10) + int64(kind)))
			for q := 0; q < 40; q++ {
				cells := byGroup[gm[grid.Index(open[r.Intn(len(open))])]]
				a, b := cells[r.Intn(len(cells))], cells[r.Intn(len(cells))]
				if a == b {
					continue
				}
				id := gm[grid.Index(a)]
				fresh, ferr := NewPlanner(g).Walk(a, b, Options{})
				if ferr != nil {
					t.Fatalf("L%d %v %v→%v fresh: %v", levels, kind, a, b, ferr)
				}
				freshPath, freshExp := slices.Clone(fresh.Path), fresh.Expanded
				pl := NewPlanner(g)
				// A far query first: it plans every level and marks its groups.
				far0, far1 := open[r.Intn(len(open))], open[r.Intn(len(open))]
				if _, err := pl.Walk(far0, far1, Options{}); err != nil {
					t.Fatalf("L%d %v far %v→%v: %v", levels, kind, far0, far1, err)
				}
				seg, err := pl.PlanSegment(a, b, Options{})
				if err != nil || !seg.Final || seg.StartLevel != 0 {
					t.Fatalf("L%d %v %v→%v after a far query: final %v start level %d, %v", levels, kind, a, b, seg.Final, seg.StartLevel, err)
				}
				for l := 1; l <= levels; l++ {
					if len(seg.Plans[l]) != 0 {
						t.Fatalf("L%d %v %v→%v: level %d plan %v, want none", levels, kind, a, b, l, seg.Plans[l])
					}
				}
				wr, err := pl.Walk(a, b, Options{})
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range wr.Path {
					if gm[grid.Index(c)] != id {
						t.Fatalf("L%d %v %v→%v: the path leaves group %d at %v", levels, kind, a, b, id, c)
					}
				}
				in, _ := ref.Search(pathing.Query{Start: a, Goal: b, Algorithm: pathing.Dijkstra,
					Allow: func(p image.Point) bool { return gm[grid.Index(p)] == id }})
				if in.Status != pathing.Found || math.Abs(wr.Cost-in.Cost) > 1e-9 {
					t.Fatalf("L%d %v %v→%v: cost %v, cheapest inside group %d %v (%v)", levels, kind, a, b, wr.Cost, id, in.Cost, in.Status)
				}
				if !slices.Equal(wr.Path, freshPath) || wr.Expanded != freshExp || wr.ExpandedByLevel[0] != wr.Expanded {
					t.Fatalf("L%d %v %v→%v: %d cells %d expanded (by level %v) after a far query, %d and %d fresh",
						levels, kind, a, b, len(wr.Path), wr.Expanded, wr.ExpandedByLevel, len(freshPath), freshExp)
				}
			}
		}
	}
}
