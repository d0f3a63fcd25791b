package cli

import (
	"io"
	"testing"
)

// From a user test: on a 1024×640 screen the 1280×800 window put the
// panel, the bottom bar and the timeline off the screen. Without -size
// the window is made to fit the monitor, with room for its decorations;
// 1280×800 is kept where that fits, and -size is taken as given.
func TestWindowFitsTheMonitorWithoutSize(t *testing.T) {
	for _, c := range []struct{ mw, mh, w, h int }{
		{1920, 1080, 1280, 800},
		{1296, 880, 1280, 800},
		{1024, 640, 1008, 560},
		{1366, 768, 1280, 688},
		{1280, 800, 1264, 720},
		{0, 0, 1280, 800},    // unknown monitor
		{300, 200, 320, 200}, // never under the smallest window
	} {
		if w, h := FitWindow(c.mw, c.mh); w != c.w || h != c.h {
			t.Errorf("monitor %d×%d: window %d×%d, want %d×%d", c.mw, c.mh, w, h, c.w, c.h)
		}
	}
	for _, c := range []struct {
		args []string
		set  bool
	}{{nil, false}, {[]string{"-size", "1280x800"}, true}, {[]string{"-size", "800x500"}, true}} {
		f, err := Parse(c.args, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if f.SizeSet != c.set {
			t.Errorf("%q: SizeSet %v, want %v", c.args, f.SizeSet, c.set)
		}
	}
}
