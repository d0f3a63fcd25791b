package maps

import (
	"os"
	"strings"
	"testing"
)

// The example map at the head of docs/formats.md's Tiled section opens as
// the document says: its blocked tile makes the walls, the tile-less cells
// are floor, and its two rectangles are the rooms Hall and Store.
func TestTiledDocExample(t *testing.T) {
	doc, err := os.ReadFile("../docs/formats.md")
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(doc), "## Tiled maps")
	_, ex, ok2 := strings.Cut(sec, "```xml\n")
	ex, _, ok3 := strings.Cut(ex, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("docs/formats.md: no ```xml example in the Tiled section")
	}
	m, rooms, err := ReadTiledRooms(strings.NewReader(ex), "example.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rows(m.Terrain, 7), "#######\n#...#.#\n#.....#\n#######"; got != want {
		t.Errorf("terrain:\n%s\nwant:\n%s", got, want)
	}
	if len(rooms.Layers) != 1 || rows(rooms.Layers[0], 7) != "       \n HHH S \n HHH S \n       " ||
		rooms.Names[0]['H'] != "Hall" || rooms.Names[0]['S'] != "Store" || len(rooms.Notes) != 0 {
		t.Errorf("rooms %q, names %v, notes %q", rooms.Layers, rooms.Names, rooms.Notes)
	}
	// The document's picture of it.
	for _, line := range []string{"#...#.#    #HHH#S#", "#.....#    #HHH S#"} {
		if !strings.Contains(sec, line) {
			t.Errorf("docs/formats.md does not show %q", line)
		}
	}
}
