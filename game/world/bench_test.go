package world

import (
	"context"
	"image"
	"path/filepath"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

// BenchmarkTimelineScrub moves the cursor of the default world's A*
// timeline back and forth by a screenful of playback (1,000 events), the
// work a frame does while scrubbing or playing fast.
func BenchmarkTimelineScrub(b *testing.B) {
	w, err := Open("builtin:world")
	if err != nil {
		b.Fatal(err)
	}
	w.Begin()
	tl := &w.Timeline
	n := tl.Len()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tl.Seek((i * 1000) % n)
	}
}

// BenchmarkLiveReplan is one frame of dragging the goal on the default
// world with HPA*: a traced query and its timeline.
func BenchmarkLiveReplan(b *testing.B) {
	w, err := Open("builtin:world")
	if err != nil {
		b.Fatal(err)
	}
	w.Settings.Algo = AlgoHPA
	w.Begin()
	goals := []image.Point{{125, 65}, {125, 40}, {110, 25}, {60, 80}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w.MoveEndpoint(true, goals[i%len(goals)])
	}
}

// BenchmarkDigStroke is a two-cell dig and its undo with HPA*: the local
// repair, the patched views and the replans.
func BenchmarkDigStroke(b *testing.B) {
	w, err := Open("builtin:world")
	if err != nil {
		b.Fatal(err)
	}
	w.Settings.Algo = AlgoHPA
	w.Begin()
	w.Hierarchy().Inspect(1)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w.BeginStroke(image.Pt(45, 32), 0)
		w.StrokeTo(image.Pt(46, 32))
		w.EndStroke()
		w.Undo()
	}
}

// BenchmarkLabelComponents labels the default world's components (the
// components layer after an edit).
func BenchmarkLabelComponents(b *testing.B) {
	w, err := Open("builtin:world")
	if err != nil {
		b.Fatal(err)
	}
	var buf []int32
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf = LabelComponents(w.Grid, buf)
	}
}

// openMovingAI opens a Moving AI map as a session (no query yet), or skips
// the benchmark when the maps are not there.
func openMovingAI(b *testing.B, name string) *World {
	b.Helper()
	dir, ok := maps.MovingAIDir()
	if !ok {
		b.Skip("no Moving AI maps: set PATHLENS_MAPS or put them in ../shared/maps/movingai")
	}
	w, err := Open(filepath.Join(dir, name+".map"))
	if err != nil {
		b.Fatal(err)
	}
	return w
}

// endpoints returns the first and last open cells of g in row-major order.
func endpoints(g *pathing.Grid) (image.Point, image.Point) {
	var first, last image.Point
	found := false
	for i := 0; i < g.Len(); i++ {
		if p := g.Point(i); g.Open(p) {
			if !found {
				first, found = p, true
			}
			last = p
		}
	}
	return first, last
}

// BenchmarkClusterHeuristicSwitch is the user switching A* or Dijkstra to
// the cluster heuristic on a freshly opened map: everything the switch
// builds (group hierarchy, heuristic) and the plan it triggers.
func BenchmarkClusterHeuristicSwitch(b *testing.B) {
	for _, name := range []string{"lak303d", "8room_000"} {
		for _, algo := range []Algo{AlgoAStar, AlgoDijkstra} {
			b.Run(name+"/"+algo.String(), func(b *testing.B) {
				b.ReportAllocs()
				for i := 0; i < b.N; i++ {
					b.StopTimer()
					w := openMovingAI(b, name)
					w.Settings.Algo = algo
					w.SetEndpoints(endpoints(w.Grid))
					b.StartTimer()
					w.SetHeuristic(HeurCluster)
					if w.Outcome.Err != nil {
						b.Fatal(w.Outcome.Err)
					}
				}
			})
		}
	}
}

// BenchmarkClusterHeuristicDrag is dragging the goal with A* and the
// cluster heuristic on a 512×512 map: every plan has its goal in another
// level-1 group, so each pays for the heuristic of its goal and the search
// (octile A* for comparison).
func BenchmarkClusterHeuristicDrag(b *testing.B) {
	for _, h := range []Heur{HeurOctile, HeurCluster} {
		b.Run(h.String(), func(b *testing.B) {
			w := openMovingAI(b, "8room_000")
			start, _ := endpoints(w.Grid)
			w.SetEndpoints(start, start)
			w.SetHeuristic(h)
			goals := []image.Point{{500, 500}, {300, 480}, {480, 200}, {250, 250}}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				w.MoveEndpoint(true, goals[i%len(goals)])
				if w.Outcome.Err != nil || w.Outcome.Status != pathing.Found {
					b.Fatal(w.Outcome.Status, w.Outcome.Err)
				}
			}
		})
	}
}

// roomsGrid returns an n×n grid of 24×24 rooms, each wall with a
// four-cell door in its middle: a big map with a real hierarchy.
func roomsGrid(b *testing.B, n int) *pathing.Grid {
	b.Helper()
	g, err := pathing.NewGrid(n, n)
	if err != nil {
		b.Fatal(err)
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			door := x%24 >= 10 && x%24 < 14 || y%24 >= 10 && y%24 < 14
			if (x%24 == 0 || y%24 == 0) && !door {
				g.SetOpen(image.Pt(x, y), false)
			}
		}
	}
	return g
}

// BenchmarkHPARepairBigViews is one mouse move of a stroke on a
// 1024×1024 map with HPA* whose level views the window has listed: a cell
// in a room's middle filled and dug again. The hierarchy repairs two
// clusters; the views used to be copied whole (edges of every level, a
// fresh entrance list) on each repair, changed or not.
func BenchmarkHPARepairBigViews(b *testing.B) {
	g := roomsGrid(b, 1024)
	h, err := buildHPA(context.Background(), g, nil, Settings{Algo: AlgoHPA})
	if err != nil {
		b.Fatal(err)
	}
	h.Inspect(1)
	h.Inspect(2)
	p := image.Pt(24*20+5, 24*20+5)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w := uint8(0)
		if i%2 == 1 {
			w = 1
		}
		g.SetWeight(p, w)
		h.Update([]image.Point{p})
	}
}

// BenchmarkWideStroke is a designer's fill with a 9-cell brush across a
// 512×512 map (fitted to the window, 1.3 px a cell) with HPA*: five fast
// mouse moves sweeping a band of about 9×400 cells, the stroke's end (one
// repair, deferred or not) and its undo. "one" is the same drag with a
// one-cell brush, for comparison.
func BenchmarkWideStroke(b *testing.B) {
	g, err := pathing.NewGrid(512, 512)
	if err != nil {
		b.Fatal(err)
	}
	for y := 0; y < 512; y++ { // walls every 64 cells with a door in each room's side
		for x := 0; x < 512; x++ {
			if (x%64 == 0 || y%64 == 0) && (x+y)%64 != 32 {
				g.SetOpen(image.Pt(x, y), false)
			}
		}
	}
	for _, size := range []int{1, 9} {
		name := "one"
		if size > 1 {
			name = "nine"
		}
		b.Run(name, func(b *testing.B) {
			w := New(maps.NewMap("rooms512", g.Clone()))
			defer w.Close()
			w.Settings.Algo = AlgoHPA
			w.Queries = [][2]image.Point{{{5, 5}, {500, 500}}}
			w.Begin()
			w.Wait()
			moves := []image.Point{{150, 100}, {230, 160}, {330, 170}, {420, 260}, {440, 380}}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				w.BeginStrokeWith(image.Pt(40, 90), Brush{Mode: PaintFill, Size: size})
				for _, p := range moves {
					w.StrokeTo(p)
				}
				w.EndStroke()
				w.Undo()
				w.Wait()
			}
		})
	}
}
