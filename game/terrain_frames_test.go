package game

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// A map over the terrain's budget a frame (4 M cells) is drawn over more
// than one frame: the game draws the next frame while terrain in view is
// left to bake, with nothing else changed, and stops once it is all in.
// A -shot's frame bakes it all at once.
func TestBigTerrainIsDrawnOverFrames(t *testing.T) {
	w := bigHalves(t)
	g, err := New(w, Options{})
	if err != nil {
		t.Fatal(err)
	}
	g.Layout(1280, 800)
	screen := ebiten.NewImage(1280, 800)
	drawn := func() {
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		g.Draw(screen)
		g.drawnKey, g.drawnAt = g.drawKey, time.Now()
	}
	drawn()
	if !g.r.TerrainPending() || !g.needsDraw() {
		t.Fatalf("the first frame of %d cells: terrain left %v, next frame drawn %v; want both",
			w.Grid.Len(), g.r.TerrainPending(), g.needsDraw())
	}
	for i := 0; i < 10 && g.r.TerrainPending(); i++ {
		drawn()
	}
	if g.r.TerrainPending() || g.needsDraw() {
		t.Fatalf("after the terrain is in: terrain left %v, next frame drawn %v; want neither", g.r.TerrainPending(), g.needsDraw())
	}

	shot := bigHalves(t)
	gs, err := New(shot, Options{ShotPath: t.TempDir() + "/s.png"})
	if err != nil {
		t.Fatal(err)
	}
	gs.Layout(1280, 800)
	if err := gs.Update(); err != nil {
		t.Fatal(err)
	}
	gs.Draw(ebiten.NewImage(1280, 800))
	if gs.r.TerrainPending() {
		t.Error("a -shot's frame left terrain to bake")
	}
}
