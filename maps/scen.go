package maps

import (
	"bufio"
	"fmt"
	"image"
	"io"
	"math"
	"strconv"
	"strings"

	"pathlens/pathing"
)

// MaxScenRows is the largest number of rows ReadScen accepts (the biggest
// Moving AI file has under 10,000).
const MaxScenRows = 1 << 20

// maxScenBytes is the largest .scen input accepted: MaxScenRows rows of
// 128 bytes.
const maxScenBytes = int64(MaxScenRows) * 128

// maxScenLine is the longest .scen line accepted.
const maxScenLine = 4096

// ScenTolerance is how far a path's cost may be from a row's Optimal and
// still match it: the files print 8 decimals, the bg512 ones only 2, so
// an exact optimum can read 0.005 below the column.
const ScenTolerance = 0.01

// ScenRow is one problem of a Moving AI scenario file: find a path from Start
// to Goal on the map named Map (Width×Height) whose optimal 8-connected,
// no-corner-cutting cost is Optimal. Coordinates are 0-based, x the column.
// Bucket is the file's first column, the rows' grouping by optimal length.
type ScenRow struct {
	Bucket        int
	Map           string // the map field as written: a path or a bare name
	Width, Height int
	Start, Goal   image.Point
	Optimal       float64
	Line          int    // 1-based line in the file
	File          string // the file name given to the reader, for messages
}

// ReadScen reads a Moving AI scenario file: a first line "version 1" or
// "version 1.0", then rows of nine fields "bucket map width height startx
// starty goalx goaly optimal" separated by any mix of tabs and spaces. CRLF
// line ends and blank lines (trailing or not) are accepted. Each row must be
// self-consistent (start and goal inside its own width×height, a finite
// optimal ≥ 0); whether it fits a particular map is CheckScen's job. name is
// used in errors and in ScenRow.File.
//
// Rows sharing a map field share one string. Cost: one pass, one allocation
// per 1,000 or so rows.
func ReadScen(r io.Reader, name string) ([]ScenRow, error) {
	lr := newLineReader(r, name, maxScenLine, maxScenBytes)
	var rows []ScenRow
	var mapField string
	var f [10][]byte
	sawVersion := false
	for {
		line, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		n := fields(line, f[:])
		if n == 0 {
			continue
		}
		if !sawVersion {
			if n != 2 || string(f[0]) != "version" {
				hint := ""
				switch {
				case isScenRow(f[:n]):
					hint = " (a scenario row: the version line is missing)"
				case misspeltVersion(string(f[0])):
					hint = fmt.Sprintf(" (is %s a misspelt \"version\"?)", quoteText(f[0]))
				}
				return nil, errAt(name, lr.line, "want \"version 1\" as the first line of a Moving AI scenario file, found %s%s", quoteText(line), hint)
			}
			if v := string(f[1]); v != "1" && v != "1.0" {
				return nil, errAt(name, lr.line, "unsupported scenario version %s (want 1 or 1.0)", quoteText(f[1]))
			}
			sawVersion = true
			continue
		}
		if n != 9 {
			if n > 9 {
				return nil, errAt(name, lr.line, "row has more than 9 fields (want bucket map width height startx starty goalx goaly optimal)")
			}
			return nil, errAt(name, lr.line, "row has %d fields, want 9 (bucket map width height startx starty goalx goaly optimal)", n)
		}
		if len(rows) >= MaxScenRows {
			return nil, errAt(name, lr.line, "more than %d rows", MaxScenRows)
		}
		var row ScenRow
		var v [7]int
		names := [7]string{"bucket", "width", "height", "start x", "start y", "goal x", "goal y"}
		idx := [7]int{0, 2, 3, 4, 5, 6, 7}
		for k, j := range idx {
			x, err := strconv.Atoi(string(f[j]))
			if err != nil {
				return nil, errAt(name, lr.line, "%s %s is not a whole number", names[k], quoteText(f[j]))
			}
			v[k] = x
		}
		row.Bucket, row.Width, row.Height = v[0], v[1], v[2]
		row.Start, row.Goal = image.Pt(v[3], v[4]), image.Pt(v[5], v[6])
		if row.Width <= 0 || row.Height <= 0 || row.Width > pathing.MaxSide || row.Height > pathing.MaxSide {
			return nil, errAt(name, lr.line, "map size %d×%d is not between 1 and %d", row.Width, row.Height, pathing.MaxSide)
		}
		bounds := image.Rect(0, 0, row.Width, row.Height)
		if !row.Start.In(bounds) {
			return nil, &Error{File: name, Line: lr.line, Cell: row.Start, HasCell: true,
				Msg: fmt.Sprintf("start (%d,%d) is outside the row's own %d×%d map", row.Start.X, row.Start.Y, row.Width, row.Height)}
		}
		if !row.Goal.In(bounds) {
			return nil, &Error{File: name, Line: lr.line, Cell: row.Goal, HasCell: true,
				Msg: fmt.Sprintf("goal (%d,%d) is outside the row's own %d×%d map", row.Goal.X, row.Goal.Y, row.Width, row.Height)}
		}
		opt, err := strconv.ParseFloat(string(f[8]), 64)
		if err != nil || math.IsNaN(opt) || math.IsInf(opt, 0) || opt < 0 {
			return nil, errAt(name, lr.line, "optimal length %s is not a finite number ≥ 0", quoteText(f[8]))
		}
		if most := maxPathLength(row.Width, row.Height); opt > most {
			// A finite but absurd length (1e308) overflowed the
			// rounding of every report that printed it.
			return nil, errAt(name, lr.line, "optimal length %s is longer than any path on the row's own %d×%d map (at most %.1f: every cell once, diagonally, at weight %d)",
				quoteText(f[8]), row.Width, row.Height, most, maxMoveWeight)
		}
		row.Optimal = opt
		if string(f[1]) != mapField {
			mapField = string(f[1])
		}
		row.Map = mapField
		row.Line = lr.line
		row.File = name
		rows = append(rows, row)
	}
	if !sawVersion {
		return nil, errAt(name, 0, "empty file (want \"version 1\" and scenario rows)")
	}
	return rows, nil
}

// isScenRow reports whether f, a line's fields, has the shape of a
// scenario row: nine fields, all but the map (the second) and the optimal
// length (the last) whole numbers, that one a number. Whether the values
// make sense is ReadScen's to say.
func isScenRow(f [][]byte) bool {
	if len(f) != 9 {
		return false
	}
	for i, b := range f {
		var err error
		switch i {
		case 1:
		case 8:
			_, err = strconv.ParseFloat(string(b), 64)
		default:
			_, err = strconv.Atoi(string(b))
		}
		if err != nil {
			return false
		}
	}
	return true
}

// fields splits line at runs of spaces and tabs into f, returning the count,
// which stops at len(f).
func fields(line []byte, f [][]byte) int {
	n := 0
	i := 0
	for i < len(line) && n < len(f) {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		if i == len(line) {
			break
		}
		j := i
		for j < len(line) && line[j] != ' ' && line[j] != '\t' {
			j++
		}
		f[n] = line[i:j]
		n++
		i = j
	}
	return n
}

// LoadScen reads the Moving AI scenario file at path (see ReadScen); errors
// name the path.
func LoadScen(path string) ([]ScenRow, error) {
	f, err := openInput(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 64<<10)
	head, _ := br.Peek(512)
	if NotText(head) != "" {
		return nil, errAt(path, 0, "%s", NotText(head))
	}
	// A map or a scenario named where a list belongs is refused for what
	// it is, without a line: its first line was told it should read
	// "version 1", as if the file were a broken list (a designer's
	// `scen arena.map` blamed arena.map:1, a good map).
	kind := map[Format]string{FormatMovingAI: "a Moving AI map", FormatTiled: "a Tiled map",
		FormatTiledJSON: "a Tiled JSON map", FormatScenario: "a pathlens scenario"}[Detect(head)]
	if kind != "" {
		return nil, errAt(path, 0, "is %s, not a Moving AI scenario list (.scen, first line \"version 1\")", kind)
	}
	return ReadScen(br, path)
}

// BaseName returns the last element of a map field, whether it uses '/' or
// '\' as separator: "maps/dao/arena.map" → "arena.map".
func BaseName(field string) string {
	if i := strings.LastIndexAny(field, `/\`); i >= 0 {
		return field[i+1:]
	}
	return field
}

// SameMap reports whether a scenario's map field names the map file name,
// comparing base names only (Moving AI files give the map as
// "maps/dao/arena.map", "maps/bgmaps/AR0011SR.map" or a bare "Berlin_0_256.map").
func SameMap(field, mapName string) bool {
	return BaseName(field) == BaseName(mapName)
}

// CheckScenMap returns an *Error naming the file and line of the first row
// whose map field does not name the map file mapFile (SameMap), or nil;
// shown is how the message names the map open ("tiny.map", or "tiny.map
// (the map of w.pls)"). The app's -scen and cmd/bench -scen share it.
func CheckScenMap(rows []ScenRow, mapFile, shown string) error {
	for _, r := range rows {
		if !SameMap(r.Map, mapFile) {
			m := BaseName(r.Map)
			return errAt(r.File, r.Line, "the row is for %s, the map open is %s: the rows' optimal lengths are %s's; open %s to run them, or make rows for this map with cmd/bench -make-scen", m, shown, m, m)
		}
	}
	return nil
}

// CheckScenRows returns an *Error naming the file and line of the first
// row that is not for the map open: one of another width or height than
// w×h, or, when mapFile is not "", one whose map field names another file
// (CheckScenMap). shown is how the messages name the map open ("tiny.map",
// "tiny.map (the map of w.pls)"). The app's -scen, a dropped list and a
// scenario's "scen" line share it.
func CheckScenRows(rows []ScenRow, w, h int, mapFile, shown string) error {
	for _, r := range rows {
		if r.Width != w || r.Height != h {
			return errAt(r.File, r.Line, "the row is for a %d×%d map (%s), the map open is %d×%d (%s)", r.Width, r.Height, r.Map, w, h, shown)
		}
	}
	if mapFile != "" {
		return CheckScenMap(rows, mapFile, shown)
	}
	return nil
}

// CheckScen checks rows against m and returns one *Error per bad row, in
// order, or nil when all are fine: a size that differs from the map's, a
// start or goal outside the map or on a blocked cell. Errors name the scenario
// file, the line and the cell. A map field naming another map is not checked
// (use SameMap). Cost: O(len(rows)).
func CheckScen(m *Map, rows []ScenRow) []error {
	var errs []error
	g := m.Grid
	for _, r := range rows {
		if r.Width != g.Width() || r.Height != g.Height() {
			errs = append(errs, errAt(r.File, r.Line, "row is for a %d×%d map, but %s is %d×%d",
				r.Width, r.Height, m.Name, g.Width(), g.Height()))
			continue
		}
		for _, e := range [2]struct {
			what string
			p    image.Point
		}{{"start", r.Start}, {"goal", r.Goal}} {
			switch {
			case !g.In(e.p):
				errs = append(errs, errCell(r.File, r.Line, e.p, "%s (%d,%d) is outside %s (%d×%d)",
					e.what, e.p.X, e.p.Y, m.Name, g.Width(), g.Height()))
			case !g.Open(e.p):
				errs = append(errs, errCell(r.File, r.Line, e.p, "%s (%d,%d) is blocked (%s) on %s",
					e.what, e.p.X, e.p.Y, quoteByte(m.TerrainAt(e.p)), m.Name))
			}
		}
	}
	return errs
}

// Suboptimality is how much longer than an optimal length (≥ 0) a found
// path of cost is: cost / optimal − 1, with float rounding (a relative
// difference under 1e-9 either way) read as 0, so that only a real
// difference is negative. ok is false under the zero-optimum rule: an
// optimal length of 0 (the start is the goal) that the path costs more
// than ScenTolerance above has no suboptimality, cost / 0 has no value
// (cmd/bench counts such rows apart, the batch marks them invalid); one
// the path meets is optimal, 0, as every optimal row. Every figure of
// suboptimality (cmd/bench, the batch, the window) is this one.
func Suboptimality(cost, optimal float64) (sub float64, ok bool) {
	if optimal <= 0 {
		return 0, cost-optimal <= ScenTolerance
	}
	sub = cost/optimal - 1
	if math.Abs(sub) < 1e-9 {
		return 0, true
	}
	return sub, true
}

// maxMoveWeight is the largest move weight of a cell (pathing.Grid).
const maxMoveWeight = 255

// maxPathLength bounds the length of any simple path on a w×h map: every
// cell entered once, diagonally, at the largest weight.
func maxPathLength(w, h int) float64 {
	return float64(w) * float64(h) * maxMoveWeight * math.Sqrt2
}
