package game

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// pointAt makes readMouse see the pointer at screen point p.
func pointAt(t *testing.T, p *image.Point) {
	t.Helper()
	old := cursorPosition
	cursorPosition = func() (int, int) { return p.X, p.Y }
	t.Cleanup(func() { cursorPosition = old })
}

// Regression: J with the mouse beside the map or off it (the panel, a bar)
// did nothing and said nothing, while a click there explained itself. J
// beside the map now gets the agent tool's click message for that cell,
// and J over no map says the mouse is not over it.
func TestSpawnKeyOffTheMapSaysWhy(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	var held heldKeys
	fakeKeys(t, &held)
	var at image.Point
	pointAt(t, &at)
	s := func() int {
		if a := g.w.Agents(); a != nil {
			return a.Live()
		}
		return 0
	}

	// Beside the map, inside the map area: left of column 0.
	x0, _ := g.cam.ToScreen(0, 0)
	_, ym := g.cam.CellCenter(image.Pt(0, g.w.Grid.Height()/2))
	at = image.Pt(int(x0)-4, int(ym))
	if !at.In(g.lay.Map) || g.cam.CellAt(float64(at.X), float64(at.Y)).X >= 0 {
		t.Fatalf("pointer %v: the test wants a cell left of the map inside the map area %v", at, g.lay.Map)
	}
	// The agent tool's click there, for the message J must match.
	g.Update()
	tool := g.tools[3].(*agentTool)
	tool.Press(g, g.hover, false)
	tool.Release(g, g.hover)
	click := g.w.Message
	if !strings.Contains(click, "outside") {
		t.Fatalf("the agent tool's click beside the map says %q", click)
	}
	g.w.Note("")
	press(g, &held, -1, ebiten.KeyJ)
	if g.w.Message != click || !g.w.MessageErr {
		t.Errorf("J beside the map: %q (error %v), want the click's %q", g.w.Message, g.w.MessageErr, click)
	}
	if n := s(); n != 0 {
		t.Errorf("J beside the map spawned %d agents", n)
	}

	// Over the panel, and outside the window: no cell is meant.
	for _, p := range []image.Point{{g.lay.Panel.Min.X + 40, g.lay.Panel.Min.Y + 300}, {g.lay.Map.Min.X + 40, g.lay.Top.Min.Y + 5}, {-20, -20}} {
		at = p
		g.w.Note("")
		press(g, &held, -1, ebiten.KeyJ)
		if !strings.Contains(g.w.Message, "not over the map") {
			t.Errorf("J with the mouse at %v (off the map area %v): %q, want a note that the mouse is not over the map", p, g.lay.Map, g.w.Message)
		}
	}
	if n := s(); n != 0 {
		t.Errorf("J off the map spawned %d agents", n)
	}

	// On an open cell, J spawns there.
	c := g.w.Start
	cx, cy := g.cam.CellCenter(c)
	at = image.Pt(int(cx), int(cy))
	press(g, &held, -1, ebiten.KeyJ)
	if n := s(); n != 1 {
		t.Errorf("J on the start cell %v: %d agents (%q), want one", c, n, g.w.Message)
	}
}
