package game

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/render"
)

// A teacher's report: the ghost of A*'s answer (grey path, dotted
// frontier) stayed through every HPA* phase after 1 then 4, and only a new
// query dropped it. Shift+O drops it, says so, logs it and redraws; O
// alone still toggles the optimal-path layer and keeps the ghost; the
// help names Shift+O (on the algorithms' row: the switches make ghosts).
func TestShiftODropsTheGhost(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	g.w.Wait()
	g.w.Log = world.NewEventLog(nil)
	var held heldKeys
	fakeKeys(t, &held)
	press(g, &held, -1, ebiten.Key4)
	g.w.Wait()
	if g.w.Ghost == nil {
		t.Fatal("4 after A*: no ghost")
	}
	if !strings.Contains(g.w.Message, world.DropGhostHint) {
		t.Errorf("the switch's note %q does not say how to drop the ghost", g.w.Message)
	}
	compare := g.layers.Has(render.LayerCompare)
	press(g, &held, -1, ebiten.KeyO)
	if g.w.Ghost == nil || g.layers.Has(render.LayerCompare) == compare {
		t.Fatalf("O: ghost %v, optimal layer %v (was %v); want the ghost kept and the layer toggled", g.w.Ghost != nil, g.layers.Has(render.LayerCompare), compare)
	}
	key := g.frameKey()
	press(g, &held, ebiten.KeyShift, ebiten.KeyO)
	if g.w.Ghost != nil {
		t.Fatal("Shift+O left the ghost")
	}
	if g.layers.Has(render.LayerCompare) == compare {
		t.Error("Shift+O toggled the optimal-path layer too")
	}
	if !strings.Contains(g.w.Message, "dropped") {
		t.Errorf("Shift+O: message %q", g.w.Message)
	}
	if g.frameKey() == key {
		t.Error("Shift+O left the frame key as it was: no redraw")
	}
	if log := strings.Join(logged(g), "\n"); !strings.Contains(log, "overlay name=ghost on=off") {
		t.Errorf("Shift+O: the log lacks the drop:\n%s", log)
	}
	found := false
	for _, sec := range helpSections() {
		for _, row := range sec.Rows {
			if strings.Contains(row[1], "Shift+O: drop the grey ghost") {
				found = true
			}
		}
	}
	if !found {
		t.Error("the help does not name Shift+O")
	}
}
