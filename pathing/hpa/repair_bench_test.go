package hpa

import (
	"fmt"
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
// borders break into many short entrances, one open weight (1 or 3, so the
// bound's weight matters), 2 and 3 levels, k 2 and 3, both neighbourhoods,
// edits biased to borders and corners as in cmd/bench. Every fourth round
// caches paths: there Equal compares the cached level-2 paths cell for
// cell, which catches a level above that was not searched again after the
// costs below moved by rounding only (ties then break another way).
func TestRepairToggles(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	rounds, steps := 16, 250
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
			CachePaths:   round%4 == 3,
		}
		w, hh := 40+rng.Intn(40), 40+rng.Intn(40)
		g := randomGrid(rng, w, hh, 0.05+rng.Float64()*0.3, false)
		if round%3 == 2 {
			weighOpen(g, 3)
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
			if err := h.check(); err != nil {
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

// BenchmarkLocalSearch runs localSearch (the level-2 intra-edge search)
// from every node of every level-2 cluster (cluster 16, no path cache) in
// turn; ns/op is per search, loads of the cluster's graph included.
func BenchmarkLocalSearch(b *testing.B) {
	for _, name := range []string{"maze512-16-0", "random512-10-0", "Aftershock"} {
		b.Run(name, func(b *testing.B) {
			m, _ := loadBench(b, name)
			h, err := Build(m.Grid, Editable)
			if err != nil {
				b.Fatal(err)
			}
			type job struct {
				ci  int
				src int32
			}
			var jobs []job
			lv := h.lv[1]
			for ci := range lv.clusters {
				for _, id := range lv.clusters[ci].nodes {
					jobs = append(jobs, job{ci, lv.nodes[id].down})
				}
			}
			s := &localSearch{}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				j := jobs[i%len(jobs)]
				if i == 0 || jobs[(i-1)%len(jobs)].ci != j.ci {
					s.load(h, 2, j.ci)
				}
				s.run(s.local(j.src))
			}
		})
	}
}

// TestLocalSearchMatchesAbs checks the intra edges of levels 2 and 3, which
// builds and repairs compute with localSearch (a search over the cluster's
// source and internal nodes only), against an independent Dijkstra over the
// whole level-(l−1) graph restricted to the cluster (absSearch): random
// grids with walls and weights, both neighbourhoods, k 2 and 3, sparse and
// dense, cached or not; and again after random repairs.
func TestLocalSearchMatchesAbs(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	check := func(h *Hierarchy, what string) {
		t.Helper()
		s := &absSearch{}
		for l := 2; l <= h.Levels(); l++ {
			lv := h.lv[l-1]
			for ci := range lv.clusters {
				cl := &lv.clusters[ci]
				n := len(cl.nodes)
				for i := 0; i < n; i++ {
					s.reset(h, l-1, nil, false, nil)
					s.restrict(cl.rect)
					for j := 0; j < n; j++ {
						if j != i {
							s.markTarget(lv.nodes[cl.nodes[j]].down)
						}
					}
					s.run(lv.nodes[cl.nodes[i]].down, -1)
					for j := 0; j < n; j++ {
						if j == i {
							continue
						}
						want, ok := s.cost(lv.nodes[cl.nodes[j]].down)
						if !ok {
							want = inf
						}
						if got := cl.dist[i*n+j]; !(got == want || near(got, want)) {
							t.Fatalf("%s: level %d cluster %d: %v→%v costs %v, a search of the level-%d graph says %v",
								what, l, ci, lv.nodes[cl.nodes[i]].pt, lv.nodes[cl.nodes[j]].pt, got, l-1, want)
						}
					}
				}
			}
		}
	}
	for round := 0; round < 24; round++ {
		cfg := Config{
			ClusterSize:  4 + rng.Intn(6),
			Levels:       2 + rng.Intn(2),
			Branch:       2 + rng.Intn(2),
			Placement:    Placement(rng.Intn(2)),
			CachePaths:   rng.Intn(2) == 0,
			Neighborhood: pathing.Neighborhood(rng.Intn(2)),
		}
		w, hh := 20+rng.Intn(50), 20+rng.Intn(50)
		g := randomGrid(rng, w, hh, 0.05+rng.Float64()*0.35, rng.Intn(2) == 0)
		h, err := Build(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		what := func(s string) string { return fmt.Sprintf("round %d (%v, %d×%d) %s", round, cfg, w, hh, s) }
		check(h, what("build"))
		ed := newBenchEdits(int64(round), cfg.ClusterSize, w, hh)
		for step := 0; step < 40; step++ {
			p := ed.next()
			g.SetOpen(p, !g.Open(p))
			h.Update([]image.Point{p})
		}
		check(h, what("after 40 toggles"))
	}
}

// TestLevel1CostsMatchAStar checks every level-1 intra cost of uncached
// hierarchies (one-weight clusters use the bucket Dijkstra, octile lines and
// octileReach; repairs the incremental paths) against pathing's A* bounded
// to the cluster, after a build and after random toggles, on grids of one
// weight (2) and of several.
func TestLevel1CostsMatchAStar(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	for round := 0; round < 16; round++ {
		cfg := Config{
			ClusterSize:  4 + rng.Intn(9),
			Levels:       1 + rng.Intn(2),
			Placement:    Placement(rng.Intn(2)),
			Neighborhood: pathing.Neighborhood(rng.Intn(2)),
		}
		w, hh := 20+rng.Intn(40), 20+rng.Intn(40)
		weighted := round%2 == 1
		g := randomGrid(rng, w, hh, 0.05+rng.Float64()*0.3, weighted)
		if !weighted {
			weighOpen(g, 2)
		}
		h, err := Build(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		s := pathing.NewSearcher(g)
		ed := newBenchEdits(int64(round), cfg.ClusterSize, w, hh)
		for step := 0; step <= 60; step++ {
			if step > 0 {
				p := ed.next()
				if g.Open(p) {
					g.SetOpen(p, false)
				} else {
					g.SetOpen(p, true)
					if !weighted {
						g.SetWeight(p, 2)
					}
				}
				h.Update([]image.Point{p})
				if step%20 != 0 {
					continue
				}
			}
			l1 := h.lv[0]
			for ci := range l1.clusters {
				cl := &l1.clusters[ci]
				n := len(cl.nodes)
				for i := 0; i < n; i++ {
					for j := 0; j < n; j++ {
						if i == j {
							continue
						}
						a, b := l1.nodes[cl.nodes[i]].pt, l1.nodes[cl.nodes[j]].pt
						r, err := s.Search(pathing.Query{Start: a, Goal: b, Neighborhood: cfg.Neighborhood, Bounds: cl.rect})
						if err != nil {
							t.Fatal(err)
						}
						if got := cl.dist[i*n+j]; !(got == r.Cost || near(got, r.Cost)) {
							t.Fatalf("round %d step %d (%v, %d×%d): level-1 cluster %v: %v→%v costs %v, A* in the cluster says %v",
								round, step, cfg, w, hh, cl.rect, a, b, got, r.Cost)
						}
					}
				}
			}
		}
	}
}

// TestRepairCachedMovingAI replays cmd/bench's repair sequence with the
// path cache on real maps and compares with a fresh build every 100 edits.
// Open 8-connected ground is full of equal-cost paths, so a level above
// that is not searched again after the costs below moved by rounding alone
// caches another path of the same cost than a fresh build would.
func TestRepairCachedMovingAI(t *testing.T) {
	edits := 600
	if testing.Short() {
		edits = 200
	}
	for _, name := range []string{"AR0011SR", "8room_000"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			m, _ := loadBench(t, name)
			g := m.Grid.Clone()
			cfg := Fast
			h, err := Build(g, cfg)
			if err != nil {
				t.Fatal(err)
			}
			ed := newBenchEdits(1, cfg.ClusterSize, g.Width(), g.Height())
			for i := 1; i <= edits; i++ {
				p := ed.next()
				g.SetOpen(p, !g.Open(p))
				h.Update([]image.Point{p})
				if i%100 == 0 {
					fresh, _ := Build(g, cfg)
					if err := Equal(h, fresh); err != nil {
						t.Fatalf("after edit %d at %v: %v", i, p, err)
					}
				}
			}
		})
	}
}

// TestRepairMovingAI replays cmd/bench's repair sequence on real maps with
// the configuration repairs are measured in (Editable: cluster 16, 2
// levels, no path cache), comparing with a fresh build every 500 edits. The
// random grids of TestRepairToggles are small: the level-2 shortcuts of
// intraLEdit (bounds, via masks) meet few of the cases a 512×512 maze or
// random map gives, and a shortcut that kept a pair whose cost had fallen
// passed them while this caught it.
func TestRepairMovingAI(t *testing.T) {
	edits := 10000
	if testing.Short() {
		edits = 2000
	}
	for _, name := range []string{"maze512-16-0", "random512-10-0", "8room_000"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			m, _ := loadBench(t, name)
			g := m.Grid.Clone()
			h, err := Build(g, Editable)
			if err != nil {
				t.Fatal(err)
			}
			ed := newBenchEdits(1, 16, g.Width(), g.Height())
			for i := 1; i <= edits; i++ {
				p := ed.next()
				g.SetOpen(p, !g.Open(p))
				h.Update([]image.Point{p})
				if i%500 == 0 {
					fresh, _ := Build(g, Editable)
					if err := Equal(h, fresh); err != nil {
						t.Fatalf("after edit %d at %v: %v", i, p, err)
					}
				}
			}
		})
	}
}

// TestScanRect checks scanRect's eight-cells-at-a-time test against a
// cell-by-cell scan on random rectangles of grids mixing blocked cells
// and one, two or several weights.
func TestScanRect(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for round := 0; round < 300; round++ {
		w, hh := 1+rng.Intn(40), 1+rng.Intn(40)
		g, err := pathing.NewGrid(w, hh)
		if err != nil {
			t.Fatal(err)
		}
		pBlock := []float64{0, 0.01, 0.3, 1}[rng.Intn(4)]
		ws := []uint8{1 + uint8(rng.Intn(255)), 1 + uint8(rng.Intn(255))}
		pOther := []float64{0, 0.002, 0.2}[rng.Intn(3)]
		for y := 0; y < hh; y++ {
			for x := 0; x < w; x++ {
				p := image.Pt(x, y)
				switch {
				case rng.Float64() < pBlock:
					g.SetOpen(p, false)
				case rng.Float64() < pOther:
					g.SetWeight(p, ws[1])
				default:
					g.SetWeight(p, ws[0])
				}
			}
		}
		h := &Hierarchy{grid: g, w: w, h: hh}
		for k := 0; k < 20; k++ {
			x0, y0 := rng.Intn(w), rng.Intn(hh)
			r := image.Rect(x0, y0, x0+rng.Intn(w-x0+1), y0+rng.Intn(hh-y0+1))
			var w0 uint8
			wantOpen, wantSym := true, true
			for y := r.Min.Y; y < r.Max.Y; y++ {
				for x := r.Min.X; x < r.Max.X; x++ {
					c := g.Weight(image.Pt(x, y))
					switch {
					case c == pathing.Blocked:
						wantOpen = false
					case w0 == 0:
						w0 = c
					case c != w0:
						wantSym = false
					}
				}
			}
			wantOpen = wantOpen && wantSym
			if open, sym := h.scanRect(r); open != wantOpen || sym != wantSym {
				t.Fatalf("round %d, %v of %d×%d: scanRect = %v, %v, want %v, %v", round, r, w, hh, open, sym, wantOpen, wantSym)
			}
		}
	}
}

// TestLoadMoves checks loadMoves' row-parallel move table against movesAt,
// cell by cell, on random pads of both neighbourhoods (widths round the
// 64-cell word limit included).
func TestLoadMoves(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for round := 0; round < 200; round++ {
		w, hh := 1+rng.Intn(66), 1+rng.Intn(66)
		g := randomGrid(rng, w, hh, rng.Float64()*0.6, round%2 == 0)
		s := newCellSearch(g, pathing.Neighborhood(rng.Intn(2)))
		r := g.Bounds()
		s.loadPad(r)
		s.reset(r, false, nil)
		s.loadMoves()
		for v := range s.moves {
			want := uint8(0)
			if x, y := v%s.pw, v/s.pw; x > 0 && x < s.pw-1 && y > 0 && y < len(s.pad)/s.pw-1 {
				want = s.movesAt(v)
			}
			if s.moves[v] != want {
				t.Fatalf("round %d (%d×%d, %v): padded cell %d moves %08b, want %08b", round, w, hh, s.nb, v, s.moves[v], want)
			}
		}
	}
}

// TestRepairReportsDiff checks a Repair's EdgesAdded and EdgesRemoved
// against the difference of Edges(l) before and after it, on every level
// (an edge whose cost moved by rounding only is not reported; one whose
// cost changed is in both lists), over random single-cell toggles biased
// to borders and corners, on cluttered grids (borders move transitions).
func TestRepairReportsDiff(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	type key struct {
		l     int
		a, b  image.Point
		inter bool
	}
	snap := func(h *Hierarchy) map[key]float64 {
		m := map[key]float64{}
		for l := 1; l <= h.Levels(); l++ {
			for _, e := range h.Edges(l) {
				m[key{l, e.A, e.B, e.Inter}] = e.Cost
			}
		}
		return m
	}
	for round := 0; round < 6; round++ {
		cfg := Config{ClusterSize: 6 + rng.Intn(4), Levels: 2 + rng.Intn(2), Neighborhood: pathing.Neighborhood(rng.Intn(2))}
		g := randomGrid(rng, 60, 60, 0.1+rng.Float64()*0.25, false)
		h, err := Build(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		ed := newBenchEdits(int64(round), cfg.ClusterSize, 60, 60)
		before := snap(h)
		for step := 0; step < 150; step++ {
			p := ed.next()
			g.SetOpen(p, !g.Open(p))
			r := h.Update([]image.Point{p})
			after := snap(h)
			want := [2]map[key]float64{{}, {}} // added, removed
			for k, c := range after {
				if o, ok := before[k]; !ok || !near(o, c) {
					want[0][k] = c
				}
			}
			for k, c := range before {
				if n, ok := after[k]; !ok || !near(n, c) {
					want[1][k] = c
				}
			}
			for side, list := range [2][]EdgeInfo{r.EdgesAdded, r.EdgesRemoved} {
				if len(list) != len(want[side]) {
					t.Fatalf("round %d step %d (%v), toggled %v: %d edges reported on side %d, want %d", round, step, cfg, p, len(list), side, len(want[side]))
				}
				for _, e := range list {
					c, ok := want[side][key{e.Level, e.A, e.B, e.Inter}]
					if !ok || !near(c, e.Cost) {
						t.Fatalf("round %d step %d (%v), toggled %v: reported %+v on side %d, want cost %v (listed: %v)", round, step, cfg, p, e, side, c, ok)
					}
				}
			}
			before = after
		}
	}
}

// BenchmarkOctileExact runs the octile tests of intra1Lines (a straight
// line in sight, else octileReach's bent octile path) on every node pair of
// every one-weight, not fully open level-1 cluster of a default build
// (cluster 10); ns/op is per pair. /reach runs octileReach alone on the
// pairs with no straight line, the ones it decides.
func BenchmarkOctileExact(b *testing.B) {
	for _, name := range []string{"8room_000", "random512-10-0", "maze512-16-0", "Aftershock"} {
		m, _ := loadBench(b, name)
		h, err := Build(m.Grid, Config{})
		if err != nil {
			b.Fatal(err)
		}
		var pairs, bent [][2]image.Point
		l1 := h.lv[0]
		for ci := range l1.clusters {
			cl := &l1.clusters[ci]
			if !cl.sym || cl.open {
				continue
			}
			for i, id := range cl.nodes {
				for _, jd := range cl.nodes[i+1:] {
					pr := [2]image.Point{l1.nodes[id].pt, l1.nodes[jd].pt}
					pairs = append(pairs, pr)
					if !inSight(m.Grid, pr[0], pr[1]) {
						bent = append(bent, pr)
					}
				}
			}
		}
		for _, mode := range []struct {
			name  string
			pairs [][2]image.Point
			f     func(*pathing.Grid, image.Point, image.Point) bool
		}{{"exact", pairs, octileExact}, {"reach", bent, octileReach}} {
			b.Run(name+"/"+mode.name, func(b *testing.B) {
				yes := 0
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					p := mode.pairs[i%len(mode.pairs)]
					if mode.f(m.Grid, p[0], p[1]) {
						yes++
					}
				}
				b.ReportMetric(float64(yes)/float64(b.N), "exact/op")
			})
		}
	}
}
