// Package maps reads and writes the file formats of pathlens: Moving AI
// grid maps (.map) and scenario lists (.scen), a plain ASCII map format, and
// pathlens scenario files (.pls); and it reads Tiled maps (.tmx, see
// ReadTiled). It depends on the standard library, package pathing and the
// TMX decoder github.com/lafriks/go-tiled, never on the screen.
//
// # Terrain
//
// Every map keeps, besides its pathing.Grid, the original character of each
// cell in Map.Terrain and the file's line ends, so a map read and written back
// in its own format is byte-identical (for files in the usual layout: header
// lines in the usual order, no byte order mark, no blank lines after the
// rows; all the published Moving AI maps qualify), and a renderer can draw
// trees or water differently from walls. The characters
// and what they mean to a walker:
//
//	.  G  S     open ground, weight 1 (Moving AI: ground, G and S are ground too)
//	@  O        blocked (out of bounds)
//	T           blocked (trees)
//	W           blocked (water: Moving AI allows it to swimmers only; pathlens
//	            models walkers, so water is a wall here)
//	#           blocked (ASCII format wall)
//	1 ... 9     open with that move weight (ASCII format only; 1 is floor)
//
// Moving AI files accept . G S @ O T W; ASCII files accept all of the above.
//
// # Formats
//
// Moving AI maps (ReadMovingAI, WriteMovingAI) and scenario lists (ReadScen,
// CheckScen) follow movingai.com/benchmarks, with the quirks of the published
// files: CRLF, trailing blank lines, "version 1" and "version 1.0", tabs or
// spaces, the map field as a path or a bare name (SameMap compares base names).
//
// ASCII maps (ReadASCII, WriteASCII) are rows of the characters above with no
// header; every row has the same length.
//
// Scenario files (ParseScenario, LoadScenario, WriteScenario) are the
// pathlens format of docs/formats.md: a first line "pathlens-scenario 1",
// then keyword lines (name, about, set, map, regions, query, agent, dig, fill,
// weight) and the blocks "map inline" and "regions N" that run to "end".
//
// Tiled maps (ReadTiled) are finite orthogonal TMX maps: walls come from
// tile properties, collision tile and object layers and tiles' collision
// shapes, weights from tile properties, regions from object layers; see
// ReadTiled's file comment for the rules.
//
// LoadMap and Detect tell the formats apart by content, not by extension.
//
// # Errors and limits
//
// Readers never panic on any input. Every problem is an *Error naming the
// file (as given), the line, and the cell when there is one:
//
//	arena.map:7: row has 48 cells, want 49
//
// Maps wider or taller than pathing.MaxSide cells are refused from the
// header, before anything is allocated. Lines longer than a map row can be
// and inputs larger than MaxMapBytes are refused while reading; both limits
// are in bytes, checked before decoding: a line may hold pathing.MaxSide
// bytes in a Moving AI map (16,384: the widest row, whose cells are one byte
// each), 64 more in an ASCII map or a scenario file (spaces may surround a
// row), and 4,096 in a .scen file. So memory use follows the real size of the
// input, never what a header claims. Cells and columns in messages count
// characters, not bytes.
package maps

import (
	"fmt"
	"image"

	"pathlens/pathing"
)

// MaxMapBytes is the largest map file accepted: a MaxSide×MaxSide map with
// CRLF line ends, plus room for a header and trailing blank lines.
const MaxMapBytes int64 = pathing.MaxSide*(pathing.MaxSide+2) + 1<<20

// Map is a grid read from a file, with the original character of each cell.
//
// Terrain has Grid.Len() bytes indexed y*Width+x. Code that edits Grid may
// leave Terrain stale: writers and TerrainAt reconcile the two, keeping a
// cell's character only while it still agrees with the grid (a blocked
// character on a blocked cell, an open one on an open cell of the same
// weight), and otherwise using the canonical character of the cell's weight
// in the map's own format: '@' for a wall built on a Moving AI map (what its
// writer puts there), '#' on any other.
type Map struct {
	Name    string // file base name (LoadMap) or the name given to a reader
	Grid    *pathing.Grid
	Terrain []byte

	// Format is the format the map was read from (zero when built in code).
	Format Format
	// CRLF and NoFinalNewline record the line ends of the file read, so
	// that writing the map back in its own format reproduces it exactly.
	CRLF           bool
	NoFinalNewline bool
}

// Format names a file format.
type Format uint8

const (
	FormatUnknown   Format = iota
	FormatMovingAI         // Moving AI .map: "type octile" header
	FormatASCII            // pathlens ASCII: rows of # . 1-9, no header
	FormatScenario         // pathlens scenario: "pathlens-scenario 1" first line
	FormatScen             // Moving AI scenario list: "version 1" first line
	FormatTiled            // Tiled TMX map: XML whose root element is <map> (written by WriteTiled)
	FormatTiledJSON        // Tiled JSON map (.tmj): refused, with how to export TMX
)

var formatNames = [...]string{"unknown", "movingai", "ascii", "scenario", "scen", "tiled", "tiled-json"}

// String returns "movingai", "ascii", "scenario", "scen", "tiled",
// "tiled-json" or "unknown".
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "unknown"
}

// terrainWeight maps a terrain character to its weight: 0 blocked, 1..9
// open; -1 marks characters no format accepts. asciiOK marks the characters
// allowed in ASCII maps, movingAIOK the subset allowed in Moving AI files,
// and printableOK those allowed in region layers (printable ASCII).
var (
	terrainWeight [256]int8
	asciiOK       [256]bool
	movingAIOK    [256]bool
	printableOK   [256]bool
)

func init() {
	for i := range terrainWeight {
		terrainWeight[i] = -1
	}
	for _, c := range []byte("@OTW#") {
		terrainWeight[c] = 0
	}
	for _, c := range []byte(".GS") {
		terrainWeight[c] = 1
	}
	for c := byte('1'); c <= '9'; c++ {
		terrainWeight[c] = int8(c - '0')
	}
	for _, c := range []byte(".GS@OTW") {
		movingAIOK[c] = true
	}
	for c := range terrainWeight {
		asciiOK[c] = terrainWeight[c] >= 0
		printableOK[c] = c >= 0x20 && c <= 0x7e
	}
}

// TerrainWeight returns the move weight a terrain character stands for (0 for
// blocked) and whether the character is known to any format.
func TerrainWeight(c byte) (uint8, bool) {
	w := terrainWeight[c]
	return uint8(max(w, 0)), w >= 0
}

// NewMap wraps g in a Map named name, with canonical terrain (# for blocked,
// . for weight 1, the digit for weights 2..9, '?' above 9). g is used, not
// copied; a nil g is a programming error: it panics, naming the package.
func NewMap(name string, g *pathing.Grid) *Map {
	if g == nil {
		panic("maps: NewMap: nil grid")
	}
	m := &Map{Name: name, Grid: g, Terrain: make([]byte, g.Len())}
	for i, w := range g.Cells() {
		m.Terrain[i] = asciiChar(w)
	}
	return m
}

// asciiChar is the canonical ASCII character of weight w ('?' when no
// character exists, above 9).
func asciiChar(w uint8) byte {
	switch {
	case w == 0:
		return '#'
	case w == 1:
		return '.'
	case w <= 9:
		return '0' + w
	}
	return '?'
}

// agrees reports whether terrain character c still describes weight w.
func agrees(c byte, w uint8) bool {
	tw := terrainWeight[c]
	return tw >= 0 && uint8(tw) == w
}

// TerrainAt returns the character of cell p, reconciled with the grid as
// described on Map; 0 when p is outside the map.
func (m *Map) TerrainAt(p image.Point) byte {
	if !m.Grid.In(p) {
		return 0
	}
	i := m.Grid.Index(p)
	w := m.Grid.WeightAt(i)
	if i < len(m.Terrain) && agrees(m.Terrain[i], w) {
		return m.Terrain[i]
	}
	return m.canonChar(w)
}

// canonChar is the character a cell of weight w gets when its own no longer
// agrees with the grid: asciiChar, but '@' for blocked on a Moving AI map.
func (m *Map) canonChar(w uint8) byte {
	if w == 0 && m.Format == FormatMovingAI {
		return '@'
	}
	return asciiChar(w)
}

// SyncTerrain rewrites every Terrain character that no longer agrees with
// the grid (see Map), and sizes Terrain to the grid. Cost: one pass.
func (m *Map) SyncTerrain() {
	if len(m.Terrain) != m.Grid.Len() {
		t := make([]byte, m.Grid.Len())
		copy(t, m.Terrain)
		m.Terrain = t
	}
	for i, w := range m.Grid.Cells() {
		if !agrees(m.Terrain[i], w) {
			m.Terrain[i] = m.canonChar(w)
		}
	}
}

// Clone returns a deep copy of m.
func (m *Map) Clone() *Map {
	c := *m
	c.Grid = m.Grid.Clone()
	c.Terrain = append([]byte(nil), m.Terrain...)
	return &c
}

// Equal reports whether a and b have the same grid and terrain (names,
// formats and line ends are not compared).
func (m *Map) Equal(o *Map) bool {
	if m == nil || o == nil {
		return m == o
	}
	return m.Grid.Equal(o.Grid) && string(m.Terrain) == string(o.Terrain)
}

// String describes the map in one line, e.g. "arena.map (49×49, movingai)".
func (m *Map) String() string {
	return fmt.Sprintf("%s (%d×%d, %s)", m.Name, m.Grid.Width(), m.Grid.Height(), m.Format)
}

// build makes the grid of a w×h map from its terrain, already validated.
func build(name string, w, h int, terrain []byte) (*Map, error) {
	g, err := pathing.NewGrid(w, h)
	if err != nil {
		return nil, errAt(name, 0, "%v", err)
	}
	cells := g.Cells()
	for i, c := range terrain {
		cells[i] = uint8(terrainWeight[c])
	}
	g.Recount()
	return &Map{Name: name, Grid: g, Terrain: terrain}, nil
}
