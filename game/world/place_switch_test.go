package world

import (
	"bytes"
	"strings"
	"testing"

	"pathlens/assets"
)

// stepped opens the built-in world answered by algo with 2 levels and the
// shortcut off, its query planned and its log in a buffer.
func stepped(t *testing.T, algo Algo) (*World, *bytes.Buffer) {
	t.Helper()
	w := openBuiltin(t, assets.DefaultName)
	var buf bytes.Buffer
	w.Log = NewEventLog(&buf)
	w.Settings.Algo = algo
	w.Settings.Levels = 2
	w.Settings.NoShortcut = true
	w.Begin()
	w.Wait()
	if w.Timeline.Len() == 0 {
		t.Fatalf("%v: no trace (%v %v)", algo, w.Outcome.Status, w.Outcome.Err)
	}
	return w, &buf
}

// firstEventOf is the cursor at the first event of the first phase with
// events for which is holds, -1 for none.
func firstEventOf(w *World, is func(name string, k int) bool) int {
	tr := w.Timeline.Trace()
	for k, ph := range tr.Phases {
		if is(ph.Name, k) && tr.PhaseEnd(k) > ph.Start {
			return ph.Start + 1
		}
	}
	return -1
}

// A teacher's report: a switch between a grid search and a hierarchy, or
// between HPA* and the group hierarchy, threw the timeline to its end
// (the answer, in the middle of a lesson) with no seek logged, though the
// group hierarchy has a top-level search like HPA*'s abstract one. The
// hierarchies' searches now correspond by kind, and where nothing
// corresponds the new timeline opens at its start, with a note saying so.
func TestAlgoSwitchKeepsOrResetsThePlace(t *testing.T) {
	t.Run("A* at 314 to HPA*: the start, said", func(t *testing.T) {
		for _, from := range []Algo{AlgoAStar, AlgoGreedy, AlgoDijkstra} {
			w, buf := stepped(t, from)
			at := min(314, w.Timeline.Len()/2)
			w.SeekTo(at)
			w.SetAlgo(AlgoHPA)
			w.Wait()
			if w.Timeline.Cursor() != 0 || w.Timeline.Len() == 0 || w.Play.Playing {
				t.Errorf("%v at %d, then HPA*: cursor %d of %d, want the start", from, at, w.Timeline.Cursor(), w.Timeline.Len())
			}
			want := "HPA* has no step like " + from.Title() + "'s event " + Count(at) + " of "
			if !strings.Contains(w.Message, want) || !strings.HasSuffix(w.Message, "shown from its start") {
				t.Errorf("%v then HPA*: message %q, want it to say %q… shown from its start", from, w.Message, want)
			}
			if l := lastLine(t, buf, "seek"); !strings.Contains(l, "cursor=0 ") || !strings.Contains(l, "no step like") {
				t.Errorf("%v then HPA*: seek line %q, want cursor 0 and the note", from, l)
			}
		}
	})
	t.Run("HPA*'s abstract search to the group hierarchy's top-level plan", func(t *testing.T) {
		w, buf := stepped(t, AlgoHPA)
		seekPhase(t, w, "abstract L2")
		w.SetAlgo(AlgoGroup)
		w.Wait()
		want := firstEventOf(w, func(name string, _ int) bool { return Stage(name) == "plan" })
		if w.Timeline.Cursor() != want || w.PhaseName() != "plan L2" {
			t.Errorf("abstract L2, then the group hierarchy: cursor %d in %q, want %d, the first event of plan L2", w.Timeline.Cursor(), w.PhaseName(), want)
		}
		if l := lastLine(t, buf, "seek"); !strings.Contains(l, `phase="plan L2"`) || strings.Contains(l, "note=") {
			t.Errorf("seek line %q, want plan L2 without a note", l)
		}
		w.SetAlgo(AlgoHPA)
		w.Wait()
		if !strings.HasPrefix(w.PhaseName(), "abstract") {
			t.Errorf("and back to HPA*: cursor %d in %q, want the abstract search", w.Timeline.Cursor(), w.PhaseName())
		}
	})
	t.Run("the group hierarchy's walk to HPA*'s refinement", func(t *testing.T) {
		w, _ := stepped(t, AlgoGroup)
		tr := w.Timeline.Trace()
		n, left := 0, 0
		for k, ph := range tr.Phases {
			if ph.Name == "cells" && tr.PhaseEnd(k) > ph.Start+1 {
				if n++; n == 2 {
					left = ph.Start + 1
					w.SeekTo(left)
					break
				}
			}
		}
		if n < 2 {
			t.Fatalf("fewer than two cell phases: %v", phaseNames(w.Outcome))
		}
		w.SetAlgo(AlgoHPA)
		w.Wait()
		want := firstEventOf(w, func(name string, _ int) bool { return Stage(name) == "refine" })
		if w.Timeline.Cursor() != want || Stage(w.PhaseName()) != "refine" {
			t.Errorf("the group hierarchy's second cells phase, then HPA*: cursor %d in %q, want %d, the first event of the refinement", w.Timeline.Cursor(), w.PhaseName(), want)
		}
		w.SetAlgo(AlgoGroup)
		w.Wait()
		// Back without stepping: the very event it left (the switch
		// trail), not merely the walk's first event.
		if w.Timeline.Cursor() != left {
			t.Errorf("and back: cursor %d in %q, want %d, the event it left", w.Timeline.Cursor(), w.PhaseName(), left)
		}
	})
	t.Run("HPA*'s insertion to the group hierarchy: the start, said", func(t *testing.T) {
		w, _ := stepped(t, AlgoHPA)
		seekPhase(t, w, "insert S L2")
		w.SetAlgo(AlgoGroup)
		w.Wait()
		if w.Timeline.Cursor() != 0 || !strings.Contains(w.Message, "the group hierarchy has no step like HPA*'s insert S L2, event ") {
			t.Errorf("cursor %d, message %q, want the start and the note", w.Timeline.Cursor(), w.Message)
		}
	})
	t.Run("HPA*'s smoothing to the group hierarchy: the end", func(t *testing.T) {
		w, _ := stepped(t, AlgoHPA)
		seekPhase(t, w, "smooth")
		w.SetAlgo(AlgoGroup)
		w.Wait()
		if !w.Timeline.AtEnd() || strings.Contains(w.Message, "no step like") {
			t.Errorf("cursor %d of %d, message %q, want the end (the path is whole there too)", w.Timeline.Cursor(), w.Timeline.Len(), w.Message)
		}
	})
	t.Run("a hierarchy to a grid search: the start, said", func(t *testing.T) {
		w, _ := stepped(t, AlgoGroup)
		seekPhase(t, w, "plan L2")
		w.SetAlgo(AlgoAStar)
		w.Wait()
		if w.Timeline.Cursor() != 0 || w.Timeline.Len() == 0 || !strings.Contains(w.Message, "A* has no step like the group hierarchy's plan L2, event ") {
			t.Errorf("cursor %d of %d, message %q, want the start and the note", w.Timeline.Cursor(), w.Timeline.Len(), w.Message)
		}
	})
}
