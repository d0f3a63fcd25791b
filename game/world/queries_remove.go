package world

import (
	"fmt"
	"image"
	"slices"
)

// queryRemoval is one query taken off the session's list (RemoveQuery),
// as its undo puts it back: where it stood, its .scen length, and, for a
// row of the list, its row in the list's file and the list it was a row
// of (scenGen).
type queryRemoval struct {
	at  int // its index in Queries
	q   [2]image.Point
	opt float64 // its ScenOptimal (0: none)
	row int     // its 0-based row in the list's file; -1 for the session's own
	// before: one of the session's own that stood before the list's rows
	// (a saved session's own queries; a list added goes first).
	before bool
	gen    int // scenGen when it was removed
}

// queryToShow is what an undo or redo of a removal asks the window to
// show (TakeQueryToShow).
type queryToShow struct {
	i   int // the query to open; -1: none is left
	set bool
}

// RemoveQueryError says why the query list cannot lose a query now, or
// nil: a batch running over the list (its rows are the list's indices), a
// stroke in progress (the undo history is its until it ends).
func (w *World) RemoveQueryError() error {
	if done, total, running := w.BatchRunning(); running {
		return fmt.Errorf("a batch is running over the query list (%s of %s): Ctrl+B cancels it, then remove the query", Count(done), Count(total))
	}
	if w.stroke != nil || w.roomStroke != nil {
		return fmt.Errorf("a stroke is in progress: end it, then remove the query")
	}
	return nil
}

// RemoveQuery takes query i off the session's list (a row of its .scen
// list, or one of its own) as one step of the undo history, and returns
// the query the caller should open next: the one after it, wrapping
// round, or -1 when none is left. The .scen file is never written: a row
// removed is left out by number (scenSkip), as a save's scen-skip line.
// ScenOptimal, the list's rows and FirstQuery stay in step. When the list
// is left empty and the query on screen was the one removed, the screen
// is cleared (no query); otherwise the caller opens Queries[next], which
// replaces the one on screen and its plan, if still running. It changes
// nothing and returns an error when RemoveQueryError says no or i is not
// a query of the list.
func (w *World) RemoveQuery(i int) (next int, err error) {
	if err := w.RemoveQueryError(); err != nil {
		return -1, err
	}
	if i < 0 || i >= len(w.Queries) {
		return -1, fmt.Errorf("no query %d to remove: the session has %s", i+1, plural(len(w.Queries), "query", "queries"))
	}
	r := &queryRemoval{at: i, q: w.Queries[i], row: -1, gen: w.scenGen}
	if i < len(w.ScenOptimal) {
		r.opt = w.ScenOptimal[i]
	}
	if w.scenN > 0 && i >= w.scenAt && i < w.scenAt+w.scenN {
		r.row = w.fileRow(i - w.scenAt)
	}
	r.before = r.row < 0 && i < w.scenAt
	w.pushEdit(Edit{Kind: EditQueries, query: r})
	w.takeQuery(r)
	fs := []F{{"index", i + 1}, {"from", pt(r.q[0])}, {"to", pt(r.q[1])}, {"left", len(w.Queries)}}
	if r.row >= 0 {
		fs = append(fs, F{"scen_row", r.row + 1})
	}
	w.Log.Add("query_removed", fs...)
	return w.afterRemoval(r), nil
}

// afterRemoval is the query to open once r's query is gone (RemoveQuery),
// clearing the screen when none is left and the removed one was on it.
func (w *World) afterRemoval(r *queryRemoval) int {
	if len(w.Queries) == 0 {
		if w.HasStart && w.HasGoal && [2]image.Point{w.Start, w.Goal} == r.q {
			w.clearEndpoints()
		}
		return -1
	}
	return r.at % len(w.Queries)
}

// takeQuery takes r's query out of the list, keeping ScenOptimal, the
// list's rows and FirstQuery in step.
func (w *World) takeQuery(r *queryRemoval) {
	i := r.at
	w.Queries = slices.Delete(w.Queries, i, i+1)
	if i < len(w.ScenOptimal) {
		w.ScenOptimal = slices.Delete(w.ScenOptimal, i, i+1)
	}
	switch {
	case r.before:
		w.scenAt--
	case r.row >= 0:
		w.scenN--
		k, _ := slices.BinarySearch(w.scenSkip, r.row)
		w.scenSkip = slices.Insert(w.scenSkip, k, r.row)
	}
	if w.FirstQuery > i {
		w.FirstQuery--
	}
	w.FirstQuery = min(w.FirstQuery, max(len(w.Queries)-1, 0))
}

// putQuery puts r's query back where it stood (the undo of takeQuery).
func (w *World) putQuery(r *queryRemoval) {
	i := r.at
	w.Queries = slices.Insert(w.Queries, i, r.q)
	if w.ScenOptimal != nil {
		w.ScenOptimal = slices.Insert(w.ScenOptimal, min(i, len(w.ScenOptimal)), r.opt)
	}
	switch {
	case r.row >= 0:
		w.scenN++
		if k, ok := slices.BinarySearch(w.scenSkip, r.row); ok {
			w.scenSkip = slices.Delete(w.scenSkip, k, k+1)
		}
	case r.before:
		w.scenAt++
	}
	if w.FirstQuery >= i && len(w.Queries) > 1 {
		w.FirstQuery++
	}
}

// fileRow returns the row of the list's file (0-based) of the list's row
// j in the session (the file's rows less scenSkip, in order).
func (w *World) fileRow(j int) int {
	for _, s := range w.scenSkip {
		if s > j {
			break
		}
		j++
	}
	return j
}

// fits reports whether r can go back where it stood: its list is still
// the session's (no other list added since) and its place is in the list
// (a row at its row's place among the list's rows).
func (w *World) fits(r *queryRemoval) bool {
	if r.gen != w.scenGen || r.at > len(w.Queries) {
		return false
	}
	if r.row < 0 && r.before {
		return r.at <= w.scenAt
	}
	if r.row < 0 {
		return r.at >= w.scenAt+w.scenN
	}
	// The row's place among the list's: after the rows before it in the
	// file that the session still has.
	before := r.row
	for _, s := range w.scenSkip {
		if s < r.row {
			before--
		}
	}
	return r.at == w.scenAt+before
}

// queryStep undoes (undo) or redoes the removal r, and asks the window to
// show the query brought back, or, when the query taken again was on
// screen, the one after it (TakeQueryToShow). A removal whose list was
// replaced since (a .scen dropped) is brought back as one of the
// session's own queries, at the end of the list, and says so; a redo
// removes it where it now stands.
func (w *World) queryStep(r *queryRemoval, undo bool) {
	verb := "redo"
	if undo {
		verb = "undo"
	}
	if undo {
		note := ""
		if !w.fits(r) {
			if r.row >= 0 {
				note = fmt.Sprintf(" (the .scen list it was row %s of was replaced since: it is back as a query of your own)", Count(r.row+1))
			}
			r.at, r.row, r.opt, r.gen, r.before = len(w.Queries), -1, 0, w.scenGen, false
		}
		w.putQuery(r)
		w.shown = queryToShow{i: r.at, set: true}
		w.Log.Add(verb, F{"kind", EditQueries}, F{"index", r.at + 1}, F{"from", pt(r.q[0])}, F{"to", pt(r.q[1])})
		w.Note("query %s (%d,%d) → (%d,%d) is back in the list%s", Count(r.at+1), r.q[0].X, r.q[0].Y, r.q[1].X, r.q[1].Y, note)
		return
	}
	if !w.fits(r) || r.at >= len(w.Queries) || w.Queries[r.at] != r.q {
		// The list changed since the undo: the query where it now is.
		k := slices.Index(w.Queries, r.q)
		if k < 0 {
			w.Note("nothing to redo: the query (%d,%d) → (%d,%d) is no longer in the list", r.q[0].X, r.q[0].Y, r.q[1].X, r.q[1].Y)
			return
		}
		r.at, r.row, r.gen = k, -1, w.scenGen
		if w.scenN > 0 && k >= w.scenAt && k < w.scenAt+w.scenN {
			r.row = w.fileRow(k - w.scenAt)
		}
		r.before = r.row < 0 && k < w.scenAt
	}
	onScreen := w.HasStart && w.HasGoal && [2]image.Point{w.Start, w.Goal} == r.q
	w.takeQuery(r)
	w.Log.Add(verb, F{"kind", EditQueries}, F{"index", r.at + 1}, F{"from", pt(r.q[0])}, F{"to", pt(r.q[1])})
	w.Note("query %s (%d,%d) → (%d,%d) removed again (Ctrl+Z brings it back)", Count(r.at+1), r.q[0].X, r.q[0].Y, r.q[1].X, r.q[1].Y)
	if next := w.afterRemoval(r); onScreen {
		// It was on screen: the next is shown, as after the removal, and
		// it is no longer (nothing to keep as the user's own).
		w.clearEndpoints()
		w.shown = queryToShow{i: next, set: true}
	}
}

// TakeQueryToShow returns the query an undo or redo of a removal asks the
// window to open (-1: none is left, the screen cleared), once, and
// whether there is one.
func (w *World) TakeQueryToShow() (i int, ok bool) {
	s := w.shown
	w.shown = queryToShow{}
	return s.i, s.set
}

// clearEndpoints leaves the session with no query on screen (the last
// query of the list removed): no start, no goal, no answer.
func (w *World) clearEndpoints() {
	w.HasStart, w.HasGoal, w.hasReplaced = false, false, false
	w.Ghost = nil
	w.clearQuery()
}
