package render

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// Regression (a user trial): rooms drawn over their walls (a designer's
// rectangle, a room stroke across a wall, a wall filled inside a room)
// had the walls tinted with the room, so at level 1 the walls looked like
// floor and the wall / floor contrast dropped. The regions layer tints the
// floor only, and an edit of the terrain moves the tint with it: a wall
// filled in a room loses its tint, a wall dug in one gains the room's.
func TestRegionTintsLeaveWallsAlone(t *testing.T) {
	const W, H = 10, 6
	g := pathing.MustGrid(W, H)
	layer := make([]byte, W*H)
	for i := range layer {
		x, y := i%W, i/W
		layer[i] = 'A'
		if x >= 5 {
			layer[i] = 'B'
		}
		// The rooms' walls: the top row and the column between them,
		// both inside the rooms' letters.
		if y == 0 || x == 4 {
			g.SetOpen(image.Pt(x, y), false)
		}
	}
	w := world.New(&maps.Map{Name: "rooms over walls", Grid: g})
	defer w.Close()
	w.Regions = [][]byte{layer}
	r := New()
	cam := &Camera{}
	cam.Fit(W, H, ComputeLayout(1280, 800, true).Map)
	f := &Frame{World: w, Cam: cam, ViewLevel: 1, Layers: LayerSet(0).With(LayerRegions, true)}
	dst := ebiten.NewImage(1280, 800)
	alpha := func(x, y int) byte { return r.regions.pix[4*(y*W+x)+3] }
	check := func(when string) {
		t.Helper()
		for i := range layer {
			x, y := i%W, i/W
			switch a := alpha(x, y); {
			case !w.Grid.Open(image.Pt(x, y)) && a != 0:
				t.Errorf("%s: wall (%d,%d) of room %c tinted (alpha %d)", when, x, y, layer[i], a)
			case w.Grid.Open(image.Pt(x, y)) && a == 0:
				t.Errorf("%s: floor (%d,%d) of room %c not tinted", when, x, y, layer[i])
			}
		}
	}
	r.drawRegions(dst, f)
	check("first bake")
	floorA := r.regions.pix[4*(2*W+2) : 4*(2*W+2)+4]
	wantA := string(floorA)
	// Fill a wall in room A, dig the wall at (4,3) (room A's letter).
	w.BeginStroke(image.Pt(2, 2), 0)
	w.EndStroke()
	w.BeginStroke(image.Pt(4, 3), 0)
	w.EndStroke()
	w.Wait()
	if w.Grid.Open(image.Pt(2, 2)) || !w.Grid.Open(image.Pt(4, 3)) {
		t.Fatal("the strokes did not fill (2,2) and dig (4,3)")
	}
	r.drawRegions(dst, f)
	check("after the edits")
	if got := string(r.regions.pix[4*(3*W+4) : 4*(3*W+4)+4]); got != wantA {
		t.Errorf("wall dug in room A tinted %v, want room A's %v", []byte(got), []byte(wantA))
	}
}
