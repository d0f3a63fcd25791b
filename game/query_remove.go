package game

import (
	"fmt"
	"image"
	"slices"

	"pathlens/game/world"
)

// removeQuery takes the query on screen off the session's list
// (Ctrl+Delete, World.RemoveQuery) and opens the next, wrapping round as
// F3 does, or says that none is left. A query of the user's own (placed,
// dragged, typed) is none of the list's: it goes as well, and the query
// of the list it replaced comes back on screen; Ctrl+Z brings it back as
// one of the list's. Refused, saying why, while a recording of the window
// is under way (it shows the query), a batch runs over the list or a
// stroke is in progress; a plan still running is the removed query's, and
// opening the next replaces it. Agents do not depend on the list.
func (g *Game) removeQuery() {
	w := g.w
	if g.recording != nil {
		w.Fail("a recording is under way: %s stops it, then remove the query", keysOf(ActEscape))
		return
	}
	if !w.HasStart || !w.HasGoal {
		if len(w.Queries) == 0 {
			w.Note("no query to remove: click a start and a goal to make one")
		} else {
			w.Note("no query on screen to remove: %s opens one of the list's", keysOf(ActNextQuery))
		}
		return
	}
	if err := w.RemoveQueryError(); err != nil {
		w.Fail("%v", err)
		return
	}
	i, back := g.query, g.query
	if !g.onListQuery() {
		q := [2]image.Point{w.Start, w.Goal}
		if i = slices.Index(w.Queries, q); i < 0 {
			i = w.KeepQuery(q) - 1 // in the list, so that Ctrl+Z brings it back there
		}
	}
	q := w.Queries[i]
	n := len(w.Queries)
	next, err := w.RemoveQuery(i)
	if err != nil {
		w.Fail("%v", err)
		return
	}
	if i != g.query && back >= 0 && back < len(w.Queries) {
		next = back // the list's query that the user's replaced
		if back > i {
			next--
		}
	}
	msg := fmt.Sprintf("query %s of %s (%d,%d) → (%d,%d) removed (Ctrl+Z brings it back)",
		world.Count(i+1), world.Count(n), q[0].X, q[0].Y, q[1].X, q[1].Y)
	if next < 0 {
		g.query = 0
		w.Note("%s; no query is left: click a start and a goal to make one", msg)
		return
	}
	g.openAfter(next, msg, false) // the query on screen is the one removed: nothing to keep
}

// openAfter opens query i of the list after msg (a removal or its undo),
// saying both: the query opened, or the plan's own message (a refused
// endpoint, no path) after msg. keep keeps a query of the user's on
// screen first, as F3 does (showQuery).
func (g *Game) openAfter(i int, msg string, keep bool) {
	w := g.w
	defer g.sayKept()
	seq := w.MessageSeq
	var shown bool
	if keep {
		shown = g.showQuery(i)
	} else {
		shown = g.showListQuery(i)
	}
	g.frameListQuery()
	switch {
	case shown:
		q := w.Queries[i]
		scen := "" // as F3 says it (gotoQuery)
		if opt := g.scenOptimal(i); opt > 0 && g.scenHolds() {
			scen = fmt.Sprintf(", the .scen's optimal %.2f", opt)
		}
		w.Note("%s; query %s of %s: (%d,%d) → (%d,%d)%s", msg, world.Count(i+1), world.Count(len(w.Queries)), q[0].X, q[0].Y, q[1].X, q[1].Y, scen)
	case w.MessageSeq != seq && w.MessageErr:
		w.Message += "; " + msg
		w.MessageSeq++
	case w.MessageSeq != seq:
		w.Note("%s; %s", msg, w.Message)
	default:
		w.Note("%s", msg)
	}
}

// showQueryBack opens the query an undo or redo of a removal asks for
// (World.TakeQueryToShow), with the step's note; after any other step it
// keeps the panel's query number on the query on screen, whose place in
// the list a removal undone or redone may have moved.
func (g *Game) showQueryBack() {
	w := g.w
	i, ok := w.TakeQueryToShow()
	switch {
	case ok && i >= 0:
		g.openAfter(i, w.Message, true)
	case ok:
		g.query = 0
		w.Note("%s; no query is left", w.Message)
	case !g.onListQuery() && w.HasStart && w.HasGoal:
		if k := slices.Index(w.Queries, [2]image.Point{w.Start, w.Goal}); k >= 0 {
			g.query = k
		}
	}
}
