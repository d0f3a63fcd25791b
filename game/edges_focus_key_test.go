package game

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/render"
)

// From a lecturer's report (the edges layer at level 2 a mesh of 8,390
// edges): the layer draws the pinned or pointed cluster's edges bright.
// Shift+E switches to every edge alike and back, turning the layer on if it
// was off, says which, and logs it; a Shift+click on the legend's edges row
// does the same while a plain click still toggles the layer; the frame
// carries the choice to the renderer and a change redraws.
func TestShiftETogglesEdgeFocus(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	g.w.Log = world.NewEventLog(nil)
	var held heldKeys
	fakeKeys(t, &held)
	if g.layers.Has(render.LayerEdges) || g.edgesAll {
		t.Fatalf("at start: edges layer %v, all alike %v; want off, focused", g.layers.Has(render.LayerEdges), g.edgesAll)
	}
	key := g.frameKey()
	press(g, &held, ebiten.KeyShift, ebiten.KeyE)
	if !g.edgesAll || !g.layers.Has(render.LayerEdges) {
		t.Fatalf("Shift+E: all alike %v, layer on %v; want both", g.edgesAll, g.layers.Has(render.LayerEdges))
	}
	if !strings.Contains(g.w.Message, "all alike") {
		t.Errorf("Shift+E: message %q", g.w.Message)
	}
	if g.frameKey() == key {
		t.Error("Shift+E left the frame key as it was: no redraw")
	}
	log := strings.Join(logged(g), "\n")
	if !strings.Contains(log, "overlay name=edges_all on=on") || !strings.Contains(log, "layer name=edges on=on") {
		t.Errorf("Shift+E: the log lacks the switch or the layer:\n%s", log)
	}
	press(g, &held, ebiten.KeyShift, ebiten.KeyE)
	if g.edgesAll || !g.layers.Has(render.LayerEdges) {
		t.Fatalf("Shift+E again: all alike %v, layer on %v; want focused, on", g.edgesAll, g.layers.Has(render.LayerEdges))
	}
	if !strings.Contains(g.w.Message, "under the pointer") {
		t.Errorf("Shift+E again: message %q", g.w.Message)
	}
	// E alone toggles the layer, not the focus.
	press(g, &held, -1, ebiten.KeyE)
	if g.edgesAll || g.layers.Has(render.LayerEdges) {
		t.Errorf("E: all alike %v, layer on %v; want the layer off and the focus kept", g.edgesAll, g.layers.Has(render.LayerEdges))
	}
	press(g, &held, -1, ebiten.KeyE)

	// The legend's edges row: Shift+click switches, a click toggles.
	g.Draw(ebiten.NewImage(1280, 800))
	row, ok := legendRowOf(g, render.LayerEdges)
	if !ok {
		t.Fatal("no edges row in the legend")
	}
	held = heldKeys{ebiten.KeyShift: 5}
	if !g.clickHUD(row.X, row.Y) || !g.edgesAll || !g.layers.Has(render.LayerEdges) {
		t.Errorf("Shift+click on the edges row: all alike %v, layer on %v", g.edgesAll, g.layers.Has(render.LayerEdges))
	}
	held = heldKeys{}
	if !g.clickHUD(row.X, row.Y) || !g.edgesAll || g.layers.Has(render.LayerEdges) {
		t.Errorf("click on the edges row: all alike %v, layer on %v; want the layer off, the choice kept", g.edgesAll, g.layers.Has(render.LayerEdges))
	}
}

// legendRowOf returns a point on layer l's row of the legend drawn last.
func legendRowOf(g *Game, l render.Layer) (image.Point, bool) {
	m := g.lay.Map
	for y := m.Min.Y; y < m.Max.Y; y++ {
		for x := m.Min.X; x < m.Max.X; x++ {
			if got, ok, _ := g.r.LegendAt(x, y); ok && got == l {
				return image.Pt(x+30, y+4), true
			}
		}
	}
	return image.Point{}, false
}
