package world

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/maps"
)

// openText writes src as name in a fresh folder and opens it (not begun).
func openViewFile(t *testing.T, name, src string) *World {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	return w
}

const viewMap = "map inline\n..........\n..#.......\n..........\n..........\nend\nquery 0,0 9,3\n"

// A level designer saved a bad case zoomed in on it, with a cell pinned,
// and the engineer who opened the file saw the whole map and no pin. The
// save writes the window's view (View); the file reopens with it
// (FileView). Moving the view is no work: the session stays saved.
func TestSavedViewReopens(t *testing.T) {
	w := openViewFile(t, "case.pls", "pathlens-scenario 1\nset algo hpa\nset cluster 4\n"+viewMap)
	w.Begin()
	w.Wait()
	w.View = View{Zoom: 37.25, Center: image.Pt(6, 2), Level: 2, Pin: image.Pt(5, 1), Pinned: true}
	if w.Dirty() {
		t.Error("a view moved counts as unsaved work")
	}
	w2, text := reopen(t, w)
	for _, l := range []string{"set zoom 37.25", "set center 6,2", "set level 2", "set pin 5,1"} {
		if !strings.Contains(text, "\n"+l+"\n") {
			t.Errorf("no %q line in\n%s", l, text)
		}
	}
	if got := w2.FileView(); got != w.View {
		t.Errorf("reopened with the view %+v, want %+v", got, w.View)
	}
	if strings.Contains(w2.Message, "left out") {
		t.Errorf("a saved view reopened with a note: %q", w2.Message)
	}
	// The whole map fitted writes no zoom; a pin on a wall is not written
	// (the reader would leave it out); a centre past the map's edge (a
	// view panned to it) is written on the map's last cell.
	w.View = View{Level: 1, Pin: image.Pt(2, 1), Pinned: true}
	_, text = reopen(t, w)
	if strings.Contains(text, "set zoom") || strings.Contains(text, "set center") || strings.Contains(text, "set pin") {
		t.Errorf("fitted map, pin on a wall: written\n%s", text)
	}
	w.View = View{Zoom: 300, Center: image.Pt(14, -3)}
	w3, text := reopen(t, w)
	if !strings.Contains(text, "\nset zoom 256\nset center 9,0\n") {
		t.Errorf("a zoom past the range or a centre off the map written as\n%s", text)
	}
	if v := w3.FileView(); v.Zoom != 256 || v.Center != image.Pt(9, 0) {
		t.Errorf("reopened %+v", v)
	}
	// A file with a zoom alone zooms about the map's centre, as -zoom does.
	w4 := openViewFile(t, "zoom.pls", "pathlens-scenario 1\nset zoom 20\n"+viewMap)
	w4.Begin()
	if v := w4.FileView(); v.Zoom != 20 || v.Center != image.Pt(5, 2) || v.Pinned || v.Level != 0 {
		t.Errorf("a zoom alone: %+v", v)
	}
}

// A view level above the hierarchy the session builds is left out with a
// note naming the file and line, made once the flags have set the levels:
// -levels 3 makes the file's level 3 one the session has.
func TestFileViewLevelAboveTheHierarchy(t *testing.T) {
	src := "pathlens-scenario 1\nset levels 2\nset level 3\nset pin 1,1\n" + viewMap
	w := openViewFile(t, "deep.pls", src)
	w.Begin()
	w.Wait()
	if v := w.FileView(); v.Level != 0 || !v.Pinned {
		t.Errorf("level above the hierarchy: %+v, want it left out and the pin kept", v)
	}
	note := "deep.pls:3: set level 3 left out: the hierarchy has 2 levels"
	found := false
	for _, n := range w.LoadNoteLines() {
		found = found || strings.Contains(n, note)
	}
	if !found || !strings.Contains(w.Message, note) {
		t.Errorf("notes %q, message %q: want %q", w.LoadNoteLines(), w.Message, note)
	}
	w2 := openViewFile(t, "deep.pls", src)
	w2.OverrideSettings(maps.Settings{Levels: 3})
	w2.Begin()
	if v := w2.FileView(); v.Level != 3 || strings.Contains(w2.Message, "left out") {
		t.Errorf("with -levels 3: %+v, message %q", v, w2.Message)
	}
}

// The file's place in the timeline, and its zoom and centre, are for the
// query it opened on: a flag that opens another query leaves them out.
func TestOpensFileQuery(t *testing.T) {
	w := openViewFile(t, "q.pls", "pathlens-scenario 1\nset zoom 20\nset cursor 3\n"+viewMap+"query 1,0 8,3\n")
	if !w.OpensFileQuery() {
		t.Fatal("the file's own first query: not the file's")
	}
	if err := w.OpenFirst(2); err != nil {
		t.Fatal(err)
	}
	if w.OpensFileQuery() {
		t.Error("-query 2 opens the file's query")
	}
	w.FirstQuery = 0
	w.PrependQuery([2]image.Point{{0, 3}, {9, 0}})
	if w.OpensFileQuery() {
		t.Error("-from and -to open the file's query")
	}
	bare := openViewFile(t, "bare.pls", "pathlens-scenario 1\nmap inline\n....\nend\n")
	if !bare.OpensFileQuery() {
		t.Error("no query in the file, none opened: not the file's")
	}
	bare.PrependQuery([2]image.Point{{0, 0}, {3, 0}})
	if bare.OpensFileQuery() {
		t.Error("a query added to a file without one opens the file's")
	}
}
