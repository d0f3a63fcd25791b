package hpa

import (
	"image"
	"math/rand"
	"runtime"
	"sort"
	"testing"
	"time"

	"pathlens/pathing"
)

// benchEdits yields the single-cell toggles of `cmd/bench -repair N -seed S`
// (the same generator and draw order): uniform cells, a third of them moved
// onto a cluster border line and a sixth onto a cluster corner.
type benchEdits struct {
	rng  *rand.Rand
	C    int
	w, h int
}

func newBenchEdits(seed int64, C, w, h int) *benchEdits {
	return &benchEdits{rng: rand.New(rand.NewSource(seed)), C: C, w: w, h: h}
}

func (e *benchEdits) edge(v, limit int) int {
	b := (v / e.C) * e.C
	if e.rng.Intn(2) == 0 {
		return b
	}
	return min(limit-1, b+e.C-1)
}

func (e *benchEdits) next() image.Point {
	p := image.Pt(e.rng.Intn(e.w), e.rng.Intn(e.h))
	switch k := e.rng.Intn(6); {
	case k == 0:
		p = image.Pt(e.edge(p.X, e.w), e.edge(p.Y, e.h))
	case k <= 2:
		if k == 1 {
			p.X = e.edge(p.X, e.w)
		} else {
			p.Y = e.edge(p.Y, e.h)
		}
	}
	return p
}

// BenchmarkRepairSeq replays cmd/bench's repair sequence (seed 1, cluster
// 16, 2 levels, no path cache; the first b.N edits) and reports the median
// and p99 of the whole Update in thread CPU time, and the median wall time
// per level (Repair.LevelTimes). Target: median ≤ 50 µs.
func BenchmarkRepairSeq(b *testing.B) {
	for _, name := range []string{"maze512-16-0", "random512-10-0", "8room_000", "AR0011SR", "Aftershock"} {
		b.Run(name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			m, _ := loadBench(b, name)
			g := m.Grid.Clone()
			h, err := Build(g, Editable)
			if err != nil {
				b.Fatal(err)
			}
			ed := newBenchEdits(1, 16, g.Width(), g.Height())
			ts := make([]float64, 0, b.N)
			var lt [3][]float64
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				p := ed.next()
				g.SetOpen(p, !g.Open(p))
				t0 := threadNS()
				r := h.Update([]image.Point{p})
				ts = append(ts, float64(threadNS()-t0))
				for l := range lt {
					if l < len(r.LevelTimes) {
						lt[l] = append(lt[l], float64(r.LevelTimes[l])/float64(time.Microsecond))
					}
				}
			}
			b.StopTimer()
			sort.Float64s(ts)
			b.ReportMetric(ts[len(ts)/2]/1000, "median_cpu_us")
			b.ReportMetric(ts[len(ts)*99/100]/1000, "p99_cpu_us")
			for l, unit := range []string{"l0_us", "l1_us", "l2_us"} {
				if len(lt[l]) > 0 {
					sort.Float64s(lt[l])
					b.ReportMetric(lt[l][len(lt[l])/2], unit)
				}
			}
		})
	}
}

// TestRepairToggles checks the single-toggle repair paths of the levels
// above 1 (intraLEdit, intraLInc: pairs kept by the geometric bound and the
// via masks) against a fresh build after every edit: cluttered grids whose
// borders break into many short entrances, uncached, one open weight (1 or
// 3, so the bound's weight matters), 2 and 3 levels, k 2 and 3, both
// neighbourhoods, edits biased to borders and corners as in cmd/bench.
func TestRepairToggles(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	rounds, steps := 12, 250
	if testing.Short() {
		rounds, steps = 4, 120
	}
	for round := 0; round < rounds; round++ {
		cfg := Config{
			ClusterSize:  5 + rng.Intn(6),
			Levels:       2 + rng.Intn(2),
			Branch:       2 + rng.Intn(2),
			Placement:    Placement(rng.Intn(2)),
			Neighborhood: pathing.Neighborhood(rng.Intn(2)),
		}
		w, hh := 40+rng.Intn(40), 40+rng.Intn(40)
		g := randomGrid(rng, w, hh, 0.05+rng.Float64()*0.3, false)
		if round%3 == 2 {
			for y := 0; y < hh; y++ {
				for x := 0; x < w; x++ {
					if p := image.Pt(x, y); g.Open(p) {
						g.SetWeight(p, 3)
					}
				}
			}
		}
		h, err := Build(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		ed := newBenchEdits(int64(round), cfg.ClusterSize, w, hh)
		for step := 0; step < steps; step++ {
			p := ed.next()
			if g.Open(p) {
				g.SetOpen(p, false)
			} else {
				g.SetOpen(p, true)
				if round%3 == 2 {
					g.SetWeight(p, 3)
				}
			}
			h.Update([]image.Point{p})
			fresh, _ := Build(g, cfg)
			if err := Equal(h, fresh); err != nil {
				t.Fatalf("round %d step %d (%v, %d×%d), toggled %v: %v", round, step, cfg, w, hh, p, err)
			}
		}
	}
}

// BenchmarkCellDijkstra runs the padded cell Dijkstra of build and repair
// from every node of every one-weight, not fully open level-1 cluster
// (cluster 16), with the heap and with the buckets of dijkstraBuckets;
// ns/op is per search (exhaustive: every cell of the cluster settled).
func BenchmarkCellDijkstra(b *testing.B) {
	for _, name := range []string{"maze512-16-0", "random512-10-0", "Aftershock"} {
		for _, mode := range []string{"heap", "buckets"} {
			b.Run(name+"/"+mode, func(b *testing.B) {
				m, _ := loadBench(b, name)
				h, err := Build(m.Grid, Editable)
				if err != nil {
					b.Fatal(err)
				}
				type job struct {
					r   image.Rectangle
					src image.Point
					w   float64
				}
				var jobs []job
				l1 := h.lv[0]
				for ci := range l1.clusters {
					cl := &l1.clusters[ci]
					if !cl.sym || cl.open {
						continue
					}
					for _, id := range cl.nodes {
						p := l1.nodes[id].pt
						jobs = append(jobs, job{cl.rect, p, float64(m.Grid.Weight(p))})
					}
				}
				s := newCellSearch(m.Grid, pathing.Eight)
				exp := 0
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					j := jobs[i%len(jobs)]
					if i%len(jobs) == 0 || jobs[(i-1)%len(jobs)].r != j.r {
						s.loadPad(j.r)
					}
					s.reset(j.r, false, nil)
					s.usePad()
					if mode == "buckets" {
						s.useBuckets(j.w)
					}
					s.run(j.src, image.Pt(-1, -1))
					exp += s.expanded
				}
				b.ReportMetric(float64(exp)/float64(b.N), "cells/op")
			})
		}
	}
}
