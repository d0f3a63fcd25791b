package maps

import (
	"bufio"
	"errors"
	"io"
)

// lineReader splits input into lines with a hard limit on line length and on
// total bytes, so arbitrary input costs bounded memory. Both limits are in
// bytes, checked before anything is decoded; the cells of a valid row are
// ASCII characters, one byte each, so a byte limit at least as long as the
// widest row never refuses a valid one. Lines end at '\n'; one
// '\r' before it is dropped. The slice returned by next is valid only until
// the following call.
type lineReader struct {
	br      *bufio.Reader
	lim     *io.LimitedReader
	file    string
	line    int   // number of the line last returned (1-based)
	maxLine int   // longest allowed line in bytes, without its end
	maxIn   int64 // largest allowed input in bytes
	crlf    bool  // the first line ended in "\r\n"
	final   bool  // the last line returned ended with '\n'
	// limitNote follows the "line is longer than N bytes" message, to say
	// what the limit allows in the format's own terms ("" for nothing).
	limitNote string
	// cut is set when the input ended in errCut (the head of an
	// oversized file, oversizeErr): the line wanted lies past it.
	cut bool
}

func newLineReader(r io.Reader, file string, maxLine int, maxIn int64) *lineReader {
	lim := &io.LimitedReader{R: r, N: maxIn + 1}
	size := maxLine + 2
	if size < 64 {
		size = 64
	}
	return &lineReader{br: bufio.NewReaderSize(lim, size), lim: lim, file: file, maxLine: maxLine, maxIn: maxIn}
}

// next returns the next line without its line end, or io.EOF after the last
// one. Any other error is an *Error naming the file and line.
func (lr *lineReader) next() ([]byte, error) {
	b, err := lr.br.ReadSlice('\n')
	switch {
	case err == bufio.ErrBufferFull:
		return nil, errAt(lr.file, lr.line+1, "line is longer than %d bytes%s", lr.maxLine, lr.limitNote)
	case err == io.EOF:
		if lr.lim.N <= 0 {
			return nil, errAt(lr.file, 0, "input is larger than %d bytes", lr.maxIn)
		}
		if len(b) == 0 {
			return nil, io.EOF
		}
	case err != nil:
		lr.cut = errors.Is(err, errCut)
		return nil, &Error{File: lr.file, Line: lr.line + 1, Msg: "read failed: " + err.Error()}
	}
	lr.line++
	if lr.line == 1 && len(b) >= 3 && b[0] == 0xef && b[1] == 0xbb && b[2] == 0xbf {
		b = b[3:] // a UTF-8 byte order mark, as some Windows editors write
	}
	n := len(b)
	lr.final = n > 0 && b[n-1] == '\n'
	if lr.final {
		n--
		if n > 0 && b[n-1] == '\r' {
			n--
			if lr.line == 1 {
				lr.crlf = true
			}
		}
	} else if n > 0 && b[n-1] == '\r' {
		n-- // a lone '\r' at the very end of the input
	}
	if n > lr.maxLine {
		return nil, errAt(lr.file, lr.line, "line is longer than %d bytes%s", lr.maxLine, lr.limitNote)
	}
	return b[:n], nil
}

// isBlank reports whether b holds only spaces and tabs.
func isBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// trimSpace drops spaces and tabs at both ends.
func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\t') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	return b
}
