package render

import (
	"bytes"
	"image"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/goregular"
)

// Fonts holds the HUD faces: the Go fonts, embedded with the binary.
type Fonts struct {
	UI    *text.GoTextFace // panels and messages
	Bold  *text.GoTextFace // titles and the phase name
	Mono  *text.GoTextFace // figures in tables
	Small *text.GoTextFace // numbers drawn in cells

	drawn *[]string // tests: every string Draw draws is appended here
	// seen, when set, gets every string Draw draws with its top and the
	// bounds of the image it is drawn on (tests: a line drawn into a
	// clipped view is seen only when it lies inside that view).
	seen *[]seenText

	// tops, when set, gets the y of every line Draw is asked for, drawn
	// or measured (dst nil): the panel finds its line boundaries so that
	// it scrolls by whole lines (Renderer.panelLines).
	tops *[]float64
	// conts, when set, gets the y of every line that continues a row
	// (kvLines's wrapped value after its first line): the panel scrolls
	// by whole rows, so that a row is never shown without its label.
	conts *[]float64

	// glyphs is Draw's reused glyph list: text.Draw builds a fresh one per
	// call, most of the HUD's allocations a frame. Draw runs on the
	// render goroutine only.
	glyphs []text.Glyph
	// minus is the mono face's hyphen, drawn for a key's minus in UI text
	// (monoMinus).
	minus *text.Glyph
}

// LoadFonts parses the embedded Go fonts. The fonts are part of the binary,
// so a parse failure is a build defect and panics.
func LoadFonts() *Fonts {
	src := func(ttf []byte) *text.GoTextFaceSource {
		s, err := text.NewGoTextFaceSource(bytes.NewReader(ttf))
		if err != nil {
			panic("render: embedded font: " + err.Error())
		}
		return s
	}
	reg, bold, mono := src(goregular.TTF), src(gobold.TTF), src(gomono.TTF)
	return &Fonts{
		UI:    &text.GoTextFace{Source: reg, Size: 14},
		Bold:  &text.GoTextFace{Source: bold, Size: 15},
		Mono:  &text.GoTextFace{Source: mono, Size: 13},
		Small: &text.GoTextFace{Source: reg, Size: 10},
	}
}

// Width returns the advance of s in face.
func (f *Fonts) Width(face *text.GoTextFace, s string) float64 {
	w, _ := text.Measure(s, face, f.LineHeight(face))
	return w
}

// LineHeight returns the distance between baselines for face.
func (f *Fonts) LineHeight(face *text.GoTextFace) float64 {
	return face.Size * 1.35
}

// Draw draws s with its top-left corner at (x, y).
func (f *Fonts) Draw(dst *ebiten.Image, face *text.GoTextFace, s string, x, y float64, c color.RGBA) {
	if f.tops != nil {
		*f.tops = append(*f.tops, y)
	}
	if dst == nil { // a measuring pass (the panel sizes its parts before drawing)
		return
	}
	if f.drawn != nil {
		*f.drawn = append(*f.drawn, s)
	}
	if f.seen != nil {
		*f.seen = append(*f.seen, seenText{s: s, y: y, in: dst.Bounds()})
	}
	f.drawGlyphs(dst, face, s, x, y, c, text.LayoutOptions{LineSpacing: f.LineHeight(face)})
}

// DrawCentered draws s centred on (x, y).
func (f *Fonts) DrawCentered(dst *ebiten.Image, face *text.GoTextFace, s string, x, y float64, c color.RGBA) {
	f.drawGlyphs(dst, face, s, x, y, c, text.LayoutOptions{PrimaryAlign: text.AlignCenter, SecondaryAlign: text.AlignCenter})
}

// drawGlyphs is text.Draw with the glyph list kept between calls: the
// same layout (lo, origin at x, y) and the same images, without a new
// slice per string.
func (f *Fonts) drawGlyphs(dst *ebiten.Image, face *text.GoTextFace, s string, x, y float64, c color.RGBA, lo text.LayoutOptions) {
	f.glyphs = text.AppendGlyphs(f.glyphs[:0], s, face, &lo)
	var op ebiten.DrawImageOptions
	op.ColorScale.ScaleWithColor(PM(c))
	keyMinus := face == f.UI && strings.Contains(s, "+-")
	for _, g := range f.glyphs {
		if g.Image == nil {
			continue
		}
		img, dx, dy := g.Image, 0.0, 0.0
		if keyMinus {
			img, dx, dy = f.keyGlyph(s, g)
		}
		op.GeoM.Reset()
		op.GeoM.Translate(g.X+x+dx, g.Y+y+dy)
		dst.DrawImage(img, &op)
	}
}

// keyGlyph returns the image drawn for glyph g of UI text s, and its
// offset from g's place: g's own, but for a key's minus ("Ctrl+-") the
// mono face's hyphen centred where the UI's was. The UI face's hyphen is a
// figure wide, as long as "+": "Ctrl+-" in a message read as "Ctrl+–", an
// en dash (a teacher's report), where the help's monospaced keys show a
// hyphen.
func (f *Fonts) keyGlyph(s string, g text.Glyph) (*ebiten.Image, float64, float64) {
	m := f.monoMinus()
	if m == nil || !isKeyMinus(s, g.StartIndexInBytes) {
		return g.Image, 0, 0
	}
	gb, mb := g.Image.Bounds(), m.Image.Bounds()
	return m.Image, float64(gb.Dx()-mb.Dx()) / 2, float64(gb.Dy()-mb.Dy()) / 2
}

// isKeyMinus reports whether s[i] is the minus of a key name ("Ctrl+-"): a
// '-' after a '+'.
func isKeyMinus(s string, i int) bool {
	return i > 0 && i < len(s) && s[i] == '-' && s[i-1] == '+'
}

// monoMinus is the mono face's hyphen glyph (nil if it has no image).
func (f *Fonts) monoMinus() *text.Glyph {
	if f.minus == nil {
		g := text.AppendGlyphs(nil, "-", f.Mono, &text.LayoutOptions{})
		if len(g) == 0 || g[0].Image == nil {
			return nil
		}
		f.minus = &g[0]
	}
	return f.minus
}

// seenText is a string Draw drew at top y on an image of bounds in
// (Fonts.seen).
type seenText struct {
	s  string
	y  float64
	in image.Rectangle
}
