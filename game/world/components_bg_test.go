package world

import (
	"image"
	"testing"
	"time"

	"pathlens/maps"
	"pathlens/pathing"
)

// wallWorld512 returns a world on a 512×512 grid (over asyncCells) split in
// two components by a wall at x = 256, with algo and no query.
func wallWorld512(t *testing.T, algo Algo) *World {
	t.Helper()
	g, err := pathing.NewGrid(512, 512)
	if err != nil {
		t.Fatal(err)
	}
	for y := 0; y < 512; y++ {
		g.SetWeight(image.Pt(256, y), 0)
	}
	w := New(maps.NewMap("split512", g))
	t.Cleanup(w.Close)
	w.Log = NewEventLog(nil)
	w.Settings.Algo = algo
	return w
}

// holdLabelling makes the next labelling goroutines wait until the
// returned function is called.
func holdLabelling(t *testing.T) (release func()) {
	t.Helper()
	gate := make(chan struct{})
	compHook = func() { <-gate }
	t.Cleanup(func() { compHook = nil })
	done := false
	return func() {
		if !done {
			done = true
			close(gate)
		}
	}
}

// tickUntilLabelled ticks the world until a labelling comes in (the
// inspector's ComponentsSeq moves past seq), failing after 10 s.
func tickUntilLabelled(t *testing.T, w *World, seq uint64) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); w.ComponentsSeq() == seq; {
		if time.Now().After(end) {
			t.Fatal("the components labelled in the background never came in")
		}
		w.Tick(1.0 / 60)
		time.Sleep(time.Millisecond)
	}
}

// The inspector on a large map never labels components on the window
// thread: with the labels stale (a new map, an edit) it says the component
// is pending, labels in the background, and shows it once that is in, for
// the grid as it is, never an earlier one's.
func TestInspectLabelsComponentsInBackground(t *testing.T) {
	w := wallWorld512(t, AlgoAStar)
	release := holdLabelling(t)
	w.Begin()
	left, right := image.Pt(10, 10), image.Pt(400, 10)
	seq := w.ComponentsSeq()
	ci := w.Inspect(left) // would hang here if it labelled on this thread: the labelling is held
	if !ci.ComponentPending || ci.Component != -1 {
		t.Fatalf("first hover: component %d, pending %v; want -1, pending", ci.Component, ci.ComponentPending)
	}
	if wall := w.Inspect(image.Pt(256, 3)); wall.ComponentPending || wall.Component != -1 {
		t.Fatalf("a wall: component %d, pending %v; want -1 at once", wall.Component, wall.ComponentPending)
	}
	release()
	tickUntilLabelled(t, w, seq)
	l, r := w.Inspect(left), w.Inspect(right)
	if l.ComponentPending || r.ComponentPending || l.Component < 0 || r.Component < 0 || l.Component == r.Component {
		t.Fatalf("after labelling: left %d (pending %v), right %d (pending %v); want two components", l.Component, l.ComponentPending, r.Component, r.ComponentPending)
	}

	// An edit while a labelling is under way: the labels of the grid
	// before it are not shown; the grid as it is gets labelled next.
	release = holdLabelling(t)
	w.BeginStroke(image.Pt(256, 100), 0) // a hole in the wall: one component
	w.EndStroke()
	seq = w.ComponentsSeq()
	if ci := w.Inspect(left); !ci.ComponentPending {
		t.Fatalf("after the dig: component %d shown at once, want pending", ci.Component)
	}
	w.BeginStroke(image.Pt(256, 100), 0) // the hole filled again, while that labelling is held
	w.EndStroke()
	release()
	tickUntilLabelled(t, w, seq)
	for w.comps.job != nil { // the one of the grid before is stale: the next comes
		w.Tick(1.0 / 60)
		time.Sleep(time.Millisecond)
	}
	l, r = w.Inspect(left), w.Inspect(right)
	want := LabelComponents(w.Grid, nil)
	if l.ComponentPending || l.Component != want[w.Grid.Index(left)] || r.Component != want[w.Grid.Index(right)] || l.Component == r.Component {
		t.Fatalf("after the fill: left %d, right %d (pending %v %v); want %d and %d", l.Component, r.Component,
			l.ComponentPending, r.ComponentPending, want[w.Grid.Index(left)], want[w.Grid.Index(right)])
	}
}

// While HPA*'s hierarchy of a large map is built in the background, the
// inspector's component comes from a labelling of its own, not one on
// the window thread, and without waiting for the build.
func TestInspectComponentWhileHierarchyBuilds(t *testing.T) {
	w := wallWorld512(t, AlgoHPA)
	gate := make(chan struct{})
	setBuildHook(func(j *buildJob, r buildRes) { <-gate })
	t.Cleanup(func() { setBuildHook(nil) })
	defer close(gate)
	w.Begin()
	if w.Hierarchy() != nil {
		t.Fatal("the hierarchy is in at once: the test needs it building")
	}
	seq := w.ComponentsSeq()
	if ci := w.Inspect(image.Pt(10, 10)); !ci.ComponentPending {
		t.Fatalf("hover during the build: component %d, want pending", ci.Component)
	}
	tickUntilLabelled(t, w, seq)
	if w.Hierarchy() != nil {
		t.Fatal("the hierarchy came in while its build was held")
	}
	l, r := w.Inspect(image.Pt(10, 10)), w.Inspect(image.Pt(400, 10))
	if l.ComponentPending || l.Component < 0 || r.Component < 0 || l.Component == r.Component {
		t.Fatalf("during the build: left %d, right %d (pending %v); want two components", l.Component, r.Component, l.ComponentPending)
	}
}

// A designer under HPA* filled walls across a room and undid them: the
// inspector read "component 3" on a map of one or two components. It
// showed the hierarchy's labels, which its repairs keep correct but do not
// renumber; the components layer numbers them by each one's first cell.
// The inspector now shows the layer's numbers.
func TestInspectComponentNumbersAsTheLayer(t *testing.T) {
	g, err := pathing.NewGrid(40, 30)
	if err != nil {
		t.Fatal(err)
	}
	w := New(maps.NewMap("room", g))
	t.Cleanup(w.Close)
	w.Log = NewEventLog(nil)
	w.Settings.Algo = AlgoHPA
	w.Begin()
	w.Wait()
	wall := func(x int) { // a fill across the room
		w.BeginStroke(image.Pt(x, 0), 0)
		for y := 1; y < 30; y++ {
			w.StrokeTo(image.Pt(x, y))
		}
		w.EndStroke()
		w.Wait()
	}
	undo := func() {
		w.Undo()
		w.Wait()
	}
	cells := []image.Point{{5, 5}, {25, 5}, {35, 5}}
	// check compares the inspector with the layer's labels, and with want.
	check := func(step string, want ...int32) {
		t.Helper()
		labels, _, in := w.ComponentLabels()
		if !in {
			t.Fatalf("%s: the layer's labels are not in", step)
		}
		for k, p := range cells {
			ci := w.Inspect(p)
			if ci.ComponentPending || ci.Component != labels[g.Index(p)] || ci.Component != want[k] {
				t.Errorf("%s: inspector at %v reads component %d (pending %v); the layer %d, want %d",
					step, p, ci.Component, ci.ComponentPending, labels[g.Index(p)], want[k])
			}
		}
	}
	wall(20)
	wall(30)
	check("two walls", 0, 1, 2)
	undo()
	check("one wall undone", 0, 1, 1) // the hierarchy: 0, 2, 2
	undo()
	wall(10)
	check("a wall further left", 0, 1, 1) // the hierarchy: 3, 0, 0
	undo()
	check("all undone", 0, 0, 0)
}
