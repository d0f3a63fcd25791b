package world

import (
	"image"
	"path/filepath"
	"testing"
	"time"

	"pathlens/internal/cputime"
	"pathlens/maps"
	"pathlens/pathing"
)

// splitGap is the gap left in the wall of splitMap: rows 252..259 of
// column 256.
var splitGap = [2]image.Point{{256, 252}, {256, 259}}

// splitMap returns a 512×512 map with a wall down column 256 but for an
// eight-cell gap (splitGap): filling the gap splits the map's big
// component into two halves, digging it joins them again. "open" is an
// open grid, otherwise a Moving AI map (random512-10-0: 10% random
// obstacles) gets the wall (skipped without the maps).
func splitMap(b *testing.B, name string) *maps.Map {
	b.Helper()
	var g *pathing.Grid
	if name == "open" {
		g = pathing.MustGrid(512, 512)
	} else {
		dir, ok := maps.MovingAIDir()
		if !ok {
			b.Skip("no Moving AI maps: set PATHLENS_MAPS or put them in ../shared/maps/movingai")
		}
		m, err := maps.LoadMap(filepath.Join(dir, name+".map"))
		if err != nil {
			b.Fatal(err)
		}
		g = m.Grid
	}
	for y := 0; y < g.Height(); y++ {
		p := image.Pt(256, y)
		g.SetOpen(p, y >= splitGap[0].Y && y <= splitGap[1].Y)
	}
	return maps.NewMap(name+"-wall", g)
}

// BenchmarkSplitStroke is the user's edit that closes the last gap of a
// wall across a 512×512 map (a fill stroke down the gap, two mouse moves,
// splitting the map's big component into two halves) and the edit that
// opens it again (a dig stroke: the halves merge), for each algorithm a
// session runs, with the query on one side of the wall (its answer does
// not change: the time is the edit's repair and what the layers redo,
// not a search of half the map). "agents" adds 32 agents walking across
// the map with HPA*. Each op is one edit, with the frames of the
// session benchmarks (frame-ms, ready-ms, ui-ms: see BenchmarkSession);
// the other edit restores the map untimed. cpu-ms is the process's CPU
// time over the edit's frames, background workers included (steadier than
// wall time on a shared machine).
func BenchmarkSplitStroke(b *testing.B) {
	type variant struct {
		name   string
		algo   Algo
		agents bool
	}
	vs := []variant{{"astar", AlgoAStar, false}, {"hpa", AlgoHPA, false}, {"groups", AlgoGroup, false}, {"hpa-agents", AlgoHPA, true}}
	stroke := func(w *World, f *frames, mode PaintMode) {
		f.do(func() { w.BeginStrokeWith(splitGap[0], Brush{Mode: mode}) })
		f.do(func() { w.StrokeTo(splitGap[0].Add(image.Pt(0, 4))) })
		f.do(func() { w.StrokeTo(splitGap[1]) })
		f.do(w.EndStroke)
	}
	for _, mapName := range []string{"open", "random512-10-0"} {
		for _, v := range vs {
			for _, edit := range []string{"split", "merge"} {
				b.Run(mapName+"/"+v.name+"/"+edit, func(b *testing.B) {
					w := New(splitMap(b, mapName))
					defer w.Close()
					w.Settings.Algo = v.algo
					w.Queries = [][2]image.Point{{{20, 20}, {200, 490}}}
					w.Begin()
					settleUntimed(w)
					if v.agents {
						for k := 0; k < 32; k++ {
							p, _ := w.Grid.NearestOpen(image.Pt(10+k*15, 30+k*13), 64)
							if _, err := w.SpawnAgent(p); err != nil {
								b.Fatal(err)
							}
						}
						settleUntimed(w)
					}
					timed := PaintFill
					if edit == "merge" {
						timed = PaintDig
						var f frames
						stroke(w, &f, PaintFill)
						settleUntimed(w)
					}
					var f frames
					var cpu time.Duration
					b.ReportAllocs()
					b.ResetTimer()
					for i := 0; i < b.N; i++ {
						c0, _ := cputime.Process()
						f.start()
						stroke(w, &f, timed)
						f.settle(w)
						c1, _ := cputime.Process()
						cpu += c1 - c0
						b.StopTimer()
						if w.Outcome.Err != nil || w.Outcome.Status != pathing.Found {
							b.Fatal(w.Outcome.Status, w.Outcome.Err)
						}
						w.WaitOptimal()
						w.Undo()
						settleUntimed(w)
						b.StartTimer()
					}
					f.report(b, b.N)
					if cpu > 0 {
						b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms")
					}
				})
			}
		}
	}
}
