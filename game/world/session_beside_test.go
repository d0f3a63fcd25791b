package world

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A designer reopened rooms.txt and saw none of the rooms saved in
// rooms.pls beside it, with no hint the session was there. A bare map
// whose NAME.pls exists says so when it opens; a map without one, and the
// session file itself, say nothing of it.
func TestBareMapNamesTheSessionBesideIt(t *testing.T) {
	dir := t.TempDir()
	mp := filepath.Join(dir, "rooms.txt")
	if err := os.WriteFile(mp, []byte("......\n.#..#.\n......\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := Open(mp)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range w.LoadNotes() {
		if strings.Contains(n, "beside the map") {
			t.Errorf("no session saved yet: %q", n)
		}
	}
	if err := w.Save(filepath.Join(dir, "rooms.pls")); err != nil {
		t.Fatal(err)
	}
	w, err = Open(mp)
	if err != nil {
		t.Fatal(err)
	}
	if notes := strings.Join(w.LoadNotes(), "; "); !strings.Contains(notes, "rooms.pls beside the map holds a session saved from it") {
		t.Errorf("the map opened beside its session: notes %q", notes)
	}
	// A NAME.pls of another map (here an inline one) is not this map's
	// session: nothing said.
	other := "pathlens-scenario 1\nmap inline\n..\nend\n"
	if err := os.WriteFile(filepath.Join(dir, "rooms.pls"), []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err = Open(mp)
	if err != nil {
		t.Fatal(err)
	}
	if notes := strings.Join(w.LoadNotes(), "; "); strings.Contains(notes, "beside the map") {
		t.Errorf("rooms.pls of an inline map: notes %q", notes)
	}
	if err := w.Save(filepath.Join(dir, "rooms.pls")); err != nil {
		t.Fatal(err)
	}
	s, err := Open(filepath.Join(dir, "rooms.pls"))
	if err != nil {
		t.Fatal(err)
	}
	if notes := strings.Join(s.LoadNotes(), "; "); strings.Contains(notes, "beside the map") {
		t.Errorf("the session itself: notes %q", notes)
	}
}
