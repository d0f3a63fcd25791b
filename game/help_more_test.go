package game

import (
	"testing"

	"pathlens/render"
)

// A lecturer at 200 % (the 1264×720 window a 1280×800 screen gets, laid
// out 632×360) saw the help's "more below: ↓ or the wheel" under blank
// lines, as if the help had ended there: only whole lines show, and a
// section's title with its first row that did not fit left their room
// empty at the area's bottom. The line now sits right under the last line
// shown, at every scroll that leaves more below, and inside the window.
func TestHelpMoreLineFollowsTheLastLine(t *testing.T) {
	r := render.New()
	secs := helpSections()
	for _, size := range [][2]int{{632, 360}, {640, 400}, {732, 458}, {843, 480}, {800, 600}} {
		l := render.ComputeLayout(size[0], size[1], true)
		v := r.Help(l, secs)
		if v.MaxScroll == 0 {
			t.Fatalf("%v: the help does not scroll; the test wants a window it scrolls in", size)
		}
		worst, at := 0, 0
		for scroll := 0; scroll < v.MaxScroll; scroll++ {
			bottom := 0
			for _, sp := range v.Spans(scroll) {
				bottom = max(bottom, sp.Y+sp.H)
			}
			y := v.MoreY(scroll)
			if y < bottom {
				t.Fatalf("%v scrolled %d: the more line at %d over the last line shown, ending at %d", size, scroll, y, bottom)
			}
			if y+render.HelpLineH > l.Screen.Max.Y {
				t.Fatalf("%v scrolled %d: the more line at %d runs off the window (%d)", size, scroll, y, l.Screen.Max.Y)
			}
			if y-bottom > worst {
				worst, at = y-bottom, scroll
			}
		}
		if worst > 6 {
			t.Errorf("%v: scrolled %d, %d px blank between the last line shown and the more line", size, at, worst)
		}
	}
}
