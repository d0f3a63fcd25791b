package world

import (
	"strings"
	"testing"
)

// Regression (a teacher showing what HPA*'s smoothing buys): Z turned
// smoothing off and on, the cost in the top bar changed, and nothing said
// by how much: the switch kept no ghost, so neither the note nor the
// Numbers panel compared the two answers, and the path before the switch
// was gone from the map. Z under HPA* now keeps the answer before it as
// the ghost, as M and X do for the group hierarchy: the grey path beside
// the new one, and the note "HPA*: cost 160.46, was 158.11 with smoothing
// on (+2.34, +1.48%)".
func TestSmoothingSwitchKeepsAGhost(t *testing.T) {
	w := openBuiltin(t, "world")
	w.Settings.Algo = AlgoHPA
	w.Begin()
	w.Wait()
	on := w.Outcome.Cost
	w.ToggleSmooth()
	w.Wait()
	if w.Ghost == nil {
		t.Fatal("after Z: no ghost of the answer with smoothing on")
	}
	if w.Ghost.Label != "smoothing on" || w.Ghost.Cost != on {
		t.Errorf("after Z: ghost %q of cost %.3f, want \"smoothing on\" of %.3f", w.Ghost.Label, w.Ghost.Cost, on)
	}
	off := w.Outcome.Cost
	if off <= on {
		t.Fatalf("smoothing off costs %.3f, on %.3f: the test needs smoothing to shorten this path", off, on)
	}
	if !strings.Contains(w.Message, "was 158.11 with smoothing on (+") {
		t.Errorf("after Z: note %q, want it to compare with smoothing on", w.Message)
	}
	w.ToggleSmooth()
	w.Wait()
	if w.Ghost == nil || w.Ghost.Label != "smoothing off" || w.Ghost.Cost != off {
		t.Errorf("after Z again: ghost %+v, want the answer with smoothing off", w.Ghost)
	}
	// A search that does not read smoothing keeps its ghost and makes none.
	w.SetAlgo(AlgoAStar)
	w.Wait()
	w.ToggleSmooth()
	w.Wait()
	if w.Ghost == nil || w.Ghost.Label != "HPA*" {
		t.Errorf("Z under A*: ghost %+v, want HPA*'s kept", w.Ghost)
	}
}
