package cli

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/maps"
)

// headless runs the app's arguments as a machine without a display does.
func headless(args ...string) (code int, out, errs string) {
	var o, e bytes.Buffer
	code = Headless(args, &o, &e)
	return code, o.String(), e.String()
}

// -export writes the terrain of a .pls (its map with the edit log applied)
// as a map and exits, with no window: on a machine without a display too.
func TestExportFlag(t *testing.T) {
	dir := t.TempDir()
	const room = "type octile\nheight 3\nwidth 5\nmap\n.....\n.@@@.\n.....\n"
	if err := os.WriteFile(filepath.Join(dir, "room.map"), []byte(room), 0o644); err != nil {
		t.Fatal(err)
	}
	pls := filepath.Join(dir, "room.pls")
	if err := os.WriteFile(pls, []byte("pathlens-scenario 1\nmap room.map\nagent 4,0 -> 4,2\nagent 0,2 idle\ndig 2,1\nfill 0,0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "room-v2.map")
	code, stdout, errs := headless("-map", pls, "-export", out)
	if code != 0 || !strings.Contains(stdout, "terrain written to") || errs != "" {
		t.Fatalf("-export: exit %d, stdout %q, stderr %q", code, stdout, errs)
	}
	// What the map file drops is named, the scenario's agents too (a
	// tester's headless export said only "1 query" for a file with 6).
	if !strings.Contains(stdout, "only a .pls keeps 2 agents") {
		t.Errorf("-export note %q does not name the agents the map drops", stdout)
	}
	m, err := maps.LoadMap(out)
	if err != nil {
		t.Fatal(err)
	}
	if !m.Grid.Open(image.Pt(2, 1)) || m.Grid.Open(image.Pt(0, 0)) || m.Grid.Open(image.Pt(1, 1)) {
		t.Errorf("the export does not hold the .pls's edits: %v", m)
	}
	// ASCII by extension, and the unedited map byte for byte.
	if code, _, errs := headless("-map", filepath.Join(dir, "room.map"), "-export", filepath.Join(dir, "copy.map")); code != 0 {
		t.Fatalf("-export copy.map: exit %d, %s", code, errs)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "copy.map")); string(b) != room {
		t.Errorf("an unedited map exported differs:\n%q", b)
	}
	if code, _, errs := headless("-map", pls, "-export", filepath.Join(dir, "room.txt")); code != 0 {
		t.Fatalf("-export room.txt: exit %d, %s", code, errs)
	} else if m, err := maps.LoadMap(filepath.Join(dir, "room.txt")); err != nil || m.Format != maps.FormatASCII {
		t.Errorf("room.txt: %v, %v", m, err)
	}
	// Tiled by extension: the edited terrain, opening again as a Tiled map.
	if code, stdout, errs := headless("-map", pls, "-export", filepath.Join(dir, "room.tmx")); code != 0 || !strings.Contains(stdout, "(Tiled, 5×3)") {
		t.Fatalf("-export room.tmx: exit %d, %s %s", code, stdout, errs)
	} else if m, err := maps.LoadMap(filepath.Join(dir, "room.tmx")); err != nil || m.Format != maps.FormatTiled || !m.Grid.Open(image.Pt(2, 1)) || m.Grid.Open(image.Pt(0, 0)) {
		t.Errorf("room.tmx: %v, %v", m, err)
	}
}

// What -export refuses: the map it reads (the original would be lost), a
// name that is no map, weights a Moving AI map cannot hold; each names
// the file, and nothing is written.
func TestExportFlagRefusals(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "room.map")
	const room = "type octile\nheight 2\nwidth 3\nmap\n...\n.@.\n"
	if err := os.WriteFile(src, []byte(room), 0o644); err != nil {
		t.Fatal(err)
	}
	heavy := filepath.Join(dir, "heavy.pls")
	if err := os.WriteFile(heavy, []byte("pathlens-scenario 1\nmap room.map\nweight 2,0 4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dig := filepath.Join(dir, "dig.pls")
	if err := os.WriteFile(dig, []byte("pathlens-scenario 1\nmap room.map\ndig 1,1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		errs string
	}{
		{[]string{"-map", src, "-export", src}, 1, "is the map " + src + " reads"},
		{[]string{"-map", dig, "-export", src}, 1, "is the map " + dig + " reads"},
		{[]string{"-map", src, "-export", filepath.Join(dir, "x.png")}, 2, "want a map file: .map (Moving AI), .txt or .ascii"},
		{[]string{"-map", heavy, "-export", filepath.Join(dir, "heavy.map")}, 1, "1 cell has a move weight above 1 (the first (2,0), weight 4)"},
		{[]string{"-map", src, "-export", filepath.Join(dir, "missing", "x.map")}, 2, "-export " + filepath.Join(dir, "missing", "x.map")},
	} {
		code, _, errs := headless(c.args...)
		if code != c.code || !strings.Contains(errs, c.errs) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, errs, c.code, c.errs)
		}
	}
	if b, _ := os.ReadFile(src); string(b) != room {
		t.Errorf("the source map changed: %q", b)
	}
	for _, name := range []string{"x.png", "heavy.map"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s was written", name)
		}
	}
}

// -export says the map's load notes on the terminal as a launch does: a
// Tiled map whose collision shapes miss their tiles' centres exports those
// cells as floor, and a script running the export is told so, on stdout
// before the result (one stream, in order: TestExportNotesInOrderAndAgreeing).
func TestExportSaysTheLoadNotes(t *testing.T) {
	src := filepath.Join("..", "..", "maps", "testdata", "tiled", "collision_shapes.tmx")
	out := filepath.Join(t.TempDir(), "shapes.txt")
	code, errs, stderr := headless("-map", src, "-export", out)
	if stderr != "" {
		t.Errorf("stderr %q, want the whole report on stdout", stderr)
	}
	if code != 0 || !strings.Contains(errs, "collision_shapes.tmx") || !strings.Contains(errs, "miss the tile's centre") {
		t.Errorf("-export of a map with load notes: exit %d, stderr %q", code, errs)
	}
	// As a launch says it: after the map's path, once ("pathlens:
	// …/collision_shapes.tmx: collision_shapes.tmx: tileset …" was printed).
	if want := "pathlens: " + src + `: tileset "props" tile 3: its collision shapes miss`; !strings.Contains(errs, want) || strings.Contains(errs, "collision_shapes.tmx: collision_shapes.tmx") {
		t.Errorf("-export's load notes: %q, want %q, the file named once", errs, want)
	}
}

// -export of a designer's .tmx as a .tmx named nothing of what the copy
// drops (the "spawns" layer, the tileset, the ellipse and polygon rooms'
// shapes): its output lists them, saying the original keeps them, and the
// copy keeps the room layers' names ("rooms 2", not "regions 2").
func TestExportTiledNamesWhatTheCopyDrops(t *testing.T) {
	src := filepath.Join("..", "..", "maps", "testdata", "tiled", "designer_level2.tmx")
	out := filepath.Join(t.TempDir(), "copy.tmx")
	code, stdout, errs := headless("-map", src, "-export", out)
	if code != 0 {
		t.Fatalf("exit %d, %s", code, errs)
	}
	for _, s := range []string{"not kept from designer_level2.tmx (it keeps them)", `object layer "spawns" (1 object)`, `tileset "tiles"`, `"Pond" (an ellipse)`, `"Hall" (a polygon)`} {
		if !strings.Contains(stdout, s) {
			t.Errorf("stdout lacks %q: %q", s, stdout)
		}
	}
	if b, _ := os.ReadFile(out); !strings.Contains(string(b), `name="rooms 2"`) {
		t.Errorf("the copy renamed rooms 2")
	}
}
