package world

import (
	"image"
	"testing"

	"pathlens/maps"
	"pathlens/pathing/groups"
)

// TestScenarioTargetKept: "set target nearest" in a scenario reaches the
// group planner and survives a save; it used to be dropped on load (the
// session planned toward representatives) and so lost on save.
func TestScenarioTargetKept(t *testing.T) {
	const src = `pathlens-scenario 1
set algo group
set cluster 4
set target nearest
map inline
................
................
................
................
end
query 0,0 15,0
`
	w := scenarioWorld(t, src, "t.pls")
	w.Begin()
	if got := w.Scenario().Settings.Target; got != maps.TargetNearest {
		t.Fatalf("saved target %q, want nearest", got)
	}
	// The walked path is the nearest-target planner's.
	gr, err := groups.Build(w.Grid, groups.Config{ClusterSize: 4, Levels: w.Settings.LevelCount(), Target: groups.Nearest}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want, err := groups.NewPlanner(gr).Walk(image.Pt(0, 0), image.Pt(15, 0), groups.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want.Cost != 15 {
		t.Fatalf("nearest-target walk costs %v, want the straight 15 (representatives detour)", want.Cost)
	}
	if w.Outcome.Cost != want.Cost {
		t.Fatalf("session walked cost %v, the nearest-target planner %v", w.Outcome.Cost, want.Cost)
	}
}
