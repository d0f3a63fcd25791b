package world

import (
	"strings"
	"testing"
)

// A teacher's report: after 1 then 4 on the built-in world, the A* ghost
// (grey path, dotted frontier) stayed through every HPA* phase, and only a
// new query dropped it. The note comparing the two answers now says how to
// drop it, and DropGhost (Shift+O) does, leaving the answer and its
// timeline as they were; with no ghost it says how one is made.
func TestDropGhostForgetsTheComparison(t *testing.T) {
	w, buf := stepped(t, AlgoAStar)
	w.SetAlgo(AlgoHPA)
	w.Wait()
	if w.Ghost == nil || w.Ghost.Fill == nil {
		t.Fatalf("A* then HPA*: no ghost with a fill (%+v)", w.Ghost)
	}
	if !strings.Contains(w.Message, "was 157.28 with A*") || !strings.Contains(w.Message, DropGhostHint) {
		t.Errorf("the switch's note %q, want the comparison and %q", w.Message, DropGhostHint)
	}
	seekPhase(t, w, "abstract L2")
	at, path, tlv := w.Timeline.Cursor(), len(w.Outcome.Path), w.Timeline.Version()
	w.DropGhost()
	if w.Ghost != nil {
		t.Fatal("DropGhost left the ghost")
	}
	if !strings.Contains(w.Message, "ghost of the answer with A* dropped") {
		t.Errorf("message %q, want it to say the ghost of A*'s answer went", w.Message)
	}
	if w.Timeline.Cursor() != at || len(w.Outcome.Path) != path || w.Timeline.Version() != tlv {
		t.Errorf("DropGhost moved the cursor (%d, was %d) or changed the answer", w.Timeline.Cursor(), at)
	}
	if l := lastLine(t, buf, "overlay"); !strings.Contains(l, "name=ghost") || !strings.Contains(l, "on=off") {
		t.Errorf("log line %q, want overlay name=ghost on=off", l)
	}
	w.DropGhost()
	if !strings.HasPrefix(w.Message, "no ghost to drop: ") {
		t.Errorf("a second drop: message %q", w.Message)
	}
	// The next switch makes a new one, compared as before.
	w.SetAlgo(AlgoAStar)
	w.Wait()
	if w.Ghost == nil || w.Ghost.Label != "HPA*" {
		t.Errorf("HPA* then A*: ghost %+v, want HPA*'s", w.Ghost)
	}
}
