package world

import (
	"image"
	"path/filepath"
	"testing"
)

// A designer placed a start and a goal, quit, and the query was gone: the
// file saves queries, but placing one did not count as unsaved work, so
// quitting (or opening another file) did not ask. Placing, moving and
// putting back a query change what a save writes: Dirty until saved; moving
// it back where the file has it, or only clicking a start (half a query the
// file cannot hold), is not.
func TestQueriesAreUnsavedWork(t *testing.T) {
	w := openPlanned3x8(t)
	check := func(what string, dirty bool, text string) {
		t.Helper()
		if w.Dirty() != dirty || w.UnsavedText() != text {
			t.Errorf("%s: Dirty %v, UnsavedText %q; want %v, %q",
				what, w.Dirty(), w.UnsavedText(), dirty, text)
		}
	}
	check("fresh, no query", false, "")
	w.Pick(image.Pt(0, 0))
	check("a start alone", false, "")
	w.Pick(image.Pt(7, 2))
	check("a query placed", true, "unsaved queries")
	path := filepath.Join(t.TempDir(), "q.pls")
	if err := w.Save(path); err != nil {
		t.Fatal(err)
	}
	check("saved", false, "")
	w.MoveEndpoint(true, image.Pt(6, 2))
	w.Replan()
	check("goal dragged", true, "unsaved queries")
	w.MoveEndpoint(true, image.Pt(7, 2))
	w.Replan()
	check("goal dragged back", false, "")
	w.SetEndpoints(image.Pt(1, 1), image.Pt(5, 0))
	check("Ctrl+G X,Y X,Y", true, "unsaved queries")
	w.SetEndpoints(image.Pt(0, 0), image.Pt(7, 2))
	check("the saved query again", false, "")
	w.Pick(image.Pt(3, 1))
	check("the saved query put aside for a new start", true, "unsaved queries")
	if !w.CancelPick() {
		t.Fatal("Esc did not bring the query back")
	}
	check("Esc: back to the saved query", false, "")
	w.BeginStroke(image.Pt(4, 0), 0)
	w.EndStroke()
	w.Pick(image.Pt(2, 2))
	w.Pick(image.Pt(3, 2))
	check("an edit and a query", true, "1 unsaved edit and queries")

	// Reopened, the file's query is not work of the new session; going
	// to another of its queries is no change either.
	if err := w.Save(path); err != nil {
		t.Fatal(err)
	}
	w2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	w2.Log = NewEventLog(nil)
	w2.Begin()
	t.Cleanup(w2.Close)
	w2.Wait()
	if w2.Dirty() || !w2.HasStart || !w2.HasGoal || w2.Start != image.Pt(2, 2) || w2.Goal != image.Pt(3, 2) {
		t.Fatalf("reopened: Dirty %v (%q), query %v→%v", w2.Dirty(), w2.UnsavedText(), w2.Start, w2.Goal)
	}
	w2.Pick(image.Pt(6, 1))
	w2.Pick(image.Pt(0, 2))
	if !w2.Dirty() {
		t.Errorf("a query placed in the reopened session left it clean")
	}
}

// Going through the rows of a .scen list (F3, Ctrl+G K) opens queries the
// file holds already (it names the list): not unsaved work.
func TestScenRowsAreNotUnsavedQueries(t *testing.T) {
	w := openPlanned3x8(t)
	w.Queries = [][2]image.Point{{image.Pt(0, 0), image.Pt(7, 2)}, {image.Pt(1, 0), image.Pt(6, 2)}}
	w.scenAt, w.scenN = 0, 2
	for k, q := range w.Queries {
		w.SetEndpoints(q[0], q[1])
		if w.Dirty() {
			t.Errorf("row %d opened: Dirty (%q)", k+1, w.UnsavedText())
		}
	}
	w.SetEndpoints(image.Pt(2, 0), image.Pt(2, 2))
	if !w.Dirty() {
		t.Errorf("a query of the user's own beside the list's rows left the session clean")
	}
}

// Regression: Dirty, asked a few times a frame (the title, the top bar),
// made a set of every row of the .scen list at each call to tell the
// list's rows from the user's queries: with maze512-16-0's 8,981 rows
// that was 1.4 ms and 0.8 MB of garbage a call, every frame. It makes
// none of the list now.
func TestDirtyWithALongScenListAllocatesLittle(t *testing.T) {
	w := openPlanned3x8(t)
	w.Queries = nil
	for i := range 9000 {
		w.Queries = append(w.Queries, [2]image.Point{image.Pt(i%8, 0), image.Pt(i%7, i%3)})
	}
	w.scenAt, w.scenN = 0, len(w.Queries)
	w.SetEndpoints(w.Queries[5][0], w.Queries[5][1])
	w.Wait()
	w.markQueriesSaved()
	if w.Dirty() {
		t.Fatalf("a row of the list opened: Dirty (%q)", w.UnsavedText())
	}
	if n := testing.AllocsPerRun(20, func() { w.Dirty() }); n > 2 {
		t.Errorf("Dirty with a list of %d rows: %.0f allocations a call, want at most 2", w.scenN, n)
	}
}

// openPlanned3x8 is an open 8×3 map's session, begun and its first plan
// in.
func openPlanned3x8(t *testing.T) *World {
	t.Helper()
	w, _ := mustWorld(t,
		"........",
		"........",
		"........",
	)
	w.Begin()
	w.Wait()
	return w
}
