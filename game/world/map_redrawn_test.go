package world

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// From a designer's report (session2.pls): once level1.tmx was redrawn
// with a wall over the saved query's start, the session refused to open
// ("query start (5,5) is blocked once the edits are made") and the built-in
// world opened instead. It opens now, without the walled query, with its
// agents moved or idle, its edits all there and nothing unsaved, and says
// what it left out in one note, also written to the event log.
func TestSessionOpensAfterItsMapIsRedrawn(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// (1,1) and (6,1) are walls drawn since the save.
	write("level.txt", "########\n##....##\n#......#\n#......#\n########\n")
	pls := write("s.pls", "pathlens-scenario 1\nmap level.txt\n"+
		"query 1,1 5,3\n"+ // 3: its start walled
		"query 2,2 5,3\n"+ // 4
		"agent 6,1 -> 2,3\n"+ // 5: moved to (5,1)
		"agent 3,2 idle\n"+ // 6
		"fill 4,3\nstroke\ndig 4,3\nstroke\nfill 3,3\n")
	w, err := Open(pls)
	if err != nil {
		t.Fatalf("the session does not open: %v", err)
	}
	t.Cleanup(w.Close)
	var log strings.Builder
	w.Log = NewEventLog(&log)
	w.Begin()
	w.Wait()
	if len(w.Queries) != 1 || !w.HasStart || w.Start != image.Pt(2, 2) {
		t.Errorf("queries %v, start %v: want line 4's query open", w.Queries, w.Start)
	}
	if got := w.EditCount(); got != 3 {
		t.Errorf("%d edits, want the file's 3 strokes", got)
	}
	if w.Grid.Open(image.Pt(3, 3)) || !w.Grid.Open(image.Pt(4, 3)) {
		t.Error("the edit log was not applied")
	}
	s := w.Agents()
	if s == nil || s.Live() != 2 || s.AgentAt(image.Pt(5, 1)) < 0 {
		t.Fatalf("agents: want 2, one moved to (5,1)")
	}
	if w.Dirty() {
		t.Error("opening left the session unsaved: quitting would ask to write over the file")
	}
	for _, part := range []string{"level.txt has changed since s.pls was saved", "line 3: query (1,1)→(5,3) left out",
		"line 5: agent moved from (6,1) to (5,1)"} {
		if !strings.Contains(w.Message, part) {
			t.Errorf("message lacks %q:\n%s", part, w.Message)
		}
		if !strings.Contains(log.String(), part) {
			t.Errorf("event log lacks %q:\n%s", part, log.String())
		}
	}
}
