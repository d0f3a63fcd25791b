package game

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// Regression (a user): Ctrl+Z in an open prompt (Ctrl+O, Ctrl+G,
// Ctrl+Shift+S) did nothing and said nothing. As in any text field it
// undoes the last edit of the line (letters typed in a row, or deleted in
// a row, as one step; a paste, a cut word, Tab each a step), Ctrl+Y or
// Ctrl+Shift+Z redoes it; with nothing typed to undo, the note under the
// line says so and that the map's undo waits for the prompt to close. The
// map is never undone from the prompt.
func TestCtrlZInThePromptUndoesItsEdits(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	g.w.Log = world.NewEventLog(nil)
	t.Cleanup(func() { g.w.Close() })
	// An edit of the map, which the prompt's Ctrl+Z must leave alone.
	g.w.BeginStroke(image.Pt(60, 40), 0)
	g.w.EndStroke()
	g.w.Wait()
	steps := g.w.UndoSteps()
	if steps == 0 {
		t.Fatal("the stroke left no undo step")
	}
	var held heldKeys
	fakeKeys(t, &held)
	frame := func(k heldKeys, typed string) {
		held = k
		g.in.typed = []rune(typed)
		g.updatePrompt()
		held, g.in.typed = nil, nil
	}
	ctrlZ := heldKeys{ebiten.KeyControl: 3, ebiten.KeyZ: 1}
	ctrlY := heldKeys{ebiten.KeyControl: 3, ebiten.KeyY: 1}
	ctrlShiftZ := heldKeys{ebiten.KeyControl: 3, ebiten.KeyShift: 3, ebiten.KeyZ: 1}
	g.openPrompt(promptGoto)
	p := g.prompt
	text := func(want, what string) {
		t.Helper()
		if got := string(p.text); got != want {
			t.Errorf("%s: line %q, want %q", what, got, want)
		}
	}
	hint := p.note
	frame(ctrlZ, "")
	if !strings.Contains(p.note, "nothing typed here to undo") || !strings.Contains(p.note, "once the prompt is closed") {
		t.Errorf("Ctrl+Z on an untouched line: note %q, want it to say there is nothing to undo and the map's undo waits", p.note)
	}
	for _, c := range "12,7" {
		frame(nil, string(c))
	}
	text("12,7", "typed")
	if p.note != hint {
		t.Errorf("after typing: note %q, want the hint %q back", p.note, hint)
	}
	frame(heldKeys{ebiten.KeyArrowLeft: 1}, "") // the caret moves: a new step
	frame(nil, "0")
	text("12,07", "typed after moving the caret")
	frame(heldKeys{ebiten.KeyEnd: 1}, "")
	frame(heldKeys{ebiten.KeyBackspace: 1}, "")
	frame(heldKeys{ebiten.KeyBackspace: 1}, "")
	text("12,", "two Backspaces")
	frame(heldKeys{ebiten.KeyControl: 3, ebiten.KeyW: 1}, "")
	text("", "Ctrl+W")
	for _, want := range []string{"12,", "12,07", "12,7", ""} {
		frame(ctrlZ, "")
		text(want, "Ctrl+Z")
	}
	frame(ctrlZ, "")
	text("", "Ctrl+Z with nothing left")
	if !strings.Contains(p.note, "nothing typed here to undo") {
		t.Errorf("Ctrl+Z past the first edit: note %q", p.note)
	}
	frame(ctrlY, "")
	text("12,7", "Ctrl+Y")
	frame(ctrlShiftZ, "")
	text("12,07", "Ctrl+Shift+Z")
	// A new edit forgets what was undone.
	frame(nil, "x")
	frame(ctrlY, "")
	text("12,07x", "Ctrl+Y after a new edit")
	if !strings.Contains(p.note, "nothing undone here to redo") {
		t.Errorf("Ctrl+Y with nothing undone: note %q", p.note)
	}
	if g.prompt != p || g.w.UndoSteps() != steps {
		t.Errorf("the prompt's Ctrl+Z / Ctrl+Y: prompt closed %v, map's undo steps %d, were %d", g.prompt != p, g.w.UndoSteps(), steps)
	}

	// Save as opens with the file name selected: typed over, then undone,
	// the name is back and selected again.
	g.closePrompt()
	g.openPrompt(promptSaveAs)
	p = g.prompt
	was, sel := string(p.text), p.sel
	frame(nil, "level2.map")
	frame(ctrlZ, "")
	text(was, "Ctrl+Z after typing over the selected name")
	if p.sel != sel {
		t.Errorf("Ctrl+Z after typing over the selection: %d selected, want %d", p.sel, sel)
	}
	g.closePrompt()
}
