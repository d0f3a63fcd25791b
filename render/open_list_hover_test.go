package render

import (
	"image"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// A lecturer at 150 % on 1280×800 (laid out 854×534) pointed at the map
// under HPA* at the query's end: the panel scrolled to show the inspector,
// the numbers went under "more above", and between "search  none in this
// phase" and the inspector stood three blank rows, the open list's room
// for entries it did not have. While the pointer is on the map the open
// list takes only the lines it fills: no gap between the panel's lines
// is wider than a section's title and gap, and the view scrolls no
// further than it did with the list's full room.
func TestOpenListKeepsNoBlankRowsUnderThePointer(t *testing.T) {
	w := builtinWorld(t, world.AlgoHPA)
	w.SeekTo(w.Timeline.Len())
	r := New()
	const W, H = 854, 534
	l := r.FitPanel(ComputeLayout(W, H, true), w)
	cam := &Camera{}
	cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
	cell := image.Pt(33, 20)
	sx, sy := cam.CellCenter(cell)
	f := &Frame{World: w, Cam: cam, Layout: l, Layers: DefaultLayers, Legend: appLegend(DefaultLayers),
		Hover: cell, HoverOK: true, MouseX: float64(sx), MouseY: float64(sy), MouseOK: true}
	if ol, ok := r.openList(w); ok && len(ol.Top) == openListRows {
		t.Fatalf("the open list at the end fills its %d rows: the test wants one that does not", openListRows)
	}
	screen := ebiten.NewImage(W, H)
	r.Draw(screen, f)
	hover := r.PanelShown()
	tops := slices.Clone(r.panelTops)
	for i := 1; i < len(tops); i++ {
		if gap := tops[i] - tops[i-1]; gap > panelLineH+8+1 {
			t.Errorf("a gap of %.0f px between the panel's lines at %.0f and %.0f: blank rows", gap, tops[i-1], tops[i])
		}
	}
	f.HoverOK, f.MouseOK = false, false
	r.Draw(screen, f)
	if off := r.PanelShown(); hover.First > off.MaxFirst {
		t.Errorf("pointer on the map: the panel scrolled to row %d, past the %d it can scroll to off the map", hover.First, off.MaxFirst)
	}
}
