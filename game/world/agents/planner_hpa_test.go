package agents

import (
	"image"
	"math/rand"
	"testing"

	"pathlens/pathing"
	"pathlens/pathing/hpa"
)

// wallsGrid is a w×h grid with about pct % of its cells blocked at random
// (seeded).
func wallsGrid(w, h, pct int, seed int64) *pathing.Grid {
	g := pathing.MustGrid(w, h)
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < g.Len()*pct/100; i++ {
		g.SetOpen(image.Point{rng.Intn(w), rng.Intn(h)}, false)
	}
	return g
}

// farPairs returns n start/goal pairs of one component at least 40 cells
// apart; every third start is a level-L node cell (where an agent stands
// after a crossing), the case lazyGuess does not fit.
func farPairs(h *hpa.Hierarchy, n int, seed int64) [][2]image.Point {
	g := h.Grid()
	rng := rand.New(rand.NewSource(seed))
	nodes := h.Nodes(h.Levels())
	open := func() image.Point {
		for {
			if p := (image.Point{rng.Intn(g.Width()), rng.Intn(g.Height())}); g.Open(p) {
				return p
			}
		}
	}
	var out [][2]image.Point
	for len(out) < n {
		a, b := open(), open()
		if len(out)%3 == 2 {
			a = nodes[rng.Intn(len(nodes))].Cell
		}
		if h.Component(a) == h.Component(b) && chebyshev(a, b) >= 40 {
			out = append(out, [2]image.Point{a, b})
		}
	}
	return out
}

// A lazy plan refines the segment only: no footprint, and the legs are the
// rest of the top-level plan, node by node, ending at the goal. The
// segment is the one an eager plan would take by the same rule (the steps
// until one longer than a cell, then the crossings after it), and the
// cost is the whole plan's abstract cost, never below the refined route's.
func TestHPALazyPlanHasNoFootprint(t *testing.T) {
	g := wallsGrid(128, 96, 18, 4)
	h, err := hpa.Build(g, hpa.Config{ClusterSize: 8})
	if err != nil {
		t.Fatal(err)
	}
	lazy, eager := NewHPA(h, HPAConfig{Mode: HPALazy}), NewHPA(h, HPAConfig{})
	whole := h.NewQuerier()
	L := h.Levels()
	var pl, pe Plan
	withLegs := 0
	pairs := farPairs(h, 60, 1)
	for _, pr := range pairs {
		from, goal := pr[0], pr[1]
		if err := lazy.Plan(from, goal, &pl); err != nil {
			t.Fatalf("%v→%v: %v", from, goal, err)
		}
		if err := eager.Plan(from, goal, &pe); err != nil {
			t.Fatal(err)
		}
		if len(pl.Footprint) != 0 {
			t.Fatalf("%v→%v: lazy plan has a footprint of %d cells", from, goal, len(pl.Footprint))
		}
		if len(pe.Legs) > 0 && len(pe.Footprint) == 0 {
			t.Fatalf("%v→%v: eager plan with legs has no footprint", from, goal)
		}
		if err := pathing.ValidatePath(g, pl.Segment, pathing.Eight); err != nil || pl.Segment[0] != from {
			t.Fatalf("%v→%v: segment %v: %v", from, goal, pl.Segment, err)
		}
		r, err := whole.Find(from, goal, hpa.QueryOptions{NoSmooth: true})
		if err != nil || r.Status != pathing.Found {
			t.Fatalf("%v→%v: %v %v", from, goal, r.Status, err)
		}
		top := r.Plans[L]
		if len(top) < 2 {
			continue // the short-query shortcut: one whole segment
		}
		n := segmentSteps(top)
		if end := pl.Segment[len(pl.Segment)-1]; end != top[n].Cell {
			t.Fatalf("%v→%v: segment ends at %v, want node %d of the plan %v", from, goal, end, n, top[n].Cell)
		}
		if len(pl.Legs) != len(top)-1-n {
			t.Fatalf("%v→%v: %d legs for %d unrefined steps", from, goal, len(pl.Legs), len(top)-1-n)
		}
		for j, l := range pl.Legs {
			if l.To != top[n+1+j].Cell {
				t.Fatalf("%v→%v: leg %d ends at %v, want plan node %v", from, goal, j, l.To, top[n+1+j].Cell)
			}
		}
		if len(pl.Legs) > 0 {
			withLegs++
			if pl.Legs[len(pl.Legs)-1].To != goal {
				t.Fatalf("%v→%v: the last leg ends at %v", from, goal, pl.Legs[len(pl.Legs)-1].To)
			}
		}
		if pl.Cost < r.Cost-1e-6 || pl.Cost < pe.Cost-1e-6 {
			t.Fatalf("%v→%v: lazy cost %.2f below the refined route's %.2f", from, goal, pl.Cost, r.Cost)
		}
	}
	if withLegs < len(pairs)/2 {
		t.Fatalf("only %d of %d plans had legs: the test does not exercise lazy plans", withLegs, len(pairs))
	}
	if lazy.Requeries() > len(pairs)/2 {
		t.Fatalf("%d of %d lazy plans needed a second query", lazy.Requeries(), len(pairs))
	}
}

// Each leg's area holds the whole refinement of its top-level step: the
// cluster of an intra-cluster step, the two cells of a crossing. So an edit
// that can change a step's cost or legality lies in its leg's area.
func TestHPALazyLegAreasCoverUnrefinedSteps(t *testing.T) {
	for _, levels := range []int{1, 2, 3} {
		g := wallsGrid(128, 96, 22, 7)
		h, err := hpa.Build(g, hpa.Config{ClusterSize: 8, Levels: levels})
		if err != nil {
			t.Fatal(err)
		}
		lazy := NewHPA(h, HPAConfig{Mode: HPALazy})
		whole := h.NewQuerier()
		L := h.Levels()
		var pl Plan
		checked, crossings := 0, 0
		for _, pr := range farPairs(h, 40, int64(levels)) {
			from, goal := pr[0], pr[1]
			if err := lazy.Plan(from, goal, &pl); err != nil {
				t.Fatal(err)
			}
			r, err := whole.Find(from, goal, hpa.QueryOptions{NoSmooth: true})
			if err != nil {
				t.Fatal(err)
			}
			top := r.Plans[L]
			if len(top) < 2 {
				continue
			}
			n := segmentSteps(top)
			for j, l := range pl.Legs {
				i := n + j // the leg's top-level step
				cells := r.Path[r.SegmentEnds[i-1] : r.SegmentEnds[i]+1]
				for _, c := range cells {
					if !c.In(l.Area) {
						t.Fatalf("levels %d, %v→%v: leg %d (%v→%v) refines through %v outside its area %v", levels, from, goal, j, top[i].Cell, l.To, c, l.Area)
					}
				}
				if l.Area.Dx()*l.Area.Dy() <= 2 {
					crossings++
				} else if l.Area != h.ClusterRect(L, h.ClusterOf(L, l.To)) {
					t.Fatalf("levels %d: intra leg %d area %v is not the top-level cluster of %v", levels, j, l.Area, l.To)
				}
				checked++
			}
		}
		if checked < 100 || crossings == 0 {
			t.Fatalf("levels %d: %d legs checked, %d crossings", levels, checked, crossings)
		}
	}
}

// An edit inside a later leg's area makes a lazy agent replan (its plan
// knows that step only as a cluster); one outside every area and away from
// its segment does not. An eager agent, whose plan knows the cells, shrugs
// off the same edit when it lies two cells from its route: that is the
// trade-off between the modes.
func TestHPALazyEditInLegAreaReplans(t *testing.T) {
	const W, H = 96, 64
	from, goal := image.Point{2, 2}, image.Point{93, 61}
	mk := func(mode HPAMode) (*pathing.Grid, *hpa.Hierarchy, *Sim, int) {
		g := pathing.MustGrid(W, H)
		h, err := hpa.Build(g, hpa.Config{ClusterSize: 8})
		if err != nil {
			t.Fatal(err)
		}
		s := exact(g, NewHPA(h, HPAConfig{Mode: mode}))
		id, _ := s.Spawn(from)
		s.SetGoal([]int{id}, goal)
		s.Step()
		return g, h, s, id
	}
	fill := func(g *pathing.Grid, h *hpa.Hierarchy, s *Sim, c image.Point) {
		g.SetOpen(c, false)
		h.Update([]image.Point{c})
		s.CellsChanged([]image.Point{c})
		s.Step()
	}
	g, h, s, id := mk(HPALazy)
	v := view(t, s, id)
	if len(v.Legs) < 4 {
		t.Fatalf("lazy plan has %d legs, want several", len(v.Legs))
	}
	// Outside: the far corner, away from every leg's area and the segment.
	out := image.Point{W - 2, 1}
	for _, l := range v.Legs {
		if out.In(l.Area) {
			t.Fatalf("%v is in the area %v of a leg", out, l.Area)
		}
	}
	if out.In(bbox(v.Segment).Inset(-shortcutReach)) {
		t.Fatalf("%v is near the segment %v", out, v.Segment)
	}
	fill(g, h, s, out)
	if st := s.Stats(); st.Reasons[ReasonWorldChanged] != 0 {
		t.Fatalf("a fill outside every leg's area made the agent replan: %+v", st.Reasons)
	}
	// Inside the last leg's area (the goal's top-level cluster), as far as
	// possible from the eager route's cells.
	_, _, se, ide := mk(HPAEager)
	ve := view(t, se, ide)
	route := append(append([]image.Point{}, ve.Segment...), se.agents[ide].plan.Footprint...)
	last := v.Legs[len(v.Legs)-1].Area
	in, best := image.Point{}, -1
	for y := last.Min.Y; y < last.Max.Y; y++ {
		for x := last.Min.X; x < last.Max.X; x++ {
			c := image.Point{x, y}
			d := 1 << 30
			for _, r := range route {
				d = min(d, chebyshev(c, r))
			}
			if c != goal && d > best {
				in, best = c, d
			}
		}
	}
	if best < 2 {
		t.Fatalf("no cell of %v two cells from the eager route", last)
	}
	fill(g, h, s, in)
	if st := s.Stats(); st.Reasons[ReasonWorldChanged] != 1 || st.HitLegs != 1 {
		t.Fatalf("a fill at %v in the last leg's area %v: world_changed %d, hit legs %d; want 1, 1", in, last, st.Reasons[ReasonWorldChanged], st.HitLegs)
	}
	ge, he := se.grid, se.planner.(*HPA).Hierarchy()
	fill(ge, he, se, in)
	if st := se.Stats(); st.Reasons[ReasonWorldChanged] != 0 {
		t.Fatalf("eager agent replanned for a fill %d cells from its route", best)
	}
}

// Lazy agents reach their goals on real maps while digs and fills land,
// never step into a wall and never get stuck; segment ends refine the kept
// plan.
func TestHPALazyAgentsArriveOnRealMaps(t *testing.T) {
	for _, name := range []string{"den312d", "AR0011SR"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			g := loadMovingAI(t, name)
			h, err := hpa.Build(g, hpa.Config{})
			if err != nil {
				t.Fatal(err)
			}
			p := NewHPA(h, HPAConfig{Mode: HPALazy})
			s := New(g, p, Config{PlanBudget: -1})
			r, err := RunWorkload(s, Workload{Agents: 80, Ticks: 3000, Edits: 150, Seed: 3, Repair: func(c []image.Point) error {
				h.Update(c)
				return nil
			}})
			if err != nil {
				t.Fatal(err)
			}
			st := s.Stats()
			t.Logf("%+v requeries %d", r, p.Requeries())
			if r.WallViolations != 0 || r.Stuck != 0 || st.Failed != 0 {
				t.Fatalf("violations %d, stuck %d, failed plans %d", r.WallViolations, r.Stuck, st.Failed)
			}
			if r.Arrivals < 40 || st.Refined < r.Arrivals || r.Reasons[ReasonWorldChanged] == 0 {
				t.Fatalf("arrivals %d, refined legs %d, reasons %v", r.Arrivals, st.Refined, r.Reasons)
			}
		})
	}
}

func TestParseHPAMode(t *testing.T) {
	for m := HPAMode(0); m < numHPAModes; m++ {
		if got, err := ParseHPAMode(m.String()); err != nil || got != m {
			t.Fatalf("%v: %v %v", m, got, err)
		}
	}
	if _, err := ParseHPAMode("lazzy"); err == nil {
		t.Fatal("lazzy accepted")
	}
	h, err := hpa.Build(pathing.MustGrid(16, 16), hpa.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if n := NewHPA(h, HPAConfig{Mode: HPALazy}).Name(); n != "hpa/lazy" {
		t.Fatal(n)
	}
	if p := NewHPA(h, HPAConfig{Mode: numHPAModes}); p.Mode() != HPAEager {
		t.Fatalf("an unknown mode gave %v", p.Mode())
	}
}

// BenchmarkHPAPlan times one agent plan (Plan, a route across a 512×512
// map) in each mode: eager refines and smooths the whole route, lazy only
// the segment.
func BenchmarkHPAPlan(b *testing.B) {
	for _, name := range []string{"AR0011SR", "Aftershock"} {
		g := loadMovingAI(b, name)
		h, err := hpa.Build(g, hpa.Config{})
		if err != nil {
			b.Fatal(err)
		}
		pairs := farPairs(h, 256, 9)
		for _, mode := range []HPAMode{HPAEager, HPALazy} {
			b.Run(name+"/"+mode.String(), func(b *testing.B) {
				p := NewHPA(h, HPAConfig{Mode: mode})
				var pl Plan
				for _, pr := range pairs { // warm the buffers
					p.Plan(pr[0], pr[1], &pl)
				}
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					pr := pairs[i%len(pairs)]
					if err := p.Plan(pr[0], pr[1], &pl); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
