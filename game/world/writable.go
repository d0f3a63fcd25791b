package world

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"pathlens/assets"
)

// WritableFolder checks that the folder of file exists, is not marked
// read-only, and takes a new file (a save or a -shot writes a temporary
// file there, then renames it); example names a file for a folder given
// instead. -save, -shot and the save-as prompt check their file with it.
func WritableFolder(file, example string) error {
	if st, err := os.Stat(file); err == nil && st.IsDir() {
		return fmt.Errorf("is a folder: give the file to write, e.g. %s", filepath.Join(file, example))
	}
	dir := filepath.Dir(file)
	st, err := os.Stat(dir)
	switch {
	case err != nil:
		return fmt.Errorf("the folder %s cannot be used: %v", dir, errors.Unwrap(err))
	case !st.IsDir():
		return fmt.Errorf("%s is not a folder", dir)
	case st.Mode().Perm()&0o222 == 0:
		// Left alone even by root, as the default save place is.
		return fmt.Errorf("the folder %s is read-only (no write permission)", dir)
	}
	probe, err := os.CreateTemp(dir, ".pathlens-save-check-*")
	if err != nil {
		return fmt.Errorf("the folder %s cannot be written: %v", dir, errors.Unwrap(err))
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}

// SaveAs is Save without the message: the error is returned for the
// caller to show (the save-as prompt keeps it under its line). On success
// the note says what was written, as Save's does, and the session is that
// file: the next Ctrl+S saves there (SaveTo), and a session named after
// its file (the map's name, the scenario's or the built-in's, as opened)
// takes the new file's name, written in it and shown in the title and top
// bar (a designer saved room.map as level2.pls and still read "room"
// everywhere, the file itself saying "name room"). A name of the author's
// own, not a file's, is kept.
func (w *World) SaveAs(path string) error {
	old := w.Name
	if w.namedAfterFile() {
		if n := fileStem(path); n != "" && !strings.ContainsAny(n, "\r\n") {
			w.Name = n
		}
	}
	if err := w.save(path, ""); err != nil {
		w.Name = old
		return saveError(path, err)
	}
	w.SaveTo = path
	if w.Name != old {
		w.Log.Add("rename", F{"from", old}, F{"to", w.Name})
	}
	return nil
}

// fileStem is path's base name without its extension.
func fileStem(path string) string {
	b := filepath.Base(path)
	return strings.TrimSuffix(b, filepath.Ext(b))
}

// namedAfterFile reports whether the session's name is one a file gave it
// (the map's base name, the scenario's or save target's, a built-in's,
// or the "session" a save falls back to), not one its author wrote.
func (w *World) namedAfterFile() bool {
	n := strings.TrimSpace(w.Name)
	if n == "" || n == "session" || n == w.builtin {
		return true
	}
	files := []string{strings.TrimPrefix(w.Source, assets.Prefix), w.SaveTo, w.ScenarioFile(), w.MapFile()}
	if w.scenario != nil && w.scenario.Map != nil {
		if n == w.scenario.Map.Name {
			return true
		}
	}
	for _, f := range files {
		if f != "" && n == fileStem(f) {
			return true
		}
	}
	return false
}
