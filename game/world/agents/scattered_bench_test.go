package agents

import (
	"image"
	"math/rand"
	"runtime"
	"slices"
	"testing"
	"time"

	"pathlens/internal/cputime"
	"pathlens/pathing"
	"pathlens/pathing/hpa"
)

// scatteredGroup spawns k agents on open cells of g drawn at random (seed)
// and sends them as one group to another random open cell: members
// hundreds of cells from their places, as a user's group scattered across
// a map before the send.
func scatteredGroup(tb testing.TB, s *Sim, g *pathing.Grid, k int, seed int64) image.Point {
	tb.Helper()
	rng := rand.New(rand.NewSource(seed))
	open := func() image.Point {
		for {
			if p := image.Pt(rng.Intn(g.Width()), rng.Intn(g.Height())); g.Open(p) {
				return p
			}
		}
	}
	var ids []int
	for len(ids) < k {
		if id, err := s.Spawn(open()); err == nil {
			ids = append(ids, id)
		}
	}
	goal := open()
	if err := s.SetGroupGoal(ids, goal); err != nil {
		tb.Fatal(err)
	}
	return goal
}

// BenchmarkScatteredGroup is a user trial: a group of 6 members scattered
// across maze512-16-0 sent to a far goal, then 1,200 ticks (20 s) of its
// walk under the default plan budget. One op is the whole trial; the
// metrics are per tick: wall-clock time (tick_ms_*, which a loaded
// machine inflates), the thread's CPU time (cpu_ms_*, Linux), and the
// search nodes the members' local searches and the plans expanded
// (nodes/tick). The members' searches once took every tick's whole budget.
func BenchmarkScatteredGroup(b *testing.B) {
	g := loadMovingAI(b, "maze512-16-0")
	h, err := hpa.Build(g, hpa.Config{})
	if err != nil {
		b.Fatal(err)
	}
	for _, pn := range []string{"hpa", "astar"} {
		b.Run(pn, func(b *testing.B) {
			const ticks = 1200
			var wall, cpu []float64
			var nodes int64
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				var p Planner = NewAStar(g, AStarConfig{})
				if pn == "hpa" {
					p = NewHPA(h, HPAConfig{})
				}
				s := New(g, p, Config{})
				scatteredGroup(b, s, g, 6, int64(i+1))
				b.StartTimer()
				w0 := s.Stats().Work + s.Stats().LocalWork
				for range ticks {
					t0 := time.Now()
					c0, ok := cputime.Thread()
					s.Step()
					if c1, _ := cputime.Thread(); ok {
						cpu = append(cpu, float64(c1-c0)/1e6)
					}
					wall = append(wall, float64(time.Since(t0))/1e6)
				}
				nodes += s.Stats().Work + s.Stats().LocalWork - w0
			}
			b.StopTimer()
			slices.Sort(wall)
			b.ReportMetric(wall[len(wall)/2], "tick_ms_median")
			b.ReportMetric(wall[len(wall)-1], "tick_ms_max")
			if len(cpu) > 0 {
				slices.Sort(cpu)
				b.ReportMetric(cpu[len(cpu)/2], "cpu_ms_median")
				b.ReportMetric(cpu[len(cpu)*99/100], "cpu_ms_p99")
				b.ReportMetric(cpu[len(cpu)-1], "cpu_ms_max")
				var sum float64
				for _, c := range cpu {
					sum += c
				}
				b.ReportMetric(sum/float64(len(cpu)), "cpu_ms_mean")
			}
			b.ReportMetric(float64(nodes)/float64(b.N*ticks), "nodes/tick")
		})
	}
}
