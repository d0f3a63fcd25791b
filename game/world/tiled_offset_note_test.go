package world

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A Tiled map whose wall layer is offset so far that some walls fall off
// the map opened without a word: the walls were simply gone. The session
// now shows the map's note, naming the file and layer, and writes it to
// the event log.
func TestSessionShowsTiledOffsetNote(t *testing.T) {
	dir := t.TempDir()
	src := `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="4" height="2" tilewidth="16" tileheight="16" infinite="0">
<tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="2" columns="2">
 <tile id="1"><properties><property name="solid" type="bool" value="true"/></properties></tile>
</tileset>
<layer id="1" name="ground" width="4" height="2"><data encoding="csv">
1,1,1,1,
1,1,1,1</data></layer>
<layer id="2" name="walls" width="4" height="2" offsetx="32"><data encoding="csv">
0,0,2,2,
0,0,0,0</data></layer>
</map>
`
	p := filepath.Join(dir, "nudged.tmx")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	var log strings.Builder
	w.Log = NewEventLog(&log)
	w.Begin()
	w.Wait()
	const want = `nudged.tmx: tile layer "walls" is drawn offset by (2,0) tiles ((32,0) px, its offset and its groups'), which puts 2 of its tiles off the map: they are not read`
	if !strings.Contains(w.Message, want) {
		t.Errorf("message %q\nwant it to hold %q", w.Message, want)
	}
	if !strings.Contains(log.String(), "load_note") || !strings.Contains(log.String(), "2 of its tiles off the map") {
		t.Errorf("event log lacks the note:\n%s", log.String())
	}
	// A terminal names the file by the path it was opened by, once.
	if lines, want := w.LoadNoteLines(), p+": "+strings.TrimPrefix(want, "nudged.tmx: "); len(lines) != 1 || lines[0] != want {
		t.Errorf("terminal lines %q, want %q", lines, want)
	}
}
