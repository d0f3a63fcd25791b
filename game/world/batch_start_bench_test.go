package world

import (
	"image"
	"testing"
	"time"

	"pathlens/internal/cputime"
	"pathlens/maps"
	"pathlens/pathing"
)

// BenchmarkBatchStartBigMap is the window's part of Ctrl+B on a 4096×4096
// map with a query list: StartBatch alone, the batch left to its
// goroutine. The batch's goroutine is held until the timer is stopped, so
// what it does (its allocations, its CPU) is not counted; between two
// starts, untimed, the batch is cancelled and its goroutine waited for.
func BenchmarkBatchStartBigMap(b *testing.B) {
	const n = 4096
	w := New(maps.NewMap("open4096", pathing.MustGrid(n, n)))
	defer w.Close()
	w.SetEndpoints(image.Pt(10, 10), image.Pt(n-10, n-10))
	settleUntimed(w)
	w.Queries = [][2]image.Point{{image.Pt(10, 10), image.Pt(n-10, n-10)}, {image.Pt(5, n-5), image.Pt(n-5, 5)}}
	hold := make(chan struct{})
	batchGoHook = func() { <-hold }
	defer func() { batchGoHook = nil }()
	var cpu time.Duration
	b.ReportAllocs()
	for b.Loop() {
		c0, _ := cputime.Process()
		ok := w.StartBatch()
		c1, _ := cputime.Process()
		cpu += c1 - c0
		b.StopTimer()
		j := w.Batch.job
		if !ok || j == nil {
			b.Fatal("no batch started")
		}
		w.stopBatch()
		hold <- struct{}{}
		<-j.ended
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
