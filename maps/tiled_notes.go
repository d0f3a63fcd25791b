package maps

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"

	tiled "github.com/lafriks/go-tiled"
)

// What a Tiled map holds on its object layers that is not read, said in
// load notes so that a slip in Tiled shows when the map opens: an object
// layer read neither as rooms nor as walls (a layer "romos" meant as
// "rooms" was dropped without a word), a room that covers no cell (drawn
// off the map) or only walls, a room split by walls into parts.

// isDigits reports whether s is one or more ASCII digits.
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// layerLine is the line of og's <objectgroup> element in the file (not one
// inside a tileset's tiles), found by its id, or by its name when it has
// none; 0 when not found.
func (rd *tiledReader) layerLine(og *tiled.ObjectGroup) int {
	return rd.elementLines()[elemKeyOf("objectgroup", "", og.ID, og.Name)]
}

// objectLine is the line of o's element in the file, on the object layer
// named layer (not in a tileset's tiles), found by its id, or by its name
// when it has none; 0 when not found.
func (rd *tiledReader) objectLine(layer string, o *tiled.Object) int {
	return rd.elementLines()[elemKeyOf("object", layer, o.ID, o.Name)]
}

// elemKey names an <objectgroup> or <object> element for its line: by its
// id, or by its name when Tiled left the id out; an object by its layer's
// name too.
type elemKey struct {
	kind, layer string
	id          uint32
	name        string // when id is 0
}

func elemKeyOf(kind, layer string, id uint32, name string) elemKey {
	if id != 0 {
		name = ""
	}
	return elemKey{kind, layer, id, name}
}

// elementLines maps every object layer and object element outside a
// tileset's tiles to its line (the first, when two share a key), made in
// one pass over the file when a message first asks: a scan of the whole
// file for each line made a map with 40 unread object layers load ten
// times slower (a review).
func (rd *tiledReader) elementLines() map[elemKey]int {
	if rd.lines != nil {
		return rd.lines
	}
	rd.lines = map[elemKey]int{}
	d := xml.NewDecoder(bytes.NewReader(rd.data))
	inTile, layer := 0, ""
	for {
		tok, err := d.RawToken()
		if err != nil {
			return rd.lines
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Local == "tile" {
				inTile++
				continue
			}
			if inTile > 0 || t.Name.Local != "objectgroup" && t.Name.Local != "object" {
				continue
			}
			in := ""
			if t.Name.Local == "objectgroup" {
				layer = attrOf(t, "name")
			} else {
				in = layer
			}
			id, _ := strconv.ParseUint(attrOf(t, "id"), 10, 32)
			k := elemKeyOf(t.Name.Local, in, uint32(id), attrOf(t, "name"))
			if _, seen := rd.lines[k]; !seen {
				line, _ := d.InputPos()
				rd.lines[k] = line
			}
		case xml.EndElement:
			switch {
			case t.Name.Local == "tile":
				inTile--
			case t.Name.Local == "objectgroup" && inTile == 0:
				layer = ""
			}
		}
	}
}

// layerAt names an object layer for a message: `"rooms" (line 12)`, or
// `"rooms"` when its line is not found.
func (rd *tiledReader) layerAt(og *tiled.ObjectGroup) string {
	if l := rd.layerLine(og); l > 0 {
		return fmt.Sprintf("%q (line %d)", og.Name, l)
	}
	return strconv.Quote(og.Name)
}

// roomLayerGuess is the region layer name a layer named name was likely
// meant to have, "" when it looks like none: its first word one or two
// typing slips from rooms or regions ("romos", "regoins", "room"), the
// rest (a level) kept.
func roomLayerGuess(name string) string {
	f := strings.Fields(strings.ToLower(name))
	if len(f) == 0 {
		return ""
	}
	word, level := f[0], strings.Join(f[1:], " ")
	if level != "" && !isDigits(strings.ReplaceAll(level, " ", "")) {
		// "rooms backup", "Rooms old": a name of its own, not a slip (the
		// hint told the user to name it what it is already named).
		return ""
	}
	if level == "" {
		// "romos2": the level written on.
		if i := strings.IndexFunc(word, func(r rune) bool { return r >= '0' && r <= '9' }); i > 0 && isDigits(word[i:]) {
			word, level = word[:i], word[i:]
		}
	}
	for _, kw := range []string{"rooms", "regions", "room", "region"} {
		if word == kw || len(word) >= 3 && editDistance(word, kw) <= 2 && abs(len(word)-len(kw)) <= 2 {
			guess := kw
			if !strings.HasSuffix(guess, "s") {
				guess += "s"
			}
			if level != "" {
				guess += " " + level
			}
			return guess
		}
	}
	return ""
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// unreadLayerNotes says, one note per object layer read neither as rooms
// nor as walls, that it is not read and which names are, with the name it
// was likely meant to have when it is a slip from one ("romos": rooms).
// Layers a wall-tile note already names (tileObjectNotes) are left to it,
// and empty layers, which leave nothing unread.
func (rd *tiledReader) unreadLayerNotes(noted map[*tiled.ObjectGroup]bool) {
	for _, ol := range rd.others {
		if noted[ol.og] {
			continue
		}
		n := len(ol.og.Objects)
		if n == 0 {
			continue // nothing unread: Tiled's default empty "Object Layer 1" would be noted on every open
		}
		what := fmt.Sprintf("%d %s", n, plural(n, "object", "objects"))
		hint := ""
		if g := roomLayerGuess(ol.og.Name); g != "" {
			hint = fmt.Sprintf("; if it holds rooms, name it %q", g)
		}
		rd.notes = append(rd.notes, fmt.Sprintf("object layer %s holds %s, not read as rooms or walls: rooms are read from object layers named rooms or regions (level 1) and \"rooms N\" or \"regions N\" (level N), walls from one named collision (or walls, solid, obstacles)%s",
			rd.layerAt(ol.og), what, hint))
	}
}

// missingLevel is the refusal of region layers that go up to level top
// with none at level lvl: at the line of the lowest layer above lvl,
// naming the object layers not read that may be the missing one (a name
// slipped from rooms or regions, else every unread layer with objects).
func (rd *tiledReader) missingLevel(top, lvl int) *Error {
	var above *tiled.ObjectGroup
	aboveLvl := 0
	for _, r := range rd.regions {
		if r.level > lvl && (above == nil || r.level < aboveLvl) {
			above, aboveLvl = r.og, r.level
		}
	}
	line, where := 0, ""
	if above != nil {
		line = rd.layerLine(above)
		where = fmt.Sprintf("region layer %q (level %d): ", above.Name, aboveLvl)
	}
	var guesses, unread []string
	for _, ol := range rd.others {
		if g := roomLayerGuess(ol.og.Name); g != "" {
			guesses = append(guesses, fmt.Sprintf("object layer %s, not read, may be meant as level %d: name it %q", rd.layerAt(ol.og), lvl, levelName(g, lvl)))
		} else if len(ol.og.Objects) > 0 {
			unread = append(unread, rd.layerAt(ol.og))
		}
	}
	msg := fmt.Sprintf("%sregion layers go up to level %d but level %d has none: level %d's rooms go on a layer named %q",
		where, top, lvl, lvl, levelName("rooms", lvl))
	if above != nil && aboveLvl == top && len(rd.regions) == 1 && len(guesses) == 0 {
		// One room layer, above level 1: most likely meant as level 1.
		msg += fmt.Sprintf(" (or, if %q holds the only level, name it %q)", above.Name, levelName("rooms", lvl))
	}
	switch {
	case len(guesses) > 0:
		msg += "; " + strings.Join(guesses, "; ")
	case len(unread) > 0:
		// Said as a question: a designer's "spawns" layer was named as
		// if it were the missing rooms layer.
		msg += fmt.Sprintf("; if object %s %s holds them, name it %q",
			plural(len(unread), "layer", "layers"), joinOr(unread), levelName("rooms", lvl))
	}
	return errAt(rd.name, line, "%s", msg)
}

// levelName is the region layer name guess (rooms, regions, with or
// without a level) for level lvl: "rooms" for 1, "rooms 2" for 2.
func levelName(guess string, lvl int) string {
	word, _, _ := strings.Cut(guess, " ")
	if lvl == 1 {
		return word
	}
	return fmt.Sprintf("%s %d", word, lvl)
}

// noCellNote says that room object o on layer rl covers no cell: it lies
// outside the map, or within it but around no cell's centre.
func (rd *tiledReader) noCellNote(o *tiled.Object, rl regionLayer) string {
	who := objLabel(o)
	if name := strings.TrimSpace(o.Name); name != "" {
		who += fmt.Sprintf(" %q", name)
	}
	at := fmt.Sprintf("region layer %q: %s (line %d)", rl.og.Name, who, rd.objectLine(rl.og.Name, o))
	tw, th := float64(max(rd.m.TileWidth, 1)), float64(max(rd.m.TileHeight, 1))
	mw, mh := float64(rd.w)*tw, float64(rd.h)*th
	if _, box, _, err := objectShape(o, float64(rl.off.X), float64(rl.off.Y), roomShapes); err == nil &&
		(box.Max.X <= 0 || box.Max.Y <= 0 || box.Min.X >= mw || box.Min.Y >= mh) {
		return fmt.Sprintf("%s lies outside the map ((%g,%g)-(%g,%g) px; the map is %g×%g px), so it covers no cell and is not read",
			at, box.Min.X, box.Min.Y, box.Max.X, box.Max.Y, mw, mh)
	}
	return fmt.Sprintf("%s holds no cell's centre (a cell is in a room when its centre lies inside), so it covers no cell and is not read", at)
}

// thousands writes n with commas between groups of three digits: 4,794.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		return "-" + s
	}
	return s
}

// maxSplitCells is how many parts' cells a split room's note names.
const maxSplitCells = 4

// splitRoomNotes notes each room of one level (layer, the rooms'
// characters in order) whose open cells fall into several parts not
// connected inside the room: the group hierarchy makes each part a group
// of its own (the inspector's "part 1 of 2"), which a wall drawn through
// a room without a door does silently. Connected is as the hierarchy's
// default neighbourhood has it: 8-connected without corner cutting (a
// diagonal step needs both cells beside it open, in the room or not).
// scratch (one int32 a cell, no longer needed for this level) marks the
// cells visited; first gives a room's first object and its layer, for
// the note's line.
func (rd *tiledReader) splitRoomNotes(layer, terrain []byte, scratch []int32, order []byte, first func(c byte) (*tiled.Object, regionLayer)) {
	W, H := rd.w, rd.h
	open := func(x, y int) bool { return x >= 0 && y >= 0 && x < W && y < H && terrain[y*W+x] != '#' }
	parts := map[byte][]int{} // room → the first cell (reading order) of each part
	var q []int
	for i, c := range layer {
		if RegionNone(c) || terrain[i] == '#' || scratch[i] == -1 {
			continue
		}
		parts[c] = append(parts[c], i)
		scratch[i] = -1
		q = append(q[:0], i)
		for h := 0; h < len(q); h++ {
			if h >= 4096 && 2*h >= len(q) {
				// Breadth first, the visited half dropped: the queue
				// holds about the front, not the room (a map-sized room
				// would take 4 bytes a cell more).
				q = q[:copy(q, q[h:])]
				h = 0
			}
			j := q[h]
			x, y := j%W, j/W
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					nx, ny := x+dx, y+dy
					if (dx == 0 && dy == 0) || !open(nx, ny) {
						continue
					}
					if dx != 0 && dy != 0 && !(open(x+dx, y) && open(x, y+dy)) {
						continue // no corner cutting
					}
					k := ny*W + nx
					if layer[k] != c || scratch[k] == -1 {
						continue
					}
					scratch[k] = -1
					q = append(q, k)
				}
			}
		}
	}
	for _, c := range order {
		ps := parts[c]
		if len(ps) < 2 {
			continue
		}
		o, rl := first(c)
		who := objLabel(o)
		if name := strings.TrimSpace(o.Name); name != "" {
			who += fmt.Sprintf(" %q", name)
		}
		var at []string
		for _, i := range ps[:min(len(ps), maxSplitCells)] {
			at = append(at, fmt.Sprintf("(%d,%d)", i%W, i/W))
		}
		if len(ps) > maxSplitCells {
			at = append(at, fmt.Sprintf("and %d more", len(ps)-maxSplitCells))
		}
		rd.notes = append(rd.notes, fmt.Sprintf("region layer %q: room %q (%s, line %d) falls into %d parts not connected inside it (8-connected, no corner cutting), at %s: the group hierarchy makes each part a group of its own; join them with a door, or draw them as rooms of their own",
			rl.og.Name, rune(c), who, rd.objectLine(rl.og.Name, o), len(ps), strings.Join(at, ", ")))
	}
}
