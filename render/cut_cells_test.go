package render

import (
	"image"
	"image/color"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// premulOf is c as the tint caches store it.
func premulOf(c color.RGBA) color.RGBA {
	b := make([]byte, 4)
	premul(b, c)
	return color.RGBA{b[0], b[1], b[2], b[3]}
}

// compPixel is the components layer's baked tint of cell (x, y) of a map
// w cells wide; none (zero) while the layer is not baked: a map over
// 256×256 labels its components in the background, and under load the
// first frames draw before the labels are in.
func compPixel(r *Renderer, w, x, y int) color.RGBA {
	i := 4 * (y*w + x)
	p := r.comps.pix
	if i+3 >= len(p) {
		return color.RGBA{}
	}
	return color.RGBA{p[i], p[i+1], p[i+2], p[i+3]}
}

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
	w.ShowCutCells(true) // the game says so every frame while the layer is on
	r := New()
	cam := &Camera{}
	cam.Fit(9, 5, ComputeLayout(1280, 800, true).Map)
	f := &Frame{World: w, Cam: cam, Layers: LayerSet(0).With(LayerComponents, true)}
	screen := ebiten.NewImage(1280, 800)
	r.drawComponents(screen, f)
	at := func(x, y int) color.RGBA { return compPixel(r, 9, x, y) }
	door, room := image.Pt(3, 2), image.Pt(1, 1)
	if got, want := at(door.X, door.Y), premulOf(cutColour(15)); got != want {
		t.Errorf("door %v drawn %v, want %v (cuts off 15)", door, got, want)
	}
	if got := at(room.X, room.Y); got == at(door.X, door.Y) || got.A == 0 {
		t.Errorf("room cell drawn %v like the door", got)
	}
	if n, ok := cutOff(f, door); n != 15 || !ok {
		t.Errorf("inspector: the door cuts off %d (known %v), want 15 (the left room)", n, ok)
	}
	if n, ok := cutOff(f, room); n != 0 || !ok {
		t.Errorf("inspector: a room cell cuts off %d (known %v)", n, ok)
	}
	if a, b := cutColour(1).A, cutColour(64).A; a >= b {
		t.Errorf("a nook's mark (alpha %d) is as strong as a door's (%d)", a, b)
	}
	if got := cutOffText(1); got != "filling it cuts off 1 cell" {
		t.Errorf("%q", got)
	}
	if got := cutOffText(1200); got != "filling it cuts off 1,200 cells" {
		t.Errorf("%q", got)
	}
	// Off, or for another version of the grid: nothing is claimed.
	if _, ok := cutOff(&Frame{World: w, Cam: cam}, door); ok {
		t.Error("layer off: cut cells known")
	}
	w.BeginStroke(image.Pt(0, 0), 0)
	w.StrokeTo(image.Pt(0, 0))
	w.EndStroke()
	if n, ok := cutOff(f, door); ok || n != 0 {
		t.Errorf("after an edit, before the session computed them again: cuts off %d (known %v)", n, ok)
	}
	r.drawComponents(screen, f)
	if got := at(door.X, door.Y); got == premulOf(cutColour(15)) {
		t.Error("after an edit, the door drawn with the earlier grid's mark")
	}
	w.Tick(0)
	r.drawComponents(screen, f)
	if got, want := at(door.X, door.Y), premulOf(cutColour(14)); got != want {
		t.Errorf("the Tick after the edit: door drawn %v, want %v (cuts off 14)", got, want)
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
		w := world.New(m)
		w.ShowCutCells(true)
		return w
	}
	a := read("..#..", ".....", "..#..")
	b := read(".....", ".....", ".....")
	r := New()
	cam := &Camera{}
	cam.Fit(5, 3, ComputeLayout(1280, 800, true).Map)
	layers := LayerSet(0).With(LayerComponents, true)
	screen := ebiten.NewImage(1280, 800)
	door := image.Pt(2, 1)
	fa := &Frame{World: a, Cam: cam, Layers: layers}
	r.drawComponents(screen, fa)
	if n, _ := cutOff(fa, door); n == 0 || compPixel(r, 5, 2, 1) != premulOf(cutColour(n)) {
		t.Fatal("map A's door is no cut cell")
	}
	fb := &Frame{World: b, Cam: cam, Layers: layers}
	r.drawComponents(screen, fb)
	if got := compPixel(r, 5, 2, 1); got.A == 0 || got == premulOf(cutColour(4)) {
		t.Errorf("map B (open) drawn with map A's bake: pixel %v", got)
	}
	if n, ok := cutOff(fb, door); n != 0 || !ok {
		t.Errorf("map B's middle cell cuts off %d (known %v)", n, ok)
	}
	b.BeginStroke(image.Pt(2, 0), 0)
	b.StrokeTo(image.Pt(2, 0))
	b.Tick(0)
	r.drawComponents(screen, fb)
	if _, ok := cutOff(fb, door); ok || b.CutCells() != nil {
		t.Error("cut cells searched again while a stroke is painted")
	}
	b.EndStroke()
	b.BeginStroke(image.Pt(2, 2), 0) // the middle column is a door now
	b.EndStroke()
	b.Tick(0)
	r.drawComponents(screen, fb)
	if n, ok := cutOff(fb, door); !ok || n == 0 || compPixel(r, 5, 2, 1) != premulOf(cutColour(n)) {
		t.Errorf("no cut cell marked once the strokes ended: cuts off %d (known %v)", n, ok)
	}
}

// drawnText returns the strings the components layer's map notes and the
// inspector draw for frame f with cell ci under the mouse.
func drawnText(r *Renderer, f *Frame, ci *world.CellInfo) string {
	var drawn []string
	r.fonts.drawn = &drawn
	defer func() { r.fonts.drawn = nil }()
	r.notes, r.noteBoxes, r.noteRect = r.notes[:0], r.noteBoxes[:0], image.Rectangle{}
	screen := ebiten.NewImage(1280, 800)
	r.drawComponents(screen, f)
	r.drawMapNotes(screen, f)
	f.Inspect = ci
	r.drawInspector(ebiten.NewImage(PanelWidth, 600), f, 10, 10, PanelWidth-20)
	return strings.Join(drawn, " | ")
}

// The drawing thread froze for a second on a 4M-cell map after every edit
// while the components layer was on: it searched the map for cut cells
// itself. Drawing now computes none: a session not asked for them draws
// none; one whose computation is under way (a map over 256×256 computes
// them in the background) draws the components without marks, and says
// it is computing once that has taken CutsNoteAfter (the map note and the
// inspector alike); its result, taken by the session, is drawn.
func TestDrawingComputesNoCutCells(t *testing.T) {
	w := cutsWorld(t, 300)
	g := w.Grid
	want := pathing.CutCells(g, nil)
	cell := slices.IndexFunc(want, func(n int32) bool { return n > 1 })
	p := g.Point(cell)
	r := New()
	cam := &Camera{}
	cam.Fit(300, 300, ComputeLayout(1280, 800, true).Map)
	f := &Frame{World: w, Cam: cam, Layers: LayerSet(0).With(LayerComponents, true)}
	ci := &world.CellInfo{In: true, P: p, Terrain: '.', Weight: 1, Component: 0}
	marked := func() bool { return compPixel(r, 300, p.X, p.Y) == premulOf(cutColour(want[cell])) }

	got := drawnText(r, f, ci)
	if marked() || w.CutCells() != nil {
		t.Fatal("the layer drawn with cut cells the session was not asked for: drawing computed them")
	}
	if strings.Contains(got, "computing") || strings.Contains(got, "cut cell") {
		t.Errorf("not asked for, yet: %s", got)
	}

	// The components' labels first: while they are computed in the
	// background their note is the one shown (under load the test read
	// "components: labelling in the background…" for the cut cells').
	w.Wait()
	w.ShowCutCells(true)
	if _, pending := w.CutCellsPending(); !pending {
		t.Fatal("the test needs the cut cells computed in the background")
	}
	got = drawnText(r, f, ci)
	if marked() {
		t.Fatal("marks drawn before the session took its result")
	}
	if strings.Contains(got, "computing") {
		t.Errorf("the note shown before CutsNoteAfter: %s", got)
	}
	f.CutsAge = CutsNoteAfter + 0.1
	got = drawnText(r, f, ci)
	if !strings.Contains(got, CutsComputingNote) || !strings.Contains(got, "cut cell | computing…") {
		t.Errorf("computing for %.2f s: want the map note and the inspector's row, got %s", f.CutsAge, got)
	}
	f.Layers = f.Layers.With(LayerComponents, false)
	if _, ok := cutOff(f, p); ok || cutsComputing(f) {
		t.Error("layer off: cut cells claimed")
	}
	f.Layers = f.Layers.With(LayerComponents, true)

	w.Wait()
	f.CutsAge = 0
	got = drawnText(r, f, ci)
	if !marked() {
		t.Error("the session's result is not drawn")
	}
	if !strings.Contains(got, "cut cell | "+cutOffText(want[cell])) || strings.Contains(got, "computing") {
		t.Errorf("inspector with the result in: %s", got)
	}
	// Their arrival rewrote only the cut cells' pixels: the bake is a
	// whole one's.
	fresh := New()
	fresh.drawComponents(ebiten.NewImage(1280, 800), f)
	if !slices.Equal(r.comps.pix, fresh.comps.pix) {
		t.Error("the layer with the cut cells patched in differs from a whole bake")
	}
}

// cutsWorld returns a session on an n×n map, a third of its cells walls
// at random.
func cutsWorld(tb testing.TB, n int) *world.World {
	g := pathing.MustGrid(n, n)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < g.Len(); i++ {
		if rng.Float64() < 0.33 {
			g.SetOpen(g.Point(i), false)
		}
	}
	w := world.New(&maps.Map{Name: "cuts", Grid: g})
	tb.Cleanup(w.Close)
	return w
}

// BenchmarkCutCellsArrive is the frame the cut cells of a 512×512 map
// arrive in: the components layer, baked without them, rewrites their
// pixels and uploads the image.
func BenchmarkCutCellsArrive(b *testing.B) {
	w := cutsWorld(b, 512)
	w.ShowCutCells(true)
	w.Wait()
	cut := w.CutCells()
	r := New()
	cam := &Camera{}
	cam.Fit(512, 512, ComputeLayout(1280, 800, true).Map)
	f := &Frame{World: w, Cam: cam, Layers: LayerSet(0).With(LayerComponents, true)}
	screen := ebiten.NewImage(1280, 800)
	r.drawComponents(screen, f)
	without := compKey{w.Grid, w.GridVersion(), false}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.comps.key = without
		r.drawComponents(screen, f)
	}
	b.StopTimer()
	if r.comps.key != (compKey{w.Grid, w.GridVersion(), true}) || cut == nil {
		b.Fatal("the cut cells were not drawn")
	}
}
