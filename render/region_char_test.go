package render

import (
	"image"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/pathing"
)

// The group edge tooltip names its ends by the region letters drawn on the
// map (C→D in the textbook figure), which regionChar reads from the view
// level's layer; a cell in no region, or a map without layers, has none.
func TestRegionCharReadsTheViewLevelsLayer(t *testing.T) {
	w, err := world.Open(assets.Prefix + "textbook-groups")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if len(w.Regions) == 0 {
		t.Fatal("textbook-groups has no region layer")
	}
	f := &Frame{World: w, ViewLevel: 1}
	layer := w.Regions[0]
	seen := map[byte]bool{}
	for i, ch := range layer {
		p := w.Grid.Point(i)
		got := regionChar(f, p)
		want := ch
		if ch == '#' || ch == ' ' || ch == 0 {
			want = 0
		}
		if got != want {
			t.Fatalf("cell %v: %q, want %q", p, got, want)
		}
		seen[got] = true
	}
	if !seen['C'] || !seen['D'] {
		t.Errorf("regions C and D not found: %v", seen)
	}
	if c := regionChar(f, image.Pt(-1, 0)); c != 0 {
		t.Errorf("outside the map: %q", c)
	}
	plain, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	if c := regionChar(&Frame{World: plain, ViewLevel: 1}, image.Pt(1, 1)); c != 0 {
		t.Errorf("a map without region layers: %q", c)
	}
}

// The bottom bar's words for a smoothing line check.
func TestLineCheckText(t *testing.T) {
	w, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	cell := func(x, y int) int32 { return int32(w.Grid.Index(image.Pt(x, y))) }
	taken := pathing.Event{Kind: pathing.EventLine, Node: cell(3, 4), Parent: cell(9, 4), G: 6, H: 6.83}
	if got, want := lineCheckText(w, taken), "line (3,4)→(9,4) 6.00 ≤ path 6.83: a candidate"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	refused := pathing.Event{Kind: pathing.EventLine, Node: cell(3, 4), Parent: cell(9, 9), G: math.Inf(1), H: 7.41}
	if got, want := lineCheckText(w, refused), "line (3,4)→(9,9) blocked or dearer than path 7.41"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	cut := pathing.Event{Kind: pathing.EventShortcut, Node: cell(3, 4), Parent: cell(9, 4), G: 6, H: 6.83}
	if got, want := lineCheckText(w, cut), "line (3,4)→(9,4) 6.00 taken, replaces path 6.83"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	// A line as long as the stretch it replaces saves nothing: not said to
	// replace the path (user test: "shortcut … 112.73 replaces path
	// 112.73"). Neither is called a shortcut, the name of HPA*'s switch,
	// nor straight: smoothing's lines have a straight and a diagonal leg.
	same := pathing.Event{Kind: pathing.EventShortcut, Node: cell(3, 4), Parent: cell(9, 4), G: 112.73, H: 112.73}
	if got, want := lineCheckText(w, same), "line (3,4)→(9,4) 112.73 taken, as long as the stretch it replaces"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// With OverlaysLater, Draw leaves the message, help, gallery and question
// out, and DrawOverlays draws them: the window draws the agents between
// the two, so the overlays cover the agents and their panel (the panel
// was drawn over the unsaved-edits question).
func TestOverlaysLaterLeavesThemToDrawOverlays(t *testing.T) {
	w, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.Begin()
	r := New()
	l := ComputeLayout(1200, 760, true)
	var cam Camera
	cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
	screen := ebiten.NewImage(1200, 760)
	f := &Frame{World: w, Cam: &cam, Layout: l, ViewLevel: 1, Confirm: []string{"QUESTION-LINE"}}
	capture := func(draw func()) string {
		var s []string
		r.fonts.drawn = &s
		defer func() { r.fonts.drawn = nil }()
		draw()
		return strings.Join(s, " | ")
	}
	if got := capture(func() { r.Draw(screen, f) }); !strings.Contains(got, "QUESTION-LINE") {
		t.Fatalf("Draw without OverlaysLater left the question out:\n%s", got)
	}
	f.OverlaysLater = true
	if got := capture(func() { r.Draw(screen, f) }); strings.Contains(got, "QUESTION-LINE") {
		t.Errorf("Draw with OverlaysLater drew the question")
	}
	if got := capture(func() { r.DrawOverlays(screen, f) }); !strings.Contains(got, "QUESTION-LINE") {
		t.Errorf("DrawOverlays did not draw the question:\n%s", got)
	}
}

// A cell the recorded part of a cut trace never touched is "not in the
// recorded events", not "not reached": the search went on (a user read
// "not reached" on the goal of a path found on a 3000×3000 map).
func TestInspectorOnACutTrace(t *testing.T) {
	w, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.Begin()
	tr := &pathing.Trace{Truncated: true}
	tr.BeginPhase("A*", 0)
	tr.Add(pathing.Event{Kind: pathing.EventPop, Node: 0, Parent: -1})
	w.Timeline.Reset(tr, w.Grid.Len())
	w.Timeline.Seek(w.Timeline.Len())
	ci := w.Inspect(w.Goal)
	got := panelText(New(), w, &ci)
	if !strings.Contains(got, "not in the 1 recorded events") || !strings.Contains(got, "the trace was cut") || strings.Contains(got, "not reached") || strings.Contains(got, "never reached") {
		t.Errorf("inspector on a cut trace: %s", got)
	}
}

// A region letter goes into its cell's top-right corner only when the
// g / h / f numbers leave room for its chip beside them; otherwise above
// the cell's centre, as on cells without numbers.
func TestLabelSpotBesideTheNumbers(t *testing.T) {
	const lift, half = 26, 10
	cases := []struct {
		name       string
		z, corner  float32
		wantCorner bool
	}{
		{"no numbers", 136, 0, false},
		{"big cell beside the numbers", 136, 80, true},
		{"numbers fill the cell", 60, 50, false},
		{"just room", 104, 80, true},
		{"one pixel short", 103, 80, false},
	}
	for _, tc := range cases {
		x, y := labelSpot(500, 400, tc.z, lift, half, tc.corner)
		inCorner := x != 500
		if inCorner != tc.wantCorner {
			t.Errorf("%s: chip at (%v,%v), in the corner %v, want %v", tc.name, x, y, inCorner, tc.wantCorner)
			continue
		}
		if !inCorner {
			if y != 400-lift {
				t.Errorf("%s: chip centre y %v, want lifted to %v", tc.name, y, 400-lift)
			}
			continue
		}
		// Inside the cell, right of the numbers.
		left, right := 500-tc.z/2, 500+tc.z/2
		if x-half < left+tc.corner || x+half > right || y-10 < 400-tc.z/2 || y+10 > 400+tc.z/2 {
			t.Errorf("%s: chip [%v,%v]×[%v,%v] outside cell [%v,%v] or over the numbers (to %v)", tc.name, x-half, x+half, y-10, y+10, left, right, left+tc.corner)
		}
	}
}

// valuesWidth reaches past the widest g / h / f line the cell itself shows
// (costs of 100 or more are wider than a fixed "f 00.0", which let the
// letter's chip cover digits), and is 0 where the cell shows none.
func TestValuesWidthCoversTheCellsOwnNumbers(t *testing.T) {
	w, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.Begin()
	w.Wait()
	if w.Timeline.Len() == 0 {
		t.Fatal("the test needs a traced query")
	}
	r := New()
	f := &Frame{World: w, ViewLevel: 1, Layers: LayerSet(0).With(LayerValues, true)}
	face, _ := r.valueFace(136)
	seen, wide := 0, 0
	for i := 0; i < w.Grid.Len(); i++ {
		p := w.Grid.Point(i)
		st := w.Timeline.State(0, int32(i))
		got := r.valuesWidth(f, p, 136)
		if !st.Seen {
			if got != 0 {
				t.Fatalf("unseen cell %v: width %v, want 0", p, got)
			}
			continue
		}
		seen++
		if st.G+st.H >= 100 {
			wide++
		}
		lines, nl := valueLines(st, 136)
		for _, line := range lines[:nl] {
			if lw := r.fonts.Width(face, line); got < 2+lw {
				t.Fatalf("cell %v: width %v does not cover %q (%v px)", p, got, line, lw)
			}
		}
	}
	if seen == 0 || wide == 0 {
		t.Fatalf("%d cells seen, %d with f ≥ 100: the test needs both", seen, wide)
	}
	if got := r.valuesWidth(&Frame{World: w, ViewLevel: 1}, w.Start, 136); got != 0 {
		t.Errorf("values layer off: width %v, want 0", got)
	}
	if got := r.valuesWidth(f, w.Start, valuesMinZoom-1); got != 0 {
		t.Errorf("below %v px a cell: width %v, want 0", valuesMinZoom, got)
	}
}
