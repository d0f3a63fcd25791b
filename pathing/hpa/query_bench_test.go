package hpa

import (
	"image"
	"math"
	"math/rand"
	"runtime"
	"testing"
	"time"

	"pathlens/pathing"
)

// BenchmarkQueryWork runs every scenario row of the five game maps once per
// op through one querier (the Fast preset: cluster 16, 2 levels, path cache,
// exact top search) and reports, per query, the thread CPU time, the mean
// time of each phase (queries through the hierarchy only), the deterministic
// work counts (top-search expansions, insertion expansions, smoothing's cell
// checks) and the suboptimality against the Moving AI optimum. The counts and
// the suboptimality do not depend on the machine's load, so they show
// whether a speed change altered what the query does.
func BenchmarkQueryWork(b *testing.B) {
	for _, name := range []string{"AR0011SR", "Aftershock", "orz103d", "hrt201n", "lak303d"} {
		b.Run(name, func(b *testing.B) {
			_, rows, _, q := benchQuerier(b, name)
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var (
				top, ins, smooth, n   int
				tIns, tTop, tRef, tSm time.Duration
			)
			sub := make([]float64, 0, len(rows))
			b.ReportAllocs()
			b.ResetTimer()
			t0 := threadNS()
			for i := 0; i < b.N; i++ {
				sub = sub[:0]
				for _, r := range rows {
					res, err := q.Find(r.Start, r.Goal, QueryOptions{})
					if err != nil || res.Status != pathing.Found {
						b.Fatalf("%v→%v: %v %v", r.Start, r.Goal, res.Status, err)
					}
					if r.Optimal > 0 {
						sub = append(sub, res.Cost/r.Optimal-1)
					}
					if i > 0 || res.Shortcut {
						continue
					}
					p := &res.Phases
					n++
					top += p.Abstract
					ins += p.Insert[0] + p.Insert[1] + p.Insert[2]
					smooth += p.Smooth
					tIns += p.InsertTime
					tTop += p.AbstractTime
					tRef += p.RefineTime
					tSm += p.SmoothTime
				}
			}
			b.ReportMetric(float64(threadNS()-t0)/float64(b.N*len(rows)), "cpu_ns/query")
			b.StopTimer()
			if n == 0 {
				return
			}
			fn := float64(n)
			b.ReportMetric(float64(top)/fn, "top_exp")
			b.ReportMetric(float64(ins)/fn, "ins_exp")
			b.ReportMetric(float64(smooth)/fn, "smooth_cells")
			us := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1000 / fn }
			b.ReportMetric(us(tIns), "insert_us")
			b.ReportMetric(us(tTop), "top_us")
			b.ReportMetric(us(tRef), "refine_us")
			b.ReportMetric(us(tSm), "smooth_us")
			s := summarize(sub)
			b.ReportMetric(100*s.mean, "mean_subopt_%")
			b.ReportMetric(100*s.p99, "p99_subopt_%")
		})
	}
}

// BenchmarkSmooth smooths the unsmoothed hierarchical paths of every
// scenario row of a game map (as Find does: up to smoothPasses passes, each
// pass on the previous one's output) and reports the thread CPU time per
// path and the cells checked per path.
func BenchmarkSmooth(b *testing.B) {
	for _, name := range []string{"AR0011SR", "Aftershock", "lak303d"} {
		b.Run(name, func(b *testing.B) {
			_, rows, h, q := benchQuerier(b, name)
			var paths [][]image.Point
			var ends [][]int
			for _, r := range rows {
				res, err := q.Find(r.Start, r.Goal, QueryOptions{NoSmooth: true, NoShortcut: true})
				if err != nil {
					b.Fatal(err)
				}
				paths = append(paths, append([]image.Point(nil), res.Path...))
				ends = append(ends, append([]int(nil), res.SegmentEnds...))
			}
			var sm smoother
			var buf, buf2 []image.Point
			var segs []int
			checked := 0
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.ReportAllocs()
			b.ResetTimer()
			t0 := threadNS()
			for i := 0; i < b.N; i++ {
				for k, p := range paths {
					segs = append(segs[:0], ends[k]...)
					buf = append(buf[:0], p...)
					out, cost := sm.smooth(h, buf, segs, false)
					checked += sm.checked
					for pass := 1; pass < smoothPasses; pass++ {
						n := len(out)
						buf2 = append(buf2[:0], out...)
						var c2 float64
						out, c2 = sm.smooth(h, buf2, segs, true)
						checked += sm.checked
						if c2 >= cost-1e-9 && len(out) == n {
							break
						}
						cost = c2
					}
				}
			}
			n := float64(b.N * len(paths))
			b.ReportMetric(float64(threadNS()-t0)/n, "cpu_ns/path")
			b.ReportMetric(float64(checked)/n, "cells/path")
		})
	}
}

// TestLineCostMatchesWalk checks lineCost (8-connected: walked backwards
// with integer weight sums) against the plain definition: the steps of
// walkLine's line of that shape from a to b, each legal by Grid.StepCost,
// their costs summed in order. Random weighted grids with walls.
func TestLineCostMatchesWalk(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for trial := 0; trial < 300; trial++ {
		w, h := 5+rng.Intn(40), 5+rng.Intn(40)
		g := pathing.MustGrid(w, h)
		wall := rng.Float64() * 0.3
		weighted := trial%2 == 1
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				p := image.Pt(x, y)
				switch {
				case rng.Float64() < wall:
					g.SetOpen(p, false)
				case weighted:
					g.SetWeight(p, uint8(1+rng.Intn(9)))
				}
			}
		}
		for k := 0; k < 50; k++ {
			a := image.Pt(rng.Intn(w), rng.Intn(h))
			b := image.Pt(rng.Intn(w), rng.Intn(h))
			if !g.Open(a) {
				continue
			}
			for sh := 0; sh < numShapes; sh++ {
				want, legal := 0.0, true
				walkLine(a, b, pathing.Eight, sh, func(p, c image.Point) bool {
					sc := g.StepCost(p, c, pathing.Eight)
					if sc == inf {
						legal = false
						return false
					}
					want += sc
					return true
				})
				got, n := lineCost(g, a, b, pathing.Eight, inf, sh)
				if !legal {
					want = inf
				}
				if (got == inf) != (want == inf) || (want < inf && math.Abs(got-want) > 1e-9*want) {
					t.Fatalf("grid %dx%d %v→%v shape %d: lineCost %v, walk %v", w, h, a, b, sh, got, want)
				}
				if na := max(b.X-a.X, a.X-b.X, b.Y-a.Y, a.Y-b.Y); n > na || (na > 0 && n < 1) {
					t.Fatalf("%v→%v shape %d: %d cells checked on a line of %d steps", a, b, sh, n, na)
				}
			}
		}
	}
}

// BenchmarkTopSearch times the top-level abstract search alone (exact A*):
// every row is inserted first (untimed), then its top search is run and
// timed by the thread's CPU clock.
func BenchmarkTopSearch(b *testing.B) {
	for _, name := range []string{"AR0011SR", "Aftershock"} {
		b.Run(name, func(b *testing.B) {
			_, rows, h, q := benchQuerier(b, name)
			L := h.cfg.Levels
			e := &q.ext[L-1]
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var cpu int64
			exp := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, r := range rows {
					if err := q.insert(r.Start, r.Goal); err != nil {
						b.Fatal(err)
					}
					t0 := threadNS()
					q.top.reset(h, L, e, false, nil)
					if !q.top.run(e.base, e.base+1) {
						b.Fatal("no abstract path")
					}
					cpu += threadNS() - t0
					exp += q.top.expanded
				}
			}
			n := float64(b.N * len(rows))
			b.ReportMetric(float64(cpu)/n, "cpu_ns/search")
			b.ReportMetric(float64(exp)/n, "expanded/search")
		})
	}
}

// TestAppendShapeMatchesWalk checks appendShape's direct 8-connected loops
// against walkLine, the definition of the line shapes.
func TestAppendShapeMatchesWalk(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for trial := 0; trial < 2000; trial++ {
		a := image.Pt(rng.Intn(60)-30, rng.Intn(60)-30)
		b := image.Pt(rng.Intn(60)-30, rng.Intn(60)-30)
		for _, nb := range []pathing.Neighborhood{pathing.Eight, pathing.Four} {
			for sh := 0; sh < numShapes; sh++ {
				var want []image.Point
				walkLine(a, b, nb, sh, func(_, c image.Point) bool {
					want = append(want, c)
					return true
				})
				got := appendShape(nil, a, b, nb, sh)
				if len(got) != len(want) {
					t.Fatalf("%v→%v nb %v shape %d: %d cells, want %d", a, b, nb, sh, len(got), len(want))
				}
				for k := range got {
					if got[k] != want[k] {
						t.Fatalf("%v→%v nb %v shape %d: cell %d is %v, want %v", a, b, nb, sh, k, got[k], want[k])
					}
				}
			}
		}
	}
}

// TestCellDivisor checks the multiply-shift division of refinement against
// integer division at the extremes of every width up to pathing.MaxSide.
func TestCellDivisor(t *testing.T) {
	for w := 1; w <= pathing.MaxSide; w++ {
		m := cellDivisor(w)
		n := w * pathing.MaxSide // cells of the tallest grid of width w
		for _, c := range []int{0, 1, w - 1, w, w + 1, n/2 - 1, n / 2, n - w, n - 1} {
			if c < 0 || c >= n {
				continue
			}
			if got := int(uint64(c) * m >> 42); got != c/w {
				t.Fatalf("w=%d c=%d: %d, want %d", w, c, got, c/w)
			}
		}
	}
}

// TestTopSearchExact checks the top-level A* (its packed-key heap, its
// tie-break and its skipping of intra edges after an intra step) against a
// plain Dijkstra over the same extended top-level graph, written here from
// the definitions: every intra edge of every cluster, every inter edge, the
// start's and goal's temporary edges and their direct edge. Random grids,
// weighted or not, both neighbourhoods, 1 to 3 levels.
func TestTopSearchExact(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	for round := 0; round < 30; round++ {
		w, hh := 16+rng.Intn(48), 16+rng.Intn(48)
		cfg := Config{
			ClusterSize:  4 + rng.Intn(6),
			Levels:       1 + rng.Intn(3),
			CachePaths:   rng.Intn(2) == 0,
			Neighborhood: pathing.Neighborhood(rng.Intn(2)),
		}
		g := randomGrid(rng, w, hh, rng.Float64()*0.35, rng.Intn(2) == 0)
		h, err := Build(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		q := h.NewQuerier()
		L := h.cfg.Levels
		lv := h.lv[L-1]
		e := &q.ext[L-1]
		for k := 0; k < 40; k++ {
			s, goal := image.Pt(rng.Intn(w), rng.Intn(hh)), image.Pt(rng.Intn(w), rng.Intn(hh))
			if !g.Open(s) || !g.Open(goal) || s == goal || h.Component(s) != h.Component(goal) {
				continue
			}
			if err := q.insert(s, goal); err != nil {
				t.Fatal(err)
			}
			q.top.reset(h, L, e, false, nil)
			found := q.top.run(e.base, e.base+1)
			got := inf
			if found {
				got, _ = q.top.cost(e.base + 1)
			}
			want := refTopDijkstra(lv, e)
			if (got == inf) != (want == inf) || (want < inf && math.Abs(got-want) > 1e-9*want) {
				t.Fatalf("round %d %v %v→%v: top search %v, Dijkstra %v", round, cfg, s, goal, got, want)
			}
		}
	}
}

// refTopDijkstra is a textbook O(n²) Dijkstra from S to G over the level
// graph lv extended by e.
func refTopDijkstra(lv *level, e *ext) float64 {
	n := int(e.base) + 2
	S, G := e.base, e.base+1
	d := make([]float64, n)
	done := make([]bool, n)
	for i := range d {
		d[i] = inf
	}
	d[S] = 0
	for {
		u := int32(-1)
		for i := range d {
			if !done[i] && d[i] < inf && (u < 0 || d[i] < d[u]) {
				u = int32(i)
			}
		}
		if u < 0 || u == G {
			return d[G]
		}
		done[u] = true
		offer := func(v int32, c float64) {
			if d[u]+c < d[v] {
				d[v] = d[u] + c
			}
		}
		if u == S {
			for _, te := range e.sOut {
				offer(te.id, te.cost)
			}
			offer(G, e.sg)
			continue
		}
		nd := &lv.nodes[u]
		if nd.cluster < 0 {
			continue
		}
		cl := &lv.clusters[nd.cluster]
		m := len(cl.nodes)
		for j := 0; j < m; j++ {
			offer(cl.nodes[j], cl.dist[int(nd.slot)*m+j])
		}
		for t := 0; t < int(nd.ninter); t++ {
			offer(nd.inter[t].to, nd.inter[t].out)
		}
		if e.gMark[u] == e.stamp {
			offer(G, e.gCost[u])
		}
	}
}
