package maps

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	tiled "github.com/lafriks/go-tiled"
)

// Walls drawn as shapes, the two ways Tiled offers besides tile properties
// and collision tile layers:
//
//   - a tile's collision shapes (Tiled's Collision Editor: an object layer
//     inside the tile, in its own pixels) make it a wall when one of them
//     covers the tile's centre, its edge included; shapes that cover only
//     part of the tile away from its centre leave it open, and so do
//     shapes pathlens does not read (ellipses, points, polylines, rotated
//     shapes), each said in a note naming the tiles and how many cells
//     stay open;
//   - an object layer named or classed as a collision tile layer is
//     (collision, walls, solid…), or with a true blocked property, blocks
//     every cell whose centre lies inside one of its rectangles,
//     polygons or ellipses, as a room covers cells; any other object on it
//     is refused, as on a room layer.
//
// Wall tiles placed as tile objects on any other object layer are not
// read, nor shapes marked as walls there (a true blocked property, a
// collision class), and a note says so.

// shapesPartial is tileRule.shapes for a tile whose collision shapes are
// read but none covers its centre.
const shapesPartial = "partial"

// tileShapes reads tile tt's collision shapes: blocked when one covers the
// tile's centre; else shapes is shapesPartial, or the kinds of the shapes
// not read ("an ellipse|a polyline"), or "" when it has none.
func tileShapes(ts *tiled.Tileset, tt *tiled.TilesetTile) (blocked bool, shapes string) {
	tw, th := float64(ts.TileWidth), float64(ts.TileHeight)
	switch {
	case tt.Width > 0 && tt.Height > 0: // a sub-rectangle of the image (Tiled 1.9)
		tw, th = float64(tt.Width), float64(tt.Height)
	case tt.Image != nil && tt.Image.Width > 0 && tt.Image.Height > 0: // a collection of images
		tw, th = float64(tt.Image.Width), float64(tt.Image.Height)
	}
	cx, cy := tw/2, th/2
	var kinds []string
	some := false
	for _, og := range tt.ObjectGroups {
		for _, o := range og.Objects {
			some = true
			if k := unreadKind(o); k != "" {
				if k == "rotated" {
					k = "a rotated shape"
				}
				if !slices.Contains(kinds, k) {
					kinds = append(kinds, k)
				}
				continue
			}
			dx, dy := float64(og.OffsetX), float64(og.OffsetY)
			if len(o.Polygons) > 0 {
				pts := polygonPoints(o, dx, dy)
				if inPolygon(pts, cx, cy) || onPolygonEdge(pts, cx, cy) {
					return true, ""
				}
				continue
			}
			x, y := o.X+dx, o.Y+dy
			if cx >= x && cx <= x+o.Width && cy >= y && cy <= y+o.Height {
				return true, ""
			}
		}
	}
	switch {
	case len(kinds) > 0:
		return false, strings.Join(kinds, "|")
	case some:
		return false, shapesPartial
	}
	return false, ""
}

// onPolygonEdge reports whether (x, y) lies on an edge of the polygon pts.
func onPolygonEdge(pts [][2]float64, x, y float64) bool {
	for i, j := 0, len(pts)-1; i < len(pts); j, i = i, i+1 {
		a, b := pts[j], pts[i]
		ex, ey := b[0]-a[0], b[1]-a[1]
		px, py := x-a[0], y-a[1]
		l2 := ex*ex + ey*ey
		if l2 == 0 {
			if px == 0 && py == 0 {
				return true
			}
			continue
		}
		dot := px*ex + py*ey
		if dot >= 0 && dot <= l2 && math.Abs(px*ey-py*ex) <= 1e-9*l2 {
			return true
		}
	}
	return false
}

// shapeTile is a tile whose collision shapes leave it open, and why (see
// tileRule.shapes).
type shapeTile struct {
	ts  *tiled.Tileset
	id  uint32
	why string
}

// openShape records that the tile on cell i is one whose collision shapes
// leave it open, for shapeNotes.
func (rd *tiledReader) openShape(i int, ts *tiled.Tileset, id uint32, why string) {
	if rd.shapeAt == nil {
		rd.shapeAt = make([]int32, rd.w*rd.h)
	}
	if rd.shapeAt[i] != 0 {
		return
	}
	k := slices.IndexFunc(rd.shapeTiles, func(s shapeTile) bool { return s.ts == ts && s.id == id })
	if k < 0 {
		rd.shapeTiles = append(rd.shapeTiles, shapeTile{ts, id, why})
		k = len(rd.shapeTiles) - 1
	}
	rd.shapeAt[i] = int32(k + 1)
}

// shapeNotes says, a note per tileset and kind, which placed tiles have
// collision shapes that leave cells open, and how many cells that are
// open on the map (a wall from another layer closes them anyway, and is
// not counted).
func (rd *tiledReader) shapeNotes() {
	if rd.shapeAt == nil {
		return
	}
	open := make([]int, len(rd.shapeTiles))
	for i, k := range rd.shapeAt {
		if k != 0 && !rd.blocked[i] {
			open[k-1]++
		}
	}
	type group struct {
		ts      *tiled.Tileset
		partial bool
		ids     []uint32
		kinds   []string
		cells   int
	}
	var groups []*group
	for k, st := range rd.shapeTiles {
		if open[k] == 0 {
			continue
		}
		partial := st.why == shapesPartial
		i := slices.IndexFunc(groups, func(g *group) bool { return g.ts == st.ts && g.partial == partial })
		if i < 0 {
			groups = append(groups, &group{ts: st.ts, partial: partial})
			i = len(groups) - 1
		}
		g := groups[i]
		g.ids = append(g.ids, st.id)
		g.cells += open[k]
		if !partial {
			for _, kind := range strings.Split(st.why, "|") {
				if !slices.Contains(g.kinds, kind) {
					g.kinds = append(g.kinds, kind)
				}
			}
		}
	}
	for _, g := range groups {
		slices.Sort(g.ids)
		tiles, whose, cells := "tile "+idList(g.ids), "its", fmt.Sprintf("so their %d cells stay open", g.cells)
		if len(g.ids) > 1 {
			tiles, whose = "tiles "+idList(g.ids), "their"
		} else if g.cells == 1 {
			cells = "so its cell stays open"
		} else {
			cells = fmt.Sprintf("so its %d cells stay open", g.cells)
		}
		if g.partial {
			rd.notes = append(rd.notes, fmt.Sprintf("tileset %q %s: %s collision shapes miss the tile's centre, %s (a shape over the centre makes a wall)",
				g.ts.Name, tiles, whose, cells))
		} else {
			rd.notes = append(rd.notes, fmt.Sprintf("tileset %q %s: %s collision shapes include %s, not read (only unrotated rectangles and polygons are), %s",
				g.ts.Name, tiles, whose, joinAnd(g.kinds), cells))
		}
	}
}

// joinAnd joins words for a sentence: "a", "a and b", "a, b and c".
func joinAnd(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// joinOr joins alternatives for a sentence: "a", "a or b", "a, b or c".
func joinOr(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// idList writes tile ids for a note: "1, 4 and 6", the first six and how
// many more.
func idList(ids []uint32) string {
	var s []string
	for _, id := range ids[:min(len(ids), 6)] {
		s = append(s, strconv.FormatUint(uint64(id), 10))
	}
	if len(ids) > 6 {
		return strings.Join(s, ", ") + fmt.Sprintf(" and %d more", len(ids)-6)
	}
	return joinAnd(s)
}

// objectWalls blocks the cells whose centres lie inside the rectangles and
// polygons of the collision object layers. Anything else on them is
// refused, naming the layer, the object and its line.
func (rd *tiledReader) objectWalls() error {
	budget := regionWork(rd.w, rd.h)
	for _, wl := range rd.walls {
		for _, o0 := range wl.og.Objects {
			o := withTemplate(o0)
			err := rd.cellsInside(o, wl.off, wallShapes, &budget, func(x, y int) error {
				rd.blocked[y*rd.w+x] = true
				return nil
			})
			switch {
			case errors.Is(err, errShapeWork):
				return errAt(rd.name, rd.objectLine(wl.og.Name, o0), "collision layer %q: the collision objects' boxes (cells times points) add up to more than %d cell tests for this %d×%d map: are objects repeated?",
					wl.og.Name, regionWork(rd.w, rd.h), rd.w, rd.h)
			case err != nil:
				return errAt(rd.name, rd.objectLine(wl.og.Name, o0), "collision layer %q: %v", wl.og.Name, err)
			}
		}
	}
	return nil
}

// tileObjectNotes says, for each object layer that is neither rooms nor
// walls, how many wall tiles (by property or collision shapes) are placed
// on it as tile objects, and how many of its shapes are marked as walls
// (a true blocked property, or a collision class): none is read, and a
// designer who drew walls so would otherwise find them silently open.
// Tiles placed from templates are left out (their numbers are the
// template's tileset's).
func (rd *tiledReader) tileObjectNotes() error {
	if rd.noted == nil {
		rd.noted = map[*tiled.ObjectGroup]bool{}
	}
	for _, ol := range rd.others {
		tiles, first, marked := 0, "", 0
		for _, o := range ol.og.Objects {
			if o.GID == 0 {
				if b, _ := anyTrue(o.Properties, blockProps); b || nameIn(o.Class, collisionNames) || nameIn(o.Type, collisionNames) {
					marked++
				}
				continue
			}
			lt, err := rd.m.TileGIDToTile(o.GID)
			if err != nil || lt == nil || lt.Nil || lt.Tileset == nil {
				continue
			}
			r, err := rd.rule(lt)
			if err != nil || !r.blocked {
				continue // a tile's bad property is refused where the tile is read as a cell
			}
			if tiles++; first == "" {
				first = fmt.Sprintf("tile %d of tileset %q", lt.ID, lt.Tileset.Name)
			}
		}
		if tiles > 0 || marked > 0 {
			rd.noted[ol.og] = true
		}
		if tiles > 0 {
			rd.notes = append(rd.notes, fmt.Sprintf("object layer %q holds %d wall %s placed as tile objects (%s first), which are not read: walls are tiles on tile layers, or rectangles, polygons and ellipses on an object layer named collision",
				ol.og.Name, tiles, plural(tiles, "tile", "tiles"), first))
		}
		if marked > 0 {
			rd.notes = append(rd.notes, fmt.Sprintf("object layer %q holds %d %s marked as walls (by property or class), which %s not read: walls drawn as shapes belong on an object layer named collision (or walls, solid, obstacles)",
				ol.og.Name, marked, plural(marked, "object", "objects"), plural(marked, "is", "are")))
		}
	}
	return nil
}
