package game

import (
	"bytes"
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/render"
)

// squareWhere returns the centre of a 5×5 square of the grid whose cells
// all satisfy ok, with the centre cell satisfying centre.
func squareWhere(t *testing.T, g *Game, centre, ok func(image.Point) bool) image.Point {
	t.Helper()
	gr := g.w.Grid
	for y := 2; y < gr.Height()-2; y++ {
	next:
		for x := 2; x < gr.Width()-2; x++ {
			c := image.Pt(x, y)
			if !centre(c) || c == g.w.Start || c == g.w.Goal {
				continue
			}
			for dy := -2; dy <= 2; dy++ {
				for dx := -2; dx <= 2; dx++ {
					p := c.Add(image.Pt(dx, dy))
					if p != c && (!ok(p) || p == g.w.Start || p == g.w.Goal) {
						continue next
					}
				}
			}
			return c
		}
	}
	t.Fatal("no such square on the map")
	return image.Point{}
}

// A level designer's one-cell fill missed the end of a corridor, and a fill
// begun on a tree dug. Ctrl+] widens the brush and Ctrl+[ narrows it (the
// cluster size, on ] and [ alone, stays); Shift+D forces dig or fill (the
// paint tool, on D alone, stays the tool it was). The panel's paint row
// shows both,
// the paint tool's stroke paints the whole square, forced, as one undo
// step; a stroke in progress keeps the brush it began with.
func TestBrushSizeAndPaintModeKeys(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	var log bytes.Buffer
	g.w.Log = world.NewEventLog(&log)
	var held heldKeys
	fakeKeys(t, &held)
	row := func(label string) string {
		t.Helper()
		r, ok := g.panelRow(label)
		if !ok {
			t.Fatalf("no %q row in the panel", label)
		}
		return r.Value
	}
	if g.brushSize != 1 || g.paintMode != world.PaintAuto || row("paint") != "by first cell, 1×1" {
		t.Fatalf("start: brush %d mode %v, row %q: want a one-cell brush whose first cell decides",
			g.brushSize, g.paintMode, row("paint"))
	}
	cluster, tool := g.w.Settings.Cluster(), g.tool

	press(g, &held, ebiten.KeyControl, ebiten.KeyBracketRight)
	press(g, &held, ebiten.KeyControl, ebiten.KeyBracketRight)
	if g.brushSize != 5 || row("paint") != "by first cell, 5×5" || !strings.Contains(g.w.Message, "5×5") {
		t.Fatalf("Ctrl+] twice: brush %d, row %q, message %q; want 5×5", g.brushSize, row("paint"), g.w.Message)
	}
	press(g, &held, ebiten.KeyControl, ebiten.KeyBracketLeft)
	if g.brushSize != 3 {
		t.Fatalf("Ctrl+[: brush %d, want 3", g.brushSize)
	}
	for range 3 {
		press(g, &held, ebiten.KeyControl, ebiten.KeyBracketLeft)
	}
	if g.brushSize != 1 || !strings.Contains(g.w.Message, "narrowest") {
		t.Fatalf("Ctrl+[ past the narrowest: brush %d, message %q", g.brushSize, g.w.Message)
	}
	press(g, &held, ebiten.KeyControl, ebiten.KeyBracketRight)
	if g.w.Settings.Cluster() != cluster {
		t.Fatalf("Ctrl+] changed the cluster size to %d", g.w.Settings.Cluster())
	}

	press(g, &held, ebiten.KeyShift, ebiten.KeyD)
	press(g, &held, ebiten.KeyShift, ebiten.KeyD)
	if g.paintMode != world.PaintFill || row("paint") != "fill only, 3×3" || g.tool != tool {
		t.Fatalf("Shift+D twice: mode %v, row %q, tool %s; want fill only, the tool kept", g.paintMode, row("paint"), g.tool.Name())
	}
	for _, want := range []string{"switch name=brush_size value=5", "switch name=paint value=fill"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("the log lacks %q", want)
		}
	}

	// A forced fill begun on a wall, with a 3×3 brush: the whole band.
	gr := g.w.Grid
	wall := squareWhere(t, g, func(p image.Point) bool { return !gr.Open(p) }, func(p image.Point) bool { return true })
	edits := g.w.EditCount()
	outside := []image.Point{wall.Add(image.Pt(-2, 1)), wall.Add(image.Pt(2, 1)), wall.Add(image.Pt(0, 3))}
	open := map[image.Point]bool{}
	for _, p := range outside {
		open[p] = gr.Open(p)
	}
	paint := g.tools[1]
	paint.Press(g, wall, false)
	if k, ok := g.w.Painting(); !ok || k != world.EditFill {
		t.Fatalf("a fill-only stroke begun on the wall %v is %v", wall, k)
	}
	g.stepBrushSize(+1) // during the stroke: it keeps its 3×3
	press(g, &held, ebiten.KeyShift, ebiten.KeyD)
	f := render.Frame{BrushSize: g.brushSize, PaintMode: g.paintMode}
	g.strokeFrame(&f)
	if f.BrushSize != 3 || f.PaintMode != world.PaintFill || f.Caption != "painting 3×3: fill only" ||
		!strings.Contains(g.w.Message, "from the next stroke") {
		t.Fatalf("brush widened and mode changed mid-stroke: outline %d×%d %v, caption %q, message %q; "+
			"want the stroke's own 3×3 fill only, and a note that the change is for the next stroke",
			f.BrushSize, f.BrushSize, f.PaintMode, f.Caption, g.w.Message)
	}
	press(g, &held, ebiten.KeyShift, ebiten.KeyD)
	press(g, &held, ebiten.KeyShift, ebiten.KeyD) // back to fill only, for the rows below
	paint.Drag(g, wall.Add(image.Pt(0, 1)))
	paint.Release(g, wall.Add(image.Pt(0, 1)))
	for dy := -1; dy <= 2; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if p := wall.Add(image.Pt(dx, dy)); gr.Open(p) {
				t.Errorf("cell %v under the 3×3 brush is open after the fill", p)
			}
		}
	}
	for _, p := range outside {
		if gr.Open(p) != open[p] {
			t.Errorf("cell %v beside the 3×3 brush changed: the stroke took the brush widened during it", p)
		}
	}
	if g.w.EditCount() != edits+1 {
		t.Fatalf("%d edits for one stroke", g.w.EditCount()-edits)
	}
	g.undo()
	if g.w.EditCount() != edits || gr.Open(wall) {
		t.Fatalf("one undo: %d edits, wall open %v; want the stroke gone and the wall back", g.w.EditCount()-edits, gr.Open(wall))
	}

	// Back to the first cell deciding: the same stroke digs.
	press(g, &held, ebiten.KeyShift, ebiten.KeyD)
	if g.paintMode != world.PaintAuto || row("paint") != "by first cell, 5×5" {
		t.Fatalf("Shift+D a third time: mode %v, want first cell decides", g.paintMode)
	}
	paint.Press(g, wall, false)
	if k, _ := g.w.Painting(); k != world.EditDig {
		t.Fatalf("a stroke begun on the wall %v is %v, want dig", wall, k)
	}
	paint.Release(g, wall)
	if !gr.Open(wall) {
		t.Fatal("the dig left the wall")
	}
}

// The help (F1) and the key table name the brush keys.
func TestBrushKeysInTheHelp(t *testing.T) {
	var text strings.Builder
	for _, sec := range helpSections() {
		for _, r := range sec.Rows {
			text.WriteString(r[0] + " " + r[1] + "\n")
		}
	}
	for _, want := range []string{"Ctrl+] brush 1, 3, 5, 9 cells wide; Ctrl+[: narrower", "Shift+D paint: first cell decides, dig only, fill only"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the help lacks %q", want)
		}
	}
}

// The caption names the brush before the mode: the top bar clips a long
// caption at its end, and a new user saw "painting: fill onl…" with the
// size lost beside a long phase.
func TestPaintingCaptionPutsTheBrushFirst(t *testing.T) {
	for _, c := range []struct {
		k     world.EditKind
		m     world.PaintMode
		brush int
		want  string
	}{
		{world.EditFill, world.PaintAuto, 1, "painting: fill"},
		{world.EditFill, world.PaintFill, 9, "painting 9×9: fill only"},
		{world.EditDig, world.PaintDig, 3, "painting 3×3: dig only"},
		{world.EditWeight, world.PaintFill, 5, "painting 5×5: weight"},
	} {
		if got := paintingCaption(c.k, c.m, c.brush); got != c.want {
			t.Errorf("paintingCaption(%v, %v, %d) = %q, want %q", c.k, c.m, c.brush, got, c.want)
		}
	}
}
