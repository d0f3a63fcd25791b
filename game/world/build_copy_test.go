package world

import (
	"image"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

// wallEdit fills column x of w from y0 to y1 (inclusive) as one edit.
func wallEdit(w *World, x, y0, y1 int) {
	var e Edit
	e.Kind = EditFill
	for y := y0; y <= y1; y++ {
		e.Cells = append(e.Cells, CellEdit{P: image.Pt(x, y)})
	}
	w.ApplyEdit(e)
}

// A build asked for on a big map copies the grid on the build worker,
// from the last snapshot and the cells edited since, not on the window
// thread; the hierarchy built reads the grid as it was when the switch
// was made, and the cells edited while it was built are repaired into
// it, whether the snapshot was this version's or an older one, and
// while the snapshot is copied for the edits made meanwhile.
func TestBuildCopiesTheGridFromTheSnapshot(t *testing.T) {
	for _, c := range []struct {
		name  string
		older bool // edits after the snapshot, before the switch
	}{{"snapshot current", false}, {"snapshot older", true}} {
		t.Run(c.name, func(t *testing.T) {
			const n = 600
			w := New(maps.NewMap("open", pathing.MustGrid(n, n)))
			defer w.Close()
			w.SetEndpoints(image.Pt(10, 300), image.Pt(590, 300))
			settleUntimed(w)
			base := w.snapshot()
			if c.older {
				wallEdit(w, 300, 0, 598) // a wall with a gap at the bottom
				w.snap = base            // as when the labelling has not copied the edit yet
			}
			w.SetAlgo(AlgoHPA)
			j := w.building
			if j == nil || j.src == nil {
				t.Fatalf("the switch built at once or with no copy to make (job %v)", j != nil)
			}
			if j.src.base != base {
				t.Fatalf("the build copies another snapshot (version %d) than the last one (version %d)", j.src.base.key.version, base.key.version)
			}
			if want := 599; c.older && len(j.src.cells) != want {
				t.Fatalf("the build's copy has %d cells changed since the snapshot, want the wall's %d", len(j.src.cells), want)
			}
			// Edits while it is built: a second wall, and a snapshot of them
			// (the labelling's) which must not be copied into the one the
			// build reads from.
			wallEdit(w, 450, 1, n-1) // a gap at the top
			w.snapshot()
			w.Wait()
			settleUntimed(w)
			if w.hier == nil || w.hierKey.algo != AlgoHPA {
				t.Fatalf("no HPA* hierarchy installed: %v", w.hierErr)
			}
			if !w.hierGrid.Equal(w.Grid) {
				t.Fatal("the hierarchy's grid is not the world's")
			}
			if w.Outcome.Status != pathing.Found {
				t.Fatalf("the query: %v %v", w.Outcome.Status, w.Outcome.Err)
			}
			for _, p := range w.Outcome.Path {
				if !w.Grid.Open(p) {
					t.Fatalf("the path crosses %v, a wall", p)
				}
			}
			if c.older && w.Outcome.Cost < 2*(n-20) {
				t.Fatalf("cost %.1f: the path does not go round both walls", w.Outcome.Cost)
			}
		})
	}
}
