package world

import (
	"image"
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

// Ctrl+S beside a map whose NAME.pls holds another session saves
// NAME-2.pls (unused: never over another session). A designer who saved
// level.tmx's rooms so, as level-2.pls beside the level.pls of level.txt,
// reopened level.tmx the next day and was told of no session: the note
// looked at level.pls alone. The numbered names Ctrl+S makes are looked
// at too, and the note names each that holds this map's session.
func TestBareMapNamesNumberedSessionsBesideIt(t *testing.T) {
	dir := t.TempDir()
	txt := filepath.Join(dir, "level.txt")
	asc := filepath.Join(dir, "level.ascii")
	for _, p := range []string{txt, asc} {
		if err := os.WriteFile(p, []byte("......\n.#..#.\n......\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w, err := Open(txt)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.BeginStroke(image.Pt(0, 0), 0)
	w.EndStroke()
	if err := w.SaveDefault(); err != nil {
		t.Fatal(err)
	}
	v, err := Open(asc)
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	if notes := strings.Join(v.LoadNotes(), "; "); strings.Contains(notes, "beside the map") {
		t.Errorf("level.pls is level.txt's session, not level.ascii's: notes %q", notes)
	}
	v.BeginStroke(image.Pt(5, 0), 0)
	v.EndStroke()
	if err := v.SaveDefault(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "level-2.pls")); err != nil {
		t.Fatalf("the second session was not saved as level-2.pls: %v (message %q)", err, v.Message)
	}
	u, err := Open(asc)
	if err != nil {
		t.Fatal(err)
	}
	defer u.Close()
	notes := strings.Join(u.LoadNotes(), "; ")
	if !strings.Contains(notes, "level-2.pls beside the map holds a session saved from it") || strings.Contains(notes, "level.pls") {
		t.Errorf("level.ascii reopened beside its session level-2.pls: notes %q", notes)
	}
	// A third save of level.ascii's session (level-2.pls is the one it
	// was opened from only when opened as the .pls) makes level-3.pls:
	// both are named.
	u.BeginStroke(image.Pt(5, 2), 0)
	u.EndStroke()
	if err := u.SaveDefault(); err != nil {
		t.Fatal(err)
	}
	z, err := Open(asc)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	notes = strings.Join(z.LoadNotes(), "; ")
	if !strings.Contains(notes, "level-2.pls and level-3.pls beside the map hold sessions saved from it") {
		t.Errorf("two sessions of level.ascii beside it: notes %q", notes)
	}
}

// A map whose name the .pls writes in quotes ("lvl #2.txt", its " #"
// being a comment bare) is named beside its session too: the note read
// the map line bare.
func TestBareMapNamesItsSessionWhenThePathIsQuoted(t *testing.T) {
	dir := t.TempDir()
	mp := filepath.Join(dir, "lvl #2.txt")
	if err := os.WriteFile(mp, []byte("......\n.#..#.\n......\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := Open(mp)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.BeginStroke(image.Pt(0, 0), 0)
	w.EndStroke()
	if err := w.SaveDefault(); err != nil {
		t.Fatalf("Ctrl+S beside lvl #2.txt: %v", err)
	}
	s, err := Open(filepath.Join(dir, "lvl #2.pls"))
	if err != nil {
		t.Fatalf("the session saved beside lvl #2.txt does not open: %v", err)
	}
	defer s.Close()
	if s.Grid.Open(image.Pt(0, 0)) {
		t.Error("the session reopened without its fill")
	}
	v, err := Open(mp)
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	if notes := strings.Join(v.LoadNotes(), "; "); !strings.Contains(notes, "lvl #2.pls beside the map holds a session saved from it") {
		t.Errorf("lvl #2.txt reopened beside its session: notes %q", notes)
	}
}
