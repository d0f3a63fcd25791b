package hpa

import (
	"image"
	"math/rand"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"pathlens/maps"
	"pathlens/pathing"
)

// benchCfg is the configuration the benchmarks measure: the Fast preset.
var benchCfg = Fast

func benchMap(b *testing.B, name string) (*maps.Map, []maps.ScenRow) {
	m, rows := loadBench(b, name)
	return m, rows
}

// benchQuerier loads a Moving AI map and its rows, builds it with benchCfg
// and returns a querier of it.
func benchQuerier(b *testing.B, name string) (*maps.Map, []maps.ScenRow, *Hierarchy, *Querier) {
	m, rows := benchMap(b, name)
	h, err := Build(m.Grid, benchCfg)
	if err != nil {
		b.Fatal(err)
	}
	return m, rows, h, h.NewQuerier()
}

// BenchmarkBuild builds the hierarchy of each 512×512 map (target < 20 ms,
// wall clock); cpu_ns/op is the process CPU time per build.
func BenchmarkBuild(b *testing.B) {
	for _, name := range []string{"AR0011SR", "Aftershock", "random512-10-0", "maze512-16-0", "8room_000"} {
		for _, cfg := range []struct {
			name string
			cfg  Config
		}{{"default", Config{}}, {"fast", Fast}} {
			b.Run(name+"/"+cfg.name, func(b *testing.B) {
				m, _ := benchMap(b, name)
				b.ReportAllocs()
				b.ResetTimer()
				t0 := processNS()
				for i := 0; i < b.N; i++ {
					if _, err := Build(m.Grid, cfg.cfg); err != nil {
						b.Fatal(err)
					}
				}
				// Process CPU time (all cores, GC included): steadier
				// than ns/op when other processes share the cores.
				b.ReportMetric(float64(processNS()-t0)/float64(b.N), "cpu_ns/op")
			})
		}
	}
}

// BenchmarkFind runs every scenario row of the 512×512 game maps through one
// querier; BenchmarkAStar runs the same rows through the plain A* so the
// two ns/op are directly comparable (the speedup is their ratio). The
// /refine1 variants plan high and refine the first top-level step only
// (QueryOptions.RefineSteps 1), as an agent's first plan does.
func BenchmarkFind(b *testing.B) {
	for _, name := range []string{"AR0011SR", "Aftershock", "AR0011SR/refine1", "Aftershock/refine1"} {
		b.Run(name, func(b *testing.B) {
			name, first := strings.CutSuffix(name, "/refine1")
			opt := QueryOptions{}
			if first {
				opt.RefineSteps = 1
			}
			_, rows, _, q := benchQuerier(b, name)
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.ReportAllocs()
			b.ResetTimer()
			t0 := threadNS()
			for i := 0; i < b.N; i++ {
				r := rows[i%len(rows)]
				if res, _ := q.Find(r.Start, r.Goal, opt); res.Status != pathing.Found {
					b.Fatal("no path")
				}
			}
			// Thread CPU time: steadier than ns/op on a shared machine.
			b.ReportMetric(float64(threadNS()-t0)/float64(b.N), "cpu_ns/op")
		})
	}
}

func BenchmarkAStar(b *testing.B) {
	for _, name := range []string{"AR0011SR", "Aftershock"} {
		b.Run(name, func(b *testing.B) {
			m, rows := benchMap(b, name)
			s := pathing.NewSearcher(m.Grid)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				r := rows[i%len(rows)]
				if res, _ := s.Search(pathing.Query{Start: r.Start, Goal: r.Goal}); res.Status != pathing.Found {
					b.Fatal("no path")
				}
			}
		})
	}
}

// BenchmarkFindMedian times every row once with HPA* and A* and reports the
// medians and their ratio (speedup_median, target ≥ 10); the /w1.2 variants
// use QueryOptions.AbstractWeight 1.2.
func BenchmarkFindMedian(b *testing.B) {
	for _, name := range []string{"AR0011SR", "Aftershock", "AR0011SR/w1.2", "Aftershock/w1.2"} {
		b.Run(name, func(b *testing.B) {
			name, weighted := strings.CutSuffix(name, "/w1.2")
			opt := QueryOptions{}
			if weighted {
				opt.AbstractWeight = 1.2
			}
			m, rows, _, q := benchQuerier(b, name)
			s := pathing.NewSearcher(m.Grid)
			b.ReportAllocs()
			var hpaT, astT []float64
			var ph [4][]float64 // insert, abstract, refine, smooth (µs)
			for i := 0; i < b.N; i++ {
				hpaT, astT = hpaT[:0], astT[:0]
				for k := range ph {
					ph[k] = ph[k][:0]
				}
				// Each in its own batch, like cmd/bench: interleaving
				// would let A*'s 10 MB of per-cell state evict the
				// querier's working set before every query.
				for _, r := range rows {
					t0 := time.Now()
					res, _ := q.Find(r.Start, r.Goal, opt)
					hpaT = append(hpaT, float64(time.Since(t0).Nanoseconds()))
					if !res.Shortcut {
						p := &res.Phases
						for k, d := range []time.Duration{p.InsertTime, p.AbstractTime, p.RefineTime, p.SmoothTime} {
							ph[k] = append(ph[k], float64(d.Nanoseconds())/1000)
						}
					}
				}
				for _, r := range rows {
					t0 := time.Now()
					s.Search(pathing.Query{Start: r.Start, Goal: r.Goal})
					astT = append(astT, float64(time.Since(t0).Nanoseconds()))
				}
			}
			sort.Float64s(hpaT)
			sort.Float64s(astT)
			b.ReportMetric(hpaT[len(hpaT)/2]/1000, "hpa_median_us")
			b.ReportMetric(astT[len(astT)/2]/1000, "astar_median_us")
			b.ReportMetric(astT[len(astT)/2]/hpaT[len(hpaT)/2], "speedup_median")
			// The phases' own medians (queries through the hierarchy only).
			for k, unit := range []string{"insert_us", "abstract_us", "refine_us", "smooth_us"} {
				if len(ph[k]) > 0 {
					sort.Float64s(ph[k])
					b.ReportMetric(ph[k][len(ph[k])/2], unit)
				}
			}
		})
	}
}

// BenchmarkUpdate toggles one random cell per op and repairs (cluster 16, 2
// levels; target median ≤ 50 µs).
func BenchmarkUpdate(b *testing.B) {
	for _, name := range []string{"AR0011SR", "Aftershock", "AR0011SR/full", "Aftershock/full"} {
		b.Run(name, func(b *testing.B) {
			name, full := strings.CutSuffix(name, "/full")
			incrementalRepair = !full
			defer func() { incrementalRepair = true }()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			m, _ := benchMap(b, name)
			g := m.Grid.Clone()
			h, err := Build(g, Editable)
			if err != nil {
				b.Fatal(err)
			}
			rng := rand.New(rand.NewSource(1))
			ts := make([]float64, 0, b.N)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				p := image.Pt(rng.Intn(g.Width()), rng.Intn(g.Height()))
				g.SetOpen(p, !g.Open(p))
				t0 := threadNS()
				h.Update([]image.Point{p})
				ts = append(ts, float64(threadNS()-t0))
			}
			sort.Float64s(ts)
			b.ReportMetric(ts[len(ts)/2]/1000, "median_cpu_us")
			b.ReportMetric(ts[len(ts)*99/100]/1000, "p99_cpu_us")
		})
	}
}

// BenchmarkUnreachable asks for a goal in another component: answered from
// the labels, where A* floods the start's whole component (target ≥ 1000×
// faster than BenchmarkUnreachableAStar).
func BenchmarkUnreachable(b *testing.B) {
	m, _ := benchMap(b, "Aftershock")
	h, err := Build(m.Grid, benchCfg)
	if err != nil {
		b.Fatal(err)
	}
	s, g := unreachablePair(h)
	q := h.NewQuerier()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	b.ResetTimer()
	t0 := threadNS()
	for i := 0; i < b.N; i++ {
		if res, _ := q.Find(s, g, QueryOptions{}); res.Status != pathing.NoPath {
			b.Fatal("found a path")
		}
	}
	// Thread CPU time, as BenchmarkFind's: this answer takes tens of
	// nanoseconds, which ns/op on a shared machine cannot resolve.
	b.ReportMetric(float64(threadNS()-t0)/float64(b.N), "cpu_ns/op")
}

func BenchmarkUnreachableAStar(b *testing.B) {
	m, _ := benchMap(b, "Aftershock")
	h, err := Build(m.Grid, benchCfg)
	if err != nil {
		b.Fatal(err)
	}
	st, g := unreachablePair(h)
	s := pathing.NewSearcher(m.Grid)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if res, _ := s.Search(pathing.Query{Start: st, Goal: g}); res.Status != pathing.NoPath {
			b.Fatal("found a path")
		}
	}
}

// unreachablePair returns a start in the largest component and a goal in
// another one.
func unreachablePair(h *Hierarchy) (image.Point, image.Point) {
	labels := h.comp.Labels()
	size := map[int32]int{}
	big := int32(-1)
	for _, l := range labels {
		if l >= 0 {
			size[l]++
			if big < 0 || size[l] > size[big] {
				big = l
			}
		}
	}
	var s, g image.Point
	sok, gok := false, false
	for i, l := range labels {
		if l == big && !sok {
			s, sok = h.grid.Point(i), true
		}
		if l >= 0 && l != big && !gok {
			g, gok = h.grid.Point(i), true
		}
	}
	if !sok || !gok {
		panic("hpa: map has a single component")
	}
	return s, g
}

// BenchmarkMemoryBytes is the memory count the app takes after every
// repair (MemoryBytes: the clusters' slices, not their distance tables),
// against GraphStats, which also counts the edges.
func BenchmarkMemoryBytes(b *testing.B) {
	m, _ := benchMap(b, "AR0011SR")
	h, err := Build(m.Grid, Config{})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("MemoryBytes", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_ = h.MemoryBytes()
		}
	})
	b.Run("GraphStats", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_ = h.GraphStats()
		}
	})
}
