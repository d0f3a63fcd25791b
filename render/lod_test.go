package render

import (
	"image/color"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
)

// fittedClusterPx returns how many screen pixels a cluster of side cells
// is wide on a w×h map fitted to the default 1280×800 window.
func fittedClusterPx(w, h, side int) float64 {
	var cam Camera
	cam.Fit(w, h, ComputeLayout(1280, 800, true).Map)
	return float64(side) * cam.Zoom
}

// Regression (usability test, 512×512 maps): at the fitted zoom, 10-cell
// clusters are about 13 px wide and their borders, at full strength, made
// a blue lattice that hid the terrain and read as walls on maze512. The
// borders now fade with the clusters' size on screen and vanish when the
// clusters are a few pixels wide; the built-in world's 70 px clusters keep
// the borders they had.
func TestBordersFadeWithClusterSizeOnScreen(t *testing.T) {
	big := fittedClusterPx(128, 96, 10) // the built-in world
	if big < borderFullPx {
		t.Fatalf("the built-in world's clusters are %.1f px: the test assumes they are drawn in full", big)
	}
	for _, base := range []uint8{ColBorder.A, 80} {
		if got := borderAlpha(base, big); got != base {
			t.Errorf("built-in world (%.0f px clusters): alpha %d, want the unchanged %d", big, got, base)
		}
	}
	small := fittedClusterPx(512, 512, 10)
	if small < 8 || small > 20 {
		t.Fatalf("a 512×512 map's clusters are %.1f px fitted: the test assumes about 13", small)
	}
	if got := borderAlpha(ColBorder.A, small); got == 0 || got > ColBorder.A/3 {
		t.Errorf("512×512 fitted (%.1f px clusters): view level alpha %d, want visible but at most a third of %d", small, got, ColBorder.A)
	}
	if got := borderAlpha(80, small); got != 0 {
		t.Errorf("512×512 fitted: the level below is drawn at alpha %d, want left out", got)
	}
	if got := borderAlpha(ColBorder.A, 4); got != 0 {
		t.Errorf("4 px clusters: alpha %d, want left out", got)
	}
	// Zooming in never makes the borders fainter.
	prev := uint8(0)
	for px := 0.0; px <= 200; px += 0.25 {
		a := borderAlpha(ColBorder.A, px)
		if a < prev {
			t.Fatalf("alpha falls from %d to %d at %.2f px", prev, a, px)
		}
		if a != 0 && a < borderMinAlpha {
			t.Fatalf("alpha %d at %.2f px: fainter than the %d floor", a, px, borderMinAlpha)
		}
		prev = a
	}
}

// Regression (usability test, 512×512 maps): an entrance bar and a node
// square on every border crossing, 13 px apart, covered the map. Entrances
// and nodes are drawn in full only when a cluster is large enough to read
// them, as dots a little below that, and not at all (a note asks to zoom
// in) at the fitted zoom of a 512×512 map; the built-in world and the
// docs' zoomed node picture (14 px a cell) keep the full drawing.
func TestNodeDetailFollowsClusterSizeOnScreen(t *testing.T) {
	for _, c := range []struct {
		name string
		px   float64
		want nodeDetail
	}{
		{"512×512 fitted", fittedClusterPx(512, 512, 10), nodesHidden},
		{"maze512 at 2.4 px a cell", 24, nodesDots},
		{"256×256 fitted", fittedClusterPx(256, 256, 10), nodesDots},
		{"built-in world fitted", fittedClusterPx(128, 96, 10), nodesFull},
		{"docs/img/layer-nodes.png, 14 px a cell", 140, nodesFull},
		{"nothing on screen", 0, nodesHidden},
	} {
		if got := nodeDetailAt(c.px); got != c.want {
			t.Errorf("%s (%.1f px clusters): detail %d, want %d", c.name, c.px, got, c.want)
		}
	}
	prev := nodesHidden
	for px := 0.0; px <= 200; px += 0.5 {
		d := nodeDetailAt(px)
		if d < prev {
			t.Fatalf("detail falls from %d to %d at %.1f px", prev, d, px)
		}
		prev = d
	}
}

// over returns straight-alpha colour c composited over opaque bg.
func over(c, bg color.RGBA) color.RGBA {
	a := float64(c.A) / 255
	mix := func(x, y uint8) uint8 { return uint8(float64(x)*a + float64(y)*(1-a) + 0.5) }
	return color.RGBA{mix(c.R, bg.R), mix(c.G, bg.G), mix(c.B, bg.B), 255}
}

// luma is the perceived brightness of c (Rec. 709 weights), 0..255.
func luma(c color.RGBA) float64 {
	return 0.2126*float64(c.R) + 0.7152*float64(c.G) + 0.0722*float64(c.B)
}

// Regression (usability test, maze512): one-cell maze walls and the view
// level's borders, both dark lines 1-2 pixels wide at the fitted zoom,
// looked alike, and users clicked walls for borders. Faded over floor, a
// border is now far lighter than a wall.
func TestFadedBordersAreLighterThanWalls(t *testing.T) {
	c := ColBorder
	c.A = borderAlpha(c.A, fittedClusterPx(512, 512, 10))
	line, wall := luma(over(c, ColFloor)), luma(ColWall)
	if line-wall < 80 {
		t.Errorf("border over floor has brightness %.0f, a wall %.0f: want the border at least 80 lighter", line, wall)
	}
}

// Regression (a new user): with dense transitions and the edges layer on,
// the built-in world at 24 and 48 px a cell showed no nodes, no entrance
// bars and no edges, only "level 1: … edges in view: zoom in to see them":
// the edges' count held back the nodes layer too. Only the edges are held
// back now, and the note says so.
func TestDenseEdgesHoldBackOnlyTheEdges(t *testing.T) {
	w := denseWorld(t)
	r := New()
	l := ComputeLayout(1280, 800, true)
	screen := ebiten.NewImage(1280, 800)
	both := LayerSet(0).With(LayerWeights, true).With(LayerBorders, true).With(LayerNodes, true).With(LayerEdges, true)
	for _, zoom := range []float64{24, 48} {
		var cam Camera
		cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
		cam.Zoom = zoom
		cx, cy := float64(l.Map.Min.X+l.Map.Max.X)/2, float64(l.Map.Min.Y+l.Map.Max.Y)/2
		cam.OffX, cam.OffY = cx-30.5*zoom, cy-40.5*zoom
		f := &Frame{World: w, Cam: &cam, Layout: l, ViewLevel: 1, Layers: both}
		var s []string
		r.fonts.drawn = &s
		r.Draw(screen, f)
		r.fonts.drawn = nil
		drawn := strings.Join(s, " | ")
		if r.nodesDrawn == 0 || r.barsDrawn == 0 {
			t.Errorf("%v px a cell, nodes and edges on: %d nodes and %d entrance bars drawn, want both (notes: %q)", zoom, r.nodesDrawn, r.barsDrawn, r.notes)
		}
		if r.edgesDrawn > 0 {
			// The case needs the edges to be too many, else it tests nothing.
			t.Fatalf("%v px a cell: %d edges drawn, the test wants more in view than the %d drawn at most", zoom, r.edgesDrawn, maxVisibleEdges)
		}
		if !strings.Contains(drawn, "zoom in to see the edges (nodes drawn)") {
			t.Errorf("%v px a cell: the note does not say only the edges are held back:\n%s", zoom, drawn)
		}
		if strings.Contains(drawn, "zoom in to see them") {
			t.Errorf("%v px a cell: a note says nodes and edges are both held back:\n%s", zoom, drawn)
		}
		// Without the edges layer the nodes are drawn as before, no note.
		f.Layers = both.With(LayerEdges, false)
		r.Draw(screen, f)
		if r.nodesDrawn == 0 || len(r.notes) != 0 {
			t.Errorf("%v px a cell, edges off: %d nodes drawn, notes %q", zoom, r.nodesDrawn, r.notes)
		}
	}
}

// A new user's report: zoomed out on a big map with the edges layer on,
// two notes showed at once, "…too many to draw: zoom in to see the edges
// (nodes drawn)" and "zoom in to see the abstract nodes and edges", with
// no node drawn. Where the nodes are hidden by their size on screen, that
// is the one note.
func TestHiddenNodesGiveOneZoomNote(t *testing.T) {
	w := denseWorld(t)
	r := New()
	l := ComputeLayout(1280, 800, true)
	screen := ebiten.NewImage(1280, 800)
	var cam Camera
	cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
	cam.Zoom = 1.5 // 15 px a cluster: listed, but too small for nodes
	f := &Frame{World: w, Cam: &cam, Layout: l, ViewLevel: 1, Layers: LayerSet(0).With(LayerNodes, true).With(LayerEdges, true)}
	r.Draw(screen, f)
	notes := strings.Join(r.notes, " | ")
	if r.nodesDrawn != 0 {
		t.Fatalf("%d nodes drawn at 15 px a cluster: the test wants them hidden", r.nodesDrawn)
	}
	if strings.Contains(notes, "nodes drawn") || !strings.Contains(notes, zoomInNote) {
		t.Errorf("notes %q: want only the note to zoom in, none saying nodes are drawn", notes)
	}
}

// denseWorld is the built-in world under HPA* with dense transitions
// (every open pair of an entrance), planned; closed when the test ends.
func denseWorld(t *testing.T) *world.World {
	t.Helper()
	w, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	w.Begin()
	w.Settings.Dense = true
	w.SetAlgo(world.AlgoHPA)
	w.Wait()
	return w
}
