package render

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/pathing"
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
	// Drawn through drawExcluded: its cache holds an image once it drew.
	r := New()
	cam := &Camera{}
	cam.Fit(w.Grid.Width(), w.Grid.Height(), ComputeLayout(1280, 800, true).Map)
	screen := ebiten.NewImage(1280, 800)
	drawn := func() bool {
		r.exclude.release()
		r.drawExcluded(screen, &Frame{World: w, Cam: cam})
		return r.exclude.img != nil
	}
	seenCells := false
	for k, ph := range tr.Phases {
		end := tr.PhaseEnd(k)
		seenCells = seenCells || ph.Level == 0
		if end == ph.Start {
			continue
		}
		w.SeekTo((ph.Start + end + 1) / 2)
		if got := drawn(); got != seenCells {
			t.Errorf("cursor in phase %q (level %d): excluded area drawn %v, want %v", ph.Name, ph.Level, got, seenCells)
		}
	}
	w.SeekTo(tl.Len())
	if !drawn() {
		t.Error("at the end the excluded area is not drawn")
	}
}

// Once a cell phase has been reached the area stays known: a later leg's
// abstract phase does not hide it again.
func TestExcludedAreaStaysAfterTheFirstCellPhase(t *testing.T) {
	tr := &pathing.Trace{}
	for _, ph := range []struct {
		name  string
		level int
	}{{"plan L1", 1}, {"cells", 0}, {"plan L1", 1}, {"cells", 0}} {
		tr.BeginPhase(ph.name, ph.level)
		for range 3 {
			tr.Add(pathing.Event{Kind: pathing.EventPop, Level: uint8(ph.level)})
		}
	}
	var tl world.Timeline
	tl.Reset(tr, 1)
	for i, want := range []bool{false, false, false, true, true, true, true, true, true, true, true, true} {
		tl.Seek(i + 1)
		if got := exclusionDecided(&tl); got != want {
			t.Errorf("cursor %d (phase %d): decided %v, want %v", i+1, tl.Phase(), got, want)
		}
	}
}
