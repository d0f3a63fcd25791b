package world

import (
	"image"
	"testing"
	"time"

	"pathlens/internal/cputime"
	"pathlens/maps"
	"pathlens/pathing"
)

// BenchmarkHierSwitchBigMap is the window's part of a switch from HPA* to
// the group hierarchy on a 4096×4096 map with a query and a hierarchy
// built: SetAlgo alone, the build left to the worker (its grid copied
// there, from the labelling's snapshot). Between two presses, untimed,
// the build is abandoned and HPA* is back.
func BenchmarkHierSwitchBigMap(b *testing.B) {
	const n = 4096
	w := New(maps.NewMap("open4096", pathing.MustGrid(n, n)))
	defer w.Close()
	w.SetAlgo(AlgoHPA)
	w.SetEndpoints(image.Pt(10, 10), image.Pt(n-10, n-10))
	settleUntimed(w)
	if w.Outcome.Status != pathing.Found {
		b.Fatalf("HPA*: %v %v", w.Outcome.Status, w.Outcome.Err)
	}
	var cpu time.Duration
	b.ReportAllocs()
	for b.Loop() {
		c0, _ := cputime.Process()
		w.SetAlgo(AlgoGroup)
		c1, _ := cputime.Process()
		cpu += c1 - c0
		b.StopTimer()
		if !w.Busy() || w.building == nil {
			b.Fatal("the switch did not leave the build to the worker")
		}
		w.cancelBuild()
		w.SetAlgo(AlgoHPA)
		settleUntimed(w)
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
