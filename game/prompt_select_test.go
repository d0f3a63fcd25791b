package game

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Regression (new-user test): save as opened with ".../level1.pls" and the
// caret after it, so typing level1-edited.tmx gave
// ".../level1.plslevel1-edited.tmx". As in a desktop save dialog, the
// prompt opens with the file name (after the last separator) selected:
// typing replaces it, Backspace and Delete delete it, and arrows, Home,
// End, Tab, Ctrl+W and Ctrl+U drop the selection first, then act as ever.
// The open prompt starts with a folder and selects nothing.
func TestSaveAsSelectsTheFileName(t *testing.T) {
	g, dir := exportGame(t)
	var held heldKeys
	fakeKeys(t, &held)
	folder := dir + string(filepath.Separator)
	open := func() *prompt {
		t.Helper()
		g.closePrompt()
		g.openPrompt(promptSaveAs)
		p := g.prompt
		if got := string(p.text); got != folder+"room.pls" {
			t.Fatalf("save as opens with %q, want %q", got, folder+"room.pls")
		}
		v := g.promptView()
		if sel := []rune(v.Text)[v.SelFrom:v.SelTo]; string(sel) != "room.pls" {
			t.Fatalf("save as opens with %q selected, want the file name", string(sel))
		}
		return p
	}
	frame := func(k heldKeys, typed string) {
		held = k
		g.in.typed = []rune(typed)
		g.updatePrompt()
		held, g.in.typed = nil, nil
	}
	for _, c := range []struct {
		what  string
		keys  heldKeys
		typed string
		want  string // the text after, then ".x" typed
	}{
		{"typing", nil, "level1-edited.map", folder + "level1-edited.map"},
		{"Backspace", heldKeys{ebiten.KeyBackspace: 1}, "", folder},
		{"Ctrl+Backspace", heldKeys{ebiten.KeyControl: 3, ebiten.KeyBackspace: 1}, "", folder},
		{"Delete", heldKeys{ebiten.KeyDelete: 1}, "", folder},
		{"Left", heldKeys{ebiten.KeyArrowLeft: 1}, "", folder + "room.pls"},
		{"Right", heldKeys{ebiten.KeyArrowRight: 1}, "", folder + "room.pls"},
		{"Home", heldKeys{ebiten.KeyHome: 1}, "", folder + "room.pls"},
		{"End", heldKeys{ebiten.KeyEnd: 1}, "", folder + "room.pls"},
		{"Ctrl+W", heldKeys{ebiten.KeyControl: 3, ebiten.KeyW: 1}, "", folder},
		{"Ctrl+U", heldKeys{ebiten.KeyControl: 3, ebiten.KeyU: 1}, "", ""},
	} {
		p := open()
		frame(c.keys, c.typed)
		if got := string(p.text); got != c.want {
			t.Errorf("%s: the text is %q, want %q", c.what, got, c.want)
		}
		if v := g.promptView(); v.SelFrom != v.SelTo || p.sel != 0 {
			t.Errorf("%s: the selection stayed (%d..%d)", c.what, v.SelFrom, v.SelTo)
		}
		// Typed next: at the caret, replacing nothing.
		before, cur := string(p.text[:p.cur]), string(p.text[p.cur:])
		frame(nil, "x")
		if got := string(p.text); got != before+"x"+cur {
			t.Errorf("%s, then x: %q, want %q", c.what, got, before+"x"+cur)
		}
	}
	// Left then typed: the caret moved one letter back from the end.
	p := open()
	frame(heldKeys{ebiten.KeyArrowLeft: 1}, "")
	frame(nil, "X")
	if got := string(p.text); got != folder+"room.plXs" {
		t.Errorf("Left, then X: %q", got)
	}
	// Tab: the selection dropped, the name before the caret completed.
	p = open()
	frame(heldKeys{ebiten.KeyTab: 1}, "")
	if p.sel != 0 || !strings.HasPrefix(string(p.text), folder+"room.pls") {
		t.Errorf("Tab: %q, selection %d", string(p.text), p.sel)
	}
	// The whole flow the new user tried: type a name, Enter exports there.
	p = open()
	frame(nil, "room-edited.txt")
	enter(g, &held)
	if g.prompt != nil {
		t.Fatalf("typed over the selection then Enter: the prompt stayed: %+v", g.prompt)
	}
	g.openPrompt(promptOpen)
	if v := g.promptView(); v.SelFrom != v.SelTo {
		t.Errorf("the open prompt starts with %d..%d selected", v.SelFrom, v.SelTo)
	}
}
