package world

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
)

// EventLog writes one line per user-visible event, for tests and bug
// reports:
//
//	2026-11-21T06:12:03.512Z plan algo=astar from=23,30 to=125,65 status=found cost=157.28 expanded=4252 ms=1.038
//
// The line is a UTC timestamp, the event kind (plan, repair, switch, load,
// save, edit, undo, redo, step, error...) and key=value fields in a fixed
// order; values with spaces, quotes, '=' or unprintable characters (line
// breaks) are quoted (Go syntax), so an event is always one line. A nil *EventLog
// discards everything, so callers never check.
type EventLog struct {
	mu  sync.Mutex
	w   io.Writer
	now func() time.Time
	// Lines keeps the last lines written, newest last, for the in-app log
	// panel.
	lines []string
}

// NewEventLog returns a log writing to w (which may be nil: lines are then
// only kept for the panel).
func NewEventLog(w io.Writer) *EventLog {
	return &EventLog{w: w, now: time.Now}
}

// maxKeptLines is how many lines the log keeps for the panel.
const maxKeptLines = 200

// F is one field of a log line.
type F struct {
	Key string
	Val any
}

// Add writes one event line. Float values print as given, shortest form
// (callers round: costs to three decimals, round3; the subopt ratio to
// six, appendSubopt); infinities as "inf".
func (l *EventLog) Add(kind string, fields ...F) {
	if l == nil {
		return
	}
	var b strings.Builder
	b.WriteString(kind)
	for _, f := range fields {
		b.WriteByte(' ')
		b.WriteString(f.Key)
		b.WriteByte('=')
		b.WriteString(fmtVal(f.Val))
	}
	line := b.String()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, line)
	if len(l.lines) > maxKeptLines {
		l.lines = append(l.lines[:0], l.lines[len(l.lines)-maxKeptLines/2:]...)
	}
	if l.w != nil {
		fmt.Fprintf(l.w, "%s %s\n", l.now().UTC().Format("2006-01-02T15:04:05.000Z"), line)
		if s, ok := l.w.(interface{ Sync() error }); ok {
			s.Sync()
		}
	}
}

// Recent appends the last n lines (oldest first) to dst.
func (l *EventLog) Recent(dst []string, n int) []string {
	if l == nil {
		return dst
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	from := max(0, len(l.lines)-n)
	return append(dst, l.lines[from:]...)
}

func fmtVal(v any) string {
	switch x := v.(type) {
	case string:
		if x == "" || strings.ContainsFunc(x, needsQuote) {
			return strconv.Quote(x)
		}
		return x
	case float64:
		switch {
		case math.IsInf(x, 1):
			return "inf"
		case math.IsInf(x, -1):
			return "-inf"
		case math.IsNaN(x):
			return "nan"
		}
		return strconv.FormatFloat(x, 'f', -1, 64)
	case time.Duration:
		return strconv.FormatFloat(float64(x.Microseconds())/1000, 'f', 3, 64)
	case bool:
		if x {
			return "on"
		}
		return "off"
	case fmt.Stringer:
		return fmtVal(x.String())
	}
	return fmtVal(fmt.Sprint(v))
}

// needsQuote reports whether a string value holding r must be quoted to keep
// the line one line of key=value fields: spaces, quotes, '=' and anything
// unprintable (line breaks, tabs, control characters).
func needsQuote(r rune) bool {
	return r == ' ' || r == '"' || r == '=' || !unicode.IsPrint(r)
}

// round3 rounds a cost for logging.
func round3(x float64) float64 { return roundTo(x, 1000) }

// roundTo rounds x to a multiple of 1/scale.
func roundTo(x, scale float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return x
	}
	r := math.Round(x*scale) / scale
	if r == 0 {
		return 0 // not -0 (a tiny negative rounded), which logs as "subopt=-0"
	}
	return r
}

// appendSubopt appends a subopt field for sub (World.Suboptimality) to fs,
// or nothing when sub is NaN: without a path on both sides there is no
// suboptimality, and "subopt=nan" reads as a bug (cmd/bench likewise
// counts only found paths in its subopt figures). The ratio keeps six
// decimals (a ten-thousandth of a percent): HPA*'s typical losses are a
// few hundredths of a percent, which three decimals logged as 0 (an
// engineer's test: cost 1202.34 against 1201.754 read "subopt=0").
func appendSubopt(fs []F, sub float64) []F {
	if math.IsNaN(sub) {
		return fs
	}
	return append(fs, F{"subopt", roundTo(sub, 1e6)})
}
