package world

import (
	"image"
	"testing"
	"time"

	"pathlens/internal/cputime"
	"pathlens/maps"
	"pathlens/pathing"
)

// BenchmarkRoomPressBigMap is the window's part of a press of the room
// tool outside every room of a 4096×4096 map with a layer of rooms: the
// free letter looked for (FreeRoom, as the tool does) and the stroke
// begun (its copy of the layer, the first cells painted and published).
// Untimed, the stroke ends (one undoable step; no query to plan), as
// between two presses in the window.
func BenchmarkRoomPressBigMap(b *testing.B) {
	const n = 4096
	w := New(maps.NewMap("open", pathing.MustGrid(n, n)))
	defer w.Close()
	w.SetAlgo(AlgoAStar)
	settleUntimed(w)
	layer := make([]byte, n*n)
	for i := range layer {
		layer[i] = 'A' + byte(i%n/512)
		if i/n > n/2 {
			layer[i] = NoRoom
		}
	}
	w.publishRooms(1, layer)
	p := image.Pt(n/2, n-10)
	var cpu time.Duration
	b.ReportAllocs()
	for b.Loop() {
		c0, _ := cputime.Process()
		letter, ok := w.FreeRoom(1)
		if !ok {
			b.Fatal("no free letter")
		}
		w.BeginRoomStroke(p, 1, letter, 3)
		c1, _ := cputime.Process()
		cpu += c1 - c0
		b.StopTimer()
		if w.roomStroke == nil {
			b.Fatalf("no stroke: %s", w.Message)
		}
		w.EndRoomStroke()
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
