package world

import (
	"image"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"pathlens/game/world/agents"
)

// A designer worked for hours with agents, switching the moves (the
// neighbourhood, which makes the simulation anew) now and then, and the
// memory grew: every step of the undo history that named an agent or a
// push kept the simulation it was made in alive (its agents, plans and
// logs), though undo and redo only need to tell whether that simulation
// is still the live one. After many such switches, with spawns, sends,
// removals and pushing fills between them, only the live simulation is
// left once the garbage collector has run; and undo and redo still work
// across them all.
func TestUndoHistoryLetsReplacedSimulationsGo(t *testing.T) {
	w, _ := openWorld(t, 40, 40, AlgoAStar)
	const rounds = 12
	var made, freed atomic.Int64
	seen := map[*agents.Sim]bool{}
	watch := func() {
		if s := w.Agents(); s != nil && !seen[s] {
			seen[s] = true
			made.Add(1)
			runtime.AddCleanup(s, func(*atomic.Int64) { freed.Add(1) }, &freed)
		}
	}
	for i := range rounds {
		y := 5 + i*2
		walker := sendAgent(t, w, image.Pt(10, y), image.Pt(35, y))
		watch()
		// A fill under the walker pushes it (a push step names the sim).
		w.BeginStrokeWith(image.Pt(10, y), Brush{Mode: PaintFill, Size: 1})
		w.EndStroke()
		id, err := w.SpawnAgent(image.Pt(30, y))
		if err != nil {
			t.Fatal(err)
		}
		w.Agents().ClearSelection()
		w.Agents().Select([]int{id}, false)
		if w.RemoveSelectedAgents() != 1 {
			t.Fatalf("round %d: the removal took nothing", i)
		}
		_ = walker
		w.ToggleNeighborhood() // a new simulation
		watch()
	}
	seen = nil
	steps := w.UndoSteps()
	live := w.Agents().Live()
	want := made.Load() - 1 // all but the live one
	deadline := time.Now().Add(5 * time.Second)
	for freed.Load() < want && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if got := freed.Load(); got < want {
		t.Errorf("%d simulations made, %d let go: %d replaced ones kept alive by a history of %d steps", made.Load(), got, want-got, steps)
	}
	// The history still undoes and redoes across the remakes.
	for w.CanUndo() {
		w.Undo()
	}
	if n := w.Agents().Live(); n != 0 {
		t.Errorf("everything undone: %d agents live, want 0", n)
	}
	for w.CanRedo() {
		w.Redo()
	}
	if n := w.Agents().Live(); n != live {
		t.Errorf("everything redone: %d agents live, want %d", n, live)
	}
}
