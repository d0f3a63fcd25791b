package world

import (
	"errors"
	"image"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pathlens/assets"
)

// unwritableDir returns a folder in which creating a file fails with a
// permission error: a read-only temporary folder, or, for root (who may
// write anywhere on a disk), /sys. It skips when there is none.
func unwritableDir(t *testing.T) string {
	t.Helper()
	probe := func(dir string) bool {
		f, err := os.CreateTemp(dir, "probe-*")
		if err == nil {
			f.Close()
			os.Remove(f.Name())
			return false
		}
		return errors.Is(err, fs.ErrPermission)
	}
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o555); err == nil {
		t.Cleanup(func() { os.Chmod(dir, 0o755) })
		if probe(dir) {
			return dir
		}
	}
	if probe("/sys") {
		return "/sys"
	}
	t.Skip("no folder refuses writes here (root without a read-only /sys): the fallback cannot be provoked")
	return ""
}

// A map opened from a folder the user may not write (a shared or
// installed map collection): Ctrl+S saves NAME.pls in the working folder
// and says why, instead of failing and leaving the edits unsaved; the
// session then lives in that file, so it opens again with the edit.
func TestSaveDefaultFallsBackToTheWorkingFolder(t *testing.T) {
	ro := unwritableDir(t)
	mapDir := t.TempDir()
	w := openCave(t, mapDir)
	w.Source = filepath.Join(ro, "cave.map") // as if opened from there
	w.scenario.MapFile = w.Source            // a map, as the loader records it
	work := t.TempDir()
	t.Chdir(work)
	w.BeginStroke(image.Pt(0, 0), 0)
	w.EndStroke()
	if !w.Dirty() {
		t.Fatal("the fill left the session clean")
	}
	if err := w.SaveDefault(); err != nil {
		t.Fatalf("SaveDefault: %v (message %q)", err, w.Message)
	}
	if w.Dirty() {
		t.Error("still dirty after the save")
	}
	if !strings.Contains(w.Message, "cave.pls") || !strings.Contains(w.Message, "not writable") {
		t.Errorf("the note does not say where and why: %q", w.Message)
	}
	got := filepath.Join(work, "cave.pls")
	if _, err := os.Stat(got); err != nil {
		t.Fatalf("no session in the working folder: %v", err)
	}
	if w.SavePath() != "cave.pls" {
		t.Errorf("later saves go to %q, want the new file", w.SavePath())
	}
	// A second fallback must not overwrite a session of the same name: it
	// takes the next free name.
	w2 := openCave(t, mapDir)
	w2.Source = filepath.Join(ro, "cave.map")
	w2.scenario.MapFile = w2.Source
	w2.BeginStroke(image.Pt(3, 2), 0)
	w2.EndStroke()
	before, _ := os.ReadFile(got)
	if g := w2.SaveGoesTo(); g != "cave-2.pls" {
		t.Errorf("the quit question would save to %q, want cave-2.pls", g)
	}
	if err := w2.SaveDefault(); err != nil {
		t.Fatalf("second session: %v (message %q)", err, w2.Message)
	}
	if after, _ := os.ReadFile(got); string(after) != string(before) {
		t.Error("the first session's file changed")
	}
	if !strings.Contains(w2.Message, "cave-2.pls") || !strings.Contains(w2.Message, "cave.pls here exists: not overwritten") {
		t.Errorf("the note does not say where and why: %q", w2.Message)
	}
	if _, err := os.Stat(filepath.Join(work, "cave-2.pls")); err != nil || w2.Dirty() {
		t.Errorf("second session not saved to cave-2.pls: %v, dirty %v", err, w2.Dirty())
	}
}

// Ctrl+S on a built-in writes NAME.pls in the working folder; a later
// session of the same built-in wrote over it, losing the first case. It
// now takes NAME-2.pls, then keeps saving there.
func TestDefaultSaveNeverOverwritesAnotherSession(t *testing.T) {
	t.Chdir(t.TempDir())
	open := func() *World {
		w, err := Open(assets.Prefix + "pathological-minimum")
		if err != nil {
			t.Fatal(err)
		}
		w.Begin()
		w.Wait()
		w.BeginStroke(image.Pt(1, 1), 0)
		w.EndStroke()
		return w
	}
	w1 := open()
	if err := w1.SaveDefault(); err != nil {
		t.Fatal(err)
	}
	first, _ := os.ReadFile("pathological-minimum.pls")
	w1.BeginStroke(image.Pt(2, 1), 0)
	w1.EndStroke()
	if err := w1.SaveDefault(); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile("pathological-minimum.pls"); string(again) == string(first) {
		t.Error("the session's second save did not update its own file")
	}
	kept, _ := os.ReadFile("pathological-minimum.pls")
	w2 := open()
	if g := w2.SaveGoesTo(); g != "pathological-minimum-2.pls" {
		t.Errorf("a second session would save to %q", g)
	}
	if err := w2.SaveDefault(); err != nil {
		t.Fatal(err)
	}
	if now, _ := os.ReadFile("pathological-minimum.pls"); string(now) != string(kept) {
		t.Error("the second session overwrote the first one's file")
	}
	if !strings.Contains(w2.Message, "pathological-minimum-2.pls") || !strings.Contains(w2.Message, "pathological-minimum.pls exists: not overwritten") {
		t.Errorf("note %q", w2.Message)
	}
	w2.BeginStroke(image.Pt(3, 1), 0)
	w2.EndStroke()
	if err := w2.SaveDefault(); err != nil || w2.SavePath() != "pathological-minimum-2.pls" {
		t.Errorf("the second session's next save: %v, to %q", err, w2.SavePath())
	}
}

// SaveTo (the app's -save) is where Ctrl+S writes, whatever the map's
// folder; later saves go there too.
func TestSaveToOverridesTheDefaultPlace(t *testing.T) {
	dir := t.TempDir()
	w := openCave(t, dir)
	to := filepath.Join(t.TempDir(), "runs-cave.pls")
	w.SaveTo = to
	w.BeginStroke(image.Pt(0, 0), 0)
	w.EndStroke()
	if w.SavePath() != to {
		t.Fatalf("SavePath %q, want %q", w.SavePath(), to)
	}
	if err := w.SaveDefault(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(to); err != nil {
		t.Fatalf("not written to -save's file: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "cave.pls")); err == nil {
		t.Error("also written next to the map")
	}
	w2, err := Open(to)
	if err != nil {
		t.Fatalf("the saved session does not open: %v", err)
	}
	defer w2.Close()
	if w2.Grid.Open(image.Pt(0, 0)) {
		t.Error("the saved session lost the fill")
	}
}

// Agents spawned in the window are saved where they stand, with their
// goals (only the file's own agents were, so a demo set up in the app was
// lost on Ctrl+S); the reopened session has them.
func TestSaveKeepsTheAgentsOnTheMap(t *testing.T) {
	w, _ := mustWorld(t,
		"##########",
		"#........#",
		"#........#",
		"##########",
	)
	a, err := w.SpawnAgent(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.SpawnAgent(image.Pt(2, 2)); err != nil {
		t.Fatal(err)
	}
	s := w.Agents()
	s.Select([]int{a}, false)
	if err := w.SendAgents(image.Pt(8, 2), false); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "agents.pls")
	if err := w.Save(path); err != nil {
		t.Fatal(err)
	}
	text, _ := os.ReadFile(path)
	if n := strings.Count(string(text), "\nagent "); n != 2 {
		t.Fatalf("the file holds %d agent lines, want 2:\n%s", n, text)
	}
	if !strings.Contains(string(text), "agent 1,1 -> 8,2") {
		t.Errorf("the sent agent's line is missing:\n%s", text)
	}
	w2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer w2.Close()
	w2.Begin()
	if s2 := w2.Agents(); s2 == nil || s2.Len() != 2 {
		t.Fatalf("the reopened session has %v agents, want 2", s2)
	}
}

// A saved session keeps its strokes: reopened, Ctrl+Z takes back one
// stroke at a time, as before saving (it took back every stroke at once).
func TestReopenedSessionUndoesStrokeByStroke(t *testing.T) {
	w, _ := mustWorld(t,
		"##########",
		"#........#",
		"#........#",
		"##########",
	)
	for _, x := range []int{2, 4, 6} {
		w.BeginStroke(image.Pt(x, 1), 0)
		w.StrokeTo(image.Pt(x, 2))
		w.EndStroke()
	}
	if w.EditCount() != 3 {
		t.Fatalf("%d edits, want 3 strokes", w.EditCount())
	}
	path := filepath.Join(t.TempDir(), "strokes.pls")
	if err := w.Save(path); err != nil {
		t.Fatal(err)
	}
	w2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer w2.Close()
	w2.Begin()
	if w2.EditCount() != 3 || w2.Dirty() {
		t.Fatalf("reopened: %d edits (dirty %v), want the 3 strokes, saved", w2.EditCount(), w2.Dirty())
	}
	w2.Undo()
	if w2.Grid.Open(image.Pt(6, 1)) != true || w2.Grid.Open(image.Pt(4, 1)) {
		t.Errorf("one undo: (6,1) open %v, (4,1) open %v; want only the last stroke taken back", w2.Grid.Open(image.Pt(6, 1)), w2.Grid.Open(image.Pt(4, 1)))
	}
}

// Regression (user test as root: Ctrl+S wrote AR0011SR.pls into the
// read-only shared map folder, since root may write anywhere): a folder
// with no write bits is left alone whoever runs the app, and the save goes
// to the working folder as for a folder the system refuses.
func TestSaveDefaultLeavesAReadOnlyFolderAlone(t *testing.T) {
	ro := t.TempDir()
	w := openCave(t, ro)
	if err := os.Chmod(ro, 0o555); err != nil {
		t.Skip("cannot make a folder read-only here:", err)
	}
	t.Cleanup(func() { os.Chmod(ro, 0o755) })
	work := t.TempDir()
	t.Chdir(work)
	w.BeginStroke(image.Pt(0, 0), 0)
	w.EndStroke()
	if got := w.SaveGoesTo(); got != "cave.pls" {
		t.Errorf("the quit question would offer %q, want cave.pls in the working folder", got)
	}
	if err := w.SaveDefault(); err != nil {
		t.Fatalf("SaveDefault: %v (message %q)", err, w.Message)
	}
	if _, err := os.Stat(filepath.Join(ro, "cave.pls")); err == nil {
		t.Error("the session was written into the read-only folder")
	}
	if _, err := os.Stat(filepath.Join(work, "cave.pls")); err != nil || !strings.Contains(w.Message, "not writable") {
		t.Errorf("no session in the working folder (%v), or the note does not say why: %q", err, w.Message)
	}
}

// Started inside the read-only folder itself (review: the fallback's
// NAME.pls in the working folder was the very file beside the map), the
// save is refused with a way out, and nothing is written there.
func TestSaveDefaultInsideTheReadOnlyFolder(t *testing.T) {
	ro := t.TempDir()
	writeCave(t, ro)
	t.Chdir(ro)
	w, err := Open("cave.map")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := os.Chmod(ro, 0o555); err != nil {
		t.Skip("cannot make a folder read-only here:", err)
	}
	t.Cleanup(func() { os.Chmod(ro, 0o755) })
	w.BeginStroke(image.Pt(0, 0), 0)
	w.EndStroke()
	if err := w.SaveDefault(); err == nil {
		t.Fatal("saved into the read-only folder the app was started in")
	}
	if _, err := os.Stat(filepath.Join(ro, "cave.pls")); err == nil {
		t.Error("cave.pls was written into the read-only folder")
	}
	// The way out is the window's save as, which keeps the session: the
	// message said to start pathlens again with -save, which a user with
	// unsaved edits could follow only by quitting without them.
	if !w.MessageErr || !strings.Contains(w.Message, "Ctrl+Shift+S") || strings.Contains(w.Message, "start pathlens") || !w.Dirty() {
		t.Errorf("message %q (error %v), dirty %v; want an error naming Ctrl+Shift+S (not a restart), edits unsaved", w.Message, w.MessageErr, w.Dirty())
	}
}

// Ctrl+S refused for permission where the session saves without a
// fallback (a -save target, or the .pls it was opened from, in a folder
// the user may not write) says the same way out: it gave the bare error.
func TestRefusedSaveNamesSaveAs(t *testing.T) {
	w := openCave(t, t.TempDir())
	w.SaveTo = filepath.Join(unwritableDir(t), "cave.pls")
	w.BeginStroke(image.Pt(0, 0), 0)
	w.EndStroke()
	if err := w.SaveDefault(); err == nil {
		t.Fatal("saved into a folder that refuses writes")
	}
	if !w.MessageErr || !strings.Contains(w.Message, "Ctrl+Shift+S") || !strings.Contains(w.Message, "cave.pls") || !w.Dirty() {
		t.Errorf("message %q (error %v), dirty %v; want an error naming the file and Ctrl+Shift+S, edits unsaved", w.Message, w.MessageErr, w.Dirty())
	}
}

// writeCave writes a 4×3 Moving AI map, cave.map, into dir and returns its
// path.
func writeCave(t *testing.T, dir string) string {
	t.Helper()
	src := filepath.Join(dir, "cave.map")
	if err := os.WriteFile(src, []byte("type octile\nheight 3\nwidth 4\nmap\n....\n.@..\n....\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return src
}

// openCave opens a session on writeCave's map in dir, closed when the
// test ends.
func openCave(t *testing.T, dir string) *World {
	t.Helper()
	w, err := Open(writeCave(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	return w
}

// A name whose numbered variants cannot be looked up (too long for the
// file system) ends the search at once: it looped for ever, freezing the
// window on Ctrl+S and on the quit question.
func TestUnusedNameStopsOnLookupErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	long := strings.Repeat("m", 251) // NAME.pls fits in 255 bytes, NAME-2.pls does not
	if err := os.WriteFile(long+".pls", []byte("x"), 0o644); err != nil {
		t.Skipf("the file system takes no 255-byte name: %v", err)
	}
	w := openCave(t, t.TempDir())
	w.Source = long + ".map"
	done := make(chan string, 1)
	go func() { done <- w.SaveGoesTo() }()
	select {
	case got := <-done:
		if got == long+".pls" {
			t.Errorf("SaveGoesTo chose the existing %s…pls", long[:8])
		}
	case <-time.After(5 * time.Second):
		t.Fatal("SaveGoesTo did not return")
	}
}

// A failed save names the file once: the file format's error names it
// already, and the message read "save x.pls: x.pls: cannot save: ...".
func TestSaveErrorNamesTheFileOnce(t *testing.T) {
	w := openBuiltin(t, "world")
	path := filepath.Join(t.TempDir(), "missing", "x.pls")
	if err := w.Save(path); err == nil {
		t.Fatal("a save into a missing folder succeeded")
	}
	if n := strings.Count(w.Message, path); n != 1 || !w.MessageErr {
		t.Errorf("message %q names %s %d times, want once, as an error", w.Message, path, n)
	}
}

// A helper noticed that whether the session came from a scenario was told
// by the .pls extension: a map file that happens to be called level.pls
// was taken for the session's own scenario, and Ctrl+S wrote a scenario
// over the map. It is told by what the loader read.
func TestCtrlSNeverWritesOverAMapNamedPls(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "level.pls")
	if err := os.WriteFile(src, []byte("....\n.##.\n....\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := Open(src)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	w.BeginStroke(image.Pt(0, 0), 0)
	w.EndStroke()
	if got := w.SaveGoesTo(); filepath.Base(got) != "level-2.pls" {
		t.Fatalf("Ctrl+S would write %q, want level-2.pls beside the map", got)
	}
	if err := w.SaveDefault(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(src); string(b) != "....\n.##.\n....\n" {
		t.Fatalf("the map named level.pls was overwritten:\n%s", b)
	}
}

// A review found save itself unguarded: -save level.pls on a map called
// level.pls, or a save-as onto it, wrote a scenario over the map (which
// then named itself and never opened again). Saving onto the session's
// map is refused, and the map is left as it was.
func TestSaveNeverReplacesTheSessionsMap(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "level.pls")
	const mp = "....\n.##.\n....\n"
	if err := os.WriteFile(src, []byte(mp), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := Open(src)
	if err != nil {
		t.Fatal(err)
	}
	w.BeginStroke(image.Pt(0, 0), 0)
	w.EndStroke()
	if err := w.SaveAs(src); err == nil || !strings.Contains(err.Error(), "is the map this session was loaded from") {
		t.Errorf("save as onto the map: %v", err)
	}
	w.SaveTo = src // pathlens -map level.pls -save level.pls
	if err := w.SaveDefault(); err == nil {
		t.Error("Ctrl+S with -save naming the map: no error")
	}
	if b, _ := os.ReadFile(src); string(b) != mp {
		t.Fatalf("the map was overwritten:\n%s", b)
	}
	if !w.Dirty() {
		t.Error("the refused save marked the session saved")
	}
}
