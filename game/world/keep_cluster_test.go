package world

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A scenario's sizes outside the range the window shows are refused when
// opened, naming the file and line, whichever hierarchy it chooses: HPA*'s
// (it was read, shown clamped, and only its save failed) and the group
// hierarchy's (once read, shown clamped and saved with the file's value;
// bench and the app's flags refused what the file held). One range
// (maps.SizeRange) for the file, the app's flags and cmd/bench's.
func TestClusterOutOfRangeRefused(t *testing.T) {
	for _, c := range []struct{ algo, set, want string }{
		{"hpa", "set cluster 99", ":4: cluster \"99\" is not a whole number from 4 to 64"},
		{"group", "set cluster 99", ":4: cluster \"99\" is not a whole number from 4 to 64"},
		{"group", "set cluster 2", ":4: cluster \"2\" is not a whole number from 4 to 64"},
		{"group", "set levels 6", ":4: levels \"6\" is not a whole number from 1 to 4"},
	} {
		src := filepath.Join(t.TempDir(), "bad.pls")
		body := "pathlens-scenario 1\nname bad\nset algo " + c.algo + "\n" + c.set + "\nmap inline\n#####\n#...#\n#####\nend\n"
		if err := os.WriteFile(src, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(src); err == nil || !strings.Contains(err.Error(), src+c.want) {
			t.Errorf("%s, %s: open: %v, want %q", c.algo, c.set, err, src+c.want)
		}
	}
}

// The level range every way in takes (maps.SizeRange) is what the window
// keeps state for: its timeline holds MaxLevels-1 abstract levels, which
// the level keys and drawing read. A wider range would be accepted and
// not shown.
func TestLevelRangeIsTheWindows(t *testing.T) {
	if MaxAbstractLevels != MaxLevels-1 {
		t.Errorf("levels 1 to %d accepted, the timeline keeps %d abstract levels", MaxAbstractLevels, MaxLevels-1)
	}
}
