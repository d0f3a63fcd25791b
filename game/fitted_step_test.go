package game

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A lecturer saved each demo step the night before, the whole map fitted
// (the HPA* query stepped to its abstract L2 search), and the file reopened
// zoomed on one node: a fitted view wrote no view line, so the file opened
// as one with no view given, framed on its step. A save at a step now says
// the map was fitted ("set zoom fit"), and the file reopens so.
func TestFittedStepReopensFitted(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	g.Update() // the view synced, as every frame does
	if g.cam.Zoom != g.cam.FitZoom() {
		t.Fatalf("the test needs the map fitted: %.2f px a cell, fitted %.2f", g.cam.Zoom, g.cam.FitZoom())
	}
	tl := &g.w.Timeline
	at := tl.Len() * 2 / 3
	tl.Seek(at)
	path := filepath.Join(t.TempDir(), "step.pls")
	if err := g.w.Save(path); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	if !strings.Contains(string(b), "\nset zoom fit\n") {
		t.Errorf("saved fitted at a step: no set zoom fit in the settings:\n%s", strings.Join(strings.SplitN(string(b), "\nmap", 2)[:1], ""))
	}
	h := openAt(t, path, Options{})
	if h.w.Timeline.Cursor() != at {
		t.Errorf("reopened at event %d, want %d", h.w.Timeline.Cursor(), at)
	}
	if h.cam.Zoom != h.cam.FitZoom() {
		t.Errorf("reopened at %.2f px a cell, want the map fitted as saved (%.2f)", h.cam.Zoom, h.cam.FitZoom())
	}
	// At the end nothing is written, as before: a file with no view opens
	// fitted anyway.
	g.w.SeekEnd()
	if err := g.w.Save(path); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); strings.Contains(string(b), "set zoom") {
		t.Errorf("saved fitted at the end: a set zoom line")
	}
}
