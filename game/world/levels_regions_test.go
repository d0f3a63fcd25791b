package world

import (
	"strings"
	"testing"
)

// The engineer's finding: in the gallery case exclusion-shortcut (region
// layers for 2 levels, planned by the group hierarchy) Shift+[ was applied
// and left the query "not run (error)": "this scenario's regions are drawn
// for 2 levels … set 2 levels or more". cmd/bench refuses that request
// before running; the window refuses the switch: a note, nothing changed.
func TestLevelsDownRefusedBelowTheRegionLayers(t *testing.T) {
	w := openBuiltin(t, "exclusion-shortcut")
	w.Begin()
	w.Wait()
	if w.Settings.Algo != AlgoGroup || len(w.Regions) != 2 || w.Settings.LevelCount() != 2 {
		t.Fatalf("the case is no longer group, 2 region layers, 2 levels: %v, %d layers, %d levels", w.Settings.Algo, len(w.Regions), w.Settings.LevelCount())
	}
	if w.Outcome.Err != nil {
		t.Fatalf("the case does not plan: %v", w.Outcome.Err)
	}
	cost, gen := w.Outcome.Cost, w.Timeline.Generation()
	w.LevelsDown()
	w.Wait()
	if n := w.Settings.LevelCount(); n != 2 {
		t.Errorf("levels %d after Shift+[, want 2 kept", n)
	}
	if w.Outcome.Err != nil || w.Outcome.Cost != cost || w.Timeline.Generation() != gen {
		t.Errorf("the query changed: err %v, cost %v (was %v)", w.Outcome.Err, w.Outcome.Cost, cost)
	}
	if !strings.Contains(w.Message, "regions are drawn for 2 levels") || !strings.Contains(w.Message, "levels stay 2") {
		t.Errorf("message %q, want the refusal and why", w.Message)
	}
	// HPA* reads no regions: it takes one level.
	w.SetAlgo(AlgoHPA)
	w.Wait()
	w.LevelsDown()
	w.Wait()
	if n := w.Settings.LevelCount(); n != 1 {
		t.Errorf("HPA*: levels %d after Shift+[, want 1", n)
	}
}

// From a review: the refusal above also refused steps up, so the build's
// own way out of fewer levels than layers ("set 3 levels or more
// (Shift+] adds one)", reached under HPA* or from a file) was refused at
// every press.
func TestLevelsUpFromBelowTheRegionLayers(t *testing.T) {
	const src = `pathlens-scenario 1
set algo hpa
set levels 1
map inline
############
#..........#
#..........#
#..........#
#..........#
############
end
regions 1
############
#AABBCCDDEE#
#AABBCCDDEE#
#FFGGHHIIJJ#
#FFGGHHIIJJ#
############
end
regions 2
############
#AAAABBBBCC#
#AAAABBBBCC#
#DDDDEEEEFF#
#DDDDEEEEFF#
############
end
regions 3
############
#AAAAAAAABB#
#AAAAAAAABB#
#AAAAAAAABB#
#AAAAAAAABB#
############
end
query 1,1 10,4
`
	w := scenarioWorld(t, src, "three.pls")
	w.Begin()
	w.Wait()
	w.SetAlgo(AlgoGroup)
	w.Wait()
	w.LevelsUp()
	w.Wait()
	w.LevelsUp()
	w.Wait()
	if w.Settings.LevelCount() != 3 {
		t.Errorf("Shift+] twice from 1 level left %d levels; the build's fix says Shift+] adds one", w.Settings.LevelCount())
	}
}
