package render

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// Regression (a user trial): with the view framed on a query after a
// switch (Dijkstra, then A*), the legend took the bottom-left corner over
// the dotted ring of the ghost's search, which the comparison note points
// at ("dotted: where its search stopped"), though the top corners were
// free. The legend keeps off the ghost's ring and path where another
// corner is free, as the message does.
func TestLegendKeepsOffTheGhostsRing(t *testing.T) {
	const n = 160
	w := world.New(&maps.Map{Name: "open", Grid: pathing.MustGrid(n, n)})
	t.Cleanup(w.Close)
	start, goal := image.Pt(40, 45), image.Pt(80, 40)
	if !w.SetEndpoints(start, goal) {
		t.Fatal("endpoints refused")
	}
	w.Wait()
	l := ComputeLayout(1280, 800, true)
	cam := &Camera{}
	cam.Fit(n, n, l.Map)
	cam.Zoom, cam.OffX, cam.OffY = 10, float64(l.Map.Min.X), float64(l.Map.Min.Y) // cells 0.. at the area's top-left: framed
	// The ghost: a Dijkstra fill, a disc of radius 18 about the start,
	// its ring through the bottom-left of the view.
	gh := &world.Ghost{Label: "Dijkstra", Fill: make([]uint64, (n*n+63)/64), Path: []image.Point{start, goal}}
	for y := range n {
		for x := range n {
			if dx, dy := x-start.X, y-start.Y; dx*dx+dy*dy <= 18*18 {
				i := y*n + x
				gh.Fill[i>>6] |= 1 << (uint(i) & 63)
			}
		}
	}
	f := &Frame{World: w, Cam: cam, Layout: l, Layers: DefaultLayers, Legend: appLegend(DefaultLayers)}
	r := New()
	screen := ebiten.NewImage(1280, 800)
	r.drawLegend(screen, f)
	without := r.LegendRect()
	dotsIn := func(box image.Rectangle) int {
		var buf [][2]float32
		buf = ghostDots(cam, w.Grid, gh, cam.Visible(n, n, l.Map), buf)
		k := 0
		for _, d := range buf {
			if image.Pt(int(d[0]), int(d[1])).In(box) {
				k++
			}
		}
		return k
	}
	if without.Empty() || dotsIn(without) == 0 {
		t.Fatalf("without the ghost the legend is at %v, over none of its ring: the test needs it there", without)
	}
	w.Ghost = gh
	r.drawLegend(screen, f)
	box := r.LegendRect()
	if box.Empty() {
		t.Fatal("no legend drawn with the ghost")
	}
	if k := dotsIn(box); k > 0 {
		t.Errorf("the legend %v covers %d dots of the ghost's ring (the top corners are free)", box, k)
	}
	for _, p := range []image.Point{start, goal} {
		x, y := cam.CellCenter(p)
		if image.Pt(int(x), int(y)).In(box) {
			t.Errorf("the legend %v covers %v", box, p)
		}
	}
}
