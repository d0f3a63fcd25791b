package maps

import (
	"bytes"
	"image"
	"strings"
	"testing"

	"pathlens/pathing"
)

func TestTerrainWeight(t *testing.T) {
	for _, tc := range []struct {
		c    byte
		w    uint8
		okay bool
	}{
		{'.', 1, true}, {'G', 1, true}, {'S', 1, true}, {'@', 0, true}, {'O', 0, true},
		{'T', 0, true}, {'W', 0, true}, {'#', 0, true}, {'1', 1, true}, {'9', 9, true},
		{'0', 0, false}, {'x', 0, false}, {' ', 0, false}, {0xff, 0, false},
	} {
		w, ok := TerrainWeight(tc.c)
		if w != tc.w || ok != tc.okay {
			t.Errorf("TerrainWeight(%s) = %d, %v; want %d, %v", quoteByte(tc.c), w, ok, tc.w, tc.okay)
		}
	}
}

func TestMapTerrainFollowsGrid(t *testing.T) {
	g := pathing.MustGrid(4, 1)
	g.SetWeight(image.Pt(1, 0), 0)
	g.SetWeight(image.Pt(2, 0), 5)
	g.SetWeight(image.Pt(3, 0), 200)
	m := NewMap("n", g)
	if string(m.Terrain) != ".#5?" {
		t.Errorf("NewMap terrain %q, want \".#5?\"", m.Terrain)
	}
	m = mustASCII(t, "T.3W\n")
	c := m.Clone()
	m.Grid.SetOpen(image.Pt(0, 0), true)  // a tree is cut
	m.Grid.SetWeight(image.Pt(2, 0), 1)   // a weight is cleared
	m.Grid.SetOpen(image.Pt(1, 0), false) // a wall is built
	if got := []byte{m.TerrainAt(image.Pt(0, 0)), m.TerrainAt(image.Pt(1, 0)), m.TerrainAt(image.Pt(2, 0)), m.TerrainAt(image.Pt(3, 0))}; string(got) != ".#.W" {
		t.Errorf("TerrainAt after edits = %q, want \".#.W\"", got)
	}
	if m.TerrainAt(image.Pt(4, 0)) != 0 {
		t.Error("TerrainAt outside the map is not 0")
	}
	m.SyncTerrain()
	if string(m.Terrain) != ".#.W" {
		t.Errorf("SyncTerrain gave %q, want \".#.W\"", m.Terrain)
	}
	if string(c.Terrain) != "T.3W" || c.Grid.Open(image.Pt(0, 0)) || c.Equal(m) {
		t.Errorf("the clone changed with the original: %q", c.Terrain)
	}
}

// TestMovingAIWallCharacter: a wall built on a Moving AI map reads as '@',
// the character its writer puts there, not ASCII's '#'; on an ASCII map it
// stays '#'.
func TestMovingAIWallCharacter(t *testing.T) {
	m, err := ReadMovingAI(strings.NewReader("type octile\nheight 1\nwidth 3\nmap\n.T.\n"), "w.map")
	if err != nil {
		t.Fatal(err)
	}
	m.Grid.SetOpen(image.Pt(0, 0), false)
	if c := m.TerrainAt(image.Pt(0, 0)); c != '@' {
		t.Errorf("built wall on a Moving AI map reads %s, want '@'", quoteByte(c))
	}
	m.Grid.SetOpen(image.Pt(1, 0), true) // a tree cut: plain floor
	m.SyncTerrain()
	if string(m.Terrain) != "@.." {
		t.Errorf("SyncTerrain gave %q, want \"@..\"", m.Terrain)
	}
	var buf bytes.Buffer
	if err := WriteMovingAI(&buf, m); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(buf.String(), "\n@..\n") {
		t.Errorf("written as %q", buf.String())
	}
	a := mustASCII(t, "..\n")
	a.Grid.SetOpen(image.Pt(0, 0), false)
	if c := a.TerrainAt(image.Pt(0, 0)); c != '#' {
		t.Errorf("built wall on an ASCII map reads %s, want '#'", quoteByte(c))
	}
}
