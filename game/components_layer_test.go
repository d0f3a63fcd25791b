package game

import (
	"image"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// bigHalves is a session on a map of over 4M cells (no cut cells: over
// world.MaxCutCells) split in two by a wall, whose components take tens of
// milliseconds to label.
func bigHalves(t *testing.T) *world.World {
	t.Helper()
	g := pathing.MustGrid(2049, 2048)
	terrain := make([]byte, g.Len())
	for i := range terrain {
		terrain[i] = '.'
	}
	for y := 0; y < g.Height(); y++ {
		g.SetOpen(image.Pt(1024, y), false)
		terrain[g.Index(image.Pt(1024, y))] = '@'
	}
	w := world.New(&maps.Map{Name: "halves", Grid: g, Terrain: terrain})
	w.Begin()
	t.Cleanup(w.Close)
	return w
}

// The components layer of a large map is labelled in the background: the
// frame that asks draws it as pending, the labels' arrival draws a frame,
// and a -shot waits for them as it waits for the plan.
func TestComponentsLayerLabelsInTheBackground(t *testing.T) {
	w := bigHalves(t)
	g, err := New(w, Options{Layers: "+components"})
	if err != nil {
		t.Fatal(err)
	}
	g.Layout(1280, 800)
	seq := w.ComponentsSeq()
	g.Draw(ebiten.NewImage(1280, 800))
	if _, _, ok := w.ComponentLabels(); ok && w.ComponentsSeq() == seq {
		t.Fatal("the layer's labels are known, yet none came from the background")
	}
	deadline := time.Now().Add(10 * time.Second)
	for w.ComponentsSeq() == seq && time.Now().Before(deadline) {
		g.drawnKey, g.drawnAt = g.drawKey, time.Now() // the frame before is drawn
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
	}
	if labels, n, ok := w.ComponentLabels(); !ok || n != 2 || len(labels) != w.Grid.Len() {
		t.Fatalf("after the labelling: ok %v, %d components", ok, n)
	}
	// The frame after the arrival: the labels may have come in outside a
	// frame, in the check above (ComponentLabels waits a few ms for
	// them), and then no Update of the loop saw them (the test failed
	// one run in three so).
	if err := g.Update(); err != nil {
		t.Fatal(err)
	}
	if !g.needsDraw() {
		t.Error("no frame is drawn when the labels arrive")
	}

	shot := bigHalves(t)
	if _, err := New(shot, Options{Layers: "+components", ShotPath: "unused.png"}); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := shot.ComponentLabels(); !ok {
		t.Error("-shot with the components layer: the picture would be taken before the labels are in")
	}
}
