package render

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/internal/cputime"
	"pathlens/maps"
	"pathlens/pathing"
)

// blockGhost is a ghost whose fill is the s×s block of cells at (x0, y0)
// of grid g.
func blockGhost(g *pathing.Grid, x0, y0, s int) *world.Ghost {
	gh := &world.Ghost{Label: "A*", Fill: make([]uint64, (g.Len()+63)/64)}
	for y := y0; y < y0+s; y++ {
		for x := x0; x < x0+s; x++ {
			i := y*g.Width() + x
			gh.Fill[i>>6] |= 1 << (uint(i) & 63)
		}
	}
	return gh
}

// A new user's trial: on a 7100×7100 map with an A* query, pressing 4
// (HPA*) showed no frame for seconds. Part of it was the ghost of the A*
// search: its outline was baked by reading all 50 million cells into a
// map-sized image (200 MB of pixels, a 256 MB texture), all of it sent,
// though the outline of a search of 7,000 cells lies in a few tiles.
// Zoomed out (cells marked, not dotted) a bake now has, and sends, the
// tiles its outline is in; a later ghost's bake drops the tiles it no
// longer marks.
func TestGhostBakeHasOnlyTheTilesOfItsOutline(t *testing.T) {
	const n = 2048
	g, err := pathing.NewGrid(n, n)
	if err != nil {
		t.Fatal(err)
	}
	w := world.New(maps.NewMap("open", g))
	t.Cleanup(w.Close)
	r := New()
	dst := ebiten.NewImage(200, 200)
	frame := &Frame{World: w, Cam: &Camera{Zoom: 200.0 / n}}
	const tile = tintTile * tintTile
	l := &r.ghostFill
	marked := func(x, y int) bool { return l.pixel(x, y)[3] != 0 }

	w.Ghost = blockGhost(g, 5, 5, 10) // one tile
	r.drawGhost(dst, frame)
	if !l.drawn() {
		t.Fatal("no outline drawn zoomed out")
	}
	if len(l.used) != 1 || l.sent != tile {
		t.Errorf("first ghost: %d tiles, %d cells sent; want its one tile (%d cells) of the map's %d",
			len(l.used), l.sent, tile, n*n)
	}
	// The block's frontier is its edge: (5,5) is on it, (9,9) inside.
	if !marked(5, 5) || marked(9, 9) {
		t.Errorf("first ghost: corner marked %v, inside marked %v; want the edge alone", marked(5, 5), marked(9, 9))
	}

	// A later switch's ghost elsewhere, across a tile corner: its four
	// tiles, the first ghost's gone.
	x := 10*tintTile - 4
	w.Ghost = blockGhost(g, x, x, 8)
	r.drawGhost(dst, frame)
	if len(l.used) != 4 || l.sent != 4*tile || len(l.pix) != 4 {
		t.Errorf("second ghost: %d tiles (%d kept), %d cells sent; want its 4 tiles, %d cells",
			len(l.used), len(l.pix), l.sent, 4*tile)
	}
	if marked(5, 5) {
		t.Error("the first ghost's outline is still marked")
	}
	for y := x - tintTile; y < x+tintTile; y++ {
		for xx := x - tintTile; xx < x+tintTile; xx++ {
			in := xx >= x && xx < x+8 && y >= x && y < x+8
			edge := in && (xx == x || xx == x+7 || y == x || y == x+7)
			if marked(xx, y) != edge {
				t.Fatalf("(%d,%d) marked %v, want %v (the block's edge alone)", xx, y, marked(xx, y), edge)
			}
		}
	}

	// The same ghost drawn again bakes nothing.
	l.sent = -1
	r.drawGhost(dst, frame)
	if l.sent != -1 {
		t.Errorf("the same ghost baked again (%d cells sent)", l.sent)
	}
}

// diagonalGhost is the ghost of an A* query across an open n×n grid from
// corner to corner: a band three cells wide along the diagonal.
func diagonalGhost(g *pathing.Grid) *world.Ghost {
	n := g.Width()
	gh := &world.Ghost{Label: "A*", Fill: make([]uint64, (g.Len()+63)/64)}
	for d := 0; d < n; d++ {
		for x := max(0, d-1); x <= min(n-1, d+1); x++ {
			i := d*n + x
			gh.Fill[i>>6] |= 1 << (uint(i) & 63)
		}
	}
	return gh
}

// BenchmarkGhostOutline is the window's work to paint the outline of the
// ghost of an A* query across an open 4096×4096 map (the frame of the
// switch that made it, zoomed out), into a map of pixels: the fill read
// and its frontier put.
func BenchmarkGhostOutline(b *testing.B) {
	const n = 4096
	g := pathing.MustGrid(n, n)
	gh := diagonalGhost(g)
	pix := make([]byte, 4*n*n)
	b.ReportAllocs()
	c0, _ := cputime.Process()
	for b.Loop() {
		ghostOutline(gh, g, func(x, y int, p [4]byte) { copy(pix[4*(y*n+x):], p[:]) })
	}
	c1, _ := cputime.Process()
	b.ReportMetric(float64((c1-c0)/time.Microsecond)/1000/float64(b.N), "cpu-ms/op")
}
