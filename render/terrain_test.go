package render

import (
	"image"
	"math/rand"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// terrainWorld is a w×h world of every kind of cell: open of weights 1 to
// 9, and walls, trees and water, at random.
func terrainWorld(tb testing.TB, w, h int, seed int64) *world.World {
	tb.Helper()
	g, err := pathing.NewGrid(w, h)
	if err != nil {
		tb.Fatal(err)
	}
	terr := make([]byte, w*h)
	rng := rand.New(rand.NewSource(seed))
	for i := range terr {
		p := g.Point(i)
		switch k := rng.Intn(14); {
		case k < 3:
			terr[i] = "@TW"[k]
			g.SetOpen(p, false)
		default:
			terr[i] = '.'
			g.SetWeight(p, uint8(k-4)) // 1..9 (k 5..13), else 1
			if k < 5 {
				g.SetWeight(p, 1)
			}
		}
	}
	wd := world.New(&maps.Map{Name: "terrain", Grid: g, Terrain: terr})
	tb.Cleanup(wd.Close)
	return wd
}

// wholeTerrain draws w's terrain as it was drawn before its tiles: one
// map-sized image of one pixel a cell through the camera.
func wholeTerrain(dst *ebiten.Image, w *world.World, cam *Camera, weights bool) {
	var c tintCache
	defer c.release()
	g := w.Grid
	c.prepare(g.Width(), g.Height(), nil)
	for i := range g.Len() {
		premul(c.pix[4*i:], cellColor(w, i, weights))
	}
	c.upload()
	c.draw(dst, cam, 1)
}

// pixelsOf reads img's pixels.
func pixelsOf(img *ebiten.Image) []byte {
	b := img.Bounds()
	p := make([]byte, 4*b.Dx()*b.Dy())
	img.ReadPixels(p)
	return p
}

// sameTerrain fails t unless the renderer's terrain, drawn (whole) into a
// fresh image under cam, is the whole-map image's drawing pixel for
// pixel.
func sameTerrain(t *testing.T, at string, r *Renderer, w *world.World, cam *Camera, weights bool) {
	t.Helper()
	const W, H = 320, 240
	got, want := ebiten.NewImage(W, H), ebiten.NewImage(W, H)
	defer got.Deallocate()
	defer want.Deallocate()
	f := &Frame{World: w, Cam: cam, TerrainWhole: true}
	if weights {
		f.Layers = f.Layers.With(LayerWeights, true)
	}
	r.drawTerrain(got, f)
	wholeTerrain(want, w, cam, weights)
	gp, wp := pixelsOf(got), pixelsOf(want)
	if i := firstDiff(gp, wp); i >= 0 {
		x, y := i/4%W, i/4/W
		t.Fatalf("%s (zoom %g, offset %g,%g): pixel (%d,%d) is %v in the tiles' drawing, %v in the whole map's",
			at, cam.Zoom, cam.OffX, cam.OffY, x, y, gp[i&^3:i&^3+4], wp[i&^3:i&^3+4])
	}
}

func firstDiff(a, b []byte) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

// The terrain's tiles draw what the one map-sized image drew, pixel for
// pixel: zoomed out under a pixel a cell, at fractions of a pixel, zoomed
// in, the map's sides no multiple of a tile, the view cutting tiles; and
// again after edits of a few cells (written one by one), of many (their
// tiles baked again), an undo, and the weights layer turned off and on.
func TestTerrainTilesDrawTheWholeMapsPicture(t *testing.T) {
	if !inGameLoop(t) {
		return
	}
	w := terrainWorld(t, 301, 203, 1)
	r := New()
	r.terrain.side = 64
	cams := []Camera{
		{Zoom: 1}, {Zoom: 0.37, OffX: 3.25, OffY: 1.5}, {Zoom: 0.5, OffX: -7, OffY: 11},
		{Zoom: 1.7, OffX: -13.3, OffY: -40.6}, {Zoom: 3, OffX: -150, OffY: -120},
		{Zoom: 7.25, OffX: -430.5, OffY: -1200.75}, {Zoom: 0.8123, OffX: 0.49, OffY: 0.51},
	}
	check := func(at string, weights bool) {
		t.Helper()
		for _, c := range cams {
			sameTerrain(t, at, r, w, &c, weights)
		}
	}
	check("first drawn", true)
	check("weights off", false)
	check("weights on again", true)
	// A few cells: written into the tiles one by one.
	var few world.Edit
	few.Kind = world.EditFill
	for x := 60; x < 70; x++ {
		few.Cells = append(few.Cells, world.CellEdit{P: image.Pt(x, 64)})
	}
	w.ApplyEdit(few)
	r.drawTerrain(ebiten.NewImage(1, 1), &Frame{World: w, Cam: &Camera{Zoom: 1}, Layers: DefaultLayers})
	if r.terrain.written == 0 {
		t.Fatalf("a fill of 10 cells: none written one by one (baked %d)", r.terrain.baked)
	}
	check("10 cells filled", true)
	// Many: their tiles are baked again.
	var many world.Edit
	many.Kind, many.Weight = world.EditWeight, 7
	for y := 10; y < 150; y++ {
		for x := 20; x < 90; x++ {
			many.Cells = append(many.Cells, world.CellEdit{P: image.Pt(x, y)})
		}
	}
	w.ApplyEdit(many)
	check("9800 cells weighed 7", true)
	w.Undo()
	check("undone", true)
}

// A map larger than the frame's budget is baked over several frames, the
// tiles in view only, a note saying how much is drawn, the game told to
// draw again; once baked it is the whole map's picture. A frame a picture
// is taken of (TerrainWhole) bakes what is in view at once.
func TestTerrainBakesInViewWithinTheBudget(t *testing.T) {
	if !inGameLoop(t) {
		return
	}
	w := terrainWorld(t, 500, 330, 2)
	r := New()
	l := &r.terrain
	l.side, l.budget = 64, 3*64*64
	dst := ebiten.NewImage(320, 240)
	// Zoomed in on the top left: the tiles in view alone are baked.
	cam := &Camera{Zoom: 2, OffX: -10, OffY: -10}
	f := &Frame{World: w, Cam: cam, Layers: DefaultLayers}
	frames := 0
	for frames = 1; frames < 100; frames++ {
		r.notes = r.notes[:0]
		r.drawTerrain(dst, f)
		if !r.TerrainPending() {
			break
		}
		if l.baked > l.budget+64*64 || l.baked == 0 {
			t.Fatalf("frame %d baked %d cells, over a budget of %d", frames, l.baked, l.budget)
		}
		if len(r.notes) != 1 || !strings.HasPrefix(r.notes[0], "drawing the terrain: ") {
			t.Fatalf("frame %d with %d cells left to bake: notes %q", frames, l.pending, r.notes)
		}
	}
	vis := cam.Visible(500, 330, dst.Bounds())
	for k, tl := range l.tiles {
		if in := tl.r.Overlaps(vis); in != tl.baked || in != tl.ok {
			t.Fatalf("tile %d %v: in view %v, baked %v, up to date %v", k, tl.r, in, tl.baked, tl.ok)
		}
	}
	if frames < 2 {
		t.Fatalf("the view's %d cells baked in one frame, budget %d", l.inView, l.budget)
	}
	if len(r.notes) != 0 {
		t.Errorf("baked: notes %q", r.notes)
	}
	sameTerrain(t, "zoomed in, baked over frames", r, w, cam, true)
	// The whole map in view, for a picture: baked at once.
	fit := &Camera{Zoom: 0.6}
	r.drawTerrain(dst, &Frame{World: w, Cam: fit, Layers: DefaultLayers, TerrainWhole: true})
	if r.TerrainPending() || l.pending != 0 {
		t.Fatalf("a frame taken as a picture left %d cells to bake", l.pending)
	}
	sameTerrain(t, "the whole map", r, w, fit, true)
}
