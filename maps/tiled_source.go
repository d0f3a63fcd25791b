package maps

import (
	"fmt"
	"image"
	"math"
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
// would not keep (TiledSource). It reads the file as a session opening it
// does (openInput, decodeTiled, walkTiledLayers), so a file the session
// refuses it refuses with the same error, naming the file.
func ReadTiledSource(path string) (*TiledSource, error) {
	f, err := openInput(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, tm, err := decodeTiled(f, path, filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	return tiledSource(path, data, tm)
}

// tiledSource walks a decoded map for TiledSource; file, the map's path,
// and data, its text, name it and its lines in walkTiledLayers' errors.
func tiledSource(file string, data []byte, tm *tiled.Map) (*TiledSource, error) {
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

	// What a layer carries besides its contents: WriteTiled writes every
	// layer shown, opaque, with no properties (a review found these
	// dropped without a word).
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
	err := walkTiledLayers(file, data, tm, tiledLayerVisit{
		tile: func(l *tiled.Layer, _ image.Point) error {
			tileLayers = append(tileLayers, l.Name)
			extras("tile layer", l.Name, l.Properties, !l.Visible, l.Opacity)
			return nil
		},
		object: func(og *tiled.ObjectGroup, k objectLayerKind, off image.Point) error {
			ox, oy := float64(off.X), float64(off.Y)
			lvl := k.level
			if lvl == 0 {
				switch {
				case len(og.Objects) == 0:
				case k.wall:
					add("collision object layer %q (its shapes are written as wall tiles)", og.Name)
				default:
					add("object layer %q (%d %s)", og.Name, len(og.Objects), plural(len(og.Objects), "object", "objects"))
				}
				return nil
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
			return nil
		},
		image: func(il *tiled.ImageLayer) { add("image layer %q", il.Name) },
		group: func(g *tiled.Group) { add("group layer %q (its layers are written flat)", g.Name) },
	})
	if err != nil {
		return nil, err
	}

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
	return src, nil
}

// quoteAll quotes each name and joins them with commas: "a", "b".
func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}
