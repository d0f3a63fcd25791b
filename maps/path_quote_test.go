package maps

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A designer's map "lvl #2.txt" could not be saved as a session at all:
// Ctrl+S and save as failed with `the map path "lvl #2.txt" cannot be
// written on one line` (the reader takes " #" for a comment), so the
// edits, rooms and agents had nowhere to go but an export of the terrain.
// A path that would not read back bare is written in double quotes, with
// Go's escapes, and read back so; a bare path reads as before, and a
// hand-written quoted one may be followed by a comment.
func TestScenarioQuotesAPathThatWouldNotReadBack(t *testing.T) {
	dir := t.TempDir()
	scen := "version 1\n0\tx.map\t3\t2\t0\t0\t2\t0\t2\n"
	writeFile(t, dir, "x.map", mai("2", "3", "...", ".@."))
	for _, c := range []struct{ mapName, scenName string }{
		{"lvl #2.txt", ""},
		{"#maps.txt", ""},
		{" spaced .txt", ""},
		{`"q.txt`, ""},
		{"x.map", "lvl #2.scen"},
		{"x.map", "a\t#b.scen"},
		{"x.map", `"quoted".scen`},
	} {
		if c.mapName != "x.map" {
			writeFile(t, dir, c.mapName, "...\n.#.\n")
		}
		if c.scenName != "" {
			writeFile(t, dir, c.scenName, scen)
		}
		g := mustASCII(t, "...\n.#.\n").Grid
		s := Scenario{Map: NewMap("m", g), MapPath: c.mapName, Scen: c.scenName, Queries: []Query{{image.Pt(0, 0), image.Pt(2, 0)}}}
		var buf bytes.Buffer
		if err := WriteScenario(&buf, &s); err != nil {
			t.Errorf("map %q, scen %q: %v", c.mapName, c.scenName, err)
			continue
		}
		pls := filepath.Join(dir, "s.pls")
		if err := os.WriteFile(pls, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		back, err := LoadScenario(pls)
		if err != nil {
			t.Errorf("map %q, scen %q: written as\n%s\nread back: %v", c.mapName, c.scenName, buf.String(), err)
			continue
		}
		if back.MapPath != c.mapName || back.Scen != c.scenName || back.Map.Grid.Open(image.Pt(1, 1)) {
			t.Errorf("map %q, scen %q read back as map %q, scen %q", c.mapName, c.scenName, back.MapPath, back.Scen)
		}
	}
	// A plain path is written bare, as before.
	g := mustASCII(t, "...\n").Grid
	var buf bytes.Buffer
	if err := WriteScenario(&buf, &Scenario{Map: NewMap("m", g), MapPath: "maps/my level.txt"}); err != nil || !strings.Contains(buf.String(), "\nmap maps/my level.txt\n") {
		t.Errorf("a plain path: %v\n%s", err, buf.String())
	}
	// Hand-written: quoted with a comment after it; a quote left open.
	writeFile(t, dir, "my level.txt", "...\n")
	if s, err := ParseScenario(strings.NewReader("pathlens-scenario 1\nmap \"my level.txt\"   # the west wing\n"), "h.pls", dir); err != nil || s.MapPath != "my level.txt" {
		t.Errorf("map \"my level.txt\" # comment: %v", err)
	}
	_, err := ParseScenario(strings.NewReader("pathlens-scenario 1\nmap \"my level.txt\n"), "h.pls", dir)
	if err == nil || !strings.Contains(err.Error(), "h.pls:2:") || !strings.Contains(err.Error(), "quote") {
		t.Errorf("an unclosed quote: %v, want a refusal naming the line and the quote", err)
	}
	_, err = ParseScenario(strings.NewReader("pathlens-scenario 1\nmap \"my level.txt\" extra\n"), "h.pls", dir)
	if err == nil || !strings.Contains(err.Error(), "h.pls:2:") || !strings.Contains(err.Error(), "extra") {
		t.Errorf("text after the quoted path: %v, want a refusal naming the line and the text", err)
	}
}
