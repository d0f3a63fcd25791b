package maps

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The designer's tilecollision.tmx: the wall tile's only marking was a
// collision shape drawn in Tiled's Collision Editor, and every wall was
// silently open. A tile is now a wall when one of its collision shapes
// covers its centre (its edge included): a full-tile rectangle, a triangle
// whose long side crosses the centre, the top half. Shapes that miss the
// centre (two corners) and an ellipse (not read) leave the tile open, and
// a note says so with the cells left open; a cell walled by another layer
// is not counted.
func TestTiledTileCollisionShapes(t *testing.T) {
	s, err := LoadScenario("testdata/tiled/collision_shapes.tmx")
	if err != nil {
		t.Fatal(err)
	}
	want := ".##..#3.\n........\n.......#"
	if got := rows(s.Map.Terrain, 8); got != want {
		t.Fatalf("terrain:\n%s\nwant:\n%s", got, want)
	}
	wantNotes := []string{
		`collision_shapes.tmx: tileset "props" tile 3: its collision shapes miss the tile's centre, so its 4 cells stay open (a shape over the centre makes a wall)`,
		`collision_shapes.tmx: tileset "props" tile 4: its collision shapes include an ellipse, not read (only unrotated rectangles and polygons are), so its cell stays open`,
	}
	if strings.Join(s.Notes, "\n") != strings.Join(wantNotes, "\n") {
		t.Fatalf("notes:\n%s\nwant:\n%s", strings.Join(s.Notes, "\n"), strings.Join(wantNotes, "\n"))
	}

	// The designer's file as gen.py wrote it: walls on the rim and two
	// inner walls with doors.
	src := designerMap(6, 3, func(r []string) []string {
		return []string{"2,2,2,2,2,2", "2,1,2,1,1,2", "2,2,2,2,2,2"}
	})
	src = strings.Replace(src, `<properties>
    <property name="blocked" type="bool" value="true"/>
   </properties>`, `<objectgroup draworder="index" id="2">
    <object id="1" x="0" y="0" width="16" height="16"/>
   </objectgroup>`, 1)
	m, _, err := ReadTiled(strings.NewReader(src), "tilecollision.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	if got := rows(m.Terrain, 6); got != "######\n#.#..#\n######" {
		t.Fatalf("tilecollision terrain:\n%s", got)
	}
}

// Several tiles of one kind are listed in one note, and a map whose shapes
// all make walls has none.
func TestTiledTileShapeNotesGroupTiles(t *testing.T) {
	ts := `<tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="9" columns="9">`
	for id := 1; id <= 8; id++ {
		ts += fmt.Sprintf(`<tile id="%d"><objectgroup><object id="1" x="0" y="0" width="4" height="4"/></objectgroup></tile>`, id)
	}
	ts += `</tileset>`
	m, rooms, err := ReadTiledRooms(strings.NewReader(fmt.Sprintf(tmx(ts, "2,3,4,5,6,7,8,9,9", 9, 1), "")), "g.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	if rows(m.Terrain, 9) != "........." || len(rooms.Notes) != 1 ||
		!strings.Contains(rooms.Notes[0], `tileset "t" tiles 1, 2, 3, 4, 5, 6 and 2 more: their collision shapes miss the tile's centre, so their 9 cells stay open`) {
		t.Fatalf("terrain %q, notes %q", m.Terrain, rooms.Notes)
	}
	unread := `<tileset firstgid="1" name="u" tilewidth="16" tileheight="16" tilecount="4" columns="4">
<tile id="1"><objectgroup><object id="1" x="0" y="0" width="16" height="16"><ellipse/></object></objectgroup></tile>
<tile id="2"><objectgroup><object id="1" x="0" y="0"><polyline points="0,0 16,16"/></object><object id="2" x="8" y="8"><point/></object></objectgroup></tile>
<tile id="3"><objectgroup><object id="1" x="0" y="0" width="16" height="16" rotation="45"/></objectgroup></tile>
</tileset>`
	if _, rooms, err := ReadTiledRooms(strings.NewReader(fmt.Sprintf(tmx(unread, "2,3,4,1", 4, 1), "")), "u.tmx", ""); err != nil || len(rooms.Notes) != 1 ||
		rooms.Notes[0] != `tileset "u" tiles 1, 2 and 3: their collision shapes include an ellipse, a polyline, a point and a rotated shape, not read (only unrotated rectangles and polygons are), so their 3 cells stay open` {
		t.Fatalf("unread shapes: %v, notes %q", err, rooms.Notes)
	}
	full := `<tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="2" columns="2"><tile id="1"><objectgroup><object id="1" x="0" y="0" width="16" height="16"/></objectgroup></tile></tileset>`
	if _, rooms, err := ReadTiledRooms(strings.NewReader(fmt.Sprintf(tmx(full, "1,2", 2, 1), "")), "f.tmx", ""); err != nil || len(rooms.Notes) != 0 {
		t.Fatalf("all shapes walls: %v, notes %q", err, rooms.Notes)
	}
}

// The designer's objcollision.tmx: walls drawn as rectangles on an object
// layer named collision were ignored. Such a layer (named or classed as a
// collision tile layer is, or with a true blocked property) now blocks
// every cell whose centre lies inside one of its rectangles or polygons,
// offsets included, as rooms cover cells. Wall tiles placed as tile
// objects elsewhere are noted, not read; shapes on an ordinary object
// layer are no one's business.
func TestTiledCollisionObjectLayers(t *testing.T) {
	s, err := LoadScenario("testdata/tiled/collision_objects.tmx")
	if err != nil {
		t.Fatal(err)
	}
	want := "...#....\n...#..##\n...#...#\n##......"
	if got := rows(s.Map.Terrain, 8); got != want {
		t.Fatalf("terrain:\n%s\nwant:\n%s", got, want)
	}
	if len(s.Regions) != 1 || rows(s.Regions[0], 8) != "LLL     \nLLL     \nLLL     \n        " {
		t.Fatalf("rooms %q", s.Regions)
	}
	if len(s.Notes) != 1 || s.Notes[0] != `collision_objects.tmx: object layer "decor" holds 2 wall tiles placed as tile objects (tile 1 of tileset "basic" first), which are not read: walls are tiles on tile layers, or rectangles, polygons and ellipses on an object layer named collision` {
		t.Fatalf("notes %q", s.Notes)
	}

	marked := fmt.Sprintf(tmx(tileset, "1,1", 2, 1), `<objectgroup id="2" name="objects">
  <object id="1" x="0" y="0" width="16" height="16"><properties><property name="solid" type="bool" value="true"/></properties></object>
  <object id="2" type="wall" x="16" y="0" width="16" height="16"/>
  <object id="3" name="spawn" x="16" y="0" width="16" height="16"/>
 </objectgroup>`)
	if m, rooms, err := ReadTiledRooms(strings.NewReader(marked), "marked.tmx", ""); err != nil || rows(m.Terrain, 2) != ".." || len(rooms.Notes) != 1 ||
		rooms.Notes[0] != `object layer "objects" holds 2 objects marked as walls (by property or class), which are not read: walls drawn as shapes belong on an object layer named collision (or walls, solid, obstacles)` {
		t.Fatalf("shapes marked as walls elsewhere: %v, notes %q", err, rooms.Notes)
	}

	objcollision := fmt.Sprintf(tmx(tileset, "1,1,1,1,1,\n1,1,1,1,1", 5, 2), `<objectgroup id="2" name="collision">
  <object id="1" x="32" y="0" width="16" height="32"/>
 </objectgroup>
 <objectgroup id="3" name="walls2"><properties><property name="blocked" type="bool" value="true"/></properties>
  <object id="2" x="0" y="16" width="16" height="16"/>
 </objectgroup>`)
	m, _, err := ReadTiled(strings.NewReader(objcollision), "objcollision.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	if got := rows(m.Terrain, 5); got != "..#..\n#.#.." {
		t.Fatalf("objcollision terrain:\n%s", got)
	}
}

// What a collision object layer holds that is not a rectangle or polygon
// is refused as on a room layer, naming the layer, the object and its
// line.
func TestTiledCollisionObjectRefusals(t *testing.T) {
	for _, c := range []struct {
		name, obj, want string
	}{
		{"polyline", `<object id="5" x="0" y="0"><polyline points="0,0 32,0"/></object>`, `collision layer "walls": object 5 is a polyline, not a rectangle, a polygon or an ellipse: a wall blocks the cells whose centres lie inside one of those`},
		{"point", `<object id="6" x="3" y="3"><point/></object>`, `collision layer "walls": object 6 has no area (a point?): walls must be rectangles, polygons or ellipses`},
		{"rotated", `<object id="7" x="0" y="0" width="16" height="16" rotation="30"/>`, `object 7 is rotated (30°): walls must be unrotated rectangles, polygons or ellipses`},
		{"rotated ellipse", `<object id="10" x="0" y="0" width="32" height="16" rotation="30"><ellipse/></object>`, `object 10 is rotated (30°)`},
		{"tile", `<object id="8" gid="2" x="0" y="16" width="16" height="16"/>`, `object 8 is a tile, not a rectangle, a polygon or an ellipse`},
		{"far", `<object id="9" x="-1e300" y="0" width="16" height="16"/>`, `object 9 lies far outside the map`},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := fmt.Sprintf(tmx(tileset, "1,1,\n1,1", 2, 2), "<objectgroup id=\"2\" name=\"walls\">\n<object id=\"1\" x=\"0\" y=\"0\" width=\"16\" height=\"16\"/>\n"+c.obj+"\n</objectgroup>")
			_, _, err := ReadTiled(strings.NewReader(src), "w.tmx", "")
			var me *Error
			if !errors.As(err, &me) || !strings.Contains(err.Error(), c.want) || me.Line != 13 {
				t.Fatalf("error %v (line %d), want %q at line 13", err, lineOf(me), c.want)
			}
		})
	}
}

// A .pls naming a Tiled map carries the map's notes, each naming the map
// file, for the session to show.
func TestTiledNotesInAScenario(t *testing.T) {
	dir := t.TempDir()
	b, err := os.ReadFile("testdata/tiled/collision_shapes.tmx")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "props.tmx", string(b))
	pls := writeFile(t, dir, "s.pls", "pathlens-scenario 1\nmap props.tmx\nquery 0,1 7,1\n")
	s, err := LoadScenario(pls)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Notes) != 2 || !strings.HasPrefix(s.Notes[0], `props.tmx: tileset "props" tile 3: its collision shapes miss`) {
		t.Fatalf("notes %q", s.Notes)
	}
	if _, err := os.Stat(filepath.Join(dir, "props.tmx")); err != nil {
		t.Fatal(err)
	}
}

// A room that cannot be read was refused with no line (the designer's
// ellipse.tmx: "region layer "rooms": object 4 is an ellipse"; ellipses
// are read now, a polyline is still refused); rooms and collision objects
// now name the line of the object's element, and an object with the same
// id inside a tileset's tile is not taken for it.
func TestTiledRoomErrorsNameTheObjectLine(t *testing.T) {
	src := designerMap(4, 2, nil)
	src = strings.Replace(src, `  </tile>`, `   <objectgroup><object id="4" x="0" y="0" width="16" height="16"/></objectgroup>
  </tile>`, 1)
	src = strings.Replace(src, "</map>", ` <objectgroup id="2" name="rooms">
  <object id="1" name="West hall" x="0" y="0" width="32" height="32"/>
  <object id="4" name="East wing" x="32" y="0">
   <polyline points="0,0 32,32"/>
  </object>
 </objectgroup>
</map>`, 1)
	_, _, err := ReadTiled(strings.NewReader(src), "polyline.tmx", "")
	var me *Error
	if !errors.As(err, &me) || me.Line != 20 || !strings.Contains(err.Error(), `region layer "rooms": object 4 is a polyline`) {
		t.Fatalf("error %v (line %d), want the polyline at line 20", err, lineOf(me))
	}
}
