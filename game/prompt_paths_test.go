package game

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A reviewer's finding: Tab on "~/" (or "~/sub/") must list that folder and keep the
// text; resolve drops the trailing separator of a ~ path (filepath.Join in
// expandHome), so completePath lists the parent and completePrompt appends
// a second separator: "~//", "~///", ...
func TestTabOnHomeFolderListsIt(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, n := range []string{"a.map", "b.map"} {
		if err := os.WriteFile(filepath.Join(home, n), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	g := drawnGame(t, 1200, 760)
	g.openPrompt(promptOpen)
	p := g.prompt
	p.text, p.cur = []rune("~/"), 2
	g.completePrompt()
	if string(p.text) != "~/" || !slices.Equal(p.matches, []string{"a.map", "b.map"}) {
		t.Errorf("Tab on ~/: text %q, matches %q, note %q; want ~/ kept and a.map b.map listed", string(p.text), p.matches, p.note)
	}
}

// A reviewer's finding: save as "~/missing/" (a folder that does not exist, typed with
// its trailing separator) is refused as a folder when typed relative or
// absolute, but under ~ resolve loses the separator and the session is
// saved as ~/missing.pls.
func TestSaveAsHomeFolderIsRefused(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	g := drawnGame(t, 1200, 760)
	g.openPrompt(promptSaveAs)
	p := g.prompt
	p.text = []rune("~/missing/")
	p.cur = len(p.text)
	g.submitPrompt()
	if _, err := os.Stat(filepath.Join(home, "missing.pls")); err == nil {
		t.Errorf("save as ~/missing/ wrote %s (prompt %+v); a trailing / says a folder, refused elsewhere", filepath.Join(home, "missing.pls"), g.prompt)
	}
	// The same typed absolutely is refused.
	g.openPrompt(promptSaveAs)
	p = g.prompt
	p.text = []rune(home + "/missing2/")
	p.cur = len(p.text)
	g.submitPrompt()
	if g.prompt == nil || !strings.Contains(g.prompt.note, "is a folder") {
		t.Errorf("absolute: prompt %+v", g.prompt)
	}
}

// A reviewer's finding: a relative path is joined to the prompt's folder with
// filepath.Join, which cleans "link/.." away lexically; the system (and a
// shell, and the prompt before this change, for the working folder) takes
// ".." after a symlink in the folder the link points into. Typed
// "link/../x.map", where link → other/sub and other/x.map exists, opens
// nothing ("no such file" for <dir>/x.map).
func TestRelativePathThroughSymlink(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "shown")
	other := filepath.Join(root, "other")
	for _, d := range []string{dir, filepath.Join(other, "sub")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(other, "x.map"), []byte(dropMap), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(other, "sub"), filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir + "/link/../x.map"); err != nil {
		t.Fatalf("the system does not reach it either: %v", err)
	}
	p := &prompt{kind: promptOpen, dir: dir}
	if _, err := os.Stat(p.resolve("link/../x.map")); err != nil {
		t.Errorf("resolve(link/../x.map) = %s: %v; the system reaches %s", p.resolve("link/../x.map"), err, dir+"/link/../x.map")
	}
}

// The folder drawn before the text is the one the path is read in: hidden
// for ~ and ~/… (the home folder) and absolute paths, also after leading
// spaces (Enter and Tab trim them), but shown for ~foo, a relative name.
func TestPromptBaseMatchesTheResolvedPath(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		text string
		base bool
	}{
		{"~", false}, {"~/x.map", false}, {"/abs/x.map", false}, {"  /abs/x.map", false},
		{"~foo", true}, {"x.map", true}, {"", true}, {"foo//tmp/x.map", false}, {"foo/~/x.map", false},
	} {
		p := &prompt{kind: promptOpen, dir: dir, text: []rune(c.text)}
		if got := p.base() != ""; got != c.base {
			t.Errorf("text %q: folder shown %v, want %v", c.text, got, c.base)
		}
		if c.base && c.text != "" && !strings.HasPrefix(p.resolve(strings.TrimSpace(c.text)), dir) {
			t.Errorf("text %q: folder shown but resolved to %s", c.text, p.resolve(c.text))
		}
	}
}

// Enter on a folder typed with trailing spaces adds the separator after
// the name as read, not after the spaces ("notes  /" is another name).
func TestOpenFolderWithTrailingSpaces(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "notes"), 0o755); err != nil {
		t.Fatal(err)
	}
	g := drawnGame(t, 1200, 760)
	g.openPrompt(promptOpen)
	p := g.prompt
	p.dir = dir
	p.text = []rune("notes  ")
	p.cur = len(p.text)
	g.submitPrompt()
	if g.prompt == nil || string(g.prompt.text) != "notes"+string(filepath.Separator) {
		t.Fatalf("Enter on %q: prompt %+v, want it open with text notes/", "notes  ", g.prompt)
	}
}

// The open prompt starts filled with its folder; a path typed after it
// without clearing starts afresh at "//" (absolute) or "/~/" (home), as
// in Emacs, instead of running on from the folder (a helper typed
// /tmp/x/junk.map after the prefilled /tmp/h7/ and got /tmp/h7//tmp/x/junk.map).
func TestTypedPathStartsAfreshAfterTheFolder(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "x.map"), []byte(dropMap), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, "h.map"), []byte(dropMap), 0o644); err != nil {
		t.Fatal(err)
	}
	g := drawnGame(t, 1200, 760)
	for _, c := range []struct{ typed, want string }{
		{other + "/x.map", filepath.Join(other, "x.map")},
		{"~/h.map", filepath.Join(home, "h.map")},
	} {
		g.openPrompt(promptOpen)
		p := g.prompt
		p.text = append(p.text, []rune(c.typed)...)
		p.cur = len(p.text)
		if got := p.resolve(string(p.text)); got != c.want {
			t.Errorf("prefilled %q + typed %q resolves to %s, want %s", withSep(p.dir), c.typed, got, c.want)
		}
		// The prefilled part Enter leaves out is drawn dimmed, as the
		// folder is ("/tmp/a//tmp/b/x.map" read as a broken path).
		v := g.promptView()
		if kept := string([]rune(v.Text)[v.Shadow:]); kept != restart(string(p.text)) || v.Shadow == 0 {
			t.Errorf("prefilled + %q: shadow %d leaves %q bright, want %q", c.typed, v.Shadow, kept, restart(string(p.text)))
		}
		g.submitPrompt()
		if g.prompt != nil {
			t.Errorf("Enter on prefilled + %q: refused: %q", c.typed, g.prompt.note)
			g.closePrompt()
		}
	}
	if got := restart("a/b//c"); got != "/c" {
		t.Errorf(`restart("a/b//c") = %q, want "/c"`, got)
	}
	if got := restart("~/x"); got != "~/x" {
		t.Errorf(`restart("~/x") = %q`, got)
	}
}

// Typed after the prefilled folder, an absolute path or one from home
// replaces the folder on the line as it is typed: the line showed
// /tmp/h//tmp/x.map, its first part dimmed, and a teacher took it for a
// doubled path. Enter opens the same file either way.
func TestTypedFreshStartReplacesTheFolder(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	g := drawnGame(t, 1200, 760)
	for _, c := range []struct{ typed, line string }{
		{"/tmp/x.map", "/tmp/x.map"},
		{"~/h.map", "~/h.map"},
		{"sub/a.map", ""}, // relative: the folder stays
	} {
		g.openPrompt(promptOpen)
		p := g.prompt
		before := string(p.text)
		for _, r := range c.typed {
			p.insert([]rune{r})
		}
		want := c.line
		if want == "" {
			want = before + c.typed
		}
		if got := string(p.text); got != want || p.cur != len(p.text) {
			t.Errorf("prefilled %q + typed %q: line %q caret %d, want %q at its end", before, c.typed, got, p.cur, want)
		}
		if v := g.promptView(); v.Shadow != 0 {
			t.Errorf("typed %q: %d runes still dimmed", c.typed, v.Shadow)
		}
		g.closePrompt()
	}
	// Go to takes no paths: "//" stays as typed.
	g.openPrompt(promptGoto)
	for _, r := range "1//2" {
		g.prompt.insert([]rune{r})
	}
	if got := string(g.prompt.text); got != "1//2" {
		t.Errorf("go to: %q, want 1//2", got)
	}
	g.closePrompt()
}

// A path pasted after the prefilled folder as a file manager or a
// terminal gives it, in quotes or as a file:// URL with its spaces written
// %20, opens that file: it was joined to the folder as a relative name
// ("/maps/'/levels/my level.map': no such file"), so a designer's pasted
// path was refused. A name with a quote inside it is still a name.
func TestPastedPathOpens(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my levels")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "my level.map")
	for _, f := range []string{file, filepath.Join(dir, "o'brien.map")} {
		if err := os.WriteFile(f, []byte(dropMap), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	url := "file://" + strings.ReplaceAll(filepath.ToSlash(file), " ", "%20")
	g := drawnGame(t, 1200, 760)
	for _, c := range []struct{ pasted, want string }{
		{"'" + file + "'", file},
		{`"` + file + `"`, file},
		{url, file},
		{"file://localhost" + strings.TrimPrefix(url, "file://"), file},
		{filepath.Join(dir, "o'brien.map"), filepath.Join(dir, "o'brien.map")},
	} {
		g.openPrompt(promptOpen)
		p := g.prompt
		p.text = append(p.text, []rune(c.pasted)...) // after the prefilled folder
		p.cur = len(p.text)
		if got := p.resolve(strings.TrimSpace(string(p.text))); got != c.want {
			t.Errorf("prefilled %q + pasted %q resolves to %s, want %s", withSep(p.dir), c.pasted, got, c.want)
		}
		g.submitPrompt()
		if g.prompt != nil {
			t.Errorf("Enter on prefilled + pasted %q: refused: %q", c.pasted, g.prompt.note)
			g.closePrompt()
		} else if g.w.MapFile() != c.want {
			t.Errorf("pasted %q opened %q, want %s", c.pasted, g.w.MapFile(), c.want)
		}
	}
	if got := restart("/maps/o'brien.map"); got != "/maps/o'brien.map" {
		t.Errorf(`restart("/maps/o'brien.map") = %q`, got)
	}
}
