package game

import (
	"os"
	"path/filepath"
	"testing"

	"pathlens/assets"
	"pathlens/game/world"
)

// The panel's cut about text ends saying the gallery (F2) shows it all
// only for a built-in case, whose entry the gallery holds and opens on; a
// scenario file of the same text is in no gallery entry.
func TestAboutRestOnlyForBuiltinCases(t *testing.T) {
	b, ok := assets.File("textbook-groups")
	if !ok {
		t.Fatal("no built-in textbook-groups")
	}
	file := filepath.Join(t.TempDir(), "mine.pls")
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		src  string
		want bool
	}{{assets.Prefix + "textbook-groups", true}, {file, false}} {
		w, err := world.Open(c.src)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(w.Close)
		g, err := New(w, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := g.builtinCase(); got != c.want {
			t.Errorf("%s: builtinCase %v, want %v", c.src, got, c.want)
		}
		if got := g.builtinCase(); got != c.want { // the kept answer
			t.Errorf("%s, asked again: builtinCase %v, want %v", c.src, got, c.want)
		}
	}
}
