package maps

import (
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
	for _, tc := range []struct{ path, want string }{
		{sp, sp + ":1: is a Moving AI scenario list"},
		{bad, "maps: " + bad + ":6: row has 2 cells, want 3"},
		{filepath.Join(dir, "missing.map"), "no such file"},
		{dir, dir + ": is a directory"},
		{"/dev/null", "/dev/null: is not a regular file"},
	} {
		_, err := LoadMap(tc.path)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("LoadMap(%s): error %v, want %q", tc.path, err, tc.want)
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
		{"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "shot.png:1: is a PNG image, not a map"},
		{"\xff\xd8\xff\xe0\x00\x10JFIF", "is a JPEG image"},
		{"PK\x03\x04\x14\x00", "is a ZIP archive"},
		{"%PDF-1.7\n", "is a PDF document"},
	} {
		path := filepath.Join(dir, "shot.png")
		if err := os.WriteFile(path, []byte(c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := LoadMap(path); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("LoadMap of %q: %v, want %q", c.data[:4], err, c.want)
		}
		if _, err := ReadMap(strings.NewReader(c.data), "shot.png"); err == nil || !strings.Contains(err.Error(), "not a map") {
			t.Errorf("ReadMap of %q: %v", c.data[:4], err)
		}
	}
	// An ASCII map is still a map.
	if _, err := ReadMap(strings.NewReader("BM..\n....\n"), "bm.txt"); err != nil && strings.Contains(err.Error(), "not a map") {
		t.Errorf("an ASCII map starting BM: %v", err)
	}
}
