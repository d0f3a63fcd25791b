package render

import (
	"strings"
	"testing"

	"pathlens/game/world"
)

// The ghost of a search switch is drawn as the outline of the cells it
// expanded: edge cells of the fill (a neighbour outside it, or the map's
// edge) only, so the current fill shows through inside it.
func TestGhostOutlineMarksOnlyTheFillsEdge(t *testing.T) {
	const w, h = 6, 5
	gh := &world.Ghost{Fill: make([]uint64, 1)}
	for y := 1; y <= 3; y++ {
		for x := 0; x <= 3; x++ {
			i := y*w + x
			gh.Fill[0] |= 1 << uint(i)
		}
	}
	pix := make([]byte, 4*w*h)
	for i := range pix {
		pix[i] = 7 // stale
	}
	ghostOutline(pix, gh, w, h)
	var got strings.Builder
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if pix[4*(y*w+x)+3] != 0 {
				got.WriteByte('o')
			} else {
				got.WriteByte('.')
			}
		}
		got.WriteByte('\n')
	}
	want := "......\noooo..\no..o..\noooo..\n......\n"
	if got.String() != want {
		t.Errorf("outline:\n%swant:\n%s", got.String(), want)
	}
}
