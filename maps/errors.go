package maps

import (
	"fmt"
	"image"
	"strconv"
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

// errSave is the error of a save of path that failed on err.
func errSave(path string, err error) *Error {
	return &Error{File: path, Msg: "cannot save: " + err.Error(), Err: err}
}

// Error formats the error as "maps: FILE:LINE: MSG".
func (e *Error) Error() string {
	switch {
	case e.File == "" && e.Line == 0:
		return "maps: " + e.Msg
	case e.Line == 0:
		return "maps: " + e.File + ": " + e.Msg
	case e.File == "":
		return "maps: line " + strconv.Itoa(e.Line) + ": " + e.Msg
	}
	return "maps: " + e.File + ":" + strconv.Itoa(e.Line) + ": " + e.Msg
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

// quoteText shortens and quotes a piece of a line for a message.
func quoteText(b []byte) string {
	const max = 40
	if len(b) > max {
		return strconv.Quote(string(b[:max])) + "..."
	}
	return strconv.Quote(string(b))
}
