package world

import (
	"image"
	"testing"
	"time"

	"pathlens/internal/cputime"
	"pathlens/pathing"
)

// BenchmarkEndpointDrag is the user dragging the start with HPA* across ten
// cells of a 512×512 map (one frame and one live replan per mouse move),
// then dropping it (Replan: the traced plan, timed for the panel), the
// query being the map's longest scenario row. Besides the session metrics
// (frame-ms, ready-ms, ui-ms: see BenchmarkSession) move-ms is the
// longest single mouse move's frame, and cpu-ms the process's CPU time over
// the drag's frames, background workers included (steadier than wall time
// on a shared machine).
func BenchmarkEndpointDrag(b *testing.B) {
	for _, name := range []string{"random512-10-0", "8room_000"} {
		b.Run(name, func(b *testing.B) {
			w := openSession(b, name, AlgoHPA, 0)
			defer w.Close()
			start := w.Start
			// Ten open cells in a ring about the start, the drag's path.
			var path []image.Point
			for k := 0; len(path) < 10 && k < 64; k++ {
				p := start.Add(image.Pt(k%8-4, (k/8)%3-1))
				if p != start && w.Grid.Open(p) {
					path = append(path, p)
				}
			}
			if len(path) < 2 {
				b.Fatal("no open cells near the start")
			}
			var f, moves frames
			var cpu time.Duration
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				c0, _ := cputime.Process()
				f.start()
				for _, p := range path {
					f.do(func() { moves.do(func() { w.MoveEndpoint(false, p) }) })
				}
				f.do(w.Replan)
				f.settle(w)
				c1, _ := cputime.Process()
				cpu += c1 - c0
				b.StopTimer()
				if w.Outcome.Err != nil || w.Outcome.Status != pathing.Found || w.Outcome.OneRun {
					b.Fatal(w.Outcome.Status, w.Outcome.Err, w.Outcome.OneRun)
				}
				w.WaitOptimal()
				b.StartTimer()
			}
			f.report(b, b.N)
			b.ReportMetric(float64(moves.max.Microseconds())/1000, "move-ms")
			if cpu > 0 {
				b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms")
			}
		})
	}
}
