package render

import (
	"image"
	"strings"
	"testing"

	"pathlens/game/world"
	"pathlens/pathing"
)

// The ghost of a search switch is drawn as the frontier of the cells it
// expanded: fill cells next to an open cell outside the fill, where the
// earlier search stopped. Cells along a wall or the map's edge are not
// marked (every wall of a Dijkstra fill was outlined, reading as thick
// bands), and the marks alternate two tones, a dotted line.
func TestGhostOutlineMarksOnlyTheFrontier(t *testing.T) {
	rows := []string{
		"......",
		"#....#",
		"#....#",
		"#....#",
		"......",
	}
	const w, h = 6, 5
	g, err := pathing.NewGrid(w, h)
	if err != nil {
		t.Fatal(err)
	}
	for y, r := range rows {
		for x, c := range r {
			g.SetOpen(image.Pt(x, y), c != '#')
		}
	}
	// The fill: columns 0..3 of rows 0..3 (walls included, as a fill's
	// bitset may be read at them), stopped before column 4 and row 4.
	gh := &world.Ghost{Fill: make([]uint64, 1)}
	for y := 0; y <= 3; y++ {
		for x := 0; x <= 3; x++ {
			if g.Open(image.Pt(x, y)) {
				gh.Fill[0] |= 1 << uint(y*w+x)
			}
		}
	}
	pix := make([]byte, 4*w*h)
	ghostOutline(gh, g, func(x, y int, p [4]byte) {
		if x < 0 || y < 0 || x >= w || y >= h {
			t.Fatalf("put at (%d,%d), off the map", x, y)
		}
		copy(pix[4*(y*w+x):], p[:])
	})
	var got strings.Builder
	tones := map[byte]bool{}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if p := pix[4*(y*w+x):]; p[3] != 0 {
				got.WriteByte('o')
				tones[p[0]] = true
			} else {
				got.WriteByte('.')
			}
		}
		got.WriteByte('\n')
	}
	// Row 0 meets the open cells of column 4 at (3,0); column 3 meets
	// column 4 on rows 1..3; row 3 meets row 4 along columns 1..3.
	want := "...o..\n...o..\n...o..\n.ooo..\n......\n"
	if got.String() != want {
		t.Errorf("outline:\n%swant:\n%s", got.String(), want)
	}
	if len(tones) != 2 {
		t.Errorf("the frontier has %d tones, want 2 (dotted)", len(tones))
	}
}
