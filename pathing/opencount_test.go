package pathing

import (
	"image"
	"math/rand"
	"testing"
)

// TestOpenCountRunning checks the running open count against a walk of the
// grid after random SetWeight, SetOpen, SetCells and Clone calls.
func TestOpenCountRunning(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	g := MustGrid(23, 17)
	if g.OpenCount() != g.Len() {
		t.Fatalf("new grid: open %d, want %d", g.OpenCount(), g.Len())
	}
	for step := 0; step < 20000; step++ {
		p := image.Pt(rng.Intn(g.Width()+2)-1, rng.Intn(g.Height()+2)-1) // some outside
		switch r := rng.Intn(100); {
		case r < 45:
			g.SetWeight(p, uint8(rng.Intn(4))) // 0 blocks
		case r < 90:
			g.SetOpen(p, rng.Intn(2) == 0)
		case r < 95:
			src := make([]uint8, g.Len())
			for i := range src {
				src[i] = uint8(rng.Intn(3))
			}
			g.SetCells(src)
		default:
			g = g.Clone()
		}
		if got, want := g.OpenCount(), countOpen(g.Cells()); got != want {
			t.Fatalf("step %d: OpenCount %d, a walk counts %d", step, got, want)
		}
	}
}

// BenchmarkOpenCountAfterEdit is what the window's panel paid after every
// edit of a 2048² map: change a cell, count the open cells.
func BenchmarkOpenCountAfterEdit(b *testing.B) {
	g := MustGrid(2048, 2048)
	b.ReportAllocs()
	n := 0
	for i := 0; i < b.N; i++ {
		p := image.Pt(i%2048, (i/2048)%2048)
		g.SetOpen(p, i&1 == 0)
		n += g.OpenCount()
	}
	_ = n
}
