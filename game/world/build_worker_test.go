package world

import (
	"bytes"
	"context"
	"image"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"pathlens/pathing"
)

// countBuilds replaces algo's builder, for the rest of the test, by one
// that counts the builds started and the most running at once.
func countBuilds(t *testing.T, algo Algo) (started, most func() int) {
	t.Helper()
	orig := builders[algo]
	var mu sync.Mutex
	n, running, peak := 0, 0, 0
	builders[algo] = func(ctx context.Context, g *pathing.Grid, regions [][]byte, s Settings) (Hierarchy, error) {
		mu.Lock()
		n++
		running++
		peak = max(peak, running)
		mu.Unlock()
		defer func() {
			mu.Lock()
			running--
			mu.Unlock()
		}()
		return orig(ctx, g, regions, s)
	}
	t.Cleanup(func() { builders[algo] = orig })
	get := func(v *int) func() int {
		return func() int {
			mu.Lock()
			defer mu.Unlock()
			return *v
		}
	}
	return get(&n), get(&peak)
}

// Regression (review: six quick cluster switches on maze512 left six
// builds running at once on two cores, each with its own grid copy): the
// builds go through one worker where the latest request wins, so at most
// one runs and the switches in between are never built.
func TestQuickSwitchesBuildOnlyTheLatest(t *testing.T) {
	w, _ := openMaze(t, AlgoHPA)
	started, most := countBuilds(t, AlgoHPA)
	w.Begin()
	w.Wait()
	// The first switch's build is held until every switch is made: on a
	// loaded machine it could otherwise end between two switches and let
	// the worker start one of those in between (a fourth build), which is
	// the worker doing its job, not the fault this test looks for.
	gate := make(chan struct{})
	counted := builders[AlgoHPA]
	builders[AlgoHPA] = func(ctx context.Context, g *pathing.Grid, regions [][]byte, st Settings) (Hierarchy, error) {
		<-gate
		return counted(ctx, g, regions, st)
	}
	for _, c := range []int{4, 6, 8, 12, 16, 20} {
		w.SetCluster(c)
		pending(t, w, "building the HPA* hierarchy")
	}
	close(gate)
	w.Wait()
	// The load's build, the first switch's (started at once) and the
	// last's: the four in between were replaced before they started.
	if n := started(); n > 3 {
		t.Errorf("%d builds started for a load and 6 quick switches, want at most 3", n)
	}
	if n := most(); n != 1 {
		t.Errorf("%d builds ran at once, want 1", n)
	}
	if h := w.Hierarchy(); h == nil || w.hierKey.cluster != 20 || w.Outcome.Status != pathing.Found {
		t.Fatalf("after the switches: hierarchy %v for cluster %d, status %v; want cluster 20's, found", h != nil, w.hierKey.cluster, w.Outcome.Status)
	}
}

// Regression (review: the first switch threw the built hierarchy away, so
// switching back rebuilt it): the installed hierarchy is kept, not shown as
// current, while another is built; switching back to its switches uses it
// at once and abandons the other build. An edit meanwhile forgets it (its
// grid copy is out of date), and the build under way is told of the cells.
func TestSwitchBackKeepsTheBuiltHierarchy(t *testing.T) {
	w, _ := openMaze(t, AlgoGroup)
	started, _ := countBuilds(t, AlgoGroup)
	w.Begin()
	w.Wait()
	h0 := w.Hierarchy()
	if h0 == nil {
		t.Fatal("no hierarchy after the load")
	}
	cluster := w.Settings.Cluster()
	w.SetCluster(cluster * 2)
	pending(t, w, "building the group hierarchy")
	if w.Hierarchy() != nil {
		t.Fatal("the previous cluster size's hierarchy is shown as current while the new one is built")
	}
	w.SetCluster(cluster)
	if w.Hierarchy() != h0 || w.building != nil {
		t.Fatalf("switching back: hierarchy kept %v, build pending %v; want the kept one and no build", w.Hierarchy() == h0, w.building != nil)
	}
	w.Wait()
	if w.Outcome.Status != pathing.Found || w.Hierarchy() != h0 {
		t.Fatalf("after switching back: status %v, same hierarchy %v", w.Outcome.Status, w.Hierarchy() == h0)
	}
	n := started()

	// An edit while another size is built: the kept one is forgotten and
	// the new one arrives repaired.
	p := w.Outcome.Path[len(w.Outcome.Path)/2]
	w.SetCluster(cluster * 2)
	w.BeginStroke(p, 0)
	w.EndStroke()
	w.SetCluster(cluster)
	w.Wait()
	if d := started() - n; d < 1 || d > 2 {
		t.Errorf("%d builds after an edit and a switch back, want the edited grid's (after the abandoned size's if it had started)", d)
	}
	if w.Hierarchy() == nil || w.Hierarchy() == h0 {
		t.Fatal("the hierarchy kept from before the edit was used after it")
	}
	sameAsFresh(t, w)
}

// Regression (review: each world over 256×256 that game.open replaced left
// its optimal worker goroutine blocked forever): Close ends the world's
// optimal and build workers, at once when idle and, when a build is under
// way, once it is done; nothing blocks.
func TestCloseEndsTheWorkers(t *testing.T) {
	base := runtime.NumGoroutine()
	w, _ := openMaze(t, AlgoAStar)
	w.Begin()
	w.Wait()
	for i, algo := range []Algo{AlgoAStar, AlgoHPA, AlgoGroup, AlgoHPA} {
		nw, _ := openMaze(t, algo)
		nw.Begin()
		if i < 3 {
			nw.Wait()
		} // else: closed while its hierarchy is built and its plan is pending
		w.Close()
		w = nw
	}
	w.Close()
	if w.building != nil {
		t.Fatal("a build is still pending after Close")
	}
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > base && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine() - base; n > 0 {
		buf := make([]byte, 1<<16)
		t.Fatalf("%d goroutines left behind by 5 loads, each closed:\n%s", n, buf[:runtime.Stack(buf, true)])
	}
	// The closed world still answers, restarting what it needs.
	w.Wait()
	if w.Outcome.Status != pathing.Found {
		t.Fatalf("a closed world's pending plan: %v %v", w.Outcome.Status, w.Outcome.Err)
	}
	w.Close()
}

// Regression (review: the repair made when a background build arrived set
// neither LastRepair nor RepairSeq, so edits made during a build never
// flashed): it counts as a repair like any edit's, and is logged.
func TestEditsDuringABuildFlashWhenItArrives(t *testing.T) {
	w, _ := openMaze(t, AlgoHPA)
	var log bytes.Buffer
	w.Log = NewEventLog(&log)
	w.Begin()
	pending(t, w, "building")
	seq := w.RepairSeq
	p := w.Start.Add(image.Pt(1, 0))
	for !w.Grid.Open(p) || p == w.Goal {
		p = p.Add(image.Pt(1, 0))
	}
	w.BeginStroke(p, 0)
	w.EndStroke()
	if w.RepairSeq != seq+1 || w.LastRepair.DirtyCount() != 0 {
		t.Fatalf("the edit during the build: %d repairs, %d dirty rectangles; want one empty repair", w.RepairSeq-seq, w.LastRepair.DirtyCount())
	}
	w.Wait()
	if w.RepairSeq != seq+2 || w.LastRepair.DirtyCount() == 0 {
		t.Fatalf("after the build arrived: %d repairs, %d dirty rectangles; want its repair of the edit, flashed", w.RepairSeq-seq-1, w.LastRepair.DirtyCount())
	}
	if line := lastLine(t, &log, "repair"); !strings.Contains(line, "dirty=") || strings.Contains(line, "dirty=0 ") {
		t.Fatalf("repair line %q: want the arrival's repair", line)
	}
	sameAsFresh(t, w)
}

// A mix of background builds, lends (the cluster heuristic's column),
// strokes, undo, switches and agent ticks on a 512×512 grid, for the race
// detector (go test -race): only the build worker may touch a hierarchy
// being built or lent, and the agents never plan on one.
func TestBackgroundWorkRaceMix(t *testing.T) {
	w, r := openMaze(t, AlgoAStar)
	defer w.Close()
	w.Begin()
	w.Wait()
	if _, err := w.SpawnAgent(r.Start); err != nil {
		t.Fatal(err)
	}
	w.Agents().Select([]int{0}, false)
	w.SendAgents(r.Goal, false)
	w.SetHeuristic(HeurCluster) // group build in the background
	tick := func() { w.Tick(1.0 / 60) }
	for i := 0; w.Busy() && i < 3; i++ {
		tick()
	}
	mid := r.Start.Add(image.Pt(1, 0))
	for k := 0; k < 4; k++ {
		w.MoveEndpoint(true, mid) // new goal group: lend
		tick()
		for i := 0; i < w.Grid.Len(); i += 5003 {
			p := w.Grid.Point(i)
			if p != w.Start && p != w.Goal {
				w.BeginStroke(p, 0)
				w.StrokeTo(p.Add(image.Pt(2, 0)))
				w.EndStroke()
				tick()
			}
		}
		w.Undo()
		tick()
		w.SetAlgo(AlgoGroup)
		tick()
		w.SetCluster([]int{8, 16}[k%2])
		tick()
		w.SetAlgo(AlgoHPA)
		tick()
		w.SetAlgo(AlgoAStar)
		tick()
		mid = mid.Add(image.Pt(0, 1))
		for !w.Grid.Open(mid) {
			mid = mid.Add(image.Pt(1, 0))
		}
	}
	w.Wait()
	if w.Outcome.Status != pathing.Found {
		t.Fatalf("after the mix: %v %v", w.Outcome.Status, w.Outcome.Err)
	}
}
