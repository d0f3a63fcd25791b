package render

import (
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// The legend's compact form, the one a projector's scale gets where the
// whole box would cover more than an eighth of the map: the rows of the
// layers that draw something, each with its name (the open / closed row's
// squares in green and blue), a click on a row toggling its layer, the
// magenta line while stepping, nothing cut and nothing outside the box;
// layers that are on with nothing to draw under A* (cluster borders,
// plans) give way.
func TestLegendCompactNamesTheColours(t *testing.T) {
	w := builtinWorld(t, world.AlgoAStar)
	r := New()
	for _, size := range [][2]int{{854, 534}, {640, 480}, {731, 457}} {
		l := ComputeLayout(size[0], size[1], true)
		cam := &Camera{}
		cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
		legend := appLegend(DefaultLayers)
		f := &Frame{World: w, Cam: cam, Layout: l, Layers: DefaultLayers, Legend: legend}
		w.SeekTo(w.Timeline.Len() / 2)
		now := currentNote(f)
		if now == "" {
			t.Fatal("no magenta line mid-search: the test needs one")
		}
		var drawn []string
		r.fonts.drawn = &drawn
		r.legendRows, r.legendKeys, r.legendNamed = r.legendRows[:0], r.legendKeys[:0], false
		ok := r.drawLegendCompact(ebiten.NewImage(size[0], size[1]), f, cam.Zoom, now, false, false)
		r.fonts.drawn = nil
		if !ok {
			t.Fatalf("%v: no compact legend in the map area %v", size, l.Map)
		}
		box := r.LegendRect()
		if !box.In(l.Map) {
			t.Errorf("%v: the box %v leaves the map area %v", size, box, l.Map)
		}
		if slices.ContainsFunc(drawn, func(s string) bool { return strings.Contains(s, "…") }) {
			t.Errorf("%v: something is cut: %q", size, drawn)
		}
		if !slices.Contains(drawn, currentNoteShort[now]) {
			t.Errorf("%v: no magenta line %q in %q", size, currentNoteShort[now], drawn)
		}
		var colours []string
		for _, k := range r.legendKeys {
			if !k.r.In(box) {
				t.Errorf("%v: colour square %v outside the box %v", size, k.r, box)
			}
			switch k.c {
			case ColOpen:
				colours = append(colours, "open")
			case ColClosed:
				colours = append(colours, "closed")
			}
		}
		if !slices.Equal(colours, []string{"open", "closed"}) {
			t.Errorf("%v: the squares in the names are %v, want open then closed", size, colours)
		}
		shown := r.LegendRowsShown(nil)
		if !slices.Equal(shown, []Layer{LayerWeights, LayerSearch, LayerValues}) {
			t.Errorf("%v: rows %v, want terrain weights, open / closed, g / h / f (the layers on that draw under A*)", size, shown)
		}
		for _, h := range r.legendRows {
			if !h.r.In(box.Inset(-4)) {
				t.Errorf("%v: row of %v at %v, outside the box %v", size, h.l, h.r, box)
			}
			c := h.r.Min.Add(h.r.Size().Div(2))
			if l, ok, in := r.LegendAt(c.X, c.Y); !in || !ok || l != h.l {
				t.Errorf("%v: a click on the row of %v at %v reads %v %v %v", size, h.l, c, l, ok, in)
			}
		}
	}
}
