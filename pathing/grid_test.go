package pathing

import (
	"image"
	"math/rand"
	"testing"
)

// NearestOpen returns an open cell at the least Euclidean distance within
// the radius, the first in row order among ties, checked against every
// cell of the square on random grids; false exactly when none is in reach.
func TestNearestOpen(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for round := 0; round < 40; round++ {
		w, h := 1+rng.Intn(12), 1+rng.Intn(12)
		g := MustGrid(w, h)
		density := rng.Float64()
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				if rng.Float64() < density {
					g.SetOpen(image.Pt(x, y), false)
				}
			}
		}
		for _, r := range []int{0, 1, 2, 5, 20} {
			for y := -2; y < h+2; y++ {
				for x := -2; x < w+2; x++ {
					p := image.Pt(x, y)
					want, wd, ok := image.Point{}, -1, false
					for qy := p.Y - r; qy <= p.Y+r; qy++ {
						for qx := p.X - r; qx <= p.X+r; qx++ {
							q := image.Pt(qx, qy)
							d := (qx-x)*(qx-x) + (qy-y)*(qy-y)
							if d <= r*r && g.Open(q) && (!ok || d < wd) {
								want, wd, ok = q, d, true
							}
						}
					}
					got, gok := g.NearestOpen(p, r)
					if gok != ok || ok && got != want {
						t.Fatalf("round %d, r %d, %v: got %v %v, want %v %v", round, r, p, got, gok, want, ok)
					}
				}
			}
		}
	}
}

// Regression (review): a whole-map search must reach the far corner; the
// agents asked for max(w,h), a Euclidean radius short of the diagonal, and
// an agent on a nearly full map stopped as walled in though a cell was open.
func TestNearestOpenReachesTheFarCorner(t *testing.T) {
	g := MustGrid(10, 10)
	for y := 0; y < 10; y++ {
		for x := 0; x < 10; x++ {
			g.SetOpen(image.Pt(x, y), x == 9 && y == 9)
		}
	}
	if q, ok := g.NearestOpen(image.Pt(0, 0), 20); !ok || q != image.Pt(9, 9) {
		t.Errorf("got %v %v, want (9,9)", q, ok)
	}
	if _, ok := g.NearestOpen(image.Pt(0, 0), 12); ok {
		t.Error("found a cell 12.7 away within radius 12")
	}
}

func BenchmarkNearestOpen(b *testing.B) {
	g := MustGrid(512, 512)
	for y := 200; y < 312; y++ {
		for x := 200; x < 312; x++ {
			g.SetOpen(image.Pt(x, y), false)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := g.NearestOpen(image.Pt(256, 256), 512); !ok {
			b.Fatal("none found")
		}
	}
}

// CopyFrom makes a grid the same as another of its size, open count
// included (kept, not walked), and refuses another size.
func TestCopyFrom(t *testing.T) {
	src := MustGrid(5, 3)
	src.SetOpen(image.Pt(1, 1), false)
	src.SetWeight(image.Pt(4, 2), 7)
	dst := MustGrid(5, 3)
	dst.SetOpen(image.Pt(0, 0), false)
	dst.CopyFrom(src)
	if !dst.Equal(src) || dst.OpenCount() != src.OpenCount() || dst.OpenCount() != 14 {
		t.Errorf("copied: equal %v, open %d (source %d)", dst.Equal(src), dst.OpenCount(), src.OpenCount())
	}
	defer func() {
		if recover() == nil {
			t.Error("a 5×3 grid copied into a 3×5 one")
		}
	}()
	MustGrid(3, 5).CopyFrom(src)
}

func TestVersionCountsChanges(t *testing.T) {
	g := MustGrid(4, 3)
	p := image.Pt(1, 1)
	steps := []struct {
		name    string
		write   func()
		changes bool
	}{
		{"SetOpen false", func() { g.SetOpen(p, false) }, true},
		{"SetOpen false again", func() { g.SetOpen(p, false) }, false},
		{"SetOpen true", func() { g.SetOpen(p, true) }, true},
		{"SetWeight 3", func() { g.SetWeight(p, 3) }, true},
		{"SetWeight 3 again", func() { g.SetWeight(p, 3) }, false},
		{"SetWeight outside", func() { g.SetWeight(image.Pt(9, 9), 0) }, false},
		{"SetCells", func() { g.SetCells(make([]uint8, g.Len())) }, true},
		{"Recount", func() { g.Cells()[0] = 1; g.Recount() }, true},
		{"CopyFrom", func() { g.CopyFrom(MustGrid(4, 3)) }, true},
	}
	for _, s := range steps {
		v := g.Version()
		s.write()
		if moved := g.Version() != v; moved != s.changes {
			t.Errorf("%s: version moved %v, want %v", s.name, moved, s.changes)
		}
	}
}
