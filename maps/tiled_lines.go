package maps

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/lafriks/go-tiled"
)

// xmlStep matches one element on a path through a TMX or TSX file: its
// local name and, when attr is set, that attribute's value. A deep step may
// lie at any depth below the step before, through <group> elements only
// (layers inside groups, not a tile's collision <objectgroup> inside a
// <tileset>; a deep first step may also lie below the root); the others
// must be its children (the first: the root element).
type xmlStep struct {
	name, attr, val string
	deep            bool
}

// xmlLine returns the line of the element steps lead to in data (the line
// its start tag ends on, as the other line lookups of this package give),
// or 0 when there is none or the file is not well formed before it.
func xmlLine(data []byte, steps ...xmlStep) int {
	if len(steps) == 0 {
		return 0
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = false
	depth := 0
	at := []int{0} // at[k]: the depth of the element step k−1 matched (0: the document)
	opaque := 0    // the depth of an element a deep step may not look inside, or 0
	for {
		tok, err := d.RawToken()
		if err != nil {
			return 0
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			k := len(at) - 1
			s := steps[k]
			if (s.deep && opaque == 0 || depth == at[k]+1) && t.Name.Local == s.name && (s.attr == "" || attrOf(t, s.attr) == s.val) {
				if k == len(steps)-1 {
					line, _ := d.InputPos()
					return line
				}
				at = append(at, depth)
			} else if s.deep && opaque == 0 && t.Name.Local != "group" && !(k == 0 && depth == 1) {
				opaque = depth
			}
		case xml.EndElement:
			if opaque == depth {
				opaque = 0
			}
			if len(at) > 1 && at[len(at)-1] == depth {
				at = at[:len(at)-1]
			}
			depth--
		}
	}
}

// layerStep matches a tile layer, image layer or object layer element
// by its id, or by its name when it has none, at any depth (groups).
func layerStep(elem string, id uint32, name string) xmlStep {
	if id != 0 {
		return xmlStep{name: elem, attr: "id", val: strconv.FormatUint(uint64(id), 10), deep: true}
	}
	return xmlStep{name: elem, attr: "name", val: name, deep: true}
}

// propError is a property whose value does not read as the kind wanted.
type propError struct {
	name, value, want string
}

func (e *propError) Error() string {
	return fmt.Sprintf("property %s is %q, want %s", e.name, e.value, e.want)
}

// propName returns the name of the property err is about, or "".
func propName(err error) string {
	var pe *propError
	if errors.As(err, &pe) {
		return pe.name
	}
	return ""
}

// maxTSXBytes bounds the external tileset read again for a message's line
// (go-tiled has read it whole already).
const maxTSXBytes = 64 << 20

// tilePropWhere finds property prop of tile id of tileset ts: its line in
// the map for a tileset written in it, else 0 and where it is in the
// external tileset ("walls.tsx:9", or the file alone when its line is not
// found).
func (rd *tiledReader) tilePropWhere(ts *tiled.Tileset, id uint32, prop string) (line int, ext string) {
	tile := xmlStep{name: "tile", attr: "id", val: strconv.FormatUint(uint64(id), 10)}
	props := xmlStep{name: "properties"}
	property := xmlStep{name: "property", attr: "name", val: prop}
	if ts.Source == "" {
		set := xmlStep{name: "tileset", attr: "firstgid", val: strconv.FormatUint(uint64(ts.FirstGID), 10)}
		return xmlLine(rd.data, xmlStep{name: "map"}, set, tile, props, property), ""
	}
	path := ts.Source
	if !filepath.IsAbs(path) {
		path = filepath.Join(rd.dir, path)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() > maxTSXBytes {
		return 0, ts.Source
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, ts.Source
	}
	if l := xmlLine(data, xmlStep{name: "tileset"}, tile, props, property); l > 0 {
		return 0, fmt.Sprintf("%s:%d", ts.Source, l)
	}
	return 0, ts.Source
}
