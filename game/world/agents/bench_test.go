package agents

import (
	"image"
	"math/rand"
	"path/filepath"
	"testing"
	"time"

	"pathlens/maps"
	"pathlens/pathing"
	"pathlens/pathing/groups"
	"pathlens/pathing/hpa"
)

var maps512 = []string{"random512-10-0", "8room_000", "AR0011SR", "Aftershock", "maze512-16-0"}

func loadMovingAI(tb testing.TB, name string) *pathing.Grid {
	tb.Helper()
	dir, ok := maps.MovingAIDir()
	if !ok {
		tb.Skipf("Moving AI maps not found (looked in %q; set PATHLENS_MAPS)", dir)
	}
	m, err := maps.LoadMap(filepath.Join(dir, name+".map"))
	if err != nil {
		tb.Fatal(err)
	}
	return m.Grid
}

// TestWorkloadSmall runs the cmd/bench workload on a real map at a small
// scale: every rule must hold (no wall entered, nobody stuck).
func TestWorkloadSmall(t *testing.T) {
	g := loadMovingAI(t, "den312d")
	for _, name := range []string{"astar", "groups"} {
		g := g.Clone()
		var p Planner = NewAStar(g, AStarConfig{})
		if name == "groups" {
			gr, err := groups.Build(g, groups.Config{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			p = NewGroups(gr)
		}
		s := New(g, p, Config{PlanBudget: -1})
		w := Workload{Agents: 100, Ticks: 3000, Seed: 1}
		if name == "astar" {
			w.Edits = 200
		}
		r, err := RunWorkload(s, w)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %+v", p.Name(), r)
		if r.WallViolations != 0 || r.Stuck != 0 {
			t.Fatalf("%s: %d wall violations, %d stuck", p.Name(), r.WallViolations, r.Stuck)
		}
		if r.Arrivals < 100 {
			t.Fatalf("%s: only %d arrivals", p.Name(), r.Arrivals)
		}
		if w.Edits > 0 && (r.FillsOnPaths == 0 || r.Reasons[ReasonWorldChanged] == 0) {
			t.Fatalf("%s: edits did not reach the agents: %+v", p.Name(), r)
		}
	}
}

// BenchmarkSimStep times one tick of 1,000 agents walking a 512×512 map
// with random goals (new ones on arrival, no edits) under the default
// per-tick plan budget, with HPA* (the default hierarchy) and with sliced
// A*. The "queued" metric is the plan queue at the end: a growing queue
// means the planner cannot keep up.
func BenchmarkSimStep(b *testing.B) {
	for _, name := range maps512 {
		for _, pn := range []string{"hpa", "astar"} {
			b.Run(name+"/"+pn, func(b *testing.B) {
				g := loadMovingAI(b, name)
				var p Planner = NewAStar(g, AStarConfig{})
				if pn == "hpa" {
					h, err := hpa.Build(g, hpa.Config{})
					if err != nil {
						b.Fatal(err)
					}
					p = NewHPA(h, HPAConfig{})
				}
				s := New(g, p, Config{})
				// Warm up: everyone planned once and walking.
				if _, err := RunWorkload(s, Workload{Agents: 1000, Ticks: 300, Seed: 1}); err != nil {
					b.Fatal(err)
				}
				var arrived []int
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					s.Step()
					arrived = s.ArrivedNow(arrived[:0])
					for _, id := range arrived {
						s.SetGoal([]int{id}, s.at((id+1)%len(s.agents)).cell)
					}
				}
				b.ReportMetric(float64(s.Stats().Queue), "queued")
			})
		}
	}
}

// BenchmarkCellsChanged times telling 1,000 walking agents about one fill
// on a 512×512 map (the change test against every route).
func BenchmarkCellsChanged(b *testing.B) {
	g := loadMovingAI(b, "random512-10-0")
	h, err := hpa.Build(g, hpa.Config{})
	if err != nil {
		b.Fatal(err)
	}
	s := New(g, NewHPA(h, HPAConfig{}), Config{PlanBudget: -1})
	if _, err := RunWorkload(s, Workload{Agents: 1000, Ticks: 2, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	c := []image.Point{{0, 0}}
	for x := 0; x < 512; x++ { // a cell no route uses: the cost of the test alone
		if p := (image.Point{x, 0}); !g.Open(p) {
			c[0] = p
			break
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.CellsChanged(c)
	}
}

// BenchmarkGroupStep times one tick of a 400-member group crossing a
// 512×512 field with 5 % of its cells blocked, under the default plan
// budget, while every 40 ticks a 40-cell wall is laid right through the
// group (and the previous one dug out): the members behind it need new,
// longer local searches all at once. step_ms_p99 and max_step_ms are the
// 99th percentile and the slowest whole tick (edit and CellsChanged
// included; noisy on a shared machine): member searches share the plan
// budget (sliced when long), so a big group cannot push a tick far past
// it. searches/op counts members' local searches.
func BenchmarkGroupStep(b *testing.B) {
	g := pathing.MustGrid(512, 512)
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < g.Len()/20; i++ {
		g.SetOpen(image.Point{rng.Intn(512), rng.Intn(512)}, false)
	}
	s := New(g, NewAStar(g, AStarConfig{}), Config{})
	var ids []int
	for y := 0; y < 20; y++ {
		for x := 0; x < 20; x++ {
			if id, err := s.Spawn(image.Point{10 + x, 10 + y}); err == nil {
				ids = append(ids, id)
			}
		}
	}
	goal := image.Point{500, 500}
	g.SetOpen(goal, true)
	if err := s.SetGroupGoal(ids, goal); err != nil {
		b.Fatal(err)
	}
	for range 60 { // planned, and the members under way
		s.Step()
	}
	var wall, changed []image.Point
	steps := make([]float64, 0, b.N)
	local := s.Stats().Local
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if i%40 == 0 {
			changed = changed[:0]
			for _, c := range wall {
				if g.SetOpen(c, true) {
					changed = append(changed, c)
				}
			}
			wall = wall[:0]
			l := s.at(s.groups[0].leader).cell
			for x := l.X - 20; x < l.X+20; x++ {
				c := image.Point{x, l.Y + 2}
				if s.occ[g.Index(c)] == 0 && g.SetOpen(c, false) {
					wall = append(wall, c)
					changed = append(changed, c)
				}
			}
			s.CellsChanged(changed)
		}
		s.Step()
		steps = append(steps, float64(time.Since(t0))/1e6)
	}
	b.StopTimer()
	b.ReportMetric(percentile(steps, 0.99), "step_ms_p99")
	b.ReportMetric(percentile(steps, 1), "max_step_ms")
	b.ReportMetric(float64(s.Stats().Local-local)/float64(b.N), "searches/op")
}

// BenchmarkAgentNear is the window's hover test, run every frame the
// pointer is over the map: the agent under a point (AgentNear) and the
// group leader's diamond under it (LeaderNear), among 200 agents in four
// groups of 50 walking den312d (the clock running, so places are between
// cells). It used to build every agent's whole view, route included, and
// a slice of the groups, each frame, twice.
func BenchmarkAgentNear(b *testing.B) {
	g := loadMovingAI(b, "den312d")
	s := New(g, NewAStar(g, AStarConfig{}), Config{})
	rng := rand.New(rand.NewSource(1))
	open := func() image.Point {
		for {
			if p := image.Pt(rng.Intn(g.Width()), rng.Intn(g.Height())); g.Open(p) {
				return p
			}
		}
	}
	var ids []int
	for len(ids) < 200 {
		if id, err := s.Spawn(open()); err == nil {
			ids = append(ids, id)
		}
	}
	for k := 0; k < 4; k++ {
		if err := s.SetGroupGoal(ids[50*k:50*(k+1)], open()); err != nil {
			b.Fatal(err)
		}
	}
	for i := 0; i < 20; i++ {
		s.Step()
	}
	pts := make([][2]float64, 64)
	for i := range pts {
		p := open()
		pts[i] = [2]float64{float64(p.X) + 0.5, float64(p.Y) + 0.5}
	}
	b.ReportAllocs()
	b.ResetTimer()
	hits := 0
	for i := 0; i < b.N; i++ {
		p := pts[i%len(pts)]
		if s.AgentNear(p[0], p[1], 0.6) >= 0 {
			hits++
		}
		if _, _, ok := s.LeaderNear(p[0], p[1], 1); ok {
			hits++
		}
	}
	_ = hits
}
