package maps

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// Rooms drawn as ellipses in Tiled made the whole map refuse to load
// ("object 2 is an ellipse, not a rectangle or a polygon"). An ellipse
// covers the cells whose centres lie strictly inside it, like a rectangle
// or polygon, offsets and templates included.
func TestTiledEllipseRooms(t *testing.T) {
	csv := "1,1,1,1,1,1,1,\n1,1,1,1,1,1,1,\n1,1,1,1,1,1,1"
	src := fmt.Sprintf(tmx(tileset, csv, 7, 3), `<objectgroup id="2" name="rooms">
  <object id="1" name="Hall" x="0" y="0" width="16" height="48"/>
  <object id="2" name="Oval" x="16" y="0" width="80" height="48"><ellipse/></object>
 </objectgroup>
 <objectgroup id="3" name="regions 2" offsetx="16">
  <object id="3" name="Pond" x="80" y="16" width="16" height="16"><ellipse/></object>
 </objectgroup>`)
	_, rooms, err := ReadTiledRooms(strings.NewReader(src), "oval.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(rooms.Layers) != 2 {
		t.Fatalf("%d layers, want 2", len(rooms.Layers))
	}
	if got, want := rows(rooms.Layers[0], 7), "H OOO  \nHOOOOO \nH OOO  "; got != want {
		t.Errorf("level 1:\n%s\nwant:\n%s", got, want)
	}
	if got, want := rows(rooms.Layers[1], 7), "       \n      P\n       "; got != want {
		t.Errorf("level 2 (offset 16 px):\n%s\nwant:\n%s", got, want)
	}
	if rooms.Names[0]['O'] != "Oval" || len(rooms.Notes) != 0 {
		t.Errorf("names %v notes %q", rooms.Names, rooms.Notes)
	}

	// Two ellipses overlapping on a cell are two rooms in one cell, refused
	// naming both and the line.
	clash := fmt.Sprintf(tmx(tileset, csv, 7, 3), `<objectgroup id="2" name="rooms">
  <object id="1" name="A" x="0" y="0" width="64" height="48"><ellipse/></object>
  <object id="2" name="B" x="32" y="0" width="64" height="48"><ellipse/></object>
 </objectgroup>`)
	_, _, err = ReadTiledRooms(strings.NewReader(clash), "clash.tmx", "")
	var me *Error
	if !errors.As(err, &me) || me.Line != 14 || !strings.Contains(err.Error(), `lies in region 'A' (object 1) and 'B' (object 2)`) {
		t.Fatalf("error %v (line %d), want the overlap at object 2's line 14", err, lineOf(me))
	}
}

// An ellipse on a collision object layer blocks the cells whose centres lie
// inside it, as a rectangle there does.
func TestTiledEllipseWalls(t *testing.T) {
	csv := "1,1,1,1,1,\n1,1,1,1,1,\n1,1,1,1,1"
	src := fmt.Sprintf(tmx(tileset, csv, 5, 3), `<objectgroup id="2" name="collision">
  <object id="1" x="0" y="0" width="80" height="48"><ellipse/></object>
 </objectgroup>`)
	m, _, err := ReadTiled(strings.NewReader(src), "pillar.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rows(m.Terrain, 5), ".###.\n#####\n.###."; got != want {
		t.Errorf("terrain:\n%s\nwant:\n%s", got, want)
	}
}
