package world

import (
	"image"
	"math"
	"strings"
	"testing"
	"time"

	"pathlens/pathing"
)

// noQuery fails unless the Outcome says there is no query: not Running
// (which reads as a plan under way to any check of Status alone), no path,
// no cost, the no-query note.
func noQuery(t *testing.T, w *World, when string) {
	t.Helper()
	o := &w.Outcome
	if o.Status == pathing.Running || o.Path != nil || !math.IsInf(o.Cost, 1) || o.Err != nil || o.Note != NoQueryNote {
		t.Fatalf("%s: status %v, %d path cells, cost %v, err %v, note %q: want no query",
			when, o.Status, len(o.Path), o.Cost, o.Err, o.Note)
	}
}

// Regression: the Outcome of a session with no query was the zero value,
// Status Running, so "busy and Running" said "planning…" before any query
// (on maze512 while the group hierarchy the layers show was built).
func TestNoQueryOutcome(t *testing.T) {
	w, _ := mustWorld(t,
		"......",
		"..##..",
		"......",
	)
	noQuery(t, w, "new world")
	w.Begin()
	noQuery(t, w, "after Begin with no query")
	w.Pick(image.Pt(0, 0))
	noQuery(t, w, "start placed")
	w.Pick(image.Pt(5, 2))
	if w.Outcome.Status != pathing.Found || w.Outcome.Note != "" {
		t.Fatalf("goal placed: %v, note %q", w.Outcome.Status, w.Outcome.Note)
	}
	w.Pick(image.Pt(1, 0))
	noQuery(t, w, "next start placed")

	// A refused query is a query: its error says why, not the no-query note.
	w.Start, w.Goal, w.HasStart, w.HasGoal = image.Pt(0, 0), image.Pt(2, 1), true, true
	w.Replan()
	if w.Outcome.Err == nil || w.Outcome.Note != "" || w.Outcome.Status == pathing.Running {
		t.Fatalf("goal in a wall: %v, err %v, note %q", w.Outcome.Status, w.Outcome.Err, w.Outcome.Note)
	}

	big, _ := openMaze(t, AlgoGroup)
	defer big.Close()
	big.Queries = nil
	big.Begin()
	if !big.Busy() {
		t.Fatal("the test needs the group hierarchy built in the background")
	}
	noQuery(t, big, "maze512 building with no query")
	big.Wait()
	noQuery(t, big, "maze512 built with no query")
}

// Regression: in the frame that installs a hierarchy built in the
// background the plan waits for the next frame, but the note still said
// "building the HPA* hierarchy…" while Hierarchy() was already set. The
// note is true at every tick: building while nothing is installed, then
// that the plan runs next, then the answer.
func TestNoteTrueWhenBuildArrives(t *testing.T) {
	for _, algo := range []Algo{AlgoHPA, AlgoGroup} {
		t.Run(algo.String(), func(t *testing.T) {
			w, _ := openMaze(t, algo)
			defer w.Close()
			w.Begin()
			pending(t, w, "building")
			deadline := time.Now().Add(2 * time.Minute)
			for w.Hierarchy() == nil {
				if time.Now().After(deadline) {
					t.Fatal("the hierarchy was not built in two minutes")
				}
				time.Sleep(5 * time.Millisecond)
				w.Tick(0)
				if w.Hierarchy() == nil {
					pending(t, w, "building")
				}
			}
			// The frame that installed it.
			pending(t, w, "planning: ")
			if strings.Contains(w.Outcome.Note, "building") || !strings.Contains(w.Outcome.Note, "is built, the plan runs next frame") {
				t.Fatalf("hierarchy installed, plan not run: note %q", w.Outcome.Note)
			}
			w.Tick(0)
			for w.Busy() && w.Outcome.Status == pathing.Running {
				w.Tick(0)
			}
			if w.Outcome.Status != pathing.Found || w.Outcome.Err != nil {
				t.Fatalf("next frame: %v %v, note %q", w.Outcome.Status, w.Outcome.Err, w.Outcome.Note)
			}
		})
	}
}

// The same for A* with the cluster heuristic on maze512: the group
// hierarchy is built, then lent to compute the goal's table; each arrival
// changes the note.
func TestNoteTrueWhenClusterHeuristicArrives(t *testing.T) {
	w, _ := openMaze(t, AlgoAStar)
	defer w.Close()
	w.Settings.Heuristic = HeurCluster
	w.Begin()
	pending(t, w, "building the group hierarchy")
	var notes []string
	deadline := time.Now().Add(2 * time.Minute)
	for w.Busy() && w.Outcome.Status == pathing.Running {
		if time.Now().After(deadline) {
			t.Fatal("not answered in two minutes")
		}
		if len(notes) == 0 || notes[len(notes)-1] != w.Outcome.Note {
			notes = append(notes, w.Outcome.Note)
		}
		time.Sleep(5 * time.Millisecond)
		w.Tick(0)
		if w.building != nil && !strings.Contains(w.Outcome.Note, w.building.what) {
			t.Fatalf("waiting for %q, note %q", w.building.what, w.Outcome.Note)
		}
	}
	if w.Outcome.Status != pathing.Found {
		t.Fatalf("answer: %v %v (notes %q)", w.Outcome.Status, w.Outcome.Err, notes)
	}
	var built, computed bool
	for _, n := range notes {
		built = built || strings.Contains(n, "the group hierarchy is built, the plan runs next frame")
		computed = computed || strings.Contains(n, "is computed, the plan runs next frame")
	}
	if !built || !computed {
		t.Fatalf("notes %q: want one after the build and one after the table arrived", notes)
	}
}
