package maps

import (
	"bytes"
	"cmp"
	"encoding/xml"
	"strconv"
	"unicode/utf8"

	tiled "github.com/lafriks/go-tiled"
)

// tileSpot is where tile k (row-major, from 0) of a tile layer's data is
// written in the file, for a message about it: the gid as written (Tiled
// numbers a layer's tiles from each tileset's firstgid, so a tileset's tile
// 6 is written 7 when its firstgid is 1), its line and its column on the
// line (characters, from 1). A CSV value and an XML <tile> element have
// all three (col 0 for an element); base64 data only the line of its
// <data> element, and no gid.
type tileSpot struct {
	gid       string
	line, col int
}

// tileSpot finds tile k of layer l in the file (the <layer> with l's id,
// or its name when it has none): the zero tileSpot when not found. It reads
// the file again, once, when a message asks.
func (rd *tiledReader) tileSpot(l *tiled.Layer, k int) tileSpot {
	d := xml.NewDecoder(bytes.NewReader(rd.data))
	in, inData := false, false // in l's <layer>; in its <data>
	enc := ""
	n := 0 // tiles of l's data passed
	for {
		at := d.InputOffset() // where the next token starts, in rd.data
		tok, err := d.RawToken()
		if err != nil {
			return tileSpot{}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "layer":
				id, _ := strconv.ParseUint(attrOf(t, "id"), 10, 32)
				in = l.ID != 0 && uint32(id) == l.ID || l.ID == 0 && id == 0 && attrOf(t, "name") == l.Name
			case "data":
				if !in {
					continue
				}
				inData, enc = true, attrOf(t, "encoding")
				if enc != "" && enc != "csv" {
					line, _ := d.InputPos()
					return tileSpot{line: line}
				}
			case "tile":
				if inData && enc == "" {
					if n == k {
						line, _ := d.InputPos()
						return tileSpot{gid: cmp.Or(attrOf(t, "gid"), "0"), line: line}
					}
					n++
				}
			}
		case xml.CharData:
			if !inData || enc != "csv" {
				continue
			}
			// Raw CSV text holds no entities: the token is the file's
			// bytes from at (a comment splits the text into pieces).
			value := false
			for i, c := range t {
				digit := c >= '0' && c <= '9'
				if digit && !value {
					if n == k {
						end := i
						for end < len(t) && t[end] >= '0' && t[end] <= '9' {
							end++
						}
						return rd.spotAt(string(t[i:end]), int(at)+i)
					}
					n++
				}
				value = digit
			}
		case xml.EndElement:
			if inData && t.Name.Local == "data" {
				return tileSpot{}
			}
		}
	}
}

// spotAt is the tileSpot of gid written at byte pos of the file.
func (rd *tiledReader) spotAt(gid string, pos int) tileSpot {
	pos = min(pos, len(rd.data))
	start := bytes.LastIndexByte(rd.data[:pos], '\n') + 1
	return tileSpot{gid: gid, line: 1 + bytes.Count(rd.data[:pos], []byte("\n")), col: 1 + utf8.RuneCount(rd.data[start:pos])}
}
