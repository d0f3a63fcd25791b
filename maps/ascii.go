package maps

import (
	"bufio"
	"image"
	"io"

	"pathlens/pathing"
)

// ReadASCII reads the pathlens ASCII map format: no header, one line per row,
// one character per cell, all rows the same length:
//
//	#          wall (blocked)
//	.          floor (weight 1)
//	1 ... 9    floor with that move weight (1 is the same as .)
//	@ O T W    blocked, G S open: the Moving AI letters, kept for drawing
//
// Lines may end in "\n" or "\r\n"; spaces and tabs at the ends of a row are
// ignored (they are never cells); blank lines before and after the rows are
// ignored, a blank line between rows is an error. At most pathing.MaxSide rows
// of at most pathing.MaxSide cells. name is used in errors and as Map.Name.
// Cost: one pass over the input; memory follows the rows actually read.
func ReadASCII(r io.Reader, name string) (*Map, error) {
	lr := newLineReader(r, name, pathing.MaxSide+64, MaxMapBytes)
	var terrain []byte
	w, h := 0, 0
	firstLine, blankAfter := 0, 0
	for {
		line, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		row := trimSpace(line)
		if len(row) == 0 {
			if h > 0 && blankAfter == 0 {
				blankAfter = lr.line
			}
			continue
		}
		if blankAfter != 0 {
			return nil, errAt(name, blankAfter, "blank line between rows (row %d ends on line %d, more rows follow on line %d)",
				h, blankAfter-1, lr.line)
		}
		if h == 0 {
			w = len(row)
			firstLine = lr.line
			if w > pathing.MaxSide {
				return nil, errAt(name, lr.line, "row has %d cells, more than the limit of %d (pathing.MaxSide)", w, pathing.MaxSide)
			}
			terrain = make([]byte, 0, min(w*64, 1<<20))
		} else if len(row) != w {
			return nil, errAt(name, lr.line, "row has %d cells, want %d (the width of the first row, line %d)", len(row), w, firstLine)
		}
		if h == pathing.MaxSide {
			return nil, errAt(name, lr.line, "more than %d rows (pathing.MaxSide)", pathing.MaxSide)
		}
		for x, c := range row {
			if terrainWeight[c] < 0 {
				return nil, errCell(name, lr.line, image.Pt(x, h),
					"cell (%d,%d) has unknown terrain %s (want # . 1-9, or a Moving AI letter @ O T W G S)", x, h, quoteByte(c))
			}
		}
		terrain = append(terrain, row...)
		h++
	}
	if h == 0 {
		return nil, errAt(name, 0, "no map rows (want lines of # . and 1-9)")
	}
	m, err := build(name, w, h, terrain)
	if err != nil {
		return nil, err
	}
	m.Format = FormatASCII
	m.CRLF = lr.crlf
	m.NoFinalNewline = !lr.final && blankAfter == 0
	return m, nil
}

// WriteASCII writes m in the ASCII format, with m's line ends. Each cell keeps
// its Terrain character while it agrees with the grid; otherwise it is written
// # (blocked), . (weight 1) or the digit of its weight. A weight above 9 has
// no character: it is an error naming the cell, and nothing is written.
func WriteASCII(w io.Writer, m *Map) error {
	g := m.Grid
	for i, wt := range g.Cells() {
		if wt > 9 {
			p := g.Point(i)
			return errCell(m.Name, 0, p, "cell (%d,%d) has weight %d: the ASCII format allows 1 to 9", p.X, p.Y, wt)
		}
	}
	nl := "\n"
	if m.CRLF {
		nl = "\r\n"
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	writeASCIIRows(bw, m, nl, !m.NoFinalNewline)
	return bw.Flush()
}

// writeASCIIRows writes the rows of m (weights ≤ 9 already checked).
func writeASCIIRows(bw *bufio.Writer, m *Map, nl string, finalNL bool) {
	g := m.Grid
	W, H := g.Width(), g.Height()
	cells := g.Cells()
	row := make([]byte, W)
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			i := y*W + x
			c := byte(0)
			if i < len(m.Terrain) {
				c = m.Terrain[i]
			}
			if !agrees(c, cells[i]) {
				c = asciiChar(cells[i])
			}
			row[x] = c
		}
		bw.Write(row)
		if y < H-1 || finalNL {
			bw.WriteString(nl)
		}
	}
}
