package world

import (
	"fmt"
	"image"
	"path/filepath"
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
	gw, gh := w.Grid.Width(), w.Grid.Height()
	mapFile := ""
	if strings.HasSuffix(w.Source, ".map") {
		mapFile = filepath.Base(w.Source)
	} else if sc := w.Scenario(); sc != nil && sc.MapPath != "" {
		mapFile = maps.BaseName(sc.MapPath)
	}
	for _, r := range rows {
		if r.Width != gw || r.Height != gh {
			return nil, &maps.Error{File: path, Line: r.Line, Msg: fmt.Sprintf("the row is for a %d×%d map (%s), the map open is %d×%d (%s)", r.Width, r.Height, r.Map, gw, gh, w.Name)}
		}
	}
	if mapFile != "" {
		what := mapFile
		if mapFile != filepath.Base(w.Source) {
			what = fmt.Sprintf("%s (the map of %s)", mapFile, filepath.Base(w.Source))
		}
		if err := maps.CheckScenMap(rows, mapFile, what); err != nil {
			return nil, err
		}
	}
	return rows, nil
}

// AddScenRows puts the .scen rows' queries before w's own (a .map has
// none; a scenario file's are kept after them) and returns the optimal
// length of each of w.Queries, index for index: the row's, then 0 (not
// known) for each query that was there before. It plans nothing: the
// caller opens the query it wants shown.
func (w *World) AddScenRows(rows []maps.ScenRow) []float64 {
	qs := make([][2]image.Point, 0, len(rows)+len(w.Queries))
	opt := make([]float64, len(rows), len(rows)+len(w.Queries))
	for i, r := range rows {
		qs = append(qs, [2]image.Point{r.Start, r.Goal})
		opt[i] = r.Optimal
	}
	w.Queries = append(qs, w.Queries...)
	return append(opt, make([]float64, len(w.Queries)-len(rows))...)
}
