package render

import (
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// Prompt is the one-line text entry the app shows over the map (open a
// file, go to a query or cell, save as).
type Prompt struct {
	Label, Text string
	Note        string // under the line: what to type, completions, or why Enter was refused
	NoteErr     bool
}

// promptNoteLines is the most lines of note shown (completions can be
// many: the rest are cut).
const promptNoteLines = 4

// drawPrompt draws f.Prompt across the top of the map area: the label, the
// text with a caret (its start cut off when too long: the end is what is
// being typed), and the note under it.
func (r *Renderer) drawPrompt(screen *ebiten.Image, f *Frame) {
	p := f.Prompt
	ft := r.fonts
	m := f.Layout.Map
	box := image.Rect(m.Min.X+8, m.Min.Y+8, m.Max.X-8, m.Min.Y+8)
	inner := float64(box.Dx() - 24)
	if inner < 40 {
		return
	}
	lh := ft.LineHeight(ft.UI)
	note := wrap(ft, ft.UI, p.Note, inner)
	if len(note) > promptNoteLines {
		note = append(note[:promptNoteLines-1], clip(ft, ft.UI, note[promptNoteLines-1]+" …", inner))
	}
	box.Max.Y = box.Min.Y + 14 + int(math.Ceil(lh*float64(1+len(note)))) + 4
	fillRect(screen, box, color.RGBA{24, 28, 36, 245})
	strokeRect(screen, box, ColTextWarn)
	x, y := float64(box.Min.X+12), float64(box.Min.Y+7)
	label := p.Label + ": "
	ft.Draw(screen, ft.Bold, label, x, y, ColTextWarn)
	tx := x + ft.Width(ft.Bold, label)
	room := float64(box.Max.X-12) - tx - 4
	shown := tailClip(ft, p.Text, room)
	ft.Draw(screen, ft.UI, shown, tx, y, ColText)
	cx := int(tx + ft.Width(ft.UI, shown) + 1)
	fillRect(screen, image.Rect(cx, int(y), cx+2, int(y+lh)), ColTextWarn) // the caret
	c := ColTextDim
	if p.NoteErr {
		c = ColTextErr
	}
	for i, l := range note {
		ft.Draw(screen, ft.UI, l, x, y+lh*float64(i+1)+2, c)
	}
}

// tailClip keeps the end of s that fits in width, with "…" before it when
// the start is cut.
func tailClip(ft *Fonts, s string, width float64) string {
	if ft.Width(ft.UI, s) <= width {
		return s
	}
	rs := []rune(s)
	for len(rs) > 0 && ft.Width(ft.UI, "…"+string(rs)) > width {
		rs = rs[1:]
	}
	return "…" + string(rs)
}
