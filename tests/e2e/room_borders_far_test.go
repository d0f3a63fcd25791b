package e2e

import (
	"image"
	"math"
	"strings"
	"testing"
)

// roomsScenario writes a 512×512 scenario under the group hierarchy (two
// levels): open floor with a one-cell wall every 16 cells, broken by
// doors, and square level-1 rooms room cells a side.
func roomsScenario(t *testing.T, room int) string {
	t.Helper()
	const n = 512
	letters := "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	var b strings.Builder
	b.WriteString("pathlens-scenario 1\nname rooms\nset algo group\nset levels 2\nmap inline\n")
	for y := range n {
		for x := range n {
			if (x%16 == 8 && y%16 != 4) || (y%16 == 8 && x%16 != 4) {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString("end\nregions 1\n")
	per := n / room
	for y := range n {
		for x := range n {
			b.WriteByte(letters[((y/room)*per+x/room)%len(letters)])
		}
		b.WriteByte('\n')
	}
	b.WriteString("end\n")
	return writeFile(t, "rooms.pls", b.String())
}

// mapBox is the box of the rows and columns of img mostly light (the
// map's floor: the bars and panel are dark, their text a few pixels).
func mapBox(img image.Image) image.Rectangle {
	b := img.Bounds()
	light := func(x, y int) bool { return lumaOf(rgba(img.At(x, y))) > 120 }
	box := image.Rectangle{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		n := 0
		for x := b.Min.X; x < b.Max.X; x++ {
			if light(x, y) {
				n++
			}
		}
		if n > b.Dx()/3 {
			box = box.Union(image.Rect(b.Min.X, y, b.Max.X, y+1))
		}
	}
	x0, x1 := -1, -1
	for x := b.Min.X; x < b.Max.X; x++ {
		n := 0
		for y := box.Min.Y; y < box.Max.Y; y++ {
			if light(x, y) {
				n++
			}
		}
		if n > box.Dy()/2 {
			if x0 < 0 {
				x0 = x
			}
			x1 = x + 1
		}
	}
	return image.Rect(x0, box.Min.Y, x1, box.Max.Y)
}

// A designer's rooms on a 512×512 map were faint at the fit zoom (about
// 1.2 px a cell): the borders between rooms were drawn only from 3 px a
// cell, so rooms of near tints ran into one, and at view level 2, where
// the level-1 rooms are outlined without tints, nothing of them was drawn
// though the legend read "L1 room outlines". At the fit zoom each border
// is a line apart from the rooms on both sides, tinted or not, and the
// terrain stays: the outlines change few of the map's pixels, and none
// where the rooms are too small on screen for lines between them.
func TestRoomBordersReadAtTheFitZoom(t *testing.T) {
	shotOf := shotApp(t)
	pls := roomsScenario(t, 64)
	tinted := shotOf("-scenario", pls, "-zoom", "0", "-layers", "weights,regions")
	box := mapBox(tinted)
	if box.Dx() < 400 || box.Dy() < 400 {
		t.Fatalf("the map is %v on screen: the test wants it fitted large", box)
	}
	px := float64(box.Dx()) / 512 // pixels a cell
	if px >= 3 {
		t.Fatalf("%.2f px a cell: the test wants the fit under 3", px)
	}
	// Each vertical border between two rooms (x = 64, 128, … cells): in
	// the rows away from the walls, a pixel at the border differs from
	// the rooms three pixels either side.
	border := func(img image.Image, what string) {
		t.Helper()
		for bx := 64; bx < 512; bx += 64 {
			x := box.Min.X + int(math.Floor(float64(bx)*px))
			seen, lit := 0, 0
			for cy := 0; cy < 512; cy++ {
				if m := cy % 16; m >= 6 && m <= 10 {
					continue // near a wall row
				}
				y := box.Min.Y + int((float64(cy)+0.5)*px)
				left, right := rgba(img.At(x-3, y)), rgba(img.At(x+3, y))
				best := 0.0
				for dx := -1; dx <= 1; dx++ {
					c := rgba(img.At(x+dx, y))
					best = math.Max(best, math.Min(colourDist(c, left), colourDist(c, right)))
				}
				seen++
				if best >= 50 {
					lit++
				}
			}
			if lit < seen*9/10 {
				t.Errorf("%s: the border at x=%d cells (%d px) stands out from the rooms beside it in %d of %d rows", what, bx, x, lit, seen)
				return
			}
		}
	}
	border(tinted, "level 1, tinted")
	outlined := shotOf("-scenario", pls, "-zoom", "0", "-layers", "weights,regions", "-level", "2")
	border(outlined, "level 2, outlined")
	// The outlines alone (level 2) leave the terrain: few of the map's
	// pixels change.
	bare := shotOf("-scenario", pls, "-zoom", "0", "-layers", "weights", "-level", "2")
	changed, all := changedPixels(bare, outlined, box)
	t.Logf("level 2: the outlines change %d of %d map pixels", changed, all)
	if changed > all/20 {
		t.Errorf("the room outlines change %d of %d map pixels: they hide the terrain", changed, all)
	}
	// Rooms 4 cells a side are under 5 px on screen: lines between them
	// would be a lattice over the terrain, so none are drawn.
	small := roomsScenario(t, 4)
	smallBare := shotOf("-scenario", small, "-zoom", "0", "-layers", "weights", "-level", "2")
	smallOut := shotOf("-scenario", small, "-zoom", "0", "-layers", "weights,regions", "-level", "2")
	if n, _ := changedPixels(smallBare, smallOut, box); n > 0 {
		t.Errorf("rooms 4 cells a side at the fit zoom: their outlines change %d map pixels", n)
	}
}

// changedPixels counts the pixels of box that differ between a and b, and
// box's pixels.
func changedPixels(a, b image.Image, box image.Rectangle) (changed, all int) {
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			all++
			if rgba(a.At(x, y)) != rgba(b.At(x, y)) {
				changed++
			}
		}
	}
	return changed, all
}
