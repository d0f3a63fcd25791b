package maps

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A room drawn across a wall with no door (split.tmx: room K) fell into
// two groups that only the inspector's "part 1 of 2" showed. The load note
// names the room, its object and line, the parts' count and a cell of
// each.
func TestTiledSplitRoomNote(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "tiled", "split_room.tmx"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	_, rooms, err := ReadTiledRooms(f, "split.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	want := `region layer "rooms": room 'K' (object 5, line 40) falls into 2 parts not connected inside it (8-connected, no corner cutting), at (11,11), (21,11): `
	var got []string
	for _, n := range rooms.Notes {
		if strings.Contains(n, "parts not connected") {
			got = append(got, n)
		}
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], want) {
		t.Fatalf("split notes %q, want one starting %q", got, want)
	}
}

// Connected inside the room is the group hierarchy's connectivity: a
// diagonal step joins two cells of the room when both cells beside it are
// open, whichever room they lie in (no corner cutting), and not past a
// wall corner.
func TestTiledSplitRoomConnectivity(t *testing.T) {
	diag := `<objectgroup id="2" name="rooms">
<object id="1" name="Hall" x="0" y="0" width="16" height="16"/>
<object id="2" name="Hall" x="16" y="16" width="16" height="16"/>
<object id="3" name="Rest" x="32" y="0" width="32" height="48"/>
</objectgroup>`
	for _, c := range []struct {
		name, csv, rooms string
		want             string // "" no split note
	}{
		{"wall through it", "1,2,1,1,\n1,2,1,1,\n1,2,1,1", `<objectgroup id="2" name="rooms"><object id="1" name="Room" x="0" y="0" width="64" height="48"/></objectgroup>`,
			`room 'R' (object 1 "Room", line 12) falls into 2 parts not connected inside it (8-connected, no corner cutting), at (0,0), (2,0)`},
		{"door in the wall", "1,2,1,1,\n1,1,1,1,\n1,2,1,1", `<objectgroup id="2" name="rooms"><object id="1" name="Room" x="0" y="0" width="64" height="48"/></objectgroup>`, ""},
		{"diagonal, corners open", "1,1,1,1,\n1,1,1,1,\n1,1,1,1", diag, ""},
		{"diagonal past a wall corner", "1,2,1,1,\n1,1,1,1,\n1,1,1,1", diag,
			`room 'H' (object 1 "Hall", line 13) falls into 2 parts not connected inside it (8-connected, no corner cutting), at (0,0), (1,1)`},
	} {
		src := fmt.Sprintf(tmx(tileset, c.csv, 4, 3), c.rooms)
		_, rooms, err := ReadTiledRooms(strings.NewReader(src), "s.tmx", "")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var got []string
		for _, n := range rooms.Notes {
			if strings.Contains(n, "parts not connected") {
				got = append(got, n)
			}
		}
		switch {
		case c.want == "" && len(got) > 0:
			t.Errorf("%s: notes %q, want none", c.name, got)
		case c.want != "" && (len(got) != 1 || !strings.Contains(got[0], c.want)):
			t.Errorf("%s: notes %q, want %q", c.name, got, c.want)
		}
	}
}
