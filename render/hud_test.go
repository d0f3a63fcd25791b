package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/pathing"
	"time"
)

// builtinGallery returns the gallery entries of the built-in scenarios,
// with their about lines as the app reads them.
func builtinGallery(t *testing.T) []GalleryItem {
	t.Helper()
	var items []GalleryItem
	for _, n := range assets.Names() {
		b, ok := assets.File(n)
		if !ok {
			t.Fatalf("built-in %q has no file", n)
		}
		var about []string
		for _, l := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(strings.TrimSpace(l), "about "); ok {
				about = append(about, rest)
			}
		}
		items = append(items, GalleryItem{Name: n, About: strings.Join(about, " ")})
	}
	return items
}

// Regression: the gallery cut every about text to two lines, so the
// exclusion-shortcut entry lost the sentence that says what to press.
// Each entry is now as tall as its whole wrapped text, and on a window
// big enough every entry shows, inside the box, without overlapping.
func TestGalleryShowsWholeAboutText(t *testing.T) {
	r := New()
	items := builtinGallery(t)
	for _, size := range [][2]int{{1280, 800}, {800, 600}, {1600, 1000}} {
		l := ComputeLayout(size[0], size[1], true)
		v := r.Gallery(l, items, 0)
		if v.More {
			t.Errorf("%dx%d: the gallery scrolls, want every entry shown", size[0], size[1])
		}
		if !v.Box.In(l.Screen) {
			t.Errorf("%dx%d: box %v outside the screen", size[0], size[1], v.Box)
		}
		for i, row := range v.Rows {
			if row.Empty() {
				t.Errorf("%dx%d: entry %q not shown", size[0], size[1], items[i].Name)
				continue
			}
			if !row.In(v.Box) {
				t.Errorf("%dx%d: entry %q at %v outside the box %v", size[0], size[1], items[i].Name, row, v.Box)
			}
			if i > 0 && row.Overlaps(v.Rows[i-1]) {
				t.Errorf("%dx%d: entries %d and %d overlap", size[0], size[1], i-1, i)
			}
			got := strings.Join(v.Lines[i], " ")
			if got != items[i].About {
				t.Errorf("%dx%d: entry %q shows %q, want the whole text %q", size[0], size[1], items[i].Name, got, items[i].About)
			}
			if need := galleryName + len(v.Lines[i])*galleryLineH; row.Dy() < need {
				t.Errorf("%dx%d: entry %q is %d px tall, its %d lines need %d", size[0], size[1], items[i].Name, row.Dy(), len(v.Lines[i]), need)
			}
			width := float64(row.Dx() - 36)
			for _, line := range v.Lines[i] {
				if w := r.fonts.Width(r.fonts.UI, line); w > width {
					t.Errorf("%dx%d: line %q is %.0f px wide, the entry has %.0f", size[0], size[1], line, w, width)
				}
			}
		}
	}
}

// On a window too short for even the entries' names, the gallery scrolls
// so that the selected entry (moved with the arrow keys) is always shown,
// and a line under the list says how many entries are out of view, and
// which way.
func TestGalleryScrollsToTheSelection(t *testing.T) {
	r := New()
	items := builtinGallery(t)
	l := ComputeLayout(800, 200, true)
	for sel := range items {
		v := r.Gallery(l, items, sel)
		if !v.More {
			t.Fatalf("selection %d: a 200 px window shows every entry; the test needs a list that scrolls", sel)
		}
		if v.Rows[sel].Empty() || !v.Rows[sel].In(v.Box) {
			t.Errorf("selection %d (%q) not shown: %v in box %v", sel, items[sel].Name, v.Rows[sel], v.Box)
		}
		shown := 0
		for _, row := range v.Rows {
			if !row.Empty() {
				shown++
				if row.Overlaps(v.Hint) {
					t.Errorf("selection %d: entry %v under the hint line %v", sel, row, v.Hint)
				}
			}
		}
		if v.Above+v.Below+shown != len(items) || !v.Hint.In(v.Box) {
			t.Errorf("selection %d: %d shown, %d above, %d below, of %d; hint at %v in %v", sel, shown, v.Above, v.Below, len(items), v.Hint, v.Box)
		}
		if hint := galleryHint(v); v.Below > 0 && !strings.Contains(hint, fmt.Sprintf("↓ %d more below", v.Below)) ||
			v.Above > 0 && !strings.Contains(hint, fmt.Sprintf("↑ %d more above", v.Above)) {
			t.Errorf("selection %d: hint %q for %d above, %d below", sel, hint, v.Above, v.Below)
		}
	}
	// A click can only land on a shown entry.
	v := r.Gallery(l, items, len(items)-1)
	if !v.Rows[0].Empty() && v.Rows[0].Overlaps(v.Rows[len(items)-1]) {
		t.Errorf("first and last entries overlap: %v %v", v.Rows[0], v.Rows[len(items)-1])
	}
}

// Regression (a user at 175 % on 1280×800, s45): the gallery showed four
// of its five cases whole, then blank space, and the fifth appeared only
// once the arrow keys had scrolled to it, with no word that it was there.
// Where the box does not hold every entry whole, the selected entry shows
// whole and the others give up the end of their text (cut with "…"), so
// every case is shown, none cut mid-line.
func TestGalleryShowsEveryCaseAtProjectorScale(t *testing.T) {
	r := New()
	items := builtinGallery(t)
	for _, size := range [][2]int{{732, 458}, {854, 534}, {586, 439}, {640, 360}} {
		l := ComputeLayout(size[0], size[1], true)
		for sel := range items {
			v := r.Gallery(l, items, sel)
			if v.More {
				t.Errorf("%v, selection %d: entries scrolled out (%d above, %d below)", size, sel, v.Above, v.Below)
			}
			cut := false
			for i, row := range v.Rows {
				if row.Empty() || !row.In(v.Box) {
					t.Errorf("%v, selection %d: entry %q at %v, box %v", size, sel, items[i].Name, row, v.Box)
					continue
				}
				if i > 0 && row.Overlaps(v.Rows[i-1]) {
					t.Errorf("%v: entries %d and %d overlap", size, i-1, i)
				}
				if need := galleryName + len(v.Lines[i])*galleryLineH; row.Dy() < need {
					t.Errorf("%v: entry %q is %d px tall, its %d lines need %d", size, items[i].Name, row.Dy(), len(v.Lines[i]), need)
				}
				got := strings.Join(v.Lines[i], " ")
				switch {
				case i == sel && got != items[i].About:
					t.Errorf("%v: the selected entry %q shows %q, want its whole text", size, items[i].Name, got)
				case v.Cut[i]:
					cut = true
					// (at its end, or where the text before its instruction
					// gives way: TestGalleryCutKeepsTheInstruction)
					if n := len(v.Lines[i]); n > 0 && !strings.Contains(strings.Join(v.Lines[i], " "), "…") {
						t.Errorf("%v: entry %q is cut without an ellipsis: %q", size, items[i].Name, v.Lines[i])
					}
				case got != items[i].About:
					t.Errorf("%v: entry %q shows %q, not cut, not whole", size, items[i].Name, got)
				}
			}
			if size == [2]int{732, 458} && !cut {
				t.Errorf("%v: nothing cut: the test wants a box too short for every entry whole", size)
			}
			// No blank band under the list while a cut entry could use it.
			if last := v.Rows[len(items)-1]; cut && v.Box.Max.Y-8-last.Max.Y >= galleryLineH+galleryGap {
				t.Errorf("%v, selection %d: %d px left blank under the list while entries are cut", size, sel, v.Box.Max.Y-8-last.Max.Y)
			}
		}
	}
}

// Regression (a user test, s04): the selected gallery entry and the one
// under the pointer were lit alike, so two rows were highlighted at once and
// one could not tell which Enter opens. Only the selection is filled; the
// row under the pointer (what a click opens) is only outlined.
func TestGalleryLightsOnlyTheSelection(t *testing.T) {
	r := New()
	w := builtinWorld(t, world.AlgoAStar)
	items := builtinGallery(t)
	l := ComputeLayout(1280, 800, true)
	v := r.Gallery(l, items, 0)
	for i := range items {
		p := v.Rows[i].Min.Add(image.Pt(60, 8))
		f := &Frame{World: w, Layout: l, ShowGallery: true, Gallery: items, GallerySel: 0, MouseX: float64(p.X), MouseY: float64(p.Y), MouseOK: true}
		r.drawGallery(ebiten.NewImage(1280, 800), f)
		if !slices.Equal(r.galleryLit, []int{0}) {
			t.Errorf("pointer on entry %d, entry 0 selected: entries %v lit", i, r.galleryLit)
		}
		want := []int{i}
		if i == 0 {
			want = nil
		}
		if !slices.Equal(r.galleryOutlined, want) {
			t.Errorf("pointer on entry %d: entries %v outlined, want %v", i, r.galleryOutlined, want)
		}
	}
}

// Regression: on an 800-px window the top bar cut the phase to "phase:
// finish…" while it spent its room on the map's size. The phase is what
// the bar must always name: the size, the phase count and the prefix give
// way first.
func TestTopBarKeepsThePhase(t *testing.T) {
	r := New()
	ft := r.fonts
	name, size, algo := "exclusion-shortcut", "27×13", "group hierarchy"
	phase := "insert G L1 (search on L1) · phase 4 of 9"
	for _, width := range []float64{1250, 460, 400, 330} {
		left, ph := topBarText(ft, name, size, algo, phase, width)
		if got := 14 + ft.Width(ft.Bold, left) + 24 + ft.Width(ft.Bold, ph); got > width+1 {
			t.Errorf("width %v: %q + %q take %.0f px", width, left, ph, got)
		}
		if !strings.Contains(ph, "insert G L1") {
			t.Errorf("width %v: the phase is cut to %q (left %q)", width, ph, left)
		}
	}
	if left, ph := topBarText(ft, name, size, algo, phase, 1250); !strings.Contains(left, size) || ph != "phase: "+phase {
		t.Errorf("a wide bar drops something: %q %q", left, ph)
	}
}

// Regression: V toggled the g / h / f numbers on a fitted map and nothing
// changed, since numbers only fit in large cells; the legend now says to
// zoom in while they cannot be drawn.
func TestLegendSaysWhenValuesNeedZoom(t *testing.T) {
	on := LegendRow{Layer: LayerValues, On: true}
	if got := legendName(on, 9); !strings.Contains(got, "zoom in") {
		t.Errorf("values on at 9 px per cell: legend %q does not say to zoom in", got)
	}
	if got := legendName(on, valuesFZoom); got != LayerInfo[LayerValues].Name {
		t.Errorf("values on at %v px per cell (drawn): legend %q", float64(valuesFZoom), got)
	}
	if got := legendName(LegendRow{Layer: LayerValues}, 9); got != LayerInfo[LayerValues].Name {
		t.Errorf("values off: legend %q", got)
	}
	if got := legendName(LegendRow{Layer: LayerSearch, On: true}, 1); got != LayerInfo[LayerSearch].Name {
		t.Errorf("search layer: legend %q", got)
	}
	// Parent arrows likewise (a user test found the row on and nothing
	// drawn on a fitted map).
	par := LegendRow{Layer: LayerParents, On: true}
	if got := legendName(par, parentsMinZoom-1); got != parentsZoomIn {
		t.Errorf("arrows on below %v px: legend %q", float64(parentsMinZoom), got)
	}
	if got := legendName(par, parentsMinZoom); got != LayerInfo[LayerParents].Name {
		t.Errorf("arrows on at %v px (drawn): legend %q", float64(parentsMinZoom), got)
	}
}

// Hovering the timeline's scrubber names the phase under the mouse (the
// spans were told apart by colour only).
func TestTimelineTipNamesThePhase(t *testing.T) {
	var tr pathing.Trace
	tr.BeginPhase("insert S L1", 1)
	for range 10 {
		tr.Add(pathing.Event{Kind: pathing.EventPop})
	}
	tr.BeginPhase("abstract L2", 2)
	for range 30 {
		tr.Add(pathing.Event{Kind: pathing.EventPop})
	}
	n := len(tr.Events)
	cases := []struct {
		cursor int
		want   string
	}{
		{1, "event 1 · phase 1 of 2: insert S L1 (search on L1, events 1–10)"},
		{10, "event 10 · phase 1 of 2"},
		{11, "event 11 · phase 2 of 2: abstract L2 (search on L2, events 11–40)"},
		{21, "event 21 · phase 2 of 2: abstract L2 (search on L2, events 11–40)"},
		{55, "event 40 · phase 2 of 2"},
		{0, "event 0 (before the first) · phase 1 of 2"},
		{-3, "event 0 (before the first) · phase 1 of 2"},
	}
	for _, c := range cases {
		if got := timelineTip(&tr, n, c.cursor); !strings.HasPrefix(got, c.want) {
			t.Errorf("timelineTip(%v) = %q, want %q…", c.cursor, got, c.want)
		}
	}
	if got := timelineTip(nil, 0, 5); got != "" {
		t.Errorf("no timeline: %q", got)
	}
}

// The timeline bar counts the expansions of the cursor's phase: stepping
// Dijkstra or A*, the event number ran three to four times faster than the
// closed set grew (pushes and relaxations are events too), so the figure a
// class compares with the panel's "N expanded" was nowhere on screen until
// the end. At the end of a one-phase search it is the searcher's own count.
func TestTimelineCountsThePhaseExpansions(t *testing.T) {
	rows := []string{
		"..........",
		".#######..",
		"........#.",
		"####.##.#.",
		"..........",
	}
	g := pathing.MustGrid(len(rows[0]), len(rows))
	for y, r := range rows {
		for x, c := range r {
			g.SetOpen(image.Pt(x, y), c == '.')
		}
	}
	var tr pathing.Trace
	tr.BeginPhase("A*", 0)
	s := pathing.NewSearcher(g)
	res, err := s.Search(pathing.Query{Start: image.Pt(0, 0), Goal: image.Pt(0, 4), Algorithm: pathing.AStar, Trace: &tr})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != pathing.Found || res.Expanded < 5 {
		t.Fatalf("search: %v, %d expanded", res.Status, res.Expanded)
	}
	var tl world.Timeline
	tl.Reset(&tr, g.Width()*g.Height())
	tl.Seek(tl.Len())
	if done, total, ok := phaseExpanded(&tl); !ok || done != res.Expanded || total != res.Expanded {
		t.Errorf("at the end: %d / %d (ok %v), want %d / %d", done, total, ok, res.Expanded, res.Expanded)
	}
	pops := 0
	for i, e := range tr.Events {
		if e.Kind == pathing.EventPop {
			pops++
		}
		tl.Seek(i + 1)
		if done, _, _ := phaseExpanded(&tl); done != pops {
			t.Fatalf("after event %d: %d expanded, want %d", i+1, done, pops)
		}
	}
	tl.Seek(0)
	if done, total, ok := phaseExpanded(&tl); !ok || done != 0 || total != res.Expanded {
		t.Errorf("at 0: %d / %d (ok %v), want 0 / %d", done, total, ok, res.Expanded)
	}

	// Several phases (HPA*): each counts its own level's pops; a phase that
	// pops nothing (smoothing) has no count.
	var h pathing.Trace
	ev := func(k pathing.EventKind, l uint8, n int) {
		for range n {
			h.Add(pathing.Event{Kind: k, Level: l})
		}
	}
	h.BeginPhase("insert S L1", 0)
	ev(pathing.EventPush, 0, 2)
	ev(pathing.EventPop, 0, 3) // events 2-4
	h.BeginPhase("abstract L1", 1)
	ev(pathing.EventPush, 1, 1)
	ev(pathing.EventPop, 1, 4) // events 6-9
	h.BeginPhase("smooth", 0)
	ev(pathing.EventRelax, 0, 2)
	tl.Reset(&h, 16)
	for _, c := range []struct {
		cursor, done, total int
		ok                  bool
	}{{0, 0, 3, true}, {4, 2, 3, true}, {5, 3, 3, true}, {6, 0, 4, true}, {8, 2, 4, true}, {10, 4, 4, true}, {12, 0, 0, false}} {
		tl.Seek(c.cursor)
		if done, total, ok := phaseExpanded(&tl); done != c.done || total != c.total || ok != c.ok {
			t.Errorf("cursor %d: %d / %d (ok %v), want %d / %d (ok %v)", c.cursor, done, total, ok, c.done, c.total, c.ok)
		}
	}
	// The label names the phase: the panel sums phases of one kind (the
	// group walk's "cells" over every segment), so "in this phase" left a
	// class asking why 130 was not the panel's 161.
	var w world.World
	w.Timeline.Reset(&h, 16)
	w.Timeline.Seek(8)
	if got, want := expandedLabel(&w), "expanded 2 / 4 in phase 2 of 3"; got != want {
		t.Errorf("label at 8: %q, want %q", got, want)
	}
}

// From a teacher's report: the status line had no expansions figure in
// HPA*'s smooth phase or at the end, where A*'s end shows "expanded 4,252
// / 4,252". Smoothing counts the lines it tried and says it expands
// nothing; the end of a query of several phases gives its expansions in
// all, the panel's figure.
func TestTimelineStatusCountsSmoothingAndTheEnd(t *testing.T) {
	var h pathing.Trace
	ev := func(k pathing.EventKind, l uint8, n int) {
		for range n {
			h.Add(pathing.Event{Kind: k, Level: l})
		}
	}
	h.BeginPhase("insert S L1", 0)
	ev(pathing.EventPop, 0, 3)
	h.BeginPhase("smooth", 0)
	ev(pathing.EventLine, 0, 3)
	ev(pathing.EventShortcut, 0, 1)
	ev(pathing.EventLine, 0, 2) // events 4-9 (1-based)
	var w world.World
	w.Outcome.Expanded = 3
	w.Timeline.Reset(&h, 16)
	for _, c := range []struct {
		cursor int
		want   string
	}{
		{3, "expanded 3 / 3 in phase 1 of 2"},
		{4, "smoothing: lines tried 1 / 5, no expansions"},
		{8, "smoothing: lines tried 4 / 5, no expansions"},
		{9, "expanded 3 in all 2 phases"},
	} {
		w.Timeline.Seek(c.cursor)
		if got := expandedLabel(&w); got != c.want {
			t.Errorf("cursor %d: %q, want %q", c.cursor, got, c.want)
		}
	}

	// HPA* on the built-in world: the end's figure is the panel's.
	hw := builtinWorld(t, world.AlgoHPA)
	hw.SeekEnd()
	if line, want := timelineStatus(hw), "expanded "+world.Count(hw.Outcome.Expanded)+" in all"; !strings.Contains(line, want) {
		t.Errorf("HPA* at the end: %q, want %q", line, want)
	}
}

// Regression: the legend's open / closed row had one blue swatch, so
// nothing on screen said which of the search's green and blue was the open
// list. A layer that draws two kinds of things shows both colours, in the
// order its name gives them, and they are the colours the layer draws.
func TestLegendSwatchShowsBothColoursInNameOrder(t *testing.T) {
	for _, c := range []struct {
		l     Layer
		words []string
		cols  []color.RGBA
	}{
		{LayerSearch, []string{"open", "closed"}, []color.RGBA{ColOpen, ColClosed}},
		{LayerNodes, []string{"entrances", "nodes"}, []color.RGBA{ColEntrance, ColNode}},
		{LayerCompare, []string{"optimal"}, []color.RGBA{ColOptimal}},
	} {
		name := LayerInfo[c.l].Name
		last := -1
		for _, w := range c.words {
			i := strings.Index(name, w)
			if i <= last {
				t.Fatalf("layer %q: %q missing or out of order", name, w)
			}
			last = i
		}
		if got := swatchParts(c.l); !slices.Equal(got, c.cols) {
			t.Errorf("layer %q: swatch %v, want %v (one part per word, in order)", name, got, c.cols)
		}
	}
}

// The .scen row reads +0.00 % for a path within the file's rounding (a
// user saw "optimal (.scen) 2.830 (path -0.06%)" for AR0011SR's optimal
// 2.828, the file printing 2 decimals), and the real difference beyond it.
func TestScenRowForgivesTheFilesRounding(t *testing.T) {
	for _, c := range []struct {
		found      bool
		cost, scen float64
		want       string
	}{
		{true, 2 * 1.4142135623730951, 2.83, "2.830  (path +0.00%)"},
		{true, 132.398, 132.39845, "132.398  (path +0.00%)"},
		{true, 110, 100, "100.000  (path +10.00%)"},
		{false, 0, 7.5, "7.500"},
	} {
		if got := scenOptimalText(c.found, c.cost, c.scen); got != c.want {
			t.Errorf("cost %v against %v: %q, want %q", c.cost, c.scen, got, c.want)
		}
	}
}

// Regression (user test: hovering the right part of the timeline, the
// phase's name ran under the side panel, drawn later, and was cut off): a
// tip stays within its bar, moved left, and text wider than the bar is
// shortened with "…".
func TestTimelineTipStaysOverTheBar(t *testing.T) {
	screen := image.Rect(0, 0, 1280, 800)
	bar := image.Rect(10, 780, 930, 790)
	b := tipBox(300, screen, bar, 900, 778)
	if b.Max.X > bar.Max.X || b.Min.X < bar.Min.X {
		t.Errorf("tip %v leaves the bar %v", b, bar)
	}
	if b := tipBox(300, screen, bar, 20, 778); b.Min.X != 32 {
		t.Errorf("tip at the bar's left end: %v, want it right of the pointer", b)
	}
	if b := tipBox(2000, screen, bar, 500, 778); b.Min.X < bar.Min.X {
		t.Errorf("a too-wide tip starts left of the bar: %v", b)
	}
}

// The plans swatch shows one colour per level (user test: with four
// levels the L3 teal and L4 blue plans were drawn but the legend showed
// only the L1 and L2 colours).
func TestPlansSwatchHasEveryLevel(t *testing.T) {
	if got := swatchFor(LayerPlans, 4); !slices.Equal(got, ColPlan[1:5]) {
		t.Errorf("4 levels: %v, want %v", got, ColPlan[1:5])
	}
	if got := swatchFor(LayerPlans, 3); len(got) != 3 {
		t.Errorf("3 levels: %d colours", len(got))
	}
	if got := swatchFor(LayerPlans, 2); !slices.Equal(got, swatchParts(LayerPlans)) {
		t.Errorf("2 levels: %v", got)
	}
	if got := swatchFor(LayerSearch, 4); !slices.Equal(got, swatchParts(LayerSearch)) {
		t.Errorf("another layer changed with the levels: %v", got)
	}
}

// The message box leaves the start and goal visible when it can: at the
// bottom by default, at the top when the bottom place covers a marker,
// else in a corner or at a side.
func TestMessageBoxKeepsOffTheMarkers(t *testing.T) {
	m := image.Rect(0, 30, 600, 430)
	plain := messageBox(m, 300, 30, image.Rectangle{}, nil, image.Rectangle{})
	if plain.Max.Y != m.Max.Y-10 || plain.Min.X != 150 {
		t.Fatalf("default place %v, want centred at the bottom", plain)
	}
	goal := image.Rect(290, 395, 310, 415) // under the default place
	if b := messageBox(m, 300, 30, image.Rectangle{}, []image.Rectangle{goal}, image.Rectangle{}); b.Overlaps(goal) || b.Min.Y > m.Min.Y+60 {
		t.Errorf("with the goal under the bottom place: %v, want it at the top", b)
	}
	start := image.Rect(290, 70, 310, 90) // under the top place as well
	if b := messageBox(m, 300, 30, image.Rectangle{}, []image.Rectangle{goal, start}, image.Rectangle{}); b.Overlaps(goal) || b.Overlaps(start) {
		t.Errorf("both centred places cover a marker: %v, want a place clear of both (a corner, a side)", b)
	}
	// A marker under every place: the default.
	everywhere := []image.Rectangle{m}
	if b := messageBox(m, 300, 30, image.Rectangle{}, everywhere, image.Rectangle{}); b != plain {
		t.Errorf("every place covers a marker: %v, want the default %v", b, plain)
	}
	if b := messageBox(m, 300, 30, image.Rectangle{}, []image.Rectangle{image.Rect(0, 100, 20, 120)}, image.Rectangle{}); b != plain {
		t.Errorf("a marker elsewhere moved the box: %v", b)
	}
	// The top place goes below the map notes, and not over the legend.
	notes := image.Rect(100, 36, 500, 100)
	if b := messageBox(m, 300, 30, image.Rectangle{}, []image.Rectangle{goal}, notes); b.Overlaps(notes) || b.Overlaps(goal) {
		t.Errorf("with notes down to y=100: %v", b)
	}
	legend := image.Rect(0, 60, 600, 90)
	if b := messageBox(m, 300, 30, legend, []image.Rectangle{goal}, image.Rectangle{}); b.Overlaps(legend) || b.Overlaps(goal) {
		t.Errorf("a legend at the top, the goal at the bottom: %v covers one of them", b)
	}
}

// At the start of a timeline nothing of the answer is drawn (a class took
// the faint preview drawn there before for something the search knew);
// the status line says it will appear, and nothing once the cursor moves.
func TestTimelineStartSaysTheAnswerAppearsAsFound(t *testing.T) {
	for _, c := range []struct {
		algo world.Algo
		want string
	}{
		{world.AlgoAStar, "the path appears as the searches find them: play or step"},
		{world.AlgoHPA, "the plans and the route appear as the searches find them"},
	} {
		w, err := world.Open(assets.Prefix + assets.DefaultName)
		if err != nil {
			t.Fatal(err)
		}
		w.Begin()
		w.SetAlgo(c.algo)
		w.Wait()
		if w.Outcome.Status != pathing.Found || w.Timeline.Len() == 0 {
			t.Fatalf("%v: %v, %d events: want a traced path", c.algo, w.Outcome.Status, w.Timeline.Len())
		}
		if line := timelineStatus(w); strings.Contains(line, "appear") {
			t.Errorf("%v at the end: %q", c.algo, line)
		}
		w.SeekStart()
		if line := timelineStatus(w); !strings.Contains(line, c.want) {
			t.Errorf("%v at event 0: %q, want %q", c.algo, line, c.want)
		}
		w.StepBy(1)
		if line := timelineStatus(w); strings.Contains(line, "appear") {
			t.Errorf("%v after a step: %q still speaks of the start", c.algo, line)
		}
		w.Close()
	}
}

// Regression: under A* the legend listed cluster borders, entrances and
// nodes and plans as on, and a class asked where they were. Layers the
// session has nothing of are dimmed, and a footer says why.
func TestLegendDimsLayersWithNothingToDraw(t *testing.T) {
	r := New()
	w := openWorld(t, 8, 8)
	f := &Frame{World: w}
	rows := []LegendRow{{Layer: LayerBorders, On: true}, {Layer: LayerSearch, On: true}}
	w.Settings.Algo = world.AlgoAStar
	if got := layerIdle(LayerBorders, f); got != idleAlgo {
		t.Errorf("cluster borders under A*: idle %v, want idleAlgo", got)
	}
	if got := layerIdle(LayerSearch, f); got != idleNone {
		t.Errorf("open / closed under A*: idle %v, want none", got)
	}
	if got := r.idleFooter(rows, f); got != "amber: on, but A* searches cells only" {
		t.Errorf("A* footer %q", got)
	}
	w.Settings.Algo = world.AlgoHPA
	if got := r.idleFooter(rows, f); got != "" {
		t.Errorf("HPA* draws borders, yet footer %q", got)
	}
	// Off layers need no excuse.
	if got := r.idleFooter([]LegendRow{{Layer: LayerRegions}}, f); got != "" {
		t.Errorf("regions off: footer %q", got)
	}
	rows = append(rows, LegendRow{Layer: LayerRegions, On: true}, LegendRow{Layer: LayerExcluded, On: true})
	if got := r.idleFooter(rows, f); got != "amber: on, but HPA* has no exclusion; the map has no regions" {
		t.Errorf("HPA*, no regions, excluded on: footer %q", got)
	}
	w.Settings.Algo = world.AlgoGroup
	w.Settings.Exclusion = false
	if got := r.idleFooter(rows, f); got != "amber: on, but exclusion is off; the map has no regions" {
		t.Errorf("groups, exclusion off: footer %q", got)
	}
	w.Settings.Exclusion = true
	if got := layerIdle(LayerExcluded, f); got != idleNone {
		t.Errorf("excluded area with exclusion on: idle %v", got)
	}
}

// The panel's about text takes the room the panel has: a long text is shown
// whole on a 1280×800 window (it was cut at six lines with a third of the
// panel empty), cut on a short one, and never under two lines.
func TestAboutTextTakesThePanelsRoom(t *testing.T) {
	r := New()
	w := openWorld(t, 8, 8)
	w.Settings.Algo = world.AlgoHPA
	w.About = strings.Repeat("Press M and watch the plan walk the corridor instead of the hall. ", 6)
	tall := r.FitPanel(ComputeLayout(1280, 800, true), w)
	lines := len(r.aboutLines(w, float64(tall.Panel.Dx()-20)))
	if lines < 7 || lines > aboutRoom(tall.Panel.Dy()) {
		t.Fatalf("the test text wraps to %d lines; want 7 to %d", lines, aboutRoom(tall.Panel.Dy()))
	}
	if tall.AboutLines != lines {
		t.Errorf("1280×800: %d of the %d about lines shown", tall.AboutLines, lines)
	}
	short := r.FitPanel(ComputeLayout(1280, 640, true), w)
	if short.AboutLines >= lines || short.AboutLines < 2 {
		t.Errorf("1280×640: %d of %d about lines shown, want fewer, at least 2", short.AboutLines, lines)
	}
	if tiny := r.FitPanel(ComputeLayout(1280, 400, true), w); tiny.AboutLines != 2 {
		t.Errorf("1280×400: %d about lines, want 2", tiny.AboutLines)
	}
	// The switch rows stay put whatever the switches: they moved when the
	// levels changed, and a second click on "levels" hit the row below.
	for _, h := range []int{640, 720, 800, 900} {
		var first image.Rectangle
		for _, set := range []struct {
			a      world.Algo
			levels int
		}{{world.AlgoHPA, 1}, {world.AlgoHPA, 4}, {world.AlgoAStar, 2}, {world.AlgoGroup, 3}} {
			w.Settings.Algo, w.Settings.Levels = set.a, set.levels
			row := SwitchRowRect(r.FitPanel(ComputeLayout(1280, h, true), w), 5)
			if first.Empty() {
				first = row
			} else if row != first {
				t.Errorf("1280×%d, %v with %d levels: the levels row is at %v, was %v", h, set.a, set.levels, row, first)
			}
		}
	}
}

// With the panel hidden (Tab) the top bar gives the answer's cost and how
// far it is from optimal: they were nowhere on screen.
func TestAnswerBriefForTheTopBar(t *testing.T) {
	w := openWorld(t, 12, 8)
	w.Begin()
	w.Wait()
	if s, _ := answerBrief(w); s != "" {
		t.Errorf("no query: brief %q", s)
	}
	w.SetEndpoints(image.Pt(1, 1), image.Pt(10, 6))
	w.Wait()
	if s, warn := answerBrief(w); s != "cost 11.071 (optimal)" || warn {
		t.Errorf("A* on open ground: brief %q warn %v", s, warn)
	}
	// Greedy best-first around a wall: dearer than optimal.
	for y := 0; y < 7; y++ {
		w.Grid.SetWeight(image.Pt(5, y), 0)
	}
	w.Settings.Algo = world.AlgoGreedy
	w.SetEndpoints(image.Pt(1, 1), image.Pt(10, 1))
	w.Wait()
	s, warn := answerBrief(w)
	sub := w.Suboptimality()
	if sub <= 0.01 {
		t.Skipf("greedy found a path within 1%% of optimal (%v): no dearer answer to check", sub)
	}
	want := fmt.Sprintf("cost %.3f, optimal %.3f (%+.2f%%)", w.Outcome.Cost, w.Optimal.Cost, 100*sub)
	if s != want || !warn {
		t.Errorf("greedy: brief %q warn %v, want %q and a warning", s, warn, want)
	}
}

// Regression (a user at 700×500): the side panel took 340 of the 700
// pixels, so the map had less than half the window. On a narrow window the
// panel takes at most 3/8 of the width (never under PanelMinWidth), and
// its text still fits: a switch's value is never cut (its keys give way,
// the help lists them), and the open list's rows wrap onto a second line
// instead of losing their h.
func TestPanelKeepsToItsShareOfANarrowWindow(t *testing.T) {
	for _, tc := range []struct{ w, panel int }{
		{1280, PanelWidth}, {1000, PanelWidth}, {800, 300}, {700, PanelMinWidth}, {680, PanelMinWidth}, {679, 0},
	} {
		l := ComputeLayout(tc.w, 500, true)
		if l.Panel.Dx() != tc.panel {
			t.Errorf("%d px window: panel %d px, want %d", tc.w, l.Panel.Dx(), tc.panel)
		}
		if l.Map.Dx()+l.Panel.Dx() != tc.w || l.Top.Dx() != l.Map.Dx() || l.Timeline.Dx() != l.Map.Dx() {
			t.Errorf("%d px window: map %v, top %v, timeline %v, panel %v do not share the width", tc.w, l.Map, l.Top, l.Timeline, l.Panel)
		}
	}
	if l := ComputeLayout(700, 500, true); 10*l.Map.Dx() < 6*700 {
		t.Errorf("700×500: the map is %d px wide, want at least 60%% of the window", l.Map.Dx())
	}

	r := New()
	ft := r.fonts
	// The longest values of every switch, with their keys.
	rows := []SwitchRow{
		{"algorithm", "group hierarchy", "1–5", false}, {"connection cost", "average minimum", "M", false},
		{"refine target", "representative", "Shift+M", false}, {"neighbourhood", "8–connected", "8", false},
		{"transitions", "sparse: paper's rule", "Shift+N", false}, {"agent refine", "eager: whole route", "Shift+U", false},
		{"tool", "query", "Q D I T", false}, {"levels", "2", "Shift+[ ]", false},
	}
	rows = append(rows, SwitchRow{"transitions", "dense: all open pairs", "Shift+N", false})
	for _, pw := range []int{PanelMinWidth, 300, PanelWidth} {
		l := ComputeLayout(8*pw/3+1, 500, true)
		row := SwitchRowRect(l, 0)
		for _, s := range rows {
			val, keys := switchRowText(ft, s, float64(row.Dx()))
			// Regression (a user test): "dense: every open pair" pushed
			// its Shift+N off the row. The keys always show; the value
			// is whole, its head before the colon, or cut with "…".
			if keys != s.Keys {
				t.Errorf("%d px panel: switch %q shows keys %q, want %q", l.Panel.Dx(), s.Label, keys, s.Keys)
			}
			head, _, _ := strings.Cut(s.Value, ": ")
			if val != s.Value && val != head && !strings.HasSuffix(val, "…") {
				t.Errorf("%d px panel: switch %q shows %q for %q", l.Panel.Dx(), s.Label, val, s.Value)
			}
			if pw == PanelWidth && val != s.Value {
				t.Errorf("full panel: switch %q shows %q, want %q whole", s.Label, val, s.Value)
			}
			if end, kx := switchValueX+ft.Width(ft.UI, val), float64(row.Dx())-6-ft.Width(ft.Mono, keys); end+4 > kx {
				t.Errorf("%d px panel: switch %q's value ends at %.0f, over its keys %q at %.0f", l.Panel.Dx(), s.Label, end, keys, kx)
			}
		}
	}
	// The old, longer value keeps its keys in the full panel too.
	full := SwitchRowRect(ComputeLayout(1280, 800, true), 0)
	if _, keys := switchRowText(ft, SwitchRow{"transitions", "dense: every open pair", "Shift+N", false}, float64(full.Dx())); keys != "Shift+N" {
		t.Errorf("full panel: dense: every open pair without its Shift+N")
	}

	// The open list in the narrow panel: every row's f, g and h.
	w, err := world.Open("builtin:world")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.Begin()
	w.SetAlgo(world.AlgoAStar)
	w.Wait()
	w.Timeline.Seek(w.Timeline.Len() / 3)
	l := ComputeLayout(700, 500, true)
	l.SwitchFold = FoldOpen // the rows shown: the rest scrolls
	l = r.FitPanel(l, w)
	var cam Camera
	cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
	var drawn []string
	r.fonts.drawn = &drawn
	srows := make([]SwitchRow, panelSwitchRows)
	for i := range srows {
		srows[i] = SwitchRow{Label: "switch", Value: "value", Keys: "K"}
	}
	r.Draw(ebiten.NewImage(700, 500), &Frame{World: w, Cam: &cam, Layout: l, Switches: srows, PanelScroll: 1 << 20})
	r.fonts.drawn = nil
	all := strings.Join(drawn, " | ")
	if r.PanelMaxScroll() <= 0 {
		t.Errorf("700×500: the panel's numbers, open list and inspector do not scroll:\n%s", all)
	}
	hs := 0
	for _, s := range drawn {
		if strings.HasPrefix(s, "h ") {
			hs++
		}
		if strings.HasPrefix(s, "f ") && strings.HasSuffix(s, "…") {
			t.Errorf("an open-list row is cut: %q", s)
		}
	}
	if hs < openListRows {
		t.Errorf("700×500: %d of the open list's %d rows show their h:\n%s", hs, openListRows, all)
	}
}

// Regression (new-user test at 175 %): the scrubber's tip was cut with "…"
// to the scrubber's width, losing the phase's event range. It is wrapped
// onto as many lines as it takes, whole, each inside the scrubber's
// columns and the window, the box above the timeline bar.
func TestTimelineTipWrapsWhole(t *testing.T) {
	w := builtinWorld(t, world.AlgoHPA)
	r := New()
	// 1280×800 at 175 % and 150 % is laid out as 732×458 and 854×534;
	// 800×600 at 150 % as 534×400.
	for _, size := range [][2]int{{732, 458}, {854, 534}, {534, 400}, {1280, 800}} {
		l := r.FitPanel(ComputeLayout(size[0], size[1], true), w)
		var cam Camera
		cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
		bar := TimelineBarRect(l)
		wrapped := 0
		for x := bar.Min.X + 1; x < bar.Max.X; x += 7 {
			var drawn []string
			r.fonts.drawn = &drawn
			r.Draw(ebiten.NewImage(size[0], size[1]), &Frame{World: w, Cam: &cam, Layout: l, Layers: DefaultLayers,
				MouseX: float64(x), MouseY: float64(bar.Min.Y + 4), MouseOK: true})
			r.fonts.drawn = nil
			want := timelineTip(w.Timeline.Trace(), w.Timeline.Len(), TimelineCursorAt(bar, w.Timeline.Len(), float64(x)))
			if want == "" || r.tipText != want {
				t.Fatalf("%v, pointer at x %d: tip %q, want %q", size, x, r.tipText, want)
			}
			if got := strings.Join(r.tipLines, " "); got != want {
				t.Errorf("%v, pointer at x %d: the tip reads %q, want %q whole", size, x, got, want)
			}
			for _, line := range r.tipLines {
				if !slices.Contains(drawn, line) {
					t.Errorf("%v, pointer at x %d: the tip's line %q not drawn", size, x, line)
				}
				if lw := r.fonts.Width(r.fonts.UI, line); float64(r.tipRect.Min.X)+8+lw > float64(r.tipRect.Max.X) {
					t.Errorf("%v, pointer at x %d: the line %q (%.0f px) passes the tip's box %v", size, x, line, lw, r.tipRect)
				}
			}
			tip := r.tipRect
			if tip.Min.X < bar.Min.X || tip.Max.X > bar.Max.X || !tip.In(l.Screen) || tip.Overlaps(l.Timeline) {
				t.Errorf("%v, pointer at x %d: the tip %v leaves the scrubber's columns %v or the screen, or covers the timeline bar %v", size, x, tip, bar, l.Timeline)
			}
			if want := tipHeight(r.fonts, len(r.tipLines)); tip.Dy() != want {
				t.Errorf("%v, pointer at x %d: the tip's box %v is %d px high for %d lines, want %d", size, x, tip, tip.Dy(), len(r.tipLines), want)
			}
			if len(r.tipLines) > 1 {
				wrapped++
			}
		}
		if size == [2]int{732, 458} && wrapped == 0 {
			t.Errorf("%v: no tip wrapped: the test needs the 175 %% case", size)
		}
	}
}

// Regression (a user): hovering the timeline's scrubber put the phase's
// tip right above the scrubber, over the bar's status line (event,
// expansions, the last event), which is what one reads while scrubbing.
// The tip goes above the timeline bar, over the map's bottom edge, still
// within the scrubber's columns, and is drawn over the legend.
func TestTimelineTipKeepsOffTheStatusLine(t *testing.T) {
	w := openWorld(t, 40, 30)
	defer w.Close()
	w.Begin()
	w.SetEndpoints(image.Pt(1, 1), image.Pt(38, 28))
	w.Wait()
	if w.Timeline.Len() == 0 {
		t.Fatal("the test needs a timeline")
	}
	r := New()
	for _, size := range [][2]int{{1280, 800}, {700, 500}} {
		l := r.FitPanel(ComputeLayout(size[0], size[1], true), w)
		var cam Camera
		cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
		bar := TimelineBarRect(l)
		status := timelineStatusRect(l, r.fonts.LineHeight(r.fonts.UI))
		for _, x := range []int{bar.Min.X + 2, bar.Min.X + bar.Dx()/2, bar.Max.X - 2} {
			var drawn []string
			r.fonts.drawn = &drawn
			r.Draw(ebiten.NewImage(size[0], size[1]), &Frame{World: w, Cam: &cam, Layout: l,
				MouseX: float64(x), MouseY: float64(bar.Min.Y + 4), MouseOK: true, Legend: []LegendRow{{Layer: LayerSearch, Keys: "S", On: true}}})
			r.fonts.drawn = nil
			if r.tipText == "" || len(r.tipLines) == 0 || !slices.Contains(drawn, r.tipLines[0]) {
				t.Fatalf("%v, pointer at x %d on the scrubber: no tip drawn (%q)", size, x, r.tipText)
			}
			tip := r.tipRect
			if tip.Overlaps(status) {
				t.Errorf("%v, pointer at x %d: the tip %v covers the status line %v", size, x, tip, status)
			}
			if tip.Overlaps(l.Timeline) || !tip.In(l.Map) {
				t.Errorf("%v, pointer at x %d: the tip %v is not above the timeline bar %v, in the map area %v", size, x, tip, l.Timeline, l.Map)
			}
			if tip.Min.X < bar.Min.X || tip.Max.X > bar.Max.X {
				t.Errorf("%v, pointer at x %d: the tip %v leaves the scrubber's columns %v", size, x, tip, bar)
			}
			// Drawn after the legend: it is not hidden under it.
			legend := slices.IndexFunc(drawn, func(s string) bool { return strings.HasPrefix(s, "Layers") })
			if legend < 0 {
				t.Fatalf("%v: no legend drawn", size)
			}
			if i := slices.Index(drawn, r.tipLines[0]); i < legend {
				t.Errorf("%v: the tip is drawn before the legend, which covers it", size)
			}
		}
	}
}

// Regression: with A* and the cluster heuristic the borders layer read
// "nothing to draw", though the heuristic reads the group hierarchy's
// level-1 clusters. The borders and groups layers now draw those (level 1
// alone) and the legend counts them as drawing; the nodes and edges, which
// the heuristic does not read, stay idle.
func TestClusterHeuristicBordersAreDrawn(t *testing.T) {
	w := openWorld(t, 40, 30)
	defer w.Close()
	w.Settings.Algo = world.AlgoAStar
	w.Settings.ClusterSize = 6
	w.SetEndpoints(image.Pt(1, 1), image.Pt(38, 28))
	w.Wait()
	f := &Frame{World: w}
	if shownGroups(w) != nil || layerIdle(LayerBorders, f) != idleAlgo {
		t.Fatal("octile A* draws cluster borders")
	}
	w.SetHeuristic(world.HeurCluster)
	w.Wait()
	v := shownGroups(w)
	if v == nil {
		t.Fatal("A* with the cluster heuristic: the borders layer has nothing to draw")
	}
	if v.Levels() != 1 || v.Inspect(1).ClusterSize != 6 {
		t.Fatalf("the borders layer draws %d levels of clusters of %d; want the heuristic's level 1, 6", v.Levels(), v.Inspect(1).ClusterSize)
	}
	for _, l := range []Layer{LayerBorders, LayerGroups} {
		if got := layerIdle(l, f); got != idleNone {
			t.Errorf("%s with the cluster heuristic: idle %v", LayerInfo[l].Name, got)
		}
	}
	if got := layerIdle(LayerNodes, f); got != idleAlgo {
		t.Errorf("nodes with the cluster heuristic: idle %v, want idleAlgo", got)
	}
	r := New()
	if got := r.idleFooter([]LegendRow{{Layer: LayerBorders, On: true}, {Layer: LayerGroups, On: true}}, f); got != "" {
		t.Errorf("borders and groups on: footer %q", got)
	}
	// Drawn without failing at any view level (the view has one).
	dst := ebiten.NewImage(400, 300)
	f.Layout = ComputeLayout(400, 300, false)
	f.Cam = &Camera{}
	f.Cam.Fit(40, 30, f.Layout.Map)
	f.Layers = 1<<LayerBorders | 1<<LayerGroups
	for _, lv := range []int{1, 2, 4} {
		f.ViewLevel = lv
		r.drawMap(dst, f)
	}
}

// Regression: the hierarchy row read "233264 nodes, 1628200 edges" and
// wrapped, cut with "…" in a narrow panel. Counts are grouped by
// thousands and take one line of their own, whole, at the narrowest panel
// (PanelMinWidth) as at the widest, under the row with the memory.
func TestHierarchyCountsStayOnOneLine(t *testing.T) {
	r := New()
	for _, pw := range []int{PanelMinWidth, PanelWidth} {
		r.panelW = pw
		var drawn []string
		r.fonts.drawn = &drawn
		r.hierarchyRows(ebiten.NewImage(pw, 200), 10, 0, world.Size{Nodes: 233264, Edges: 1628200, Bytes: 28 << 20, Kind: "no path cache"}, 0, 0)
		r.fonts.drawn = nil
		all := strings.Join(drawn, " | ")
		if !slices.Contains(drawn, "233,264 nodes, 1,628,200 edges") {
			t.Errorf("panel %d px: the counts are not one line: %s", pw, all)
		}
		if strings.Contains(all, "…") || strings.Contains(all, "233264") {
			t.Errorf("panel %d px: a figure cut or ungrouped: %s", pw, all)
		}
		if !strings.Contains(all, "29.36 MB") || !strings.Contains(all, "no path cache") {
			t.Errorf("panel %d px: the memory or the kind is missing: %s", pw, all)
		}
	}
}

// Regression: the message box could cover the legend, its title included:
// over a tall legend (a side column of every layer, on a short window) a
// message of several lines found no room above it and stayed where it
// was, on top of the legend. It now goes to the top of the map when that
// is clear, else beside the legend, wrapped to the room there; a short
// message still goes above a legend at the bottom, and a message with
// room at the bottom stays there.
func TestMessageKeepsOffTheLegend(t *testing.T) {
	ft := New().fonts
	measure := func(msg string) func(float64) (int, int) {
		return func(width float64) (int, int) {
			lines := wrapHard(ft, ft.UI, msg, width)
			wmax := 0.0
			for _, l := range lines {
				wmax = math.Max(wmax, ft.Width(ft.UI, l))
			}
			return int(wmax) + 24, int(float64(len(lines))*ft.LineHeight(ft.UI)) + 12
		}
	}
	long := strings.Repeat("/home/user/levels/a-long-folder-name/level.map: line 12: the row is 80 cells, the header says 81; ", 3)
	short := "start: cell (0,0) is blocked: pick an open cell"
	for _, c := range []struct {
		name          string
		m, legend     image.Rectangle
		notes         image.Rectangle
		msg           string
		marks         []image.Rectangle
		wantUnchanged bool
	}{
		// 700×500: the map area beside the 270 px panel; a side legend of
		// every layer down the left, nearly the area's height.
		{name: "tall side legend, long message", m: image.Rect(0, 30, 430, 444), legend: image.Rect(8, 60, 222, 436), msg: long},
		// The same with the top of the map taken by notes down to y=400.
		{name: "tall side legend, notes", m: image.Rect(0, 30, 430, 444), legend: image.Rect(8, 60, 222, 436), notes: image.Rect(0, 36, 430, 400), msg: long},
		// 1280×800: a two-column legend at the bottom left.
		{name: "legend at the bottom", m: image.Rect(0, 30, 940, 744), legend: image.Rect(8, 580, 434, 736), msg: short},
		{name: "long message, legend at the bottom", m: image.Rect(0, 30, 940, 744), legend: image.Rect(8, 580, 434, 736), msg: long},
		// 1024×768, legend top right: the bottom is free.
		{name: "legend at the top", m: image.Rect(0, 30, 684, 712), legend: image.Rect(250, 38, 676, 200), msg: short, wantUnchanged: true},
	} {
		var spots []msgSpot
		box, _ := placeMessage(c.m, &msgAvoid{legend: c.legend, notes: c.notes, marks: c.marks}, image.Rectangle{}, &spots, measure(c.msg))
		if box.Overlaps(c.legend) {
			t.Errorf("%s: message %v covers the legend %v", c.name, box, c.legend)
		}
		if !box.In(c.m) {
			t.Errorf("%s: message %v leaves the map area %v", c.name, box, c.m)
		}
		if c.wantUnchanged {
			bw, bh := measure(c.msg)(float64(c.m.Dx() - 80))
			if want := messageBox(c.m, bw, bh, image.Rectangle{}, nil, image.Rectangle{}); box != want {
				t.Errorf("%s: message at %v, want the usual place %v", c.name, box, want)
			}
		}
	}
}

// After a change of levels alone the build row's time is the relevel's,
// which builds only the levels above those kept: the row says so (it read
// like a full build, 85 ms where the map's build takes 2 s).
func TestBuildRowSaysWhichLevelsWereKept(t *testing.T) {
	r := New()
	r.panelW = PanelWidth
	for kept, want := range map[int]string{0: "85.00 ms", 1: "85.00 ms, level 1 kept", 2: "85.00 ms, levels 1–2 kept"} {
		var drawn []string
		r.fonts.drawn = &drawn
		r.hierarchyRows(ebiten.NewImage(PanelWidth, 200), 10, 0, world.Size{Nodes: 10, Edges: 20}, 85*time.Millisecond, kept)
		r.fonts.drawn = nil
		if !slices.Contains(drawn, want) {
			t.Errorf("kept %d: drew %q, want %q", kept, drawn, want)
		}
	}
}

// Regression (a user at 175 %): the timeline's status line was cut
// mid-figure ("speed 20…", "last: line (117,82)→(…"). A narrow bar drops
// whole parts, the last event first, and keeps the state, the event and
// the speed; a wide one shows the whole line.
func TestTimelineStatusDropsWholeParts(t *testing.T) {
	r := New()
	ft := r.fonts
	parts := []statusPart{
		{"paused  event 1,673 / 1,673", 5},
		{"speed 200 ev/s", 4},
		{"last: line (117,82)→(124,79) blocked or dearer than path 8.83", 1},
	}
	all := "paused  event 1,673 / 1,673   speed 200 ev/s   last: line (117,82)→(124,79) blocked or dearer than path 8.83"
	if got := fitStatus(ft, parts, 2000); got != all {
		t.Errorf("wide bar: %q, want %q", got, all)
	}
	narrow := 392.0 - 20 // the bar at 175 % on 1280×800
	got := fitStatus(ft, parts, narrow)
	if want := "paused  event 1,673 / 1,673   speed 200 ev/s"; got != want {
		t.Errorf("175 %% bar: %q, want %q", got, want)
	}
	if ft.Width(ft.UI, got) > narrow {
		t.Errorf("175 %% bar: %q is wider than the bar", got)
	}
	// A first part too wide by itself is still cut to the bar.
	if got := fitStatus(ft, parts[:1], 60); ft.Width(ft.UI, got) > 60 || !strings.HasSuffix(got, "…") {
		t.Errorf("60 px: %q", got)
	}
}

// Regression (a teacher at 175 %): with four-digit counts the bar kept
// the speed and dropped "expanded N / N", the figure an A*-against-Dijkstra
// slide compares. The expansions now outlast the speed.
func TestTimelineStatusKeepsTheExpansionsOverTheSpeed(t *testing.T) {
	w := builtinWorld(t, world.AlgoDijkstra)
	r := New()
	ft := r.fonts
	parts := timelineParts(w, false)
	var head, exp string
	for _, p := range parts {
		switch {
		case strings.HasPrefix(p.text, "paused") || strings.HasPrefix(p.text, "playing"):
			head = p.text
		case strings.HasPrefix(p.text, "expanded"):
			exp = p.text
		}
	}
	if head == "" || exp == "" {
		t.Fatalf("parts %+v: want the state and the expansions", parts)
	}
	room := ft.Width(ft.UI, head+"   "+exp) + 5 // not room for the speed too
	if got := fitStatus(ft, parts, room); got != head+"   "+exp {
		t.Errorf("narrow bar: %q, want %q", got, head+"   "+exp)
	}
}

// A teacher at 175 % read "next pop: the open list is" with its end cut:
// the open list keeps one line for its empty and unlisted states, and the
// value wrapped. Each fits one line of the panel at that scale.
func TestOpenListStatesFitOneLineAtProjectorScale(t *testing.T) {
	r := New()
	lay := ComputeLayout(731, 457, true) // 1280×800 at 175 %
	r.panelW = lay.Panel.Dx()
	width := float64(r.panelWidth() - 20 - kvValueX)
	for _, v := range []string{openListEmpty, openListTooLong, openListNone} {
		if lines := wrapList(r.fonts, r.fonts.UI, v, width); len(lines) != 1 {
			t.Errorf("%q takes %d lines in a %d px panel", v, len(lines), r.panelW)
		}
	}
}

// Regression (a user on a 1024×768 projector at 175 %, HPA*): the side
// panel was dropped for want of width, and the top bar showed the phase and
// the tool only, so the path's cost and how far it is from optimal were
// nowhere on screen. While the panel is not shown the bar keeps the answer,
// its percentage at least, and still names the phase and the tool.
func TestTopBarKeepsTheAnswerWithoutThePanel(t *testing.T) {
	r := New()
	ft := r.fonts
	l := ComputeLayout(586, 439, true) // 1024×768 at 175 %
	if !l.Panel.Empty() {
		t.Fatalf("a 586 px screen has a panel %v: the test needs one without", l.Panel)
	}
	toolW := ft.Width(ft.UI, "tool: query")
	full, short := "cost 158.113, optimal 157.284 (+0.53%)", "cost 158.113 (+0.53%)"
	for _, width := range []int{l.Top.Dx(), 560, 500} {
		bar := topBarLayout(ft, "world", "128×96", "HPA*", "abstract L2 · phase 5 of 33", toolW, []string{full, short}, float64(width))
		if bar.answer != full && bar.answer != short {
			t.Errorf("%d px bar: answer %q, want %q or %q", width, bar.answer, full, short)
		}
		if !strings.Contains(bar.phase, "abstract L2") {
			t.Errorf("%d px bar: phase %q", width, bar.phase)
		}
		need := 10 + ft.Width(ft.Bold, bar.left) + 14 + ft.Width(ft.Bold, bar.phase) + 24 + ft.Width(ft.UI, bar.answer) + 16 + toolW + 10
		if need > float64(width) {
			t.Errorf("%d px bar: %q %q %q and the tool take %.0f px", width, bar.left, bar.phase, bar.answer, need)
		}
	}
	// A long name on a 640 px window (a user's report: the gallery's
	// pathological-minimum showed its size and "phase:", and no cost): the
	// algorithm goes and the phase is cut before the answer is.
	toolW = ft.Width(ft.UI, "tool: query")
	for _, width := range []int{640, 600} {
		bar := topBarLayout(ft, "pathological-minimum", "43×20", "group hierarchy", "finished · last phase: cells", toolW,
			[]string{"cost 54.284, optimal 38.000 (+42.85%)", "cost 54.284 (+42.85%)"}, float64(width))
		if !strings.Contains(bar.answer, "+42.85%") {
			t.Errorf("%d px bar, a long name: answer %q, want the cost and its percentage", width, bar.answer)
		}
		need := 10 + ft.Width(ft.Bold, bar.left) + 14 + ft.Width(ft.Bold, bar.phase) + 24 + ft.Width(ft.UI, bar.answer) + 16 + toolW + 10
		if need > float64(width) || !strings.HasPrefix(bar.phase, "finished") {
			t.Errorf("%d px bar: %q %q %q take %.0f px; want them to fit, the phase named first", width, bar.left, bar.phase, bar.answer, need)
		}
	}
	// A wide bar gives everything, as before.
	bar := topBarLayout(ft, "world", "128×96", "HPA*", "abstract L2 · phase 5 of 33", toolW, []string{full, short}, 1270)
	if bar.left != "world  128×96   HPA*" || bar.phase != "phase: abstract L2 · phase 5 of 33" || bar.answer != full {
		t.Errorf("1270 px bar: %q %q %q", bar.left, bar.phase, bar.answer)
	}
	// With the panel shown there is no answer to place: the left text and
	// phase are topBarWithTool's, whole beside the tool where they fit.
	bar = topBarLayout(ft, "world", "128×96", "HPA*", "abstract L2 · phase 5 of 33", toolW, nil, 586)
	if bar.left != "world  128×96   HPA*" || bar.phase != "phase: abstract L2 · phase 5 of 33" || bar.answer != "" || bar.phaseCut {
		t.Errorf("no answer: %q %q %q (cut %v), want all whole", bar.left, bar.phase, bar.answer, bar.phaseCut)
	}
}

// Regression (a user, s13): HPA*'s phases row read "insert L1 0 (S," on
// one line and "G joined by straight lines)" on the next: the list broke
// after every ", ", inside the parentheses too, and the phrase did not say
// joined to what. The list breaks only between its items (a long item
// wraps between words), and the phrase says that no search was made.
func TestPhasesRowKeepsItsPhrasesWhole(t *testing.T) {
	r := New()
	ft := r.fonts
	for _, unit := range []string{
		"expanded: no search, S and G joined to their clusters' L1 nodes by straight lines",
		"expanded: S, G joined by straight lines",
	} {
		list := "insert L1 0 (" + unitExtra(unit) + "), insert L2 32, abstract L2 79, refine L1 28, refine cells 221, smooth 452"
		for _, width := range []float64{192, 160, 260, 400} {
			lines := wrapList(ft, ft.UI, list, width)
			depth := 0
			for i, l := range lines {
				if w := ft.Width(ft.UI, l); w > width {
					t.Errorf("%v px: line %q is %.0f px", width, l, w)
				}
				depth += strings.Count(l, "(") - strings.Count(l, ")")
				if depth > 0 && strings.HasSuffix(l, ",") {
					t.Errorf("%v px: line %d %q breaks the list inside its parentheses: %q", width, i, l, lines)
				}
			}
			if got := strings.Join(lines, " "); got != list {
				t.Errorf("%v px: the lines %q lose text of %q", width, lines, list)
			}
		}
	}
	if got := unitExtra("expanded: no search, S and G joined to their clusters' L1 nodes by straight lines"); got != "no search, S and G joined to their clusters' L1 nodes by straight lines" {
		t.Errorf("unitExtra: %q", got)
	}
	if got := unitExtra("cells checked"); got != "" {
		t.Errorf("unitExtra of a unit that is not expansions: %q", got)
	}
}

// Regression (s32–s34): at 175 % the panel's hint read "more below: the
// wheel over the panel …", cut, and did not say that the open list and the
// inspector were what it hid. The hint names the sections out of view and
// is whole at every panel width, shortening its advice first.
func TestPanelHintFitsAndNamesWhatItHides(t *testing.T) {
	r := New()
	ft := r.fonts
	for _, pw := range []int{PanelWidth, PanelMinWidth, 274} {
		width := float64(pw - 20)
		for _, secs := range [][]string{nil, {"inspector"}, {"open list", "inspector"}, {"numbers", "open list", "inspector"}} {
			for _, more := range []string{"more below", "more above"} {
				h := panelHint(ft, more, secs, width)
				if w := ft.Width(ft.UI, h); w > width {
					t.Errorf("%d px panel: %q is %.0f px, the panel has %.0f", pw, h, w, width)
				}
				if !strings.HasPrefix(h, more) {
					t.Errorf("%q does not start %q", h, more)
				}
				if len(secs) > 0 && len(secs) < 3 && !strings.Contains(h, strings.Join(secs, ", ")) {
					t.Errorf("%d px panel: %q does not name %q", pw, h, secs)
				}
			}
		}
	}
	v := PanelView{First: 3, Last: 10, Lines: 20, OpenLine: 12, InspectorLine: 15}
	if got := v.SectionsBelow(); !slices.Equal(got, []string{"numbers", "open list", "inspector"}) {
		t.Errorf("below lines 3 to 10: %q", got)
	}
	v = PanelView{First: 13, Last: 15, Lines: 20, OpenLine: 12, InspectorLine: 15}
	if got, above := v.SectionsBelow(), v.SectionsAbove(); !slices.Equal(got, []string{"inspector"}) || !slices.Equal(above, []string{"numbers", "open list"}) {
		t.Errorf("lines 13 to 15 of an open list at 12: below %q, above %q", got, above)
	}
}

// Regression (a tester, AR0011SR row 1273 on three levels, dense, no
// shortcut, no smoothing, 1280×800): the panel's folded phases row ended
// "insert L3 339, …" and hid the abstract search's figure. The row was
// given a line a phase, and insert L1's note ("no search, S and G joined
// …") takes three. Every phase's figure shows now, however many lines.
func TestPhasesRowShowsEveryPhase(t *testing.T) {
	w := builtinWorld(t, world.AlgoHPA)
	w.Outcome.Phases = []world.PhaseStat{
		{Name: "insert L1", Level: 0, Unit: "expanded: no search, S and G joined to their clusters' L1 nodes by straight lines"},
		{Name: "insert L2", Level: 1, Expanded: 74},
		{Name: "insert L3", Level: 2, Expanded: 462},
		{Name: "abstract L3", Level: 3, Expanded: 2},
	}
	r := New()
	for _, pw := range []int{PanelWidth, PanelWidthFor(853), PanelWidthFor(731)} {
		r.panelW = pw
		var drawn []string
		r.fonts.drawn = &drawn
		r.drawNumbers(ebiten.NewImage(pw, 800), &Frame{World: w}, 10, 10, float64(pw-20), true)
		r.fonts.drawn = nil
		all := strings.Join(drawn, " ")
		for _, ph := range w.Outcome.Phases[1:] {
			if want := ph.Name + " " + world.Count(ph.Expanded); !strings.Contains(all, want) {
				t.Errorf("%d px panel: the phases row does not show %q:\n%s", pw, want, strings.Join(drawn, "\n"))
			}
		}
		for _, s := range drawn {
			if strings.HasSuffix(s, "…") {
				t.Errorf("%d px panel: a line is cut: %q", pw, s)
			}
		}
	}
}

// Regression (a tester at -ui-scale 1.5 on 1280×800): the open list's rows
// were double-spaced, each with an empty second line, and written
// "f 41.94, g 20.14, h 21.80" instead of "f 41.94   g 20.14   h 21.80":
// the panel, 319 px there, was too narrow for the widest form but holds
// the row on one line with the spaces halved. Two lines are kept for a
// panel that holds no form on one line (175 %).
func TestOpenListRowsStayOneLineAt150(t *testing.T) {
	r := New()
	for _, c := range []struct {
		screenW int
		lines   int
		sep     string
	}{
		{1280, 1, "   "}, // 100 %
		{853, 1, "  "},   // 150 %
		{731, 2, ", "},   // 175 %
	} {
		r.panelW = PanelWidthFor(c.screenW)
		format, lines := r.openListForm(false)
		if lines != c.lines || r.openListLines(false) != c.lines {
			t.Errorf("%d px screen (%d px panel): %d lines a row, want %d", c.screenW, r.panelW, lines, c.lines)
		}
		v := fmt.Sprintf(format, 157.28, 141.46, 15.83)
		if !strings.Contains(v, "157.28"+c.sep+"g") {
			t.Errorf("%d px screen: row %q, want f and g apart by %q", c.screenW, v, c.sep)
		}
		room := float64(r.panelW - 20 - kvValueX)
		if got := len(wrapList(r.fonts, r.fonts.UI, fmt.Sprintf(format, 888.88, 888.88, 88.88), room)); got > lines {
			t.Errorf("%d px screen: a wide row takes %d lines, the list keeps %d", c.screenW, got, lines)
		}
	}
}

// From a teacher's report: stepping an A* search half way, the panel's
// "path cost 157.284, 149 steps" and the hidden panel's top-bar answer
// read as the search's progress while the map showed it half done. Before
// the timeline's end both say the figures are the finished query's; at
// the end they are plain again.
func TestNumbersSayTheyAreTheEndsWhileStepping(t *testing.T) {
	w := builtinWorld(t, world.AlgoAStar)
	r := New()
	numbersTitle := func() string {
		var drawn []string
		r.fonts.drawn = &drawn
		defer func() { r.fonts.drawn = nil }()
		l := r.FitPanel(ComputeLayout(1280, 800, true), w)
		var cam Camera
		cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
		r.drawNumbers(ebiten.NewImage(PanelWidth, 10), &Frame{World: w, Cam: &cam, Layout: l}, 0, 0, float64(r.panelWidth()-20), false)
		if len(drawn) == 0 {
			t.Fatal("drawNumbers drew nothing")
		}
		return drawn[0]
	}
	if w.Timeline.Len() == 0 || !w.Timeline.AtEnd() {
		t.Fatalf("the built-in query's timeline: %d events, at end %v; want a finished search", w.Timeline.Len(), w.Timeline.AtEnd())
	}
	if got := numbersTitle(); got != "Numbers" {
		t.Errorf("at the end: title %q, want %q", got, "Numbers")
	}
	if s, _ := answerBrief(w); !strings.HasPrefix(s, "cost ") {
		t.Errorf("at the end: top-bar answer %q, want it to start with the cost", s)
	}
	w.SeekTo(w.Timeline.Len() / 2)
	if got := numbersTitle(); got != "Numbers (when the query ends)" {
		t.Errorf("half way: title %q, want it to say the figures are the end's", got)
	}
	if s, _ := answerBrief(w); !strings.HasPrefix(s, "at the end: cost ") {
		t.Errorf("half way: top-bar answer %q, want it to say it is the end's", s)
	}
	w.SeekTo(w.Timeline.Len())
	if got := numbersTitle(); got != "Numbers" {
		t.Errorf("back at the end: title %q", got)
	}
	// A trace cut short (a huge search past the event limit) ends before
	// the search did: its end is not the query's end (a reviewer's report:
	// "finished" and plain Numbers over a map showing 1.4 M of 2.2 M
	// expansions).
	tr := w.Timeline.Trace()
	tr.Truncated = true
	defer func() { tr.Truncated = false }()
	if got := numbersTitle(); got != "Numbers (when the query ends)" {
		t.Errorf("at the end of a cut trace: title %q", got)
	}
	if got := r.phaseLabel(w); !strings.HasPrefix(got, "trace cut here") {
		t.Errorf("at the end of a cut trace: phase %q, want it to say the trace was cut", got)
	}
}

// From a user's report: at cursor 0 of an HPA* query whose first phase
// searched nothing (the start joined its cluster's nodes by straight
// lines), the top bar said "next: insert L1" while the timeline's hover
// tip at that place named the next phase, the one the first event is in.
// Both name the first event's phase.
func TestCursorZeroNamesTheFirstEventsPhase(t *testing.T) {
	w := openWorld(t, 40, 40)
	w.Begin()
	w.SetAlgo(world.AlgoHPA)
	w.SetEndpoints(image.Pt(5, 5), image.Pt(35, 35))
	w.Wait()
	tr := w.Timeline.Trace()
	if tr == nil || len(tr.Phases) < 2 || tr.PhaseEnd(0) > tr.Phases[0].Start {
		t.Fatalf("want a trace whose first phase is empty; phases %+v", tr)
	}
	w.SeekTo(0)
	r := New()
	k := tr.PhaseAt(0)
	want := "before the first event · next: " + tr.Phases[k].Name
	if got := r.phaseLabel(w); got != want {
		t.Errorf("top bar at cursor 0: %q, want %q", got, want)
	}
	if tip := timelineTip(tr, w.Timeline.Len(), 0); !strings.Contains(tip, ": "+tr.Phases[k].Name+" (") {
		t.Errorf("tip at cursor 0: %q, want it to name %q as the top bar does", tip, tr.Phases[k].Name)
	}
	// The log's step line and the open list's phase (both PhaseName) had
	// kept naming the empty first phase.
	if got := w.PhaseName(); got != tr.Phases[k].Name {
		t.Errorf("PhaseName at cursor 0: %q, want %q", got, tr.Phases[k].Name)
	}
	var log bytes.Buffer
	w.Log = world.NewEventLog(&log)
	w.SeekTo(1)
	w.StepBy(-1)
	if want := "phase=" + strconv.Quote(tr.Phases[k].Name); !strings.Contains(log.String(), want) {
		t.Errorf("step back to cursor 0 logged %q, want %s", log.String(), want)
	}
}

// Regression (a lecturer's report): the compact phases row read
// "insert L1 111, …, smooth 2,043", smoothing's figure like the
// expansions beside it, though smoothing counts cells checked (the row a
// phase says so, and the bottom bar counts lines tried). A phase whose
// unit is not expansions gives it after its figure, in either form.
func TestPhasesRowSaysSmoothingsUnit(t *testing.T) {
	w := builtinWorld(t, world.AlgoHPA)
	w.Outcome.Phases = []world.PhaseStat{
		{Name: "insert L1", Level: 0, Expanded: 111},
		{Name: "abstract L2", Level: 2, Expanded: 40},
		{Name: "smooth", Level: 0, Expanded: 2043, Unit: "cells checked"},
	}
	r := New()
	for _, compact := range []bool{true, false} {
		var drawn []string
		r.fonts.drawn = &drawn
		r.drawNumbers(ebiten.NewImage(PanelWidth, 800), &Frame{World: w}, 10, 10, float64(PanelWidth-20), compact)
		r.fonts.drawn = nil
		all := strings.Join(drawn, " ")
		if !strings.Contains(all, "2,043 cells checked") {
			t.Errorf("compact %v: smoothing's figure without its unit:\n%s", compact, strings.Join(drawn, "\n"))
		}
		if compact && !strings.Contains(all, "insert L1 111,") {
			t.Errorf("compact: an expansion figure with a unit after it:\n%s", strings.Join(drawn, "\n"))
		}
	}
}

// From a user test at 150 %: where the gallery cuts the entries that are
// not selected, pathological-minimum kept its first two lines and lost
// "Press M: …", the one sentence that says what to try. A cut entry now
// keeps its instruction (the sentence from "Press "), the text before it
// giving up lines instead, marked with "…".
func TestGalleryCutKeepsTheInstruction(t *testing.T) {
	r := New()
	items := builtinGallery(t)
	cutSeen := 0
	for _, size := range [][2]int{{732, 458}, {854, 534}, {842, 480}, {672, 373}, {586, 439}, {640, 360}} {
		l := ComputeLayout(size[0], size[1], true)
		for sel := range items {
			v := r.Gallery(l, items, sel)
			for i, it := range items {
				k := strings.Index(it.About, "Press ")
				if k < 0 || !v.Cut[i] || len(v.Lines[i]) < 2 {
					continue
				}
				cutSeen++
				got := strings.Join(v.Lines[i], " ")
				press := it.About[k : k+len("Press M:")]
				if !strings.Contains(got, press) {
					t.Errorf("%v, selection %d: entry %q cut to %q, without %q", size, sel, it.Name, v.Lines[i], press)
				}
				if !strings.Contains(got, "…") {
					t.Errorf("%v: entry %q cut without an ellipsis: %q", size, it.Name, v.Lines[i])
				}
				width := float64(v.Rows[i].Dx() - 36)
				for _, line := range v.Lines[i] {
					if w := r.fonts.Width(r.fonts.UI, line); w > width {
						t.Errorf("%v: line %q is %.0f px wide, the entry has %.0f", size, line, w, width)
					}
				}
			}
		}
	}
	if cutSeen == 0 {
		t.Fatal("no entry with an instruction was cut to two lines or more: the test needs smaller boxes")
	}
}

// At 150 % a teacher read "group hierarchy · octile · minimum · e…" on the
// folded switch rows: the exclusion being taught was cut off. The
// algorithm's own switches come right after it.
func TestFoldedSummaryPutsTheAlgorithmsSwitchesFirst(t *testing.T) {
	rows := []SwitchRow{
		{Label: "algorithm", Value: "group hierarchy"},
		{Label: "heuristic", Value: "octile"},
		{Label: "connection cost", Value: "minimum"},
		{Label: "exclusion", Value: "off"},
		{Label: "cluster size", Value: "10", Dim: true},
		{Label: "levels", Value: "1"},
		{Label: "neighbourhood", Value: "8-connected"},
		{Label: "tool", Value: "query"},
	}
	want := "groups · minimum · exclusion off · levels 1 · octile · 8-connected · query"
	if got := switchSummary(rows); got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
	hpa := []SwitchRow{
		{Label: "algorithm", Value: "HPA*"},
		{Label: "heuristic", Value: "octile", Dim: true},
		{Label: "neighbourhood", Value: "8-connected"},
		{Label: "transitions", Value: "sparse: paper's rule"},
		{Label: "agent refine", Value: "eager: whole route"},
		{Label: "view level", Value: "1 of 2"},
		{Label: "tool", Value: "query"},
	}
	want = "HPA* · sparse · eager · view level 1 of 2 · 8-connected · query"
	if got := switchSummary(hpa); got != want {
		t.Errorf("HPA* summary %q, want %q", got, want)
	}
}

// From the last session's list: with HPA*'s path cache on and smoothing
// off, refinement reads stored paths and records phases without events,
// and the finished top bar named the abstract search "last phase".
func TestFinishedNamesTrailingEmptyPhases(t *testing.T) {
	w := openWorld(t, 40, 40)
	w.Begin()
	w.SetAlgo(world.AlgoHPA)
	w.Settings.CachePaths = true
	w.Settings.NoSmooth = true
	w.Settings.NoShortcut = true
	w.SetEndpoints(image.Pt(2, 2), image.Pt(37, 37))
	w.Wait()
	tr := w.Timeline.Trace()
	w.SeekTo(w.Timeline.Len())
	k := w.Timeline.Phase()
	if tr == nil || k < 0 || k == len(tr.Phases)-1 {
		t.Fatalf("want a trace whose last phases are empty; phase %d of %+v", k, tr)
	}
	got := New().phaseLabel(w)
	want := fmt.Sprintf("finished · last search: %s (%d later phases searched nothing)", tr.Phases[k].Name, len(tr.Phases)-1-k)
	if got != want {
		t.Errorf("finished top bar %q, want %q", got, want)
	}
}
