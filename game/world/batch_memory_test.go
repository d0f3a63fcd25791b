package world

import (
	"errors"
	"image"
	"strings"
	"testing"
)

// A batch builds a hierarchy of its own beside the session's, from its own
// copy of the grid, and runs A* on every row: with free memory that holds
// the session's hierarchy but not a second one with the batch's searches,
// it is refused with the session's kind of message (what it needs, what is
// free, what needs less), logged, and starts nothing; the session's
// hierarchy stays. A reviewer found it started regardless.
func TestBatchRefusedWhenASecondHierarchyDoesNotFit(t *testing.T) {
	w := bigWorld(t)
	w.Queries = [][2]image.Point{{image.Pt(1, 1), image.Pt(290, 280)}}
	k := w.keyFor(AlgoHPA)
	need := hierBytes(k, w.Grid.Len(), w.Grid.OpenCount())
	fakeMemory(t, uint64(float64(need)/memShare)+1, true) // the session's fits, just
	w.SetAlgo(AlgoHPA)
	w.Wait()
	if err := w.HierarchyError(); err != nil || w.Hierarchy() == nil {
		t.Fatalf("the session's hierarchy was refused (bad set-up): %v", err)
	}
	if w.StartBatch() {
		w.WaitBatch()
		t.Fatalf("a batch started with memory for one hierarchy only; result %+v", w.LastBatch())
	}
	if _, _, running := w.BatchRunning(); running || w.LastBatch() != nil {
		t.Errorf("refused, yet running %v, result %v", running, w.LastBatch())
	}
	var me *errMemory
	if err := w.checkBatchMemory(); !errors.As(err, &me) || me.need <= need {
		t.Errorf("checkBatchMemory = %v, want a refusal needing more than the session's %d", err, need)
	}
	for _, want := range []string{"batch: not run: a batch with its own HPA* hierarchy of cluster 10, 2 levels (a second one, beside the session's) needs about",
		"300×300", "of memory is free", "larger clusters (]) or fewer levels (Shift+[) need less"} {
		if !strings.Contains(w.Message, want) {
			t.Errorf("message %q lacks %q", w.Message, want)
		}
	}
	if !w.MessageErr {
		t.Error("the refusal is not shown as an error")
	}
	if log := strings.Join(w.Log.Recent(nil, 20), "\n"); !strings.Contains(log, "batch state=refused rows=1") {
		t.Errorf("the refusal was not logged:\n%s", log)
	}
	if w.Hierarchy() == nil {
		t.Error("the refusal dropped the session's hierarchy")
	}
	// Larger clusters need less: at 64 the batch runs.
	w.SetCluster(64)
	w.Wait()
	if !w.StartBatch() {
		t.Fatalf("cluster 64 refused: %s", w.Message)
	}
	w.WaitBatch()
	if r := w.LastBatch(); r == nil || r.Err != nil || r.Found != 1 {
		t.Errorf("cluster 64: %+v (%s)", r, w.Message)
	}
}

// A flat batch holds a grid copy and two searchers' state; dense
// transitions and the cluster heuristic's table name their own switch;
// a machine that does not say checks nothing, and small maps are never
// checked.
func TestBatchMemoryCheckEveryPlanner(t *testing.T) {
	w := bigWorld(t)
	w.Queries = [][2]image.Point{{image.Pt(1, 1), image.Pt(290, 280)}}
	fakeMemory(t, 1<<20, true)
	for _, c := range []struct {
		s    Settings
		want []string
	}{
		{Settings{}, []string{"not run: a batch of A* with its own copy of the map and searches needs about"}},
		{Settings{Algo: AlgoHPA, Dense: true}, []string{"its own HPA* hierarchy of cluster 10, 2 levels, dense transitions (a second one", "Shift+N"}},
		{Settings{Algo: AlgoGroup}, []string{"its own group hierarchy of cluster 10, 2 levels (a second one"}},
		{Settings{Heuristic: HeurCluster}, []string{"a batch of A* with its own group hierarchy of cluster 10, 1 level for the cluster heuristic", "larger clusters (]) need less"}},
	} {
		w.Settings = c.s
		err := w.checkBatchMemory()
		if err == nil {
			t.Errorf("%+v: not refused with 1 MB free", c.s)
			continue
		}
		for _, s := range c.want {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("%+v: %q lacks %q", c.s, err, s)
			}
		}
	}
	w.Settings = Settings{}
	fakeMemory(t, 1, false)
	if err := w.checkBatchMemory(); err != nil {
		t.Errorf("a machine that does not say: %v", err)
	}
	fakeMemory(t, 1, true)
	small, _ := batchWorld(t)
	small.Settings = Settings{Algo: AlgoHPA}
	if err := small.checkBatchMemory(); err != nil {
		t.Errorf("a small map was checked: %v", err)
	}
}
