package maps

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/pathing"
)

// A map and its rooms written as a Tiled map read back with the same
// cells (walls and weights 1 to 9) and the same rooms on every level, with
// their names, characters and all.
func TestTiledWriteRoundTrip(t *testing.T) {
	m := mustASCII(t, "########\n#..2.9.#\n#.##3..#\n#......#\n########\n")
	l1 := []byte("        " +
		" AAA<BB " +
		" A  <BB " +
		" &&&&BB " +
		"        ")
	l2 := []byte("########" +
		"#XXXXYY#" +
		"#X##XYY#" +
		"#XXXXYY#" +
		"########")
	rooms := Rooms{Layers: [][]byte{l1, l2}, Names: []map[byte]string{{'A': "West hall", '<': "Gate \"<\" & co", '&': "Ölkeller", 'B': ""}, {'X': "West", 'Y': "East"}}}
	var buf bytes.Buffer
	if err := WriteTiled(&buf, m, rooms); err != nil {
		t.Fatal(err)
	}
	back, got, err := ReadTiledRooms(bytes.NewReader(buf.Bytes()), "out.tmx", "")
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if !back.Grid.Equal(m.Grid) {
		t.Errorf("grid:\n%s\nwant:\n%s", rows(back.Terrain, 8), rows(m.Terrain, 8))
	}
	if len(got.Layers) != 2 || string(got.Layers[0]) != string(l1) || string(got.Layers[1]) != strings.ReplaceAll(string(l2), "#", " ") {
		t.Fatalf("rooms:\n%s\n\n%s", rows(got.Layers[0], 8), rows(got.Layers[len(got.Layers)-1], 8))
	}
	if n := got.Names[0]; len(n) != 3 || n['A'] != "West hall" || n['<'] != "Gate \"<\" & co" || n['&'] != "Ölkeller" {
		t.Errorf("level 1 names %q", n)
	}
	if n := got.Names[1]; len(n) != 2 || n['X'] != "West" || n['Y'] != "East" {
		t.Errorf("level 2 names %q", n)
	}
	if !sameRooms(rooms, got) {
		t.Error("sameRooms says the rooms read back differ")
	}
	if len(got.Notes) != 0 {
		t.Errorf("notes %q", got.Notes)
	}

	// Written to a file and opened as any map is, by content.
	dir := t.TempDir()
	p := filepath.Join(dir, "out.tmx")
	if err := SaveTiled(p, m, rooms); err != nil {
		t.Fatal(err)
	}
	s, err := LoadScenario(p)
	if err != nil {
		t.Fatal(err)
	}
	if s.Map.Format != FormatTiled || !s.Map.Grid.Equal(m.Grid) || len(s.Regions) != 2 || string(s.Regions[0]) != string(l1) {
		t.Errorf("loaded %v, regions %q", s.Map, s.Regions)
	}

	// SaveMap by format writes the terrain alone.
	bare := filepath.Join(dir, "bare.tmx")
	if err := SaveMap(bare, m, FormatTiled); err != nil {
		t.Fatal(err)
	}
	if back, err := LoadMap(bare); err != nil || back.Format != FormatTiled || !back.Grid.Equal(m.Grid) {
		t.Errorf("SaveMap as Tiled: %v, %v", back, err)
	}

	// No rooms: no object layer, and none read back.
	buf.Reset()
	if err := WriteTiled(&buf, m, Rooms{}); err != nil {
		t.Fatal(err)
	}
	if _, got, err := ReadTiledRooms(bytes.NewReader(buf.Bytes()), "bare.tmx", ""); err != nil || got.Layers != nil || strings.Contains(buf.String(), "objectgroup") {
		t.Errorf("bare map: %v, rooms %q", err, got.Layers)
	}
}

// What a Tiled map cannot hold is refused naming the file and cell, and
// nothing is written.
func TestTiledWriteRefuses(t *testing.T) {
	m := mustASCII(t, "....\n....\n")
	m.Grid.SetWeight(image.Pt(2, 1), 12)
	dir := t.TempDir()
	p := filepath.Join(dir, "heavy.tmx")
	err := SaveTiled(p, m, Rooms{})
	var me *Error
	if !errors.As(err, &me) || !me.HasCell || me.Cell != image.Pt(2, 1) || !strings.Contains(err.Error(), "heavy.tmx: cannot save: cell (2,1) has weight 12: a Tiled map's tiles hold 1 to 9") {
		t.Errorf("weight 12: %v", err)
	}
	if _, err := os.Stat(p); err == nil {
		t.Error("a refused save wrote the file")
	}
	m.Grid.SetWeight(image.Pt(2, 1), 1)
	bad := Rooms{Layers: [][]byte{[]byte("AA\x01A....")}}
	if err := SaveTiled(p, m, bad); err == nil || !strings.Contains(err.Error(), `heavy.tmx: cannot save: regions 1 cell (2,0) is '\x01'`) {
		t.Errorf("control character: %v", err)
	}
	if err := SaveTiled(p, m, Rooms{Layers: [][]byte{[]byte("AAA")}}); err == nil || !strings.Contains(err.Error(), "regions 1 has 3 cells, the map has 8") {
		t.Errorf("short layer: %v", err)
	}
}

// Random maps, with up to three levels of rooms in random blobs (ragged
// shapes, holes, one character in several places), read back the same.
func TestTiledWriteRoundTripRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := range 60 {
		w, h := 1+r.IntN(24), 1+r.IntN(16)
		g, err := pathing.NewGrid(w, h)
		if err != nil {
			t.Fatal(err)
		}
		for i := range g.Cells() {
			g.Cells()[i] = uint8(r.IntN(10)) // 0 a wall, 1..9 weights
		}
		m := &Map{Name: "r.map", Grid: g}
		var rooms Rooms
		for range r.IntN(4) {
			layer := make([]byte, w*h)
			names := map[byte]string{}
			for i := range layer {
				switch k := r.IntN(8); {
				case k == 0:
					layer[i] = ' '
				case k == 1:
					layer[i] = '#'
				case i > 0 && k < 6:
					layer[i] = layer[i-1] // runs
				default:
					layer[i] = byte(0x21 + r.IntN(0x7e-0x21+1))
					if layer[i] == '#' {
						layer[i] = 'Z'
					}
				}
				if c := layer[i]; !RegionNone(c) && r.IntN(3) == 0 {
					names[c] = fmt.Sprintf("room %c <%d>", c, n)
				}
			}
			rooms.Layers = append(rooms.Layers, layer)
			rooms.Names = append(rooms.Names, names)
		}
		var buf bytes.Buffer
		if err := WriteTiled(&buf, m, rooms); err != nil {
			t.Fatal(err)
		}
		back, got, err := ReadTiledRooms(bytes.NewReader(buf.Bytes()), "r.tmx", "")
		if err != nil {
			t.Fatalf("map %d: %v\n%s", n, err, buf.String())
		}
		if !back.Grid.Equal(g) || !sameRooms(rooms, got) {
			t.Fatalf("map %d (%d×%d, %d levels) reads back differently", n, w, h, len(rooms.Layers))
		}
	}
}
