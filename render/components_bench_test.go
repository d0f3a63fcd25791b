package render

import (
	"image"
	"math/rand"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// BenchmarkComponentsBake is the components layer after a dig on a
// 2048×2048 map with 30 % random walls (tens of thousands of components):
// the session labels the grid again and the layer bakes a tint per cell.
func BenchmarkComponentsBake(b *testing.B) {
	const n = 2048
	g, err := pathing.NewGrid(n, n)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewSource(1))
	terrain := make([]byte, n*n)
	for i := range terrain {
		terrain[i] = '.'
		if rng.Intn(10) < 3 {
			terrain[i] = '#'
			g.SetOpen(g.Point(i), false)
		}
	}
	w := world.New(&maps.Map{Name: "noise", Grid: g, Terrain: terrain})
	b.Cleanup(w.Close)
	l := ComputeLayout(1280, 800, true)
	cam := &Camera{}
	cam.Fit(n, n, l.Map)
	f := &Frame{World: w, Cam: cam, Layout: l, Layers: DefaultLayers.With(LayerComponents, true), ViewLevel: 1}
	r := New()
	dst := ebiten.NewImage(l.Map.Dx(), l.Map.Dy())
	r.drawComponents(dst, f)
	p := image.Pt(n/2, n/2)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e := world.Edit{Kind: world.EditFill, Cells: []world.CellEdit{{P: p, New: pathing.Blocked}}}
		if i%2 == 1 {
			e = world.Edit{Kind: world.EditDig, Cells: []world.CellEdit{{P: p, New: 1}}}
		}
		w.ApplyEdit(e) // a new grid version: labels and the bake again
		r.drawComponents(dst, f)
	}
}
