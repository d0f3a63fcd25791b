package game

import (
	"path/filepath"
	"strings"
	"testing"
)

// F12 with the default screenshot folder (the working folder, "."): the
// note said "screenshot saved: pathlens-20261123-091806.032.png", its
// error "screenshot: cannot write pathlens-….png: permission denied" and
// Shift+F12's "the folder . cannot be used", naming no folder, so a
// designer who started pathlens from a file manager or a launcher could
// not tell where the picture went or which folder refused it. The file
// F12 and Shift+F12 write is named by its full path, which each of those
// messages gives.
func TestScreenshotNamesItsFolder(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	g := drawnGame(t, 640, 400)
	g.opts.ShotDir = "."
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, ext := range []string{".png", ".gif"} {
		p := g.shotPath(ext)
		if !filepath.IsAbs(p) || filepath.Dir(p) != real && filepath.Dir(p) != dir || !strings.HasSuffix(p, ext) {
			t.Errorf("shotPath(%q) = %q, want a file in %s named by its full path", ext, p, dir)
		}
	}
}
