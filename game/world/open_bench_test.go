package world

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"pathlens/maps"
)

// BenchmarkOpen4096 opens a 4096×4096 map (8room_000 tiled 8×8) from a
// file as the app does, begins the session (no query: a bare map) and
// waits until nothing is left to do in the background.
func BenchmarkOpen4096(b *testing.B) {
	m := tiledMovingAI(b, "8room_000", 8)
	path := filepath.Join(b.TempDir(), "big4096.map")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	if err := maps.WriteMovingAI(f, m); err != nil {
		b.Fatal(err)
	}
	f.Close()
	m = nil
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w, err := Open(path)
		if err != nil {
			b.Fatal(err)
		}
		w.Log = NewEventLog(nil)
		w.Begin()
		settleUntimed(w)
		w.Close()
	}
}

// BenchmarkHPASize4096 is the count the build worker makes after building
// the HPA* hierarchy of a 4096×4096 map (8room_000 tiled 8×8), before the
// session gets it: nodes, edges and bytes for the log and the panel.
func BenchmarkHPASize4096(b *testing.B) {
	m := tiledMovingAI(b, "8room_000", 8)
	h, err := buildHPA(context.Background(), m.Grid, nil, Settings{Algo: AlgoHPA})
	if err != nil {
		b.Fatal(err)
	}
	a := h.(*hpaHier)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a.size = nil
		a.Size()
	}
}
