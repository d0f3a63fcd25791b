package world

import (
	"bytes"
	"image"
	"slices"
	"strings"
	"testing"

	"pathlens/assets"
	"pathlens/pathing"
	"pathlens/pathing/groups"
)

// Regression (usability test: F3 after M on textbook-groups showed query
// 1's path and cost as the ghost of query 2): the ghost compares one
// query under two switches, so another query drops it; a switch on the
// same query keeps making one.
func TestGhostBelongsToItsQuery(t *testing.T) {
	w := openBuiltin(t, "textbook-groups")
	w.Begin()
	if len(w.Queries) < 2 {
		t.Fatalf("textbook-groups has %d queries; the test needs 2", len(w.Queries))
	}
	w.CycleCost()
	w.Wait()
	if w.Ghost == nil {
		t.Fatal("no ghost after a connection-cost switch")
	}
	q := w.Queries[1]
	w.SetEndpoints(q[0], q[1])
	if w.Ghost != nil {
		t.Errorf("query 2 opened with query 1's ghost %q (cost %v)", w.Ghost.Label, w.Ghost.Cost)
	}
	w.CycleCost()
	w.Wait()
	if w.Ghost == nil {
		t.Error("a switch on query 2 made no ghost")
	}
	w.SetEndpoints(q[0], q[1]) // the same query again (F3 round the list)
	if w.Ghost == nil {
		t.Error("reopening the same query dropped its ghost")
	}
	w.Pick(q[1])
	if w.Ghost != nil {
		t.Error("a click starting a new query kept the ghost")
	}
}

// A stroke's repair report counts each dirty cluster once, however many of
// its updates repaired it (the panel said 15 for a stroke whose flash
// outlined 3).
func TestRepairMergeCountsClustersOnce(t *testing.T) {
	a := image.Rect(0, 0, 10, 10)
	b := image.Rect(10, 0, 20, 10)
	c := image.Rect(0, 0, 20, 20)
	ids := func(l ...[]int32) [][]int32 { return l }
	var r Repair
	r.merge(Repair{Dirty: [][]image.Rectangle{nil, {a}}, dirtyIDs: ids(nil, []int32{0}), AddedEdges: 2})
	r.merge(Repair{Dirty: [][]image.Rectangle{nil, {a, b}, {c}}, dirtyIDs: ids(nil, []int32{0, 1}, []int32{0}), AddedEdges: 3})
	r.merge(Repair{Dirty: [][]image.Rectangle{nil, {b}, {c}}, dirtyIDs: ids(nil, []int32{1}, []int32{0})})
	if got := r.DirtyCount(); got != 3 {
		t.Errorf("dirty %v: count %d, want 3 (a, b at level 1; one at level 2)", r.Dirty, got)
	}
	if r.AddedEdges != 5 {
		t.Errorf("added edges %d, want the sum 5", r.AddedEdges)
	}
	// Two groups of one update may share a bounding box: both count.
	var r2 Repair
	r2.merge(Repair{Dirty: [][]image.Rectangle{nil, {a, a}}, dirtyIDs: ids(nil, []int32{0, 1})})
	if got := r2.DirtyCount(); got != 2 {
		t.Errorf("one update with two groups boxed alike: count %d, want 2", got)
	}
	// Group ids change at every update: the next one's successor map
	// carries the earlier ids over. Group 0 became group 1 and grew (box
	// b): one group; the new group 0 is another.
	var r3 Repair
	r3.merge(Repair{Dirty: [][]image.Rectangle{nil, {a}}, dirtyIDs: ids(nil, []int32{0})})
	r3.merge(Repair{Dirty: [][]image.Rectangle{nil, {c, b}}, dirtyIDs: ids(nil, []int32{0, 1}), successor: ids(nil, []int32{1})})
	if got, want := r3.Dirty[1], []image.Rectangle{b, c}; !slices.Equal(got, want) {
		t.Errorf("renumbered group: dirty %v, want %v (the grown box once, then the new group)", got, want)
	}
	// The same box under another id is another group.
	var r4 Repair
	r4.merge(Repair{Dirty: [][]image.Rectangle{nil, {a}}, dirtyIDs: ids(nil, []int32{0})})
	r4.merge(Repair{Dirty: [][]image.Rectangle{nil, {a}}, dirtyIDs: ids(nil, []int32{1}), successor: ids(nil, []int32{-1})})
	if got := r4.DirtyCount(); got != 2 {
		t.Errorf("a group replaced by another of the same box: count %d, want 2", got)
	}
}

// At the end of their range the size switches say so and plan nothing (a
// user pressed Shift+] at 4 levels and saw a replan and no word).
func TestSizeSwitchesSayWhenAtALimit(t *testing.T) {
	w := openBuiltin(t, assets.DefaultName)
	w.Begin()
	w.SetAlgo(AlgoHPA)
	w.SetLevels(MaxAbstractLevels)
	w.Wait()
	seq := w.Timeline.Generation()
	w.LevelsUp()
	if w.Message != "4 levels are the most (1 to 4)" || w.Settings.LevelCount() != 4 {
		t.Errorf("levels up at 4: message %q, levels %d", w.Message, w.Settings.LevelCount())
	}
	if w.Timeline.Generation() != seq {
		t.Error("levels up at the limit planned again")
	}
	w.SetLevels(1)
	w.LevelsDown()
	if w.Message != "1 level is the least (1 to 4)" {
		t.Errorf("levels down at 1: %q", w.Message)
	}
	w.SetCluster(MaxClusterSize)
	w.ClusterBigger()
	if w.Message != "cluster size 64 is the most (4 to 64)" {
		t.Errorf("cluster up at 64: %q", w.Message)
	}
	w.SetCluster(MinClusterSize)
	w.ClusterSmaller()
	if w.Message != "cluster size 4 is the least (4 to 64)" {
		t.Errorf("cluster down at 4: %q", w.Message)
	}
	w.SetCluster(12)
	if w.Settings.Cluster() != 12 {
		t.Errorf("cluster 12 inside the range: %d", w.Settings.Cluster())
	}
	// A size between two steps (a scenario's "set cluster 5" or 11) steps
	// to its neighbours in the list, not past them, nor stuck.
	for _, c := range []struct{ from, d, want int }{{5, -1, 4}, {5, +1, 6}, {11, -1, 10}, {11, +1, 12}, {63, +1, 64}} {
		w.SetCluster(c.from)
		if c.d < 0 {
			w.ClusterSmaller()
		} else {
			w.ClusterBigger()
		}
		if got := w.Settings.Cluster(); got != c.want {
			t.Errorf("from %d, step %+d: %d, want %d (message %q)", c.from, c.d, got, c.want, w.Message)
		}
	}
}

// The refine-target switch (Shift+M): on pathological-minimum the
// refinements aimed at each next cluster's nearest cell walk a shorter
// path than those aimed at its representative. The switch logs, keeps the
// previous answer as a ghost labelled with its target, and the plan line
// names the target; under another algorithm it is dimmed (Uses).
func TestTargetSwitch(t *testing.T) {
	w := openBuiltin(t, "pathological-minimum")
	var buf bytes.Buffer
	w.Log = NewEventLog(&buf)
	w.Begin()
	w.Wait()
	if w.Settings.Target != groups.Representative || !w.Uses("target") {
		t.Fatalf("target %v, used %v", w.Settings.Target, w.Uses("target"))
	}
	before := w.Outcome.Cost
	w.ToggleTarget()
	w.Wait()
	if w.Settings.Target != groups.Nearest {
		t.Fatalf("target %v after the switch", w.Settings.Target)
	}
	if w.Ghost == nil || w.Ghost.Label != "target representative" || w.Ghost.Cost != before {
		t.Fatalf("ghost %+v, want the representative answer %v", w.Ghost, before)
	}
	if w.Outcome.Status != pathing.Found || !(w.Outcome.Cost < before-1) {
		t.Errorf("nearest: %v cost %v, want below representative's %v", w.Outcome.Status, w.Outcome.Cost, before)
	}
	if l := lastLine(t, &buf, "switch"); !strings.Contains(l, "name=target value=nearest") {
		t.Errorf("switch line %q", l)
	}
	if l := lastLine(t, &buf, "plan"); !strings.Contains(l, "target=nearest") {
		t.Errorf("plan line %q", l)
	}
	w.ToggleTarget()
	w.Wait()
	if w.Settings.Target != groups.Representative || w.Outcome.Cost != before {
		t.Errorf("back: target %v cost %v, want %v", w.Settings.Target, w.Outcome.Cost, before)
	}
	w.SetAlgo(AlgoHPA)
	if w.Uses("target") {
		t.Error("HPA* reads no refine target, but Uses says it does")
	}
}

// The README's gallery says of pathological-minimum that the first press
// of M (maximin, which follows minimum) already walks the optimal 38.0;
// it said "switch M to average minimum", the second press.
func TestPathologicalMinimumFirstMWalksTheOptimum(t *testing.T) {
	w := openBuiltin(t, "pathological-minimum")
	w.Begin()
	w.Wait()
	if w.Settings.Cost != CostMinimum || w.Outcome.Cost < 38.5 {
		t.Fatalf("pathological-minimum opens with %v, cost %.2f: want minimum, over the optimum 38", w.Settings.Cost, w.Outcome.Cost)
	}
	for _, want := range []Cost{CostMaximin, CostAvgMin} {
		w.CycleCost()
		w.Wait()
		if w.Settings.Cost != want || w.Outcome.Status != pathing.Found || w.Outcome.Cost > 38+1e-9 {
			t.Errorf("M: %v walks %.2f, want %v at the optimum 38", w.Settings.Cost, w.Outcome.Cost, want)
		}
	}
}
