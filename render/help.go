package render

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// tipH is a tooltip's height; tipRise how far above its point it starts.
const (
	tipH    = 22
	tipRise = 30
	// tipIndent starts the lines a tip's long line wraps onto.
	tipIndent = "    "
)

// Help screen metrics: the content's top (below the title), a row's line
// height, a section title's height and the gap after a section.
const (
	helpTop    = 44
	helpLineH  = 16
	helpTitleH = 20
	helpSecGap = 8
	helpMinCol = 360 // narrowest column worth a split
)

// HelpLineH is the height of a line of the help screen, the unit its
// scrolling moves by.
const HelpLineH = helpLineH

// HelpView is the help screen laid out for one window: every section title
// and row with its place in the content (before scrolling) and its text
// wrapped to its column, so nothing is cut. Area is where the content
// shows; when the content is taller, it scrolls by up to MaxScroll pixels.
type HelpView struct {
	Area      image.Rectangle
	Cols      int
	KeyW      int // width of the widest column's keys (each item's TextX is its own)
	Items     []HelpItem
	MaxScroll int
}

// HelpItem is a section title (Title set) or a row (Key and Lines) of the
// help screen, at content position (X, Y); H is its height.
type HelpItem struct {
	X, Y, H int
	Title   string
	Key     string
	Lines   []string
	// Swatch, in the colour key, stands in the key column for Key: the
	// colours the row explains, side by side.
	Swatch []color.RGBA
	// TextX is where Lines start: after the widest key of the column.
	TextX int
}

// colourKey is the help's colour key, under its shortest column: what the
// map's colours, discs and rings mean (they were explained only in
// docs/window.md). Each row's colours are drawn as its swatch.
var colourKey = []struct {
	swatch []color.RGBA
	names  string // the colours in words, for the Markdown key table
	text   string
}{
	{[]color.RGBA{ColOpen, ColClosed}, "green / blue", "cells on the open list / expanded"},
	{[]color.RGBA{ColCurrent}, "magenta", "the node expanded now and its best path"},
	{ColPlan[1:], "orange, purple, teal, blue", "levels L1, L2, L3, L4: abstract search (disc: expanded, ring: open), plans (dashed)"},
	{[]color.RGBA{ColSegA, ColSegB}, "red, magenta", "the answer; by segment, red and magenta by turns"},
	{[]color.RGBA{ColEntrance, ColNode}, "amber / brown", "entrances / abstract nodes"},
	{[]color.RGBA{ColFlash, ColAdded, ColRemoved}, "yellow, green, red", "repair: clusters redone, nodes added, removed (×)"},
	{[]color.RGBA{ColOptimal, ColGhostDot, ColGhost}, "cyan; dotted, grey", "the optimal path; before a switch: fill edge, path"},
}

// ColourKey returns the help's colour key as rows of the colours in words
// and what they mean (the key table in Markdown lists it too).
func ColourKey() [][2]string {
	rows := make([][2]string, len(colourKey))
	for i, c := range colourKey {
		rows[i] = [2]string{c.names, c.text}
	}
	return rows
}

// colourKeyTitle is the colour key section's title; colourKeyW the width
// of its swatch column (three 12 px colours and a gap; four are drawn
// narrower).
const (
	colourKeyTitle = "Colours"
	colourKeyW     = 50
)

// helpKey names the window size and sections a HelpView was made for.
type helpKey struct {
	w, h, n int
	first   string
}

// Help lays out secs, then the colour key, on l: as many columns as fit
// (up to three), each section's key column as wide as its widest key, help
// text wrapped to the rest; a section goes on in the next column where
// whole sections would not fit (packHelp). The view is cached per window
// size, so calling it every frame costs a compare; the sections are the
// static key table.
func (r *Renderer) Help(l Layout, secs []HelpSection) HelpView {
	s := l.Screen
	k := helpKey{w: s.Dx(), h: s.Dy(), n: len(secs)}
	if len(secs) > 0 {
		k.first = secs[0].Title + fmt.Sprint(len(secs[0].Rows))
	}
	if k == r.helpKey && r.helpView.Cols > 0 {
		return r.helpView
	}
	ft := r.fonts
	// The content's area; on a window too small for the margins it is
	// empty (image.Rect would swap the corners of an inverted one).
	x0, y0 := s.Min.X+20, s.Min.Y+helpTop
	v := HelpView{Area: image.Rect(x0, y0, max(x0, s.Max.X-20), max(y0, s.Max.Y-24))}
	v.Cols = max(1, min(3, (s.Dx()-40)/helpMinCol))
	colW := max(1, (s.Dx()-40)/v.Cols)
	// Each section's key column is as wide as its own widest key: one
	// width for a whole help column wrapped View's texts to two and three
	// lines for "Shift+right-drag" in Mouse above it. Its text wraps to
	// the rest of the column, so wrapping does not depend on the split.
	blocks := make([]helpBlock, 0, len(secs)+1)
	for _, sec := range secs {
		w := 0.0
		for _, row := range sec.Rows {
			w = math.Max(w, ft.Width(ft.Mono, row[0]))
		}
		b := helpBlock{title: sec.Title, keyW: int(w) + 14}
		v.KeyW = max(v.KeyW, b.keyW)
		tw := float64(max(60, colW-b.keyW-16))
		for _, row := range sec.Rows {
			b.rows = append(b.rows, helpBlockRow{key: row[0], lines: wrap(ft, ft.UI, row[1], tw)})
		}
		blocks = append(blocks, b)
	}
	if len(secs) > 0 {
		// The colour key ends the help.
		b := helpBlock{title: colourKeyTitle, keyW: colourKeyW}
		for _, ck := range colourKey {
			b.rows = append(b.rows, helpBlockRow{lines: wrap(ft, ft.UI, ck.text, float64(max(60, colW-colourKeyW-16))), swatch: ck.swatch})
		}
		blocks = append(blocks, b)
	}
	// The columns: whole sections, as even as they go, when that fits the
	// area; else a section may go on at the top of the next column under
	// its title again ("View (continued)"), which a 1264×720 window (a
	// 1280×800 screen's) needs to show the whole help unscrolled; where
	// even that does not fit, the columns scroll together, as short as
	// the split makes them.
	items, tallest := packHelp(blocks, v.Cols, colW, v.Area.Min.X, v.Area.Dy(), false)
	if tallest > v.Area.Dy() {
		items, tallest = packHelp(blocks, v.Cols, colW, v.Area.Min.X, v.Area.Dy(), true)
	}
	v.Items = items
	v.MaxScroll = max(0, tallest-v.Area.Dy())
	r.helpKey, r.helpView = k, v
	return v
}

// HelpSpan is one thing the help screen draws at a scroll, at its place on
// the screen, H tall: a section title, a row's key or swatch, or one line
// of a row's text.
type HelpSpan struct {
	X, Y, H int
	Title   string
	Key     string
	Swatch  []color.RGBA
	Text    string
}

// Spans returns what the help screen draws scrolled by scroll pixels: only
// what lies wholly inside its area, so no line is shown sliced through its
// letters at the top or the bottom while the help scrolls. A row's key or
// swatch goes with its first line on screen.
func (v HelpView) Spans(scroll int) []HelpSpan {
	var out []HelpSpan
	inside := func(y, h int) bool { return y >= v.Area.Min.Y && y+h <= v.Area.Max.Y }
	for _, it := range v.Items {
		y := v.Area.Min.Y + it.Y - scroll
		if y+it.H < v.Area.Min.Y || y > v.Area.Max.Y {
			continue
		}
		if it.Title != "" {
			if inside(y, helpTitleH) {
				out = append(out, HelpSpan{X: it.X, Y: y, H: helpTitleH, Title: it.Title})
			}
			continue
		}
		// The key (or swatch) goes with the row's first line wholly inside,
		// so the rest of a row scrolled partly off the top still shows
		// under its key.
		keyed := false
		for k, line := range it.Lines {
			ly := y + k*helpLineH
			if !inside(ly, helpLineH) {
				continue
			}
			if !keyed {
				keyed = true
				if it.Swatch != nil {
					out = append(out, HelpSpan{X: it.X, Y: ly, H: helpLineH, Swatch: it.Swatch})
				} else {
					out = append(out, HelpSpan{X: it.X, Y: ly, H: helpLineH, Key: it.Key})
				}
			}
			out = append(out, HelpSpan{X: it.TextX, Y: ly, H: helpLineH, Text: line})
		}
	}
	return out
}

// drawHelp draws the help screen generated from the key table, scrolled
// by f.HelpScroll pixels (clamped).
func (r *Renderer) drawHelp(screen *ebiten.Image, f *Frame) {
	s := f.Layout.Screen
	fillRect(screen, s, color.RGBA{12, 13, 16, 255}) // opaque: the legend and panel showed through the key columns
	ft := r.fonts
	v := r.Help(f.Layout, f.Help)
	title := "pathlens — keys and mouse (F1 or ? closes)"
	if v.MaxScroll > 0 {
		title += "   ↑ ↓ or the wheel scroll"
	}
	ft.Draw(screen, ft.Bold, title, float64(s.Min.X+20), float64(s.Min.Y+14), ColText)
	scroll := max(0, min(f.HelpScroll, v.MaxScroll))
	area := screen.SubImage(v.Area.Intersect(s)).(*ebiten.Image)
	for _, sp := range v.Spans(scroll) {
		x, y := float64(sp.X), float64(sp.Y)
		switch {
		case sp.Title != "":
			r.sectionTitle(area, math.Inf(1), x, y, sp.Title) // the help's layout gives its titles their room
		case sp.Swatch != nil:
			// 12 px a colour, narrower for the four levels' colours so the
			// swatch keeps a gap before the text (colourKeyW).
			drawSwatch(area, image.Rect(sp.X, sp.Y+3, sp.X+min(12*len(sp.Swatch), colourKeyW-8), sp.Y+14), sp.Swatch, true)
		case sp.Key != "":
			ft.Draw(area, ft.Mono, sp.Key, x, y+1, ColTextWarn)
		default:
			ft.Draw(area, ft.UI, sp.Text, x, y, ColText)
		}
	}
	if v.MaxScroll > 0 {
		more := ""
		switch {
		case scroll < v.MaxScroll && scroll > 0:
			more = "more above and below"
		case scroll < v.MaxScroll:
			more = "more below: ↓ or the wheel"
		default:
			more = "more above: ↑ or the wheel"
		}
		ft.Draw(screen, ft.UI, more, float64(s.Min.X+20), float64(min(s.Max.Y-20, v.MoreY(scroll))), ColTextDim)
	}
}

// MoreY is the y of the help's "more below" / "more above" line at scroll:
// right under the last line shown while more lies below, else under the
// area. Only whole lines show, so a section's title and first row that do
// not fit leave room at the area's bottom: at 200 % the line sat under up
// to two blank lines there, as if the help ended.
func (v HelpView) MoreY(scroll int) int {
	y := v.Area.Max.Y + 4
	if scroll >= v.MaxScroll {
		return y
	}
	bottom := 0
	for _, sp := range v.Spans(scroll) {
		bottom = max(bottom, sp.Y+sp.H)
	}
	if bottom > 0 {
		y = min(y, bottom+4)
	}
	return y
}

// helpBlock is a section of the help laid out for a column width: its
// rows' text wrapped beside its key column, keyW wide.
type helpBlock struct {
	title string
	keyW  int
	rows  []helpBlockRow
}

type helpBlockRow struct {
	key    string
	lines  []string
	swatch []color.RGBA
}

// helpContinued ends the title of a section that goes on at the top of
// the next column.
const helpContinued = " (continued)"

// packHelp lays blocks out in up to cols columns, colW wide from x0, in
// order, each column at most as tall as the shortest limit that lets them
// all fit (the columns as even as they go), and returns the items and the
// tallest column's height. With rows set a section may break between two
// rows, going on under its title again; without, only whole sections move
// to the next column. A title always keeps its first row. fit, the area's
// height, is the limit tried first for a split that needs no scrolling;
// the even split found is never taller.
func packHelp(blocks []helpBlock, cols, colW, x0, fit int, rows bool) ([]HelpItem, int) {
	rowH := func(r helpBlockRow) int { return len(r.lines) * helpLineH }
	total, least := 0, 0
	for _, b := range blocks {
		h := helpTitleH
		if len(b.rows) > 0 {
			h += rowH(b.rows[0])
		}
		least = max(least, h)
		total += helpTitleH + helpSecGap
		for _, r := range b.rows {
			total += rowH(r)
			least = max(least, helpTitleH+rowH(r))
		}
	}
	// pack places the blocks under limit; ok is false when they need more
	// than cols columns.
	pack := func(limit int, emit bool) (items []HelpItem, tallest int, ok bool) {
		col, y := 0, 0
		next := func() bool {
			col, y = col+1, 0
			return col < cols
		}
		for _, b := range blocks {
			whole := helpTitleH
			for _, r := range b.rows {
				whole += rowH(r)
			}
			first := helpTitleH
			if len(b.rows) > 0 {
				first += rowH(b.rows[0])
			}
			need := whole
			if rows {
				need = first
			}
			if y > 0 && y+need > limit && !next() {
				return nil, 0, false
			}
			x := x0 + col*colW
			if emit {
				items = append(items, HelpItem{X: x, Y: y, H: helpTitleH, Title: b.title})
			}
			y += helpTitleH
			for j, r := range b.rows {
				h := rowH(r)
				if rows && j > 0 && y+h > limit {
					if !next() {
						return nil, 0, false
					}
					x = x0 + col*colW
					if emit {
						items = append(items, HelpItem{X: x, Y: y, H: helpTitleH, Title: b.title + helpContinued})
					}
					y += helpTitleH
				}
				if emit {
					items = append(items, HelpItem{X: x, Y: y, H: h, Key: r.key, Lines: r.lines, Swatch: r.swatch, TextX: x + b.keyW})
				}
				y += h
				tallest = max(tallest, y)
			}
			tallest = max(tallest, y)
			y += helpSecGap
		}
		return items, tallest, true
	}
	limit := -1
	if cols > 1 {
		// The shortest limit that fits, from the even share of the total
		// up: a few hundred tries of a few hundred rows, once per window
		// size (Help caches its view).
		for l := max(least, total/cols); l <= total; l += 2 {
			if _, _, ok := pack(l, false); ok {
				limit = l
				break
			}
		}
	}
	if limit < 0 {
		limit = total + 1 // one column: everything in it
	}
	items, tallest, _ := pack(limit, true)
	return items, tallest
}

// drawGallery draws the list of built-in scenarios, each with its whole
// about text.
func (r *Renderer) drawGallery(screen *ebiten.Image, f *Frame) {
	fillRect(screen, f.Layout.Screen, color.RGBA{0, 0, 0, 150})
	v := r.Gallery(f.Layout, f.Gallery, f.GallerySel)
	box := v.Box
	fillRect(screen, box, color.RGBA{24, 27, 33, 250})
	strokeRect(screen, box, ColPanelEdge)
	ft := r.fonts
	title := galleryTitle
	if ft.Width(ft.Bold, title) > float64(box.Dx()-28) {
		title = galleryTitleShort
	}
	ft.Draw(screen, ft.Bold, clip(ft, ft.Bold, title, float64(box.Dx()-28)), float64(box.Min.X+14), float64(box.Min.Y+14), ColText)
	r.galleryLit, r.galleryOutlined = r.galleryLit[:0], r.galleryOutlined[:0]
	for i, it := range f.Gallery {
		row := v.Rows[i]
		if row.Empty() {
			continue
		}
		// The selection (what Enter opens) is filled and marked at its
		// left edge; the row under the pointer (what a click opens) is
		// only outlined. Both were the same fill, so two rows lit at once
		// and one could not tell which Enter opens (a user's report).
		bg := colGalleryRow
		if i == f.GallerySel {
			bg = colGallerySel
			r.galleryLit = append(r.galleryLit, i)
		}
		fillRect(screen, row, bg)
		if i == f.GallerySel {
			fillRect(screen, image.Rect(row.Min.X, row.Min.Y, row.Min.X+4, row.Max.Y), ColTextWarn)
		}
		if i != f.GallerySel && f.MouseOK && image.Pt(int(f.MouseX), int(f.MouseY)).In(row) {
			strokeRect(screen, row, colGalleryHover)
			r.galleryOutlined = append(r.galleryOutlined, i)
		}
		ft.Draw(screen, ft.Mono, it.Keys, float64(row.Min.X+10), float64(row.Min.Y+3), ColTextWarn)
		ft.Draw(screen, ft.Bold, it.Name, float64(row.Min.X+36), float64(row.Min.Y+2), ColText)
		for k, l := range v.Lines[i] {
			ft.Draw(screen, ft.UI, l, float64(row.Min.X+36), float64(row.Min.Y+galleryName+galleryLineH*k), ColTextDim)
		}
	}
	if v.More {
		ft.Draw(screen, ft.UI, clip(ft, ft.UI, galleryHint(v), float64(v.Hint.Dx())), float64(v.Hint.Min.X+36), float64(v.Hint.Min.Y), ColTextDim)
	}
}

// Gallery entry fills: an entry, the selected one (what Enter opens), and
// the outline of the one under the pointer (what a click opens).
var (
	colGalleryRow   = color.RGBA{34, 38, 46, 255}
	colGallerySel   = color.RGBA{52, 60, 80, 255}
	colGalleryHover = color.RGBA{120, 130, 150, 255}
)

// The gallery's title, and its shorter form for a narrow box.
const (
	galleryTitle      = "Gallery — click a case or press its number; ↑ ↓ select, Enter opens (Esc closes)"
	galleryTitleShort = "Gallery — click or press a number; ↑ ↓ Enter (Esc closes)"
)

// drawConfirm draws a question box over everything.
func (r *Renderer) drawConfirm(screen *ebiten.Image, f *Frame) {
	s := f.Layout.Screen
	fillRect(screen, s, color.RGBA{0, 0, 0, 160})
	ft := r.fonts
	wmax := 0.0
	for _, l := range f.Confirm {
		wmax = math.Max(wmax, ft.Width(ft.Bold, l))
	}
	bw, bh := int(wmax)+40, len(f.Confirm)*22+28
	box := image.Rect(s.Min.X+(s.Dx()-bw)/2, s.Min.Y+(s.Dy()-bh)/2, s.Min.X+(s.Dx()+bw)/2, s.Min.Y+(s.Dy()+bh)/2)
	fillRect(screen, box, color.RGBA{40, 30, 20, 250})
	strokeRect(screen, box, ColTextWarn)
	for i, l := range f.Confirm {
		face := ft.UI
		c := ColText
		if i == 0 {
			face, c = ft.Bold, ColTextWarn
		}
		ft.Draw(screen, face, l, float64(box.Min.X+20), float64(box.Min.Y+14+i*22), c)
	}
}
