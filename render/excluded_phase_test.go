package render

import (
	"testing"

	"pathlens/assets"
	"pathlens/game/world"
)

// From a usability test: on exclusion-shortcut, stepped to "plan L2", the
// excluded-area layer already darkened the hall that only the level-1
// plan (the next phase) leaves out. The area shows from the first cell
// phase, and at the end.
func TestExcludedAreaWaitsForThePlanThatDecidesIt(t *testing.T) {
	w, err := world.Open(assets.Prefix + "exclusion-shortcut")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	w.Begin()
	w.Wait()
	if w.Outcome.Excluded == nil {
		t.Fatal("the built-in case excludes nothing: exclusion is off?")
	}
	tl := &w.Timeline
	tr := tl.Trace()
	if tr == nil {
		t.Fatal("no trace")
	}
	for k, ph := range tr.Phases {
		end := tr.PhaseEnd(k)
		if end == ph.Start {
			continue
		}
		w.SeekTo((ph.Start + end + 1) / 2)
		if got, want := exclusionDecided(tl), ph.Level == 0; got != want {
			t.Errorf("cursor in phase %q (level %d): excluded area shown %v, want %v", ph.Name, ph.Level, got, want)
		}
	}
	w.SeekTo(tl.Len())
	if !exclusionDecided(tl) {
		t.Error("at the end the excluded area is hidden")
	}
}
