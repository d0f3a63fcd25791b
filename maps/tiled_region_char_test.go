package maps

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestTiledRegionCharTwoNames: two differently named objects with the same
// region character are refused, naming both objects and their lines; they
// were merged into one room under one name, and the export renamed the
// other's rectangle.
func TestTiledRegionCharTwoNames(t *testing.T) {
	src := fmt.Sprintf(fourByTwo, `<objectgroup id="2" name="rooms">
<object id="1" name="Armory" x="0" y="0" width="32" height="32"><properties><property name="region" value="X"/></properties></object>
<object id="2" name="Barracks" x="32" y="0" width="32" height="32"><properties><property name="region" value="X"/></properties></object>
</objectgroup>`)
	_, _, err := ReadTiled(strings.NewReader(src), "d.tmx", "")
	var me *Error
	if !errors.As(err, &me) || me.Line != 13 ||
		!strings.Contains(err.Error(), `d.tmx:13: region layer "rooms": object 2 "Barracks" has region 'X', which object 1 "Armory" (line 12) already gives its room`) {
		t.Fatalf("%v", err)
	}
}

// TestTiledRegionCharPieces: pieces of one room by one name and character,
// and pieces with the character and no name, are one room keeping its
// name, whichever comes first in the file.
func TestTiledRegionCharPieces(t *testing.T) {
	named := `<object id="%d" name="Armory" x="%d" y="0" width="16" height="32"><properties><property name="region" value="X"/></properties></object>`
	bare := `<object id="%d" x="%d" y="0" width="16" height="32"><properties><property name="region" value="X"/></properties></object>`
	for _, order := range [][2]string{{named, bare}, {bare, named}} {
		src := fmt.Sprintf(fourByTwo, `<objectgroup id="2" name="rooms">`+
			fmt.Sprintf(order[0], 1, 0)+fmt.Sprintf(order[1], 2, 16)+`</objectgroup>`)
		_, rooms, err := ReadTiledRooms(strings.NewReader(src), "p.tmx", "")
		if err != nil {
			t.Fatal(err)
		}
		if rows(rooms.Layers[0], 4) != "XX  \nXX  " || rooms.Names[0]['X'] != "Armory" {
			t.Fatalf("layer %q, names %v", rooms.Layers[0], rooms.Names[0])
		}
	}
}

// TestTiledRegionCharOneRoomTwoChars: two pieces of one room (one name)
// whose region properties give two characters were read as two rooms, the
// second with no name. They are refused naming the file, both lines and
// both characters, whichever layer of the level each piece is on.
func TestTiledRegionCharOneRoomTwoChars(t *testing.T) {
	src := fmt.Sprintf(fourByTwo, `<objectgroup id="2" name="rooms">
<object id="1" name="Hall" x="0" y="0" width="32" height="32"><properties><property name="region" value="X"/></properties></object>
<object id="2" name="Hall" x="32" y="0" width="32" height="32"><properties><property name="region" value="Y"/></properties></object>
</objectgroup>`)
	_, _, err := ReadTiled(strings.NewReader(src), "h.tmx", "")
	var me *Error
	if !errors.As(err, &me) || me.Line != 13 ||
		!strings.Contains(err.Error(), `h.tmx:13: region layer "rooms": object 2 "Hall" has region 'Y', but object 1 "Hall" (line 12), a piece of the same room, has region 'X'`) {
		t.Fatalf("%v", err)
	}
	// The pieces on two layers of level 1, a bare piece between them.
	src = fmt.Sprintf(fourByTwo, `<objectgroup id="2" name="rooms">
<object id="1" name=" Hall" x="0" y="0" width="16" height="32"><properties><property name="region" value="h"/></properties></object>
<object id="2" x="16" y="0" width="16" height="32"><properties><property name="region" value="Q"/></properties></object>
</objectgroup>
<objectgroup id="3" name="regions">
<object id="3" name="Hall" x="32" y="0" width="32" height="32"><properties><property name="region" value="H"/></properties></object>
</objectgroup>`)
	_, _, err = ReadTiled(strings.NewReader(src), "h.tmx", "")
	if !errors.As(err, &me) || me.Line != 16 ||
		!strings.Contains(err.Error(), `h.tmx:16: region layer "regions": object 3 "Hall" has region 'H', but object 1 "Hall" (line 12), a piece of the same room, has region 'h'`) {
		t.Fatalf("two layers: %v", err)
	}
	// The same character on both pieces, or one piece without the
	// property, is one room.
	for _, second := range []string{`<properties><property name="region" value="X"/></properties>`, ``} {
		src = fmt.Sprintf(fourByTwo, `<objectgroup id="2" name="rooms">
<object id="1" name="Hall" x="0" y="0" width="32" height="32"><properties><property name="region" value="X"/></properties></object>
<object id="2" name="Hall" x="32" y="0" width="32" height="32">`+second+`</object>
</objectgroup>`)
		_, rooms, err := ReadTiledRooms(strings.NewReader(src), "h.tmx", "")
		if err != nil {
			t.Fatal(err)
		}
		if rows(rooms.Layers[0], 4) != "XXXX\nXXXX" || rooms.Names[0]['X'] != "Hall" {
			t.Fatalf("layer %q, names %v", rooms.Layers[0], rooms.Names[0])
		}
	}
}
