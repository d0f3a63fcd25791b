package game

import (
	"image"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/render"
)

// From a teacher's report: under HPA*, hovering the scrubber at x=400 said
// "event 710 · phase 5 of 33" and a click there went to event 709 (550
// and 549 at x=300): the tip floored where the click rounded. At every
// column of the scrubber the click lands on the event the tip names.
func TestScrubberClickGoesWhereTheTipSays(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	g.w.SetAlgo(world.AlgoHPA)
	g.w.Wait()
	n := g.w.Timeline.Len()
	if n < 1000 {
		t.Fatalf("%d events: the test wants a long HPA* timeline", n)
	}
	var at image.Point
	pointAt(t, &at)
	bar := render.TimelineBarRect(g.lay)
	num := regexp.MustCompile(`^event ([0-9,]+)`)
	screen := ebiten.NewImage(1280, 800)
	for x := bar.Min.X; x <= bar.Max.X; x += 5 {
		at = image.Pt(x, bar.Min.Y+4)
		g.Update()              // reads the pointer; the button is up
		g.drawnAt = time.Time{} // draw this frame
		g.Draw(screen)
		m := num.FindStringSubmatch(g.r.TimelineTipText())
		if m == nil {
			t.Fatalf("x %d: tip %q names no event", x, g.r.TimelineTipText())
		}
		want, _ := strconv.Atoi(strings.ReplaceAll(m[1], ",", ""))
		g.scrubTo(x)
		if got := g.w.Timeline.Cursor(); got != want {
			t.Fatalf("x %d: the tip says event %d, the click goes to %d of %d", x, want, got, n)
		}
	}
}
