package game

import (
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// Regression (a user on a 1024×768 projector at 175 %): the side panel was
// dropped for want of width with no word, and Tab logged the panel off and
// on while nothing changed. The drop is noted once, saying what would show
// the panel (Ctrl+- down to the scale that fits, or a wider window); Tab
// then says the same instead of toggling a panel that cannot show; and the
// top bar carries the answer meanwhile.
func TestTabSaysWhyThePanelDoesNotFit(t *testing.T) {
	g := hpaAtScale(t, 1.75)
	var log strings.Builder
	g.w.Log = world.NewEventLog(&log)
	var held heldKeys
	fakeKeys(t, &held)
	sw, sh := g.Layout(1024, 768)
	g.Update()
	if !g.lay.Panel.Empty() {
		t.Fatalf("1024×768 at 175%%: panel %v, the test needs it dropped", g.lay.Panel)
	}
	want := "Ctrl+- to 150% shows it (or a window 1190 px wide)"
	if !strings.Contains(g.w.Message, "no room for the side panel") || !strings.Contains(g.w.Message, want) {
		t.Errorf("panel dropped at start: message %q, want it to say so and %q", g.w.Message, want)
	}
	g.w.Note("something else")
	g.Update()
	if g.w.Message != "something else" {
		t.Errorf("the drop was noted again: %q", g.w.Message)
	}

	press(g, &held, -1, ebiten.KeyTab)
	if !g.panel {
		t.Errorf("Tab with no room for the panel hid it: it would not come back when there is room")
	}
	if !strings.Contains(g.w.Message, want) {
		t.Errorf("Tab with no room: message %q, want %q", g.w.Message, want)
	}
	if s := log.String(); strings.Contains(s, "name=panel on=on") || !strings.Contains(s, "overlay name=panel on=off why=no_room") {
		t.Errorf("Tab with no room: log\n%s", s)
	}

	// The top bar gives the answer, with its distance from optimal.
	g.drawnAt = time.Time{}
	g.Draw(ebiten.NewImage(sw, sh))
	if bar := g.r.TopBarShown(); !strings.Contains(bar, "cost 158.113") || !strings.Contains(bar, "%)") {
		t.Errorf("top bar with the panel dropped: %q, want the answer's cost and percentage", bar)
	}

	// Ctrl+- to 150 %: the panel shows, as the note said.
	press(g, &held, ebiten.KeyControl, ebiten.KeyMinus)
	g.Layout(1024, 768)
	g.Update()
	if g.uiScale != 1.5 || g.lay.Panel.Empty() {
		t.Errorf("Ctrl+-: scale %v, panel %v", g.uiScale, g.lay.Panel)
	}
	// Ctrl+= back to 175 % says the panel went, and why.
	press(g, &held, ebiten.KeyControl, ebiten.KeyEqual)
	if !strings.Contains(g.w.Message, "interface scale 175%") || !strings.Contains(g.w.Message, want) {
		t.Errorf("Ctrl+= to 175%%: message %q", g.w.Message)
	}
	// On a window wide enough, Tab hides and shows the panel as ever.
	g.setUIScale(1)
	g.Layout(1024, 768)
	g.Update()
	press(g, &held, -1, ebiten.KeyTab)
	if g.panel || !g.lay.Panel.Empty() {
		t.Errorf("Tab at 100%%: panel %v (%v)", g.panel, g.lay.Panel)
	}
	g.drawnAt = time.Time{}
	g.Draw(ebiten.NewImage(1024, 768))
	if bar := g.r.TopBarShown(); !strings.Contains(bar, "optimal 157.284") {
		t.Errorf("top bar with the panel hidden at 100%%: %q", bar)
	}
}
