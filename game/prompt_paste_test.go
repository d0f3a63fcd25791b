package game

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// fakeClipboard makes pastes run found (the tools on PATH) through run
// until the test ends.
func fakeClipboard(t *testing.T, found []string, run func(ctx context.Context, argv []string) ([]byte, error)) {
	lp, rp, to := lookPath, runPaste, pasteTimeout
	lookPath = func(name string) (string, error) {
		for _, f := range found {
			if f == name {
				return "/usr/bin/" + name, nil
			}
		}
		return "", errors.New("not found")
	}
	runPaste = run
	pasteTimeout = 200 * time.Millisecond
	t.Cleanup(func() { lookPath, runPaste, pasteTimeout = lp, rp, to })
}

// paste presses Ctrl+V in the open prompt and runs frames until the
// clipboard read has been taken.
func paste(t *testing.T, g *Game, held *heldKeys) {
	t.Helper()
	*held = heldKeys{ebiten.KeyControl: 5, ebiten.KeyV: 1}
	g.updatePrompt()
	*held = heldKeys{ebiten.KeyControl: 5}
	for i := 0; g.prompt.paste != nil; i++ {
		if i > 500 {
			t.Fatal("the paste never arrived")
		}
		time.Sleep(2 * time.Millisecond)
		g.updatePrompt()
	}
	*held = heldKeys{}
}

// Ctrl+V puts the clipboard's first line in at the caret, replacing the
// selection (save as opens with the file name selected); without a
// clipboard tool, or with one that fails or never answers, the prompt says
// why and keeps its text.
func TestPromptPaste(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	var held heldKeys
	fakeKeys(t, &held)
	var asked []string
	fakeClipboard(t, []string{"xclip", "xsel"}, func(ctx context.Context, argv []string) ([]byte, error) {
		asked = append(asked, argv[0])
		return []byte("\nlevel2.pls\nsecond line\n"), nil
	})
	g.openPrompt(promptSaveAs)
	dir := string(g.prompt.text[:len(g.prompt.text)-g.prompt.sel])
	paste(t, g, &held)
	if got := string(g.prompt.text); got != dir+"level2.pls" || g.prompt.cur != len(g.prompt.text) || g.prompt.sel != 0 {
		t.Fatalf("paste over the selected name: %q (caret %d, selection %d), want %q", got, g.prompt.cur, g.prompt.sel, dir+"level2.pls")
	}
	if len(asked) != 1 || asked[0] != "xclip" {
		t.Errorf("tools run: %v, want the first found alone (xclip)", asked)
	}
	g.closePrompt()

	for _, c := range []struct {
		name  string
		found []string
		run   func(ctx context.Context, argv []string) ([]byte, error)
		note  string
	}{
		{"no tool", nil, nil, "paste needs one of wl-paste, xclip or xsel"},
		{"tool fails", []string{"xsel"}, func(context.Context, []string) ([]byte, error) {
			return nil, errors.New("exit status 1")
		}, "xsel could not read the clipboard: exit status 1"},
		{"tool hangs", []string{"wl-paste"}, func(ctx context.Context, _ []string) ([]byte, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		}, "wl-paste gave no clipboard within"},
		{"empty", []string{"xclip"}, func(context.Context, []string) ([]byte, error) { return []byte("\n"), nil }, "the clipboard holds no text"},
	} {
		fakeClipboard(t, c.found, c.run)
		typeInto(g, promptGoto, "12,")
		g.prompt.cur = 3
		paste(t, g, &held)
		if got := string(g.prompt.text); got != "12," || !g.prompt.err || !strings.Contains(g.prompt.note, c.note) {
			t.Errorf("%s: text %q, note %q (refusal %v), want the text kept and %q", c.name, got, g.prompt.note, g.prompt.err, c.note)
		}
		g.closePrompt()
	}
}
