package world

import (
	"bytes"
	"fmt"
	"image"
	"math"
	"strings"
	"testing"

	"pathlens/assets"
	"pathlens/maps"
	"pathlens/pathing"
	"pathlens/pathing/groups"
)

// A switch the current algorithm does not read (the panel dims its row)
// used to change the setting and replan with no word; now the note says
// it has no effect here and which algorithms it is kept for. A switch
// that is read says nothing of the kind, and the cluster heuristic makes
// A* read the cluster size.
func TestUnusedSwitchSaysSo(t *testing.T) {
	w := openBuiltin(t, assets.DefaultName)
	w.Begin()
	w.SetAlgo(AlgoAStar)
	for _, c := range []struct {
		name string
		sw   func()
		want string
	}{
		{"cluster", w.ClusterBigger, "cluster size 12: kept for HPA*, the group hierarchy (algorithms 4, 5) and the cluster heuristic; A* does not use it"},
		{"levels", w.LevelsUp, "levels 3: kept for HPA* and the group hierarchy (algorithms 4, 5); A* does not use it"},
		{"cost", w.CycleCost, "connection cost maximin: kept for the group hierarchy (algorithm 5); A* does not use it"},
		{"cost", w.CycleCost, "connection cost average minimum: kept for the group hierarchy (algorithm 5); A* does not use it"},
		{"exclusion", w.ToggleExclusion, "exclusion on: kept for the group hierarchy (algorithm 5); A* does not use it"},
		{"smooth", w.ToggleSmooth, "smoothing off: kept for HPA* (algorithm 4); A* does not use it"},
	} {
		c.sw()
		w.Wait()
		if w.Message != c.want || w.MessageErr {
			t.Errorf("%s under A*: message %q, want %q", c.name, w.Message, c.want)
		}
		if w.Settings.Uses(c.name) {
			t.Errorf("Uses(%q) under A* with %v", c.name, w.Settings.Heuristic)
		}
	}
	w.SetAlgo(AlgoHPA)
	w.Wait()
	w.ClusterSmaller()
	w.Wait()
	if strings.Contains(w.Message, "HPA* does not use") {
		t.Errorf("HPA* reads the cluster size, yet: %q", w.Message)
	}
	w.SetAlgo(AlgoAStar)
	w.SetHeuristic(HeurCluster)
	if !w.Settings.Uses("cluster") || w.Settings.Uses("levels") {
		t.Error("A* with the cluster heuristic reads the group hierarchy's cluster size, and its level 1 alone")
	}
	w.SetAlgo(AlgoDijkstra)
	if w.Settings.Uses("cluster") || w.Settings.Uses("heuristic") {
		t.Error("Dijkstra reads neither the heuristic nor, through it, the cluster size")
	}
}

// Manhattan charges 2 for a diagonal step that costs √2: with 8-connected
// moves it is the one heuristic that may overestimate (the panel says so).
func TestAdmissible(t *testing.T) {
	for _, c := range []struct {
		h    Heur
		nb   pathing.Neighborhood
		want bool
	}{
		{HeurOctile, pathing.Eight, true},
		{HeurEuclidean, pathing.Eight, true},
		{HeurManhattan, pathing.Eight, false},
		{HeurManhattan, pathing.Four, true},
		{HeurZero, pathing.Eight, true},
		{HeurCluster, pathing.Eight, true},
	} {
		if got := (Settings{Heuristic: c.h, Neighborhood: c.nb}).Admissible(); got != c.want {
			t.Errorf("%v with %v-connected moves: admissible %v, want %v", c.h, c.nb, got, c.want)
		}
	}
}

// Chebyshev is in the heuristic cycle (a .pls could name it but the app
// showed it as octile): admissible with diagonal moves, so A* still finds
// the optimum, with more expansions than octile; a scenario's
// "set heuristic chebyshev" opens with it.
func TestChebyshevHeuristic(t *testing.T) {
	w := openBuiltin(t, assets.DefaultName)
	w.Begin()
	w.SetAlgo(AlgoAStar)
	octile := w.Outcome
	w.SetHeuristic(HeurChebyshev)
	cheb := w.Outcome
	if cheb.Status != octile.Status || math.Abs(cheb.Cost-octile.Cost) > 1e-9 || cheb.Expanded < octile.Expanded {
		t.Errorf("chebyshev: %v cost %v, %d expanded; octile %v, %d", cheb.Status, cheb.Cost, cheb.Expanded, octile.Cost, octile.Expanded)
	}
	if h, err := ParseHeur("chebyshev"); err != nil || h != HeurChebyshev || !(Settings{Heuristic: h}).Admissible() {
		t.Errorf("ParseHeur(chebyshev) = %v, %v", h, err)
	}
	s, notes := settingsFrom(maps.Settings{Heuristic: maps.HeuristicChebyshev})
	if s.Heuristic != HeurChebyshev || len(notes) != 0 {
		t.Errorf("a scenario's chebyshev opens as %v (notes %v)", s.Heuristic, notes)
	}
}

// In a scenario whose region layers make every level of the group
// planner (the designer's rooms), the cluster size changes nothing: the
// row is dimmed (World.Uses) and the switch says why. With a level above
// the region layers, the squares of that level read it again.
func TestClusterSizeUnusedWhenRegionsCoverEveryLevel(t *testing.T) {
	w := openBuiltin(t, "pathological-minimum")
	w.Begin()
	w.Wait()
	if len(w.Regions) != 1 || w.Settings.LevelCount() != 1 || w.Settings.Algo != AlgoGroup {
		t.Fatalf("pathological-minimum: %d region layers, %d levels, %v; the test expects 1, 1, group", len(w.Regions), w.Settings.LevelCount(), w.Settings.Algo)
	}
	if w.Uses("cluster") || !w.Settings.Uses("cluster") {
		t.Errorf("regions make the one level: World.Uses(cluster) %v (want false), Settings.Uses %v (want true)", w.Uses("cluster"), w.Settings.Uses("cluster"))
	}
	before := w.Hierarchy()
	w.ClusterBigger()
	w.Wait()
	if w.Hierarchy() != before {
		t.Error("a new cluster size rebuilt a hierarchy that regions make alone")
	}
	if !strings.Contains(w.Message, "regions make its one level") || w.MessageErr {
		t.Errorf("cluster size switched over regions: message %q", w.Message)
	}
	// Dig a wall cell that lies in no region: it is grouped by squares, so
	// the size counts again; undoing the dig makes it regions only again.
	dug := false
	for i, c := range w.Regions[0] {
		p := image.Pt(i%w.Grid.Width(), i/w.Grid.Width())
		if groups.NoRegion(c) && !w.Grid.Open(p) {
			w.BeginStroke(p, 0) // a wall: the stroke digs
			w.EndStroke()
			w.Wait()
			dug = true
			break
		}
	}
	if !dug {
		t.Fatal("pathological-minimum has no wall cell outside its regions")
	}
	if !w.Uses("cluster") {
		t.Error("a dug cell outside every region is grouped by squares: the cluster size counts")
	}
	w.Undo()
	w.Wait()
	if w.Uses("cluster") {
		t.Error("after undoing the dig: regions only again, yet the cluster size counts")
	}
	w.LevelsUp()
	w.Wait()
	if !w.Uses("cluster") {
		t.Error("2 levels over 1 region layer: level 2 is squares, which read the cluster size")
	}
	w.SetAlgo(AlgoHPA)
	if !w.Uses("cluster") {
		t.Error("HPA* ignores the regions and reads the cluster size")
	}
	// A*'s cluster heuristic is a table of the level-1 groups: the rooms.
	w.SetAlgo(AlgoAStar)
	w.SetHeuristic(HeurCluster)
	if w.Uses("cluster") {
		t.Error("A* with the cluster heuristic over rooms covering the map: the size is read")
	}
	w.ClusterBigger()
	w.Wait()
	if !strings.Contains(w.Message, "cluster heuristic's table") {
		t.Errorf("cluster size under A* with the cluster heuristic over rooms: %q", w.Message)
	}
}

// Regression: an error kept a live switch's note from showing long after
// the error's toast had gone (the session only knew an error was set).
// While the view shows the error, the note waits behind it and shows when
// the view says the error is gone (MessageGone); a switch after that shows
// its note at once. A MessageGone for an older message changes nothing,
// and a note kept back is dropped when another message came meanwhile.
func TestSwitchNoteShowsOnceTheErrorIsGone(t *testing.T) {
	w := openBuiltin(t, assets.DefaultName)
	w.Begin()
	w.SetAlgo(AlgoAStar)
	w.Wait()
	w.Fail("cell (0,0) is blocked: pick an open cell")
	old := w.MessageSeq
	w.ToggleSmooth()
	w.Wait()
	if !w.MessageErr || !strings.Contains(w.Message, "blocked") || !w.ErrorShown() {
		t.Fatalf("error still on screen, then a switch: message %q (error %v), want the error kept", w.Message, w.MessageErr)
	}
	w.MessageGone(old)
	if w.MessageErr || !strings.HasPrefix(w.Message, "smoothing off: kept for HPA* (algorithm 4); A* does not use it") {
		t.Fatalf("the error gone: message %q (error %v), want the switch's note kept back", w.Message, w.MessageErr)
	}
	w.Fail("an error")
	w.MessageGone(w.MessageSeq)
	if w.ErrorShown() {
		t.Fatal("ErrorShown true for an error the view no longer shows")
	}
	w.ToggleSmooth()
	w.Wait()
	if w.MessageErr || !strings.HasPrefix(w.Message, "smoothing on: kept for HPA* (algorithm 4); A* does not use it") {
		t.Fatalf("after the error's toast went: message %q (error %v), want the switch's note", w.Message, w.MessageErr)
	}
	w.Fail("another error")
	w.MessageGone(old) // an older message's: the new error stays
	if !w.ErrorShown() {
		t.Fatal("a MessageGone for an older message hid the newer error")
	}
	w.ToggleSmooth()
	w.Wait()
	w.Note("query 2 of 2") // a newer message: the kept note is out of date
	w.MessageGone(w.MessageSeq)
	if w.Message != "query 2 of 2" {
		t.Fatalf("message %q, want the newer note, not the switch's kept back", w.Message)
	}
}

// A user's finding: with A* and the cluster heuristic the levels row was
// lit, though the heuristic's table is made of level 1 whatever the levels
// set. The row is dimmed (Uses is false), the switch says it changes
// nothing, as any unused switch does, and the group hierarchy the table is
// read from is not rebuilt: the answer is the same.
func TestLevelsUnusedByClusterHeuristic(t *testing.T) {
	for _, algo := range []Algo{AlgoAStar, AlgoGreedy} {
		w := openBuiltin(t, assets.DefaultName)
		w.Begin()
		w.SetAlgo(algo)
		w.SetHeuristic(HeurCluster)
		w.Wait()
		if w.Uses("levels") || w.Settings.Uses("levels") {
			t.Errorf("%v with the cluster heuristic: Uses(levels) true, so the panel's row is lit", algo)
		}
		if !w.Uses("cluster") {
			t.Errorf("%v with the cluster heuristic: the cluster size sizes the level-1 groups it reads", algo)
		}
		before, cost := w.HeuristicGroups(), w.Outcome.Cost
		if before == nil {
			t.Fatalf("%v with the cluster heuristic: no group hierarchy", algo)
		}
		w.LevelsUp()
		w.Wait()
		want := fmt.Sprintf("levels 3: kept for HPA* and the group hierarchy (algorithms 4, 5); %s does not use it (the cluster heuristic reads level 1 alone)", algo.Title())
		if w.Message != want || w.MessageErr {
			t.Errorf("levels up under %v with the cluster heuristic: message %q, want %q", algo, w.Message, want)
		}
		if w.HeuristicGroups() != before {
			t.Errorf("%v: a change of levels rebuilt the group hierarchy the cluster heuristic reads level 1 of", algo)
		}
		if w.Outcome.Cost != cost {
			t.Errorf("%v: cost %v after levels up, was %v", algo, w.Outcome.Cost, cost)
		}
		// The group planner reads the levels: its hierarchy has them.
		w.SetAlgo(AlgoGroup)
		w.Wait()
		if h := w.Hierarchy(); h == nil || h.Levels() != 3 {
			t.Errorf("group planner after the cluster heuristic: hierarchy %v, want 3 levels", h)
		}
	}
}

// A tester's finding: Shift+U (the agents' refine mode, which replans
// nothing) replaced an error at once, where docs/window.md says a
// switch's note waits while an error is on screen: with no replan to make
// the error stale, it waits for the error's time to be up.
func TestAgentRefineNoteWaitsForTheError(t *testing.T) {
	w := openBuiltin(t, assets.DefaultName)
	w.Begin()
	w.SetAlgo(AlgoAStar)
	w.Wait()
	w.Fail("cell (0,0) is blocked: pick an open cell")
	seq := w.MessageSeq
	w.ToggleAgentRefine()
	if !w.MessageErr || !strings.Contains(w.Message, "blocked") || w.MessageSeq != seq {
		t.Fatalf("Shift+U with an error on screen: message %q (error %v), want the error kept", w.Message, w.MessageErr)
	}
	w.MessageGone(seq)
	if w.MessageErr || !strings.HasPrefix(w.Message, "agents refine lazy") {
		t.Errorf("the error gone: message %q, want the Shift+U note", w.Message)
	}
	// With no error up, the note shows at once.
	w.ToggleAgentRefine()
	if !strings.HasPrefix(w.Message, "agents refine eager") {
		t.Errorf("Shift+U, no error up: message %q", w.Message)
	}
}

// A tester's finding: under the group planner with the cluster heuristic
// set, every switch the planner does not read showed the planner's
// standing note ("ignores the cluster heuristic") instead of its own.
func TestUnusedSwitchNoteOverThePlannersNote(t *testing.T) {
	w := openBuiltin(t, assets.DefaultName)
	w.Begin()
	w.SetAlgo(AlgoGroup)
	w.SetHeuristic(HeurCluster)
	w.Wait()
	if !strings.Contains(w.Outcome.Note, "ignores the cluster heuristic") {
		t.Fatalf("group planner with the cluster heuristic: note %q", w.Outcome.Note)
	}
	w.ToggleTransitions()
	w.Wait()
	if !strings.HasPrefix(w.Message, "transitions dense") || !strings.Contains(w.Message, "does not use it") {
		t.Fatalf("Shift+N under the group planner: message %q, want the switch's own note", w.Message)
	}
	w.ToggleSmooth()
	w.Wait()
	if !strings.HasPrefix(w.Message, "smoothing off") {
		t.Fatalf("Z under the group planner: message %q", w.Message)
	}
}

// A tester's finding: under HPA*, M (the group hierarchy's connection
// cost) replanned and threw the timeline to the end of an identical
// answer, mid-lesson, before saying that HPA* does not use it. A switch
// the algorithm does not read now records the setting, logs it and says
// at once which algorithm it is kept for, and leaves the answer, its trace
// and the cursor alone; the algorithm that reads it plans with it.
func TestUnusedSwitchKeepsTheAnswerAndItsTrace(t *testing.T) {
	w := openBuiltin(t, assets.DefaultName)
	var buf bytes.Buffer
	w.Log = NewEventLog(&buf)
	w.Begin()
	plans := func() int { return strings.Count(buf.String(), " plan ") }
	for _, c := range []struct {
		algo Algo
		keys []func()
	}{
		{AlgoHPA, []func(){w.CycleCost, w.ToggleExclusion, w.ToggleTarget, w.CycleHeuristic}},
		{AlgoAStar, []func(){w.ToggleSmooth, w.ToggleShortcut, w.ToggleTransitions, w.ClusterBigger, w.ClusterSmaller, w.LevelsUp, w.LevelsDown, w.CycleCost, w.ToggleExclusion, w.ToggleTarget}},
		{AlgoDijkstra, []func(){w.CycleHeuristic, w.ToggleSmooth, w.ClusterBigger}},
		{AlgoGroup, []func(){w.ToggleSmooth, w.ToggleShortcut, w.ToggleTransitions}},
	} {
		w.SetAlgo(c.algo)
		w.Wait()
		if w.Timeline.Len() < 10 {
			t.Fatalf("%v: %d events, want a trace to step in", c.algo, w.Timeline.Len())
		}
		w.SeekTo(w.Timeline.Len() / 2)
		gen, cursor, n := w.Timeline.Generation(), w.Timeline.Cursor(), plans()
		for i, press := range c.keys {
			switches := strings.Count(buf.String(), " switch ")
			press()
			w.Wait()
			if w.Timeline.Generation() != gen || w.Timeline.Cursor() != cursor || plans() != n {
				t.Errorf("%v, switch %d (%q): timeline %d at %d, %d plan lines; want %d at %d, %d (no replan)",
					c.algo, i, w.Message, w.Timeline.Generation(), w.Timeline.Cursor(), plans(), gen, cursor, n)
			}
			if strings.Count(buf.String(), " switch ") != switches+1 {
				t.Errorf("%v, switch %d: not logged", c.algo, i)
			}
			if !strings.Contains(w.Message, ": kept for ") || !strings.HasSuffix(w.Message, " does not use it") || w.MessageErr {
				t.Errorf("%v, switch %d: message %q", c.algo, i, w.Message)
			}
		}
	}
	// The group hierarchy plans with what was set while HPA* and A* showed.
	w.SetAlgo(AlgoHPA)
	w.Wait()
	w.SetCost(CostMaximin)
	if want := "connection cost maximin: kept for the group hierarchy (algorithm 5); HPA* does not use it"; w.Message != want {
		t.Errorf("M under HPA*: message %q, want %q", w.Message, want)
	}
	w.SetAlgo(AlgoGroup)
	w.Wait()
	if l := lastLine(t, &buf, "plan"); !strings.Contains(l, "algo=group") || !strings.Contains(l, "cost_kind=maximin") {
		t.Errorf("the group hierarchy after M under HPA*: plan line %q, want cost_kind=maximin", l)
	}
	// The answer's note on the ignored cluster heuristic follows the
	// setting, though nothing is replanned.
	w.SetAlgo(AlgoHPA)
	w.Wait()
	w.SetHeuristic(HeurCluster)
	if !strings.Contains(w.Outcome.Note, "HPA* ignores the heuristic") {
		t.Errorf("HPA* with the cluster heuristic set: note %q", w.Outcome.Note)
	}
	w.SetHeuristic(HeurOctile)
	if strings.Contains(w.Outcome.Note, "heuristic") {
		t.Errorf("HPA* with octile set again: note %q", w.Outcome.Note)
	}
}
