package render

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// bigHPAWorld returns a session on a 2048×2048 map (random512-10-0 from
// PATHLENS_MAPS tiled 4×4, else 10 % random walls) with a cluster-8,
// four-level HPA* hierarchy built.
func bigHPAWorld(b *testing.B) *world.World {
	b.Helper()
	const n = 2048
	g := pathing.MustGrid(n, n)
	terrain := make([]byte, n*n)
	for i := range terrain {
		terrain[i] = '.'
	}
	var tile *maps.Map
	if dir := os.Getenv("PATHLENS_MAPS"); dir != "" {
		if fh, err := os.Open(filepath.Join(dir, "random512-10-0.map")); err == nil {
			tile, _ = maps.ReadMovingAI(fh, "random512-10-0")
			fh.Close()
		}
	}
	seed := uint32(7)
	for y := range n {
		for x := range n {
			wall := false
			if tile != nil {
				wall = !tile.Grid.Open(image.Pt(x%tile.Grid.Width(), y%tile.Grid.Height()))
			} else {
				seed = seed*1664525 + 1013904223
				wall = seed>>24 < 26
			}
			if wall {
				g.SetOpen(image.Pt(x, y), false)
				terrain[y*n+x] = '@'
			}
		}
	}
	w := world.New(&maps.Map{Name: "big", Grid: g, Terrain: terrain})
	b.Cleanup(w.Close)
	w.Settings.Algo = world.AlgoHPA
	w.Settings.ClusterSize = 8
	w.Settings.Levels = 4
	a, _ := g.NearestOpen(image.Pt(1, 1), 64)
	z, _ := g.NearestOpen(image.Pt(n-2, n-2), 64)
	w.SetEndpoints(a, z)
	w.Wait()
	if w.Hierarchy() == nil {
		b.Fatal("no hierarchy")
	}
	return w
}

// BenchmarkLevelIndex2048 is the spatial index of level 1's nodes and
// edges built on a 2048×2048 map with a cluster-8, four-level HPA*
// hierarchy (4.3 million edges), as the first frame zoomed in with the
// nodes layer on, or the first after a repair, builds it: the level's view
// listed already (Inspect, untimed), twice in a row, so the second build
// reuses the first's arrays as a rebuild after a repair does.
func BenchmarkLevelIndex2048(b *testing.B) {
	w := bigHPAWorld(b)
	h := w.Hierarchy()
	h.Inspect(1)
	f := &Frame{World: w, ViewLevel: 1}
	r := New()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.levelIx.key = nil // as a repair's new RepairSeq does
		r.index(f, h, 1)
	}
}
