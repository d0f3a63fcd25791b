package render

import (
	"image"
	"image/color"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// regionsWorld is an open n×n world whose region layer is 64 square rooms
// (n/8 cells a side), closed when the benchmark ends.
func regionsWorld(b *testing.B, n int) (*world.World, []byte) {
	g := pathing.MustGrid(n, n)
	layer := make([]byte, n*n)
	for i := range layer {
		x, y := i%n, i/n
		layer[i] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!?"[(y/(n/8))*8+x/(n/8)]
	}
	w := world.New(&maps.Map{Name: "rooms", Grid: g})
	b.Cleanup(w.Close)
	w.Regions = [][]byte{layer}
	return w, layer
}

// BenchmarkRegionsRebake is the frame after a room stroke's move on a
// 1024×1024 map of 64 rooms: the layer is a new slice (the stroke
// publishes a copy), so the regions layer works out its colours and bakes
// its pixels again.
func BenchmarkRegionsRebake(b *testing.B) {
	const n = 1024
	w, _ := regionsWorld(b, n)
	r := New()
	cam := &Camera{}
	cam.Fit(n, n, ComputeLayout(1280, 800, true).Map)
	f := &Frame{World: w, Cam: cam, Layers: LayerSet(0).With(LayerRegions, true)}
	dst := ebiten.NewImage(1280, 800)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l := append([]byte(nil), w.Regions[0]...) // a move's publish
		l[i%len(l)] = 'A'
		w.Regions = [][]byte{l}
		r.drawRegions(dst, f)
	}
}

// regionColoursScalar is regionColours with its neighbour scan cell by
// cell (the form before the eight-at-a-time skip), for comparison.
func regionColoursScalar(layer []byte, w int) map[[2]byte]bool {
	near := map[[2]byte]bool{}
	touch := func(a, b byte) {
		if a != b && !noRegion(a) && !noRegion(b) {
			near[[2]byte{a, b}], near[[2]byte{b, a}] = true, true
		}
	}
	for i, ch := range layer {
		if noRegion(ch) {
			continue
		}
		x := i % w
		for d := 1; d <= 2; d++ {
			if x+d < w {
				touch(ch, layer[i+d])
			}
			if i+d*w < len(layer) {
				touch(ch, layer[i+d*w])
				if x+d < w {
					touch(ch, layer[i+d*w+d])
				}
				if x-d >= 0 {
					touch(ch, layer[i+d*w-d])
				}
			}
		}
	}
	return near
}

// The eight-at-a-time skip finds the same neighbours as the cell-by-cell
// scan, on layers of every width around the word size, rooms of random
// blocks with walls and holes: the colours it gives are then the same.
func TestRegionColoursSkipFindsEveryNeighbour(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := 0; round < 2000; round++ {
		w, h := 1+rng.IntN(40), 1+rng.IntN(12)
		layer := make([]byte, w*h)
		bw, bh := 1+rng.IntN(12), 1+rng.IntN(5)
		noise := round%2 == 1 // letters at random, mostly holes: rooms meeting at corners
		for i := range layer {
			x, y := i%w, i/w
			layer[i] = byte('A' + (x/bw+3*(y/bh))%20)
			if noise {
				layer[i] = ' '
				if rng.IntN(40) == 0 {
					layer[i] = byte('A' + rng.IntN(12))
				}
			}
			if rng.IntN(30) == 0 {
				layer[i] = " #"[rng.IntN(2)]
			}
		}
		want := regionColoursScalar(layer, w)
		got := regionColours(layer, w)
		// The colours follow from the neighbours alone: equal colours
		// for the scan's neighbours mean a missed pair.
		ref := regionColoursFrom(want, layer)
		if got != ref {
			t.Fatalf("round %d, %d×%d: colours differ from the cell-by-cell scan's", round, w, h)
		}
	}
}

// regionColoursFrom is regionColours' colour choice on a given set of
// neighbouring pairs.
func regionColoursFrom(near map[[2]byte]bool, layer []byte) [256]color.RGBA {
	return pickColours(layer, func(a, b int) bool { return near[[2]byte{byte(a), byte(b)}] })
}

// The squares' borders are drawn between cells a square groups: open and
// in no room of the level or below (a review: lines ran through walls on
// a map whose rooms cover every open cell, and at level 2 through a
// level-1 room, which lies wholly in one level-2 group).
func TestSquareCellsLeaveOutWallsAndLowerRooms(t *testing.T) {
	cells := []uint8{1, 0, 1, 1}
	l1 := []byte("##A#")
	l2 := []byte("####")
	for i, want := range []bool{true, false, false, true} {
		if got := squareCell(cells, [][]byte{l1, l2}, i); got != want {
			t.Errorf("cell %d (weight %d, rooms %q %q): %v, want %v", i, cells[i], l1[i], l2[i], got, want)
		}
	}
	if !squareCell(cells, [][]byte{l2}, 2) {
		t.Error("cell 2 with no level-1 layer given: not a square's")
	}
}

// A designer saw a room change colour after a fill elsewhere and between
// sessions: colours were handed out first-free in letter order. Each letter
// keeps a colour of its own unless a room it touches holds it, so rooms
// that touch no other keep theirs whatever is painted around them.
func TestRoomColoursStayWithTheirLetters(t *testing.T) {
	const w = 12
	base := []byte("CC....EE....")
	cols := regionColours(base, w)
	if cols['C'] == cols['E'] {
		t.Errorf("C and E, apart, share a colour %v", cols['C'])
	}
	if own := regionPalette[regionPreferred[2]]; cols['C'] != own {
		t.Errorf("C alone is %v, want its own %v", cols['C'], own)
	}
	more := []byte("CC....EE..AA")
	if got := regionColours(more, w); got['C'] != cols['C'] || got['E'] != cols['E'] {
		t.Errorf("a room A painted away from them recoloured C %v→%v, E %v→%v", cols['C'], got['C'], cols['E'], got['E'])
	}
	// Two rooms with one colour of their own that touch still differ.
	touch := []byte{'A', 'A', 'A' + byte(len(regionPalette)), 'A' + byte(len(regionPalette))}
	if got := regionColours(touch, 4); got['A'] == got[touch[2]] {
		t.Errorf("touching rooms %q share a colour", touch)
	}
}

// Under the open / closed fill a teacher could not tell which cells were
// room C's in textbook-groups. Each border run names the regions on its
// two sides, so bands in their colours can be drawn beside it, and a run
// ends where either side changes.
func TestRegionBorderRunsKeepTheirSides(t *testing.T) {
	// Two rows of rooms: A|C above, B|C below: the line between columns
	// 1 and 2 is one border, A|C then B|C: two runs.
	layer := []byte("AACC" + "BBCC")
	g, err := pathing.NewGrid(4, 2)
	if err != nil {
		t.Fatal(err)
	}
	w := world.New(maps.NewMap("runs", g))
	t.Cleanup(w.Close)
	w.Regions = [][]byte{layer}
	var cam Camera
	cam.Fit(4, 2, image.Rect(0, 0, 400, 200))
	f := &Frame{World: w, Cam: &cam, Layout: Layout{Map: image.Rect(0, 0, 400, 200), Screen: image.Rect(0, 0, 400, 200)}}
	r := New()
	r.drawRegionBorders(ebiten.NewImage(400, 200), f, layer, color.RGBA{}, 1, false, color.RGBA{1, 1, 1, 255}, 3)
	var got []string
	for _, sg := range r.regionSegs {
		got = append(got, string(sg.sides[:]))
	}
	slices.Sort(got)
	if want := []string{"AB", "AC", "BC"}; !slices.Equal(got, want) {
		t.Errorf("border runs by sides %q, want %q", got, want)
	}
}

// BenchmarkRegionBordersWithBands draws a frame's region borders where the
// search fill covers the tints (casing and side bands), zoomed in on a
// 1024×1024 map of 64 rooms: the bands' colours are taken once per layer,
// not every frame (a review measured 24 ms a frame for them here).
func BenchmarkRegionBordersWithBands(b *testing.B) {
	const n = 1024
	w, layer := regionsWorld(b, n)
	r := New()
	cam := &Camera{}
	lay := ComputeLayout(1280, 800, true)
	cam.Fit(n, n, lay.Map)
	sx, sy := cam.ToScreen(128, 128) // a corner of four rooms
	cam.ZoomAt(sx, sy, 16/cam.Zoom)  // 16 px a cell
	f := &Frame{World: w, Cam: cam, Layout: lay, Layers: LayerSet(0).With(LayerRegions, true)}
	dst := ebiten.NewImage(1280, 800)
	casing := color.RGBA{250, 245, 235, 190}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.drawRegionBorders(dst, f, layer, color.RGBA{60, 20, 50, 170}, 2, false, casing, 4.5)
	}
	if len(r.regionSegs) == 0 {
		b.Fatal("no border in view: nothing measured")
	}
}

// BenchmarkFarRoomBordersRebake is a frame of the regions layer's borders
// on a 1024×1024 map of 64 rooms fitted to the window (under 3 px a cell)
// after a room stroke's move: the layer is new, so its border runs are
// found again over the whole map.
func BenchmarkFarRoomBordersRebake(b *testing.B) {
	const n = 1024
	w, _ := regionsWorld(b, n)
	r := New()
	cam := &Camera{}
	cam.Fit(n, n, ComputeLayout(1280, 800, true).Map)
	f := &Frame{World: w, Cam: cam, Layers: LayerSet(0).With(LayerRegions, true)}
	dst := ebiten.NewImage(1280, 800)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l := append([]byte(nil), w.Regions[0]...) // a move's publish
		l[i%len(l)] = 'A'
		w.Regions = [][]byte{l}
		r.drawRegionEdges(dst, f)
	}
}
