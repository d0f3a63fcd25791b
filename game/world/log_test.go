package world

import (
	"bytes"
	"image"
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

// An undo or redo line comes before the repair and plan lines it causes:
// read top to bottom, the log gave effects before their cause.
func TestUndoIsLoggedBeforeItsEffects(t *testing.T) {
	w, log := mustWorld(t,
		"........",
		"........",
		"........",
	)
	w.Settings.Algo = AlgoHPA
	w.Settings.ClusterSize = 4
	w.Begin()
	w.Wait()
	w.BeginStroke(image.Pt(3, 1), 0)
	w.EndStroke()
	w.Wait()
	for _, kind := range []string{"undo", "redo"} {
		log.Reset()
		if kind == "undo" {
			w.Undo()
		} else {
			w.Redo()
		}
		w.Wait()
		lines := strings.Split(strings.TrimSpace(log.String()), "\n")
		if len(lines) < 2 || !strings.Contains(strings.Fields(lines[0])[1], kind) {
			t.Errorf("%s: the log reads\n%s\nwant the %s line first", kind, log.String(), kind)
		}
	}
}
