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
//
// The frame right after a change races the labelling (tens of
// milliseconds at 2048²): on a loaded machine the labels came in first and
// the test failed once. Such a frame shows the new labels, baked, which
// proves nothing either way: the change is made again, up to a few times,
// until a frame comes before its labels.
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

	// pending draws the frame after a change (change, then the frame):
	// it must show the note and bake nothing, unless the labels of the
	// grid as it now is came in first (inconclusive: false).
	pending := func(what string, change func()) bool {
		t.Helper()
		baked := r.comps.key
		change()
		got := drawnText(r, f, ci)
		if strings.Contains(got, ComponentsLabellingNote) {
			if r.comps.key != baked {
				t.Fatalf("%s: the layer baked before its labels came in", what)
			}
			return true
		}
		// No note: fine only if the labels are in (they stay in for this
		// grid, so they were when the frame was drawn, or came in just
		// after it), and the frame baked them.
		if _, _, in := w.ComponentLabels(); !in || r.comps.key != (compKey{g, w.GridVersion(), false}) {
			t.Fatalf("%s: neither the labelling note nor the new labels (labels in: %v): %s", what, in, got)
		}
		return false
	}
	// a far cell toggled: the partition stays, the labelling runs again.
	toggle := func(k int) func() {
		return func() {
			w.BeginStroke(image.Pt(3, 3+k), 0)
			w.EndStroke()
		}
	}
	ok := pending("the first frame", func() {})
	for k := 0; !ok && k < 5; k++ {
		w.Wait()
		ok = pending("the frame after a far edit", toggle(k))
	}
	if !ok {
		t.Skip("the labels came in before every frame, six times: the machine is too slow to tell")
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
	door := func() {
		w.BeginStroke(image.Pt(n/2, 5), 0) // a door in the wall: one component
		w.EndStroke()
	}
	if !pending("after the door", door) {
		t.Log("the door's labels came in before its frame: its note was not seen")
	}
	w.Wait()
	drawnText(r, f, ci)
	if left, right := compPixel(r, n, 1, 1), compPixel(r, n, n-2, 1); left != right {
		t.Errorf("after the door: the halves tinted %v and %v, want one component", left, right)
	}
}
