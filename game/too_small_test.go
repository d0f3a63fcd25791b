package game

import (
	"image"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/internal/cli"
	"pathlens/render"
)

// From a new user's trial under Xvfb (no window manager keeps the window to
// its 320×200 minimum): at 200×100 the parts were drawn over one another.
// The window shows one note instead, in the window's terms, and since no
// widget is drawn, none takes a click, a drag or the wheel where it would
// have been: the scrubber, the map (a query's start, a stroke), the legend,
// the panel.
func TestTooSmallWindowTakesNoClicks(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	var log strings.Builder
	g.w.Log = world.NewEventLog(&log)
	g.w.Wait()
	var (
		pt    image.Point
		btn   = map[ebiten.MouseButton]int{}
		wy    float64
		held  heldKeys
		frame = func(w, h int) {
			t.Helper()
			sw, sh := g.Layout(w, h)
			g.Update()
			g.drawnAt = time.Time{}
			g.Draw(ebiten.NewImage(sw, sh))
		}
	)
	fakeKeys(t, &held)
	cp, md, wh := cursorPosition, mouseDuration, wheel
	cursorPosition = func() (int, int) { return pt.X, pt.Y }
	mouseDuration = func(b ebiten.MouseButton) int { return btn[b] }
	wheel = func() (float64, float64) { return 0, wy }
	t.Cleanup(func() { cursorPosition, mouseDuration, wheel = cp, md, wh })

	for range 12 { // the resize's own "view" line logged (logView waits for the camera to settle)
		frame(200, 100)
	}
	want := "window too small: 200×100, need at least 320×200"
	if got := g.r.SmallNoteShown(); got != want {
		t.Fatalf("200×100: note %q, want %q", got, want)
	}
	cursor, start, goal, grid, zoom := g.w.Timeline.Cursor(), g.w.Start, g.w.Goal, g.w.GridVersion(), g.cam.Zoom
	before := log.Len()
	// Where the layout of a 200×100 screen puts the scrubber, the map and
	// the panel's place: press, drag and let go with each button, and turn
	// the wheel.
	l := render.ComputeLayout(200, 100, true)
	bar := render.TimelineBarRect(l)
	spots := []image.Point{{bar.Min.X + bar.Dx()/4, bar.Min.Y + bar.Dy()/2}, l.Map.Min.Add(l.Map.Size().Div(2)), {190, 10}, {20, 40}}
	for _, p := range spots {
		for _, b := range []ebiten.MouseButton{ebiten.MouseButtonLeft, ebiten.MouseButtonRight, ebiten.MouseButtonMiddle} {
			pt = p
			btn[b] = 1
			frame(200, 100)
			pt = p.Add(image.Pt(9, 5))
			btn[b] = 2
			frame(200, 100)
			btn[b] = 0
			frame(200, 100)
		}
		wy = 3
		frame(200, 100)
		wy = 0
	}
	if g.w.Timeline.Cursor() != cursor || g.w.Start != start || g.w.Goal != goal || g.w.GridVersion() != grid || g.cam.Zoom != zoom {
		t.Errorf("clicks on a 200×100 window acted: cursor %d (was %d), start %v goal %v (were %v %v), grid version %d (was %d), zoom %v (was %v)",
			g.w.Timeline.Cursor(), cursor, g.w.Start, g.w.Goal, start, goal, g.w.GridVersion(), grid, g.cam.Zoom, zoom)
	}
	if s := log.String()[before:]; s != "" {
		t.Errorf("clicks on a 200×100 window were logged:\n%s", s)
	}

	// Back to a window the layout fits: drawn again, and a click acts.
	frame(1280, 800)
	if g.r.SmallNoteShown() != "" {
		t.Errorf("1280×800: the too-small note still drawn")
	}
	bar = render.TimelineBarRect(g.lay)
	pt = image.Pt(bar.Min.X+bar.Dx()/4, bar.Min.Y+bar.Dy()/2)
	btn[ebiten.MouseButtonLeft] = 1
	frame(1280, 800)
	btn[ebiten.MouseButtonLeft] = 0
	frame(1280, 800)
	if g.w.Timeline.Cursor() == cursor {
		t.Errorf("1280×800: a click on the scrubber at %v left the cursor at %d: the test's clicks do nothing", pt, cursor)
	}

	// At a UI scale the note names it, and the key that makes it smaller.
	g.setUIScale(3)
	frame(800, 600)
	want = "window too small for 300%: 800×600, need at least 958×598 (Ctrl+-: smaller text, panel and bars)"
	if got := g.r.SmallNoteShown(); got != want {
		t.Errorf("800×600 at 300%%: note %q, want %q", got, want)
	}
}

// The app's smallest window at 100 % is the smallest screen the renderer
// lays out: a window the app allows never shows the too-small note.
func TestMinimumWindowIsTheLayoutsMinimum(t *testing.T) {
	if cli.MinWindowW != render.MinScreenW || cli.MinWindowH != render.MinScreenH {
		t.Errorf("the smallest window %d×%d, the smallest layout %d×%d", cli.MinWindowW, cli.MinWindowH, render.MinScreenW, render.MinScreenH)
	}
}
