package render

import (
	"math/rand"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world/agents"
	"pathlens/maps"
	"pathlens/pathing/hpa"
)

// BenchmarkAgentRoutes draws the routes of 60 agents (allPlansUpTo: every
// agent's plan is drawn) with eager HPA* plans across AR0011SR, fitted:
// each route's dashes follow the cells its legs refine to (AgentView.Route).
func BenchmarkAgentRoutes(b *testing.B) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		b.Skipf("Moving AI maps not found at %q (set PATHLENS_MAPS)", dir)
	}
	m, err := maps.LoadMap(filepath.Join(dir, "AR0011SR.map"))
	if err != nil {
		b.Fatal(err)
	}
	g := m.Grid
	h, err := hpa.Build(g, hpa.Config{ClusterSize: 10, Levels: 2})
	if err != nil {
		b.Fatal(err)
	}
	s := agents.New(g, agents.NewHPA(h, agents.HPAConfig{}), agents.Config{})
	rng := rand.New(rand.NewSource(1))
	open := func() (p [2]int) {
		for {
			x, y := rng.Intn(g.Width()), rng.Intn(g.Height())
			if g.Open(g.Point(y*g.Width() + x)) {
				return [2]int{x, y}
			}
		}
	}
	routes := 0
	for len(s.Agents(nil)) < 60 {
		a, z := open(), open()
		id, err := s.Spawn(g.Point(a[1]*g.Width() + a[0]))
		if err != nil {
			continue
		}
		_ = s.SetGoal([]int{id}, g.Point(z[1]*g.Width()+z[0]))
	}
	for i := 0; i < 5; i++ {
		s.Step()
	}
	s.Pause()
	for _, v := range s.Agents(nil) {
		if len(v.Route) > 0 {
			routes++
		}
	}
	if routes < 20 {
		b.Fatalf("%d of 60 agents have a route of cells: the benchmark wants eager plans", routes)
	}
	l := ComputeLayout(1280, 800, true)
	cam := &Camera{}
	cam.Fit(g.Width(), g.Height(), l.Map)
	al := &AgentLayer{Sim: s, Cam: cam, Map: l.Map, Plans: true, Segments: true}
	dst := ebiten.NewImage(1280, 800)
	r := New()
	r.DrawAgents(dst, al)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.DrawAgents(dst, al)
	}
	b.StopTimer()
	dst.Clear()
	b.ReportMetric(float64(routes), "routes")
}
