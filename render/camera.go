package render

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Zoom limits, in screen pixels per cell.
const (
	MinZoom = 1.0 / 64
	MaxZoom = 256
)

// Camera maps world coordinates (one unit per cell, cell (x,y) covering
// [x,x+1)×[y,y+1)) to screen pixels: screen = world·Zoom + Offset. Matrix is
// the world-to-screen transform used for drawing; its inverse picks the cell
// under the mouse. The zero value is not useful: call Fit.
type Camera struct {
	Zoom   float64 // screen pixels per cell
	OffX   float64 // screen position of world x = 0
	OffY   float64 // screen position of world y = 0
	ViewW  int     // viewport size in screen pixels
	ViewH  int
	fitted bool
	// Set by Fit: the map's size in cells, the viewport, and the fitted
	// zoom, which bound zooming out and panning (see keepInView).
	mapW, mapH int
	view       image.Rectangle
	fitZoom    float64
}

// Bounds on the view, so that the map cannot be lost: zooming out stops
// when the map is a quarter of its fitted size, and panning keeps at least
// keepPixels of it (or all of it, when smaller) inside the viewport.
const (
	minFitFraction = 0.25
	keepPixels     = 48
)

// Matrix returns the world-to-screen transform.
func (c *Camera) Matrix() ebiten.GeoM {
	var m ebiten.GeoM
	m.Scale(c.Zoom, c.Zoom)
	m.Translate(c.OffX, c.OffY)
	return m
}

// Inverse returns the screen-to-world transform.
func (c *Camera) Inverse() ebiten.GeoM {
	m := c.Matrix()
	if m.IsInvertible() {
		m.Invert()
	}
	return m
}

// ToWorld returns the world point under screen point (sx, sy).
func (c *Camera) ToWorld(sx, sy float64) (float64, float64) {
	m := c.Inverse()
	return m.Apply(sx, sy)
}

// ToScreen returns the screen point of world point (wx, wy).
func (c *Camera) ToScreen(wx, wy float64) (float64, float64) {
	m := c.Matrix()
	return m.Apply(wx, wy)
}

// CellAt returns the cell under screen point (sx, sy). The cell may lie
// outside the map: callers check.
func (c *Camera) CellAt(sx, sy float64) image.Point {
	x, y := c.ToWorld(sx, sy)
	return image.Point{int(math.Floor(x)), int(math.Floor(y))}
}

// CellCenter returns the screen position of the centre of cell p.
func (c *Camera) CellCenter(p image.Point) (float32, float32) {
	x, y := c.ToScreen(float64(p.X)+0.5, float64(p.Y)+0.5)
	return float32(x), float32(y)
}

// Fitted reports whether Fit has been called since the camera was made.
func (c *Camera) Fitted() bool { return c.fitted }

// FitZoom is the zoom the last Fit gave (the whole map in the viewport); 0
// before any.
func (c *Camera) FitZoom() float64 { return c.fitZoom }

// Fit zooms and centres so that a w×h map fills the viewport rectangle
// view (screen pixels) with a small margin. It copes with any viewport,
// including an empty one.
func (c *Camera) Fit(w, h int, view image.Rectangle) {
	c.fitted = true
	vw, vh := float64(view.Dx()), float64(view.Dy())
	if vw < 1 {
		vw = 1
	}
	if vh < 1 {
		vh = 1
	}
	margin := math.Min(16, math.Min(vw, vh)/10)
	z := math.Min((vw-2*margin)/float64(w), (vh-2*margin)/float64(h))
	c.Zoom = clampZoom(z)
	c.mapW, c.mapH, c.view, c.fitZoom = w, h, view, c.Zoom
	c.OffX = float64(view.Min.X) + (vw-float64(w)*c.Zoom)/2
	c.OffY = float64(view.Min.Y) + (vh-float64(h)*c.Zoom)/2
}

// FitBeside is Fit, then, when the map leaves less than side pixels free
// on its left and less than below pixels free under it, makes one of
// those rooms (the layer legend goes there instead of over the map): it
// moves the map right when the viewport is wide enough for the map and
// side pixels beside it, else up when the viewport is tall enough for the
// map and below pixels under it (a wide map: the legend goes under it),
// else fits the map into the viewport less side pixels on its left or
// below pixels at its bottom, whichever keeps the map larger, when that
// keeps at least besideMinZoom of the fitted zoom (a map a little too
// wide for the margin, pathological-maximin at 1280×800, lost 3 % of its
// size rather than the ends of its corridors under the legend) or cells
// of besideKeepPx or more. A side or
// below <= 0 (or not a number) asks for no room there; both is Fit. When
// no room is made, a map with more than Fit's margin above it moves up by
// as much of the rest as the legend below can use.
func (c *Camera) FitBeside(w, h int, view image.Rectangle, side, below float64) {
	c.FitBesideMin(w, h, view, side, below, besideMinZoom)
}

// FitBesideMin is FitBeside giving up at most 1-minZoom of the fitted
// zoom (instead of besideMinZoom) to make the room: the legend's compact
// form, whose only other place is over the map's edge rows, asks for more
// (CompactMinZoom).
func (c *Camera) FitBesideMin(w, h int, view image.Rectangle, side, below, minZoom float64) {
	c.Fit(w, h, view)
	wantSide, wantBelow := side > 0, below > 0 // false for NaN too
	if !wantSide && !wantBelow {
		return
	}
	left := c.OffX - float64(view.Min.X)
	right := float64(view.Max.X) - (c.OffX + float64(w)*c.Zoom)
	top := c.OffY - float64(view.Min.Y)
	bottom := float64(view.Max.Y) - (c.OffY + float64(h)*c.Zoom)
	switch {
	case wantSide && left >= side, wantBelow && bottom >= below:
		return
	case wantSide && left+right >= side:
		c.OffX += side - left
		return
	case wantBelow && top+bottom >= below:
		c.OffY -= below - bottom
		return
	}
	full := c.Zoom
	margin := math.Min(16, math.Min(float64(view.Dx()), float64(view.Dy()))/10)
	var best Camera
	// The map is fitted to the view less the room, on the side the room
	// is wanted: the room first takes the place of Fit's margin there (the
	// legend's own gap keeps it off the map), when that still leaves it
	// whole, else it comes on top of the margin. Counting both cost
	// pathological-maximin's legend line at 175 % its place under the map
	// (82 % of the size against 87 %).
	if wantSide && side < float64(view.Dx()) {
		for _, cut := range []float64{side - margin, side} {
			narrow := view
			narrow.Min.X += int(math.Ceil(cut))
			c.Fit(w, h, narrow)
			if c.OffX-float64(view.Min.X) >= side-1e-9 {
				best = *c
				break
			}
		}
	}
	if wantBelow && below < float64(view.Dy()) {
		for _, cut := range []float64{below - margin, below} {
			short := view
			short.Max.Y -= int(math.Ceil(cut))
			c.Fit(w, h, short)
			if float64(view.Max.Y)-(c.OffY+float64(h)*c.Zoom) >= below-1e-9 {
				if c.Zoom > best.Zoom {
					best = *c
				}
				break
			}
		}
	}
	if best.Zoom < minZoom*full && best.Zoom < besideKeepPx {
		c.Fit(w, h, view)
		if wantBelow {
			// No room to be made at a size worth keeping: the map at least
			// gives the legend the free space above it beyond Fit's own
			// margin, so the legend covers as few rows as it can
			// (castle.tmx at 1280×800 kept 54 px free above the map while
			// the legend covered a room's corner). The margin stays: the
			// map notes sit in it, and the map does not touch the top bar.
			margin := math.Min(16, math.Min(float64(view.Dx()), float64(view.Dy()))/10)
			c.OffY -= math.Max(0, math.Min(top-margin, below-bottom))
		}
		return
	}
	*c = best
	c.view = view // panning and zooming keep to the whole viewport
}

// besideMinZoom is the least fraction of the fitted zoom FitBeside gives
// up to make room for the legend beside the map; besideKeepPx the zoom
// (pixels a cell) from which it gives up more, since cells that large
// still show g, h and f whole: textbook-groups' 4×5 cells at 175 % on
// 1280×800, 68 px fitted, had the legend over their top-right corner for
// want of 15 px a side, with 52 px a cell to spare.
const (
	besideMinZoom = 0.85
	besideKeepPx  = 40
)

// WideLegendMinZoom is the least fraction of the fitted zoom the fit
// gives up to leave a margin under the map for every layer's row in a
// wide box (LegendLineRoom's wide), as much as for the whole legend
// beside or under it.
const WideLegendMinZoom = besideMinZoom

// CompactMinZoom is the least fraction of the fitted zoom the fit gives
// up to leave the legend's compact form a margin under the map: otherwise
// that box covers the map's bottom rows (HPA* at 150 % on 1264×720 hid
// 20 px of the map, a row of entrances with it, for want of a fit at 80 %
// of the size). The legend there names every colour on the map, so a
// smaller map with nothing hidden reads better than a larger one with its
// edge under a box; below this the map would get too small to read, and
// the box goes over the map's emptiest corner instead.
const CompactMinZoom = 0.75

// ZoomAt multiplies the zoom by factor, keeping the world point under the
// screen point (sx, sy) fixed. The zoom is clamped to [MinZoom, MaxZoom]
// and, once Fit has run, to no less than a quarter of the fitted zoom (a
// map shrunk to a dot is lost, and F brings the whole map back anyway);
// the map is then kept in view as Pan does.
func (c *Camera) ZoomAt(sx, sy, factor float64) { c.ZoomTo(sx, sy, c.Zoom*factor) }

// ZoomTo is ZoomAt to zoom pixels a cell, exactly (as clamped): a zoom
// asked for by number (-zoom 4, a saved view) went through a factor over
// the fit's zoom and came back 3.9999999999999996.
func (c *Camera) ZoomTo(sx, sy, zoom float64) {
	wx, wy := c.ToWorld(sx, sy)
	c.Zoom = clampZoom(zoom)
	if c.fitted {
		c.Zoom = math.Max(c.Zoom, clampZoom(c.fitZoom*minFitFraction))
	}
	c.OffX = sx - wx*c.Zoom
	c.OffY = sy - wy*c.Zoom
	c.keepInView()
}

// Pan moves the view by (dx, dy) screen pixels, but not so far that the
// map leaves the viewport Fit was given: at least keepPixels of it (all of
// it, when it is smaller on screen) stay inside on each axis.
func (c *Camera) Pan(dx, dy float64) {
	c.OffX += dx
	c.OffY += dy
	c.keepInView()
}

// SetView tells the camera the viewport moved or was resized without a
// new Fit (the user's zoom is kept), so Pan and ZoomAt keep the map inside
// the viewport that is on screen.
func (c *Camera) SetView(view image.Rectangle) { c.view = view }

// keepInView moves the offset the least so that the map overlaps the
// viewport by keepPixels (or its whole size) on each axis.
func (c *Camera) keepInView() {
	if !c.fitted || c.view.Empty() {
		return
	}
	c.OffX = keepAxis(c.OffX, float64(c.mapW)*c.Zoom, float64(c.view.Min.X), float64(c.view.Max.X))
	c.OffY = keepAxis(c.OffY, float64(c.mapH)*c.Zoom, float64(c.view.Min.Y), float64(c.view.Max.Y))
}

// keepAxis clamps off, the screen position of a span of length size, so
// that the span overlaps [lo, hi) by min(keepPixels, size, hi-lo).
func keepAxis(off, size, lo, hi float64) float64 {
	keep := math.Min(keepPixels, math.Min(size, hi-lo))
	if off > hi-keep {
		return hi - keep
	}
	if off+size < lo+keep {
		return lo + keep - size
	}
	return off
}

// Visible returns the cells of a w×h map that intersect the viewport
// rectangle view, widened by one cell; it may be empty.
func (c *Camera) Visible(w, h int, view image.Rectangle) image.Rectangle {
	x0, y0 := c.ToWorld(float64(view.Min.X), float64(view.Min.Y))
	x1, y1 := c.ToWorld(float64(view.Max.X), float64(view.Max.Y))
	r := image.Rect(int(math.Floor(x0))-1, int(math.Floor(y0))-1, int(math.Ceil(x1))+1, int(math.Ceil(y1))+1)
	return r.Intersect(image.Rect(0, 0, w, h))
}

func clampZoom(z float64) float64 {
	if math.IsNaN(z) || z < MinZoom {
		return MinZoom
	}
	if z > MaxZoom {
		return MaxZoom
	}
	return z
}
