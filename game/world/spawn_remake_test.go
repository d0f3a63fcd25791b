package world

import (
	"image"
	"testing"
)

// A reviewer's finding: a spawn step and a later removal step name the same agent.
// After a remake (the neighbourhood switch) between the removal and the
// undos, remapRemovals drops the agent from the spawn step (it is "on the
// map" by the spawn step's reckoning, but the removal took it: no new id),
// and the removal's undo brings it back under a new id the spawn step
// never learns. Undoing the spawn then takes nothing away: the agent stays
// although every step that put it there is undone.
func TestSpawnUndoAfterRemovalAndRemake(t *testing.T) {
	w, _ := mustWorld(t,
		"##############",
		"#............#",
		"#............#",
		"##############",
	)
	w.Replan()
	id, err := w.SpawnAgent(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	s := w.Agents()
	s.Select([]int{id}, false)
	if w.RemoveSelectedAgents() != 1 {
		t.Fatal("not removed")
	}
	w.ToggleNeighborhood() // a new simulation
	w.Undo()               // the removal: the agent is back (new id)
	if s = w.Agents(); s.Live() != 1 {
		t.Fatalf("undo of the removal: %d live, want 1", s.Live())
	}
	w.Undo() // the spawn: the agent goes
	if s.Live() != 0 {
		t.Errorf("undo of the spawn after removal+remake: %d live, want 0 (%q)", s.Live(), w.Message)
	}
	if w.CanUndo() {
		t.Errorf("more to undo")
	}
}
