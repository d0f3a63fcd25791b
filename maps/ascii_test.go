package maps

import (
	"bytes"
	"errors"
	"image"
	"strings"
	"testing"
)

func TestReadASCII(t *testing.T) {
	in := "" +
		"#######\n" +
		"#..3..#\n" +
		"#.T#9S#\n" +
		"#######\n"
	m, err := ReadASCII(strings.NewReader(in), "room.txt")
	if err != nil {
		t.Fatal(err)
	}
	g := m.Grid
	if g.Width() != 7 || g.Height() != 4 {
		t.Fatalf("size %d×%d, want 7×4", g.Width(), g.Height())
	}
	for _, tc := range []struct {
		p image.Point
		w uint8
	}{
		{image.Pt(0, 0), 0}, {image.Pt(1, 1), 1}, {image.Pt(3, 1), 3}, {image.Pt(2, 2), 0},
		{image.Pt(3, 2), 0}, {image.Pt(4, 2), 9}, {image.Pt(5, 2), 1},
	} {
		if got := g.Weight(tc.p); got != tc.w {
			t.Errorf("weight of %v = %d, want %d", tc.p, got, tc.w)
		}
	}
	if m.Format != FormatASCII {
		t.Errorf("Format %v", m.Format)
	}
}

func TestReadASCIIQuirks(t *testing.T) {
	for _, tc := range []struct{ name, in string }{
		{"crlf", "#.\r\n.#\r\n"},
		{"no final newline", "#.\n.#"},
		{"blank lines around", "\n\n#.\n.#\n\n  \n"},
		{"trailing spaces", "#.  \n.#\t\n"},
		{"byte order mark", "\xef\xbb\xbf#.\n.#\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ReadASCII(strings.NewReader(tc.in), "q.txt")
			if err != nil {
				t.Fatal(err)
			}
			if string(m.Terrain) != "#..#" {
				t.Errorf("Terrain %q, want \"#..#\"", m.Terrain)
			}
		})
	}
}

func TestReadASCIIErrors(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"ragged", "###\n#.\n###\n", "a.txt:2: row has 2 cells, want 3 (the width of the first row, line 1)"},
		{"unknown", "###\n#x#\n", "a.txt:2: cell (1,1) has unknown terrain 'x'"},
		{"zero weight digit", "#0#\n", "a.txt:1: cell (1,0) has unknown terrain '0'"},
		{"gap", "###\n\n###\n", "a.txt:2: blank line between rows"},
		{"empty", "\n\n", "a.txt: is empty: want a Moving AI map"},
		{"inner space", "# #\n", "a.txt:1: cell (1,0) has unknown terrain ' '"},
		{"too wide", strings.Repeat(".", 16385) + "\n", "a.txt:1: row has 16385 cells, more than the limit of 16384"},
		{"long line", strings.Repeat(".", 17000), "a.txt:1: line is longer than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadASCII(strings.NewReader(tc.in), "a.txt")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v\nwant it to contain %q", err, tc.want)
			}
		})
	}
}

func TestWriteASCII(t *testing.T) {
	for _, in := range []string{"#..3\n.T9S\n", "#.\r\n.#", "@.\n"} {
		m, err := ReadASCII(strings.NewReader(in), "w.txt")
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WriteASCII(&buf, m); err != nil {
			t.Fatal(err)
		}
		if buf.String() != in {
			t.Errorf("wrote %q, want %q", buf.String(), in)
		}
	}
	// Edits: the grid wins over stale terrain.
	m, _ := ReadASCII(strings.NewReader("#T3.\n"), "w.txt")
	m.Grid.SetOpen(image.Pt(0, 0), true)
	m.Grid.SetWeight(image.Pt(1, 0), 7)
	m.Grid.SetWeight(image.Pt(2, 0), 1)
	m.Grid.SetOpen(image.Pt(3, 0), false)
	var buf bytes.Buffer
	if err := WriteASCII(&buf, m); err != nil {
		t.Fatal(err)
	}
	if buf.String() != ".7.#\n" {
		t.Errorf("edited map written as %q, want \".7.#\\n\"", buf.String())
	}
	m.Grid.SetWeight(image.Pt(0, 0), 12)
	if err := WriteASCII(&buf, m); err == nil || !strings.Contains(err.Error(), "cell (0,0) has weight 12") {
		t.Errorf("weight 12: error %v", err)
	}
}

// TestMovingAIAsASCII: a Moving AI map's terrain survives being saved as
// ASCII and read back (the letters are part of the ASCII format).
func TestMovingAIAsASCII(t *testing.T) {
	m, err := ReadMovingAI(strings.NewReader(mai("2", "4", ".@TW", "GSO.")), "x.map")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteASCII(&buf, m); err != nil {
		t.Fatal(err)
	}
	back, err := ReadASCII(&buf, "x.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !back.Equal(m) {
		t.Errorf("ASCII copy differs: %q vs %q", back.Terrain, m.Terrain)
	}
}

// Cells are characters: a row holding 'é' or '█' was measured in bytes
// ("row has 6 cells, want 5" for a five-character row) and the character
// was named by its first byte ('\xc3'). Columns and widths now count
// characters, and the character is named with its code point.
func TestASCIIColumnsCountCharacters(t *testing.T) {
	for _, c := range []struct {
		name, in, want string
		cell           image.Point
	}{
		{"accent", "#####\n#é..#\n", "u.txt:2: cell (1,1) has unknown terrain 'é' (U+00E9)", image.Pt(1, 1)},
		{"block", "#####\n...█#\n", "u.txt:2: cell (3,1) has unknown terrain '█' (U+2588)", image.Pt(3, 1)},
		{"first row", "#..é\n####\n", "u.txt:1: cell (3,0) has unknown terrain 'é' (U+00E9)", image.Pt(3, 0)},
		{"invisible", "##\u200b#\n", `u.txt:1: cell (2,0) has unknown terrain '\u200b' (U+200B)`, image.Pt(2, 0)},
		{"not UTF-8", "#####\n#\xff..#\n", `u.txt:2: cell (1,1) has unknown terrain '\xff'`, image.Pt(1, 1)},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadASCII(strings.NewReader(c.in), "u.txt")
			var me *Error
			if err == nil || !strings.Contains(err.Error(), c.want) || !errors.As(err, &me) || !me.HasCell || me.Cell != c.cell {
				t.Errorf("error %v\nwant %q at cell %v", err, c.want, c.cell)
			}
		})
	}
	_, err := ReadASCII(strings.NewReader("#####\n#é...#\n"), "u.txt")
	if want := "u.txt:2: row has 6 cells, want 5"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("six characters after five: %v\nwant %q", err, want)
	}
	_, err = ReadASCII(strings.NewReader(strings.Repeat("█", 16385)), "u.txt")
	if want := "u.txt:1: line is longer than"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a long line of '█': %v\nwant %q", err, want)
	}
}

// The line limit is in bytes, and says what it means in cells: a user with
// a 17,000-cell row read "line is longer than 16448 bytes" while the docs
// spoke of 16384 cells a side, and could not tell the two apart.
func TestLineLimitStatesBytesAndCells(t *testing.T) {
	wide := strings.Repeat(".", 17000) + "\n"
	for _, c := range []struct {
		name string
		read func() error
		want string
	}{
		{"ascii", func() error { _, err := ReadASCII(strings.NewReader(wide), "a.txt"); return err },
			"a.txt:1: line is longer than 16448 bytes (the limit: a row of 16384 cells, one byte each, and 64 bytes of spaces around it)"},
		{"movingai", func() error { _, err := ReadMovingAI(strings.NewReader(mai("1", "16384", wide)), "m.map"); return err },
			"m.map:5: line is longer than 16384 bytes (the limit: a row of 16384 cells, one byte each)"},
		{"scenario", func() error {
			_, err := ParseScenario(strings.NewReader("pathlens-scenario 1\nmap inline\n"+wide), "s.pls", t.TempDir())
			return err
		}, "s.pls:3: line is longer than 16448 bytes (the limit: a row of 16384 cells"},
	} {
		if err := c.read(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v\nwant %q", c.name, err, c.want)
		}
	}
	// The widest row is accepted with spaces around it, and with CRLF.
	row := "  " + strings.Repeat(".", 16384) + "\t\r\n"
	if m, err := ReadASCII(strings.NewReader(row+row), "a.txt"); err != nil || m.Grid.Width() != 16384 {
		t.Errorf("widest row: %v", err)
	}
}
