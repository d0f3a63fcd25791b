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

// BenchmarkRegionsCoverAfterEdit is the question the plan asks of a big
// map with the designer's rooms at each edit (keyFor, the panel): do the
// region layers cover every open cell? After a one-cell edit (untimed; no
// query), on a 4096×4096 map whose one room layer covers it (the worst
// case: no open cell outside the rooms to stop at) and on one whose room
// leaves the last row out.
func BenchmarkRegionsCoverAfterEdit(b *testing.B) {
	for _, covered := range []bool{true, false} {
		b.Run(fmt.Sprintf("covered=%v", covered), func(b *testing.B) {
			const n = 4096
			w := New(maps.NewMap("open", pathing.MustGrid(n, n)))
			defer w.Close()
			w.SetAlgo(AlgoAStar)
			settleUntimed(w)
			layer := make([]byte, n*n)
			for i := range layer {
				layer[i] = 'A'
			}
			if !covered {
				for i := n * (n - 1); i < n*n; i++ {
					layer[i] = NoRoom
				}
			}
			w.Regions = [][]byte{layer}
			if got := w.regionsCover(1); got != covered {
				b.Fatalf("regionsCover %v, want %v", got, covered)
			}
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
				b.StartTimer()
				c0, _ := cputime.Process()
				if w.regionsCover(1) != covered {
					b.Fatal("the answer changed")
				}
				c1, _ := cputime.Process()
				cpu += c1 - c0
			}
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}
