package game

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// A lecturer moving the mouse to the legend to click a layer found the
// inspector filled with a cell hidden under the legend ("(12,90) '#'
// blocked") and the panel scrolled to it, its numbers gone. The pointer on
// the legend inspects no cell; beside it, the cell is inspected as before.
func TestPointerOnTheLegendInspectsNothing(t *testing.T) {
	g := drawnGame(t, 1264, 720)
	var at image.Point
	pointAt(t, &at)
	// The fitted map leaves the legend a margin of its own: zoomed in,
	// the legend lies over the map.
	m := g.lay.Map
	g.Update() // the first frame's own fit
	g.autoFit = false
	g.cam.ZoomAt(float64(m.Min.X+m.Dx()/2), float64(m.Min.Y+m.Dy()/2), 2)
	g.Update()
	g.Draw(ebiten.NewImage(1264, 720))
	lg := g.r.LegendRect()
	if lg.Empty() || !lg.In(g.lay.Map) {
		t.Fatalf("legend %v not over the map area %v", lg, g.lay.Map)
	}
	// A point in the legend's box over a cell of the map.
	at = image.Pt(lg.Min.X+lg.Dx()/2, lg.Min.Y+lg.Dy()/2)
	if c := g.cam.CellAt(float64(at.X), float64(at.Y)); !g.w.Grid.In(c) {
		t.Fatalf("legend centre %v lies over no cell (%v)", at, c)
	}
	g.Update()
	g.Draw(ebiten.NewImage(1264, 720))
	if g.hoverOK || g.inspect.In {
		t.Errorf("pointer on the legend at %v: cell %v hovered, the inspector shows %v", at, g.hover, g.inspect.P)
	}
	// Beside the legend, over the map: inspected.
	at = image.Pt(lg.Max.X+30, lg.Min.Y+lg.Dy()/2)
	g.Update()
	g.Draw(ebiten.NewImage(1264, 720))
	if !g.hoverOK || !g.inspect.In {
		t.Errorf("pointer beside the legend at %v: nothing inspected", at)
	}
	// And back on the legend at the same cell row: cleared again.
	at = image.Pt(lg.Max.X-3, lg.Min.Y+lg.Dy()/2)
	g.Update()
	if g.hoverOK || g.inspect.In {
		t.Errorf("pointer back on the legend at %v: still inspecting %v", at, g.hover)
	}
}
