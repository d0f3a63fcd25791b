package render

import (
	"bytes"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/internal/cputime"
	"pathlens/maps"
)

// areaWorld returns a session on random512-10-0 (from PATHLENS_MAPS or
// ../shared/maps/movingai) under a cluster-8, three-level HPA* hierarchy,
// planned corner to corner.
func areaWorld(t testing.TB) *world.World {
	t.Helper()
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skip("no Moving AI maps: set PATHLENS_MAPS or put them in ../shared/maps/movingai")
	}
	data, err := os.ReadFile(filepath.Join(dir, "random512-10-0.map"))
	if err != nil {
		t.Skip(err)
	}
	m, err := maps.ReadMovingAI(bytes.NewReader(data), "random512-10-0")
	if err != nil {
		t.Fatal(err)
	}
	w := world.New(m)
	t.Cleanup(w.Close)
	w.Settings.Algo = world.AlgoHPA
	w.Settings.ClusterSize = 8
	w.Settings.Levels = 3
	a, _ := m.Grid.NearestOpen(image.Pt(3, 3), 20)
	z, _ := m.Grid.NearestOpen(image.Pt(508, 508), 20)
	w.SetEndpoints(a, z)
	w.Wait()
	if w.Hierarchy() == nil {
		t.Fatal("no hierarchy")
	}
	return w
}

// drawnShapes draws f with r and returns the nodes, entrance bars and
// edge lines drawn, in order.
func drawnShapes(r *Renderer, screen *ebiten.Image, f *Frame) []shape {
	var s []shape
	r.shapes = &s
	r.Draw(screen, f)
	r.shapes = nil
	return s
}

// A frame drawn from the part of a level listed around the view is the
// frame drawn from the whole level: the same nodes, entrance bars and edge
// lines at the same places, widths and colours, in the same order (so
// overlapping ones blend alike and the pixels are the same), with the same
// counts and notes and the same edge under the pointer: on a 512×512 map
// at zooms from the least that lists the level to close up, at levels 1 and
// 2, while the camera pans (the listing kept, then listed again), with a
// cell pinned, and after edits, where the whole level is listed afresh.
func TestAreaIndexDrawsLikeTheWholeLevel(t *testing.T) {
	w := areaWorld(t)
	whole, area := New(), New()
	whole.wholeLevels = true
	lay := ComputeLayout(1280, 800, true)
	sw, sh := 1280, 800
	sa, sb := ebiten.NewImage(sw, sh), ebiten.NewImage(sw, sh)
	layers := LayerSet(0).With(LayerBorders, true).With(LayerNodes, true).With(LayerEdges, true)
	cx, cy := float64(lay.Map.Min.X+lay.Map.Max.X)/2, float64(lay.Map.Min.Y+lay.Map.Max.Y)/2
	frames, relisted, shapes := 0, 0, 0
	var lastShapes []shape
	compare := func(when string, l int, zoom float64, at image.Point, pin bool) {
		t.Helper()
		cam := Camera{Zoom: zoom}
		cam.OffX, cam.OffY = cx-(float64(at.X)+0.5)*zoom, cy-(float64(at.Y)+0.5)*zoom
		f := &Frame{World: w, Cam: &cam, Layout: lay, ViewLevel: l, Layers: layers,
			Hover: at, HoverOK: true, MouseX: cx + 3, MouseY: cy + 2, MouseOK: true}
		if pin {
			f.Pinned, f.HasPinned = at.Add(image.Pt(5, -3)), true
		}
		what := fmt.Sprintf("%s, level %d, %g px a cell at %v, pinned %v", when, l, zoom, at, pin)
		world.DropLevelViews(w.Hierarchy()) // the whole level listed afresh, as a first zoom lists it
		key, listedArea := area.levelIx.key, area.levelIx.area
		pa, pb := drawnShapes(whole, sa, f), drawnShapes(area, sb, f)
		frames++
		if area.levelIx.key != key || area.levelIx.area != listedArea {
			relisted++
			if c := area.levelIx.area.Size(); zoom >= 7 && c.X*c.Y*4 > w.Grid.Len() {
				t.Fatalf("%s: %v listed, a quarter of the map or more", what, area.levelIx.area)
			}
		}
		if whole.nodesDrawn != area.nodesDrawn || whole.edgesDrawn != area.edgesDrawn || whole.barsDrawn != area.barsDrawn || !slices.Equal(whole.notes, area.notes) {
			t.Fatalf("%s: drawn %d nodes %d edges %d bars, notes %q; from the whole level %d %d %d, %q", what,
				area.nodesDrawn, area.edgesDrawn, area.barsDrawn, area.notes, whole.nodesDrawn, whole.edgesDrawn, whole.barsDrawn, whole.notes)
		}
		if !slices.Equal(pa, pb) {
			i := 0
			for i < min(len(pa), len(pb)) && pa[i] == pb[i] {
				i++
			}
			t.Fatalf("%s: %d shapes drawn, %d from the whole level; the first difference is shape %d", what, len(pb), len(pa), i)
		}
		shapes += len(pa)
		lastShapes = pb
		ea, oka := whole.hoverEdge(f)
		eb, okb := area.hoverEdge(f)
		if oka != okb || oka && *ea != *eb {
			t.Fatalf("%s: the edge under the pointer is %v (%v), from the whole level %v (%v)", what, eb, okb, ea, oka)
		}
	}
	drawnSome := false
	for _, l := range []int{1, 2} {
		for _, zoom := range []float64{16, 7, 3, 1.6} {
			for _, at := range []image.Point{{256, 256}, {262, 251}, {300, 240}, {40, 470}, {505, 3}} {
				compare("built", l, zoom, at, false)
				drawnSome = drawnSome || area.edgesDrawn > 0 && area.barsDrawn > 0
			}
		}
		compare("built", l, 16, image.Pt(200, 210), true)
	}
	changed := 0
	compare("before the edits", 1, 16, image.Pt(260, 252), false)
	t.Logf("%d frames, %d shapes compared; the part listed changed %d times", frames, shapes, relisted)
	if !drawnSome {
		t.Fatal("no frame drew edges and entrance bars: the test compares nothing")
	}
	if relisted < 4 || relisted == frames {
		t.Errorf("the part listed changed %d times in %d frames: want the panning frames to keep it, the far moves to list again", relisted, frames)
	}
	// Edits in view: walls across entrances, and a dug area.
	for i := range 6 {
		p := image.Pt(256+i*3, 248)
		w.BeginStroke(p, 0)
		w.StrokeTo(p.Add(image.Pt(0, 9)))
		w.EndStroke()
		w.Wait()
		before := lastShapes
		compare(fmt.Sprintf("edit %d", i), 1, 16, image.Pt(260, 252), false)
		if !slices.Equal(before, lastShapes) {
			changed++
		}
		compare(fmt.Sprintf("edit %d", i), 2, 7, image.Pt(262, 251), i%2 == 0)
		compare(fmt.Sprintf("edit %d", i), 1, 16, image.Pt(260, 252), false) // the frame the next edit changes
	}
	t.Logf("%d of 6 edits changed what level 1 draws in view", changed)
	if changed == 0 {
		t.Fatal("no edit changed what level 1 draws in view: the test cannot tell a stale listing")
	}
}

// BenchmarkPan512 pans across random512-10-0 (cluster-8, three-level HPA*)
// at 6 px a cell, 4 cells a frame for 100 frames, from a fresh index, as a
// drag does with the nodes and edges layers on: the index's work per pan
// (listing included), for the whole level listed once at the first frame
// ("whole", as before world.InspectArea) and for the part around the view,
// listed again as the view leaves it ("area"). worst-ms is the slowest
// frame's index of the pan (wall time).
func BenchmarkPan512(b *testing.B) {
	w := areaWorld(b)
	h := w.Hierarchy()
	for _, whole := range []bool{true, false} {
		name := "area"
		if whole {
			name = "whole"
		}
		b.Run(name, func(b *testing.B) {
			r := New()
			r.wholeLevels = whole
			var worst time.Duration
			var cpu time.Duration
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				world.DropLevelViews(h)
				r.levelIx = levelIndex{}
				c0, _ := cputime.Process()
				for k := range 100 {
					cam := Camera{Zoom: 6}
					cam.OffX, cam.OffY = 640-float64(60+4*k)*6, 400-float64(60+3*k)*6
					f := &Frame{World: w, ViewLevel: 1, Cam: &cam}
					need := cam.Visible(w.Grid.Width(), w.Grid.Height(), image.Rect(0, 0, 1280, 800)).Inset(-1).Intersect(w.Grid.Bounds())
					t0 := time.Now()
					r.index(f, h, 1, need)
					worst = max(worst, time.Since(t0))
				}
				c1, _ := cputime.Process()
				cpu += c1 - c0
			}
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
		})
	}
}
