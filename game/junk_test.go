package game

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/game/world"
	"pathlens/maps"
)

// junkBytes is 4 KB of random bytes starting " -", the file a tester
// gave as -map and dropped on the window.
func junkBytes() []byte {
	r := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, 4096)
	for i := range b {
		b[i] = byte(r.IntN(256))
	}
	b[0], b[1] = ' ', '-'
	return b
}

// Regression (a user test): one binary file, two verdicts. As -map it was
// read as an ASCII map ("cell (0,0) has unknown terrain '-'"), dropped on
// the window it was refused as "not a text file", and that refusal was not
// in the -log file. Both now refuse it with the same words, and the drop's
// refusal is written to the log.
func TestBinaryFileOneVerdict(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "junk.map")
	if err := os.WriteFile(path, junkBytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := world.Open(path)
	if err == nil {
		t.Fatal("junk.map opened")
	}
	var reason string
	if reason = maps.NotText(junkBytes()[:512]); reason == "" {
		t.Fatal("maps.NotText: the junk is text")
	}
	if !strings.Contains(err.Error(), reason) || strings.Contains(err.Error(), "terrain") {
		t.Errorf("-map junk.map: %v, want %q", err, reason)
	}

	g := drawnGame(t, 1200, 760)
	var log bytes.Buffer
	g.w.Log = world.NewEventLog(&log)
	g.drop(os.DirFS(dir))
	if !g.w.MessageErr || !strings.Contains(g.w.Message, "junk.map ("+reason+")") {
		t.Errorf("dropped: message %q, want junk.map (%s)", g.w.Message, reason)
	}
	if !strings.Contains(log.String(), reason) {
		t.Errorf("dropped: the log has no refusal:\n%s", log.String())
	}
}
