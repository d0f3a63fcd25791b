package game

import (
	"image"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
)

// Regression (a level designer on den312d, twice): with a query from (8,6)
// to (62,76), a right-drag filling the corridor at row 46 cut the map in
// two, and the "no path" message was drawn right over the filled cells,
// above the legend mid-map, for its 6 seconds. It now keeps off the cells
// just edited, the start and the goal, and the cursor.
func TestNoPathMessageKeepsOffTheCellsJustEdited(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skip("no Moving AI maps (../shared/maps/movingai or $PATHLENS_MAPS): skipping")
	}
	wd, err := world.Open(filepath.Join(dir, "den312d.map"))
	if err != nil {
		t.Fatal(err)
	}
	wd.Settings.Algo = world.AlgoHPA
	wd.Begin()
	wd.SetEndpoints(image.Pt(8, 6), image.Pt(62, 76))
	wd.Wait()
	if len(wd.Outcome.Path) == 0 {
		t.Fatal("den312d (8,6)→(62,76): no path before the edit")
	}
	g := drawnOn(t, wd, 1280, 800)

	// The right-drag along row 46, ending with the pointer on it.
	wd.BeginStroke(image.Pt(27, 46), 0)
	wd.StrokeTo(image.Pt(53, 46))
	wd.EndStroke()
	wd.Wait()
	if len(wd.Outcome.Path) != 0 || !strings.Contains(wd.Message, "no path") {
		t.Fatalf("after filling row 46: path of %d cells, message %q; the test needs no path", len(wd.Outcome.Path), wd.Message)
	}
	ex, ey := g.cam.CellCenter(image.Pt(53, 46))
	g.mouseX, g.mouseY, g.mouseIn = int(ex), int(ey), true
	g.drawnAt = time.Time{}
	g.Draw(ebiten.NewImage(1280, 800))
	msg := g.r.MessageRect()
	if msg.Empty() {
		t.Fatal("no message box drawn")
	}
	for x := 27; x <= 53; x++ {
		p := image.Pt(x, 46)
		if wd.Grid.Open(p) {
			continue
		}
		cx, cy := g.cam.CellCenter(p)
		if image.Pt(int(cx), int(cy)).In(msg) {
			t.Errorf("the message box %v covers the filled cell (%d,46) at (%.0f,%.0f)", msg, x, cx, cy)
			break
		}
	}
	for _, p := range []image.Point{wd.Start, wd.Goal} {
		cx, cy := g.cam.CellCenter(p)
		if image.Pt(int(cx), int(cy)).In(msg) {
			t.Errorf("the message box %v covers the endpoint %v", msg, p)
		}
	}
	if msg.Overlaps(g.r.LegendRect()) {
		t.Errorf("the message box %v covers the legend %v", msg, g.r.LegendRect())
	}
}
