package render

import (
	"fmt"
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

// Regression (new users' report, a teacher and a level designer): the
// g / h / f numbers were written over the start and goal discs and over
// the agents' bodies, each on a pale card that hid half of the marker
// ("g 0.0 h 2.4" over S, "h 0.0" over G at 1024×768; the closed cells'
// agents washed out). No cell's numbers are now written where a marker
// lies, and no card goes over one: the markers stay whole. Where a cell
// is large enough for both (250 px), its numbers are written beside the
// marker as elsewhere.
func TestMarkersStayWholeOverTheNumbers(t *testing.T) {
	for _, zoom := range []float64{34, 40, 68, 108, 250} {
		w, f := textbookValues(t, zoom)
		f.OverlaysLater = true
		var agentCells []image.Point
		for _, p := range []image.Point{{1, 1}, {2, 4}, {1, 3}} { // a closed cell, an open one, on the path
			if _, err := w.SpawnAgent(p); err != nil {
				t.Fatal(err)
			}
			agentCells = append(agentCells, p)
		}
		r := New()
		screen := ebiten.NewImage(1280, 800)
		r.Draw(screen, f)
		al := &AgentLayer{Sim: w.Agents(), Cam: f.Cam, Map: f.Layout.Map}
		r.DrawAgents(screen, al)
		marks := map[string]image.Rectangle{
			"start": endpointBox(f.Cam, w.Start),
			"goal":  endpointBox(f.Cam, w.Goal),
		}
		if len(r.discs) != len(agentCells) {
			t.Fatalf("zoom %v: %d agent bodies drawn for %d agents", zoom, len(r.discs), len(agentCells))
		}
		for i, d := range r.discs {
			marks[fmt.Sprintf("agent %d", i)] = d
		}
		if len(r.valueBoxes) < 4 {
			t.Fatalf("zoom %v: numbers written in %d cells", zoom, len(r.valueBoxes))
		}
		for name, m := range marks {
			for _, b := range r.valueBoxes {
				if b.Overlaps(m) {
					t.Errorf("zoom %v: numbers %v written under the %s (%v)", zoom, b, name, m)
				}
			}
			for _, c := range r.valueCards {
				if c.Overlaps(m) {
					t.Errorf("zoom %v: a card %v over the %s (%v)", zoom, c, name, m)
				}
			}
		}
		// Beside the marker where the cell has room for both.
		if zoom >= 250 {
			checked := 0
			for _, p := range append([]image.Point{w.Start, w.Goal}, agentCells...) {
				sx, sy := f.Cam.ToScreen(float64(p.X), float64(p.Y))
				cell := image.Rect(int(sx), int(sy), int(sx+zoom), int(sy+zoom))
				if !cell.In(f.Layout.Map) {
					continue // off the window at this zoom
				}
				checked++
				if !slices.ContainsFunc(r.valueBoxes, func(b image.Rectangle) bool { return b.In(cell) }) {
					t.Errorf("zoom %v: no numbers beside the marker on %v", zoom, p)
				}
			}
			if checked < 2 {
				t.Errorf("zoom %v: only %d marked cells in view", zoom, checked)
			}
		}
	}
}
