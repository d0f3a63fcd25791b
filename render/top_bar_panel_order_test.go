package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// The top bar gives the answer while the panel's numbers are scrolled out
// of view, and it read the last frame's panel. The window draws no frame
// while nothing changes, so at 150 % on a projector, once the pointer left
// the map, the bar kept "cost 158.113 (+0.53%)" and a phase cut to
// "finished …" over a panel showing the numbers again.
func TestTopBarReadsThisFramesPanel(t *testing.T) {
	w := builtinWorld(t, world.AlgoHPA)
	r := New()
	l := r.FitPanel(ComputeLayout(843, 480, true), w)
	var cam Camera
	cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
	f := &Frame{World: w, Cam: &cam, Layout: l, ViewLevel: 1, Tool: "query", Layers: DefaultLayers}
	r.panelShown = PanelView{First: 3, MaxFirst: 6} // the frame before: scrolled, the pointer on the map
	r.Draw(ebiten.NewImage(843, 480), f)
	if v := r.PanelShown(); v.First != 0 {
		t.Fatalf("the panel is scrolled (line %d) with the pointer off the map: the test needs its numbers in view", v.First)
	}
	if got := r.TopBarShown(); strings.Contains(got, "cost") {
		t.Errorf("top bar %q gives the answer the panel shows", got)
	}
}
