package hpa

import (
	"image"
	"math/rand"
	"testing"
)

// TestComponentsStrokes checks the component repair against a fresh
// labelling after strokes on grids up to 120 cells wide: a line of cells
// all filled or all dug in one update (many seeds, several labels, pieces
// of thousands of cells, so the lock-step searches take many rounds and
// meet in many orders), then single toggles. Besides the partition it
// checks the repair's own books: every label's size is its cell count and
// the live labels are the count.
func TestComponentsStrokes(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for round := 0; round < 60; round++ {
		w, h := 20+rng.Intn(100), 20+rng.Intn(60)
		g := randomGrid(rng, w, h, 0.1+0.3*rng.Float64(), false)
		var c components
		c.build(g)
		for step := 0; step < 40; step++ {
			var ch []int32
			if step%2 == 0 {
				// A stroke: a straight line (row, column or diagonal).
				a := image.Pt(rng.Intn(w), rng.Intn(h))
				d := []image.Point{{1, 0}, {0, 1}, {1, 1}, {1, -1}}[rng.Intn(4)]
				open := rng.Intn(3) == 0
				for p, k := a, 0; g.In(p) && k < 80; p, k = p.Add(d), k+1 {
					if g.Open(p) != open {
						g.SetOpen(p, open)
						ch = append(ch, int32(g.Index(p)))
					}
				}
			} else {
				p := image.Pt(rng.Intn(w), rng.Intn(h))
				g.SetOpen(p, !g.Open(p))
				ch = append(ch, int32(g.Index(p)))
			}
			c.update(g, ch)
			var f components
			f.build(g)
			if err := equalComp(&Hierarchy{comp: c, grid: g}, &Hierarchy{comp: f, grid: g}); err != nil {
				t.Fatalf("round %d step %d (%d×%d, %d cells changed): %v", round, step, w, h, len(ch), err)
			}
			cells := make([]int32, len(c.size))
			for _, l := range c.label {
				if l >= 0 {
					cells[l]++
				}
			}
			live := 0
			for l, n := range cells {
				if c.size[l] != n {
					t.Fatalf("round %d step %d: label %d has %d cells, size says %d", round, step, l, n, c.size[l])
				}
				if n > 0 {
					live++
				}
			}
			if live != c.count {
				t.Fatalf("round %d step %d: %d labels with cells, count %d", round, step, live, c.count)
			}
		}
	}
}
