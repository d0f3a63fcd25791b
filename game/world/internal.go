package world

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"
	"unicode/utf8"

	"pathlens/maps"
	"pathlens/pathing/hpa"
)

// A bug in a planner or in the app must not take the user's session with
// it. Panics are caught where work crosses a boundary the program can
// survive, and turned into an *InternalError:
//
//   - a hierarchy build or a lent hierarchy's computation (build, lend,
//     buildWorker): the build fails with the error, as a refused one does;
//     the session goes on without that hierarchy;
//   - a background grid job (bgRunner: the component labels, the cut
//     cells, the optimal reference's search) and a batch (StartBatch):
//     that answer, or that batch, fails with the error;
//   - the window's update or drawing (package game): the state may be
//     half-changed, so the app writes the session to a rescue file
//     (Rescue), says where, and ends.
//
// Each writes the panic's stack to PanicOut, for a bug report.

// PanicOut is where the stack of a caught panic is written (the
// terminal's standard error).
var PanicOut io.Writer = os.Stderr

// InternalError is a panic caught at one of the boundaries above.
type InternalError struct {
	What  string // what was under way: "building the HPA* hierarchy"
	Value any    // what the code panicked with
}

func (e *InternalError) Error() string {
	return fmt.Sprintf("internal error while %s: %v (a bug: details on standard error)", e.What, e.Value)
}

// Recovered turns p, a value recover returned while what was under way,
// into an *InternalError, and writes the stack to PanicOut. Called in the
// deferred function that recovered, the stack still shows where the panic
// began; a build worker's panic raised again by hpa (*hpa.WorkerPanic)
// or groups (*groups.WorkerPanic) brings the worker's own stack.
func Recovered(what string, p any) *InternalError {
	val := p
	var b strings.Builder
	var wp *hpa.WorkerPanic // groups.WorkerPanic is the same type (pathing/internal/chunks)
	if err, ok := p.(error); ok && errors.As(err, &wp) {
		val = wp.Value
		fmt.Fprintf(&b, "worker goroutine:\n%s\nraised again on:\n", wp.Stack)
	}
	b.Write(debug.Stack())
	fmt.Fprintf(PanicOut, "pathlens: internal error while %s: %v\n%s\n", what, val, b.String())
	return &InternalError{What: what, Value: val}
}

// Rescue writes the session as it is (terrain edits, the stroke being
// painted, agents, queries, switches) to a new scenario file next to
// SavePath, or in the system's temporary folder when that fails, and
// returns its path. It is for the moment after an internal error: it
// does not end the stroke, repair, replan or touch the session's state in
// any way (any of which might meet the same fault), never writes over a
// file, and recovers from a panic of its own (returning it as the error).
// The session stays unsaved: its own file, if any, is untouched.
func (w *World) Rescue() (path string, err error) {
	defer func() {
		if p := recover(); p != nil {
			path, err = "", Recovered("writing the rescue file", p)
		}
	}()
	sc, _ := w.toScenario()
	if st := w.stroke; st != nil && len(st.edit.Cells) > 0 {
		// The stroke under way: its cells are painted on the grid but not
		// yet in the edit list.
		if len(sc.Edits) > 0 {
			sc.StrokeStarts = append(sc.StrokeStarts, len(sc.Edits))
		}
		for _, c := range st.edit.Cells {
			sc.Edits = append(sc.Edits, cellToEdit(c))
		}
	}
	stem := strings.TrimSuffix(filepath.Base(w.SavePath()), filepath.Ext(w.SavePath()))
	suffix := ".rescued-" + time.Now().Format("20060102-150405") + ".pls"
	// A name that fits the file system may not with the suffix, a "-100"
	// of freeName and the ".NAME.tmp-123456789" SaveFileAtomic writes
	// first: the stem is shortened, on a rune boundary.
	for len(stem)+len(suffix)+len("-100")+len("..tmp-1234567890") > maxNameBytes && stem != "" {
		_, size := utf8.DecodeLastRuneInString(stem)
		stem = stem[:len(stem)-size]
	}
	name := stem + suffix
	var errs []error
	for _, dir := range []string{filepath.Dir(w.SavePath()), os.TempDir()} {
		p := freeName(filepath.Join(dir, name))
		if p == "" {
			errs = append(errs, fmt.Errorf("%s: no free name for %s there", dir, name))
			continue
		}
		if err := maps.SaveScenario(p, w.relocated(sc, p)); err != nil {
			errs = append(errs, err)
			continue
		}
		if a, err := filepath.Abs(p); err == nil {
			p = a
		}
		w.Log.Add("rescue", F{"path", p}, F{"edits", w.EditCount()}, F{"cells", len(sc.Edits)})
		return p, nil
	}
	return "", fmt.Errorf("the session could not be rescued: %w", errors.Join(errs...))
}

// maxNameBytes is the longest file name most file systems take.
const maxNameBytes = 255

// freeName returns path, or the first of NAME-2.pls, NAME-3.pls… that
// does not exist; "" when none of the first 100 is free.
func freeName(path string) string {
	return numberedFree(path, 1, 100, func(err error) bool { return errors.Is(err, os.ErrNotExist) })
}

// numberedFree returns the first of path's numbered forms, from to last
// (1 is path itself, k > 1 NAME-k.ext), whose Lstat error free accepts;
// "" when none does. The rescue and the save's made-up names share it.
func numberedFree(path string, from, last int, free func(error) bool) string {
	stem, ext := strings.TrimSuffix(path, filepath.Ext(path)), filepath.Ext(path)
	for k := from; k <= last; k++ {
		p := path
		if k > 1 {
			p = fmt.Sprintf("%s-%d%s", stem, k, ext)
		}
		if _, err := os.Lstat(p); free(err) {
			return p
		}
	}
	return ""
}
