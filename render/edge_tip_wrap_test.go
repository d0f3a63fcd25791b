package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// Regression (a teacher at 150 %, textbook-groups, hovering the edge from C
// to D as its description says): the tip's second line, the edge back,
// was cut to the map's width, "back D→C [min 1.00] · maximin 1.00 ·
// avgmin 1.00 (no entry but from C: all …", losing why its three costs
// are equal. A line too long for the map wraps, each part inside the map.
func TestGroupEdgeTipWrapsWhole(t *testing.T) {
	w := openBuiltin(t, "textbook-groups")
	h := w.Hierarchy()
	if h == nil {
		t.Fatal("no hierarchy")
	}
	// 1280×800 and 1264×720 at 150 %, 1024×768 at 150 % and 175 %.
	for _, size := range [][2]int{{854, 534}, {843, 480}, {683, 512}, {586, 439}} {
		lay := ComputeLayout(size[0], size[1], true)
		cam := &Camera{}
		cam.Fit(w.Grid.Width(), w.Grid.Height(), lay.Map)
		f := &Frame{World: w, Cam: cam, Layout: lay, Layers: LayerSet(0).With(LayerEdges, true), ViewLevel: 1, EdgesAll: true}
		f.HoverOK, f.MouseOK = true, true
		v := h.Inspect(1)
		var cd *world.ViewEdge
		for i := range v.Edges {
			if e := &v.Edges[i]; regionChar(f, e.A) == 'C' && regionChar(f, e.B) == 'D' {
				cd = e
			}
		}
		if cd == nil {
			t.Fatal("no edge C→D")
		}
		ax, ay := cam.CellCenter(cd.A)
		bx, by := cam.CellCenter(cd.B)
		f.MouseX, f.MouseY = float64(ax+bx)/2, float64(ay+by)/2
		f.Hover = cam.CellAt(f.MouseX, f.MouseY)
		screen := ebiten.NewImage(size[0], size[1])
		r := New()
		r.drawHoverEdge(screen, f)
		tip := r.edgeTip.text
		if !strings.Contains(tip, "no entry but from C: all minimum)") {
			t.Fatalf("%v: tip %q, the test needs the edge back's long line", size, tip)
		}
		var drawn []string
		r.fonts.drawn = &drawn
		r.DrawOverlays(screen, f)
		r.fonts.drawn = nil
		got := strings.Join(strings.Fields(strings.Join(drawn, " ")), " ")
		for _, line := range strings.Split(tip, "\n") {
			if want := strings.Join(strings.Fields(line), " "); !strings.Contains(got, want) {
				t.Errorf("%v: the tip's line %q not drawn whole; drawn %q", size, want, drawn)
			}
		}
		for _, s := range drawn {
			if lw := r.fonts.Width(r.fonts.UI, s); lw > float64(lay.Map.Dx())-16 {
				t.Errorf("%v: the tip's line %q is %.0f px, wider than the map area %v", size, s, lw, lay.Map)
			}
		}
	}
}
