package render

import (
	"image"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
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

// A place hiding a little of the search is not taken for coming first
// when another hides none: the slack that keeps a placed message where it
// is (msgSlack) let the bottom, first in order, win over a clear place,
// and the note lay over the edge of the search it described.
func TestMessageTakesTheClearPlaceOverTheFirst(t *testing.T) {
	m := image.Rect(0, 30, 900, 730)
	measure := func(width float64) (int, int) {
		w := min(int(width), 500)
		return w, 30 * (500/w + 1)
	}
	// One sample of the search under the bottom's middle, nothing
	// elsewhere.
	tip := image.Rect(440, 700, 460, 720)
	under := func(rc image.Rectangle) int {
		if rc.Overlaps(tip) {
			return 1
		}
		return 0
	}
	var spots []msgSpot
	av := &msgAvoid{under: under}
	box, _ := placeMessage(m, av, image.Rectangle{}, &spots, measure)
	if box.Overlaps(tip) {
		t.Errorf("the message %v hides the search at %v; other places hide none", box, tip)
	}
	// Placed over it already, it stays (the slack is for staying).
	bottom := spots[0].box
	if !bottom.Overlaps(tip) {
		t.Fatalf("the first place %v is not over the search %v", bottom, tip)
	}
	if got, _ := placeMessage(m, av, bottom, &spots, measure); got != bottom {
		t.Errorf("placed at %v, a sample over the best: moved to %v", bottom, got)
	}
}

// ghostRing returns a ghost whose fill is every open cell within octile
// distance r of c on grid g (Dijkstra's fill stopped at r), its path the
// row from c to c+(r,0).
func ghostRing(w *world.World, c image.Point, r float64) *world.Ghost {
	g := w.Grid
	gh := &world.Ghost{Label: "Dijkstra", Switch: "algo", Fill: make([]uint64, (g.Len()+63)/64)}
	for y := range g.Height() {
		for x := range g.Width() {
			dx, dy := math.Abs(float64(x-c.X)), math.Abs(float64(y-c.Y))
			if max(dx, dy)+(math.Sqrt2-1)*min(dx, dy) <= r {
				i := y*g.Width() + x
				gh.Fill[i>>6] |= 1 << (uint(i) & 63)
			}
		}
	}
	for x := c.X; x <= c.X+int(r); x++ {
		gh.Path = append(gh.Path, image.Pt(x, c.Y))
	}
	return gh
}

// Regression: the note comparing A* with the Dijkstra before it ("dotted:
// where its search stopped") lay over those dots: the placement counted
// the answer's path and search, not the ghost's fill, so every place clear
// of A*'s narrow fill was as good, and the first, the bottom's middle,
// sat on the ring where Dijkstra stopped. It now hides none of the ghost
// (its frontier dots, its path) when a place allows, and no start, goal,
// path or search either.
func TestMessageKeepsOffTheGhost(t *testing.T) {
	m, err := maps.ReadASCII(strings.NewReader(strings.Repeat(strings.Repeat(".", 60)+"\n", 46)), "open") // the map area's shape at 1280×800
	if err != nil {
		t.Fatal(err)
	}
	w := world.New(m)
	t.Cleanup(w.Close)
	w.Begin()
	w.Wait()
	w.SetAlgo(world.AlgoAStar)
	if !w.SetEndpoints(image.Pt(30, 22), image.Pt(40, 22)) {
		t.Fatalf("query refused: %s", w.Message)
	}
	w.Wait()
	w.Ghost = ghostRing(w, image.Pt(30, 22), 22) // rows 0 to 44
	w.Note("%s", "A*: cost 10.00, was 10.00 with Dijkstra; 11 expanded, was 1,010 (dotted: where its search stopped); Shift+O drops the ghost")
	lay := ComputeLayout(1280, 800, true)
	cam := &Camera{}
	cam.Fit(w.Grid.Width(), w.Grid.Height(), lay.Map)
	f := &Frame{World: w, Cam: cam, Layout: lay, Layers: DefaultLayers, OverlaysLater: true}
	r := New()
	r.Draw(ebiten.NewImage(1280, 800), f)
	box := r.MessageBox(f)
	if box.Empty() {
		t.Fatal("no message box")
	}
	g := w.Grid
	dots := ghostDots(cam, g, w.Ghost, g.Bounds(), nil)
	hides := func(what string, box image.Rectangle) {
		t.Helper()
		n := 0
		for _, d := range dots {
			if image.Pt(int(d[0]), int(d[1])).In(box) {
				n++
			}
		}
		if n > 0 {
			t.Errorf("the %s %v hides %d dots of the ghost's frontier", what, box, n)
		}
	}
	hides("message", box)
	// A map note goes where the message would: off the ghost too (the
	// top's middle, its first place, is over the ring's top).
	f.FlashNote = "last repair, held: Shift+R lets it fade"
	r.Draw(ebiten.NewImage(1280, 800), f)
	if r.noteRect.Empty() {
		t.Fatal("no map note drawn")
	}
	hides("map note", r.noteRect)
	cells := append([]image.Point{w.Start, w.Goal}, w.Outcome.Path...)
	cells = append(cells, w.Ghost.Path...)
	last := w.Timeline.Last(0)
	for i, v := range last {
		if v >= 0 {
			cells = append(cells, image.Pt(i%g.Width(), i/g.Width()))
		}
	}
	for _, p := range cells {
		x, y := cam.CellCenter(p)
		if image.Pt(int(x), int(y)).In(box) {
			t.Errorf("the message %v hides the cell %v (start, goal, a path's or the search's)", box, p)
			break
		}
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
