// Package anim turns a sequence of window frames into an animated GIF (the
// window's timeline recording, for slides and web pages). It knows nothing
// of the window: frames come in as RGBA pixel buffers.
//
// Each frame after the first keeps only the rectangle that differs from the
// frame before it (the rest of the picture stays from earlier frames), and
// inside it the pixels that did not change are transparent (long runs of
// one index, which the GIF's compression takes almost for free: the window
// changes its numbers in the panel and the search on the map, far apart).
// A frame equal to the one before only lengthens that frame's time on
// screen. Every stored rectangle has its own palette: exact when its
// changed pixels have at most 256 colours (255 beside the transparent
// index), else the most frequent of them but for a few entries given to
// the colours drawn worst by those (a small patch of a colour of its own,
// such as a start marker's green), each other colour drawn as the nearest
// of the palette.
package anim

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"io"
	"math"
	"slices"
)

// MaxFrames is the most frames a Recorder keeps; Add refuses more.
const MaxFrames = 2000

// DefaultLimit caps the pixels a Recorder stores (one byte each) unless
// SetLimit says otherwise: about 400 MB, a few hundred full 1280×800
// frames that all differ wholly.
const DefaultLimit = 400 << 20

// ErrFull is returned by Add when the recording holds MaxFrames frames or
// its stored pixels reach the cap.
var ErrFull = errors.New("anim: recording full")

// Recorder collects frames of one size. The zero value is not usable: use
// New.
type Recorder struct {
	w, h   int
	prev   []byte // the last frame added (RGBA), to find what changed
	g      gif.GIF
	pixels int // bytes stored in g's frames
	limit  int // the most bytes stored (SetLimit)
	tab    colorTable
	order  []uint32 // scratch: the colours of a rectangle by count
	dist   []int    // scratch: keepDistinct's distances
}

// New returns a Recorder for frames of w×h pixels (both at least 1).
func New(w, h int) (*Recorder, error) {
	if w < 1 || h < 1 || w > 1<<16-1 || h > 1<<16-1 {
		return nil, fmt.Errorf("anim: a frame of %d×%d pixels cannot be a GIF's (1 to 65535 each way)", w, h)
	}
	return &Recorder{w: w, h: h, limit: DefaultLimit, g: gif.GIF{Config: image.Config{Width: w, Height: h}}}, nil
}

// SetLimit caps the bytes the stored frames take (one a pixel of each
// frame's changed rectangle); Add refuses a frame past it with ErrFull.
// n below 1 restores DefaultLimit.
func (r *Recorder) SetLimit(n int) {
	if n < 1 {
		n = DefaultLimit
	}
	r.limit = n
}

// Frames returns how many frames are stored (equal frames in a row count
// once).
func (r *Recorder) Frames() int { return len(r.g.Image) }

// Size returns the frame size New was given.
func (r *Recorder) Size() (w, h int) { return r.w, r.h }

// maxDelay is the longest a GIF frame can be shown, in hundredths of a
// second (a 16-bit field: image/gif would keep only the low bits).
const maxDelay = 1<<16 - 1

// Add appends a frame shown for delay hundredths of a second (1 to
// maxDelay, about 655 s: longer is shown that long).
// pix holds the frame's pixels as RGBA, row by row, 4·w·h bytes; alpha is
// ignored (frames are opaque). Add copies what it keeps, so pix may be
// reused. It fails with ErrFull when the recording is full, and on a
// buffer of the wrong size.
func (r *Recorder) Add(pix []byte, delay int) error {
	if len(pix) != 4*r.w*r.h {
		return fmt.Errorf("anim: a frame of %d bytes, want %d (%d×%d RGBA)", len(pix), 4*r.w*r.h, r.w, r.h)
	}
	delay = min(max(delay, 1), maxDelay)
	var rect image.Rectangle
	if len(r.g.Image) == 0 {
		rect = image.Rect(0, 0, r.w, r.h)
	} else {
		rect = r.changed(pix)
		if rect.Empty() {
			r.Hold(delay)
			return nil
		}
	}
	if len(r.g.Image) >= MaxFrames || r.pixels+rect.Dx()*rect.Dy() > r.limit {
		// Nothing kept: a first frame refused leaves no previous frame for
		// the next to be compared with (it held zeros, and a black frame
		// after it was taken for unchanged, the delay of no frame).
		return ErrFull
	}
	if r.prev == nil {
		r.prev = make([]byte, len(pix))
	}
	p := r.quantize(pix, rect, len(r.g.Image) > 0)
	copy(r.prev, pix)
	r.pixels += len(p.Pix)
	r.g.Image = append(r.g.Image, p)
	r.g.Delay = append(r.g.Delay, delay)
	r.g.Disposal = append(r.g.Disposal, gif.DisposalNone)
	return nil
}

// Hold adds delay hundredths of a second to the last frame's time (the
// finished picture held before the animation loops), up to maxDelay in
// all. No-op without frames.
func (r *Recorder) Hold(delay int) {
	if n := len(r.g.Delay); n > 0 && delay > 0 {
		r.g.Delay[n-1] = min(r.g.Delay[n-1]+min(delay, maxDelay), maxDelay)
	}
}

// Duration returns the recording's length in hundredths of a second.
func (r *Recorder) Duration() int {
	d := 0
	for _, x := range r.g.Delay {
		d += x
	}
	return d
}

// Encode writes the recording as a looping GIF. It fails without frames.
func (r *Recorder) Encode(w io.Writer) error {
	if len(r.g.Image) == 0 {
		return errors.New("anim: no frames to write")
	}
	return gif.EncodeAll(w, &r.g)
}

// changed returns the smallest rectangle holding every pixel of pix that
// differs from r.prev (empty when none does), alpha ignored.
func (r *Recorder) changed(pix []byte) image.Rectangle {
	stride := 4 * r.w
	y0, y1 := -1, -1
	for y := 0; y < r.h; y++ {
		if !rowEqual(pix[y*stride:(y+1)*stride], r.prev[y*stride:(y+1)*stride]) {
			if y0 < 0 {
				y0 = y
			}
			y1 = y
		}
	}
	if y0 < 0 {
		return image.Rectangle{}
	}
	x0, x1 := r.w, -1
	for y := y0; y <= y1; y++ {
		a, b := pix[y*stride:(y+1)*stride], r.prev[y*stride:(y+1)*stride]
		for x := 0; x < x0; x++ {
			if differ(a, b, x) {
				x0 = x
				break
			}
		}
		for x := r.w - 1; x > x1; x-- {
			if differ(a, b, x) {
				x1 = x
				break
			}
		}
	}
	return image.Rect(x0, y0, x1+1, y1+1)
}

// rowEqual compares two RGBA rows, alpha ignored.
func rowEqual(a, b []byte) bool {
	for i := 0; i < len(a); i += 4 {
		if a[i] != b[i] || a[i+1] != b[i+1] || a[i+2] != b[i+2] {
			return false
		}
	}
	return true
}

func differ(a, b []byte, x int) bool {
	i := 4 * x
	return a[i] != b[i] || a[i+1] != b[i+1] || a[i+2] != b[i+2]
}

// quantize returns rect of pix as a paletted image with a palette of its
// own (see the package comment). With delta set, the pixels equal to
// r.prev's are left transparent (index 0).
func (r *Recorder) quantize(pix []byte, rect image.Rectangle, delta bool) *image.Paletted {
	t := &r.tab
	t.reset()
	stride := 4 * r.w
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		row, old := pix[y*stride:(y+1)*stride], r.prev[y*stride:(y+1)*stride]
		for x := rect.Min.X; x < rect.Max.X; x++ {
			if delta && !differ(row, old, x) {
				continue
			}
			i := 4 * x
			t.count(rgb(row[i], row[i+1], row[i+2]))
		}
	}
	// The palette: every colour when they fit, else the most frequent
	// (ties by colour value, so a recording does not depend on the
	// table's layout).
	r.order = t.colors(r.order[:0])
	if len(r.order) > 256 {
		slices.SortFunc(r.order, func(a, b uint32) int {
			ca, cb := t.get(a), t.get(b)
			if ca != cb {
				return int(cb - ca)
			}
			return int(int64(a) - int64(b))
		})
	}
	off := 0
	if delta {
		off = 1 // index 0 is the transparent one
	}
	n := min(len(r.order), 256-off)
	if len(r.order) > n {
		r.keepDistinct(n)
	}
	pal := make(color.Palette, off+n)
	if delta {
		pal[0] = color.RGBA{}
	}
	for i, c := range r.order[:n] {
		pal[off+i] = color.RGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), 255}
		t.set(c, int32(off+i))
	}
	for _, c := range r.order[n:] {
		t.set(c, int32(off+nearest(pal[off:], c)))
	}
	p := image.NewPaletted(rect, pal)
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		row, old := pix[y*stride:(y+1)*stride], r.prev[y*stride:(y+1)*stride]
		out := p.Pix[(y-rect.Min.Y)*p.Stride:]
		for x := rect.Min.X; x < rect.Max.X; x++ {
			if delta && !differ(row, old, x) {
				out[x-rect.Min.X] = 0
				continue
			}
			i := 4 * x
			out[x-rect.Min.X] = uint8(t.get(rgb(row[i], row[i+1], row[i+2])))
		}
	}
	return p
}

func rgb(r, g, b byte) uint32 { return uint32(r)<<16 | uint32(g)<<8 | uint32(b) }

// distinctSlots is how many of a full palette's entries go to colours far
// from the frequent ones rather than to the next most frequent.
const distinctSlots = 32

// keepDistinct chooses the last distinctSlots of the n palette entries
// among r.order[n-distinctSlots:] (the colours by count, most first, the
// counts still in r.tab): one at a time, the colour whose pixels are
// drawn worst by the palette so far, its count times its squared distance
// to the nearest entry, moved into place. A window frame has far more
// than 256 colours, most of them the shades of antialiased text; the 256
// most frequent left out the start's green disc and the goal's red one,
// drawn grey and brown in a recording (a teacher's report), while a
// 33rd shade of grey only redraws text a level lighter.
func (r *Recorder) keepDistinct(n int) {
	k := min(distinctSlots, n/8)
	if k == 0 {
		return
	}
	t := &r.tab
	base := n - k
	rest := r.order[base:]
	d2 := r.dist[:0]
	for _, c := range rest {
		best := math.MaxInt
		for _, p := range r.order[:base] {
			best = min(best, dist2(c, p))
		}
		d2 = append(d2, best)
	}
	r.dist = d2
	for j := range k {
		bi, bs := j, int64(-1)
		for i := j; i < len(rest); i++ {
			s := int64(t.get(rest[i])) * int64(d2[i])
			if s > bs || s == bs && rest[i] < rest[bi] {
				bi, bs = i, s
			}
		}
		rest[j], rest[bi] = rest[bi], rest[j]
		d2[j], d2[bi] = d2[bi], d2[j]
		for i := j + 1; i < len(rest); i++ {
			d2[i] = min(d2[i], dist2(rest[i], rest[j]))
		}
	}
}

// dist2 is the squared RGB distance between two colours of rgb's form.
func dist2(a, b uint32) int {
	dr := int(a>>16&0xff) - int(b>>16&0xff)
	dg := int(a>>8&0xff) - int(b>>8&0xff)
	db := int(a&0xff) - int(b&0xff)
	return dr*dr + dg*dg + db*db
}

// nearest returns the index of pal's colour closest to c (squared RGB
// distance; the first of equals).
func nearest(pal color.Palette, c uint32) int {
	cr, cg, cb := int(c>>16&0xff), int(c>>8&0xff), int(c&0xff)
	best, bd := 0, 1<<30
	for i, p := range pal {
		q := p.(color.RGBA)
		dr, dg, db := int(q.R)-cr, int(q.G)-cg, int(q.B)-cb
		if d := dr*dr + dg*dg + db*db; d < bd {
			best, bd = i, d
		}
	}
	return best
}

// colorTable maps 24-bit colours to a count, later to a palette index: an
// open-addressing hash table (a Go map cost most of a frame's time).
type colorTable struct {
	keys []uint32 // colour + 1; 0 is an empty slot
	vals []int32
	n    int
}

func (t *colorTable) reset() {
	if t.keys == nil {
		t.keys, t.vals = make([]uint32, 1024), make([]int32, 1024)
	} else {
		clear(t.keys)
	}
	t.n = 0
}

func (t *colorTable) slot(c uint32) int {
	m := len(t.keys) - 1
	i := int((c*0x9E3779B1)>>7) & m
	for t.keys[i] != 0 && t.keys[i] != c+1 {
		i = (i + 1) & m
	}
	return i
}

// count adds one to c's count.
func (t *colorTable) count(c uint32) {
	i := t.slot(c)
	if t.keys[i] == 0 {
		if 2*(t.n+1) > len(t.keys) {
			t.grow()
			i = t.slot(c)
		}
		t.keys[i], t.vals[i] = c+1, 0
		t.n++
	}
	t.vals[i]++
}

func (t *colorTable) grow() {
	keys, vals := t.keys, t.vals
	t.keys, t.vals = make([]uint32, 2*len(keys)), make([]int32, 2*len(keys))
	for i, k := range keys {
		if k != 0 {
			j := t.slot(k - 1)
			t.keys[j], t.vals[j] = k, vals[i]
		}
	}
}

// get returns c's value (c must be in the table).
func (t *colorTable) get(c uint32) int32 { return t.vals[t.slot(c)] }

// set replaces c's value (c must be in the table).
func (t *colorTable) set(c uint32, v int32) { t.vals[t.slot(c)] = v }

// colors appends the table's colours to dst.
func (t *colorTable) colors(dst []uint32) []uint32 {
	for _, k := range t.keys {
		if k != 0 {
			dst = append(dst, k-1)
		}
	}
	return dst
}
