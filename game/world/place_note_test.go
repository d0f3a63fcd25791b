package world

import (
	"strings"
	"testing"
)

// A teacher's report: on the built-in world with A* at event 34, 4 (HPA*)
// then End left the note "HPA* has no step like A*'s event 34 of 12,927:
// shown from its start" up while the view was at the end. A note about
// where the cursor was put now goes once the user moves the cursor, by any
// of the timeline's moves; the switch's comparison with its ghost, in the
// same message, stays.
func TestPlaceNoteGoesWhenTheCursorMoves(t *testing.T) {
	moves := []struct {
		name string
		move func(w *World)
	}{
		{"End", (*World).SeekEnd},
		{"Home", (*World).SeekStart},
		{"step", func(w *World) { w.StepBy(1) }},
		{"seek", func(w *World) { w.SeekTo(w.Timeline.Len() / 2) }},
		{"scrub", func(w *World) { w.ScrubTo(w.Timeline.Len() / 3) }},
		{"next phase", (*World).NextPhase},
		{"next stage", (*World).NextStage},
		{"play", (*World).TogglePlay},
	}
	for _, m := range moves {
		t.Run(m.name, func(t *testing.T) {
			w, _ := stepped(t, AlgoAStar)
			w.SeekTo(34)
			w.SetAlgo(AlgoHPA)
			w.Wait()
			const note = "HPA* has no step like A*'s event 34 of "
			if !strings.Contains(w.Message, note) || !strings.Contains(w.Message, "with A*") {
				t.Fatalf("after the switch: message %q, want the comparison and %q…", w.Message, note)
			}
			seq := w.MessageSeq
			m.move(w)
			if strings.Contains(w.Message, "no step like") {
				t.Errorf("after %s: message %q still says where the switch put the cursor", m.name, w.Message)
			}
			if !strings.Contains(w.Message, "with A*") || strings.HasSuffix(w.Message, "; ") {
				t.Errorf("after %s: message %q, want the switch's comparison kept whole", m.name, w.Message)
			}
			if w.MessageSeq != seq && !strings.HasPrefix(w.Message, "passed ") {
				t.Errorf("after %s: message number %d, was %d: the comparison should keep its clock", m.name, w.MessageSeq, seq)
			}
		})
	}
	t.Run("an edit's note alone goes whole", func(t *testing.T) {
		w, _ := stepped(t, AlgoAStar)
		w.SeekTo(34)
		w.placeShown = "the new plan has no step like the last one's event 34 of 12,927: shown from its start"
		w.Note("%s", w.placeShown)
		w.SeekEnd()
		if w.Message != "" {
			t.Errorf("after End: message %q, want none", w.Message)
		}
	})
	t.Run("held behind an error", func(t *testing.T) {
		w, _ := stepped(t, AlgoAStar)
		w.Fail("cell (0,0) is blocked")
		w.placeLost = "HPA* has no step like A*'s event 34 of 12,927: shown from its start"
		w.notePlaceLost(w.MessageSeq)
		if w.held == "" {
			t.Fatalf("the note was not held behind the error (message %q)", w.Message)
		}
		w.SeekEnd()
		w.MessageGone(w.MessageSeq)
		if strings.Contains(w.Message, "no step like") {
			t.Errorf("after End and the error gone: message %q, want the note dropped", w.Message)
		}
	})
	t.Run("a move with no note changes no message", func(t *testing.T) {
		w, _ := stepped(t, AlgoAStar)
		w.Note("hello; world")
		w.SeekStart()
		if w.Message != "hello; world" {
			t.Errorf("message %q, want it untouched", w.Message)
		}
	})
}
