package world

import (
	"strings"
	"testing"
)

// TestLevelsRoundTripKeepsEvent steps into HPA*'s abstract search, switches
// to one more level and back (Shift+] then Shift+[) and to one fewer and
// back, and wants the cursor on the very event it left, whichever phase it
// was in: the level in between has no phase of that name, so each leg
// alone lands at its stage's first event.
func TestLevelsRoundTripKeepsEvent(t *testing.T) {
	for _, tc := range []struct {
		name     string
		levels   int
		there    func(w *World)
		back     func(w *World)
		phaseSub string
	}{
		{"2→3→2", 2, (*World).LevelsUp, (*World).LevelsDown, "abstract"},
		{"2→1→2", 2, (*World).LevelsDown, (*World).LevelsUp, "abstract"},
		{"1→2→1", 1, (*World).LevelsUp, (*World).LevelsDown, "abstract"},
		{"2→1→2 refine", 2, (*World).LevelsDown, (*World).LevelsUp, "refine"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, err := Open("builtin:world")
			if err != nil {
				t.Fatal(err)
			}
			defer w.Close()
			w.Settings.Algo = AlgoHPA
			w.Settings.Levels = tc.levels
			w.Settings.NoShortcut = true
			w.Begin()
			w.Wait()
			tl := &w.Timeline
			k := tl.FindPhase(tc.phaseSub)
			if k < 0 {
				t.Fatalf("no %q phase in %d events", tc.phaseSub, tl.Len())
			}
			tr := tl.Trace()
			start, end := tr.Phases[k].Start, tr.PhaseEnd(k)
			if end-start < 3 {
				t.Fatalf("phase %q has %d events: too few to stand inside", tr.Phases[k].Name, end-start)
			}
			at := start + (end-start)/2
			w.SeekTo(at)
			name := tr.Phases[tl.Phase()].Name
			tc.there(w)
			w.Wait()
			if tl.AtEnd() {
				t.Fatalf("the first switch showed the end, want a place inside")
			}
			mid := tl.Cursor()
			tc.back(w)
			w.Wait()
			if got := tl.Cursor(); got != at {
				t.Fatalf("round trip from %q event %d (via event %d) came back at event %d (phase %q)", name, at, mid, got,
					tl.Trace().Phases[max(tl.Phase(), 0)].Name)
			}
			if !strings.HasPrefix(tl.Trace().Phases[tl.Phase()].Name, strings.Fields(name)[0]) {
				t.Fatalf("back in phase %q, want %q", tl.Trace().Phases[tl.Phase()].Name, name)
			}
		})
	}
}
