package world

import (
	"fmt"
	"image"
	"path/filepath"
	"slices"
	"strings"

	"pathlens/maps"
)

// ScenRows reads the Moving AI scenario list at path (a .scen file) and
// checks that its rows are for w's map: the same width and height, and the
// same map file name as w's source or, for a scenario file, as the map file
// it refers to (an inline map has no file name: only the size is checked).
// Errors name the file and line. It changes nothing; AddScenRows puts the
// rows in.
func (w *World) ScenRows(path string) ([]maps.ScenRow, error) {
	rows, err := maps.LoadScen(path)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%s has no rows", path)
	}
	mapFile := ""
	if strings.HasSuffix(w.Source, ".map") {
		mapFile = filepath.Base(w.Source)
	} else if sc := w.Scenario(); sc != nil && sc.MapPath != "" {
		mapFile = maps.BaseName(sc.MapPath)
	}
	shown := w.Name
	if mapFile != "" {
		shown = mapFile
		if mapFile != filepath.Base(w.Source) {
			shown = fmt.Sprintf("%s (the map of %s)", mapFile, filepath.Base(w.Source))
		}
	}
	if err := maps.CheckScenRows(rows, w.Grid.Width(), w.Grid.Height(), mapFile, shown); err != nil {
		return nil, err
	}
	// A row whose start or goal is a wall of the map itself (before this
	// session's edits, which may wall a row: F3 refuses that one, naming
	// the cell) is a bad row of the list, refused naming its line as
	// cmd/bench refuses it; taken, it opened as a bare "cell (0,0) is
	// blocked" with no file or line.
	if sc := w.scenario; sc != nil && sc.Map != nil && sc.Map.Grid != nil {
		base := *sc.Map
		base.Name = shown // the messages' name for the map open
		if errs := maps.CheckScen(&base, rows); len(errs) > 0 {
			if len(errs) > 1 {
				return nil, fmt.Errorf("%w (and %d more bad rows)", errs[0], len(errs)-1)
			}
			return nil, errs[0]
		}
	}
	return rows, nil
}

// AddScenRows makes the rows of the .scen list at path (read and checked
// by ScenRows) the session's list: they replace the rows of the list added
// before, if any, and go before the other queries, each with its optimal
// length in ScenOptimal (0 for the others). It plans nothing: the caller
// opens the query it wants shown.
func (w *World) AddScenRows(path string, rows []maps.ScenRow) {
	own := w.Queries
	if w.scenN > 0 && w.scenAt+w.scenN <= len(own) {
		own = slices.Concat(own[:w.scenAt], own[w.scenAt+w.scenN:])
	}
	qs := make([][2]image.Point, 0, len(rows)+len(own))
	opt := make([]float64, len(rows), len(rows)+len(own))
	for i, r := range rows {
		qs = append(qs, [2]image.Point{r.Start, r.Goal})
		opt[i] = r.Optimal
	}
	w.Queries = append(qs, own...)
	w.ScenOptimal = append(opt, make([]float64, len(own))...)
	w.ScenFile, w.scenAt, w.scenN = path, 0, len(rows)
	w.scenSkip = nil // a list added whole
	w.scenGen++
	w.FirstQuery = 0
}

// PrependQuery puts q before the session's queries (the one opened first),
// keeping ScenOptimal and the list's rows in step.
func (w *World) PrependQuery(q [2]image.Point) {
	w.Queries = slices.Insert(w.Queries, 0, q)
	w.FirstQuery = 0
	if w.ScenOptimal != nil {
		w.ScenOptimal = slices.Insert(w.ScenOptimal, 0, 0)
	}
	if w.scenN > 0 || w.ScenFile != "" {
		w.scenAt++ // the list's rows (even all removed) follow it
	}
}

// OpenFirst makes the session's query k (1-based, as the panel and F3
// number them: with a .scen list, its row k) the one Begin opens. An
// error names the range there is.
func (w *World) OpenFirst(k int) error {
	n := len(w.Queries)
	switch {
	case k >= 1 && k <= n:
		w.FirstQuery = k - 1
		return nil
	case n == 0:
		return fmt.Errorf("%d: %s has no queries (a .scen list adds its rows: -scen FILE)", k, w.Name)
	case n == 1:
		return fmt.Errorf("%d: %s has 1 query", k, w.Name)
	}
	return fmt.Errorf("%d: %s has %d queries (1 to %d)", k, w.Name, n, n)
}

// isScenRow reports whether q is one of the rows of the session's .scen
// list.
func (w *World) isScenRow(q [2]image.Point) bool {
	if w.scenN == 0 || w.scenAt+w.scenN > len(w.Queries) {
		return false
	}
	return slices.Contains(w.Queries[w.scenAt:w.scenAt+w.scenN], q)
}

// MapOpen reports whether p is an open cell of the map as loaded, before
// any edit (a scenario's edit log or this session's): a query end that is
// a wall now but MapOpen was walled by an edit.
func (w *World) MapOpen(p image.Point) bool {
	m := w.Map
	if sc := w.scenario; sc != nil && sc.Map != nil && sc.Map.Grid != nil {
		m = sc.Map
	}
	return m.Grid.In(p) && m.Grid.Open(p)
}
