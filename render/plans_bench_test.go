package render

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// BenchmarkPlansFitted is the plans layer of a long HPA* query on a fitted
// 1024×1024 map of rooms, drawn every frame while the map is panned or the
// timeline plays: a disc on each of the plan's nodes, at every level.
func BenchmarkPlansFitted(b *testing.B) {
	w := roomsWorld(b, 1024)
	l := ComputeLayout(1280, 800, true)
	cam := &Camera{}
	cam.Fit(1024, 1024, l.Map)
	f := &Frame{World: w, Cam: cam, Layout: l, Layers: DefaultLayers.With(LayerPlans, true), ViewLevel: 1}
	dst := ebiten.NewImage(l.Map.Dx(), l.Map.Dy())
	r := New()
	n := 0
	for _, p := range w.Outcome.Plans {
		n += len(p)
	}
	if n < 100 {
		b.Fatalf("plans of %d nodes: the benchmark wants a long query", n)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.drawPlans(dst, f)
	}
	b.StopTimer()
	dst.Clear() // the GPU work of the draws done, as a frame would be
	b.ReportMetric(float64(n), "nodes")
}

// BenchmarkPathFitted is the path polyline of a long query on a fitted
// 1024×1024 map (0.7 px a cell) and zoomed out to 0.12 px a cell (as a
// fitted 8192×64 map is), drawn every frame while the view moves or the
// timeline plays.
func BenchmarkPathFitted(b *testing.B) {
	w := roomsWorld(b, 1024)
	l := ComputeLayout(1280, 800, true)
	dst := ebiten.NewImage(l.Map.Dx(), l.Map.Dy())
	r := New()
	path := w.Outcome.Path
	for _, zoom := range []float64{0, 0.12} {
		cam := &Camera{}
		cam.Fit(1024, 1024, l.Map)
		name := "fitted"
		if zoom > 0 {
			cam.Zoom, name = zoom, "0.12px"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				r.drawPolyline(dst, cam, path, 3, ColPath)
			}
			b.StopTimer()
			dst.Clear()
			b.ReportMetric(float64(len(path)), "cells")
		})
	}
}

// BenchmarkAbstractSearchFitted is the open / closed layer of a long
// group-hierarchy query on a fitted 1024×1024 map: thousands of abstract
// search nodes, each a small square at this zoom.
func BenchmarkAbstractSearchFitted(b *testing.B) {
	w := roomsWorld(b, 1024)
	w.SetAlgo(world.AlgoGroup)
	w.Wait()
	l := ComputeLayout(1280, 800, true)
	cam := &Camera{}
	cam.Fit(1024, 1024, l.Map)
	f := &Frame{World: w, Cam: cam, Layout: l, Layers: DefaultLayers.With(LayerSearch, true), ViewLevel: 1}
	dst := ebiten.NewImage(l.Map.Dx(), l.Map.Dy())
	r := New()
	r.drawAbstractSearch(dst, f)
	if len(r.searchNodes) < 1000 {
		b.Fatalf("%d search nodes in view: the benchmark wants a long search", len(r.searchNodes))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.drawAbstractSearch(dst, f)
	}
	b.StopTimer()
	dst.Clear()
	b.ReportMetric(float64(len(r.searchNodes)), "nodes")
}
