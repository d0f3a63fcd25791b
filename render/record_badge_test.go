package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// A lecturer pressing Shift+F12 saw the timeline cursor crawl for 27 s (a
// zoomed view with the g / h / f numbers) with "paused" in the bottom
// bar and no word that a recording was under way, nor how far it was.
// The window shows the recording's progress in a badge over the map.
func TestRecordingBadgeSaysSo(t *testing.T) {
	r := New()
	l := ComputeLayout(1264, 720, true)
	screen := ebiten.NewImage(1264, 720)
	var s []string
	r.fonts.drawn = &s
	r.DrawRecordingBadge(screen, l, "recording the timeline: frame 3 of 100 · Esc stops")
	r.DrawRecordingBadge(screen, l, "")
	r.fonts.drawn = nil
	if got := strings.Join(s, " | "); got != "recording the timeline: frame 3 of 100 · Esc stops" {
		t.Errorf("the badge drew %q", got)
	}
}
