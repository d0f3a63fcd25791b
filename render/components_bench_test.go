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
	w := noiseWorld(b, n, 3)
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
		w.ApplyEdit(e)           // a new grid version: labels and the bake again
		r.drawComponents(dst, f) // starts the labelling (in the background on this map)
		w.Wait()                 // the labels in, as a later frame takes them
		r.drawComponents(dst, f)
		if k, _ := r.comps.key.(compKey); k.v != w.GridVersion() {
			b.Fatal("the layer was not baked for the edited grid")
		}
	}
}

// noiseWorld is a session on an n×n map whose cells are walls tenths
// times in ten, at random (seed 1), closed when the benchmark ends.
func noiseWorld(b *testing.B, n, tenths int) *world.World {
	g, err := pathing.NewGrid(n, n)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewSource(1))
	terrain := make([]byte, n*n)
	for i := range terrain {
		terrain[i] = '.'
		if rng.Intn(10) < tenths {
			terrain[i] = '#'
			g.SetOpen(g.Point(i), false)
		}
	}
	w := world.New(&maps.Map{Name: "noise", Grid: g, Terrain: terrain})
	b.Cleanup(w.Close)
	return w
}
