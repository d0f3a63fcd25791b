package world

import (
	"testing"
	"time"
)

// A bake handed over just as its job is abandoned (here by Close) is taken
// in as a bake: GroupTints' number moves, as its doc says it does with
// every bake taken in. It stayed, so the level-2 bake came back under the
// number of the level-1 bake shown before, and a caller keyed on that
// number (the renderer's upload, the game's frame key) kept level 1's
// pixels as level 2's.
func TestGroupTintsSeqMovesForABakeTakenAtAbandon(t *testing.T) {
	w := cutWorld(t, 300, 300, 6)
	w.Begin()
	w.SetAlgo(AlgoGroup)
	w.Wait()
	h := w.Hierarchy()
	if h == nil || h.Levels() < 2 {
		t.Fatal("want a hierarchy of 2 levels or more")
	}
	awaitGroupTints(t, w, h, 1)
	_, seq1, ok := w.GroupTints(h, 1)
	if !ok {
		t.Fatal("level 1's tints are not in")
	}
	hold := make(chan struct{})
	groupBakeHook = func() { <-hold }
	defer func() { groupBakeHook = nil }()
	if _, _, ok := w.GroupTints(h, 2); ok {
		t.Fatal("level 2's bake is held, yet tints were handed out")
	}
	j := w.groupBakes.job
	if j == nil {
		t.Fatal("no bake under way for level 2")
	}
	close(hold)
	for t0 := time.Now(); len(j.done) == 0; time.Sleep(time.Millisecond) {
		if time.Since(t0) > 10*time.Second {
			t.Fatal("the level-2 bake never finished")
		}
	}
	seqBefore := w.GroupTintsSeq()
	w.Close() // abandons the job whose result is handed over already
	if w.GroupTintsSeq() == seqBefore {
		t.Errorf("a bake was taken in at Close, yet GroupTintsSeq stayed %d: no frame is drawn for it", seqBefore)
	}
	_, seq2, ok := w.GroupTints(h, 2)
	if !ok {
		t.Fatal("level 2's bake, handed over, is not kept")
	}
	if seq2 == seq1 {
		t.Errorf("level 2's bake has level 1's number %d: a caller keyed on it keeps level 1's pixels", seq1)
	}
}
