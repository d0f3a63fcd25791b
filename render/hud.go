package render

import (
	"fmt"
	"image"
	"image/color"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/pathing"
)

// Layout divides the window: the top bar, the map, the timeline bar under
// it, and the panel on the right.
type Layout struct {
	Screen, Top, Map, Timeline, Panel image.Rectangle
	// AboutLines is how many lines the scenario's "what to look at" takes
	// at the top of the panel (Renderer.FitPanel sets it; 0 counts as 2).
	// The switch rows start below them.
	AboutLines int
	// SwitchFold is the user's choice for the panel's switch rows (a click
	// on their title switches it); Folded is what FitPanel made of it:
	// the rows then show as one summary line under their title, and the
	// numbers, the open list and the inspector get their room.
	SwitchFold SwitchFold
	Folded     bool
	// Pinned says a cell is pinned in the inspector: FoldAuto then folds
	// the switch rows when the numbers, the open list and the inspector
	// at its tallest would not fit under them (pinnedRoom).
	Pinned bool
	// TooSmall says the screen is under MinScreenW×MinScreenH: the
	// renderer then draws one note saying so in place of every part
	// (Renderer.Draw), and no part takes the mouse (the game).
	TooSmall bool
}

// MinScreenW and MinScreenH are the smallest screen the layout is drawn
// on: the top bar, the map and the timeline's status line and scrubber
// one under the other, none over another (the panel and the legend give
// way before). The app's smallest window at 100 % (cli.MinWindowW and
// MinWindowH) is this size. A window manager keeps a window to it, but
// under none (Xvfb, some tiling managers) a window can be made smaller:
// at 200×100 the message covered the top bar and the scrubber the status
// line (a new user's trial).
const MinScreenW, MinScreenH = 320, 200

// SwitchFold says whether the panel's switch rows are folded.
type SwitchFold uint8

const (
	// FoldAuto folds them when the panel is too short for them and a
	// useful part of the numbers (under foldBelow pixels would be left:
	// a large UI scale, a short window), and while a cell is pinned when
	// the inspector would not fit whole under them (Layout.Pinned).
	FoldAuto SwitchFold = iota
	FoldOpen            // always shown, scrolling the rest if it must
	FoldShut            // always folded
)

// foldBelow is the room under the switch rows, in screen pixels, under
// which FoldAuto folds them: at 175 % on a 1280×800 projector 90 pixels
// were left, and the numbers, the open list and the inspector shared a
// box three lines high (a user's report). 100 % keeps its rows down to
// 800×600 and 1280×720.
const foldBelow = 200

// SwitchTitleRect returns where the title of the switch rows is, which a
// click folds or unfolds.
func SwitchTitleRect(l Layout) image.Rectangle {
	y := l.Panel.Min.Y + switchTop(l)
	return image.Rect(l.Panel.Min.X+4, y-21, l.Panel.Max.X-4, y-1)
}

// Sizes of the fixed parts of the layout. PanelWidth is the panel's
// width on a window wide enough for it (PanelWidth/panelShare and up);
// narrower windows give it panelShare of their width, but no less than
// PanelMinWidth, and none below 2×PanelWidth.
const (
	TopHeight      = 30
	TimelineHeight = 56
	PanelWidth     = 340
	PanelMinWidth  = 270
	rowH           = 18
)

// panelShare is the most of the window's width the panel takes (3/8) while
// that is less than PanelWidth: at 700×500 the panel took 340 of the 700
// pixels, and the map less than half of the window (a user's report).
const panelShareNum, panelShareDen = 3, 8

// PanelWidthFor returns the width of the panel in a window w pixels wide:
// PanelWidth, or on a narrower window panelShare of it but at least
// PanelMinWidth, so that the map keeps most of the window; 0 (no panel)
// below 2×PanelWidth, as always.
func PanelWidthFor(w int) int {
	if w < 2*PanelWidth {
		return 0
	}
	return min(PanelWidth, max(PanelMinWidth, w*panelShareNum/panelShareDen))
}

// ComputeLayout lays out a w×h window. Any size works, down to 1×1 (the
// parts are then empty); the panel is dropped when the window is too
// narrow for it, and narrowed on a window where it would take most of
// the width (PanelWidthFor). Under MinScreenW×MinScreenH the layout is
// TooSmall: its parts are still placed, but not drawn.
func ComputeLayout(w, h int, panel bool) Layout {
	w, h = max(w, 1), max(h, 1)
	var l Layout
	l.Screen = image.Rect(0, 0, w, h)
	l.TooSmall = w < MinScreenW || h < MinScreenH
	pw := 0
	if panel {
		pw = PanelWidthFor(w)
	}
	top := min(TopHeight, h/4)
	tlh := min(TimelineHeight, h/4)
	l.Panel = image.Rect(w-pw, 0, w, h)
	l.Top = image.Rect(0, 0, w-pw, top)
	l.Timeline = image.Rect(0, h-tlh, w-pw, h)
	l.Map = image.Rect(0, top, w-pw, h-tlh)
	if l.Map.Empty() {
		l.Map = image.Rect(0, 0, w, h)
	}
	return l
}

// SwitchRowRect returns the rectangle of switch row i in the panel (for
// clicks); the panel draws its rows in the same places.
// Folded rows have none (empty).
func SwitchRowRect(l Layout, i int) image.Rectangle {
	if l.Folded {
		return image.Rectangle{}
	}
	y := l.Panel.Min.Y + switchTop(l) + i*rowH
	return image.Rect(l.Panel.Min.X+4, y, l.Panel.Max.X-4, y+rowH)
}

// Panel text metrics: the about text's first line, its line height and
// the most lines it may ever take before it is cut with an ellipsis
// (FitPanel gives it fewer when the panel is short).
const (
	aboutTop      = 28
	aboutLineH    = 17
	maxAboutLines = 12
)

// aboutKey names a grid state: the size line is recomputed when it changes.
type aboutKey struct {
	g       *pathing.Grid
	version uint64
}

// switchTop is the distance from the panel's top to its first switch row:
// below the title, the about lines and the section title.
func switchTop(l Layout) int {
	n := l.AboutLines
	if n <= 0 {
		n = 2
	}
	return aboutTop + min(n, maxAboutLines)*aboutLineH + 26
}

// FitPanel returns l with AboutLines set for the panel text of w (its
// "what to look at", or its size when it has none), so that the switch
// rows sit under the whole text and clicks find them there. The wrapped
// text is cached per string, so calling it every frame costs a compare.
func (r *Renderer) FitPanel(l Layout, w *world.World) Layout {
	if l.Panel.Empty() || w == nil || w.Grid == nil {
		return l
	}
	l.AboutLines = min(len(r.aboutLines(w, float64(l.Panel.Dx()-20))), aboutRoom(l.Panel.Dy()))
	below := l.Panel.Dy() - switchTop(l) - panelSwitchRows*rowH - 10
	auto := below < foldBelow || l.Pinned && float64(below) < r.pinnedRoom(w)
	l.Folded = l.SwitchFold == FoldShut || l.SwitchFold == FoldAuto && auto
	return l
}

// pinnedRoom is the height a pinned cell's panel wants under the switch
// rows: a query's numbers, the open list's title and two rows, and the
// inspector at its tallest for a flat search or a hierarchy (of the most
// levels and room layers): one height whatever the levels and rooms, so a
// click on "levels" or a stroke that adds a room layer never folds the
// rows under the pointer, and a flat search's short inspector keeps them.
// A designer who pinned a cell on a 1280×800 window saw three of its rows
// above "more below" and had to scroll to read what they had asked for.
func (r *Renderer) pinnedRoom(w *world.World) float64 {
	rows := 6 + len(w.Regions) // cell…last event, a room row per layer
	if w.Settings.Algo.Hierarchical() {
		rows += 3 * world.MaxAbstractLevels
	}
	if r.narrowPanel() {
		rows += (rows + 1) / 2
	}
	return 20 + panelNumbersRows*17 + 8 + 20 + 2*17 + 8 + 20 + float64(rows*17)
}

// aboutRoom is how many lines of about text a panel h pixels high has room
// for, at least 2: what is left once the switches, a query's numbers
// (panelNumbersRows of them) and the inspector at its tallest are placed
// under it. A fixed six lines cut the pathological scenarios' instructions
// short on a 1280×800 window with a third of the panel empty.
//
// The room is the same for every switch: room that changed with the
// algorithm or the levels (the inspector's height does) moved every switch
// row under the pointer, and a second click on "levels" hit
// "neighbourhood". Taller numbers and inspectors than the budget first put
// the phases on one row, then scroll (drawPanel).
func aboutRoom(h int) int {
	below := 26 + panelSwitchRows*rowH + 10 + 20 + panelNumbersRows*17 + 8 + panelInspectorH
	return max(2, (h-aboutTop-below)/aboutLineH)
}

// panelInspectorH is the inspector's height aboutRoom budgets: a
// one-level hierarchy's on a cell no abstract search touched
// (inspectorMaxHeight also counts the two rows of each level's node
// search, which a node's cell shows; past the budget the panel compacts,
// then scrolls).
const panelInspectorH = 20 + (6+1)*17

// panelSwitchRows and panelNumbersRows are the switch rows (15, and the
// query row of a scenario list) and the rows of numbers of a typical query
// (path, optimal, time, two phases, hierarchy, build) aboutRoom keeps room
// for.
const (
	panelSwitchRows  = 16
	panelNumbersRows = 7
)

// aboutLines wraps the panel's about text into at most maxAboutLines
// lines of width, the last cut with an ellipsis when it does not fit.
func (r *Renderer) aboutLines(w *world.World, width float64) []string {
	about := w.About
	if about == "" {
		// The map's size and open cells (OpenCount is a running count),
		// formatted only when the grid changed (FitPanel runs every tick).
		key := aboutKey{w.Grid, w.GridVersion()}
		if key != r.aboutGrid {
			r.aboutGrid = key
			r.aboutSize = fmt.Sprintf("%d×%d, %s open cells", w.Grid.Width(), w.Grid.Height(), world.Count(w.Grid.OpenCount()))
		}
		about = r.aboutSize
	}
	if about == r.aboutText && width == r.aboutWidth {
		return r.aboutWrapped
	}
	ft := r.fonts
	lines := wrap(ft, ft.UI, about, width)
	if len(lines) > maxAboutLines {
		lines = lines[:maxAboutLines]
		lines[maxAboutLines-1] = clip(ft, ft.UI, lines[maxAboutLines-1]+" …", width)
	}
	r.aboutText, r.aboutWidth, r.aboutWrapped = about, width, lines
	return lines
}

// TimelineBarRect returns the scrubber inside the timeline bar.
func TimelineBarRect(l Layout) image.Rectangle {
	r := l.Timeline
	return image.Rect(r.Min.X+10, r.Max.Y-18, r.Max.X-10, r.Max.Y-8)
}

// Gallery metrics: the box's title band, the gap between entries, an
// entry's name line and the height of one line of its about text.
const (
	galleryHead  = 48
	galleryGap   = 4
	galleryName  = 20
	galleryLineH = 17
)

// GalleryView is where the gallery draws: its box, and the rectangle of
// each entry. Every entry shows whole when the box holds them all; else the
// selected entry shows whole and the others are cut to the lines that let
// every entry show (their names at least), the cut ones ended with "…";
// only when even the names do not fit does the list scroll so that the
// selected entry shows. Entries scrolled out have an empty rectangle (not
// drawn, not clickable), and Above and Below count them.
type GalleryView struct {
	Box  image.Rectangle
	Rows []image.Rectangle
	// Lines is each entry's about text as shown, wrapped to the entry's
	// width (cut, with "…", when Cut).
	Lines [][]string
	Cut   []bool
	// More reports that some entries are scrolled out of the box: Above
	// of them above the first shown, Below under the last; Hint is where
	// the line saying so is drawn.
	More         bool
	Above, Below int
	Hint         image.Rectangle
}

// Gallery lays out the gallery of items on l with entry sel selected. It
// wraps every about text, so it costs a text measure per word: call it
// when the gallery is shown, not every frame of the map.
//
// At 175 % on 1280×800 the box showed four of the five cases whole, then
// blank space, and the fifth only after the arrow keys had scrolled to it,
// with no word that it was there (a user's report): the other entries now
// give up lines of their text before any entry is left out.
func (r *Renderer) Gallery(l Layout, items []GalleryItem, sel int) GalleryView {
	s := l.Screen
	w := max(0, min(760, s.Dx()-40))
	var v GalleryView
	full := make([][]string, len(items))
	height := func(n int) int { return galleryName + n*galleryLineH + 6 }
	total, most := 0, 0
	for i, it := range items {
		lines := wrap(r.fonts, r.fonts.UI, strings.ReplaceAll(it.About, "\n", " "), float64(w-24-50))
		if len(lines) == 1 && lines[0] == "" {
			lines = nil
		}
		full[i] = lines
		total += height(len(lines)) + galleryGap
		most = max(most, len(lines))
	}
	h := max(0, min(galleryHead+total+8, s.Dy()-40))
	x, y := s.Min.X+(s.Dx()-w)/2, s.Min.Y+(s.Dy()-h)/2
	v.Box = image.Rect(x, y, x+w, y+h)
	room := v.Box.Max.Y - 8 - (v.Box.Min.Y + galleryHead)
	// The lines each entry shows: all of them; else the selection's all
	// and the others' at most n, the most n that lets every entry show;
	// else the selection's cut too; else (the names alone do not fit) the
	// names, the selection's lines as far as they fit, scrolled.
	shown := make([]int, len(items))
	used := func() int {
		u := 0
		for _, n := range shown {
			u += height(n) + galleryGap
		}
		return u
	}
	fit := func(n, selN int) bool {
		for k := range items {
			shown[k] = min(len(full[k]), n)
			if k == sel {
				shown[k] = min(len(full[k]), selN)
			}
		}
		return used() <= room
	}
	fitted := false
	for n := most; n >= 0 && !fitted; n-- {
		fitted = fit(n, most)
	}
	for selN := most; selN >= 0 && !fitted; selN-- {
		fitted = fit(0, selN)
	}
	// Room left under the cut entries goes to them, a line at a time,
	// from the top (no blank band under the list).
	for grew := fitted; grew; {
		grew = false
		for k := range shown {
			if shown[k] < len(full[k]) && used()+galleryLineH <= room {
				shown[k]++
				grew = true
			}
		}
	}
	first := 0
	if !fitted {
		// Scroll, a line kept at the bottom to say what is out of view:
		// the first entry shown is the smallest one from which the
		// selection still fits, with as many of its lines as fit alone.
		room -= galleryLineH + 4
		fit(0, most)
		if sel >= 0 && sel < len(items) {
			for shown[sel] > 0 && height(shown[sel])+galleryGap > room {
				shown[sel]--
			}
			for first < sel {
				u := 0
				for k := first; k <= sel; k++ {
					u += height(shown[k]) + galleryGap
				}
				if u <= room {
					break
				}
				first++
			}
		}
	}
	v.Rows = make([]image.Rectangle, len(items))
	v.Lines = make([][]string, len(items))
	v.Cut = make([]bool, len(items))
	top := v.Box.Min.Y + galleryHead
	bottom := v.Box.Max.Y - 4
	if !fitted {
		bottom -= galleryLineH + 4 // the hint line's, and a gap
	}
	v.Above = first
	for k := first; k < len(items); k++ {
		hk := height(shown[k])
		if top+hk > bottom {
			v.Below = len(items) - k
			break
		}
		v.Rows[k] = image.Rect(v.Box.Min.X+12, top, v.Box.Max.X-12, top+hk)
		v.Lines[k] = full[k][:shown[k]]
		if shown[k] < len(full[k]) {
			v.Cut[k] = true
			v.Lines[k] = galleryCut(r.fonts, strings.ReplaceAll(items[k].About, "\n", " "), full[k], shown[k], float64(w-24-50))
			if n := len(v.Lines[k]); n > 0 && k != sel {
				// Say where the rest is: the entry selected shows whole.
				last := strings.TrimSuffix(strings.TrimRight(v.Lines[k][n-1], " "), "…")
				v.Lines[k][n-1] = aboutCut(r.fonts, last, float64(w-24-50), galleryRestNote)
			}
		}
		top += hk + galleryGap
	}
	v.More = v.Above > 0 || v.Below > 0
	if v.More {
		v.Hint = image.Rect(v.Box.Min.X+12, v.Box.Max.Y-6-galleryLineH, v.Box.Max.X-12, v.Box.Max.Y-6)
	}
	return v
}

// galleryRestNote ends an entry cut to fit: the entry selected (↑ ↓, as
// the title says) shows its whole text. A plain "…" did not say the rest
// was there to read.
const galleryRestNote = "(select it: all)"

// galleryCut returns about, wrapped to width as full, cut to n lines with
// "…" where text is left out, keeping its instruction: the sentence from
// "Press " (what the case asks one to try, "Press M: maximin and average
// minimum walk the corridor."). The first n lines lost it where it came
// late (pathological-minimum at 150 % on a small window, or 175 %): the
// text before it then gives up lines, cut with "…", and the instruction
// takes the last ones (ended with "…" when more followed it). A text with
// no instruction, or with it whole in the first n lines, is cut at its
// end.
func galleryCut(ft *Fonts, about string, full []string, n int, width float64) []string {
	if n <= 0 {
		return nil
	}
	plain := slices.Clone(full[:n])
	plain[n-1] = clip(ft, ft.UI, plain[n-1]+" …", width)
	i := strings.Index(about, "Press ")
	if i < 0 {
		return plain
	}
	end := len(about)
	if j := strings.Index(about[i:], ". "); j >= 0 {
		end = i + j + 1
	}
	instr := about[i:end]
	if strings.Contains(strings.Join(plain, " "), instr) {
		return plain
	}
	head, rest := strings.TrimSpace(about[:i]), strings.TrimSpace(about[end:])
	if rest != "" {
		instr += " …"
	}
	il := wrap(ft, ft.UI, instr, width)
	if len(il) >= n {
		il = il[:n]
		if !strings.HasSuffix(il[n-1], "…") {
			il[n-1] = clip(ft, ft.UI, il[n-1]+" …", width)
		}
		return il
	}
	hl := wrap(ft, ft.UI, head, width)
	if k := n - len(il); len(hl) > k {
		hl = hl[:k]
		hl[k-1] = clip(ft, ft.UI, hl[k-1]+" …", width)
	}
	return append(hl, il...)
}

// galleryHint is the gallery's line saying how many entries are scrolled
// out of view, and which way.
func galleryHint(v GalleryView) string {
	var parts []string
	if v.Above > 0 {
		parts = append(parts, fmt.Sprintf("↑ %d more above", v.Above))
	}
	if v.Below > 0 {
		parts = append(parts, fmt.Sprintf("↓ %d more below", v.Below))
	}
	return strings.Join(parts, " · ") + " (↑ ↓ or the wheel)"
}

func (r *Renderer) drawHUD(screen *ebiten.Image, f *Frame) {
	// The panel first: the top bar gives the answer while the panel's
	// numbers are scrolled out of view, and read the last frame's panel.
	// The window draws no frame while nothing changes, so once the pointer
	// left the map the bar kept the answer and the phase cut to "finished
	// …" over a panel showing the numbers again (a lecturer's run).
	if !f.Layout.Panel.Empty() {
		r.drawPanel(screen, f)
	}
	r.drawTop(screen, f)
	r.drawTimeline(screen, f)
	r.drawLegend(screen, f)
	// The map notes after the legend, which they keep off (and before the
	// message, which keeps off both), over every layer of the map.
	r.drawMapNotes(screen.SubImage(f.Layout.Map).(*ebiten.Image), f)
	if !f.OverlaysLater {
		r.DrawOverlays(screen, f)
	}
}

// DrawOverlays draws what lies above everything on the map: the message
// line, then the gallery, the help and a pending question. Draw does it
// itself unless f.OverlaysLater, which a caller drawing more on the map
// after Draw (the agents) sets, to call DrawOverlays last.
func (r *Renderer) DrawOverlays(screen *ebiten.Image, f *Frame) {
	if f.Layout.TooSmall {
		return // the note alone (drawTooSmall)
	}
	r.aa = antialiasOn(screen)
	if t := r.edgeTip; t.text != "" {
		// The hovered edge's tip over the agents and their panel, which
		// covered it (a new user's "intra edge (19…"), kept to the map.
		r.edgeTip = edgeTip{}
		if strings.Contains(t.text, "\n") {
			r.tooltipLines(screen.SubImage(f.Layout.Map).(*ebiten.Image), t.x, t.y, strings.Split(t.text, "\n"))
		} else {
			r.tooltip(screen.SubImage(f.Layout.Map).(*ebiten.Image), t.x, t.y, t.text)
		}
	}
	r.drawMessage(screen, f)
	r.drawTimelineTip(screen, f)
	if f.ShowGallery {
		r.drawGallery(screen, f)
	}
	if f.ShowHelp {
		r.drawHelp(screen, f)
	}
	if f.Prompt != nil {
		r.drawPrompt(screen, f)
	}
	if len(f.Confirm) > 0 {
		r.drawConfirm(screen, f)
	}
}

// fillRect fills rc with c (straight alpha). It draws one white pixel
// scaled over rc rather than a vector path: the HUD fills dozens of boxes a
// frame, and each vector call allocated its path (about 350 allocations a
// frame on the built-in world).
func fillRect(dst *ebiten.Image, rc image.Rectangle, c color.RGBA) {
	if rc.Empty() || c.A == 0 {
		return
	}
	var op ebiten.DrawImageOptions
	op.GeoM.Scale(float64(rc.Dx()), float64(rc.Dy()))
	op.GeoM.Translate(float64(rc.Min.X), float64(rc.Min.Y))
	op.ColorScale.ScaleWithColor(PM(c))
	dst.DrawImage(whitePixel(), &op)
}

// strokeRect outlines rc, one pixel wide inside it, with c.
func strokeRect(dst *ebiten.Image, rc image.Rectangle, c color.RGBA) {
	if rc.Dx() < 1 || rc.Dy() < 1 {
		return
	}
	x0, y0, x1, y1 := rc.Min.X, rc.Min.Y, rc.Max.X, rc.Max.Y
	fillRect(dst, image.Rect(x0, y0, x1, y0+1), c)
	if y1-1 > y0 {
		fillRect(dst, image.Rect(x0, y1-1, x1, y1), c)
	}
	fillRect(dst, image.Rect(x0, y0+1, x0+1, y1-1), c)
	if x1-1 > x0 {
		fillRect(dst, image.Rect(x1-1, y0+1, x1, y1-1), c)
	}
}

// whitePixel returns the 1×1 white image fillRect scales: the centre of a
// 3×3 white image, so that filtering never samples past its edge.
func whitePixel() *ebiten.Image {
	if whiteSub == nil {
		img := ebiten.NewImage(3, 3)
		img.Fill(color.White)
		whiteSub = img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	}
	return whiteSub
}

var whiteSub *ebiten.Image
