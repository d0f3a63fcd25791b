package game

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

func sessionGame(t *testing.T, open string) *Game {
	t.Helper()
	wd, err := world.Open(open)
	if err != nil {
		t.Fatal(err)
	}
	wd.Log = world.NewEventLog(nil)
	wd.Begin()
	t.Cleanup(wd.Close)
	wd.Wait()
	return drawnOn(t, wd, 1200, 760)
}

// From a review: a map named level.pls; save as "level.pls" (its own name)
// writes a scenario over the map on the first Enter, no question
// (ownFile still tells a scenario by the .pls extension).
func TestSaveAsAsksBeforeAMapNamedPls(t *testing.T) {
	dir := writeDropFiles(t, map[string]string{"level.pls": dropMap})
	g := sessionGame(t, filepath.Join(dir, "level.pls"))
	var held heldKeys
	fakeKeys(t, &held)
	saveAsKeys(t, g, &held, filepath.Join(dir, "level.pls"))
	b, _ := os.ReadFile(filepath.Join(dir, "level.pls"))
	t.Logf("prompt=%v note=%q", g.prompt != nil, func() string {
		if g.prompt != nil {
			return g.prompt.note
		}
		return ""
	}())
	if string(b) != dropMap {
		t.Errorf("first Enter wrote over the map named level.pls:\n%.80s", b)
	}
}

// From a review: a scenario whose map is m.pls (a Moving AI map with a .pls
// name); save as m.pls asks only the generic question, and the second
// Enter leaves a scenario that names itself as its map.
func TestSaveAsNeverReplacesAScenariosMapNamedPls(t *testing.T) {
	dir := writeDropFiles(t, map[string]string{"m.pls": dropMap, "case.pls": "pathlens-scenario 1\nmap m.pls\n"})
	g := sessionGame(t, filepath.Join(dir, "case.pls"))
	var held heldKeys
	fakeKeys(t, &held)
	saveAsKeys(t, g, &held, filepath.Join(dir, "m.pls"))
	if g.prompt != nil {
		t.Logf("first Enter: %q", g.prompt.note)
		if !strings.Contains(g.prompt.note, "loaded from") {
			t.Errorf("only the generic question before replacing the source map")
		}
	}
	enter(g, &held)
	if _, err := world.Open(filepath.Join(dir, "case.pls")); err != nil {
		t.Errorf("case.pls after: %v", err)
	}
	if _, err := world.Open(filepath.Join(dir, "m.pls")); err != nil {
		t.Errorf("m.pls after: %v", err)
	}
}

// From a review: a session opened by a relative path in a subfolder: the save-as
// prompt starts with "sub/room.pls" in folder <cwd>/sub, so Enter on it
// goes to sub/sub/room.pls.
func TestSaveAsPrefillIsWholeForARelativeSource(t *testing.T) {
	dir := writeDropFiles(t, map[string]string{"sub/": "", "sub/room.map": dropMap})
	t.Chdir(dir)
	g := sessionGame(t, filepath.Join("sub", "room.map"))
	var held heldKeys
	fakeKeys(t, &held)
	held = heldKeys{}
	g.openPrompt(promptSaveAs)
	p := g.prompt
	t.Logf("text=%q dir=%q resolve=%q", string(p.text), p.dir, p.resolve(string(p.text)))
	enter(g, &held)
	if g.prompt != nil {
		t.Errorf("Enter on the prefilled name: %q", g.prompt.note)
	}
	if _, err := os.Stat(filepath.Join(dir, "sub", "room.pls")); err != nil {
		t.Errorf("not saved at sub/room.pls: %v", err)
	}
}

// A designer placed a start and a goal on a map, pressed Ctrl+Q, and the
// window closed without asking: the query was lost, though a save keeps
// it. Quitting, and opening another file, now ask; S saves the query and
// the reopened file has it.
func TestQuitAsksAfterAQueryIsPlaced(t *testing.T) {
	dir := writeDropFiles(t, map[string]string{"room.map": dropMap})
	other := writeDropFiles(t, map[string]string{"other.map": dropMap})
	g := sessionGame(t, filepath.Join(dir, "room.map"))
	var held heldKeys
	fakeKeys(t, &held)
	if g.w.Dirty() {
		t.Fatalf("fresh map: %q", g.w.UnsavedText())
	}
	g.w.Pick(image.Pt(0, 0))
	g.w.Pick(image.Pt(7, 4))
	g.w.Wait()
	w0 := g.w
	g.drop(os.DirFS(other))
	if g.confirm == nil || g.w != w0 {
		t.Fatal("opening another file after placing a query did not ask")
	}
	g.confirm.cancel()
	g.confirm = nil // Esc
	press(g, &held, ebiten.KeyControl, ebiten.KeyQ)
	if g.quit || g.confirm == nil {
		t.Fatalf("Ctrl+Q after placing a query: quit %v, asked %v", g.quit, g.confirm != nil)
	}
	if q := strings.Join(g.confirm.lines, "\n"); !strings.Contains(q, "unsaved queries") {
		t.Errorf("question %q, want it to say the queries are unsaved", q)
	}
	g.confirmSave()
	w, err := world.Open(filepath.Join(dir, "room.pls"))
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Queries) != 1 || w.Queries[0] != [2]image.Point{image.Pt(0, 0), image.Pt(7, 4)} {
		t.Errorf("saved queries %v, want the placed one", w.Queries)
	}
}

// A designer dropped a .scen list on a map, ran the batch, pressed Ctrl+Q,
// and the window closed without asking: the session's file lacked the
// list (a save writes its scen line). Quitting now asks, naming the list;
// S saves it and the reopened file has its rows.
func TestQuitAsksAfterAScenListIsDropped(t *testing.T) {
	dir := writeDropFiles(t, map[string]string{"room.map": dropMap})
	list := writeDropFiles(t, map[string]string{"room.scen": scenText("room.map", 8, 5, "0\t0\t7\t0\t7", "0\t2\t7\t2\t7")})
	g := sessionGame(t, filepath.Join(dir, "room.map"))
	var held heldKeys
	fakeKeys(t, &held)
	g.drop(os.DirFS(list))
	g.w.Wait()
	if len(g.w.Queries) != 2 {
		t.Fatalf("the list dropped: %d queries, want its 2 rows", len(g.w.Queries))
	}
	press(g, &held, ebiten.KeyControl, ebiten.KeyQ)
	if g.quit || g.confirm == nil {
		t.Fatalf("Ctrl+Q after dropping a .scen list: quit %v, asked %v", g.quit, g.confirm != nil)
	}
	if q := strings.Join(g.confirm.lines, "\n"); !strings.Contains(q, "unsaved .scen list") {
		t.Errorf("question %q, want it to say the .scen list is unsaved", q)
	}
	g.confirmSave()
	w, err := world.Open(filepath.Join(dir, "room.pls"))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if len(w.Queries) != 2 || w.ScenFile == "" {
		t.Errorf("saved: queries %v from list %q, want the list's 2 rows", w.Queries, w.ScenFile)
	}
}
