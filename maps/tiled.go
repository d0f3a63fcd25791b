package maps

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"io"
	"io/fs"
	"math"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	tiled "github.com/lafriks/go-tiled"

	"pathlens/internal/sysmem"
	"pathlens/pathing"
)

// Tiled maps (TMX, the XML format of the Tiled editor, mapeditor.org) are
// read here: a level designer's map opens as it is. An edited one is saved
// as a scenario, or exported as a map (WriteTiled writes cells and rooms
// only; TiledSource names what else a designer's file held).
//
// Only finite orthogonal maps have cells to walk on. What a cell is:
//
//   - blocked when any tile layer holds a tile there whose tile has a true
//     boolean property blocked, solid, collides, collision or wall, or
//     collision shapes (Tiled's Collision Editor) one of which covers the
//     tile's centre; or when the tile lies on a collision layer: a tile
//     layer whose name or class is collision(s), collide(s), wall(s),
//     blocked, solid or obstacle(s), or that has one of the tile
//     properties above set true; or when the cell's centre lies inside a
//     rectangle or polygon on an object layer named or set as a collision
//     layer is (see tiled_collision.go). Hidden layers count (a collision
//     layer is usually hidden);
//   - else open with the highest move weight among its tiles' integer
//     property cost, weight or movecost (1 to 9; 1 when none says);
//   - a cell no tile layer covers is open, unless the map's string property
//     pathlens.empty is "blocked" (void outside the level).
//
// Property names are matched in any case. Designer regions (the group
// hierarchy's rooms) come from object layers named regions or rooms (level
// 1) and "regions N" or "rooms N" (level N): each rectangle or polygon
// object covers the cells whose centres lie inside it; objects of one name
// are one room, each name with a character of its own (freeChar), unless a
// string property region gives the character outright (two names giving
// one character are refused); an object placed from a template takes what
// it leaves unset from it. Object layers read neither as rooms nor as
// walls, and rooms that cover no cell or only walls, are noted
// (tiled_notes.go).
// Group layers are walked with their offsets, which move tiles (by whole
// tiles) and rooms alike.
//
// Map.Terrain holds '#' for a blocked cell, '.' for weight 1 and the digit
// of any other weight, so writers and renderers treat the map like an
// ASCII one.

// A Tiled map's tiles (its cells times its tile layers) are bounded by
// what decoding them costs, checked from the file's elements before any
// layer is decoded: the decoder keeps a record of every tile of every
// layer (32 bytes), and while it reads one layer it holds that layer's
// tiles once more as numbers and, for CSV, as text pieces; this reader then
// keeps a few bytes a cell (tiledBytesPerCell covers both). Measured on
// 1200×1200×3 and 3000×3000×1 maps, CSV and zlib: the estimate is within a
// tenth of the peak heap. A map of TiledTilesAlwaysRead tiles or fewer is
// always read (about a gigabyte at most); a larger one when its need fits
// in the share of free memory one load may take (tiledMemShare), so a
// Moving AI-sized 16384×16384 map in one layer opens on a machine with
// some 20 GB free, and is refused, naming its need and what is free, on
// one with less. Where the machine does not say what is free (sysmem.Read:
// Linux only), the floor is the bound.
const (
	TiledTilesAlwaysRead = 1 << 24 // 4096×4096 in one layer, 2048×2048 in four

	tiledBytesPerTile = 32
	tiledBytesPerCell = 24
	tiledMemShare     = 0.8 // as game/world's memShare: the rest is headroom
)

// tiledFreeMemory is what the machine can still give plus the process's
// idle heap, false when the machine does not say (tests replace it).
var tiledFreeMemory = func() (uint64, bool) {
	in, ok := sysmem.Read()
	if !ok {
		return 0, false
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms) // only for maps past the floor: it stops the world a moment
	return in.Available + ms.HeapIdle - ms.HeapReleased, true
}

// tiledNeed estimates the bytes reading a map of cells cells and tiles
// tiles from a file of fileBytes bytes takes at its peak (the file is held
// as read, and as the decoder's copy of each layer's text).
func tiledNeed(tiles, cells, fileBytes int64) uint64 {
	return uint64(tiles*tiledBytesPerTile + cells*tiledBytesPerCell + 3*fileBytes)
}

// checkTiledTiles refuses, at line, a w×h map of layers tile layers whose
// decoding would not fit (see TiledTilesAlwaysRead).
func checkTiledTiles(name string, line, w, h, layers int, fileBytes int64) error {
	tiles := int64(w) * int64(h) * int64(layers)
	if tiles <= TiledTilesAlwaysRead {
		return nil
	}
	what := fmt.Sprintf("%d×%d cells in %d tile %s is %d tiles", w, h, layers, plural(layers, "layer", "layers"), tiles)
	free, ok := tiledFreeMemory()
	if !ok {
		return errAt(name, line, "%s, more than the %d read where the machine does not say how much memory is free", what, TiledTilesAlwaysRead)
	}
	need := tiledNeed(tiles, int64(w)*int64(h), fileBytes)
	if float64(need) <= tiledMemShare*float64(free) {
		return nil
	}
	less := ""
	if layers > 1 {
		less = "; fewer tile layers need less"
	}
	return errAt(name, line, "%s: reading them needs about %s, and %s of memory is free%s (up to %d tiles are read whatever is free)",
		what, sysmem.Format(need), sysmem.Format(free), less, TiledTilesAlwaysRead)
}

// plural is one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// blockProps are the tile and layer properties that make a tile a wall.
var blockProps = []string{"blocked", "solid", "collides", "collision", "wall"}

// collisionNames are the layer names (and classes) whose every tile is a
// wall.
var collisionNames = []string{"collision", "collisions", "collide", "collides", "wall", "walls", "blocked", "solid", "obstacle", "obstacles"}

// weightProps are the tile properties holding a move weight.
var weightProps = []string{"cost", "weight", "movecost"}

// Rooms is what a Tiled map's region object layers give: Layers[l-1] is
// the region layer of level l (one byte a cell, as Scenario.Regions), and
// Names[l-1] the room name behind each of its characters (a room drawn
// with a region property and no name has none).
type Rooms struct {
	Layers [][]byte
	Names  []map[byte]string
	// LayerNames, when set, names the object layer WriteTiled writes
	// each level's rooms on (LayerNames[l-1] for level l, as the file
	// the rooms came from named it: TiledSource.RoomLayers); a name that
	// is empty or would not read back as that level gives way to
	// "rooms" (level 1) or "regions N". The readers leave it nil.
	LayerNames []string
	// Notes say what the map holds that is not read as drawn, one
	// sentence each (tiles whose collision shapes leave their centre
	// open, wall tiles placed as objects), for the session to show.
	Notes []string
}

// ReadTiled reads a Tiled TMX map from r (name for messages; dir is the
// folder external tilesets and templates are relative to) and returns the
// map and its region layers (nil when it has none). Errors name the file,
// and the line for XML syntax errors; a map that is not orthogonal, is
// infinite, or is larger than pathing.MaxSide on a side is refused before
// its layers are decoded.
func ReadTiled(r io.Reader, name, dir string) (*Map, [][]byte, error) {
	m, rooms, err := ReadTiledRooms(r, name, dir)
	return m, rooms.Layers, err
}

// ReadTiledRooms is ReadTiled, with the rooms' names.
func ReadTiledRooms(r io.Reader, name, dir string) (*Map, Rooms, error) {
	var none Rooms
	data, tm, err := decodeTiled(r, name, dir)
	if err != nil {
		return nil, none, err
	}
	w, h := tm.Width, tm.Height
	rd := tiledReader{name: name, dir: dir, data: data, m: tm, w: w, h: h, tiles: map[*tiled.Tileset]map[uint32]tileRule{}}
	n := w * h
	rd.blocked, rd.weight, rd.covered = make([]bool, n), make([]uint8, n), make([]bool, n)
	err = walkTiledLayers(name, data, tm, tiledLayerVisit{
		tile: rd.tileLayer,
		object: func(og *tiled.ObjectGroup, k objectLayerKind, at image.Point) error {
			switch {
			case k.level > 0:
				rd.regions = append(rd.regions, regionLayer{k.level, og, at})
			case k.wall:
				rd.walls = append(rd.walls, objectLayer{og, at})
			default:
				rd.others = append(rd.others, objectLayer{og, at})
			}
			return nil
		},
	})
	if err != nil {
		return nil, none, err
	}
	if err := rd.objectWalls(); err != nil {
		return nil, none, err
	}
	if err := rd.tileObjectNotes(); err != nil {
		return nil, none, err
	}
	rd.unreadLayerNotes(rd.noted)
	rd.shapeNotes()
	g, terrain, err := rd.grid()
	if err != nil {
		return nil, none, err
	}
	rooms, err := rd.regionLayers(terrain)
	if err != nil {
		return nil, none, err
	}
	rooms.Notes = rd.notes
	return &Map{Name: filepath.Base(name), Grid: g, Terrain: terrain, Format: FormatTiled}, rooms, nil
}

// decodeTiled reads a Tiled TMX map from r (name for messages, dir the
// folder external tilesets and templates are relative to) up to its
// decoded layers: the file's size bound, the header's checks (tiledHeader)
// before anything is decoded, the decoder (a missing .tsx or .tx named at
// the line that names it, missingSource) and the decoded size agreeing
// with the header. It returns the file's bytes too, for the lines of
// messages. It is the front of every reader of a .tmx (ReadTiledRooms,
// ReadTiledSource), so that they refuse a file alike.
func decodeTiled(r io.Reader, name, dir string) ([]byte, *tiled.Map, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxMapBytes+1))
	if err != nil {
		return nil, nil, errAt(name, 0, "%v", err)
	}
	if int64(len(data)) > MaxMapBytes {
		return nil, nil, errAt(name, 0, "is larger than %d bytes", MaxMapBytes)
	}
	w, h, err := tiledHeader(data, name)
	if err != nil {
		return nil, nil, err
	}
	tm, err := loadTMX(dir, data)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, nil, missingSource(name, data, dir, pe)
		}
		return nil, nil, tiledErr(name, err)
	}
	if tm.Width != w || tm.Height != h {
		return nil, nil, errAt(name, 0, "the map reads as %d×%d after its header said %d×%d", tm.Width, tm.Height, w, h)
	}
	return data, tm, nil
}

// missingSource is the refusal of a map whose external tileset (.tsx) or
// template (.tx) did not open (pe, from the decoder, holds the path it
// tried): the file as the map writes it, at the line that names it, and
// where it was looked for, so a wrong folder shows.
func missingSource(name string, data []byte, dir string, pe *fs.PathError) *Error {
	line, written := sourceLine(data, dir, pe.Path)
	if written == "" {
		written = filepath.Base(pe.Path) // named by a template, not the map
	}
	where := pe.Path
	if abs, err := filepath.Abs(where); err == nil {
		where = abs
	}
	kind := sourceKind(pe.Path)
	if errors.Is(pe.Err, fs.ErrNotExist) {
		return errAt(name, line, "%s %q not found: looked for %s", kind, written, where)
	}
	return errAt(name, line, "%s %q (%s): %v", kind, written, where, pe.Err)
}

// sourceLine finds the element of data whose source attribute (an external
// tileset) or template attribute (an object placed from a template) names
// the file at path, and returns its line and the attribute as written: the
// one that resolves against dir to path, else one with path's base name;
// 0 and "" when none does (a tileset named by a template). Elements are
// read with the XML decoder, so a map written on one line (Tiled's
// minimised output) or with the attribute in either quotes is found too.
func sourceLine(data []byte, dir, path string) (int, string) {
	base := filepath.Base(path)
	d := xml.NewDecoder(bytes.NewReader(data))
	line, written := 0, ""
	for {
		tok, err := d.Token()
		if err != nil {
			return line, written
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		for _, a := range se.Attr {
			if a.Name.Local != "source" && a.Name.Local != "template" {
				continue
			}
			l, _ := d.InputPos()
			if filepath.Join(dir, a.Value) == path {
				return l, a.Value
			}
			if written == "" && filepath.Base(a.Value) == base {
				line, written = l, a.Value
			}
		}
	}
}

// sourceKind names what an external file of a Tiled map is, by extension.
func sourceKind(path string) string {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".tsx":
		return "tileset"
	case ".tx":
		return "template"
	}
	return "file"
}

// tiledJSON is the refusal of a Tiled JSON map.
func tiledJSON(path string) *Error {
	return errAt(path, 1, "is a Tiled JSON map: pathlens reads Tiled's TMX format (in Tiled: File › Export As… › Tiled map files (*.tmx))")
}

// tiledHeader reads the root element's attributes: it must be <map>,
// orthogonal (or without an orientation), finite, with a size from 1 to
// pathing.MaxSide on each side.
func tiledHeader(data []byte, name string) (w, h int, err error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := d.Token()
		if err != nil {
			if err == io.EOF {
				return 0, 0, errAt(name, 0, "holds no XML element: not a Tiled map")
			}
			return 0, 0, tiledErr(name, err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		line, _ := d.InputPos()
		if se.Name.Local != "map" {
			return 0, 0, errAt(name, line, "starts with <%s>, not a Tiled <map>", se.Name.Local)
		}
		attr := func(k string) string { return attrOf(se, k) }
		if o := attr("orientation"); o != "" && o != "orthogonal" {
			art := "a"
			if strings.ContainsAny(o[:1], "aeiouAEIOU") {
				art = "an"
			}
			return 0, 0, errAt(name, line, "is %s %s Tiled map: only orthogonal maps have square cells to walk on", art, o)
		}
		if attr("infinite") == "1" {
			return 0, 0, errAt(name, line, "is an infinite Tiled map: give it a fixed size (Map › Map Properties › Infinite off) and save it again")
		}
		for _, s := range []struct {
			key string
			v   *int
		}{{"width", &w}, {"height", &h}} {
			n, err := strconv.Atoi(attr(s.key))
			if err != nil || n < 1 || n > pathing.MaxSide {
				return 0, 0, errAt(name, line, "map %s %q: want a whole number from 1 to %d", s.key, attr(s.key), pathing.MaxSide)
			}
			*s.v = n
		}
		// Rooms and collision objects are placed in pixels, divided by the
		// tile size: a size of 0 (or a negative one, only ever typed by
		// hand) put every room outside the map or on the wrong cells,
		// with notes but no refusal. Left out, pixels count as cells.
		for _, k := range []string{"tilewidth", "tileheight"} {
			if v, ok := attrGiven(se, k); ok {
				if n, err := strconv.Atoi(v); err != nil || n < 1 {
					return 0, 0, errAt(name, line, "map %s %q: want the tile size in pixels, a whole number from 1", k, v)
				}
			}
		}
		// Check the tile layers before any is decoded: the decoder keeps
		// a record per tile of every layer, and reads compressed data
		// without a bound, so a small file could unpack to gigabytes.
		// The bound on tiles is checked as each layer starts, before its
		// data is unpacked to be counted (seconds for a gigabyte).
		layers, short, err := scanLayers(d, name, w, h, func(layers int) error {
			return checkTiledTiles(name, line, w, h, layers, int64(len(data)))
		})
		if err != nil {
			return 0, 0, err
		}
		if layers == 0 {
			return 0, 0, errAt(name, line, "has no tile layer: no cell to walk on")
		}
		if short != nil {
			return 0, 0, short
		}
		return w, h, nil
	}
}

// scanLayers reads the rest of the document after <map>, counting tile
// layers and checking each one's data before the decoder sees it: CSV holds
// only tile numbers (the decoder reads "-12" as 12), and no data holds more
// tiles than the w×h map (CSV values and XML <tile> elements are counted,
// compressed base64 may unpack to one 4-byte number a cell: the decoder
// makes a record of every tile, or unpacks all, before it counts), zstd
// (which the decoder cannot read) is refused by name, and chunks (infinite
// maps) too. Errors name the layer and the line. bound is called with the
// count of tile layers as each starts, and its error returned. short is the
// first layer whose tiles are not its width × height, returned apart so
// that the bound on all the layers' tiles is said first.
func scanLayers(d *xml.Decoder, name string, w, h int, bound func(layers int) error) (layers int, short, err error) {
	layer := ""
	want := int64(w) * int64(h) // every layer's tiles: the map's width × height
	lw, lh := w, h              // the layer's own width and height attributes
	limit := int64(w) * int64(h) * 4
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return layers, short, nil
		}
		if err != nil {
			return 0, nil, tiledErr(name, err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		line, _ := d.InputPos()
		switch se.Name.Local {
		case "layer":
			layers++
			if err := bound(layers); err != nil {
				// Refused before unpacking the rest: the message names
				// all the layers, counted without unpacking them.
				if all := bound(layers + countLayers(d)); all != nil {
					err = all
				}
				return 0, nil, err
			}
			layer = attrOf(se, "name")
			// The decoder wants the map's cells in every layer, whatever
			// the layer's own width and height say (they are named in the
			// message when they differ).
			lw, lh = w, h
			if v, err := strconv.Atoi(attrOf(se, "width")); err == nil {
				lw = v
			}
			if v, err := strconv.Atoi(attrOf(se, "height")); err == nil {
				lh = v
			}
		case "data":
			enc, comp := attrOf(se, "encoding"), attrOf(se, "compression")
			var text textLines
			tiles := int64(0) // XML data: its <tile> elements
		data:
			for {
				at, _ := d.InputPos() // where the next token starts
				tok, err := d.Token()
				if err != nil {
					return 0, nil, tiledErr(name, err)
				}
				switch t := tok.(type) {
				case xml.CharData:
					if enc != "" {
						text.add(t, at)
					}
				case xml.StartElement:
					tl, _ := d.InputPos()
					switch {
					case t.Name.Local == "chunk":
						return 0, nil, errAt(name, tl, "tile layer %q is stored in chunks, as infinite maps are: give the map a fixed size and save it again", layer)
					case enc == "" && t.Name.Local == "tile":
						if tiles++; tiles > limit/4 {
							return 0, nil, errAt(name, tl, "tile layer %q holds more than the map's %d tiles", layer, limit/4)
						}
						if err := d.Skip(); err != nil {
							return 0, nil, tiledErr(name, err)
						}
					default:
						return 0, nil, errAt(name, tl, "tile layer %q: %s data holds an element <%s>", layer, dataKind(enc), t.Name.Local)
					}
				case xml.EndElement:
					break data
				}
				// Comments and processing instructions inside <data> are
				// passed over, as the decoder passes over them: the check
				// must see all of the text it reads.
			}
			if enc == "" {
				if tiles != want && short == nil {
					short = errAt(name, line, "tile layer %q holds %d tiles, want %d (the map's %d×%d cells)%s", layer, tiles, want, w, h, layerSize(lw, lh, w, h))
				}
				continue
			}
			if enc == "csv" {
				// CSV is text a person may have edited: a bad token or a
				// row of the wrong length is named at its own line.
				n, pos, err := checkCSV(text.b, limit/4)
				if err != nil {
					return 0, nil, errAt(name, text.line(pos, line), "tile layer %q: %v", layer, err)
				}
				if n != want && short == nil {
					pos, msg := csvShort(text.b, n, w, h)
					short = errAt(name, text.line(pos, line), "tile layer %q%s%s", layer, msg, layerSize(lw, lh, w, h))
				}
				continue
			}
			if n, err := checkData(text.b, enc, comp, w, h); err != nil {
				return 0, nil, errAt(name, line, "tile layer %q: %v", layer, err)
			} else if n != want && short == nil {
				short = errAt(name, line, "tile layer %q holds %d tiles, want %d (the map's %d×%d cells)%s", layer, n, want, w, h, layerSize(lw, lh, w, h))
			}
		}
	}
}

// countLayers counts the <layer> elements left in d, reading no data (up
// to a syntax error, when there is one).
func countLayers(d *xml.Decoder) int {
	n := 0
	for {
		tok, err := d.RawToken()
		if err != nil {
			return n
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "layer" {
			n++
		}
	}
}

// layerSize says, for a message, that a layer's own width and height
// attributes (lw×lh) differ from the map's w×h, or "" when they do not.
func layerSize(lw, lh, w, h int) string {
	if lw == w && lh == h {
		return ""
	}
	return fmt.Sprintf("; the layer says it is %d×%d: Tiled layers are the map's size", lw, lh)
}

// dataKind names a layer data encoding for a message.
func dataKind(enc string) string {
	if enc == "" {
		return "XML"
	}
	return enc
}

// textLines is the text of one <data> element as the XML decoder gives it,
// in pieces (a comment splits it), each with the line it starts on, so a
// position in the text can be named by its line in the file.
type textLines struct {
	b      []byte
	starts []textPiece
}

type textPiece struct{ off, line int }

func (t *textLines) add(b []byte, line int) {
	t.starts = append(t.starts, textPiece{len(t.b), line})
	t.b = append(t.b, b...)
}

// line is the file line of byte pos of the text: the line its piece starts
// on plus the line breaks before pos in it; def when pos is negative or
// the text is empty.
func (t *textLines) line(pos, def int) int {
	if pos < 0 || len(t.starts) == 0 {
		return def
	}
	pos = min(pos, len(t.b))
	k := 0
	for k+1 < len(t.starts) && t.starts[k+1].off <= pos {
		k++
	}
	p := t.starts[k]
	return p.line + bytes.Count(t.b[p.off:pos], []byte("\n"))
}

// checkCSV checks a layer's CSV text: only tile numbers, commas and white
// space, and at most max tiles. It returns how many tiles it holds, or the
// error and the position it is about (the bad byte, the first tile too
// many).
func checkCSV(text []byte, max int64) (values int64, pos int, err error) {
	commas := int64(0)
	inValue := false
	for i, c := range text {
		if (c < '0' || c > '9') && c != ',' && c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return 0, i, fmt.Errorf("CSV data holds %s: only tile numbers, commas and line breaks belong there", quoteByte(c))
		}
		digit := c >= '0' && c <= '9'
		if digit && !inValue {
			values++
		}
		inValue = digit
		if c == ',' {
			if commas++; commas > max { // a trailing comma is allowed
				// Counted before the decoder makes a record of each.
				return 0, i, fmt.Errorf("its CSV data holds more than the map's %d tiles", max)
			}
		}
	}
	return values, -1, nil
}

// csvShort says how CSV text of n tiles misses the w×h map's count, and
// at which position of the text: the first line whose tiles are not a
// row's w, when the text is written a row a line as Tiled writes it (its
// first line of tiles holds w); else where the tiles run out (too few) or
// the first tile too many. The message follows the layer's name.
func csvShort(text []byte, n int64, w, h int) (int, string) {
	want := int64(w) * int64(h)
	all := fmt.Sprintf("the map is %d×%d cells; the layer holds %d tiles in all, want %d", w, h, n, want)
	type csvLine struct{ start, end, tiles int }
	var lines []csvLine
	for start := 0; start < len(text); {
		end := bytes.IndexByte(text[start:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		tiles, in := 0, false
		for _, c := range text[start:end] {
			digit := c >= '0' && c <= '9'
			if digit && !in {
				tiles++
			}
			in = digit
		}
		if tiles > 0 {
			lines = append(lines, csvLine{start, end, tiles})
		}
		start = end + 1
	}
	if len(lines) > 1 && lines[0].tiles == w {
		for y, l := range lines {
			if l.tiles != w {
				return l.start, fmt.Sprintf(": row y=%d holds %d tiles, want %d (%s)", y, l.tiles, w, all)
			}
		}
		if len(lines) < h {
			last := lines[len(lines)-1]
			return last.end, fmt.Sprintf(": ends after %d rows, want %d (%s)", len(lines), h, all)
		}
		return lines[h].start, fmt.Sprintf(": row y=%d is one row too many (%s)", h, all)
	}
	// Not a row a line: the place where the count goes wrong.
	total := fmt.Sprintf(" holds %d tiles, want %d (the map's %d×%d cells)", n, want, w, h)
	seen, in := int64(0), false
	last := -1
	for i, c := range text {
		digit := c >= '0' && c <= '9'
		if digit && !in {
			if seen++; seen > want {
				return i, total + "; the first tile too many is here"
			}
		}
		if digit {
			last = i + 1
		}
		in = digit
	}
	if last < 0 {
		last = 0
	}
	return last, total
}

// checkData checks one layer's base64 data text (see scanLayers; CSV is
// checkCSV's) of a w×h map and returns how many tiles it holds. Data that
// is not a whole number of tiles is refused saying the size the map's
// tiles need, four bytes a tile.
func checkData(text []byte, enc, comp string, w, h int) (int64, error) {
	limit := int64(w) * int64(h) * 4
	need := func(what string, n int64) error {
		return fmt.Errorf("%s %s bytes where the map's %d×%d tiles need %s (4 a tile)", what, thousands(n), w, h, thousands(limit))
	}
	if enc != "base64" {
		return 0, fmt.Errorf("unknown data encoding %q (Tiled writes csv, base64 or XML)", enc)
	}
	raw, err := base64.StdEncoding.DecodeString(string(bytes.Join(bytes.Fields(text), nil)))
	if err != nil {
		return 0, fmt.Errorf("base64 data does not decode (%v)", err)
	}
	var r io.Reader
	switch comp {
	case "":
		if len(raw)%4 != 0 {
			return 0, need("base64 data is", int64(len(raw)))
		}
		return int64(len(raw) / 4), nil
	case "gzip":
		r, err = gzip.NewReader(bytes.NewReader(raw))
	case "zlib":
		r, err = zlib.NewReader(bytes.NewReader(raw))
	case "zstd":
		return 0, fmt.Errorf("zstd-compressed data is not read here: choose zlib or gzip (Map › Map Properties › Tile Layer Format) and save again")
	default:
		return 0, fmt.Errorf("unknown compression %q", comp)
	}
	if err != nil {
		return 0, fmt.Errorf("%s data does not unpack (%v)", comp, err)
	}
	n, err := io.Copy(io.Discard, io.LimitReader(r, limit+1))
	if err != nil {
		return 0, fmt.Errorf("%s data does not unpack (%v)", comp, err)
	}
	if n > limit {
		return 0, fmt.Errorf("its %s data unpacks to more than the map's %d tiles", comp, limit/4)
	}
	if n%4 != 0 {
		return 0, need("its "+comp+" data unpacks to", n)
	}
	return n / 4, nil
}

// attrOf returns the attribute k of se, or "".
func attrOf(se xml.StartElement, k string) string {
	for _, a := range se.Attr {
		if a.Name.Local == k {
			return a.Value
		}
	}
	return ""
}

// attrGiven is attribute k of se and whether se has it.
func attrGiven(se xml.StartElement, k string) (string, bool) {
	for _, a := range se.Attr {
		if a.Name.Local == k {
			return a.Value, true
		}
	}
	return "", false
}

// loadTMX runs the go-tiled decoder, turning a panic inside it (it is not
// ours, and readers must never panic on any input) into an error.
func loadTMX(dir string, data []byte) (m *tiled.Map, err error) {
	defer func() {
		if r := recover(); r != nil {
			m, err = nil, fmt.Errorf("the TMX decoder failed on this file (%v)", r)
		}
	}()
	return tiled.LoadReader(dir, bytes.NewReader(data))
}

// tiledErr gives a go-tiled or XML error the file's name (and line).
func tiledErr(name string, err error) *Error {
	var se *xml.SyntaxError
	if errors.As(err, &se) {
		return errAt(name, se.Line, "XML: %s", se.Msg)
	}
	msg := strings.TrimPrefix(err.Error(), "tiled: ")
	for _, k := range []struct {
		err error
		msg string
	}{
		{tiled.ErrInvalidDecodedTileCount, "a tile layer's data does not hold one tile per cell (width × height)"},
		{tiled.ErrEmptyLayerData, "a tile layer has no <data>"},
		{tiled.ErrUnknownEncoding, "a tile layer's data encoding is not csv, base64 or XML"},
		{tiled.ErrUnknownCompression, "a tile layer's data compression is not gzip or zlib (in Tiled: Map Properties › Tile Layer Format)"},
		{tiled.ErrInvalidTileGID, "a tile number (gid) comes before every tileset's first gid"},
		{tiled.ErrInvalidObjectPoint, "an object's points are not x,y pairs"},
	} {
		if errors.Is(err, k.err) {
			msg = k.msg
		}
	}
	return &Error{File: name, Msg: "Tiled: " + msg, Err: err}
}

// tileRule is what one tile of a tileset does to a cell.
type tileRule struct {
	blocked bool
	weight  uint8 // 0: no weight property
	// shapes says why a tile with collision shapes is not a wall:
	// shapesPartial, or the kinds of shapes not read ("an ellipse").
	shapes string
}

// tiledReader gathers the layers of one map.
type tiledReader struct {
	name  string
	dir   string // what external tilesets are relative to
	data  []byte // the file, for the lines of elements in messages
	m     *tiled.Map
	w, h  int
	tiles map[*tiled.Tileset]map[uint32]tileRule

	blocked []bool  // per cell
	weight  []uint8 // per cell: highest weight seen, 0 none
	covered []bool  // per cell: some tile layer has a tile here
	regions []regionLayer
	walls   []objectLayer // collision object layers
	others  []objectLayer // object layers neither rooms nor walls

	// shapeAt[i] is 1 + the index in shapeTiles of a tile on cell i whose
	// collision shapes leave it open (nil until one is placed).
	shapeAt    []int32
	shapeTiles []shapeTile
	notes      []string
	// noted holds the object layers a wall-tile note names
	// (tileObjectNotes), which unreadLayerNotes leaves to it.
	noted map[*tiled.ObjectGroup]bool
	// lines holds the line of each object layer and object element in
	// the file (elementLines), made on the first message that names one.
	lines map[elemKey]int
}

// objectLayer is an object layer with the offset it is drawn at.
type objectLayer struct {
	og  *tiled.ObjectGroup
	off image.Point
}

// regionLayer is one object layer of regions with the offset it is drawn at.
type regionLayer struct {
	level int
	og    *tiled.ObjectGroup
	off   image.Point
}

// objectLayerKind is what an object layer holds, by its name, class and
// properties: rooms of a level (level > 0), walls (a collision layer, or
// one with a block property), or neither.
type objectLayerKind struct {
	level int
	wall  bool
}

// tiledLayerVisit is what walkTiledLayers calls on each layer; a nil
// func passes over layers of its kind. off is where the layer is drawn,
// in pixels: its offset plus its groups'.
type tiledLayerVisit struct {
	tile   func(l *tiled.Layer, off image.Point) error
	object func(og *tiled.ObjectGroup, k objectLayerKind, off image.Point) error
	image  func(il *tiled.ImageLayer)
	group  func(g *tiled.Group) // before the group's own layers
}

// walkTiledLayers visits tm's tile, object, image and group layers (depth
// first, offsets added up), sorting each object layer (objectLayerKind).
// It refuses what no reader can sort, naming the file (name) and the
// layer: a tile layer named as a region layer, a region layer's level out
// of range, a block property that is not a boolean.
func walkTiledLayers(name string, data []byte, tm *tiled.Map, v tiledLayerVisit) error {
	var walk func(layers []*tiled.Layer, objs []*tiled.ObjectGroup, images []*tiled.ImageLayer, groups []*tiled.Group, off image.Point) error
	walk = func(layers []*tiled.Layer, objs []*tiled.ObjectGroup, images []*tiled.ImageLayer, groups []*tiled.Group, off image.Point) error {
		for _, l := range layers {
			if _, ok, _ := regionLevel(l.Name, l.Class); ok {
				return errAt(name, xmlLine(data, layerStep("layer", l.ID, l.Name)), "tile layer %q: draw regions as rectangles, polygons or ellipses on an object layer of that name", l.Name)
			}
			if v.tile != nil {
				if err := v.tile(l, off.Add(image.Pt(l.OffsetX, l.OffsetY))); err != nil {
					return err
				}
			}
		}
		for _, og := range objs {
			var k objectLayerKind
			lvl, ok, err := regionLevel(og.Name, og.Class)
			if err != nil {
				return errAt(name, xmlLine(data, layerStep("objectgroup", og.ID, og.Name)), "object layer %q: %v", og.Name, err)
			}
			if ok {
				k.level = lvl
			} else {
				k.wall = nameIn(og.Name, collisionNames) || nameIn(og.Class, collisionNames)
				if !k.wall {
					if k.wall, err = anyTrue(og.Properties, blockProps); err != nil {
						line := xmlLine(data, layerStep("objectgroup", og.ID, og.Name), xmlStep{name: "properties"},
							xmlStep{name: "property", attr: "name", val: propName(err)})
						return errAt(name, line, "object layer %q: %v", og.Name, err)
					}
				}
			}
			if v.object != nil {
				if err := v.object(og, k, off.Add(image.Pt(og.OffsetX, og.OffsetY))); err != nil {
					return err
				}
			}
		}
		for _, il := range images {
			if v.image != nil {
				v.image(il)
			}
		}
		for _, g := range groups {
			if v.group != nil {
				v.group(g)
			}
			if err := walk(g.Layers, g.ObjectGroups, g.ImageLayers, g.Groups, off.Add(image.Pt(g.OffsetX, g.OffsetY))); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(tm.Layers, tm.ObjectGroups, tm.ImageLayers, tm.Groups, image.Point{})
}

// tileLayer adds one tile layer's walls, weights and coverage. off is
// where the layer is drawn (its offset plus its groups'), in pixels: a
// whole number of tiles moves its cells by as many (tiles moved off the map
// are dropped, and a note says how many), as the rooms drawn over it move
// with theirs; any other offset would put tiles between cells and is
// refused.
func (rd *tiledReader) tileLayer(l *tiled.Layer, off image.Point) error {
	if len(l.Tiles) != rd.w*rd.h {
		return errAt(rd.name, 0, "tile layer %q has %d tiles, the map %d×%d = %d", l.Name, len(l.Tiles), rd.w, rd.h, rd.w*rd.h)
	}
	wall := nameIn(l.Name, collisionNames) || nameIn(l.Class, collisionNames)
	if !wall {
		b, err := anyTrue(l.Properties, blockProps)
		if err != nil {
			line := xmlLine(rd.data, layerStep("layer", l.ID, l.Name), xmlStep{name: "properties"},
				xmlStep{name: "property", attr: "name", val: propName(err)})
			return errAt(rd.name, line, "tile layer %q: %v", l.Name, err)
		}
		wall = b
	}
	tw, th := max(rd.m.TileWidth, 1), max(rd.m.TileHeight, 1)
	if off.X%tw != 0 || off.Y%th != 0 {
		return errAt(rd.name, 0, "tile layer %q is drawn offset by (%d,%d) px, not a whole number of %d×%d tiles: its tiles would lie between cells", l.Name, off.X, off.Y, tw, th)
	}
	dx, dy := off.X/tw, off.Y/th
	dropped := 0 // tiles the offset moves off the map
	for k, t := range l.Tiles {
		if t == nil || t.Nil {
			continue
		}
		x, y := k%rd.w+dx, k/rd.w+dy
		if x < 0 || y < 0 || x >= rd.w || y >= rd.h {
			dropped++
			continue
		}
		i := y*rd.w + x
		if !hasTile(t.Tileset, t.ID) {
			return rd.badTile(l, k, i, t)
		}
		if wall {
			rd.blocked[i] = true
			continue
		}
		rd.covered[i] = true
		rule, err := rd.rule(t)
		if err != nil {
			var te *tilePropError
			if !errors.As(err, &te) || te.id != t.ID {
				// Another tile of the tileset: its line says where.
				line := 0
				if te != nil {
					line = te.line
				}
				return errAt(rd.name, line, "%v", err)
			}
			return errCell(rd.name, te.line, image.Pt(i%rd.w, i/rd.w), "%v (placed on tile layer %q at cell (%d,%d))", err, l.Name, i%rd.w, i/rd.w)
		}
		if rule.blocked {
			rd.blocked[i] = true
		}
		if rule.shapes != "" {
			rd.openShape(i, t.Tileset, t.ID, rule.shapes)
		}
		rd.weight[i] = max(rd.weight[i], rule.weight)
	}
	if dropped > 0 {
		rd.notes = append(rd.notes, offsetNote(l.Name, off, dx, dy, dropped))
	}
	return nil
}

// badTile is the error of tile k of layer l's data, on cell i, whose
// tileset t.Tileset has no tile t.ID. It names the gid as the file writes
// it (the tileset's firstgid plus the tile's id: "tile 6" read as a
// mistake in a file that says 7), with its line and column where the file
// has them (CSV, XML), and the row and column of the data when an offset
// puts the tile on another cell.
func (rd *tiledReader) badTile(l *tiled.Layer, k, i int, t *tiled.LayerTile) error {
	sp := rd.tileSpot(l, k)
	gid := sp.gid
	if gid == "" {
		gid = strconv.FormatUint(uint64(t.Tileset.FirstGID)+uint64(t.ID), 10)
	}
	x, y := i%rd.w, i/rd.w
	where := ""
	if dx, dy := k%rd.w, k/rd.w; dx != x || dy != y {
		where = fmt.Sprintf(", data row %d column %d", dy, dx)
	}
	if sp.col > 0 {
		where += fmt.Sprintf(", column %d of line %d", sp.col, sp.line)
	}
	if where != "" {
		where = " (" + where[2:] + ")"
	}
	return errCell(rd.name, sp.line, image.Pt(x, y), "tile layer %q cell (%d,%d): gid %s%s is tile %d of tileset %q (firstgid %d), which has %d tiles",
		l.Name, x, y, gid, where, t.ID, t.Tileset.Name, t.Tileset.FirstGID, t.Tileset.TileCount)
}

// offsetNote says that tile layer name, drawn off pixels (dx, dy tiles)
// from its place by its offset and its groups', has n tiles off the map,
// which are not read.
func offsetNote(name string, off image.Point, dx, dy, n int) string {
	what := fmt.Sprintf("%d of its tiles off the map: they are not read", n)
	if n == 1 {
		what = "1 of its tiles off the map: it is not read"
	}
	return fmt.Sprintf("tile layer %q is drawn offset by (%d,%d) tiles ((%d,%d) px, its offset and its groups'), which puts %s", name, dx, dy, off.X, off.Y, what)
}

// hasTile reports whether tileset ts has a tile id: below its tile count
// for a sprite sheet, among its listed tiles for a collection of images
// (whose ids may have gaps). A tileset that says nothing is believed.
func hasTile(ts *tiled.Tileset, id uint32) bool {
	if ts.Image == nil && len(ts.Tiles) > 0 && ts.Tiles[0].Image != nil {
		for _, tt := range ts.Tiles {
			if tt.ID == id {
				return true
			}
		}
		return false
	}
	return ts.TileCount <= 0 || id < uint32(ts.TileCount)
}

// tilePropError is a tile of a tileset with a bad property: its id, the
// property's line in the map (0 when the tileset is external: the message
// says where in it).
type tilePropError struct {
	id   uint32
	line int
	msg  string
}

func (e *tilePropError) Error() string { return e.msg }

// rule returns what tile t does, read from its tileset once (every tile of
// it: a bad property on any of them is a *tilePropError).
func (rd *tiledReader) rule(t *tiled.LayerTile) (tileRule, error) {
	ts := t.Tileset
	rules, ok := rd.tiles[ts]
	if !ok {
		rules = map[uint32]tileRule{}
		bad := func(id uint32, prop, format string, a ...any) (tileRule, error) {
			line, ext := rd.tilePropWhere(ts, id, prop)
			msg := fmt.Sprintf("tileset %q tile %d", ts.Name, id)
			if ext != "" {
				msg += " (" + ext + ")"
			}
			return tileRule{}, &tilePropError{id, line, msg + ": " + fmt.Sprintf(format, a...)}
		}
		for _, tt := range ts.Tiles {
			var r tileRule
			b, err := anyTrue(tt.Properties, blockProps)
			if err != nil {
				return bad(tt.ID, propName(err), "%v", err)
			}
			r.blocked = b
			if !b {
				r.blocked, r.shapes = tileShapes(ts, tt)
			}
			for _, p := range tt.Properties {
				if !nameIn(p.Name, weightProps) {
					continue
				}
				v, err := strconv.Atoi(strings.TrimSpace(p.Value))
				if err != nil || v < 1 || v > 9 {
					return bad(tt.ID, p.Name, "%s %q, want a whole move weight from 1 to 9", p.Name, p.Value)
				}
				r.weight = max(r.weight, uint8(v))
			}
			rules[tt.ID] = r
		}
		rd.tiles[ts] = rules
	}
	return rules[t.ID], nil
}

// grid turns the gathered layers into a grid and its terrain characters.
func (rd *tiledReader) grid() (*pathing.Grid, []byte, error) {
	emptyBlocked := false
	if rd.m.Properties != nil {
		for _, p := range *rd.m.Properties {
			if strings.EqualFold(p.Name, "pathlens.empty") {
				switch strings.ToLower(strings.TrimSpace(p.Value)) {
				case "blocked":
					emptyBlocked = true
				case "open", "":
				default:
					line := xmlLine(rd.data, xmlStep{name: "map"}, xmlStep{name: "properties"}, xmlStep{name: "property", attr: "name", val: p.Name})
					return nil, nil, errAt(rd.name, line, "map property pathlens.empty %q: want open or blocked", p.Value)
				}
			}
		}
	}
	g, err := pathing.NewGrid(rd.w, rd.h)
	if err != nil {
		return nil, nil, errAt(rd.name, 0, "%v", err)
	}
	terrain := make([]byte, rd.w*rd.h)
	for i := range terrain {
		p := image.Pt(i%rd.w, i/rd.w)
		switch {
		case rd.blocked[i] || emptyBlocked && !rd.covered[i]:
			g.SetOpen(p, false)
			terrain[i] = '#'
		case rd.weight[i] > 1:
			g.SetWeight(p, rd.weight[i])
			terrain[i] = '0' + rd.weight[i]
		default:
			terrain[i] = '.'
		}
	}
	return g, terrain, nil
}

// regionLevel reports whether a layer named name (class class) holds
// regions, and of which level: "regions" and "rooms" are level 1,
// "regions N" and "rooms N" level N (1 to MaxRegionLevels), the space
// optional ("regions2", "rooms2"). A one-word name that only starts with
// rooms ("roomset") is no region layer, as before "rooms N" was read.
func regionLevel(name, class string) (int, bool, error) {
	for _, s := range []string{name, class} {
		f := strings.Fields(strings.ToLower(s))
		if len(f) == 0 {
			continue
		}
		var rest string
		switch {
		case f[0] == "regions":
			rest = strings.Join(f[1:], "")
		case f[0] == "rooms":
			// "rooms" alone was read before "rooms N": a designer's
			// "Rooms old" or "rooms backup" stays an unread layer (noted),
			// not a refused map.
			rest = strings.Join(f[1:], "")
			if rest != "" && !isDigits(rest) {
				continue
			}
		case strings.HasPrefix(f[0], "regions") && len(f) == 1:
			rest = strings.TrimPrefix(f[0], "regions")
		case strings.HasPrefix(f[0], "rooms") && len(f) == 1 && isDigits(f[0][len("rooms"):]):
			rest = strings.TrimPrefix(f[0], "rooms")
		default:
			continue
		}
		if rest == "" {
			return 1, true, nil
		}
		n, err := strconv.Atoi(rest)
		if err != nil || n < 1 || n > MaxRegionLevels {
			return 0, false, fmt.Errorf("a region layer's level %q: want 1 to %d", rest, MaxRegionLevels)
		}
		return n, true, nil
	}
	return 0, false, nil
}

// regionLayers rasterises the region object layers: one byte per cell per
// level, ' ' outside every region. A cell inside two regions of one level
// is an error naming both objects. The work, each object's bounding box in
// cells times its points, is bounded by regionWork: objects of one name may
// overlap, so nothing else stops a file of many huge objects.
//
// terrain ('#' a wall) is for the notes on rooms that cover no cell (drawn
// off the map, or too small to hold a cell's centre) or only walls: such a
// room has no part in the hierarchy, which a designer would not see; and
// on rooms split by walls into parts (splitRoomNotes), each of which is a
// group of its own.
func (rd *tiledReader) regionLayers(terrain []byte) (Rooms, error) {
	var rooms, none Rooms
	if len(rd.regions) == 0 {
		return none, nil
	}
	top := 0
	for _, r := range rd.regions {
		top = max(top, r.level)
	}
	rooms.Layers = make([][]byte, top)
	rooms.Names = make([]map[byte]string, top)
	own := make([]int32, rd.w*rd.h) // 1 + index in the level's all of the object that named the cell
	budget := regionWork(rd.w, rd.h)
	for lvl := 1; lvl <= top; lvl++ {
		layer := bytes.Repeat([]byte{' '}, rd.w*rd.h)
		clear(own)
		seen := false
		type placed struct {
			o  *tiled.Object
			rl regionLayer
		}
		var all []placed
		for _, rl := range rd.regions {
			if rl.level != lvl {
				continue
			}
			seen = true
			for _, o := range rl.og.Objects {
				all = append(all, placed{withTemplate(o), rl})
			}
		}
		chars := map[*tiled.Object]byte{}
		named := map[string]byte{} // room name → its character
		used := map[byte]string{}  // character → the name (or "" for a region property) it stands for
		// Region properties first: they say which character they want.
		// A character is a room's identity: two names giving one
		// character are refused (it was two rooms merged silently, one
		// name lost in the inspector and the export). A piece with the
		// character and no name is a piece of the named room.
		namedBy := map[byte]placed{}   // character → the first named object giving it
		pieceOf := map[string]placed{} // room name → its first piece with a region property
		for _, pl := range all {
			if c, explicit, err := regionChar(pl.o); err != nil {
				return none, errAt(rd.name, rd.objectLine(pl.rl.og.Name, pl.o), "region layer %q: %v", pl.rl.og.Name, err)
			} else if explicit {
				chars[pl.o] = c
				name := strings.TrimSpace(pl.o.Name)
				// Pieces of one room (one name) giving two characters
				// were split into two rooms, one of them nameless in the
				// inspector and the export.
				if first, ok := pieceOf[name]; ok && name != "" && chars[first.o] != c {
					return none, errAt(rd.name, rd.objectLine(pl.rl.og.Name, pl.o), "region layer %q: %s %q has region %q, but %s %q (line %d), a piece of the same room, has region %q: the pieces of one room share one region character; give them the same region, or different names if they are two rooms",
						pl.rl.og.Name, objLabel(pl.o), name, rune(c), objLabel(first.o), name, rd.objectLine(first.rl.og.Name, first.o), rune(chars[first.o]))
				}
				if _, ok := pieceOf[name]; !ok && name != "" {
					pieceOf[name] = pl
				}
				if first, ok := namedBy[c]; ok && name != "" && strings.TrimSpace(first.o.Name) != name {
					return none, errAt(rd.name, rd.objectLine(pl.rl.og.Name, pl.o), "region layer %q: %s %q has region %q, which %s %q (line %d) already gives its room: a region character names one room; give one of them another region character, or both the same name if they are pieces of one room",
						pl.rl.og.Name, objLabel(pl.o), name, rune(c), objLabel(first.o), strings.TrimSpace(first.o.Name), rd.objectLine(first.rl.og.Name, first.o))
				}
				if name != "" {
					if _, ok := namedBy[c]; !ok {
						namedBy[c] = pl
					}
				}
				if prev, ok := used[c]; !ok || prev == "" {
					used[c] = name
				}
				if _, ok := named[name]; !ok && name != "" {
					named[name] = c // its other pieces, with no property, are this room too
				}
			}
		}
		for _, pl := range all {
			if _, ok := chars[pl.o]; ok {
				continue
			}
			name := strings.TrimSpace(pl.o.Name)
			c, ok := named[name]
			if !ok {
				c = freeChar(name, used)
				if c == 0 {
					return none, errAt(rd.name, rd.objectLine(pl.rl.og.Name, pl.o), "region layer %q: %d rooms, and a level's region layer holds at most %d (each room is named by one printable character other than #): give pieces of one room the same name, or draw fewer, larger rooms",
						pl.rl.og.Name, roomCount(all, func(p placed) *tiled.Object { return p.o }), regionChars)
				}
				named[name], used[c] = c, name
			}
			chars[pl.o] = c
		}
		type roomCells struct {
			first       placed // the room's first object that covers a cell
			cells, open int
		}
		covered := map[byte]*roomCells{}
		var order []byte // the rooms' characters, as first covered
		for idx, pl := range all {
			o, rl := pl.o, pl.rl
			c := chars[o]
			k := int32(idx + 1)
			hit, n := 0, 0 // cells inside o; those no piece of its room had yet
			err := rd.cellsInside(o, rl.off, roomShapes, &budget, func(x, y int) error {
				i := y*rd.w + x
				if own[i] != 0 && layer[i] != c {
					prev, prevLayer := all[own[i]-1].o, all[own[i]-1].rl
					if prevLayer.og != rl.og {
						// Two layers of one level ("rooms" and "regions"):
						// the object names alone read as one layer's.
						ph, pl := roomHead(prev, layer[i])
						oh, ol := roomHead(o, c)
						return errCell(rd.name, rd.objectLine(rl.og.Name, o), image.Pt(x, y), "object layers %s and %s both give region level %d, and cell (%d,%d) lies in region %s (%s on %q, line %d%s) and %s (%s on %q%s): draw each level's rooms on one layer, or rename one layer (\"regions 2\" is level 2)",
							rd.layerAt(prevLayer.og), rd.layerAt(rl.og), lvl, x, y, ph, objLabel(prev), prevLayer.og.Name, rd.objectLine(prevLayer.og.Name, prev), pl, oh, objLabel(o), rl.og.Name, ol)
					}
					// Named as the designer named them in Tiled ("Hall",
					// "Store"), not by the letters pathlens gave them
					// alone ('H' and 'S', which the file never shows).
					ph, pl := roomHead(prev, layer[i])
					oh, ol := roomHead(o, c)
					return errCell(rd.name, rd.objectLine(rl.og.Name, o), image.Pt(x, y), "region layer %q: cell (%d,%d) lies in region %s (%s%s) and %s (%s%s)",
						rl.og.Name, x, y, ph, objLabel(prev), pl, oh, objLabel(o), ol)
				}
				hit++
				if own[i] == 0 {
					n++
				}
				layer[i], own[i] = c, k
				return nil
			})
			if err == nil && hit == 0 {
				rd.notes = append(rd.notes, rd.noCellNote(o, rl))
			} else if err == nil {
				rc := covered[c]
				if rc == nil {
					rc = &roomCells{first: pl}
					covered[c] = rc
					order = append(order, c)
				}
				rc.cells += n
			}
			var me *Error
			switch {
			case errors.As(err, &me):
				return none, err
			case errors.Is(err, errShapeWork):
				return none, errAt(rd.name, rd.objectLine(rl.og.Name, o), "region layer %q: the region objects' boxes (cells times points) add up to more than %d cell tests for this %d×%d map: are objects repeated?",
					rl.og.Name, regionWork(rd.w, rd.h), rd.w, rd.h)
			case err != nil:
				return none, errAt(rd.name, rd.objectLine(rl.og.Name, o), "region layer %q: %v", rl.og.Name, err)
			}
		}
		if !seen {
			return none, rd.missingLevel(top, lvl)
		}
		for i, c := range layer {
			if rc := covered[c]; rc != nil && terrain[i] != '#' {
				rc.open++
			}
		}
		for _, c := range order {
			if rc := covered[c]; rc.open == 0 {
				o, rl := rc.first.o, rc.first.rl
				who := objLabel(o)
				if name := strings.TrimSpace(o.Name); name != "" {
					who += fmt.Sprintf(" %q", name)
				}
				rd.notes = append(rd.notes, fmt.Sprintf("region layer %q: room %q (%s, line %d) covers only walls (%d %s): it holds no open cell, so it has no part in the hierarchy",
					rl.og.Name, rune(c), who, rd.objectLine(rl.og.Name, o), rc.cells, plural(rc.cells, "cell", "cells")))
			}
		}
		rd.splitRoomNotes(layer, terrain, own, order, func(c byte) (*tiled.Object, regionLayer) {
			return covered[c].first.o, covered[c].first.rl
		})
		rooms.Layers[lvl-1] = layer
		names := map[byte]string{}
		for c, name := range used {
			if name != "" {
				names[c] = name
			}
		}
		rooms.Names[lvl-1] = names
	}
	// Layers that name no cell (a rooms layer made before any room was
	// drawn on it) are no regions: the session has none to draw or keep.
	for _, l := range rooms.Layers {
		if bytes.ContainsFunc(l, func(r rune) bool { return r != ' ' }) {
			return rooms, nil
		}
	}
	return none, nil
}

// errShapeWork is cellsInside's refusal of an object past the budget of
// cell tests.
var errShapeWork = errors.New("too many cell tests")

// cellsInside calls fn for each cell of the map whose centre lies inside
// o, a rectangle or polygon drawn off pixels from where it says (its
// layers' offsets): the cells a room covers, and those a collision object
// blocks. *budget, the cell tests left (see regionWork), is charged the
// object's box in cells times its points; past it, errShapeWork. An
// object far outside the map is refused rather than covering nothing
// silently. fn's error is returned as it is.
func (rd *tiledReader) cellsInside(o *tiled.Object, off image.Point, use shapeUse, budget *int64, fn func(x, y int) error) error {
	tw, th := float64(max(rd.m.TileWidth, 1)), float64(max(rd.m.TileHeight, 1))
	inside, box, points, err := objectShape(o, float64(off.X), float64(off.Y), use)
	if err != nil {
		return err
	}
	if lim := 4 * float64(pathing.MaxSide) * max(tw, th); !(math.Abs(box.Min.X) <= lim && math.Abs(box.Min.Y) <= lim && math.Abs(box.Max.X) <= lim && math.Abs(box.Max.Y) <= lim) {
		return fmt.Errorf("%s lies far outside the map (%g,%g)-(%g,%g) px", objLabel(o), box.Min.X, box.Min.Y, box.Max.X, box.Max.Y)
	}
	x0, y0 := max(0, int(math.Floor(box.Min.X/tw))), max(0, int(math.Floor(box.Min.Y/th)))
	x1, y1 := min(rd.w, int(math.Ceil(box.Max.X/tw))+1), min(rd.h, int(math.Ceil(box.Max.Y/th))+1)
	if x1 > x0 && y1 > y0 {
		*budget -= int64(x1-x0) * int64(y1-y0) * int64(points)
	}
	if *budget < 0 {
		return errShapeWork
	}
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			if inside((float64(x)+0.5)*tw, (float64(y)+0.5)*th) {
				if err := fn(x, y); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// regionChars is how many characters can name a level's rooms: the
// printable ASCII characters but '#' (RegionNone).
const regionChars = 0x7e - 0x21 + 1 - 1

// roomCount counts the distinct rooms among objects: one per region
// property's character, then one per name among the rest (the pieces of a
// room share one or the other).
func roomCount[T any](objs []T, of func(T) *tiled.Object) int {
	rooms := map[string]bool{}
	for _, x := range objs {
		o := of(x)
		key := "name " + strings.TrimSpace(o.Name)
		if c, explicit, err := regionChar(o); err == nil && explicit {
			key = "char " + string(rune(c))
		}
		rooms[key] = true
	}
	return len(rooms)
}

// regionWork is how many cell tests the region objects of a w×h map may
// ask for: sixteen per cell (rooms drawn once over the map take one, a
// polygon one per point), and a million more for small maps.
func regionWork(w, h int) int64 { return 16*int64(w)*int64(h) + 1<<20 }

// objLabel names an object in a message: by id, or by name when it has
// none (hand-written and generated files may leave ids out).
func objLabel(o *tiled.Object) string {
	if o.ID != 0 {
		return fmt.Sprintf("object %d", o.ID)
	}
	return fmt.Sprintf("object %q (no id)", o.Name)
}

// roomHead names the room object o, of region character c, in a message
// as the designer sees it in Tiled: by its name, `"Hall"`, with letter
// ", letter 'H'" to follow its object id; a room named by its character
// alone, or by a region property only, by the character, `'a'`, with no
// letter.
func roomHead(o *tiled.Object, c byte) (head, letter string) {
	name := strings.TrimSpace(o.Name)
	if name == "" || name == string(rune(c)) {
		return fmt.Sprintf("%q", rune(c)), ""
	}
	return strconv.Quote(name), fmt.Sprintf(", letter %q", rune(c))
}

// withTemplate returns o with what it leaves unset taken from its template
// (an object placed from a .tx file keeps only what was changed on it):
// name, size, rotation, shape and the properties it does not override.
func withTemplate(o *tiled.Object) *tiled.Object {
	if o.Template == nil || o.Template.Object == nil {
		return o
	}
	t, c := o.Template.Object, *o
	if c.Name == "" {
		c.Name = t.Name
	}
	if c.Width == 0 && c.Height == 0 {
		c.Width, c.Height = t.Width, t.Height
	}
	if c.Rotation == 0 {
		c.Rotation = t.Rotation
	}
	if len(c.Polygons) == 0 && len(c.Ellipses) == 0 && len(c.PolyLines) == 0 && c.Text == nil && c.GID == 0 {
		c.Polygons, c.Ellipses, c.PolyLines, c.Text, c.GID = t.Polygons, t.Ellipses, t.PolyLines, t.Text, t.GID
	}
	props := slices.Clone(c.Properties)
	for _, p := range t.Properties {
		if !slices.ContainsFunc(props, func(q *tiled.Property) bool { return q.Name == p.Name }) {
			props = append(props, p)
		}
	}
	c.Properties = props
	return &c
}

// regionChar checks the name of a region object: explicit reports that it
// has a region property, whose first character c names its room; else c is
// the first character of its name (freeChar gives the room its own when
// another name has it). A room needs a name or the property.
func regionChar(o *tiled.Object) (c byte, explicit bool, err error) {
	s := ""
	for _, p := range o.Properties {
		if strings.EqualFold(p.Name, "region") {
			s = p.Value
		}
	}
	from := "property region"
	explicit = s != ""
	if s == "" {
		s, from = strings.TrimSpace(o.Name), "name"
	}
	if s == "" {
		return 0, false, fmt.Errorf("%s has neither a name nor a region property to name its region", objLabel(o))
	}
	c = s[0]
	if c < 0x21 || c > 0x7e || c == '#' {
		if !explicit && c >= 0x80 {
			// A name may start with a letter beyond ASCII ("Ölkeller"):
			// freeChar gives its room a character of its own.
			return 0, false, nil
		}
		if c >= 0x80 {
			// "Does not start with a printable character" read as wrong
			// of an É, which prints: the rule is ASCII.
			return 0, false, fmt.Errorf("%s: its %s %q starts with a character beyond ASCII: a region character is one printable ASCII character other than # (A–Z, a–z, 0–9 or punctuation); without the property the room's name gives it one", objLabel(o), from, s)
		}
		return 0, false, fmt.Errorf("%s: its %s %q does not start with a printable character other than #", objLabel(o), from, s)
	}
	return c, explicit, nil
}

// freeChar picks the character of a room named name that no other room
// has (used maps the characters taken to their names): its first character,
// the same letter in the other case, another letter or digit of the name,
// then any free one of A–Z, a–z, 0–9 and the other printable characters;
// 0 when all are taken. Two rooms whose names begin alike ("West hall",
// "Wine cellar") stay two rooms: 'W' and 'w'.
func freeChar(name string, used map[byte]string) byte {
	var cands []byte
	add := func(c byte) {
		if c > 0x20 && c < 0x7f && c != '#' {
			cands = append(cands, c)
		}
	}
	swap := func(c byte) byte {
		switch {
		case c >= 'a' && c <= 'z':
			return c - 32
		case c >= 'A' && c <= 'Z':
			return c + 32
		}
		return c
	}
	if r, _ := utf8.DecodeRuneInString(name); r >= 0x80 {
		// A name starting with a letter beyond ASCII: its base letter
		// first ("Ölkeller" 'O', "Étage" 'E').
		if c := asciiBase(r); c != 0 {
			add(c)
			add(swap(c))
		}
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if i == 0 || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			add(c)
			add(swap(c))
		}
	}
	for _, r := range []string{"ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz", "0123456789"} {
		for i := 0; i < len(r); i++ {
			add(r[i])
		}
	}
	for c := byte(0x21); c < 0x7f; c++ {
		add(c)
	}
	for _, c := range cands {
		if _, taken := used[c]; !taken {
			return c
		}
	}
	return 0
}

// asciiBase is the ASCII letter a Latin letter with a diacritic is written
// on (Ö 'O', é 'e', ß 's'), 0 for any other rune.
func asciiBase(r rune) byte {
	const upper = "AAAAAAACEEEEIIIIDNOOOOO_OUUUUYT"  // U+00C0..U+00DE
	const lower = "aaaaaaaceeeeiiiidnooooo_ouuuuyty" // U+00E0..U+00FF
	switch {
	case r >= 0xC0 && r <= 0xDE:
		if c := upper[r-0xC0]; c != '_' {
			return c
		}
	case r == 0xDF:
		return 's'
	case r >= 0xE0 && r <= 0xFF:
		if c := lower[r-0xE0]; c != '_' {
			return c
		}
	}
	return 0
}

// fbox is a box in pixels.
type fbox struct{ Min, Max struct{ X, Y float64 } }

// shapeUse words objectShape's refusals for what the shapes are for.
type shapeUse struct {
	plural string // "regions"
	covers string // what one of them does with cells
}

var (
	roomShapes = shapeUse{"regions", "a region covers the cells inside one of those"}
	wallShapes = shapeUse{"walls", "a wall blocks the cells whose centres lie inside one of those"}
)

// objectShape returns the point test, bounding box (in map pixels) and
// cost per cell tested (its points) of a rectangle, polygon or ellipse
// object. Rotated objects, points, polylines, text and tile objects are
// refused, worded for use.
func objectShape(o *tiled.Object, dx, dy float64, use shapeUse) (inside func(x, y float64) bool, box fbox, points int, err error) {
	if o.Rotation != 0 {
		return nil, box, 0, fmt.Errorf("%s is rotated (%g°): %s must be unrotated rectangles, polygons or ellipses", objLabel(o), o.Rotation, use.plural)
	}
	ox, oy := o.X+dx, o.Y+dy
	switch {
	case len(o.Ellipses) > 0 && len(o.PolyLines) == 0 && o.Text == nil && o.GID == 0:
		if !(o.Width > 0 && o.Height > 0) {
			return nil, box, 0, fmt.Errorf("%s is an ellipse with no area (%g×%g px): %s", objLabel(o), o.Width, o.Height, use.covers)
		}
		// Tiled's ellipse fills its box: x, y is the box's top left corner.
		rx, ry := o.Width/2, o.Height/2
		cx, cy := ox+rx, oy+ry
		box.Min.X, box.Min.Y, box.Max.X, box.Max.Y = ox, oy, ox+o.Width, oy+o.Height
		return func(x, y float64) bool {
			ex, ey := (x-cx)/rx, (y-cy)/ry
			return ex*ex+ey*ey < 1 // strictly inside: two ellipses touching share no cell
		}, box, 1, nil
	case len(o.Ellipses) > 0, len(o.PolyLines) > 0, o.Text != nil, o.GID != 0:
		return nil, box, 0, fmt.Errorf("%s is %s, not a rectangle, a polygon or an ellipse: %s", objLabel(o), unreadKind(o), use.covers)
	case len(o.Polygons) > 0:
		pts := polygonPoints(o, dx, dy)
		if len(pts) < 3 {
			return nil, box, 0, fmt.Errorf("%s is a polygon of %d points", objLabel(o), len(pts))
		}
		box.Min.X, box.Min.Y, box.Max.X, box.Max.Y = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, p := range pts {
			box.Min.X, box.Min.Y = min(box.Min.X, p[0]), min(box.Min.Y, p[1])
			box.Max.X, box.Max.Y = max(box.Max.X, p[0]), max(box.Max.Y, p[1])
		}
		return func(x, y float64) bool { return inPolygon(pts, x, y) }, box, len(pts), nil
	case o.Width <= 0 || o.Height <= 0:
		return nil, box, 0, fmt.Errorf("%s has no area (a point?): %s must be rectangles, polygons or ellipses", objLabel(o), use.plural)
	}
	box.Min.X, box.Min.Y, box.Max.X, box.Max.Y = ox, oy, ox+o.Width, oy+o.Height
	return func(x, y float64) bool { return x >= ox && x < ox+o.Width && y >= oy && y < oy+o.Height }, box, 1, nil
}

// unreadKind names what an object is that is neither a rectangle nor a
// polygon: "an ellipse", "a polyline", "a text", "a tile", "a point";
// "rotated" for a rotated one; "" for a rectangle with an area or a
// polygon.
func unreadKind(o *tiled.Object) string {
	switch {
	case o.Rotation != 0:
		return "rotated"
	case len(o.Ellipses) > 0:
		return "an ellipse"
	case len(o.PolyLines) > 0:
		return "a polyline"
	case o.Text != nil:
		return "a text"
	case o.GID != 0:
		return "a tile"
	case len(o.Polygons) > 0:
		if len(polygonPoints(o, 0, 0)) < 3 {
			return "a polygon of fewer than 3 points"
		}
		return ""
	case o.Width <= 0 || o.Height <= 0:
		return "a point"
	}
	return ""
}

// polygonPoints is a polygon object's points in map pixels, drawn (dx, dy)
// from where the object says.
func polygonPoints(o *tiled.Object, dx, dy float64) [][2]float64 {
	var pts [][2]float64
	if len(o.Polygons) > 0 && o.Polygons[0].Points != nil {
		for _, p := range *o.Polygons[0].Points {
			pts = append(pts, [2]float64{o.X + dx + p.X, o.Y + dy + p.Y})
		}
	}
	return pts
}

// inPolygon is the even-odd rule: a ray from (x, y) to the right crosses
// the polygon's edges an odd number of times when the point is inside.
// An edge spans [lower y, upper y) and the ray crosses it when the point
// lies strictly west of it, so a point on an edge is inside the polygon
// east of it (below it, on a horizontal edge), as with rectangles. Each
// edge is tested from its lower end whichever way the polygon runs, and
// by a cross product rather than a division: two polygons sharing an edge
// (drawn with fractional points) computed it from opposite ends and could
// both claim a cell centre on it (refused as an overlap) or both leave it.
func inPolygon(pts [][2]float64, x, y float64) bool {
	in := false
	for i, j := 0, len(pts)-1; i < len(pts); j, i = i, i+1 {
		a, b := pts[i], pts[j]
		if (a[1] > y) == (b[1] > y) {
			continue
		}
		if a[1] > b[1] {
			a, b = b, a
		}
		if (x-a[0])*(b[1]-a[1]) < (b[0]-a[0])*(y-a[1]) {
			in = !in
		}
	}
	return in
}

// nameIn reports whether s (trimmed, any case) is one of names.
func nameIn(s string, names []string) bool {
	s = strings.ToLower(strings.TrimSpace(s))
	return s != "" && slices.Contains(names, s)
}

// anyTrue reports whether one of props named in names (any case) is true.
// A value other than true or false is an error naming the property.
func anyTrue(props tiled.Properties, names []string) (bool, error) {
	for _, p := range props {
		if !nameIn(p.Name, names) {
			continue
		}
		switch strings.ToLower(strings.TrimSpace(p.Value)) {
		case "true", "1":
			return true, nil
		case "false", "0", "":
		default:
			return false, &propError{p.Name, p.Value, "true or false"}
		}
	}
	return false, nil
}
