package maps

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDetect(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Format
	}{
		{"type octile\nheight 1\n", FormatMovingAI},
		{"\n\n  type octile\n", FormatMovingAI},
		{"version 1\n", FormatScen},
		{"pathlens-scenario 1\n", FormatScenario},
		{"\xef\xbb\xbfpathlens-scenario 1\n", FormatScenario},
		{"###\n#.#\n", FormatASCII},
		{"", FormatASCII},
		// Moving AI headers gone wrong are still Moving AI, so its reader
		// names the header problem instead of the ASCII reader an 'h'.
		{"tpye octile\nheight 1\n", FormatMovingAI},
		{"Type octile\n", FormatMovingAI},
		{"typeoctile\n", FormatMovingAI},
		{"heigth 10\nwidth 10\nmap\n", FormatMovingAI},
		{"height 10\nwidth 10\nmap\n", FormatMovingAI},
		{"width 10\n", FormatMovingAI},
		{"kind octile\nheight 2\r\nwidth 2\nmap\r\n..\n", FormatMovingAI},
		{"map\n..\n", FormatMovingAI},
		// A scenario list whose version line is misspelt or missing is
		// still a scenario list, so that it is not read as an ASCII map.
		{"versoin 1\n0\ta.map\t4\t4\t0\t0\t1\t1\t1.41421356\n", FormatScen},
		{"Version 1\n", FormatScen},
		{"version1\n", FormatScen},
		{"\xef\xbb\xbfversion:1\n", FormatScen},
		{"0\ta.map\t4\t4\t0\t0\t1\t1\t1.41421356\n", FormatScen},
		{"1 maps/dao/a.map 4 4 0 0 1 1 1.5\n", FormatScen},
		// A pathlens scenario's header gone wrong is still a scenario, so
		// its reader says which first line it wants.
		{"pathlens-scenaro 1\nmap inline\n..\nend\n", FormatScenario},
		{"Pathlens-Scenario 1\n", FormatScenario},
		{"pathlens 1\n", FormatScenario},
		{"pathlens_scenario 1\n", FormatScenario},
		{"pathlens-sceanrio 1\n", FormatScenario},
		// ...and one whose first line was left out: its reader asks for
		// it, where the ASCII reader refused cell (0,0)'s 's' of "set".
		{"set algo hpa\nmap a.map\n", FormatScenario},
		{"name demo\n", FormatScenario},
		{"query 1,1 8,2\n", FormatScenario},
		{"agent 1,1 -> 8,2\n", FormatScenario},
		// ...but not a valid ASCII row, nor text that is neither.
		{"TT..\n....\n", FormatASCII},
		{"WGS.\n", FormatASCII},
		{"hello world\n", FormatASCII},
		{"path 1\n", FormatASCII},
		{"kind octile\nsize 2\n..\n", FormatASCII},
		{"vision 1\n", FormatASCII},
		{"0 a.map 4 4 0 0 1 1\n", FormatASCII},
	} {
		if got := Detect([]byte(tc.in)); got != tc.want {
			t.Errorf("Detect(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func writeFile(t *testing.T, dir, name, data string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoadMap(t *testing.T) {
	dir := t.TempDir()
	mp := writeFile(t, dir, "a.map", mai("1", "3", ".@."))
	ap := writeFile(t, dir, "b.txt", ".#.\n")
	for _, p := range []string{mp, ap} {
		m, err := LoadMap(p)
		if err != nil {
			t.Fatal(err)
		}
		if m.Name != filepath.Base(p) || !m.Grid.Open(m.Grid.Point(0)) || m.Grid.Open(m.Grid.Point(1)) {
			t.Errorf("%s: got %v terrain %q", p, m, m.Terrain)
		}
	}

	sp := writeFile(t, dir, "a.map.scen", "version 1\n")
	bad := writeFile(t, dir, "bad.map", mai("2", "3", "...", ".."))
	trail := writeFile(t, dir, "trail.map", mai("2", "3", "... ", "..."))
	wide := writeFile(t, dir, "wide.map", mai("2", "3", ".... \t", "..."))
	short := writeFile(t, dir, "short.map", mai("2", "5", "..  ", "....."))
	for _, tc := range []struct{ path, want string }{
		{sp, sp + ":1: is a Moving AI scenario list"},
		{trail, trail + ":5: row has 4 cells, want 3 (its last character is a space or tab: remove it)"},
		{wide, wide + ":5: row has 6 cells, want 3 (it ends in spaces or tabs, counted as cells)"},
		{short, short + ":5: row has 4 cells, want 5$"},
		{bad, "" + bad + ":6: row has 2 cells, want 3"},
		{filepath.Join(dir, "missing.map"), "no such file"},
		{dir, dir + ": is a directory"},
		{"/dev/null", "/dev/null: is not a regular file"},
	} {
		_, err := LoadMap(tc.path)
		if want, whole := strings.CutSuffix(tc.want, "$"); whole {
			// The whole message: nothing after it.
			if err == nil || !strings.HasSuffix(err.Error(), want) {
				t.Errorf("LoadMap(%s): error %v, want it to end %q", tc.path, err, want)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("LoadMap(%s): error %v, want %q", tc.path, err, tc.want)
		}
	}
}

// A .scen whose version line is misspelt, opened as a map, was read as
// an ASCII map: "cell (0,0) has unknown terrain 'v'". It is named a
// scenario list now, with the line and the keyword it wants, as a
// misspelt Moving AI header is; and ReadScen says what the slip was.
func TestMisspeltScenOpenedAsMap(t *testing.T) {
	dir := t.TempDir()
	row := "0\tarena.map\t49\t49\t1\t1\t2\t2\t1.41421356\n"
	for _, tc := range []struct{ name, text, asMap, asScen string }{
		{"versoin.map.scen", "versoin 1\n" + row,
			`:1: looks like a Moving AI scenario list (.scen), not a map: its first line should be "version 1", found "versoin 1"; open the .map it names`,
			`:1: want "version 1" as the first line of a Moving AI scenario file, found "versoin 1" (is "versoin" a misspelt "version"?)`},
		{"upper.map.scen", "\nVersion 1\n" + row,
			`:2: looks like a Moving AI scenario list (.scen), not a map: its first line should be "version 1", found "Version 1"; open the .map it names`,
			`:2: want "version 1" as the first line of a Moving AI scenario file, found "Version 1" (is "Version" a misspelt "version"?)`},
		{"noversion.map.scen", row,
			`:1: looks like a Moving AI scenario list (.scen), not a map: its first line should be "version 1", found the row "0\tarena.map\t49\t49\t1\t1\t2\t2\t1.41421356"; open the .map it names`,
			`:1: want "version 1" as the first line of a Moving AI scenario file, found "0\tarena.map\t49\t49\t1\t1\t2\t2\t1.41421356" (a scenario row: the version line is missing)`},
		{"right.map.scen", "version 1\n" + row,
			`:1: is a Moving AI scenario list (.scen), not a map; open the .map it names`, ""},
	} {
		path := writeFile(t, dir, tc.name, tc.text)
		_, err := LoadMap(path)
		var me *Error
		if err == nil || err.Error() != ""+path+tc.asMap || !errors.As(err, &me) || me.File != path {
			t.Errorf("LoadMap(%s): %v\nwant maps: %s%s", tc.name, err, path, tc.asMap)
		}
		if _, err := LoadScenario(path); err == nil || err.Error() != ""+path+tc.asMap {
			t.Errorf("LoadScenario(%s): %v\nwant maps: %s%s", tc.name, err, path, tc.asMap)
		}
		if tc.asScen == "" {
			continue
		}
		if _, err := LoadScen(path); err == nil || err.Error() != ""+path+tc.asScen {
			t.Errorf("LoadScen(%s): %v\nwant maps: %s%s", tc.name, err, path, tc.asScen)
		}
	}
}

func TestMovingAIDir(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("PATHLENS_MAPS", tmp)
	if d, ok := MovingAIDir(); d != tmp || !ok {
		t.Errorf("with PATHLENS_MAPS=%s: %q %v", tmp, d, ok)
	}
	missing := filepath.Join(tmp, "nope")
	t.Setenv("PATHLENS_MAPS", missing)
	if d, ok := MovingAIDir(); d != missing || ok {
		t.Errorf("with PATHLENS_MAPS=%s (missing): %q %v", missing, d, ok)
	}

	t.Setenv("PATHLENS_MAPS", "")
	wd, _ := os.Getwd()
	root := filepath.Dir(wd) // this package sits one below the module root
	want := filepath.Join(root, "..", "shared", "maps", "movingai")
	if d, _ := MovingAIDir(); d != want {
		t.Errorf("from %s: %q, want %q", wd, d, want)
	}

	// A module whose sibling shared folder exists, entered from a subfolder.
	mod := filepath.Join(tmp, "mod")
	shared := filepath.Join(tmp, "shared", "maps", "movingai")
	for _, d := range []string{filepath.Join(mod, "a", "b"), shared} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, mod, "go.mod", "module x\n")
	t.Chdir(filepath.Join(mod, "a", "b"))
	if d, ok := MovingAIDir(); !ok || filepath.Clean(d) != shared {
		t.Errorf("from a module subfolder: %q %v, want %q true", d, ok, shared)
	}
	// A nested module (like cmd/bench/peers) finds the outer one's folder.
	nested := filepath.Join(mod, "a", "inner")
	if err := os.MkdirAll(filepath.Join(nested, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, nested, "go.mod", "module inner\n")
	t.Chdir(filepath.Join(nested, "x"))
	if d, ok := MovingAIDir(); !ok || filepath.Clean(d) != shared {
		t.Errorf("from a nested module: %q %v, want %q true", d, ok, shared)
	}
	// No go.mod anywhere above: not found.
	t.Chdir(filepath.Join(tmp, "shared"))
	if d, ok := MovingAIDir(); ok {
		t.Errorf("outside any module: %q %v, want not found", d, ok)
	}
}

func TestBenchmarks(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "b.map", "")
	writeFile(t, dir, "b.map.scen", "")
	writeFile(t, dir, "a.map", "")
	writeFile(t, dir, "a.map.scen", "")
	writeFile(t, dir, "lonely.map", "")
	bs, err := Benchmarks(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 2 || bs[0].Name != "a" || bs[1].Name != "b" || bs[0].Scen != filepath.Join(dir, "a.map.scen") {
		t.Errorf("Benchmarks = %+v", bs)
	}
}

// A picture, an archive or a program given as a map is named for what it
// is, not reported as unknown terrain '\x89'.
func TestBinaryFileIsNamed(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ data, want string }{
		{"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "shot.png: not a text file but a PNG image: maps and scenarios are text"},
		{"\xff\xd8\xff\xe0\x00\x10JFIF", "but a JPEG image"},
		{"PK\x03\x04\x14\x00", "but a ZIP archive"},
		{"%PDF-1.7\n", "but a PDF document"},
	} {
		path := filepath.Join(dir, "shot.png")
		if err := os.WriteFile(path, []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := LoadMap(path); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("LoadMap of %q: %v, want %q", c.data[:4], err, c.want)
		}
		if _, err := ReadMap(strings.NewReader(c.data), "shot.png"); err == nil || !strings.Contains(err.Error(), "not a text file") {
			t.Errorf("ReadMap of %q: %v", c.data[:4], err)
		}
	}
	// An ASCII map is still a map.
	if _, err := ReadMap(strings.NewReader("BM..\n....\n"), "bm.txt"); err != nil && strings.Contains(err.Error(), "not a text file") {
		t.Errorf("an ASCII map starting BM: %v", err)
	}
}

// A file meant to be a Moving AI map whose header is misspelt or incomplete
// used to fall through to the ASCII reader, which reported "cell (0,0) has
// unknown terrain 't'"; now the Moving AI reader names the header line and
// the keyword it wants.
func TestMisspeltMovingAIHeader(t *testing.T) {
	const rows = "..\n..\n"
	for _, c := range []struct{ name, in, want string }{
		{"tpye", "tpye octile\nheight 2\nwidth 2\nmap\n" + rows,
			`h.map:1: want "type octile" as the first line of a Moving AI map, found "tpye octile" ("tpye" is not "type")`},
		{"Type", "Type octile\nheight 2\nwidth 2\nmap\n" + rows,
			`h.map:1: want "type octile" as the first line of a Moving AI map, found "Type octile" ("Type" is not "type")`},
		{"heigth", "type octile\nheigth 2\nwidth 2\nmap\n" + rows,
			`h.map:2: unknown header line "heigth 2" (want type, height, width or map; is "heigth" a misspelt "height"?)`},
		{"no map line", "type octile\nheight 2\nwidth 2\n" + rows,
			`h.map:4: want the line "map" between the header and the rows, found the row ".."`},
		{"no type line", "height 2\nwidth 2\nmap\n" + rows,
			`h.map:1: want "type octile" as the first line of a Moving AI map, found "height 2" (a Moving AI map starts with its type line)`},
		{"misspelt and no type line", "\nheigth 2\nwidth 2\nmap\n" + rows,
			`h.map:2: want "type octile" as the first line of a Moving AI map, found "heigth 2"`},
		{"other first key", "kind octile\nheight 2\nwidth 2\nmap\n" + rows,
			`h.map:1: want "type octile" as the first line of a Moving AI map, found "kind octile"`},
		{"octle", "type octle\nheight 2\nwidth 2\nmap\n" + rows,
			`h.map:1: unsupported map type "type octle" (want "type octile")`},
		{"Map", "type octile\nheight 2\nwidth 2\nMap\n" + rows,
			`h.map:4: unknown header line "Map" (want type, height, width or map; is "Map" a misspelt "map"?)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := ReadMap(strings.NewReader(c.in), "h.map")
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("ReadMap: %v (map %v)\nwant %q", err, m, c.want)
			}
			p := writeFile(t, t.TempDir(), "h.map", c.in)
			if _, err := LoadMap(p); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("LoadMap: %v\nwant %q", err, c.want)
			}
		})
	}
}

// Every ASCII map in testdata and every Moving AI benchmark map is still
// read in its own format after the misspelt-header guess was added.
func TestDetectKeepsRealMaps(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.*"))
	tmx, _ := filepath.Glob(filepath.Join("testdata", "tiled", "*.tmx"))
	files = append(files, tmx...)
	if dir, ok := MovingAIDir(); ok {
		more, _ := filepath.Glob(filepath.Join(dir, "*.map"))
		files = append(files, more...)
	}
	for _, p := range files {
		want := FormatASCII
		switch filepath.Ext(p) {
		case ".map":
			want = FormatMovingAI
		case ".scen":
			want = FormatScen
		case ".pls":
			want = FormatScenario
		case ".tmx":
			want = FormatTiled
		}
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := Detect(data[:min(len(data), 512)]); got != want {
			t.Errorf("%s: Detect = %v, want %v", p, got, want)
		}
	}
}

// A file that cannot be opened was "open PATH: no such file or
// directory" with no File in the *Error and nothing for errors.Is: a UI
// could neither show which file nor tell a missing file from a bad one.
func TestOpenErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.map")
	for _, c := range []struct {
		name string
		err  error
		path string
	}{
		{"LoadMap", func() error { _, err := LoadMap(missing); return err }(), missing},
		{"LoadScen", func() error { _, err := LoadScen(missing + ".scen"); return err }(), missing + ".scen"},
		{"LoadScenario", func() error { _, err := LoadScenario(missing); return err }(), missing},
		{"Benchmarks", func() error { _, err := Benchmarks(filepath.Join(dir, "nope")); return err }(), filepath.Join(dir, "nope")},
	} {
		var me *Error
		want := "" + c.path + ": no such file or directory"
		if c.err == nil || c.err.Error() != want || !errors.As(c.err, &me) || me.File != c.path || !errors.Is(c.err, fs.ErrNotExist) {
			t.Errorf("%s: %v (%#v)\nwant %q with File set and fs.ErrNotExist", c.name, c.err, c.err, want)
		}
	}
	// A scenario naming a missing map names its own line and the map, and
	// what the path is relative to (a .pls moved without its map).
	sp := writeFile(t, dir, "s.pls", "pathlens-scenario 1\nmap missing.map\n")
	_, err := LoadScenario(sp)
	if want := "" + sp + ":2: map missing.map: " + missing + ": no such file or directory (the path is relative to " + dir + ", the folder of s.pls: put the file there, or give its path on this line)"; err == nil || err.Error() != want {
		t.Errorf("scenario with a missing map: %v\nwant %q", err, want)
	}
}

// Regression (a user test): 4 KB of random bytes given as -map was read as
// an ASCII map, "cell (0,0) has unknown terrain '-'", while the window
// refused the same file dropped on it as no text. Every reader of a file
// refuses it in NotText's words, and no terrain is reported.
func TestNoTextFileIsRefusedAsSuch(t *testing.T) {
	junk := make([]byte, 4096)
	for i := range junk {
		junk[i] = byte(i*131 + i*i*7)
	}
	junk[0], junk[1] = ' ', '-'
	why := NotText(junk[:512])
	if why == "" || !strings.Contains(why, "not a text file") {
		t.Fatalf("NotText of random bytes: %q", why)
	}
	path := filepath.Join(t.TempDir(), "junk.map")
	if err := os.WriteFile(path, junk, 0o644); err != nil {
		t.Fatal(err)
	}
	for name, load := range map[string]func() error{
		"LoadMap":      func() error { _, err := LoadMap(path); return err },
		"LoadScenario": func() error { _, err := LoadScenario(path); return err },
		"LoadScen":     func() error { _, err := LoadScen(path); return err },
		"ReadMap":      func() error { _, err := ReadMap(bytes.NewReader(junk), path); return err },
	} {
		if err := load(); err == nil || !strings.Contains(err.Error(), path+": "+why) || strings.Contains(err.Error(), "terrain") {
			t.Errorf("%s: %v, want %q", name, err, path+": "+why)
		}
	}
	// Text is text: UTF-8 with a character cut at the end of the head.
	if why := NotText([]byte("# é")[:3]); why != "" {
		t.Errorf("a cut é: %q", why)
	}
	if why := NotText([]byte("....\n#..é\n")); why != "" {
		t.Errorf("a map: %q", why)
	}
}

// Regression (a user test): spaces before a row are not cells, so the bad
// character of " -.." is cell (0,0) but the line's second character: the
// message names its column too, and only when they differ.
func TestUnknownTerrainNamesTheColumn(t *testing.T) {
	_, err := ReadASCII(strings.NewReader(" -..\n....\n"), "lead.map")
	if err == nil || !strings.Contains(err.Error(), "cell (0,0) (column 2 of the line") {
		t.Errorf("leading space: %v, want cell (0,0) at column 2", err)
	}
	_, err = ReadASCII(strings.NewReader("-...\n....\n"), "flush.map")
	if err == nil || strings.Contains(err.Error(), "column") {
		t.Errorf("no leading space: %v, want no column", err)
	}
}
