package game

import (
	"image"
	"math"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/render"
)

// inComfort reports whether cell p is drawn inside area, frameEdgePx in.
func inComfort(cam *render.Camera, area image.Rectangle, p image.Point) bool {
	x, y := cam.CellCenter(p)
	return image.Pt(int(x), int(y)).In(area.Inset(min(frameEdgePx, area.Dx()/8, area.Dy()/8)))
}

// applyFrame does what Game.frameQuery does with queryFrame's answer, on a
// bare camera (frameWhole: fitted again).
func applyFrame(cam *render.Camera, area image.Rectangle, mapW, mapH int, a, b image.Point) frameKind {
	kind, z, c := queryFrame(cam, area, image.Pt(mapW, mapH), a, b)
	switch kind {
	case frameWhole:
		cam.Fit(mapW, mapH, area)
	case frameMove:
		sx, sy := cam.ToScreen(c[0], c[1])
		cam.ZoomAt(sx, sy, z/cam.Zoom)
		sx, sy = cam.ToScreen(c[0], c[1])
		cam.Pan(float64(area.Min.X+area.Max.X)/2-sx, float64(area.Min.Y+area.Max.Y)/2-sy)
	}
	return kind
}

// Regression (new-user test, 20-ar-q1247.png, 22-ar-f3.png): a query opened
// from the list was a dot on a fitted 512×512 map, and after zooming in F3
// opened the next one off screen. queryFrame brings it into view, at a
// useful size but not blown up, and leaves a view that already shows it.
func TestQueryFrame(t *testing.T) {
	area := image.Rect(0, 30, 930, 740)
	big := func() *render.Camera {
		var c render.Camera
		c.Fit(512, 512, area)
		return &c
	}
	// A 20-cell query on the fitted big map is a dot: framed.
	cam := big()
	fit := cam.Zoom
	a, b := image.Pt(69, 258), image.Pt(83, 246)
	if k := applyFrame(cam, area, 512, 512, a, b); k != frameMove {
		t.Fatalf("20-cell query on a fitted 512×512 map: %v, want it framed", k)
	}
	if !inComfort(cam, area, a) || !inComfort(cam, area, b) {
		t.Errorf("framed: ends %v %v not comfortably on screen (zoom %.1f)", a, b, cam.Zoom)
	}
	if cam.Zoom < 8*fit || cam.Zoom > frameMaxZoom+1e-9 {
		t.Errorf("framed at %.1f px a cell (fitted %.2f): want a useful size, at most %d", cam.Zoom, fit, frameMaxZoom)
	}
	// Framed once, it is left alone (no jerk on a second press).
	if k, _, _ := queryFrame(cam, area, image.Pt(512, 512), a, b); k != frameLeave {
		t.Errorf("the framed query framed again: %v", k)
	}
	// A 3-cell query is not blown up to fill the window.
	cam = big()
	if applyFrame(cam, area, 512, 512, image.Pt(300, 300), image.Pt(302, 301)); cam.Zoom > frameMaxZoom+1e-9 {
		t.Errorf("3-cell query zoomed to %.1f px a cell, want at most %d", cam.Zoom, frameMaxZoom)
	}
	// Zoomed in elsewhere (20 px a cell), the next query is off screen: it
	// is brought in at the user's zoom, which shows it well.
	cam = big()
	cam.ZoomAt(100, 100, 20/cam.Zoom)
	a, b = image.Pt(400, 400), image.Pt(410, 415)
	if inComfort(cam, area, a) {
		t.Fatal("the test wants the query off screen")
	}
	if k := applyFrame(cam, area, 512, 512, a, b); k != frameMove || cam.Zoom != 20 {
		t.Errorf("off screen at 20 px: %v, zoom %.1f; want moved to it at the same zoom", k, cam.Zoom)
	}
	if !inComfort(cam, area, a) || !inComfort(cam, area, b) {
		t.Errorf("moved: ends %v %v not on screen", a, b)
	}
	// Zoomed in, a query across the whole map: the whole map again.
	cam = big()
	cam.ZoomAt(100, 100, 20/cam.Zoom)
	if k := applyFrame(cam, area, 512, 512, image.Pt(2, 3), image.Pt(505, 500)); k != frameWhole {
		t.Errorf("zoomed in, a query across the map: %v, want the whole map", k)
	}
	// A small map fitted (the built-in world at 7 px a cell) with a query
	// across it: in view, useful, left alone.
	var small render.Camera
	small.Fit(128, 96, area)
	if k, _, _ := queryFrame(&small, area, image.Pt(128, 96), image.Pt(23, 30), image.Pt(125, 40)); k != frameLeave {
		t.Errorf("small map, a long query in view: %v, want the camera left alone", k)
	}
	// A tester's finding: arena (49×49) fitted at 14 px a cell, a 4-cell
	// query was zoomed to 28 px, so the whole map was never shown and F3
	// through its rows panned every time. Fitted at a readable size, a
	// query in view leaves the camera alone, short or not.
	var arena render.Camera
	arena.Fit(49, 49, area)
	if arena.Zoom < frameReadablePx {
		t.Fatalf("arena fitted at %.1f px: the test wants a readable fit", arena.Zoom)
	}
	if k, _, _ := queryFrame(&arena, area, image.Pt(49, 49), image.Pt(20, 20), image.Pt(23, 22)); k != frameLeave {
		t.Errorf("arena fitted, a 4-cell query in view: %v, want the camera left alone", k)
	}
}

// F3 and -query K frame the query they open (the tester's AR0011SR case:
// -query 1247 showed a dot, F3 after zooming in showed nothing).
func TestListQueriesAreFramed(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skip("no Moving AI maps (../shared/maps/movingai or $PATHLENS_MAPS)")
	}
	path := filepath.Join(dir, "AR0011SR.map")
	w, err := world.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := w.ScenRows(path + ".scen")
	if err != nil {
		t.Fatal(err)
	}
	w.AddScenRows(path+".scen", rows)
	if err := w.OpenFirst(1247); err != nil {
		t.Fatal(err)
	}
	w.Begin()
	w.Wait()
	g := drawnOn(t, w, 1280, 800)
	fit := g.cam.Zoom
	g.Update() // the first frame frames the query -query opened
	area := g.lay.Map
	q := w.Queries[1246]
	if !inComfort(&g.cam, area, q[0]) || !inComfort(&g.cam, area, q[1]) || g.cam.Zoom < 4*fit {
		t.Fatalf("-query 1247: zoom %.2f (fitted %.2f), ends %v %v: want it framed", g.cam.Zoom, fit, q[0], q[1])
	}
	// Zoomed in on a corner, F3: the next query comes into view.
	g.cam.ZoomAt(float64(area.Min.X+10), float64(area.Min.Y+10), 3)
	g.autoFit = false
	g.stepQuery(+1)
	q = w.Queries[1247]
	if !inComfort(&g.cam, area, q[0]) || !inComfort(&g.cam, area, q[1]) {
		t.Fatalf("F3: query %v→%v not on screen (zoom %.2f, offset %.0f,%.0f)", q[0], q[1], g.cam.Zoom, g.cam.OffX, g.cam.OffY)
	}
	// F3 again on a query that is in view at a useful size: the camera
	// stays where it is.
	cam := g.cam
	g.gotoQuery(1247)
	if g.cam.Zoom != cam.Zoom || g.cam.OffX != cam.OffX || g.cam.OffY != cam.OffY {
		t.Errorf("the query on screen opened again: the view moved from %+v to %+v", cam, g.cam)
	}
	// -zoom wins at start.
	w2, err := world.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	w2.AddScenRows(path+".scen", rows)
	if err := w2.OpenFirst(1247); err != nil {
		t.Fatal(err)
	}
	w2.Begin()
	w2.Wait()
	g2, err := New(w2, Options{Zoom: 3, Center: image.Pt(400, 100)})
	if err != nil {
		t.Fatal(err)
	}
	g2.Layout(1280, 800)
	g2.Update()
	if math.Abs(g2.cam.Zoom-3) > 1e-9 {
		t.Errorf("-zoom 3 -center 400,100 with -query: zoom %.2f, want 3", g2.cam.Zoom)
	}
	// -zoom 0 ("0: fit the map") wins too: the map stays fitted (a tester
	// saw the query framed at 27.8 px whatever -zoom 0 said).
	g3, err := New(w2, Options{ZoomSet: true})
	if err != nil {
		t.Fatal(err)
	}
	g3.Layout(1280, 800)
	g3.Update()
	fit3 := g3.cam.FitZoom()
	if math.Abs(g3.cam.Zoom-fit3) > 1e-9 {
		t.Errorf("-zoom 0 with -query: zoom %.2f, want the fitted %.2f", g3.cam.Zoom, fit3)
	}
}

// Regression: -center 40,60 -zoom 36 was seen off-centre at start-up. The
// requested view was made once, on the first frame, and then kept like a
// view the user had moved to: when the window changed size after it opened
// (a window manager fitting it to the screen, or the user), the cell stayed
// at its pixels instead of the middle of the map area. The requested view
// now follows the map area, as the fitted map does, until the user moves
// the view; F still fits the whole map.
func TestStartViewStaysCentred(t *testing.T) {
	open := func() *Game {
		w, err := world.Open(assets.Prefix + assets.DefaultName)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(w.Close)
		w.Begin()
		g, err := New(w, Options{Zoom: 36, ZoomSet: true, Center: image.Pt(40, 60)})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	// off is how far cell (40,60)'s centre is from the map area's.
	off := func(g *Game) float64 {
		x, y := g.cam.CellCenter(image.Pt(40, 60))
		m := g.lay.Map
		return math.Hypot(float64(x)-float64(m.Min.X+m.Max.X)/2, float64(y)-float64(m.Min.Y+m.Max.Y)/2)
	}
	g := open()
	for _, size := range [][2]int{{1280, 800}, {1000, 640}, {1600, 1000}, {1280, 800}} {
		g.Layout(size[0], size[1])
		g.Update()
		if d := off(g); d > 0.5 || math.Abs(g.cam.Zoom-36) > 1e-9 {
			t.Errorf("%d×%d: cell (40,60) %.1f px from the map area's centre %v, zoom %.2f; want it there at 36",
				size[0], size[1], d, g.lay.Map, g.cam.Zoom)
		}
	}
	// F fits the whole map, and a resize keeps it fitted.
	var held heldKeys
	fakeKeys(t, &held)
	held = heldKeys{ebiten.KeyF: 1}
	g.Update()
	held = heldKeys{}
	g.Layout(1000, 640)
	g.Update()
	if g.cam.Zoom != g.cam.FitZoom() {
		t.Errorf("F, then a resize: zoom %.2f, want the fitted %.2f", g.cam.Zoom, g.cam.FitZoom())
	}
	// A view the user moved is the user's: a resize leaves it where it is.
	g = open()
	g.Layout(1280, 800)
	g.Update()
	g.cam.Pan(-100, 0) // as a middle-drag does
	g.autoFit = false
	x0, y0 := g.cam.CellCenter(image.Pt(40, 60))
	g.Layout(1000, 640)
	g.Update()
	if x, y := g.cam.CellCenter(image.Pt(40, 60)); x != x0 || y != y0 || g.cam.Zoom != 36 {
		t.Errorf("the user's view after a resize: cell at %.1f,%.1f zoom %.2f, want it left at %.1f,%.1f zoom 36", x, y, g.cam.Zoom, x0, y0)
	}
}

// Regression (a tester, Aftershock): F4 and -query opened the batch's worst
// row, query 310 ((320,292) → (227,350), 2.7 % over optimal), in the fitted
// view at 1.3 px a cell: its ends were on screen and 121 px apart, "no
// dot", so the camera stayed, and the detour that made it the worst was a
// few pixels. A query whose route is known is framed on the route (its
// path and the optimal path with a margin), zoomed in until its cells are
// readable or the route fills the map area.
func TestRouteFrameZoomsToTheDetour(t *testing.T) {
	area := image.Rect(0, 30, 930, 740)
	var cam render.Camera
	cam.Fit(512, 512, area)
	fit := cam.Zoom
	a, b := image.Pt(320, 292), image.Pt(227, 350)
	if k, _, _ := queryFrame(&cam, area, image.Pt(512, 512), a, b); k != frameLeave {
		t.Fatalf("the ends alone: %v, the test wants the case the ends leave alone", k)
	}
	// The route bends north of both ends (the optimal path's corner).
	box := image.Rect(227, 270, 321, 351)
	kind, z, c := routeFrame(&cam, area, image.Pt(512, 512), box)
	if kind != frameMove || z < 4*fit {
		t.Fatalf("the route of query 310 on the fitted map: %v at %.2f px a cell (fitted %.2f), want it framed at 4× or more", kind, z, fit)
	}
	sx, sy := cam.ToScreen(c[0], c[1])
	cam.ZoomAt(sx, sy, z/cam.Zoom)
	sx, sy = cam.ToScreen(c[0], c[1])
	cam.Pan(float64(area.Min.X+area.Max.X)/2-sx, float64(area.Min.Y+area.Max.Y)/2-sy)
	for _, p := range []image.Point{box.Min, box.Max.Sub(image.Pt(1, 1)), image.Pt(box.Min.X, box.Max.Y-1), image.Pt(box.Max.X-1, box.Min.Y)} {
		if !inComfort(&cam, area, p) {
			t.Errorf("framed at %.2f px: the route's corner %v is not comfortably on screen", cam.Zoom, p)
		}
	}
	if k, _, _ := routeFrame(&cam, area, image.Pt(512, 512), box); k != frameLeave {
		t.Errorf("the framed route framed again: %v", k)
	}
	// A route across the map still fits the whole map, and a small map
	// fitted at a readable size is left alone.
	cam.Fit(512, 512, area)
	if k, _, _ := routeFrame(&cam, area, image.Pt(512, 512), image.Rect(3, 5, 500, 490)); k != frameLeave {
		t.Errorf("a route across the fitted map: %v, want it left fitted", k)
	}
	var arena render.Camera
	arena.Fit(49, 49, area)
	if k, _, _ := routeFrame(&arena, area, image.Pt(49, 49), image.Rect(20, 20, 30, 24)); k != frameLeave {
		t.Errorf("arena fitted, a short route in view: %v, want the camera left alone", k)
	}
}

// F4 on a 512×512 map frames the worst row's route with the optimal ghost
// on, so its detour shows: every cell of the answer's path and of the
// optimal path comfortably on screen, at several times the fitted zoom.
func TestWorstRowIsFramedOnItsRoute(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skip("no Moving AI maps (../shared/maps/movingai or $PATHLENS_MAPS)")
	}
	path := filepath.Join(dir, "Aftershock.map")
	w, err := world.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	rows, err := w.ScenRows(path + ".scen")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) < 320 {
		t.Fatalf("%d rows: the test wants query 310", len(rows))
	}
	w.AddScenRows(path+".scen", rows[300:320]) // query 310 among them
	w.Settings.Algo = world.AlgoHPA
	w.Begin()
	w.Wait()
	g := drawnOn(t, w, 1280, 800)
	g.layers = g.layers.With(render.LayerCompare, false)
	g.Update()
	var held heldKeys
	fakeKeys(t, &held)
	w.StartBatch()
	w.WaitBatch()
	res := w.LastBatch()
	if res == nil || len(res.Ranking) == 0 || res.Rows[res.Ranking[0]].Sub <= 0 {
		t.Fatalf("the batch ranked no suboptimal row: %+v", res)
	}
	press(g, &held, -1, ebiten.KeyF) // the whole map, as a user starts
	fit := g.cam.Zoom
	press(g, &held, -1, ebiten.KeyF4)
	w.Wait()
	g.Update()
	worst := res.Rows[res.Ranking[0]]
	if q := w.Queries[worst.Query]; w.Start != q[0] || w.Goal != q[1] || !w.Optimal.Known {
		t.Fatalf("F4 opened %v→%v (optimum known %v), want the worst row %v", w.Start, w.Goal, w.Optimal.Known, q)
	}
	if !g.layers.Has(render.LayerCompare) {
		t.Errorf("F4 left the optimal ghost off: the detour is not drawn")
	}
	if g.cam.Zoom < 3*fit {
		t.Errorf("F4: %.2f px a cell (fitted %.2f), want the route framed", g.cam.Zoom, fit)
	}
	for _, p := range append(slices.Clone(w.Outcome.Path), w.Optimal.Path...) {
		if !inComfort(&g.cam, g.lay.Map, p) {
			t.Errorf("F4: cell %v of the route is not comfortably on screen (zoom %.2f)", p, g.cam.Zoom)
			break
		}
	}
}

// Regression: at 200 % UI scale in a 1280×800 window the built-in world
// opened framed on its route at 1.42× the fitted zoom, its top 18 rows
// under the top bar and its bottom ones under the timeline, for a route
// hardly larger than in the whole map. A session opens on the whole map,
// every row inside the map area, when framing would gain less than
// frameMinGain; pathological-maximin (1.5×) too.
func TestLargeUIScaleOpensOnTheWholeMap(t *testing.T) {
	for _, c := range []struct {
		name  string
		scale float64
		w, h  int
	}{
		{assets.DefaultName, 2, 1280, 800},
		{assets.DefaultName, 3, 1280, 800},
		{assets.DefaultName, 2.75, 1024, 768},
		{"pathological-maximin", 2, 1280, 800},
		{"pathological-maximin", 2.5, 1024, 768},
	} {
		wd, err := world.Open(assets.Prefix + c.name)
		if err != nil {
			t.Fatal(err)
		}
		wd.Begin()
		wd.Wait()
		g, err := New(wd, Options{UIScale: c.scale})
		if err != nil {
			t.Fatal(err)
		}
		g.Layout(c.w, c.h)
		for range 3 { // the first frame frames the query, the next its route
			g.Update()
			g.Draw(ebiten.NewImage(g.screenW, g.screenH))
		}
		x0, y0 := g.cam.ToScreen(0, 0)
		x1, y1 := g.cam.ToScreen(float64(wd.Grid.Width()), float64(wd.Grid.Height()))
		m := g.lay.Map
		if x0 < float64(m.Min.X) || y0 < float64(m.Min.Y) || x1 > float64(m.Max.X) || y1 > float64(m.Max.Y) {
			t.Errorf("%s at %.0f%% in %d×%d: the map is drawn at (%.0f,%.0f)-(%.0f,%.0f), zoom %.2f (fitted %.2f), past the map area %v: rows or columns cut off",
				c.name, c.scale*100, c.w, c.h, x0, y0, x1, y1, g.cam.Zoom, g.cam.FitZoom(), m)
		}
		if box, ok := routeBox(wd); !ok || box.Dx() < 20 {
			t.Errorf("%s: route %v %v, the test wants a long route known at start", c.name, box, ok)
		}
		wd.Close()
	}
}
