package maps

import (
	"bufio"
	"bytes"
	"fmt"
	"image"
	"io"
	"unicode/utf8"

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
// of at most pathing.MaxSide cells (characters); a line, spaces around the row
// included, may hold at most maxASCIILine bytes (pathing.MaxSide+64), and
// longer lines are refused as they are read. name is used in errors and as
// Map.Name. Cost: one pass over the input; memory follows the rows actually
// read.
func ReadASCII(r io.Reader, name string) (*Map, error) {
	lr := newASCIILineReader(r, name, MaxMapBytes)
	b := asciiBuilder{file: name}
	for {
		line, err := lr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if err := b.add(line, lr.line); err != nil {
			return nil, err
		}
	}
	if b.h == 0 {
		// Told apart by content, an empty file reads as ASCII; its name may
		// say it was meant as a Moving AI map.
		return nil, errAt(name, 0, "is empty: want a Moving AI map (\"type octile\", height, width, \"map\", then the rows) or an ASCII map (rows of # . and 1-9)")
	}
	m, err := b.finish(0)
	if err != nil {
		return nil, err
	}
	m.CRLF = lr.crlf
	m.NoFinalNewline = !lr.final && b.blankAfter == 0
	return m, nil
}

// maxASCIILine is the longest line of an ASCII map or a scenario file, in
// bytes: the widest row, pathing.MaxSide cells of one byte, with room for
// spaces and tabs around it.
const maxASCIILine = pathing.MaxSide + 64

// newASCIILineReader is the line reader of ASCII maps and scenario files,
// whose "line too long" message states the limit in bytes and in cells.
func newASCIILineReader(r io.Reader, name string, maxIn int64) *lineReader {
	lr := newLineReader(r, name, maxASCIILine, maxIn)
	lr.limitNote = fmt.Sprintf(" (the limit: a row of %d cells, one byte each, and %d bytes of spaces around it)",
		pathing.MaxSide, maxASCIILine-pathing.MaxSide)
	return lr
}

// asciiBuilder collects the rows of an ASCII map one line at a time, for
// ReadASCII and for the inline maps of scenario files.
type asciiBuilder struct {
	file       string
	terrain    []byte
	w, h       int
	firstLine  int // line of the first row
	blankAfter int // line of the first blank line after a row, 0 if none yet
}

// add takes one input line (without its line end) found on line number line.
func (b *asciiBuilder) add(line []byte, lineNo int) error {
	row := trimSpace(line)
	if len(row) == 0 {
		if b.h > 0 && b.blankAfter == 0 {
			b.blankAfter = lineNo
		}
		return nil
	}
	if b.blankAfter != 0 {
		return errAt(b.file, b.blankAfter, "blank line between rows (more rows follow on line %d)", lineNo)
	}
	n := utf8.RuneCount(row) // cells are characters, not bytes
	if b.h == 0 {
		b.w = n
		b.firstLine = lineNo
		if b.w > pathing.MaxSide {
			return errAt(b.file, lineNo, "row has %d cells, more than the limit of %d a side", b.w, pathing.MaxSide)
		}
		b.terrain = make([]byte, 0, min(b.w*64, 1<<20))
	} else if n != b.w {
		return errAt(b.file, lineNo, "row has %d cells, want %d (the width of the first row, line %d)", n, b.w, b.firstLine)
	}
	if b.h == pathing.MaxSide {
		return errAt(b.file, lineNo, "more than %d rows, the limit of a side", pathing.MaxSide)
	}
	if x, q, bad := firstBad(row, &asciiOK); bad {
		// Spaces and tabs before the row are no cells, so the cell's x
		// is not where the character stands on the line: the column is
		// said too (a file starting " -" was reported as cell (0,0) '-',
		// its second character, user test).
		at := ""
		if lead := len(line) - len(bytes.TrimLeft(line, " \t")); lead > 0 {
			at = fmt.Sprintf(" (column %d of the line: spaces and tabs before a row are not cells)", lead+x+1)
		}
		return errCell(b.file, lineNo, image.Pt(x, b.h),
			"cell (%d,%d)%s has unknown terrain %s (want # . 1-9, or a Moving AI letter @ O T W G S)", x, b.h, at, q)
	}
	b.terrain = append(b.terrain, row...)
	b.h++
	return nil
}

// finish builds the map; line is where to report "no rows" (0: no line).
func (b *asciiBuilder) finish(line int) (*Map, error) {
	if b.h == 0 {
		return nil, errAt(b.file, line, "no map rows (want lines of # . and 1-9)")
	}
	m, err := build(b.file, b.w, b.h, b.terrain)
	if err != nil {
		return nil, err
	}
	m.Format = FormatASCII
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
