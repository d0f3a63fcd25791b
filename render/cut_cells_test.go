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

// A review found the layer baked by grid version alone: another map of the
// same size opens at version 0 too, and showed the first map's tints and
// cut cells (which the inspector, checking the grid, then denied). The
// bake follows the grid; and while a stroke is painted no cut cells are
// marked (every mouse move would search the whole map again).
func TestComponentsLayerFollowsTheGridAndSkipsCutsWhilePainting(t *testing.T) {
	read := func(rows ...string) *world.World {
		m, err := maps.ReadASCII(strings.NewReader(strings.Join(rows, "\n")), "m.txt")
		if err != nil {
			t.Fatal(err)
		}
		return world.New(m)
	}
	a := read("..#..", ".....", "..#..")
	b := read(".....", ".....", ".....")
	r := New()
	cam := &Camera{}
	cam.Fit(5, 3, ComputeLayout(1280, 800, true).Map)
	layers := LayerSet(0).With(LayerComponents, true)
	screen := ebiten.NewImage(1280, 800)
	door := image.Pt(2, 1)
	r.drawComponents(screen, &Frame{World: a, Cam: cam, Layers: layers})
	if r.cutOff(&Frame{World: a, Cam: cam, Layers: layers}, door) == 0 {
		t.Fatal("map A's door is no cut cell")
	}
	fb := &Frame{World: b, Cam: cam, Layers: layers}
	r.drawComponents(screen, fb)
	i := 4 * (1*5 + 2)
	if got := r.comps.pix[i : i+4]; r.cutGrid != b.Grid || got[3] == 0 || r.cut[5+2] != 0 {
		t.Errorf("map B (open) drawn with map A's bake: pixel %v, cut grid is B's: %v", got, r.cutGrid == b.Grid)
	}
	b.BeginStroke(image.Pt(0, 0), 0)
	b.StrokeTo(image.Pt(1, 0))
	r.drawComponents(screen, fb)
	if r.cutGrid != nil {
		t.Error("cut cells searched again while a stroke is painted")
	}
	b.EndStroke()
	r.drawComponents(screen, fb)
	if r.cutGrid != b.Grid {
		t.Error("no cut cells once the stroke ended")
	}
}
