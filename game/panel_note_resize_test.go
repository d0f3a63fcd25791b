package game

import (
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// From a new user's trial (xdotool windowsize, no window manager): shrunk
// to 330×210 and widened back to 1270×760, the window had its side panel
// back, and over the map the note "no room for the side panel at 100% in
// a 330 px wide window: a window 680 px wide shows it". A note about the
// window's size holds while it is true: reworded as the window changes,
// gone once the panel shows; with the scale's note before it, that lead
// stays.
func TestPanelNoteFollowsTheWindow(t *testing.T) {
	g := hpaAtScale(t, 1)
	frame := func(w, h int) {
		t.Helper()
		sw, sh := g.Layout(w, h)
		g.Update()
		g.drawnAt = time.Time{}
		g.Draw(ebiten.NewImage(sw, sh))
	}
	frame(1270, 760)
	if g.lay.Panel.Empty() {
		t.Fatal("1270×760: no panel")
	}
	frame(330, 210)
	if !strings.Contains(g.w.Message, "no room for the side panel") || !strings.Contains(g.w.Message, "330 px wide window") {
		t.Fatalf("330×210: message %q, want the panel's drop noted", g.w.Message)
	}
	frame(500, 400)
	if !strings.Contains(g.w.Message, "500 px wide window") || strings.Contains(g.w.Message, "330") {
		t.Errorf("widened to 500×400, the panel still out: message %q, want it worded for 500 px", g.w.Message)
	}
	frame(1270, 760)
	if g.lay.Panel.Empty() {
		t.Fatal("back at 1270×760: no panel")
	}
	if strings.Contains(g.w.Message, "no room") {
		t.Errorf("back at 1270×760 with the panel shown: message %q", g.w.Message)
	}
	if !g.r.MessageRect().Empty() {
		t.Errorf("back at 1270×760: a message box is drawn at %v", g.r.MessageRect())
	}

	// The scale's note with the drop after it: the lead stays when the
	// window widens.
	frame(1024, 768)
	g.setUIScale(1.75)
	frame(1024, 768)
	if !strings.Contains(g.w.Message, "interface scale 175%") || !strings.Contains(g.w.Message, "no room") {
		t.Fatalf("175%% on 1024×768: message %q", g.w.Message)
	}
	frame(1400, 900)
	if g.lay.Panel.Empty() {
		t.Fatal("175% on 1400×900: no panel")
	}
	if !strings.HasPrefix(g.w.Message, "interface scale 175%") || strings.Contains(g.w.Message, "no room") {
		t.Errorf("175%% on 1400×900 with the panel shown: message %q, want the scale's note alone", g.w.Message)
	}
}
