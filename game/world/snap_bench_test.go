package world

import (
	"fmt"
	"image"
	"testing"
	"time"

	"pathlens/internal/cputime"
	"pathlens/maps"
	"pathlens/pathing"
)

// BenchmarkSnapshotAfterEdit is the snapshot an edit of a big map asks
// for on the window thread (the optimal reference's, the components'
// jobs'): after a one-cell edit (untimed; no query, so nothing else asks
// for one), the next version's snapshot, the last one's copy read by no
// job.
func BenchmarkSnapshotAfterEdit(b *testing.B) {
	for _, n := range []int{4096, 7100} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			w := New(maps.NewMap("open", pathing.MustGrid(n, n)))
			defer w.Close()
			w.SetAlgo(AlgoAStar)
			settleUntimed(w)
			w.snapshot()
			p := image.Pt(n/2, n/3)
			var cpu time.Duration
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				e := Edit{Kind: EditFill, Cells: []CellEdit{{P: p}}}
				if !w.Grid.Open(p) {
					e.Kind = EditDig
					e.Cells[0].New = 1
				}
				w.ApplyEdit(e)
				if w.snap.key == w.gridKey() || w.snap.jobs.Load() != 0 {
					b.Fatal("the edit's snapshot was made already, or the last one is read")
				}
				b.StartTimer()
				c0, _ := cputime.Process()
				w.snapshot()
				c1, _ := cputime.Process()
				cpu += c1 - c0
			}
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}
