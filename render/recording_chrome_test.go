package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// A teacher's GIF of the timeline said "paused … speed 200 ev/s" in every
// frame, and the top bar "click start, then goal …  tool: query": the
// recorder moves the cursor, and a slide shows the search, not the
// controls. A recording's frame leaves those out; an answer in the top
// bar (the panel hidden) still shows.
func TestRecordingFrameLeavesOutTheControls(t *testing.T) {
	w := builtinWorld(t, world.AlgoAStar)
	for _, p := range timelineParts(w, true) {
		if strings.Contains(p.text, "paused") || strings.Contains(p.text, "playing") || strings.Contains(p.text, "ev/s") {
			t.Errorf("recording status part %q: want no playback state or speed", p.text)
		}
	}
	if s := timelineStatus(w); !strings.HasPrefix(s, "paused") || !strings.Contains(s, "ev/s") {
		t.Errorf("status outside a recording: %q; want the state and the speed", s)
	}
	const hint = "click start, then goal"
	r := New()
	for _, rec := range []bool{false, true} {
		f := fittedFrame(w, 1)
		f.Caption, f.CaptionIsHint, f.Tool = hint, true, "query"
		f.Recording = rec
		r.Draw(ebiten.NewImage(1280, 800), f)
		got := r.TopBarShown()
		if shown := strings.Contains(got, "tool: query") && strings.Contains(got, hint); shown == rec {
			t.Errorf("recording %v: top bar %q", rec, got)
		}
	}
	// With the panel hidden the answer takes the hint's place, recorded too.
	f := fittedFrame(w, 1)
	f.Layout = ComputeLayout(1280, 800, false)
	f.Cam.Fit(w.Grid.Width(), w.Grid.Height(), f.Layout.Map)
	f.Caption, f.CaptionIsHint, f.Tool, f.Recording = hint, true, "query", true
	r.Draw(ebiten.NewImage(1280, 800), f)
	if got := r.TopBarShown(); !strings.Contains(got, "cost") || strings.Contains(got, "tool:") {
		t.Errorf("recording without the panel: top bar %q; want the answer and no tool", got)
	}
}
