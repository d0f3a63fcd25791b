package game

import (
	"image"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
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

// scaledOn returns a game on the begun session wd at UI scale s, laid out
// and drawn once in a 1280×800 window.
func scaledOn(t *testing.T, wd *world.World, s float64) *Game {
	t.Helper()
	g, err := New(wd, Options{UIScale: s})
	if err != nil {
		t.Fatal(err)
	}
	redraw(g)
	return g
}

// messageCovers returns the cells of the answer's path, its start and goal
// whose centres lie under the message box drawn last, and the box.
func messageCovers(t *testing.T, g *Game) (cells []image.Point, box image.Rectangle) {
	t.Helper()
	box = g.r.MessageRect()
	if box.Empty() {
		t.Fatalf("no message box drawn (message %q)", g.w.Message)
	}
	pts := append([]image.Point{g.w.Start, g.w.Goal}, g.w.Outcome.Path...)
	for _, p := range pts {
		cx, cy := g.cam.CellCenter(p)
		if image.Pt(int(cx), int(cy)).In(box) {
			cells = append(cells, p)
		}
	}
	return cells, box
}

// Regression (new-user test at 175 %): F4 opened the batch's worst row on
// den312d with its note, three lines across the map's width, right over
// the walked path at the bottom of the map (and, moved to the top, over
// its start); the note covered a quarter of the map. It now takes the
// place that hides none of the path, wrapped narrower, in a corner.
func TestWorstRowNoteKeepsOffThePath(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skip("no Moving AI maps (../shared/maps/movingai or $PATHLENS_MAPS): skipping")
	}
	path := filepath.Join(dir, "den312d.map")
	wd, err := world.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { wd.Close() })
	rows, err := wd.ScenRows(path + ".scen")
	if err != nil {
		t.Fatal(err)
	}
	wd.AddScenRows(path+".scen", rows)
	wd.Settings.Algo = world.AlgoHPA
	if err := wd.OpenFirst(1); err != nil {
		t.Fatal(err)
	}
	wd.Begin()
	wd.Wait()
	g := scaledOn(t, wd, 1.75)
	var held heldKeys
	fakeKeys(t, &held)
	press(g, &held, ebiten.KeyControl, ebiten.KeyB)
	g.w.WaitBatch()
	press(g, &held, -1, ebiten.KeyF4)
	g.w.Wait()
	if !strings.HasPrefix(g.w.Message, "worst 1 of ") || len(g.w.Outcome.Path) == 0 {
		t.Fatalf("F4: message %q, path of %d cells", g.w.Message, len(g.w.Outcome.Path))
	}
	g.mouseIn = false
	redraw(g)
	if under, box := messageCovers(t, g); len(under) > 0 {
		t.Errorf("the worst row's note %v covers %d cells of the path and its ends, e.g. %v", box, len(under), under[0])
	}
}

// The message keeps off the answer's path (and its start and goal) on the
// built-in world at 100 % and 175 %: a path down the middle of the map
// crosses both the bottom and the top place across the map, and the note
// goes to a side or a corner instead.
func TestMessageKeepsOffAPathDownTheMiddle(t *testing.T) {
	for _, scale := range []float64{1, 1.75} {
		wd, err := world.Open(assets.Prefix + assets.DefaultName)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { wd.Close() })
		wd.Begin()
		wd.Wait()
		// The open cells nearest the top and the bottom of the middle column.
		gw, gh := wd.Grid.Width(), wd.Grid.Height()
		near := func(y0, dy int) image.Point {
			for y := y0; y >= 0 && y < gh; y += dy {
				for dx := 0; dx < gw/2; dx++ {
					for _, x := range []int{gw/2 - dx, gw/2 + dx} {
						if p := image.Pt(x, y); wd.Grid.Open(p) {
							return p
						}
					}
				}
			}
			t.Fatal("no open cell")
			return image.Point{}
		}
		if !wd.SetEndpoints(near(1, 1), near(gh-2, -1)) {
			t.Fatal("endpoints refused")
		}
		wd.Wait()
		if len(wd.Outcome.Path) == 0 {
			t.Fatalf("no path from %v to %v", wd.Start, wd.Goal)
		}
		g := scaledOn(t, wd, scale)
		g.mouseIn = false
		wd.Note("%s", "a note long enough to need most of the map's width at 100 %, and two or three lines of it at 175 %, as a batch's worst row says")
		redraw(g)
		if under, box := messageCovers(t, g); len(under) > 0 {
			t.Errorf("scale %v: the note %v covers %d cells of the path and its ends, e.g. %v", scale, box, len(under), under[0])
		}
		if box := g.r.MessageRect(); box.Overlaps(g.r.LegendRect()) {
			t.Errorf("scale %v: the note %v covers the legend %v", scale, box, g.r.LegendRect())
		}
	}
}
