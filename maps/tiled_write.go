package maps

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// TiledTileSize is the width and height in pixels of the tiles WriteTiled
// writes: the size only places the rooms' rectangles, as the tileset has no
// image.
const TiledTileSize = 16

// tiledTileset is the tileset WriteTiled writes, tile id k for weight k
// (k = 1..9) and id 0 for a wall: "solid" makes a wall and "cost" a weight,
// as ReadTiled reads them (weightProps, blockProps).
func tiledTileset() string {
	var b strings.Builder
	fmt.Fprintf(&b, " <tileset firstgid=\"1\" name=\"pathlens\" tilewidth=\"%d\" tileheight=\"%d\" tilecount=\"10\" columns=\"10\">\n", TiledTileSize, TiledTileSize)
	b.WriteString("  <tile id=\"0\"><properties><property name=\"solid\" type=\"bool\" value=\"true\"/></properties></tile>\n")
	b.WriteString("  <tile id=\"1\"/>\n") // floor: listed, so that every tile the layer uses is one the tileset names
	for k := 2; k <= 9; k++ {
		fmt.Fprintf(&b, "  <tile id=\"%d\"><properties><property name=\"cost\" type=\"int\" value=\"%d\"/></properties></tile>\n", k, k)
	}
	b.WriteString(" </tileset>\n")
	return b.String()
}

// WriteTiled writes m, and the rooms of rooms.Layers (named by
// rooms.Names), as a Tiled TMX map that ReadTiledRooms reads back with the
// same grid and rooms: one CSV tile layer "ground" over an embedded tileset
// without an image (a wall tile with a true "solid" property, a floor tile,
// and tiles 2 to 9 with their "cost"), and one object layer a level
// (named by rooms.LayerNames, else "rooms", "regions 2", ...: see
// tiledLayerName) holding each room as rectangles, each with a
// "region" property giving its character and the room's name, if it has
// one, as its name. Terrain letters (T, W...) are not kept: a Tiled map is
// walls and weights.
//
// It refuses, writing nothing, a weight above 9 (naming the cell), a
// region layer of the wrong size, a region character that is not
// printable ASCII, and more than MaxRegionLevels layers.
func WriteTiled(w io.Writer, m *Map, rooms Rooms) error {
	if m == nil || m.Grid == nil {
		return errAt("", 0, "cannot write a Tiled map: there is no map")
	}
	g := m.Grid
	W, H := g.Width(), g.Height()
	for i, wt := range g.Cells() {
		if wt > 9 {
			p := g.Point(i)
			return errCell(m.Name, 0, p, "cell (%d,%d) has weight %d: a Tiled map's tiles hold 1 to 9", p.X, p.Y, wt)
		}
	}
	if len(rooms.Layers) > MaxRegionLevels {
		return errAt(m.Name, 0, "%d region layers, at most %d", len(rooms.Layers), MaxRegionLevels)
	}
	for l, layer := range rooms.Layers {
		if len(layer) != W*H {
			return errAt(m.Name, 0, "regions %d has %d cells, the map has %d", l+1, len(layer), W*H)
		}
		for i, c := range layer {
			if !RegionNone(c) && (c < 0x21 || c > 0x7e) {
				return errCell(m.Name, 0, g.Point(i), "regions %d cell (%d,%d) is %s, not a printable character", l+1, i%W, i/W, quoteByte(c))
			}
		}
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	fmt.Fprintf(bw, "<map version=\"1.10\" tiledversion=\"1.10.2\" orientation=\"orthogonal\" renderorder=\"right-down\" width=\"%d\" height=\"%d\" tilewidth=\"%d\" tileheight=\"%d\" infinite=\"0\" nextlayerid=\"%d\" nextobjectid=\"%d\">\n",
		W, H, TiledTileSize, TiledTileSize, len(rooms.Layers)+2, 1+tiledRectCount(rooms.Layers, W))
	bw.WriteString(tiledTileset())
	fmt.Fprintf(bw, " <layer id=\"1\" name=\"ground\" width=\"%d\" height=\"%d\">\n  <data encoding=\"csv\">\n", W, H)
	cells := g.Cells()
	var num []byte
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			gid := int(cells[y*W+x]) + 1 // a wall (0) is tile 0, weight k tile k; gids start at 1
			num = strconv.AppendInt(num[:0], int64(gid), 10)
			bw.Write(num)
			if x < W-1 || y < H-1 {
				bw.WriteByte(',')
			}
		}
		bw.WriteByte('\n')
	}
	bw.WriteString("  </data>\n </layer>\n")
	id := 1
	for l, layer := range rooms.Layers {
		name := tiledLayerName(rooms.LayerNames, l)
		var names map[byte]string
		if l < len(rooms.Names) {
			names = rooms.Names[l]
		}
		fmt.Fprintf(bw, " <objectgroup id=\"%d\" name=\"", l+2)
		xml.EscapeText(bw, []byte(name))
		bw.WriteString("\">\n")
		for _, r := range tiledRects(layer, W, H) {
			bw.WriteString("  <object id=\"")
			bw.WriteString(strconv.Itoa(id))
			bw.WriteByte('"')
			if n := strings.TrimSpace(names[r.c]); n != "" {
				bw.WriteString(" name=\"")
				xml.EscapeText(bw, []byte(n))
				bw.WriteByte('"')
			}
			fmt.Fprintf(bw, " x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"><properties><property name=\"region\" value=\"",
				r.x*TiledTileSize, r.y*TiledTileSize, r.w*TiledTileSize, r.h*TiledTileSize)
			xml.EscapeText(bw, []byte{r.c})
			bw.WriteString("\"/></properties></object>\n")
			id++
		}
		bw.WriteString(" </objectgroup>\n")
	}
	bw.WriteString("</map>\n")
	return bw.Flush()
}

// tiledLayerName is the name of the object layer WriteTiled writes level
// l+1's rooms on: names[l] when it reads back as that level (a source
// file's own "rooms 2", "Regions", "rooms3"), else "rooms" for level 1 and
// "regions N" above.
func tiledLayerName(names []string, l int) string {
	if l < len(names) {
		n := names[l]
		if lvl, ok, err := regionLevel(n, ""); err == nil && ok && lvl == l+1 && strings.TrimSpace(n) == n && utf8.ValidString(n) && !strings.ContainsFunc(n, unicode.IsControl) {
			return n
		}
	}
	if l == 0 {
		return "rooms"
	}
	return fmt.Sprintf("regions %d", l+1)
}

// tiledRect is a rectangle of cells of one room (character c).
type tiledRect struct {
	x, y, w, h int
	c          byte
}

// tiledRects covers a region layer's rooms with rectangles, greedily: each
// row's runs of one character, grown down while the rows below hold the
// same run. Cells that are no room (RegionNone) are left out.
func tiledRects(layer []byte, W, H int) []tiledRect {
	done := make([]bool, len(layer))
	var out []tiledRect
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			i := y*W + x
			c := layer[i]
			if done[i] || RegionNone(c) {
				continue
			}
			w := 1
			for x+w < W && layer[i+w] == c && !done[i+w] {
				w++
			}
			h := 1
		grow:
			for y+h < H {
				row := (y+h)*W + x
				for k := 0; k < w; k++ {
					if layer[row+k] != c || done[row+k] {
						break grow
					}
				}
				h++
			}
			for dy := 0; dy < h; dy++ {
				for k := 0; k < w; k++ {
					done[(y+dy)*W+x+k] = true
				}
			}
			out = append(out, tiledRect{x, y, w, h, c})
		}
	}
	return out
}

// tiledRectCount is how many rectangles WriteTiled writes for layers.
func tiledRectCount(layers [][]byte, W int) int {
	n := 0
	for _, l := range layers {
		if W > 0 {
			n += len(tiledRects(l, W, len(l)/W))
		}
	}
	return n
}

// SaveTiled writes m and rooms to path as a Tiled map (WriteTiled),
// atomically (SaveFileAtomic), after reading what it wrote back: a map
// that would not read back with the same grid and rooms (more room
// rectangles than the reader's work bound allows, say) is refused, naming
// path, and nothing is written.
func SaveTiled(path string, m *Map, rooms Rooms) error {
	var buf bytes.Buffer
	if err := WriteTiled(&buf, m, rooms); err != nil {
		return refusedSave(path, err, "cannot save: ")
	}
	back, got, err := ReadTiledRooms(bytes.NewReader(buf.Bytes()), path, "")
	if err != nil {
		return errAt(path, 0, "cannot save as a Tiled map: it would not read back: %s", errMsg(err))
	}
	if !back.Grid.Equal(m.Grid) || !sameRooms(rooms, got) {
		return errAt(path, 0, "cannot save as a Tiled map: it would not read back with the same cells and rooms")
	}
	return SaveFileAtomic(path, buf.Bytes())
}

// sameRooms reports whether two sets of region layers name the same rooms:
// equal layers ('#' and ' ' alike: no room; layers with no room at all are
// none) and the same names.
func sameRooms(a, b Rooms) bool {
	trim := func(r Rooms) Rooms {
		for len(r.Layers) > 0 && !slices.ContainsFunc(r.Layers[len(r.Layers)-1], func(c byte) bool { return !RegionNone(c) }) {
			r.Layers = r.Layers[:len(r.Layers)-1]
		}
		return r
	}
	a, b = trim(a), trim(b)
	if len(a.Layers) != len(b.Layers) {
		return false
	}
	for l := range a.Layers {
		la, lb := a.Layers[l], b.Layers[l]
		if len(la) != len(lb) {
			return false
		}
		for i := range la {
			if la[i] != lb[i] && !(RegionNone(la[i]) && RegionNone(lb[i])) {
				return false
			}
		}
		var na, nb map[byte]string
		if l < len(a.Names) {
			na = a.Names[l]
		}
		if l < len(b.Names) {
			nb = b.Names[l]
		}
		for c, n := range na {
			if n != "" && nb[c] != n && slices.Contains(la, c) {
				return false
			}
		}
	}
	return true
}
