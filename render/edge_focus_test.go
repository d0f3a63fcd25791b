package render

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
)

// focusWorld returns the built-in world with algo's hierarchy built and its
// query planned.
func focusWorld(t *testing.T, algo world.Algo, dense bool) *world.World {
	t.Helper()
	w, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	w.Begin()
	w.Settings.Dense = dense
	w.SetAlgo(algo)
	w.Wait()
	if w.Hierarchy() == nil {
		t.Fatal("no hierarchy")
	}
	return w
}

// fittedFrame is a frame of w fitted to a 1280×800 window with the edges
// layer on at view level l, and the legend.
func fittedFrame(w *world.World, l int) *Frame {
	lay := ComputeLayout(1280, 800, true)
	cam := &Camera{}
	cam.Fit(w.Grid.Width(), w.Grid.Height(), lay.Map)
	layers := LayerSet(0).With(LayerWeights, true).With(LayerBorders, true).With(LayerNodes, true).With(LayerEdges, true)
	legend := make([]LegendRow, NumLayers)
	for k := range legend {
		legend[k] = LegendRow{Layer: Layer(k), Keys: strings.ToUpper(layerShort[k][:1]), On: layers.Has(Layer(k))}
	}
	return &Frame{World: w, Cam: cam, Layout: lay, Layers: layers, ViewLevel: l, Legend: legend}
}

// edgesOf counts the edges drawEdges draws of level l's view whose ends
// lie in the groups (HPA*: clusters) in, as GroupOf names them, and all it
// draws: intra edges once, inter edges as listed.
func edgesOf(h world.Hierarchy, l int, in func(e *world.ViewEdge) bool) (lit, all int) {
	v := h.Inspect(l)
	for i := range v.Edges {
		e := &v.Edges[i]
		if e.From > e.To && !e.Inter {
			continue
		}
		all++
		if in(e) {
			lit++
		}
	}
	return lit, all
}

// drawnTexts draws f on screen and returns the texts drawn.
func drawnTexts(r *Renderer, screen *ebiten.Image, f *Frame) string {
	var s []string
	r.fonts.drawn = &s
	r.Draw(screen, f)
	r.fonts.drawn = nil
	return strings.Join(s, " | ")
}

// From a lecturer's report: at level 2 of HPA* on the built-in world the
// edges layer at the fitted zoom drew 8,390 edges alike, a purple mesh in
// which she could not show one cluster's edges on a projector. With a cell
// pinned (the inspect tool, -pin) its level-2 cluster's edges, its intra
// edges and the inter edges leaving it, are drawn bright and the rest
// faint; Shift+E (EdgesAll) draws all alike again, as does a frame with
// nothing pinned or pointed at.
func TestEdgesFocusOnThePinnedCluster(t *testing.T) {
	w := focusWorld(t, world.AlgoHPA, false)
	h := w.Hierarchy()
	r := New()
	screen := ebiten.NewImage(1280, 800)
	for l := 1; l <= h.Levels(); l++ {
		f := fittedFrame(w, l)
		pin := image.Pt(60, 40)
		c := h.GroupOf(l, pin)
		want, all := edgesOf(h, l, func(e *world.ViewEdge) bool { return h.GroupOf(l, e.A) == c || h.GroupOf(l, e.B) == c })
		if want == 0 || want == all {
			t.Fatalf("level %d: cluster %d of %v has %d of the %d edges: the test needs some and not all", l, c, pin, want, all)
		}

		text := drawnTexts(r, screen, f)
		if r.edgesLit != 0 || r.edgesDrawn != all {
			t.Errorf("level %d, nothing pinned: %d edges drawn, %d of them bright; want all %d alike", l, r.edgesDrawn, r.edgesLit, all)
		}
		if !strings.Contains(text, LayerInfo[LayerEdges].Name) {
			t.Errorf("level %d, nothing pinned: the legend does not name %q", l, LayerInfo[LayerEdges].Name)
		}

		f.Pinned, f.HasPinned = pin, true
		text = drawnTexts(r, screen, f)
		if r.edgesLit != want || r.edgesDrawn != all {
			t.Errorf("level %d, %v pinned: %d edges drawn, %d bright; want %d drawn, the %d of %s bright", l, pin, r.edgesDrawn, r.edgesLit, all, want, h.GroupName(l, c))
		}
		if !strings.Contains(text, edgesFocusCluster) {
			t.Errorf("level %d, %v pinned: the legend does not say %q:\n%s", l, pin, edgesFocusCluster, text)
		}

		f.EdgesAll = true
		text = drawnTexts(r, screen, f)
		if r.edgesLit != 0 || r.edgesDrawn != all {
			t.Errorf("level %d, %v pinned, all edges asked for: %d drawn, %d bright; want all %d alike", l, pin, r.edgesDrawn, r.edgesLit, all)
		}
		if !strings.Contains(text, edgesAllName) {
			t.Errorf("level %d, all edges: the legend does not say %q", l, edgesAllName)
		}
	}
}

// The pointer over a cell focuses its cluster as a pin does (the pin wins,
// as in the inspector); over the legend, which hides the cells under it,
// nothing is focused. A wall is in its square cluster too.
func TestEdgesFocusFollowsThePointer(t *testing.T) {
	w := focusWorld(t, world.AlgoHPA, false)
	h := w.Hierarchy()
	r := New()
	screen := ebiten.NewImage(1280, 800)
	const l = 2
	f := fittedFrame(w, l)
	side := world.ClusterSide(h, l)
	point := func(p image.Point) {
		x, y := f.Cam.CellCenter(p)
		f.Hover, f.HoverOK, f.MouseX, f.MouseY, f.MouseOK = p, true, float64(x), float64(y), true
	}
	square := func(p image.Point) func(e *world.ViewEdge) bool {
		k := image.Pt(p.X/side, p.Y/side)
		return func(e *world.ViewEdge) bool {
			return image.Pt(e.A.X/side, e.A.Y/side) == k || image.Pt(e.B.X/side, e.B.Y/side) == k
		}
	}
	drawnTexts(r, screen, f) // places the legend
	legend := r.LegendRect().Inset(-4)
	wall := image.Pt(-1, -1)
	for y := 1; y < w.Grid.Height() && wall.X < 0; y++ {
		for x := 0; x < w.Grid.Width(); x++ {
			sx, sy := f.Cam.CellCenter(image.Pt(x, y))
			if !w.Grid.Open(image.Pt(x, y)) && !image.Pt(int(sx), int(sy)).In(legend) { // clear of the legend
				wall = image.Pt(x, y)
				break
			}
		}
	}
	for _, p := range []image.Point{wall, {60, 40}} {
		point(p)
		if w.Grid.Open(p) != (p == image.Pt(60, 40)) {
			t.Fatalf("%v: the test wants a wall and (60,40) open", p)
		}
		want, _ := edgesOf(h, l, square(p))
		r.Draw(screen, f)
		if want == 0 || r.edgesLit != want {
			t.Errorf("pointer on %v: %d edges bright, want its cluster's %d", p, r.edgesLit, want)
		}
	}
	// A pin elsewhere wins.
	pin := image.Pt(20, 20)
	f.Pinned, f.HasPinned = pin, true
	want, _ := edgesOf(h, l, square(pin))
	r.Draw(screen, f)
	if r.edgesLit != want {
		t.Errorf("pointer on (60,40), %v pinned: %d edges bright, want the pinned cluster's %d", pin, r.edgesLit, want)
	}
	f.HasPinned = false
	// The pointer on the legend: the cell under it is hidden.
	lg := r.LegendRect()
	if lg.Empty() {
		t.Fatal("no legend drawn")
	}
	c := lg.Min.Add(lg.Size().Div(2))
	f.Hover, f.MouseX, f.MouseY = f.Cam.CellAt(float64(c.X), float64(c.Y)), float64(c.X), float64(c.Y)
	if !w.Grid.In(f.Hover) {
		t.Fatalf("the legend's centre %v is over no cell", c)
	}
	r.Draw(screen, f)
	if r.edgesLit != 0 {
		t.Errorf("pointer on the legend (cell %v): %d edges bright, want none", f.Hover, r.edgesLit)
	}
}

// Under the group hierarchy the focus is the group of the pinned cell, at
// every level: the edges from and to its node.
func TestEdgesFocusOnTheGroupHierarchy(t *testing.T) {
	w := focusWorld(t, world.AlgoGroup, false)
	h := w.Hierarchy()
	r := New()
	screen := ebiten.NewImage(1280, 800)
	pin := image.Pt(60, 40)
	for l := 1; l <= h.Levels(); l++ {
		f := fittedFrame(w, l)
		f.Pinned, f.HasPinned = pin, true
		gid := h.GroupOf(l, pin)
		want, all := edgesOf(h, l, func(e *world.ViewEdge) bool { return e.From == gid || e.To == gid })
		if gid < 0 || want == 0 {
			t.Fatalf("level %d: %v is in group %d with %d edges", l, pin, gid, want)
		}
		text := drawnTexts(r, screen, f)
		if r.edgesLit != want || r.edgesDrawn != all {
			t.Errorf("level %d, %v pinned: %d drawn, %d bright; want %d drawn, the %d of %s bright", l, pin, r.edgesDrawn, r.edgesLit, all, want, h.GroupName(l, gid))
		}
		if !strings.Contains(text, edgesFocusGroup) {
			t.Errorf("level %d: the legend does not say %q", l, edgesFocusGroup)
		}
	}
}

// Where the view holds too many edges to draw (dense transitions on the
// built-in world at 24 px a cell), the focus's are drawn alone, and the
// note says the rest are held back; without a focus none are, as before.
func TestEdgesFocusWhereTooManyToDraw(t *testing.T) {
	w := focusWorld(t, world.AlgoHPA, true)
	h := w.Hierarchy()
	r := New()
	screen := ebiten.NewImage(1280, 800)
	f := fittedFrame(w, 1)
	const zoom = 24
	l := f.Layout
	f.Cam.Zoom = zoom
	cx, cy := float64(l.Map.Min.X+l.Map.Max.X)/2, float64(l.Map.Min.Y+l.Map.Max.Y)/2
	f.Cam.OffX, f.Cam.OffY = cx-30.5*zoom, cy-40.5*zoom
	text := drawnTexts(r, screen, f)
	if r.edgesDrawn != 0 || !strings.Contains(text, "too many to draw") {
		t.Fatalf("no focus: %d edges drawn (notes %q): the test wants too many to draw", r.edgesDrawn, r.notes)
	}
	pin := image.Pt(30, 40)
	f.Pinned, f.HasPinned = pin, true
	c := h.GroupOf(1, pin)
	text = drawnTexts(r, screen, f)
	if r.edgesLit == 0 || r.edgesDrawn != r.edgesLit {
		t.Errorf("%v pinned: %d edges drawn, %d bright; want only %s's, all bright", pin, r.edgesDrawn, r.edgesLit, h.GroupName(1, c))
	}
	if !strings.Contains(text, "only one cluster's shown") {
		t.Errorf("%v pinned: the note does not say only one cluster's edges are shown:\n%s", pin, text)
	}
}

// With a focus the edge tooltip names only the focus's edges, the bright
// ones: a faint edge of another cluster under the pointer is not named.
func TestEdgeTooltipOnlyForTheFocus(t *testing.T) {
	w := focusWorld(t, world.AlgoHPA, false)
	h := w.Hierarchy()
	r := New()
	screen := ebiten.NewImage(1280, 800)
	const l = 2
	f := fittedFrame(w, l)
	drawnTexts(r, screen, f)
	pin := image.Pt(60, 40)
	c := h.GroupOf(l, pin)
	v := h.Inspect(l)
	// An intra edge of another cluster, far from the pin's, away from the
	// legend: the pointer on its middle.
	f.HasPinned = false
	mid, ok := pointAtAnIntraEdge(r, f, v, func(e *world.ViewEdge) bool { return h.GroupOf(l, e.A) != c })
	if ok {
		f.EdgesAll = false
		f.Pinned, f.HasPinned = pin, true
		if got, ok := r.hoverEdge(f); ok && !(h.GroupOf(l, got.A) == c || h.GroupOf(l, got.B) == c) {
			t.Errorf("pointer on %v, %v pinned: the tooltip names %v→%v, an edge of another cluster", mid, pin, got.A, got.B)
		}
		return
	}
	t.Fatal("no edge of another cluster found to point at")
}

// A new user's report: the hovered edge's tooltip was drawn under the
// agents' replan panel ("intra edge (19…"). It is an overlay now: with
// OverlaysLater (the window, which draws the agents between the two) Draw
// leaves it out and DrawOverlays draws it.
func TestEdgeTooltipIsAnOverlay(t *testing.T) {
	w := focusWorld(t, world.AlgoHPA, false)
	h := w.Hierarchy()
	r := New()
	screen := ebiten.NewImage(1280, 800)
	const l = 2
	f := fittedFrame(w, l)
	drawnTexts(r, screen, f)
	if _, ok := pointAtAnIntraEdge(r, f, h.Inspect(l), func(*world.ViewEdge) bool { return true }); ok {
		if got := drawnTexts(r, screen, f); !strings.Contains(got, "intra edge (") {
			t.Fatalf("Draw without OverlaysLater left the edge's tip out:\n%s", got)
		}
		f.OverlaysLater = true
		if got := drawnTexts(r, screen, f); strings.Contains(got, "intra edge (") {
			t.Errorf("Draw with OverlaysLater drew the edge's tip under what comes after it")
		}
		var s []string
		r.fonts.drawn = &s
		r.DrawOverlays(screen, f)
		r.fonts.drawn = nil
		if got := strings.Join(s, " | "); !strings.Contains(got, "intra edge (") {
			t.Errorf("DrawOverlays did not draw the edge's tip:\n%s", got)
		}
		return
	}
	t.Fatal("no edge found to point at")
}

// pointAtAnIntraEdge puts f's pointer on the middle of an intra edge of v
// that want accepts, whose middle is a cell away from the legend and that
// the tooltip names with every edge drawn alike (f.EdgesAll is left set):
// the edge's middle cell, and whether one was found.
func pointAtAnIntraEdge(r *Renderer, f *Frame, v world.LevelView, want func(*world.ViewEdge) bool) (image.Point, bool) {
	for i := range v.Edges {
		e := &v.Edges[i]
		if e.Inter || !want(e) {
			continue
		}
		mid := image.Pt((e.A.X+e.B.X)/2, (e.A.Y+e.B.Y)/2)
		if e.A == e.B || mid.X < 70 || (e.A.X+e.B.X)%2 != 0 || (e.A.Y+e.B.Y)%2 != 0 {
			continue
		}
		x, y := f.Cam.CellCenter(mid)
		if image.Pt(int(x), int(y)).In(r.LegendRect()) {
			continue
		}
		f.Hover, f.HoverOK, f.MouseX, f.MouseY, f.MouseOK = mid, true, float64(x), float64(y), true
		f.EdgesAll = true
		if _, ok := r.hoverEdge(f); ok {
			return mid, true
		}
		// another edge's end in the way; try the next
	}
	return image.Point{}, false
}
