package world

import (
	"bytes"
	"image"
	"strings"
	"sync/atomic"
	"testing"
)

// A switch on a large grid shows the plan as pending and asks for the
// optimal reference again; for the same query on the same grid it is the
// answer already found, not a new background A* (2 to 4 s of a core on a
// 2048×2048 map at every switch). An edit or a new goal asks again.
func TestOptimalKeptAcrossSwitches(t *testing.T) {
	w := bigWorld(t)
	var buf bytes.Buffer
	w.Log = NewEventLog(&buf)
	var searches atomic.Int32
	optSearchHook = func() { searches.Add(1) }
	t.Cleanup(func() { optSearchHook = nil })
	w.SetEndpoints(image.Pt(1, 1), image.Pt(200, 200))
	w.Wait()
	if !w.Optimal.Known || searches.Load() != 1 {
		t.Fatalf("first plan: known %v after %d searches", w.Optimal.Known, searches.Load())
	}
	cost := w.Optimal.Cost
	w.SetAlgo(AlgoHPA)
	w.Wait()
	w.SetCluster(12)
	w.Wait()
	if n := searches.Load(); n != 1 || !w.Optimal.Known || w.Optimal.Cost != cost {
		t.Errorf("after two switches: %d searches, known %v, cost %v (was %v)", n, w.Optimal.Known, w.Optimal.Cost, cost)
	}
	if l := lastLine(t, &buf, "plan"); !strings.Contains(l, "optimal=") {
		t.Errorf("the plan line after a switch lacks the optimal cost: %q", l)
	}
	w.SetEndpoints(image.Pt(1, 1), image.Pt(290, 280))
	w.Wait()
	if n := searches.Load(); n != 2 {
		t.Errorf("a new goal: %d searches in all, want 2", n)
	}
}
