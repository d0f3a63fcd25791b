package world

import (
	"errors"
	"image"
	"math/rand"
	"strings"
	"testing"
	"unsafe"

	"pathlens/assets"
	"pathlens/internal/sysmem"
	"pathlens/maps"
	"pathlens/pathing"
	"pathlens/pathing/groups"
)

// fakeMemory makes the machine report avail bytes free (ok false: a
// machine that does not say) until the test ends.
func fakeMemory(t *testing.T, avail uint64, ok bool) {
	t.Helper()
	oldInfo, oldSpare := memInfo, spareHeap
	memInfo = func() (sysmem.Info, bool) { return sysmem.Info{Total: 2 * avail, Available: avail}, ok }
	spareHeap = func() uint64 { return 0 }
	t.Cleanup(func() { memInfo, spareHeap = oldInfo, oldSpare })
}

// bigWorld is a 300×300 map (more cells than asyncCells, so it is
// checked) with one wall in ten at random.
func bigWorld(t *testing.T) *World {
	t.Helper()
	g, err := pathing.NewGrid(300, 300)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < g.Len(); i++ {
		g.SetOpen(g.Point(i), rng.Intn(10) != 0)
	}
	g.SetOpen(image.Pt(1, 1), true)
	g.SetOpen(image.Pt(290, 280), true)
	w := New(maps.NewMap("big", g))
	t.Cleanup(w.Close)
	w.Log = NewEventLog(nil)
	if !w.SetEndpoints(image.Pt(1, 1), image.Pt(290, 280)) {
		t.Fatal("SetEndpoints refused")
	}
	w.Wait()
	return w
}

// A hierarchy that would not fit in the free memory is not built: the
// panel's error says what it needs, what is free and what needs less, and
// the session goes on with the flat searches.
func TestHierarchyRefusedForMemory(t *testing.T) {
	w := bigWorld(t)
	open := w.Grid.OpenCount()
	k := w.keyFor(AlgoHPA)
	need := hierBytes(k, w.Grid.Len(), open)
	fakeMemory(t, need, true) // 80% of it may be planned on: too little
	w.SetAlgo(AlgoHPA)
	w.Wait()
	var me *errMemory
	if err := w.HierarchyError(); !errors.As(err, &me) {
		t.Fatalf("HierarchyError = %v, want a memory refusal", err)
	}
	msg := w.HierarchyError().Error()
	for _, want := range []string{"not built: the HPA* hierarchy of cluster 10, 2 levels needs about", "needs about", "300×300", "of memory is free", "larger clusters"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
	if w.Hierarchy() != nil || w.Outcome.Path != nil {
		t.Errorf("a refused hierarchy answered: %v, %d path cells", w.Hierarchy(), len(w.Outcome.Path))
	}
	if log := strings.Join(w.Log.Recent(nil, 20), "\n"); !strings.Contains(log, "needs about") {
		t.Errorf("the refusal was not logged:\n%s", log)
	}
	// Larger clusters need less: at 64 the same memory is enough.
	if small := hierBytes(hierKey{algo: AlgoHPA, cluster: 64, levels: 2}, w.Grid.Len(), open); float64(small) > memShare*float64(need) {
		t.Fatalf("cluster 64 needs %d, more than %v of %d", small, memShare, need)
	}
	w.SetCluster(64)
	w.Wait()
	if err := w.HierarchyError(); err != nil || w.Hierarchy() == nil || w.Outcome.Path == nil {
		t.Fatalf("cluster 64: error %v, hierarchy %v, %d path cells", err, w.Hierarchy(), len(w.Outcome.Path))
	}
	// Flat search is untouched.
	w.SetAlgo(AlgoAStar)
	w.Wait()
	if w.Outcome.Path == nil {
		t.Error("A* found no path after the refusal")
	}
}

// Dense transitions name the switch that needs far less.
func TestDenseRefusalNamesTransitions(t *testing.T) {
	w := bigWorld(t)
	w.Settings.Dense = true
	fakeMemory(t, 1<<20, true)
	w.SetAlgo(AlgoHPA)
	w.Wait()
	err := w.HierarchyError()
	if err == nil || !strings.Contains(err.Error(), "dense transitions") || !strings.Contains(err.Error(), "Shift+N") {
		t.Fatalf("HierarchyError = %v", err)
	}
}

// When only the installed hierarchy's memory is missing, it is dropped
// and the new one built, rather than refused.
func TestHierarchyMakesRoomByDroppingTheOld(t *testing.T) {
	w := bigWorld(t)
	open, cells := w.Grid.OpenCount(), w.Grid.Len()
	w.SetCluster(16)
	w.SetAlgo(AlgoHPA)
	w.Wait()
	if w.Hierarchy() == nil {
		t.Fatalf("no hierarchy: %v", w.HierarchyError())
	}
	held := hierBytes(w.keyFor(AlgoHPA), cells, open)
	need := hierBytes(hierKey{algo: AlgoHPA, cluster: 8, levels: 2}, cells, open)
	// Free memory covers the new one only with the old one's added.
	avail := uint64(float64(need)/memShare) - held/2
	if float64(need) <= memShare*float64(avail) || float64(need) > memShare*float64(avail+held) {
		t.Fatalf("bad set-up: need %d, avail %d, held %d", need, avail, held)
	}
	fakeMemory(t, avail, true)
	w.SetCluster(8)
	w.Wait()
	if err := w.HierarchyError(); err != nil || w.Hierarchy() == nil {
		t.Fatalf("cluster 8: %v", err)
	}
}

// A machine that does not report its memory checks nothing.
func TestMemoryUnknownChecksNothing(t *testing.T) {
	w := bigWorld(t)
	fakeMemory(t, 1, false)
	w.SetAlgo(AlgoHPA)
	w.Wait()
	if err := w.HierarchyError(); err != nil || w.Hierarchy() == nil {
		t.Fatalf("HierarchyError = %v", err)
	}
	if err := checkOpenMemory(16384, 16384); err != nil {
		t.Error(err)
	}
}

// A map whose session alone would not fit is refused at open, naming the
// file; small maps are never checked.
func TestOpenRefusedForMemory(t *testing.T) {
	fakeMemory(t, 1<<20, true)
	g, err := pathing.NewGrid(300, 300)
	if err != nil {
		t.Fatal(err)
	}
	_, err = FromScenario(&maps.Scenario{Name: "huge", Map: maps.NewMap("huge", g)}, "huge.map")
	if err == nil || !strings.HasPrefix(err.Error(), "huge.map: opening it needs about") || !strings.Contains(err.Error(), "300×300") {
		t.Fatalf("FromScenario = %v", err)
	}
	if err := checkOpenMemory(256, 256); err != nil {
		t.Errorf("a 256×256 map was checked: %v", err)
	}
}

// A tester's finding: the panel's hierarchy row gave HPA*'s memory but
// none for the group hierarchy. Its size now has the graph's own bytes,
// before and after a repair. They are checked against a count made here
// from what the graph lists (groups.Graph's public methods), not against
// the figure the size is made from: per level a group number for every
// cell, the groups, the open cells listed by group with the index into
// that list, and the edges. Arrays may hold more than they use (the
// names, the members above level 1 and appended edges are left out), so
// the size may be up to half as much again as that count, never less.
func TestGroupHierarchySizeHasBytes(t *testing.T) {
	w := openBuiltin(t, assets.DefaultName)
	w.Begin()
	w.SetAlgo(AlgoGroup)
	w.Wait()
	check := func(when string) (nodes int) {
		t.Helper()
		gh, ok := w.Hierarchy().(*groupHier)
		if !ok {
			t.Fatalf("%s: group planner: hierarchy %T", when, w.Hierarchy())
		}
		g := gh.g
		used := 0
		for l := 1; l <= g.Levels(); l++ {
			gs := g.Groups(l)
			nodes += len(gs)
			used += 4 * g.Grid().Len()                           // the group of each cell
			used += len(gs) * int(unsafe.Sizeof(groups.Group{})) // the groups
			used += 4 * (len(gs) + 1)                            // where each group's cells start
			for id := range gs {
				used += 4 * len(g.CellsOf(l, int32(id))) // its cells
			}
			used += g.NumEdges(l) * int(unsafe.Sizeof(groups.Edge{}))
		}
		sz := gh.Size()
		if sz.Nodes != nodes {
			t.Errorf("%s: size %+v, but the graph lists %d groups", when, sz, nodes)
		}
		if sz.Bytes < used || 2*sz.Bytes > 3*used {
			t.Errorf("%s: size %+v, want %d bytes (counted from what the graph lists) to half as much again", when, sz, used)
		}
		t.Logf("%s: %d bytes, %d counted", when, sz.Bytes, used)
		return nodes
	}
	built := check("built")
	// Wall off a strip of open cells: groups split or vanish, and the
	// size is made again.
	var fill Edit
	fill.Kind = EditFill
	for x := 0; x < w.Grid.Width(); x++ {
		if p := image.Pt(x, w.Grid.Height()/2); w.Grid.Open(p) {
			fill.Cells = append(fill.Cells, CellEdit{P: p, New: 0})
		}
	}
	w.ApplyEdit(fill)
	w.Wait()
	if check("repaired") == built {
		t.Errorf("the fill left %d groups: no regrouping was checked", built)
	}
	w.SetAlgo(AlgoHPA)
	w.Wait()
	if sz := w.Hierarchy().Size(); sz.Bytes <= 0 {
		t.Errorf("HPA*: size %+v without bytes", sz)
	}
}
