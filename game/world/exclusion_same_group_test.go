package world

import (
	"fmt"
	"image"
	"math"
	"path/filepath"
	"slices"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

// A helper profiling the group hierarchy saw exclusion mode's excluded area
// cover every cell after a query whose start and goal share a level-1
// group, but only when an earlier query had planned at level 1: such a
// query has no level-1 plan (the planner searches inside the shared group,
// its plan of one group), and the answer took the walk's empty plan buffer,
// nil on a planner's first walk and empty but not nil after, for a plan of
// no groups. The area shown must be what the cell search was kept out of:
// every group but the shared one, whatever ran before; the path stays in
// that group at the cost of the cheapest path inside it, and the counts do
// not depend on the earlier query either.
func TestExclusionSameGroupQueryShowsItsGroupWhateverRanBefore(t *testing.T) {
	sessions := []string{"builtin:exclusion-shortcut", "builtin:textbook-groups"}
	if dir, ok := maps.MovingAIDir(); ok {
		sessions = append(sessions, filepath.Join(dir, "8room_000.map"))
	}
	ran := 0
	for _, name := range sessions {
		for levels := 1; levels <= 3; levels++ {
			for cost := CostMinimum; cost < numCosts; cost++ {
				var first Outcome // query B on a fresh session
				for _, afterFar := range []bool{false, true} {
					w, err := Open(name)
					if err != nil {
						t.Fatal(err)
					}
					w.Begin()
					w.SetAlgo(AlgoGroup)
					w.SetLevels(levels)
					if w.Settings.LevelCount() != levels {
						w.Close()
						continue // textbook-groups draws regions for more levels
					}
					w.SetCost(cost)
					if !w.Settings.Exclusion {
						w.ToggleExclusion()
					}
					w.Wait()
					gh, ok := w.hier.(*groupHier)
					if !ok || w.hierErr != nil {
						t.Fatalf("%s L%d: no group hierarchy: %v", name, levels, w.hierErr)
					}
					gm := gh.g.GroupMap(1)
					a, b, id := sameGroupPair(w.Grid, gm)
					far0, far1 := farPair(w.Grid, gm)
					if afterFar {
						if !w.SetEndpoints(far0, far1) {
							t.Fatalf("%s: far query %v→%v refused", name, far0, far1)
						}
						w.Wait()
						if w.Outcome.Status != pathing.Found || len(w.Outcome.Plans) < 2 || len(w.Outcome.Plans[1]) < 2 {
							t.Fatalf("%s L%d cost %v: far query %v→%v: %v %q, level-1 plan %v", name, levels, cost, far0, far1,
								w.Outcome.Status, w.Outcome.Note, w.Outcome.Plans)
						}
					}
					if !w.SetEndpoints(a, b) {
						t.Fatalf("%s: query %v→%v refused", name, a, b)
					}
					w.Wait()
					o := w.Outcome
					what := func() string {
						when := "fresh"
						if afterFar {
							when = "after a far query"
						}
						return fmt.Sprintf("%s L%d %v %s", name, levels, cost, when)
					}
					if o.Status != pathing.Found {
						t.Fatalf("%s %v→%v: %v %q", what(), a, b, o.Status, o.Note)
					}
					for _, c := range o.Path {
						if gm[w.Grid.Index(c)] != id {
							t.Fatalf("%s %v→%v: the path leaves group %d at %v", what(), a, b, id, c)
						}
					}
					inGroup := func(p image.Point) bool { return gm[w.Grid.Index(p)] == id }
					ref, err := pathing.NewSearcher(w.Grid).Search(pathing.Query{Start: a, Goal: b, Algorithm: pathing.Dijkstra,
						Neighborhood: w.Settings.Neighborhood, Allow: inGroup})
					if err != nil || ref.Status != pathing.Found {
						t.Fatalf("%s: reference search %v %v", what(), ref.Status, err)
					}
					if math.Abs(o.Cost-ref.Cost) > 1e-9 {
						t.Fatalf("%s %v→%v: cost %.6f, the cheapest path inside group %d costs %.6f", what(), a, b, o.Cost, id, ref.Cost)
					}
					if o.Excluded == nil {
						t.Fatalf("%s %v→%v: no excluded area, but the search was kept inside group %d", what(), a, b, id)
					}
					for i, g := range gm {
						if want := g >= 0 && g != id; o.Excluded[i] != want {
							t.Fatalf("%s %v→%v: cell %v (group %d) excluded %v, want %v (the search stays in group %d)",
								what(), a, b, w.Grid.Point(i), g, o.Excluded[i], want, id)
						}
					}
					if !afterFar {
						first = o
					} else if o.Expanded != first.Expanded || o.Cost != first.Cost || !slices.Equal(o.Path, first.Path) {
						t.Fatalf("%s %v→%v: expanded %d cost %v after a far query, %d %v on a fresh session", what(), a, b,
							o.Expanded, o.Cost, first.Expanded, first.Cost)
					}
					ran++
					w.Close()
				}
			}
		}
	}
	if ran == 0 {
		t.Fatal("no session ran")
	}
}

// sameGroupPair returns two open cells of the largest level-1 group, as far
// apart (Chebyshev) as its cells get, and the group.
func sameGroupPair(g *pathing.Grid, gm []int32) (image.Point, image.Point, int32) {
	count := map[int32]int{}
	for _, id := range gm {
		if id >= 0 {
			count[id]++
		}
	}
	best := int32(-1)
	for id, n := range count {
		if best < 0 || n > count[best] || (n == count[best] && id < best) {
			best = id
		}
	}
	var cells []image.Point
	for i, id := range gm {
		if id == best {
			cells = append(cells, g.Point(i))
		}
	}
	a, b, d := cells[0], cells[0], -1
	for _, p := range cells {
		for _, q := range cells {
			if e := max(iabsT(p.X-q.X), iabsT(p.Y-q.Y)); e > d {
				a, b, d = p, q, e
			}
		}
	}
	return a, b, best
}

// farPair returns the first and the last open cell of the grid that lie in
// different level-1 groups of one connected part (the first cell, then the
// last cell reachable from it).
func farPair(g *pathing.Grid, gm []int32) (image.Point, image.Point) {
	var a image.Point
	for i, id := range gm {
		if id >= 0 {
			a = g.Point(i)
			break
		}
	}
	s := pathing.NewSearcher(g)
	for i := len(gm) - 1; i >= 0; i-- {
		if gm[i] < 0 || gm[i] == gm[g.Index(a)] {
			continue
		}
		if r, err := s.Search(pathing.Query{Start: a, Goal: g.Point(i)}); err == nil && r.Status == pathing.Found {
			return a, g.Point(i)
		}
	}
	return a, a
}

func iabsT(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
