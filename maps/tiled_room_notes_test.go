package maps

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestTiledRoomCoversNoCellNote: a room object that covers no cell, drawn
// off the map or too small to hold a cell's centre, was dropped without a
// word; it is noted with its layer, id, name, line and why. A piece lying
// wholly under another piece of its own room covers cells and says nothing.
func TestTiledRoomCoversNoCellNote(t *testing.T) {
	src := fmt.Sprintf(fourByTwo, `<objectgroup id="2" name="rooms">
<object id="1" name="Hall" x="0" y="0" width="32" height="32"/>
<object id="2" name="Hall" x="0" y="0" width="16" height="16"/>
<object id="8" name="Ghost" x="2000" y="2000" width="32" height="32"/>
<object id="9" name="Speck" x="33" y="1" width="4" height="4"/>
</objectgroup>`)
	_, rooms, err := ReadTiledRooms(strings.NewReader(src), "o.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`region layer "rooms": object 8 "Ghost" (line 14) lies outside the map ((2000,2000)-(2032,2032) px; the map is 64×32 px), so it covers no cell and is not read`,
		`region layer "rooms": object 9 "Speck" (line 15) holds no cell's centre`,
	}
	if len(rooms.Notes) != len(want) {
		t.Fatalf("notes %q", rooms.Notes)
	}
	for i, w := range want {
		if !strings.HasPrefix(rooms.Notes[i], w) {
			t.Errorf("note %q, want %q", rooms.Notes[i], w)
		}
	}
}

// TestTiledRoomOverWallsNote: a room whose every cell is a wall has no part
// in the hierarchy; it is noted with its character, object, name and line.
// A room with one open cell among walls is not.
func TestTiledRoomOverWallsNote(t *testing.T) {
	src := fmt.Sprintf(tmx(tileset, "1,2,1,1,\n1,2,1,1", 4, 2), `<objectgroup id="2" name="rooms">
<object id="1" name="Hall" x="0" y="0" width="32" height="32"/>
<object id="8" name="Pillar" x="16" y="0" width="16" height="32"><properties><property name="region" value="P"/></properties></object>
</objectgroup>`)
	_, _, err := ReadTiledRooms(strings.NewReader(src), "w.tmx", "")
	if err == nil {
		t.Fatal("overlap accepted") // Hall covers column 1 too: move it
	}
	src = strings.Replace(src, `name="Hall" x="0" y="0" width="32"`, `name="Hall" x="0" y="0" width="16"`, 1)
	_, rooms, err := ReadTiledRooms(strings.NewReader(src), "w.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	want := `region layer "rooms": room 'P' (object 8 "Pillar", line 13) covers only walls (2 cells): it holds no open cell`
	if len(rooms.Notes) != 1 || !strings.HasPrefix(rooms.Notes[0], want) {
		t.Fatalf("notes %q, want %q", rooms.Notes, want)
	}
}

// TestTiledTwoLayersOneLevel: rooms on two layers of one level that
// overlap are refused naming both layers and their lines and the level
// they both give; the message named the second layer alone, so the first
// object seemed to be on it.
func TestTiledTwoLayersOneLevel(t *testing.T) {
	src := fmt.Sprintf(fourByTwo, `<objectgroup id="2" name="rooms"><object id="1" name="A" x="0" y="0" width="32" height="32"/></objectgroup>
<objectgroup id="3" name="regions"><object id="10" name="W" x="0" y="0" width="64" height="32"/></objectgroup>`)
	_, _, err := ReadTiled(strings.NewReader(src), "t.tmx", "")
	var me *Error
	want := `t.tmx:12: object layers "rooms" (line 11) and "regions" (line 12) both give region level 1, and cell (0,0) lies in region 'A' (object 1 on "rooms", line 11) and 'W' (object 10 on "regions")`
	if !errors.As(err, &me) || !me.HasCell || !strings.Contains(err.Error(), want) {
		t.Fatalf("%v\nwant %s", err, want)
	}
	// Rooms the designer named are named so, their letters after.
	src = strings.Replace(strings.Replace(src, `name="A"`, `name="Armoury"`, 1), `name="W"`, `name="West wing"`, 1)
	_, _, err = ReadTiled(strings.NewReader(src), "t.tmx", "")
	want = `cell (0,0) lies in region "Armoury" (object 1 on "rooms", line 11, letter 'A') and "West wing" (object 10 on "regions", letter 'W')`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("%v\nwant %s", err, want)
	}
}
