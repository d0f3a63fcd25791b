package render

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"testing"
	"time"

	"pathlens/game/world"
	"pathlens/internal/cputime"
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

// BenchmarkLevelIndex2048 is the spatial index of all of level 1's nodes
// and edges built on a 2048×2048 map with a cluster-8, four-level HPA*
// hierarchy (4.3 million edges), as the first frame zoomed in with the
// nodes layer on, or the first after a repair, built it before the index
// listed only the level's part around the view: the level's view listed
// already (Inspect, untimed), twice in a row, so the second build reuses
// the first's arrays as a rebuild after a repair does.
func BenchmarkLevelIndex2048(b *testing.B) {
	w := bigHPAWorld(b)
	h := w.Hierarchy()
	h.Inspect(1)
	f := &Frame{World: w, ViewLevel: 1}
	r := New()
	r.wholeLevels = true
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.levelIx.key = nil // as a repair's new RepairSeq does
		r.index(f, h, 1, w.Grid.Bounds())
	}
}

// BenchmarkFirstZoom2048 is the nodes and edges layers' work on the frame
// that first zooms in far enough to show level 1 of a cluster-8, four-level
// HPA* hierarchy on a 2048×2048 map (4.3 million edges): the level listed
// and indexed for a 1280×800 view centred on the map, at 1.5 px a cell
// (the clusters 12 px wide, the least at which a frame lists the level,
// for the counts of the notes) and at 6 (the edges drawn). "whole" lists
// the whole level, as frames did before the index listed only the part
// around the view ("area"); each is listed afresh (Inspect's cache
// dropped). cpu-ms/op is the process's CPU time.
func BenchmarkFirstZoom2048(b *testing.B) {
	w := bigHPAWorld(b)
	h := w.Hierarchy()
	for _, zoom := range []float64{1.5, 6} {
		cam := Camera{Zoom: zoom}
		cam.OffX, cam.OffY = 640-1024*zoom, 400-1024*zoom
		need := cam.Visible(w.Grid.Width(), w.Grid.Height(), image.Rect(0, 0, 1280, 800)).Inset(-1).Intersect(w.Grid.Bounds())
		for _, whole := range []bool{true, false} {
			name := fmt.Sprintf("zoom%g/area", zoom)
			if whole {
				name = fmt.Sprintf("zoom%g/whole", zoom)
			}
			b.Run(name, func(b *testing.B) {
				f := &Frame{World: w, ViewLevel: 1, Cam: &cam}
				r := New()
				r.wholeLevels = whole
				var cpu time.Duration
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					world.DropLevelViews(h)
					r.levelIx = levelIndex{}
					c0, _ := cputime.Process()
					ix := r.index(f, h, 1, need)
					c1, _ := cputime.Process()
					cpu += c1 - c0
					if _, e := ix.count(need); e == 0 {
						b.Fatal("no edges in view")
					}
				}
				b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
			})
		}
	}
}

// BenchmarkEditInView2048 is a one-cell wall set and undone again near
// the middle of a 2048×2048 map (cluster-8, four-level HPA*), followed
// each time by the index the next frame at 6 px a cell needs: "whole"
// lists the whole level once, then the hierarchy patches that listing at
// every repair (Update's patchViews: a pass over the level's 4.3 million
// edges) and the index takes in all of it again, as before the index
// listed only the part around the view ("area"), which lists that part
// again. The edit, its repair and the indexes are timed; cpu-ms/op is
// the process's CPU time per edit.
func BenchmarkEditInView2048(b *testing.B) {
	w := bigHPAWorld(b)
	h := w.Hierarchy()
	cam := Camera{Zoom: 6}
	cam.OffX, cam.OffY = 640-1024*6, 400-1024*6
	need := cam.Visible(w.Grid.Width(), w.Grid.Height(), image.Rect(0, 0, 1280, 800)).Inset(-1).Intersect(w.Grid.Bounds())
	p, ok := w.Grid.NearestOpen(image.Pt(1027, 1021), 16)
	if !ok {
		b.Fatal("no open cell")
	}
	for _, whole := range []bool{true, false} {
		name := "area"
		if whole {
			name = "whole"
		}
		b.Run(name, func(b *testing.B) {
			world.DropLevelViews(h)
			r := New()
			r.wholeLevels = whole
			f := &Frame{World: w, ViewLevel: 1, Cam: &cam}
			r.index(f, h, 1, need)
			var cpu time.Duration
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				c0, _ := cputime.Process()
				w.BeginStroke(p, 0)
				w.EndStroke()
				w.Wait()
				r.index(f, h, 1, need)
				w.Undo()
				w.Wait()
				r.index(f, h, 1, need)
				c1, _ := cputime.Process()
				cpu += c1 - c0
			}
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N)/2, "cpu-ms/op")
		})
	}
}
