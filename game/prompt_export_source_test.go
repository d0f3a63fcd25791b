package game

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/game/world"
)

// scenarioGame opens a scenario saved under name (any extension: files are
// told apart by content) that reads dropMap from room.map beside it.
func scenarioGame(t *testing.T, name string) (*Game, string) {
	t.Helper()
	const scen = "pathlens-scenario 1\nmap room.map\ndig 4,0\n"
	dir := writeDropFiles(t, map[string]string{"room.map": dropMap, name: scen})
	wd, err := world.Open(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	wd.Log = world.NewEventLog(nil)
	wd.Begin()
	t.Cleanup(wd.Close)
	wd.Wait()
	return drawnOn(t, wd, 1200, 760), dir
}

// A session from a scenario named case.txt: an export over its map asks
// the question that says the original is lost (not the generic "exists"
// one), and an export over case.txt itself says that a bare map replaces
// the scenario. Neither is written on the first Enter.
func TestExportAsksBeforeSourcesOfAScenarioNotNamedPls(t *testing.T) {
	for _, c := range []struct{ typed, file, want string }{
		{"room.map", "room.map", "the map this session was loaded from"},
		{"case.txt", "case.txt", "the scenario this session was loaded from"},
	} {
		g, dir := scenarioGame(t, "case.txt")
		var held heldKeys
		fakeKeys(t, &held)
		before, _ := os.ReadFile(filepath.Join(dir, c.file))
		saveAsKeys(t, g, &held, c.typed)
		if b, _ := os.ReadFile(filepath.Join(dir, c.file)); string(b) != string(before) {
			t.Fatalf("save as %s: the first Enter wrote over it", c.typed)
		}
		if g.prompt == nil || !strings.Contains(g.prompt.note, c.want) || !strings.Contains(g.prompt.note, "Esc keeps it") {
			t.Errorf("save as %s: want the question %q, got %+v", c.typed, c.want, g.prompt)
		}
	}
}

// A symbolic link to the source map is the source map: exporting to
// latest.map -> room.map asks the question that says the original is lost,
// as -export (which compares the files themselves) refuses it (the
// reviewer's reproduction: the generic question, then the second Enter
// replaced room.map through the link).
func TestExportAsksBeforeALinkToTheSourceMap(t *testing.T) {
	g, dir := exportGame(t)
	var held heldKeys
	fakeKeys(t, &held)
	if err := os.Symlink("room.map", filepath.Join(dir, "latest.map")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	saveAsKeys(t, g, &held, "latest.map")
	if b, _ := os.ReadFile(filepath.Join(dir, "room.map")); string(b) != dropMap {
		t.Fatal("the first Enter wrote over the source map through the link")
	}
	if g.prompt == nil || !strings.Contains(g.prompt.note, "the map this session was loaded from") {
		t.Errorf("a link to the source map got %+v, want the question that names it", g.prompt)
	}
}

// The designer's report: Ctrl+Shift+S over the session's own .tmx asked
// only whether the edits should become part of the map, then dropped the
// "spawns" layer, the tileset and the ellipse and polygon rooms' shapes.
// The question now names them before the second Enter.
func TestExportOverTiledSourceAsksNamingWhatItDrops(t *testing.T) {
	data, err := os.ReadFile("../maps/testdata/tiled/designer_level2.tmx")
	if err != nil {
		t.Fatal(err)
	}
	dir := writeDropFiles(t, map[string]string{"level2.tmx": string(data)})
	wd, err := world.Open(filepath.Join(dir, "level2.tmx"))
	if err != nil {
		t.Fatal(err)
	}
	wd.Log = world.NewEventLog(nil)
	wd.Begin()
	t.Cleanup(wd.Close)
	wd.Wait()
	g := drawnOn(t, wd, 1200, 760)
	var held heldKeys
	fakeKeys(t, &held)
	saveAsKeys(t, g, &held, "level2.tmx")
	if b, _ := os.ReadFile(filepath.Join(dir, "level2.tmx")); string(b) != string(data) {
		t.Fatal("the first Enter wrote over level2.tmx")
	}
	if g.prompt == nil {
		t.Fatal("no question")
	}
	for _, s := range []string{"the map this session was loaded from", `object layer "spawns"`, `tileset "tiles"`, `"Pond" (an ellipse)`, "Esc keeps it"} {
		if !strings.Contains(g.prompt.note, s) {
			t.Errorf("question lacks %q: %q", s, g.prompt.note)
		}
	}
}
