package game

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/render"
)

// -nopanel starts with the side panel hidden, the map taking its room (a
// new user making a slide found no way to leave it out of a -shot or a
// -gif); Tab shows it again, as it hides it.
func TestNoPanelStartsWithoutThePanel(t *testing.T) {
	wd, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	wd.Begin()
	t.Cleanup(wd.Close)
	g, err := New(wd, Options{NoPanel: true})
	if err != nil {
		t.Fatal(err)
	}
	g.Layout(1280, 800)
	g.Update()
	if g.panel || !g.lay.Panel.Empty() {
		t.Fatalf("-nopanel: panel shown %v (area %v), want hidden", g.panel, g.lay.Panel)
	}
	if w := g.lay.Map.Dx(); w < 1200 {
		t.Errorf("-nopanel: the map is %d px wide in a 1280 px window, want the panel's room too", w)
	}
	held := &heldKeys{}
	fakeKeys(t, held)
	press(g, held, -1, ebiten.KeyTab)
	if !g.panel || render.PanelWidthFor(1280) == 0 {
		t.Errorf("Tab after -nopanel: panel %v, want it shown", g.panel)
	}
}
