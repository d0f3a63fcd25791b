package render

import (
	"cmp"
	"encoding/binary"
	"image"
	"image/color"
	"math"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"pathlens/game/world"
	"pathlens/pathing"
)

// tintCache is a one-pixel-per-cell image drawn over the map through the
// camera: baked terrain, group and component tints, the search fill. It is
// rebuilt when its key changes.
type tintCache struct {
	img  *ebiten.Image
	pix  []byte
	key  any
	ver  uint64
	w, h int
}

// prepare makes sure the image is w×h and reports whether the cache must
// be rebuilt for key (a new size or a different key).
// stale reports whether prepare would rebuild the cache for key (a new
// size or a different key), without changing it.
func (c *tintCache) stale(w, h int, key any) bool {
	return c.img == nil || c.w != w || c.h != h || c.key != key
}

func (c *tintCache) prepare(w, h int, key any) bool {
	if c.img == nil || c.w != w || c.h != h {
		if c.img != nil {
			c.img.Deallocate()
		}
		// Its own texture, never the shared atlas: on a 7100×7100 map a
		// second such image (the ghost's outline beside the terrain) did
		// not fit the atlas page of the first, and Ebiten grew the page
		// to 16384×16384 (a GiB) and copied it, which under a software
		// renderer held the window for seconds (a new user's trial: A* to
		// HPA* froze it until the hierarchy was built). A cache is drawn
		// alone, so the atlas batches nothing with it anyway.
		c.img = ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
		c.pix = make([]byte, 4*w*h)
		c.w, c.h = w, h
		c.key = key
		return true
	}
	if c.key != key {
		c.key = key
		return true
	}
	return false
}

// release drops the image and pixels (a cache whose layer is gone: on a
// big map each is 4 bytes a cell, in memory and on the GPU).
func (c *tintCache) release() {
	if c.img != nil {
		c.img.Deallocate()
	}
	*c = tintCache{}
}

// upload writes the whole pixel buffer to the image.
func (c *tintCache) upload() { c.img.WritePixels(c.pix) }

// follow keeps a cache of one pixel a cell in step with w's terrain, after
// prepare reported fresh (rebuilt) or not: all writes every cell's pixel
// (a rebuild, or edits since the last call unknown or over 4096 cells) and
// the whole image is uploaded; else one writes the pixel of each cell the
// edits changed and only those are sent to the image. c.ver is the grid
// version the pixels show.
func (c *tintCache) follow(w *world.World, fresh bool, all func(), one func(i int)) {
	v := w.GridVersion()
	if !fresh && v == c.ver {
		return
	}
	var changed []int32
	ok := false
	if !fresh {
		changed, ok = w.ChangedSince(c.ver)
	}
	c.ver = v
	if !ok || len(changed) > 4096 {
		all()
		c.upload()
		return
	}
	g := w.Grid
	for _, i := range changed {
		one(int(i))
		p := g.Point(int(i))
		sub := c.img.SubImage(image.Rect(p.X, p.Y, p.X+1, p.Y+1)).(*ebiten.Image)
		sub.WritePixels(c.pix[4*i : 4*i+4])
	}
}

// draw draws the image through the camera with nearest filtering.
func (c *tintCache) draw(dst *ebiten.Image, cam *Camera, alpha float32) {
	if c.img == nil {
		return
	}
	op := &ebiten.DrawImageOptions{}
	op.GeoM = cam.Matrix()
	op.Filter = ebiten.FilterNearest
	if alpha < 1 {
		op.ColorScale.ScaleAlpha(alpha)
	}
	dst.DrawImage(c.img, op)
}

// cellColor is the terrain colour of cell i of w's grid, its weight shown
// only with the weights layer on (weights).
func cellColor(w *world.World, i int, weights bool) color.RGBA {
	wt := w.Grid.WeightAt(i)
	if !weights && wt > 1 {
		wt = 1
	}
	return TerrainColor(w.Map.Terrain[i], wt)
}

// drawGridLines draws cell borders when cells are at least 10 pixels wide,
// only over the visible part of the map.
func (r *Renderer) drawGridLines(dst *ebiten.Image, f *Frame) {
	cam := f.Cam
	if cam.Zoom < 10 {
		return
	}
	g := f.World.Grid
	vis := cam.Visible(g.Width(), g.Height(), dst.Bounds())
	if vis.Empty() {
		return
	}
	c := PM(ColGridLine)
	x0, y0 := cam.ToScreen(float64(vis.Min.X), float64(vis.Min.Y))
	x1, y1 := cam.ToScreen(float64(vis.Max.X), float64(vis.Max.Y))
	for x := vis.Min.X; x <= vis.Max.X; x++ {
		sx, _ := cam.ToScreen(float64(x), 0)
		vector.StrokeLine(dst, float32(sx), float32(y0), float32(sx), float32(y1), 1, c, false)
	}
	for y := vis.Min.Y; y <= vis.Max.Y; y++ {
		_, sy := cam.ToScreen(0, float64(y))
		vector.StrokeLine(dst, float32(x0), float32(sy), float32(x1), float32(sy), 1, c, false)
	}
}

// hueColor is the layers' colour sequence (world.HueColor).
func hueColor(id int32, alpha uint8) color.RGBA { return world.HueColor(id, alpha) }

type hierKey struct {
	h     world.GroupsView
	level int
	ver   uint64
}

// groupLayer is the groups layer's image: the world's tints
// (world.GroupTints) uploaded a strip at a time.
type groupLayer struct {
	img  *ebiten.Image
	w, h int
	// world and seq name the bake being uploaded, rows of which are in
	// the image so far.
	world *world.World
	seq   uint64
	rows  int
}

// groupStripBytes is how much of a bake's pixels drawGroups uploads a
// frame: a 2048×2048 map's all at once, a 7100×7100 map's (200 MB, over
// a tenth of a second to upload under a software renderer) in 13 frames.
// (A variable: tests upload a small map in strips.)
var groupStripBytes = 16 << 20

// GroupsDrawingNote is the map note while the groups layer's tints for the
// groups, level and repairs shown are baked in the background, or uploaded.
const GroupsDrawingNote = "groups layer: drawing…"

// GroupsFailedNote is the map note when baking the groups layer failed (an
// internal error, in the message).
const GroupsFailedNote = "groups layer: drawing failed (see the message); an edit or another level draws again"

// drawGroups tints every cell by its group (or cluster) at the view level:
// the hierarchy's, or the cluster heuristic's level-1 groups. The world
// bakes the tints (world.GroupTints: in the background on a large map,
// with the colours kept across repairs); this uploads them, in strips of
// groupStripBytes a frame, and draws the image only once the whole bake
// for the groups, level and repairs shown is in it: meanwhile nothing,
// and a map note saying the layer is being drawn. A bake of other groups
// is never shown as theirs.
func (r *Renderer) drawGroups(dst *ebiten.Image, f *Frame) {
	w := f.World
	h := shownGroups(w)
	if h == nil {
		return
	}
	g := w.Grid
	l := clampLevel(f.ViewLevel, h.Levels())
	pix, seq, ok := w.GroupTints(h, l)
	c := &r.groups
	if !ok {
		c.world = nil // what the image holds is not what is asked for
		r.groupsPending = !w.GroupTintsFailed(h, l)
		note := GroupsDrawingNote
		if !r.groupsPending {
			note = GroupsFailedNote
		}
		r.mapNote(dst, f, note)
		return
	}
	W, H := g.Width(), g.Height()
	if c.img == nil || c.w != W || c.h != H {
		if c.img != nil {
			c.img.Deallocate()
		}
		// Its own texture, never the shared atlas (see tintCache.prepare).
		c.img = ebiten.NewImageWithOptions(image.Rect(0, 0, W, H), &ebiten.NewImageOptions{Unmanaged: true})
		c.w, c.h, c.world = W, H, nil
	}
	if c.world != w || c.seq != seq {
		c.world, c.seq, c.rows = w, seq, 0
	}
	if c.rows < H {
		end := min(H, c.rows+max(1, groupStripBytes/(4*W)))
		sub := c.img.SubImage(image.Rect(0, c.rows, W, end)).(*ebiten.Image)
		sub.WritePixels(pix[4*W*c.rows : 4*W*end])
		c.rows = end
	}
	if c.rows < H {
		r.groupsPending, r.groupsUploading = true, true
		r.mapNote(dst, f, GroupsDrawingNote)
		return
	}
	r.groupsPending = false
	op := &ebiten.DrawImageOptions{}
	op.GeoM = f.Cam.Matrix()
	op.Filter = ebiten.FilterNearest
	dst.DrawImage(c.img, op)
}

// GroupsPending reports whether the last frame's groups layer was not
// drawn yet, its tints being baked or uploaded: a -shot waits for it.
func (r *Renderer) GroupsPending() bool { return r.groupsPending }

// GroupsUploading reports whether the last frame uploaded a strip of the
// groups layer's tints and more are to come: the next frame uploads the
// next (frames are drawn until it is all in).
func (r *Renderer) GroupsUploading() bool { return r.groupsUploading }

// drawComponents tints every open cell by its connected component, and
// marks in ColCut the cut cells: those whose filling alone would split
// their component, a map's chokepoints, the more opaque the more cells
// they cut off, so a door between halls stands out from a nook's mouth.
// Both are baked once per grid version, the cut cells once they are in:
// the session computes them (world.CutCells, in the background on large
// maps, not while a stroke is painted), never the drawing thread, which
// froze for a second on a 4M-cell map after every edit. Until they are in
// for the grid as it is, none are marked (an earlier grid's would be
// wrong), and once that takes CutsNoteAfter a map note says so. On a
// large map the components themselves are labelled in the background
// (world.ComponentLabels): until they are in for the grid as it is, the
// layer draws nothing but a map note saying so.
func (r *Renderer) drawComponents(dst *ebiten.Image, f *Frame) {
	w := f.World
	g := w.Grid
	c := &r.comps
	cut := w.CutCells()
	key := compKey{g, w.GridVersion(), cut != nil}
	if cut != nil && c.img != nil && c.w == g.Width() && c.h == g.Height() && c.key == (compKey{g, key.v, false}) {
		// The cut cells came in for the grid as baked: only their pixels
		// change (a whole bake is a flood fill and a colour per cell, a
		// third of a second on a 4M-cell map).
		c.key = key
		for i, n := range cut {
			if n > 0 {
				premul(c.pix[4*i:4*i+4], cutColour(n))
			}
		}
		c.upload()
	} else if c.stale(g.Width(), g.Height(), key) {
		labels, count, ok := w.ComponentLabels() // the session's, kept for this version
		if !ok {
			// Labelled in the background on a large map: nothing of an
			// earlier grid's is shown meanwhile, and the note says why.
			note := ComponentsLabellingNote
			if w.ComponentsFailed() {
				note = ComponentsFailedNote
			}
			r.mapNote(dst, f, note)
			return
		}
		c.prepare(g.Width(), g.Height(), key)
		// One tint per component, premultiplied once: a hue per cell was
		// a third of a bake (90 ms on a 2048×2048 map).
		r.compTints = slices.Grow(r.compTints[:0], count)[:count]
		for id := range r.compTints {
			r.compTints[id] = world.PremulPixel(hueColor(int32(id)*7+3, 120))
		}
		tints := r.compTints
		for i, id := range labels {
			p := c.pix[4*i : 4*i+4 : 4*i+4]
			switch {
			case id < 0:
				binary.LittleEndian.PutUint32(p, 0)
			case cut != nil && cut[i] > 0:
				premul(p, cutColour(cut[i]))
			default:
				binary.LittleEndian.PutUint32(p, tints[id]) // one store, not a copy call
			}
		}
		c.upload()
	}
	c.draw(dst, f.Cam, 1)
	if cut == nil && cutsComputing(f) {
		r.mapNote(dst, f, CutsComputingNote)
	}
}

// CutsNoteAfter is how long (seconds) the cut cells of the grid shown are
// computed before the view says so (Frame.CutsAge): the 5–8 ms of a
// 512×512 map would only flash the note and the inspector's row.
const CutsNoteAfter = 0.25

// ComponentsLabellingNote is the map note while the components of the
// grid as it is are labelled in the background.
const ComponentsLabellingNote = "components: labelling in the background…"

// ComponentsFailedNote is the map note when labelling the grid as it is
// failed (an internal error, in the message): none are shown until an edit.
const ComponentsFailedNote = "components: labelling failed (see the message); an edit labels again"

// CutsComputingNote is the map note while the cut cells are computed.
const CutsComputingNote = "cut cells: computing in the background…"

// cutsComputing reports whether the view says the cut cells are being
// computed: the components layer is on and they have been for
// CutsNoteAfter.
func cutsComputing(f *Frame) bool {
	if !f.Layers.Has(LayerComponents) || f.CutsAge < CutsNoteAfter {
		return false
	}
	_, pending := f.World.CutCellsPending()
	return pending
}

// compKey is what the components layer was baked from: the grid (another
// map of the same size starts at version 0 too), its version, and whether
// cut cells were marked.
type compKey struct {
	g    *pathing.Grid
	v    uint64
	cuts bool
}

// cutColour is ColCut at an opacity that grows with the cells a cut cell
// cuts off: lighter for one (a nook), full from 64 (a door between rooms).
func cutColour(off int32) color.RGBA {
	c := ColCut
	a := 150 + 14*int(math.Log2(float64(min(off, 64)))) // 150 at 1 … 234 at 64
	c.A = uint8(min(a, int(ColCut.A)))
	return c
}

type regionKey struct {
	layer *byte
	n     int
}

// drawRegions tints the floor of the designer's region layer of the view
// level (walls keep the wall colour), each region in a colour of regionPalette that no region beside it has
// (regionColours), and draws the borders between regions as lines on the
// cell edges. Every region was one pink, its border cells a darker pink:
// in rooms three cells tall every cell was a border cell, and where one
// room ended and the next began could only be seen with the groups layer
// (a user test).
//
// When the view level has no region layer of its own (level 2 over a
// Tiled map's rooms, which make level 1 only), the rooms are not that
// level's groups: the tints, which hid the groups layer's level-2 groups
// under the level-1 rooms' colours, are left out and only the borders of
// the highest region layer below it are drawn, faint (regionsOutlined).
func (r *Renderer) drawRegions(dst *ebiten.Image, f *Frame) {
	w := f.World
	if len(w.Regions) == 0 {
		return
	}
	l := clampLevel(f.ViewLevel, len(w.Regions))
	layer := w.Regions[l-1]
	g := w.Grid
	if len(layer) != g.Len() {
		return
	}
	if regionsOutlined(f) > 0 {
		return // drawn as outlines only (drawRegionEdges)
	}
	c := &r.regions
	cells := g.Cells()[:len(layer)]
	px := &r.regionPx
	fresh := c.prepare(g.Width(), g.Height(), regionTintKey{regionKey{&layer[0], len(layer)}, g})
	if fresh {
		cols := regionColours(layer, g.Width())
		// Each letter's premultiplied pixel once, then one 4-byte store a
		// cell: a room stroke on a big map bakes the layer at every move.
		var b [4]byte
		for ch := range 256 {
			px[ch] = 0
			if !noRegion(byte(ch)) {
				premul(b[:], cols[ch])
				px[ch] = binary.LittleEndian.Uint32(b[:])
			}
		}
	}
	// Walls are left untinted (rooms drawn over their walls, or a wall
	// dug inside a room, tinted the wall like the floor and the wall /
	// floor contrast dropped: a user trial), so an edit of the terrain
	// rewrites the cells it changed, as the terrain's cache does.
	c.follow(w, fresh, func() {
		pix := c.pix[:4*len(layer)]
		for i, ch := range layer {
			binary.LittleEndian.PutUint32(pix[4*i:], regionPixel(px, ch, cells[i]))
		}
	}, func(i int) {
		binary.LittleEndian.PutUint32(c.pix[4*i:], regionPixel(px, layer[i], cells[i]))
	})
	c.draw(dst, f.Cam, 1)
	r.regionTintsDrawn = true
}

// regionPixel is the premultiplied tint of a cell of region letter ch
// whose terrain is cell (px: each letter's tint): none on a wall.
func regionPixel(px *[256]uint32, ch, cell uint8) uint32 {
	if cell == pathing.Blocked {
		return 0
	}
	return px[ch]
}

// regionTintKey is what the regions layer's tints were baked from: the
// layer and the grid whose walls are left untinted (its version is the
// cache's ver).
type regionTintKey struct {
	regionKey
	g *pathing.Grid
}

// tintsOverFillAlpha is how strongly drawRegionTintsOverFill lays the
// regions' tints over the fill: enough for a room's hue to show through the
// blue and green, little enough for the fill to read as the search.
const tintsOverFillAlpha = 0.45

// drawRegionTintsOverFill draws the regions' tints again over the open /
// closed fill, on the cells the fill covers alone: the fill's blue over
// the light tints washed every room it crossed to one pale blue (a
// designer's report on 8room_000 with its rooms drawn), so which room the
// search had been through could not be read. The tints are masked by the
// fill on the GPU, one pixel a cell, so no cell outside the fill is tinted
// twice.
func (r *Renderer) drawRegionTintsOverFill(dst *ebiten.Image, f *Frame) {
	if !r.regionTintsDrawn || !r.fillDrawn {
		return
	}
	rc, fc := &r.regions, &r.fill
	if rc.img == nil || !fc.drawn() || rc.w != fc.w || rc.h != fc.h {
		return
	}
	m := r.tintsOverFill
	if m == nil || m.Bounds().Dx() != rc.w || m.Bounds().Dy() != rc.h {
		if m != nil {
			m.Deallocate()
		}
		// Its own texture, as the map-sized caches have (tintCache): on
		// the shared atlas a map-sized image can make Ebiten grow a page
		// to 16384² and copy it in one frame.
		m = ebiten.NewImageWithOptions(image.Rect(0, 0, rc.w, rc.h), &ebiten.NewImageOptions{Unmanaged: true})
		r.tintsOverFill = m
	}
	m.Clear()
	// On each of the fill's tiles, keep the tints where the fill has any
	// alpha, whole: the fill's alpha scaled up (clamped to 1) is the mask.
	// Off its tiles there is no fill, and m stays clear.
	for _, k := range fc.used {
		t := fc.pix[k]
		op := &ebiten.DrawImageOptions{}
		op.GeoM.Translate(float64(t.r.Min.X), float64(t.r.Min.Y))
		m.DrawImage(rc.img.SubImage(t.r).(*ebiten.Image), op)
		op.Blend = ebiten.BlendDestinationIn
		op.ColorScale.Scale(0, 0, 0, 8)
		m.DrawImage(t.img, op)
	}
	dop := &ebiten.DrawImageOptions{}
	dop.GeoM = f.Cam.Matrix()
	dop.Filter = ebiten.FilterNearest
	dop.ColorScale.ScaleAlpha(tintsOverFillAlpha)
	dst.DrawImage(m, dop)
}

// drawRegionEdges draws the borders between the view level's regions (or
// the faint outlines of regionsOutlined), over the open / closed fill:
// drawn with the tints, under it, the rooms of a class's case could not be
// told apart where the search had been (a lecturer's report on
// textbook-groups, whose fill shares the tints' pastel blues and greens).
func (r *Renderer) drawRegionEdges(dst *ebiten.Image, f *Frame) {
	w := f.World
	if len(w.Regions) == 0 {
		return
	}
	layer := w.Regions[clampLevel(f.ViewLevel, len(w.Regions))-1]
	if len(layer) != w.Grid.Len() {
		return
	}
	if regionsOutlined(f) > 0 {
		r.drawRegionBorders(dst, f, layer, PM(regionOutlineColor), 2, true, color.RGBA{}, 0)
		return
	}
	wd := float32(math.Max(1.5, math.Min(f.Cam.Zoom*0.08, 3)))
	var casing color.RGBA
	if f.Layers.Has(LayerSearch) && f.World.Timeline.Len() > 0 {
		// A light casing under the dark line: on the fill's blues and
		// greens, and beside the dark grid lines, the line alone was lost.
		casing = PM(regionCasingColor)
	}
	r.drawRegionBorders(dst, f, layer, PM(regionBorderColor), wd, false, casing, wd+2.5)
}

// regionCasingColor is the light edge drawn under regionBorderColor
// where the open / closed fill is shown.
var regionCasingColor = color.RGBA{250, 245, 235, 190}

// regionsOutlined returns the region layer whose rooms the regions layer
// outlines, faint and untinted, because the level the view shows has no
// region layer of its own (its groups are the group planner's, or HPA*'s
// clusters: the groups layer shows them); 0 when the view level has its own
// layer (drawn tinted) or no hierarchy is shown (level 1's rooms are the
// regions).
func regionsOutlined(f *Frame) int {
	w := f.World
	n := len(w.Regions)
	if n == 0 {
		return 0
	}
	h := shownGroups(w)
	if h == nil {
		return 0
	}
	if l := clampLevel(f.ViewLevel, h.Levels()); l > n {
		return n
	}
	return 0
}

// regionOutlineColor is a room's border drawn alone (regionsOutlined):
// fainter than regionBorderColor, so the groups tinted under it read first.
var regionOutlineColor = color.RGBA{60, 20, 50, 140}

// regionPalette holds the region tints: hues far apart, light (alpha 80
// over the floor) so that the open / closed fill drawn over them stays
// readable.
var regionPalette = [...]color.RGBA{
	{220, 60, 150, 80},  // pink
	{40, 160, 170, 80},  // teal
	{235, 160, 30, 80},  // amber
	{90, 90, 220, 80},   // blue
	{120, 190, 50, 80},  // green
	{170, 80, 200, 80},  // violet
	{230, 90, 50, 80},   // orange
	{110, 110, 120, 80}, // grey
}

// regionColours returns the tint of every region character of layer (a
// region map w cells wide): the first colour of regionPalette that no
// region beside it already has, regions taken in character order, so the
// colours are the same every time the layer is drawn. Regions are beside
// each other when their cells touch, at a side or a corner, or face each
// other across one cell (a wall a cell thick between two rooms). With more neighbours than
// colours the least used colour among them is reused.
func regionColours(layer []byte, w int) [256]color.RGBA {
	var near [256][256]bool
	touch := func(a, b byte) {
		if a != b && !noRegion(a) && !noRegion(b) {
			near[a][b], near[b][a] = true, true
		}
	}
	cell := func(i int) {
		ch := layer[i]
		if noRegion(ch) {
			return
		}
		x := i % w
		for d := 1; d <= 2; d++ {
			if x+d < w {
				touch(ch, layer[i+d])
			}
			if i+d*w < len(layer) {
				touch(ch, layer[i+d*w])
				// Corners too: rooms meeting only at a corner (or across
				// a wall's corner) read as one region in one tint.
				if x+d < w {
					touch(ch, layer[i+d*w+d])
				}
				if x-d >= 0 {
					touch(ch, layer[i+d*w-d])
				}
			}
		}
	}
	// Eight cells at a time where they and all eight of their neighbours
	// checked above are the same letters (a room's inside): equal letters
	// never touch. A room stroke bakes the layer at every move, and the
	// scan cell by cell took 20 ms of a 30 ms bake at 1024×1024.
	h := len(layer) / max(w, 1)
	for y := 0; y < h; y++ {
		row := y * w
		x := 0
		if y+2 < h {
			for ; x+8+2 <= w; x += 8 {
				i := row + x
				a := binary.LittleEndian.Uint64(layer[i:])
				if x >= 2 && a == binary.LittleEndian.Uint64(layer[i+1:]) && a == binary.LittleEndian.Uint64(layer[i+2:]) &&
					a == binary.LittleEndian.Uint64(layer[i+w:]) && a == binary.LittleEndian.Uint64(layer[i+2*w:]) &&
					a == binary.LittleEndian.Uint64(layer[i+w+1:]) && a == binary.LittleEndian.Uint64(layer[i+w-1:]) &&
					a == binary.LittleEndian.Uint64(layer[i+2*w+2:]) && a == binary.LittleEndian.Uint64(layer[i+2*w-2:]) {
					continue
				}
				for k := i; k < i+8; k++ {
					cell(k)
				}
			}
		}
		for ; x < w; x++ {
			cell(row + x)
		}
	}
	return pickColours(layer, func(a, b int) bool { return near[a][b] })
}

// regionPreferred is each letter's own tint (regionPalette's index), by
// its distance from 'A' (mod 8): the warm hues and violet first, so the
// rooms of a small case (A to D) keep clear of the open / closed fill's
// blue and green (textbook-groups' C and D were blue and green under it).
var regionPreferred = [...]int{0, 2, 5, 6, 1, 3, 4, 7}

// pickColours gives each room letter of layer a tint of regionPalette,
// the one fewest rooms it is near (near(a, b): rooms a and b touch) with
// smaller letters have, in letter order.
func pickColours(layer []byte, near func(a, b int) bool) [256]color.RGBA {
	var idx [256]int
	var used [256]bool
	for _, ch := range layer {
		used[ch] = !noRegion(ch)
	}
	var out [256]color.RGBA
	for ch := range 256 {
		if !used[ch] {
			continue
		}
		var taken [len(regionPalette)]int
		for o := range ch {
			if used[o] && near(ch, o) {
				taken[idx[o]]++
			}
		}
		// Each letter has a colour of its own, taken unless a room it
		// touches has it already: choosing the first free colour in
		// letter order made one fill or one new room recolour rooms far
		// from it, and a session reopen recolour them all (a designer saw
		// 'C' go from teal to grey).
		best := regionPreferred[(ch-'A'+256)%len(regionPreferred)]
		for k := range taken {
			if taken[k] < taken[best] {
				best = k
			}
		}
		idx[ch], out[ch] = best, regionPalette[best]
	}
	return out
}

// drawRegionBorders draws a line of colour col (premultiplied) and width on
// every cell edge between cells of two different regions, over the
// visible part; outer: also between a region's cell and a cell of none
// (a wall or corridor outside every room), so that the rooms' outlines
// show without their tints. Runs along a row or column are drawn as one
// line. Under 3 px a cell (a 512×512 map fitted to the window) the lines
// are drawFarRegionBorders' instead.
//
// With casing (not zero), every line is drawn first in casing, casingW
// wide, under the lines: one scan of the cells for both.
func (r *Renderer) drawRegionBorders(dst *ebiten.Image, f *Frame, layer []byte, col color.RGBA, width float32, outer bool, casing color.RGBA, casingW float32) {
	cam := f.Cam
	if cam.Zoom < 3 {
		far := farRegionBorderColor
		if outer {
			far.A = farRegionOutlineAlpha
		}
		r.drawFarRegionBorders(dst, f, layer, PM(far), outer)
		return
	}
	g := f.World.Grid
	vis := visibleRect(f, dst, 1)
	if vis.Empty() {
		return
	}
	segs := r.regionSegs[:0]
	regionRuns(layer, g.Width(), g.Height(), vis, outer, func(a, b [2]float64, pair [2]byte) {
		ax, ay := cam.ToScreen(a[0], a[1])
		bx, by := cam.ToScreen(b[0], b[1])
		segs = append(segs, regionSeg{[4]float32{float32(ax), float32(ay), float32(bx), float32(by)}, pair})
	})
	r.regionSegs = segs
	if casing.A > 0 {
		for _, sg := range segs {
			vector.StrokeLine(dst, sg.at[0], sg.at[1], sg.at[2], sg.at[3], casingW, casing, false)
		}
		r.regionSideBands(dst, f, layer, segs, casingW)
	}
	for _, sg := range segs {
		vector.StrokeLine(dst, sg.at[0], sg.at[1], sg.at[2], sg.at[3], width, col, false)
	}
}

// regionRuns calls run for every run of cell edges, within vis, between
// cells of two different regions of layer (w×h cells), or with outer also
// between a region's cell and a cell of none: its two ends in cells, and
// the regions before the line (left of a vertical one, above a horizontal
// one) and after it. A run ends where the regions on either side change.
func regionRuns(layer []byte, W, H int, vis image.Rectangle, outer bool, run func(a, b [2]float64, pair [2]byte)) {
	differ := func(a, b byte) bool { return a != b && !noRegion(a) && !noRegion(b) }
	if outer {
		differ = func(a, b byte) bool { return a != b && (!noRegion(a) || !noRegion(b)) }
	}
	// Vertical edges lie between (u-1, v) and (u, v) with u = x, runs
	// along v = y; horizontal ones between (v, u-1) and (v, u), runs along
	// v = x: one loop, the axes swapped.
	for _, vertical := range [2]bool{true, false} {
		uLo, uHi, vLo, vHi := vis.Min.X, min(vis.Max.X, W), vis.Min.Y, min(vis.Max.Y, H)
		cell := func(u, v int) byte { return layer[v*W+u] }
		if !vertical {
			uLo, uHi, vLo, vHi = vis.Min.Y, min(vis.Max.Y, H), vis.Min.X, min(vis.Max.X, W)
			cell = func(u, v int) byte { return layer[u*W+v] }
		}
		for u := max(uLo, 1); u < uHi; u++ {
			v0 := -1
			var pair [2]byte // the run's regions, before and after the line
			for v := vLo; v <= vHi; v++ {
				on := v < vHi && differ(cell(u-1, v), cell(u, v))
				var here [2]byte
				if on {
					here = [2]byte{cell(u-1, v), cell(u, v)}
				}
				if v0 >= 0 && (!on || here != pair) {
					// The run ends here: off the border, or between two
					// other regions (the side bands change colour).
					a, b := [2]float64{float64(u), float64(v0)}, [2]float64{float64(u), float64(v)}
					if !vertical {
						a, b = [2]float64{a[1], a[0]}, [2]float64{b[1], b[0]}
					}
					run(a, b, pair)
					v0 = -1
				}
				if on && v0 < 0 {
					v0, pair = v, here
				}
			}
		}
	}
}

// regionRunsAll appends to dst regionRuns' runs over the whole of layer
// (w×h cells), in cells, as x0, y0, x1, y1, and returns it: the same runs,
// found a row at a time (regionRuns reads a column at a time for the
// vertical ones, a cache miss a cell on a big map), with the open vertical
// runs kept per column in *open.
func regionRunsAll(layer []byte, W, H int, outer bool, dst [][4]float32, open *[]farOpen) [][4]float32 {
	differ := func(a, b byte) bool {
		if a == b {
			return false
		}
		if outer {
			return !noRegion(a) || !noRegion(b)
		}
		return !noRegion(a) && !noRegion(b)
	}
	// Vertical edges, between columns x-1 and x, run down the rows.
	if cap(*open) < W {
		*open = make([]farOpen, W)
	}
	op := (*open)[:W]
	clear(op)
	for y := 0; y <= H; y++ {
		row := y * W
		for x := 1; x < W; x++ {
			on := false
			var here [2]byte
			if y < H {
				a, b := layer[row+x-1], layer[row+x]
				if a != b && differ(a, b) {
					on, here = true, [2]byte{a, b}
				}
			}
			o := &op[x]
			if o.from > 0 && (!on || here != o.pair) {
				dst = append(dst, [4]float32{float32(x), float32(o.from - 1), float32(x), float32(y)})
				o.from = 0
			}
			if on && o.from == 0 {
				o.from, o.pair = int32(y+1), here
			}
		}
	}
	// Horizontal edges, between rows y-1 and y, run along the row.
	for y := 1; y < H; y++ {
		above, here := layer[(y-1)*W:y*W], layer[y*W:(y+1)*W]
		from := -1
		var pair [2]byte
		for x := 0; x <= W; x++ {
			on := false
			var p [2]byte
			if x < W && above[x] != here[x] && differ(above[x], here[x]) {
				on, p = true, [2]byte{above[x], here[x]}
			}
			if from >= 0 && (!on || p != pair) {
				dst = append(dst, [4]float32{float32(from), float32(y), float32(x), float32(y)})
				from = -1
			}
			if on && from < 0 {
				from, pair = x, p
			}
		}
	}
	return dst
}

// farOpen is a vertical border run open in a column: the row it began on
// plus one (0: none), and the regions either side.
type farOpen struct {
	from int32
	pair [2]byte
}

// farRegionBorders is drawFarRegionBorders' cache: a layer's border runs
// in cells, the whole map's, and how large its rooms are.
type farRegionBorders struct {
	key   regionKey
	outer bool
	runs  [][4]float32 // x0, y0, x1, y1 in cells
	side  float64      // a room's mean side in cells, as a square of its border
	open  []farOpen    // regionRunsAll's scratch
}

// Far room borders: drawn farBorderWidth px wide where a room's mean side
// is at least farRoomMinPx on screen.
const (
	farBorderWidth = 1
	farRoomMinPx   = 8
)

// farRegionBorderColor is a room border one pixel wide (drawFarRegionBorders):
// a warm magenta, not regionBorderColor's dark purple, which at one pixel
// read as one more of a Moving AI map's one-cell walls; farRegionOutlineAlpha
// is its alpha for the outlines alone (regionsOutlined).
var farRegionBorderColor = color.RGBA{165, 30, 125, 210}

const farRegionOutlineAlpha = 160

// drawFarRegionBorders draws the region borders of drawRegionBorders
// while cells are under 3 px: one pixel wide, in colour col, with no
// casing and no side bands, so a 512×512 map fitted to the window keeps
// its terrain and the rooms their outlines. Without them the rooms at
// the fit zoom were told apart only by their light tints (two rooms of
// near hues, pink beside violet, ran into one), and at a view level that
// outlines the rooms without tints (L to level 2 over level-1 rooms) they
// were not drawn at all, though the legend read "L1 room outlines". The
// runs are found once per layer (the whole map: the fit shows it all),
// and left out while the rooms are too small on screen for lines between
// them to leave the terrain readable.
func (r *Renderer) drawFarRegionBorders(dst *ebiten.Image, f *Frame, layer []byte, col color.RGBA, outer bool) {
	g := f.World.Grid
	W, H := g.Width(), g.Height()
	c := &r.farBorders
	if key := (regionKey{&layer[0], len(layer)}); c.key != key || c.outer != outer {
		c.key, c.outer = key, outer
		c.runs = regionRunsAll(layer, W, H, outer, c.runs[:0], &c.open)
		// A square room s cells a side has s² cells and 4s edges of
		// border, each shared by two rooms: s = 2 · cells / edges. (Letters
		// are not rooms: one letter may name many parts.)
		cells, edges := 0, 0.0
		for _, ch := range layer {
			if !noRegion(ch) {
				cells++
			}
		}
		for _, sg := range c.runs {
			edges += float64(sg[2] - sg[0] + sg[3] - sg[1])
		}
		c.side = math.Inf(1)
		if edges > 0 {
			c.side = 2 * float64(cells) / edges
		}
	}
	cam := f.Cam
	if c.side*cam.Zoom < farRoomMinPx {
		return
	}
	vis := visibleRect(f, dst, 1)
	// One batch of quads, not a vector.StrokeLine a run: a room's
	// diagonal edge is a run a cell.
	op := &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha, FillRule: ebiten.FillRuleNonZero}
	cf := [4]float32{float32(col.R) / 255, float32(col.G) / 255, float32(col.B) / 255, float32(col.A) / 255}
	for _, sg := range c.runs {
		x0, y0, x1, y1 := sg[0], sg[1], sg[2], sg[3]
		if int(x1) < vis.Min.X || int(x0) > vis.Max.X || int(y1) < vis.Min.Y || int(y0) > vis.Max.Y {
			continue
		}
		ax, ay := cam.ToScreen(float64(x0), float64(y0))
		bx, by := cam.ToScreen(float64(x1), float64(y1))
		r.strokeQuads.line(dst, op, float32(ax), float32(ay), float32(bx), float32(by), farBorderWidth, cf)
	}
	r.strokeQuads.flush(dst, op)
}

// regionSeg is a run of border drawn as one line (screen points) and the
// regions on its two sides: before the line (left of a vertical one, above
// a horizontal one) and after it.
type regionSeg struct {
	at    [4]float32
	sides [2]byte
}

// regionSideBands draws, along each border line where the search's fill
// covers the tints, a band on each side in that side's region colour, just
// outside the line's casing (casingW wide): under the open / closed fill a
// teacher could not tell which cells were room C's in textbook-groups, the
// tints being the fill's own pastel blues and greens.
func (r *Renderer) regionSideBands(dst *ebiten.Image, f *Frame, layer []byte, segs []regionSeg, casingW float32) {
	if len(segs) == 0 {
		return
	}
	// The colours once per layer (regionColours scans it whole: 24 ms at
	// 1024×1024), boxed once so the strokes allocate nothing.
	if key := (regionKey{&layer[0], len(layer)}); key != r.bandKey {
		cols := regionColours(layer, f.World.Grid.Width())
		for i, c := range cols {
			c.A = 230
			r.bandCols[i] = PM(c)
		}
		r.bandKey = key
	}
	bw := float32(math.Max(2, math.Min(f.Cam.Zoom*0.1, 5)))
	off := casingW/2 + bw/2
	for _, sg := range segs {
		x0, y0, x1, y1 := sg.at[0], sg.at[1], sg.at[2], sg.at[3]
		// The unit normal, pointing from the "before" side to the "after".
		nx, ny := float32(1), float32(0)
		if x0 != x1 { // horizontal
			nx, ny = 0, 1
		}
		for k, side := range [2]float32{-1, 1} {
			c := r.bandCols[sg.sides[k]]
			dx, dy := nx*side*off, ny*side*off
			// Short of the ends by the band's own width, so bands of two
			// borders meeting at a corner do not cross.
			ex, ey := (1-nx)*bw, (1-ny)*bw
			vector.StrokeLine(dst, x0+dx+ex, y0+dy+ey, x1+dx-ex, y1+dy-ey, bw, c, false)
		}
	}
}

// noRegion reports whether a region layer's character names no region.
func noRegion(ch byte) bool { return ch == 0 || ch == ' ' || ch == '#' }

// regionBorderColor is the line between two regions: dark, half opaque,
// apart from the walls (solid, wider) and the cluster borders (blue).
var regionBorderColor = color.RGBA{60, 20, 50, 170}

// drawRegionLabels writes each region's letter, at the cell regionLabels
// picks (just above its centre, or in its top-right corner beside its
// g / h / f numbers, labelSpot), white on a dark chip so it reads from the back of a room over
// any tint, fill or path. It runs after the searches, plans and path (the
// letters, drawn with the tints in the region colour, were hidden under the
// closed set and the plan's nodes: the gallery's texts name rooms M, X, Y
// and H that no one could find), before the g / h / f numbers, which read
// over the chips, and only when cells are at least 6 px. A chip that would
// lie on a node's ring or disc (an abstract search's node at any point of
// the query, a plan's node, the start or goal) goes to the nearest of the
// region's own cells where it lies on none (exclusion-shortcut: H sat on
// the level-2 node of the hall above its centre, C touched the corridor's),
// and a chip whose centre is not on an open cell of its region (lifted
// above a cell under a wall) to one whose centre is, where there is such a
// spot off the nodes and the numbers.
func (r *Renderer) drawRegionLabels(dst *ebiten.Image, f *Frame) {
	w := f.World
	if len(w.Regions) == 0 || f.Cam.Zoom < 6 {
		return
	}
	layer := w.Regions[clampLevel(f.ViewLevel, len(w.Regions))-1]
	g := w.Grid
	if len(layer) != g.Len() {
		return
	}
	r.placeRegionLabels(w, layer)
	ft := r.fonts
	chip, rim := PM(color.RGBA{16, 18, 22, 210}), PM(ColRegion)
	r.markPlanCells(f)
	vis := visibleRect(f, dst, 0)
	for _, lb := range r.labels {
		s := string(rune(lb.Ch))
		c := r.chipAt(f, lb.Cell, s)
		// tier ranks a spot, best 0: covering no node and no cell's
		// numbers and centred on an open cell of the region (lifted
		// over a cell beside a wall, a letter sat on the wall: the
		// merged X of two rooms on the wall row between them, a
		// designer's report); then off nodes and numbers; then off
		// nodes; then on a node.
		// A chip on another region's chip drawn before it ranks with
		// one on a node: at 150 % the pathological-minimum's small
		// rooms put a's chip over L's, c's over b's and e's over d's,
		// so the class read "bc" and "de" as one room's name.
		tier := func(c regionChip) int {
			switch {
			case !r.chipClear(f, c.rect()) || r.chipOnChip(c.rect()):
				return 3
			case r.chipOnNumbers(f, c.rect()):
				return 2
			case !chipInRoom(f, layer, lb.Ch, c):
				return 1
			}
			return 0
		}
		if t := tier(c); lb.Cell.In(vis) && t > 0 {
			// The nearest of the region's open cells, around the one
			// picked, with a spot of a better tier (a chip in a corner
			// too small for it hid "2.0" of X's only cell in "g 2.0",
			// user test; failing a spot off the numbers, the numbers are
			// then drawn over it on a card), the first of the best.
			r.chipCells = regionCellsNear(layer, g.Cells(), g.Width(), lb, chipSearchCells, r.chipCells[:0])
		search:
			for _, p := range r.chipCells {
				for _, alt := range r.chipSpots(f, p, s) {
					if at := tier(alt); at < t {
						c, t = alt, at
						if t == 0 {
							break search
						}
					}
				}
			}
		}
		x, y, half, hh := c.x, c.y, c.half, c.hh
		vector.DrawFilledRect(dst, x-half, y-hh, 2*half, 2*hh, chip, false)
		vector.StrokeRect(dst, x-half, y-hh, 2*half, 2*hh, 1.5, rim, false)
		ft.DrawCentered(dst, c.face, s, float64(x), float64(y), ColText)
		r.coverRects = append(r.coverRects, c.rect())
		r.chips = append(r.chips, c.rect())
	}
}

// chipOnChip reports whether a chip drawn in box rc would overlap a region
// letter's chip already drawn this frame.
func (r *Renderer) chipOnChip(rc image.Rectangle) bool {
	for _, c := range r.chips {
		if c.Overlaps(rc) {
			return true
		}
	}
	return false
}

// chipInRoom reports whether chip c is centred on an open cell of region
// ch (its character in layer).
func chipInRoom(f *Frame, layer []byte, ch byte, c regionChip) bool {
	g := f.World.Grid
	p := f.Cam.CellAt(float64(c.x), float64(c.y))
	return g.In(p) && g.Open(p) && layer[g.Index(p)] == ch
}

// chipSearchCells is how far (cells, either way) around the cell
// regionLabels picked a region letter's chip may move to keep off nodes.
const chipSearchCells = 4

// regionChip is where a region letter's chip goes: its centre, half its
// width and height, and the face of its letter.
type regionChip struct {
	x, y, half, hh float32
	face           *text.GoTextFace
}

// rect is the chip's box on the screen.
func (c regionChip) rect() image.Rectangle {
	return image.Rect(int(c.x-c.half), int(c.y-c.hh), int(math.Ceil(float64(c.x+c.half))), int(math.Ceil(float64(c.y+c.hh))))
}

// chipAt returns the chip of letter s for cell p: lifted above the cell,
// clear of a disc drawn on it; or, where the cell shows g / h / f (left-
// aligned from its top), in its top-right corner when it fits beside the
// widest of them: lifted over the centre it sat on the h line
// (textbook-groups, user test). Where it does not fit there, a smaller
// chip goes into that corner all the same: lifted, it hid the g and h
// lines (textbook-groups at 175 %, user test); should it still reach the
// numbers, they are drawn over it on a card (drawValues runs after this).
func (r *Renderer) chipAt(f *Frame, p image.Point, s string) regionChip {
	ft := r.fonts
	z := f.Cam.Zoom
	cx, cy := f.Cam.CellCenter(p)
	lift := float32(math.Max(5, math.Min(z*0.45, 14))) + 12
	c := regionChip{half: float32(ft.Width(ft.Bold, s)/2 + 5), hh: 10, face: ft.Bold}
	corner := float32(r.valuesWidth(f, p, z))
	c.x, c.y = labelSpot(cx, cy, float32(z), lift, c.half, corner)
	if corner > 0 && corner+2*c.half+4 > float32(z) { // labelSpot lifted it
		small := r.chipFace()
		c.face, c.half, c.hh = small, float32(ft.Width(small, s)/2+3), chipSmallH/2
		c.x, c.y = smallChipSpot(cx, cy, float32(z), c.half)
	}
	return c
}

// chipSpots returns where the chip of letter s may go for cell p, best
// first: chipAt's spot (beside the cell's numbers, or lifted above its
// centre), then wholly above the cell (clear of its numbers, which start
// at its top), on the cell's centre (a cell without numbers), just left
// of, right of or below the cell (a wall beside a corridor's cell whose
// numbers fill it, as r's and t's in my-maximin), and the smaller chip in
// its top-right corner.
func (r *Renderer) chipSpots(f *Frame, p image.Point, s string) [7]regionChip {
	ft := r.fonts
	z := float32(f.Cam.Zoom)
	cx, cy := f.Cam.CellCenter(p)
	big := regionChip{half: float32(ft.Width(ft.Bold, s)/2 + 5), hh: 10, face: ft.Bold}
	at := func(x, y float32) regionChip { c := big; c.x, c.y = x, y; return c }
	small := regionChip{face: r.chipFace(), hh: chipSmallH / 2}
	small.half = float32(ft.Width(small.face, s)/2 + 3)
	small.x, small.y = smallChipSpot(cx, cy, z, small.half)
	return [7]regionChip{
		r.chipAt(f, p, s),
		at(cx, cy-z/2-big.hh-1),
		at(cx, cy),
		at(cx-z/2-big.half-1, cy),
		at(cx+z/2+big.half+1, cy),
		at(cx, cy+z/2+big.hh+1),
		small,
	}
}

// chipOnNumbers reports whether a chip drawn in box rc would cover the
// g / h / f numbers a cell shows this frame (valuesBox), the box's own
// cells' and those of the cells left of and above them, whose numbers
// reach in.
func (r *Renderer) chipOnNumbers(f *Frame, rc image.Rectangle) bool {
	cam := f.Cam
	if !f.Layers.Has(LayerValues) || cam.Zoom < valuesMinZoom || f.World.Timeline.Len() == 0 {
		return false
	}
	a := cam.CellAt(float64(rc.Min.X), float64(rc.Min.Y)).Sub(image.Pt(1, 1))
	b := cam.CellAt(float64(rc.Max.X), float64(rc.Max.Y))
	box := image.Rectangle{a, b.Add(image.Pt(1, 1))}.Intersect(f.World.Grid.Bounds())
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if nb, ok := r.valuesBox(f, image.Pt(x, y)); ok && nb.Overlaps(rc) {
				return true
			}
		}
	}
	return false
}

// markPlanCells lists the plans' nodes, with their level, for
// nodeMarkRadius (every node of every level's plan, whatever the cursor,
// so a chip kept off them does not move while the timeline plays).
func (r *Renderer) markPlanCells(f *Frame) {
	clear(r.planMarks)
	if !f.Layers.Has(LayerPlans) {
		return
	}
	if r.planMarks == nil {
		r.planMarks = map[image.Point]int{}
	}
	for l, plan := range f.World.Outcome.Plans {
		for _, q := range plan {
			r.planMarks[q] = max(r.planMarks[q], l)
		}
	}
}

// nodeMarkRadius returns the radius in pixels of the largest round mark
// drawn on cell p in this frame or at another point of the query's
// timeline: the start's or goal's disc, a plan's node (markPlanCells), an
// abstract search's ring or disc; 0 for none.
func (r *Renderer) nodeMarkRadius(f *Frame, p image.Point) float32 {
	w := f.World
	z := f.Cam.Zoom
	rad := 0.0
	if w.HasStart && p == w.Start || w.HasGoal && p == w.Goal {
		rad = EndpointRadius(z)
	}
	if l, ok := r.planMarks[p]; ok {
		rad = max(rad, float64(3+l)+1.5)
	}
	if f.Layers.Has(LayerSearch) {
		if l := w.AbstractNodeLevel(p); l > 0 {
			// drawAbstractSearch's radius, and half its ring's stroke.
			rad = max(rad, math.Max(2.5, math.Min(z*0.55, 11))+float64(l)+1.25)
		}
	}
	return float32(rad)
}

// chipClear reports whether a chip drawn in box rc covers no round mark
// of a node (nodeMarkRadius), with a pixel to spare.
func (r *Renderer) chipClear(f *Frame, rc image.Rectangle) bool {
	const reach = 20 // the largest mark's radius, with room
	cam := f.Cam
	a := cam.CellAt(float64(rc.Min.X-reach), float64(rc.Min.Y-reach))
	b := cam.CellAt(float64(rc.Max.X+reach), float64(rc.Max.Y+reach))
	box := image.Rectangle{a, b.Add(image.Pt(1, 1))}.Intersect(f.World.Grid.Bounds())
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			p := image.Pt(x, y)
			rad := r.nodeMarkRadius(f, p)
			if rad == 0 {
				continue
			}
			cx, cy := cam.CellCenter(p)
			// The distance from the mark's centre to the box.
			dx := max(float32(rc.Min.X)-cx, 0, cx-float32(rc.Max.X))
			dy := max(float32(rc.Min.Y)-cy, 0, cy-float32(rc.Max.Y))
			if dx*dx+dy*dy <= (rad+1)*(rad+1) {
				return false
			}
		}
	}
	return true
}

// regionCellsNear appends to dst the open cells (weight above 0 in cells)
// of lb's region (its character in layer, a map w cells wide) at most n
// cells from lb.Cell either way, nearest first (then top to bottom, left to
// right): lb.Cell first when open. A region with no open cell there gives
// its walls instead, so its letter still has somewhere to go.
func regionCellsNear(layer []byte, cells []uint8, w int, lb regionLabel, n int, dst []image.Point) []image.Point {
	h := len(layer) / w
	c := lb.Cell
	start := len(dst)
	for _, walls := range []bool{false, true} {
		for y := max(c.Y-n, 0); y <= min(c.Y+n, h-1); y++ {
			for x := max(c.X-n, 0); x <= min(c.X+n, w-1); x++ {
				if i := y*w + x; layer[i] == lb.Ch && (walls || cells[i] > 0) {
					dst = append(dst, image.Pt(x, y))
				}
			}
		}
		if len(dst) > start {
			break
		}
	}
	d2 := func(p image.Point) int { q := p.Sub(c); return q.X*q.X + q.Y*q.Y }
	slices.SortStableFunc(dst, func(a, b image.Point) int { return cmp.Compare(d2(a), d2(b)) })
	return dst
}

// chipSmallH is the height of a region letter's smaller chip, the one that
// goes into a cell's corner beside numbers that leave no room for the
// usual one (20 px).
const chipSmallH = 15

// smallChipSpot returns the centre of a region letter's smaller chip (half
// its width wide either side, chipSmallH tall) in the top-right corner of
// the cell centred at (cx, cy), cells z pixels wide, 2 px inside it.
func smallChipSpot(cx, cy, z, half float32) (x, y float32) {
	return cx + z/2 - half - 2, cy - z/2 + 2 + chipSmallH/2
}

// chipFace returns the face of the region letters' smaller chips: the
// bold face at 11 px.
func (r *Renderer) chipFace() *text.GoTextFace {
	if r.smallChip == nil {
		r.smallChip = &text.GoTextFace{Source: r.fonts.Bold.Source, Size: 11}
	}
	return r.smallChip
}

// labelSpot returns the centre of a region letter's chip (half its width
// wide either side, 20 px tall) for the cell centred at (cx, cy), cells z
// pixels wide: lift above the centre, or in the cell's top-right corner
// when corner > 0 (the width the g / h / f numbers take from the cell's
// left edge) leaves room for the chip beside them.
func labelSpot(cx, cy, z, lift, half, corner float32) (x, y float32) {
	if corner > 0 && corner+2*half+4 <= z {
		return cx + z/2 - half - 3, cy - z/2 + 13
	}
	return cx, cy - lift
}

// regionLabel is where a region's letter goes.
type regionLabel struct {
	Ch   byte
	Cell image.Point
}

// labelPlace is how regionLabels chose a label's cell: the region's
// centroid, the squared distance of the cell to it, and whether the cell
// is open (a region all walls gets a wall). placeRegionLabels reads it to
// tell whether an edit can move the label.
type labelPlace struct {
	cx, cy, bd float64
	open       bool
}

// labelsKey is what the region labels were placed for: the layer, and the
// grid at a version (the labels keep to open cells).
type labelsKey struct {
	regionKey
	grid *pathing.Grid
	ver  uint64
}

// placeRegionLabels brings r.labels up to date for the view's region
// layer of w: placed anew for another layer or grid, and after edits only
// when one of them can move a label (a label's cell walled, or a cell of
// its region opened as near its centroid or nearer, or opened at all in a
// region whose label had to sit on a wall), so a stroke does not rescan a
// large map at every mouse move.
func (r *Renderer) placeRegionLabels(w *world.World, layer []byte) {
	g := w.Grid
	key := labelsKey{regionKey{&layer[0], len(layer)}, g, w.GridVersion()}
	old := r.labelKey
	if old == key {
		return
	}
	r.labelKey = key
	if old.regionKey == key.regionKey && old.grid == key.grid {
		if changed, ok := w.ChangedSince(old.ver); ok && !labelsMoved(layer, g.Cells(), g.Width(), r.labels, r.labelPlaces, changed) {
			return
		}
	}
	r.labels, r.labelPlaces = regionLabelsAt(layer, g.Width(), g.Cells(), r.labels[:0], r.labelPlaces[:0])
}

// labelsMoved reports whether a change of the cells (indices into layer)
// could move one of labels (placed by regionLabelsAt, with places).
func labelsMoved(layer []byte, cells []uint8, w int, labels []regionLabel, places []labelPlace, changed []int32) bool {
	if len(changed) > 4096 || len(places) != len(labels) {
		return true
	}
	for _, i := range changed {
		ch := layer[i]
		if noRegion(ch) {
			continue
		}
		k, found := slices.BinarySearchFunc(labels, ch, func(lb regionLabel, c byte) int { return cmp.Compare(lb.Ch, c) })
		if !found {
			return true
		}
		p, pl := image.Pt(int(i)%w, int(i)/w), places[k]
		if p == labels[k].Cell {
			return true
		}
		if cells[i] > 0 {
			dx, dy := float64(p.X)-pl.cx, float64(p.Y)-pl.cy
			if !pl.open || dx*dx+dy*dy <= pl.bd {
				return true
			}
		}
	}
	return false
}

// regionLabels returns, appended to dst, one label per region character
// of layer (a region map w cells wide; '#', ' ' and 0 are no region), in
// character order: at the region's open cell (weight above 0 in cells)
// nearest its centroid, so a U- or comb-shaped region's letter lies on one
// of its own cells, not on the wall or the other room its centroid falls
// in, and a room drawn over its walls (a Tiled room's rectangle, two rooms
// of one character) has its letter in the room, not on the wall row
// across its middle; a region with no open cell at its cell nearest the
// centroid. Cost: two passes over the layer.
func regionLabels(layer []byte, w int, cells []uint8, dst []regionLabel) []regionLabel {
	dst, _ = regionLabelsAt(layer, w, cells, dst, nil)
	return dst
}

// regionLabelsAt is regionLabels, also appending to places how each label
// was placed.
func regionLabelsAt(layer []byte, w int, cells []uint8, dst []regionLabel, places []labelPlace) ([]regionLabel, []labelPlace) {
	type acc struct {
		sx, sy, n int
		best      image.Point
		bd        float64 // squared distance of best to the centroid
		found     bool
		open      bool // best is open
	}
	var sums [256]acc
	for i, ch := range layer {
		if noRegion(ch) {
			continue
		}
		a := &sums[ch]
		a.sx += i % w
		a.sy += i / w
		a.n++
	}
	for i, ch := range layer {
		if noRegion(ch) {
			continue
		}
		a := &sums[ch]
		open := i < len(cells) && cells[i] > 0
		if a.open && !open {
			continue
		}
		dx := float64(i%w) - float64(a.sx)/float64(a.n)
		dy := float64(i/w) - float64(a.sy)/float64(a.n)
		if d := dx*dx + dy*dy; !a.found || open && !a.open || d < a.bd {
			a.best, a.bd, a.found, a.open = image.Pt(i%w, i/w), d, true, open
		}
	}
	for ch := range sums {
		if a := &sums[ch]; a.n > 0 {
			dst = append(dst, regionLabel{byte(ch), a.best})
			places = append(places, labelPlace{float64(a.sx) / float64(a.n), float64(a.sy) / float64(a.n), a.bd, a.open})
		}
	}
	return dst, places
}

type exclKey struct {
	p *bool
	n int
}

// drawExcluded darkens the cells exclusion mode kept the search out of.
func (r *Renderer) drawExcluded(dst *ebiten.Image, f *Frame) {
	ex := f.World.Outcome.Excluded
	g := f.World.Grid
	if len(ex) != g.Len() || !exclusionDecided(&f.World.Timeline) {
		return
	}
	c := &r.exclude
	if c.prepare(g.Width(), g.Height(), exclKey{&ex[0], len(ex)}) {
		on := [4]byte{255, 255, 255, 255} // a mask: drawExcludedMask colours it
		for i, e := range ex {
			p := c.pix[4*i : 4*i+4]
			if e {
				copy(p, on[:])
			} else {
				p[0], p[1], p[2], p[3] = 0, 0, 0, 0
			}
		}
		c.upload()
	}
	drawExcludedMask(dst, c.img, f.Cam)
}

// exclusionDecided reports whether the timeline's cursor is where the
// excluded area is known: the level-1 plan that decides it is found once
// the cursor has reached a cell phase (and stays known after it, through a
// later leg's abstract phases), or at the end, or with no trace. Drawn from
// the first event, the area showed a class the outcome of "plan L1" while
// "plan L2" was still being stepped.
func exclusionDecided(tl *world.Timeline) bool {
	tr := tl.Trace()
	if tr == nil || tl.AtEnd() {
		return true
	}
	k := tl.Phase()
	for i := 0; i <= k && i < len(tr.Phases); i++ {
		if tr.Phases[i].Level == 0 {
			return true
		}
	}
	return false
}

type fillKey struct {
	w   *world.World
	gen uint64
}

// drawFill shows the open and closed cells of the cell-level searches at
// the timeline's cursor, one pixel a cell on the tiles of a tileLayer that
// the search has marked. A new query paints the cells the timeline lists
// as touched (never a scan of the map: a plan's arrival on a 7100×7100
// map rebuilt and sent all 50 million cells, 200 MB, half a second of the
// window's thread, for a search of a few thousand); moving the cursor
// repaints only the cells of the events passed over and sends only the
// part of each tile they changed, unless the jump passes more events than
// the search has cells marked, when painting them afresh is cheaper.
func (r *Renderer) drawFill(dst *ebiten.Image, f *Frame) {
	w := f.World
	g := w.Grid
	tl := &w.Timeline
	if tl.Len() == 0 {
		// Nothing to show: let the last query's tiles go, and with its key
		// the last session (another map opened with no query kept both
		// until its first query).
		r.fill.release()
		return
	}
	l := &r.fill
	last := tl.Last(0)
	ev := tl.Trace().Events
	var open, closed [4]byte
	premul(open[:], ColOpen)
	premul(closed[:], ColClosed)
	pixel := func(i int32) [4]byte {
		switch e := last[i]; {
		case e < 0:
			return [4]byte{}
		case ev[e].Kind == pathing.EventPop:
			return closed
		default:
			return open
		}
	}
	W, H := g.Width(), g.Height()
	paint := func(put func(x, y int, p [4]byte)) {
		for _, i := range tl.Touched(0) {
			if int(i) < len(last) {
				put(int(i)%W, int(i)/W, pixel(i))
			}
		}
	}
	cur := tl.Cursor()
	key := fillKey{w, tl.Generation()}
	switch {
	case l.bake(W, H, key, paint), r.fillCursor == cur:
	case iabs(r.fillCursor-cur) > len(tl.Touched(0)):
		l.rebake(W, H, key, paint)
	default:
		a, b := min(r.fillCursor, cur), max(r.fillCursor, cur)
		for k := a; k < b && k < len(ev); k++ {
			e := &ev[k]
			if e.Level != 0 || int(e.Node) >= len(last) || e.Node < 0 {
				continue
			}
			l.put(int(e.Node)%W, int(e.Node)/W, pixel(e.Node))
		}
		l.flush()
	}
	r.fillCursor = cur
	l.draw(dst, f.Cam)
	r.fillDrawn = true
}

// drawFlash outlines the clusters the last repair recomputed and marks
// the abstract nodes it added (green) and removed (red), fading out over
// two seconds.
func (r *Renderer) drawFlash(dst *ebiten.Image, f *Frame) {
	if f.FlashAge < 0 || f.FlashAge > flashSeconds {
		return
	}
	rep := &f.World.LastRepair
	if f.FlashNote != "" {
		r.mapNote(dst, f, f.FlashNote)
	}
	a := 1 - f.FlashAge/flashSeconds
	fc := ColFlash
	fc.A = uint8(230 * a)
	cam := f.Cam
	for l := len(rep.Dirty) - 1; l >= 1; l-- {
		for _, rc := range rep.Dirty[l] {
			x0, y0 := cam.ToScreen(float64(rc.Min.X), float64(rc.Min.Y))
			x1, y1 := cam.ToScreen(float64(rc.Max.X), float64(rc.Max.Y))
			fill := fc
			fill.A = uint8(50 * a)
			vector.DrawFilledRect(dst, float32(x0), float32(y0), float32(x1-x0), float32(y1-y0), PM(fill), false)
			vector.StrokeRect(dst, float32(x0), float32(y0), float32(x1-x0), float32(y1-y0), float32(1+l), PM(fc), false)
		}
	}
	rad := float32(math.Max(4, math.Min(cam.Zoom*0.6, 12)))
	for _, p := range rep.AddedNodes {
		x, y := cam.CellCenter(p)
		c := ColAdded
		c.A = uint8(255 * a)
		vector.StrokeCircle(dst, x, y, rad, 2.5, PM(c), r.aa)
	}
	for _, p := range rep.RemovedNodes {
		x, y := cam.CellCenter(p)
		c := ColRemoved
		c.A = uint8(255 * a)
		vector.StrokeLine(dst, x-rad, y-rad, x+rad, y+rad, 2.5, PM(c), r.aa)
		vector.StrokeLine(dst, x-rad, y+rad, x+rad, y-rad, 2.5, PM(c), r.aa)
	}
}

// drawLastEdit marks the cells of the last edit (World.LastEdited) on a map
// zoomed out below lastEditZoom pixels a cell: each cell again in its
// terrain colour, at least lastEditPx wide, over the searches drawn on it,
// and a ring around them all. It stays until the next edit. On a fitted
// 512×512 map a filled cell is a pixel under the abstract search's marks:
// once the repair's flash faded, a lecturer's route jumped for no visible
// reason. Zoomed in, the cell itself shows.
func (r *Renderer) drawLastEdit(dst *ebiten.Image, f *Frame) {
	cam := f.Cam
	if cam.Zoom >= lastEditZoom {
		return
	}
	w := f.World
	cells := w.LastEdited()
	if len(cells) == 0 {
		return
	}
	g := w.Grid
	weights := f.Layers.Has(LayerWeights)
	s := float32(math.Max(lastEditPx, cam.Zoom))
	box := image.Rectangle{}
	for k, i := range cells {
		p := g.Point(int(i))
		box = box.Union(image.Rect(p.X, p.Y, p.X+1, p.Y+1))
		if k >= lastEditMaxCells {
			continue // a long stroke: its ring alone
		}
		x, y := cam.CellCenter(p)
		vector.DrawFilledRect(dst, x-s/2, y-s/2, s, s, cellColor(w, int(i), weights), false)
	}
	x0, y0 := cam.ToScreen(float64(box.Min.X), float64(box.Min.Y))
	x1, y1 := cam.ToScreen(float64(box.Max.X), float64(box.Max.Y))
	cx, cy := float32(x0+x1)/2, float32(y0+y1)/2
	hw := float32(math.Max((x1-x0)/2, 3)) + 5
	hh := float32(math.Max((y1-y0)/2, 3)) + 5
	// Yellow on a dark edge: it reads over the floor, walls and the
	// search's purple alike.
	vector.StrokeRect(dst, cx-hw, cy-hh, 2*hw, 2*hh, 4, color.RGBA{0, 0, 0, 200}, r.aa)
	vector.StrokeRect(dst, cx-hw, cy-hh, 2*hw, 2*hh, 2, ColFlash, r.aa)
}

// lastEditZoom is the cell size, in pixels, from which drawLastEdit leaves
// the edited cells to the terrain; lastEditPx the side it draws them at
// below that; lastEditMaxCells how many cells of one edit it draws.
const (
	lastEditZoom     = 4
	lastEditPx       = 3
	lastEditMaxCells = 4096
)

// flashSeconds is how long a repair stays highlighted.
const flashSeconds = 2.0

func clampLevel(l, n int) int {
	if n < 1 {
		return 1
	}
	return max(1, min(l, n))
}
