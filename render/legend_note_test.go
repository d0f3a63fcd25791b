package render

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
)

// Regression: the magenta ring and line drawCurrent puts on the node at
// the cursor were named in the help and the docs only, not in the legend;
// in HPA*'s smooth phase the ring is the anchor lines are tried from, and
// the magenta polyline is the answer's smoothed segment. The legend has a
// line for it while it is drawn, in the words of what is drawn.
func TestLegendNamesTheMagentaMarks(t *testing.T) {
	w := builtinWorld(t, world.AlgoHPA)
	tl := &w.Timeline
	f := &Frame{World: w, Layers: DefaultLayers}
	if got := currentNote(f); got != "" {
		t.Errorf("at the end (nothing magenta drawn): %q", got)
	}
	seek := func(name string) {
		t.Helper()
		k := tl.FindPhase(name)
		if k < 0 {
			t.Fatalf("no phase %q", name)
		}
		tl.Seek(tl.Trace().Phases[k].Start + 2)
	}
	seek("smooth")
	if cur, _ := tl.Current(); cur.Kind.Search() {
		t.Fatalf("smooth phase's event is a search event: %+v", cur)
	}
	if got := currentNote(f); got != currentNoteSmooth || !strings.Contains(got, "smooth") {
		t.Errorf("smooth phase: %q, want %q", got, currentNoteSmooth)
	}
	seek("refine cells step 2")
	if got := currentNote(f); got != currentNoteCell {
		t.Errorf("cell search: %q, want %q", got, currentNoteCell)
	}
	seek("abstract L2")
	if got := currentNote(f); got != currentNoteNode {
		t.Errorf("abstract search: %q, want %q", got, currentNoteNode)
	}
	f.Layers = f.Layers.With(LayerSearch, false)
	if got := currentNote(f); got != "" {
		t.Errorf("search layer off (nothing magenta drawn): %q", got)
	}
}

// The line takes a row of its own: the legend box grows by one while it
// is drawn, and the text fits the box.
func TestLegendMagentaLineHasItsRow(t *testing.T) {
	w := builtinWorld(t, world.AlgoAStar)
	r := New()
	var legend []LegendRow
	for l := range NumLayers {
		legend = append(legend, LegendRow{Layer: l, Keys: "Shift+X", On: DefaultLayers.Has(l)})
	}
	lay := ComputeLayout(1280, 800, true)
	cam := &Camera{}
	cam.Fit(w.Grid.Width(), w.Grid.Height(), lay.Map)
	f := &Frame{World: w, Cam: cam, Layout: lay, Layers: DefaultLayers, Legend: legend}
	screen := ebiten.NewImage(1280, 800)
	r.drawLegend(screen, f)
	end := r.LegendRect()
	w.Timeline.Seek(w.Timeline.Len() / 2)
	r.drawLegend(screen, f)
	mid := r.LegendRect()
	if end.Empty() || mid.Dy() != end.Dy()+legendRowH {
		t.Errorf("legend %v at the end, %v mid-search: want one row (%d px) more", end, mid, legendRowH)
	}
	for n := range currentNoteShort {
		if wd := r.fonts.Width(r.fonts.UI, n) + 17 + 16; wd > float64(mid.Dx()) {
			t.Errorf("the line %q is %.0f px, the legend %d", n, wd, mid.Dx())
		}
	}
}

// Regression: the legend's row read "g / h / f numbers" while cells of 34
// to 39 px showed g and h only. At every zoom the numbers are drawn at,
// the row names f exactly when the cells show it.
func TestValuesRowNamesWhatCellsShow(t *testing.T) {
	on := LegendRow{Layer: LayerValues, On: true}
	for z := float64(valuesMinZoom); z <= 120; z++ {
		_, n := valueLines(world.NodeState{G: 1, H: 2}, z)
		name := legendName(on, z)
		claimsF := name == LayerInfo[LayerValues].Name
		if claimsF != (n == 3) {
			t.Errorf("%v px a cell: %d lines drawn, legend %q", z, n, name)
		}
	}
}

// Regression (a user test): the scrubber's hover tip covered the map's
// message at the bottom of the map. With a message on, the tip is drawn
// clear of its box wherever the pointer is on the scrubber, and still in
// the map area over the scrubber's columns.
func TestTimelineTipKeepsOffTheMessage(t *testing.T) {
	w := openWorld(t, 40, 30)
	defer w.Close()
	w.Begin()
	w.SetEndpoints(image.Pt(1, 1), image.Pt(38, 28))
	w.Wait()
	w.Note("short query: a bounded A* inside neighbouring clusters answered it")
	r := New()
	for _, size := range [][2]int{{1280, 800}, {700, 500}} {
		l := r.FitPanel(ComputeLayout(size[0], size[1], true), w)
		var cam Camera
		cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
		bar := TimelineBarRect(l)
		for x := bar.Min.X + 2; x < bar.Max.X; x += 37 {
			r.Draw(ebiten.NewImage(size[0], size[1]), &Frame{World: w, Cam: &cam, Layout: l,
				MouseX: float64(x), MouseY: float64(bar.Min.Y + 4), MouseOK: true})
			if r.msgRect.Empty() || r.tipText == "" {
				t.Fatalf("%v: message %v, tip %q: the test needs both", size, r.msgRect, r.tipText)
			}
			if r.tipRect.Overlaps(r.msgRect) {
				t.Errorf("%v, pointer at x %d: tip %v covers the message %v", size, x, r.tipRect, r.msgRect)
			}
			if !r.tipRect.In(l.Map) || r.tipRect.Min.X < bar.Min.X || r.tipRect.Max.X > bar.Max.X {
				t.Errorf("%v, pointer at x %d: tip %v leaves the map area %v or the scrubber's columns %v", size, x, r.tipRect, l.Map, bar)
			}
		}
	}
}

// builtinWorld opens the built-in world with algorithm a, planned (closed
// when the test ends).
func builtinWorld(t testing.TB, a world.Algo) *world.World {
	t.Helper()
	w := openBuiltin(t, assets.DefaultName)
	w.SetAlgo(a)
	w.Wait()
	return w
}

// openBuiltin opens built-in scenario name, begun and planned (closed when
// the test ends).
func openBuiltin(t testing.TB, name string) *world.World {
	t.Helper()
	w, err := world.Open(assets.Prefix + name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	w.Begin()
	w.Wait()
	return w
}

// A new user stepping HPA* with the legend in the column beside a narrow
// map read "magenta ring: the node ex…": the line was clipped to the
// column. Every magenta line has a short form, and it fits that column.
func TestLegendMagentaLineFitsTheSideColumn(t *testing.T) {
	r := New()
	var legend []LegendRow
	for l := range NumLayers {
		legend = append(legend, LegendRow{Layer: l, Keys: "Shift+X"})
	}
	bw, _ := r.legendSideSize(legend)
	for long, short := range currentNoteShort {
		if wd := r.fonts.Width(r.fonts.UI, short) + 16 + 17; wd > float64(bw) {
			t.Errorf("short form %q of %q is %.0f px, the side column %d", short, long, wd, bw)
		}
	}
	for _, n := range []string{currentNoteCell, currentNoteCellPush, currentNoteCellRelax, currentNoteNode, currentNoteNodePush, currentNoteNodeRelax, currentNoteSmooth} {
		if currentNoteShort[n] == "" {
			t.Errorf("no short form for %q", n)
		}
	}
}
