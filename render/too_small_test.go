package render

import (
	"image"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// From a new user's trial under Xvfb, with no window manager to keep the
// window to the app's 320×200 minimum: at 200×100 the message was drawn
// over the top bar and the scrubber over the status line. Under the size
// the layout takes, one note says so, and nothing else is drawn, nor left
// for a click to find (the legend's rows, the message's box). At that
// size the layout's parts are drawn apart.
func TestTooSmallWindowDrawsOneNote(t *testing.T) {
	w := builtinWorld(t, world.AlgoAStar)
	w.Note("the goal is walled in: no path")
	r := New()
	rows := make([]SwitchRow, panelSwitchRows)
	for i := range rows {
		rows[i] = SwitchRow{Label: "switch", Value: "value", Keys: "K"}
	}
	frame := func(sw, sh int) (*Frame, []string) {
		l := r.FitPanel(ComputeLayout(sw, sh, true), w)
		var cam Camera
		cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
		f := &Frame{World: w, Cam: &cam, Layout: l, Switches: rows, Layers: DefaultLayers, Legend: appLegend(DefaultLayers)}
		var drawn []string
		r.fonts.drawn = &drawn
		r.Draw(ebiten.NewImage(sw, sh), f)
		r.fonts.drawn = nil
		return f, drawn
	}
	for _, s := range [][2]int{{200, 100}, {319, 600}, {1280, 199}, {90, 40}} {
		// The frame at a size the layout fits first: its legend and
		// message are there for a stale click to find.
		frame(1280, 800)
		if r.MessageRect().Empty() || r.legendRect.Empty() {
			t.Fatalf("1280×800: message %v, legend %v: the test needs both drawn", r.MessageRect(), r.legendRect)
		}
		f, drawn := frame(s[0], s[1])
		want := TooSmallNote(s[0], s[1], MinScreenW, MinScreenH)
		if got := r.SmallNoteShown(); got != want {
			t.Errorf("%v: note %q, want %q", s, got, want)
		}
		if len(drawn) == 0 {
			t.Errorf("%v: nothing drawn", s)
		}
		for _, d := range drawn {
			if !strings.Contains(want, strings.TrimSuffix(d, "…")) {
				t.Errorf("%v: drew %q besides the note %q", s, d, want)
			}
		}
		if !r.MessageRect().Empty() {
			t.Errorf("%v: the message's box %v is left for clicks", s, r.MessageRect())
		}
		for x := 0; x < s[0]; x += 7 {
			for y := 0; y < s[1]; y += 7 {
				if _, _, in := r.LegendAt(x, y); in {
					t.Fatalf("%v: the legend takes a click at (%d,%d)", s, x, y)
				}
			}
		}
		r.DrawOverlays(ebiten.NewImage(s[0], s[1]), f) // nothing over the note either
		if !r.MessageRect().Empty() {
			t.Errorf("%v: DrawOverlays drew the message", s)
		}
	}

	// At the least size it takes, the layout is drawn, its parts apart:
	// the top bar, the map, the timeline bar's status line and scrubber,
	// and the message within the map.
	l := ComputeLayout(MinScreenW, MinScreenH, true)
	if l.TooSmall {
		t.Fatalf("%d×%d: too small", MinScreenW, MinScreenH)
	}
	f, drawn := frame(MinScreenW, MinScreenH)
	if r.SmallNoteShown() != "" {
		t.Errorf("%d×%d: the too-small note drawn", MinScreenW, MinScreenH)
	}
	if !strings.Contains(strings.Join(drawn, " | "), "paused") {
		t.Errorf("%d×%d: no status line drawn: %q", MinScreenW, MinScreenH, drawn)
	}
	l = f.Layout
	status := timelineStatusRect(l, math.Ceil(r.fonts.LineHeight(r.fonts.UI)))
	parts := []struct {
		name string
		rc   image.Rectangle
	}{{"top bar", l.Top}, {"map", l.Map}, {"status line", status}, {"scrubber", TimelineBarRect(l)}}
	for i, a := range parts {
		for _, b := range parts[i+1:] {
			if a.rc.Overlaps(b.rc) {
				t.Errorf("%d×%d: the %s %v overlaps the %s %v", MinScreenW, MinScreenH, a.name, a.rc, b.name, b.rc)
			}
		}
	}
	if m := r.MessageRect(); m.Empty() || !m.In(l.Map) {
		t.Errorf("%d×%d: the message's box %v, want it drawn within the map %v", MinScreenW, MinScreenH, m, l.Map)
	}
}
