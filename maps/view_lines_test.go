package maps

import (
	"bytes"
	"strings"
	"testing"
)

// A level designer and an engineer share bad cases as .pls files, and the
// one who opened the file had to find the spot again: the view was not
// kept. The writer writes it ("set zoom", "set center", "set level", "set
// pin") and the reader reads it back as written; a file without the lines
// (an older save) has no view.
func TestViewLinesRoundTrip(t *testing.T) {
	src := "pathlens-scenario 1\nmap inline\n.....\n.#...\n.....\nend\nquery 0,0 4,2\n"
	old, err := ParseScenario(strings.NewReader(src), "old.pls", "")
	if err != nil {
		t.Fatal(err)
	}
	if v := old.Settings.View(); v.Zoom != "" || v.Center != "" || v.ViewLevel != "" || v.Pin != "" || len(old.Notes) > 0 {
		t.Fatalf("a file without a view: %+v, notes %q", v, old.Notes)
	}
	s := old
	s.Settings.Zoom, s.Settings.Center, s.Settings.ViewLevel, s.Settings.Pin = FormatZoom(12.5), "3,1", "2", "2,1"
	var buf bytes.Buffer
	if err := WriteScenario(&buf, s); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	if !strings.Contains(text, "\nset zoom 12.5\nset center 3,1\nset level 2\nset pin 2,1\n") {
		t.Fatalf("the view is not written as the lines it is read from:\n%s", text)
	}
	back, err := ParseScenario(strings.NewReader(text), "back.pls", "")
	if err != nil {
		t.Fatal(err)
	}
	if !back.Equal(s) || len(back.Notes) > 0 {
		t.Fatalf("read back %+v (notes %q), want %+v", back.Settings, back.Notes, s.Settings)
	}
	if z, ok := back.Settings.ViewZoom(); !ok || z != 12.5 {
		t.Errorf("zoom %v %v", z, ok)
	}
	if p, ok := back.Settings.ViewPin(); !ok || p.X != 2 || p.Y != 1 {
		t.Errorf("pin %v %v", p, ok)
	}
	if back.SetLines["zoom"] == 0 || back.SetLines["pin"] == 0 {
		t.Errorf("lines of the view not kept: %v", back.SetLines)
	}
	// The window's own forms of a cell read too, and the smallest and
	// largest zoom write so that they read back in range.
	for _, z := range []float64{MinZoom, MaxZoom, 1.0 / 3} {
		if _, err := ParseZoom(FormatZoom(z)); err != nil {
			t.Errorf("zoom %v written %q: %v", z, FormatZoom(z), err)
		}
	}
	typed, err := ParseScenario(strings.NewReader("pathlens-scenario 1\nset zoom 8\nset center (3, 1)\nset pin 2, 1\nmap inline\n.....\n.#...\nend\n"), "typed.pls", "")
	if err != nil || typed.Settings.Center != "3,1" || typed.Settings.Pin != "2,1" || len(typed.Notes) > 0 {
		t.Fatalf("cells as the window shows them: %v, %+v, %q", err, typed.Settings, typed.Notes)
	}
}

// A view line the reader cannot use never refuses the file: it is left
// out with a note naming the file and the line, and the rest opens
// (the query, the other lines of the view).
func TestBadViewLinesAreNotes(t *testing.T) {
	const head = "pathlens-scenario 1\nset level 2\n" // line 2: a good line kept beside the bad one
	const tail = "map inline\n.....\n.#...\n.....\nend\nquery 0,0 4,2\nfill 3,2\n"
	for _, c := range []struct {
		name, lines string
		line        string // the note's place, "bad.pls:N"
		want        string // in the note
		gone        []string
	}{
		{"zoom 0", "set zoom 0\n", "bad.pls:3", `set zoom "0" left out: want a zoom from 1/64`, []string{"zoom"}},
		{"zoom too large", "set zoom 300\n", "bad.pls:3", `set zoom "300" left out`, []string{"zoom"}},
		{"zoom not a number", "set zoom NaN\n", "bad.pls:3", `set zoom "NaN" left out`, []string{"zoom"}},
		{"zoom negative", "set zoom -4\n", "bad.pls:3", `set zoom "-4" left out`, []string{"zoom"}},
		{"centre whose zoom is left out", "set zoom 0\nset center 1,1\n", "bad.pls:4", "set center 1,1 left out: it goes with set zoom, left out on line 3", []string{"zoom", "center"}},
		{"centre off the map", "set zoom 8\nset center 9,1\n", "bad.pls:4", "set center 9,1 left out: the cell is off the 5×3 map, so set zoom 8 (line 3) is left out too", []string{"zoom", "center"}},
		{"centre negative", "set zoom 8\nset center -1,1\n", "bad.pls:4", "set center -1,1 left out: the cell is off the 5×3 map", []string{"zoom", "center"}},
		{"centre malformed", "set zoom 8\nset center 3;1\n", "bad.pls:4", `set center "3;1" left out: want the cell in the middle of the view as X,Y`, []string{"center"}},
		{"centre with zoom fit", "set zoom fit\nset center 1,1\n", "bad.pls:4", "set center 1,1 left out: set zoom fit (line 3) shows the whole map", []string{"center"}},
		{"centre without a zoom", "set center 3,1\n", "bad.pls:3", "set center 3,1 left out: a centre needs a zoom", []string{"center"}},
		{"level 0", "set pin 0,0\nset level 0\n", "bad.pls:3", `set level "0" left out: want a view level from 1 to 4`, nil},
		{"level 5", "set zoom 8\nset level 5\n", "bad.pls:3", `set level "5" left out: want a view level from 1 to 4`, nil},
		{"pin off the map", "set pin 5,0\n", "bad.pls:3", "set pin 5,0 left out: the cell is off the 5×3 map; no cell is pinned", []string{"pin"}},
		{"pin on a wall", "set pin 1,1\n", "bad.pls:3", "set pin 1,1 left out: the cell is a wall once the edits are made", []string{"pin"}},
		{"pin on a fill of the edit log", "set pin 3,2\n", "bad.pls:3", "set pin 3,2 left out: the cell is a wall once the edits are made", []string{"pin"}},
		{"pin malformed", "set pin x\n", "bad.pls:3", `set pin "x" left out: want the cell pinned in the inspector as X,Y`, []string{"pin"}},
		{"two words", "set zoom 8 2\n", "bad.pls:3", `"set zoom 8 2" left out: want "set zoom PX"`, []string{"zoom"}},
		{"set twice", "set zoom 8\nset zoom 9\n", "bad.pls:4", "set zoom 9", nil},
		// The saved step is a place to show as the view is (it refused
		// the whole file).
		{"cursor not a number", "set cursor abc\n", "bad.pls:3", `"set cursor abc" left out: want "set cursor N"`, []string{"cursor"}},
		{"cursor negative", "set cursor -3\n", "bad.pls:3", `"set cursor -3" left out`, []string{"cursor"}},
		{"cursor two words", "set cursor 3 4\n", "bad.pls:3", `"set cursor 3 4" left out`, []string{"cursor"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := head + c.lines + tail
			levels := strings.HasPrefix(c.name, "level")
			if levels {
				src = strings.Replace(src, "set level 2\n", "", 1) // the line under test is the level's
			}
			s, err := ParseScenario(strings.NewReader(src), "bad.pls", "")
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if len(s.Queries) != 1 || len(s.Edits) != 1 {
				t.Errorf("the rest of the file did not load: %d queries, %d edits", len(s.Queries), len(s.Edits))
			}
			found := false
			for _, n := range s.Notes {
				found = found || strings.HasPrefix(n, c.line+": ") && strings.Contains(n, c.want)
			}
			if !found {
				t.Errorf("notes %q, want one at %s saying %q", s.Notes, c.line, c.want)
			}
			for _, k := range c.gone {
				if v := s.Settings.get(k); v != "" {
					t.Errorf("set %s kept as %q", k, v)
				}
			}
			if levels && s.Settings.ViewLevel != "" || !levels && s.Settings.ViewLevel != "2" {
				t.Errorf("level %q", s.Settings.ViewLevel)
			}
			if c.name == "set twice" && s.Settings.Zoom != "8" {
				t.Errorf("set twice: zoom %q, want the first line's 8", s.Settings.Zoom)
			}
			if c.name == "level 0" && s.Settings.Pin != "0,0" {
				t.Errorf("the pin beside the bad level was not kept: %q", s.Settings.Pin)
			}
			// What the file opens with is written and read back as it is.
			var buf bytes.Buffer
			if err := WriteScenario(&buf, s); err != nil {
				t.Fatal(err)
			}
			back, err := ParseScenario(bytes.NewReader(buf.Bytes()), "back.pls", "")
			if err != nil || !back.Equal(s) || len(back.Notes) > 0 {
				t.Errorf("written back: %v, notes %q\n%s", err, back.Notes, buf.String())
			}
		})
	}
}

// A lecturer's step saved with the whole map fitted reopened zoomed on the
// step, since a fitted view wrote nothing. "set zoom fit" says so; it is
// read, kept for the writer, and no note.
func TestZoomFitIsRead(t *testing.T) {
	s, err := ParseScenario(strings.NewReader("pathlens-scenario 1\nset cursor 3\nset zoom fit\nmap inline\n...\nend\nquery 0,0 2,0\n"), "fit.pls", "")
	if err != nil {
		t.Fatal(err)
	}
	if !s.Settings.ViewFit() || len(s.Notes) > 0 {
		t.Errorf("set zoom fit: fit %v, zoom %q, notes %q", s.Settings.ViewFit(), s.Settings.Zoom, s.Notes)
	}
	if _, ok := s.Settings.ViewZoom(); ok {
		t.Errorf("set zoom fit read as a zoom in pixels")
	}
}
