package game

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"pathlens/game/world"
	"pathlens/maps"
)

// dropped is what one drop of files onto the window brought, sorted out:
// the map or scenario file to open, the Moving AI .scen list to add, and
// what was left out and why (each a short phrase naming the file).
type dropped struct {
	open    string // real path of the map or scenario file ("" none)
	scen    string // real path of the .scen list ("" none)
	skipped []string
}

// readDrop sorts the files of a drop (ebiten.DroppedFiles' file system:
// the dropped items at its root) by content, as world.Open would read
// them: a Moving AI scenario list (first line "version") is a .scen,
// anything else a map or scenario file. The first of each kind, by name,
// is taken; folders, further files and files that cannot be read are
// skipped with the reason. Only files of the real file system have a path
// a session can be opened from and saved beside.
func readDrop(fsys fs.FS) (dropped, error) {
	var d dropped
	ents, partial, err := listDrop(fsys)
	if err != nil {
		return d, fmt.Errorf("the dropped files cannot be listed: %v", err)
	}
	for _, e := range ents {
		name := e.Name()
		if e.IsDir() {
			d.skipped = append(d.skipped, name+"/ (a folder: drop the file itself)")
			continue
		}
		if !regularDropped(fsys, e) {
			// A pipe or device would block the window on open.
			d.skipped = append(d.skipped, name+" (not a regular file)")
			continue
		}
		path, scen, err := sniffDropped(fsys, name)
		if err != nil {
			d.skipped = append(d.skipped, err.Error())
			continue
		}
		slot := &d.open
		if scen {
			slot = &d.scen
		}
		if *slot != "" {
			d.skipped = append(d.skipped, fmt.Sprintf("%s (one %s at a time: %s is taken)", name, kindOf(scen), filepath.Base(*slot)))
			continue
		}
		*slot = path
	}
	if partial != nil {
		d.skipped = append(d.skipped, fmt.Sprintf("the items after one that could not be looked up (%v)", partial))
	}
	return d, nil
}

// listDrop lists the dropped items sorted by name. Ebiten's listing stops
// at the first item it cannot look up (a broken link), returning the ones
// before it and empty slots: those are kept and the error is returned as
// partial (fs.ReadDir would sort the empty slots and crash).
func listDrop(fsys fs.FS) (ents []fs.DirEntry, partial, err error) {
	f, err := fsys.Open(".")
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	rd, ok := f.(fs.ReadDirFile)
	if !ok {
		return nil, nil, errors.New("the drop is not a list of files")
	}
	all, partial := rd.ReadDir(-1)
	for _, e := range all {
		if e != nil {
			ents = append(ents, e)
		}
	}
	sort.Slice(ents, func(i, j int) bool { return ents[i].Name() < ents[j].Name() })
	return ents, partial, nil
}

// regularDropped reports whether the dropped item e is a regular file, a
// link followed (Ebiten's listing follows links; a folder's does not).
func regularDropped(fsys fs.FS, e fs.DirEntry) bool {
	if e.Type()&fs.ModeSymlink != 0 {
		sfs, ok := fsys.(fs.StatFS)
		if !ok {
			return false
		}
		fi, err := sfs.Stat(e.Name())
		return err == nil && fi.Mode().IsRegular()
	}
	return e.Type().IsRegular()
}

// sniffDropped opens the dropped file name and returns its real path and
// whether its head reads as a Moving AI .scen list.
func sniffDropped(fsys fs.FS, name string) (path string, scen bool, err error) {
	f, err := fsys.Open(name)
	if err != nil {
		return "", false, fmt.Errorf("%s (cannot be opened: %v)", name, unwrapPath(err))
	}
	defer f.Close()
	of, ok := f.(*os.File)
	if !ok {
		return "", false, fmt.Errorf("%s (not a file on this computer's disk)", name)
	}
	head := make([]byte, 512)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return "", false, fmt.Errorf("%s (cannot be read: %v)", name, unwrapPath(err))
	}
	if why := maps.NotText(head[:n]); why != "" {
		// The words every reader of a file uses (-map, -scenario, -scen).
		return "", false, fmt.Errorf("%s (%s)", name, why)
	}
	return of.Name(), maps.Detect(bytes.TrimSpace(head[:n])) == maps.FormatScen, nil
}

// unwrapPath drops a PathError's operation and path (the message names the
// file already).
func unwrapPath(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// skippedNote is what a drop's message appends for the skipped items:
// "; skipped a, b", or "" when nothing was.
func skippedNote(items []string) string {
	if len(items) == 0 {
		return ""
	}
	return "; skipped " + strings.Join(items, ", ")
}

func kindOf(scen bool) string {
	if scen {
		return ".scen list"
	}
	return "map"
}

// drop acts on files dropped onto the window: a map or scenario file is
// opened as the gallery opens a world (asking first when edits are
// unsaved), a .scen list adds its rows as queries (F3 steps through them,
// the panel shows each row's optimal length), both together open the map
// and then add the list. Everything is logged; what was skipped is said.
func (g *Game) drop(fsys fs.FS) {
	w := g.w
	d, err := readDrop(fsys)
	if err != nil {
		w.Fail("%v", err)
		return
	}
	var names []string
	for _, p := range []string{d.open, d.scen} {
		if p != "" {
			names = append(names, p)
		}
	}
	w.Log.Add("drop", world.F{Key: "files", Val: strings.Join(names, ",")}, world.F{Key: "skipped", Val: len(d.skipped)})
	if g.confirm != nil {
		w.Fail("answer the question first (S, D or Esc), then drop the file again")
		return
	}
	if names == nil {
		w.Fail("nothing to open in what was dropped%s", skippedNote(d.skipped))
		return
	}
	// The answer is on the map: close what covers it.
	g.closeOverlays()
	// A prompt typed for the old session (a save-as naming its file) must
	// not act on the new one.
	g.closePrompt()
	g.openFiles(d)
}

// openFiles opens what a drop brought: a map or scenario file replaces the
// session (asking first when edits are unsaved), a .scen list adds its
// rows, both open the map and then add the list. It returns the error when
// the files were refused before any question was asked (the session is as
// it was, the error on screen).
func (g *Game) openFiles(d dropped) error {
	err := g.tryOpenFiles(d)
	if err != nil {
		g.w.Fail("%v%s", err, skippedNote(d.skipped))
	}
	return err
}

// tryOpenFiles is openFiles without showing a refusal: the open prompt
// (Ctrl+O) shows it under its line instead.
func (g *Game) tryOpenFiles(d dropped) error {
	w := g.w
	skipped := skippedNote(d.skipped)
	if d.open == "" {
		rows, err := w.ScenRows(d.scen)
		if err != nil {
			return err
		}
		g.addScenRows(d.scen, rows, d.skipped)
		return nil
	}
	// Read and check everything before asking: a file that is no map
	// must not offer to discard the edits for nothing.
	nw, err := world.Open(d.open)
	if err != nil {
		return err
	}
	if d.scen != "" {
		if _, err := nw.ScenRows(d.scen); err != nil {
			nw.Close()
			return err
		}
	}
	if !nw.OwnSettings() {
		// A bare map has no switches of its own: keep the user's, so maps
		// can be compared under one algorithm.
		nw.Settings = w.Settings
	}
	what := "open " + filepath.Base(d.open)
	if d.scen != "" {
		what += " with " + filepath.Base(d.scen)
	}
	g.askThen(what, func(g *Game) error {
		g.install(nw)
		if d.scen != "" {
			return g.addScen(d.scen, d.skipped)
		}
		if skipped != "" {
			g.w.Note("opened %s%s", filepath.Base(d.open), skipped)
		}
		return nil
	})
	if c := g.confirm; c != nil {
		c.cancel = nw.Close
		if len(d.skipped) > 0 {
			c.lines = slices.Insert(c.lines, 1, "(skipped "+strings.Join(d.skipped, ", ")+")")
		}
	}
	return nil
}

// addScen puts the rows of the .scen list at path before the session's
// queries (World.AddScenRows: they replace the rows of the list the session
// had, from -scen, a scenario's "scen" line or an earlier drop) and opens
// the first:
// F3 steps through them and the panel shows each row's optimal length
// while it holds (8-connected, the map as loaded). A list for another map
// is refused with the file, line and both maps named; the session is left
// as it was.
func (g *Game) addScen(path string, skippedItems []string) error {
	w := g.w
	skipped := skippedNote(skippedItems)
	rows, err := w.ScenRows(path)
	if err != nil {
		w.Fail("%v%s", err, skipped)
		return err
	}
	g.addScenRows(path, rows, skippedItems)
	return nil
}

// addScenRows is addScen with the rows read and checked.
func (g *Game) addScenRows(path string, rows []maps.ScenRow, skippedItems []string) {
	w := g.w
	skipped := skippedNote(skippedItems)
	// The user's query is kept before the rows go in (it is none of
	// them), and said with the number it has after them.
	mine, kept := g.keepUserQuery()
	defer g.sayKept()
	w.AddScenRows(path, rows)
	if kept {
		if k := slices.Index(w.Queries, mine); k >= 0 {
			g.keptAt(mine, k+1)
		}
	}
	w.Log.Add("scen", world.F{Key: "path", Val: path}, world.F{Key: "rows", Val: len(rows)})
	if !g.showListQuery(0) { // the user's query was kept above: the one on screen is a row of the list replaced, or this one
		// The plan's own message (no path, a short query's note) stays,
		// with what the drop skipped after it: said only in the log, the
		// skipped map went unnoticed (a designer's test).
		if len(skippedItems) > 0 {
			g.w.Log.Add("drop_skipped", world.F{Key: "what", Val: strings.Join(skippedItems, ", ")})
			if w.MessageErr {
				w.Fail("%s%s", w.Message, skipped)
			} else {
				w.Note("%s%s", w.Message, skipped)
			}
		}
		return
	}
	r := rows[0]
	length := fmt.Sprintf(", the .scen's optimal %.2f", r.Optimal)
	if !g.scenHolds() {
		length = " (the list's lengths are for the map as loaded with 8-connected moves, so none is shown now)"
	}
	added := "1 query added"
	if len(rows) > 1 {
		added = fmt.Sprintf("%d queries added (F3 steps through them)", len(rows))
	}
	w.Note("%s: %s; query 1: (%d,%d) → (%d,%d)%s%s", filepath.Base(path), added, r.Start.X, r.Start.Y, r.Goal.X, r.Goal.Y, length, skipped)
}

// closeOverlays closes the help and the gallery where they are open (and
// logs it), for what must be seen over the map: a drop's answer, a prompt.
func (g *Game) closeOverlays() {
	if g.showHelp {
		g.showHelp = false
		g.logOverlay("help", false)
	}
	if g.gallery {
		g.gallery = false
		g.logOverlay("gallery", false)
	}
}
