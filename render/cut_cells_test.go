package render

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
)

// A level designer asked where a map's chokepoints are and could find them
// only by filling cells until the components layer changed colour. The
// components layer now marks cut cells, stronger the more they cut off,
// and the inspector says how many cells filling one cuts off, while the
// layer is on and for the grid as drawn.
func TestComponentsLayerMarksCutCells(t *testing.T) {
	m, err := maps.ReadASCII(strings.NewReader(strings.Join([]string{
		"...#.....",
		"...#.....",
		".........",
		"...#....#",
		"...#.....",
	}, "\n")), "rooms.txt")
	if err != nil {
		t.Fatal(err)
	}
	w := world.New(m)
	r := New()
	cam := &Camera{}
	cam.Fit(9, 5, ComputeLayout(1280, 800, true).Map)
	f := &Frame{World: w, Cam: cam, Layers: LayerSet(0).With(LayerComponents, true)}
	r.drawComponents(ebiten.NewImage(1280, 800), f)
	at := func(x, y int) color.RGBA {
		i := 4 * (y*9 + x)
		p := r.comps.pix
		return color.RGBA{p[i], p[i+1], p[i+2], p[i+3]}
	}
	premulOf := func(c color.RGBA) color.RGBA {
		b := make([]byte, 4)
		premul(b, c)
		return color.RGBA{b[0], b[1], b[2], b[3]}
	}
	door, room, nook := image.Pt(3, 2), image.Pt(1, 1), image.Pt(7, 3)
	if got, want := at(door.X, door.Y), premulOf(cutColour(15)); got != want {
		t.Errorf("door %v drawn %v, want %v (cuts off 15)", door, got, want)
	}
	if got := at(room.X, room.Y); got == at(door.X, door.Y) || got.A == 0 {
		t.Errorf("room cell drawn %v like the door", got)
	}
	if n := r.cutOff(f, door); n != 15 {
		t.Errorf("inspector: the door cuts off %d, want 15 (the left room)", n)
	}
	if n := r.cutOff(f, room); n != 0 {
		t.Errorf("inspector: a room cell cuts off %d", n)
	}
	if a, b := cutColour(1).A, cutColour(64).A; a >= b {
		t.Errorf("a nook's mark (alpha %d) is as strong as a door's (%d)", a, b)
	}
	_ = nook
	if got := cutOffText(1); got != "filling it cuts off 1 cell" {
		t.Errorf("%q", got)
	}
	if got := cutOffText(1200); got != "filling it cuts off 1,200 cells" {
		t.Errorf("%q", got)
	}
	// Off, or for another version of the grid: nothing is claimed.
	if n := r.cutOff(&Frame{World: w, Cam: cam}, door); n != 0 {
		t.Errorf("layer off: cuts off %d", n)
	}
	w.BeginStroke(image.Pt(0, 0), 0)
	w.StrokeTo(image.Pt(0, 0))
	w.EndStroke()
	if n := r.cutOff(f, door); n != 0 {
		t.Errorf("after an edit, before the layer redraws: cuts off %d", n)
	}
}
