package game

import (
	"fmt"
	"image"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"pathlens/game/world"
	"pathlens/maps"
)

// dropMap is a small Moving AI map (8×5, a wall with one gap in its middle
// row). The .scen lists below give lengths for it that the tests only
// follow to the panel; whether they are optimal is not what is tested.
const dropMap = `type octile
height 5
width 8
map
....@...
....@...
........
....@...
....@...
`

func writeDropFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		// Its folder first: the map's order is random, and "sub/x" could
		// come before "sub/".
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func scenText(mapName string, w, h int, rows ...string) string {
	var b strings.Builder
	b.WriteString("version 1\n")
	for _, r := range rows {
		b.WriteString("0\t" + mapName + "\t")
		fmt.Fprintf(&b, "%d\t%d", w, h)
		b.WriteString("\t" + r + "\n")
	}
	return b.String()
}

// The files of a drop are sorted by content, not by name: the .scen list
// (first line "version") is found under any name, folders and second maps
// are skipped with the reason, and paths are the real ones on disk.
func TestReadDropSortsByContent(t *testing.T) {
	dir := writeDropFiles(t, map[string]string{
		"a-room.map":   dropMap,
		"b-other.txt":  "..\n..\n",
		"queries.txt":  scenText("a-room.map", 8, 5, "0\t0\t7\t0\t7"),
		"old-queries/": "",
	})
	d, err := readDrop(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	if d.open != filepath.Join(dir, "a-room.map") {
		t.Errorf("map to open %q, want a-room.map's real path", d.open)
	}
	if d.scen != filepath.Join(dir, "queries.txt") {
		t.Errorf(".scen %q, want queries.txt (read as a .scen by its first line)", d.scen)
	}
	all := strings.Join(d.skipped, "; ")
	if len(d.skipped) != 2 || !strings.Contains(all, "b-other.txt (one map at a time: a-room.map is taken)") ||
		!strings.Contains(all, "old-queries/ (a folder") {
		t.Errorf("skipped %q, want the second map and the folder, each with its reason", all)
	}
}

// Dropping a map opens it as the gallery would: the session is replaced,
// its source is the dropped file's real path (so a save goes beside it),
// and what was skipped is said.
func TestDropOpensTheMap(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	dir := writeDropFiles(t, map[string]string{"room.map": dropMap, "notes/": ""})
	g.drop(os.DirFS(dir))
	if g.confirm != nil {
		t.Fatal("a clean session asked before opening")
	}
	if g.w.Source != filepath.Join(dir, "room.map") || g.w.Grid.Width() != 8 || g.w.Grid.Height() != 5 {
		t.Fatalf("session %q %d×%d, want the dropped 8×5 room.map", g.w.Source, g.w.Grid.Width(), g.w.Grid.Height())
	}
	if !strings.Contains(g.w.Message, "skipped notes/") {
		t.Errorf("message %q, want the skipped folder named", g.w.Message)
	}
}

// With unsaved edits the drop asks first (as opening from the gallery
// does); Esc keeps the session and its edits, D opens the file.
func TestDropAsksBeforeLosingEdits(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	w0 := g.w
	var cell image.Point
	for y := 0; y < w0.Grid.Height(); y++ {
		for x := 0; x < w0.Grid.Width(); x++ {
			if w0.Grid.Open(image.Pt(x, y)) && (image.Pt(x, y) != w0.Start) && (image.Pt(x, y) != w0.Goal) {
				cell = image.Pt(x, y)
			}
		}
	}
	w0.BeginStroke(cell, 0)
	w0.EndStroke()
	if !w0.Dirty() {
		t.Fatal("the fill left the session clean")
	}
	dir := writeDropFiles(t, map[string]string{"room.map": dropMap})
	g.drop(os.DirFS(dir))
	if g.confirm == nil || g.w != w0 {
		t.Fatal("a dirty session was replaced without asking")
	}
	if !strings.Contains(strings.Join(g.confirm.lines, "\n"), "then open room.map") {
		t.Errorf("question %q, want it to name the dropped file", g.confirm.lines)
	}
	// A second drop while the question is open is refused, not stacked.
	g.drop(os.DirFS(dir))
	if !strings.Contains(g.w.Message, "answer the question first") {
		t.Errorf("drop during the question: %q", g.w.Message)
	}
	then := g.confirm.then
	g.confirm = nil // D: discard
	if err := then(g); err != nil {
		t.Fatal(err)
	}
	if g.w == w0 || g.w.Grid.Width() != 8 {
		t.Errorf("after discarding, the session is still the old one")
	}
}

// A dropped .scen list adds its rows as queries and shows the first, with
// its optimal length in the panel; a second list replaces the first's
// rows rather than adding them again; a list for another map is refused
// with both maps named, leaving the queries as they were.
func TestDropScenAddsItsRows(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	// A drop of one file alone.
	one := func(name, text string) string {
		return writeDropFiles(t, map[string]string{name: text})
	}
	// The map and its list in one drop.
	both := writeDropFiles(t, map[string]string{"room.map": dropMap, "room.scen": scenText("room.map", 8, 5, "0\t0\t7\t0\t7", "0\t2\t7\t2\t7")})
	g.drop(os.DirFS(both))
	w := g.w
	if w.Grid.Width() != 8 || len(w.Queries) != 2 {
		t.Fatalf("map %d wide with %d queries, want room.map with the list's 2", w.Grid.Width(), len(w.Queries))
	}
	if w.Start != image.Pt(0, 0) || w.Goal != image.Pt(7, 0) || g.shownScenOptimal() != 7 {
		t.Errorf("shown %v→%v optimal %v, want row 1 (0,0)→(7,0) with 7", w.Start, w.Goal, g.shownScenOptimal())
	}
	if !strings.Contains(w.Message, "2 queries added") {
		t.Errorf("message %q", w.Message)
	}
	g.stepQuery(+1)
	if w.Start != image.Pt(0, 2) || g.shownScenOptimal() != 7 {
		t.Errorf("F3: %v optimal %v, want row 2 from (0,2)", w.Start, g.shownScenOptimal())
	}
	// Another list for the same map replaces the rows.
	g.drop(os.DirFS(one("room2.scen", scenText("room.map", 8, 5, "0\t0\t3\t0\t3"))))
	if len(w.Queries) != 1 || w.Goal != image.Pt(3, 0) || g.shownScenOptimal() != 3 {
		t.Errorf("second list: %d queries, goal %v, optimal %v; want its one row replacing the first list's", len(w.Queries), w.Goal, g.shownScenOptimal())
	}
	// A list for another map is refused.
	g.drop(os.DirFS(one("other.scen", scenText("hall.map", 8, 5, "0\t0\t3\t0\t3"))))
	if !w.MessageErr || !strings.Contains(w.Message, "hall.map") || !strings.Contains(w.Message, "room.map") {
		t.Errorf("another map's list: %q, want an error naming hall.map and room.map", w.Message)
	}
	if len(w.Queries) != 1 {
		t.Errorf("after the refused list: %d queries, want 1", len(w.Queries))
	}
}

// A drop of nothing usable says so, naming what was skipped.
func TestDropOfAFolderAlone(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	w0 := g.w
	dir := writeDropFiles(t, map[string]string{"maps/": ""})
	g.drop(os.DirFS(dir))
	if g.w != w0 || !g.w.MessageErr || !strings.Contains(g.w.Message, "nothing to open") || !strings.Contains(g.w.Message, "maps/") {
		t.Errorf("folder alone: message %q", g.w.Message)
	}
}

// A dropped file that is not a map (a picture, say) leaves the session as
// it was, with a message naming the file.
func TestDropBadFileKeepsTheSession(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	w0 := g.w
	dir := writeDropFiles(t, map[string]string{"shot.png": "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00"})
	g.drop(os.DirFS(dir))
	if g.w != w0 || !g.w.MessageErr || !strings.Contains(g.w.Message, "shot.png") {
		t.Errorf("a picture dropped: session replaced %v, message %q (want an error naming shot.png)", g.w != w0, g.w.Message)
	}
}

// A broken link among the dropped items made the listing crash (its
// empty slot was sorted), and a named pipe blocked the window on open:
// both are skipped with the reason, and the map beside them opens.
func TestDropSkipsLinksAndPipesThatCannotBeRead(t *testing.T) {
	dir := writeDropFiles(t, map[string]string{"room.map": dropMap})
	if err := os.Symlink(filepath.Join(dir, "gone.scen"), filepath.Join(dir, "x.scen")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.map"), 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	d, err := readDrop(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(d.skipped, "; ")
	if d.open != filepath.Join(dir, "room.map") || !strings.Contains(all, "pipe.map (not a regular file)") || !strings.Contains(all, "x.scen") {
		t.Errorf("open %q, skipped %q; want room.map, with the pipe and the broken link skipped", d.open, all)
	}
	// Ebiten's own listing: it stops at the item it cannot look up and
	// leaves empty slots.
	d, err = readDrop(brokenListing{os.DirFS(dir)})
	if err != nil {
		t.Fatal(err)
	}
	if d.open != filepath.Join(dir, "room.map") || !strings.Contains(strings.Join(d.skipped, "; "), "could not be looked up") {
		t.Errorf("listing with an empty slot: open %q, skipped %q", d.open, d.skipped)
	}
}

// brokenListing lists its first file then an empty slot and an error, as
// Ebiten's drop listing does when an item after the first is a broken link.
type brokenListing struct{ fs.FS }

func (b brokenListing) Open(name string) (fs.File, error) {
	if name != "." {
		return b.FS.Open(name)
	}
	f, err := b.FS.Open(".")
	if err != nil {
		return nil, err
	}
	return &brokenDir{f.(fs.ReadDirFile)}, nil
}

type brokenDir struct{ fs.ReadDirFile }

func (d *brokenDir) ReadDir(n int) ([]fs.DirEntry, error) {
	ents, err := d.ReadDirFile.ReadDir(-1)
	if err != nil {
		return nil, err
	}
	for _, e := range ents {
		if e.Name() == "room.map" {
			return []fs.DirEntry{e, nil}, &fs.PathError{Op: "stat", Path: "x.scen", Err: fs.ErrNotExist}
		}
	}
	return nil, fs.ErrNotExist
}

// The .scen's optimal length is claimed only where it holds: a list
// dropped after an edit says the lengths are for the map as loaded, and a
// one-row list does not offer F3.
func TestDropScenAfterAnEditClaimsNoLength(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	g.drop(os.DirFS(writeDropFiles(t, map[string]string{"room.map": dropMap})))
	w := g.w
	w.BeginStroke(image.Pt(2, 4), 0)
	w.EndStroke()
	w.Wait()
	g.drop(os.DirFS(writeDropFiles(t, map[string]string{"room.scen": scenText("room.map", 8, 5, "0\t0\t7\t0\t7")})))
	if g.shownScenOptimal() != 0 || strings.Contains(w.Message, "optimal 7") || !strings.Contains(w.Message, "none is shown now") {
		t.Errorf("after an edit: panel %v, message %q; want no length claimed", g.shownScenOptimal(), w.Message)
	}
	if !strings.Contains(w.Message, "1 query added;") || strings.Contains(w.Message, "F3") {
		t.Errorf("one row: message %q", w.Message)
	}
	w.Undo()
	w.Wait()
	if g.shownScenOptimal() != 0 {
		t.Error("an undone edit still counts: the list's lengths are for the grid as loaded, no edit since")
	}
}

// A dropped list replaces the list the session had (here one a -scen gave
// at start): the session holds one list, which a save refers to by its one
// "scen" line. The session's own queries stay after the rows.
func TestDropScenReplacesTheList(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	g.drop(os.DirFS(writeDropFiles(t, map[string]string{"room.map": dropMap})))
	w := g.w
	first := filepath.Join(t.TempDir(), "first.scen")
	w.AddScenRows(first, []maps.ScenRow{{Start: image.Pt(0, 1), Goal: image.Pt(7, 1), Optimal: 7}})
	w.PrependQuery([2]image.Point{{1, 1}, {2, 1}}) // a -from/-to query
	g.drop(os.DirFS(writeDropFiles(t, map[string]string{"room.scen": scenText("room.map", 8, 5, "0\t0\t7\t0\t7", "0\t2\t7\t2\t7")})))
	if len(w.Queries) != 3 || len(w.ScenOptimal) != 3 || g.scenOptimal(0) != 7 || g.scenOptimal(2) != 0 ||
		w.Queries[2] != [2]image.Point{{1, 1}, {2, 1}} || filepath.Base(w.ScenFile) != "room.scen" {
		t.Errorf("queries %v optimal %v list %q; want the two dropped rows, then the own query with 0", w.Queries, w.ScenOptimal, w.ScenFile)
	}
}

// A dropped file is read before anything is asked: one that is no map is
// refused at once, with unsaved edits kept and no question offering to
// discard them for nothing (a user pressed D for a picture, and the log
// said the edits were discarded).
func TestDropReadsTheFileBeforeAsking(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	w0 := g.w
	fillSomewhere(t, w0)
	dir := writeDropFiles(t, map[string]string{"pic.png": "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00", "notes.txt": "# Notes\n\nsome words\n"})
	g.drop(os.DirFS(dir))
	if g.confirm != nil {
		t.Fatalf("a question for files that are no map: %q", g.confirm.lines)
	}
	if g.w != w0 || !w0.Dirty() || !w0.MessageErr || !strings.Contains(w0.Message, "notes.txt") {
		t.Errorf("session replaced %v, dirty %v, message %q; want the edits kept and notes.txt refused", g.w != w0, w0.Dirty(), w0.Message)
	}
	if !strings.Contains(w0.Message, "pic.png (not a text file") {
		t.Errorf("message %q, want the picture named as not a text file", w0.Message)
	}
}

// A bare map has no switches of its own: it opens under the user's
// algorithm, so maps can be compared; a scenario with "set" lines opens
// with its own.
func TestDropKeepsTheSwitchesForABareMap(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	g.w.SetAlgo(world.AlgoHPA)
	g.drop(os.DirFS(writeDropFiles(t, map[string]string{"room.map": dropMap})))
	if g.w.Grid.Width() != 8 || g.w.Settings.Algo != world.AlgoHPA {
		t.Errorf("bare map: %d wide, %v; want room.map under HPA*", g.w.Grid.Width(), g.w.Settings.Algo)
	}
	pls := "pathlens-scenario 1\nset algo dijkstra\nmap inline\n....\n....\nend\n"
	g.drop(os.DirFS(writeDropFiles(t, map[string]string{"s.pls": pls})))
	if g.w.Grid.Width() != 4 || g.w.Settings.Algo != world.AlgoDijkstra {
		t.Errorf("scenario with set algo: %d wide, %v; want its own Dijkstra", g.w.Grid.Width(), g.w.Settings.Algo)
	}
}

// Esc on the question keeps everything and says so; the question of a
// drop of two maps names the one left out.
func TestDropQuestionNamesTheSkippedAndEscSaysNothingChanged(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	w0 := g.w
	fillSomewhere(t, w0)
	g.drop(os.DirFS(writeDropFiles(t, map[string]string{"a.map": dropMap, "b.map": dropMap})))
	if g.confirm == nil {
		t.Fatal("no question with unsaved edits")
	}
	if q := strings.Join(g.confirm.lines, "\n"); !strings.Contains(q, "open a.map") || !strings.Contains(q, "b.map (one map at a time") {
		t.Errorf("question %q, want it to open a.map and name b.map as skipped", q)
	}
	g.cancelConfirm()
	if g.w != w0 || !w0.Dirty() || !strings.Contains(w0.Message, "did not open a.map") {
		t.Errorf("Esc: session replaced %v, dirty %v, message %q", g.w != w0, w0.Dirty(), w0.Message)
	}
}

// fillSomewhere fills one open cell that is neither endpoint, as one
// stroke, so w has an unsaved edit.
func fillSomewhere(t *testing.T, w *world.World) {
	t.Helper()
	for y := 0; y < w.Grid.Height(); y++ {
		for x := 0; x < w.Grid.Width(); x++ {
			if p := image.Pt(x, y); w.Grid.Open(p) && p != w.Start && p != w.Goal {
				w.BeginStroke(p, 0)
				w.EndStroke()
				w.Wait()
				if !w.Dirty() {
					t.Fatal("the fill left the session clean")
				}
				return
			}
		}
	}
	t.Fatal("no open cell to fill")
}

// S on the question saves, then opens the dropped map; the window keeps
// saying where the save went (the new session's note hid it).
func TestDropSaveThenOpenSaysWhereItSaved(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	src := writeDropFiles(t, map[string]string{"old.map": dropMap})
	if err := g.open(filepath.Join(src, "old.map")); err != nil {
		t.Fatal(err)
	}
	w0 := g.w
	fillSomewhere(t, w0)
	g.drop(os.DirFS(writeDropFiles(t, map[string]string{"new.map": dropMap, "x/": ""})))
	if g.confirm == nil {
		t.Fatal("no question with unsaved edits")
	}
	g.confirmSave()
	if _, err := os.Stat(filepath.Join(src, "old.pls")); err != nil {
		t.Fatalf("the edits were not saved beside old.map: %v", err)
	}
	if g.w == w0 || !strings.Contains(g.w.Source, "new.map") {
		t.Fatalf("after S the session is %q, want new.map", g.w.Source)
	}
	if !strings.Contains(g.w.Message, "old.pls") || !strings.Contains(g.w.Message, "opened new.map") {
		t.Errorf("message %q, want the save's path and the open's note", g.w.Message)
	}
}

// From a designer's test: dropping a .scen with its map and a second map,
// the "skipped den312d.map" part of the message was lost when the first
// query's plan said something of its own; it follows the plan's message.
func TestDropSkippedSurvivesThePlansMessage(t *testing.T) {
	walled := "type octile\nheight 3\nwidth 5\nmap\n..@..\n..@..\n..@..\n"
	dir := writeDropFiles(t, map[string]string{
		"a.map":      walled,
		"a.map.scen": scenText("a.map", 5, 3, "0\t0\t4\t0\t4"), // unreachable: the plan says "no path"
		"b.map":      dropMap,
	})
	g := drawnGame(t, 1200, 760)
	g.drop(os.DirFS(dir))
	if g.confirm != nil {
		t.Fatal("a question for a clean session")
	}
	g.w.Wait()
	if !strings.Contains(g.w.Message, "skipped b.map") {
		t.Errorf("message %q, want the skipped map named", g.w.Message)
	}
}
