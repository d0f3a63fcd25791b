package game

import (
	"image"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pathlens/assets"
	"pathlens/game/world"
)

// centreCell is the cell in the middle of g's map area.
func centreCell(g *Game) image.Point {
	m := g.lay.Map
	return g.cam.CellAt(float64(m.Min.X+m.Max.X)/2, float64(m.Min.Y+m.Max.Y)/2)
}

// openAt opens path in a w×h window with opts, laid out and updated once
// (the first frame places the view).
func openAt(t *testing.T, path string, opts Options) *Game {
	t.Helper()
	w := mustOpen(t, path)
	t.Cleanup(w.Close)
	w.Begin()
	w.Wait()
	g, err := New(w, opts)
	if err != nil {
		t.Fatal(err)
	}
	g.Layout(1280, 800)
	g.Update()
	g.Update() // a route framed once its answer is in, and the step after it
	return g
}

// A level designer zoomed in on a bad case, pinned a cell, chose the level
// and saved; the engineer who opened the file saw the whole map fitted and
// had to find the spot again. Ctrl+S writes the view; the window opens the
// file there (New, and Ctrl+O's install), unless a flag says otherwise.
func TestSavedViewReopensInTheWindow(t *testing.T) {
	wd, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(wd.Close)
	wd.Settings.Algo = world.AlgoHPA
	wd.Begin()
	wd.Wait()
	g := drawnOn(t, wd, 1280, 800)
	g.Update()
	m := g.lay.Map
	g.cam.ZoomAt(float64(m.Min.X+m.Max.X)/2+90, float64(m.Min.Y+m.Max.Y)/2-40, 2.5) // the wheel, off centre
	g.autoFit = false
	g.viewMoved()
	g.viewLevel = 2
	pin := wd.Start.Add(image.Pt(1, 0))
	if !wd.Grid.Open(pin) {
		t.Fatalf("the test wants an open cell at %v", pin)
	}
	g.pinned, g.hasPinned = pin, true
	g.Update()
	zoom, centre := g.cam.Zoom, centreCell(g)
	if wd.Dirty() {
		t.Error("zooming, pinning and a level count as unsaved work")
	}
	path := filepath.Join(t.TempDir(), "view.pls")
	if err := wd.Save(path); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	for _, l := range []string{"set zoom ", "set center ", "set level 2", "set pin "} {
		if !strings.Contains(string(b), "\n"+l) {
			t.Errorf("no %q line in\n%s", l, b)
		}
	}
	same := func(h *Game, how string) {
		t.Helper()
		if math.Abs(h.cam.Zoom-zoom) > zoom*1e-5 {
			t.Errorf("%s: zoom %.4f, want %.4f", how, h.cam.Zoom, zoom)
		}
		if c := centreCell(h); c != centre {
			t.Errorf("%s: cell %v in the middle, want %v", how, c, centre)
		}
		if l := h.shownLevel(); l != 2 {
			t.Errorf("%s: view level %d, want 2", how, l)
		}
		if !h.hasPinned || h.pinned != pin {
			t.Errorf("%s: pinned %v %v, want %v", how, h.hasPinned, h.pinned, pin)
		}
	}
	h := openAt(t, path, Options{})
	same(h, "opened")
	// A save right away writes the same view.
	if err := h.w.Save(path); err != nil {
		t.Fatal(err)
	}
	if b2, _ := os.ReadFile(path); string(b2) != string(b) {
		t.Errorf("saved again unmoved:\n%s\nwas\n%s", b2, b)
	}
	// Ctrl+O of the file from another session.
	g.install(mustOpen(t, path))
	g.w.Wait()
	g.Update()
	g.Update()
	same(g, "Ctrl+O")
	// The flags say otherwise.
	other := image.Pt(3, 3)
	f := openAt(t, path, Options{Zoom: 4, ZoomSet: true, Center: image.Pt(20, 20), ViewLevel: 1, Pin: other, HasPin: true})
	if f.cam.Zoom != 4 || centreCell(f) != image.Pt(20, 20) || f.shownLevel() != 1 || f.pinned != other {
		t.Errorf("flags over the file's view: zoom %v about %v, level %d, pin %v", f.cam.Zoom, centreCell(f), f.shownLevel(), f.pinned)
	}
	// -cursor N opens another step, in the file's view: a step is framed
	// only where no view was saved.
	if c := openAt(t, path, Options{Cursor: "5"}); math.Abs(c.cam.Zoom-zoom) > zoom*1e-5 || centreCell(c) != centre || c.w.Timeline.Cursor() != 5 {
		t.Errorf("-cursor 5: zoom %.4f about %v at event %d, want the file's %.4f about %v at 5", c.cam.Zoom, centreCell(c), c.w.Timeline.Cursor(), zoom, centre)
	}
	if f := openAt(t, path, Options{ZoomSet: true}); f.cam.Zoom != f.cam.FitZoom() {
		t.Errorf("-zoom 0 over the file's zoom: %v, want the fitted %v", f.cam.Zoom, f.cam.FitZoom())
	}
}

// An engineer opened a case at its bad step (the file's cursor, or -cursor
// N) and saw the whole query: the expanded node was a dot among thousands.
// With no view saved, the step is framed (its cells readable, the node
// being expanded on screen); a fraction or a phase still shows the query.
func TestOpenedStepIsFramed(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	tl := &g.w.Timeline
	at := tl.Len() * 2 / 3
	tl.Seek(at)
	e, _ := tl.Current()
	node, _ := g.w.NodeCell(int(e.Level), e.Node)
	path := filepath.Join(t.TempDir(), "step.pls")
	if err := g.w.Save(path); err != nil { // the window never drew: no view is written
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); strings.Contains(string(b), "set zoom") || !strings.Contains(string(b), "set cursor") {
		t.Fatalf("want a cursor and no view in\n%s", b)
	}
	framed := func(h *Game, how string) {
		t.Helper()
		if h.w.Timeline.Cursor() != at {
			t.Fatalf("%s: cursor %d, want %d", how, h.w.Timeline.Cursor(), at)
		}
		x, y := h.cam.CellCenter(node)
		if !image.Pt(int(x), int(y)).In(h.lay.Map.Inset(frameEdgePx)) || h.cam.Zoom < frameReadablePx {
			t.Errorf("%s: the step's cell %v at (%.0f,%.0f) in %v, %.1f px a cell: want it on screen, readable", how, node, x, y, h.lay.Map, h.cam.Zoom)
		}
	}
	framed(openAt(t, path, Options{}), "the file's cursor")
	framed(openAt(t, assets.Prefix+assets.DefaultName, Options{Cursor: strconv.Itoa(at)}), "-cursor N")
	if h := openAt(t, assets.Prefix+assets.DefaultName, Options{Cursor: "0.5"}); h.cam.Zoom >= frameReadablePx {
		t.Errorf("-cursor 0.5 zoomed to %.1f px a cell: a fraction shows the query", h.cam.Zoom)
	}
	if h := openAt(t, path, Options{ZoomSet: true}); h.cam.Zoom != h.cam.FitZoom() {
		t.Errorf("-zoom 0: %.1f px a cell, want the map fitted", h.cam.Zoom)
	}
}
