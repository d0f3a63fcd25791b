package world

import (
	"image"
	"path/filepath"
	"testing"
	"time"

	"pathlens/pathing"
)

// reopened saves w to a new file in dir and opens it again, failing unless
// the file holds w's grid, switches and query, and w is no longer dirty.
func reopened(t *testing.T, w *World, dir string) *World {
	t.Helper()
	path := filepath.Join(dir, "busy.pls")
	if err := w.Save(path); err != nil {
		t.Fatal(err)
	}
	if w.Dirty() {
		t.Fatal("dirty right after the save")
	}
	w2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if !w2.Grid.Equal(w.Grid) {
		t.Fatal("the saved file's map with its edits differs from the session's grid")
	}
	a, b := w2.Settings, w.Settings
	if a.Algo != b.Algo || a.Cluster() != b.Cluster() || a.LevelCount() != b.LevelCount() || a.Heuristic != b.Heuristic ||
		a.Neighborhood != b.Neighborhood || a.AgentRefine != b.AgentRefine {
		t.Fatalf("saved switches %+v, the session's %+v", a, b)
	}
	if len(w2.Queries) == 0 || w2.Queries[0] != [2]image.Point{w.Start, w.Goal} {
		t.Fatalf("saved queries %v, the session's %v→%v", w2.Queries, w.Start, w.Goal)
	}
	return w2
}

// someCells returns n open cells of w away from its query's endpoints
// and n blocked ones, scanning from the middle of the map.
func someCells(w *World, n int) (open, blocked []image.Point) {
	g := w.Grid
	for i := g.Len() / 2; i < g.Len() && (len(open) < n || len(blocked) < n); i++ {
		p := g.Point(i)
		switch {
		case p == w.Start || p == w.Goal:
		case g.Open(p) && len(open) < n:
			open = append(open, p)
		case !g.Open(p) && len(blocked) < n:
			blocked = append(blocked, p)
		}
	}
	return open, blocked
}

// A save while a hierarchy is being built in the background, for switches
// changed meanwhile and with edits made meanwhile, writes the session's
// grid, switches and query (nothing of the build's snapshot); the build
// still arrives and equals a fresh one; the session stays clean. Edits made
// while busy make it dirty, so quitting asks.
func TestSaveWhileBuilding(t *testing.T) {
	for _, algo := range []Algo{AlgoHPA, AlgoGroup} {
		t.Run(algo.String(), func(t *testing.T) {
			w, _ := openMaze(t, algo)
			w.Begin()
			pending(t, w, "building")
			open, blocked := someCells(w, 2)
			w.BeginStroke(blocked[0], 0)
			w.EndStroke()
			w.SetCluster(16) // another build, for the new switch
			w.BeginStroke(open[0], 0)
			w.EndStroke()
			if !w.Busy() || !w.Dirty() {
				t.Fatalf("busy %v, dirty %v: want both (quitting now must ask)", w.Busy(), w.Dirty())
			}
			reopened(t, w, t.TempDir())
			if !w.Busy() {
				t.Fatal("the save finished the build: it should go on in the background")
			}
			w.Wait()
			if w.Dirty() || w.Outcome.Status != pathing.Found || w.Settings.Cluster() != 16 {
				t.Fatalf("after the build: dirty %v, %v %v, cluster %d", w.Dirty(), w.Outcome.Status, w.Outcome.Err, w.Settings.Cluster())
			}
			sameAsFresh(t, w)
		})
	}
}

// A save while a flat search runs its slices writes the session as it is,
// and the search then finishes with the right answer.
func TestSaveWhileSearching(t *testing.T) {
	w, r := openMaze(t, AlgoAStar)
	w.Begin()
	pending(t, w, "planning")
	_, blocked := someCells(w, 1)
	w.BeginStroke(blocked[0], 0)
	w.EndStroke()
	pending(t, w, "planning")
	reopened(t, w, t.TempDir())
	for w.Busy() {
		w.Tick(0)
	}
	want, err := pathing.NewSearcher(w.Grid).Search(pathing.Query{Start: r.Start, Goal: r.Goal})
	if err != nil {
		t.Fatal(err)
	}
	if w.Outcome.Cost != want.Cost || w.Dirty() {
		t.Fatalf("cost %v, want %v; dirty %v", w.Outcome.Cost, want.Cost, w.Dirty())
	}
}

// A stroke in progress is an unsaved edit: quitting (the window asks when
// Dirty) must ask, and a save (Ctrl+S mid-drag, or the quit dialog's S)
// writes its cells, ending it, rather than a file without them while the
// grid has them (which the quit then lost).
func TestSaveDuringAStroke(t *testing.T) {
	w, _ := mustWorld(t, corridor...)
	w.SetEndpoints(image.Pt(1, 1), image.Pt(3, 3))
	w.markQueriesSaved() // the query as a file's, opened with: this test is about the stroke
	if w.Dirty() {
		t.Fatal("dirty before any edit")
	}
	w.BeginStroke(image.Pt(6, 1), 0)
	w.StrokeTo(image.Pt(7, 1))
	if !w.Dirty() {
		t.Fatal("a stroke in progress that filled two cells is not dirty: quitting would not ask")
	}
	w2 := reopened(t, w, t.TempDir())
	if w2.Grid.Open(image.Pt(7, 1)) {
		t.Fatal("the save left out the stroke in progress")
	}
	if _, painting := w.Painting(); painting || w.EditCount() != 1 {
		t.Fatalf("after the save: painting %v, %d edits; want the stroke ended as one edit", painting, w.EditCount())
	}
	w.StrokeTo(image.Pt(8, 1)) // the drag goes on: nothing more is painted
	w.EndStroke()
	if w.Dirty() || !w.Grid.Open(image.Pt(8, 1)) {
		t.Fatalf("the drag after the save painted (dirty %v)", w.Dirty())
	}
	w.Undo()
	if !w.Grid.Open(image.Pt(6, 1)) || !w.Dirty() {
		t.Fatal("undo after the save did not reopen the stroke's cells")
	}
}

// The same on a large grid whose stroke repairs only when it ends (the
// plan is pending meanwhile): the save repairs it, and the hierarchy
// equals a fresh build.
func TestSaveDuringASlowStroke(t *testing.T) {
	w, _ := openMaze(t, AlgoGroup)
	w.Begin()
	w.Wait()
	mid := w.Outcome.Path[len(w.Outcome.Path)/2]
	w.repairTime = time.Second // as if the last repair had been slow
	w.BeginStroke(mid, 0)
	for x := 1; x <= 4; x++ {
		w.StrokeTo(mid.Add(image.Pt(x, 0)))
	}
	pending(t, w, "when the stroke ends")
	if !w.Dirty() {
		t.Fatal("busy with a stroke that filled cells, and not dirty: quitting would not ask")
	}
	reopened(t, w, t.TempDir())
	w.Wait()
	if w.Busy() || w.Outcome.Status != pathing.Found {
		t.Fatalf("after the save: busy %v, %v %v", w.Busy(), w.Outcome.Status, w.Outcome.Err)
	}
	sameAsFresh(t, w)
}
