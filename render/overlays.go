package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"pathlens/game/world"
	"pathlens/pathing"
)

// Caps on how many items a vector layer draws per frame; past them the
// layer asks the user to zoom in (a 1024×1024 map has tens of thousands of
// abstract edges, and drawing them all would cost more than a frame).
const (
	maxVisibleNodes = 6000
	maxVisibleEdges = 6000
	maxArrows       = 5000
	maxNumbers      = 1500
)

// tooManySearchNodes is the note past 4·maxVisibleNodes search nodes (worded
// once, not every frame it shows).
var tooManySearchNodes = "over " + world.Count(4*maxVisibleNodes) + " abstract search nodes in view: zoom in to see them"

// visibleRect returns the visible cells of the map widened by margin.
func visibleRect(f *Frame, dst *ebiten.Image, margin int) image.Rectangle {
	g := f.World.Grid
	v := f.Cam.Visible(g.Width(), g.Height(), dst.Bounds())
	return v.Inset(-margin).Intersect(g.Bounds())
}

// drawBorders draws the cluster borders of the view level (and fainter,
// those of the level below), only where visible, each level at the
// strength borderAlpha gives its clusters' size on screen: full from
// borderFullPx, fading below it, gone when the clusters are a few pixels
// wide (a 512×512 map fitted to the window drew a blue lattice every 13
// pixels that hid the terrain and read as walls on maze512).
func (r *Renderer) drawBorders(dst *ebiten.Image, f *Frame) {
	h := shownGroups(f.World)
	if h == nil {
		return
	}
	l := clampLevel(f.ViewLevel, h.Levels())
	for lv := max(l-1, 1); lv <= l; lv++ {
		side := world.ClusterSide(h, lv)
		var rooms [][]byte // the rooms of this level and below, which the squares fill in around
		if side <= 0 {
			w := f.World
			if lv > len(w.Regions) || len(w.Regions[lv-1]) != w.Grid.Len() {
				continue
			}
			if side = world.SquareSide(h, lv); side <= 0 {
				continue
			}
			rooms = w.Regions[:lv]
		}
		c := ColBorder
		width := float32(1.5)
		if lv < l {
			c.A = 80
			width = 1
		} else if l > 1 {
			width = 2.5
		}
		if c.A = borderAlpha(c.A, float64(side)*f.Cam.Zoom); c.A == 0 {
			continue
		}
		if rooms != nil {
			// A designer who painted one room saw every cluster border
			// of the map go, though the squares still group the rest.
			r.squareLinesOutsideRooms(dst, f, side, width, PM(c), rooms)
			continue
		}
		lit := ColBorderOnWall
		lit.A = c.A
		r.gridLines(dst, f, side, width, PM(c), PM(lit))
	}
}

// squareCell reports whether cell i is one a square cluster groups: open,
// and in no room of the layers given (this level's and those below).
func squareCell(cells []uint8, rooms [][]byte, i int) bool {
	if cells[i] == pathing.Blocked {
		return false
	}
	for _, l := range rooms {
		if len(l) == len(cells) && !noRegion(l[i]) {
			return false
		}
	}
	return true
}

// squareLinesOutsideRooms draws the square clusters' borders (every side
// cells) where the cells on both sides of a border are open and in no room
// of this level or below: inside and between the designer's rooms the
// rooms are the groups; a wall is in no group (lines were drawn through
// walls on maps whose rooms cover every open cell, where no square is
// left); and at level 2 and up a level-1 room lies wholly in one group of
// the level, whatever square lines cross it.
func (r *Renderer) squareLinesOutsideRooms(dst *ebiten.Image, f *Frame, side int, width float32, c color.Color, rooms [][]byte) {
	g := f.World.Grid
	W, H := g.Width(), g.Height()
	vis := visibleRect(f, dst, side)
	if vis.Empty() {
		return
	}
	cam := f.Cam
	cells := g.Cells()
	free := func(x, y int) bool { return squareCell(cells, rooms, y*W+x) }
	line := func(ax, ay, bx, by int) {
		sx, sy := cam.ToScreen(float64(ax), float64(ay))
		ex, ey := cam.ToScreen(float64(bx), float64(by))
		vector.StrokeLine(dst, float32(sx), float32(sy), float32(ex), float32(ey), width, c, false)
	}
	y0, y1 := max(vis.Min.Y, 0), min(vis.Max.Y, H)
	x0, x1 := max(vis.Min.X, 0), min(vis.Max.X, W)
	for x := (vis.Min.X/side + 1) * side; x < x1 && x < W; x += side {
		from := -1
		for y := y0; y <= y1; y++ {
			on := y < y1 && x > 0 && free(x-1, y) && free(x, y)
			switch {
			case on && from < 0:
				from = y
			case !on && from >= 0:
				line(x, from, x, y)
				from = -1
			}
		}
	}
	for y := (vis.Min.Y/side + 1) * side; y < y1 && y < H; y += side {
		from := -1
		for x := x0; x <= x1; x++ {
			on := x < x1 && y > 0 && free(x, y-1) && free(x, y)
			switch {
			case on && from < 0:
				from = x
			case !on && from >= 0:
				line(from, y, x, y)
				from = -1
			}
		}
	}
}

// shownGroups returns the groups the borders and groups layers draw: the
// current hierarchy's, else those the cluster heuristic reads (its level 1
// alone), else nil.
func shownGroups(w *world.World) world.GroupsView {
	if h := w.Hierarchy(); h != nil {
		return h
	}
	if v := w.HeuristicGroups(); v != nil {
		return v
	}
	return nil
}

// Level of detail of the structure layers, by the width of a cluster on
// screen in pixels (cluster side × zoom), as a map application thins its
// grid and symbols when zoomed out.
const (
	// borderFullPx is the cluster width from which borders are drawn at
	// full strength; below it their alpha falls in proportion, so the ink
	// the borders put on a screen area stays the same (a 10-cell cluster
	// at 13 px gets a quarter of the alpha it has at 48 px). The built-in
	// world fitted to the window has 70 px clusters: it is not affected.
	borderFullPx = 48
	// borderMinAlpha is the faintest border drawn; one that would be
	// fainter (clusters under about 7 px for the view level, under 17 px
	// for the fainter level below it) is left out.
	borderMinAlpha = 28
	// nodeDotsPx is the cluster width from which the abstract nodes are
	// drawn, as small dots; below it nothing is drawn and a note asks to
	// zoom in (at 13 px the squares and entrance bars on every border
	// crossing made a lattice over a 512×512 map).
	nodeDotsPx = 20
	// nodeFullPx is the cluster width from which the entrances are drawn
	// as bars on the border and the nodes as squares.
	nodeFullPx = 36
)

// borderAlpha returns the alpha of the borders of a level drawn at alpha
// base when its clusters are px pixels wide on screen: base from
// borderFullPx up, proportional to px below, and 0 (not drawn) when that
// falls under borderMinAlpha. Fainter borders are lighter over floor, so
// the view level's borders stay apart from the dark walls of a maze.
func borderAlpha(base uint8, px float64) uint8 {
	if px >= borderFullPx {
		return base
	}
	a := float64(base) * px / borderFullPx
	if a < borderMinAlpha || math.IsNaN(a) {
		return 0
	}
	return uint8(a)
}

// nodeDetail is how much of the entrances and abstract nodes is drawn.
type nodeDetail int

const (
	nodesHidden nodeDetail = iota // clusters too small: nothing (a note asks to zoom in)
	nodesDots                     // nodes as small dots, no entrance bars
	nodesFull                     // entrance bars on the border, nodes as squares
)

// nodeDetailAt returns what drawNodes draws when clusters are px pixels
// wide on screen (see nodeDotsPx and nodeFullPx).
func nodeDetailAt(px float64) nodeDetail {
	switch {
	case px >= nodeFullPx:
		return nodesFull
	case px >= nodeDotsPx:
		return nodesDots
	}
	return nodesHidden
}

// gridLines draws lines every side cells over the visible part, in c,
// and where a line runs between two walls, in onWall: the dark blue of a
// border over the dark walls of a Moving AI map could not be seen, so a
// cluster whose side lay in a wall seemed to end there (a designer's
// report on AR0011SR).
func (r *Renderer) gridLines(dst *ebiten.Image, f *Frame, side int, width float32, c, onWall color.Color) {
	g := f.World.Grid
	vis := visibleRect(f, dst, side)
	if vis.Empty() {
		return
	}
	cam := f.Cam
	_, y0 := cam.ToScreen(0, float64(vis.Min.Y))
	_, y1 := cam.ToScreen(0, float64(vis.Max.Y))
	x0, _ := cam.ToScreen(float64(vis.Min.X), 0)
	x1, _ := cam.ToScreen(float64(vis.Max.X), 0)
	for x := (vis.Min.X/side + 1) * side; x < vis.Max.X && x < g.Width(); x += side {
		sx, _ := cam.ToScreen(float64(x), 0)
		vector.StrokeLine(dst, float32(sx), float32(y0), float32(sx), float32(y1), width, c, false)
	}
	for y := (vis.Min.Y/side + 1) * side; y < vis.Max.Y && y < g.Height(); y += side {
		_, sy := cam.ToScreen(0, float64(y))
		vector.StrokeLine(dst, float32(x0), float32(sy), float32(x1), float32(sy), width, c, false)
	}
	r.wallRuns(dst, f, vis, side, width, onWall)
}

// wallRun is a stretch of a cluster line between two walls, in cells: the
// vertical line x = at (or the horizontal y = at) from from to to.
type wallRun struct {
	vert         bool
	at, from, to int32
}

// wallRunCache keeps the wall runs of each line spacing (cluster side) of
// one grid at one version: scanning every line of a 512×512 map, cell by
// cell, was a sixth of a frame's drawing. After an edit only the lines
// beside a changed cell are scanned again (World.ChangedSince): scanning
// every line of a 4096×4096 map again after each stroke, undo or redo was
// 25 ms of the frame that followed it.
type wallRunCache struct {
	g    *pathing.Grid
	ver  uint64
	runs map[int][]wallRun
	// spare is the runs slice a patch replaced, reused by the next one.
	spare []wallRun
	// vert and horz mark, during a patch, the lines beside a changed cell.
	vert, horz []bool
}

// of returns the wall runs of the lines every side cells of f's grid.
func (c *wallRunCache) of(f *Frame, side int) []wallRun {
	g, ver := f.World.Grid, f.World.GridVersion()
	if c.g != g || c.runs == nil {
		c.g, c.ver = g, ver
		clear(c.runs)
		if c.runs == nil {
			c.runs = map[int][]wallRun{}
		}
	} else if c.ver != ver {
		changed, ok := f.World.ChangedSince(c.ver)
		c.ver = ver
		if !ok {
			clear(c.runs)
		} else {
			for s, runs := range c.runs {
				c.runs[s] = c.patch(g, s, runs, changed)
			}
		}
	}
	if runs, ok := c.runs[side]; ok {
		return runs
	}
	runs := scanWallRuns(g, side, nil, nil, nil, nil)
	c.runs[side] = runs
	return runs
}

// patch returns runs, the wall runs of the lines every side cells of g
// before the cells changed changed, with the lines beside a changed cell
// scanned again and the others' runs copied.
func (c *wallRunCache) patch(g *pathing.Grid, side int, runs []wallRun, changed []int32) []wallRun {
	W, H := g.Width(), g.Height()
	c.vert = resetBools(c.vert, W/side+1)
	c.horz = resetBools(c.horz, H/side+1)
	for _, i := range changed {
		x, y := int(i)%W, int(i)/W
		// The vertical line at X runs between cells X-1 and X: a cell
		// is beside the lines at x and x+1 (those that are lines).
		if x%side == 0 {
			c.vert[x/side] = true
		}
		if (x+1)%side == 0 {
			c.vert[(x+1)/side] = true
		}
		if y%side == 0 {
			c.horz[y/side] = true
		}
		if (y+1)%side == 0 {
			c.horz[(y+1)/side] = true
		}
	}
	out := scanWallRuns(g, side, c.spare[:0], runs, c.vert, c.horz)
	c.spare = runs
	return out
}

func resetBools(s []bool, n int) []bool {
	if cap(s) < n {
		return make([]bool, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// scanWallRuns appends to dst the wall runs of the lines every side cells
// of g: vertical lines by x, then horizontal ones by y, each line's runs in
// order. With old (the runs as they were) and the marks vert and horz (by
// line number, at/side), a line not marked takes its runs from old rather
// than from a scan of its cells.
func scanWallRuns(g *pathing.Grid, side int, dst, old []wallRun, vert, horz []bool) []wallRun {
	W, H := g.Width(), g.Height()
	cells := g.Cells()
	wall := func(x, y int) bool { return cells[y*W+x] == pathing.Blocked }
	k := 0 // old's next run
	// before reports whether run r comes before the line (v, at): the
	// vertical lines come first.
	before := func(r wallRun, v bool, at int) bool {
		if r.vert != v {
			return r.vert
		}
		return int(r.at) < at
	}
	// take moves k past old's runs before the line (v, at) and, when the
	// line is not marked, appends its old runs and reports true; else it
	// skips them.
	take := func(v bool, at int, marks []bool) bool {
		for k < len(old) && before(old[k], v, at) {
			k++
		}
		mine := func() bool { return k < len(old) && old[k].vert == v && int(old[k].at) == at }
		if marks != nil && !marks[at/side] {
			for ; mine(); k++ {
				dst = append(dst, old[k])
			}
			return true
		}
		for mine() {
			k++
		}
		return false
	}
	for x := side; x < W; x += side {
		if old != nil && take(true, x, vert) {
			continue
		}
		from := -1
		for y := 0; y <= H; y++ {
			on := y < H && wall(x-1, y) && wall(x, y)
			switch {
			case on && from < 0:
				from = y
			case !on && from >= 0:
				dst = append(dst, wallRun{true, int32(x), int32(from), int32(y)})
				from = -1
			}
		}
	}
	for y := side; y < H; y += side {
		if old != nil && take(false, y, horz) {
			continue
		}
		from := -1
		for x := 0; x <= W; x++ {
			on := x < W && wall(x, y-1) && wall(x, y)
			switch {
			case on && from < 0:
				from = x
			case !on && from >= 0:
				dst = append(dst, wallRun{false, int32(y), int32(from), int32(x)})
				from = -1
			}
		}
	}
	return dst
}

// wallRuns draws, over the lines gridLines drew, the runs of them that
// lie between two walls (both cells beside the line blocked) in c, as
// rectangles as wide as the line, batched in one draw: the lines gridLines
// drew in vis, each run cut to it.
func (r *Renderer) wallRuns(dst *ebiten.Image, f *Frame, vis image.Rectangle, side int, width float32, c color.Color) {
	g := f.World.Grid
	W, H := g.Width(), g.Height()
	cam := f.Cam
	r.sqDst = dst
	rect := func(ax, ay, bx, by float64) {
		sx, sy := cam.ToScreen(ax, ay)
		ex, ey := cam.ToScreen(bx, by)
		if sx == ex {
			r.addRect(float32(sx)-width/2, float32(sy), width, float32(ey-sy), c)
		} else {
			r.addRect(float32(sx), float32(sy)-width/2, float32(ex-sx), width, c)
		}
	}
	y0, y1 := max(vis.Min.Y, 0), min(vis.Max.Y, H)
	x0, x1 := max(vis.Min.X, 0), min(vis.Max.X, W)
	firstX, firstY := (vis.Min.X/side+1)*side, (vis.Min.Y/side+1)*side
	for _, run := range r.wallLines.of(f, side) {
		at, from, to := int(run.at), int(run.from), int(run.to)
		if run.vert {
			if at < firstX || at >= x1 || to <= y0 || from >= y1 {
				continue
			}
			rect(float64(at), float64(max(from, y0)), float64(at), float64(min(to, y1)))
		} else {
			if at < firstY || at >= y1 || to <= x0 || from >= x1 {
				continue
			}
			rect(float64(max(from, x0)), float64(at), float64(min(to, x1)), float64(at))
		}
	}
	r.flushSquares(dst)
}

// zoomInNote is the map note of the node and edge layers when a level's
// clusters are too small on screen to draw them.
const zoomInNote = "zoom in to see the abstract nodes and edges"

// clustersTooSmall reports whether level l's clusters are under 12 px on
// screen, where no node or edge is drawn, and then puts up the note asking
// to zoom in, as structureVisible does, before the level is listed: on a
// fitted 2048×2048 map the listing (3.9 M edges) was a stall of seconds
// and hundreds of MB for nothing drawn.
func (r *Renderer) clustersTooSmall(dst *ebiten.Image, f *Frame, h world.Hierarchy, l int) bool {
	side := world.ClusterSide(h, l)
	if side <= 0 {
		side = 8
	}
	if float64(side)*f.Cam.Zoom < 12 {
		r.mapNote(dst, f, zoomInNote)
		return true
	}
	return false
}

// structureVisible reports whether the abstract structure of level l is
// large enough on screen to draw (a cluster at least 12 pixels wide) and
// not too dense in view; otherwise it writes a note asking to zoom in.
// edges is true for the edges layer, false for the nodes layer: only the
// edges layer is held back by the edges' count, so dense transitions (7,000
// edges among 400 nodes in view at 24 px a cell) keep their nodes and
// entrances on screen and lose only the edges, which the note then names.
func (r *Renderer) structureVisible(dst *ebiten.Image, f *Frame, l int, ix *levelIndex, vis image.Rectangle, edges bool) bool {
	side := ix.view.ClusterSize
	if side <= 0 {
		side = 8
	}
	if float64(side)*f.Cam.Zoom < 12 {
		r.mapNote(dst, f, zoomInNote)
		return false
	}
	n, e := ix.count(vis)
	switch {
	case n > maxVisibleNodes:
		r.mapNote(dst, f, crowdedNote(l, n, e))
		return false
	case edges && e > maxVisibleEdges:
		r.mapNote(dst, f, crowdedEdgesNote(l, e, f.Layers.Has(LayerNodes)))
		return false
	}
	return true
}

// crowdedNote is the map note for a level whose nodes in view are too many
// to draw (its edges are then held back too). It names the level counted
// (the one viewed), so that a count of level 2 is not read as the whole
// hierarchy's or level 1's.
func crowdedNote(level, nodes, edges int) string {
	return fmt.Sprintf("level %d: %s nodes, %s edges in view: zoom in to see them", level, world.Count(nodes), world.Count(edges))
}

// crowdedEdgesNote is the map note for a level whose edges in view are too
// many to draw while its nodes are not: it says that only the edges are
// held back (and, with the nodes layer on, that the nodes are drawn).
func crowdedEdgesNote(level, edges int, nodesOn bool) string {
	s := fmt.Sprintf("level %d: %s edges in view, too many to draw: zoom in to see the edges", level, world.Count(edges))
	if nodesOn {
		s += " (nodes drawn)"
	}
	return s
}

// entranceBar returns, in world coordinates (cell units), the bar of the
// entrance whose run goes from cell a to cell b with partners across the
// border at step side: a line on the shared cell edge, spanning the run's
// cells from edge to edge, so a one-cell entrance is one cell long and the
// bar sits on the border rather than half a cell inside the cluster. With
// no side (zero) it falls back to the line through the cells' centres.
func entranceBar(a, b, side image.Point) (x0, y0, x1, y1 float64) {
	lo := image.Pt(min(a.X, b.X), min(a.Y, b.Y))
	hi := image.Pt(max(a.X, b.X), max(a.Y, b.Y))
	edge := func(v, d int) float64 { // the cell edge toward step d
		if d > 0 {
			return float64(v + 1)
		}
		return float64(v)
	}
	switch {
	case side.X != 0: // a vertical border
		x := edge(a.X, side.X)
		return x, float64(lo.Y), x, float64(hi.Y + 1)
	case side.Y != 0: // a horizontal border
		y := edge(a.Y, side.Y)
		return float64(lo.X), y, float64(hi.X + 1), y
	}
	return float64(a.X) + 0.5, float64(a.Y) + 0.5, float64(b.X) + 0.5, float64(b.Y) + 0.5
}

// drawNodes draws the entrances (bars on the border) and the abstract
// nodes of the view level (squares), only where visible, at the detail
// nodeDetailAt gives the level's clusters on screen: small dots only when
// clusters are between nodeDotsPx and nodeFullPx wide, and nothing but a
// note asking to zoom in below.
func (r *Renderer) drawNodes(dst *ebiten.Image, f *Frame) {
	h := f.World.Hierarchy()
	if h == nil {
		return
	}
	l := clampLevel(f.ViewLevel, h.Levels())
	if r.clustersTooSmall(dst, f, h, l) {
		return
	}
	vis := visibleRect(f, dst, 1)
	ix := r.index(f, h, l, vis)
	if !r.structureVisible(dst, f, l, ix, vis, false) {
		return
	}
	cam := f.Cam
	side := ix.view.ClusterSize
	if side <= 0 {
		side = 8
	}
	detail := nodeDetailAt(float64(side) * cam.Zoom)
	if detail == nodesHidden {
		r.mapNote(dst, f, zoomInNote)
		return
	}
	if detail == nodesDots {
		// One light-rimmed 2×2 dot per node: where the structure is,
		// without a symbol on every border crossing.
		rim, nc := PM(color.RGBA{255, 255, 255, 110}), PM(color.RGBA{ColNode.R, ColNode.G, ColNode.B, 200})
		ix.eachNode(vis, func(nd *world.ViewNode) {
			x, y := cam.CellCenter(nd.Cell)
			x, y = float32(math.Floor(float64(x))), float32(math.Floor(float64(y)))
			vector.DrawFilledRect(dst, x-2, y-2, 4, 4, rim, false)
			vector.DrawFilledRect(dst, x-1, y-1, 2, 2, nc, false)
			r.logShape('d', x, y, x, y, 2, [4]float32{})
			r.nodesDrawn++
		})
		return
	}
	ec := PM(ColEntrance)
	tick := PM(color.RGBA{ColEntrance.R * 3 / 4, ColEntrance.G * 3 / 4, ColEntrance.B, 230})
	ew := float32(math.Max(2, cam.Zoom*0.35))
	sides := ix.view.EntranceSides
	for i, e := range ix.view.Entrances {
		a, b := e[0], e[1]
		if !image.Rect(min(a.X, b.X), min(a.Y, b.Y), max(a.X, b.X)+1, max(a.Y, b.Y)+1).Overlaps(vis) {
			continue
		}
		var side image.Point
		if i < len(sides) {
			side = sides[i]
		}
		x0, y0, x1, y1 := entranceBar(a, b, side)
		ax, ay := cam.ToScreen(x0, y0)
		bx, by := cam.ToScreen(x1, y1)
		if side != (image.Point{}) {
			// Each bar stops short of its run's ends, with a tick across
			// the border at each: runs that meet at a cluster corner, or
			// cover a whole open border, had read as one amber line along
			// the cluster borders (a teacher could not tell entrances from
			// borders).
			dx, dy := float32(bx-ax), float32(by-ay)
			n := float32(math.Hypot(float64(dx), float64(dy)))
			in := min(float32(cam.Zoom)*0.15, 4)
			if n > 3*in {
				ux, uy := dx/n, dy/n
				fx, fy, tx, ty := float32(ax)+ux*in, float32(ay)+uy*in, float32(bx)-ux*in, float32(by)-uy*in
				vector.StrokeLine(dst, fx, fy, tx, ty, ew, ec, false)
				t := ew * 0.9
				for _, p := range [2][2]float32{{fx, fy}, {tx, ty}} {
					vector.StrokeLine(dst, p[0]-uy*t, p[1]+ux*t, p[0]+uy*t, p[1]-ux*t, 1.5, tick, false)
				}
				r.logShape('b', fx, fy, tx, ty, ew, [4]float32{})
				r.barsDrawn++
				continue
			}
		}
		vector.StrokeLine(dst, float32(ax), float32(ay), float32(bx), float32(by), ew, ec, false)
		r.logShape('b', float32(ax), float32(ay), float32(bx), float32(by), ew, [4]float32{})
		r.barsDrawn++
	}
	s := float32(math.Max(3, math.Min(cam.Zoom*0.5, 10)))
	nc, edge := PM(ColNode), PM(color.RGBA{255, 255, 255, 230})
	ix.eachNode(vis, func(nd *world.ViewNode) {
		x, y := cam.CellCenter(nd.Cell)
		if s >= 5 { // a light rim: a slightly larger square behind
			vector.DrawFilledRect(dst, x-s/2-1, y-s/2-1, s+2, s+2, edge, false)
		}
		vector.DrawFilledRect(dst, x-s/2, y-s/2, s, s, nc, false)
		r.logShape('n', x, y, x, y, s, [4]float32{})
		r.nodesDrawn++
	})
}

// drawEdges draws the abstract edges of the view level near the visible
// part: intra edges thin, inter edges thicker. With a focus (edgeFocusAt:
// a pinned cell's cluster, or the pointer's) its edges are drawn bright
// over the rest of the level, faint; where the view holds too many edges
// to draw, the focus's alone are, and the note says so.
func (r *Renderer) drawEdges(dst *ebiten.Image, f *Frame) {
	h := f.World.Hierarchy()
	if h == nil {
		return
	}
	l := clampLevel(f.ViewLevel, h.Levels())
	if r.clustersTooSmall(dst, f, h, l) {
		return
	}
	vis := visibleRect(f, dst, 1)
	ix := r.index(f, h, l, vis)
	cam := f.Cam
	// Where the nodes are hidden the edges are too: their note says
	// both, and edges without their ends are a tangle.
	hidden := ix.view.ClusterSize > 0 && nodeDetailAt(float64(ix.view.ClusterSize)*cam.Zoom) == nodesHidden
	fc, focused := r.edgeFocusAt(f, h, l, ix)
	n, e := ix.count(vis)
	crowded := n > maxVisibleNodes || e > maxVisibleEdges
	if hidden {
		// Said before the crowding: its note said "(nodes drawn)" beside
		// this one, with no node drawn (a new user's report).
		r.mapNote(dst, f, zoomInNote)
		return
	}
	if crowded && !focused {
		r.structureVisible(dst, f, l, ix, vis, true) // says why
		return
	}
	r.edgeFocus, r.edgeFocused = fc, focused
	wi, wx := edgeWidths(cam.Zoom)
	if crowded {
		r.mapNote(dst, f, crowdedFocusNote(l, e, fc.group))
	} else {
		ci, cx := vertexColor(PM(ColEdge)), vertexColor(PM(color.RGBA{90, 40, 140, 220}))
		if focused {
			ci, cx = vertexColor(PM(colEdgeFaint)), vertexColor(PM(colEdgeInterFaint))
		}
		ix.eachEdge(vis, func(e *world.ViewEdge) {
			if e.From > e.To && !e.Inter {
				return // intra edges come in both directions; draw one
			}
			if !e.A.In(vis) && !e.B.In(vis) || focused && fc.lit(e) {
				return
			}
			ax, ay := cam.CellCenter(e.A)
			bx, by := cam.CellCenter(e.B)
			if e.Inter {
				r.edgeLine(dst, ax, ay, bx, by, wx, cx)
			} else {
				r.edgeLine(dst, ax, ay, bx, by, wi, ci)
			}
			r.edgesDrawn++
		})
	}
	if !focused {
		r.flushEdges(dst)
		return
	}
	// The focus's edges on a light halo, so they read over the faint rest
	// and over the terrain, a pixel wider than the layer's own; the halos
	// first, so none is drawn over another's edge where two cross.
	halo := vertexColor(PM(colEdgeHalo))
	li, lx := vertexColor(PM(colEdgeLit)), vertexColor(PM(colEdgeInterLit))
	wi, wx = wi+1, wx+1
	for pass := range 2 {
		ix.eachEdge(fc.area, func(e *world.ViewEdge) {
			if e.From > e.To && !e.Inter || !fc.lit(e) || !e.A.In(vis) && !e.B.In(vis) {
				return
			}
			ax, ay := cam.CellCenter(e.A)
			bx, by := cam.CellCenter(e.B)
			w, c := wi, li
			if e.Inter {
				w, c = wx, lx
			}
			if pass == 0 {
				r.edgeLine(dst, ax, ay, bx, by, w+2, halo)
				return
			}
			r.edgeLine(dst, ax, ay, bx, by, w, c)
			r.edgesDrawn++
			r.edgesLit++
		})
	}
	r.flushEdges(dst)
}

// vertexColor is the premultiplied colour c as a vertex's components.
func vertexColor(c color.RGBA) [4]float32 {
	return [4]float32{float32(c.R) / 0xff, float32(c.G) / 0xff, float32(c.B) / 0xff, float32(c.A) / 0xff}
}

// edgeLine queues the line (x0, y0)–(x1, y1), width pixels wide with butt
// ends, in the premultiplied colour c, as a quad for flushEdges, which
// draws the queue in one call, each quad blended on its own in the order
// queued as a vector.StrokeLine a line was: that was 6,400 allocations and
// 3.5 ms a frame for the 714 edges in view at 14 px a cell on a 1024×1024
// map (BenchmarkEdgesFocus).
func (r *Renderer) edgeLine(dst *ebiten.Image, x0, y0, x1, y1, width float32, c [4]float32) {
	r.logShape('e', x0, y0, x1, y1, width, c)
	r.edgeQuads.line(dst, &edgeDrawOp, x0, y0, x1, y1, width, c)
}

// shape is a node, entrance bar or edge line drawn by the structure
// layers (Renderer.shapes): its kind ('d' dot, 'n' node square, 'b' bar,
// 'e' edge line), its screen coordinates, width and colour.
type shape struct {
	kind           byte
	x0, y0, x1, y1 float32
	w              float32
	c              [4]float32
}

// logShape appends a shape to r.shapes when a test asks for them.
func (r *Renderer) logShape(kind byte, x0, y0, x1, y1, w float32, c [4]float32) {
	if r.shapes != nil {
		*r.shapes = append(*r.shapes, shape{kind, x0, y0, x1, y1, w, c})
	}
}

// flushEdges draws the lines edgeLine queued onto dst and empties the
// queue.
func (r *Renderer) flushEdges(dst *ebiten.Image) { r.edgeQuads.flush(dst, &edgeDrawOp) }

// edgeDrawOp draws the edges layer's lines, each blended in turn.
var edgeDrawOp = ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha}

// quadBatch queues lines as quads of a premultiplied colour, drawn in one
// DrawTriangles by flush (or when the queue is full): the edges layer's
// lines and strokeCells' pieces.
type quadBatch struct {
	vs []ebiten.Vertex
	is []uint16
}

// line queues the line from (x0, y0) to (x1, y1), width wide, with square
// ends at those points; a full queue is drawn on dst with op first. Every
// quad winds the same way (its corners turn alike whatever its
// direction), which the non-zero fill rule needs to count overlaps once.
func (b *quadBatch) line(dst *ebiten.Image, op *ebiten.DrawTrianglesOptions, x0, y0, x1, y1, width float32, c [4]float32) {
	dx, dy := x1-x0, y1-y0
	l := float32(math.Hypot(float64(dx), float64(dy)))
	if l == 0 {
		return
	}
	if len(b.vs)+4 > math.MaxUint16 {
		b.flush(dst, op)
	}
	nx, ny := -dy/l*width/2, dx/l*width/2
	o := uint16(len(b.vs))
	for _, q := range [4][2]float32{{x0 + nx, y0 + ny}, {x1 + nx, y1 + ny}, {x1 - nx, y1 - ny}, {x0 - nx, y0 - ny}} {
		b.vs = append(b.vs, ebiten.Vertex{DstX: q[0], DstY: q[1], SrcX: 0.5, SrcY: 0.5, ColorR: c[0], ColorG: c[1], ColorB: c[2], ColorA: c[3]})
	}
	b.is = append(b.is, o, o+1, o+2, o, o+2, o+3)
}

// flush draws the queued quads on dst with op and empties the queue.
func (b *quadBatch) flush(dst *ebiten.Image, op *ebiten.DrawTrianglesOptions) {
	if len(b.is) > 0 {
		dst.DrawTriangles(b.vs, b.is, whitePixel(), op)
	}
	b.vs, b.is = b.vs[:0], b.is[:0]
}

// crowdedFocusNote is the map note of a view with too many edges to draw
// while a cluster (group) is in focus: its edges are drawn, the rest not.
func crowdedFocusNote(level, edges int, group bool) string {
	what := "cluster"
	if group {
		what = "group"
	}
	return fmt.Sprintf("level %d: %s edges in view, too many to draw: only one %s's shown (zoom in to see the rest)", level, world.Count(edges), what)
}

// edgeWidths returns the stroke widths of intra and inter edges at a zoom
// (pixels per cell). They grow with the cells, from 1 and 2 pixels when
// clusters are just large enough to show to 3 and 5 at 30 px a cell: a
// fixed hairline vanished on a projector however far one zoomed in, while
// the paths beside it grew to 6 pixels.
func edgeWidths(zoom float64) (intra, inter float32) {
	intra = float32(math.Max(1, math.Min(zoom*0.1, 3)))
	inter = float32(math.Max(2, math.Min(zoom*0.17, 5)))
	return intra, inter
}

// hoverEdge returns the abstract edge of the view level nearest to the
// mouse (within 6 pixels), if the edge layer is on and drawn.
func (r *Renderer) hoverEdge(f *Frame) (*world.ViewEdge, bool) {
	h := f.World.Hierarchy()
	if h == nil || !f.Layers.Has(LayerEdges) || !f.HoverOK || !f.MouseOK {
		return nil, false
	}
	l := clampLevel(f.ViewLevel, h.Levels())
	side := world.ClusterSide(h, l)
	if side <= 0 {
		side = 8
	}
	if float64(side)*f.Cam.Zoom < 12 {
		return nil, false
	}
	vis := f.Cam.Visible(f.World.Grid.Width(), f.World.Grid.Height(), f.Layout.Map).Inset(-1).Intersect(f.World.Grid.Bounds())
	near := image.Rect(f.Hover.X-1, f.Hover.Y-1, f.Hover.X+2, f.Hover.Y+2)
	ix := r.index(f, h, l, vis.Union(near.Intersect(f.World.Grid.Bounds())))
	// With a focus only its edges, drawn bright, are hovered: a faint
	// edge crossing them was named in their place. Past the count drawn
	// they are the only ones drawn.
	fc, focused := r.edgeFocusAt(f, h, l, ix)
	if n, e := ix.count(vis); (n > maxVisibleNodes || e > maxVisibleEdges) && !focused {
		return nil, false // too many in view, so the edges are not drawn: no tooltip for an unseen edge
	}
	mx, my := f.MouseX, f.MouseY
	var best *world.ViewEdge
	bd := 6.0
	ix.eachEdge(near, func(e *world.ViewEdge) {
		if focused && !fc.lit(e) {
			return
		}
		ax, ay := f.Cam.CellCenter(e.A)
		bx, by := f.Cam.CellCenter(e.B)
		if d := segDist(mx, my, float64(ax), float64(ay), float64(bx), float64(by)); d < bd {
			best, bd = e, d
		}
	})
	return best, best != nil
}

// regionChar returns the designer region letter of cell p in the view
// level's region layer, or 0 when there is none (no layers, no region).
func regionChar(f *Frame, p image.Point) byte {
	w := f.World
	if len(w.Regions) == 0 {
		return 0
	}
	return letterOrZero(w.RoomAt(p, clampLevel(f.ViewLevel, len(w.Regions))))
}

// letterOrZero is a world.RoomAt letter, with world.NoRoom as 0.
func letterOrZero(c byte) byte {
	if c == world.NoRoom {
		return 0
	}
	return c
}

func segDist(px, py, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((px-ax)*dx+(py-ay)*dy)/l2))
	}
	x, y := ax+t*dx-px, ay+t*dy-py
	return math.Sqrt(x*x + y*y)
}

// drawHoverEdge highlights the edge under the mouse and shows its cost
// (all three connection costs for group edges).
func (r *Renderer) drawHoverEdge(dst *ebiten.Image, f *Frame) {
	e, ok := r.hoverEdge(f)
	if !ok {
		return
	}
	ax, ay := f.Cam.CellCenter(e.A)
	bx, by := f.Cam.CellCenter(e.B)
	vector.StrokeLine(dst, ax, ay, bx, by, 3.5, PM(ColEdgeHot), r.aa)
	kind := "intra"
	if e.Inter {
		kind = "inter"
	}
	txt := fmt.Sprintf("%s edge (%d,%d)→(%d,%d) cost %.2f", kind, e.A.X, e.A.Y, e.B.X, e.B.Y, e.Cost)
	if n := f.World.Hierarchy().Levels(); n > 1 {
		// Which level's edge, named as the panel names levels: at level 2
		// the tip read as at level 1.
		txt = fmt.Sprintf("L%d %s", clampLevel(f.ViewLevel, n), txt)
	}
	if v := r.levelIx.view; len(v.Terms) > 0 {
		if t, ok := v.TermsOf(e); ok && t.Costs != [3]float64{} {
			txt = strings.Join(groupEdgeTip(v, e, reverseEdge(v, e), regionChar(f, e.A), regionChar(f, e.B), f.World.Settings.Cost), "\n")
		}
	}
	if strokeHoldsRepair(f.World) {
		txt = "before this stroke: " + txt
	}
	r.edgeTip = edgeTip{(ax + bx) / 2, (ay + by) / 2, txt} // drawn by DrawOverlays, over the agents
}

// edgeTip is the hovered edge's tooltip, drawn with the overlays.
type edgeTip struct {
	x, y float32
	text string // lines parted by "\n" (a group edge's: both directions)
}

// reverseEdge is the edge of v from e's target back to its source, nil
// when there is none.
func reverseEdge(v world.LevelView, e *world.ViewEdge) *world.ViewEdge {
	for i := range v.Edges {
		if r := &v.Edges[i]; r.From == e.To && r.To == e.From {
			return r
		}
	}
	return nil
}

// groupEdgeTip is the tooltip of a group edge e: a line for e and one for
// the edge back, rev (nil: none), each with its three connection costs,
// the one in use in brackets, and how many entry terms maximin and
// average minimum were taken over. The two directions cost differently
// (maximin and average minimum count the far room's crossing), and both
// are drawn on one line, so the one under the pointer alone hid the other.
// a and b are the rooms' letters (0: none, the ends are named by cell).
func groupEdgeTip(view world.LevelView, e, rev *world.ViewEdge, a, b byte, inUse world.Cost) []string {
	ends := func(x, y byte, from, to image.Point) string {
		if x != 0 && y != 0 {
			return fmt.Sprintf("%c→%c", x, y)
		}
		return fmt.Sprintf("(%d,%d)→(%d,%d)", from.X, from.Y, to.X, to.Y)
	}
	costs := func(ve *world.ViewEdge, to string) string {
		v, _ := view.TermsOf(ve)
		names := [3]string{"min", "maximin", "avgmin"}
		var parts [3]string
		for k := range names {
			parts[k] = fmt.Sprintf("%s %.2f", names[k], v.Costs[k])
			if world.Cost(k) == inUse {
				parts[k] = "[" + parts[k] + "]"
			}
		}
		s := strings.Join(parts[:], " · ")
		switch {
		case v.Entries == 0:
			return s + " (no entry but from " + to + ": all minimum)"
		case v.Entries == 1:
			return s + " (1 entry)"
		}
		return fmt.Sprintf("%s (%d entries)", s, v.Entries)
	}
	name := func(c byte, p image.Point) string {
		if c != 0 {
			return string(c)
		}
		return fmt.Sprintf("(%d,%d)", p.X, p.Y)
	}
	first := fmt.Sprintf("edge %s (%d,%d)→(%d,%d)  %s", ends(a, b, e.A, e.B), e.A.X, e.A.Y, e.B.X, e.B.Y, costs(e, name(b, e.B)))
	if a == 0 || b == 0 {
		first = fmt.Sprintf("edge %s  %s", ends(a, b, e.A, e.B), costs(e, name(b, e.B)))
	}
	lines := []string{first}
	if rev != nil {
		lines = append(lines, fmt.Sprintf("back %s  %s", ends(b, a, e.B, e.A), costs(rev, name(a, e.A))))
	}
	return lines
}

// searchNode is an abstract node the timeline has touched: its level, its
// latest event and its cell.
type searchNode struct {
	l int
	e int32
	p image.Point
}

// visibleSearchNodes appends to dst, in level then id order, the abstract
// nodes the timeline has touched so far that lie in vis; over is true,
// with the list cut there, when there are more than limit. Cost: one cell
// lookup per touched node, stopping at limit+1 in view.
func visibleSearchNodes(w *world.World, vis image.Rectangle, limit int, dst []searchNode) (nodes []searchNode, over bool) {
	for l := 1; l < world.MaxLevels; l++ {
		for id, e := range w.Timeline.Last(l) {
			if e < 0 {
				continue
			}
			if p, ok := w.NodeCell(l, int32(id)); ok && p.In(vis) {
				if len(dst) == limit {
					return dst, true
				}
				dst = append(dst, searchNode{l, e, p})
			}
		}
	}
	return dst, false
}

func (r *Renderer) drawAbstractSearch(dst *ebiten.Image, f *Frame) {
	w := f.World
	tl := &w.Timeline
	if tl.Len() == 0 {
		return
	}
	ev := tl.Trace().Events
	cam := f.Cam
	r.sqDst = dst
	var over bool
	r.searchNodes, over = visibleSearchNodes(w, visibleRect(f, dst, 2), 4*maxVisibleNodes, r.searchNodes[:0])
	if over {
		// Too many to draw (a 3000×3000 map's level-2 search): say so,
		// drawing none rather than a part of them as if it were all (the
		// first by id made a band along the map's top edge).
		r.mapNote(dst, f, tooManySearchNodes)
		return
	}
	// While stepping, searches of other levels than the current phase's
	// fade, so the search being watched stands out; at the end they all
	// fade, so the answer and its plans stand out (the finished frame
	// brought every search back at full strength over them).
	curLevel := -1
	end := tl.AtEnd()
	if k := tl.Phase(); k >= 0 && !end {
		curLevel = tl.Trace().Phases[k].Level
	}
	for i, n := range r.searchNodes {
		l, e := n.l, n.e
		rad := float32(math.Max(2.5, math.Min(cam.Zoom*0.55, 11))) + float32(l) // about a cell wide: no overlapping blobs on a small window
		col := ColPlan[min(l, len(ColPlan)-1)]
		faded := end || curLevel >= 0 && curLevel != l
		if faded {
			col.A = 70
		}
		pc := col
		pc.A = col.A * 3 / 5
		x, y := cam.CellCenter(n.p)
		if cam.Zoom < 4 || i >= 400 {
			// Zoomed out: a small square per node, no parent line,
			// shrinking with the cells so that a long search on a
			// fitted 512×512 map does not lattice it over (3+l px
			// from 2 px a cell up, 2 px at the least).
			s := float32(math.Max(2, math.Min(float64(3+l), 1.5*cam.Zoom+float64(l)-1)))
			c := col
			if ev[e].Kind != pathing.EventPop {
				c.A = 140
				if faded {
					c.A = 50
				}
			}
			r.addSquare(x-s/2, y-s/2, s, PM(c))
			continue
		}
		if par := ev[e].Parent; par >= 0 && !end {
			if q, ok := w.NodeCell(l, par); ok && w.Grid.In(q) {
				qx, qy := cam.CellCenter(q)
				vector.StrokeLine(dst, x, y, qx, qy, 1.5, PM(pc), r.aa)
			}
		}
		if ev[e].Kind == pathing.EventPop {
			vector.DrawFilledCircle(dst, x, y, rad, PM(col), r.aa)
			edge := color.RGBA{0, 0, 0, 255}
			if faded {
				edge.A = col.A // a full black ring kept faded discs loud
			}
			vector.StrokeCircle(dst, x, y, rad, 1, PM(edge), r.aa)
		} else {
			vector.StrokeCircle(dst, x, y, rad, 2.5, PM(col), r.aa)
		}
	}
	r.flushSquares(dst) // after the discs, as each square came after them
}

// addSquare queues an axis-aligned square (top-left x, y, side s, colour c
// premultiplied) for flushSquares, which draws the queue in one call: the
// abstract search's nodes on a fitted 2048×2048 map were up to 24,000
// vector.DrawFilledRect calls a frame (25 ms with the group hierarchy).
func (r *Renderer) addSquare(x, y, s float32, c color.Color) { r.addRect(x, y, s, s, c) }

// addRect is addSquare for a rectangle w wide and h high.
func (r *Renderer) addRect(x, y, w, h float32, c color.Color) {
	if len(r.sqVs)+4 > math.MaxUint16 {
		r.flushSquares(r.sqDst)
	}
	cr, cg, cb, ca := c.RGBA()
	v := ebiten.Vertex{SrcX: 1, SrcY: 1, ColorR: float32(cr) / 0xffff, ColorG: float32(cg) / 0xffff,
		ColorB: float32(cb) / 0xffff, ColorA: float32(ca) / 0xffff}
	o := uint16(len(r.sqVs))
	for _, d := range [4][2]float32{{0, 0}, {w, 0}, {w, h}, {0, h}} {
		v.DstX, v.DstY = x+d[0], y+d[1]
		r.sqVs = append(r.sqVs, v)
	}
	r.sqIs = append(r.sqIs, o, o+1, o+2, o, o+2, o+3)
}

// flushSquares draws the squares addSquare queued onto dst and empties the
// queue.
func (r *Renderer) flushSquares(dst *ebiten.Image) {
	if len(r.sqIs) > 0 && dst != nil {
		dst.DrawTriangles(r.sqVs, r.sqIs, whitePixel(), &ebiten.DrawTrianglesOptions{ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha})
	}
	r.sqVs, r.sqIs = r.sqVs[:0], r.sqIs[:0]
}

// drawCurrent marks the node of the event at the cursor and, for a cell
// search, the best known path to it; and, in yellow, the node the search
// pops next.
func (r *Renderer) drawCurrent(dst *ebiten.Image, f *Frame) {
	w := f.World
	tl := &w.Timeline
	if !tl.AtEnd() {
		// The open node the search pops next (the open list's first), or
		// the listed ones it cannot order against it: it pops one of them.
		if ol, ok := r.openList(w); ok && len(ol.Top) > 0 && !ol.Finished {
			for _, e := range ol.Top[:min(max(ol.Tied, 1), len(ol.Top))] {
				if w.Grid.In(e.Cell) {
					r.cellOutline(dst, f.Cam, e.Cell, ColNextPop)
				}
			}
		}
	}
	cur, ok := tl.Current()
	if !ok || tl.AtEnd() {
		return
	}
	if _, ok := w.NodeCell(int(cur.Level), cur.Node); !ok {
		return
	}
	if !cur.Kind.Search() {
		r.drawLineCheck(dst, f, cur)
		return
	}
	m, ok := expandedMark(w)
	if cur.Level == 0 {
		// The best path to the event's cell: at a push or a relax it
		// runs through the cell expanded to the neighbour it reaches.
		r.drawParentChain(dst, f, cur.Node)
	} else if ok && m.Reached {
		// An abstract node has no path drawn: a line from the node
		// expanded to the one it reaches says the same.
		ax, ay := f.Cam.CellCenter(m.Cell)
		bx, by := f.Cam.CellCenter(m.To)
		vector.StrokeLine(dst, ax, ay, bx, by, lineWidth(f.Cam.Zoom)*0.7, PM(ColFrontier), r.aa)
	}
	if !ok {
		return // a search's root pushed, nothing expanded yet
	}
	r.cellOutline(dst, f.Cam, m.Cell, ColCurrent)
	x, y := f.Cam.CellCenter(m.Cell)
	rad := float32(math.Max(7, math.Min(f.Cam.Zoom*0.9, 18)))
	vector.StrokeCircle(dst, x, y, rad, 2.5, PM(ColCurrent), r.aa)
}

// currentMark is what drawCurrent rings in magenta during a search: the
// node expanded now and, at a push or a relax, the neighbour it reaches.
type currentMark struct {
	Level   int
	Cell    image.Point // the node expanded now (the last pop of its search)
	Reached bool        // the event at the cursor is a push or a relax, of To
	To      image.Point
}

// expandedMark returns the mark at the timeline's cursor: the node being
// expanded, which stays ringed through the pushes and relaxes of its
// neighbours (a user saw the ring jump to each cell pushed, while the
// legend says "the cell expanded now"). ok is false outside a search's
// events and before a search's first pop.
func expandedMark(w *world.World) (m currentMark, ok bool) {
	tl := &w.Timeline
	i, ok := tl.Expanded()
	if !ok {
		return m, false
	}
	e := tl.Trace().Events[i]
	m.Level = int(e.Level)
	if m.Cell, ok = w.NodeCell(m.Level, e.Node); !ok {
		return m, false
	}
	if cur, _ := tl.Current(); cur.Kind != pathing.EventPop {
		m.To, m.Reached = w.NodeCell(int(cur.Level), cur.Node)
	}
	return m, true
}

// drawLineCheck draws smoothing's event at the cursor, the anchor ringed:
// a line tried, pale green when legal and no dearer than the path's stretch
// (a candidate), red when blocked or dearer; the shortcut taken, bright
// green and wider.
func (r *Renderer) drawLineCheck(dst *ebiten.Image, f *Frame, e pathing.Event) {
	g := f.World.Grid
	if int(e.Node) >= g.Len() || e.Parent < 0 || int(e.Parent) >= g.Len() {
		return
	}
	a, b := g.Point(int(e.Node)), g.Point(int(e.Parent))
	ax, ay := f.Cam.CellCenter(a)
	bx, by := f.Cam.CellCenter(b)
	c := color.RGBA{150, 220, 160, 255}
	wd := float32(math.Max(2, math.Min(f.Cam.Zoom*0.25, 5)))
	switch {
	case e.Kind == pathing.EventShortcut:
		c = color.RGBA{30, 210, 80, 255}
		wd *= 1.6
	case !(e.G <= e.H+1e-9):
		c = color.RGBA{230, 50, 50, 255}
	}
	vector.StrokeLine(dst, ax, ay, bx, by, wd+2, color.Black, r.aa)
	vector.StrokeLine(dst, ax, ay, bx, by, wd, PM(c), r.aa)
	rad := float32(math.Max(7, math.Min(f.Cam.Zoom*0.9, 18)))
	vector.StrokeCircle(dst, ax, ay, rad, 2.5, PM(ColCurrent), r.aa)
	r.cellOutline(dst, f.Cam, b, c)
}

// drawParentChain draws the best known path from the start to node at the
// cursor, following parents through the timeline.
func (r *Renderer) drawParentChain(dst *ebiten.Image, f *Frame, node int32) {
	g := f.World.Grid
	tl := &f.World.Timeline
	chain := r.chain[:0]
	for steps := 0; node >= 0 && steps < g.Len(); steps++ {
		chain = append(chain, g.Point(int(node)))
		st := tl.State(0, node)
		if !st.Seen || st.Parent < 0 || int(st.Parent) >= g.Len() {
			break
		}
		node = st.Parent
	}
	r.chain, r.chainDrawn = chain, true
	r.drawPolyline(dst, f.Cam, chain, lineWidth(f.Cam.Zoom)*0.7, PM(ColFrontier))
}

// drawParents draws an arrow from every seen visible cell toward its parent
// at the cursor, when cells are at least 8 pixels wide.
func (r *Renderer) drawParents(dst *ebiten.Image, f *Frame) {
	w := f.World
	tl := &w.Timeline
	if tl.Len() == 0 || f.Cam.Zoom < parentsMinZoom {
		return
	}
	g := w.Grid
	vis := visibleRect(f, dst, 0)
	c := PM(ColParent)
	n := 0
	for y := vis.Min.Y; y < vis.Max.Y; y++ {
		for x := vis.Min.X; x < vis.Max.X; x++ {
			i := int32(g.Index(image.Pt(x, y)))
			st := tl.State(0, i)
			if !st.Seen || st.Parent < 0 || int(st.Parent) >= g.Len() {
				continue
			}
			if n++; n > maxArrows {
				return
			}
			ax, ay := f.Cam.CellCenter(image.Pt(x, y))
			bx, by := f.Cam.CellCenter(g.Point(int(st.Parent)))
			// From 20% to 80% of the way to the parent, with a head.
			sx, sy := ax+(bx-ax)*0.15, ay+(by-ay)*0.15
			ex, ey := ax+(bx-ax)*0.75, ay+(by-ay)*0.75
			vector.StrokeLine(dst, sx, sy, ex, ey, 1.2, c, r.aa)
			dx, dy := ex-sx, ey-sy
			l := float32(math.Hypot(float64(dx), float64(dy)))
			if l > 0 {
				hx, hy := dx/l*float32(f.Cam.Zoom)*0.18, dy/l*float32(f.Cam.Zoom)*0.18
				vector.StrokeLine(dst, ex, ey, ex-hx-hy*0.6, ey-hy+hx*0.6, 1.2, c, r.aa)
				vector.StrokeLine(dst, ex, ey, ex-hx+hy*0.6, ey-hy-hx*0.6, 1.2, c, r.aa)
			}
		}
	}
}

// drawValues writes g, h and f in every seen visible cell when cells are
// at least 34 pixels wide: a cell search's, else those of an abstract
// node's search on the cell (valueState).
// valuesMinZoom is the zoom (pixels per cell) from which g, h and f fit
// in a cell; below it the values layer draws nothing and the legend says
// to zoom in.
const valuesMinZoom = 34

func (r *Renderer) drawValues(dst *ebiten.Image, f *Frame) {
	w := f.World
	tl := &w.Timeline
	if tl.Len() == 0 || f.Cam.Zoom < valuesMinZoom {
		return
	}
	vis := visibleRect(f, dst, 0)
	if vis.Dx()*vis.Dy() > maxNumbers*4 {
		return
	}
	r.markChain(vis)
	r.valueCards = r.valueCards[:0]
	r.valueBoxes = r.valueBoxes[:0]
	r.markRects = r.markerRects(f, r.markRects[:0])
	r.planCells = r.planCells[:0]
	if f.Layers.Has(LayerPlans) {
		for _, plan := range w.Outcome.Plans {
			for _, q := range plan {
				if q.In(vis) {
					r.planCells = append(r.planCells, q)
				}
			}
		}
	}
	n := 0
	for y := vis.Min.Y; y < vis.Max.Y; y++ {
		for x := vis.Min.X; x < vis.Max.X; x++ {
			if !r.drawCellValues(dst, f, image.Pt(x, y), r.coverRects) {
				continue
			}
			if n++; n > maxNumbers {
				return
			}
		}
	}
}

// drawCellValues writes cell p's g, h and f, when a search has reached it
// (valueState), and reports whether it did. The numbers go on a pale card
// where something crosses them: lines drawn through the cell (the parent
// arrows, the best path to the node at the cursor), an abstract node's
// search disc, or one of over (the region letters' chips), so they read
// over any of those. Where a marker drawn after them (the start, the
// goal, an agent: r.markRects) would cross them they are left out: a card
// over the start and goal, and over the agents, hid half of each (the
// teacher's and level designer's report), and the marker drawn over them
// cut "h 2.4" to "h 2." (the inspector still gives the cell's numbers).
func (r *Renderer) drawCellValues(dst *ebiten.Image, f *Frame, p image.Point, over []image.Rectangle) bool {
	st, c, ok := r.valueState(f, p)
	if !ok {
		return false
	}
	ft := r.fonts
	z := f.Cam.Zoom
	face, step := r.valueFace(z)
	sx, sy := f.Cam.ToScreen(float64(p.X), float64(p.Y))
	lines, nl := valueLines(st, z)
	wd := 0.0
	for _, line := range lines[:nl] {
		wd = max(wd, ft.Width(face, line))
	}
	text := valueTextRect(sx, sy, wd, nl, step)
	abstract := c != cellValueColor
	arrows := f.Layers.Has(LayerParents) && z >= parentsMinZoom
	_, onChain := r.chainSet[p]
	if slices.ContainsFunc(r.markRects, text.Overlaps) {
		return false
	}
	covered := slices.ContainsFunc(over, text.Overlaps) || !abstract && r.markedCell(f, p, text)
	switch {
	case covered:
		// Over a chip, a disc or a plan's node: a card around the
		// numbers, more opaque than the others.
		card := text
		fillRect(dst, card, color.RGBA{255, 255, 255, valueCoverAlpha})
		r.valueCards = append(r.valueCards, card)
	case abstract || arrows || onChain:
		// An abstract node's numbers sit on its search disc, a cell's
		// under arrows or the best path: a pale card under them keeps them
		// legible.
		card, a := text, uint8(185)
		if !abstract {
			// Inside the cell's outlines (the node at the cursor, the
			// next pop), lighter: the arrows stay in view.
			card, a = card.Intersect(image.Rect(int(sx)+2, int(sy)+2, int(sx+z)-2, int(sy+z)-2)), valueCardAlpha
		}
		fillRect(dst, card, color.RGBA{255, 255, 255, a})
		r.valueCards = append(r.valueCards, card)
	}
	for k, line := range lines[:nl] {
		ft.Draw(dst, face, line, sx+2, sy+1+float64(k)*step, c)
	}
	r.valueBoxes = append(r.valueBoxes, text)
	return true
}

// markedCell reports whether an abstract search's disc or ring, or a
// plan's node, is drawn on cell p under its numbers (in screen box text):
// a cell search's numbers on a transition cell ran over HPA*'s node
// rings, and textbook-groups' over the group planner's discs.
func (r *Renderer) markedCell(f *Frame, p image.Point, text image.Rectangle) bool {
	cx, cy := f.Cam.CellCenter(p)
	const o = 13 // the widest such disc's radius, with its rim
	if !image.Rect(int(cx)-o, int(cy)-o, int(cx)+o+1, int(cy)+o+1).Overlaps(text.Inset(2)) {
		return false
	}
	if slices.Contains(r.planCells, p) {
		return true
	}
	if f.Layers.Has(LayerSearch) {
		r.levelBuf = f.World.AbstractSearches(p, r.levelBuf[:0])
		return len(r.levelBuf) > 0
	}
	return false
}

// valueTextRect is the screen box of a cell's nl lines of numbers, wd
// pixels wide at most, for the cell whose top-left corner is at (sx, sy):
// what a card under them covers.
func valueTextRect(sx, sy, wd float64, nl int, step float64) image.Rectangle {
	return image.Rect(int(sx)+1, int(sy)+1, int(math.Ceil(sx+wd+4)), int(math.Ceil(sy+float64(nl)*step+3)))
}

// valueCoverAlpha is the opacity of the card under numbers drawn over a
// region letter's chip or a plan's node: dark ink must read over them.
const valueCoverAlpha = 160

// cellValueColor is the colour of a cell search's g / h / f numbers.
var cellValueColor = color.RGBA{20, 20, 30, 255}

// valueCardAlpha is the opacity of the pale card under a cell's numbers
// where lines cross the cell: enough to read the numbers over the dark
// arrows, little enough to see the arrows and the open / closed tint.
const valueCardAlpha = 150

// markChain puts the cells of the best path drawn this frame
// (drawParentChain) that lie in vis into chainSet (emptied first; left
// empty when no path was drawn).
func (r *Renderer) markChain(vis image.Rectangle) {
	if r.chainSet == nil {
		r.chainSet = map[image.Point]struct{}{}
	}
	clear(r.chainSet)
	if !r.chainDrawn {
		return
	}
	for _, p := range r.chain {
		if p.In(vis) {
			r.chainSet[p] = struct{}{}
		}
	}
}

// valueState returns the search state whose g / h / f numbers cell p
// shows, and their colour: the cell search's, in near-black; else, on the
// cell of an abstract node a search has touched, that node's, in its
// level's plan colour darkened (the level of the phase at the cursor when
// it touched the node there, else the highest). ok is false when no search
// has touched the cell.
func (r *Renderer) valueState(f *Frame, p image.Point) (st world.NodeState, c color.RGBA, ok bool) {
	w := f.World
	st = w.Timeline.State(0, int32(w.Grid.Index(p)))
	if st.Seen {
		return st, cellValueColor, true
	}
	r.levelBuf = w.AbstractSearches(p, r.levelBuf[:0])
	if len(r.levelBuf) == 0 {
		return st, c, false
	}
	pick := r.levelBuf[len(r.levelBuf)-1]
	if k := w.Timeline.Phase(); k >= 0 && !w.Timeline.AtEnd() {
		for _, ls := range r.levelBuf {
			if ls.Level == w.Timeline.Trace().Phases[k].Level {
				pick = ls
			}
		}
	}
	c = ColPlan[min(pick.Level, len(ColPlan)-1)]
	c = color.RGBA{uint8(int(c.R) * 55 / 100), uint8(int(c.G) * 55 / 100), uint8(int(c.B) * 55 / 100), 255}
	return world.NodeState{Seen: true, Closed: pick.Closed, G: pick.G, H: pick.H, Parent: -1, Event: pick.Event}, c, true
}

// valuesFZoom is the zoom (pixels per cell) from which a cell has room
// for the third line, f, under g and h: below it the legend's row says so.
const valuesFZoom = 40

// valueLines returns the g / h / f lines drawValues writes in a seen cell
// at zoom z, the first n of lines (f only from valuesFZoom px a cell).
func valueLines(st world.NodeState, z float64) (lines [3]string, n int) {
	lines[0], lines[1] = fmt.Sprintf("g %.1f", st.G), fmt.Sprintf("h %.1f", st.H)
	if z < valuesFZoom {
		return lines, 2
	}
	lines[2] = fmt.Sprintf("f %.1f", st.G+st.H)
	return lines, 3
}

// valuesWidth is how far from a cell's left edge its g / h / f numbers
// reach at zoom z (0 when it shows none): drawRegionLabels keeps the
// region letter clear of them.
func (r *Renderer) valuesWidth(f *Frame, cell image.Point, z float64) float64 {
	wd, _ := r.valuesLayout(f, cell, z)
	return wd
}

// valuesLayout is valuesWidth and the number of lines the numbers take
// (0, 0 when the cell shows none): one state and one set of lines for
// both, which valuesBox worked out twice for every cell the region
// letters' placement tried, every frame (a review).
func (r *Renderer) valuesLayout(f *Frame, cell image.Point, z float64) (wd float64, nl int) {
	tl := &f.World.Timeline
	if !f.Layers.Has(LayerValues) || z < valuesMinZoom || tl.Len() == 0 || !f.World.Grid.In(cell) {
		return 0, 0
	}
	st, _, ok := r.valueState(f, cell)
	if !ok {
		return 0, 0
	}
	face, _ := r.valueFace(z)
	w := 0.0
	lines, nl := valueLines(st, z)
	for _, line := range lines[:nl] {
		w = max(w, r.fonts.Width(face, line))
	}
	return 2 + w + 4, nl
}

// valuesBox returns the screen box of the g / h / f numbers cell p shows
// this frame (valueTextRect, as drawCellValues draws them), and false when
// it shows none.
func (r *Renderer) valuesBox(f *Frame, p image.Point) (image.Rectangle, bool) {
	z := f.Cam.Zoom
	wd, nl := r.valuesLayout(f, p, z)
	if wd == 0 {
		return image.Rectangle{}, false
	}
	_, step := r.valueFace(z)
	sx, sy := f.Cam.ToScreen(float64(p.X), float64(p.Y))
	return valueTextRect(sx, sy, wd-6, nl, step), true
}

// valueFont returns the font size of the g / h / f numbers in cells of
// zoom pixels, and the distance between their lines: the numbers grow
// with the cells (10 px at the 34 px a cell where they appear, up to 24),
// three lines always fitting in the cell. They were 10 px at any zoom, so
// on a projector a class could not read them even in a 136 px cell
// (textbook-groups fitted to the window).
func valueFont(zoom float64) (size, step float64) {
	size = math.Round(math.Max(10, math.Min(zoom/3.8, 24)))
	step = math.Max(zoom*0.3, size*1.2)
	return size, step
}

// valueFace returns the face of the g / h / f numbers at zoom (valueFont's
// size, the small face when that is its size) and their line step.
func (r *Renderer) valueFace(zoom float64) (*text.GoTextFace, float64) {
	ft := r.fonts
	size, step := valueFont(zoom)
	if size == ft.Small.Size {
		return ft.Small, step
	}
	if r.valFace == nil || r.valFace.Size != size {
		r.valFace = &text.GoTextFace{Source: ft.Small.Source, Size: size}
	}
	return r.valFace, step
}

// drawPlans draws the plan of every level: a polyline through the plan's
// nodes, higher levels wider and paler, nodes as discs. While the timeline
// is stepped back before a plan was found (the last event of the searches
// at its level), the plan is not drawn: a class shown a faint preview of
// the answer before the search found it took it as something the search
// knew.
func (r *Renderer) drawPlans(dst *ebiten.Image, f *Frame) {
	plans := f.World.Outcome.Plans
	tl := &f.World.Timeline
	found := r.plansFound(tl, len(plans))
	for l := len(plans) - 1; l >= 1; l-- {
		p := plans[l]
		if len(p) == 0 || tl.Len() > 0 && tl.Cursor() < found[l] {
			continue
		}
		c := ColPlan[min(l, len(ColPlan)-1)]
		c.A = 200
		width := float32(2 + 1.5*float64(l))
		r.strokeCells(dst, f.Cam, p, width, PM(c), 10)
		rad := float32(3 + l)
		fb := dst.Bounds().Inset(-10)
		r.planDiscs = r.planDiscs[:0]
		for _, q := range p {
			x, y := f.Cam.CellCenter(q)
			if !image.Pt(int(x), int(y)).In(fb) {
				continue
			}
			if k := len(r.planDiscs); k > 0 && abs32(r.planDiscs[k-1][0]-x) < 1 && abs32(r.planDiscs[k-1][1]-y) < 1 {
				continue // the same disc to a pixel (zoomed far out, several nodes a pixel)
			}
			r.planDiscs = append(r.planDiscs, [2]float32{x, y})
		}
		r.fillDiscs(dst, r.planDiscs, rad+1.5, color.White)
		r.fillDiscs(dst, r.planDiscs, rad, PM(c))
	}
}

// unitCircle is a 24-gon on the unit circle, finer than a pixel at the
// radii of the plans' discs.
var unitCircle = func() (u [24][2]float32) {
	for k := range u {
		a := 2 * math.Pi * float64(k) / float64(len(u))
		u[k] = [2]float32{float32(math.Cos(a)), float32(math.Sin(a))}
	}
	return u
}()

// fillDiscs fills a disc of radius rad (pixels) at each centre, as
// triangle fans in one draw call per few thousand discs: a plan's nodes
// drawn a disc at a time (two vector.DrawFilledCircle calls a node, each
// building a path of Bézier arcs) were half of every frame on a fitted
// 2048×2048 map with HPA* (600 level-1 nodes, 11 ms). c is premultiplied,
// as vector.DrawFilledCircle takes it.
func (r *Renderer) fillDiscs(dst *ebiten.Image, centres [][2]float32, rad float32, c color.Color) {
	const sides = len(unitCircle)
	cr, cg, cb, ca := c.RGBA()
	vx := ebiten.Vertex{SrcX: 1, SrcY: 1, ColorR: float32(cr) / 0xffff, ColorG: float32(cg) / 0xffff,
		ColorB: float32(cb) / 0xffff, ColorA: float32(ca) / 0xffff}
	vs, is := r.discVs[:0], r.discIs[:0]
	flush := func() {
		if len(is) > 0 {
			dst.DrawTriangles(vs, is, whitePixel(), &ebiten.DrawTrianglesOptions{AntiAlias: r.aa, ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha})
		}
		r.discVs, r.discIs = vs, is
		vs, is = vs[:0], is[:0]
	}
	for _, q := range centres {
		if len(vs)+sides+1 > math.MaxUint16 {
			flush()
		}
		o := uint16(len(vs))
		v := vx
		v.DstX, v.DstY = q[0], q[1]
		vs = append(vs, v)
		for k, u := range unitCircle {
			v.DstX, v.DstY = q[0]+rad*u[0], q[1]+rad*u[1]
			vs = append(vs, v)
			is = append(is, o, o+1+uint16(k), o+1+uint16((k+1)%sides))
		}
	}
	flush()
}

// plansFound returns, for each level 0..n-1, the timeline position from
// which that level's plan is found (cached per timeline generation).
func (r *Renderer) plansFound(tl *world.Timeline, n int) []int {
	if r.planGen == tl.Generation() && r.planTrace == tl.Trace() && len(r.planFound) == n {
		return r.planFound
	}
	r.planGen, r.planTrace = tl.Generation(), tl.Trace()
	r.planFound = planFoundAt(tl.Trace(), n, r.planFound[:0])
	return r.planFound
}

// planFoundAt appends to dst, for each level 0..n-1, the number of events
// of tr after which the plan of that level is known: one past the last
// event recorded at that level (the top plan's abstract search, or the
// refinements that produced a lower plan), and never before the plan of
// the level above it, which it refines: a level whose refinement followed
// stored paths records no events of its own after its insertion search,
// and its plan was drawn while the top search was still running (a
// tester's report). 0 when no search ran at that level or above (a cached
// or trivial plan is known from the start).
func planFoundAt(tr *pathing.Trace, n int, dst []int) []int {
	for range n {
		dst = append(dst, 0)
	}
	if tr == nil {
		return dst
	}
	for i := range tr.Events {
		if l := int(tr.Events[i].Level); l < n {
			dst[l] = i + 1
		}
	}
	for l := n - 2; l >= 1; l-- {
		dst[l] = max(dst[l], dst[l+1])
	}
	return dst
}

// drawPath draws the answer: with the segment layer, each refined segment
// in alternating colours; else the whole path in one colour. During
// playback only what the searches have found by the cursor is drawn: a
// flat search's path at the end, a hierarchical route's segments as their
// refinements finish (segmentsFound), the one found last widest.
func (r *Renderer) drawPath(dst *ebiten.Image, f *Frame, segments bool) {
	w := f.World
	o := &w.Outcome
	if len(o.Path) < 2 {
		return
	}
	tl := &w.Timeline
	lw := lineWidth(f.Cam.Zoom)
	playing := tl.Len() > 0 && !tl.AtEnd()
	if !segments || len(o.Segments) <= 1 {
		if !playing {
			r.drawPolyline(dst, f.Cam, o.Path, lw, PM(ColPath))
		}
		return
	}
	segs := o.Segments
	last := -1
	if playing {
		if len(o.Refined) > 0 && !smoothingDone(tl) {
			// Each step's cells as refinement found them, until smoothing
			// has finished: the smoothed first segment may already run to
			// the goal, and smoothing is still testing its lines.
			segs = o.Refined
		}
		r.segFound = segmentsFound(tl.Trace(), tl.Cursor(), len(segs), r.segFound[:0])
		for k, ok := range r.segFound {
			if ok {
				last = k
			}
		}
	}
	shown := 0 // alternate colours over the segments smoothing left with a length
	for k, seg := range segs {
		if len(seg) < 2 {
			continue
		}
		c := ColSegA
		if shown%2 == 1 {
			c = ColSegB
		}
		shown++
		if playing && !r.segFound[k] {
			continue
		}
		width := lw
		if k == last {
			width *= 1.5
		}
		r.drawPolyline(dst, f.Cam, seg, width, PM(c))
		// Segment ends as small white ticks.
		if !playing {
			x, y := f.Cam.CellCenter(seg[len(seg)-1])
			vector.DrawFilledCircle(dst, x, y, lw*0.9, color.White, r.aa)
		}
	}
}

// segmentsFound appends to dst, for each of n segments of a traced route,
// whether the searches had produced it after the first cursor events.
// Segment k is found when the last phase named "… step k" (HPA*'s
// refinements), or the k-th "cells" phase (the group planner's), has
// ended; a segment no search produced (HPA*'s insertion paths and border
// crossings) is known from the plan once refinement begins. A trace
// without refinement phases finds everything at its end.
func segmentsFound(tr *pathing.Trace, cursor, n int, dst []bool) []bool {
	start := len(dst)
	for range n {
		dst = append(dst, tr == nil)
	}
	if tr == nil {
		return dst
	}
	found := dst[start:]
	// Each phase that makes segment k overwrites its verdict, so the last
	// one decides; segments no phase makes wait for refinement to begin.
	named := false
	cells := 0
	smooth := -1 // the smooth phase's first event
	for i, ph := range tr.Phases {
		if ph.Name == "smooth" && smooth < 0 {
			smooth = ph.Start
		}
		k, ok := -1, false
		if j := strings.LastIndex(ph.Name, "step "); j >= 0 {
			if v, err := strconv.Atoi(strings.TrimSpace(ph.Name[j+5:])); err == nil {
				k, ok = v, true
			}
		} else if ph.Name == "cells" {
			k, ok = cells, true
			cells++
		}
		if !ok {
			continue
		}
		if !named {
			named = true
			for m := range found {
				found[m] = cursor >= ph.Start
			}
		}
		end := tr.PhaseEnd(i)
		if k < n {
			found[k] = cursor >= end
		}
	}
	if !named {
		// No refinement phase: HPA* refined every step from its path
		// cache, with no search to show. The cells are known once
		// smoothing begins (it tests lines over them), else at the end:
		// with the cache, stepping through smoothing drew no path at all
		// (a user's report).
		at := len(tr.Events)
		if smooth >= 0 {
			at = smooth
		}
		for m := range found {
			found[m] = cursor >= at
		}
	}
	return dst
}

// smoothingDone reports whether the timeline's cursor is past the end of
// the trace's smooth phase (true when there is none: the answer is as
// refinement left it).
func smoothingDone(tl *world.Timeline) bool {
	tr := tl.Trace()
	if tr == nil {
		return true
	}
	for i, ph := range tr.Phases {
		if ph.Name == "smooth" {
			return tl.Cursor() >= tr.PhaseEnd(i)
		}
	}
	return true
}

// drawCompare draws the optimal path as a cyan ghost.
func (r *Renderer) drawCompare(dst *ebiten.Image, f *Frame) {
	o := &f.World.Optimal
	if !o.Known || len(o.Path) < 2 {
		return
	}
	r.drawPolyline(dst, f.Cam, o.Path, lineWidth(f.Cam.Zoom)*1.8, PM(ColOptimal))
}

// drawGhost draws the answer kept from before the last switch: its path
// grey, its top plan dashed grey and, after an algorithm or heuristic
// switch, the outline of the cells its searches expanded (the edge cells
// of that fill, baked once per ghost), so a teacher switching Dijkstra to
// A* sees the fill shrink inside the old one.
func (r *Renderer) drawGhost(dst *ebiten.Image, f *Frame) {
	gh := f.World.Ghost
	r.ghostDots = r.ghostDots[:0]
	if gh == nil || gh.Fill == nil {
		r.ghostFill.release()
	}
	if gh == nil {
		return
	}
	// The frontier is of cells: over an abstract search (HPA*'s abstract
	// L2, the group hierarchy's plan phases) it cluttered the nodes and
	// edges being stepped through (a teacher's report), so it is not drawn
	// there, and its bake is kept: released, it was baked again (4 bytes
	// a cell) at every step back into a cell phase (a review).
	if gh.Fill != nil && !abstractPhaseShown(&f.World.Timeline) {
		g := f.World.Grid
		if f.Cam.Zoom >= ghostDotsZoom {
			// Cells wide enough for a dot smaller than a cell: the
			// frontier is dots on the cell edges where the search
			// stopped, never a filled cell (whole cells in two tones read
			// as a dashed wall, and hid the g / h / f numbers, written
			// near-black, under their black halves).
			r.ghostFill.release()
			r.drawGhostDots(dst, f, gh)
		} else {
			l := &r.ghostFill
			l.bake(g.Width(), g.Height(), gh, func(put func(x, y int, p [4]byte)) { ghostOutline(gh, g, put) })
			l.draw(dst, f.Cam)
		}
	}
	r.drawPolyline(dst, f.Cam, gh.Path, lineWidth(f.Cam.Zoom)*1.2, PM(color.RGBA{90, 90, 90, 150}))
	r.strokeCells(dst, f.Cam, gh.Plan, 3, PM(ColGhost), 6)
}

// abstractPhaseShown reports whether the timeline's cursor is inside a
// phase whose search runs on an abstract level (its Level over 0): not at
// the end, where the answer on the cells is shown.
func abstractPhaseShown(tl *world.Timeline) bool {
	tr := tl.Trace()
	if tr == nil || tl.AtEnd() {
		return false
	}
	k := tl.Phase()
	return k >= 0 && k < len(tr.Phases) && tr.Phases[k].Level > 0
}

// ghostDotsZoom is the zoom (pixels a cell) from which a ghost's frontier
// is drawn as dots on the cell edges (drawGhostDots); below it a dot would
// be as wide as a cell, and the cells themselves are marked (ghostOutline).
const ghostDotsZoom = 4

// ghostDotSide is the side in pixels of a frontier dot's dark core at
// zoom (its light rim, ghostDotRim, adds to each side): 1.5 to 3, far
// smaller than a cell, so a dot never reads as terrain and the numbers
// keep their cell.
func ghostDotSide(zoom float64) float32 {
	return float32(math.Max(1.5, math.Min(zoom*0.06, 3)))
}

// ghostDotRim is the width of a frontier dot's light rim at zoom: a
// pixel, half of one on cells under 10 px, where a full one would join
// the dots of an edge into a line.
func ghostDotRim(zoom float64) float32 {
	if zoom < 10 {
		return 0.5
	}
	return 1
}

// drawGhostDots draws the frontier of gh's fill in view (ghostDots) as
// small dark squares on a light rim, a few to an edge, each cell's inside
// left as it is.
func (r *Renderer) drawGhostDots(dst *ebiten.Image, f *Frame, gh *world.Ghost) {
	s, rim := ghostDotSide(f.Cam.Zoom), ghostDotRim(f.Cam.Zoom)
	r.ghostDots = ghostDots(f.Cam, f.World.Grid, gh, visibleRect(f, dst, 1), r.ghostDots[:0])
	r.sqDst = dst
	// The rims first, so a rim never covers a neighbour's core.
	for _, p := range r.ghostDots {
		r.addSquare(p[0]-s/2-rim, p[1]-s/2-rim, s+2*rim, PM(ColGhostDotLight))
	}
	for _, p := range r.ghostDots {
		r.addSquare(p[0]-s/2, p[1]-s/2, s, PM(ColGhostDot))
	}
	r.flushSquares(dst)
}

// ghostDots appends to buf the screen centres of the dots that mark the
// frontier of gh's fill in the cells vis: on each edge between a filled
// cell and an open cell outside the fill (the edge the earlier search
// stopped at; walls and the map's edge are no frontier, as in
// ghostOutline), evenly spaced, with at least a dot's width (rim
// included) between two.
func ghostDots(cam *Camera, g *pathing.Grid, gh *world.Ghost, vis image.Rectangle, buf [][2]float32) [][2]float32 {
	w, h := g.Width(), g.Height()
	cells := g.Cells()
	out := func(j int) bool { return cells[j] != pathing.Blocked && !gh.Filled(j) }
	z := cam.Zoom
	n := max(1, int(z/float64(2*(ghostDotSide(z)+2*ghostDotRim(z))))) // dots per edge
	edge := func(x0, y0, dx, dy float64) {
		for k := 0; k < n; k++ {
			t := (float64(k) + 0.5) / float64(n)
			sx, sy := cam.ToScreen(x0+dx*t, y0+dy*t)
			buf = append(buf, [2]float32{float32(sx), float32(sy)})
		}
	}
	for y := vis.Min.Y; y < vis.Max.Y; y++ {
		for x := vis.Min.X; x < vis.Max.X; x++ {
			i := y*w + x
			if !gh.Filled(i) {
				continue
			}
			fx, fy := float64(x), float64(y)
			if x > 0 && out(i-1) {
				edge(fx, fy, 0, 1)
			}
			if x < w-1 && out(i+1) {
				edge(fx+1, fy, 0, 1)
			}
			if y > 0 && out(i-w) {
				edge(fx, fy, 1, 0)
			}
			if y < h-1 && out(i+w) {
				edge(fx, fy+1, 1, 0)
			}
		}
	}
	return buf
}

// ghostOutline puts the frontier of gh's fill, on grid g: its cells with
// an open neighbour outside it, where the earlier search stopped. A wall
// or the map's edge is no frontier (every cell along a wall was outlined,
// and after Dijkstra's fill the walls read as thick blue bands). The cells
// alternate ColGhostDot and ColGhostDotLight (premultiplied), a dotted
// line unlike any fill, wall or path colour. It reads the fill's cells
// alone, 64 a word, never the whole map: on a 7100×7100 map the ghost of
// an A* query of 7,000 cells had every one of its 50 million cells read,
// a second of the window's time at the switch that made it.
func ghostOutline(gh *world.Ghost, g *pathing.Grid, put func(x, y int, p [4]byte)) {
	w, h := g.Width(), g.Height()
	n := w * h
	var dark, light [4]byte
	premul(dark[:], ColGhostDot)
	premul(light[:], ColGhostDotLight)
	cells := g.Cells()
	out := func(j int) bool { return cells[j] != pathing.Blocked && !gh.Filled(j) }
	for wi, word := range gh.Fill {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			word &= word - 1
			i := wi<<6 + b
			if i >= n {
				return
			}
			x, y := i%w, i/w
			if x > 0 && out(i-1) || x < w-1 && out(i+1) || y > 0 && out(i-w) || y < h-1 && out(i+w) {
				if (x+y)&1 == 0 {
					put(x, y, dark)
				} else {
					put(x, y, light)
				}
			}
		}
	}
}

// EndpointRadius is the screen radius in pixels of the start and goal
// discs at zoom (pixels per cell), their white ring included: at a fitted
// 512×512 map a disc covers several cells, and a press anywhere on it
// grabs the marker.
func EndpointRadius(zoom float64) float64 {
	return endpointCore(zoom) + 2
}

func endpointCore(zoom float64) float64 { return math.Max(5, math.Min(zoom*0.45, 14)) }

// endpointBox is the screen box of the start or goal disc on cell p, its
// white ring included.
func endpointBox(cam *Camera, p image.Point) image.Rectangle {
	x, y := cam.CellCenter(p)
	o := int(math.Ceil(endpointCore(cam.Zoom) + 2))
	return image.Rect(int(x)-o, int(y)-o, int(x)+o+1, int(y)+o+1)
}

// markerRects appends to dst the screen boxes of the markers drawn over
// the map after the numbers this frame: the start and goal discs
// (drawEndpoints) and every agent's body (DrawAgents, after Draw), as
// they will be drawn. drawValues writes no numbers under them.
func (r *Renderer) markerRects(f *Frame, dst []image.Rectangle) []image.Rectangle {
	w := f.World
	if w.HasStart {
		dst = append(dst, endpointBox(f.Cam, w.Start))
	}
	if w.HasGoal {
		dst = append(dst, endpointBox(f.Cam, w.Goal))
	}
	if s := w.Agents(); s != nil {
		rad := agentRadius(f.Cam.Zoom)
		lw := agentLineWidth(f.Cam.Zoom)
		r.markViews = s.Agents(r.markViews[:0])
		for i := range r.markViews {
			v := &r.markViews[i]
			x, y := s.Shown(v)
			if b := agentBodyBox(f.Cam, x, y, v.Kind, rad, lw); f.Layout.Map.Empty() || b.Overlaps(f.Layout.Map) {
				dst = append(dst, b) // those in view only: a few thousand agents elsewhere cost nothing per cell
			}
		}
	}
	return dst
}

func (r *Renderer) drawEndpoints(dst *ebiten.Image, f *Frame) {
	w := f.World
	rad := float32(endpointCore(f.Cam.Zoom))
	ft := r.fonts
	mark := func(p image.Point, c color.RGBA, letter string) {
		x, y := f.Cam.CellCenter(p)
		vector.DrawFilledCircle(dst, x, y, rad+2, color.White, r.aa)
		vector.DrawFilledCircle(dst, x, y, rad, PM(c), r.aa)
		r.coverRects = append(r.coverRects, endpointBox(f.Cam, p))
		if rad >= 8 {
			ft.DrawCentered(dst, ft.Bold, letter, float64(x), float64(y), ColText)
		}
	}
	if w.HasStart && w.HasGoal && w.Start == w.Goal {
		// One cell for both: the goal's disc drawn whole over the start's
		// hid it. The disc is split, the start's half on the left and the
		// goal's on the right, a white line between them, each half with
		// its letter when there is room for letters.
		x, y := f.Cam.CellCenter(w.Start)
		vector.DrawFilledCircle(dst, x, y, rad+2, color.White, r.aa)
		for _, h := range [2]struct {
			c      color.RGBA
			letter string
			side   float32
		}{{ColStart, "S", -1}, {ColGoal, "G", 1}} {
			half := image.Rect(int(math.Floor(float64(x-rad-3))), int(math.Floor(float64(y-rad-3))), int(math.Ceil(float64(x))), int(math.Ceil(float64(y+rad+3))))
			if h.side > 0 {
				half = half.Add(image.Pt(half.Dx(), 0))
			}
			vector.DrawFilledCircle(dst.SubImage(half).(*ebiten.Image), x, y, rad, PM(h.c), r.aa)
			if rad >= 8 {
				ft.DrawCentered(dst, ft.Bold, h.letter, float64(x+h.side*rad/2), float64(y), ColText)
			}
		}
		vector.StrokeLine(dst, x, y-rad, x, y+rad, 1.5, color.White, r.aa)
		r.coverRects = append(r.coverRects, endpointBox(f.Cam, w.Start))
		return
	}
	if w.HasStart {
		mark(w.Start, ColStart, "S")
	}
	if w.HasGoal {
		mark(w.Goal, ColGoal, "G")
	}
}

// drawCursorCell outlines the hovered and pinned cells.
func (r *Renderer) drawCursorCell(dst *ebiten.Image, f *Frame) {
	if f.HasPinned {
		r.cellOutline(dst, f.Cam, f.Pinned, ColPinned)
	}
	if !f.HoverOK {
		return
	}
	_, painting := f.World.Painting()
	_, _, _, rooms := f.World.RoomPainting()
	rooms = rooms || f.Tool == "rooms" && !painting // the room tool's brush: no paint mode
	brush := f.Tool == "paint" || painting || rooms
	c := color.RGBA{255, 255, 255, 140}
	if brush && f.BrushSize > 1 {
		c.A = 230 // on its dark rim
	}
	if brush && !rooms {
		switch f.PaintMode {
		case world.PaintDig:
			c = ColBrushDig
		case world.PaintFill:
			c = ColBrushFill
		}
	}
	if brush && f.BrushSize > 1 {
		r.brushOutline(dst, f.Cam, f.Hover, f.BrushSize, c)
		return
	}
	if f.Cam.Zoom >= 4 {
		r.cellOutline(dst, f.Cam, f.Hover, c)
	}
}

// brushOutline strokes the border of the square brush of size cells across
// centred on cell p, at any zoom: on a map fitted at a pixel or so a cell
// it is the only sign of what a stroke will cover.
func (r *Renderer) brushOutline(dst *ebiten.Image, cam *Camera, p image.Point, size int, c color.RGBA) {
	h := size / 2
	x, y := cam.ToScreen(float64(p.X-h), float64(p.Y-h))
	s := float32(cam.Zoom) * float32(2*h+1)
	wd := float32(math.Max(1.5, math.Min(cam.Zoom*0.12, 3)))
	// A dark rim under the colour: white alone vanished on the light floor.
	vector.StrokeRect(dst, float32(x), float32(y), s, s, wd+2, PM(color.RGBA{0, 0, 0, 150}), false)
	vector.StrokeRect(dst, float32(x), float32(y), s, s, wd, PM(c), false)
}

// cellOutline strokes the border of cell p.
func (r *Renderer) cellOutline(dst *ebiten.Image, cam *Camera, p image.Point, c color.RGBA) {
	x, y := cam.ToScreen(float64(p.X), float64(p.Y))
	s := float32(cam.Zoom)
	if s < 4 {
		cx, cy := cam.CellCenter(p)
		vector.StrokeCircle(dst, cx, cy, 5, 2, PM(c), r.aa)
		return
	}
	wd := float32(math.Max(1.5, math.Min(cam.Zoom*0.12, 3)))
	vector.StrokeRect(dst, float32(x), float32(y), s, s, wd, PM(c), false)
}

// lineWidth is the stroke width of a path at a zoom level.
func lineWidth(zoom float64) float32 {
	return float32(math.Max(2, math.Min(zoom*0.3, 6)))
}

// drawPolyline strokes a path of cells through their centres as a few
// vector paths (chunks of at most 1000 cells), with round joins.
func (r *Renderer) drawPolyline(dst *ebiten.Image, cam *Camera, path []image.Point, width float32, c color.Color) {
	if len(path) < 2 {
		return
	}
	fb := dst.Bounds().Inset(-8)
	var p vector.Path
	n := 0
	flush := func() {
		if n >= 2 {
			r.strokePath(dst, &p, width, c)
		}
		p = vector.Path{}
		n = 0
	}
	px, py := cam.CellCenter(path[0])
	last := len(path) - 2
	for i, q := range path[1:] {
		x, y := cam.CellCenter(q)
		if n > 0 && i < last && abs32(x-px) < 0.5 && abs32(y-py) < 0.5 {
			// Under half a pixel from the last point drawn: the stroke
			// looks the same without it. A fitted 8192×64 map has ten
			// cells a pixel, and its 9,800-cell path stroked every cell.
			continue
		}
		if !segmentMayShow(fb, px, py, x, y) {
			flush()
			px, py = x, y
			continue
		}
		if n == 0 {
			p.MoveTo(px, py)
			n = 1
		}
		p.LineTo(x, y)
		n++
		if n >= 1000 {
			flush()
		}
		px, py = x, y
	}
	flush()
}

// strokeCells strokes a path of cells through their centres, solid when
// dash is 0, else in dashes of dash pixels with gaps as long (the pattern
// running on across the path's corners), in the premultiplied colour c,
// skipping stretches entirely off screen. Every piece is a quad of one
// batch drawn with the non-zero fill rule: a translucent colour covers
// each pixel once where pieces meet, and one draw serves the whole path.
// (A vector.StrokeLine call a dash, and one a cell for the solid
// segments, allocated tens of thousands of times and took 50 ms a frame
// for 60 agents' routes on a fitted 512×512 map.)
func (r *Renderer) strokeCells(dst *ebiten.Image, cam *Camera, path []image.Point, width float32, c color.Color, dash float32) {
	if len(path) < 2 {
		return
	}
	fb := dst.Bounds().Inset(-8)
	cr, cg, cb, ca := c.RGBA()
	col := [4]float32{float32(cr) / 0xffff, float32(cg) / 0xffff, float32(cb) / 0xffff, float32(ca) / 0xffff}
	op := &ebiten.DrawTrianglesOptions{
		ColorScaleMode: ebiten.ColorScaleModePremultipliedAlpha,
		FillRule:       ebiten.FillRuleNonZero,
		AntiAlias:      r.aa,
	}
	quad := func(x0, y0, x1, y1 float32) { r.strokeQuads.line(dst, op, x0, y0, x1, y1, width, col) }
	on := true
	left := dash
	px, py := cam.CellCenter(path[0])
	for i, p := range path[1:] {
		x, y := cam.CellCenter(p)
		if dash == 0 && i < len(path)-2 && abs32(x-px) < 0.5 && abs32(y-py) < 0.5 {
			continue // under half a pixel on: the stroke looks the same without the point
		}
		if !segmentMayShow(fb, px, py, x, y) {
			px, py = x, y
			continue
		}
		if dash == 0 {
			// Solid: the piece runs half a width past each end, so that
			// pieces meeting at an angle leave no notch at the corner.
			dx, dy := x-px, y-py
			if l := float32(math.Hypot(float64(dx), float64(dy))); l > 0 {
				ex, ey := dx/l*width/2, dy/l*width/2
				quad(px-ex, py-ey, x+ex, y+ey)
			}
			px, py = x, y
			continue
		}
		dx, dy := x-px, y-py
		l := float32(math.Hypot(float64(dx), float64(dy)))
		t := float32(0)
		for t < l {
			step := min(left, l-t)
			if on {
				quad(px+dx*t/l, py+dy*t/l, px+dx*(t+step)/l, py+dy*(t+step)/l)
			}
			t += step
			left -= step
			if left <= 0 {
				on = !on
				left = dash
			}
		}
		px, py = x, y
	}
	r.strokeQuads.flush(dst, op)
}

func abs32(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}

func segmentMayShow(r image.Rectangle, x0, y0, x1, y1 float32) bool {
	minX, maxX := math.Min(float64(x0), float64(x1)), math.Max(float64(x0), float64(x1))
	minY, maxY := math.Min(float64(y0), float64(y1)), math.Max(float64(y0), float64(y1))
	return maxX >= float64(r.Min.X) && minX <= float64(r.Max.X) && maxY >= float64(r.Min.Y) && minY <= float64(r.Max.Y)
}

// DrawRecordingBadge draws text (the timeline recording's progress) in a
// small box with a red mark at the top centre of the map area: the
// window's sign that Shift+F12 is recording, which the GIF must not show,
// so the caller draws it after the frame is captured. No-op for "".
func (r *Renderer) DrawRecordingBadge(screen *ebiten.Image, l Layout, text string) {
	if text == "" || l.Map.Empty() || l.TooSmall {
		return
	}
	ft := r.fonts
	m := l.Map
	w := min(int(math.Ceil(ft.Width(ft.UI, text)))+34, m.Dx())
	x, y := m.Min.X+(m.Dx()-w)/2, m.Min.Y+8
	box := image.Rect(x, y, x+w, y+24)
	fillRect(screen, box, color.RGBA{28, 14, 16, 240})
	strokeRect(screen, box, ColRemoved)
	fillRect(screen, image.Rect(x+10, y+8, x+18, y+16), ColRemoved)
	ft.Draw(screen, ft.UI, clip(ft, ft.UI, text, float64(w-34)), float64(x+26), float64(y+4), ColText)
}
