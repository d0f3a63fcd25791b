package anim

import (
	"bytes"
	"image"
	"image/color"
	"testing"
)

// Regression (a teacher's recording at 150 % for slides): the window's
// frame has more than 256 colours, most of them the shades of its
// antialiased text, lines and swatches, each more frequent than the start's
// green disc or the goal's red one; the palette took the 256 most frequent,
// and the start was drawn grey and the goal brown in every frame of the
// GIF, as were the legend's green and red swatches. A colour far from every
// frequent one keeps a palette entry of its own, though few pixels have it.
func TestRareDistinctColoursKeepTheirPlace(t *testing.T) {
	const w, h = 300, 200
	f := newFrame(w, h, color.RGBA{30, 30, 36, 255})
	// 600 greys and near-greys (text antialiasing, say), 80 pixels each.
	i := 0
	for y := 0; y < 160 && i < 600; y += 2 {
		for x := 0; x < w && i < 600; x += 40 {
			v := uint8(40 + i/3)
			f.fill(image.Rect(x, y, x+40, y+2), color.RGBA{v, v, uint8(int(v) + i%3), 255})
			i++
		}
	}
	// The start's green disc and the goal's red one, 36 pixels each.
	green, red := color.RGBA{40, 170, 80, 255}, color.RGBA{220, 40, 40, 255}
	f.fill(image.Rect(20, 170, 26, 176), green)
	f.fill(image.Rect(60, 170, 66, 176), red)
	rec, _ := New(w, h)
	if err := rec.Add(f.pix, 10); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := rec.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	got, _ := play(t, buf.Bytes())
	for _, p := range []image.Point{{22, 172}, {62, 172}} {
		want, gc := f.at(p.X, p.Y), got[0].RGBAAt(p.X, p.Y)
		dr, dg, db := int(gc.R)-int(want.R), int(gc.G)-int(want.G), int(gc.B)-int(want.B)
		if d := dr*dr + dg*dg + db*db; d > 3*16*16 {
			t.Errorf("(%d,%d) %v drawn %v (distance² %d): a colour of its own lost to the frequent shades", p.X, p.Y, want, gc, d)
		}
	}
	// The shades stay about as close as the most frequent alone kept them
	// (the nearest of 256 greys: a few levels away).
	for y := 0; y < 160; y += 7 {
		for x := 5; x < w; x += 40 {
			want, gc := f.at(x, y), got[0].RGBAAt(x, y)
			dr, dg, db := int(gc.R)-int(want.R), int(gc.G)-int(want.G), int(gc.B)-int(want.B)
			if d := dr*dr + dg*dg + db*db; d > 3*10*10 {
				t.Fatalf("(%d,%d) %v drawn %v (distance² %d)", x, y, want, gc, d)
			}
		}
	}
}
