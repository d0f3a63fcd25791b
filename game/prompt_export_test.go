package game

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
)

// exportGame opens dropMap as room.map in a fresh folder, digs (4,0) and
// fills (0,0) with strokes, and returns the game on it with the folder.
func exportGame(t *testing.T) (*Game, string) {
	t.Helper()
	dir := writeDropFiles(t, map[string]string{"room.map": dropMap})
	wd, err := world.Open(filepath.Join(dir, "room.map"))
	if err != nil {
		t.Fatal(err)
	}
	wd.Log = world.NewEventLog(nil)
	wd.Begin()
	t.Cleanup(wd.Close)
	for _, p := range []image.Point{{4, 0}, {0, 0}} {
		wd.BeginStroke(p, 0)
		wd.EndStroke()
	}
	wd.Wait()
	return drawnOn(t, wd, 1200, 760), dir
}

// saveAsKeys drives the save-as prompt as the keyboard does: Ctrl+Shift+S,
// Ctrl+U to clear the path it starts with, text typed, Enter.
func saveAsKeys(t *testing.T, g *Game, held *heldKeys, text string) {
	t.Helper()
	*held = heldKeys{ebiten.KeyControl: 5, ebiten.KeyShift: 5, ebiten.KeyS: 1}
	g.Update()
	if g.prompt == nil || g.prompt.kind != promptSaveAs {
		t.Fatalf("Ctrl+Shift+S opened %+v", g.prompt)
	}
	*held = heldKeys{ebiten.KeyControl: 1, ebiten.KeyU: 1}
	g.updatePrompt()
	*held = heldKeys{}
	g.in.typed = []rune(text)
	g.updatePrompt()
	g.in.typed = nil
	enter(g, held)
}

// enter presses Enter in the open prompt.
func enter(g *Game, held *heldKeys) {
	*held = heldKeys{ebiten.KeyEnter: 1}
	g.updatePrompt()
	*held = heldKeys{}
}

// The designer's finding: Ctrl+Shift+S wrote only .pls files. A name
// ending in .map exports the terrain on screen as a Moving AI map, .txt
// as an ASCII map, .tmx as a Tiled map; the prompt closes, the note says what was written and
// that the session is not saved, and Ctrl+S still saves the .pls where it
// did, with the edits still unsaved.
func TestSaveAsExportsTheTerrain(t *testing.T) {
	g, dir := exportGame(t)
	var held heldKeys
	fakeKeys(t, &held)
	goes := g.w.SaveGoesTo()
	for _, c := range []struct {
		name   string
		format maps.Format
	}{{"room-edited.map", maps.FormatMovingAI}, {"room-edited.txt", maps.FormatASCII}, {"room-edited.tmx", maps.FormatTiled}} {
		saveAsKeys(t, g, &held, c.name)
		if g.prompt != nil {
			t.Fatalf("save as %s: the prompt stayed: %+v", c.name, g.prompt)
		}
		m, err := maps.LoadMap(filepath.Join(dir, c.name))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if m.Format != c.format || !m.Grid.Equal(g.w.Grid) || !m.Grid.Open(image.Pt(4, 0)) || m.Grid.Open(image.Pt(0, 0)) {
			t.Errorf("%s reads back as %v, not the edited terrain", c.name, m.Format)
		}
		if !strings.Contains(g.w.Message, "terrain written to "+filepath.Join(dir, c.name)) || !strings.Contains(g.w.Message, "not saved: Ctrl+S") {
			t.Errorf("%s: note %q", c.name, g.w.Message)
		}
		if g.w.SaveGoesTo() != goes || g.w.SaveTo != "" || !g.w.Dirty() {
			t.Errorf("%s: Ctrl+S now saves to %q (was %q), -save %q, dirty %v", c.name, g.w.SaveGoesTo(), goes, g.w.SaveTo, g.w.Dirty())
		}
	}
	if l := strings.Join(logged(g), "\n"); !strings.Contains(l, "export path="+filepath.Join(dir, "room-edited.map")+" format=movingai") || strings.Contains(l, "save_as") {
		t.Errorf("the log does not show the exports (or shows a save as):\n%s", l)
	}
	if _, err := os.Stat(filepath.Join(dir, "room.pls")); err == nil {
		t.Error("an export saved the session")
	}
}

// Writing the edited terrain over the map the session was loaded from
// loses the original: it takes a second Enter, after a question that says
// so, as save as asks before any file it did not write.
func TestExportAsksBeforeTheSourceMap(t *testing.T) {
	g, dir := exportGame(t)
	var held heldKeys
	fakeKeys(t, &held)
	src := filepath.Join(dir, "room.map")
	saveAsKeys(t, g, &held, "room.map")
	if b, _ := os.ReadFile(src); string(b) != dropMap {
		t.Fatal("the first Enter wrote over the map the session came from")
	}
	if g.prompt == nil || !strings.Contains(g.prompt.note, "the map this session was loaded from") || !strings.Contains(g.prompt.note, "Esc keeps it") {
		t.Fatalf("no question before writing over the source map: %+v", g.prompt)
	}
	enter(g, &held)
	m, err := maps.LoadMap(src)
	if err != nil || !m.Grid.Equal(g.w.Grid) || g.prompt != nil {
		t.Fatalf("the second Enter: %v, prompt %+v", err, g.prompt)
	}
	// Another existing file asks the usual question.
	other := filepath.Join(dir, "other.txt")
	if err := os.WriteFile(other, []byte("keep me"), 0o644); err != nil {
		t.Fatal(err)
	}
	saveAsKeys(t, g, &held, "other.txt")
	if b, _ := os.ReadFile(other); string(b) != "keep me" || g.prompt == nil || !strings.Contains(g.prompt.note, "exists: Enter again") {
		t.Fatalf("first Enter on another file: %q, prompt %+v", b, g.prompt)
	}
}

// What an export cannot hold, or may not write, is refused in the
// prompt, which stays open with the reason: weights in a Moving AI map
// (how many cells, the first, what to use instead), a file marked
// read-only, an extension that is neither a scenario nor a map.
func TestExportRefusals(t *testing.T) {
	g, dir := exportGame(t)
	var held heldKeys
	fakeKeys(t, &held)
	g.w.BeginStroke(image.Pt(1, 1), 4)
	g.w.StrokeTo(image.Pt(2, 1))
	g.w.EndStroke()
	ro := filepath.Join(dir, "ro.map")
	if err := os.WriteFile(ro, []byte("keep me"), 0o444); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ text, want, absent string }{
		{"heavy.map", "2 cells have a move weight above 1 (the first (1,1), weight 4)", "heavy.map"},
		{"ro.txt", "", "ro.txt"}, // (written: the check below is on ro.map)
		{"ro.map", "cannot export " + ro + ": the file is read-only", ""},
		{"room.png", "its terrain alone is exported as .map (Moving AI), .txt or .ascii (ASCII), or .tmx (Tiled)", "room.png"},
	} {
		saveAsKeys(t, g, &held, c.text)
		if c.want == "" {
			continue
		}
		if g.prompt == nil || !g.prompt.err || !strings.Contains(g.prompt.note, c.want) {
			t.Errorf("save as %s: prompt %+v, want refused with %q", c.text, g.prompt, c.want)
		}
		if c.absent != "" {
			if _, err := os.Stat(filepath.Join(dir, c.absent)); err == nil {
				t.Errorf("save as %s wrote a file", c.text)
			}
		}
		g.closePrompt()
	}
	if b, _ := os.ReadFile(ro); string(b) != "keep me" {
		t.Errorf("the read-only file changed: %q", b)
	}
	m, err := maps.LoadMap(filepath.Join(dir, "ro.txt"))
	if err != nil || m.Grid.Weight(image.Pt(2, 1)) != 4 {
		t.Errorf("ASCII keeps the weights: %v", err)
	}
}
