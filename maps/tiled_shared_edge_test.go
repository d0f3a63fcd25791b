package maps

import (
	"fmt"
	"strings"
	"testing"
)

// Which room a cell whose centre lies on the edge two rooms share belongs
// to (docs/formats.md): the one east of a vertical edge, south of a
// horizontal one, east of a slanted one, and never both. Two triangles
// sharing the diagonal (0,0)-(50.7,50.7), drawn either way round, put
// the centres on it, (8,8), (24,24) and (40,40), in one room each: the
// crossing was computed from opposite ends of the edge, so one winding
// left the centres in no room and the other claimed them twice, refused
// as an overlap.
func TestTiledSharedEdgeOneRoom(t *testing.T) {
	for _, east := range []string{
		`<object id="1" name="East" x="0" y="0"><polygon points="0,0 50.7,0 50.7,50.7"/></object>`,
		`<object id="1" name="East" x="0" y="0"><polygon points="50.7,50.7 50.7,0 0,0"/></object>`,
	} {
		for _, west := range []string{
			`<object id="2" name="West" x="0" y="0"><polygon points="0,0 50.7,50.7 0,50.7"/></object>`,
			`<object id="2" name="West" x="0" y="0"><polygon points="0,0 0,50.7 50.7,50.7"/></object>`,
		} {
			src := fmt.Sprintf(tmx(tileset, "1,1,1,1,\n1,1,1,1,\n1,1,1,1,\n1,1,1,1", 4, 4), `<objectgroup id="2" name="rooms">`+east+west+`</objectgroup>`)
			_, rooms, err := ReadTiledRooms(strings.NewReader(src), "e.tmx", "")
			if err != nil {
				t.Fatalf("%s, %s: %v", east, west, err)
			}
			l := rooms.Layers[0]
			for y := 0; y < 3; y++ {
				for x := 0; x < 3; x++ {
					want := byte('W')
					if x >= y {
						want = 'E' // on the diagonal: the room east of it
					}
					if got := l[y*4+x]; got != want {
						t.Errorf("%s: cell (%d,%d) in %q, want %q", west, x, y, got, want)
					}
				}
			}
		}
	}
	// Rectangles: a centre on a shared vertical edge (x = 24) goes east,
	// on a shared horizontal edge (y = 24) south.
	src := fmt.Sprintf(tmx(tileset, "1,1,1,1,\n1,1,1,1,\n1,1,1,1,\n1,1,1,1", 4, 4), `<objectgroup id="2" name="rooms">
<object id="1" name="A" x="0" y="0" width="24" height="24"/>
<object id="2" name="B" x="24" y="0" width="40" height="24"/>
<object id="3" name="C" x="0" y="24" width="64" height="40"/>
</objectgroup>`)
	_, rooms, err := ReadTiledRooms(strings.NewReader(src), "r.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	if got := string(rooms.Layers[0]); got != "ABBB"+"CCCC"+"CCCC"+"CCCC" {
		t.Errorf("rectangles: %q", got)
	}
}
