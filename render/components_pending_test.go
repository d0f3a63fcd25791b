package render

import (
	"image"
	"strings"
	"testing"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// The components layer labelled a large map on the drawing thread (about
// 0.2 s at 4096², after every edit). It now asks the session, which labels
// in the background: until the labels of the grid as it is are in, the
// layer draws nothing of an earlier grid's and a map note says it is
// labelling; once they are in (Wait, or a later frame) it is baked.
func TestComponentsLayerSaysItIsLabelling(t *testing.T) {
	const n = 2048 // a labelling takes tens of milliseconds: longer than the layer waits
	g := pathing.MustGrid(n, n)
	for y := 0; y < n; y++ {
		g.SetOpen(image.Pt(n/2, y), false)
	}
	w := world.New(&maps.Map{Name: "halves", Grid: g})
	t.Cleanup(w.Close)
	w.Begin()
	r := New()
	cam := &Camera{}
	cam.Fit(n, n, ComputeLayout(1280, 800, true).Map)
	f := &Frame{World: w, Cam: cam, Layers: LayerSet(0).With(LayerComponents, true)}
	ci := &world.CellInfo{In: true, P: image.Pt(1, 1), Terrain: '.', Weight: 1}

	if got := drawnText(r, f, ci); !strings.Contains(got, ComponentsLabellingNote) {
		t.Fatalf("the first frame of a %d² map's layer: want the labelling note, got %s", n, got)
	}
	if r.comps.key == (compKey{g, w.GridVersion(), false}) {
		t.Fatal("the layer counts as baked before its labels came in")
	}
	w.Wait()
	if got := drawnText(r, f, ci); strings.Contains(got, ComponentsLabellingNote) {
		t.Errorf("the labels in: still the note, %s", got)
	}
	left, right := compPixel(r, n, 1, 1), compPixel(r, n, n-2, 1)
	if left.A == 0 || right.A == 0 || left == right {
		t.Fatalf("the halves tinted %v and %v: want two components", left, right)
	}

	// An edit: the labels of the grid before it are not drawn over it.
	w.BeginStroke(image.Pt(n/2, 5), 0) // a door in the wall: one component
	w.EndStroke()
	baked := r.comps.key
	if got := drawnText(r, f, ci); !strings.Contains(got, ComponentsLabellingNote) || r.comps.key != baked {
		t.Errorf("after the edit: want the note and no bake yet, got %s", got)
	}
	w.Wait()
	drawnText(r, f, ci)
	if left, right := compPixel(r, n, 1, 1), compPixel(r, n, n-2, 1); left != right {
		t.Errorf("after the door: the halves tinted %v and %v, want one component", left, right)
	}
}
