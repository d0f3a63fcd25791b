package render

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// BenchmarkMessageFrame is the message box's share of a frame with agents
// on the map, as game.Draw spends it: MessageBox for the agents' panel to
// keep off, then DrawOverlays' drawMessage. A long message (wrapped to two
// lines) shows over the built-in world with its query and the legend.
// Drawing queues commands the GPU never runs here (no game loop), so run
// it with a bounded -benchtime (say 3000x).
func BenchmarkMessageFrame(b *testing.B) {
	w := builtinWorld(b, world.AlgoAStar)
	w.Note("%s", "agents: 12 of 40 replanned after the dig at (63,41) walled their corridor; the others kept their routes, and 3 wait for a door that the next stroke may open again")
	r := New()
	var legend []LegendRow
	for l := range NumLayers {
		legend = append(legend, LegendRow{Layer: l, On: DefaultLayers.Has(l)})
	}
	lay := r.FitPanel(ComputeLayout(1280, 800, true), w)
	cam := &Camera{}
	cam.Fit(w.Grid.Width(), w.Grid.Height(), lay.Map)
	f := &Frame{World: w, Cam: cam, Layout: lay, Layers: DefaultLayers, Legend: legend, OverlaysLater: true}
	screen := ebiten.NewImage(1280, 800)
	r.Draw(screen, f) // places the legend and the map notes
	if r.MessageBox(f).Empty() {
		b.Fatal("no message box")
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = r.MessageBox(f)
		r.drawMessage(screen, f)
	}
}

// The message box was laid out twice in a frame with agents (MessageBox
// for their panel, then drawMessage), wrapping and measuring the text
// each time. Its place and lines are now kept while what they depend on
// stays: asking again allocates nothing, and a new text, a moved goal or
// another window size gives what a renderer that never placed it gives.
func TestMessagePlaceKeptUntilItsInputsChange(t *testing.T) {
	w := builtinWorld(t, world.AlgoAStar)
	w.Note("%s", "short note")
	lay := ComputeLayout(1280, 800, true)
	cam := &Camera{}
	cam.Fit(w.Grid.Width(), w.Grid.Height(), lay.Map)
	f := &Frame{World: w, Cam: cam, Layout: lay, Layers: DefaultLayers, OverlaysLater: true}
	screen := ebiten.NewImage(1280, 800)
	r := New()
	r.Draw(screen, f)
	first := r.MessageBox(f)
	if first.Empty() {
		t.Fatal("no message box")
	}
	if a := testing.AllocsPerRun(20, func() { r.MessageBox(f) }); a != 0 {
		t.Errorf("MessageBox with nothing changed: %v allocations, want 0 (laid out again)", a)
	}
	// fresh is what a renderer that has placed no message gives.
	fresh := func() image.Rectangle {
		r2 := New()
		r2.Draw(screen, f)
		return r2.MessageBox(f)
	}
	check := func(what string) image.Rectangle {
		t.Helper()
		r.Draw(screen, f)
		got, want := r.MessageBox(f), fresh()
		if got != want {
			t.Errorf("%s: message box %v, want %v", what, got, want)
		}
		return got
	}
	w.Note("%s", strings.Repeat("a longer note that wraps onto more lines ", 8))
	if b := check("a longer text"); b.Dy() <= first.Dy() {
		t.Errorf("a longer text: box %v, no taller than the short one's %v", b, first)
	}
	// The goal under the box's place, the text as it was: it moves off
	// the goal.
	w.Note("%s", "short note")
	if b := check("the short text again"); b != first {
		t.Fatalf("the short text again: %v, was %v", b, first)
	}
	under := cam.CellAt(float64(first.Min.X+first.Max.X)/2, float64(first.Min.Y+first.Max.Y)/2)
	if !w.Grid.Open(under) {
		w.Grid.SetOpen(under, true)
	}
	if !w.SetEndpoints(w.Start, under) {
		t.Fatalf("goal %v refused", under)
	}
	w.Wait()
	w.Note("%s", "short note")
	if b := check("the goal under it"); b == first {
		t.Errorf("the goal under the box: it stayed at %v", b)
	}
	f.Layout = ComputeLayout(900, 600, true)
	check("a smaller window")
}

// A message over the search hides as little of it as a place allows, and,
// placed, stays where it is while no place hides clearly less: stepping
// the search under it does not make it jump between places that hide
// about as much.
func TestMessageHidesLeastOfTheSearchAndStays(t *testing.T) {
	m := image.Rect(0, 30, 900, 730)
	measure := func(width float64) (int, int) {
		w := min(int(width), 500)
		return w, 30 * (500/w + 1)
	}
	// The search's cells fill the map's lower half: a box hides one per
	// 100 square pixels of it there.
	search := image.Rect(0, 380, 900, 730)
	under := func(rc image.Rectangle) int {
		in := rc.Intersect(search)
		return in.Dx() * in.Dy() / 100
	}
	var spots []msgSpot
	av := &msgAvoid{under: under}
	box, _ := placeMessage(m, av, image.Rectangle{}, &spots, measure)
	if box.Overlaps(search) {
		t.Fatalf("the search fills the lower half: the message %v is over it", box)
	}
	// Nothing under any place: the default, centred at the bottom.
	plain, _ := placeMessage(m, &msgAvoid{}, image.Rectangle{}, &spots, measure)
	if plain.Max.Y != m.Max.Y-10 || (plain.Min.X+plain.Max.X)/2 != (m.Min.X+m.Max.X)/2 {
		t.Fatalf("nothing to keep off: %v, want centred at the bottom", plain)
	}
	// The message sits in a corner that hides as little as the best place
	// (both nothing): it stays there, though the top centre comes first.
	var corner image.Rectangle
	for _, s := range spots {
		if s.box.Min.X == m.Min.X+10 && s.box.Max.Y <= search.Min.Y {
			corner = s.box
			break
		}
	}
	if corner.Empty() {
		t.Fatal("no top-left place among the spots")
	}
	if got, _ := placeMessage(m, av, corner, &spots, measure); got != corner {
		t.Errorf("placed at %v, as clear as the best: moved to %v", corner, got)
	}
	// A place over the search is left for one clear of it.
	if got, _ := placeMessage(m, av, plain, &spots, measure); got == plain || got.Overlaps(search) {
		t.Errorf("placed over the search at %v: stayed or moved over it, to %v", plain, got)
	}
}

// Regression (a tester): the map notes ("zoom in to see them", "last
// repair, held…") stacked at the top of the map whatever lay there, over
// the answer's path. They are placed as the message is: where they cover
// no start or goal, then the fewest of the path's cells, then the least
// of the search; never over the legend, which the message keeps off too.
func TestMapNotesKeepOffThePath(t *testing.T) {
	w := builtinWorld(t, world.AlgoAStar)
	if !w.SetEndpoints(image.Pt(1, 1), image.Pt(80, 1)) { // along the top row
		t.Fatalf("query refused: %s", w.Message)
	}
	w.Wait()
	r := New()
	var legend []LegendRow
	for l := range NumLayers {
		legend = append(legend, LegendRow{Layer: l, On: DefaultLayers.Has(l)})
	}
	lay := r.FitPanel(ComputeLayout(1280, 800, true), w)
	cam := &Camera{}
	cam.Fit(w.Grid.Width(), w.Grid.Height(), lay.Map)
	cam.Zoom = 10 // row 1 at the top of the map area, the path across its middle
	cam.OffX, cam.OffY = float64(lay.Map.Min.X+60), float64(lay.Map.Min.Y+1)
	f := &Frame{World: w, Cam: cam, Layout: lay, Layers: DefaultLayers, Legend: legend,
		FlashNote: "last repair, held: Shift+R lets it fade"}
	screen := ebiten.NewImage(1280, 800)
	var seen []image.Rectangle
	for range 3 { // placed again each frame: it stays
		r.Draw(screen, f)
		if len(r.noteBoxes) != 1 {
			t.Fatalf("%d notes drawn, want the held repair's", len(r.noteBoxes))
		}
		note := r.noteRect
		seen = append(seen, note)
		if !note.In(lay.Map) {
			t.Errorf("the note %v leaves the map area %v", note, lay.Map)
		}
		if note.Overlaps(r.legendRect) {
			t.Errorf("the note %v covers the legend %v", note, r.legendRect)
		}
		for _, p := range w.Outcome.Path {
			x, y := cam.CellCenter(p)
			if image.Pt(int(x), int(y)).In(note) {
				t.Errorf("the note %v covers the path's cell %v", note, p)
				break
			}
		}
		if !r.msgRect.Empty() && r.msgRect.Overlaps(note) {
			t.Errorf("the message %v covers the note %v", r.msgRect, note)
		}
	}
	if seen[0] != seen[1] || seen[1] != seen[2] {
		t.Errorf("the note moves from frame to frame: %v", seen)
	}
}

// Regression (a tester): a batch's note wrapped with "2.21" at the end of a
// line and "%" starting the next. A figure keeps its unit on its line
// (world.Percent's "%", a time's "ms"), wherever the line breaks.
func TestWrapKeepsAFigureWithItsUnit(t *testing.T) {
	ft := New().fonts
	for _, c := range []struct{ head, fig, tail string }{
		{"worst 1 of 1,810: query 310,", world.Percent(0.0221), "over optimal (batch: HPA*, cluster size 10)"},
		{"batch: 1,280 rows, mean", world.Percent(0.00019) + ",", "p99 0.600 %, max 1.10 %"},
		{"median", "0.149 ms", "per row against A*'s 0.512 ms"},
	} {
		num, unit, _ := strings.Cut(c.fig, " ")
		s := c.head + " " + c.fig + " " + c.tail
		// The line holds the head and the number, not its unit.
		width := ft.Width(ft.UI, c.head+" "+num) + 1
		for _, lines := range [][]string{wrap(ft, ft.UI, s, width), wrapHard(ft, ft.UI, s, width)} {
			if strings.Join(lines, " ") != s {
				t.Errorf("%q wrapped to %q: the text changed", s, lines)
			}
			for i, l := range lines {
				if strings.HasSuffix(l, " "+num) || l == num {
					t.Errorf("%q at %.0f px: line %d %q ends with the figure, its %q on the next", s, width, i, l, unit)
				}
				if strings.HasPrefix(l, unit) && i > 0 {
					t.Errorf("%q at %.0f px: line %d %q starts with the unit", s, width, i, l)
				}
			}
		}
	}
	// A unit after a word that is no figure is a word like another.
	if got := keepUnits([]string{"the", "s", "cell"}); len(got) != 3 {
		t.Errorf("keepUnits joined a unit to a word: %q", got)
	}
}
