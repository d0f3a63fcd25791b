package world

import (
	"cmp"
	"image"
	"path/filepath"
	"slices"
)

// savedQueries returns the queries a save would write as the session's own,
// as a set (sorted, each once): the query on screen when both its ends are
// placed, and the session's own queries. The rows of a .scen list are left
// out: the file names the list, not its rows, so going to another row (F3,
// Ctrl+G) is moving through the file, not a change to it; nor is going to
// another of the session's own queries (the set stays the same).
func (w *World) savedQueries() [][2]image.Point {
	// The rows by their place in Queries, and the query on screen looked
	// for among them: Dirty is asked a few times a frame, and a set of the
	// rows made at each call cost 1.4 ms and 0.8 MB of garbage a call with
	// maze512-16-0's 8,981 rows.
	var rows [][2]image.Point
	if w.scenN > 0 && w.scenAt+w.scenN <= len(w.Queries) {
		rows = w.Queries[w.scenAt : w.scenAt+w.scenN]
	}
	out := make([][2]image.Point, 0, len(w.Queries)-len(rows)+1)
	for i, q := range w.Queries {
		if rows != nil && i >= w.scenAt && i < w.scenAt+w.scenN {
			continue
		}
		out = append(out, q)
	}
	if w.HasStart && w.HasGoal {
		if q := [2]image.Point{w.Start, w.Goal}; !slices.Contains(rows, q) {
			out = append(out, q)
		}
	}
	slices.SortFunc(out, func(a, b [2]image.Point) int {
		return cmp.Or(cmp.Compare(a[0].X, b[0].X), cmp.Compare(a[0].Y, b[0].Y),
			cmp.Compare(a[1].X, b[1].X), cmp.Compare(a[1].Y, b[1].Y))
	})
	return slices.Compact(out)
}

// markQueriesSaved records the session's queries as those of its file
// (after a load or a save).
func (w *World) markQueriesSaved() {
	w.queriesSaved = w.savedQueries()
	w.scenSaved = w.savedScen()
	w.scenSkipSaved = slices.Clone(w.scenSkip)
}

// savedScen returns the .scen list a save would refer to (its scen line),
// as a clean absolute path, "" when the session has none.
func (w *World) savedScen() string {
	if w.scenN == 0 || w.ScenFile == "" {
		return ""
	}
	if a, err := filepath.Abs(w.ScenFile); err == nil {
		return a
	}
	return filepath.Clean(w.ScenFile)
}

// ScenUnsaved reports whether the session's .scen list is not the one its
// file refers to: a list dropped (or opened with Ctrl+O) since the last
// save or load, or one replacing the file's, is unsaved work as a placed
// query is: a save writes its scen line, and quitting without asking left
// the file without the list the batch and F4 were run on. A list the
// session opened with (the file's scen line, -scen, before Begin) is not,
// as -from/-to are not (the command line still holds it), and neither is
// dropping the saved list again.
// Rows of the list removed or brought back (RemoveQuery, its undo) are
// unsaved too: the file's scen-skip lines say which rows it has.
func (w *World) ScenUnsaved() bool { return w.scenFileUnsaved() || w.scenRowsUnsaved() }

// scenFileUnsaved is ScenUnsaved for the list's file alone.
func (w *World) scenFileUnsaved() bool {
	now := w.savedScen()
	// The same file by another path (a link to its folder) is the same
	// list.
	return now != w.scenSaved && (now == "" || w.scenSaved == "" || !SameFile(now, w.scenSaved))
}

// scenRowsUnsaved reports whether rows of the session's list were removed
// (RemoveQuery) or brought back since the last save or load: the file's
// scen-skip lines no longer say which rows the list has.
func (w *World) scenRowsUnsaved() bool {
	return w.savedScen() != "" && !slices.Equal(w.scenSkip, w.scenSkipSaved)
}

// QueriesUnsaved reports whether the session's queries differ from its
// file's: a start and goal placed, moved (dragged, Ctrl+G X,Y X,Y) or put
// back since the last save or load make a query the file lacks, or drop
// one it holds. A placed query is the designer's work, as an edit is: the
// file keeps it, and quitting without saving lost it without asking.
// Moving it back where it was, or a start clicked but no goal yet (the
// file cannot hold half a query), leaves the set as saved.
func (w *World) QueriesUnsaved() bool {
	return !slices.Equal(w.savedQueries(), w.queriesSaved)
}

// KeepQuery puts q at the end of the session's queries, keeping
// ScenOptimal in step (0: no list's length), and returns its number (from
// 1, as F3 and Ctrl+G count). A query of the user's that F3, Ctrl+G K, F4
// or a dropped list would replace is kept so: replaced, nothing held it,
// and the work was lost without a question. The rows before it keep their
// numbers, so a batch already run still holds (batchListHolds).
func (w *World) KeepQuery(q [2]image.Point) int {
	w.Queries = append(w.Queries, q)
	if w.ScenOptimal != nil {
		w.ScenOptimal = append(w.ScenOptimal, 0)
	}
	return len(w.Queries)
}
