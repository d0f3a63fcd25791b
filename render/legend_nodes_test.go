package render

import (
	"image"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// From a user test: under HPA* and the group hierarchy the search layer
// draws abstract nodes as rings (open) and discs (expanded), which only
// the F1 help said; the legend's row read "open / closed" beside the
// cells' green and blue. Where abstract searches are drawn the row reads
// "open ○ / closed ●", drawn whole in the legend's column at 1280×800 (at
// 800×500 the legend is the line of keys, which names no layer), and the
// legend keeps its width; under A* it is unchanged.
func TestLegendSaysRingOpenDiscClosed(t *testing.T) {
	r := New()
	var legend []LegendRow
	for l := range NumLayers {
		legend = append(legend, LegendRow{Layer: l, Keys: "Shift+X", On: DefaultLayers.Has(l)})
	}
	for _, a := range []world.Algo{world.AlgoAStar, world.AlgoHPA, world.AlgoGroup} {
		w := builtinWorld(t, a)
		want := searchCellsName
		if a.Hierarchical() {
			want = searchNodesName
		}
		for _, size := range [][2]int{{1280, 800}, {800, 500}} {
			lay := r.FitPanel(ComputeLayout(size[0], size[1], true), w)
			cam := &Camera{}
			cam.Fit(w.Grid.Width(), w.Grid.Height(), lay.Map)
			f := &Frame{World: w, Cam: cam, Layout: lay, Layers: DefaultLayers, Legend: legend}
			var drawn []string
			r.fonts.drawn = &drawn
			r.drawLegend(ebiten.NewImage(size[0], size[1]), f)
			r.fonts.drawn = nil
			box := r.LegendRect()
			if box.Empty() || slices.ContainsFunc(drawn, func(s string) bool { return strings.HasSuffix(s, legendLineTailAlone) }) {
				continue // the one-line form names no layer (F1 lists them)
			}
			if a.Hierarchical() && !slices.Contains(drawn, want) {
				t.Errorf("%v, %s: legend %q, want the row %q", size, a.Title(), drawn, want)
			}
			if i := slices.Index(drawn, "open "); !a.Hierarchical() && (i < 0 || i+1 >= len(drawn) || drawn[i+1] != " / closed ") {
				t.Errorf("%v, %s: legend %q, want the row %q", size, a.Title(), drawn, want)
			}
			_, nameX, cw := r.legendColumn(legend)
			if wd := r.fonts.Width(r.fonts.UI, want); float64(nameX)+wd > float64(cw) {
				t.Errorf("%v: %q is %.0f px, its column leaves %d", size, want, wd, cw-nameX)
			}
			if !box.In(lay.Map) {
				t.Errorf("%v, %s: legend %v outside the map area %v", size, a.Title(), box, lay.Map)
			}
		}
	}
	// The column is no wider for it.
	without := LayerInfo[LayerSearch].Name
	if r.fonts.Width(r.fonts.UI, searchNodesName) > r.fonts.Width(r.fonts.UI, "entrances & nodes") {
		t.Errorf("%q is wider than %q, %q was not", searchNodesName, "entrances & nodes", without)
	}
}

// From the teacher's report: under A* the row read "open / closed" beside
// a swatch split green and blue, and did not say which colour was which
// (the group and HPA* rows say "open ○ / closed ●"). It now reads
// "open ■ / closed ■", the first square green (ColOpen) just after
// "open", the second blue (ColClosed) after "closed", on the row.
func TestLegendSaysWhichColourIsOpen(t *testing.T) {
	r := New()
	var legend []LegendRow
	for l := range NumLayers {
		legend = append(legend, LegendRow{Layer: l, Keys: "Shift+X", On: DefaultLayers.Has(l)})
	}
	for _, a := range []world.Algo{world.AlgoAStar, world.AlgoDijkstra, world.AlgoGreedy, world.AlgoHPA} {
		w := builtinWorld(t, a)
		lay := r.FitPanel(ComputeLayout(1280, 800, true), w)
		cam := &Camera{}
		cam.Fit(w.Grid.Width(), w.Grid.Height(), lay.Map)
		f := &Frame{World: w, Cam: cam, Layout: lay, Layers: DefaultLayers, Legend: legend}
		r.drawLegend(ebiten.NewImage(1280, 800), f)
		if a.Hierarchical() {
			if len(r.legendKeys) != 0 {
				t.Errorf("%s: %d colour squares, want none (rings and discs)", a.Title(), len(r.legendKeys))
			}
			continue
		}
		var row image.Rectangle
		for _, h := range r.legendRows {
			if h.l == LayerSearch {
				row = h.r
			}
		}
		if len(r.legendKeys) != 2 || row.Empty() {
			t.Fatalf("%s: %d colour squares, search row %v, want two on it", a.Title(), len(r.legendKeys), row)
		}
		open, closed := r.legendKeys[0], r.legendKeys[1]
		if open.c != ColOpen || closed.c != ColClosed {
			t.Errorf("%s: squares %v then %v, want open's green then closed's blue", a.Title(), open.c, closed.c)
		}
		if !open.r.In(row) || !closed.r.In(row) || open.r.Min.X >= closed.r.Min.X {
			t.Errorf("%s: squares %v, %v, want both on the row %v, open first", a.Title(), open.r, closed.r, row)
		}
		// Just after its word, clear of the next: "open" ends before the
		// first, "/ closed" lies between them.
		_, nameX, _ := r.legendColumn(legend)
		x0 := row.Min.X + 4 + nameX
		if got := float64(open.r.Min.X - x0); got < r.fonts.Width(r.fonts.UI, "open") || got > r.fonts.Width(r.fonts.UI, "open ")+4 {
			t.Errorf("%s: the open square %v is %.0f px into the name, want just after \"open\"", a.Title(), open.r, got)
		}
		if gap := float64(closed.r.Min.X - open.r.Max.X); gap < r.fonts.Width(r.fonts.UI, "/ closed") {
			t.Errorf("%s: %.0f px between the squares, too little for \"/ closed\"", a.Title(), gap)
		}
	}
}

// From the teacher's report: the footer "amber: on, nothing to draw with
// A*, or on this map" read as a list of what amber was. Then a new user
// could not make sense of "amber name: on, but nothing to draw with A* or
// on this map". It now says the amber layers are on, and what the session
// lacks for them (A* searches cells only, so no clusters, nodes or plans;
// the map has no regions), and is drawn whole: the long form in the
// legend under the built-in world at 1280×800, the short one in the
// narrowest column (beside a narrow map).
func TestLegendFooterSaysWhatAmberMeans(t *testing.T) {
	r := New()
	var legend []LegendRow
	for l := range NumLayers {
		legend = append(legend, LegendRow{Layer: l, Keys: "Shift+X", On: DefaultLayers.Has(l)})
	}
	w := builtinWorld(t, world.AlgoAStar)
	lay := r.FitPanel(ComputeLayout(1280, 800, true), w)
	cam := &Camera{}
	cam.Fit(w.Grid.Width(), w.Grid.Height(), lay.Map)
	f := &Frame{World: w, Cam: cam, Layout: lay, Layers: DefaultLayers, Legend: legend}
	var drawn []string
	r.fonts.drawn = &drawn
	r.drawLegend(ebiten.NewImage(1280, 800), f)
	r.fonts.drawn = nil
	const want = "amber: on, but A* searches cells only; the map has no regions"
	if !slices.Contains(drawn, want) {
		t.Errorf("legend %q, want the footer %q whole", drawn, want)
	}
	for _, s := range []string{want, idleFooterShort} {
		if !strings.HasPrefix(s, "amber: on, but ") {
			t.Errorf("footer %q does not start by saying an amber name is on", s)
		}
	}
	bw, _ := r.legendSideSize(legend)
	if wd := r.fonts.Width(r.fonts.UI, idleFooterShort) + 16; wd > float64(bw) {
		t.Errorf("short footer %q is %.0f px, the side column %d", idleFooterShort, wd, bw)
	}
	// Three reasons: the last after "or", no ", or".
	if got := idleFooterText([idleMap + 1]bool{idleAlgo: true, idleExclusion: true, idleMap: true}, world.AlgoHPA); got != "amber: on, but HPA* has no exclusion; exclusion is off; the map has no regions" {
		t.Errorf("three reasons: %q", got)
	}
}
