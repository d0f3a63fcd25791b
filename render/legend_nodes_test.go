package render

import (
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
		want := LayerInfo[LayerSearch].Name
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
			if !slices.Contains(drawn, want) {
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
