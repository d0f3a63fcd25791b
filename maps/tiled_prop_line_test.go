package maps

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTiledBadPropertiesNameTheirLine: a property that does not read
// (a block flag that is not a boolean, a move weight out of range) is named
// at its line: in the map, or in the external tileset that holds it, on a
// tile layer, an object layer and the map itself.
func TestTiledBadPropertiesNameTheirLine(t *testing.T) {
	// An external tileset whose tile 1 (gid 2, placed at (4,0)) has a
	// cost of 12, on line 7 of the .tsx. The tileset is read where its
	// first tile lies, (0,0), which is another tile: the message gives no
	// cell then.
	dir := t.TempDir()
	tsx := `<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" name="walls" tilewidth="32" tileheight="32" tilecount="2" columns="2">
 <image source="walls.png" width="64" height="32"/>
 <tile id="1">
  <properties>
   <property name="solid" type="bool" value="false"/>
   <property name="cost" type="int" value="12"/>
  </properties>
 </tile>
</tileset>
`
	tmx := `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="6" height="1" tilewidth="32" tileheight="32" infinite="0">
 <tileset firstgid="1" source="walls.tsx"/>
 <layer id="1" name="ground" width="6" height="1">
  <data encoding="csv">1,1,1,1,2,1</data>
 </layer>
</map>
`
	os.WriteFile(filepath.Join(dir, "walls.tsx"), []byte(tsx), 0o644)
	os.WriteFile(filepath.Join(dir, "level.tmx"), []byte(tmx), 0o644)
	_, err := LoadMap(filepath.Join(dir, "level.tmx"))
	var me *Error
	want := `tileset "walls" tile 1 (walls.tsx:7): cost "12", want a whole move weight from 1 to 9`
	if !errors.As(err, &me) || me.Msg != want || me.HasCell || me.Line != 0 {
		t.Errorf("external tileset: got %v\nwant %s", err, want)
	}

	base := `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16" infinite="0">
 <properties>
  <property name="note" value="x"/>
  <property name="pathlens.empty" value="open"/>
 </properties>
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="2" columns="2">
  <tile id="0"><properties><property name="cost" value="2"/></properties></tile>
 </tileset>
 <group id="5" name="outdoors">
  <layer id="1" name="ground" width="2" height="1">
   <properties>
    <property name="blocked" value="false"/>
   </properties>
   <data encoding="csv">1,1</data>
  </layer>
  <objectgroup id="2" name="props">
   <properties>
    <property name="solid" value="false"/>
   </properties>
  </objectgroup>
 </group>
</map>
`
	for _, c := range []struct {
		name, from, to, want string
		line                 int
	}{
		{"tile layer", `name="blocked" value="false"`, `name="blocked" value="maybe"`, `tile layer "ground": property blocked is "maybe", want true or false`, 13},
		{"object layer", `name="solid" value="false"`, `name="solid" value="2"`, `object layer "props": property solid is "2", want true or false`, 19},
		{"map", `name="pathlens.empty" value="open"`, `name="pathlens.empty" value="lava"`, `map property pathlens.empty "lava": want open or blocked`, 5},
		{"embedded tile", `name="cost" value="2"`, `name="cost" value="0"`, `tileset "t" tile 0: cost "0", want a whole move weight from 1 to 9 (placed on tile layer "ground" at cell (0,0))`, 8},
	} {
		src := strings.Replace(base, c.from, c.to, 1)
		if src == base {
			t.Fatalf("%s: %q not in the map", c.name, c.from)
		}
		_, _, err := ReadTiled(strings.NewReader(src), "m.tmx", "")
		var me *Error
		if !errors.As(err, &me) || me.Msg != c.want || me.Line != c.line {
			t.Errorf("%s: got %v (line %d)\nwant m.tmx:%d: %s", c.name, err, lineOf(me), c.line, c.want)
		}
	}
	if _, _, err := ReadTiled(strings.NewReader(base), "m.tmx", ""); err != nil {
		t.Fatalf("the good map: %v", err)
	}
}

// TestXMLLine: steps follow children, deep steps any depth, attributes
// must match, and an element that is not on the path is not found.
func TestXMLLine(t *testing.T) {
	doc := []byte(`<map>
 <properties><property name="a"/></properties>
 <tileset firstgid="1">
  <tile id="3"><properties>
   <property name="a"/>
  </properties></tile>
 </tileset>
 <group><group>
  <layer id="9"/>
 </group></group>
</map>`)
	for _, c := range []struct {
		steps []xmlStep
		want  int
	}{
		{[]xmlStep{{name: "map"}, {name: "properties"}, {name: "property", attr: "name", val: "a"}}, 2},
		{[]xmlStep{{name: "map"}, {name: "tileset", attr: "firstgid", val: "1"}, {name: "tile", attr: "id", val: "3"}, {name: "properties"}, {name: "property", attr: "name", val: "a"}}, 5},
		{[]xmlStep{{name: "map"}, {name: "tileset", attr: "firstgid", val: "2"}, {name: "tile"}}, 0},
		{[]xmlStep{layerStep("layer", 9, "")}, 9},
		{[]xmlStep{{name: "map"}, {name: "layer"}}, 0}, // not a child
		{[]xmlStep{{name: "tileset"}}, 0},              // not the root
	} {
		if got := xmlLine(doc, c.steps...); got != c.want {
			t.Errorf("%v: line %d, want %d", c.steps, got, c.want)
		}
	}
}

// TestTiledLayerLineNotATileCollision: a tile's collision shapes are an
// <objectgroup> inside the tileset, with ids of their own; an object
// layer of the same id is named at its own line, not the tile's.
func TestTiledLayerLineNotATileCollision(t *testing.T) {
	src := `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16" infinite="0">
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="2" columns="2">
  <tile id="0">
   <objectgroup draworder="index" id="2">
    <object id="1" x="0" y="0" width="16" height="16"/>
   </objectgroup>
  </tile>
 </tileset>
 <layer id="1" name="ground" width="2" height="1">
  <data encoding="csv">1,1</data>
 </layer>
 <objectgroup id="2" name="regions x"/>
</map>
`
	_, _, err := ReadTiled(strings.NewReader(src), "m.tmx", "")
	var me *Error
	if !errors.As(err, &me) || me.Line != 13 {
		t.Fatalf("got %v (line %d), want line 13", err, lineOf(me))
	}
}
