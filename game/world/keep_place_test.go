package world

import (
	"bytes"
	"image"
	"strings"
	"testing"

	"pathlens/assets"
)

// hpaStepped opens the built-in world answered by HPA* with 2 levels and
// the shortcut off, its query planned, and the cursor in the middle of the
// phase named phase.
func hpaStepped(t *testing.T, phase string) (*World, *bytes.Buffer) {
	t.Helper()
	w := openBuiltin(t, assets.DefaultName)
	var buf bytes.Buffer
	w.Log = NewEventLog(&buf)
	w.Settings.Algo = AlgoHPA
	w.Settings.Levels = 2
	w.Settings.NoShortcut = true
	w.Begin()
	w.Wait()
	seekPhase(t, w, phase)
	return w, &buf
}

// seekPhase puts the cursor in the middle of the first phase named name.
func seekPhase(t *testing.T, w *World, name string) {
	t.Helper()
	tr := w.Timeline.Trace()
	if tr == nil {
		t.Fatalf("no trace (%v %v)", w.Outcome.Status, w.Outcome.Err)
	}
	for k, ph := range tr.Phases {
		if ph.Name == name && tr.PhaseEnd(k) > ph.Start+1 {
			w.SeekTo((ph.Start + tr.PhaseEnd(k) + 1) / 2)
			if w.PhaseName() != name {
				t.Fatalf("seeking into %q shows %q", name, w.PhaseName())
			}
			return
		}
	}
	t.Fatalf("no phase %q with events in %v", name, phaseNames(w.Outcome))
}

// A teacher's finding: stepped to "insert S L2" of an HPA* query, a switch
// of the levels (Shift+[) or of the cluster size ([ ]) replanned and threw
// the timeline to "finished". A switch now keeps the place: the new trace
// shows, paused, in the phase of the same name, as far into it as the
// cursor was, or, that phase gone, at the first event of the same stage.
func TestSwitchKeepsTheTimelinePlace(t *testing.T) {
	t.Run("levels 2 to 1: the start of the insert stage", func(t *testing.T) {
		w, buf := hpaStepped(t, "insert S L2")
		gen := w.Timeline.Generation()
		w.LevelsDown()
		w.Wait()
		if w.Timeline.Generation() == gen || w.Settings.LevelCount() != 1 {
			t.Fatalf("levels down: not replanned (levels %d)", w.Settings.LevelCount())
		}
		for _, ph := range w.Timeline.Trace().Phases {
			if ph.Name == "insert S L2" {
				t.Fatalf("1 level still has a phase insert S L2: %v", phaseNames(w.Outcome))
			}
		}
		if w.Timeline.AtEnd() || w.Play.Playing {
			t.Fatalf("after levels down: cursor %d of %d (playing %v), want it kept in the insert stage", w.Timeline.Cursor(), w.Timeline.Len(), w.Play.Playing)
		}
		if got := w.PhaseName(); Stage(got) != "insert" || w.Timeline.Cursor() != 1 {
			t.Errorf("after levels down: cursor %d in %q, want 1, the first event of the insert stage", w.Timeline.Cursor(), got)
		}
		if l := lastLine(t, buf, "seek"); !strings.Contains(l, "cursor=1 ") {
			t.Errorf("the kept place is not logged: %q", l)
		}
	})
	t.Run("cluster size: the same phase, as far in", func(t *testing.T) {
		for _, sw := range []func(*World){(*World).ClusterBigger, (*World).ClusterSmaller} {
			w, _ := hpaStepped(t, "insert S L2")
			tr := w.Timeline.Trace()
			k := w.Timeline.Phase()
			into := w.Timeline.Cursor() - tr.Phases[k].Start
			sw(w)
			w.Wait()
			if got := w.PhaseName(); got != "insert S L2" || w.Play.Playing {
				t.Fatalf("cluster %d: cursor %d of %d in %q (playing %v), want insert S L2", w.Settings.Cluster(), w.Timeline.Cursor(), w.Timeline.Len(), got, w.Play.Playing)
			}
			tr = w.Timeline.Trace()
			k = w.Timeline.Phase()
			if got, want := w.Timeline.Cursor()-tr.Phases[k].Start, min(into, tr.PhaseEnd(k)-tr.Phases[k].Start); got != want {
				t.Errorf("cluster %d: %d events into insert S L2, want %d", w.Settings.Cluster(), got, want)
			}
		}
	})
	t.Run("a phase's end stays its end", func(t *testing.T) {
		w, _ := hpaStepped(t, "abstract L2")
		w.NextPhase() // the rest of the phase
		w.ClusterBigger()
		w.Wait()
		tr := w.Timeline.Trace()
		k := w.Timeline.Phase()
		if w.PhaseName() != "abstract L2" || w.Timeline.Cursor() != tr.PhaseEnd(k) {
			t.Errorf("cursor %d in %q, want the end of abstract L2", w.Timeline.Cursor(), w.PhaseName())
		}
	})
	t.Run("playing: paused where it was", func(t *testing.T) {
		w, _ := hpaStepped(t, "abstract L2")
		w.TogglePlay()
		w.ToggleSmooth()
		w.Wait()
		if w.Play.Playing || w.PhaseName() != "abstract L2" {
			t.Errorf("playing, then Z: playing %v in %q, want paused in abstract L2", w.Play.Playing, w.PhaseName())
		}
	})
	t.Run("the start stays the start", func(t *testing.T) {
		w, _ := hpaStepped(t, "abstract L2")
		w.SeekStart()
		w.ClusterBigger()
		w.Wait()
		if w.Timeline.Cursor() != 0 || w.Timeline.Len() == 0 {
			t.Errorf("cursor %d of %d, want 0", w.Timeline.Cursor(), w.Timeline.Len())
		}
	})
	t.Run("the end stays the end", func(t *testing.T) {
		w, _ := hpaStepped(t, "abstract L2")
		w.SeekEnd()
		w.LevelsDown()
		w.Wait()
		if !w.Timeline.AtEnd() {
			t.Errorf("cursor %d of %d, want the end", w.Timeline.Cursor(), w.Timeline.Len())
		}
	})
	t.Run("the stage gone: the end", func(t *testing.T) {
		w, _ := hpaStepped(t, "smooth")
		w.ToggleSmooth()
		w.Wait()
		if w.Settings.Smooth() || !w.Timeline.AtEnd() {
			t.Errorf("smoothing off from the smooth phase: cursor %d of %d, want the end", w.Timeline.Cursor(), w.Timeline.Len())
		}
	})
	t.Run("a new query shows its end", func(t *testing.T) {
		w, _ := hpaStepped(t, "abstract L2")
		if !w.SetEndpoints(w.Start, image.Pt(w.Goal.X-1, w.Goal.Y)) && !w.SetEndpoints(w.Start, image.Pt(w.Goal.X+1, w.Goal.Y)) {
			t.Fatalf("new goal refused: %s", w.Message)
		}
		w.Wait()
		if !w.Timeline.AtEnd() {
			t.Errorf("a new query: cursor %d of %d, want the end", w.Timeline.Cursor(), w.Timeline.Len())
		}
	})
}

// The group planner repeats its phase names ("plan L1", "cells" once per
// walked segment): the place is the same phase of that name by count, the
// third "cells" in the third. A heuristic switch under A* keeps the event:
// its one phase is named the same whatever the heuristic.
func TestSwitchKeepsTheRepeatedPhaseAndTheFlatSearchsEvent(t *testing.T) {
	w := openBuiltin(t, assets.DefaultName)
	w.Settings.Algo = AlgoGroup
	w.Begin()
	w.Wait()
	third := func() int {
		tr := w.Timeline.Trace()
		n := 0
		for k, ph := range tr.Phases {
			if ph.Name == "cells" && tr.PhaseEnd(k) > ph.Start+1 {
				if n++; n == 3 {
					return k
				}
			}
		}
		t.Fatalf("fewer than three cell phases with events: %v", phaseNames(w.Outcome))
		return -1
	}
	tr := w.Timeline.Trace()
	k := third()
	w.SeekTo(tr.Phases[k].Start + 1)
	nth := func() int {
		tr := w.Timeline.Trace()
		n := 0
		for _, ph := range tr.Phases[:w.Timeline.Phase()] {
			if ph.Name == "cells" {
				n++
			}
		}
		return n
	}
	before := nth()
	w.ToggleTarget()
	w.Wait()
	if w.PhaseName() != "cells" || nth() != before || w.Timeline.Cursor() != w.Timeline.Trace().Phases[w.Timeline.Phase()].Start+1 {
		t.Errorf("refine target switched: cursor %d in %q after %d phases of that name, want the first event of cells after %d", w.Timeline.Cursor(), w.PhaseName(), nth(), before)
	}

	w.SetAlgo(AlgoAStar)
	w.Wait()
	w.SeekTo(100)
	w.SetHeuristic(HeurEuclidean)
	w.Wait()
	if w.Timeline.Cursor() != 100 || w.PhaseName() != "A*" {
		t.Errorf("heuristic switched under A* at event 100: cursor %d in %q", w.Timeline.Cursor(), w.PhaseName())
	}
	// Another grid search keeps the event too (it went to the end): the
	// teacher compares Dijkstra's 100th event with A*'s.
	w.SetAlgo(AlgoDijkstra)
	w.Wait()
	if w.Timeline.Cursor() != 100 || w.Timeline.AtEnd() {
		t.Errorf("A* at event 100, then Dijkstra: cursor %d of %d in %q, want event 100", w.Timeline.Cursor(), w.Timeline.Len(), w.PhaseName())
	}
}

// On a large map a switch's plan is worked on in the background, and the
// timeline shows nothing meanwhile: a second switch made then keeps the
// place the first one had.
func TestSwitchKeepsThePlaceThroughAPendingPlan(t *testing.T) {
	w, _ := openMaze(t, AlgoHPA)
	w.Settings.NoShortcut = true
	w.Begin()
	w.Wait()
	seekPhase(t, w, "abstract L2")
	w.ClusterBigger()
	if !w.Busy() {
		t.Skip("the hierarchy was built at once here: the case needs a build in the background")
	}
	w.ToggleSmooth()
	w.Wait()
	if w.PhaseName() != "abstract L2" || w.Timeline.AtEnd() {
		t.Errorf("two switches through a background build: cursor %d of %d in %q, want abstract L2", w.Timeline.Cursor(), w.Timeline.Len(), w.PhaseName())
	}
}
