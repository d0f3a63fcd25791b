package maps

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	tiled "github.com/lafriks/go-tiled"
)

// TiledSource is what a Tiled map file holds beyond what WriteTiled writes
// back: an export over the designer's own .tmx (or from it to a new file)
// keeps the cells and the rooms, and this says what else the file had, so
// that the export can say what it does not keep instead of dropping it
// silently.
type TiledSource struct {
	// RoomLayers[l] is the name of the object layer the file's rooms of
	// level l+1 were read from (the first, when two layers give one
	// level), "" when the file has none at that level. WriteTiled writes
	// a level's rooms under this name (Rooms.LayerNames), so "rooms 2"
	// stays "rooms 2".
	RoomLayers []string
	// Lost names, one phrase each, what the file holds that WriteTiled
	// does not keep: object layers not read as rooms, tilesets, tile
	// layers past one "ground", rooms drawn as ellipses, polygons or off
	// the cell grid (written as rectangles of whole cells), layers of one
	// level merged, group and image layers, properties.
	Lost []string
}

// ReadTiledSource reads the Tiled map at path for what an export over it
// would not keep (TiledSource). Errors are the reader's: a file that does
// not read as a Tiled map names itself.
func ReadTiledSource(path string) (*TiledSource, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, errAt(path, 0, "%v", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxMapBytes+1))
	if err != nil {
		return nil, errAt(path, 0, "%v", err)
	}
	if int64(len(data)) > MaxMapBytes {
		return nil, errAt(path, 0, "is larger than %d bytes", MaxMapBytes)
	}
	if _, _, err := tiledHeader(data, path); err != nil {
		return nil, err
	}
	tm, err := loadTMX(filepath.Dir(path), data)
	if err != nil {
		return nil, tiledErr(path, err)
	}
	return tiledSource(tm), nil
}

// tiledSource walks a decoded map for TiledSource.
func tiledSource(tm *tiled.Map) *TiledSource {
	src := &TiledSource{}
	var lost []string
	add := func(format string, a ...any) { lost = append(lost, fmt.Sprintf(format, a...)) }

	// Tilesets: WriteTiled writes its own image-less "pathlens" one; a
	// file it wrote (one such tileset) loses nothing here.
	own := len(tm.Tilesets) == 1 && tm.Tilesets[0].Name == "pathlens" && tm.Tilesets[0].Source == "" && tm.Tilesets[0].Image == nil
	if !own {
		for _, ts := range tm.Tilesets {
			what := fmt.Sprintf("tileset %q", ts.Name)
			switch {
			case ts.Source != "":
				what += fmt.Sprintf(" (from %s)", ts.Source)
			case ts.Image != nil && ts.Image.Source != "":
				what += fmt.Sprintf(" (image %s)", ts.Image.Source)
			}
			add("%s", what)
		}
	}
	if tm.TileWidth != TiledTileSize || tm.TileHeight != TiledTileSize {
		add("its %d×%d px tile size (written as %d×%d)", tm.TileWidth, tm.TileHeight, TiledTileSize, TiledTileSize)
	}
	if tm.Properties != nil && len(*tm.Properties) > 0 {
		var names []string
		for _, p := range *tm.Properties {
			names = append(names, p.Name)
		}
		add("map %s %s", plural(len(names), "property", "properties"), quoteAll(names))
	}

	var tileLayers []string
	type level struct {
		layers []string
	}
	levels := map[int]*level{}
	type room struct {
		label string
		kinds []string // "an ellipse", "a polygon", "off the cell grid", "other properties"
	}
	var rooms []*room
	roomOf := map[string]*room{}
	tw, th := float64(max(tm.TileWidth, 1)), float64(max(tm.TileHeight, 1))
	onGrid := func(v, step float64) bool { return math.Abs(v/step-math.Round(v/step)) < 1e-9 }

	var walk func(layers []*tiled.Layer, objs []*tiled.ObjectGroup, images []*tiled.ImageLayer, groups []*tiled.Group, offX, offY float64)
	walk = func(layers []*tiled.Layer, objs []*tiled.ObjectGroup, images []*tiled.ImageLayer, groups []*tiled.Group, offX, offY float64) {
		// What a layer carries besides its contents: WriteTiled writes
		// every layer shown, opaque, with no properties (a review found
		// these dropped without a word).
		extras := func(kind, name string, props tiled.Properties, hidden bool, opacity float32) {
			if len(props) > 0 {
				var names []string
				for _, p := range props {
					names = append(names, p.Name)
				}
				add("%s %q's %s %s", kind, name, plural(len(names), "property", "properties"), quoteAll(names))
			}
			if hidden || opacity != 1 {
				add("%s %q's visibility and opacity (written shown and opaque)", kind, name)
			}
		}
		for _, l := range layers {
			tileLayers = append(tileLayers, l.Name)
			extras("tile layer", l.Name, l.Properties, !l.Visible, l.Opacity)
		}
		for _, og := range objs {
			ox, oy := offX+float64(og.OffsetX), offY+float64(og.OffsetY)
			lvl, ok, err := regionLevel(og.Name, og.Class)
			if err != nil || !ok {
				wall := nameIn(og.Name, collisionNames) || nameIn(og.Class, collisionNames)
				if b, err := anyTrue(og.Properties, blockProps); err == nil && b {
					wall = true
				}
				switch {
				case len(og.Objects) == 0:
				case wall:
					add("collision object layer %q (its shapes are written as wall tiles)", og.Name)
				default:
					add("object layer %q (%d %s)", og.Name, len(og.Objects), plural(len(og.Objects), "object", "objects"))
				}
				continue
			}
			lv := levels[lvl]
			if lv == nil {
				lv = &level{}
				levels[lvl] = lv
			}
			lv.layers = append(lv.layers, og.Name)
			extras("room layer", og.Name, og.Properties, !og.Visible, og.Opacity)
			if og.Color != nil {
				add("room layer %q's colour", og.Name)
			}
			for _, o := range og.Objects {
				o = withTemplate(o)
				key, label := "", ""
				if c, explicit, err := regionChar(o); err == nil && explicit {
					key, label = fmt.Sprintf("%d char %c", lvl, c), fmt.Sprintf("%q", rune(c))
				}
				if name := strings.TrimSpace(o.Name); name != "" {
					key, label = fmt.Sprintf("%d name %s", lvl, name), strconv.Quote(name)
				}
				if key == "" {
					continue // refused on load
				}
				var kinds []string
				switch {
				case len(o.Ellipses) > 0:
					kinds = append(kinds, "an ellipse")
				case len(o.Polygons) > 0:
					kinds = append(kinds, "a polygon")
				case !onGrid(o.X+ox, tw) || !onGrid(o.Y+oy, th) || !onGrid(o.Width, tw) || !onGrid(o.Height, th):
					kinds = append(kinds, "off the cell grid")
				}
				if slices.ContainsFunc(o.Properties, func(p *tiled.Property) bool { return !strings.EqualFold(p.Name, "region") }) ||
					o.Class != "" || o.Type != "" {
					kinds = append(kinds, "other properties") // a class ("Kitchen") among them
				}
				r := roomOf[key]
				if r == nil {
					r = &room{label: label}
					roomOf[key] = r
					rooms = append(rooms, r)
				}
				for _, k := range kinds {
					if !slices.Contains(r.kinds, k) {
						r.kinds = append(r.kinds, k)
					}
				}
			}
		}
		for _, il := range images {
			add("image layer %q", il.Name)
		}
		for _, g := range groups {
			add("group layer %q (its layers are written flat)", g.Name)
			walk(g.Layers, g.ObjectGroups, g.ImageLayers, g.Groups, offX+float64(g.OffsetX), offY+float64(g.OffsetY))
		}
	}
	walk(tm.Layers, tm.ObjectGroups, tm.ImageLayers, tm.Groups, 0, 0)

	if !(len(tileLayers) == 1 && tileLayers[0] == "ground") && len(tileLayers) > 0 {
		add("tile %s %s (merged into one layer \"ground\")", plural(len(tileLayers), "layer", "layers"), quoteAll(tileLayers))
	}
	top := 0
	for lvl := range levels {
		top = max(top, lvl)
	}
	src.RoomLayers = make([]string, top)
	for lvl := 1; lvl <= top; lvl++ {
		lv := levels[lvl]
		if lv == nil {
			continue
		}
		src.RoomLayers[lvl-1] = lv.layers[0]
		name := tiledLayerName(src.RoomLayers, lvl-1)
		if name != lv.layers[0] {
			// A layer that is rooms by its class ("Stuff", class rooms):
			// its name would not read back as the level.
			add("the name of room layer %q (level %d, written as %q)", lv.layers[0], lvl, name)
		}
		if len(lv.layers) > 1 {
			add("room layers %s (level %d, merged into %q)", quoteAll(lv.layers), lvl, name)
		}
	}
	var shaped, propped []string
	for _, r := range rooms {
		var shape []string
		for _, k := range r.kinds {
			if k == "other properties" {
				propped = append(propped, r.label)
			} else {
				shape = append(shape, k)
			}
		}
		if len(shape) > 0 {
			shaped = append(shaped, fmt.Sprintf("%s (%s)", r.label, strings.Join(shape, ", ")))
		}
	}
	if len(shaped) > 0 {
		add("the shapes of %s %s (written as rectangles of whole cells)", plural(len(shaped), "room", "rooms"), strings.Join(shaped, ", "))
	}
	if len(propped) > 0 {
		add("the class and properties other than region of %s %s", plural(len(propped), "room", "rooms"), strings.Join(propped, ", "))
	}
	src.Lost = lost
	return src
}

// quoteAll quotes each name and joins them with commas: "a", "b".
func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}
