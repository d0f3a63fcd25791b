// Package render draws a pathlens session: the terrain, every overlay layer,
// the HUD, legend and help. It only reads the session (game/world) and the
// library's results (pathing); the only state it keeps is caches (the baked
// terrain image, the search-fill image) that it refreshes when the session's
// version counters change.
package render

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// Frame is everything one Draw call reads: the session and the view state
// the game keeps (camera, hovered cell, layer switches, overlays).
type Frame struct {
	World   *world.World
	Cam     *Camera
	Hover   image.Point
	HoverOK bool // the mouse is over the map area
	Status  []Line
}

// Line is one line of HUD text with its colour.
type Line struct {
	Text  string
	Color color.RGBA
}

// Renderer draws frames. It owns the caches; make one per window.
type Renderer struct {
	fonts *Fonts

	terrain     *ebiten.Image
	terrainMap  *maps.Map
	terrainPix  []byte
	fill        *ebiten.Image
	fillPix     []byte
	fillVersion uint64
	fillFor     *world.World
}

// New returns a Renderer with its fonts loaded.
func New() *Renderer {
	return &Renderer{fonts: LoadFonts()}
}

// Fonts returns the renderer's fonts.
func (r *Renderer) Fonts() *Fonts { return r.fonts }

// Draw draws f onto screen.
func (r *Renderer) Draw(screen *ebiten.Image, f *Frame) {
	screen.Fill(ColBackground)
	w := f.World
	if w == nil || w.Grid == nil {
		r.drawStatus(screen, f)
		return
	}
	r.drawTerrain(screen, f)
	r.drawFill(screen, f)
	r.drawPath(screen, f)
	r.drawEndpoints(screen, f)
	r.drawStatus(screen, f)
}

// drawTerrain bakes the terrain into a one-pixel-per-cell image (once per
// map) and draws it through the camera matrix with nearest filtering.
func (r *Renderer) drawTerrain(screen *ebiten.Image, f *Frame) {
	m := f.World.Map
	g := m.Grid
	if r.terrainMap != m || r.terrain == nil {
		if r.terrain != nil {
			r.terrain.Deallocate()
		}
		r.terrain = ebiten.NewImage(g.Width(), g.Height())
		r.terrainPix = make([]byte, 4*g.Len())
		r.terrainMap = m
		cells := g.Cells()
		for i := range cells {
			premul(r.terrainPix[4*i:], TerrainColor(m.Terrain[i], cells[i]))
		}
		r.terrain.WritePixels(r.terrainPix)
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM = f.Cam.Matrix()
	op.Filter = ebiten.FilterNearest
	screen.DrawImage(r.terrain, op)
	r.drawGridLines(screen, f)
}

// drawGridLines draws cell borders when cells are at least 8 pixels wide,
// only over the visible part of the map.
func (r *Renderer) drawGridLines(screen *ebiten.Image, f *Frame) {
	cam := f.Cam
	if cam.Zoom < 8 {
		return
	}
	g := f.World.Grid
	vis := cam.Visible(g.Width(), g.Height(), screen.Bounds())
	if vis.Empty() {
		return
	}
	c := PM(ColGridLine)
	x0, y0 := cam.ToScreen(float64(vis.Min.X), float64(vis.Min.Y))
	x1, y1 := cam.ToScreen(float64(vis.Max.X), float64(vis.Max.Y))
	for x := vis.Min.X; x <= vis.Max.X; x++ {
		sx, _ := cam.ToScreen(float64(x), 0)
		vector.StrokeLine(screen, float32(sx), float32(y0), float32(sx), float32(y1), 1, c, false)
	}
	for y := vis.Min.Y; y <= vis.Max.Y; y++ {
		_, sy := cam.ToScreen(0, float64(y))
		vector.StrokeLine(screen, float32(x0), float32(sy), float32(x1), float32(sy), 1, c, false)
	}
}

// drawFill shows the open and closed cells of the cell-level searches at the
// timeline's cursor, from a one-pixel-per-cell image rebuilt when the
// timeline changes.
func (r *Renderer) drawFill(screen *ebiten.Image, f *Frame) {
	w := f.World
	g := w.Grid
	tl := &w.Timeline
	if tl.Len() == 0 {
		return
	}
	if r.fill == nil || r.fill.Bounds().Dx() != g.Width() || r.fill.Bounds().Dy() != g.Height() {
		if r.fill != nil {
			r.fill.Deallocate()
		}
		r.fill = ebiten.NewImage(g.Width(), g.Height())
		r.fillPix = make([]byte, 4*g.Len())
		r.fillFor = nil
	}
	if r.fillFor != w || r.fillVersion != tl.Version() {
		r.fillFor, r.fillVersion = w, tl.Version()
		last := tl.Last(0)
		ev := tl.Trace().Events
		var open, closed [4]byte
		premul(open[:], ColOpen)
		premul(closed[:], ColClosed)
		pix := r.fillPix
		for i, e := range last {
			p := pix[4*i : 4*i+4 : 4*i+4]
			switch {
			case e < 0:
				p[0], p[1], p[2], p[3] = 0, 0, 0, 0
			case ev[e].Kind == pathing.EventPop:
				copy(p, closed[:])
			default:
				copy(p, open[:])
			}
		}
		r.fill.WritePixels(pix)
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM = f.Cam.Matrix()
	op.Filter = ebiten.FilterNearest
	screen.DrawImage(r.fill, op)

	// Mark the node just expanded, and the best path to it while the
	// search is still running.
	if cur, ok := tl.Current(); ok && cur.Level == 0 && !tl.AtEnd() {
		p := g.Point(int(cur.Node))
		r.cellOutline(screen, f.Cam, p, ColCurrent)
		r.drawParentChain(screen, f, cur.Node)
	}
}

// drawParentChain draws the best known path from the start to node at the
// cursor, following parents through the timeline.
func (r *Renderer) drawParentChain(screen *ebiten.Image, f *Frame, node int32) {
	g := f.World.Grid
	tl := &f.World.Timeline
	c := PM(ColFrontier)
	width := lineWidth(f.Cam.Zoom) * 0.6
	for steps := 0; node >= 0 && steps < g.Len(); steps++ {
		st := tl.State(0, node)
		if !st.Seen || st.Parent < 0 {
			return
		}
		ax, ay := f.Cam.CellCenter(g.Point(int(node)))
		bx, by := f.Cam.CellCenter(g.Point(int(st.Parent)))
		vector.StrokeLine(screen, ax, ay, bx, by, width, c, true)
		node = st.Parent
	}
}

func (r *Renderer) drawPath(screen *ebiten.Image, f *Frame) {
	w := f.World
	if !w.Timeline.AtEnd() {
		return
	}
	drawPolyline(screen, f.Cam, w.Outcome.Path, lineWidth(f.Cam.Zoom), PM(ColPath))
}

func (r *Renderer) drawEndpoints(screen *ebiten.Image, f *Frame) {
	w := f.World
	rad := float32(math.Max(3, math.Min(f.Cam.Zoom*0.45, 14)))
	if w.HasStart {
		x, y := f.Cam.CellCenter(w.Start)
		vector.DrawFilledCircle(screen, x, y, rad+1.5, color.White, true)
		vector.DrawFilledCircle(screen, x, y, rad, ColStart, true)
	}
	if w.HasGoal {
		x, y := f.Cam.CellCenter(w.Goal)
		vector.DrawFilledCircle(screen, x, y, rad+1.5, color.White, true)
		vector.DrawFilledCircle(screen, x, y, rad, ColGoal, true)
	}
}

// cellOutline strokes the border of cell p.
func (r *Renderer) cellOutline(screen *ebiten.Image, cam *Camera, p image.Point, c color.RGBA) {
	x, y := cam.ToScreen(float64(p.X), float64(p.Y))
	s := float32(cam.Zoom)
	wd := float32(math.Max(1.5, math.Min(cam.Zoom*0.15, 3)))
	if s < 4 {
		// Too small to outline: draw a marker bigger than the cell.
		cx, cy := cam.CellCenter(p)
		vector.StrokeCircle(screen, cx, cy, 5, 2, PM(c), true)
		return
	}
	vector.StrokeRect(screen, float32(x), float32(y), s, s, wd, PM(c), false)
}

// lineWidth is the stroke width of a path at a zoom level.
func lineWidth(zoom float64) float32 {
	return float32(math.Max(1.5, math.Min(zoom*0.3, 6)))
}

// drawPolyline strokes a path of cells through their centres, skipping
// segments entirely off screen.
func drawPolyline(screen *ebiten.Image, cam *Camera, path []image.Point, width float32, c color.Color) {
	if len(path) < 2 {
		return
	}
	b := screen.Bounds()
	fb := image.Rect(b.Min.X-8, b.Min.Y-8, b.Max.X+8, b.Max.Y+8)
	px, py := cam.CellCenter(path[0])
	for _, p := range path[1:] {
		x, y := cam.CellCenter(p)
		if segmentMayShow(fb, px, py, x, y) {
			vector.StrokeLine(screen, px, py, x, y, width, c, true)
		}
		px, py = x, y
	}
	// Round joints when the line is thick.
	if width >= 3 {
		for _, p := range path {
			x, y := cam.CellCenter(p)
			if image.Pt(int(x), int(y)).In(fb) {
				vector.DrawFilledCircle(screen, x, y, width/2, c, true)
			}
		}
	}
}

func segmentMayShow(r image.Rectangle, x0, y0, x1, y1 float32) bool {
	minX, maxX := math.Min(float64(x0), float64(x1)), math.Max(float64(x0), float64(x1))
	minY, maxY := math.Min(float64(y0), float64(y1)), math.Max(float64(y0), float64(y1))
	return maxX >= float64(r.Min.X) && minX <= float64(r.Max.X) && maxY >= float64(r.Min.Y) && minY <= float64(r.Max.Y)
}

// drawStatus draws the HUD lines in a panel at the top left.
func (r *Renderer) drawStatus(screen *ebiten.Image, f *Frame) {
	if len(f.Status) == 0 {
		return
	}
	r.panel(screen, 8, 8, f.Status)
}

// panel draws lines of text on a dark panel with its top-left corner at
// (x, y) and returns the panel's rectangle.
func (r *Renderer) panel(screen *ebiten.Image, x, y int, lines []Line) image.Rectangle {
	ft := r.fonts
	wmax := 0.0
	for _, l := range lines {
		wmax = math.Max(wmax, ft.Width(ft.UI, l.Text))
	}
	lh := ft.LineHeight(ft.UI)
	pad := 8.0
	rw, rh := wmax+2*pad, float64(len(lines))*lh+2*pad-4
	vector.DrawFilledRect(screen, float32(x), float32(y), float32(rw), float32(rh), PM(ColPanel), false)
	vector.StrokeRect(screen, float32(x), float32(y), float32(rw), float32(rh), 1, PM(ColPanelEdge), false)
	for i, l := range lines {
		ft.Draw(screen, ft.UI, l.Text, float64(x)+pad, float64(y)+pad+float64(i)*lh, l.Color)
	}
	return image.Rect(x, y, x+int(rw), y+int(rh))
}
