package pathing

import (
	"math/rand"
	"slices"
	"testing"
)

// floodLabels is a plain flood fill: a stack, four neighbours a cell,
// components numbered in order of first cell. (The one the session's
// components layer used before ComponentLabeler took a one-cell-wide map's
// vertical step for a step off its left edge, and gave every cell of such
// a map its own component.)
func floodLabels(g *Grid) []int32 {
	n, W := g.Len(), g.Width()
	cells := g.Cells()
	label := make([]int32, n)
	for i := range label {
		label[i] = -1
	}
	next := int32(0)
	var stack []int
	for s := range cells {
		if cells[s] == Blocked || label[s] >= 0 {
			continue
		}
		label[s] = next
		stack = append(stack[:0], s)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := i%W, i/W
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				nx, ny := x+d[0], y+d[1]
				if nx < 0 || nx >= W || ny < 0 || ny >= n/W {
					continue
				}
				j := ny*W + nx
				if cells[j] != Blocked && label[j] < 0 {
					label[j] = next
					stack = append(stack, j)
				}
			}
		}
		next++
	}
	return label
}

// The run union-find labels exactly as a flood fill does, numbers included
// (colours and the inspector's component follow them), and counts each
// component's cells, on random grids of every density and shape, combs
// among them (runs joined far from where they began), one labeler and one
// buffer reused throughout.
func TestComponentLabelerMatchesFloodFill(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	var buf []int32
	var lb ComponentLabeler
	for trial := 0; trial < 400; trial++ {
		w, h := 1+rng.Intn(40), 1+rng.Intn(40)
		g := MustGrid(w, h)
		density := rng.Float64()
		comb := trial%5 == 0
		for i := 0; i < g.Len(); i++ {
			p := g.Point(i)
			blocked := rng.Float64() < density
			if comb {
				// teeth joined only at the bottom row: a U joins two runs
				// that began apart, after both were numbered
				blocked = p.X%2 == 1 && p.Y < h-1
			}
			g.SetOpen(p, !blocked)
		}
		want := floodLabels(g)
		var sizes []int32
		buf, sizes = lb.Label(g, buf)
		count := make([]int32, len(sizes))
		for _, l := range want {
			if l >= int32(len(count)) {
				t.Fatalf("%dx%d grid (trial %d): %d components, the flood fill finds more", w, h, trial, len(sizes))
			}
			if l >= 0 {
				count[l]++
			}
		}
		if !slices.Equal(count, sizes) {
			t.Fatalf("%dx%d grid (trial %d): sizes %v, want %v", w, h, trial, sizes, count)
		}
		if !slices.Equal(buf, want) {
			t.Fatalf("%dx%d grid (trial %d): labels differ from the flood fill\ngot  %v\nwant %v", w, h, trial, buf, want)
		}
	}
}

// BenchmarkComponentLabeler labels a 2048×2048 grid with 30 % random walls
// (tens of thousands of components), as the session does after every edit
// for its components layer.
func BenchmarkComponentLabeler(b *testing.B) {
	g := MustGrid(2048, 2048)
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < g.Len(); i++ {
		if rng.Intn(10) < 3 {
			g.SetOpen(g.Point(i), false)
		}
	}
	var lb ComponentLabeler
	var buf []int32
	buf, _ = lb.Label(g, buf)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf, _ = lb.Label(g, buf)
	}
}
