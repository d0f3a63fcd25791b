package e2e

import (
	"image"
	"image/color"
	"testing"
)

// Regression (a new user): with the start and the goal on one cell the
// goal's disc was drawn whole over the start's, and the S marker could not
// be seen at all. Both colours show now, the start's on the left of the
// goal's, on that cell.
func TestStartOnTheGoalShowsBoth(t *testing.T) {
	shot := shotApp(t)
	img := shot("-from", "10,10", "-to", "10,10")
	// The discs' cores are drawn in their exact colours (render.ColStart,
	// render.ColGoal); the map area is left of the 340 px panel.
	find := func(c color.RGBA) (n int, box image.Rectangle) {
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X-340; x++ {
				if rgba(img.At(x, y)) == c {
					n++
					box = box.Union(image.Rect(x, y, x+1, y+1))
				}
			}
		}
		return n, box
	}
	ns, s := find(color.RGBA{30, 170, 70, 255})
	ng, g := find(color.RGBA{210, 40, 40, 255})
	if ns < 20 || ng < 20 {
		t.Fatalf("start and goal on one cell: %d pixels of the start's colour, %d of the goal's: want both markers seen", ns, ng)
	}
	sc, gc := s.Min.Add(s.Max).Div(2), g.Min.Add(g.Max).Div(2)
	if sc.X >= gc.X || gc.X-sc.X > 20 || max(sc.Y-gc.Y, gc.Y-sc.Y) > 3 {
		t.Errorf("the start's mark at %v and the goal's at %v: want them side by side on the one cell, the start's on the left", s, g)
	}
}
