package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// nudgedTMX is a 4×2 Tiled map whose wall layer is drawn two tiles right,
// which puts both its walls off the map.
const nudgedTMX = `<?xml version="1.0" encoding="UTF-8"?>
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

// A -map Tiled file's load notes were dropped: a run on a map whose walls
// an offset pushed off it measured an open map without a word, where the
// window says so. They are printed on stderr, once, naming the file.
func TestMapLoadNotesOnStderr(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "nudged.tmx")
	if err := os.WriteFile(p, []byte(nudgedTMX), 0o644); err != nil {
		t.Fatal(err)
	}
	const want = `bench: note: nudged.tmx: tile layer "walls" is drawn offset by (2,0) tiles ((32,0) px, its offset and its groups'), which puts 2 of its tiles off the map: they are not read`
	code, _, errs := runMain(t, "-map", p, "-from", "0,0", "-to", "3,0", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if strings.Count(errs, want) != 1 {
		t.Errorf("stderr %q\nwant once %q", errs, want)
	}
	// -scenario reads the same file as its map: its notes are the
	// scenario's, printed once, not again as -map's.
	code, _, errs = runMain(t, "-scenario", p, "-from", "0,0", "-to", "3,0", "-json")
	if code != 0 {
		t.Fatalf("-scenario: exit %d: %s", code, errs)
	}
	if strings.Count(errs, want) != 1 {
		t.Errorf("-scenario: stderr %q\nwant once %q", errs, want)
	}
}
