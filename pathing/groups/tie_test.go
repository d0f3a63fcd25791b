package groups

import (
	"image"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pathlens/maps"
)

// TestRoundingDecidesMaximinTies pins the two maximin ties that once moved
// docs/groups.md's table (AR0011SR without exclusion, 47.3 → 59.3 %;
// maze512-16-0 with exclusion, 18.2 → 25.7 %; both at commit 6861082).
// Each worst row reaches an abstract search with two plans whose maximin
// totals are equal under the definitions (16+8√2 and 36+12√2) but not in
// floating point: 6861082 costs an open rectangle's terms as w times the
// octile distance, a product one ulp below the sum of eight √2 steps the
// per-entry search had added (and level 2 sums level 1's costs, so the ulp
// climbs). Which plan won was then decided by the last bit or, when the
// totals came out bit-identical, by the abstract heap's order.
//
// Now the abstract search's tie-break (before: f, then the larger g, then
// the smaller group id, all with costs equal but for rounding counted
// equal) decides, so the test also makes the plan taken a few ulps dearer
// than the other and wants the same plan. Both plans are correct; they only
// walk differently. On AR0011SR the rule takes the plan the walk took
// before 6861082 (43.728 again); on maze512-16-0 the one it took since.
func TestRoundingDecidesMaximinTies(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skipf("no Moving AI maps at %q (set PATHLENS_MAPS)", dir)
	}
	for _, c := range []struct {
		name          string
		exclusion     bool
		start, goal   image.Point // the PlanSegment call that meets the tie
		level         int
		taken, other  string // plans, group names from the start's group
		exact         float64
		walkFrom      image.Point // the scenario row
		walkCost, opt float64
	}{
		// .scen query 1229, second segment: refining the level-2 step
		// (12,19)→(11,19) toward (11,19)'s representative group (22,38).
		// From 6861082 to the tie-break the walk went by (24,38) and cost
		// 50.941 (+59.3 %).
		{"AR0011SR", false, image.Pt(203, 315), image.Pt(173, 324), 1,
			"(25,39) (24,39) (23,39) (22,38)", "(25,39) (24,38) (23,38) (22,38)", 16 + 8*math.Sqrt2,
			image.Pt(200, 322), 43.727922, 31.970563},
		// .scen query 67, the level-2 plan; before 6861082 it went by
		// (22,24) and the path cost 32.556.
		{"maze512-16-0", true, image.Pt(345, 402), image.Pt(368, 386), 2,
			"(21,25) (22,25)/1 (23,24)/1", "(21,25) (22,24) (23,24)/1", 36 + 12*math.Sqrt2,
			image.Pt(345, 402), 37.242641, 29.627417},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := maps.LoadMap(filepath.Join(dir, c.name+".map"))
			if err != nil {
				t.Fatal(err)
			}
			gr, err := Build(m.Grid, Config{ClusterSize: 8, Levels: 2, Cost: Maximin, Exclusion: c.exclusion}, nil)
			if err != nil {
				t.Fatal(err)
			}
			// total sums a plan's maximin costs in the order the search adds them.
			total := func(plan string) float64 {
				sum, prev := 0.0, int32(-1)
				for _, name := range strings.Fields(plan) {
					id := gr.FindGroup(c.level, name)
					if id < 0 {
						t.Fatalf("no level-%d group %s", c.level, name)
					}
					if prev >= 0 {
						e, ok := gr.Edge(c.level, prev, id)
						if !ok {
							t.Fatalf("no level-%d edge into %s", c.level, name)
						}
						sum += e.Costs[Maximin]
					}
					prev = id
				}
				return sum
			}
			taken, other := total(c.taken), total(c.other)
			for _, v := range []float64{taken, other} {
				if math.Abs(v-c.exact) > 1e-9 {
					t.Fatalf("a plan costs %v, want %v: the costs changed, not only their rounding", v, c.exact)
				}
			}
			pl := NewPlanner(gr)
			r, err := pl.PlanSegment(c.start, c.goal, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, id := range r.Plans[c.level] {
				got = append(got, gr.Groups(c.level)[id].Name)
			}
			if !slices.Equal(got, strings.Fields(c.taken)) {
				t.Fatalf("level-%d plan %v, want %s (tied with %s: %.17g vs %.17g)", c.level, got, c.taken, c.other, taken, other)
			}
			// Make the plan taken a few ulps dearer than the other: the
			// rounding no longer decides.
			ids := strings.Fields(c.taken)
			for i := 1; i < len(ids); i++ {
				lv := gr.levels[c.level]
				from, to := gr.FindGroup(c.level, ids[i-1]), gr.FindGroup(c.level, ids[i])
				for j := lv.edgeStart[from]; j < lv.edgeStart[from+1]; j++ {
					if lv.edges[j].To == to {
						lv.edges[j].Costs[Maximin] += 4e-15 * lv.edges[j].Costs[Maximin]
					}
				}
			}
			if dearer := total(c.taken); dearer <= other {
				t.Fatalf("nudged, the plan taken totals %.17g, not dearer than the other's %.17g", dearer, other)
			}
			r, err = NewPlanner(gr).PlanSegment(c.start, c.goal, Options{})
			if err != nil {
				t.Fatal(err)
			}
			got = got[:0]
			for _, id := range r.Plans[c.level] {
				got = append(got, gr.Groups(c.level)[id].Name)
			}
			if !slices.Equal(got, strings.Fields(c.taken)) {
				t.Fatalf("the plan taken made a few ulps dearer: level-%d plan %v, want %s still", c.level, got, c.taken)
			}
			gr, err = Build(m.Grid, Config{ClusterSize: 8, Levels: 2, Cost: Maximin, Exclusion: c.exclusion}, nil)
			if err != nil {
				t.Fatal(err)
			}
			pl = NewPlanner(gr)
			wr, err := pl.Walk(c.walkFrom, c.goal, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(wr.Cost-c.walkCost) > 1e-6 {
				t.Fatalf("walked %.6f, want %.6f (%.1f %% over the optimum %.6f)", wr.Cost, c.walkCost, (c.walkCost/c.opt-1)*100, c.opt)
			}
		})
	}
}

// The abstract search's order depends on the graph alone: two plans that
// cost the same under the definitions give the same plan whatever the last
// bits of their costs (how a build summed them) and whatever order the
// edges are listed in (the order the search pushes them). Rooms W and E are
// joined through A and through B, which do not touch; each case sets the
// four connection costs, then nudges each by up to four ulps either way
// (81 combinations) and lists W's and E's edges both ways round. Before the
// tie-break, equal f values popped in heap order (the first pushed) and an
// ulp decided which of two equal sums was cheaper.
func TestAbstractTieIgnoresRoundingAndOrder(t *testing.T) {
	grid, layer := asciiGrid(t, `
WWAAEE
WW##EE
WWBBEE`)
	g, err := Build(grid, Config{ClusterSize: 8, Levels: 1}, [][]byte{layer})
	if err != nil {
		t.Fatal(err)
	}
	lv := g.levels[1]
	id := func(name string) int32 {
		n := g.FindGroup(1, name)
		if n < 0 {
			t.Fatalf("no group %s", name)
		}
		return n
	}
	w, a, b, e := id("W"), id("A"), id("B"), id("E")
	edge := func(from, to int32) *Edge {
		for i := lv.edgeStart[from]; i < lv.edgeStart[from+1]; i++ {
			if lv.edges[i].To == to {
				return &lv.edges[i]
			}
		}
		t.Fatalf("no edge %d→%d", from, to)
		return nil
	}
	// reverse lists every group's edges the other way round.
	reverse := func() {
		for n := range lv.groups {
			slices.Reverse(lv.edges[lv.edgeStart[n]:lv.edgeStart[n+1]])
		}
	}
	steps := [4][2]int32{{w, a}, {a, e}, {w, b}, {b, e}}
	name := func(plan []int32) string {
		var s []string
		for _, n := range plan {
			s = append(s, lv.groups[n].Name)
		}
		return strings.Join(s, " ")
	}
	p := NewPlanner(g)
	plan := func(costs [4]float64) string {
		for i, st := range steps {
			edge(st[0], st[1]).Costs[Minimum] = costs[i]
			edge(st[1], st[0]).Costs[Minimum] = costs[i]
		}
		p.fit()
		if !p.abstract(1, w, e, -1, false, noCache, nil) {
			t.Fatal("no plan")
		}
		return name(p.res.Plans[1])
	}
	nudge := func(c float64, k int) float64 {
		for ; k > 0; k-- {
			c = math.Nextafter(c, math.Inf(1))
		}
		for ; k < 0; k++ {
			c = math.Nextafter(c, math.Inf(-1))
		}
		return c
	}
	first := "W A E" // A is numbered before B
	if a > b {
		first = "W B E"
	}
	for _, c := range []struct {
		name  string
		costs [4]float64 // W→A, A→E, W→B, B→E
		want  string
	}{
		{"equal steps", [4]float64{1 + math.Sqrt2, 2 * math.Sqrt2, 1 + math.Sqrt2, 2 * math.Sqrt2}, first},
		{"A first, equal sums", [4]float64{0.1, 0.7, 0.3, 0.5}, "W A E"},
		{"B first, equal sums", [4]float64{0.3, 0.5, 0.1, 0.7}, "W B E"},
		{"B cheaper", [4]float64{1, 2, 1, 2 - 1e-6}, "W B E"},
	} {
		for _, rev := range []bool{false, true} {
			if rev {
				reverse()
			}
			for m := 0; m < 81; m++ {
				costs := c.costs
				for i, k := 0, m; i < 4; i, k = i+1, k/3 {
					costs[i] = nudge(costs[i], 4*(k%3-1))
				}
				if got := plan(costs); got != c.want {
					t.Errorf("%s, edges reversed %v, costs %.17g: plan %s, want %s", c.name, rev, costs, got, c.want)
				}
			}
			if rev {
				reverse()
			}
		}
	}
}
