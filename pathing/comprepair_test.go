package pathing

import (
	"fmt"
	"image"
	"math/rand"
	"testing"
)

// compRandomGrid returns a w×h grid with each cell blocked with
// probability p.
func compRandomGrid(rng *rand.Rand, w, h int, p float64) *Grid {
	g := MustGrid(w, h)
	for i := 0; i < g.Len(); i++ {
		if rng.Float64() < p {
			g.SetOpen(g.Point(i), false)
		}
	}
	return g
}

// samePartition returns how the labels of a differ from b's as a
// partition of the open cells (-1 for blocked cells in both), or how
// their counts of components differ; nil when they do not.
func samePartition(g *Grid, a, b *Components) error {
	m, r := map[int32]int32{}, map[int32]int32{}
	for i, x := range a.Labels() {
		y := b.Labels()[i]
		if (x < 0) != (y < 0) {
			return fmt.Errorf("cell %v labelled %d vs %d", g.Point(i), x, y)
		}
		if x < 0 {
			continue
		}
		if v, ok := m[x]; ok && v != y {
			return fmt.Errorf("components differ at cell %v", g.Point(i))
		}
		if v, ok := r[y]; ok && v != x {
			return fmt.Errorf("components differ at cell %v", g.Point(i))
		}
		m[x], r[y] = y, x
	}
	if a.Count() != b.Count() {
		return fmt.Errorf("%d components vs %d", a.Count(), b.Count())
	}
	return nil
}

// TestComponentsRandom checks the component repair alone against a fresh
// labelling after random batches of one to three toggles on tiny grids.
func TestComponentsRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for round := 0; round < 300; round++ {
		w, h := 3+rng.Intn(8), 3+rng.Intn(8)
		g := compRandomGrid(rng, w, h, 0.3)
		var c Components
		c.Build(g)
		for step := 0; step < 30; step++ {
			var ch []int32
			for k := 1 + rng.Intn(3); k > 0; k-- {
				p := image.Pt(rng.Intn(w), rng.Intn(h))
				g.SetOpen(p, !g.Open(p))
				ch = append(ch, int32(g.Index(p)))
			}
			c.Update(g, ch)
			var f Components
			f.Build(g)
			if err := samePartition(g, &c, &f); err != nil {
				t.Fatalf("round %d step %d, changed %v: %v", round, step, ch, err)
			}
		}
	}
}

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
		g := compRandomGrid(rng, w, h, 0.1+0.3*rng.Float64())
		var c Components
		c.Build(g)
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
			c.Update(g, ch)
			var f Components
			f.Build(g)
			if err := samePartition(g, &c, &f); err != nil {
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

// BenchmarkComponentsPocket closes and reopens the door of a 10×10 room on an
// otherwise open 512×512 map: each fill splits off the room and each dig
// merges it back. The lock-step searches make a split cost about the room's
// size, not the map's; a merge relabels the smaller side.
func BenchmarkComponentsPocket(b *testing.B) {
	g := MustGrid(512, 512)
	// Room interior (100..109)², walls around it, door at (110,105).
	for i := 99; i <= 110; i++ {
		g.SetOpen(image.Pt(i, 99), false)
		g.SetOpen(image.Pt(i, 110), false)
		g.SetOpen(image.Pt(99, i), false)
		g.SetOpen(image.Pt(110, i), false)
	}
	door := image.Pt(110, 105)
	g.SetOpen(door, true)
	var c Components
	c.Build(g)
	idx := []int32{int32(g.Index(door))}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.SetOpen(door, i%2 == 1)
		c.Update(g, idx)
	}
	b.StopTimer()
	if want := 1 + (b.N % 2); c.count != want {
		b.Fatalf("%d components, want %d", c.count, want)
	}
}

// BenchmarkComponentsHalves closes and reopens an eight-cell gap in a wall
// down the middle of an open 512×512 map: each fill (the gap's cells in one
// update, as a stroke's repair gives them) splits the map's one component
// into two halves of 130,560 cells, each dig merges them. Unlike
// BenchmarkComponentsPocket no side is small: a split searches both halves
// until one runs dry and labels it, a merge relabels a half. "split" times
// the fills, "merge" the digs (the other edit restores the map untimed).
func BenchmarkComponentsHalves(b *testing.B) {
	for _, edit := range []string{"split", "merge"} {
		b.Run(edit, func(b *testing.B) {
			g := MustGrid(512, 512)
			var gap []int32
			for y := 0; y < 512; y++ {
				if y >= 252 && y < 260 {
					gap = append(gap, int32(g.Index(image.Pt(256, y))))
					continue
				}
				g.SetOpen(image.Pt(256, y), false)
			}
			var c Components
			c.Build(g)
			set := func(open bool) {
				for _, i := range gap {
					g.SetOpen(g.Point(int(i)), open)
				}
				c.Update(g, gap)
			}
			want := 2 // components after the timed edit
			if edit == "merge" {
				set(false)
				want = 1
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				set(edit == "merge")
				b.StopTimer()
				if c.count != want {
					b.Fatalf("%d components, want %d", c.count, want)
				}
				set(edit != "merge")
				b.StartTimer()
			}
		})
	}
}

// BenchmarkComponentsStroke fills a stroke of 64 cells in one update, as a
// dragged fill brush gives them, across a 512×512 map with a tenth of its
// cells blocked at random (the ground of random512-10-0), then digs it out
// again untimed. On such ground many of a stroke's cells fail the quick
// ring test (an obstacle on one side, the stroke's last cell on the
// other), so from the first of them on the fills go to the lock-step
// search together. Holding back only the cells that fail (the rest tested
// as if those were still open) was tried and measured here: slower, 50–53
// µs against 41–43, as its seeds lie far apart along the stroke and their
// searches take longer to meet than those of every cell's neighbours,
// which touch.
func BenchmarkComponentsStroke(b *testing.B) {
	rng := rand.New(rand.NewSource(7))
	g := compRandomGrid(rng, 512, 512, 0.1)
	var strokes [][]int32
	for s := 0; s < 16; s++ {
		a := image.Pt(64+rng.Intn(320), 64+rng.Intn(384))
		d := []image.Point{{1, 0}, {0, 1}, {1, 1}}[s%3]
		var st []int32
		for p, k := a, 0; k < 64; p, k = p.Add(d), k+1 {
			if g.Open(p) {
				st = append(st, int32(g.Index(p)))
			}
		}
		strokes = append(strokes, st)
	}
	var c Components
	c.Build(g)
	set := func(st []int32, open bool) {
		for _, i := range st {
			g.SetOpen(g.Point(int(i)), open)
		}
		c.Update(g, st)
	}
	want := c.Count()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		st := strokes[i%len(strokes)]
		set(st, false)
		b.StopTimer()
		set(st, true)
		if c.Count() != want {
			b.Fatalf("%d components after a stroke and its undo, want %d", c.Count(), want)
		}
		b.StartTimer()
	}
}
