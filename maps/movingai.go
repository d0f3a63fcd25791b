package maps

import (
	"bufio"
	"bytes"
	"fmt"
	"image"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"pathlens/pathing"
)

// ReadMovingAI reads a Moving AI .map file: the header lines "type octile",
// "height H", "width W" (height and width in either order) and "map", then H
// rows of W terrain characters (see the package doc; W is water and blocked).
// Lines may end in "\n" or "\r\n"; blank lines after the last row are
// ignored; anything else after it is an error. A line may hold at most
// pathing.MaxSide bytes (the widest row: its cells are one byte each), and
// longer lines are refused as they are read. name is used in errors and as
// Map.Name.
//
// The header's size is checked against pathing.MaxSide before anything is
// allocated, and the terrain buffer grows with the rows actually read, so a
// lying header costs nothing. Cost: one pass over the input, two allocations
// of W*H bytes (terrain and grid).
func ReadMovingAI(r io.Reader, name string) (*Map, error) {
	lr := newLineReader(r, name, pathing.MaxSide, MaxMapBytes)
	lr.limitNote = fmt.Sprintf(" (the limit: a row of %d cells, one byte each)", pathing.MaxSide)
	w, h, err := readMovingAIHeader(lr)
	if err != nil {
		return nil, err
	}
	terrain := make([]byte, 0, min(w*h, 1<<20))
	for y := 0; y < h; y++ {
		row, err := lr.next()
		if err == io.EOF {
			return nil, errAt(name, lr.line, "file ends after %d of %d rows", y, h)
		}
		if err != nil {
			return nil, err
		}
		if n := utf8.RuneCount(row); n != w { // cells are characters, not bytes
			if isBlank(row) {
				return nil, errAt(name, lr.line, "blank line where row %d of %d should be (want %d cells)", y+1, h, w)
			}
			return nil, errAt(name, lr.line, "row has %d cells, want %d%s", n, w, trailingNote(row, w))
		}
		if x, q, bad := firstBad(row, &movingAIOK); bad {
			return nil, errCell(name, lr.line, image.Pt(x, y),
				"cell (%d,%d) has unknown terrain %s (want one of . G S @ O T W)", x, y, q)
		}
		terrain = append(terrain, row...)
	}
	m, err := build(name, w, h, terrain)
	if err != nil {
		return nil, err
	}
	m.Format = FormatMovingAI
	m.CRLF = lr.crlf
	m.NoFinalNewline = !lr.final
	for {
		row, err := lr.next()
		if err == io.EOF {
			return m, nil
		}
		if err != nil {
			return nil, err
		}
		if !isBlank(row) {
			return nil, errAt(name, lr.line, "unexpected text %s after the last of %d rows (height is %d)", quoteText(row), h, h)
		}
		m.NoFinalNewline = false // blank lines after the grid are not kept
	}
}

// readMovingAIHeader reads the header up to and including the "map" line.
func readMovingAIHeader(lr *lineReader) (w, h int, err error) {
	name := lr.file
	sawType := false
	var seen []headerLine // the header's non-blank lines so far, for messages
	for {
		line, err := lr.next()
		if err == io.EOF {
			if lr.line == 0 {
				return 0, 0, errAt(name, 0, "empty file (want a Moving AI header: type octile, height, width, map)")
			}
			return 0, 0, errAt(name, lr.line, "file ends inside the header (want a line \"map\" before the rows)")
		}
		if err != nil {
			return 0, 0, err
		}
		f := strings.Fields(string(trimSpace(line)))
		if len(f) == 0 {
			continue
		}
		key := f[0]
		if !sawType && key != "type" {
			why := ""
			switch {
			case key == "height" || key == "width" || key == "map":
				why = " (a Moving AI map starts with its type line)"
			case guessKeyword(key) == "type":
				why = fmt.Sprintf(" (%s is not \"type\")", quoteText([]byte(key)))
			}
			return 0, 0, errAt(name, lr.line, "want \"type octile\" as the first line of a Moving AI map, found %s%s", quoteText(line), why)
		}
		seen = append(seen, headerLine{lr.line, key, quoteText(line)})
		switch key {
		case "type":
			if len(f) != 2 || f[1] != "octile" {
				return 0, 0, errAt(name, lr.line, "unsupported map type %s (want \"type octile\")", quoteText(line))
			}
			sawType = true
		case "height", "width":
			if len(f) != 2 {
				return 0, 0, errAt(name, lr.line, "want \"%s N\", found %s", key, quoteText(line))
			}
			n, err := strconv.Atoi(f[1])
			if err != nil || n <= 0 {
				return 0, 0, errAt(name, lr.line, "%s %s is not a positive whole number", key, quoteText([]byte(f[1])))
			}
			if n > pathing.MaxSide {
				return 0, 0, errAt(name, lr.line, "%s %d exceeds the limit of %d cells a side", key, n, pathing.MaxSide)
			}
			prev := &w
			if key == "height" {
				prev = &h
			}
			if *prev != 0 {
				return 0, 0, errAt(name, lr.line, "%s given twice (first %d, now %d)", key, *prev, n)
			}
			*prev = n
		case "map":
			if len(f) != 1 {
				return 0, 0, errAt(name, lr.line, "want the line \"map\", found %s", quoteText(line))
			}
			if h == 0 || w == 0 {
				return 0, 0, missingSize(name, seen, h == 0, w == 0)
			}
			return w, h, nil
		default:
			if kw := guessKeyword(key); kw != "" {
				return 0, 0, errAt(name, lr.line, "unknown header line %s (want type, height, width or map; is %s a misspelt %q?)", quoteText(line), quoteText([]byte(key)), kw)
			}
			if len(f) == 1 && isMovingAIRow(line) {
				if h != 0 && w != 0 {
					return 0, 0, errAt(name, lr.line, "want the line \"map\" between the header and the rows, found the row %s", quoteText(line))
				}
				return 0, 0, errAt(name, lr.line, "found the row %s, but the header has no %s line, and no \"map\" line ends it", quoteText(line), sizeLines(h == 0, w == 0))
			}
			return 0, 0, errAt(name, lr.line, "unknown header line %s (want type, height, width or map)", quoteText(line))
		}
	}
}

// headerLine is a non-blank line of a Moving AI header, for messages.
type headerLine struct {
	line   int
	key    string // its first word
	quoted string // the line, quoted by quoteText
}

// missingSize is the error of a header that reached its "map" line (the
// last of seen) without a height line, a width line or both. It names the
// line where the missing one goes in a Moving AI header (type octile,
// height H, width W, map): the line after the type line, or after the
// height line when only the width is missing; and what is there instead.
func missingSize(name string, seen []headerLine, noHeight, noWidth bool) *Error {
	after := "type"
	if !noHeight {
		after = "height"
	}
	i := 0
	for i < len(seen) && seen[i].key != after {
		i++
	}
	end := seen[len(seen)-1]
	if i+1 >= len(seen) { // not reached: the reader saw type (first) and map (last)
		return errAt(name, end.line, "the header has no %s line", sizeLines(noHeight, noWidth))
	}
	prev, at := seen[i], seen[i+1]
	it := "it goes"
	if noHeight && noWidth {
		it = "they go"
	}
	there := fmt.Sprintf("line %d is %s (the header ends with \"map\" on line %d)", at.line, at.quoted, end.line)
	if at.line == end.line {
		there = fmt.Sprintf("line %d is \"map\", the header's end", at.line)
	}
	return errAt(name, at.line, "the header has no %s line: %s after %s (line %d), and %s",
		sizeLines(noHeight, noWidth), it, prev.quoted, prev.line, there)
}

// sizeLines names the missing size lines of a header: "\"height N\"",
// "\"width N\"" or both.
func sizeLines(noHeight, noWidth bool) string {
	switch {
	case noHeight && noWidth:
		return `"height N" or "width N"`
	case noHeight:
		return `"height N"`
	}
	return `"width N"`
}

// guessKeyword returns the Moving AI header keyword that word is a near miss
// of (another case, or one typing slip away), or "".
func guessKeyword(word string) string {
	word = strings.ToLower(word)
	for _, kw := range []string{"type", "height", "width", "map"} {
		if nearMiss(word, kw) {
			return kw
		}
	}
	return ""
}

// isMovingAIRow reports whether line is made of Moving AI terrain characters
// only (spaces and tabs at its ends aside).
func isMovingAIRow(line []byte) bool {
	row := trimSpace(line)
	for _, c := range row {
		if !movingAIOK[c] {
			return false
		}
	}
	return len(row) > 0
}

// WriteMovingAI writes m as a Moving AI .map file, with m's line ends (CRLF
// and a final newline unless m says otherwise). Each cell keeps its Terrain
// character when that is a Moving AI character that agrees with the grid;
// otherwise blocked cells are written '@' and open cells '.'. A map read by
// ReadMovingAI and not edited is written back byte for byte. A cell of weight
// above 1 has no Moving AI character: it is an error naming the cell, and
// nothing is written.
func WriteMovingAI(w io.Writer, m *Map) error {
	g := m.Grid
	W, H := g.Width(), g.Height()
	cells := g.Cells()
	row := make([]byte, W)
	for i, wt := range cells {
		if wt > 1 {
			p := g.Point(i)
			return errCell(m.Name, 0, p, "cell (%d,%d) has weight %d: the Moving AI format has no weights (save as ASCII)", p.X, p.Y, wt)
		}
	}
	nl := "\n"
	if m.CRLF {
		nl = "\r\n"
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	fmt.Fprintf(bw, "type octile%sheight %d%swidth %d%smap%s", nl, H, nl, W, nl, nl)
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			i := y*W + x
			c := byte(0)
			if i < len(m.Terrain) {
				c = m.Terrain[i]
			}
			if !movingAIOK[c] || !agrees(c, cells[i]) {
				c = '.'
				if cells[i] == 0 {
					c = '@'
				}
			}
			row[x] = c
		}
		bw.Write(row)
		if y < H-1 || !m.NoFinalNewline {
			bw.WriteString(nl)
		}
	}
	return bw.Flush()
}

// trailingNote says, for a row of the wrong width, that it ends in spaces
// or tabs when that is why: "row has 4 cells, want 3" gave no hint that
// the fourth was a space an editor had left there.
func trailingNote(row []byte, want int) string {
	trimmed := bytes.TrimRight(row, " \t")
	k := len(row) - len(trimmed)
	if k == 0 || utf8.RuneCount(row) < want {
		return "" // too short: spaces at its end are not why
	}
	if utf8.RuneCount(trimmed) == want {
		if k == 1 {
			return " (its last character is a space or tab: remove it)"
		}
		return fmt.Sprintf(" (its last %d characters are spaces or tabs: remove them)", k)
	}
	return fmt.Sprintf(" (it ends in %s, counted as cells)", plural(k, "a space or tab", "spaces or tabs"))
}
