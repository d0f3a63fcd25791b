package game

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pathlens/game/world"
)

// An engineer saved a bad case at its bad step and it reopened at the end
// of the query, framed anew. A save writes the step on screen ("set cursor
// N"); the window opens there (New, and Ctrl+O's install), unless -cursor
// says otherwise; at the end, nothing is written. A place past the
// timeline (the map redrawn since) is a note, not an error.
func TestSavedStepReopensThere(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	tl := &g.w.Timeline
	if tl.Len() < 10 {
		t.Fatalf("timeline of %d events: the test needs a traced query", tl.Len())
	}
	at := tl.Len() / 3
	tl.Seek(at)
	dir := t.TempDir()
	path := filepath.Join(dir, "step.pls")
	if err := g.w.Save(path); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	if !strings.Contains(string(b), "\nset cursor ") {
		t.Fatalf("saved mid-query: no set cursor line in\n%s", b)
	}
	open := func(opts Options) *Game {
		w, err := world.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		w.Begin()
		w.Wait()
		h, err := New(w, opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(w.Close)
		return h
	}
	if h := open(Options{}); h.w.Timeline.Cursor() != at {
		t.Errorf("reopened at event %d, want %d", h.w.Timeline.Cursor(), at)
	}
	if h := open(Options{Cursor: "0"}); h.w.Timeline.Cursor() != 0 {
		t.Errorf("-cursor 0 over the file's place: at %d", h.w.Timeline.Cursor())
	}
	// Ctrl+O of the file from another session.
	g.install(mustOpen(t, path))
	g.w.Wait()
	if c := g.w.Timeline.Cursor(); c != at {
		t.Errorf("opened with Ctrl+O at event %d, want %d", c, at)
	}
	// Past the timeline: a note.
	text := strings.Replace(string(b), "set cursor "+strconv.Itoa(at), "set cursor 999999", 1)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if h := open(Options{}); !h.w.Timeline.AtEnd() || !strings.Contains(h.w.Message, "past its timeline") {
		t.Errorf("a place past the timeline: cursor %d of %d, message %q", h.w.Timeline.Cursor(), h.w.Timeline.Len(), h.w.Message)
	}
	// Saved at the end: no place written.
	g.w.SeekEnd()
	if err := g.w.Save(path); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); strings.Contains(string(b), "set cursor") {
		t.Errorf("saved at the end: a set cursor line in\n%s", b)
	}
}

func mustOpen(t *testing.T, path string) *world.World {
	t.Helper()
	w, err := world.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return w
}
