package game

import (
	"fmt"
	"strings"
	"testing"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/internal/cli"
	"pathlens/render"
)

// The least window the notes name for a UI scale is the least the layout
// takes: at 275 % Ctrl+= said "needs a window of at least 880×550" and at
// 300 % the too-small note "need at least 960×600", while 878×548 and
// 958×598 lay out whole (the screen's sides are the window's over the
// scale, rounded up). At every scale, the size named lays out, and one
// pixel less on either side does not.
func TestLeastWindowNamedIsTheLayouts(t *testing.T) {
	wd, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	wd.Begin()
	t.Cleanup(wd.Close)
	for s := cli.MinUIScale; s <= cli.MaxUIScale+1e-9; s += uiScaleStep {
		g, err := New(wd, Options{UIScale: s})
		if err != nil {
			t.Fatal(err)
		}
		g.Layout(100, 60) // too small at every scale
		var nw, nh int
		note := g.smallNote()
		i := strings.Index(note, "need at least ")
		if i < 0 {
			t.Fatalf("%v%%: note %q names no size", 100*s, note)
		}
		if _, err := fmt.Sscanf(note[i+len("need at least "):], "%d×%d", &nw, &nh); err != nil {
			t.Fatalf("%v%%: note %q: %v", 100*s, note, err)
		}
		lays := func(w, h int) bool {
			sw, sh := g.Layout(w, h)
			return sw >= render.MinScreenW && sh >= render.MinScreenH
		}
		if !lays(nw, nh) || lays(nw-1, nh) || lays(nw, nh-1) {
			t.Errorf("%v%%: the note names %d×%d; that lays out %v, a pixel narrower %v, a pixel lower %v",
				100*s, nw, nh, lays(nw, nh), lays(nw-1, nh), lays(nw, nh-1))
		}
	}
}
