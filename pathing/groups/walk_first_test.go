package groups

import (
	"fmt"
	"image"
	"math/rand"
	"slices"
	"testing"

	"pathlens/pathing"
)

// The window showed the plans PlanSegment(start, goal) makes, by calling
// it before Walk, whose plans start afresh: the first segment's searches
// ran twice. Walk now hands the first segment's plans back (FirstPlans,
// FirstPlanCells); they must be what that PlanSegment returns, on every
// configuration, for a planner warm from other queries, and empty when
// the first segment fails.
func TestWalkFirstPlansArePlanSegments(t *testing.T) {
	g := randomGrid(61, 47, 28, 5)
	for _, cfg := range []Config{
		{ClusterSize: 4, Levels: 1},
		{ClusterSize: 4, Levels: 3},
		{ClusterSize: 5, Levels: 2, Branch: 3, Target: Nearest},
		{ClusterSize: 4, Levels: 2, Neighborhood: pathing.Four},
	} {
		gr, err := Build(g, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		walker, alone := NewPlanner(gr), NewPlanner(gr)
		r := rand.New(rand.NewSource(3))
		for _, kind := range []CostKind{Minimum, Maximin, AvgMin} {
			for _, excl := range []bool{false, true} {
				gr.SetCost(kind)
				gr.SetExclusion(excl)
				name := fmt.Sprintf("L%d/c%d/%v/%v/nb%v/excl=%v", cfg.Levels, cfg.ClusterSize, cfg.Target, kind, cfg.Neighborhood, excl)
				for i := 0; i < 40; i++ {
					a, b := randomOpen(g, r), randomOpen(g, r)
					if i%13 == 0 {
						b = image.Pt(-1, -1) // outside: the first segment fails
					}
					want, werr := alone.PlanSegment(a, b, Options{})
					wr, err := walker.Walk(a, b, Options{})
					if (werr == nil) != (err == nil || wr.Segments > 1) {
						t.Fatalf("%s %v→%v: PlanSegment %v, Walk %v after %d segments", name, a, b, werr, err, wr.Segments)
					}
					for l := 1; l <= cfg.Levels; l++ {
						wp, wc := []int32(nil), []image.Point(nil)
						if werr == nil {
							wp, wc = want.Plans[l], want.PlanCells[l]
						}
						if !slices.Equal(wr.FirstPlans[l], wp) || !slices.Equal(wr.FirstPlanCells[l], wc) {
							t.Fatalf("%s %v→%v level %d: Walk's first plan %v %v, PlanSegment's %v %v (err %v)",
								name, a, b, l, wr.FirstPlans[l], wr.FirstPlanCells[l], wp, wc, werr)
						}
					}
				}
			}
		}
	}
}
