package pathing

import (
	"fmt"
	"image"
	"math/rand"
	"testing"
)

// compBooks checks the repair's own books: every label's size is its cell
// count, the labels with cells are the count and the others are listed
// retired.
func compBooks(c *Components) error {
	cells := make([]int32, len(c.size))
	for _, l := range c.label {
		if l >= int32(len(c.size)) {
			return fmt.Errorf("label %d past the sizes (%d)", l, len(c.size))
		}
		if l >= 0 {
			cells[l]++
		}
	}
	live := 0
	for l, n := range cells {
		if c.size[l] != n {
			return fmt.Errorf("label %d has %d cells, size says %d", l, n, c.size[l])
		}
		if n > 0 {
			live++
		}
	}
	if live != c.count {
		return fmt.Errorf("%d labels with cells, count %d", live, c.count)
	}
	// The retired labels are the ones without cells, each listed once.
	seen := map[int32]bool{}
	for _, l := range c.free {
		if seen[l] || c.size[l] != 0 {
			return fmt.Errorf("retired label %d listed twice or with %d cells", l, c.size[l])
		}
		seen[l] = true
	}
	if len(c.free) != len(c.size)-live {
		return fmt.Errorf("%d retired labels listed, %d without cells", len(c.free), len(c.size)-live)
	}
	return nil
}

// TestComponentsAdversarial mixes digs and fills in one batch, lists cells
// more than once (toggled twice or thrice inside the batch, or repeated
// unchanged), and uses 1-wide, 1-high and tiny grids and dense mazes where
// a fill splits a component into three or four pieces and a dig joins four.
func TestComponentsAdversarial(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	shapes := [][2]int{{1, 1}, {1, 2}, {2, 1}, {1, 9}, {9, 1}, {1, 40}, {40, 1}, {2, 2}, {2, 17}, {17, 2}, {3, 3}, {5, 5}, {7, 4}, {12, 12}, {30, 9}}
	for round := 0; round < 2000; round++ {
		wh := shapes[rng.Intn(len(shapes))]
		w, h := wh[0], wh[1]
		g := compRandomGrid(rng, w, h, rng.Float64())
		var c Components
		c.Build(g)
		for step := 0; step < 40; step++ {
			var ch []int32
			switch rng.Intn(4) {
			case 0: // a plus sign: the centre toggled, maybe the arms too
				p := image.Pt(rng.Intn(w), rng.Intn(h))
				open := rng.Intn(2) == 0
				for _, d := range []image.Point{{0, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}} {
					if q := p.Add(d); g.In(q) && (d == image.Point{} || rng.Intn(2) == 0) {
						g.SetOpen(q, open == (d == image.Point{}))
						ch = append(ch, int32(g.Index(q)))
					}
				}
			default:
				for k := 1 + rng.Intn(12); k > 0; k-- {
					p := image.Pt(rng.Intn(w), rng.Intn(h))
					if rng.Intn(5) > 0 {
						g.SetOpen(p, !g.Open(p))
					}
					i := int32(g.Index(p))
					ch = append(ch, i)
					if rng.Intn(4) == 0 { // listed twice
						ch = append(ch, i)
					}
				}
			}
			rng.Shuffle(len(ch), func(a, b int) { ch[a], ch[b] = ch[b], ch[a] })
			c.Update(g, ch)
			var f Components
			f.Build(g)
			if err := samePartition(g, &c, &f); err != nil {
				t.Fatalf("round %d step %d (%d×%d), changed %v: %v", round, step, w, h, ch, err)
			}
			if err := compBooks(&c); err != nil {
				t.Fatalf("round %d step %d (%d×%d), changed %v: %v", round, step, w, h, ch, err)
			}
		}
	}
}

// TestComponentsLabelsRecycled closes and opens a room's door, and digs and
// fills a walled-in cell, thousands of times: every close and every lone dig
// makes a new component, every open and fill ends one, so the labels in use
// stay few and the sizes must not grow with the number of edits.
func TestComponentsLabelsRecycled(t *testing.T) {
	g := MustGrid(20, 20)
	for i := 2; i <= 8; i++ {
		g.SetOpen(image.Pt(i, 2), false)
		g.SetOpen(image.Pt(i, 8), false)
		g.SetOpen(image.Pt(2, i), false)
		g.SetOpen(image.Pt(8, i), false)
	}
	door := image.Pt(8, 5)
	for _, p := range []image.Point{{14, 13}, {14, 15}, {13, 14}, {15, 14}, {14, 14}} {
		g.SetOpen(p, false) // a cell walled in on four sides: (14,14)
	}
	lone := image.Pt(14, 14)
	var c Components
	c.Build(g)
	for i := 0; i < 5000; i++ {
		open := i%2 == 1
		g.SetOpen(door, open)
		g.SetOpen(lone, !open)
		c.Update(g, []int32{int32(g.Index(door)), int32(g.Index(lone))})
		if want := 3 - 2*(i%2); c.Count() != want {
			t.Fatalf("edit %d: %d components, want %d", i, c.Count(), want)
		}
	}
	if err := compBooks(&c); err != nil {
		t.Fatal(err)
	}
	if len(c.size) > 4 {
		t.Fatalf("%d labels after 5000 edits of a map with at most 3 components at once: retired labels are not given out again", len(c.size))
	}
}

// TestComponentsPlusSplitsInFour fills the centre of a plus of open cells
// (four arms of two cells, on a 5×5 grid otherwise walled, and on its 1-wide
// rows at the edges), which splits it into four, then digs it, which joins
// the four again, in one batch with a dig of an arm's end.
func TestComponentsPlusSplitsInFour(t *testing.T) {
	g := MustGrid(5, 5)
	for i := 0; i < g.Len(); i++ {
		if p := g.Point(i); p.X != 2 && p.Y != 2 {
			g.SetOpen(p, false)
		}
	}
	var c Components
	c.Build(g)
	centre := int32(g.Index(image.Pt(2, 2)))
	end := int32(g.Index(image.Pt(0, 2)))
	for k, want := range []int{4, 1, 4, 1} {
		open := k%2 == 1
		g.SetOpen(image.Pt(2, 2), open)
		g.SetOpen(image.Pt(0, 2), open) // the arm's end goes and comes with it
		c.Update(g, []int32{end, centre, end})
		var f Components
		f.Build(g)
		if err := samePartition(g, &c, &f); err != nil {
			t.Fatalf("edit %d: %v", k, err)
		}
		if c.Count() != want {
			t.Fatalf("edit %d: %d components, want %d", k, c.Count(), want)
		}
		if err := compBooks(&c); err != nil {
			t.Fatalf("edit %d: %v", k, err)
		}
	}
}
