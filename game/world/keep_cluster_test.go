package world

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A scenario's sizes outside the range the window shows: HPA*'s cluster
// and any levels are refused when opened, naming the file and line (HPA*'s
// was once read, shown clamped, and only its save failed). A group
// file's cluster outside it, which the group hierarchy once took (from 2
// up) and the app saved back, opens at the nearest bound with a note
// naming the line: refusing it put the session's edits and agents out of
// reach over one setting. One range (maps.SizeRange) for the file, the
// app's flags and cmd/bench's.
func TestClusterOutOfRangeRefused(t *testing.T) {
	for _, c := range []struct{ algo, set, want, note string }{
		{"hpa", "set cluster 99", ":4: cluster \"99\" is not a whole number from 4 to 64", ""},
		{"group", "set cluster 99", "", ":4: set cluster 99 is outside 4 to 64: 64 is used"},
		{"group", "set cluster 2", "", ":4: set cluster 2 is outside 4 to 64: 4 is used"},
		{"group", "set levels 6", ":4: levels \"6\" is not a whole number from 1 to 4", ""},
	} {
		src := filepath.Join(t.TempDir(), "bad.pls")
		body := "pathlens-scenario 1\nname bad\nset algo " + c.algo + "\n" + c.set + "\nmap inline\n#####\n#...#\n#####\nend\n"
		if err := os.WriteFile(src, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		w, err := Open(src)
		if c.want != "" {
			if err == nil || !strings.Contains(err.Error(), src+c.want) {
				t.Errorf("%s, %s: open: %v, want %q", c.algo, c.set, err, src+c.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s, %s: open: %v, want it opened with a note", c.algo, c.set, err)
			continue
		}
		if notes := strings.Join(w.LoadNotes(), "|"); !strings.Contains(notes, c.note) {
			t.Errorf("%s, %s: load notes %q, want %q", c.algo, c.set, notes, c.note)
		}
		// On a terminal the note stands at its line of the file, named
		// once ("bad.pls: bad.pls:4: …" was printed).
		if lines := w.LoadNoteLines(); len(lines) != 1 || !strings.HasPrefix(lines[0], src+c.note) {
			t.Errorf("%s, %s: terminal lines %q, want %q", c.algo, c.set, lines, src+c.note)
		}
		w.Close()
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
