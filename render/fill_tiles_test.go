package render

import (
	"fmt"
	"image"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/internal/cputime"
	"pathlens/maps"
	"pathlens/pathing"
)

// roomsGrid is a w×h world of 24-cell rooms with doors, its search algo
// a, with a query from near one corner to near the other.
func roomsGrid(tb testing.TB, w, h int, a world.Algo) *world.World {
	tb.Helper()
	g, err := pathing.NewGrid(w, h)
	if err != nil {
		tb.Fatal(err)
	}
	terrain := []byte(strings.Repeat(".", w*h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			door := x%24 >= 10 && x%24 < 14 || y%24 >= 10 && y%24 < 14
			if (x%24 == 0 || y%24 == 0) && !door {
				g.SetOpen(image.Pt(x, y), false)
				terrain[y*w+x] = '@'
			}
		}
	}
	wd := world.New(&maps.Map{Name: "rooms", Grid: g, Terrain: terrain})
	tb.Cleanup(wd.Close)
	wd.Settings.Algo = a
	wd.SetEndpoints(image.Pt(5, 5), image.Pt(w-5, h-5))
	wd.Wait()
	if wd.Timeline.Len() == 0 {
		tb.Fatal("the query recorded no events")
	}
	return wd
}

// wholeMapFill is the fill as drawFill made it before its tiles: every
// cell of the map read, from the timeline's last event of the cell.
func wholeMapFill(w *world.World) []byte {
	tl := &w.Timeline
	last := tl.Last(0)
	ev := tl.Trace().Events
	var open, closed [4]byte
	premul(open[:], ColOpen)
	premul(closed[:], ColClosed)
	pix := make([]byte, 4*w.Grid.Len())
	for i, e := range last {
		switch {
		case e < 0:
		case ev[e].Kind == pathing.EventPop:
			copy(pix[4*i:], closed[:])
		default:
			copy(pix[4*i:], open[:])
		}
	}
	return pix
}

// The fill's tiles show what the whole-map image showed, cell for cell,
// as the timeline's cursor moves by single events, by a few, across
// phases and from one end to the other, on maps whose sides are no
// multiple of a tile, for a search over the cells and one over levels.
func TestFillTilesMatchTheWholeMap(t *testing.T) {
	for _, c := range []struct {
		w, h int
		a    world.Algo
	}{{300, 200, world.AlgoAStar}, {300, 200, world.AlgoDijkstra}, {260, 390, world.AlgoHPA}} {
		t.Run(fmt.Sprintf("%dx%d-%v", c.w, c.h, c.a), func(t *testing.T) {
			w := roomsGrid(t, c.w, c.h, c.a)
			r := New()
			dst := ebiten.NewImage(200, 200)
			frame := &Frame{World: w, Cam: &Camera{Zoom: 0.5}}
			tl := &w.Timeline
			n := tl.Len()
			check := func(at string) {
				t.Helper()
				want := wholeMapFill(w)
				l := &r.fill
				for y := 0; y < c.h; y++ {
					for x := 0; x < c.w; x++ {
						i := 4 * (y*c.w + x)
						if got := l.pixel(x, y); string(got[:]) != string(want[i:i+4]) {
							t.Fatalf("%s (cursor %d of %d): cell (%d,%d) is %v in the tiles, %v in the whole map",
								at, tl.Cursor(), n, x, y, got, want[i:i+4])
						}
					}
				}
				for _, k := range l.used {
					if tp := l.pix[k]; tp.n == 0 || tp.img == nil {
						t.Fatalf("%s (cursor %d): tile %v kept with %d cells set (image %v)", at, tl.Cursor(), tp.r, tp.n, tp.img != nil)
					}
				}
				if len(l.used) != len(l.pix) {
					t.Fatalf("%s: %d tiles drawn, %d kept", at, len(l.used), len(l.pix))
				}
			}
			r.drawFill(dst, frame)
			check("the plan's arrival")
			for _, s := range []struct {
				name string
				to   int
			}{
				{"a step back", n - 1}, {"a step on", n}, {"37 back", n - 37}, {"half way", n / 2},
				{"one on", n/2 + 1}, {"200 on", n/2 + 201}, {"500 back", n/2 - 299}, {"the start", 0},
				{"one event", 1}, {"a third", n / 3}, {"the end", n}, {"a quarter", n / 4}, {"3 back", n/4 - 3},
			} {
				tl.Seek(s.to)
				r.drawFill(dst, frame)
				check(s.name)
			}
			// Stepped one event at a time over a stretch, every frame.
			for k := n / 2; k < n/2+300 && k <= n; k++ {
				tl.Seek(k)
				r.drawFill(dst, frame)
			}
			check("stepped by ones")
		})
	}
}

// On a 4096×4096 open map an A* query of a few hundred cells arrives: the
// fill has, and sends, the tiles its cells are in, not the map (the
// whole-map image sent 16.7 M cells, on a 7100×7100 map 50 M, 200 MB, in
// the frame the plan arrived); a step of the timeline sends a cell or
// two; going back to the start drops every tile.
func TestFillOfASparseSearchHasOnlyItsTiles(t *testing.T) {
	const n = 4096
	g, err := pathing.NewGrid(n, n)
	if err != nil {
		t.Fatal(err)
	}
	w := world.New(maps.NewMap("open", g))
	t.Cleanup(w.Close)
	w.Settings.Algo = world.AlgoAStar
	w.SetEndpoints(image.Pt(100, 100), image.Pt(400, 300))
	w.Wait()
	tl := &w.Timeline
	if tl.Len() == 0 || !tl.AtEnd() {
		t.Fatalf("the query: %d events, at the end %v", tl.Len(), tl.AtEnd())
	}
	tiles := map[int]bool{}
	for _, i := range tl.Touched(0) {
		x, y := int(i)%n, int(i)/n
		tiles[y/tintTile*(n/tintTile)+x/tintTile] = true
	}
	r := New()
	dst := ebiten.NewImage(200, 200)
	frame := &Frame{World: w, Cam: &Camera{Zoom: 200.0 / n}}
	l := &r.fill
	r.drawFill(dst, frame)
	const tile = tintTile * tintTile
	if len(l.used) != len(tiles) || l.made != len(tiles) || l.sent != len(tiles)*tile {
		t.Fatalf("the plan's arrival: %d tiles, %d made, %d cells sent; want the search's %d tiles, %d cells (it marked %d cells)",
			len(l.used), l.made, l.sent, len(tiles), len(tiles)*tile, len(tl.Touched(0)))
	}
	tl.Seek(tl.Len() - 1)
	r.drawFill(dst, frame)
	if l.made != 0 || l.sent > 2 {
		t.Errorf("a step back: %d tiles made, %d cells sent; want the step's cell", l.made, l.sent)
	}
	tl.Seek(0)
	r.drawFill(dst, frame)
	if len(l.used) != 0 || len(l.pix) != 0 || l.drawn() {
		t.Errorf("at the start: %d tiles drawn, %d kept; want none", len(l.used), len(l.pix))
	}
}

// BenchmarkFillPlanArrives is the window's work for the search fill in
// the frame an A* query across an open n×n map arrives (the cursor at its
// end): the tiles made and sent, then drawn fitted.
func BenchmarkFillPlanArrives(b *testing.B) {
	for _, n := range []int{512, 4096} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			w, dst, frame := fillBenchWorld(b, n)
			r := New()
			gen := uint64(0)
			b.ReportAllocs()
			c0, _ := cputime.Process()
			for b.Loop() {
				gen++
				r.fill.key = gen // as a new query's generation would
				r.drawFill(dst, frame)
			}
			c1, _ := cputime.Process()
			dst.Clear() // the GPU work of the draws done, as a frame would be
			b.ReportMetric(float64((c1-c0)/time.Microsecond)/1000/float64(b.N), "cpu-ms/op")
			cells := 0
			for _, e := range w.Timeline.Last(0) {
				if e >= 0 {
					cells++
				}
			}
			b.ReportMetric(float64(cells), "cells")
		})
	}
}

// BenchmarkFillStep is the search fill's work as the timeline plays on
// the same query: the cursor moved by one event (over and over through
// the middle of the trace), the fill brought up to it and drawn.
func BenchmarkFillStep(b *testing.B) {
	for _, n := range []int{512, 4096} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			w, dst, frame := fillBenchWorld(b, n)
			r := New()
			tl := &w.Timeline
			r.drawFill(dst, frame)
			lo, hi := tl.Len()/2, tl.Len()/2+1000
			tl.Seek(lo)
			r.drawFill(dst, frame)
			b.ReportAllocs()
			c0, _ := cputime.Process()
			for b.Loop() {
				c := tl.Cursor() + 1
				if c > hi {
					c = lo
				}
				tl.Seek(c)
				r.drawFill(dst, frame)
			}
			c1, _ := cputime.Process()
			dst.Clear()
			b.ReportMetric(float64((c1-c0)/time.Microsecond)/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// fillBenchWorld is an open n×n map with an A* query from (5, n/3) to
// (n-5, 2n/3): a search band across the map.
func fillBenchWorld(b *testing.B, n int) (*world.World, *ebiten.Image, *Frame) {
	g, err := pathing.NewGrid(n, n)
	if err != nil {
		b.Fatal(err)
	}
	w := world.New(maps.NewMap("open", g))
	b.Cleanup(w.Close)
	w.Settings.Algo = world.AlgoAStar
	w.SetEndpoints(image.Pt(5, n/3), image.Pt(n-5, 2*n/3))
	w.Wait()
	if w.Timeline.Len() < 1200 {
		b.Fatalf("the query: %d events", w.Timeline.Len())
	}
	l := ComputeLayout(1280, 800, true)
	cam := &Camera{}
	cam.Fit(n, n, l.Map)
	return w, ebiten.NewImage(l.Map.Dx(), l.Map.Dy()), &Frame{World: w, Cam: cam, Layout: l}
}
