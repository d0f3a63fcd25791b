package world

import (
	"context"
	"image"
	"math/rand"
	"path/filepath"
	"slices"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
	"pathlens/pathing/groups"
)

// The group planner's answer shows the plans the planner made at the
// start: the first segment's. They came from a PlanSegment run before the
// walk, whose searches the walk then ran again; they now come from the
// walk's first segment (groups.WalkResult.FirstPlans). The answer must be
// what it was: the plans a PlanSegment of the query alone makes, the
// walk's path, cost and counts, the excluded cells of exclusion mode.
func TestGroupQueryPlansAreTheFirstSegments(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skip("no Moving AI maps: set PATHLENS_MAPS or put them in ../shared/maps/movingai")
	}
	for _, name := range []string{"maze512-16-0", "random512-10-0"} {
		m, err := maps.LoadMap(filepath.Join(dir, name+".map"))
		if err != nil {
			t.Fatal(err)
		}
		for _, excl := range []bool{false, true} {
			s := Settings{Algo: AlgoGroup, Exclusion: excl}
			h, err := buildGroups(context.Background(), m.Grid, nil, s)
			if err != nil {
				t.Fatal(err)
			}
			gh := h.(*groupHier)
			ref, err := groups.Build(m.Grid, groupConfig(s), nil)
			if err != nil {
				t.Fatal(err)
			}
			pl := groups.NewPlanner(ref)
			r := rand.New(rand.NewSource(9))
			for i := 0; i < 12; i++ {
				a, b := randomOpenCell(m.Grid, r), randomOpenCell(m.Grid, r)
				ans, err := gh.Query(a, b, s, nil)
				first, ferr := pl.PlanSegment(a, b, groups.Options{})
				// The planner reuses its result's slices: keep copies.
				plans, cells := make([][]int32, len(first.Plans)), make([][]image.Point, len(first.PlanCells))
				for l := range first.Plans {
					plans[l], cells[l] = slices.Clone(first.Plans[l]), slices.Clone(first.PlanCells[l])
				}
				wr, werr := pl.Walk(a, b, groups.Options{})
				if (err == nil) != (werr == nil) || (ferr == nil) != (werr == nil) {
					t.Fatalf("%s excl %v %v→%v: query %v, PlanSegment %v, Walk %v", name, excl, a, b, err, ferr, werr)
				}
				if werr != nil {
					continue
				}
				for l := 1; l <= ref.Levels(); l++ {
					if !slices.Equal(ans.Plans[l], cells[l]) {
						t.Fatalf("%s excl %v %v→%v level %d: plan %v, PlanSegment's %v", name, excl, a, b, l, ans.Plans[l], cells[l])
					}
				}
				if !slices.Equal(ans.Path, wr.Path) || ans.Cost != wr.Cost || ans.Expanded != wr.Expanded {
					t.Fatalf("%s excl %v %v→%v: path %d cells cost %v expanded %d; walk %d, %v, %d", name, excl, a, b,
						len(ans.Path), ans.Cost, ans.Expanded, len(wr.Path), wr.Cost, wr.Expanded)
				}
				if excl {
					in := map[int32]bool{}
					for _, id := range plans[1] {
						in[id] = true
					}
					gm := ref.GroupMap(1)
					if len(plans[1]) == 0 {
						// Start and goal share a level-1 group: the search stays in it.
						in[gm[m.Grid.Index(a)]] = true
					}
					for c, id := range gm {
						if want := id >= 0 && !in[id]; ans.Excluded[c] != want {
							t.Fatalf("%s %v→%v: cell %d excluded %v, want %v", name, a, b, c, ans.Excluded[c], want)
						}
					}
				} else if ans.Excluded != nil {
					t.Fatalf("%s: excluded cells outside exclusion mode", name)
				}
			}
		}
	}
}

// randomOpenCell returns an open cell of g.
func randomOpenCell(g *pathing.Grid, r *rand.Rand) image.Point {
	for {
		p := image.Pt(r.Intn(g.Width()), r.Intn(g.Height()))
		if g.Open(p) {
			return p
		}
	}
}
