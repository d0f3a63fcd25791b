package game

import (
	"image"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Regression (a user at 175 %): the note over the map hid what it
// described, and nothing but waiting took it away. Esc puts it away once
// nothing else takes Esc: a pinned cell is unpinned first, the note
// stays; the next Esc puts the message away (a note held behind it
// shows); the one after that puts away the map notes, until they say
// something else.
func TestEscPutsAwayTheNote(t *testing.T) {
	g := batchGame(t)
	var held heldKeys
	fakeKeys(t, &held)
	screen := ebiten.NewImage(1280, 800)
	g.w.Note("%s", "a note over the map")
	g.Update()
	g.Draw(screen)
	if g.r.MessageRect().Empty() {
		t.Fatal("no message drawn")
	}
	g.pinned, g.hasPinned = image.Pt(1, 1), true
	press(g, &held, -1, ebiten.KeyEscape)
	g.Draw(screen)
	if g.hasPinned || g.r.MessageRect().Empty() {
		t.Fatalf("Esc on a pinned cell: pinned %v, message box %v (want unpinned, the note kept)", g.hasPinned, g.r.MessageRect())
	}
	press(g, &held, -1, ebiten.KeyEscape)
	g.Draw(screen)
	if !g.r.MessageRect().Empty() {
		t.Fatalf("Esc with nothing else to do: the message still shows at %v", g.r.MessageRect())
	}
	// A new message shows as ever.
	g.w.Note("%s", "another note")
	g.Update()
	g.Draw(screen)
	if g.r.MessageRect().Empty() {
		t.Fatal("a new message after Esc: not drawn")
	}
	press(g, &held, -1, ebiten.KeyEscape)
	// The map notes: zoomed out, the nodes ask to zoom in.
	g.autoFit = false
	g.cam.Zoom = 0.5
	g.Update()
	g.Draw(screen)
	if !strings.Contains(g.r.MapNotesShown(), "zoom in") {
		t.Fatalf("map notes %q, want the nodes' zoom in", g.r.MapNotesShown())
	}
	press(g, &held, -1, ebiten.KeyEscape)
	g.Draw(screen)
	if s := g.r.MapNotesShown(); s != "" {
		t.Errorf("Esc on the map notes: still drawn: %q (message %q, hidden %q)", s, g.w.Message, g.notesHidden)
	}
	// Zoomed in, then out again: the notes say the same, still away; a
	// note of another text shows.
	g.cam.Zoom = 0.4
	g.Update()
	g.Draw(screen)
	if s := g.r.MapNotesShown(); s != "" {
		t.Errorf("the same notes after Esc: drawn again: %q", s)
	}
}
