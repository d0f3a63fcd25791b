package render

import (
	"image"
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9*math.Max(1, math.Abs(a)) }

func TestCameraInverseAndZoomAboutCursor(t *testing.T) {
	var c Camera
	c.Fit(128, 96, image.Rect(0, 30, 940, 744))
	// The fitted map is centred in the view and fully inside it.
	x0, y0 := c.ToScreen(0, 0)
	x1, y1 := c.ToScreen(128, 96)
	if x0 < 0 || y0 < 30 || x1 > 940 || y1 > 744 {
		t.Fatalf("fitted map spans (%v,%v)-(%v,%v), outside the view", x0, y0, x1, y1)
	}
	if !near((x0+x1)/2, 470) || !near((y0+y1)/2, 387) {
		t.Fatalf("fitted map centre (%v,%v), want (470,387)", (x0+x1)/2, (y0+y1)/2)
	}
	for _, p := range [][2]float64{{0, 0}, {12.5, 7.25}, {127.9, 95.1}, {-3, 200}} {
		sx, sy := c.ToScreen(p[0], p[1])
		wx, wy := c.ToWorld(sx, sy)
		if !near(wx, p[0]) || !near(wy, p[1]) {
			t.Fatalf("ToWorld(ToScreen(%v)) = (%v,%v)", p, wx, wy)
		}
	}
	// Zooming keeps the world point under the cursor fixed.
	mx, my := 300.0, 200.0
	wx, wy := c.ToWorld(mx, my)
	for _, f := range []float64{1.2, 1.2, 1 / 1.2, 50, 1e-9, 1e12} {
		c.ZoomAt(mx, my, f)
		if c.Zoom < MinZoom || c.Zoom > MaxZoom || math.IsNaN(c.Zoom) {
			t.Fatalf("zoom %v outside [%v,%v]", c.Zoom, MinZoom, MaxZoom)
		}
		ax, ay := c.ToWorld(mx, my)
		if !near(ax, wx) || !near(ay, wy) {
			t.Fatalf("after zoom ×%v the cursor shows (%v,%v), was (%v,%v)", f, ax, ay, wx, wy)
		}
	}
	// Picking: the cell under a screen point.
	c.Fit(10, 10, image.Rect(0, 0, 100, 100))
	cx, cy := c.CellCenter(image.Pt(3, 7))
	if got := c.CellAt(float64(cx), float64(cy)); got != image.Pt(3, 7) {
		t.Fatalf("CellAt(centre of (3,7)) = %v", got)
	}
}

func TestCameraFitsAnyViewport(t *testing.T) {
	for _, v := range []image.Rectangle{image.Rect(0, 0, 1, 1), image.Rect(0, 0, 0, 0), image.Rect(5, 5, 4, 4), image.Rect(0, 0, 16384, 2)} {
		var c Camera
		c.Fit(1024, 1024, v)
		if math.IsNaN(c.Zoom) || math.IsNaN(c.OffX) || math.IsNaN(c.OffY) || c.Zoom < MinZoom {
			t.Fatalf("fit into %v: zoom %v offset (%v,%v)", v, c.Zoom, c.OffX, c.OffY)
		}
		if vis := c.Visible(1024, 1024, v); !vis.In(image.Rect(0, 0, 1024, 1024)) && !vis.Empty() {
			t.Fatalf("visible %v outside the map", vis)
		}
	}
}

func TestLayoutAnyWindow(t *testing.T) {
	for _, s := range [][2]int{{1, 1}, {0, 0}, {300, 200}, {1280, 800}, {4000, 3000}} {
		l := ComputeLayout(s[0], s[1], true)
		if l.Map.Empty() {
			t.Fatalf("%v: empty map area", s)
		}
		if !l.Map.In(l.Screen) {
			t.Fatalf("%v: map %v outside the screen %v", s, l.Map, l.Screen)
		}
	}
}

// Regression: the wheel zoomed a 128×96 map out to 1/64 pixel per cell, a
// dot in an empty window, and panning could push the map out of the view
// altogether. Zooming out now stops at a quarter of the fitted size, and
// the map always keeps a part in view whatever the pan.
func TestCameraKeepsTheMapFindable(t *testing.T) {
	view := image.Rect(0, 30, 1260, 944)
	var c Camera
	c.Fit(128, 96, view)
	fit := c.Zoom
	for range 100 {
		c.ZoomAt(600, 400, 1/1.2)
	}
	if c.Zoom < fit/4-1e-9 {
		t.Errorf("zoomed out to %v px per cell, want at least a quarter of the fitted %v", c.Zoom, fit)
	}
	inView := func(what string) {
		t.Helper()
		x0, y0 := c.ToScreen(0, 0)
		x1, y1 := c.ToScreen(128, 96)
		m := image.Rect(int(math.Ceil(x0)), int(math.Ceil(y0)), int(x1), int(y1))
		if got := m.Intersect(view); got.Dx() < min(keepPixels, m.Dx())-1 || got.Dy() < min(keepPixels, m.Dy())-1 {
			t.Errorf("%s: map on screen %v shows only %v of view %v", what, m, got, view)
		}
	}
	inView("zoomed out")
	for _, d := range [][2]float64{{1e6, 0}, {-1e6, 0}, {0, 1e6}, {0, -1e6}, {-1e6, -1e6}} {
		c.Pan(d[0], d[1])
		inView("panned")
	}
	c.ZoomAt(10, 40, 1e12)
	c.Pan(1e6, 1e6)
	inView("zoomed in and panned")
	// A camera that was never fitted keeps the plain limits.
	var free Camera
	free.Zoom = 1
	free.ZoomAt(0, 0, 1e-9)
	if free.Zoom != MinZoom {
		t.Errorf("unfitted camera zoomed to %v, want MinZoom", free.Zoom)
	}
}

// After a resize that keeps the user's zoom (no new Fit), panning is
// bounded by the new, smaller viewport, not the one Fit was given.
func TestCameraPanBoundedByNewView(t *testing.T) {
	var c Camera
	c.Fit(128, 96, image.Rect(0, 30, 1260, 944))
	small := image.Rect(0, 30, 400, 300)
	c.SetView(small)
	c.Pan(1e6, 1e6)
	x0, y0 := c.ToScreen(0, 0)
	if x0 > float64(small.Max.X)-keepPixels+1 || y0 > float64(small.Max.Y)-keepPixels+1 {
		t.Errorf("map's corner at (%v,%v), outside the %v viewport", x0, y0, small)
	}
}

// FitBeside leaves side pixels free left of the map: by moving it when the
// viewport is wide enough, by shrinking it a little when it is not, and not
// at all when that would cost more than besideMinZoom of its size.
func TestCameraFitBeside(t *testing.T) {
	view := image.Rect(0, 30, 940, 745)
	var plain Camera
	cases := []struct {
		name   string
		w, h   int
		side   float64
		room   bool // side pixels free on the left afterwards
		shrunk bool // zoom below the plain fit's
	}{
		{"narrow map moves right", 35, 43, 226, true, false},
		{"map a little too wide shrinks", 45, 43, 226, true, true},
		{"wide map stays fitted", 128, 43, 226, false, false},
		{"no side is Fit", 45, 43, 0, false, false},
	}
	for _, tc := range cases {
		plain.Fit(tc.w, tc.h, view)
		var c Camera
		c.FitBeside(tc.w, tc.h, view, tc.side, 0)
		x0, y0 := c.ToScreen(0, 0)
		x1, y1 := c.ToScreen(float64(tc.w), float64(tc.h))
		if x0 < float64(view.Min.X) || y0 < float64(view.Min.Y) || x1 > float64(view.Max.X) || y1 > float64(view.Max.Y) {
			t.Errorf("%s: map spans (%v,%v)-(%v,%v), outside %v", tc.name, x0, y0, x1, y1, view)
		}
		if room := x0-float64(view.Min.X) >= tc.side && tc.side > 0; room != tc.room {
			t.Errorf("%s: %v px free on the left for a side of %v, want room %v", tc.name, x0-float64(view.Min.X), tc.side, tc.room)
		}
		if shrunk := c.Zoom < plain.Zoom-1e-9; shrunk != tc.shrunk {
			t.Errorf("%s: zoom %v against the plain fit's %v, want shrunk %v", tc.name, c.Zoom, plain.Zoom, tc.shrunk)
		}
		if c.Zoom < besideMinZoom*plain.Zoom-1e-9 {
			t.Errorf("%s: zoom %v is under %v of the plain fit's %v", tc.name, c.Zoom, besideMinZoom, plain.Zoom)
		}
		if tc.name == "narrow map moves right" && x0-float64(view.Min.X) > tc.side+1e-9 {
			t.Errorf("%s: %v px free on the left, want exactly the side %v (moved, not refitted)", tc.name, x0-float64(view.Min.X), tc.side)
		}
		// Panning keeps to the whole viewport, not the narrowed one: the
		// map can be pushed left until keepPixels of it remain.
		c.Pan(-10000, 0)
		if x1, _ := c.ToScreen(float64(tc.w), 0); !near(x1, float64(view.Min.X)+keepPixels) {
			t.Errorf("%s: map pushed left ends at %v, want %v", tc.name, x1, float64(view.Min.X)+keepPixels)
		}
	}
	// A side as wide as the view or wider (or not a number) is plain Fit.
	for _, side := range []float64{940, 1e300, math.Inf(1), math.NaN()} {
		var c Camera
		c.FitBeside(45, 43, view, side, side)
		plain.Fit(45, 43, view)
		if c.Zoom != plain.Zoom || c.OffX != plain.OffX {
			t.Errorf("side %v: zoom %v at %v, want the plain fit's %v at %v", side, c.Zoom, c.OffX, plain.Zoom, plain.OffX)
		}
	}
}

// Regression (a user: the legend covered small maps with empty margins):
// FitBeside also leaves below pixels free under a wide map, moving it up
// when the viewport is tall enough, else shrinking it a little; the room
// beside it still comes first, and a map that fills the viewport stays
// fitted.
func TestCameraFitBesideLeavesRoomUnder(t *testing.T) {
	view := image.Rect(0, 30, 940, 745)
	cases := []struct {
		name        string
		w, h        int
		side, below float64
		roomBelow   bool // below pixels free under the map afterwards
		roomSide    bool // side pixels free left of it
		shrunk      bool
	}{
		{"wide map moves up", 7, 4, 236, 188, true, false, false},
		{"wide map a little too tall shrinks", 27, 17, 236, 188, true, false, true},
		{"narrow map moves right, not up", 35, 43, 236, 188, false, true, false},
		{"map filling the view stays", 128, 96, 236, 188, false, false, false},
		{"no below is Fit for a wide map", 7, 4, 0, 0, false, false, false},
	}
	for _, tc := range cases {
		var plain, c Camera
		plain.Fit(tc.w, tc.h, view)
		c.FitBeside(tc.w, tc.h, view, tc.side, tc.below)
		x0, y0 := c.ToScreen(0, 0)
		x1, y1 := c.ToScreen(float64(tc.w), float64(tc.h))
		if x0 < float64(view.Min.X) || y0 < float64(view.Min.Y) || x1 > float64(view.Max.X)+1e-9 || y1 > float64(view.Max.Y)+1e-9 {
			t.Errorf("%s: map spans (%v,%v)-(%v,%v), outside %v", tc.name, x0, y0, x1, y1, view)
		}
		if room := float64(view.Max.Y)-y1 >= tc.below-1e-9 && tc.below > 0; room != tc.roomBelow {
			t.Errorf("%s: %v px free under the map for %v, want room %v", tc.name, float64(view.Max.Y)-y1, tc.below, tc.roomBelow)
		}
		if room := x0-float64(view.Min.X) >= tc.side && tc.side > 0; room != tc.roomSide {
			t.Errorf("%s: %v px free left of the map for %v, want room %v", tc.name, x0-float64(view.Min.X), tc.side, tc.roomSide)
		}
		if shrunk := c.Zoom < plain.Zoom-1e-9; shrunk != tc.shrunk {
			t.Errorf("%s: zoom %v against the plain fit's %v, want shrunk %v", tc.name, c.Zoom, plain.Zoom, tc.shrunk)
		}
		if c.Zoom < besideMinZoom*plain.Zoom-1e-9 {
			t.Errorf("%s: zoom %v is under %v of the plain fit's %v", tc.name, c.Zoom, besideMinZoom, plain.Zoom)
		}
	}
}

// From a designer's test: castle.tmx (60×40) at 1280×800 kept 54 px free
// above the map while the legend, for which no room could be made at 85 %
// of the size, covered the corner of a room. Where no room can be made (a
// 56×40 map: 81 % of its size even with the room in Fit's margin) the map
// gives the legend its top margin; castle itself now gets the room under
// it at 87 % of its size, the room taking the place of Fit's margin.
func TestFitBesideMovesUpWhenNoRoomIsMade(t *testing.T) {
	view := image.Rect(0, 30, 940, 744)
	var c Camera
	c.Fit(56, 40, view)
	top := c.OffY - float64(view.Min.Y)
	c.FitBeside(56, 40, view, 231, 172)
	if math.Abs(c.Zoom-(940.0-32)/56) > 1e-9 {
		t.Fatalf("zoom %v: the map was shrunk", c.Zoom)
	}
	if got := c.OffY - float64(view.Min.Y); math.Abs(got-16) > 0.5 || top < 30 {
		t.Errorf("top margin %v (was %v), want all but Fit's 16 px given to the legend", got, top)
	}
	var plain Camera
	plain.Fit(60, 40, view)
	c.FitBeside(60, 40, view, 231, 172)
	if free := float64(view.Max.Y) - (c.OffY + 40*c.Zoom); free < 172 || c.Zoom < besideMinZoom*plain.Zoom {
		t.Errorf("castle (60×40): %v px free under the map at %.2f px a cell (fitted %.2f), want 172 at 85 %% or more", free, c.Zoom, plain.Zoom)
	}
	// Fit's margin stays above every map (the map notes sit in it, and a
	// click just above the map is on no cell, not on the top bar).
	c.FitBeside(128, 96, view, 231, 172)
	if got := c.OffY - float64(view.Min.Y); got < 16 {
		t.Errorf("the built-in world's top margin %v, want Fit's 16 px kept", got)
	}
}
