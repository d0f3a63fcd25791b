package render

import (
	"image"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
)

// textbookValues opens textbook-groups (its query answered by the group
// planner) and returns it with a frame showing the regions, the search
// and the g / h / f numbers, its camera at zoom px a cell.
func textbookValues(t *testing.T, zoom float64) (*world.World, *Frame) {
	t.Helper()
	w, err := world.Open(assets.Prefix + "textbook-groups")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	w.Begin()
	w.Wait()
	w.Timeline.Seek(w.Timeline.Len())
	l := ComputeLayout(1280, 800, true)
	cam := &Camera{}
	cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
	cam.Zoom, cam.OffX, cam.OffY = zoom, float64(l.Map.Min.X+20), float64(l.Map.Min.Y+20)
	layers := DefaultLayers.With(LayerRegions, true).With(LayerValues, true).With(LayerSearch, true).With(LayerPlans, true)
	return w, &Frame{World: w, Cam: cam, Layout: l, Layers: layers, ViewLevel: 1}
}

// numbersBoxes returns the screen box of the g / h / f numbers of every
// cell that shows them in f.
func numbersBoxes(r *Renderer, f *Frame) map[image.Point]image.Rectangle {
	out := map[image.Point]image.Rectangle{}
	z := f.Cam.Zoom
	face, step := r.valueFace(z)
	for i := 0; i < f.World.Grid.Len(); i++ {
		p := f.World.Grid.Point(i)
		st, _, ok := r.valueState(f, p)
		if !ok {
			continue
		}
		lines, nl := valueLines(st, z)
		wd := 0.0
		for _, line := range lines[:nl] {
			wd = max(wd, r.fonts.Width(face, line))
		}
		sx, sy := f.Cam.ToScreen(float64(p.X), float64(p.Y))
		out[p] = valueTextRect(sx, sy, wd, nl, step)
	}
	return out
}

// carded reports whether one of the cards drawn under numbers this frame
// covers box.
func carded(r *Renderer, box image.Rectangle) bool {
	return slices.ContainsFunc(r.valueCards, func(c image.Rectangle) bool { return box.In(c) })
}

// Regression (new-user test, textbook-groups at 175 %): the region letters'
// chips were lifted over the centre of cells whose g / h / f numbers left
// no room beside them, and drawn after the numbers: "g 0.0" under C,
// "g 3.8" under D, "g 2.0" under B. A chip now goes into the cell's corner,
// smaller where it must, clear of the numbers; at the smallest zooms,
// where even that reaches them, the numbers are drawn over it on a card.
func TestRegionChipsLeaveTheNumbersReadable(t *testing.T) {
	for _, zoom := range []float64{34, 40, 50, 60, 68, 74, 90, 136} {
		w, f := textbookValues(t, zoom)
		r := New()
		r.Draw(ebiten.NewImage(1280, 800), f)
		var chips []image.Rectangle
		ends := []image.Point{w.Start, w.Goal}
		for _, c := range r.coverRects {
			mid := image.Pt((c.Min.X+c.Max.X)/2, (c.Min.Y+c.Max.Y)/2)
			if !slices.ContainsFunc(ends, func(p image.Point) bool {
				x, y := f.Cam.CellCenter(p)
				return abs(int(x)-mid.X) <= 1 && abs(int(y)-mid.Y) <= 1
			}) {
				chips = append(chips, c)
			}
		}
		if len(chips) != len(r.labels) || len(chips) < 4 {
			t.Fatalf("zoom %v: %d chips recorded for %d region letters", zoom, len(chips), len(r.labels))
		}
		boxes := numbersBoxes(r, f)
		if len(boxes) < 5 {
			t.Fatalf("zoom %v: %d cells with numbers", zoom, len(boxes))
		}
		for p, box := range boxes {
			for _, c := range chips {
				if !c.Overlaps(box) {
					continue
				}
				if zoom >= 60 {
					t.Errorf("zoom %v: the chip %v covers the numbers of %v (%v): there is room beside them", zoom, c, p, box)
				}
				if !carded(r, box) {
					t.Errorf("zoom %v: the chip %v covers the numbers of %v (%v), drawn with no card over it", zoom, c, p, box)
				}
			}
		}
	}
}

// Regression (new-user test, textbook-groups): agents standing on cells
// with g / h / f numbers hid them, their discs drawn after the map. The
// numbers under a disc are written again over it, on a card, before the
// agents' labels and panel.
func TestAgentDiscsLeaveTheNumbersReadable(t *testing.T) {
	w, f := textbookValues(t, 68)
	r := New()
	screen := ebiten.NewImage(1280, 800)
	f.OverlaysLater = true
	r.Draw(screen, f)
	boxes := numbersBoxes(r, f)
	var under []image.Point
	for p := range boxes {
		if p != w.Start && p != w.Goal && w.Grid.Open(p) {
			if _, err := w.SpawnAgent(p); err != nil {
				t.Fatal(err)
			}
			under = append(under, p)
		}
	}
	if len(under) < 3 {
		t.Fatalf("%d agents on numbered cells", len(under))
	}
	r.Draw(screen, f)
	cards := len(r.valueCards)
	var drawn []string
	r.fonts.drawn = &drawn
	r.DrawAgents(screen, &AgentLayer{Sim: w.Agents(), Cam: f.Cam, Map: f.Layout.Map})
	r.fonts.drawn = nil
	for _, p := range under {
		st, _, _ := r.valueState(f, p)
		lines, nl := valueLines(st, f.Cam.Zoom)
		// The line the disc (at the cell's centre) crosses: h, the middle one.
		if !slices.Contains(drawn, lines[1]) {
			t.Errorf("agent on %v: its numbers %q not written over its disc (drawn: %q)", p, lines[:nl], drawn)
		}
		if !carded(r, boxes[p]) {
			t.Errorf("agent on %v: its numbers %v have no card over the disc", p, boxes[p])
		}
	}
	if len(r.valueCards) <= cards {
		t.Errorf("no card drawn over the agents' discs (%d before, %d after)", cards, len(r.valueCards))
	}
}
