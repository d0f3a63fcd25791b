package render

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
)

// tintTile is the side, in cells, of a tileLayer's tiles: 64 KiB of
// pixels a tile.
const tintTile = 128

// tileLayer is a one-pixel-per-cell layer over a w×h map that is nearly
// all clear (the ghost's outline, the search's open / closed fill): only the tintTile-square tiles with a
// pixel set have pixels and a small image, so a bake, its upload and the
// GPU memory follow what it shows, not the map. A map-sized image of a
// 7100×7100 map was 200 MB of pixels and a 256 MB texture made, cleared
// and sent at the switch that made the ghost (a new user's trial: the
// window showed no frame for seconds, A* to HPA*).
type tileLayer struct {
	key  any
	w, h int
	tw   int                // tiles across
	set  []bool             // per tile: set by the bake under way
	used []int32            // the tiles with a pixel set
	pix  map[int32]*tilePix // their pixels and images
	free []*tilePix         // cleared tiles' buffers, for the next bake
	sent int                // cells the last bake or flush sent to images
	made int                // tiles given a new image by the last bake or flush
	// dirty lists the tiles put changed since the last flush.
	dirty []int32
	buf   []byte                  // scratch for a tile's partial upload
	op    ebiten.DrawImageOptions // draw's, kept: one a tile escaped to the heap
}

// tilePix is one tile's pixels (tintTile wide, cut at the map's edge)
// and the image drawn from them.
type tilePix struct {
	pix   []byte
	img   *ebiten.Image
	r     image.Rectangle // its cells
	n     int             // its pixels not clear
	dirty image.Rectangle // the cells put changed since the last flush
}

// stale reports whether bake would redo the layer for a w×h map and key.
func (l *tileLayer) stale(w, h int, key any) bool {
	return l.pix == nil || l.w != w || l.h != h || l.key != key
}

// bake redoes the layer for a w×h map and key, when either changed:
// paint sets its pixels through put (p premultiplied RGBA), then the
// tiles it set are sent to their images and the tiles it no longer sets
// dropped. It reports whether it baked.
func (l *tileLayer) bake(w, h int, key any, paint func(put func(x, y int, p [4]byte))) bool {
	if !l.stale(w, h, key) {
		return false
	}
	l.rebake(w, h, key, paint)
	return true
}

// rebake is bake whether or not the key changed: a layer whose pixels
// are cheaper to paint again than to follow (a long jump of the
// timeline's cursor).
func (l *tileLayer) rebake(w, h int, key any, paint func(put func(x, y int, p [4]byte))) {
	if l.w != w || l.h != h || l.pix == nil {
		l.release()
		l.w, l.h, l.tw = w, h, (w+tintTile-1)/tintTile
		l.set = make([]bool, l.tw*((h+tintTile-1)/tintTile))
		l.pix = map[int32]*tilePix{}
	}
	l.key = key
	for _, k := range l.dirty {
		if t := l.pix[k]; t != nil {
			t.dirty = image.Rectangle{}
		}
	}
	l.dirty = l.dirty[:0]
	old := l.used
	l.used = nil
	clear(l.set)
	paint(func(x, y int, p [4]byte) {
		k := int32((y/tintTile)*l.tw + x/tintTile)
		t := l.pix[k]
		if t == nil {
			t = l.tile(k)
			l.pix[k] = t
		}
		if !l.set[k] {
			l.set[k] = true
			l.used = append(l.used, k)
			if t.img != nil || t.n != 0 {
				clear(t.pix) // the last bake's pixels
				t.n = 0
			}
		}
		t.write(x, y, p)
	})
	l.sent, l.made = 0, 0
	for _, k := range l.used {
		t := l.pix[k]
		if t.img == nil {
			t.img = ebiten.NewImage(t.r.Dx(), t.r.Dy())
			l.made++
		}
		t.img.WritePixels(t.pix)
		l.sent += t.r.Dx() * t.r.Dy()
	}
	for _, k := range old {
		if !l.set[k] {
			l.drop(k)
		}
	}
}

// drop clears tile k and keeps its buffer for a later tile (it must be
// out of used, or about to be).
func (l *tileLayer) drop(k int32) {
	t := l.pix[k]
	delete(l.pix, k)
	l.set[k] = false
	clear(t.pix)
	t.n = 0
	t.dirty = image.Rectangle{}
	if t.img != nil {
		t.img.Deallocate()
		t.img = nil
	}
	l.free = append(l.free, t)
}

// write sets the tile's pixel of cell (x, y) to p, keeping its count of
// pixels set.
func (t *tilePix) write(x, y int, p [4]byte) {
	i := 4 * ((y-t.r.Min.Y)*t.r.Dx() + x - t.r.Min.X)
	q := t.pix[i : i+4 : i+4]
	if q[0]|q[1]|q[2]|q[3] != 0 {
		t.n--
	}
	if p != ([4]byte{}) {
		t.n++
	}
	copy(q, p[:])
}

// put sets cell (x, y)'s pixel to p (premultiplied RGBA) between bakes:
// a layer followed cell by cell (the search fill as the timeline's cursor
// moves). It makes the cell's tile when p is the tile's first pixel; a
// clear pixel where there is no tile does nothing. flush sends what put
// changed. The layer must have been baked for its map.
func (l *tileLayer) put(x, y int, p [4]byte) {
	if l.pix == nil || x < 0 || y < 0 || x >= l.w || y >= l.h {
		return
	}
	k := int32((y/tintTile)*l.tw + x/tintTile)
	t := l.pix[k]
	if t == nil {
		if p == ([4]byte{}) {
			return
		}
		t = l.tile(k)
		l.pix[k] = t
		l.set[k] = true
		l.used = append(l.used, k)
	}
	t.write(x, y, p)
	if t.dirty.Empty() {
		l.dirty = append(l.dirty, k)
	}
	t.dirty = t.dirty.Union(image.Rect(x, y, x+1, y+1))
}

// flush sends to their images the cells put changed since the last
// flush: in each tile the rectangle they span, the whole tile when that
// is over half of it, and a tile's first image whole. Tiles put left
// with no pixel set are dropped.
func (l *tileLayer) flush() {
	l.sent, l.made = 0, 0
	empty := false
	for _, k := range l.dirty {
		t := l.pix[k]
		r := t.dirty
		t.dirty = image.Rectangle{}
		if t.n == 0 {
			empty = true
			continue
		}
		if t.img == nil {
			t.img = ebiten.NewImage(t.r.Dx(), t.r.Dy())
			l.made++
			r = t.r
		}
		if 2*r.Dx()*r.Dy() > t.r.Dx()*t.r.Dy() {
			r = t.r
		}
		l.sent += r.Dx() * r.Dy()
		if r == t.r {
			t.img.WritePixels(t.pix)
			continue
		}
		buf := l.buf[:0]
		W := t.r.Dx()
		for y := r.Min.Y; y < r.Max.Y; y++ {
			i := 4 * ((y-t.r.Min.Y)*W + r.Min.X - t.r.Min.X)
			buf = append(buf, t.pix[i:i+4*r.Dx()]...)
		}
		l.buf = buf
		t.img.SubImage(r.Sub(t.r.Min)).(*ebiten.Image).WritePixels(buf)
	}
	l.dirty = l.dirty[:0]
	if empty {
		used := l.used[:0]
		for _, k := range l.used {
			if l.pix[k].n == 0 {
				l.drop(k)
			} else {
				used = append(used, k)
			}
		}
		l.used = used
	}
}

// tile returns clear pixels for tile k, from a dropped tile when one is
// of its size.
func (l *tileLayer) tile(k int32) *tilePix {
	x, y := int(k)%l.tw*tintTile, int(k)/l.tw*tintTile
	r := image.Rect(x, y, min(x+tintTile, l.w), min(y+tintTile, l.h))
	n := 4 * r.Dx() * r.Dy()
	for i := len(l.free) - 1; i >= 0; i-- {
		if t := l.free[i]; len(t.pix) == n {
			l.free = append(l.free[:i], l.free[i+1:]...)
			t.r, t.n, t.dirty = r, 0, image.Rectangle{}
			return t
		}
	}
	return &tilePix{pix: make([]byte, n), r: r}
}

// pixel is the layer's pixel of cell (x, y) (clear outside its tiles).
func (l *tileLayer) pixel(x, y int) [4]byte {
	var p [4]byte
	if l.pix == nil || x < 0 || y < 0 || x >= l.w || y >= l.h {
		return p
	}
	if t := l.pix[int32((y/tintTile)*l.tw+x/tintTile)]; t != nil {
		i := 4 * ((y-t.r.Min.Y)*t.r.Dx() + x - t.r.Min.X)
		copy(p[:], t.pix[i:i+4])
	}
	return p
}

// drawn reports whether the layer has a tile to draw.
func (l *tileLayer) drawn() bool { return len(l.used) > 0 }

// release drops the tiles and their images.
func (l *tileLayer) release() {
	for _, t := range l.pix {
		if t.img != nil { // a tile put made and no flush has sent yet
			t.img.Deallocate()
		}
	}
	*l = tileLayer{}
}

// draw draws the tiles through the camera with nearest filtering, those
// in dst's view alone (zoomed in on a search over the whole map, a few of
// its thousands).
func (l *tileLayer) draw(dst *ebiten.Image, cam *Camera) {
	m := cam.Matrix()
	vis := cam.Visible(l.w, l.h, dst.Bounds())
	op := &l.op
	for _, k := range l.used {
		t := l.pix[k]
		if !t.r.Overlaps(vis) {
			continue
		}
		*op = ebiten.DrawImageOptions{Filter: ebiten.FilterNearest}
		op.GeoM.Translate(float64(t.r.Min.X), float64(t.r.Min.Y))
		op.GeoM.Concat(m)
		dst.DrawImage(t.img, op)
	}
}
