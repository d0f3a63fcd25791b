package game

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A reviewer's finding: resolve no longer cleans a typed path ("link/.." is followed
// as the system follows it), but ownFile still compares paths cleaned
// lexically (filepath.Abs). Save as "link/../x.pls", where link points
// into another folder holding an x.pls of its own, is taken for the
// session's own file (<shown>/x.pls, its -save file) and written over at
// once, without the "exists: Enter again writes over it" question.
func TestSaveAsThroughSymlinkAsksBeforeOverwriting(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "shown")
	other := filepath.Join(root, "other")
	for _, d := range []string{dir, filepath.Join(other, "sub")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(other, "sub"), filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	foreign := filepath.Join(other, "x.pls")
	if err := os.WriteFile(foreign, []byte("someone else's\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	g := drawnGame(t, 1200, 760)
	g.w.SaveTo = filepath.Join(dir, "x.pls") // the session's own file (-save)
	g.openPrompt(promptSaveAs)
	p := g.prompt
	p.dir = dir
	p.text = []rune("link/../x.pls")
	p.cur = len(p.text)
	g.submitPrompt()
	b, _ := os.ReadFile(foreign)
	if string(b) != "someone else's\n" {
		t.Errorf("save as link/../x.pls wrote over %s (another file than the session's %s) without asking", foreign, g.w.SaveTo)
	}
	if g.prompt == nil || !strings.Contains(g.prompt.note, "exists") {
		t.Errorf("no overwrite question: prompt %v", g.prompt)
	}
}

// A reviewer's finding: expandHome trims the home folder's trailing separator before
// adding the rest, so with HOME=/ (containers, service users) "~" becomes
// "" and "~" typed at Ctrl+O resolves to the prompt's folder, not /
// (filepath.Join gave "/" before).
func TestTildeWithRootHome(t *testing.T) {
	t.Setenv("HOME", "/")
	if got := expandHome("~"); got != "/" {
		t.Errorf(`expandHome("~") with HOME=/ = %q, want "/"`, got)
	}
	p := &prompt{kind: promptOpen, dir: t.TempDir()}
	if got := p.resolve("~"); got != "/" {
		t.Errorf(`resolve("~") with HOME=/ = %q, want "/"`, got)
	}
}

// A tester's finding: save as "sub/../name" with no sub gave the raw
// "…: cannot save: creating a file in its folder: no such file or
// directory"; it is refused in the prompt as any unusable folder is.
func TestSaveAsThroughMissingFolder(t *testing.T) {
	dir := t.TempDir()
	g := drawnGame(t, 1200, 760)
	g.openPrompt(promptSaveAs)
	p := g.prompt
	p.dir = dir
	p.text = []rune("sub/../name")
	p.cur = len(p.text)
	g.submitPrompt()
	if g.prompt == nil || !strings.Contains(g.prompt.note, "cannot be used") || strings.Contains(g.prompt.note, "creating a file") {
		t.Fatalf("save as sub/../name with no sub: prompt %+v", g.prompt)
	}
	if _, err := os.Stat(filepath.Join(dir, "name.pls")); err == nil {
		t.Fatal("a file was written")
	}
}
