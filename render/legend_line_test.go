package render

import (
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// appLegend returns the legend rows with the app's keys (game.layerKeys),
// the layers in on lit.
func appLegend(on LayerSet) []LegendRow {
	keys := [NumLayers]string{"W", "B", "R", "G", "N", "E", "C", "S", "P", "Y", "Shift+X", "A", "V", "O"}
	rows := make([]LegendRow, NumLayers)
	for l := range rows {
		rows[l] = LegendRow{Layer: Layer(l), Keys: keys[l], On: on.Has(Layer(l))}
	}
	return rows
}

// Regression (a user at 175 % on 1280×800): the legend's line form was cut
// to "V ·…", losing "K hides, F1 lists all", the one place it says how to
// see every layer. The line wraps instead: every key that is on and the
// whole tail are drawn inside the box, none cut, in map areas from a
// projector's to a small window's.
func TestLegendLineWrapsRatherThanCut(t *testing.T) {
	r := New()
	w := builtinWorld(t, world.AlgoAStar)
	all := DefaultLayers
	for l := range NumLayers {
		all = all.With(l, true)
	}
	for _, size := range [][2]int{{732, 458}, {854, 534}, {586, 439}, {520, 400}} {
		for _, on := range []LayerSet{DefaultLayers, all} {
			l := ComputeLayout(size[0], size[1], true)
			cam := &Camera{}
			cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
			legend := appLegend(on)
			f := &Frame{World: w, Cam: cam, Layout: l, Layers: on, Legend: legend}
			var drawn []string
			r.fonts.drawn = &drawn
			r.legendRows = r.legendRows[:0]
			r.drawLegendLine(ebiten.NewImage(size[0], size[1]), f, false)
			r.fonts.drawn = nil
			box := r.LegendRect()
			if !box.In(l.Map) {
				t.Errorf("%v: the line %v leaves the map area %v", size, box, l.Map)
			}
			if slices.ContainsFunc(drawn, func(s string) bool { return strings.Contains(s, "…") }) {
				t.Errorf("%v, %d layers on: something is cut: %q", size, len(r.legendRows), drawn)
			}
			if !slices.Contains(drawn, legendLineTail) && !slices.Contains(drawn, legendLineTailAlone) {
				t.Errorf("%v: no whole %q in %q", size, legendLineTailAlone, drawn)
			}
			n := 0
			for _, lr := range legend {
				if lr.On {
					n++
					if !slices.Contains(drawn, lr.Keys) {
						t.Errorf("%v: key %q of a layer that is on is not drawn", size, lr.Keys)
					}
				}
			}
			if len(r.legendRows) != n {
				t.Errorf("%v: %d keys take clicks, %d layers are on", size, len(r.legendRows), n)
			}
			for _, h := range r.legendRows {
				if !h.r.In(box.Inset(-4)) {
					t.Errorf("%v: key of %v at %v, outside the box %v", size, h.l, h.r, box)
				}
			}
		}
	}
}

// Regression (a user test, s58c): the scrubber's hover tip covered the
// legend's last line (its amber footer). Wherever the pointer is on the
// scrubber, the tip keeps off the legend and the message, within the map
// area over the scrubber's columns.
func TestTimelineTipKeepsOffTheLegend(t *testing.T) {
	w := builtinWorld(t, world.AlgoHPA)
	r := New()
	for _, size := range [][2]int{{1280, 800}, {732, 458}, {940, 800}} {
		for _, msg := range []string{"", "a switch's note"} {
			if msg != "" {
				w.Note("%s", msg)
			}
			l := r.FitPanel(ComputeLayout(size[0], size[1], true), w)
			var cam Camera
			cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
			bar := TimelineBarRect(l)
			for x := bar.Min.X + 2; x < bar.Max.X; x += 23 {
				r.Draw(ebiten.NewImage(size[0], size[1]), &Frame{World: w, Cam: &cam, Layout: l, Layers: DefaultLayers,
					Legend: appLegend(DefaultLayers), MouseX: float64(x), MouseY: float64(bar.Min.Y + 4), MouseOK: true})
				if r.tipText == "" || r.LegendRect().Empty() {
					t.Fatalf("%v: tip %q, legend %v: the test needs both", size, r.tipText, r.LegendRect())
				}
				if r.tipRect.Overlaps(r.LegendRect()) {
					t.Errorf("%v, pointer at x %d: the tip %v covers the legend %v", size, x, r.tipRect, r.LegendRect())
				}
				if r.tipRect.Overlaps(r.msgRect) {
					t.Errorf("%v, pointer at x %d: the tip %v covers the message %v", size, x, r.tipRect, r.msgRect)
				}
				if !r.tipRect.In(l.Map) || r.tipRect.Min.X < bar.Min.X || r.tipRect.Max.X > bar.Max.X {
					t.Errorf("%v, pointer at x %d: the tip %v leaves the map area %v or the scrubber's columns %v", size, x, r.tipRect, l.Map, bar)
				}
			}
		}
	}
}
