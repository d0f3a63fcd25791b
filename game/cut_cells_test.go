package game

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
	"pathlens/render"
)

// cutsSession is a session on a 300×300 map with walls at random: above
// 256×256, so its cut cells are computed in the background.
func cutsSession(t *testing.T) *world.World {
	t.Helper()
	g := pathing.MustGrid(300, 300)
	terrain := make([]byte, g.Len())
	rng := rand.New(rand.NewPCG(8, 9))
	for i := range terrain {
		terrain[i] = '.'
		if rng.Float64() < 0.33 {
			g.SetOpen(g.Point(i), false)
			terrain[i] = '@'
		}
	}
	w := world.New(&maps.Map{Name: "cuts", Grid: g, Terrain: terrain})
	w.Begin()
	t.Cleanup(w.Close)
	return w
}

// The session computes the cut cells while the components layer is on
// (the game says so each frame), and a frame is drawn when they arrive
// (nothing else changes then: they waited for the half-second redraw);
// off, none are computed. A -shot waits for them, as it waits for the
// plan: the picture would be taken before they were in.
func TestCutCellsFollowTheLayer(t *testing.T) {
	w := cutsSession(t)
	g, err := New(w, Options{Layers: "+components"})
	if err != nil {
		t.Fatal(err)
	}
	g.Layout(1280, 800)
	g.Draw(ebiten.NewImage(1280, 800))
	if _, pending := w.CutCellsPending(); !pending {
		t.Fatal("the layer is on and its cut cells are not being computed")
	}
	deadline := time.Now().Add(10 * time.Second)
	for w.CutCells() == nil && time.Now().Before(deadline) {
		g.drawnKey, g.drawnAt = g.drawKey, time.Now() // the frame before is drawn
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
	}
	if !slices.Equal(w.CutCells(), pathing.CutCells(w.Grid, nil)) {
		t.Fatal("the cut cells the layer shows are not the grid's")
	}
	if !g.needsDraw() {
		t.Error("no frame is drawn when the cut cells arrive")
	}

	g.toggleLayer(render.LayerComponents)
	w.BeginStroke(w.Grid.Point(slices.IndexFunc(w.CutCells(), func(n int32) bool { return n > 0 })), 0)
	w.EndStroke()
	g.Update()
	if _, pending := w.CutCellsPending(); pending || w.CutCells() != nil {
		t.Error("the layer is off and cut cells are computed")
	}

	shot := cutsSession(t)
	if _, err := New(shot, Options{Layers: "+components", ShotPath: "unused.png"}); err != nil {
		t.Fatal(err)
	}
	if shot.CutCells() == nil {
		t.Error("-shot with the components layer: the picture would be taken before the cut cells are in")
	}
}
