package game

import (
	"image"
	"math"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// Regression (a teacher at 150 % on 1264×720, stepping HPA*'s insertion):
// zoomed in on the start, the legend went to the map area's top-left
// corner; F fitted the map again, leaving a margin under it that holds the
// legend, but while stepping the legend keeps the corner it sat in, and it
// stayed over the map's top rows and their entrances. A corner that covers
// none of the map wins over the one kept.
func TestLegendLeavesTheMapForAFreeMarginAfterFit(t *testing.T) {
	g := builtinGameAt(t, world.AlgoHPA, 1.5)
	wd := g.w
	t.Cleanup(wd.Close)
	lw, lh := g.Layout(1264, 720)
	g.lay = g.layout(lw, lh)
	g.fit()
	onScreen := func() image.Rectangle {
		x0, y0 := g.cam.ToScreen(0, 0)
		x1, y1 := g.cam.ToScreen(float64(wd.Grid.Width()), float64(wd.Grid.Height()))
		return image.Rect(int(math.Ceil(x0)), int(math.Ceil(y0)), int(math.Floor(x1)), int(math.Floor(y1)))
	}
	draw := func() image.Rectangle {
		g.drawnAt = time.Time{}
		g.Draw(ebiten.NewImage(lw, lh))
		return g.r.LegendRect()
	}
	wd.SeekTo(290) // insert G L2: the insertion stepped
	draw()
	sx, sy := g.cam.CellCenter(wd.Start)
	g.cam.ZoomAt(float64(sx), float64(sy), 8)
	zoomed := draw()
	if zoomed.Empty() || zoomed.Min.Y > g.lay.Map.Min.Y+legendPadForTest {
		t.Fatalf("zoomed in on the start: legend %v, the test needs it at the top of the map area %v", zoomed, g.lay.Map)
	}
	g.fit()
	for _, at := range []int{290, 300} {
		wd.SeekTo(at)
		box, m := draw(), onScreen()
		if box.Empty() {
			t.Fatalf("event %d after F: no legend", at)
		}
		if box.Overlaps(m) && g.lay.Map.Max.Y-m.Max.Y >= box.Dy()+2*legendPadForTest {
			t.Errorf("event %d after F: the legend %v covers the map %v, the margin under it (%d px) holds it", at, box, m, g.lay.Map.Max.Y-m.Max.Y)
		}
	}
}

// legendPadForTest is render's legendPad, the legend's gap to the map
// area's edges.
const legendPadForTest = 8
