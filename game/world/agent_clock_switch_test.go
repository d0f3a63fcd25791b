package world

import (
	"image"
	"testing"
)

// Shift+↑ sets the agents' clock to ×4; a switch of the neighbourhood makes
// the simulation again (remakeAgents) and the clock falls back to ×1 with
// no word: the panel's title loses its "×4" and the agents slow down.
func TestNeighbourhoodSwitchKeepsAgentClock(t *testing.T) {
	w, _ := mustWorld(t,
		"##############################",
		"#............................#",
		"##############################",
	)
	id, err := w.SpawnAgent(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	w.Agents().Select([]int{id}, false)
	if err := w.SendAgents(image.Pt(28, 1), false); err != nil {
		t.Fatal(err)
	}
	w.StepAgentClock(true)
	w.StepAgentClock(true)
	if got := w.Agents().ClockSpeed(); got != 4 {
		t.Fatalf("clock %v, want 4", got)
	}
	w.ToggleNeighborhood()
	if got := w.Agents().ClockSpeed(); got != 4 {
		t.Errorf("after a neighbourhood switch the agents' clock is ×%v, want ×4 kept", got)
	}
}
