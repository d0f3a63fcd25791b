package anim

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/gif"
	"math/rand"
	"testing"
)

// frame is a w×h RGBA buffer.
type frame struct {
	w, h int
	pix  []byte
}

func newFrame(w, h int, c color.RGBA) *frame {
	f := &frame{w, h, make([]byte, 4*w*h)}
	f.fill(image.Rect(0, 0, w, h), c)
	return f
}

func (f *frame) fill(r image.Rectangle, c color.RGBA) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			i := 4 * (y*f.w + x)
			f.pix[i], f.pix[i+1], f.pix[i+2], f.pix[i+3] = c.R, c.G, c.B, 255
		}
	}
}

func (f *frame) at(x, y int) color.RGBA {
	i := 4 * (y*f.w + x)
	return color.RGBA{f.pix[i], f.pix[i+1], f.pix[i+2], 255}
}

func (f *frame) clone() *frame {
	return &frame{f.w, f.h, append([]byte(nil), f.pix...)}
}

// play decodes a GIF and returns the picture after each of its frames
// (frames drawn over what was there: disposal none), with the delays.
func play(t *testing.T, data []byte) ([]*image.RGBA, []int) {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var out []*image.RGBA
	for i, p := range g.Image {
		if g.Disposal[i] != gif.DisposalNone {
			t.Fatalf("frame %d: disposal %d, want none", i, g.Disposal[i])
		}
		for y := p.Rect.Min.Y; y < p.Rect.Max.Y; y++ {
			for x := p.Rect.Min.X; x < p.Rect.Max.X; x++ {
				if _, _, _, a := p.At(x, y).RGBA(); a != 0 { // transparent: what was there shows
					canvas.Set(x, y, p.At(x, y))
				}
			}
		}
		out = append(out, image.NewRGBA(canvas.Rect))
		copy(out[len(out)-1].Pix, canvas.Pix)
	}
	return out, g.Delay
}

func same(t *testing.T, what string, got *image.RGBA, want *frame) {
	t.Helper()
	for y := 0; y < want.h; y++ {
		for x := 0; x < want.w; x++ {
			if g, w := got.RGBAAt(x, y), want.at(x, y); g != w {
				t.Fatalf("%s: pixel (%d,%d) is %v, want %v", what, x, y, g, w)
			}
		}
	}
}

// TestRoundTrip records a search-like animation (a fill growing over a
// flat map, a counter changing in a corner, a frame repeated) and checks
// that playing the GIF back gives every frame exactly, that repeated frames
// lengthen the one before, and that later frames store only what changed.
func TestRoundTrip(t *testing.T) {
	const w, h = 120, 80
	rec, err := New(w, h)
	if err != nil {
		t.Fatal(err)
	}
	f := newFrame(w, h, color.RGBA{30, 30, 40, 255})
	f.fill(image.Rect(10, 10, 110, 70), color.RGBA{200, 200, 190, 255})
	var want []*frame
	var delays []int
	add := func(d int) {
		t.Helper()
		if err := rec.Add(f.pix, d); err != nil {
			t.Fatal(err)
		}
	}
	add(5)
	want, delays = append(want, f.clone()), append(delays, 5)
	for k := 1; k <= 6; k++ {
		f.fill(image.Rect(50-3*k, 40-3*k, 50+3*k, 40+3*k), color.RGBA{80, 160, 255, 255})
		f.fill(image.Rect(0, 0, 8, 8), color.RGBA{uint8(40 * k), 0, 0, 255})
		add(5)
		want, delays = append(want, f.clone()), append(delays, 5)
		if k == 3 {
			add(7) // the same picture again: frame k shows 12/100 s
			delays[len(delays)-1] += 7
		}
	}
	rec.Hold(200)
	delays[len(delays)-1] += 200
	if rec.Frames() != len(want) {
		t.Fatalf("%d frames stored, want %d", rec.Frames(), len(want))
	}
	var buf bytes.Buffer
	if err := rec.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	got, gd := play(t, buf.Bytes())
	if len(got) != len(want) {
		t.Fatalf("%d frames decoded, want %d", len(got), len(want))
	}
	for i := range want {
		same(t, "frame "+string(rune('0'+i)), got[i], want[i])
		if gd[i] != delays[i] {
			t.Errorf("frame %d: delay %d, want %d", i, gd[i], delays[i])
		}
	}
	g, _ := gif.DecodeAll(bytes.NewReader(buf.Bytes()))
	if r := g.Image[0].Rect; r != image.Rect(0, 0, w, h) {
		t.Errorf("first frame covers %v, want the whole picture", r)
	}
	// Frame 1 changed the corner counter and the fill's first square.
	if r, want := g.Image[1].Rect, image.Rect(0, 0, 53, 43); r != want {
		t.Errorf("frame 1 stores %v, want only the changed %v", r, want)
	}
	// Inside it, a pixel that did not change is transparent.
	if _, _, _, a := g.Image[1].At(20, 20).RGBA(); a != 0 {
		t.Errorf("frame 1 stores the unchanged pixel (20,20) as %v, want transparent", g.Image[1].At(20, 20))
	}
}

// TestManyColours checks a frame of more than 256 colours: the 256 most
// frequent are exact, every other pixel becomes the nearest of them.
func TestManyColours(t *testing.T) {
	const w, h = 64, 64
	f := newFrame(w, h, color.RGBA{0, 0, 0, 255})
	rng := rand.New(rand.NewSource(1))
	// 200 frequent colours in blocks, then 1,000 single pixels of others.
	for i := 0; i < 200; i++ {
		x, y := (i%16)*4, (i/16)*4
		f.fill(image.Rect(x, y, x+4, y+2), color.RGBA{uint8(i), 100, 50, 255})
	}
	for i := 0; i < 1000; i++ {
		x, y := rng.Intn(w), 52+rng.Intn(12)
		f.fill(image.Rect(x, y, x+1, y+1), color.RGBA{uint8(rng.Intn(256)), uint8(rng.Intn(256)), uint8(rng.Intn(256)), 255})
	}
	rec, _ := New(w, h)
	if err := rec.Add(f.pix, 10); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := rec.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	got, _ := play(t, buf.Bytes())
	g, _ := gif.DecodeAll(bytes.NewReader(buf.Bytes()))
	pal := g.Image[0].Palette
	if len(pal) != 256 {
		t.Fatalf("palette of %d colours, want 256", len(pal))
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c, gc := f.at(x, y), got[0].RGBAAt(x, y)
			if y < 52 && c != gc {
				t.Fatalf("frequent colour at (%d,%d) drawn %v, want %v", x, y, gc, c)
			}
			// gc must be a nearest palette colour to c.
			d := func(q color.Color) int {
				r, g, b, _ := q.RGBA()
				dr, dg, db := int(r>>8)-int(c.R), int(g>>8)-int(c.G), int(b>>8)-int(c.B)
				return dr*dr + dg*dg + db*db
			}
			best := 1 << 30
			for _, p := range pal {
				best = min(best, d(p))
			}
			if d(gc) != best {
				t.Fatalf("(%d,%d): %v drawn %v at distance %d, the nearest is at %d", x, y, c, gc, d(gc), best)
			}
		}
	}
}

func TestRefusals(t *testing.T) {
	if _, err := New(0, 10); err == nil {
		t.Error("New(0, 10) accepted")
	}
	if _, err := New(70000, 10); err == nil {
		t.Error("New(70000, 10) accepted")
	}
	rec, _ := New(4, 4)
	if err := rec.Add(make([]byte, 10), 1); err == nil {
		t.Error("a buffer of 10 bytes accepted for 4×4")
	}
	if err := rec.Encode(&bytes.Buffer{}); err == nil {
		t.Error("an empty recording encoded")
	}
	f := newFrame(4, 4, color.RGBA{})
	for i := 0; i < MaxFrames; i++ {
		f.fill(image.Rect(0, 0, 1, 1), color.RGBA{uint8(i), uint8(i >> 8), 0, 255})
		if err := rec.Add(f.pix, 1); err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
	}
	f.fill(image.Rect(0, 0, 1, 1), color.RGBA{1, 2, 3, 255})
	if err := rec.Add(f.pix, 1); !errors.Is(err, ErrFull) {
		t.Errorf("frame %d: %v, want ErrFull", MaxFrames+1, err)
	}
	// An unchanged frame still lengthens the last one when full.
	if err := rec.Add(rec.prev, 1); err != nil {
		t.Errorf("an unchanged frame when full: %v", err)
	}
}

// BenchmarkAdd adds window-sized frames (1264×720, flat colours and
// anti-aliased-like ramps) in which a square region and a text-sized
// corner change: the common frame of a timeline recording.
func BenchmarkAdd(b *testing.B) {
	const w, h = 1264, 720
	f := newFrame(w, h, color.RGBA{20, 20, 28, 255})
	for i := 0; i < 40; i++ {
		f.fill(image.Rect(i*30, 0, i*30+30, h), color.RGBA{uint8(100 + i), uint8(100 + 2*i), 120, 255})
	}
	rec, _ := New(w, h)
	if err := rec.Add(f.pix, 5); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		k := i % 100
		f.fill(image.Rect(300+k, 200+k, 400+k, 300+k), color.RGBA{uint8(k), 200, 80, 255})
		f.fill(image.Rect(1000, 10, 1200, 30), color.RGBA{uint8(i), uint8(i >> 8), 255, 255})
		if err := rec.Add(f.pix, 5); err != nil {
			if errors.Is(err, ErrFull) {
				rec, _ = New(w, h)
				continue
			}
			b.Fatal(err)
		}
	}
}

// Regression: a first frame larger than the cap was refused (ErrFull), but
// the Recorder kept a previous frame of zeros all the same: a black frame
// added next was taken for unchanged and lengthened the delay of a frame
// that was never stored (an index out of range: a panic), and any other
// was stored as a change to a first frame that did not exist.
func TestFirstFrameRefusedKeepsNothing(t *testing.T) {
	rec, err := New(20, 20)
	if err != nil {
		t.Fatal(err)
	}
	rec.SetLimit(100)
	black := newFrame(20, 20, color.RGBA{0, 0, 0, 255})
	for i := range 2 {
		if err := rec.Add(black.pix, 1); !errors.Is(err, ErrFull) {
			t.Errorf("a 20×20 frame past a cap of 100 pixels, try %d: %v, want ErrFull", i+1, err)
		}
	}
	if rec.Frames() != 0 || rec.Duration() != 0 {
		t.Errorf("%d frames of %d/100 s stored, want none", rec.Frames(), rec.Duration())
	}
}

// A frame shown longer than a GIF can say (its delay is 16 bits) is shown
// as long as it can be, not for the low bits of the sum (70,000/100 s read
// back as 44.64 s).
func TestLongDelaysSaturate(t *testing.T) {
	rec, _ := New(2, 2)
	f := newFrame(2, 2, color.RGBA{1, 2, 3, 255})
	if err := rec.Add(f.pix, 70000); err != nil {
		t.Fatal(err)
	}
	if err := rec.Add(f.pix, 60000); err != nil { // unchanged: held longer
		t.Fatal(err)
	}
	rec.Hold(50000)
	var buf bytes.Buffer
	if err := rec.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if g.Delay[0] != maxDelay {
		t.Errorf("delay %d/100 s, want the longest a GIF holds, %d", g.Delay[0], maxDelay)
	}
}
