package groups

import (
	"image"
	"math/rand"
	"path/filepath"
	"testing"

	"pathlens/internal/cputime"
	"pathlens/maps"
	"pathlens/pathing"
)

// benchGrid is the 512×512 map the benchmarks use: Moving AI's 8room_000
// (rooms and doors, the group hierarchy's home ground) when the benchmark
// folder is there, else a reproducible random grid of the same size.
func benchGrid(b *testing.B) *pathing.Grid {
	b.Helper()
	if dir, ok := maps.MovingAIDir(); ok {
		m, err := maps.LoadMap(filepath.Join(dir, "8room_000.map"))
		if err == nil {
			return m.Grid
		}
	}
	return randomGrid(512, 512, 20, 1)
}

// benchQueries returns n reachable start/goal pairs on g.
func benchQueries(g *pathing.Grid, n int) [][2]image.Point {
	r := rand.New(rand.NewSource(2))
	s := pathing.NewSearcher(g)
	var qs [][2]image.Point
	for len(qs) < n {
		a, b := randomOpen(g, r), randomOpen(g, r)
		if res, _ := s.Search(pathing.Query{Start: a, Goal: b}); res.Status == pathing.Found {
			qs = append(qs, [2]image.Point{a, b})
		}
	}
	return qs
}

func BenchmarkBuild512(b *testing.B) {
	g := benchGrid(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Build(g, Config{}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildOpen512 builds on Moving AI's Aftershock, a 512×512 map
// of wide open ground, where most groups are open rectangles of one weight
// costed without a search (BenchmarkBuild512's rooms have a wall in every
// cluster).
func BenchmarkBuildOpen512(b *testing.B) {
	g := aftershock(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Build(g, Config{}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func benchPlanner(b *testing.B, cfg Config) (*Planner, [][2]image.Point) {
	g := benchGrid(b)
	gr, err := Build(g, cfg, nil)
	if err != nil {
		b.Fatal(err)
	}
	return NewPlanner(gr), benchQueries(g, 64)
}

func BenchmarkPlanSegment512(b *testing.B) {
	for _, excl := range []bool{false, true} {
		name := map[bool]string{false: "incremental", true: "exclusion"}[excl]
		b.Run(name, func(b *testing.B) {
			pl, qs := benchPlanner(b, Config{Cost: AvgMin, Exclusion: excl})
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				q := qs[i%len(qs)]
				i++
				if _, err := pl.PlanSegment(q[0], q[1], Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkWalk512(b *testing.B) {
	for _, k := range []CostKind{Minimum, AvgMin} {
		b.Run(k.String(), func(b *testing.B) {
			pl, qs := benchPlanner(b, Config{Cost: k})
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				q := qs[i%len(qs)]
				i++
				if _, err := pl.Walk(q[0], q[1], Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSetCost(b *testing.B) {
	gr, err := Build(randomGrid(64, 64, 20, 1), Config{}, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		gr.SetCost(CostKind(k % 3))
		k++
	}
}

// BenchmarkUpdate512 toggles one random cell per iteration and repairs.
func BenchmarkUpdate512(b *testing.B) {
	g := benchGrid(b).Clone()
	gr, err := Build(g, Config{}, nil)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewSource(5))
	b.ReportAllocs()
	cpu := startCPU()
	for b.Loop() {
		p := image.Point{r.Intn(g.Width()), r.Intn(g.Height())}
		g.SetOpen(p, !g.Open(p))
		gr.Update([]image.Point{p})
	}
	cpu.report(b)
}

// BenchmarkUpdateWeight512 changes one random open cell's weight (1 ↔ 3)
// per iteration and repairs: an edit that keeps every group, so each level
// is patched in place (the common case of BenchmarkUpdate512's toggles,
// without the ones that add or drop a group and lay levels out anew).
func BenchmarkUpdateWeight512(b *testing.B) {
	g := benchGrid(b).Clone()
	gr, err := Build(g, Config{}, nil)
	if err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewSource(6))
	b.ReportAllocs()
	cpu := startCPU()
	for b.Loop() {
		p := randomOpen(g, r)
		g.SetWeight(p, 4-g.Weight(p)) // 1 ↔ 3
		gr.Update([]image.Point{p})
	}
	cpu.report(b)
	if gr.upd.rebuilt != 0 {
		b.Fatalf("%d levels laid out anew: weight changes should patch", gr.upd.rebuilt)
	}
}

// cpuClock measures a benchmark's CPU time (cpuTime), which the other
// engineers' jobs on a shared machine disturb far less than its wall time.
type cpuClock struct {
	start int64
	ok    bool
}

func startCPU() cpuClock {
	t, ok := cputime.Process()
	return cpuClock{int64(t), ok}
}

// report adds the CPU time per iteration since start as cpu_ns/op (the
// whole process's: the garbage collector's work counts).
func (c cpuClock) report(b *testing.B) {
	if t, ok := cputime.Process(); c.ok && ok && b.N > 0 {
		b.ReportMetric(float64(int64(t)-c.start)/float64(b.N), "cpu_ns/op")
	}
}

// BenchmarkUpdateFill512 fills five open cells in a row and digs them out
// again (two repairs of five cells per iteration) at 64 places spread over
// the map, with three levels: what the app's brush does. "batch" repairs
// the five cells at once, "brush" one cell at a time as a stroke paints
// them. dirty/edit is the number of groups whose connection costs were
// recomputed, over all levels, per fill or dig.
func BenchmarkUpdateFill512(b *testing.B) {
	for _, mode := range []string{"batch", "brush"} {
		b.Run(mode, func(b *testing.B) {
			g := benchGrid(b).Clone()
			gr, err := Build(g, Config{Levels: 3}, nil)
			if err != nil {
				b.Fatal(err)
			}
			r := rand.New(rand.NewSource(9))
			var fills [][]image.Point
			for len(fills) < 64 {
				if f := fiveOpen(g, image.Point{r.Intn(g.Width()), r.Intn(g.Height())}); f != nil {
					fills = append(fills, f)
				}
			}
			dirty := 0
			repair := func(cells []image.Point, w uint8) {
				batches := [][]image.Point{cells}
				if mode == "brush" {
					batches = nil
					for i := range cells {
						batches = append(batches, cells[i:i+1])
					}
				}
				for _, c := range batches {
					for _, p := range c {
						g.SetWeight(p, w)
					}
					for _, lc := range gr.Update(c).Levels {
						dirty += len(lc.Dirty)
					}
				}
			}
			b.ReportAllocs()
			cpu := startCPU()
			i := 0
			for b.Loop() {
				f := fills[i%len(fills)]
				i++
				repair(f, 0)
				repair(f, 1)
			}
			cpu.report(b)
			b.ReportMetric(float64(dirty)/float64(2*i), "dirty/edit")
		})
	}
}

// BenchmarkClusterHeuristic measures the cluster heuristic at level 1 (8×8
// clusters): the whole table, one search over the grid per group (on a
// 512×512 map it exceeds MaxHeuristicWork and is refused, so it is measured
// on Moving AI's den312d and lak303d), against one goal's column
// (ClusterHeuristicTo) on those maps and the 512×512 bench map. groups is
// the number of level-1 groups, so a table's time is about groups × a
// column's.
func BenchmarkClusterHeuristic(b *testing.B) {
	dir, ok := maps.MovingAIDir()
	type tc struct {
		name string
		g    *pathing.Grid
	}
	var cases []tc
	if ok {
		for _, n := range []string{"den312d", "lak303d"} {
			if m, err := maps.LoadMap(filepath.Join(dir, n+".map")); err == nil {
				cases = append(cases, tc{n, m.Grid})
			}
		}
	}
	cases = append(cases, tc{"512", benchGrid(b)})
	for _, c := range cases {
		gr, err := Build(c.g, Config{ClusterSize: 8}, nil)
		if err != nil {
			b.Fatal(err)
		}
		n := float64(len(gr.Groups(1)))
		if len(gr.Groups(1))*c.g.Len() <= MaxHeuristicWork {
			b.Run("table/"+c.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := gr.ClusterHeuristic(1); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(n, "groups")
			})
		}
		b.Run("column/"+c.name, func(b *testing.B) {
			goals := benchQueries(c.g, 16)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := gr.ClusterHeuristicTo(1, goals[i%len(goals)][1]); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(n, "groups")
		})
	}
}

// BenchmarkClusterHeuristicTo measures one goal's column of the level-1
// cluster heuristic (8×8 clusters) on Moving AI's 512×512 maps: rooms and
// doors (8room_000), an open arena-like map (AR0011SR) and 10% random
// obstacles (random512-10-0). Goals cycle through 16 open cells, so each
// op is a fresh column (callers cache per goal group, not per call).
// Before the ColumnBuilder (heap Dijkstra, fresh arrays per call): 39, 15 and
// 58 ms, 2.1 MB and 13-15 allocations per column.
func BenchmarkClusterHeuristicTo(b *testing.B) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		b.Skip("no Moving AI maps (set PATHLENS_MAPS or add ../shared/maps/movingai)")
	}
	for _, n := range []string{"8room_000", "AR0011SR", "random512-10-0"} {
		m, err := maps.LoadMap(filepath.Join(dir, n+".map"))
		if err != nil {
			b.Logf("skipping %s: %v", n, err)
			continue
		}
		gr, err := Build(m.Grid, Config{ClusterSize: 8}, nil)
		if err != nil {
			b.Fatal(err)
		}
		r := rand.New(rand.NewSource(7))
		goals := make([]image.Point, 16)
		for i := range goals {
			goals[i] = randomOpen(m.Grid, r)
		}
		b.Run(n, func(b *testing.B) {
			// One column first, so the pooled builder's memory (allocated
			// once per process, not per column) is not in allocs/op.
			if _, err := gr.ClusterHeuristicTo(1, goals[0]); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := gr.ClusterHeuristicTo(1, goals[i%len(goals)]); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(len(gr.Groups(1))), "groups")
		})
	}
}

// BenchmarkBuildMovingAI builds each Moving AI map as docs/groups.md's
// table does (clusters of 8, 2 levels; every cost kind is computed, so
// the connection cost and exclusion do not change the build): that
// table's build column. Run it with -count to take the median, e.g.
//
//	go test ./pathing/groups -run '^$' -bench BuildMovingAI -count 5
func BenchmarkBuildMovingAI(b *testing.B) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		b.Skip("no Moving AI maps: ../shared/maps/movingai missing and $PATHLENS_MAPS not set")
	}
	names, err := filepath.Glob(filepath.Join(dir, "*.map"))
	if err != nil || len(names) == 0 {
		b.Skipf("no maps in %s", dir)
	}
	for _, name := range names {
		m, err := maps.LoadMap(name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(filepath.Base(name), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Build(m.Grid, Config{ClusterSize: 8, Levels: 2}, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// aftershock loads Moving AI's Aftershock (512×512, open ground), or skips
// when the maps are not there.
func aftershock(b *testing.B) *pathing.Grid {
	dir, ok := maps.MovingAIDir()
	if !ok {
		b.Skip("no Moving AI maps: ../shared/maps/movingai missing and $PATHLENS_MAPS not set")
	}
	m, err := maps.LoadMap(filepath.Join(dir, "Aftershock.map"))
	if err != nil {
		b.Skip(err)
	}
	return m.Grid
}

// tiled4 is src tiled 4×4: a 2048×2048 grid from a 512×512 Moving AI map.
func tiled4(src *pathing.Grid) *pathing.Grid {
	g := pathing.MustGrid(4*src.Width(), 4*src.Height())
	for y := 0; y < g.Height(); y++ {
		for x := 0; x < g.Width(); x++ {
			g.SetWeight(image.Pt(x, y), src.Weight(image.Pt(x%src.Width(), y%src.Height())))
		}
	}
	return g
}

// BenchmarkBuild2048 builds the default hierarchy (clusters of 10, 2
// levels) on 2048×2048 grids, the size a level designer reported builds
// of seconds and more than a gigabyte on: 8room_000 (rooms and doors)
// and Aftershock (open ground) tiled 4×4. A build takes seconds, so it
// is skipped under -short.
func BenchmarkBuild2048(b *testing.B) {
	if testing.Short() {
		b.Skip("seconds per build; run without -short")
	}
	dir, ok := maps.MovingAIDir()
	if !ok {
		b.Skip("no Moving AI maps: ../shared/maps/movingai missing and $PATHLENS_MAPS not set")
	}
	for _, n := range []string{"8room_000", "Aftershock"} {
		m, err := maps.LoadMap(filepath.Join(dir, n+".map"))
		if err != nil {
			b.Fatal(err)
		}
		g := tiled4(m.Grid)
		b.Run(n, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Build(g, Config{}, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkWalkLongest walks the longest scenario row of three 512×512
// Moving AI maps with the session's default settings (the query of a
// stroke's or a drag's every mouse move in the window: see the world's
// BenchmarkLiveMove), reporting the process's CPU time per walk.
func BenchmarkWalkLongest(b *testing.B) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		b.Skip("no Moving AI maps: ../shared/maps/movingai missing and $PATHLENS_MAPS not set")
	}
	for _, name := range []string{"random512-10-0", "maze512-16-0", "AR0011SR"} {
		b.Run(name, func(b *testing.B) {
			m, err := maps.LoadMap(filepath.Join(dir, name+".map"))
			if err != nil {
				b.Fatal(err)
			}
			rows, err := maps.LoadScen(filepath.Join(dir, name+".map.scen"))
			if err != nil || len(rows) == 0 {
				b.Fatalf("%s.map.scen: %v (%d rows)", name, err, len(rows))
			}
			q := rows[len(rows)-1]
			gr, err := Build(m.Grid, Config{}, nil)
			if err != nil {
				b.Fatal(err)
			}
			pl := NewPlanner(gr)
			b.ReportAllocs()
			c0, _ := cputime.Process()
			n := 0
			for b.Loop() {
				if _, err := pl.Walk(q.Start, q.Goal, Options{}); err != nil {
					b.Fatal(err)
				}
				n++
			}
			if c1, ok := cputime.Process(); ok && n > 0 {
				b.ReportMetric(float64((c1-c0).Microseconds())/float64(n), "cpu-µs")
			}
		})
	}
}
