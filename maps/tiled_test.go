package maps

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"pathlens/pathing"
)

// rows returns a per-cell layer as text rows, for readable comparisons.
func rows(b []byte, w int) string {
	var out []string
	for i := 0; i < len(b); i += w {
		out = append(out, string(b[i:i+w]))
	}
	return strings.Join(out, "\n")
}

// TestReadTiledRooms reads a map with an embedded tileset (a solid tile,
// two weighted ones), a hidden collision layer, a group holding an empty
// layer and the region objects (two rectangles, one named by property, and
// a polygon), and a cell no layer covers.
func TestReadTiledRooms(t *testing.T) {
	s, err := LoadScenario("testdata/tiled/rooms.tmx")
	if err != nil {
		t.Fatal(err)
	}
	m := s.Map
	if m.Format != FormatTiled || m.Name != "rooms.tmx" || s.Name != "rooms" || s.MapPath != "rooms.tmx" {
		t.Fatalf("format %v, name %q, scenario %q, map path %q", m.Format, m.Name, s.Name, s.MapPath)
	}
	want := strings.Join([]string{
		"...#....",
		".33#..2.",
		"...#....",
		".......#", // the hidden collision layer's tile
		"...#....", // two cells no layer covers are open
	}, "\n")
	if got := rows(m.Terrain, 8); got != want {
		t.Fatalf("terrain:\n%s\nwant:\n%s", got, want)
	}
	g := m.Grid
	for _, c := range []struct {
		x, y int
		w    uint8
	}{{1, 1, 3}, {6, 1, 2}, {0, 0, 1}, {3, 0, pathing.Blocked}, {7, 3, pathing.Blocked}, {4, 4, 1}} {
		if got := g.Weight(image.Pt(c.x, c.y)); got != c.w {
			t.Errorf("cell (%d,%d) weight %d, want %d", c.x, c.y, got, c.w)
		}
	}
	if len(s.Regions) != 1 {
		t.Fatalf("%d region layers, want 1", len(s.Regions))
	}
	wantR := strings.Join([]string{
		"www EEEE",
		"www EEEE",
		"www EEEE",
		"www ssss",
		"www ssss",
	}, "\n")
	if got := rows(s.Regions[0], 8); got != wantR {
		t.Fatalf("regions:\n%s\nwant:\n%s", got, wantR)
	}
	// LoadMap gives the same terrain (regions belong to scenarios).
	lm, err := LoadMap("testdata/tiled/rooms.tmx")
	if err != nil || !lm.Grid.Equal(g) || lm.Format != FormatTiled {
		t.Fatalf("LoadMap: %v, %v", err, lm)
	}
}

// TestReadTiledExternalTileset: a tileset in its own .tsx beside the map,
// and layer data in zlib-compressed base64.
func TestReadTiledExternalTileset(t *testing.T) {
	m, err := LoadMap("testdata/tiled/external.tmx")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rows(m.Terrain, 6), "......\n.####.\n......"; got != want {
		t.Fatalf("terrain:\n%s\nwant:\n%s", got, want)
	}
	// Read from elsewhere, the tileset is looked for relative to the map.
	wd, _ := os.Getwd()
	if err := os.Chdir(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	if _, err := LoadMap(filepath.Join(wd, "testdata/tiled/external.tmx")); err != nil {
		t.Fatalf("from another folder: %v", err)
	}
}

// TestTiledMapInAScenario: a .pls may name a Tiled map as its map; its
// own region layers are the scenario's.
func TestTiledMapInAScenario(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"rooms.tmx", "external.tmx", "walls.tsx"} {
		b, err := os.ReadFile(filepath.Join("testdata/tiled", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pls := filepath.Join(dir, "s.pls")
	if err := os.WriteFile(pls, []byte("pathlens-scenario 1\nmap external.tmx\nquery 0,0 5,2\ndig 2,1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := LoadScenario(pls)
	if err != nil {
		t.Fatal(err)
	}
	if s.Map.Format != FormatTiled || len(s.Edits) != 1 || s.MapPath != "external.tmx" {
		t.Fatalf("scenario: format %v, %d edits, map %q", s.Map.Format, len(s.Edits), s.MapPath)
	}
}

// TestTiledEmptyCellsBlocked: the map property pathlens.empty=blocked
// makes the cells no tile layer covers walls.
func TestTiledEmptyCellsBlocked(t *testing.T) {
	src := tmx(`<properties><property name="pathlens.empty" value="Blocked"/></properties>`+tileset, `1,0,
0,1`, 2, 2)
	m, _, err := ReadTiled(strings.NewReader(src), "e.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	if got := rows(m.Terrain, 2); got != ".#\n#." {
		t.Fatalf("terrain %q", got)
	}
}

// tileset is an embedded tileset: tile 1 (gid 2) solid, tile 2 (gid 3) cost 4.
const tileset = `<tileset firstgid="1" name="t" tilewidth="16" tileheight="16" tilecount="3" columns="3">
 <tile id="1"><properties><property name="solid" type="bool" value="true"/></properties></tile>
 <tile id="2"><properties><property name="cost" type="int" value="4"/></properties></tile>
</tileset>`

// tmx builds a w×h orthogonal map of one CSV layer after head.
func tmx(head, csv string, w, h int) string {
	return fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="%d" height="%d" tilewidth="16" tileheight="16" infinite="0">
%s
<layer id="1" name="ground" width="%d" height="%d"><data encoding="csv">
%s
</data></layer>
%%s</map>`, w, h, head, w, h, csv)
}

// TestTiledRefusals: every map pathlens cannot read is refused with a
// message naming the file, the line where XML is at fault, and what to do.
func TestTiledRefusals(t *testing.T) {
	ok := tmx(tileset, "1,1,\n1,1", 2, 2)
	objs := func(o string) string {
		return fmt.Sprintf(ok, `<objectgroup id="2" name="regions">`+o+`</objectgroup>`)
	}
	for _, c := range []struct {
		name, src, want string
		line            int
	}{
		{"isometric", strings.Replace(fmt.Sprintf(ok, ""), "orthogonal", "isometric", 1), "is an isometric Tiled map: only orthogonal maps", 2},
		{"infinite", strings.Replace(fmt.Sprintf(ok, ""), `infinite="0"`, `infinite="1"`, 1), "infinite Tiled map: give it a fixed size", 2},
		{"zero width", strings.Replace(fmt.Sprintf(ok, ""), `width="2"`, `width="0"`, 1), `map width "0": want a whole number from 1 to`, 2},
		{"too wide", strings.Replace(fmt.Sprintf(ok, ""), `width="2"`, `width="99999"`, 1), `map width "99999"`, 2},
		{"no tile layer", "<?xml version=\"1.0\"?>\n<map orientation=\"orthogonal\" width=\"3000\" height=\"3000\" tilewidth=\"16\" tileheight=\"16\">\n<objectgroup name=\"regions 8\"/></map>", "has no tile layer", 2},
		{"gzip bomb", fmt.Sprintf(strings.Replace(ok, `<data encoding="csv">
1,1,
1,1
</data>`, `<data encoding="base64" compression="gzip">`+gzipZeros(64)+`</data>`, 1), ""), `tile layer "ground": its gzip data unpacks to more than the map's 4 tiles`, 7},
		{"negative gid", fmt.Sprintf(strings.Replace(ok, "1,1,\n1,1", "1,-1,\n1,1", 1), ""), `tile layer "ground": CSV data holds '-': only tile numbers`, 8},
		{"zstd", fmt.Sprintf(strings.Replace(ok, `<data encoding="csv">
1,1,
1,1
</data>`, `<data encoding="base64" compression="zstd">KLUv/SAQgQAAAQAAAAEAAAABAAAAAQAAAA==</data>`, 1), ""), `tile layer "ground": zstd-compressed data is not read here`, 7},
		{"chunks", fmt.Sprintf(strings.Replace(ok, `<data encoding="csv">
1,1,
1,1
</data>`, `<data encoding="csv"><chunk x="0" y="0" width="2" height="2">1,1,1,1</chunk></data>`, 1), ""), `tile layer "ground" is stored in chunks, as infinite maps are`, 7},
		{"not a map", `<?xml version="1.0"?>` + "\n<svg width=\"2\"/>", "starts with <svg>, not a Tiled <map>", 2},
		{"broken XML", "<?xml version=\"1.0\"?>\n<map width=\"2\" height=\"2\">\n<layer>\n</map>", "XML: element <layer> closed by </map>", 4},
		{"no element", "<?xml version=\"1.0\"?>\n<!-- nothing -->\n", "holds no XML element", 0},
		{"bad cost", fmt.Sprintf(strings.Replace(ok, `value="4"`, `value="12"`, 1), ""), `m.tmx:5: tileset "t" tile 2: cost "12", want a whole move weight from 1 to 9`, 5},
		{"bad bool", fmt.Sprintf(strings.Replace(strings.Replace(ok, `value="true"`, `value="yes"`, 1), "1,1,\n1,1", "2,1,\n1,1", 1), ""), `m.tmx:4: tileset "t" tile 1: property solid is "yes", want true or false (placed on tile layer "ground" at cell (0,0))`, 4},
		{"short layer", fmt.Sprintf(strings.Replace(ok, "1,1,\n1,1", "1,1,1", 1), ""), `tile layer "ground" holds 3 tiles, want 4 (the map's 2×2 cells)`, 8},
		{"unknown gid", fmt.Sprintf(strings.Replace(ok, "1,1,\n1,1", "1,1,\n1,99", 1), ""), `tile layer "ground" cell (1,1): gid 99 (column 3 of line 9) is tile 98 of tileset "t" (firstgid 1), which has 3 tiles`, 9},
		{"empty property", fmt.Sprintf(tmx(`<properties><property name="pathlens.empty" value="void"/></properties>`+tileset, "1,1,\n1,1", 2, 2), ""), `pathlens.empty "void": want open or blocked`, 3},
		{"overlap", objs(`<object id="1" name="a" x="0" y="0" width="32" height="16"/><object id="2" name="b" x="16" y="0" width="16" height="32"/>`), `cell (1,0) lies in region 'a' (object 1) and 'b' (object 2)`, 11},
		// Regression (new users): rooms named Hall and Store in Tiled were
		// named 'H' and 'S', letters the file never shows.
		{"overlap named", objs(`<object id="1" name="Hall" x="0" y="0" width="32" height="16"/><object id="2" name="Store" x="16" y="0" width="16" height="32"/>`), `cell (1,0) lies in region "Hall" (object 1, letter 'H') and "Store" (object 2, letter 'S')`, 11},
		{"rotated", objs(`<object id="3" name="a" x="0" y="0" width="32" height="16" rotation="45"/>`), "object 3 is rotated (45°)", 11},
		{"polyline", objs(`<object id="4" name="a" x="0" y="0"><polyline points="0,0 32,0"/></object>`), "object 4 is a polyline, not a rectangle, a polygon or an ellipse", 11},
		{"flat ellipse", objs(`<object id="5" name="a" x="0" y="0" width="32" height="0"><ellipse/></object>`), "object 5 is an ellipse with no area (32×0 px)", 11},
		{"point", objs(`<object id="5" name="a" x="3" y="3"/>`), "object 5 has no area", 11},
		{"unnamed", objs(`<object id="6" x="0" y="0" width="16" height="16"/>`), "object 6 has neither a name nor a region property", 11},
		{"hash name", objs(`<object id="7" name="#1" x="0" y="0" width="16" height="16"/>`), `object 7: its name "#1" does not start with a printable character other than #`, 11},
		// A region property beyond ASCII was told it "does not start with
		// a printable character", which É is.
		{"region beyond ASCII", objs(`<object id="8" name="Hall" x="0" y="0" width="16" height="16"><properties><property name="region" value="É"/></properties></object>`), `object 8: its property region "É" starts with a character beyond ASCII: a region character is one printable ASCII character other than #`, 11},
		{"region tiles", fmt.Sprintf(strings.Replace(ok, `name="ground"`, `name="Regions"`, 1), ""), `tile layer "Regions": draw regions as rectangles, polygons or ellipses on an object layer`, 7},
		{"level gap", fmt.Sprintf(ok, `<objectgroup id="2" name="regions 2"><object id="1" name="a" x="0" y="0" width="16" height="16"/></objectgroup>`), `region layer "regions 2" (level 2): region layers go up to level 2 but level 1 has none`, 11},
		{"bad level", fmt.Sprintf(ok, `<objectgroup id="2" name="regions x"/>`), `object layer "regions x": a region layer's level "x"`, 11},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := ReadTiled(strings.NewReader(c.src), "m.tmx", "")
			if err == nil {
				t.Fatalf("accepted:\n%s", c.src)
			}
			wantMapsError(t, err)
			me := err.(*Error)
			if !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "m.tmx") || me.Line != c.line {
				t.Fatalf("error %q (line %d), want %q at line %d", err, me.Line, c.want, c.line)
			}
		})
	}
}

// TestTiledRefusalsByPath: a missing external tileset is named, and a
// Tiled JSON map is refused with how to export TMX, by every loader.
func TestTiledRefusalsByPath(t *testing.T) {
	dir := t.TempDir()
	b, _ := os.ReadFile("testdata/tiled/external.tmx")
	lone := filepath.Join(dir, "lone.tmx")
	os.WriteFile(lone, b, 0o644)
	if _, err := LoadMap(lone); err == nil || !strings.Contains(err.Error(), "walls.tsx") || !strings.Contains(err.Error(), "lone.tmx") {
		t.Fatalf("missing tileset: %v", err)
	}
	js := filepath.Join(dir, "level.tmj")
	os.WriteFile(js, []byte(`{ "compressionlevel":-1, "height":2, "orientation":"orthogonal", "tiledversion":"1.10.2", "width":2 }`), 0o644)
	for _, load := range []func(string) error{
		func(p string) error { _, err := LoadMap(p); return err },
		func(p string) error { _, err := LoadScenario(p); return err },
		func(p string) error { b, _ := os.ReadFile(p); _, err := ReadMap(bytes.NewReader(b), p); return err },
	} {
		if err := load(js); err == nil || !strings.Contains(err.Error(), "Tiled JSON map: pathlens reads Tiled's TMX format") {
			t.Fatalf("JSON map: %v", err)
		}
	}
	// An ASCII map is still an ASCII map, and '<' never starts one.
	if Detect([]byte("..#\n")) != FormatASCII || Detect([]byte("\n  <map>")) != FormatTiled || Detect([]byte(`{"a":1}`)) != FormatASCII {
		t.Fatal("Detect")
	}
}

// gzipZeros is n zero bytes, gzipped and base64-encoded.
func gzipZeros(n int) string {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(make([]byte, n))
	zw.Close()
	return base64.StdEncoding.EncodeToString(b.Bytes())
}

// TestTiledCompressedBombRefusedCheaply: layer data that unpacks to far
// more than the map's tiles is refused while unpacking, before the decoder
// (which would unpack all of it) runs; the reviewer's 256 MiB of zeros in
// a 348 kB file allocated 575 MiB before.
func TestTiledCompressedBombRefusedCheaply(t *testing.T) {
	src := strings.Replace(fmt.Sprintf(tmx(tileset, "1", 1, 1), ""), `<data encoding="csv">
1
</data>`, `<data encoding="base64" compression="gzip">`+gzipZeros(64<<20)+`</data>`, 1)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, _, err := ReadTiled(strings.NewReader(src), "bomb.tmx", "")
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "unpacks to more than the map's 1 tiles") {
		t.Fatalf("bomb: %v", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 8<<20+uint64(10*len(src)) {
		t.Fatalf("refusing a %d-byte file allocated %d MiB", len(src), got>>20)
	}
}

func FuzzReadTiled(f *testing.F) {
	addSeeds(f, "tiled/*.tmx", tmx(tileset, "1,2,\n3,0", 2, 2))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, regions, err := ReadTiled(bytes.NewReader(data), "fuzz.tmx", "testdata/tiled")
		if err != nil {
			wantMapsError(t, err)
			return
		}
		checkMap(t, m)
		for _, r := range regions {
			if len(r) != m.Grid.Len() {
				t.Fatalf("region layer of %d cells on a map of %d", len(r), m.Grid.Len())
			}
		}
	})
}

// BenchmarkReadTiled512 reads a 512×512 TMX map: a CSV ground layer with
// walls and weights by tile property, and a collision layer.
func BenchmarkReadTiled512(b *testing.B) {
	const n = 512
	var ground, coll strings.Builder
	for i := 0; i < n*n; i++ {
		if i > 0 {
			ground.WriteByte(',')
			coll.WriteByte(',')
		}
		ground.WriteString([]string{"1", "1", "1", "2", "3"}[i*7%5])
		coll.WriteString([]string{"0", "0", "0", "0", "0", "0", "0", "1"}[i*3%8])
	}
	src := fmt.Sprintf(tmx(tileset, ground.String(), n, n), `<layer id="2" name="collision" width="512" height="512"><data encoding="csv">`+coll.String()+`</data></layer>`)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, _, err := ReadTiled(strings.NewReader(src), "big.tmx", ""); err != nil {
			b.Fatal(err)
		}
	}
}

// TestTiledImageCollection: a tileset of separate images may number its
// tiles with gaps (tiles deleted in Tiled); a tile id past the count but
// listed is fine, one not listed is refused.
func TestTiledImageCollection(t *testing.T) {
	ts := `<tileset firstgid="1" name="c" tilewidth="16" tileheight="16" tilecount="2" columns="0">
 <tile id="0"><image source="a.png" width="16" height="16"/></tile>
 <tile id="7"><properties><property name="wall" type="bool" value="true"/></properties><image source="b.png" width="16" height="16"/></tile>
</tileset>`
	m, _, err := ReadTiled(strings.NewReader(fmt.Sprintf(tmx(ts, "1,8", 2, 1), "")), "c.tmx", "")
	if err != nil || rows(m.Terrain, 2) != ".#" {
		t.Fatalf("%v", err)
	}
	if _, _, err := ReadTiled(strings.NewReader(fmt.Sprintf(tmx(ts, "1,5", 2, 1), "")), "c.tmx", ""); err == nil || !strings.Contains(err.Error(), `tile 4 of tileset "c"`) {
		t.Fatalf("unlisted tile: %v", err)
	}
}

// TestTiledTemplates: an object placed from a template (.tx) takes the
// name and size it does not set itself from the template, so a room
// drawn from a template names its region ("neither a name nor a region
// property" before).
func TestTiledTemplates(t *testing.T) {
	s, err := LoadScenario("testdata/tiled/template.tmx")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rows(s.Regions[0], 4), "KK  \nKK  \n  LL\n    "; got != want {
		t.Fatalf("regions:\n%s\nwant:\n%s", got, want)
	}
}

// TestTiledOffsetsMoveWallsAndRoomsAlike: a group drawn one tile right and
// one down moves both its wall layer and its rooms by a cell, so rooms stay
// over the walls they were drawn on (rooms moved and walls did not before);
// an offset of part of a tile is refused.
func TestTiledOffsetsMoveWallsAndRoomsAlike(t *testing.T) {
	src := fmt.Sprintf(tmx(tileset, "1,1,1,\n1,1,1,\n1,1,1", 3, 3), `<group id="5" name="g" offsetx="16" offsety="16">
<layer id="2" name="walls" width="3" height="3"><data encoding="csv">1,0,0,
0,0,0,
0,0,0</data></layer>
<objectgroup id="3" name="rooms"><object id="1" name="r" x="0" y="0" width="16" height="16"/></objectgroup>
</group>`)
	m, regions, err := ReadTiled(strings.NewReader(src), "o.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	if got := rows(m.Terrain, 3); got != "...\n.#.\n..." {
		t.Fatalf("terrain %q", got)
	}
	if got := rows(regions[0], 3); got != "   \n r \n   " {
		t.Fatalf("regions %q", got)
	}
	half := strings.Replace(src, `offsetx="16"`, `offsetx="8"`, 1)
	if _, _, err := ReadTiled(strings.NewReader(half), "o.tmx", ""); err == nil || !strings.Contains(err.Error(), `tile layer "walls" is drawn offset by (8,16) px`) {
		t.Fatalf("half-tile offset: %v", err)
	}
}

// TestTiledRegionsWithoutIDs: objects without ids (old or hand-written
// files) that overlap are still refused, named by name (the overlap check
// took id 0 for "no owner" and let them overwrite each other).
func TestTiledRegionsWithoutIDs(t *testing.T) {
	src := fmt.Sprintf(tmx(tileset, "1,1,1,1", 4, 1), `<objectgroup name="rooms"><object name="a" x="0" y="0" width="48" height="16"/><object name="b" x="16" y="0" width="48" height="16"/></objectgroup>`)
	if _, _, err := ReadTiled(strings.NewReader(src), "n.tmx", ""); err == nil || !strings.Contains(err.Error(), `cell (1,0) lies in region 'a' (object "a" (no id)) and 'b' (object "b" (no id))`) {
		t.Fatalf("overlap without ids: %v", err)
	}
}

// TestTiledRegionWorkBounded: many map-sized objects of one name (they may
// overlap) are refused once their boxes add up past the bound, instead of
// scanning for seconds (300 objects on a 2048×2048 map took 5 s).
func TestTiledRegionWorkBounded(t *testing.T) {
	var objs strings.Builder
	for k := 1; k <= 300; k++ {
		fmt.Fprintf(&objs, `<object id="%d" name="a" x="0" y="0" width="32768" height="32768"/>`, k)
	}
	src := strings.Replace(fmt.Sprintf(tmx(tileset, "", 2048, 2048), `<objectgroup name="rooms">`+objs.String()+`</objectgroup>`), `<data encoding="csv">`, `<data encoding="base64" compression="zlib">`+zlibZeros(2048*2048*4)+``, 1)
	t0 := time.Now()
	_, _, err := ReadTiled(strings.NewReader(src), "w.tmx", "")
	if err == nil || !strings.Contains(err.Error(), "add up to more than") {
		t.Fatalf("%v", err)
	}
	if d := time.Since(t0); d > 3*time.Second {
		t.Logf("refused after %v (a loaded machine?)", d)
	}
}

// zlibZeros is n zero bytes, zlib-compressed and base64-encoded.
func zlibZeros(n int) string {
	var b bytes.Buffer
	zw := zlib.NewWriter(&b)
	zw.Write(make([]byte, n))
	zw.Close()
	return base64.StdEncoding.EncodeToString(b.Bytes())
}

// A new user's two rooms "West hall" and "Wine cellar" became one region
// 'W' (the first character of each name), silently. Each name now gets a
// character of its own ('W', then 'w'); pieces of one room share a name,
// and so a character; a region property still says which it wants, and
// the names work round it.
func TestTiledRoomNamesGetTheirOwnCharacters(t *testing.T) {
	src := fmt.Sprintf(tmx(tileset, "1,1,1,1,1,1", 6, 1), `<objectgroup name="regions">
<object id="1" name="West hall" x="0" y="0" width="16" height="16"/>
<object id="2" name="Wine cellar" x="16" y="0" width="16" height="16"/>
<object id="3" name="West hall" x="32" y="0" width="16" height="16"/>
<object id="4" name="Vault" x="48" y="0" width="16" height="16"/>
<object id="5" name="Vestry" x="64" y="0" width="16" height="16"/>
<object id="6" name="" x="80" y="0" width="16" height="16"><properties><property name="region" value="W"/></properties></object>
</objectgroup>`)
	_, regions, err := ReadTiled(strings.NewReader(src), "names.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	// The property takes 'W'; West hall then gets 'w', Wine cellar 'i',
	// Vault 'V', Vestry 'v'.
	if got := string(regions[0]); got != "wiwVvW" {
		t.Fatalf("rooms %q, want \"wiwVvW\"", got)
	}
	if c := freeChar("x", map[byte]string{}); c != 'x' {
		t.Errorf("free first character: %q", c)
	}
}

// Review findings on the reader: a room drawn in pieces keeps one
// character when only one piece has the region property ("Ww" before); a
// comment inside <data> no longer hides the rest of it from the check
// (the decoder then read -2 as tile 2); CSV values and XML <tile> elements
// are counted against the map before the decoder makes a record of each
// (216 MiB for an 8 MB CSV on a 1×1 map); a room far outside the map is
// refused rather than silently covering nothing.
func TestTiledReviewCases(t *testing.T) {
	pieces := fmt.Sprintf(tmx(tileset, "1,1", 2, 1), `<objectgroup name="regions">
<object id="1" name="West hall" x="0" y="0" width="16" height="16"><properties><property name="region" value="W"/></properties></object>
<object id="2" name="West hall" x="16" y="0" width="16" height="16"/>
</objectgroup>`)
	if _, regions, err := ReadTiled(strings.NewReader(pieces), "p.tmx", ""); err != nil || string(regions[0]) != "WW" {
		t.Errorf("room in pieces: %q, %v; want \"WW\"", regions, err)
	}
	comment := strings.Replace(fmt.Sprintf(tmx(tileset, "1,1", 2, 1), ""), `<data encoding="csv">`, `<data encoding="csv"><!---->`, 1)
	comment = strings.Replace(comment, "1,1\n</data>", "1,-2\n</data>", 1)
	if _, _, err := ReadTiled(strings.NewReader(comment), "c.tmx", ""); err == nil || !strings.Contains(err.Error(), "CSV data holds '-'") {
		t.Errorf("comment inside data: %v", err)
	}
	long := fmt.Sprintf(tmx(tileset, strings.Repeat("1,", 100)+"1", 1, 1), "")
	if _, _, err := ReadTiled(strings.NewReader(long), "l.tmx", ""); err == nil || !strings.Contains(err.Error(), "its CSV data holds more than the map's 1 tiles") {
		t.Errorf("long CSV: %v", err)
	}
	trailing := fmt.Sprintf(tmx(tileset, "1,1,", 2, 1), "")
	if _, _, err := ReadTiled(strings.NewReader(trailing), "t.tmx", ""); err != nil && strings.Contains(err.Error(), "more than the map") {
		t.Errorf("a trailing comma counted as a tile: %v", err)
	}
	xmlTiles := strings.Replace(fmt.Sprintf(tmx(tileset, "", 1, 1), ""), `<data encoding="csv">`, `<data>`+strings.Repeat(`<tile gid="1"/>`, 5), 1)
	if _, _, err := ReadTiled(strings.NewReader(xmlTiles), "x.tmx", ""); err == nil || !strings.Contains(err.Error(), "holds more than the map's 1 tiles") {
		t.Errorf("XML tiles: %v", err)
	}
	far := fmt.Sprintf(tmx(tileset, "1,1", 2, 1), `<objectgroup name="regions"><object id="1" name="a" x="-1e300" y="-1e300" width="2e300" height="2e300"/></objectgroup>`)
	if _, _, err := ReadTiled(strings.NewReader(far), "f.tmx", ""); err == nil || !strings.Contains(err.Error(), "lies far outside the map") {
		t.Errorf("far room: %v", err)
	}
}
