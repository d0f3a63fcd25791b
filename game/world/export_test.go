package world

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/maps"
)

// woods is a Moving AI map with every letter the format has, CRLF line
// ends and no final newline: what an export must give back untouched.
const woods = "type octile\r\nheight 4\r\nwidth 6\r\nmap\r\n" +
	"@@@@@@\r\n" +
	"@.GTW@\r\n" +
	"@S..O@\r\n" +
	"@@@@@@"

// openText opens a session on a file named name in dir holding text,
// closed when the test ends.
func openText(t *testing.T, dir, name, text string) *World {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	w.Begin()
	w.Wait()
	return w
}

// drag paints from a to b as a right-drag does (weight 0: dig or fill,
// as the first cell decides; 1..9: that weight).
func drag(w *World, weight uint8, a, b image.Point) {
	w.BeginStroke(a, weight)
	w.StrokeTo(b)
	w.EndStroke()
}

// sameTerrain fails unless m's grid is w's, cell for cell.
func sameTerrain(t *testing.T, what string, w *World, m *maps.Map) {
	t.Helper()
	g := w.Grid
	if m.Grid.Width() != g.Width() || m.Grid.Height() != g.Height() {
		t.Fatalf("%s: %d×%d, want %d×%d", what, m.Grid.Width(), m.Grid.Height(), g.Width(), g.Height())
	}
	for i, want := range g.Cells() {
		if got := m.Grid.Cells()[i]; got != want {
			p := g.Point(i)
			t.Fatalf("%s: cell (%d,%d) has weight %d, the session %d", what, p.X, p.Y, got, want)
		}
	}
}

// The designer's finding: terrain edited in the app could only leave it
// as a .pls (the original map plus the edit log). A dig and a fill,
// exported as .map and as ASCII, read back (by content, as the app opens
// any file) as the terrain on screen, cell for cell; the letters the
// edits did not touch are kept (trees stay trees, water water).
func TestExportRoundTrip(t *testing.T) {
	dir := t.TempDir()
	w := openText(t, dir, "woods.map", woods)
	drag(w, 0, image.Pt(0, 2), image.Pt(0, 2)) // dig the west wall
	drag(w, 0, image.Pt(2, 2), image.Pt(3, 2)) // fill two floor cells
	if w.Grid.Open(image.Pt(2, 2)) || !w.Grid.Open(image.Pt(0, 2)) {
		t.Fatal("the strokes did not edit the grid")
	}
	for _, c := range []struct {
		name   string
		format maps.Format
		row2   string // the edited row as written
	}{
		{"out.map", maps.FormatMovingAI, ".S@@O@"},
		{"out.txt", maps.FormatASCII, ".S##O@"},
		{"out.ascii", maps.FormatASCII, ".S##O@"},
		{"OUT.MAP", maps.FormatMovingAI, ".S@@O@"},
	} {
		path := filepath.Join(dir, c.name)
		if f := ExportFormat(path); f != c.format {
			t.Fatalf("ExportFormat(%s) = %v, want %v", c.name, f, c.format)
		}
		if err := w.ExportMap(path, c.format); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		m, err := maps.LoadMap(path)
		if err != nil {
			t.Fatalf("%s does not open again: %v", c.name, err)
		}
		if m.Format != c.format {
			t.Errorf("%s reads back as %v, want %v", c.name, m.Format, c.format)
		}
		sameTerrain(t, c.name, w, m)
		b, _ := os.ReadFile(path)
		if !bytes.Contains(b, []byte("\r\n"+c.row2+"\r\n")) || !bytes.Contains(b, []byte("@.GTW@")) {
			t.Errorf("%s: want the edited row %q and the untouched letters kept, with the map's CRLF:\n%q", c.name, c.row2, b)
		}
		if !strings.Contains(w.Message, "terrain written to") || !strings.Contains(w.Message, c.name) || !strings.Contains(w.Message, "6×4") {
			t.Errorf("%s: note %q", c.name, w.Message)
		}
	}
}

// The README promises a Moving AI map is read and written byte for byte:
// opened and exported as .map with no edits, it is the same file (CRLF, no
// final newline, every letter), and so are the benchmark maps.
func TestExportUneditedMovingAIIsByteForByte(t *testing.T) {
	dir := t.TempDir()
	srcs := []string{filepath.Join(dir, "woods.map")}
	if err := os.WriteFile(srcs[0], []byte(woods), 0o644); err != nil {
		t.Fatal(err)
	}
	srcs = append(srcs, filepath.Join("..", "..", "maps", "testdata", "crlf.map"))
	if mdir, ok := maps.MovingAIDir(); ok {
		srcs = append(srcs, filepath.Join(mdir, "den312d.map"), filepath.Join(mdir, "arena.map"))
	}
	for _, src := range srcs {
		want, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		w, err := Open(src)
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "copy-"+filepath.Base(src))
		err = w.ExportMap(out, maps.FormatMovingAI)
		w.Close()
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
			t.Errorf("%s exported with no edits differs from the original (%d bytes, want %d)", src, len(got), len(want))
		}
	}
}

// Weights 2 to 9 have no Moving AI letter: an export as .map is refused,
// naming how many cells and the first, and suggesting ASCII or a .pls,
// rather than flattening them to floor; nothing is written. ASCII keeps
// them.
func TestExportWeights(t *testing.T) {
	dir := t.TempDir()
	w := openText(t, dir, "woods.map", woods)
	drag(w, 5, image.Pt(2, 2), image.Pt(3, 2)) // (2,2) and (3,2) weigh 5
	drag(w, 3, image.Pt(1, 1), image.Pt(1, 1))
	msg := w.Message
	out := filepath.Join(dir, "heavy.map")
	err := w.ExportMap(out, maps.FormatMovingAI)
	if err == nil {
		t.Fatal("weights exported to a Moving AI map")
	}
	for _, want := range []string{out, "3 cells have", "(1,1), weight 3", ".txt", ".pls"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the refusal %q does not say %q", err, want)
		}
	}
	if _, serr := os.Stat(out); serr == nil {
		t.Error("a file was written")
	}
	if w.Message != msg {
		t.Errorf("the refusal changed the note (the caller shows it): %q", w.Message)
	}
	txt := filepath.Join(dir, "heavy.txt")
	if err := w.ExportMap(txt, maps.FormatASCII); err != nil {
		t.Fatal(err)
	}
	m, err := maps.LoadMap(txt)
	if err != nil {
		t.Fatal(err)
	}
	sameTerrain(t, "heavy.txt", w, m)
	if got := m.Grid.Weight(image.Pt(3, 2)); got != 5 {
		t.Errorf("(3,2) reads back with weight %d, want 5", got)
	}
}

// A file marked read-only is one the user meant to keep: an export over
// it is refused with a message naming it, and it is left as it was.
func TestExportRefusesReadOnlyFile(t *testing.T) {
	dir := t.TempDir()
	w := openText(t, dir, "woods.map", woods)
	drag(w, 0, image.Pt(0, 2), image.Pt(0, 2))
	ro := filepath.Join(dir, "kept.map")
	if err := os.WriteFile(ro, []byte("keep me\n"), 0o444); err != nil {
		t.Fatal(err)
	}
	err := w.ExportMap(ro, maps.FormatMovingAI)
	if err == nil || !strings.Contains(err.Error(), ro) || !strings.Contains(err.Error(), "read-only") {
		t.Fatalf("export over a read-only file: %v", err)
	}
	if b, _ := os.ReadFile(ro); string(b) != "keep me\n" {
		t.Errorf("the read-only file changed: %q", b)
	}
}

// An export is no save: where Ctrl+S writes, the session's file, its
// unsaved edits and its undo history stay as they were, and the note says
// the session itself is not saved and what only a .pls keeps. A save after
// it still writes the .pls with the edits.
func TestExportLeavesTheSessionUnsaved(t *testing.T) {
	dir := t.TempDir()
	w := openText(t, dir, "woods.map", woods)
	drag(w, 0, image.Pt(0, 2), image.Pt(0, 2))
	if !w.SetEndpoints(image.Pt(1, 1), image.Pt(2, 2)) {
		t.Fatalf("query refused: %s", w.Message)
	}
	// A stroke still in progress is part of the terrain on screen: the
	// export ends it, as a save does.
	w.BeginStroke(image.Pt(3, 2), 0)
	path, goes, source, saveTo := w.SavePath(), w.SaveGoesTo(), w.Source, w.SaveTo
	out := filepath.Join(dir, "edited.map")
	if err := w.ExportMap(out, maps.FormatMovingAI); err != nil {
		t.Fatal(err)
	}
	if m, err := maps.LoadMap(out); err != nil || m.Grid.Open(image.Pt(3, 2)) {
		t.Errorf("the stroke in progress is not in the export (err %v)", err)
	}
	if w.SavePath() != path || w.SaveGoesTo() != goes || w.Source != source || w.SaveTo != saveTo {
		t.Errorf("the export moved the session: save path %q → %q, source %q → %q, -save %q → %q",
			path, w.SavePath(), source, w.Source, saveTo, w.SaveTo)
	}
	if !w.Dirty() || w.Unsaved() != 2 || w.EditCount() != 2 {
		t.Errorf("after the export: dirty %v, %d unsaved, %d edits; want 2 unsaved edits", w.Dirty(), w.Unsaved(), w.EditCount())
	}
	for _, want := range []string{"terrain written to", "Moving AI, 6×4", "the session itself is not saved: Ctrl+S", "only a .pls keeps the query"} {
		if !strings.Contains(w.Message, want) {
			t.Errorf("the note %q does not say %q", w.Message, want)
		}
	}
	if err := w.SaveDefault(); err != nil {
		t.Fatal(err)
	}
	sc, err := maps.LoadScenario(filepath.Join(dir, "woods.pls"))
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Edits) != 2 || sc.MapPath != "woods.map" {
		t.Errorf("the save after the export: %d edits, map %q; want 2 edits on woods.map", len(sc.Edits), sc.MapPath)
	}
	// With nothing unsaved the note does not send the user to Ctrl+S.
	if err := w.ExportMap(out, maps.FormatMovingAI); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(w.Message, "not saved") {
		t.Errorf("a saved session's export says %q", w.Message)
	}
}
