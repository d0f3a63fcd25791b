package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/hajimehoshi/ebiten/v2"
)

// Prompt is the one-line text entry the app shows over the map (open a
// file, go to a query or cell, save as).
type Prompt struct {
	Label, Text string
	// Cursor is where the caret is in Text, in runes (0: before the
	// first letter, len: after the last).
	Cursor int
	// SelFrom and SelTo are the selected runes of Text, [SelFrom, SelTo),
	// drawn on a highlight (none when SelFrom >= SelTo): save as opens
	// with its file name selected, which typing replaces.
	SelFrom, SelTo int
	// Base is the folder a relative Text is taken in, drawn dimmed before
	// the text ("" when the text is absolute or no path).
	Base string
	// Shadow counts the runes at the start of Text that a fresh start
	// after them ("//" or "/~/" typed after the folder the prompt opened
	// with) leaves out, drawn dimmed as the folder is: "/a/b//c/x.map"
	// opens "/c/x.map", and drawn all alike it read as a broken path.
	Shadow  int
	Note    string // under the line: what to type, or why Enter was refused
	NoteErr bool
	// Matches are Tab's names, NUL between them (no file name has one),
	// listed under the line instead of the note: two spaces between
	// names, a name with a space (or a quote) in quotes, a folder ending in
	// '/', a line broken only between names.
	Matches string
}

// promptNoteLines is the most lines of note shown for completions (they
// can be many: the rest are cut); a refusal gets promptErrLines, so its
// whole reason is read.
const (
	promptNoteLines = 4
	promptErrLines  = 8
)

// promptBoxFill is the prompt box's colour: opaque, so nothing drawn on the
// map (its notes, labels, paths) shows through the text.
var promptBoxFill = color.RGBA{24, 28, 36, 255}

// promptSelFill is the selection's highlight behind the text: a desktop
// text field's blue, dark enough for ColText on it to read.
var promptSelFill = color.RGBA{44, 92, 170, 255}

// promptLayout is where the prompt is drawn on a map area m: its box, and
// the note wrapped to the box's inner width (each line fits inside it).
// The box goes across the top of the area, clear of avoid (the agents'
// replan panel drawn this frame; empty for none) when it can: beside it
// when the room there is promptMinWidth or wider, else just under it,
// else over it. The panel kept off the prompt, so opening save as shoved
// it down the map, away from the agents it was placed to keep clear of (a
// user's report): the prompt now takes its place around the panel instead.
// The box is empty when m is too narrow for one.
func (r *Renderer) promptLayout(p *Prompt, m, avoid image.Rectangle) (box image.Rectangle, note []string) {
	box, note = r.promptAt(p, m, m.Min.X+8, m.Max.X-8, m.Min.Y+8)
	if box.Empty() || avoid.Empty() || !box.Overlaps(avoid) {
		return box, note
	}
	// Beside the panel, on its wider side.
	x0, x1 := m.Min.X+8, avoid.Min.X-8
	if avoid.Max.X+8 < m.Max.X-8 && m.Max.X-8-(avoid.Max.X+8) > x1-x0 {
		x0, x1 = avoid.Max.X+8, m.Max.X-8
	}
	if x1-x0 >= promptMinWidth {
		if b, n := r.promptAt(p, m, x0, x1, m.Min.Y+8); !b.Empty() && !b.Overlaps(avoid) {
			return b, n
		}
	}
	// Under it, across the area, when the whole note fits there.
	if top := avoid.Max.Y + 8; top < m.Max.Y {
		full, _ := r.promptAt(p, m, m.Min.X+8, m.Max.X-8, m.Min.Y+8)
		if b, n := r.promptAt(p, m, m.Min.X+8, m.Max.X-8, top); !b.Empty() && b.Dy() >= full.Dy() && b.Max.Y <= m.Max.Y {
			return b, n
		}
	}
	return box, note
}

// promptMinWidth is the narrowest the prompt box is made to keep beside
// the agents' panel (pixels): room for the label and a file name.
const promptMinWidth = 320

// promptAt lays the prompt out in a box from x0 to x1 whose top is at top,
// in map area m (the note never goes below it: a short area shows fewer
// lines); the box is empty when that is too narrow for one.
func (r *Renderer) promptAt(p *Prompt, m image.Rectangle, x0, x1, top int) (box image.Rectangle, note []string) {
	ft := r.fonts
	box = image.Rect(x0, top, x1, top)
	inner := float64(box.Dx() - 24)
	if inner < 40 {
		return image.Rectangle{}, nil
	}
	lh := ft.LineHeight(ft.UI)
	most := promptNoteLines
	if p.NoteErr {
		most = promptErrLines
	}
	// Never below the map area: a short window shows fewer lines.
	if fit := int((float64(m.Max.Y-box.Min.Y)-18)/lh) - 1; fit < most {
		most = max(1, fit)
	}
	if len(p.Matches) > 0 {
		note = matchLines(ft, strings.Split(p.Matches, "\x00"), inner, most)
	} else {
		note = wrapNote(ft, p.Note, inner)
		if len(note) > most {
			note = append(note[:most-1], clip(ft, ft.UI, note[most-1]+" …", inner))
		}
	}
	box.Max.Y = box.Min.Y + 14 + int(math.Ceil(lh*float64(1+len(note)))) + 4
	return box, note
}

// drawPrompt draws f.Prompt across the top of the map area (around the
// agents' panel: promptLayout): the label, the
// text with a caret at the cursor (cut with "…" where it is too long,
// keeping the caret in view), and the note under it, wrapped inside the
// box.
func (r *Renderer) drawPrompt(screen *ebiten.Image, f *Frame) {
	p := f.Prompt
	ft := r.fonts
	box, note := r.promptLayout(p, f.Layout.Map, r.agentsRect)
	r.promptRect = box
	if box.Empty() {
		return
	}
	lh := ft.LineHeight(ft.UI)
	fillRect(screen, box, promptBoxFill)
	strokeRect(screen, box, ColTextWarn)
	x, y := float64(box.Min.X+12), float64(box.Min.Y+7)
	label := p.Label + ": "
	ft.Draw(screen, ft.Bold, label, x, y, ColTextWarn)
	tx := x + ft.Width(ft.Bold, label)
	room := float64(box.Max.X-12) - tx - 4
	base := []rune(p.Base)
	line := append(base, []rune(p.Text)...)
	cur := len(base) + max(0, min(p.Cursor, len(line)-len(base)))
	v := fitAround(ft, line, cur, room)
	// The text shown: "…", the dimmed folder's part, the typed part, "…".
	at := tx
	put := func(s string, c color.RGBA) {
		if s != "" {
			ft.Draw(screen, ft.UI, s, at, y, c)
			at += ft.Width(ft.UI, s)
		}
	}
	if x0, x1, ok := selectionSpan(ft, line, v, len(base)+p.SelFrom, len(base)+p.SelTo); ok {
		fillRect(screen, image.Rect(int(tx+x0), int(y), int(math.Ceil(tx+x1)), int(y+lh)), promptSelFill)
	}
	if v.from > 0 {
		put("…", ColTextDim)
	}
	split := max(v.from, min(len(base)+max(0, min(p.Shadow, len(line)-len(base))), v.to))
	put(string(line[v.from:split]), ColTextDim)
	put(string(line[split:v.to]), ColText)
	if v.to < len(line) {
		put("…", ColTextDim)
	}
	cx := int(tx + v.caret)
	fillRect(screen, image.Rect(cx, int(y), cx+2, int(y+lh)), ColTextWarn) // the caret
	c := ColTextDim
	if p.NoteErr {
		c = ColTextErr
	}
	for i, l := range note {
		ft.Draw(screen, ft.UI, l, x, y+lh*float64(i+1)+2, c)
	}
}

// shownText is the part of a line of text the prompt shows: runes
// [from, to), with "…" drawn before when from > 0 and after when to is short
// of the end, and the caret's x from the start of what is drawn.
type shownText struct {
	from, to int
	caret    float64
}

// fitAround picks the part of line to show in width pixels with the caret
// before rune cur in view: all of it when it fits; else its end (what is
// being typed) when the caret is there, else a stretch from a little before
// the caret.
func fitAround(ft *Fonts, line []rune, cur int, width float64) shownText {
	w := func(rs []rune) float64 { return ft.Width(ft.UI, string(rs)) }
	ell := ft.Width(ft.UI, "…")
	if w(line) <= width {
		return shownText{0, len(line), w(line[:cur])}
	}
	// The end, cut at the start.
	from := 0
	for from < len(line) && ell+w(line[from:]) > width {
		from++
	}
	if cur >= from {
		return shownText{from, len(line), ell + w(line[from:cur])}
	}
	// The caret further back: a few letters before it, then as many after
	// as fit.
	from = max(0, cur-8)
	lead := 0.0
	if from > 0 {
		lead = ell
	}
	to := cur
	for to < len(line) && lead+w(line[from:to+1])+ell <= width {
		to++
	}
	return shownText{from, to, lead + w(line[from:cur])}
}

// selectionSpan is where runes [a, b) of line are drawn when v of it is
// shown, from the start of what is drawn: the part of them in view; ok is
// false when none is (no selection, or all of it cut off).
func selectionSpan(ft *Fonts, line []rune, v shownText, a, b int) (x0, x1 float64, ok bool) {
	a, b = max(a, v.from), min(b, v.to)
	if a >= b {
		return 0, 0, false
	}
	lead := 0.0
	if v.from > 0 {
		lead = ft.Width(ft.UI, "…")
	}
	x0 = lead + ft.Width(ft.UI, string(line[v.from:a]))
	return x0, x0 + ft.Width(ft.UI, string(line[a:b])), true
}

// wrapNote wraps s at spaces to width, and breaks a word wider than width
// by itself (a long path in a refusal) after a '/' where it can, else
// where it must: no line is wider than width.
func wrapNote(ft *Fonts, s string, width float64) []string {
	var out []string
	for _, l := range wrap(ft, ft.UI, s, width) {
		for ft.Width(ft.UI, l) > width && len([]rune(l)) > 1 {
			rs := []rune(l)
			n := len(rs) - 1
			for n > 1 && ft.Width(ft.UI, string(rs[:n])) > width {
				n--
			}
			if k := strings.LastIndexAny(string(rs[:n]), "/\\ "); k > 0 {
				if kr := len([]rune(string(rs[:n])[:k])) + 1; kr > n/2 {
					n = kr
				}
			}
			out = append(out, strings.TrimRight(string(rs[:n]), " "))
			l = strings.TrimLeft(string(rs[n:]), " ")
		}
		out = append(out, l)
	}
	return out
}

// matchSep is what stands between two of Tab's names.
const matchSep = "  "

// matchName is a name as Tab lists it: quoted when it has a space or a
// quote in it, so two names never read as one or three.
func matchName(n string) string {
	if strings.ContainsFunc(n, unicode.IsSpace) || strings.ContainsRune(n, '"') {
		return strconv.Quote(n)
	}
	return n
}

// matchLines lays Tab's names out in at most most lines of width pixels,
// matchSep between them, a line broken only between names (a name wider
// than a line by itself is cut with "…"); names that do not fit are
// counted on the last line: "… and 12 more".
func matchLines(ft *Fonts, names []string, width float64, most int) []string {
	var lines []string
	var parts []string // the names on the line being filled, as shown
	for i, n := range names {
		n = clip(ft, ft.UI, matchName(n), width)
		if ft.Width(ft.UI, strings.Join(append(parts, n), matchSep)) <= width {
			parts = append(parts, n)
			continue
		}
		if len(lines) == most-1 {
			// The last line: as many names as fit with the count of the
			// rest, given back whole (a quoted name may hold matchSep).
			for k := i; ; k-- {
				more := fmt.Sprintf("… and %d more", len(names)-k)
				if ft.Width(ft.UI, strings.Join(append(parts, more), matchSep)) <= width || k == 0 || len(parts) == 0 {
					return append(lines, strings.Join(append(parts, more), matchSep))
				}
				parts = parts[:len(parts)-1]
			}
		}
		lines = append(lines, strings.Join(parts, matchSep))
		parts = []string{n}
	}
	return append(lines, strings.Join(parts, matchSep))
}
