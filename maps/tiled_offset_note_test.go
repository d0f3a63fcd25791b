package maps

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// offsetMap is a 4×2 map whose wall layer is drawn 2 tiles right and 1 up:
// three of its four wall tiles land off the map.
func offsetMap() string {
	return fmt.Sprintf(tmx(tileset, "1,1,1,1,\n1,1,1,1", 4, 2), `<layer id="2" name="walls" width="4" height="2" offsetx="32" offsety="-16"><data encoding="csv">
2,2,0,2,
0,2,0,0</data></layer>
`)
}

// Tiles a layer's offset pushed off the map were dropped without a word:
// a designer who nudged a layer lost walls and was never told. A note
// names the layer, its offset and how many tiles are not read; the map
// file is named where the note is shown (a .tmx opened alone, or a .pls
// naming it).
func TestTiledOffsetDroppedTilesNoted(t *testing.T) {
	m, rooms, err := ReadTiledRooms(strings.NewReader(offsetMap()), "off.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	if got := rows(m.Terrain, 4); got != "...#\n...." {
		t.Errorf("terrain:\n%s", got)
	}
	want := `tile layer "walls" is drawn offset by (2,-1) tiles ((32,-16) px, its offset and its groups'), which puts 3 of its tiles off the map: they are not read`
	if len(rooms.Notes) != 1 || rooms.Notes[0] != want {
		t.Fatalf("notes %q\nwant %q", rooms.Notes, want)
	}

	dir := t.TempDir()
	writeFile(t, dir, "off.tmx", offsetMap())
	s, err := LoadScenario(filepath.Join(dir, "off.tmx"))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Notes) != 1 || s.Notes[0] != "off.tmx: "+want {
		t.Errorf("a .tmx opened alone: notes %q", s.Notes)
	}
	pls := writeFile(t, dir, "s.pls", "pathlens-scenario 1\nmap off.tmx\n")
	if s, err = LoadScenario(pls); err != nil {
		t.Fatal(err)
	}
	if len(s.Notes) != 1 || s.Notes[0] != "off.tmx: "+want {
		t.Errorf("a .pls naming it: notes %q", s.Notes)
	}
}

// One tile off the map is said in the singular; an offset that moves only
// empty cells off the map, or none, says nothing.
func TestTiledOffsetNoteCounts(t *testing.T) {
	one := strings.Replace(offsetMap(), "2,2,0,2,\n0,2,0,0", "0,2,0,0,\n2,0,0,0", 1)
	_, rooms, err := ReadTiledRooms(strings.NewReader(one), "one.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(rooms.Notes) != 1 || !strings.HasSuffix(rooms.Notes[0], "which puts 1 of its tiles off the map: it is not read") {
		t.Errorf("one tile off: notes %q", rooms.Notes)
	}
	none := strings.Replace(offsetMap(), "2,2,0,2,\n0,2,0,0", "0,0,0,0,\n2,2,0,0", 1)
	m, rooms, err := ReadTiledRooms(strings.NewReader(none), "none.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(rooms.Notes) != 0 || rows(m.Terrain, 4) != "..##\n...." {
		t.Errorf("only empty cells off: terrain %q notes %q", m.Terrain, rooms.Notes)
	}
}
