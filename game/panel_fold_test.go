package game

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/render"
)

// hpaScaled returns a game on the default world with an HPA* query answered,
// laid out and drawn in a 1280×800 window at UI scale s.
func hpaScaled(t *testing.T, s float64) *Game {
	t.Helper()
	g := hpaAtScale(t, s)
	redraw(g)
	return g
}

// hpaAtScale returns a game on the default world with an HPA* query
// answered, at UI scale s, not yet laid out.
func hpaAtScale(t *testing.T, s float64) *Game {
	t.Helper()
	wd, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	wd.Settings.Algo = world.AlgoHPA
	wd.Begin()
	wd.Wait()
	g, err := New(wd, Options{UIScale: s})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// redraw lays g out in a 1280×800 window at its UI scale and draws a
// frame, as Update and Draw do.
func redraw(g *Game) {
	w, h := g.Layout(1280, 800)
	g.lay = g.layout(w, h)
	g.fit()
	g.drawnAt = time.Time{}
	g.Draw(ebiten.NewImage(w, h))
}

// checkWholeLines fails when the panel's lower part, as last drawn, shows
// a line cut by its box or by the panel's bottom, or leaves the lines
// after the view's end hidden while the view does not end the content.
func checkWholeLines(t *testing.T, g *Game, what string) render.PanelView {
	t.Helper()
	v := g.r.PanelShown()
	if v.MaxFirst == 0 {
		return v
	}
	if v.Area.Max.Y > g.lay.Panel.Max.Y {
		t.Errorf("%s: the lines' box %v goes past the panel's bottom %d", what, v.Area, g.lay.Panel.Max.Y)
	}
	if v.Last <= v.First {
		t.Errorf("%s: the view shows no line (first %d, lines %d)", what, v.First, v.Lines)
	}
	if v.First == v.MaxFirst && (v.Last != v.Lines || v.Below) {
		t.Errorf("%s: scrolled to the end, the view shows lines %d to %d of %d (more below %v): the last line is not shown",
			what, v.First, v.Last, v.Lines, v.Below)
	}
	return v
}

// Regression (a teacher at 175 % on a 1280×800 projector): the switch rows
// kept their full height and the numbers, the open list and the inspector
// shared a box three lines high, cut mid-line. At that scale the rows fold
// to one summary line by themselves; at 100 % they show as before.
func TestSwitchRowsFoldAtProjectorScale(t *testing.T) {
	g := hpaScaled(t, 1.75)
	if !g.lay.Folded {
		t.Fatalf("175 %%: the switch rows are not folded")
	}
	if rc := render.SwitchRowRect(g.lay, 0); !rc.Empty() {
		t.Errorf("175 %%, folded: switch row 0 still takes clicks at %v", rc)
	}
	v := g.r.PanelShown()
	// Lines, not rows: the panel scrolls by rows, and a wrapped row is
	// several lines of the box; the numbers' head kept over the box
	// (PanelView.Head) is lines shown too.
	if n := (v.Area.Dy() + v.Head) / 17; v.MaxFirst > 0 && n < 12 {
		t.Errorf("175 %%: the numbers show %d whole lines, want at least 12", n)
	}
	checkWholeLines(t, g, "175 %")

	g100 := hpaScaled(t, 1)
	if g100.lay.Folded {
		t.Errorf("100 %% on 1280×800: the switch rows are folded")
	}
	if rc := render.SwitchRowRect(g100.lay, 0); rc.Empty() {
		t.Errorf("100 %%: switch row 0 has no place")
	}
}

// A click on the switch rows' title unfolds them, and another folds them
// again, at any scale; unfolded at 175 %, the rest scrolls by whole lines
// down to its last line, and no further.
func TestSwitchTitleClickFoldsAndScrollEndsOnTheLastLine(t *testing.T) {
	g := hpaScaled(t, 1.75)
	title := render.SwitchTitleRect(g.lay)
	g.clickSwitch(title.Min.X+20, title.Min.Y+8)
	redraw(g)
	if g.lay.Folded {
		t.Fatalf("a click on the title left the rows folded")
	}
	if rc := render.SwitchRowRect(g.lay, 0); rc.Empty() || !rc.In(g.lay.Panel) {
		t.Errorf("unfolded: switch row 0 at %v", rc)
	}
	v := checkWholeLines(t, g, "175 %, unfolded, at the top")
	if v.MaxFirst == 0 {
		t.Fatalf("175 %% with the rows unfolded: nothing scrolls, the test needs it to")
	}
	for i := 0; i < 40; i++ {
		g.scrollPanel(3) // a notch of the wheel
		redraw(g)
		checkWholeLines(t, g, "175 %, unfolded, scrolling")
	}
	if v := g.r.PanelShown(); v.First != v.MaxFirst || g.panelScroll != v.MaxFirst {
		t.Errorf("after 40 notches: first line %d, scroll %d, want the end %d", v.First, g.panelScroll, v.MaxFirst)
	}
	g.scrollPanel(-1)
	redraw(g)
	if v := g.r.PanelShown(); v.First != v.MaxFirst-1 {
		t.Errorf("one line up from the end: first line %d, want %d (no dead notches past the end)", v.First, v.MaxFirst-1)
	}
	title = render.SwitchTitleRect(g.lay)
	g.clickSwitch(title.Min.X+20, title.Min.Y+8)
	redraw(g)
	if !g.lay.Folded {
		t.Errorf("a second click on the title left the rows unfolded")
	}
}

// Regression (a user: HPA* at 175 %, the panel wheeled down, then Ctrl+0):
// at 100 % the panel showed "more above" over a half-cut "hierarchy" line,
// hiding the path's cost and the query time, above a large empty gap. The
// scroll is clamped to the new end whenever the view changes, and what
// fits at 100 % shows from its first line.
func TestPanelScrollClampedAfterTheScaleShrinks(t *testing.T) {
	g := hpaScaled(t, 1.75)
	g.switchFold = render.FoldOpen // the most scrolling there can be
	redraw(g)
	g.scrollPanel(1000)
	redraw(g)
	if g.panelScroll == 0 {
		t.Fatalf("175 %%: the panel does not scroll, the test needs it to")
	}
	g.setUIScale(1) // Ctrl+0
	redraw(g)
	v := checkWholeLines(t, g, "100 % after Ctrl+0")
	if g.panelScroll > v.MaxFirst || v.First > v.MaxFirst {
		t.Errorf("100 %%: scroll %d, first line %d, past the end %d", g.panelScroll, v.First, v.MaxFirst)
	}
	if v.MaxFirst == 0 && v.First != 0 {
		t.Errorf("100 %%: everything fits, yet the view starts at line %d", v.First)
	}
	if v.MaxFirst > 0 && v.First > 0 && v.Last != v.Lines {
		t.Errorf("100 %%: lines hidden above (first %d) and below (last %d of %d)", v.First, v.Last, v.Lines)
	}
	// A shorter window at 100 %: still no more than its end.
	w, h := g.Layout(1280, 560)
	g.lay = g.layout(w, h)
	g.drawnAt = time.Time{}
	g.Draw(ebiten.NewImage(w, h))
	if v := g.r.PanelShown(); g.panelScroll > v.MaxFirst || v.First > v.MaxFirst {
		t.Errorf("1280×560: scroll %d, first %d, end %d", g.panelScroll, v.First, v.MaxFirst)
	}
}

// Regression (a teacher stepping HPA* at 175 % on a 1280×800 projector,
// s32–s34): the open list, which every step changes, and the inspector were
// under the numbers, out of view, and the "more below" line was cut. While
// a search is stepped the panel scrolls, as far as it takes, to show the
// whole open list, and the lines above and below name what they hide; the
// wheel takes over from there, and the next stepping follows again. At the
// end of the query the panel is where the wheel left it.
func TestPanelFollowsTheOpenListWhileStepping(t *testing.T) {
	g := hpaScaled(t, 1.75)
	if v := g.r.PanelShown(); v.First != 0 || v.MaxFirst == 0 || v.Last >= v.InspectorLine {
		t.Fatalf("175 %%, finished: view %+v; the test needs the open list cut by the fold at the top", v)
	}
	tl := &g.w.Timeline
	at := func(name string) int {
		k := tl.FindPhase(name)
		if k < 0 {
			t.Fatalf("no phase %q", name)
		}
		return tl.Trace().Phases[k].Start + 3
	}
	g.w.SeekTo(at("abstract L2"))
	g.noteStepping()
	redraw(g)
	v := g.r.PanelShown()
	if v.First > v.OpenLine || v.Last < v.InspectorLine {
		t.Errorf("stepping abstract L2: lines %d to %d shown, the open list is lines %d to %d", v.First, v.Last, v.OpenLine, v.InspectorLine)
	}
	if above := v.SectionsAbove(); v.First > 0 && !slices.Equal(above, []string{"numbers"}) {
		t.Errorf("stepping: the line above names %q", above)
	}
	checkWholeLines(t, g, "175 %, stepping")
	// The wheel moves the panel from where the open list put it.
	first := v.First
	g.scrollPanel(-1)
	redraw(g)
	if v := g.r.PanelShown(); v.First != first-1 {
		t.Errorf("a notch up while following: first line %d, want %d", v.First, first-1)
	}
	g.w.SeekTo(at("refine cells"))
	g.noteStepping()
	redraw(g)
	if v := g.r.PanelShown(); v.First != first-1 {
		t.Errorf("stepping on after the wheel: first line %d, want it where the wheel left it (%d)", v.First, first-1)
	}
	// At the end, then stepping again: it follows again.
	g.w.SeekEnd()
	g.noteStepping()
	g.scrollPanel(-100)
	redraw(g)
	if v := g.r.PanelShown(); v.First != 0 {
		t.Errorf("at the end, wheeled to the top: first line %d", v.First)
	}
	g.w.SeekTo(at("refine cells"))
	g.noteStepping()
	redraw(g)
	if v := g.r.PanelShown(); v.First > v.OpenLine || v.Last < v.InspectorLine {
		t.Errorf("stepping again: lines %d to %d shown, the open list is lines %d to %d", v.First, v.Last, v.OpenLine, v.InspectorLine)
	}
}

// A designer pinned a cell on a 1280×800 window and saw three of the
// inspector's rows above "more below". While a cell is pinned the switch
// rows fold by themselves when the inspector would not fit whole under
// them; unpinned they come back; a click that opened them keeps them
// open; a window tall enough for all keeps them.
func TestPinnedCellFoldsTheSwitchRows(t *testing.T) {
	g := hpaScaled(t, 1)
	if g.lay.Folded {
		t.Fatal("nothing pinned on 1280×800: the switch rows are folded")
	}
	g.pinned, g.hasPinned = g.w.Start, true
	redraw(g)
	if !g.lay.Folded {
		t.Fatal("a cell pinned on 1280×800: the switch rows still take the room")
	}
	if v := g.r.PanelShown(); v.MaxFirst > 0 && v.InspectorLine < v.Lines && v.Below {
		t.Errorf("pinned, rows folded: the inspector is still cut (lines %d to %d of %d, more below)", v.First, v.Last, v.Lines)
	}
	if tall := g.layout(1920, 1200); tall.Folded {
		t.Error("pinned on 1920×1200: the rows fold though all fits")
	}
	g.hasPinned = false
	redraw(g)
	if g.lay.Folded {
		t.Error("unpinned: the switch rows stay folded")
	}
	g.hasPinned = true
	g.switchFold = render.FoldOpen // the user's click on the title
	redraw(g)
	if g.lay.Folded {
		t.Error("pinned, the rows opened by a click: folded anyway")
	}
}

// A designer and a teacher on a laptop-sized window (the default window
// on a 1280×800 screen is 1264×720) hovered cells under HPA* with a ghost
// kept: the inspector sat under "more below", the numbers filling the
// panel. While a map cell is hovered the panel scrolls to show the
// inspector to its end; when the pointer leaves the map it goes back to
// where the wheel left it. At 100 % the open list's blank rows, which
// it gives up under the pointer (TestOpenListKeepsNoBlankRowsUnderThePointer
// in render), were all the panel lacked: it then shows all without
// scrolling; at a larger scale it still scrolls.
func TestHoveredCellBringsTheInspectorIntoView(t *testing.T) {
	scrolled := false
	for _, scale := range []float64{1, 1.25, 1.5, 1.75} {
		g := hpaAtScale(t, scale)
		draw := func() render.PanelView { return drawLaptop(g) }
		g.hoverOK = false
		v := draw()
		if v.MaxFirst == 0 || v.Last > v.InspectorLine {
			if scale == 1 {
				t.Fatalf("1264×720 at %v, nothing hovered: view %+v; the test needs the inspector under the fold", scale, v)
			}
			continue // the switch rows folded: all fits
		}
		g.hover, g.hoverOK = g.w.Start, true
		v = draw()
		if v.MaxFirst > 0 && (v.First > v.InspectorLine || v.Last != v.Lines || v.Below) {
			t.Errorf("%v, a cell hovered: lines %d to %d of %d shown (more below %v), the inspector starts at line %d", scale, v.First, v.Last, v.Lines, v.Below, v.InspectorLine)
		}
		checkWholeLines(t, g, "1264×720, hovered")
		if v.First > 0 {
			scrolled = true
		}
		if !v.NumbersShown() {
			// The numbers scrolled out, the top bar gives the answer (an
			// engineer lost the cost whenever the pointer was over the
			// map). Where the panel has the room, their head stays in
			// view instead (render's TestPanelKeepsTheNumbersWhileStepping).
			draw()
			if top := g.r.TopBarShown(); !strings.Contains(top, "cost ") {
				t.Errorf("%v, numbers scrolled out: top bar %q, want the answer's cost", scale, top)
			}
		}
		g.hoverOK = false
		if v := draw(); v.First != 0 {
			t.Errorf("%v, the pointer off the map: the panel stays scrolled to line %d", scale, v.First)
		}
	}
	if !scrolled {
		t.Error("the panel scrolled to the inspector at no scale: the test no longer tests that")
	}
}

// drawLaptop lays g out and draws it in the 1264×720 window a 1280×800
// screen gets, and returns the panel's view.
func drawLaptop(g *Game) render.PanelView {
	w, h := g.Layout(1264, 720)
	g.lay = g.layout(w, h)
	g.fit()
	g.drawnAt = time.Time{}
	g.Draw(ebiten.NewImage(w, h))
	return g.r.PanelShown()
}

// A review: with a cell pinned the panel was pulled to the inspector every
// frame, and the wheel over the panel could not scroll it back up to the
// numbers. A pinned cell alone (the pointer off the map) leaves the
// scroll to the wheel.
func TestPinnedCellLeavesTheWheelTheScroll(t *testing.T) {
	g := hpaAtScale(t, 1.75)
	g.pinned, g.hasPinned, g.hoverOK = g.w.Start, true, false
	draw := func() render.PanelView { return drawLaptop(g) }
	if v := draw(); v.MaxFirst == 0 {
		t.Fatalf("175 %%, 1264×720, pinned: the panel does not scroll (%+v); the test needs it to", v)
	}
	g.scrollPanel(-100)
	if v := draw(); v.First != 0 {
		t.Errorf("pinned, the wheel up over the panel: first line %d, want 0", v.First)
	}
}
