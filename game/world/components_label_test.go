package world

import (
	"math/rand"
	"slices"
	"testing"

	"pathlens/pathing"
)

// floodLabels is a plain flood fill: a stack, four neighbours a cell,
// components numbered in order of first cell. (The one LabelComponents
// replaced took a one-cell-wide map's vertical step for a step off its
// left edge, and gave every cell of such a map its own component.)
func floodLabels(g *pathing.Grid) []int32 {
	n, W := g.Len(), g.Width()
	cells := g.Cells()
	label := make([]int32, n)
	for i := range label {
		label[i] = -1
	}
	next := int32(0)
	var stack []int
	for s := range cells {
		if cells[s] == pathing.Blocked || label[s] >= 0 {
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
				if cells[j] != pathing.Blocked && label[j] < 0 {
					label[j] = next
					stack = append(stack, j)
				}
			}
		}
		next++
	}
	return label
}

// The run union-find labels exactly as the flood fill did, numbers
// included (colours and the inspector's component follow them), on random
// grids of every density and shape, spirals and combs among them (runs
// joined far from where they began), and with a reused buffer.
func TestLabelComponentsMatchesFloodFill(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	var buf []int32
	for trial := 0; trial < 400; trial++ {
		w, h := 1+rng.Intn(40), 1+rng.Intn(40)
		g := pathing.MustGrid(w, h)
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
		buf = LabelComponents(g, buf)
		if !slices.Equal(buf, want) {
			t.Fatalf("%dx%d grid (trial %d): labels differ from the flood fill\ngot  %v\nwant %v", w, h, trial, buf, want)
		}
	}
}
