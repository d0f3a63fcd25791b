package maps

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// Fuzz targets: every reader must return a map or an *Error for any input,
// never panic, and what it accepts must survive being written and read back.
// Run one at a time: go test -fuzz=FuzzReadMovingAI -fuzztime=60s ./maps/

// addSeeds adds every testdata file matching pattern to the corpus.
func addSeeds(f *testing.F, pattern string, extra ...string) {
	files, _ := filepath.Glob(filepath.Join("testdata", pattern))
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range extra {
		f.Add([]byte(s))
	}
}

// wantMapsError fails unless err is a *Error.
func wantMapsError(t *testing.T, err error) {
	t.Helper()
	var me *Error
	if !errors.As(err, &me) {
		t.Fatalf("error %T %q is not a *maps.Error", err, err)
	}
}

// checkMap verifies the invariants of a map a reader returned.
func checkMap(t *testing.T, m *Map) {
	t.Helper()
	g := m.Grid
	if g.Width() < 1 || g.Height() < 1 || len(m.Terrain) != g.Len() {
		t.Fatalf("map %d×%d with %d terrain bytes", g.Width(), g.Height(), len(m.Terrain))
	}
	for i, c := range m.Terrain {
		if !agrees(c, g.WeightAt(i)) {
			t.Fatalf("cell %v: terrain %s but weight %d", g.Point(i), quoteByte(c), g.WeightAt(i))
		}
	}
}

func FuzzReadMovingAI(f *testing.F) {
	addSeeds(f, "*.map", "type octile\nheight 1\nwidth 1\nmap\n.\n", "type octile\nwidth 2\nheight 1\nmap\n@W")
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ReadMovingAI(bytes.NewReader(data), "fuzz.map")
		if err != nil {
			wantMapsError(t, err)
			return
		}
		checkMap(t, m)
		var buf bytes.Buffer
		if err := WriteMovingAI(&buf, m); err != nil {
			t.Fatal(err)
		}
		back, err := ReadMovingAI(&buf, "back.map")
		if err != nil {
			t.Fatalf("cannot read what was written: %v\n%q", err, buf.String())
		}
		if !back.Equal(m) || back.CRLF != m.CRLF || back.NoFinalNewline != m.NoFinalNewline {
			t.Fatalf("read back a different map")
		}
	})
}

func FuzzReadASCII(f *testing.F) {
	addSeeds(f, "*.txt", "#.\n.#\n", "1234\r\n5678\r\n", "\n\n.\n\n")
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ReadASCII(bytes.NewReader(data), "fuzz.txt")
		if err != nil {
			wantMapsError(t, err)
			return
		}
		checkMap(t, m)
		var buf bytes.Buffer
		if err := WriteASCII(&buf, m); err != nil {
			t.Fatal(err)
		}
		back, err := ReadASCII(&buf, "back.txt")
		if err != nil {
			t.Fatalf("cannot read what was written: %v\n%q", err, buf.String())
		}
		if !back.Equal(m) {
			t.Fatalf("read back a different map")
		}
	})
}

// FuzzReadMap follows an opened file's way: Detect on its first bytes,
// then the reader it picks, or the refusal of a scenario list (misspelt
// or not) or of a binary file.
func FuzzReadMap(f *testing.F) {
	for _, p := range []string{"*.map", "*.txt", "*.pls"} { // not testdata/fuzz, a folder
		addSeeds(f, p)
	}
	addSeeds(f, "*.scen", "versoin 1\n0 a.map 1 1 0 0 0 0 0\n", "Version 1\n", "0\ta.map\t1\t1\t0\t0\t0\t0\t0\n",
		"type octile\nwidth 2\nmap\n..\n", "heigth 1\nwidth 1\nmap\n.\n")
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ReadMap(bytes.NewReader(data), "fuzz")
		if err != nil {
			wantMapsError(t, err)
			return
		}
		checkMap(t, m)
	})
}

func FuzzReadScen(f *testing.F) {
	addSeeds(f, "*.scen", "version 1\n0 a.map 1 1 0 0 0 0 0\n")
	f.Fuzz(func(t *testing.T, data []byte) {
		rows, err := ReadScen(bytes.NewReader(data), "fuzz.scen")
		if err != nil {
			wantMapsError(t, err)
			return
		}
		for _, r := range rows {
			if r.Width < 1 || r.Height < 1 || r.Start.X < 0 || r.Start.X >= r.Width || r.Goal.Y < 0 ||
				r.Goal.Y >= r.Height || !(r.Optimal >= 0) || r.Line < 2 || r.File != "fuzz.scen" {
				t.Fatalf("accepted a bad row %+v", r)
			}
		}
	})
}

func FuzzParseScenario(f *testing.F) {
	addSeeds(f, "*.pls",
		"pathlens-scenario 1\nmap inline\n.\nend\n",
		"pathlens-scenario 1\nmap inline\n..\nend\nregions 1\nA \nend\nagent 0,0 -> 1,0\n",
		"pathlens-scenario 1\nmap inline\n...\nend\nagent 0,0 idle\nagent 1,0 arrived\nagent 2,0 -> 1,0 group 1\nagent 0,0 -> 1,0 group 1\n",
		"pathlens-scenario 1\nmap inline\n...\n...\nend\ndig 0,0..2,0\nstroke\nfill 1,0..1,1\nweight 0,1..1,1 3\n",
		// The view: good lines, then lines left out with notes.
		"pathlens-scenario 1\nset zoom 12.5\nset center 2,1\nset level 2\nset pin (1, 0)\nmap inline\n...\n.#.\nend\n",
		"pathlens-scenario 1\nset zoom 0\nset center 9,9\nset level 7\nset pin 1,1\nset zoom 1e400\nmap inline\n...\n.#.\nend\nfill 0,0\nset pin 0,0\n")
	f.Fuzz(func(t *testing.T, data []byte) {
		// Files are off: a fuzzed "map PATH" must not read the disk.
		s, err := parseScenario(bytes.NewReader(data), "fuzz.pls", "", false)
		if err != nil {
			wantMapsError(t, err)
			return
		}
		checkMap(t, s.Map)
		var buf bytes.Buffer
		if err := WriteScenario(&buf, s); err != nil {
			// Only text the writer cannot reproduce may be refused.
			wantMapsError(t, err)
			return
		}
		back, err := parseScenario(bytes.NewReader(buf.Bytes()), "back.pls", "", false)
		if err != nil {
			t.Fatalf("cannot read what was written: %v\n%s", err, buf.String())
		}
		if !back.Equal(s) {
			t.Fatalf("read back a different scenario:\n%+v\nwant\n%+v\nwritten:\n%s", back, s, buf.String())
		}
	})
}
