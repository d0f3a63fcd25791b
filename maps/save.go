package maps

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// SaveFileAtomic writes data to path so that path holds either its old
// content or all of data, never a mix, even if the program dies midway: it
// writes a temporary file in the same folder, syncs it, and renames it over
// path, then syncs the folder so the rename itself survives a crash. An
// existing file keeps its permission bits; a new one gets 0644; one with
// no write permission for anybody is left alone, with an error. When path is
// a symbolic link, the file it points to is replaced and the link is kept
// (a dangling link gets its target created). On error the temporary file is
// removed and path is untouched.
func SaveFileAtomic(path string, data []byte) (err error) {
	target, err := linkTarget(path)
	if err != nil {
		return errSave(path, "", err)
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	perm := fs.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		if st.IsDir() {
			return errAt(path, 0, "cannot save: is a directory")
		}
		perm = st.Mode().Perm()
		if ReadOnlyFile(path) {
			// The rename would replace it (the folder allows that), but
			// a file nobody may write is one the user meant to keep:
			// refused even for root, as an editor refuses it.
			return errAt(path, 0, "cannot save: the file is read-only (mode %04o): make it writable first, or save under another name", perm)
		}
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return errSave(path, "creating a file in its folder", err)
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return errSave(path, "writing", err)
	}
	if err = f.Sync(); err != nil {
		return errSave(path, "writing to disk", err)
	}
	if err = f.Chmod(perm); err != nil && !errors.Is(err, errors.ErrUnsupported) {
		return errSave(path, "setting its permissions", err)
	}
	if err = f.Close(); err != nil {
		return errSave(path, "writing", err)
	}
	if err = os.Rename(tmp, target); err != nil {
		return errSave(path, "replacing it", err)
	}
	// The data is safe once the folder's entry is; a folder that cannot be
	// opened or synced (some file systems refuse) leaves the rename done.
	if d, derr := os.Open(dir); derr == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// linkTarget follows path while it is a symbolic link (at most 40 hops, as
// the kernel does) and returns the file name a save should replace. A path
// that is not a link, or does not exist yet, is returned as it is.
func linkTarget(path string) (string, error) {
	for hops := 0; ; hops++ {
		st, err := os.Lstat(path)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		if hops == 40 {
			return "", errors.New("too many levels of symbolic links")
		}
		to, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(to) {
			to = filepath.Join(filepath.Dir(path), to)
		}
		path = to
	}
}

// SaveMap writes m to path atomically (see SaveFileAtomic) in format f
// (FormatMovingAI, FormatASCII or FormatTiled, without rooms: SaveTiled
// writes them; FormatUnknown means m.Format, and ASCII when that is unknown
// too). Nothing is written when the map cannot be expressed
// in the format (a weight above 1 in Moving AI, above 9 in ASCII); the
// error names path and the cell.
func SaveMap(path string, m *Map, f Format) error {
	if f == FormatUnknown {
		f = m.Format
	}
	var buf bytes.Buffer
	var err error
	switch f {
	case FormatMovingAI:
		err = WriteMovingAI(&buf, m)
	case FormatASCII, FormatUnknown:
		err = WriteASCII(&buf, m)
	case FormatTiled:
		return SaveTiled(path, m, Rooms{})
	default:
		return errAt(path, 0, "cannot save a map as %v", f)
	}
	if err != nil {
		return refusedSave(path, err, "cannot save: ")
	}
	return SaveFileAtomic(path, buf.Bytes())
}

// SaveScenario writes s to path atomically (see WriteScenario and
// SaveFileAtomic). A map referenced by MapPath is not written.
func SaveScenario(path string, s *Scenario) error {
	var buf bytes.Buffer
	if err := WriteScenario(&buf, s); err != nil {
		return refusedSave(path, err, "")
	}
	return SaveFileAtomic(path, buf.Bytes())
}

// refusedSave is a writer's refusal (a weight the format cannot hold...)
// as the error of saving to path: the writers name the map or the
// scenario by its own name, and the user is saving a file. prefix goes
// before the message; the cell, if any, is kept.
func refusedSave(path string, err error, prefix string) error {
	var me *Error
	if !errors.As(err, &me) {
		return err
	}
	e := *me
	e.File, e.Line, e.Msg = path, 0, prefix+e.Msg
	return &e
}

// ReadOnlyFile reports whether path is a file nobody may write (no write
// bit), which SaveFileAtomic refuses to replace.
func ReadOnlyFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir() && st.Mode().Perm()&0o222 == 0
}
