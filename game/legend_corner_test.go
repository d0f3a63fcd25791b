package game

import (
	"fmt"
	"image"
	"math"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
)

// At 125 % on a 1280×800 screen the whole legend sat over the map's
// top-right corner, and at 100 % over its bottom-left one: a box over the
// map was allowed while it covered no more than an eighth of it, so a user
// looking at the map's corner lost it. Fitted (F, or as opened), the map
// keeps all four corners, and every cell, clear of the legend at every UI
// scale from 100 % to 200 % and window: the fit leaves a margin for the
// compact form (or the line of keys) where the whole legend has none.
func TestLegendKeepsTheFittedMapsCornersVisible(t *testing.T) {
	for _, name := range []string{assets.DefaultName, "exclusion-shortcut", "pathological-maximin", "textbook-groups"} {
		for _, algo := range []world.Algo{world.AlgoAStar, world.AlgoHPA} {
			wd, err := world.Open(assets.Prefix + name)
			if err != nil {
				t.Fatal(err)
			}
			wd.Settings.Algo = algo
			wd.Begin()
			wd.Wait()
			for _, scale := range []float64{1, 1.25, 1.5, 1.75, 2} {
				for _, win := range [][2]int{{1264, 720}, {1280, 800}, {1024, 768}, {1440, 900}} {
					g, err := New(wd, Options{UIScale: scale})
					if err != nil {
						t.Fatal(err)
					}
					lw, lh := g.Layout(win[0], win[1])
					g.lay = g.layout(lw, lh)
					g.fit()
					g.drawnAt = time.Time{}
					g.Draw(ebiten.NewImage(lw, lh))
					box := g.r.LegendRect()
					x0, y0 := g.cam.ToScreen(0, 0)
					x1, y1 := g.cam.ToScreen(float64(wd.Grid.Width()), float64(wd.Grid.Height()))
					m := image.Rect(int(math.Ceil(x0)), int(math.Ceil(y0)), int(math.Floor(x1)), int(math.Floor(y1)))
					where := fmt.Sprintf("%s, %v, %.0f%% on %dx%d", name, algo, 100*scale, win[0], win[1])
					if box.Empty() && !g.noLegend {
						t.Errorf("%s: no legend drawn", where)
					}
					if box.Overlaps(m) {
						t.Errorf("%s: the legend %v covers the fitted map %v (zoom %.2f)", where, box, m, g.cam.Zoom)
					}
				}
			}
			wd.Close()
		}
	}
}
