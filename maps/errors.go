package maps

import (
	"errors"
	"fmt"
	"image"
	"io/fs"
	"os"
	"strconv"
	"unicode/utf8"
)

// Error is the error every reader and checker of this package returns for bad
// input. It names the file (as given to the reader), the 1-based line when the
// problem has one, and the cell when the problem is about one cell, so a UI
// can highlight it. Use errors.As to get at the fields.
type Error struct {
	File    string      // file name or path as given; "" when unknown
	Line    int         // 1-based line number; 0 when the problem has no line
	Cell    image.Point // the cell concerned, when HasCell
	HasCell bool
	Msg     string // the problem, without the place
	// Err is the underlying error (an *fs.PathError of a failed save), for
	// errors.Is(err, fs.ErrPermission) and the like; nil for bad input.
	Err error
}

// Unwrap returns the underlying error, or nil.
func (e *Error) Unwrap() error { return e.Err }

// errSave is the error of a save of path that failed on err at step
// ("writing"; "" when the reason says it all): "PATH: cannot save: STEP:
// REASON". The reason is the system's, without the operation and file
// names of an *fs.PathError or *os.LinkError, which named path a second
// time, or a temporary file the user never sees. err is kept for
// errors.Is.
func errSave(path, step string, err error) *Error {
	reason := err
	for {
		var pe *fs.PathError
		var le *os.LinkError
		switch {
		case errors.As(reason, &pe):
			reason = pe.Err
			continue
		case errors.As(reason, &le):
			reason = le.Err
			continue
		}
		break
	}
	msg := "cannot save: "
	if step != "" {
		msg += step + ": "
	}
	return &Error{File: path, Msg: msg + reason.Error(), Err: err}
}

// Error formats the error as "FILE:LINE: MSG".
func (e *Error) Error() string {
	// No package prefix: the file and line say where, and the message is
	// the user's to read ("maps: arena.map:7: …" showed a Go package name
	// in the window).
	switch {
	case e.File == "" && e.Line == 0:
		return e.Msg
	case e.Line == 0:
		return e.File + ": " + e.Msg
	case e.File == "":
		return "line " + strconv.Itoa(e.Line) + ": " + e.Msg
	}
	return e.File + ":" + strconv.Itoa(e.Line) + ": " + e.Msg
}

// errPath is the error of a file operation on path that failed with err,
// as "maps: PATH: no such file or directory": the path in File (where a UI
// looks for it) rather than inside Msg, and err kept for errors.Is(err,
// fs.ErrNotExist) and the like.
func errPath(path string, err error) *Error {
	msg := err.Error()
	var pe *fs.PathError
	if errors.As(err, &pe) {
		msg = pe.Err.Error()
	}
	return &Error{File: path, Msg: msg, Err: err}
}

func errAt(file string, line int, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

func errCell(file string, line int, p image.Point, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Cell: p, HasCell: true, Msg: fmt.Sprintf(format, args...)}
}

// quoteByte renders one input byte for a message: 'x' for printable ASCII,
// '\xff' style otherwise, so a binary file never garbles the message.
func quoteByte(b byte) string {
	if b >= 0x20 && b < 0x7f {
		return strconv.QuoteRune(rune(b))
	}
	return fmt.Sprintf(`'\x%02x'`, b)
}

// quoteRune renders one character of a line for a message: 'x' for
// printable ASCII, 'é' (U+00E9) for other characters (escaped when not
// printable), and '\xff' for a byte that is not UTF-8.
func quoteRune(r rune, size int, b byte) string {
	switch {
	case r == utf8.RuneError && size <= 1:
		return quoteByte(b)
	case r < utf8.RuneSelf:
		return quoteByte(byte(r))
	}
	return fmt.Sprintf("%s (U+%04X)", strconv.QuoteRune(r), r)
}

// firstBad finds the first byte of row that ok refuses and returns its
// column in characters, which is its cell's x, and its character quoted by
// quoteRune; bad is false when every byte passes. The tables accept ASCII
// bytes only, so every byte before the first refused one is a whole
// character and the column is its index; a multi-byte character is decoded
// for the message alone. Cost: one table lookup a byte, as before columns
// counted characters.
func firstBad(row []byte, ok *[256]bool) (col int, quoted string, bad bool) {
	for i, c := range row {
		if ok[c] {
			continue
		}
		if c < utf8.RuneSelf {
			return i, quoteByte(c), true
		}
		r, size := utf8.DecodeRune(row[i:])
		return i, quoteRune(r, size, c), true
	}
	return 0, "", false
}

// quoteText shortens and quotes a piece of a line for a message, cutting it
// between characters.
func quoteText(b []byte) string {
	const max = 40
	if len(b) > max {
		n := max
		for n > max-utf8.UTFMax && n > 0 && !utf8.RuneStart(b[n]) {
			n--
		}
		return strconv.Quote(string(b[:n])) + "..."
	}
	return strconv.Quote(string(b))
}
