package render

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// From a teacher's report at 200 %: "no room for the side panel … Ctrl+–
// to 175%" read as an en dash, where the help writes Ctrl+- (its keys are
// monospaced). The UI face's hyphen is as long as its en dash; a key's
// minus in UI text is drawn with the mono face's hyphen, the help's, and a
// hyphen in a word ("8-connected") is left as it is.
func TestKeyMinusIsDrawnAsAHyphen(t *testing.T) {
	ft := New().fonts
	glyphs := func(s string) []text.Glyph {
		return text.AppendGlyphs(nil, s, ft.UI, &text.LayoutOptions{})
	}
	s := "at 200%: Ctrl+- to 175%"
	drawn := false
	for _, g := range glyphs(s) {
		if g.Image == nil {
			continue
		}
		img, _, _ := ft.keyGlyph(s, g)
		if s[g.StartIndexInBytes] == '-' {
			drawn = true
			if img != ft.monoMinus().Image || img == g.Image {
				t.Errorf("the minus of Ctrl+- is not the mono face's hyphen")
			}
		} else if img != g.Image {
			t.Errorf("%q of %q drawn with another glyph", s[g.StartIndexInBytes], s)
		}
	}
	if !drawn {
		t.Fatal("no minus glyph in the line")
	}
	w := "8-connected"
	for _, g := range glyphs(w) {
		if img, _, _ := ft.keyGlyph(w, g); g.Image != nil && img != g.Image {
			t.Errorf("the hyphen of %q was changed", w)
		}
	}
}
