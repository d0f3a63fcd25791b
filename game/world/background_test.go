package world

import (
	"bytes"
	"fmt"
	"image"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"pathlens/maps"
	"pathlens/pathing"
	"pathlens/pathing/groups"
)

// openMaze opens maze512-16-0 (a 512×512 grid, above asyncCells) with
// algo and its longest scenario query, not begun, or skips.
func openMaze(t *testing.T, algo Algo) (*World, maps.ScenRow) {
	t.Helper()
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skip("no Moving AI maps: set PATHLENS_MAPS or put them in ../shared/maps/movingai")
	}
	w, err := Open(filepath.Join(dir, "maze512-16-0.map"))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := maps.LoadScen(filepath.Join(dir, "maze512-16-0.map.scen"))
	if err != nil {
		t.Fatal(err)
	}
	r := rows[len(rows)-1]
	w.Settings.Algo = algo
	w.Queries = [][2]image.Point{{r.Start, r.Goal}}
	return w, r
}

// pending fails unless w shows that its answer is being worked on, and
// nothing of an earlier answer as current.
func pending(t *testing.T, w *World, what string) {
	t.Helper()
	o := &w.Outcome
	if !w.Busy() || o.Status != pathing.Running || o.Path != nil || !math.IsInf(o.Cost, 1) || o.Err != nil ||
		w.Timeline.Len() != 0 || !strings.Contains(o.Note, what) {
		t.Fatalf("want a pending answer (%q): busy %v, status %v, %d path cells, cost %v, err %v, %d events, note %q",
			what, w.Busy(), o.Status, len(o.Path), o.Cost, o.Err, w.Timeline.Len(), o.Note)
	}
}

// sameAsFresh fails unless the world's hierarchy equals a fresh build of
// its grid.
func sameAsFresh(t *testing.T, w *World) {
	t.Helper()
	if w.hier == nil {
		t.Fatal("no hierarchy")
	}
	if err := w.CheckRepair(); err != nil {
		t.Fatalf("after the background build: %v", err)
	}
}

func dumpSorted(t *testing.T, g *groups.Graph, l int) string {
	var b bytes.Buffer
	if err := g.Dump(&b, l); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

// On a 512×512 map the hierarchy is built in the background: the frame
// that asked returns at once with the answer pending, cells dug and filled
// meanwhile are repaired into the hierarchy when it arrives (which then
// equals a fresh build), and undo restores the grid exactly.
func TestBuildInBackground(t *testing.T) {
	for _, algo := range []Algo{AlgoHPA, AlgoGroup} {
		t.Run(algo.String(), func(t *testing.T) {
			w, _ := openMaze(t, algo)
			orig := w.Grid.Clone()
			w.Begin()
			pending(t, w, "building")
			if w.Hierarchy() != nil {
				t.Fatal("a hierarchy is shown while it is being built")
			}
			// Dig a blocked cell and fill an open one while it builds.
			var dig, fill image.Point
			for i := 0; i < w.Grid.Len(); i++ {
				p := w.Grid.Point(i)
				if p.X > 100 && p.Y > 100 && !w.Grid.Open(p) && dig == (image.Point{}) {
					dig = p
				}
				if p.X > 300 && p.Y > 300 && w.Grid.Open(p) && p != w.Start && p != w.Goal && fill == (image.Point{}) {
					fill = p
				}
			}
			w.BeginStroke(dig, 0)
			w.EndStroke()
			w.BeginStroke(fill, 0)
			w.EndStroke()
			if w.Grid.Open(fill) || !w.Grid.Open(dig) {
				t.Fatal("the edits were not applied")
			}
			w.Wait()
			if w.Busy() || w.Outcome.Status != pathing.Found {
				t.Fatalf("after Wait: busy %v, %v %v", w.Busy(), w.Outcome.Status, w.Outcome.Err)
			}
			if err := pathing.ValidatePath(w.Grid, w.Outcome.Path, w.Settings.Neighborhood); err != nil {
				t.Fatal(err)
			}
			sameAsFresh(t, w)
			w.Undo()
			w.Undo()
			w.Wait()
			if !w.Grid.Equal(orig) {
				t.Fatal("undo did not restore the grid")
			}
			sameAsFresh(t, w)
		})
	}
}

// A long A* search on a 512×512 map runs a slice per frame: the answer is
// pending until the ticks finish it, and it is the optimal one, traced.
// Moving the goal meanwhile restarts it for the new goal.
func TestSlicedSearch(t *testing.T) {
	w, r := openMaze(t, AlgoAStar)
	w.Begin()
	pending(t, w, "planning")
	w.MoveEndpoint(true, r.Start) // a drag passes the start: a trivial query
	if w.Busy() || w.Outcome.Cost != 0 {
		t.Fatalf("start = goal: busy %v, cost %v", w.Busy(), w.Outcome.Cost)
	}
	w.SetEndpoints(r.Start, r.Goal)
	pending(t, w, "planning")
	ticks := 0
	for w.Busy() {
		w.Tick(0)
		ticks++
	}
	want, err := pathing.NewSearcher(w.Grid).Search(pathing.Query{Start: r.Start, Goal: r.Goal})
	if err != nil {
		t.Fatal(err)
	}
	if ticks < 2 || w.Outcome.Cost != want.Cost || !w.Outcome.Traced || w.Timeline.Len() == 0 {
		t.Fatalf("after %d ticks: cost %v (A* at once: %v), traced %v, %d events", ticks, w.Outcome.Cost, want.Cost, w.Outcome.Traced, w.Timeline.Len())
	}
}

// On a large grid whose repairs are slow a stroke repairs once, when it
// ends, instead of at every mouse move: meanwhile the plan is shown as
// pending, after it the hierarchy equals a fresh build, and undo is exact.
func TestSlowStrokeRepairsOnce(t *testing.T) {
	w, _ := openMaze(t, AlgoGroup)
	orig := w.Grid.Clone()
	w.Begin()
	w.Wait()
	mid := w.Outcome.Path[len(w.Outcome.Path)/2]
	seq := w.RepairSeq
	w.repairTime = time.Second // as if the last repair had been slow
	w.BeginStroke(mid, 0)
	for x := 1; x <= 6; x++ {
		w.StrokeTo(mid.Add(image.Pt(x, 0)))
	}
	pending(t, w, "when the stroke ends")
	if w.RepairSeq != seq {
		t.Fatalf("%d repairs during the stroke, want none", w.RepairSeq-seq)
	}
	w.Wait() // returns: the plan waits for the stroke
	w.EndStroke()
	w.Wait()
	if w.RepairSeq != seq+1 || w.Outcome.Status != pathing.Found {
		t.Fatalf("after the stroke: %d repairs (want 1), %v %v", w.RepairSeq-seq, w.Outcome.Status, w.Outcome.Err)
	}
	if w.Grid.Open(mid) {
		t.Fatal("the stroke did not fill")
	}
	if err := pathing.ValidatePath(w.Grid, w.Outcome.Path, w.Settings.Neighborhood); err != nil {
		t.Fatal(err)
	}
	sameAsFresh(t, w)
	w.Undo()
	w.Wait()
	if !w.Grid.Equal(orig) {
		t.Fatal("undo did not restore the grid")
	}
	sameAsFresh(t, w)
}

// A* with the cluster heuristic on a 512×512 map: the group hierarchy and
// each new goal group's column are made off the frame, a cell dug while the
// column is computed is repaired when it comes back, and every answer is
// the optimal one.
func TestClusterHeuristicInBackground(t *testing.T) {
	w, r := openMaze(t, AlgoAStar)
	w.Settings.Levels = 3
	w.Begin()
	w.Wait()
	w.SetHeuristic(HeurCluster)
	pending(t, w, "building the group hierarchy for the cluster heuristic")
	optimal := func() float64 {
		res, err := pathing.NewSearcher(w.Grid).Search(pathing.Query{Start: w.Start, Goal: w.Goal})
		if err != nil {
			t.Fatal(err)
		}
		return res.Cost
	}
	for w.Busy() {
		w.Tick(0)
	}
	if w.Outcome.Err != nil || w.Outcome.Cost != optimal() {
		t.Fatalf("cost %v, optimal %v (%v)", w.Outcome.Cost, optimal(), w.Outcome.Err)
	}
	w.MoveEndpoint(true, r.Start.Add(image.Pt(1, 0))) // near the start: another group
	if !w.Grid.Open(w.Goal) || w.Goal == r.Goal {
		t.Skip("the cell beside the start is blocked")
	}
	pending(t, w, "computing the cluster heuristic")
	var dig image.Point
	for i := w.Grid.Len() - 1; i >= 0; i-- {
		if p := w.Grid.Point(i); !w.Grid.Open(p) {
			dig = p
			break
		}
	}
	w.BeginStroke(dig, 0)
	w.EndStroke()
	w.Wait()
	if w.Outcome.Err != nil || w.Outcome.Cost != optimal() {
		t.Fatalf("after the dig: cost %v, optimal %v (%v)", w.Outcome.Cost, optimal(), w.Outcome.Err)
	}
	sameAsFresh(t, w)
}

// The HPA* size the HUD shows every frame is kept up to date from each
// repair's differences: after digs, fills and their undo its nodes and
// edges equal a full count.
func TestHPASizeAfterRepairs(t *testing.T) {
	w, err := Open("builtin:world")
	if err != nil {
		t.Fatal(err)
	}
	w.Settings.Algo = AlgoHPA
	w.Begin()
	h := w.Hierarchy().(*hpaHier)
	h.Size()
	check := func(when string) {
		t.Helper()
		st := h.h.Stats()
		if sz := h.Size(); sz.Nodes != st.Nodes || sz.Edges != st.Edges {
			t.Fatalf("%s: size %d nodes %d edges, a full count %d and %d", when, sz.Nodes, sz.Edges, st.Nodes, st.Edges)
		}
	}
	for i := 0; i < w.Grid.Len(); i += 97 {
		p := w.Grid.Point(i)
		if p == w.Start || p == w.Goal {
			continue
		}
		w.BeginStroke(p, 0)
		w.StrokeTo(p.Add(image.Pt(3, 0)))
		w.EndStroke()
		check("after a stroke at " + pt(p))
	}
	for w.CanUndo() {
		w.Undo()
	}
	check("after undoing them all")
}

// A flat search whose untraced pass ends within its frame and whose
// recording pass does not: the top bar counted "Dijkstra has expanded …"
// up, then down from 0 again for the recording pass; and since nothing was
// shown pending before the recording began, showing it then cleared the
// half-recorded trace, so the answer came without its phase and first
// events. Now the note says it is recording, against the first pass's
// total, and the trace is whole.
func TestRecordingPassKeepsItsTraceAndSaysSo(t *testing.T) {
	w, r := openMaze(t, AlgoDijkstra)
	defer func(f func(time.Time, time.Duration, int) bool) { budgetSpent = f }(budgetSpent)
	budgetSpent = func(_ time.Time, _ time.Duration, stage int) bool { return stage == 2 }
	w.Begin()
	var notes []string
	for w.Busy() {
		if n := w.Outcome.Note; len(notes) == 0 || notes[len(notes)-1] != n {
			notes = append(notes, n)
		}
		w.Tick(0)
	}
	if len(notes) < 2 {
		t.Fatalf("the recording pass was never shown pending: notes %q", notes)
	}
	for _, n := range notes {
		if !strings.HasPrefix(n, "planning: recording the search (") || !strings.HasSuffix(n, " cells)…") {
			t.Errorf("note %q while the recording pass ran", n)
		}
	}
	want, err := pathing.NewSearcher(w.Grid).Search(pathing.Query{Start: r.Start, Goal: r.Goal, Algorithm: pathing.Dijkstra})
	if err != nil {
		t.Fatal(err)
	}
	if total := fmt.Sprintf("of %s cells", Count(want.Expanded)); !strings.Contains(notes[len(notes)-1], total) {
		t.Errorf("last note %q, want the first pass's total (%s)", notes[len(notes)-1], total)
	}
	var tr pathing.Trace
	if _, err := pathing.NewSearcher(w.Grid).Search(pathing.Query{Start: r.Start, Goal: r.Goal, Algorithm: pathing.Dijkstra, Trace: &tr}); err != nil {
		t.Fatal(err)
	}
	if w.Outcome.Cost != want.Cost || !w.Outcome.Traced {
		t.Fatalf("cost %v (want %v), traced %v", w.Outcome.Cost, want.Cost, w.Outcome.Traced)
	}
	if w.Timeline.Len() != len(tr.Events) || len(w.trace.Phases) != 1 || w.trace.Phases[0].Name != "Dijkstra" {
		t.Errorf("the trace: %d events (a traced search records %d), phases %v", w.Timeline.Len(), len(tr.Events), w.trace.Phases)
	}
}

// Where frames are slow anyway (software GL drawing a fitted 4M-cell map)
// a flat search's slice of 8 ms a frame made a 1.2 s A* take 20 s to show.
// Past 50 ms between Ticks the slice takes as long as the rest of the
// frame did, up to 50 ms; at 20 frames a second and more it stays 8 ms.
func TestSearchSliceFollowsSlowFrames(t *testing.T) {
	w, _ := openMaze(t, AlgoAStar)
	var now time.Time
	defer func(f func() time.Time) { tickClock = f }(tickClock)
	tickClock = func() time.Time { return now }
	w.Tick(0)
	for _, c := range []struct {
		gap  time.Duration
		want time.Duration
	}{
		{16 * time.Millisecond, frameBudget},
		{40 * time.Millisecond, frameBudget},
		{200 * time.Millisecond, maxFrameBudget},
		{16 * time.Millisecond, frameBudget},
		{60 * time.Millisecond, maxFrameBudget},
	} {
		now = now.Add(c.gap)
		w.Tick(0)
		if got := w.budget(); got != c.want {
			t.Errorf("after a %v frame: slice %v, want %v", c.gap, got, c.want)
		}
	}
	// The slice itself is not counted as the frame's rest: a frame of 60
	// ms of which the search took 45 leaves 15 ms of drawing.
	w.pace.slice = 45 * time.Millisecond
	now = now.Add(60 * time.Millisecond)
	w.Tick(0) // the fake clock stands still in it: this Tick's own slice is 0
	if w.pace.rest != 15*time.Millisecond {
		t.Errorf("a 60 ms frame, 45 of them searching: rest %v, want 15ms", w.pace.rest)
	}
	if got := w.budget(); got != 15*time.Millisecond {
		t.Errorf("a 60 ms frame, 45 of them searching: slice %v, want 15ms", got)
	}
	small, err := Open("builtin:world")
	if err != nil {
		t.Fatal(err)
	}
	small.pace.gap, small.pace.rest = time.Second, time.Second
	if got := small.budget(); got != 0 {
		t.Errorf("a small grid's search is sliced (%v): it finishes in the frame that asks", got)
	}
}

// A slice run outside Tick (a replan as an endpoint is dragged or a stroke
// paints, in the same frame before Tick) is search, not the frame's
// drawing: counted as the rest of the frame, it raised the next slices,
// which were counted again, until every frame searched 50 ms twice where
// the drawing took 35. (With one slice a frame, a frame drawing 35 ms and
// searching 8 is not slow: 45 ms of drawing is.)
func TestSearchSliceNotCountedAsDrawing(t *testing.T) {
	w, r := openMaze(t, AlgoAStar)
	w.Log = NewEventLog(nil)
	var now time.Time
	defer func(f func() time.Time) { tickClock = f }(tickClock)
	tickClock = func() time.Time { return now }
	defer func(f func(time.Time, time.Duration, int) bool) { budgetSpent = f }(budgetSpent)
	// Every slice stops at its first look at the clock, having taken its
	// whole budget.
	budgetSpent = func(_ time.Time, budget time.Duration, _ int) bool {
		now = now.Add(budget)
		return true
	}
	w.SetEndpoints(r.Start, r.Goal)
	w.Tick(0)
	const drawing = 45 * time.Millisecond
	for frame := 0; frame < 8; frame++ {
		now = now.Add(drawing)
		w.Replan() // the frame's own replan, before its Tick
		if !w.Busy() {
			t.Fatal("the search ended: it must outlast the frames")
		}
		w.Tick(0)
	}
	if got := w.budget(); got != drawing {
		t.Errorf("frames drawing for %v with a replan each: slice %v, want %v (rest of the frame %v)", drawing, got, drawing, w.pace.rest)
	}
}

// One slice a frame: a replan in the frame's input (a drag's move) ran a
// slice, then Tick ran another, so a drag on a big map searched twice a
// frame for a plan the next move replaced. Tick now runs what is left of
// the frame's budget, nothing when the replan used it all.
func TestTickRunsWhatTheReplanLeft(t *testing.T) {
	w, r := openMaze(t, AlgoDijkstra)
	var now time.Time
	defer func(f func() time.Time) { tickClock = f }(tickClock)
	tickClock = func() time.Time { return now }
	w.Tick(0)
	w.SetEndpoints(r.Start, r.Goal)
	if !w.Busy() {
		t.Fatal("the search finished in one slice: the test needs a longer one")
	}
	n0 := w.search.Result().Expanded
	w.pace.early = frameBudget // the replan spent the frame's slice
	now = now.Add(16 * time.Millisecond)
	w.Tick(0)
	if n := w.search.Result().Expanded; n != n0 {
		t.Errorf("Tick searched on (%d → %d expanded) after the replan spent the frame's slice", n0, n)
	}
	if w.pace.early != 0 {
		t.Errorf("the replan's slice is carried to the next frame: %v", w.pace.early)
	}
	now = now.Add(16 * time.Millisecond)
	w.Tick(0)
	if n := w.search.Result().Expanded; n <= n0 {
		t.Errorf("the next frame's Tick did not search on (%d expanded)", n)
	}
}
