package world

import (
	"strings"
	"testing"

	"pathlens/assets"
	"pathlens/maps"
	"pathlens/pathing"
)

// The command line's setting flags override the scenario's switches one
// by one: pathological-minimum says group hierarchy, 1 level, minimum
// costs; "-cost maximin -levels 2" changes those two and keeps the rest,
// and the query is planned with them (maximin finds the optimum there,
// which minimum does not).
func TestOverrideSettingsKeepsTheRest(t *testing.T) {
	w := openBuiltin(t, "pathological-minimum")
	before := w.Settings
	w.OverrideSettings(maps.Settings{Cost: "maximin", Levels: 2})
	if w.Settings.Cost != CostMaximin || w.Settings.LevelCount() != 2 {
		t.Fatalf("cost %v, levels %d: the overrides did not take", w.Settings.Cost, w.Settings.LevelCount())
	}
	after := w.Settings
	after.Cost, after.Levels = before.Cost, before.Levels
	before.ClusterSize, after.ClusterSize = before.Cluster(), after.Cluster() // 0 means the default
	if after != before {
		t.Fatalf("other switches moved: %+v, was %+v", w.Settings, before)
	}
	w.Begin()
	w.WaitOptimal()
	if w.Outcome.Status != pathing.Found || !w.Optimal.Known || w.Outcome.Cost > w.Optimal.Cost+1e-9 {
		t.Fatalf("maximin on pathological-minimum: %v, cost %v against the optimum %v (known %v); want the optimum", w.Outcome.Status, w.Outcome.Cost, w.Optimal.Cost, w.Optimal.Known)
	}
	w.OverrideSettings(maps.Settings{})
	if w.Settings.Cost != CostMaximin {
		t.Fatal("an empty override changed the settings")
	}
}

// The window's HPA* hierarchy is built without the path cache, which
// cmd/bench keeps by default; its size says so, so the panel's figures and
// bench's are not read as contradicting each other.
func TestHPASizeSaysNoPathCache(t *testing.T) {
	for _, c := range []struct {
		algo Algo
		kind string
	}{{AlgoHPA, "no path cache"}, {AlgoGroup, ""}} {
		w, err := Open(assets.Prefix + assets.DefaultName)
		if err != nil {
			t.Fatal(err)
		}
		w.Settings.Algo = c.algo
		w.Begin()
		w.Wait()
		h := w.Hierarchy()
		if h == nil {
			t.Fatalf("%v: no hierarchy", c.algo)
		}
		if got := h.Size().Kind; got != c.kind {
			t.Errorf("%v: Size().Kind %q, want %q", c.algo, got, c.kind)
		}
		w.Close()
	}
}

// A switch set on the command line that the algorithm or the scenario's
// regions do not read is said to change nothing, as a key press of it in
// the window says: -cluster 4 on pathological-minimum, whose regions make
// the groups, had no effect and no word.
func TestOverrideSaysWhatIsUnused(t *testing.T) {
	w := openBuiltin(t, "pathological-minimum")
	got := w.OverrideSettings(maps.Settings{Cluster: 4, Smooth: maps.Off, Cost: "maximin"})
	if len(got) != 2 || !strings.Contains(got[0], "cluster size 4: this scenario's regions make") ||
		!strings.Contains(got[1], "smoothing off: kept for HPA* (algorithm 4); the group hierarchy does not use it") {
		t.Errorf("notes %q: want the cluster size and smoothing said unused, the cost not", got)
	}
}

// -target, like the other group-planner switches, is said to change nothing
// under an algorithm that does not read it (it was the one left out).
func TestOverrideSaysTargetIsUnused(t *testing.T) {
	w := openBuiltin(t, "pathological-minimum")
	w.Settings.Algo = AlgoAStar
	got := w.OverrideSettings(maps.Settings{Target: maps.TargetNearest})
	if len(got) != 1 || !strings.Contains(got[0], "refine target nearest") || !strings.Contains(got[0], "kept for the group hierarchy (algorithm 5); A* does not use it") {
		t.Errorf("notes %q: want the refine target said unused by A*", got)
	}
	w.Settings.Algo = AlgoGroup
	if got := w.OverrideSettings(maps.Settings{Target: maps.TargetNearest}); len(got) != 0 {
		t.Errorf("the group planner reads the target, yet: %q", got)
	}
}
