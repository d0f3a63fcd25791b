package world

import (
	"image"
	"testing"

	"pathlens/assets"
)

// NearestOpen returns an open cell at the least distance within the
// radius (checked against every cell of the square), and false exactly
// when there is none.
func TestNearestOpen(t *testing.T) {
	w, err := Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	for _, r := range []int{0, 1, 3} {
		for y := -1; y <= w.Grid.Height(); y++ {
			for x := -1; x <= w.Grid.Width(); x++ {
				p := image.Pt(x, y)
				best := -1
				for dy := -r; dy <= r; dy++ {
					for dx := -r; dx <= r; dx++ {
						d := dx*dx + dy*dy
						if d <= r*r && w.Grid.Open(p.Add(image.Pt(dx, dy))) && (best < 0 || d < best) {
							best = d
						}
					}
				}
				q, ok := w.NearestOpen(p, r)
				if ok != (best >= 0) {
					t.Fatalf("r %d, %v: ok %v, want %v", r, p, ok, best >= 0)
				}
				if ok {
					d := (q.X-p.X)*(q.X-p.X) + (q.Y-p.Y)*(q.Y-p.Y)
					if !w.Grid.Open(q) || d != best {
						t.Fatalf("r %d, %v: got %v (distance² %d, open %v), want distance² %d", r, p, q, d, w.Grid.Open(q), best)
					}
				}
			}
		}
	}
}
