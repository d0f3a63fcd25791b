package game

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/game/world"
)

// A new user saved room.map as level2.pls, and the title, "pathlens —
// level2", no longer named the map the session is on. The title names the
// session's file and its map whenever the map's name is not the session's:
// "pathlens — level2 (level2.pls, map room.map)", the same after the save
// as and when level2.pls is reopened. A map opened alone is titled by its
// name, as before.
func TestTitleKeepsTheMapAfterASaveAs(t *testing.T) {
	dir := writeDropFiles(t, map[string]string{"room.map": dropMap})
	g := sessionGame(t, filepath.Join(dir, "room.map"))
	if got := g.Title(); got != "pathlens — room" {
		t.Errorf("room.map opened: title %q, want %q", got, "pathlens — room")
	}
	var held heldKeys
	fakeKeys(t, &held)
	saveAsKeys(t, g, &held, filepath.Join(dir, "level2.pls"))
	if got := g.Title(); !strings.Contains(got, "room.map") || !strings.Contains(got, "level2.pls") {
		t.Errorf("room.map saved as level2.pls: title %q, want it to name the map room.map and the file level2.pls", got)
	}
}

// A designer opened room.map, saved it as level2.pls with Ctrl+Shift+S,
// and still read "room" in the title and the top bar; the file said "name
// room", and a session opened from a.pls and saved as b.pls showed
// "pathlens — a", no sign that Ctrl+S now writes b.pls. After a save as,
// the session carries the new file's name (the top bar draws w.Name), the
// file holds it, and the next Ctrl+S writes there; a name of the author's
// own is kept, with the file beside it in the title.
func TestSaveAsNamesTheSessionAfterTheNewFile(t *testing.T) {
	dir := writeDropFiles(t, map[string]string{
		"room.map": dropMap,
		"a.pls":    "pathlens-scenario 1\nname a\nmap room.map\n",
		"own.pls":  "pathlens-scenario 1\nname Corridor trap\nmap room.map\n",
	})
	for _, c := range []struct{ open, saveAs, name, title string }{
		{"room.map", "level2.pls", "level2", "pathlens — level2 (level2.pls, map room.map)"},
		{"a.pls", "b.pls", "b", "pathlens — b (b.pls, map room.map)"},
		{"own.pls", "copy.pls", "Corridor trap", "pathlens — Corridor trap (copy.pls, map room.map)"},
	} {
		g := sessionGame(t, filepath.Join(dir, c.open))
		var held heldKeys
		fakeKeys(t, &held)
		to := filepath.Join(dir, c.saveAs)
		saveAsKeys(t, g, &held, to)
		if g.prompt != nil {
			t.Fatalf("%s: save as %s: %q", c.open, c.saveAs, g.prompt.note)
		}
		if g.w.Name != c.name || g.Title() != c.title {
			t.Errorf("%s saved as %s: name %q, title %q; want %q, %q", c.open, c.saveAs, g.w.Name, g.Title(), c.name, c.title)
		}
		if got := g.w.SaveGoesTo(); got != to {
			t.Errorf("%s saved as %s: the next Ctrl+S goes to %s", c.open, c.saveAs, got)
		}
		b, err := os.ReadFile(to)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), "\nname "+c.name+"\n") {
			t.Errorf("%s saved as %s: the file does not name %q:\n%s", c.open, c.saveAs, c.name, b)
		}
		w, err := world.Open(to)
		if err != nil {
			t.Fatal(err)
		}
		if w.Name != c.name {
			t.Errorf("%s reopened: name %q, want %q", c.saveAs, w.Name, c.name)
		}
		h, err := New(w, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := h.Title(); got != c.title {
			t.Errorf("%s reopened: title %q, want %q, as after the save as", c.saveAs, got, c.title)
		}
		w.Close()
	}
}
