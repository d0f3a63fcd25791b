package maps

import (
	"errors"
	"strings"
	"testing"
)

// A missing template is named by an object's template attribute, not a
// source attribute: the refusal names no line (0), which the commit says
// it does ("a missing external tileset or template names its line").
func TestMissingTemplateNamesItsLine(t *testing.T) {
	src := `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16" infinite="0">
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="1" columns="1"/>
 <layer id="1" name="ground" width="2" height="1"><data encoding="csv">1,1</data></layer>
 <objectgroup name="rooms">
  <object id="1" template="room.tx" x="0" y="0"/>
 </objectgroup>
</map>`
	_, _, err := ReadTiled(strings.NewReader(src), "m.tmx", t.TempDir())
	var me *Error
	if !errors.As(err, &me) || me.Line != 6 || !strings.Contains(err.Error(), "template room.tx") {
		t.Errorf("missing template: %v (%+v), want line 6", err, me)
	}
}

// Tiled writes a map on one line when asked to minimise it (and other
// tools do too): sourceLine looks at the first source= of a line only.
func TestMissingTilesetOnASharedLine(t *testing.T) {
	src := `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16" infinite="0"><tileset firstgid="1" source="here.tsx"/><tileset firstgid="5" source="nothere.tsx"/><layer id="1" name="ground" width="2" height="1"><data encoding="csv">1,5</data></layer></map>`
	dir := t.TempDir()
	writeFile(t, dir, "here.tsx", `<?xml version="1.0" encoding="UTF-8"?><tileset name="h" tilewidth="16" tileheight="16" tilecount="4" columns="4"/>`)
	_, _, err := ReadTiled(strings.NewReader(src), "m.tmx", dir)
	var me *Error
	if !errors.As(err, &me) || me.Line != 2 || !strings.Contains(err.Error(), "tileset nothere.tsx") {
		t.Errorf("missing tileset: %v (%+v), want line 2", err, me)
	}
}

// A layer whose width and height attributes differ from the map's is read
// as the decoder reads it, by the map's size: a map-sized layer that loaded
// before is not refused, and a layer of its own stated size is refused
// saying both.
func TestTiledLayerSizeAttributesFollowTheMap(t *testing.T) {
	layer := func(csv string) string {
		return `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="3" height="2" tilewidth="16" tileheight="16" infinite="0">
 <tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="1" columns="1"/>
 <layer id="1" name="ground" width="2" height="2"><data encoding="csv">` + csv + `</data></layer>
</map>`
	}
	if _, _, err := ReadTiled(strings.NewReader(layer("1,1,1,1,1,1")), "m.tmx", ""); err != nil {
		t.Errorf("a map-sized layer with a smaller width attribute: %v", err)
	}
	_, _, err := ReadTiled(strings.NewReader(layer("1,1,1,1")), "m.tmx", "")
	if err == nil || !strings.Contains(err.Error(), `holds 4 tiles, want 6 (the map's 3×2 cells); the layer says it is 2×2`) {
		t.Errorf("a layer of its own stated size: %v", err)
	}
}
