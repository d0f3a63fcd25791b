package maps

import (
	"bytes"
	"errors"
	"image"
	"os"
	"runtime"
	"strings"
	"testing"
)

// mai builds a Moving AI file from rows, with the header filled in.
func mai(h, w string, rows ...string) string {
	return "type octile\nheight " + h + "\nwidth " + w + "\nmap\n" + strings.Join(rows, "\n") + "\n"
}

func TestReadMovingAI(t *testing.T) {
	m, err := ReadMovingAI(strings.NewReader(mai("3", "4", "..@T", "GSOW", "....")), "tiny.map")
	if err != nil {
		t.Fatal(err)
	}
	if m.Grid.Width() != 4 || m.Grid.Height() != 3 {
		t.Fatalf("size %dx%d, want 4x3", m.Grid.Width(), m.Grid.Height())
	}
	want := []string{"..##", "..##", "...."} // W is water: blocked for walkers
	for y, row := range want {
		for x, c := range row {
			if open := m.Grid.Open(image.Pt(x, y)); open != (c == '.') {
				t.Errorf("cell (%d,%d) open=%v, want %v", x, y, open, c == '.')
			}
		}
	}
	if got := string(m.Terrain); got != "..@TGSOW...." {
		t.Errorf("Terrain %q", got)
	}
	if m.Name != "tiny.map" || m.Format != FormatMovingAI || m.CRLF || m.NoFinalNewline {
		t.Errorf("Name %q Format %v CRLF %v NoFinalNewline %v", m.Name, m.Format, m.CRLF, m.NoFinalNewline)
	}
}

func TestReadMovingAIQuirks(t *testing.T) {
	for _, tc := range []struct{ name, in string }{
		{"crlf", "type octile\r\nheight 2\r\nwidth 2\r\nmap\r\n.@\r\n..\r\n"},
		{"crlf no final newline", "type octile\r\nheight 2\r\nwidth 2\r\nmap\r\n.@\r\n.."},
		{"width first", "type octile\nwidth 2\nheight 2\nmap\n.@\n..\n"},
		{"trailing blank lines", "type octile\nheight 2\nwidth 2\nmap\n.@\n..\n\n\n  \n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ReadMovingAI(strings.NewReader(tc.in), "q.map")
			if err != nil {
				t.Fatal(err)
			}
			if string(m.Terrain) != ".@.." {
				t.Errorf("Terrain %q, want \".@..\"", m.Terrain)
			}
		})
	}
}

func TestReadMovingAIErrors(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"short row", mai("2", "3", "...", ".."), "m.map:6: row has 2 cells, want 3"},
		{"long row", mai("2", "3", "....", "..."), "m.map:5: row has 4 cells, want 3"},
		{"truncated", mai("4", "3", "...", "..."), "m.map:6: file ends after 2 of 4 rows"},
		{"unknown letter", mai("2", "3", "...", ".x."), "m.map:6: cell (1,1) has unknown terrain 'x'"},
		{"binary byte", mai("1", "2", ".\xff"), `m.map:5: cell (1,0) has unknown terrain '\xff'`},
		{"digit is not Moving AI", mai("1", "2", ".2"), "cell (1,0) has unknown terrain '2'"},
		{"too wide", mai("2", "16385"), "m.map:3: width 16385 exceeds the limit of 16384"},
		{"too tall", mai("99999999999", "3"), "m.map:2: height 99999999999 exceeds the limit of 16384"},
		{"huge", mai("16384", "16384", "..."), "m.map:5: row has 3 cells, want 16384"},
		{"zero", mai("0", "3"), "m.map:2: height \"0\" is not a positive whole number"},
		{"no width", "type octile\nheight 2\nmap\n..\n", `m.map:3: the header has no "width N" line: it goes after "height 2" (line 2), and line 3 is "map", the header's end`},
		{"bad type", "type tile\nheight 1\nwidth 1\nmap\n.\n", "m.map:1: unsupported map type"},
		{"not a map", "hello\n", "m.map:1: want \"type octile\" as the first line"},
		{"unknown header", "type octile\ncolour 3\n", "m.map:2: unknown header line \"colour 3\""},
		{"empty", "", "m.map: empty file"},
		{"header only", "type octile\nheight 1\n", "m.map:2: file ends inside the header"},
		{"extra rows", mai("1", "2", "..", ".."), "m.map:6: unexpected text \"..\" after the last of 1 rows"},
		{"blank row", mai("2", "2", "..", "", ".."), "m.map:6: blank line where row 2 of 2 should be"},
		{"long line", "type octile\n" + strings.Repeat("x", 20000), "m.map:2: line is longer than 16384 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ReadMovingAI(strings.NewReader(tc.in), "m.map")
			if err == nil {
				t.Fatalf("no error; read %v", m)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q\nwant it to contain %q", err, tc.want)
			}
			var me *Error
			if !errors.As(err, &me) {
				t.Errorf("error %T is not a *maps.Error", err)
			}
		})
	}
}

// TestReadMovingAIHugeHeaderCheap: a header claiming the largest map, with
// one short row, must fail without allocating anything like 16384² bytes.
func TestReadMovingAIHugeHeaderCheap(t *testing.T) {
	in := mai("16384", "16384", strings.Repeat(".", 16384), "..")
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := ReadMovingAI(strings.NewReader(in), "huge.map")
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "huge.map:6: row has 2 cells, want 16384") {
		t.Fatalf("error %v", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 8<<20 {
		t.Errorf("allocated %d bytes for a 2-row input", got)
	}
}

func TestReadMovingAIErrorCell(t *testing.T) {
	_, err := ReadMovingAI(strings.NewReader(mai("2", "3", "...", "..?")), "m.map")
	var me *Error
	if !errors.As(err, &me) || !me.HasCell || me.Cell != image.Pt(2, 1) || me.Line != 6 {
		t.Fatalf("error %#v, want cell (2,1) on line 6", err)
	}
}

func TestWriteMovingAIRoundTrip(t *testing.T) {
	for _, in := range []string{
		mai("2", "4", ".@TW", "GSO."),
		"type octile\r\nheight 2\r\nwidth 2\r\nmap\r\n.@\r\n..", // Berlin style
		"type octile\r\nheight 1\r\nwidth 2\r\nmap\r\n.@\r\n",
	} {
		m, err := ReadMovingAI(strings.NewReader(in), "rt.map")
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteMovingAI(&buf, m); err != nil {
			t.Fatal(err)
		}
		if buf.String() != in {
			t.Errorf("wrote %q\nwant    %q", buf.String(), in)
		}
	}
}

func TestWriteMovingAIEdited(t *testing.T) {
	m, err := ReadMovingAI(strings.NewReader(mai("1", "4", "T.T.")), "e.map")
	if err != nil {
		t.Fatal(err)
	}
	m.Grid.SetOpen(image.Pt(0, 0), true)  // dig a tree
	m.Grid.SetOpen(image.Pt(1, 0), false) // fill floor
	var buf bytes.Buffer
	if err := WriteMovingAI(&buf, m); err != nil {
		t.Fatal(err)
	}
	if want := mai("1", "4", ".@T."); buf.String() != want {
		t.Errorf("wrote %q, want %q", buf.String(), want)
	}
	m.Grid.SetWeight(image.Pt(3, 0), 4)
	err = WriteMovingAI(&buf, m)
	if err == nil || !strings.Contains(err.Error(), "cell (3,0) has weight 4") {
		t.Errorf("weighted cell: error %v, want one naming cell (3,0)", err)
	}
}

// TestMovingAIFilesRoundTrip reads every real benchmark map and writes it
// back byte for byte (CRLF and missing final newline included).
func TestMovingAIFilesRoundTrip(t *testing.T) {
	dir, ok := MovingAIDir()
	if !ok {
		t.Skipf("Moving AI maps not found at %q (set PATHLENS_MAPS to run this test)", dir)
	}
	bs, err := Benchmarks(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) == 0 {
		t.Fatalf("no NAME.map with NAME.map.scen in %s", dir)
	}
	for _, b := range bs {
		orig, err := os.ReadFile(b.Map)
		if err != nil {
			t.Fatal(err)
		}
		m, err := LoadMap(b.Map)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteMovingAI(&buf, m); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), orig) {
			t.Errorf("%s: written copy differs from the file", b.Name)
		}
		rows, err := LoadScen(b.Scen)
		if err != nil {
			t.Fatal(err)
		}
		if errs := CheckScen(m, rows); errs != nil {
			t.Errorf("%s: %d bad rows, first: %v", b.Name, len(errs), errs[0])
		}
		for _, r := range rows {
			if !SameMap(r.Map, m.Name) {
				t.Errorf("%s:%d: map field %q does not name %s", r.File, r.Line, r.Map, m.Name)
				break
			}
		}
	}
}

// A header without its height line was blamed on the "map" line ("m.map:3:
// header has no height line"), which is right where it is. The message
// names the line where the missing one goes in a Moving AI header (after
// type, height before width) and what is there instead.
func TestReadMovingAIMissingSize(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"no height", "type octile\nwidth 2\nmap\n..\n",
			`m.map:2: the header has no "height N" line: it goes after "type octile" (line 1), and line 2 is "width 2" (the header ends with "map" on line 3)`},
		{"no height, blank line", "type octile\n\nwidth 2\n\nmap\n..\n",
			`m.map:3: the header has no "height N" line: it goes after "type octile" (line 1), and line 3 is "width 2" (the header ends with "map" on line 5)`},
		{"no height nor width", "type octile\nmap\n..\n",
			`m.map:2: the header has no "height N" or "width N" line: they go after "type octile" (line 1), and line 2 is "map", the header's end`},
		{"no height, no map line", "type octile\nwidth 2\n..\n..\n",
			`m.map:3: found the row "..", but the header has no "height N" line, and no "map" line ends it`},
		{"no width, no map line", "type octile\nheight 2\n..\n..\n",
			`m.map:3: found the row "..", but the header has no "width N" line, and no "map" line ends it`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadMovingAI(strings.NewReader(tc.in), "m.map")
			if err == nil || err.Error() != tc.want {
				t.Errorf("error %v\nwant  %s", err, tc.want)
			}
		})
	}
	// Through LoadMap, which chooses the reader by content.
	path := writeFile(t, t.TempDir(), "noheight.map", "type octile\nwidth 2\nmap\n..\n")
	if _, err := LoadMap(path); err == nil || !strings.Contains(err.Error(), `noheight.map:2: the header has no "height N" line`) {
		t.Errorf("LoadMap: %v", err)
	}
}

func TestReadMovingAIRepeatedHeader(t *testing.T) {
	in := "type octile\nheight 2\nheight 3\nwidth 2\nmap\n..\n..\n"
	_, err := ReadMovingAI(strings.NewReader(in), "twice.map")
	if err == nil || !strings.Contains(err.Error(), "twice.map:3: height given twice (first 2, now 3)") {
		t.Fatalf("want an error naming line 3 and both heights, got %v", err)
	}
}

// Moving AI rows count characters too: "é" in a four-cell row was "row has
// 5 cells, want 4", and text after the rows is cut between characters.
func TestMovingAIColumnsCountCharacters(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"accent", mai("1", "4", "..é."), "m.map:5: cell (2,0) has unknown terrain 'é' (U+00E9)"},
		{"block", mai("2", "3", "...", "█.."), "m.map:6: cell (0,1) has unknown terrain '█' (U+2588)"},
		{"too long", mai("1", "3", ".é.."), "m.map:5: row has 4 cells, want 3"},
		{"after the rows", mai("1", "1", ".", strings.Repeat(".", 39)+"é"), `unexpected text "` + strings.Repeat(".", 39) + `"...`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadMovingAI(strings.NewReader(c.in), "m.map")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v\nwant %q", err, c.want)
			}
		})
	}
}
