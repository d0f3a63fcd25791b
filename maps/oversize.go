package maps

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"pathlens/pathing"
)

// oversizeHead is how much of a file larger than MaxMapBytes is read to
// say what its head declares: a Moving AI header, a Tiled <map> element, an
// ASCII map's first row.
const oversizeHead = 128 << 10

// errCut ends the head of an oversized file: what the reader wanted lies
// past it, so nothing can be said from the head.
var errCut = errors.New("the head read ends here")

// cutReader reads b, then errCut.
type cutReader struct{ b []byte }

func (c *cutReader) Read(p []byte) (int, error) {
	if len(c.b) == 0 {
		return 0, errCut
	}
	n := copy(p, c.b)
	c.b = c.b[n:]
	return n, nil
}

// oversizeErr is the refusal of the file path of size bytes, larger than
// MaxMapBytes, read from r at its start. Its head is read first: a Moving AI
// header or a Tiled <map> declaring a side over pathing.MaxSide, or an ASCII
// map's first row wider than that, is refused by that line, naming the
// declared size and the limit (a 20000×20000 .map was refused by its byte
// count, which said nothing of the header an engineer could fix). Otherwise
// the byte count is the reason, with what the head declares beside it.
func oversizeErr(r io.Reader, path string, size int64) *Error {
	head := make([]byte, oversizeHead)
	n, _ := io.ReadFull(r, head)
	head = head[:n]
	msg := fmt.Sprintf("file has %d bytes, more than the %d a map of %d×%d cells needs",
		size, MaxMapBytes, pathing.MaxSide, pathing.MaxSide)
	switch Detect(head) {
	case FormatScen:
		// A Moving AI list is no map: its own limit.
		return errAt(path, 0, "file has %d bytes, more than the %d a .scen list of at most %d rows may hold", size, maxScenBytes, MaxScenRows)
	case FormatMovingAI:
		lr := newLineReader(&cutReader{head}, path, pathing.MaxSide, MaxMapBytes)
		w, h, err := readMovingAIHeader(lr)
		var me *Error
		switch {
		case err == nil:
			msg += fmt.Sprintf("; its header declares %d×%d cells", w, h)
		case errors.As(err, &me) && !lr.cut:
			return me
		}
	case FormatTiled:
		if i := bytes.Index(head, []byte("<map")); i >= 0 && bytes.IndexByte(head[i:], '>') >= 0 {
			w, h, err := tiledHeader(head, path)
			var me *Error
			switch {
			case err == nil:
				msg += fmt.Sprintf("; its <map> declares %d×%d cells", w, h)
			case errors.As(err, &me):
				return me
			}
		}
	case FormatASCII:
		line := 0
		for rest := head; len(rest) > 0; {
			i := bytes.IndexByte(rest, '\n')
			if i < 0 {
				break // the first row runs past the head
			}
			raw := rest[:i+1]
			rest = rest[i+1:]
			line++
			row := trimSpace(bytes.TrimRight(raw, "\r\n"))
			if line == 1 {
				row = bytes.TrimPrefix(row, []byte("\xef\xbb\xbf"))
			}
			if len(row) == 0 {
				continue
			}
			cells := utf8.RuneCount(row)
			if cells > pathing.MaxSide {
				return errAt(path, line, "row has %d cells, more than the limit of %d a side", cells, pathing.MaxSide)
			}
			msg += fmt.Sprintf(": rows of %d cells (line %d) make it about %d rows, more than the limit of %d a side",
				cells, line, size/int64(len(raw)), pathing.MaxSide)
			break
		}
	}
	return errAt(path, 0, "%s", msg)
}
