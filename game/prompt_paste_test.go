package game

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

// fakeClipboard makes pastes run found (the tools on PATH) through run,
// under X11 alone, until the test ends.
func fakeClipboard(t *testing.T, found []string, run func(ctx context.Context, argv []string) ([]byte, string, error)) {
	lp, rp, to, ge := lookPath, runPaste, pasteTimeout, getenv
	getenv = func(string) string { return "" }
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
	t.Cleanup(func() { lookPath, runPaste, pasteTimeout, getenv = lp, rp, to, ge })
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
	fakeClipboard(t, []string{"wl-paste", "xclip", "xsel"}, func(ctx context.Context, argv []string) ([]byte, string, error) {
		asked = append(asked, argv[0])
		return []byte("\nlevel2.pls\nsecond line\n"), "", nil
	})
	g.openPrompt(promptSaveAs)
	dir := string(g.prompt.text[:len(g.prompt.text)-g.prompt.sel])
	paste(t, g, &held)
	if got := string(g.prompt.text); got != dir+"level2.pls" || g.prompt.cur != len(g.prompt.text) || g.prompt.sel != 0 {
		t.Fatalf("paste over the selected name: %q (caret %d, selection %d), want %q", got, g.prompt.cur, g.prompt.sel, dir+"level2.pls")
	}
	if len(asked) != 1 || asked[0] != "xclip" {
		t.Errorf("tools run: %v, want the first X11 one found alone (xclip: no Wayland here)", asked)
	}
	g.closePrompt()

	for _, c := range []struct {
		name  string
		found []string
		run   func(ctx context.Context, argv []string) ([]byte, string, error)
		note  string
	}{
		{"no tool", nil, nil, "paste needs one of wl-paste, xclip or xsel"},
		{"tool fails", []string{"xsel"}, func(context.Context, []string) ([]byte, string, error) {
			return nil, "xsel: Can't open display: :0\n", errors.New("exit status 1")
		}, "xsel could not read the clipboard: xsel: Can't open display: :0"},
		{"tool hangs", []string{"xclip"}, func(ctx context.Context, _ []string) ([]byte, string, error) {
			<-ctx.Done()
			return nil, "", ctx.Err()
		}, "xclip gave no clipboard within"},
		// xclip and wl-paste exit 1 on an empty clipboard, saying so
		{"empty, xclip", []string{"xclip"}, func(context.Context, []string) ([]byte, string, error) {
			return nil, "Error: target STRING not available\n", errors.New("exit status 1")
		}, "the clipboard holds no text"},
		{"empty", []string{"xclip"}, func(context.Context, []string) ([]byte, string, error) { return []byte("\n"), "", nil }, "the clipboard holds no text"},
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

	// A tool that fails hands over to the next: xclip cannot reach the
	// display, xsel can.
	asked = nil
	fakeClipboard(t, []string{"xclip", "xsel"}, func(_ context.Context, argv []string) ([]byte, string, error) {
		asked = append(asked, argv[0])
		if argv[0] == "xclip" {
			return nil, "Error: Can't open display", errors.New("exit status 1")
		}
		return []byte("7,9"), "", nil
	})
	typeInto(g, promptGoto, "")
	paste(t, g, &held)
	if got := string(g.prompt.text); got != "7,9" || len(asked) != 2 {
		t.Errorf("after xclip failed: text %q, tools run %v, want xsel's 7,9", got, asked)
	}
	g.closePrompt()
}

// The 2 s limit holds even when the tool leaves a child holding its output
// open (Run waited for it: a review's stand-in xclip took 8 s to give up).
func TestPasteTimeoutHoldsAgainstAChildKeepingTheOutput(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" {
		t.Skip("the X11 tools are looked for only on Linux and the BSDs")
	}
	dir := t.TempDir()
	script := "#!/bin/sh\nsleep 5 &\nsleep 5\n"
	if err := os.WriteFile(filepath.Join(dir, "xclip"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	ge, to := getenv, pasteTimeout
	getenv = func(string) string { return "" }
	pasteTimeout = 200 * time.Millisecond
	t.Cleanup(func() { getenv, pasteTimeout = ge, to })
	t0 := time.Now()
	_, err := pasteText()
	if d := time.Since(t0); d > 2*time.Second || err == nil || !strings.Contains(err.Error(), "gave no clipboard within") {
		t.Errorf("paste from a stuck xclip: %v after %v, want a timeout within about 0.3 s", err, d)
	}
}
