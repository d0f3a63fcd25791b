package render

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
)

// tintTile is the side, in cells, of a tileLayer's tiles: 64 KiB of
// pixels a tile.
const tintTile = 128

// tileLayer is a one-pixel-per-cell layer over a w×h map that is nearly
// all clear (the ghost's outline): only the tintTile-square tiles with a
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
	sent int                // cells the last bake sent to images
}

// tilePix is one tile's pixels (tintTile wide, cut at the map's edge)
// and the image drawn from them.
type tilePix struct {
	pix []byte
	img *ebiten.Image
	r   image.Rectangle // its cells
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
	if l.w != w || l.h != h || l.pix == nil {
		l.release()
		l.w, l.h, l.tw = w, h, (w+tintTile-1)/tintTile
		l.set = make([]bool, l.tw*((h+tintTile-1)/tintTile))
		l.pix = map[int32]*tilePix{}
	}
	l.key = key
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
			if t.img != nil {
				clear(t.pix) // the last bake's pixels
			}
		}
		i := 4 * ((y-t.r.Min.Y)*t.r.Dx() + x - t.r.Min.X)
		copy(t.pix[i:i+4], p[:])
	})
	l.sent = 0
	for _, k := range l.used {
		t := l.pix[k]
		if t.img == nil {
			t.img = ebiten.NewImage(t.r.Dx(), t.r.Dy())
		}
		t.img.WritePixels(t.pix)
		l.sent += t.r.Dx() * t.r.Dy()
	}
	for _, k := range old {
		if !l.set[k] {
			t := l.pix[k]
			delete(l.pix, k)
			clear(t.pix)
			t.img.Deallocate()
			t.img = nil
			l.free = append(l.free, t)
		}
	}
	return true
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
			t.r = r
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
		t.img.Deallocate()
	}
	*l = tileLayer{}
}

// draw draws the tiles through the camera with nearest filtering.
func (l *tileLayer) draw(dst *ebiten.Image, cam *Camera) {
	m := cam.Matrix()
	for _, k := range l.used {
		t := l.pix[k]
		op := &ebiten.DrawImageOptions{Filter: ebiten.FilterNearest}
		op.GeoM.Translate(float64(t.r.Min.X), float64(t.r.Min.Y))
		op.GeoM.Concat(m)
		dst.DrawImage(t.img, op)
	}
}
