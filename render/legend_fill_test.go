package render

import (
	"fmt"
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// stepLegend steps w's timeline one event at a time from event from for n
// events, drawing the legend in f after each step, and returns the corner
// the legend took at each (cornerOf), and how many frames it covered cells
// of the search's fill while a corner of its size covered none of the
// fill, start, goal or answer.
func stepLegend(r *Renderer, screen *ebiten.Image, f *Frame, from, n int) (corners []int, overFill int, why string) {
	w := f.World
	m := f.Layout.Map
	for i := from; i < from+n && i < w.Timeline.Len(); i++ {
		w.SeekTo(i)
		r.drawLegend(screen, f)
		box := r.LegendRect()
		corners = append(corners, cornerOf(box, m))
		mr := mapOnScreen(f).Intersect(m)
		if fillCellsUnder(f, box.Intersect(mr)) == 0 {
			continue
		}
		p := legendPad
		for _, c := range [4]image.Rectangle{
			image.Rect(m.Min.X+p, m.Max.Y-p-box.Dy(), m.Min.X+p+box.Dx(), m.Max.Y-p),
			image.Rect(m.Min.X+p, m.Min.Y+p, m.Min.X+p+box.Dx(), m.Min.Y+p+box.Dy()),
			image.Rect(m.Max.X-p-box.Dx(), m.Min.Y+p, m.Max.X-p, m.Min.Y+p+box.Dy()),
			image.Rect(m.Max.X-p-box.Dx(), m.Max.Y-p-box.Dy(), m.Max.X-p, m.Max.Y-p),
		} {
			if fillCellsUnder(f, c.Intersect(mr)) > 0 {
				continue
			}
			clear := true
			for _, q := range append([]image.Point{w.Start, w.Goal}, w.Outcome.Path...) {
				x, y := f.Cam.CellCenter(q)
				if image.Pt(int(x), int(y)).In(c.Inset(-6)) {
					clear = false
					break
				}
			}
			if clear {
				overFill++
				if why == "" {
					why = fmt.Sprintf("event %d: legend %v over the fill, corner %v free", i, box, c)
				}
				break
			}
		}
	}
	return corners, overFill, why
}

// A lecturer zoomed in on the search's frontier saw the legend sit over
// the very cells A* was filling (it kept off the path and the plans, not
// the fill). While a query is stepped the legend now keeps off the open /
// closed fill where another corner is free of it, and keeps its corner
// from step to step (moving only when the fill reaches it and another
// corner is free), so it does not jump about while she steps.
func TestLegendKeepsOffTheFillWhileStepping(t *testing.T) {
	const W, H = 1280, 800
	lay := ComputeLayout(W, H, true)
	screen := ebiten.NewImage(W, H)
	for _, algo := range []world.Algo{world.AlgoAStar, world.AlgoHPA} {
		w := builtinWorld(t, algo)
		r := New()
		for _, tc := range []struct {
			algo  world.Algo
			zoom  float64
			at    float64 // the event the view is centred on, as a fraction of the timeline
			first int     // the first event stepped from
			steps int
		}{
			// A* zoomed in on its frontier: the legend's old corner
			// (top-left) lay over the fill, with a corner free of it.
			{world.AlgoAStar, 16, 0.1, -1, 600},
			{world.AlgoAStar, 16, 0.3, -1, 600},
			{world.AlgoAStar, 24, 0.2, -1, 600},
			{world.AlgoAStar, 24, 0.4, -1, 600},
			{world.AlgoAStar, 12, 0.3, -1, 600},
			// HPA*'s whole timeline: its insertion and refinement
			// searches fill patches all over the view, and a legend
			// chasing the corner with the least fill moved 43 to 55
			// times.
			{world.AlgoHPA, 10, 0.8, 0, 1 << 20},
			{world.AlgoHPA, 16, 0.6, 0, 1 << 20},
			{world.AlgoHPA, 16, 0.8, 0, 1 << 20},
		} {
			if tc.algo != algo {
				continue
			}
			cam := &Camera{}
			cam.Fit(w.Grid.Width(), w.Grid.Height(), lay.Map)
			at := int(tc.at * float64(w.Timeline.Len()))
			w.SeekTo(at)
			cur, _ := w.Timeline.Current()
			q := image.Pt(int(cur.Node)%w.Grid.Width(), int(cur.Node)/w.Grid.Width())
			cam.Zoom = tc.zoom
			c := lay.Map.Min.Add(lay.Map.Size().Div(2))
			cam.OffX = float64(c.X) - (float64(q.X)+0.5)*tc.zoom
			cam.OffY = float64(c.Y) - (float64(q.Y)+0.5)*tc.zoom
			f := &Frame{World: w, Cam: cam, Layout: lay, Layers: DefaultLayers, Legend: appLegend(DefaultLayers)}
			r.legendRect = image.Rectangle{}
			from := tc.first
			if from < 0 {
				from = at
			}
			corners, over, why := stepLegend(r, screen, f, from, tc.steps)
			moves := 0
			for i := 1; i < len(corners); i++ {
				if corners[i] != corners[i-1] {
					moves++
				}
			}
			name := fmt.Sprintf("%v zoom %v about %v, events %d to %d", algo, tc.zoom, q, from, from+len(corners))
			if over > 0 {
				t.Errorf("%s: %d frames the legend covered the fill while a corner was free; first %s", name, over, why)
			}
			if moves > 3 {
				t.Errorf("%s: the legend moved %d times", name, moves)
			}
		}
	}
}
