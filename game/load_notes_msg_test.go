package game

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// Regression (a level designer): a .tmx with ten object layers the reader
// does not read (lights, sounds, triggers...) opened with its ten load
// notes joined into one paragraph, a box over most of the map for its
// seconds on screen. The notes show a line each, at most
// world.LoadNotesShown lines, the last counting the rest, and Esc puts
// them away as it does any note.
func TestTmxLoadNotesShowALineEachAndEscPutsThemAway(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "maps", "testdata", "tiled", "designer_level2.tmx"))
	if err != nil {
		t.Fatal(err)
	}
	var extra strings.Builder
	for i, name := range []string{"lights", "sounds", "triggers", "pickups", "doors", "cameras", "patrols", "markers", "decals"} {
		fmt.Fprintf(&extra, " <objectgroup id=\"%d\" name=\"%s\">\n  <object id=\"%d\" x=\"%d\" y=\"40\"/>\n </objectgroup>\n", 20+i, name, 100+i, 40+16*i)
	}
	path := filepath.Join(t.TempDir(), "many.tmx")
	if err := os.WriteFile(path, []byte(strings.Replace(string(src), "</map>", extra.String()+"</map>", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	g := batchGame(t)
	var held heldKeys
	fakeKeys(t, &held)
	var term strings.Builder
	out := loadNotesOut
	loadNotesOut = &term
	t.Cleanup(func() { loadNotesOut = out })
	if err := g.open(path); err != nil {
		t.Fatal(err)
	}
	screen := ebiten.NewImage(1280, 800)
	g.Update()
	g.Draw(screen)
	notes := g.w.LoadNotes()
	if len(notes) != 10 {
		t.Fatalf("%d load notes, want the 10 unread object layers': %q", len(notes), notes)
	}
	lines := strings.Split(g.w.Message, "\n")
	if len(lines) != world.LoadNotesShown {
		t.Fatalf("message of %d lines, want %d (a line a note, the last counting the rest): %q", len(lines), world.LoadNotesShown, g.w.Message)
	}
	for i, l := range lines[:len(lines)-1] {
		if l != notes[i] {
			t.Errorf("line %d %q, want note %d %q", i+1, l, i+1, notes[i])
		}
	}
	if want := fmt.Sprintf("and %d more", len(notes)-world.LoadNotesShown+1); !strings.HasPrefix(lines[len(lines)-1], want) {
		t.Errorf("last line %q, want it to start %q", lines[len(lines)-1], want)
	}
	// "the terminal lists them all": opened in the window, too.
	if got := strings.Count(term.String(), "\n"); got != len(notes) {
		t.Errorf("%d lines on the terminal, want the %d notes:\n%s", got, len(notes), term.String())
	}
	box, m := g.r.MessageRect(), g.lay.Map
	if box.Empty() {
		t.Fatal("no message box drawn")
	}
	// A line each: the box is as tall as its lines, a small part of the map.
	if box.Dy() > m.Dy()/5 {
		t.Errorf("the load notes' box %v is %d px tall, over a fifth of the map's %d", box, box.Dy(), m.Dy())
	}
	press(g, &held, -1, ebiten.KeyEscape)
	g.Draw(screen)
	if !g.r.MessageRect().Empty() {
		t.Errorf("Esc: the load notes still show at %v", g.r.MessageRect())
	}
}
