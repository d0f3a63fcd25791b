package world

import (
	"bytes"
	"context"
	"errors"
	"image"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"pathlens/pathing"
	"pathlens/pathing/groups"
	"pathlens/pathing/hpa"
)

// lockedBuffer is a bytes.Buffer safe for the worker goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// capturePanicOut sends the stacks of caught panics to a buffer for the
// rest of the test.
func capturePanicOut(t *testing.T) *lockedBuffer {
	t.Helper()
	old := PanicOut
	buf := &lockedBuffer{}
	PanicOut = buf
	t.Cleanup(func() { PanicOut = old })
	return buf
}

// panicBuilds makes algo's builds panic with v for the rest of the test.
func panicBuilds(t *testing.T, algo Algo, v any) {
	t.Helper()
	orig := builders[algo]
	builders[algo] = func(context.Context, *pathing.Grid, [][]byte, Settings) (Hierarchy, error) {
		panic(v)
	}
	t.Cleanup(func() { builders[algo] = orig })
}

// A hierarchy build that panics, at once on a small map or on the build
// worker on a large one, fails as a refused build does: the error names
// what was under way, the stack goes to standard error, and the session
// goes on (A* still answers, the edits stay).
func TestBuildPanicFailsTheBuildNotTheSession(t *testing.T) {
	for _, big := range []bool{false, true} {
		stack := capturePanicOut(t)
		var w *World
		if big {
			w = bigWorld(t) // over asyncCells: the background worker
		} else {
			w = openCave(t, t.TempDir())
			w.SetEndpoints(image.Pt(0, 0), image.Pt(3, 2))
		}
		w.BeginStroke(image.Pt(2, 2), 0)
		w.EndStroke()
		panicBuilds(t, AlgoHPA, "index out of range [7]")
		w.Settings.Algo = AlgoHPA
		w.Replan()
		w.Wait()
		var ie *InternalError
		if err := w.HierarchyError(); !errors.As(err, &ie) || ie.What != "building the HPA* hierarchy" || ie.Value != "index out of range [7]" {
			t.Fatalf("big %v: hierarchy error %v, want the build's panic as an internal error", big, err)
		}
		if !strings.Contains(w.Outcome.Note+w.Message, "internal error while building the HPA* hierarchy: index out of range [7]") {
			t.Errorf("big %v: the window does not say what failed: note %q, message %q", big, w.Outcome.Note, w.Message)
		}
		if !strings.Contains(stack.String(), "panicBuilds") {
			t.Errorf("big %v: the stack written does not show where the panic began:\n%s", big, stack)
		}
		if !w.Dirty() || w.EditCount() != 1 {
			t.Errorf("big %v: the edit was lost", big)
		}
		w.Settings.Algo = AlgoAStar
		w.Replan()
		w.Wait()
		if w.Outcome.Status != pathing.Found {
			t.Errorf("big %v: A* after the failed build: %v", big, w.Outcome.Status)
		}
	}
}

// A panic on one of hpa's own worker goroutines reaches the build's
// recover as an *hpa.WorkerPanic; the report gives the worker's stack and
// the value it panicked with, not the wrapper.
func TestBuildWorkerPanicReportsTheWorker(t *testing.T) {
	stack := capturePanicOut(t)
	w := openCave(t, t.TempDir())
	panicBuilds(t, AlgoHPA, &hpa.WorkerPanic{Value: "nil map write", Stack: []byte("goroutine 7 [running]:\nhpa.(*Hierarchy).intra1(...)\n")})
	w.Settings.Algo = AlgoHPA
	w.SetEndpoints(image.Pt(0, 0), image.Pt(3, 2))
	w.Wait()
	var ie *InternalError
	if err := w.HierarchyError(); !errors.As(err, &ie) || ie.Value != "nil map write" {
		t.Fatalf("hierarchy error %v, want the worker's value", w.HierarchyError())
	}
	if s := stack.String(); !strings.Contains(s, "hpa.(*Hierarchy).intra1") || !strings.Contains(s, "raised again on:") {
		t.Errorf("the report lacks the worker's stack:\n%s", s)
	}
}

// The same for a worker of the group hierarchy's build (*groups.WorkerPanic).
func TestGroupBuildWorkerPanicReportsTheWorker(t *testing.T) {
	stack := capturePanicOut(t)
	w := openCave(t, t.TempDir())
	panicBuilds(t, AlgoGroup, &groups.WorkerPanic{Value: "slice bounds out of range", Stack: []byte("goroutine 9 [running]:\ngroups.(*builder).cellEdges(...)\n")})
	w.Settings.Algo = AlgoGroup
	w.SetEndpoints(image.Pt(0, 0), image.Pt(3, 2))
	w.Wait()
	var ie *InternalError
	if err := w.HierarchyError(); !errors.As(err, &ie) || ie.Value != "slice bounds out of range" {
		t.Fatalf("hierarchy error %v, want the worker's value", w.HierarchyError())
	}
	if s := stack.String(); !strings.Contains(s, "groups.(*builder).cellEdges") || !strings.Contains(s, "raised again on:") {
		t.Errorf("the report lacks the worker's stack:\n%s", s)
	}
}

// The optimal reference's background search failing inside leaves the
// reference unknown, says so, and the window goes on.
func TestOptimalPanicLeavesTheReferenceUnknown(t *testing.T) {
	capturePanicOut(t)
	w := bigWorld(t)
	optSearchHook = func() { panic("heap corrupted") }
	t.Cleanup(func() { optSearchHook = nil })
	w.SetEndpoints(image.Pt(1, 1), image.Pt(200, 200))
	w.Wait()
	if w.Optimal.Known || w.Optimal.Pending {
		t.Errorf("known %v, pending %v after the reference failed", w.Optimal.Known, w.Optimal.Pending)
	}
	if !w.MessageErr || !strings.Contains(w.Message, "internal error while computing the optimal reference: heap corrupted") {
		t.Errorf("message %q", w.Message)
	}
	// The same query replanned is not searched again (one stack, one
	// message), and the small-grid path fails the same way.
	calls := 0
	optSearchHook = func() { calls++; panic("heap corrupted") }
	w.Replan()
	w.Wait()
	if calls != 0 {
		t.Errorf("a replan of the failed query searched it again %d times", calls)
	}
	small := openCave(t, t.TempDir())
	small.SetEndpoints(image.Pt(0, 0), image.Pt(3, 2))
	small.Wait()
	if calls != 1 || small.Optimal.Known || !strings.Contains(small.Message, "heap corrupted") {
		t.Errorf("small grid: %d searches, known %v, message %q", calls, small.Optimal.Known, small.Message)
	}
	optSearchHook = nil
	w.SetEndpoints(image.Pt(1, 1), image.Pt(290, 280))
	w.Wait()
	if !w.Optimal.Known {
		t.Error("the next query's reference was not computed: the worker died with the panic")
	}
}

// Rescue writes what the window shows (edits, the stroke being painted,
// the query, the switches) to a new file beside the session's save path,
// which opens again to the same terrain; the session's own files are
// untouched and it stays unsaved.
func TestRescueWritesTheSessionWithoutTouchingIt(t *testing.T) {
	dir := t.TempDir()
	w := openCave(t, dir)
	src, _ := os.ReadFile(filepath.Join(dir, "cave.map"))
	w.SetEndpoints(image.Pt(0, 0), image.Pt(3, 2))
	w.BeginStroke(image.Pt(2, 2), 0)
	w.EndStroke()
	w.BeginStroke(image.Pt(0, 2), 0) // under way when the fault comes
	w.StrokeTo(image.Pt(1, 2))
	w.Settings.Algo = AlgoHPA
	edits := w.EditCount()
	p1, err := w.Rescue()
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(p1) != dir || !strings.HasPrefix(filepath.Base(p1), "cave.rescued-") || filepath.Ext(p1) != ".pls" {
		t.Errorf("rescued to %s, want cave.rescued-….pls in %s", p1, dir)
	}
	p2, err := w.Rescue()
	if err != nil || p2 == p1 {
		t.Errorf("a second rescue: %s, %v; want another file", p2, err)
	}
	if _, painting := w.Painting(); !painting || w.EditCount() != edits || !w.Dirty() {
		t.Errorf("the rescue changed the session: painting %v, %d edits (was %d), dirty %v", painting, w.EditCount(), edits, w.Dirty())
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "cave.map")); !bytes.Equal(got, src) {
		t.Error("the map file changed")
	}
	r, err := Open(p1)
	if err != nil {
		t.Fatalf("the rescue file does not open: %v", err)
	}
	t.Cleanup(r.Close)
	if !r.Grid.Equal(w.Grid) {
		t.Error("the rescued terrain differs from the window's (the stroke under way is missing?)")
	}
	if q := [2]image.Point{{0, 0}, {3, 2}}; r.Settings.Algo != AlgoHPA || len(r.Queries) == 0 || r.Queries[0] != q {
		t.Errorf("rescued settings/queries: %v, %v; want HPA*, %v first", r.Settings.Algo, r.Queries, q)
	}
}

// Where the session's folder cannot be written, the rescue goes to the
// temporary folder.
func TestRescueFallsBackToTheTemporaryFolder(t *testing.T) {
	ro := unwritableDir(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	w := openCave(t, t.TempDir())
	w.SaveTo = filepath.Join(ro, "cave.pls")
	w.BeginStroke(image.Pt(2, 2), 0)
	w.EndStroke()
	p, err := w.Rescue()
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(p) != tmp {
		t.Errorf("rescued to %s, want the temporary folder %s", p, tmp)
	}
	if _, err := Open(p); err != nil {
		t.Errorf("the rescue file does not open: %v", err)
	}
}

// A cluster heuristic table that panics fails the heuristic towards that
// goal only, said once: the group hierarchy stays, and another goal's
// table is computed (on a large map through a lend of the hierarchy).
func TestClusterTablePanicFailsThatGoalOnly(t *testing.T) {
	capturePanicOut(t)
	w := bigWorld(t)
	w.Settings.Algo = AlgoAStar
	w.Settings.Heuristic = HeurCluster
	calls := 0
	clusterTableHook = func() { calls++; panic("bad column") }
	t.Cleanup(func() { clusterTableHook = nil })
	w.Replan()
	w.Wait()
	if w.Outcome.Err == nil && !strings.Contains(w.Outcome.Note+w.Message, "bad column") {
		t.Fatalf("the failed table is not said: err %v, note %q, message %q", w.Outcome.Err, w.Outcome.Note, w.Message)
	}
	w.Replan()
	w.Wait()
	if calls != 1 {
		t.Errorf("%d tables computed for one goal, want 1 (not one a plan)", calls)
	}
	clusterTableHook = nil
	w.SetEndpoints(image.Pt(1, 1), image.Pt(200, 150))
	w.Wait()
	if w.Outcome.Status != pathing.Found || w.HierarchyError() != nil {
		t.Errorf("another goal: status %v, hierarchy error %v", w.Outcome.Status, w.HierarchyError())
	}
}
