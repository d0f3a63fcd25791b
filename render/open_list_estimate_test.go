package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
)

// From a new-user trial: stepping the group hierarchy into "plan L1", the
// open list read "h 1.00" for a group about 18 cells from the goal while
// the switches said "heuristic  octile". The abstract search's estimate is
// the Chebyshev distance in clusters (zero over rooms): the open list's
// title now says what h is for the phase shown, at every panel width of
// 1280×800 and 1024×640 at 100 % and 150 %, and HPA*'s abstract levels
// (octile between node cells) say theirs.
func TestOpenListTitleSaysWhatHIs(t *testing.T) {
	for _, c := range []struct {
		name  string
		scen  string
		algo  world.Algo
		phase string
		want  string // "" : no h note (a cell search: the switches say it)
	}{
		{"groups world L1", assets.DefaultName, world.AlgoGroup, "plan L1", "h: cluster steps"},
		{"groups world L2", assets.DefaultName, world.AlgoGroup, "plan L2", "h: cluster steps"},
		{"groups rooms", "textbook-groups", world.AlgoGroup, "plan L1", "h: 0 over rooms"},
		{"hpa abstract", assets.DefaultName, world.AlgoHPA, "abstract L2", "h: octile"},
		{"groups cells", assets.DefaultName, world.AlgoGroup, "cells", ""},
		{"astar", assets.DefaultName, world.AlgoAStar, "", ""},
	} {
		w := openBuiltin(t, c.scen)
		if w.Settings.Algo != c.algo {
			w.SetAlgo(c.algo)
			w.Wait()
		}
		tl := &w.Timeline
		tr := tl.Trace()
		if tr == nil {
			t.Fatalf("%s: no trace", c.name)
		}
		if c.phase == "" {
			tl.Seek(tl.Len() / 2)
		} else {
			k := tl.FindPhase(c.phase)
			if k < 0 {
				t.Fatalf("%s: no phase %q", c.name, c.phase)
			}
			tl.Seek((tr.Phases[k].Start + tr.PhaseEnd(k) + 1) / 2)
		}
		for _, screen := range []int{1280, 1280 * 2 / 3, 1024, 1024 * 2 / 3} {
			pw := PanelWidthFor(screen)
			if pw == 0 {
				t.Fatalf("%d px: no panel", screen)
			}
			r := New()
			r.panelW = pw
			var drawn []string
			r.fonts.drawn = &drawn
			dst := ebiten.NewImage(pw, 400)
			r.drawOpenList(dst, &Frame{World: w}, 10, 10)
			dst.Deallocate()
			r.fonts.drawn = nil
			title := ""
			for _, s := range drawn {
				if strings.HasPrefix(s, "Open list") {
					title = s
				}
			}
			if title == "" {
				t.Fatalf("%s, panel %d px: no open list title in %q", c.name, pw, drawn)
			}
			if wd, max := r.fonts.Width(r.fonts.Bold, title), float64(pw-20); wd > max {
				t.Errorf("%s, panel %d px: title %q is %.0f px, the panel %.0f", c.name, pw, title, wd, max)
			}
			t.Logf("%s, panel %d px: %q", c.name, pw, title)
			switch {
			case c.want == "" && strings.Contains(title, "h:"):
				t.Errorf("%s, panel %d px: title %q names an h the switches already name", c.name, pw, title)
			case c.want != "" && !strings.Contains(title, c.want):
				t.Errorf("%s, panel %d px: title %q, want it to say %q", c.name, pw, title, c.want)
			}
		}
	}
}
