package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
)

// From a user test: at 150 % on a 1024×640 window the open list's title
// on pathological-minimum read "Open list (cells · finished, 76 left ope",
// run off the window's edge: section titles were drawn whole whatever the
// panel's width. A title now takes the first of its shorter forms that
// fits the panel, and only when none does is it cut, with "…".
func TestPanelTitlesFitThePanel(t *testing.T) {
	w, err := world.Open(assets.Prefix + "pathological-minimum")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	w.Begin()
	w.Wait()
	w.Timeline.Seek(w.Timeline.Len())
	for _, c := range []struct {
		panel int
		open  string // the open list's title wanted ("": any that fits)
	}{
		{PanelWidth, "Open list (cells · finished, 76 left open)"},
		{266, "Open list (cells · finished, 76 left)"}, // 1024×640 at 150 %
		{230, "Open list (finished, 76 left)"},
		{150, ""},
	} {
		r := New()
		r.panelW = c.panel
		var drawn []string
		r.fonts.drawn = &drawn
		width := float64(c.panel - 20)
		dst := ebiten.NewImage(c.panel, 600)
		f := &Frame{World: w}
		y := r.drawNumbers(dst, f, 10, 10, width, false)
		y = r.drawOpenList(dst, f, 10, y+8)
		r.drawInspector(dst, f, 10, y, width)
		r.fonts.drawn = nil
		var titles []string
		for _, s := range drawn {
			for _, head := range []string{"Numbers", "Open list", "Inspector"} {
				if strings.HasPrefix(s, head) {
					titles = append(titles, s)
				}
			}
		}
		if len(titles) != 3 {
			t.Fatalf("panel %d px: titles %q, want the numbers', open list's and inspector's", c.panel, titles)
		}
		for _, s := range titles {
			if wd := r.fonts.Width(r.fonts.Bold, s); wd > width {
				t.Errorf("panel %d px: title %q is %.0f px, wider than the panel's %.0f", c.panel, s, wd, width)
			}
		}
		if c.open != "" && titles[1] != c.open {
			t.Errorf("panel %d px: open list's title %q, want %q", c.panel, titles[1], c.open)
		}
		if c.open == "" && !strings.HasSuffix(titles[1], "…") && !strings.HasSuffix(titles[1], ")") {
			t.Errorf("panel %d px: open list's title %q ends mid-word without …", c.panel, titles[1])
		}
	}
}
