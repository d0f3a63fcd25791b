package world

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
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
// the note says what was written, as Save's does.
func (w *World) SaveAs(path string) error {
	if err := w.save(path, ""); err != nil {
		return saveError(path, err)
	}
	return nil
}
