package world

import (
	"image"
	"path/filepath"
	"testing"
	"time"

	"pathlens/maps"
	"pathlens/pathing"
)

// The session benchmarks time what a user triggers on the 512×512 Moving AI
// maps, as the window calls it: every World call below is one frame (the
// game calls one action and one Tick per frame). Besides ns/op (the UI
// thread's work per operation) each reports
//
//	frame-ms  the longest single frame of the operation: the freeze the user
//	          sees (the target is about 16 ms)
//	ready-ms  from the first frame until the answer shown is current again,
//	          including work finished in the background (equal to the
//	          operation's frames when everything runs on the UI thread)
//	ui-ms     the frames' work on the UI thread, all frames of the operation
//
// Run them short, e.g.
//
//	go test ./game/world/ -run '^$' -bench Session -benchtime 3x
var sessionMaps = []string{"maze512-16-0", "8room_000", "AR0011SR", "random512-10-0"}

// frames times the frames of one operation.
type frames struct {
	max, ui time.Duration
	t0      time.Time
	ready   time.Duration
}

// start begins an operation.
func (f *frames) start() { f.t0 = time.Now() }

// do runs one frame's call.
func (f *frames) do(fn func()) {
	t := time.Now()
	fn()
	d := time.Since(t)
	f.ui += d
	f.max = max(f.max, d)
}

// settle ticks the world, a frame at a time, until no background work
// changes what it shows, and notes how long the operation took to be ready.
// The ticks count as frames.
func (f *frames) settle(w *World) {
	for w.Busy() {
		f.do(func() { w.Tick(0) })
		if w.Busy() {
			time.Sleep(200 * time.Microsecond)
		}
	}
	f.ready += time.Since(f.t0)
}

// settleUntimed waits for w's background work (the setup of a benchmark).
func settleUntimed(w *World) {
	var f frames
	f.start()
	f.settle(w)
	w.WaitOptimal()
}

func (f *frames) report(b *testing.B, n int) {
	b.ReportMetric(float64(f.max.Microseconds())/1000, "frame-ms")
	b.ReportMetric(float64(f.ready.Microseconds())/1000/float64(n), "ready-ms")
	b.ReportMetric(float64(f.ui.Microseconds())/1000/float64(n), "ui-ms")
}

// sessionScen returns the map's longest scenario query (its last row).
func sessionScen(b *testing.B, dir, name string) [2]image.Point {
	b.Helper()
	rows, err := maps.LoadScen(filepath.Join(dir, name+".map.scen"))
	if err != nil || len(rows) == 0 {
		b.Fatalf("%s.map.scen: %v (%d rows)", name, err, len(rows))
	}
	r := rows[len(rows)-1]
	return [2]image.Point{r.Start, r.Goal}
}

// openSession opens a Moving AI map with algo and the map's longest
// scenario query, planned and settled, or skips without the maps.
func openSession(b *testing.B, name string, algo Algo, levels int) *World {
	b.Helper()
	dir, ok := maps.MovingAIDir()
	if !ok {
		b.Skip("no Moving AI maps: set PATHLENS_MAPS or put them in ../shared/maps/movingai")
	}
	w, err := Open(filepath.Join(dir, name+".map"))
	if err != nil {
		b.Fatal(err)
	}
	w.Settings.Algo = algo
	w.Settings.Levels = levels
	w.Queries = [][2]image.Point{sessionScen(b, dir, name)}
	w.Begin()
	settleUntimed(w)
	if w.Outcome.Err != nil || w.Outcome.Status != pathing.Found {
		b.Fatalf("%s %s: %v %v", name, algo, w.Outcome.Status, w.Outcome.Err)
	}
	return w
}

// editCells returns, near the middle of the shown path, an open cell to
// fill (not an endpoint), a blocked cell to dig beside the path, and the
// ten cells of a brush stroke across the path.
func editCells(b *testing.B, w *World) (fill, dig image.Point, brush []image.Point) {
	b.Helper()
	path := w.Outcome.Path
	if len(path) < 3 {
		b.Fatalf("path of %d cells", len(path))
	}
	fill = path[len(path)/2]
	// The blocked cell nearest the middle of the path (by square rings).
	found := false
	for r := 1; r < 64 && !found; r++ {
		for y := -r; y <= r && !found; y++ {
			for x := -r; x <= r; x++ {
				q := fill.Add(image.Pt(x, y))
				if max(iabs(x), iabs(y)) == r && w.Grid.In(q) && !w.Grid.Open(q) {
					dig, found = q, true
					break
				}
			}
		}
	}
	if !found {
		b.Fatal("no blocked cell near the path")
	}
	for i := -5; i < 5; i++ {
		p := fill.Add(image.Pt(i, 0))
		if w.Grid.In(p) && p != w.Start && p != w.Goal {
			brush = append(brush, p)
		}
	}
	return fill, dig, brush
}

// BenchmarkSession times each user operation per map and algorithm.
func BenchmarkSession(b *testing.B) {
	for _, name := range sessionMaps {
		for _, algo := range []Algo{AlgoAStar, AlgoHPA, AlgoGroup} {
			b.Run(name+"/"+algo.String(), func(b *testing.B) { benchOps(b, name, algo) })
		}
	}
}

func benchOps(b *testing.B, name string, algo Algo) {
	// op runs the operation's frames on w; undo restores w untimed.
	type op struct {
		name string
		run  func(w *World, f *frames, i int)
		undo func(w *World, i int)
	}
	var fill, dig image.Point
	var brush []image.Point
	var goals []image.Point
	ops := []op{
		{name: "load", run: nil},
		{name: "dig", run: func(w *World, f *frames, i int) {
			f.do(func() { w.BeginStroke(dig, 0) })
			f.do(w.EndStroke)
		}, undo: func(w *World, i int) { w.Undo() }},
		{name: "fill", run: func(w *World, f *frames, i int) {
			f.do(func() { w.BeginStroke(fill, 0) })
			f.do(w.EndStroke)
		}, undo: func(w *World, i int) { w.Undo() }},
		{name: "stroke10", run: func(w *World, f *frames, i int) {
			f.do(func() { w.BeginStroke(brush[0], 0) })
			for _, p := range brush[1:] {
				f.do(func() { w.StrokeTo(p) })
			}
			f.do(w.EndStroke)
		}, undo: func(w *World, i int) { w.Undo() }},
		{name: "undo", run: func(w *World, f *frames, i int) {
			f.do(w.Undo)
		}, undo: func(w *World, i int) {
			w.BeginStroke(fill, 0)
			w.EndStroke()
		}},
		{name: "drag", run: func(w *World, f *frames, i int) {
			// Ten frames of dragging the goal, then the drop.
			for k := range 10 {
				g := goals[(i*10+k)%len(goals)]
				f.do(func() { w.MoveEndpoint(true, g) })
			}
			f.do(w.Replan)
		}},
	}
	if algo.Hierarchical() {
		other := AlgoGroup
		if algo == AlgoGroup {
			other = AlgoHPA
		}
		ops = append(ops,
			op{name: "cluster", run: func(w *World, f *frames, i int) {
				f.do(func() { w.SetCluster([]int{16, 10}[i%2]) })
			}},
			op{name: "levels", run: func(w *World, f *frames, i int) {
				f.do(func() { w.SetLevels([]int{3, 2}[i%2]) })
			}},
			op{name: "abstraction", run: func(w *World, f *frames, i int) {
				f.do(func() { w.SetAlgo(algo) })
			}, undo: func(w *World, i int) {
				w.SetAlgo(other)
			}},
		)
	}
	if algo == AlgoGroup {
		ops = append(ops, op{name: "cost", run: func(w *World, f *frames, i int) {
			f.do(w.CycleCost)
		}})
	}
	if algo == AlgoAStar {
		// The cluster heuristic builds a 3-level group hierarchy first.
		ops = append(ops, op{name: "heuristic-cluster", run: func(w *World, f *frames, i int) {
			f.do(func() { w.SetHeuristic(HeurCluster) })
		}, undo: func(w *World, i int) {
			w.SetHeuristic(HeurOctile)
			w.dropHierarchy()
		}})
	}
	for _, o := range ops {
		b.Run(o.name, func(b *testing.B) {
			var f frames
			if o.run == nil { // load: open, first build and plan
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					b.StopTimer()
					dir, ok := maps.MovingAIDir()
					if !ok {
						b.Skip("no Moving AI maps: set PATHLENS_MAPS or put them in ../shared/maps/movingai")
					}
					w, err := Open(filepath.Join(dir, name+".map"))
					if err != nil {
						b.Fatal(err)
					}
					w.Settings.Algo = algo
					w.Queries = [][2]image.Point{sessionScen(b, dir, name)}
					b.StartTimer()
					f.start()
					f.do(w.Begin)
					f.settle(w)
					b.StopTimer()
					w.WaitOptimal()
					b.StartTimer()
				}
				f.report(b, b.N)
				return
			}
			levels := 0
			if o.name == "heuristic-cluster" {
				levels = 3
			}
			w := openSession(b, name, algo, levels)
			fill, dig, brush = editCells(b, w)
			goals = goals[:0]
			for d := range 8 {
				if p := w.Goal.Add(image.Pt(d%4-2, d/4)); w.Grid.Open(p) {
					goals = append(goals, p)
				}
			}
			if len(goals) < 2 {
				goals = append(goals, w.Goal, w.Start)
			}
			if o.name == "abstraction" {
				w.SetAlgo(map[Algo]Algo{AlgoHPA: AlgoGroup, AlgoGroup: AlgoHPA}[algo])
				settleUntimed(w)
			}
			if o.name == "undo" {
				o.undo(w, 0)
				settleUntimed(w)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				f.start()
				o.run(w, &f, i)
				f.settle(w)
				if w.Outcome.Err != nil {
					b.Fatal(w.Outcome.Err)
				}
				b.StopTimer()
				w.WaitOptimal()
				if o.undo != nil {
					o.undo(w, i)
					settleUntimed(w)
				}
				b.StartTimer()
			}
			f.report(b, b.N)
		})
	}
}
