package render

import (
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
)

// From a usability test: zoomed in after a switch (A* → Dijkstra), the
// earlier search's frontier was drawn as whole cells, black and white in
// turn: the g / h / f numbers (near-black) vanished on the black ones, and
// at event 0 the line read as a dashed wall. From ghostDotsZoom it is
// small dots on the cell edges where that search stopped: no cell is
// filled, each cell's inside stays clear (the numbers are written there),
// and the dots are far smaller than a cell.
func TestGhostFrontierIsDotsOnTheEdgesNotFilledCells(t *testing.T) {
	m, err := maps.ReadASCII(strings.NewReader("......\n......\n#.....\n......\n"), "ghost")
	if err != nil {
		t.Fatal(err)
	}
	w := world.New(m)
	t.Cleanup(w.Close)
	// The fill: columns 0..2 (not the wall at (0,2)), stopped before
	// column 3.
	gh := &world.Ghost{Fill: make([]uint64, 1), Label: "A*"}
	for y := 0; y < 4; y++ {
		for x := 0; x <= 2; x++ {
			if x > 0 || y != 2 {
				gh.Fill[0] |= 1 << uint(y*6+x)
			}
		}
	}
	w.Ghost = gh
	for _, zoom := range []float64{ghostDotsZoom, 8, 20, 60, 136} {
		cam := &Camera{Zoom: zoom, OffX: 10, OffY: 10}
		r := New()
		r.drawGhost(ebiten.NewImage(int(6*zoom)+20, int(4*zoom)+20), &Frame{World: w, Cam: cam})
		if r.ghostFill.drawn() {
			t.Errorf("zoom %v: the frontier drawn as filled cells (the one-pixel-a-cell image)", zoom)
		}
		s := float64(ghostDotSide(zoom) + 2*ghostDotRim(zoom)) // with its rim
		if s > zoom*0.65 {
			t.Errorf("zoom %v: dot %.1f px wide, want well under a cell", zoom, s)
		}
		if len(r.ghostDots) == 0 {
			t.Fatalf("zoom %v: no dots", zoom)
		}
		perEdge := 0
		for _, d := range r.ghostDots {
			wx, wy := cam.ToWorld(float64(d[0]), float64(d[1]))
			// Every dot lies on the edge x = 3 (column 2 | column 3),
			// clear of every cell's inside.
			if math.Abs(wx-3) > 1e-6 || wy < 0 || wy > 4 {
				t.Errorf("zoom %v: dot at cell coordinates (%.2f, %.2f), want on the frontier x = 3", zoom, wx, wy)
			}
			if wy < 1 {
				perEdge++
			}
		}
		if want := 4 * perEdge; len(r.ghostDots) != want {
			t.Errorf("zoom %v: %d dots, want %d (%d on each of the 4 frontier edges)", zoom, len(r.ghostDots), want, perEdge)
		}
		// Dotted: gaps between the dots along the edge.
		if gap := zoom/float64(perEdge) - s; gap < 1 {
			t.Errorf("zoom %v: %d dots an edge of %v px leave %.1f px between them: a line, not dots", zoom, perEdge, zoom, gap)
		}
	}
	// Zoomed out, a dot would be wider than a cell: the cells are marked.
	r := New()
	r.drawGhost(ebiten.NewImage(40, 40), &Frame{World: w, Cam: &Camera{Zoom: 2}})
	if !r.ghostFill.drawn() || len(r.ghostDots) != 0 {
		t.Errorf("at 2 px a cell: cells marked %v, %d dots; want the cells marked", r.ghostFill.drawn(), len(r.ghostDots))
	}
}

// A teacher's report: after 1 then 4 on the built-in world the A* ghost's
// dotted frontier (where A*'s cell search stopped) was drawn over HPA*'s
// abstract L2 search, cluttering its nodes and edges. The frontier is of
// cells: it is drawn in the cell phases and at the end, not while the
// cursor is in a phase searching an abstract level (the grey path stays).
func TestGhostFrontierKeepsOffAbstractPhases(t *testing.T) {
	w := builtinWorld(t, world.AlgoAStar)
	w.SetAlgo(world.AlgoHPA)
	w.Wait()
	if w.Ghost == nil || w.Ghost.Fill == nil {
		t.Fatalf("A* then HPA*: no ghost with a fill")
	}
	l := ComputeLayout(1280, 800, true)
	cam := &Camera{}
	cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
	f := &Frame{World: w, Cam: cam, Layout: l, Layers: DefaultLayers, ViewLevel: 1}
	tl := &w.Timeline
	tr := tl.Trace()
	seen := map[bool]bool{}
	for k, ph := range tr.Phases {
		if tr.PhaseEnd(k) <= ph.Start+1 {
			continue
		}
		tl.Seek((ph.Start + tr.PhaseEnd(k) + 1) / 2)
		r := New()
		r.Draw(ebiten.NewImage(1280, 800), f)
		abstract := ph.Level > 0
		seen[abstract] = true
		if abstract && len(r.ghostDots) > 0 {
			t.Errorf("%s (level %d): %d ghost frontier dots over the abstract search", ph.Name, ph.Level, len(r.ghostDots))
		}
		if !abstract && len(r.ghostDots) == 0 {
			t.Errorf("%s (level %d): no ghost frontier dots over a cell phase", ph.Name, ph.Level)
		}
	}
	if !seen[true] || !seen[false] {
		t.Fatalf("phases seen: abstract %v, cells %v; want both", seen[true], seen[false])
	}
	tl.Seek(tl.Len())
	r := New()
	r.Draw(ebiten.NewImage(1280, 800), f)
	if len(r.ghostDots) == 0 {
		t.Error("at the end: no ghost frontier dots beside the answer")
	}
}
