package maps

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A 4×2 map whose object layers follow at line 11 (see tmx).
var fourByTwo = tmx(tileset, "1,1,1,1,\n1,1,1,1", 4, 2)

// TestTiledRoomsLevelN: "rooms N" is a region layer of level N, as
// "regions N" is (the docs name both), and "rooms2" as "regions2"; a layer
// "rooms 2" was dropped without a word.
func TestTiledRoomsLevelN(t *testing.T) {
	for _, name := range []string{"rooms 2", "Rooms 2", "rooms2", "ROOMS  2"} {
		src := fmt.Sprintf(fourByTwo, `<objectgroup id="2" name="rooms"><object id="1" name="a" x="0" y="0" width="32" height="32"/><object id="2" name="b" x="32" y="0" width="32" height="32"/></objectgroup>
<objectgroup id="3" name="`+name+`"><object id="3" name="W" x="0" y="0" width="64" height="32"/></objectgroup>`)
		_, rooms, err := ReadTiledRooms(strings.NewReader(src), "r.tmx", "")
		if err != nil {
			t.Fatalf("%q: %v", name, err)
		}
		if len(rooms.Layers) != 2 || rows(rooms.Layers[1], 4) != "WWWW\nWWWW" || len(rooms.Notes) != 0 {
			t.Fatalf("%q: layers %q, notes %q", name, rooms.Layers, rooms.Notes)
		}
	}
	// A word that only starts with rooms is no region layer: noted, not refused.
	src := fmt.Sprintf(fourByTwo, `<objectgroup id="2" name="roomset"><object id="1" name="a" x="0" y="0" width="16" height="16"/></objectgroup>`)
	_, rooms, err := ReadTiledRooms(strings.NewReader(src), "r.tmx", "")
	if err != nil || rooms.Layers != nil || len(rooms.Notes) != 1 || !strings.Contains(rooms.Notes[0], `object layer "roomset" (line 11)`) {
		t.Fatalf("roomset: %v, layers %q, notes %q", err, rooms.Layers, rooms.Notes)
	}
}

// TestTiledUnreadLayerNotes: an object layer read neither as rooms nor as
// walls is noted, by name and line, with the name it was likely meant to
// have when it is a slip from rooms or regions; rooms and collision
// layers are not noted.
func TestTiledUnreadLayerNotes(t *testing.T) {
	src := fmt.Sprintf(fourByTwo, `<objectgroup id="2" name="romos"><object id="1" name="a" x="0" y="0" width="16" height="16"/></objectgroup>
<objectgroup id="3" name="spawns"/>
<objectgroup id="7" name="rooms backup"><object id="5" name="d" x="0" y="0" width="16" height="16"/></objectgroup>
<objectgroup id="4" name="collision"><object id="2" x="48" y="0" width="16" height="16"/></objectgroup>
<objectgroup id="5" name="regoins 2"><object id="3" name="b" x="0" y="0" width="16" height="16"/></objectgroup>
<objectgroup id="6" name="rooms"><object id="4" name="c" x="0" y="0" width="16" height="16"/></objectgroup>`)
	_, rooms, err := ReadTiledRooms(strings.NewReader(src), "n.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`object layer "romos" (line 11) holds 1 object, not read as rooms or walls`,
		// "spawns" is empty: nothing unread, no note (a review: Tiled's
		// default empty "Object Layer 1" was noted on every open).
		// "rooms backup" is no region layer (only "rooms" and "rooms N"
		// are): noted, not a refused map as the new "rooms N" made it.
		`object layer "rooms backup" (line 13) holds 1 object, not read as rooms or walls`,
		`object layer "regoins 2" (line 15) holds 1 object, not read as rooms or walls`,
	}
	if len(rooms.Notes) != len(want) {
		t.Fatalf("notes %q, want %d", rooms.Notes, len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(rooms.Notes[i], w) {
			t.Errorf("note %d %q, want it to start %q", i, rooms.Notes[i], w)
		}
	}
	if !strings.HasSuffix(rooms.Notes[0], `if it holds rooms, name it "rooms"`) ||
		strings.Contains(rooms.Notes[1], "name it") || // "rooms backup" is a name of its own
		!strings.HasSuffix(rooms.Notes[2], `if it holds rooms, name it "regions 2"`) {
		t.Errorf("hints: %q", rooms.Notes)
	}
	// Named by the file when a map is loaded by path.
	path := writeTemp(t, "n.tmx", src)
	_, loaded, err := LoadMapRooms(path)
	notes := loaded.Notes
	if err != nil || len(notes) != len(want) || !strings.HasPrefix(notes[0], `n.tmx: object layer "romos"`) {
		t.Fatalf("LoadMapRooms: %v %q", err, notes)
	}
}

// TestTiledLevelGapNamesUnread: region layers above a level that has none
// are refused at the line of the lowest one, naming an unread layer whose
// name slipped from rooms as the likely missing level; with no such slip,
// the unread layers that hold objects.
func TestTiledLevelGapNamesUnread(t *testing.T) {
	src := fmt.Sprintf(fourByTwo, `<objectgroup id="2" name="romos"><object id="1" name="a" x="0" y="0" width="16" height="16"/></objectgroup>
<objectgroup id="3" name="regions 2"><object id="3" name="b" x="0" y="0" width="16" height="16"/></objectgroup>`)
	_, _, err := ReadTiled(strings.NewReader(src), "g.tmx", "")
	var me *Error
	if !errors.As(err, &me) || me.Line != 12 ||
		!strings.Contains(err.Error(), `region layer "regions 2" (level 2): region layers go up to level 2 but level 1 has none: level 1's rooms go on a layer named "rooms"; object layer "romos" (line 11), not read, may be meant as level 1: name it "rooms"`) {
		t.Fatalf("%v", err)
	}
	src = fmt.Sprintf(fourByTwo, `<objectgroup id="2" name="Hall"><object id="1" name="a" x="0" y="0" width="16" height="16"/></objectgroup>
<objectgroup id="3" name="regions 2"><object id="3" name="b" x="0" y="0" width="16" height="16"/></objectgroup>`)
	_, _, err = ReadTiled(strings.NewReader(src), "g.tmx", "")
	if !errors.As(err, &me) || me.Line != 12 || !strings.Contains(err.Error(), `level 1 has none: level 1's rooms go on a layer named "rooms" (or, if "regions 2" holds the only level, name it "rooms"); if object layer "Hall" (line 11) holds them, name it "rooms"`) {
		t.Fatalf("%v", err)
	}
}

// writeTemp writes src to a file name in a fresh folder and returns its path.
func writeTemp(t *testing.T, name, src string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
