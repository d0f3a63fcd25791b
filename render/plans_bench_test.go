package render

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
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
