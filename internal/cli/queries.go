package cli

import (
	"fmt"
	"image"

	"pathlens/game/world"
)

// QueryStart is what Queries made of -scen, -query, -from and -to.
type QueryStart struct {
	// ScenErr is the error of a -scen list that failed to load (its
	// message names the file and line): the session has none of its rows.
	ScenErr error
	// Dropped names flags left out because of ScenErr ("-query 2 ignored:
	// a row of wrong.scen, which did not load").
	Dropped []string
	// Blocked names a -from or -to on a wall: "-from 30,40: cell (30,40) is
	// blocked". The query is still put first (the window shows it).
	Blocked []string
}

// Queries applies -scen, -query, -from and -to to the session w, as the
// window's start does, and -export checks them with the same words: the
// rows of -scen go first (a list that fails to load is QueryStart.ScenErr,
// the session left without its rows), -query K opens query K, -from and
// -to make the first query (one of them may be left out when the session
// has a query: the other end is that query's). The error, a flag that
// cannot be honoured whatever the file holds (-query past the session's
// queries, a cell off the map, a lone -from with no query to take the goal
// from), names the flag; w may then be half changed.
func (f *Flags) Queries(w *world.World) (QueryStart, error) {
	var qs QueryStart
	if f.Scen != "" {
		rows, err := w.ScenRows(f.Scen)
		if err != nil {
			qs.ScenErr = err
			if f.Query > 0 {
				// Row K of a list that did not load is no query of the map.
				qs.Dropped = append(qs.Dropped, fmt.Sprintf("-query %d ignored: a row of %s, which did not load", f.Query, f.Scen))
			}
		} else {
			w.AddScenRows(f.Scen, rows)
		}
	}
	if f.Query > 0 && qs.ScenErr == nil {
		if err := w.OpenFirst(f.Query); err != nil {
			return qs, fmt.Errorf("-query %v", err)
		}
	}
	if f.From == "" && f.To == "" {
		return qs, nil
	}
	q, err := FirstQuery(f.From, f.To, w.Queries[min(w.FirstQuery, len(w.Queries)):])
	if err != nil {
		return qs, err
	}
	// Off the map is a mistyped flag, refused as -center and -pin are; a
	// start or goal in a wall is said, and shown in the window, where
	// another can be clicked.
	for i, spec := range []string{f.From, f.To} {
		if spec == "" {
			continue
		}
		name := [2]string{"-from", "-to"}[i]
		if err := OnMap(w, q[i]); err != nil {
			return qs, fmt.Errorf("%s %v", name, err)
		}
		if w.Grid.Weight(q[i]) == 0 {
			qs.Blocked = append(qs.Blocked, fmt.Sprintf("%s %s: cell (%d,%d) is blocked", name, spec, q[i].X, q[i].Y))
		}
	}
	w.PrependQuery(q)
	return qs, nil
}

// FirstQuery builds the first query from -from and -to. One of them may be
// left out when the session has a query: the other end is then that of
// queries[0] (the queries from the one the session opens).
func FirstQuery(from, to string, queries [][2]image.Point) ([2]image.Point, error) {
	var q [2]image.Point
	if len(queries) > 0 {
		q = queries[0]
	}
	for i, spec := range []string{from, to} {
		name := [2]string{"-from", "-to"}[i]
		if spec == "" {
			if len(queries) == 0 {
				return q, fmt.Errorf("%s X,Y is missing: this map has no query to take the %s from", name, [2]string{"start", "goal"}[i])
			}
			continue
		}
		p, err := ParseCell(spec)
		if err != nil {
			return q, fmt.Errorf("%s: %v", name, err)
		}
		q[i] = p
	}
	return q, nil
}

// OnMap returns nil when p is a cell of w's map, else an error naming p,
// the map and its cells' range.
func OnMap(w *world.World, p image.Point) error {
	if w.Grid.In(p) {
		return nil
	}
	gw, gh := w.Grid.Width(), w.Grid.Height()
	return fmt.Errorf("%d,%d: outside the %d×%d map of %s (cells 0,0 to %d,%d)", p.X, p.Y, gw, gh, w.Name, gw-1, gh-1)
}
