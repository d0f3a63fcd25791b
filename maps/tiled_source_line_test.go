package maps

import (
	"errors"
	"os"
	"path/filepath"
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
	if !errors.As(err, &me) || me.Line != 6 || !strings.Contains(err.Error(), `template "room.tx" not found`) {
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
	if !errors.As(err, &me) || me.Line != 2 || !strings.Contains(err.Error(), `tileset "nothere.tsx" not found`) {
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

// The designer's missing_tsx.tmx names its tileset "tiles/missing.tsx";
// the refusal said "tileset missing.tsx: no such file or directory",
// dropping the folder and where it was looked for. It now names the path as
// written, at its line, and the path tried (the map's folder joined to it).
func TestMissingTilesetNamesThePathWrittenAndTried(t *testing.T) {
	dir := t.TempDir()
	src := `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="2" height="1" tilewidth="16" tileheight="16" infinite="0">
 <tileset firstgid="1" source="other/missing.tsx"/>
 <tileset firstgid="3" source="tiles/missing.tsx"/>
 <layer id="1" name="ground" width="2" height="1"><data encoding="csv">1,3</data></layer>
</map>`
	writeFile(t, dir, "missing_tsx.tmx", src)
	if err := os.Mkdir(filepath.Join(dir, "other"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "other"), "missing.tsx", `<?xml version="1.0" encoding="UTF-8"?><tileset name="o" tilewidth="16" tileheight="16" tilecount="2" columns="2"/>`)
	_, err := LoadMap(filepath.Join(dir, "missing_tsx.tmx"))
	var me *Error
	want := `tileset "tiles/missing.tsx" not found: looked for ` + filepath.Join(dir, "tiles", "missing.tsx")
	if !errors.As(err, &me) || me.Line != 4 || !strings.Contains(err.Error(), want) {
		t.Fatalf("missing tileset: %v, want %q at line 4", err, want)
	}
	// Read by a relative path, the path tried is still given in full.
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	if _, err := LoadScenario("missing_tsx.tmx"); err == nil || !strings.Contains(err.Error(), "missing_tsx.tmx:4: "+want) {
		t.Fatalf("by a relative path: %v", err)
	}
}
