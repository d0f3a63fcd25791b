package render

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// BenchmarkNodesDuringStroke is a frame of a dig stroke zoomed in on a
// 1024×1024 map of rooms with HPA* and the nodes layer: one mouse move
// (the stroke defers its repairs, their cost being over the budget) and
// the nodes drawn. The spatial index of the level's nodes and edges was
// keyed on the grid's version, so every painted cell listed all of them
// again (a million edges) although the hierarchy had not changed.
func BenchmarkNodesDuringStroke(b *testing.B) {
	const n = 1024
	w := roomsWorld(b, n)
	l := ComputeLayout(1280, 800, true)
	cam := &Camera{}
	cam.Fit(n, n, l.Map)
	cam.ZoomAt(float64(l.Map.Min.X+l.Map.Dx()/2), float64(l.Map.Min.Y+l.Map.Dy()/2), 14/cam.Zoom)
	f := &Frame{World: w, Cam: cam, Layout: l, Layers: DefaultLayers.With(LayerNodes, true), ViewLevel: 1}
	r := New()
	dst := ebiten.NewImage(l.Map.Dx(), l.Map.Dy())
	strokeFrames(b, w, n, func() { r.drawNodes(dst, f) })
}

// strokeFrames draws a frame (draw) once, then paints a fill stroke
// across the room interiors of roomsWorld's map, one mouse move and one
// frame per b.N; its first moves, untimed, repair live until one is over
// the budget.
func strokeFrames(b *testing.B, w *world.World, n int, draw func()) {
	draw()
	y := 24*21 + 5
	w.BeginStroke(image.Pt(24*21+1, y), 0)
	for x := 24*21 + 2; x < 24*21+12; x++ {
		w.StrokeTo(image.Pt(x, y))
	}
	x := 24*21 + 12
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if x%24 == 0 || x%24 > 20 {
			x++
			continue
		}
		w.StrokeTo(image.Pt(x, y))
		draw()
		x++
		if x >= n-2 {
			x = 2
			y++
		}
	}
	b.StopTimer()
	w.EndStroke()
}

// roomsWorld returns a session on an n×n map of 24×24 rooms (a four-cell
// door in the middle of each wall) with HPA* built and a query planned.
func roomsWorld(b *testing.B, n int) *world.World {
	b.Helper()
	g, err := pathing.NewGrid(n, n)
	if err != nil {
		b.Fatal(err)
	}
	terrain := []byte(strings.Repeat(".", n*n))
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			door := x%24 >= 10 && x%24 < 14 || y%24 >= 10 && y%24 < 14
			if (x%24 == 0 || y%24 == 0) && !door {
				g.SetOpen(image.Pt(x, y), false)
				terrain[y*n+x] = '@'
			}
		}
	}
	w := world.New(&maps.Map{Name: "rooms", Grid: g, Terrain: terrain})
	b.Cleanup(w.Close)
	w.Settings.Algo = world.AlgoHPA
	w.SetEndpoints(image.Pt(5, 5), image.Pt(n-5, n-5))
	w.Wait()
	if w.Hierarchy() == nil {
		b.Fatal("no hierarchy")
	}
	return w
}

// BenchmarkFittedStructure is the borders, nodes and edges layers drawn
// for the first time on a fitted 1024×1024 map of rooms with HPA*, where
// the clusters are too small on screen for nodes or edges: they asked the
// hierarchy for its whole level views (every edge listed, and indexed)
// only to read the cluster size, a stall of seconds and hundreds of MB on
// a 2048×2048 map.
func BenchmarkFittedStructure(b *testing.B) {
	l := ComputeLayout(1280, 800, true)
	cam := &Camera{}
	cam.Fit(1024, 1024, l.Map)
	f := &Frame{Cam: cam, Layout: l, Layers: DefaultLayers.With(LayerNodes, true).With(LayerEdges, true).With(LayerBorders, true), ViewLevel: 1}
	dst := ebiten.NewImage(l.Map.Dx(), l.Map.Dy())
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		f.World = roomsWorld(b, 1024) // a fresh hierarchy: no level listed yet
		b.StartTimer()
		r := New()
		r.drawBorders(dst, f)
		r.drawNodes(dst, f)
		r.drawEdges(dst, f)
	}
}

// BenchmarkGroupsDuringStroke is a frame of a stroke on a fitted
// 1024×1024 map of rooms with HPA* and the groups layer: one mouse move
// (its repair deferred to the stroke's end, the repairs being over the
// budget) and the cluster tint drawn. The tint was baked again, every
// cell's cluster and hue, at every move, though no cluster changed.
func BenchmarkGroupsDuringStroke(b *testing.B) {
	const n = 1024
	w := roomsWorld(b, n)
	l := ComputeLayout(1280, 800, true)
	cam := &Camera{}
	cam.Fit(n, n, l.Map)
	f := &Frame{World: w, Cam: cam, Layout: l, Layers: DefaultLayers.With(LayerGroups, true), ViewLevel: 1}
	r := New()
	dst := ebiten.NewImage(l.Map.Dx(), l.Map.Dy())
	strokeFrames(b, w, n, func() { r.drawGroups(dst, f) })
}

// BenchmarkEdgesFocus is a frame of the edges layer on a 1024×1024 map of
// rooms with HPA*, level 1, with every edge alike (all) and with a pinned
// cell's cluster in focus (pinned: its edges bright on a halo, the rest
// faint): at 14 px a cell, where the view's edges are drawn, and at 3 px,
// where they are too many and only the focus's are. The focus must cost
// no frame: a lookup of the cell's cluster and a pass over the buckets
// near it, nothing allocated.
func BenchmarkEdgesFocus(b *testing.B) {
	const n = 1024
	w := roomsWorld(b, n)
	l := ComputeLayout(1280, 800, true)
	dst := ebiten.NewImage(l.Map.Dx(), l.Map.Dy())
	for _, zoom := range []float64{14, 3} {
		cam := &Camera{}
		cam.Fit(n, n, l.Map)
		mx, my := float64(l.Map.Min.X+l.Map.Dx()/2), float64(l.Map.Min.Y+l.Map.Dy()/2)
		cam.ZoomAt(mx, my, zoom/cam.Zoom)
		pin := cam.CellAt(mx, my)
		for _, pinned := range []bool{false, true} {
			name := fmt.Sprintf("%gpx/all", zoom)
			if pinned {
				name = fmt.Sprintf("%gpx/pinned", zoom)
			}
			b.Run(name, func(b *testing.B) {
				f := &Frame{World: w, Cam: cam, Layout: l, Layers: DefaultLayers.With(LayerEdges, true), ViewLevel: 1,
					Pinned: pin, HasPinned: pinned}
				r := New()
				r.drawEdges(dst, f) // the level's index
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					r.edgesDrawn, r.edgesLit, r.notes = 0, 0, r.notes[:0]
					r.drawEdges(dst, f)
				}
				b.StopTimer()
				b.ReportMetric(float64(r.edgesDrawn), "edges")
				b.ReportMetric(float64(r.edgesLit), "bright")
			})
		}
	}
}
