package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/internal/cli"
	"pathlens/maps"
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

// TestViewLevelNote: -level N is said back when it cannot be shown as
// asked, both above the hierarchy's top and with an algorithm that builds
// no hierarchy at all (which used to pass silently).
func TestViewLevelNote(t *testing.T) {
	hpa := world.Settings{Algo: world.AlgoHPA, Levels: 2}
	astar := world.Settings{Algo: world.AlgoAStar, Levels: 2}
	for _, c := range []struct {
		s    world.Settings
		n    int
		want string
		view int
	}{
		{hpa, 1, "", 1},
		{hpa, 2, "", 2},
		{hpa, 3, "the hierarchy has 2 levels, so level 2 is shown", 2},
		{astar, 1, "", 1},
		{astar, 2, "A* builds no abstract levels; level 2 is shown once HPA* (key 4)", 2},
		{world.Settings{Algo: world.AlgoAStar, Levels: 1}, 2, "would build 1 level, so level 1 would be shown", 1},
		{world.Settings{Algo: world.AlgoHPA, Levels: 1}, 3, "the hierarchy has 1 level, so level 1 is shown", 1},
	} {
		note, view := viewLevelNote(c.s, c.n)
		if (c.want == "") != (note == "") || !strings.Contains(note, c.want) || view != c.view {
			t.Errorf("%v -level %d: note %q, view %d; want %q, view %d", c.s.Algo, c.n, note, view, c.want, c.view)
		}
	}
}

// -log appends, and says so when the file already holds lines.
func TestOpenLogSaysItAppends(t *testing.T) {
	p := filepath.Join(t.TempDir(), "events.log")
	f, note, err := openLog(p)
	if err != nil || note != "" {
		t.Fatalf("new file: note %q, err %v", note, err)
	}
	f.WriteString("load a\n")
	f.Close()
	f, note, err = openLog(p)
	if err != nil || !strings.Contains(note, "appending to "+p) || !strings.Contains(note, "7 bytes") {
		t.Fatalf("second session: note %q, err %v", note, err)
	}
	f.Close()
	if _, _, err := openLog(filepath.Join(p, "x")); err == nil {
		t.Fatal("a log under a file opened")
	}
}

// The terminal's note of a setting flag the algorithm does not use read
// "levels 1: A* does not use it", the window panel's words: it names the
// flag as typed now, dash and value ("-levels 1", "-smooth=false").
func TestOverrideNotesNameTheFlag(t *testing.T) {
	w, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	w.Settings.Algo = world.AlgoAStar
	over := maps.Settings{Cluster: 12, Levels: 1, Cost: "avgmin", Exclusion: maps.On, Target: maps.TargetNearest, Smooth: maps.Off, Transitions: "dense"}
	notes := w.OverrideSettings(over)
	got := flagNotes(notes, over)
	want := []string{
		"-cluster 12: kept for HPA*, the group hierarchy (algorithms 4, 5) and the cluster heuristic; A* does not use it",
		"-levels 1: kept for HPA* and the group hierarchy (algorithms 4, 5); A* does not use it",
		"-cost avgmin: kept for the group hierarchy (algorithm 5); A* does not use it",
		"-exclusion: kept for the group hierarchy (algorithm 5); A* does not use it",
		"-target nearest: kept for the group hierarchy (algorithm 5); A* does not use it",
		"-smooth=false: kept for HPA* (algorithm 4); A* does not use it",
		"-transitions dense: kept for HPA* (algorithm 4); A* does not use it",
	}
	if len(got) != len(want) {
		t.Fatalf("notes %q, want %d", got, len(want))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("note %q, want it to start %q (the window's: %q)", got[i], want[i], notes[i])
		}
	}
	if got := flagNotes([]string{"exclusion off: kept for the group hierarchy (algorithm 5); A* does not use it"}, maps.Settings{Exclusion: maps.Off}); got[0] != "-exclusion=false: kept for the group hierarchy (algorithm 5); A* does not use it" {
		t.Errorf("-exclusion=false: %q", got[0])
	}
}

// Regression (a user test): without a display a malformed -from was hidden
// behind "no display" while a bad -cluster was named. The window's start
// and the headless answer refuse the same malformed flags, both before any
// map is read.
func TestMalformedFlagsRefusedWithOrWithoutDisplay(t *testing.T) {
	for _, args := range [][]string{
		{"-from", "3"}, {"-to", "a,b"}, {"-pin", "1"}, {"-zoom", "8", "-center", "4"},
		{"-size", "huge"}, {"-layers", "serch"}, {"-cursor", "later"},
		{"-map", "/nonexistent/x.map", "-shot", "/nonexistent/x.png"},
	} {
		var errs strings.Builder
		if code := cli.Headless(args, io.Discard, &errs); code != 2 || strings.Contains(errs.String(), "no display") {
			t.Errorf("headless %q: %d, %q; want the flag named", args, code, errs.String())
		}
		if code := run(args); code != 2 {
			t.Errorf("run %q: %d, want 2", args, code)
		}
	}
}

// A reviewer's run: "pathlens: /tmp/x/split.tmx: split.tmx: room 'K' …":
// a note about the file opened is printed after its path, once; a
// scenario's note about its map names the map after the scenario.
func TestLoadNoteLinesNameTheFileOnce(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("maps", "testdata", "tiled", "split_room.tmx"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	tmx, pls := filepath.Join(dir, "split.tmx"), filepath.Join(dir, "a.pls")
	if err := os.WriteFile(tmx, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pls, []byte("pathlens-scenario 1\nmap split.tmx\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const room = `region layer "rooms": room 'K' (object 5, line 40) falls into 2 parts`
	for _, c := range []struct{ source, want string }{
		{tmx, tmx + ": " + room},
		{pls, pls + ": split.tmx: " + room},
		{"builtin:world", ""},
	} {
		w, err := world.Open(c.source)
		if err != nil {
			t.Fatal(err)
		}
		lines := w.LoadNoteLines()
		w.Close()
		found := c.want == ""
		for _, l := range lines {
			if !strings.HasPrefix(l, c.source+": ") || strings.Contains(l, "split.tmx: split.tmx") {
				t.Errorf("%s: line %q, want it after %s, naming each file once", c.source, l, c.source)
			}
			found = found || strings.HasPrefix(l, c.want)
		}
		if !found {
			t.Errorf("%s: lines %q, want one starting %q", c.source, lines, c.want)
		}
	}
}
