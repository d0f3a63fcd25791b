package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The teacher's finding: -export of a .pls whose map had changed printed
// "terrain written to …" on stdout and the load notes on stderr, which
// came out after it, and the notes contradicted each other: "The edits are
// all kept" beside "1 edit line … the next save leaves it out". The report
// is one stream, in order (what the file opened with, then what was
// written), and says what is true of the edits in words that agree.
func TestExportNotesInOrderAndAgreeing(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("m2.map", "type octile\nheight 4\nwidth 5\nmap\n@@@@@\n@...@\n@...@\n@@@@@\n")
	pls := write("m2.pls", "pathlens-scenario 1\nmap m2.map\nquery 1,1 6,4\nagent 2,2 -> 6,1\nfill 3,3\nstroke\n")
	code, stdout, errs := headless("-scenario", pls, "-export", filepath.Join(dir, "o.txt"))
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout, errs)
	}
	if errs != "" {
		t.Errorf("stderr %q: the report is on stdout, in order", errs)
	}
	changed := strings.Index(stdout, "does not fit m2.map")
	stale := strings.Index(stdout, "changes nothing on m2.map")
	written := strings.Index(stdout, "terrain written to")
	if changed < 0 || stale < 0 || written < 0 || !(changed < written && stale < written) {
		t.Errorf("want the load notes, then the result:\n%s", stdout)
	}
	if strings.Contains(stdout, "The edits are all kept") && strings.Contains(stdout, "leaves it out") {
		t.Errorf("the notes contradict each other:\n%s", stdout)
	}
	for _, want := range []string{"Every edit is applied", "a save writes the edits without it"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("report lacks %q:\n%s", want, stdout)
		}
	}
}
