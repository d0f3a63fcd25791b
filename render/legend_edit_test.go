package render

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// Regression (a designer's session on 8room_000): walls painted in the
// corner next to the legend's made that corner the one with the fewest
// open cells, and the legend jumped onto them as the stroke ended: the
// walls just painted were hidden under it. The cells of the last edit now
// count as the answer does: the legend keeps off them when another corner
// is free of them.
func TestLegendKeepsOffTheCellsJustPainted(t *testing.T) {
	const W, H = 1280, 800
	lay := ComputeLayout(W, H, true)
	screen := ebiten.NewImage(W, H)
	w := builtinWorld(t, world.AlgoAStar)
	cam := &Camera{}
	cam.Fit(w.Grid.Width(), w.Grid.Height(), lay.Map)
	f := &Frame{World: w, Cam: cam, Layout: lay, Layers: DefaultLayers, Legend: appLegend(DefaultLayers)}
	r := New()
	r.drawLegend(screen, f)
	box := r.LegendRect()
	k0 := cornerOf(box, lay.Map)
	m := lay.Map
	p := legendPad
	corners := [4]image.Rectangle{
		image.Rect(m.Min.X+p, m.Max.Y-p-box.Dy(), m.Min.X+p+box.Dx(), m.Max.Y-p),
		image.Rect(m.Min.X+p, m.Min.Y+p, m.Min.X+p+box.Dx(), m.Min.Y+p+box.Dy()),
		image.Rect(m.Max.X-p-box.Dx(), m.Min.Y+p, m.Max.X-p, m.Min.Y+p+box.Dy()),
		image.Rect(m.Max.X-p-box.Dx(), m.Max.Y-p-box.Dy(), m.Max.X-p, m.Max.Y-p),
	}
	tried := 0
	for k, c := range corners {
		if k == k0 {
			continue
		}
		// Fill the open cells under corner k, away from the query, as
		// one edit (a stroke there).
		var e world.Edit
		e.Kind = world.EditFill
		keep := map[image.Point]bool{w.Start: true, w.Goal: true}
		for _, q := range w.Outcome.Path {
			keep[q] = true
		}
		for y := c.Min.Y; y < c.Max.Y; y += 4 {
			for x := c.Min.X; x < c.Max.X; x += 4 {
				q := cam.CellAt(float64(x), float64(y))
				if w.Grid.In(q) && w.Grid.Open(q) && !keep[q] {
					e.Cells = append(e.Cells, world.CellEdit{P: q})
					keep[q] = true
				}
			}
		}
		if len(e.Cells) < 20 {
			continue
		}
		tried++
		w.ApplyEdit(e)
		w.Wait()
		r.drawLegend(screen, f)
		if got := cornerOf(r.LegendRect(), m); got == k {
			t.Errorf("%d cells filled under corner %d: the legend moved from corner %d onto them", len(e.Cells), k, k0)
		}
		w.Undo()
		w.Wait()
		r.drawLegend(screen, f)
	}
	if tried == 0 {
		t.Fatal("no corner with open cells to fill: the test checks nothing")
	}
}
