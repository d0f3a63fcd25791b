package render

import (
	"encoding/binary"
	"fmt"
	"image"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// terrainSide is the side, in cells, of the terrain's tiles, the parts
// it is baked by: 256 KiB of pixels a tile.
const terrainSide = 256

// terrainBudget is how many cells of the view the terrain bakes in one
// frame at most (always at least one tile): a map up to 2048×2048 is
// baked whole in its first frame, a larger one over the next frames,
// the window drawing and answering meanwhile. The whole 7100×7100 map in
// one frame held the window 0.8–3.6 s (every cell read and sent).
const terrainBudget = 1 << 22

// terrainLayer is the terrain, one pixel a cell, in one map-sized image
// baked by tiles as they come into view: a tile off screen is not baked,
// and one in view is baked within the frame's budget. A tile whose cells
// changed beyond what is cheaper to write cell by cell (a weights toggle,
// a big edit) is marked stale and baked again when in view, its old
// pixels drawn until then.
//
// One image, not an image a tile: drawn zoomed out (under a pixel a
// cell) with nearest filtering, tiles of their own picked other cells
// than the map's image for up to 40 % of the pixels (the GPU's sampling
// depends on the texture's position and size), so the picture changed;
// and every image adds to the work of each draw of the frame (Ebiten's
// restorable images walk them all: 784 tiles of 256 took a frame of the
// whole 7100×7100 map from 2 ms to 20 ms).
type terrainLayer struct {
	w       *world.World // the session the tiles show
	weights bool         // whether they show weights (LayerWeights)
	side    int          // tile side in cells (terrainSide; tests use less)
	budget  int          // cells baked a frame at most (terrainBudget; tests use less)
	gw, gh  int          // the grid's size
	tw      int          // tiles across
	img     *ebiten.Image
	tiles   []terrainTile
	ver     uint64 // the grid version the tiles that are ok show
	lut     terrainLUT
	buf     []byte // a tile's pixels as it is baked

	// What the last frame did, for the note, the game's redraws and tests.
	baked   int // cells baked
	written int // cells written one by one (edits)
	pending int // cells in view still to bake (their tiles stale or not made)
	inView  int // cells of the tiles in view

	op ebiten.DrawImageOptions
}

// terrainTile is one tile of the terrain.
type terrainTile struct {
	r     image.Rectangle // its cells
	baked bool            // the image has its pixels (maybe stale)
	ok    bool            // and they show the terrain as it is
}

// terrainLUT is each cell's pixel (premultiplied RGBA read as a
// little-endian uint32), from TerrainColor: a blocked cell's by its
// terrain character, an open cell's by its weight.
type terrainLUT struct {
	wall [256]uint32
	open [256]uint32
}

func makeTerrainLUT(weights bool) terrainLUT {
	var l terrainLUT
	px := func(ch byte, wt uint8) uint32 {
		var p [4]byte
		premul(p[:], TerrainColor(ch, wt))
		return binary.LittleEndian.Uint32(p[:])
	}
	for i := range 256 {
		l.wall[i] = px(byte(i), 0)
		wt := uint8(i)
		if !weights && wt > 1 {
			wt = 1
		}
		if i > 0 {
			l.open[i] = px(0, wt)
		}
	}
	return l
}

// reset makes the layer w's, showing weights or not: tiles of another
// world or size are dropped, and a change of weights alone makes every
// tile stale.
func (l *terrainLayer) reset(w *world.World, weights bool) {
	g := w.Grid
	if l.side == 0 {
		l.side = terrainSide
	}
	if l.budget == 0 {
		l.budget = terrainBudget
	}
	if l.w != w || l.gw != g.Width() || l.gh != g.Height() || l.tiles == nil {
		l.release()
		l.w, l.weights = w, weights
		l.gw, l.gh = g.Width(), g.Height()
		l.tw = (l.gw + l.side - 1) / l.side
		th := (l.gh + l.side - 1) / l.side
		l.tiles = make([]terrainTile, l.tw*th)
		for k := range l.tiles {
			x, y := k%l.tw*l.side, k/l.tw*l.side
			l.tiles[k].r = image.Rect(x, y, min(x+l.side, l.gw), min(y+l.side, l.gh))
		}
		l.lut = makeTerrainLUT(weights)
		l.ver = w.GridVersion()
		// Its own texture, never the shared atlas (see tintCache).
		l.img = ebiten.NewImageWithOptions(image.Rect(0, 0, l.gw, l.gh), &ebiten.NewImageOptions{Unmanaged: true})
		return
	}
	if l.weights != weights {
		l.weights = weights
		l.lut = makeTerrainLUT(weights)
		l.staleAll()
	}
}

func (l *terrainLayer) staleAll() {
	for k := range l.tiles {
		l.tiles[k].ok = false
	}
}

// release drops the image.
func (l *terrainLayer) release() {
	if l.img != nil {
		l.img.Deallocate()
	}
	side, budget := l.side, l.budget
	*l = terrainLayer{side: side, budget: budget}
}

// follow brings the tiles that are ok up to the grid's version: up to
// 4096 changed cells are written one by one into their tiles' images,
// more (or changes the journal no longer holds) make the tiles they are
// in (all tiles) stale.
func (l *terrainLayer) follow() {
	w := l.w
	v := w.GridVersion()
	if v == l.ver {
		return
	}
	changed, ok := w.ChangedSince(l.ver)
	l.ver = v
	if !ok {
		l.staleAll()
		return
	}
	if len(changed) > 4096 {
		for _, i := range changed {
			l.tiles[l.tileOf(int(i))].ok = false
		}
		return
	}
	cells, terr := w.Grid.Cells(), w.Map.Terrain
	var p [4]byte
	for _, i := range changed {
		t := &l.tiles[l.tileOf(int(i))]
		if !t.ok {
			continue // baked whole when in view
		}
		binary.LittleEndian.PutUint32(p[:], l.lut.pixel(cells[i], terr[i]))
		x, y := int(i)%l.gw, int(i)/l.gw
		sub := l.img.SubImage(image.Rect(x, y, x+1, y+1)).(*ebiten.Image)
		sub.WritePixels(p[:])
		l.written++
	}
}

func (l *terrainLayer) tileOf(i int) int {
	return i/l.gw/l.side*l.tw + i%l.gw/l.side
}

func (lut *terrainLUT) pixel(wt, ch byte) uint32 {
	if wt == 0 {
		return lut.wall[ch]
	}
	return lut.open[wt]
}

// bake paints tile t from the grid and sends it to its image.
func (l *terrainLayer) bake(t *terrainTile) {
	W, H := t.r.Dx(), t.r.Dy()
	n := 4 * W * H
	if cap(l.buf) < n {
		l.buf = make([]byte, n)
	}
	buf := l.buf[:n]
	cells, terr := l.w.Grid.Cells(), l.w.Map.Terrain
	lut := &l.lut
	for y := 0; y < H; y++ {
		i0 := (t.r.Min.Y+y)*l.gw + t.r.Min.X
		row := buf[4*W*y : 4*W*(y+1)]
		wts, chs := cells[i0:i0+W], terr[i0:i0+W]
		for x, wt := range wts {
			p := lut.open[wt]
			if wt == 0 {
				p = lut.wall[chs[x]]
			}
			binary.LittleEndian.PutUint32(row[4*x:], p)
		}
	}
	l.img.SubImage(t.r).(*ebiten.Image).WritePixels(buf)
	t.ok, t.baked = true, true
	l.baked += W * H
}

// drawTerrain draws the terrain, baking the tiles in view that are not
// up to date first, within the frame's budget unless TerrainWhole (a
// picture taken of the frame). Tiles left to bake are said in a map note, and the game
// draws again (TerrainPending) until they are done.
func (r *Renderer) drawTerrain(dst *ebiten.Image, f *Frame) {
	l := &r.terrain
	l.baked, l.written, l.pending, l.inView = 0, 0, 0, 0
	l.reset(f.World, f.Layers.Has(LayerWeights))
	l.follow()
	vis := f.Cam.Visible(l.gw, l.gh, dst.Bounds())
	if vis.Empty() {
		return
	}
	k0, k1 := vis.Min.X/l.side, (vis.Max.X-1)/l.side
	for ty := vis.Min.Y / l.side; ty <= (vis.Max.Y-1)/l.side; ty++ {
		for tx := k0; tx <= k1; tx++ {
			t := &l.tiles[ty*l.tw+tx]
			n := t.r.Dx() * t.r.Dy()
			l.inView += n
			if !t.ok {
				if f.TerrainWhole || l.baked < l.budget {
					l.bake(t)
				} else {
					l.pending += n
				}
			}
		}
	}
	op := &l.op
	*op = ebiten.DrawImageOptions{Filter: ebiten.FilterNearest, GeoM: f.Cam.Matrix()}
	dst.DrawImage(l.img, op)
	if l.pending > 0 {
		r.mapNote(dst, f, terrainNote(l.inView-l.pending, l.inView))
	}
}

// terrainNote says how much of the terrain in view is drawn.
func terrainNote(done, of int) string {
	return fmt.Sprintf("drawing the terrain: %d%%", done*100/of)
}

// TerrainPending reports whether the last frame left terrain in view to
// bake: the game draws the next frame too, which bakes more.
func (r *Renderer) TerrainPending() bool { return r.terrain.pending > 0 }
