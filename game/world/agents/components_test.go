package agents

import (
	"image"
	"math/rand"
	"testing"

	"pathlens/pathing"
)

// samePartition reports whether two labellings put the same cells
// together (walls -1 in both).
func samePartition(a, b []int32) bool {
	ab, ba := map[int32]int32{}, map[int32]int32{}
	for i := range a {
		if (a[i] < 0) != (b[i] < 0) {
			return false
		}
		if a[i] < 0 {
			continue
		}
		if x, ok := ab[a[i]]; ok && x != b[i] {
			return false
		}
		if x, ok := ba[b[i]]; ok && x != a[i] {
			return false
		}
		ab[a[i]], ba[b[i]] = b[i], a[i]
	}
	return true
}

// The labels patched after each change (digs, fills, weights, several
// cells at once) must put together the cells a fresh labelling does.
func TestComponentsPatchedLikeFresh(t *testing.T) {
	g := pathing.MustGrid(40, 30)
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < g.Len(); i++ {
		g.SetOpen(g.Point(i), rng.Intn(10) >= 3)
	}
	s := New(g, NewAStar(g, AStarConfig{}), Config{})
	s.components()
	var lb pathing.ComponentLabeler
	for step := 0; step < 3000; step++ {
		var cells []image.Point
		for k := 1 + rng.Intn(4); k > 0; k-- {
			p := image.Pt(rng.Intn(40), rng.Intn(30))
			if k > 1 && len(cells) > 0 && rng.Intn(2) == 0 {
				p = cells[len(cells)-1].Add(image.Pt(rng.Intn(3)-1, rng.Intn(3)-1)) // a stroke's line
			}
			if !g.In(p) {
				continue
			}
			switch rng.Intn(5) {
			case 0, 1:
				g.SetWeight(p, 0)
			case 2, 3:
				g.SetWeight(p, 1)
			default:
				if g.Open(p) {
					g.SetWeight(p, uint8(2+rng.Intn(5)))
				}
			}
			cells = append(cells, p)
		}
		s.CellsChanged(cells)
		if s.compDirty {
			t.Fatalf("step %d: changing %v left the labels to be made again", step, cells)
		}
		// The labels are patched from step to step, never made afresh:
		// a mistake stays and is caught.
		got := s.components()
		want, _ := lb.Label(g, nil)
		if !samePartition(got, want) {
			t.Fatalf("step %d: changing %v, the patched labels put cells together differently from a fresh labelling", step, cells)
		}
	}
}

// BenchmarkReachableAfterEdit is an agent's reachability check after a
// one-cell edit on a 2048×2048 open map: a fill and a dig in turn, not
// splitting anything.
func BenchmarkReachableAfterEdit(b *testing.B) {
	g := pathing.MustGrid(2048, 2048)
	s := New(g, NewAStar(g, AStarConfig{}), Config{})
	a, z := image.Pt(1, 1), image.Pt(2040, 2040)
	s.Reachable(a, z)
	p := image.Pt(1000, 1000)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.SetWeight(p, uint8(i%2))
		s.CellsChanged([]image.Point{p})
		if !s.Reachable(a, z) {
			b.Fatal("unreachable")
		}
	}
}

// BenchmarkReachableAfterSplit is an agent's reachability check after the
// edit that closes (even ops) or opens again (odd ops) the eight-cell gap
// of a wall down the middle of an open 512×512 map: every edit splits the
// map into halves or joins them.
func BenchmarkReachableAfterSplit(b *testing.B) {
	g := pathing.MustGrid(512, 512)
	var gap []image.Point
	for y := 0; y < 512; y++ {
		if p := image.Pt(256, y); y >= 252 && y < 260 {
			gap = append(gap, p)
		} else {
			g.SetOpen(p, false)
		}
	}
	s := New(g, NewAStar(g, AStarConfig{}), Config{})
	a, z := image.Pt(1, 1), image.Pt(500, 500)
	s.Reachable(a, z)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		open := i%2 == 1
		for _, p := range gap {
			g.SetOpen(p, open)
		}
		s.CellsChanged(gap)
		if s.Reachable(a, z) != open {
			b.Fatalf("op %d: reachable %v", i, !open)
		}
	}
}
