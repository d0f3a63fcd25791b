package world

import (
	"image"
	"testing"
	"time"

	"pathlens/internal/cputime"
	"pathlens/maps"
	"pathlens/pathing"
)

// BenchmarkCheckRepairBigMap is CheckRepair on a 4096×4096 map with an
// HPA* hierarchy built and a cell edited and repaired: a fresh build of
// the whole grid compared with the session's. clone-ms is the part of it
// that copies the grid for the fresh build (measured on its own, the
// same copy CheckRepair makes), to say whether that copy is worth taking
// off the calling goroutine.
func BenchmarkCheckRepairBigMap(b *testing.B) {
	const n = 4096
	w := New(maps.NewMap("open4096", pathing.MustGrid(n, n)))
	defer w.Close()
	w.SetAlgo(AlgoHPA)
	w.SetEndpoints(image.Pt(10, 10), image.Pt(n-10, n-10))
	settleUntimed(w)
	wallEdit(w, 2000, 100, 110)
	settleUntimed(w)
	if w.hier == nil {
		b.Fatalf("no hierarchy: %v", w.hierErr)
	}
	var cpu, clone time.Duration
	b.ReportAllocs()
	for b.Loop() {
		c0, _ := cputime.Process()
		if err := w.CheckRepair(); err != nil {
			b.Fatal(err)
		}
		c1, _ := cputime.Process()
		cpu += c1 - c0
		b.StopTimer()
		t0 := time.Now()
		_ = w.Grid.Clone()
		clone += time.Since(t0)
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(clone.Microseconds())/1000/float64(b.N), "clone-ms/op")
}
