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
