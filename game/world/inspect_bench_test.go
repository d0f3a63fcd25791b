package world

import (
	"image"
	"testing"
)

// BenchmarkInspectAfterEdit4096 is the inspector's first look at a hovered
// cell after a one-cell edit of a 4096×4096 map (8room_000 tiled 8×8), with
// A* (no hierarchy to ask): the window thread's cost of that hover. The
// edit itself is not timed.
func BenchmarkInspectAfterEdit4096(b *testing.B) {
	m := tiledMovingAI(b, "8room_000", 8)
	w := New(m)
	defer w.Close()
	w.Log = NewEventLog(nil)
	w.Settings.Algo = AlgoAStar
	w.Begin()
	var open []image.Point
	for y := 1; y < 4095 && len(open) < 64; y += 61 {
		for x := 1; x < 4095 && len(open) < 64; x += 67 {
			if p := image.Pt(x, y); w.Grid.Open(p) {
				open = append(open, p)
			}
		}
	}
	if len(open) < 2 {
		b.Fatal("no open cells")
	}
	w.Inspect(open[0])
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		p := open[i%len(open)]
		w.BeginStroke(p, 0) // a wall, and the cell next time round is dug out
		w.EndStroke()
		w.Undo()
		b.StartTimer()
		w.Inspect(open[(i+1)%len(open)])
	}
}
