package render

import (
	"image"
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// Regression (a user trial): the legend's wide form, every layer's row in
// a low box under the map (the built-in world under A* on 1280×800),
// showed cluster borders, regions, nodes and plans in amber with nothing
// saying what amber meant; the whole box and the side column say it in
// their footer. The wide form says it under its title, inside the box and
// uncut, in window sizes that lay it out in three or four rows a column,
// and the box is the same size with no amber row (so the margin the fit
// left for it still holds it when a layer goes amber).
func TestLegendWideFormExplainsAmber(t *testing.T) {
	w := builtinWorld(t, world.AlgoAStar)
	r := New()
	for _, size := range [][2]int{{1280, 800}, {1600, 900}, {1920, 1080}, {2560, 1440}} {
		l := ComputeLayout(size[0], size[1], true)
		cam := &Camera{}
		cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
		draw := func(on LayerSet) (image.Rectangle, []string) {
			t.Helper()
			f := &Frame{World: w, Cam: cam, Layout: l, Layers: on, Legend: appLegend(on)}
			var drawn []string
			r.fonts.drawn = &drawn
			r.legendRows, r.legendKeys, r.legendNamed = r.legendRows[:0], r.legendKeys[:0], false
			ok := r.drawLegendCompact(ebiten.NewImage(size[0], size[1]), f, cam.Zoom, "", false, true)
			r.fonts.drawn = nil
			if !ok {
				t.Fatalf("%v: no wide legend in the map area %v", size, l.Map)
			}
			return r.LegendRect(), drawn
		}
		amber := LayerSet(0).With(LayerSearch, true).With(LayerBorders, true).With(LayerPlans, true)
		box, drawn := draw(amber)
		if !box.In(l.Map) {
			t.Errorf("%v: the box %v leaves the map area %v", size, box, l.Map)
		}
		if slices.ContainsFunc(drawn, func(s string) bool { return strings.Contains(s, "…") }) {
			t.Errorf("%v: something is cut: %q", size, drawn)
		}
		var foot []string // the footer's lines, in the order drawn
		for _, s := range drawn {
			switch s {
			case "amber: on, but shows nothing", "amber: on, but", "shows nothing", "amber: on,", "but shows", "nothing", "but idle", "amber: on, but idle":
				foot = append(foot, s)
			}
		}
		if j := strings.Join(foot, " "); j != idleFooterShort && j != "amber: on, but idle" {
			t.Errorf("%v: with cluster borders and plans amber under A*, the wide form's footer reads %q, want %q or %q (drawn %q)", size, foot, idleFooterShort, "amber: on, but idle", drawn)
		}
		// The footer lies in the title's column, left of the rows.
		ft := r.fonts
		rows := box.Max.X
		for _, h := range r.legendRows {
			rows = min(rows, h.r.Min.X)
		}
		for _, s := range foot {
			if x := float64(box.Min.X+8) + ft.Width(ft.UI, s); x > float64(rows) {
				t.Errorf("%v: footer line %q ends at %.0f, over the first column of rows at %d", size, s, x, rows)
			}
		}
		plain, drawn := draw(LayerSet(0).With(LayerSearch, true))
		if slices.ContainsFunc(drawn, func(s string) bool { return strings.HasPrefix(s, "amber") }) {
			t.Errorf("%v: no layer amber, yet a footer: %q", size, drawn)
		}
		if plain.Size() != box.Size() {
			t.Errorf("%v: the wide box is %v with an amber row, %v without", size, box.Size(), plain.Size())
		}
	}
}
