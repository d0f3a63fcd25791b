package maps

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// withFreeMemory makes the Tiled reader see free bytes of free memory
// (ok false: the machine does not say) for the rest of the test.
func withFreeMemory(t *testing.T, free uint64, ok bool) {
	t.Helper()
	old := tiledFreeMemory
	tiledFreeMemory = func() (uint64, bool) { return free, ok }
	t.Cleanup(func() { tiledFreeMemory = old })
}

// emptyLayers is a w×h map header and n tile layers of no data: the bound
// on tiles is checked before the layers' own tile counts, so it is what a
// refusal names.
func emptyLayers(w, h, n int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<?xml version=\"1.0\"?>\n<map orientation=\"orthogonal\" width=\"%d\" height=\"%d\" tilewidth=\"16\" tileheight=\"16\">\n", w, h)
	for k := range n {
		fmt.Fprintf(&b, "<layer id=\"%d\" name=\"l%d\"><data encoding=\"csv\"></data></layer>\n", k+1, k)
	}
	b.WriteString("</map>\n")
	return b.String()
}

// The designer's three_layers.tmx (1200×1200, floor, decor and collision)
// was refused as "4320000 tiles, more than the 4194304", though Moving AI
// maps run to 16384×16384. Every map up to TiledTilesAlwaysRead tiles is
// now read whatever the machine says; past it, a map is read when its
// decoding fits in the free memory, else refused naming its need and what
// is free; where free memory is unknown, the floor bounds it.
func TestTiledTilesScaleWithMemory(t *testing.T) {
	// Under the floor: read even with nothing free (the tiles' own counts
	// are what is checked next).
	withFreeMemory(t, 0, true)
	_, _, err := tiledHeader([]byte(emptyLayers(1200, 1200, 3)), "three.tmx")
	if err == nil || !strings.Contains(err.Error(), `tile layer "l0" holds 0 tiles, want 1440000`) {
		t.Fatalf("1200×1200 in 3 layers: %v", err)
	}

	big := []byte(emptyLayers(8192, 8192, 2)) // 134217728 tiles
	need := tiledNeed(8192*8192*2, 8192*8192, int64(len(big)))
	if need < 5<<30 || need > 6<<30 {
		t.Fatalf("8192×8192 in 2 layers needs %d bytes, want about 5.9 GB (32 bytes a tile, 24 a cell)", need)
	}
	withFreeMemory(t, 4<<30, true)
	_, _, err = tiledHeader(big, "big.tmx")
	var me *Error
	if !errors.As(err, &me) || me.Line != 2 || !strings.Contains(err.Error(),
		"big.tmx:2: 8192×8192 cells in 2 tile layers is 134217728 tiles: reading them needs about 5.9 GB, and 4.3 GB of memory is free; fewer tile layers need less (up to 16777216 tiles are read whatever is free)") {
		t.Fatalf("with 4 GiB free: %v", err)
	}
	// Refused as the first layer starts, the message still counts all.
	if _, _, err = tiledHeader([]byte(emptyLayers(8192, 8192, 3)), "big.tmx"); err == nil || !strings.Contains(err.Error(), "8192×8192 cells in 3 tile layers is 201326592 tiles") {
		t.Fatalf("three layers refused at the first: %v", err)
	}
	withFreeMemory(t, 8<<30, true)
	if _, _, err = tiledHeader(big, "big.tmx"); err == nil || !strings.Contains(err.Error(), `tile layer "l0" holds 0 tiles`) {
		t.Fatalf("with 8 GiB free, the bound passes: %v", err)
	}
	withFreeMemory(t, 0, false)
	if _, _, err = tiledHeader(big, "big.tmx"); err == nil || !strings.Contains(err.Error(),
		"big.tmx:2: 8192×8192 cells in 2 tile layers is 134217728 tiles, more than the 16777216 read where the machine does not say how much memory is free") {
		t.Fatalf("free memory unknown: %v", err)
	}
	// One layer is one layer, not "1 tile layers".
	withFreeMemory(t, 1<<20, true)
	if _, _, err = tiledHeader([]byte(emptyLayers(5000, 5000, 1)), "one.tmx"); err == nil || !strings.Contains(err.Error(), "5000×5000 cells in 1 tile layer is 25000000 tiles: reading them needs about 1.4 GB, and 1 MB of memory is free (up to 16777216 tiles are read whatever is free)") {
		t.Fatalf("one layer: %v", err)
	}
}

// A map past the floor is read through, decoding included, when memory
// allows: 4100×4100 cells in one zlib layer.
func TestTiledPastTheFloorReads(t *testing.T) {
	if testing.Short() {
		t.Skip("decodes 16.8M tiles")
	}
	withFreeMemory(t, 64<<30, true)
	const n = 4100
	src := strings.Replace(fmt.Sprintf(tmx(tileset, "", n, n), ""), `<data encoding="csv">`, `<data encoding="base64" compression="zlib">`+zlibZeros(n*n*4), 1)
	m, _, err := ReadTiled(strings.NewReader(src), "past.tmx", "")
	if err != nil {
		t.Fatal(err)
	}
	if m.Grid.Width() != n || m.Grid.OpenCount() != n*n {
		t.Fatalf("%d wide, %d open", m.Grid.Width(), m.Grid.OpenCount())
	}
}
