package maps

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// designerMap is a w×h map laid out as Tiled writes it (the designer's
// gen.py): the <data> tag on line 12, then one CSV row a line from line 13,
// so row y is on line 13+y. edit may change the rows before they are
// joined.
func designerMap(w, h int, edit func(rows []string) []string) string {
	var rows []string
	for y := 0; y < h; y++ {
		rows = append(rows, strings.TrimSuffix(strings.Repeat("1,", w), ","))
	}
	if edit != nil {
		rows = edit(rows)
	}
	return fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="%d" height="%d" tilewidth="16" tileheight="16" infinite="0">
 <tileset firstgid="1" name="basic" tilewidth="16" tileheight="16" tilecount="2" columns="2">
  <image source="basic.png" width="32" height="16"/>
  <tile id="1">
   <properties>
    <property name="blocked" type="bool" value="true"/>
   </properties>
  </tile>
 </tileset>
 <layer id="1" name="ground" width="%d" height="%d">
  <data encoding="csv">
%s
</data>
 </layer>
</map>
`, w, h, w, h, strings.Join(rows, ",\n"))
}

// The designer's broken_token.tmx and broken_count.tmx: a bad token and a
// short row on line 17 were reported at line 12, the <data> tag's. A CSV
// problem is now named at the line of the token or row at fault: the data's
// start plus the line breaks before it, across a comment inside the data
// and CRLF line ends too.
func TestTiledCSVErrorsNameTheirLine(t *testing.T) {
	for _, c := range []struct {
		name, src, want string
		line            int
	}{
		{"bad token", designerMap(40, 24, func(r []string) []string {
			r[4] = strings.Replace(r[4], "1,1,1", "1,x,1", 1)
			return r
		}), `tile layer "ground": CSV data holds 'x'`, 17},
		{"short row", designerMap(40, 24, func(r []string) []string {
			r[4] = strings.TrimPrefix(r[4], "1,")
			return r
		}), `tile layer "ground": row y=4 holds 39 tiles, want 40 (the map is 40×24 cells; the layer holds 959 tiles in all, want 960)`, 17},
		{"long row", designerMap(40, 24, func(r []string) []string {
			r[20] += ",1"
			return r
		}), `row y=20 holds 41 tiles, want 40`, 33},
		{"missing row", designerMap(40, 24, func(r []string) []string { return r[:23] }),
			`tile layer "ground": ends after 23 rows, want 24 (the map is 40×24 cells; the layer holds 920 tiles in all, want 960)`, 35},
		{"extra row", designerMap(40, 24, func(r []string) []string { return append(r, r[0]) }),
			`tile layer "ground": its CSV data holds more than the map's 960 tiles`, 37},
		{"extra row of a narrow map", designerMap(1, 3, func(r []string) []string { return append(r, r[0]) }),
			`row y=3 is one row too many (the map is 1×3 cells; the layer holds 4 tiles in all, want 3)`, 16},
		{"negative tile after a comment", strings.Replace(designerMap(4, 3, func(r []string) []string {
			r[2] = "1,-1,1,1"
			return r
		}), "<data encoding=\"csv\">\n", "<data encoding=\"csv\">\n<!-- a\ncomment -->", 1), `CSV data holds '-'`, 16},
		{"CRLF", strings.ReplaceAll(designerMap(4, 3, func(r []string) []string {
			r[1] = "1,1,1,"
			return r
		}), "\n", "\r\n"), `row y=1 holds 3 tiles, want 4`, 14},
		{"one line", strings.Replace(designerMap(3, 2, nil), "1,1,1,\n1,1,1", "1,1,1,1,1", 1), `tile layer "ground" holds 5 tiles, want 6 (the map's 3×2 cells)`, 13},
		{"one line too long", strings.Replace(designerMap(3, 2, nil), "1,1,1,\n1,1,1", "1,1,1,1,1,1,\n1", 1), `holds 7 tiles, want 6 (the map's 3×2 cells); the first tile too many is here`, 14},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := ReadTiled(strings.NewReader(c.src), "b.tmx", "")
			var me *Error
			if !errors.As(err, &me) || !strings.Contains(err.Error(), c.want) || me.Line != c.line {
				t.Fatalf("error %v (line %d), want %q at line %d", err, lineOf(me), c.want, c.line)
			}
		})
	}
}

func lineOf(me *Error) int {
	if me == nil {
		return -1
	}
	return me.Line
}

// Regression (new users): a tile id the tileset does not have was
// reported as "tile 6" where the file says 7 (Tiled's CSV writes gids,
// numbered from the tileset's firstgid), and with no line. The gid is
// named as written, at its line and column, with the tile it stands for;
// XML <tile> data is named at its element's line.
func TestTiledBadTileNamesTheGidAndLine(t *testing.T) {
	src := designerMap(40, 24, func(r []string) []string {
		r[4] = strings.Replace(r[4], "1,1,1,1,1,1,1", "1,1,1,1,1,7,1", 1) // x=5
		return r
	})
	_, _, err := ReadTiled(strings.NewReader(src), "level.tmx", "")
	var me *Error
	want := `level.tmx:17: tile layer "ground" cell (5,4): gid 7 (column 11 of line 17) is tile 6 of tileset "basic" (firstgid 1), which has 2 tiles`
	if !errors.As(err, &me) || err.Error() != want || me.Line != 17 || !me.HasCell {
		t.Errorf("got  %v\nwant %s", err, want)
	}
	// XML data: one <tile gid=…/> a line, the bad one on line 15.
	xmlData := strings.Replace(designerMap(2, 2, nil), "<data encoding=\"csv\">\n1,1,\n1,1\n</data>",
		"<data>\n<tile gid=\"1\"/>\n<tile gid=\"2\"/>\n<tile gid=\"9\"/>\n<tile gid=\"1\"/>\n</data>", 1)
	_, _, err = ReadTiled(strings.NewReader(xmlData), "x.tmx", "")
	want = `x.tmx:15: tile layer "ground" cell (0,1): gid 9 is tile 8 of tileset "basic" (firstgid 1), which has 2 tiles`
	if err == nil || err.Error() != want {
		t.Errorf("XML data: got  %v\nwant %s", err, want)
	}
}
