package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// -size names the allowed range when a side is out of it, and the form
// when the text is not WxH.
func TestParseSizeMessages(t *testing.T) {
	if _, _, err := parseSize("100000x100000"); err == nil || !strings.Contains(err.Error(), "width 320 to 16384 and height 200 to 16384") {
		t.Errorf("too large: %v", err)
	}
	if _, _, err := parseSize("10x10"); err == nil || !strings.Contains(err.Error(), "width 320 to 16384") {
		t.Errorf("too small: %v", err)
	}
	if w, h, err := parseSize("320x200"); err != nil || w != 320 || h != 200 {
		t.Errorf("320x200, the smallest: %d %d %v", w, h, err)
	}
	if _, _, err := parseSize("big"); err == nil || !strings.Contains(err.Error(), "want WxH") {
		t.Errorf("not WxH: %v", err)
	}
	if w, h, err := parseSize("1280X800"); err != nil || w != 1280 || h != 800 {
		t.Errorf("1280X800: %d %d %v", w, h, err)
	}
}

// -save and -shot are checked at start: a folder that is missing, a file,
// or marked read-only is refused then, not at the first Ctrl+S with edits
// that could never be saved, or after the frame was drawn.
func TestWritableFolder(t *testing.T) {
	dir := t.TempDir()
	ro := filepath.Join(dir, "ro")
	file := filepath.Join(dir, "file")
	if err := os.Mkdir(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{filepath.Join(dir, "x.pls"), ""},
		{filepath.Join(dir, "missing", "x.pls"), "cannot be used: no such file or directory"},
		{filepath.Join(file, "x.pls"), "is not a folder"},
		{filepath.Join(ro, "x.pls"), "is read-only"},
		{dir, "is a folder: give the file to write"},
	} {
		err := writableFolder(c.path, "session.pls")
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: %v, want %q", c.path, err, c.want)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".pathlens-save-check-*")); len(left) > 0 {
		t.Errorf("the check left %v", left)
	}
}
