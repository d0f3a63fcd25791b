package world

import (
	"image"
	"testing"
	"time"

	"pathlens/internal/cputime"
	"pathlens/maps"
	"pathlens/pathing"
)

// BenchmarkAlgoSwitchBigMap is the window's part of pressing 4 (A* to
// HPA*) with an A* query across an open 4096×4096 map: SetAlgo alone,
// which must leave the build to the worker and return (a new user's
// trial on 7100×7100 saw the window stop for seconds). Between two
// presses, untimed, the build is abandoned and A* is back, its answer in.
func BenchmarkAlgoSwitchBigMap(b *testing.B) {
	const n = 4096
	w := New(maps.NewMap("open4096", pathing.MustGrid(n, n)))
	defer w.Close()
	w.SetEndpoints(image.Pt(10, 10), image.Pt(n-10, n-10))
	settleUntimed(w)
	if w.Outcome.Status != pathing.Found {
		b.Fatalf("A*: %v %v", w.Outcome.Status, w.Outcome.Err)
	}
	var cpu time.Duration
	b.ReportAllocs()
	for b.Loop() {
		c0, _ := cputime.Process()
		w.SetAlgo(AlgoHPA)
		c1, _ := cputime.Process()
		cpu += c1 - c0
		b.StopTimer()
		if !w.Busy() || w.building == nil {
			b.Fatal("the switch did not leave the build to the worker")
		}
		w.cancelBuild()
		w.SetAlgo(AlgoAStar)
		settleUntimed(w)
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
