package game

import (
	"image"
	"math"

	"pathlens/game/world"
	"pathlens/pathing"
	"pathlens/render"
)

// How a query of the list is framed when it opens (F3, Shift+F3, a number
// typed in the go-to prompt, -query K and the first query of a session).
const (
	// frameEdgePx: an endpoint nearer than this to the map area's edge is
	// not comfortably on screen (at most an eighth of the area's side).
	frameEdgePx = 40
	// frameDotPx: a query whose start and goal are less than this apart on
	// screen (the longer side of their box) is a dot: on a 512×512 map
	// fitted to the window a 20-cell query is 27 pixels.
	frameDotPx = 64
	// frameMaxZoom: framing zooms in to at most this many pixels a cell,
	// or twice the fitted zoom on a map already larger than that fitted,
	// so a 3-cell query is not blown up to fill the window.
	frameMaxZoom = 16
	// frameReadablePx: a view of at least this many pixels a cell shows
	// every cell readably; with both ends on screen framing leaves it (a
	// small map fitted to the window: arena's 49×49 at 14 px).
	frameReadablePx = 10
	// framePadCells and framePadFrac: the query's box is grown by the
	// larger of these on each side (cells; a fraction of its side), so its
	// ends and the route's bends near them are not on the edge.
	framePadCells = 3
	framePadFrac  = 0.15
	// frameMinGain: framing that would not zoom in at least this many
	// times the fitted zoom shows the whole map instead. A closer view
	// that gains less shows the route hardly larger and hides the map's
	// edges under the bars: at 200 % UI scale in a 1280×800 window the
	// built-in world opened at 1.42× its fitted zoom, framed on a route
	// across most of it, with its top 18 rows under the top bar.
	frameMinGain = 2.0
)

// frameKind is what queryFrame decided.
type frameKind int

const (
	frameLeave frameKind = iota // in view at a useful size: the camera stays
	frameWhole                  // the query needs the whole map: fit it
	frameMove                   // zoom to Zoom and centre the query's box
)

// queryFrame decides how to show the query a→b with the camera cam in the
// map area (a map of mapSize cells) before its route is known: leave the
// view alone when both ends are comfortably inside the area (frameEdgePx
// in, or beside the map's own edge where that is on screen) and the query
// is no dot (or already as large as framing would make it); else zoom so
// that its box, with a margin, fills the area (at most frameMaxZoom, or
// twice the fitted zoom, pixels a cell; the whole map when that is less
// than frameMinGain times the fitted zoom), keeping the user's zoom when the box fits
// at it and is no dot there, and centre it. Pure: it only reads cam.
func queryFrame(cam *render.Camera, area image.Rectangle, mapSize, a, b image.Point) (frameKind, float64, [2]float64) {
	box := image.Rectangle{a, a.Add(image.Pt(1, 1))}.Union(image.Rectangle{b, b.Add(image.Pt(1, 1))})
	return boxFrame(cam, area, mapSize, box, false)
}

// routeFrame decides how to show a query whose route is known: box holds
// its start, goal, the answer's path and the optimal path (routeBox). It
// frames that box as queryFrame frames the ends, but a route is no dot
// only once its cells are readable (frameReadablePx) or as large as
// framing makes them: on a 512×512 map fitted at 1.3 px a cell a 93-cell
// query is 121 px wide, enough to see where it is, not the detour that
// made it a batch's worst row.
func routeFrame(cam *render.Camera, area image.Rectangle, mapSize image.Point, box image.Rectangle) (frameKind, float64, [2]float64) {
	return boxFrame(cam, area, mapSize, box, true)
}

// boxFrame is queryFrame and routeFrame on the box of cells to show; route
// is true for a route (routeFrame's test of a useful size).
func boxFrame(cam *render.Camera, area image.Rectangle, mapSize image.Point, box image.Rectangle, route bool) (frameKind, float64, [2]float64) {
	fit := cam.FitZoom()
	if fit <= 0 || area.Empty() || box.Empty() {
		return frameLeave, 0, [2]float64{}
	}
	edge := min(frameEdgePx, area.Dx()/8, area.Dy()/8)
	inner := area.Inset(edge)
	// Where the map's own edge is on screen, a cell beside it is as far in
	// as it can be shown: the comfort margin ends there.
	x0, y0 := cam.ToScreen(0, 0)
	x1, y1 := cam.ToScreen(float64(mapSize.X), float64(mapSize.Y))
	if x0 >= float64(area.Min.X) {
		inner.Min.X = min(inner.Min.X, int(x0))
	}
	if y0 >= float64(area.Min.Y) {
		inner.Min.Y = min(inner.Min.Y, int(y0))
	}
	if x1 <= float64(area.Max.X) {
		inner.Max.X = max(inner.Max.X, int(math.Ceil(x1)))
	}
	if y1 <= float64(area.Max.Y) {
		inner.Max.Y = max(inner.Max.Y, int(math.Ceil(y1)))
	}
	onScreen := func(p image.Point) bool {
		x, y := cam.CellCenter(p)
		return image.Pt(int(math.Floor(float64(x))), int(math.Floor(float64(y)))).In(inner)
	}
	padX := math.Max(framePadCells, framePadFrac*float64(box.Dx()))
	padY := math.Max(framePadCells, framePadFrac*float64(box.Dy()))
	bw, bh := float64(box.Dx())+2*padX, float64(box.Dy())+2*padY
	fits := math.Min(float64(inner.Dx())/bw, float64(inner.Dy())/bh) // the zoom the padded box fills the area at
	zcap := math.Min(render.MaxZoom, math.Max(frameMaxZoom, 2*fit))
	want := math.Min(fits, zcap)
	span := func(z float64) float64 { return float64(max(box.Dx()-1, box.Dy()-1, 1)) * z }
	useful := func(z float64) bool {
		return (!route && span(z) >= frameDotPx) || z >= want*0.999 || z >= frameReadablePx
	}
	if onScreen(box.Min) && onScreen(box.Max.Sub(image.Pt(1, 1))) && useful(cam.Zoom) {
		return frameLeave, 0, [2]float64{}
	}
	if want < fit*frameMinGain*0.999 {
		return frameWhole, fit, [2]float64{}
	}
	z := cam.Zoom
	if z > fits || !useful(z) || z < fit {
		z = want
	}
	c := [2]float64{float64(box.Min.X+box.Max.X) / 2, float64(box.Min.Y+box.Max.Y) / 2}
	return frameMove, z, c
}

// routeBox returns the box of the cells of the route of the query on
// screen: its start and goal, the answer's path and the optimal path; ok
// is false while the answer or the optimum is still being worked on.
func routeBox(w *world.World) (box image.Rectangle, ok bool) {
	if !w.HasStart || !w.HasGoal || w.Busy() || w.Optimal.Pending {
		return image.Rectangle{}, false
	}
	add := func(p image.Point) { box = box.Union(image.Rectangle{p, p.Add(image.Pt(1, 1))}) }
	add(w.Start)
	add(w.Goal)
	if w.Outcome.Status == pathing.Found {
		for _, p := range w.Outcome.Path {
			add(p)
		}
	}
	if w.Optimal.Known && w.Optimal.Found {
		for _, p := range w.Optimal.Path {
			add(p)
		}
	}
	return box, true
}

// frameQuery shows the query a→b as queryFrame decides, and reports
// whether the view changed.
func (g *Game) frameQuery(a, b image.Point) bool {
	kind, z, c := queryFrame(&g.cam, g.lay.Map, image.Pt(g.w.Grid.Width(), g.w.Grid.Height()), a, b)
	return g.applyFrame(kind, z, c)
}

// applyFrame moves the camera as a frameKind says, and reports whether the
// view changed.
func (g *Game) applyFrame(kind frameKind, z float64, c [2]float64) bool {
	switch kind {
	case frameWhole:
		if g.autoFit && !g.startView {
			return false
		}
		g.autoFit, g.startView = true, false
		g.fit()
		return true
	case frameMove:
		sx, sy := g.cam.ToScreen(c[0], c[1])
		g.cam.ZoomTo(sx, sy, z)
		g.centreView(c[0], c[1])
		g.autoFit = false
		return true
	}
	return false
}

// frameListQuery frames the query on screen when it is the list's query
// g.query (a refused endpoint leaves the one before on screen, which is
// not framed for it): on its route when that is known already, else on
// its ends now and on its route once the answer and the optimum are in
// (frameRouteWhenIn), unless the view is moved or another query opened
// meanwhile.
func (g *Game) frameListQuery() {
	g.routePending = false
	if !g.onListQuery() {
		return
	}
	w := g.w
	if g.frameRouteNow() {
		return
	}
	g.frameQuery(w.Start, w.Goal)
	g.routePending, g.routeFor = true, [2]image.Point{w.Start, w.Goal}
}

// frameRouteNow frames the route of the query on screen when it is known,
// and reports whether it was.
func (g *Game) frameRouteNow() bool {
	box, ok := routeBox(g.w)
	if !ok {
		return false
	}
	kind, z, c := routeFrame(&g.cam, g.lay.Map, image.Pt(g.w.Grid.Width(), g.w.Grid.Height()), box)
	g.applyFrame(kind, z, c)
	return true
}

// frameRouteWhenIn frames the route of the query frameListQuery framed on
// its ends, once its answer and optimum are in (each frame until then);
// another query on screen drops it.
func (g *Game) frameRouteWhenIn() {
	if !g.routePending {
		return
	}
	w := g.w
	if !w.HasStart || !w.HasGoal || g.routeFor != [2]image.Point{w.Start, w.Goal} {
		g.routePending = false
		return
	}
	if g.frameRouteNow() {
		g.routePending = false
	}
}

// viewMoved is called where the user moves the view (wheel, pan, zoom
// keys, F, a go-to cell): a route framing still waiting for its answer is
// dropped, so the view never jumps away from where the user put it.
func (g *Game) viewMoved() { g.routePending, g.stepPending = false, false }

// stepBox returns the box of the cells the step at the timeline's cursor
// touches: the current event's node and its parent, and the node being
// expanded with the neighbours it has pushed or relaxed so far (on cells,
// a 3×3 block; above, the abstract nodes it reaches); for a smoothing
// line, its two ends. ok is false with no step to show: the cursor at the
// start or the end, or the answer still being worked on.
func stepBox(w *world.World) (box image.Rectangle, ok bool) {
	tl := &w.Timeline
	e, cur := tl.Current()
	if !cur || tl.AtEnd() || w.Busy() || tl.Trace() == nil {
		return image.Rectangle{}, false
	}
	l := int(e.Level)
	add := func(n int32) {
		if p, ok := w.NodeCell(l, n); ok && w.Grid.In(p) {
			box = box.Union(image.Rectangle{p, p.Add(image.Pt(1, 1))})
		}
	}
	add(e.Node)
	add(e.Parent)
	if i, ok := tl.Expanded(); ok {
		ev := tl.Trace().Events
		for j := i; j < tl.Cursor(); j++ {
			if int(ev[j].Level) == l && ev[j].Kind.Search() {
				add(ev[j].Node)
			}
		}
	}
	return box, !box.Empty()
}

// frameStepWhenReady frames the step a session opened at (stepPending:
// the file's cursor, or -cursor N, with no view asked for) once the
// query's own framing is done: when the step is off screen or its cells
// too small to read there (routeFrame's test), the view zooms to its box,
// with the margin and the zoom limits a query's framing has; else the
// query's view stays, which shows the step and more.
func (g *Game) frameStepWhenReady() {
	if !g.stepPending || g.frameFirst || g.routePending || g.deferred != nil || !g.cam.Fitted() || g.lay.Map.Empty() {
		return
	}
	g.stepPending = false
	box, ok := stepBox(g.w)
	if !ok {
		return
	}
	kind, z, c := routeFrame(&g.cam, g.lay.Map, image.Pt(g.w.Grid.Width(), g.w.Grid.Height()), box)
	g.applyFrame(kind, z, c)
}

// onListQuery reports whether the query on screen is the list's query
// g.query (F3 opened it and no click, drag or typed query replaced it).
func (g *Game) onListQuery() bool {
	w := g.w
	return g.query >= 0 && g.query < len(w.Queries) && w.HasStart && w.HasGoal &&
		w.Queries[g.query] == [2]image.Point{w.Start, w.Goal}
}
