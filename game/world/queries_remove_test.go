package world

import (
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// removeFixture writes a 4×4 open map, a .scen list of four rows A, B, C,
// D (optimal 1 to 4) and a session with one query of its own, X, before
// the list, and opens the session: its queries are X A B C D.
func removeFixture(t *testing.T) (dir string, w *World) {
	t.Helper()
	dir = t.TempDir()
	files := map[string]string{
		"m.map": "type octile\nheight 4\nwidth 4\nmap\n....\n....\n....\n....\n",
		"m.map.scen": "version 1\n" +
			"0\tm.map\t4\t4\t0\t0\t1\t0\t1\n" + // A
			"0\tm.map\t4\t4\t0\t1\t2\t1\t2\n" + // B
			"0\tm.map\t4\t4\t0\t2\t3\t2\t3\n" + // C
			"0\tm.map\t4\t4\t0\t3\t3\t0\t4\n", // D
		"other.scen": "version 1\n0\tm.map\t4\t4\t3\t3\t0\t0\t4.24264069\n",
		"s.pls":      "pathlens-scenario 1\nmap m.map\nquery 3,3 0,0\nscen m.map.scen\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w, err := Open(filepath.Join(dir, "s.pls"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	w.Log = NewEventLog(nil)
	w.Begin()
	w.Wait()
	return dir, w
}

var (
	qX = [2]image.Point{{3, 3}, {0, 0}}
	qA = [2]image.Point{{0, 0}, {1, 0}}
	qB = [2]image.Point{{0, 1}, {2, 1}}
	qC = [2]image.Point{{0, 2}, {3, 2}}
	qD = [2]image.Point{{0, 3}, {3, 0}}
)

// checkList fails unless w's queries are want, with ScenOptimal and the
// list's rows (scenAt, scenN, scenSkip) in step.
func checkList(t *testing.T, w *World, what string, want [][2]image.Point, opt []float64, at, n int, skip []int) {
	t.Helper()
	if !slices.Equal(w.Queries, want) || !slices.Equal(w.ScenOptimal, opt) || w.scenAt != at || w.scenN != n || !slices.Equal(w.scenSkip, skip) {
		t.Errorf("%s: queries %v optimal %v rows at %d n %d skip %v\nwant %v %v at %d n %d skip %v",
			what, w.Queries, w.ScenOptimal, w.scenAt, w.scenN, w.scenSkip, want, opt, at, n, skip)
	}
}

// A teacher who added a wrong query, or an engineer trimming a .scen list,
// could not take a query off the session's list. RemoveQuery takes the
// query (a row of the list, or one of the session's own), keeps the
// .scen's optimal lengths and rows in step, marks the session unsaved, is
// one step of the undo history, and a save leaves the removed row out
// (scen-skip) without touching the .scen file.
func TestRemoveQueryFromList(t *testing.T) {
	dir, w := removeFixture(t)
	all := [][2]image.Point{qX, qA, qB, qC, qD}
	checkList(t, w, "opened", all, []float64{0, 1, 2, 3, 4}, 1, 4, nil)
	if w.Dirty() {
		t.Fatalf("opened: unsaved %q", w.UnsavedText())
	}
	scenBefore, _ := os.ReadFile(filepath.Join(dir, "m.map.scen"))

	// Row B (query 3, the list's second row) goes; C is next.
	next, err := w.RemoveQuery(2)
	if err != nil || next != 2 {
		t.Fatalf("RemoveQuery(2) = %d, %v; want 2 (C), nil", next, err)
	}
	checkList(t, w, "B removed", [][2]image.Point{qX, qA, qC, qD}, []float64{0, 1, 3, 4}, 1, 3, []int{1})
	if !w.Dirty() || w.UnsavedText() != "unsaved queries" {
		t.Errorf("B removed: Dirty %v %q, want unsaved queries", w.Dirty(), w.UnsavedText())
	}
	if !strings.Contains(strings.Join(w.Log.Recent(nil, 50), "\n"), "query_removed index=3 from=0,1 to=2,1 left=4 scen_row=2") {
		t.Errorf("no query_removed line in the log:\n%s", strings.Join(w.Log.Recent(nil, 50), "\n"))
	}
	w.SetEndpoints(qC[0], qC[1]) // the window opens the next
	w.Wait()

	// Saved: the file skips row 2; reopened, B is not there.
	out := filepath.Join(dir, "out.pls")
	if err := w.Save(out); err != nil {
		t.Fatal(err)
	}
	if w.Dirty() {
		t.Errorf("saved: still unsaved %q", w.UnsavedText())
	}
	data, _ := os.ReadFile(out)
	if !strings.Contains(string(data), "scen-skip 2\n") || strings.Contains(string(data), "query 0,1 2,1") {
		t.Errorf("saved file lacks scen-skip 2 or holds B:\n%s", data)
	}
	if now, _ := os.ReadFile(filepath.Join(dir, "m.map.scen")); string(now) != string(scenBefore) {
		t.Errorf("the .scen file was written:\n%s", now)
	}
	back, err := Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	back.Begin()
	back.Wait()
	if slices.Contains(back.Queries, qB) || len(back.Queries) != 4 || back.Dirty() {
		t.Errorf("reopened: queries %v (dirty %v), want X A C D without B", back.Queries, back.Dirty())
	}
	if i := slices.Index(back.Queries, qC); i < 0 || back.ScenOptimal[i] != 3 || back.openingQuery() != qC {
		t.Errorf("reopened: C at %d, optimal %v, opens on %v", i, back.ScenOptimal, back.openingQuery())
	}

	// Undone: B is back in its place, to be shown; the session is unsaved
	// (the file skips it); redone, saved again.
	w.Undo()
	checkList(t, w, "undone", all, []float64{0, 1, 2, 3, 4}, 1, 4, nil)
	if i, ok := w.TakeQueryToShow(); !ok || i != 2 {
		t.Errorf("undone: show %d %v, want query index 2", i, ok)
	}
	if !w.Dirty() {
		t.Errorf("undone after the save: not unsaved")
	}
	w.Redo()
	checkList(t, w, "redone", [][2]image.Point{qX, qA, qC, qD}, []float64{0, 1, 3, 4}, 1, 3, []int{1})
	if w.Dirty() {
		t.Errorf("redone: unsaved %q, as saved", w.UnsavedText())
	}

	// The session's own X (before the list) goes and comes back.
	if next, err := w.RemoveQuery(0); err != nil || next != 0 {
		t.Fatalf("RemoveQuery(0) = %d, %v", next, err)
	}
	checkList(t, w, "X removed", [][2]image.Point{qA, qC, qD}, []float64{1, 3, 4}, 0, 3, []int{1})
	if !w.Dirty() || w.UnsavedText() != "unsaved queries" {
		t.Errorf("X removed: Dirty %v %q", w.Dirty(), w.UnsavedText())
	}
	w.Undo()
	checkList(t, w, "X back", [][2]image.Point{qX, qA, qC, qD}, []float64{0, 1, 3, 4}, 1, 3, []int{1})

	// Rows after a skipped one map to their file rows: D is row 4.
	if _, err := w.RemoveQuery(3); err != nil {
		t.Fatal(err)
	}
	checkList(t, w, "D removed", [][2]image.Point{qX, qA, qC}, []float64{0, 1, 3}, 1, 2, []int{1, 3})
	w.Undo()
	checkList(t, w, "D back", [][2]image.Point{qX, qA, qC, qD}, []float64{0, 1, 3, 4}, 1, 3, []int{1})
	if bad, err := w.RemoveQuery(4); err == nil || bad != -1 {
		t.Errorf("RemoveQuery past the end: %d, %v", bad, err)
	}
}

// Removing every query leaves none on screen (the last was), and a save
// then writes neither the queries nor the list; undoing brings them all
// back in order.
func TestRemoveQueryAll(t *testing.T) {
	dir, w := removeFixture(t)
	all := slices.Clone(w.Queries)
	i := 0
	for len(w.Queries) > 0 {
		q := w.Queries[i]
		w.SetEndpoints(q[0], q[1])
		w.Wait()
		next, err := w.RemoveQuery(i)
		if err != nil {
			t.Fatal(err)
		}
		i = next
	}
	if i != -1 || w.HasStart || w.HasGoal || w.scenN != 0 || len(w.ScenOptimal) != 0 {
		t.Fatalf("all removed: next %d, start %v goal %v, rows %d, optimal %v", i, w.HasStart, w.HasGoal, w.scenN, w.ScenOptimal)
	}
	if !w.Dirty() {
		t.Errorf("all removed: not unsaved")
	}
	out := filepath.Join(dir, "none.pls")
	if err := w.Save(out); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(out)
	if strings.Contains(string(data), "query ") || strings.Contains(string(data), "\nscen") {
		t.Errorf("saved with no query left:\n%s", data)
	}
	back, err := Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	if len(back.Queries) != 0 {
		t.Errorf("reopened: %v", back.Queries)
	}
	for w.CanUndo() {
		w.Undo()
	}
	checkList(t, w, "all undone", all, []float64{0, 1, 2, 3, 4}, 1, 4, nil)
}

// A removal is refused while a batch runs over the list (its rows are the
// list's indices); undone after another list replaced the row's, the row
// comes back as one of the session's own, saying so.
func TestRemoveQueryBusyAndReplacedList(t *testing.T) {
	dir, w := removeFixture(t)
	if !w.StartBatch() {
		t.Fatal("no batch started")
	}
	if _, err := w.RemoveQuery(1); err == nil || !strings.Contains(err.Error(), "a batch is running") {
		t.Errorf("removal during a batch: %v", err)
	}
	if len(w.Queries) != 5 || w.CanUndo() {
		t.Errorf("a refused removal changed the list: %v", w.Queries)
	}
	w.CancelBatch()

	if _, err := w.RemoveQuery(2); err != nil { // B
		t.Fatal(err)
	}
	rows, err := w.ScenRows(filepath.Join(dir, "other.scen"))
	if err != nil {
		t.Fatal(err)
	}
	w.AddScenRows(filepath.Join(dir, "other.scen"), rows)
	w.Undo()
	if n := len(w.Queries); n != 3 || w.Queries[n-1] != qB || w.scenN != 1 || w.scenSkip != nil || len(w.ScenOptimal) != 3 || w.ScenOptimal[2] != 0 {
		t.Errorf("undone over another list: %v %v rows %d skip %v", w.Queries, w.ScenOptimal, w.scenN, w.scenSkip)
	}
	if !strings.Contains(w.Message, "it is back as a query of your own") {
		t.Errorf("message %q", w.Message)
	}
}
