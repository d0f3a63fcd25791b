package maps

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An older .pls froze a copy of a Tiled map's rooms; the map has since
// been enlarged in Tiled. The copy is to give way to the map's rooms (the
// commit's claim), but it is checked against the map's size first, so the
// session does not open at all.
func TestOlderCopyOfResizedTiledMapOpens(t *testing.T) {
	dir := t.TempDir()
	tm := filepath.Join(dir, "castle.tmx")
	src := fmt.Sprintf(tmx(tileset, "1,1,1,1,1", 5, 1), `<objectgroup name="rooms">
<object id="1" name="Kitchen" x="0" y="0" width="32" height="16"/>
</objectgroup>`)
	if err := os.WriteFile(tm, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	pls := filepath.Join(dir, "castle.pls")
	old := "pathlens-scenario 1\nmap castle.tmx\nregions 1\nKK  \nend\nquery 0,0 3,0\n"
	if err := os.WriteFile(pls, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := LoadScenario(pls)
	if err != nil {
		t.Fatalf("the older copy of the rooms keeps the session from opening: %v", err)
	}
	if string(s.Regions[0]) != "KK   " {
		t.Errorf("rooms %q", s.Regions[0])
	}
}

// A .pls adds a hand-written level-2 layer over a Tiled map that draws
// level 1 only. Level 2 is nobody's copy of the map: it is dropped on
// open (with a note that says the map's rooms changed, which they did
// not), and the next save loses it for good.
func TestHandWrittenUpperLevelOverTiledRoomsKept(t *testing.T) {
	dir := t.TempDir()
	tm := filepath.Join(dir, "castle.tmx")
	src := fmt.Sprintf(tmx(tileset, "1,1,1,1", 4, 1), `<objectgroup name="rooms">
<object id="1" name="Kitchen" x="0" y="0" width="32" height="16"/>
<object id="2" name="Hall" x="32" y="0" width="32" height="16"/>
</objectgroup>`)
	if err := os.WriteFile(tm, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	pls := filepath.Join(dir, "castle.pls")
	text := "pathlens-scenario 1\nmap castle.tmx\nregions 1\nKKHH\nend\nregions 2\nWWWW\nend\n"
	if err := os.WriteFile(pls, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := LoadScenario(pls)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Regions) != 2 {
		t.Errorf("the hand-written level 2 is dropped: %d layers, notes %q", len(s.Regions), s.Notes)
	}
	var b strings.Builder
	if err := WriteScenario(&b, s); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "regions 2") {
		t.Errorf("a save loses the hand-written level 2:\n%s", b.String())
	}
}
