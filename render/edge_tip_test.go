package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// Regression (new-user test, a room with a wide door beside its exit):
// the two edges between two rooms are drawn on one line, and the tooltip
// named only the one found first, so the other direction's costs, which
// differ (maximin and average minimum count the crossing of the room left),
// could not be read anywhere in the window. The tip now gives both, marks
// the cost in use and says how many entries the terms were taken over.
func TestGroupEdgeTipGivesBothDirections(t *testing.T) {
	w := openBuiltin(t, "pathological-maximin")
	h := w.Hierarchy()
	if h == nil {
		t.Fatal("no hierarchy")
	}
	f := fittedFrame(w, 1)
	f.HoverOK, f.MouseOK = true, true
	v := h.Inspect(1)
	var me *world.ViewEdge
	for i := range v.Edges {
		e := &v.Edges[i]
		if regionChar(f, e.A) == 'M' && regionChar(f, e.B) == 'E' {
			me = e
		}
	}
	if me == nil {
		t.Fatal("no edge M→E")
	}
	ax, ay := f.Cam.CellCenter(me.A)
	bx, by := f.Cam.CellCenter(me.B)
	f.MouseX, f.MouseY = float64(ax+bx)/2, float64(ay+by)/2
	f.Hover = f.Cam.CellAt(f.MouseX, f.MouseY)
	f.EdgesAll = true
	r := New()
	r.drawHoverEdge(ebiten.NewImage(1280, 800), f)
	tip := r.edgeTip.text
	if tip == "" {
		t.Fatal("no tip over the middle of the M–E line")
	}
	lines := strings.Split(tip, "\n")
	if len(lines) != 2 {
		t.Fatalf("tip %q: want a line for each direction", tip)
	}
	// pathological-maximin opens with maximin costs: M→E 123.83 (avgmin 89.22) over 3
	// entries (from X, Y and W), E→M 11.83 over its one (from t).
	want := map[string]string{
		"M→E": "[maximin 123.83] · avgmin 89.22 (3 entries)",
		"E→M": "[maximin 11.83] · avgmin 11.83 (1 entry)",
	}
	for dir, costs := range want {
		found := false
		for _, l := range lines {
			if strings.Contains(l, dir) {
				found = true
				if !strings.Contains(l, costs) {
					t.Errorf("%s: line %q, want %q", dir, l, costs)
				}
			}
		}
		if !found {
			t.Errorf("tip %q does not name %s", tip, dir)
		}
	}
}
