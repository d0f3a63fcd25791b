package world

import (
	"bytes"
	"strings"
	"testing"
)

// TestEventLogOneLinePerEvent: a value holding a line break (a path, a
// joined error) is quoted, so every event stays one line of the log.
func TestEventLogOneLinePerEvent(t *testing.T) {
	var buf bytes.Buffer
	l := NewEventLog(&buf)
	l.Add("error", F{"msg", "save a.pls: first\nsecond"}, F{"path", "b\r.pls"}, F{"tab", "x\ty"})
	out := buf.String()
	if n := strings.Count(out, "\n"); n != 1 {
		t.Fatalf("one event wrote %d lines: %q", n, out)
	}
	if !strings.Contains(out, `msg="save a.pls: first\nsecond"`) || !strings.Contains(out, `path="b\r.pls"`) {
		t.Fatalf("values not quoted: %q", out)
	}
}
