package render

import (
	"image"
	"math"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
)

// Regression (a tester, gallery case exclusion-shortcut): the region
// letters' chips H and C were drawn over the abstract nodes' rings (H on
// the hall's level-2 node above its centre; at 175 % C, W and E too). A
// chip keeps off every node ring or disc the query draws (its abstract
// searches' nodes at any point of the timeline, its plans' nodes) and the
// start and goal, moving to another of its region's cells.
func TestRegionChipsKeepOffNodeRings(t *testing.T) {
	w, err := world.Open(assets.Prefix + "exclusion-shortcut")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.Begin()
	w.Wait()
	if len(w.Regions) == 0 || len(w.Outcome.Plans) < 2 {
		t.Fatalf("the case has %d region layers and %d plan levels: the test wants both", len(w.Regions), len(w.Outcome.Plans))
	}
	type ring struct {
		p    image.Point
		rad  float64 // at zoom 1; see radius
		lvl  int
		kind string
	}
	var rings []ring
	for y := range w.Grid.Height() {
		for x := range w.Grid.Width() {
			if l := w.AbstractNodeLevel(image.Pt(x, y)); l > 0 {
				rings = append(rings, ring{p: image.Pt(x, y), lvl: l, kind: "search"})
			}
		}
	}
	for l, plan := range w.Outcome.Plans {
		for _, q := range plan {
			rings = append(rings, ring{p: q, lvl: l, kind: "plan"})
		}
	}
	rings = append(rings, ring{p: w.Start, kind: "start"}, ring{p: w.Goal, kind: "goal"})
	// radius is the drawn radius of a mark at zoom z, with half a ring's
	// stroke (drawAbstractSearch, drawPlans, drawEndpoints).
	radius := func(g ring, z float64) float64 {
		switch g.kind {
		case "search":
			return math.Max(2.5, math.Min(z*0.55, 11)) + float64(g.lvl) + 1.25
		case "plan":
			return float64(3+g.lvl) + 1.5
		}
		return EndpointRadius(z)
	}
	r := New()
	for _, size := range [][2]int{{1280, 800}, {854, 534}, {731, 458}} { // 100, 150, 175 %
		l := ComputeLayout(size[0], size[1], true)
		var cam Camera
		cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
		screen := ebiten.NewImage(size[0], size[1])
		for _, at := range []int{w.Timeline.Len() / 2, w.Timeline.Len()} {
			w.Timeline.Seek(at)
			r.Draw(screen, &Frame{World: w, Cam: &cam, Layout: l, ViewLevel: 1, Layers: DefaultLayers})
			if len(r.chips) == 0 {
				t.Fatalf("%v: no region chip drawn", size)
			}
			for _, c := range r.chips {
				for _, g := range rings {
					x, y := cam.CellCenter(g.p)
					dx := math.Max(math.Max(float64(c.Min.X)-float64(x), 0), float64(x)-float64(c.Max.X))
					dy := math.Max(math.Max(float64(c.Min.Y)-float64(y), 0), float64(y)-float64(c.Max.Y))
					if rad := radius(g, cam.Zoom); math.Hypot(dx, dy) < rad {
						t.Errorf("%v at %.1f px a cell, event %d: a region chip %v covers the %s mark of %v (radius %.1f)", size, cam.Zoom, at, c, g.kind, g.p, rad)
					}
				}
			}
		}
	}
}

// The legend's corner keeps off the region letters' chips where another
// corner covers no more of what comes first (start and goal, the answer
// and its plans): at 175 % on pathological-maximin its line sat over X's
// letter, in a corner that tied with the others on the cells it covered.
func TestLegendCornerKeepsOffRegionLetters(t *testing.T) {
	w := openWorld(t, 4, 4) // a small map in the middle: every corner is margin
	defer w.Close()
	r := New()
	l := ComputeLayout(1280, 800, true)
	var cam Camera
	cam.Fit(4, 4, l.Map)
	cam.Zoom = 20
	cam.OffX, cam.OffY = float64(l.Map.Min.X+l.Map.Max.X)/2-40, float64(l.Map.Min.Y+l.Map.Max.Y)/2-40
	f := &Frame{World: w, Cam: &cam, Layout: l}
	free, hides := r.legendBox(f, 200, 100)
	if hides {
		t.Fatalf("no corner free of a 4×4 map in the middle of the window: %v", free)
	}
	r.chips = []image.Rectangle{free.Inset(40)} // a letter in that corner
	box, hides := r.legendBox(f, 200, 100)
	if box == free || hides {
		t.Errorf("the legend %v (hides %v) covers the region letter at %v, with other corners free", box, hides, r.chips[0])
	}
}
