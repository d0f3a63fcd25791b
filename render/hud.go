package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"pathlens/game/world"
	"pathlens/maps"
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
}

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
// the width (PanelWidthFor).
func ComputeLayout(w, h int, panel bool) Layout {
	w, h = max(w, 1), max(h, 1)
	var l Layout
	l.Screen = image.Rect(0, 0, w, h)
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
		}
		top += hk + galleryGap
	}
	v.More = v.Above > 0 || v.Below > 0
	if v.More {
		v.Hint = image.Rect(v.Box.Min.X+12, v.Box.Max.Y-6-galleryLineH, v.Box.Max.X-12, v.Box.Max.Y-6)
	}
	return v
}

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

// drawTop draws the title bar: map name and size, algorithm, and the
// phase at the timeline's cursor, always named.
func (r *Renderer) drawTop(screen *ebiten.Image, f *Frame) {
	rc := f.Layout.Top
	if rc.Dy() < 12 {
		return
	}
	dst := screen.SubImage(rc).(*ebiten.Image)
	fillRect(dst, rc, color.RGBA{30, 33, 40, 255})
	w := f.World
	ft := r.fonts
	r.topShown = ""
	dirty := ""
	if w.Dirty() {
		dirty = " •"
	}
	size := fmt.Sprintf("%d×%d", w.Grid.Width(), w.Grid.Height())
	var answers []string
	var warn bool
	// The panel's numbers scrolled out of view (this frame's panel, drawn
	// first: the pointer on the map brings the inspector up on a short
	// window)
	// count as not shown: an engineer lost the cost and its distance from
	// the optimum whenever the pointer was over the map.
	numbersOut := !f.Layout.Panel.Empty() && r.panelShown.MaxFirst > 0 && r.panelShown.First > 0
	if (f.Layout.Panel.Empty() || numbersOut) && (f.CaptionIsHint || f.Caption == "") {
		// The panel is not shown (hidden with Tab, or dropped for want of
		// width): the answer's cost and how far it is from optimal go here
		// instead of the tool's hint (not instead of "painting: fill" or
		// "dragging goal"), or they were nowhere on screen. (Worded only
		// then: not every frame, to be dropped.)
		var full, short string
		full, short, warn = answerBriefs(w)
		if full != "" {
			answers = []string{full, short}
		}
	}
	layout := topBarLayout
	if !f.Layout.Panel.Empty() && stepping(w) {
		// The numbers are a wheel turn away, and the answer ("at the
		// end: …") is not what the map shows: the phase stepped to is.
		layout = topBarBeside
	}
	bar := layout(ft, w.Name+dirty, size, w.Settings.Algo.Title(), r.phaseLabel(w),
		ft.Width(ft.UI, fmt.Sprintf("tool: %s", f.Tool)), answers, float64(rc.Dx()))
	bar.warn = warn
	left, phase := bar.left, bar.phase
	ft.Draw(dst, ft.Bold, left, float64(rc.Min.X+10), float64(rc.Min.Y+6), ColText)
	x := float64(rc.Min.X) + 24 + ft.Width(ft.Bold, left)
	ft.Draw(dst, ft.Bold, phase, x, float64(rc.Min.Y+6), ColTextWarn)
	r.topShown = left + "  " + phase
	// On the right: the tool, always whole, and before it the tool's hint,
	// cut to the room left; or, while the panel is not shown, the answer.
	tool := fmt.Sprintf("tool: %s", f.Tool)
	x += ft.Width(ft.Bold, phase) + 24
	room := float64(rc.Max.X) - 10 - x
	tw := ft.Width(ft.UI, tool)
	before, bc := f.Caption, ColTextDim
	if f.Recording {
		// A recording's frame shows the query, not the controls: no
		// tool, nor its standing hint (an answer still shows).
		tool, tw = "", -16
		if f.CaptionIsHint {
			before = ""
		}
	}
	if room <= tw {
		return
	}
	tx := float64(rc.Max.X) - 10 - tw
	if tool != "" {
		ft.Draw(dst, ft.UI, tool, tx, float64(rc.Min.Y+7), ColTextDim)
		defer func() { r.topShown += "  " + tool }()
	}
	if bar.answer != "" {
		before = bar.answer
		if bar.warn {
			bc = ColTextWarn
		}
	}
	if bar.phaseCut && f.CaptionIsHint && bar.answer == "" {
		before = "" // the phase gave words away: the hint gives way first
	}
	if before != "" && (room-tw-16 > 80 || ft.Width(ft.UI, before) <= room-tw-16) {
		if bar.answer == "" {
			before = clauses(ft, before, room-tw-16)
		}
		before = clip(ft, ft.UI, before, room-tw-16)
		ft.Draw(dst, ft.UI, before, tx-16-ft.Width(ft.UI, before), float64(rc.Min.Y+7), bc)
		r.topShown += "  " + before
	}
}

// clauses drops a hint's last "; " clauses while it is wider than room:
// the query tool's hint was cut mid-word on a gallery case ("click start,
// then goal; drag S o…"), where "click start, then goal" reads whole.
func clauses(ft *Fonts, s string, room float64) string {
	for ft.Width(ft.UI, s) > room {
		i := strings.LastIndex(s, "; ")
		if i <= 0 {
			break
		}
		s = s[:i]
	}
	return s
}

// TopBarShown returns the top bar's text as last drawn: the left text, the
// phase, the hint or answer, and the tool, two spaces apart.
func (r *Renderer) TopBarShown() string { return r.topShown }

// answerBrief is the answer in a few words for the top bar while the panel
// is not shown: "cost 54.284, optimal 38.000 (+42.85%)", "no path", or ""
// while there is no answer yet. warn is true when the cost is over 1 %
// above optimal (the panel's warning colour).
func answerBrief(w *world.World) (s string, warn bool) {
	s, _, warn = answerBriefs(w)
	return s, warn
}

// answerBriefs is answerBrief, and the same answer in fewer words for a
// narrow bar: "cost 54.284 (+42.85%)", the optimum's own cost left out
// (the percentage says how far the answer is from it).
func answerBriefs(w *world.World) (full, short string, warn bool) {
	o := &w.Outcome
	if !w.HasStart || !w.HasGoal || o.Err != nil || pendingAnswer(w) {
		return "", "", false
	}
	if o.Status != pathing.Found {
		st := o.Status.String()
		if stepping(w) {
			st = "at the end: " + st
		}
		return st, st, false
	}
	s := fmt.Sprintf("cost %.3f", o.Cost)
	if stepping(w) {
		s = "at the end: " + s // as the panel's title says (drawNumbers)
	}
	opt := &w.Optimal
	if !opt.Known || !opt.Found {
		return s, s, false
	}
	sub, warn := shownSubopt(w)
	switch {
	case math.IsNaN(sub):
		return s, s, false
	case sub == 0:
		return s + " (optimal)", s + " (optimal)", false
	}
	pct := fmt.Sprintf("(%+.2f%%)", 100*sub)
	return s + fmt.Sprintf(", optimal %.3f ", opt.Cost) + pct, s + " " + pct, warn
}

// stepping reports whether the query's timeline is shown before its end
// (stepped, played or sought into), or its trace was cut short, so that
// the map shows the search part way while the answer's figures are those
// of its end.
func stepping(w *world.World) bool {
	tl := &w.Timeline
	if tr := tl.Trace(); tr != nil && tr.Truncated {
		return true // even at its end: the search went on past the cut (a reviewer's 1500² map)
	}
	return tl.Len() > 0 && !tl.AtEnd()
}

// topBarParts is what the top bar shows: its bold left text (name, size,
// algorithm) and phase, and the answer to draw before the tool ("" for the
// tool's hint or caption, cut to what room is left).
type topBarParts struct {
	left, phase string
	answer      string
	warn        bool
	// phaseCut is true when the phase lost words (its count, its "phase: "
	// prefix) for want of room: the tool's hint then takes none.
	phaseCut bool
}

// topBarLayout fits the top bar of a window width px wide: the left text
// and the phase as topBarText does, and, while the panel is not shown,
// the answer (answers: the full words, then fewer), which is then the only
// place the path's cost and its distance from optimal are on screen. The
// phase stays named, and the tool (toolW px) stays whole at the right end.
// The answer stands where the tool's hint does, and like the hint it gives
// way before the phase: the map's size goes first, then the answer's
// words ("optimal …"), and only then the phase count and the "phase: "
// prefix; the answer keeps its percentage throughout. Without the room
// for that, the phase is cut before the answer is.
//
// At 150 % the phase lost its count and prefix while the answer kept every
// word: the phase the map shows gave way to what the answer repeats.
//
// A 1024×768 projector at 175 % (a 586 px bar) showed the phase and the
// tool only: the fuller left text took the room, and the panel, dropped for
// want of width, was the answer's only other place (a user's report).
func topBarLayout(ft *Fonts, name, size, algo, phase string, toolW float64, answers []string, width float64) topBarParts {
	if len(answers) == 0 {
		return topBarWithTool(ft, name, size, algo, phase, toolW, width)
	}
	if bar, ok := topBarAnswerFit(ft, name, size, algo, phase, toolW, answers, width); ok {
		return bar
	}
	need := func(l, p, a string) float64 { return topBarNeed(ft, l, p, a, toolW) }
	tries := topBarTries(name, size, algo, phase)
	// Still too narrow: the algorithm goes, then the phase is cut with
	// "…", before the short answer is. With the panel gone the answer is
	// nowhere else: at 640×400 the gallery's pathological-minimum (a long
	// name) showed its size and "phase:" and no cost (a user's report).
	a := answers[len(answers)-1]
	last := tries[len(tries)-1]
	if need(last[0], last[1], a) <= width {
		return topBarParts{left: last[0], phase: last[1], answer: a}
	}
	if room := width - need(last[0], "", a); room >= minPhaseW {
		return topBarParts{left: last[0], phase: clip(ft, ft.Bold, last[1], room), answer: a}
	}
	left, ph := topBarText(ft, name, size, algo, phase, width-10)
	return topBarParts{left: left, phase: ph, answer: a}
}

// topBarBeside is topBarLayout while a query is stepped and the panel is
// shown with its numbers scrolled out of view (the pointer on the map
// brings the inspector up on a short window): the answer, of the query's
// end, is then a wheel turn away, so it takes only
// the room the whole phase name leaves, and gives way to it. At 150 % on
// a 1280×800 projector, stepping HPA* with the pointer on the map cut the
// phase to "insert G L2 (sea…" to keep "at the end: cost 158.113
// (+0.53%)" (a lecturer's run).
func topBarBeside(ft *Fonts, name, size, algo, phase string, toolW float64, answers []string, width float64) topBarParts {
	if bar, ok := topBarAnswerFit(ft, name, size, algo, phase, toolW, answers, width); ok {
		return bar // each names the phase whole
	}
	return topBarWithTool(ft, name, size, algo, phase, toolW, width)
}

// topBarWithTool fits the left text and the phase beside the tool (toolW
// px, drawn whole at the right end) when there is no answer to place: the
// map's size, the phase count and the "phase: " prefix give way to the
// tool, which is named nowhere else; the phase's name is not cut for it
// (topBarText's fit without the tool then, and the tool is left out). The
// tool's hint takes only what room is left, so it gives way first.
//
// At 150 % on a 1024×768 window the bar kept the map's size and "· phase 8
// of 33" (the timeline bar's figure too) and left out the tool.
func topBarWithTool(ft *Fonts, name, size, algo, phase string, toolW, width float64) topBarParts {
	tries := topBarTries(name, size, algo, phase)
	for _, t := range tries[:len(tries)-1] { // the algorithm stays before the tool
		if 10+ft.Width(ft.Bold, t[0])+14+ft.Width(ft.Bold, t[1])+24+toolW+10 < width {
			return topBarParts{left: t[0], phase: t[1], phaseCut: t[1] != tries[0][1]}
		}
	}
	left, ph := topBarText(ft, name, size, algo, phase, width-10)
	return topBarParts{left: left, phase: ph, phaseCut: ph != tries[0][1]}
}

// topBarNeed is the width the top bar takes for left text l, phase p,
// answer a and a tool toolW px wide. The gaps are drawTop's: 10 before
// the left text, 14 to the phase, 24 to the answer, 16 to the tool, 10
// after it.
func topBarNeed(ft *Fonts, l, p, a string, toolW float64) float64 {
	return 10 + ft.Width(ft.Bold, l) + 14 + ft.Width(ft.Bold, p) + 24 + ft.Width(ft.UI, a) + 16 + toolW + 10
}

// topBarAnswerFit is the fullest top bar with an answer in width px whose
// phase keeps its name whole, and false when there is none. The answer
// stands where the tool's hint does and, like the hint, gives way before
// the phase: the map's size goes first, then the answer's words (answers:
// the full words, then fewer), and only then the phase count and the
// "phase: " prefix, the answer at its shortest.
func topBarAnswerFit(ft *Fonts, name, size, algo, phase string, toolW float64, answers []string, width float64) (topBarParts, bool) {
	tries := topBarTries(name, size, algo, phase)
	for j, a := range answers {
		last := j == len(answers)-1
		for i, t := range tries[:len(tries)-1] { // the name alone says too little
			switch {
			case i == 0 && j > 0:
				continue // the map's size goes before the answer's words
			case t[1] != tries[0][1] && !last:
				continue // the phase's words go only after the answer's
			}
			if topBarNeed(ft, t[0], t[1], a, toolW) <= width {
				return topBarParts{left: t[0], phase: t[1], answer: a}, true
			}
		}
	}
	return topBarParts{}, false
}

// minPhaseW is the least width the top bar's phase is cut to, in pixels,
// to make room for the answer (a few letters and "…").
const minPhaseW = 60

// shownSubopt is w's suboptimality as the panel and the top bar show it:
// 0 within rounding of the optimum (no "-0.00%"), and warn when it is over
// 1 %, drawn in the warning colour.
func shownSubopt(w *world.World) (sub float64, warn bool) {
	sub = w.Suboptimality()
	if math.Abs(sub) < 5e-5 {
		sub = 0
	}
	return sub, sub > 0.01
}

// topBarText returns the top bar's left text (name, size, algorithm) and
// its phase text for a bar width px wide. The phase is the one thing the
// bar must always name, so on a narrow window the map size goes first,
// then the "· phase k of n" count, then the "phase: " prefix, before the
// phase name itself is cut with "…".
func topBarText(ft *Fonts, name, size, algo, phase string, width float64) (string, string) {
	fits := func(left, ph string) bool {
		return 14+ft.Width(ft.Bold, left)+24+ft.Width(ft.Bold, ph) <= width
	}
	tries := topBarTries(name, size, algo, phase)
	for _, t := range tries {
		if fits(t[0], t[1]) {
			return t[0], t[1]
		}
	}
	left, short := tries[len(tries)-1][0], tries[len(tries)-1][1]
	return left, clip(ft, ft.Bold, short, width-14-ft.Width(ft.Bold, left)-24) // cut with "…", not mid-letter
}

// topBarTries are the top bar's left text and phase from the fullest to the
// shortest: the map size goes first, then the "· phase k of n" count, the
// "phase: " prefix and the algorithm.
func topBarTries(name, size, algo, phase string) [][2]string {
	short := phase
	if i := strings.LastIndex(phase, " · phase "); i > 0 {
		short = phase[:i]
	}
	return [][2]string{
		{name + "  " + size + "   " + algo, "phase: " + phase},
		{name + "   " + algo, "phase: " + phase},
		{name + "   " + algo, "phase: " + short},
		{name + "   " + algo, short},
		{name, short},
	}
}

// PhaseLabel returns the phase the top bar names for w (see phaseLabel):
// the app's event log records it with each screenshot.
func (r *Renderer) PhaseLabel(w *world.World) string { return r.phaseLabel(w) }

// phaseLabel names what the cursor shows: the phase of the last applied
// event, "finished" at the end, "before the first event" at 0.
func (r *Renderer) phaseLabel(w *world.World) string {
	tl := &w.Timeline
	if s, ok := busyLabel(w); ok {
		return s
	}
	switch {
	case tl.Len() == 0 && w.Outcome.Err != nil:
		return "not run (error)"
	case tl.Len() == 0 && untracedAnswer(w):
		return "live answer, not recorded (the timeline comes when you let go)"
	case tl.Len() == 0 && w.HasStart && w.HasGoal:
		return "answered without search events"
	case tl.Len() == 0:
		return "no query"
	case tl.AtEnd() && tl.Trace().Truncated:
		// The map shows the search only as far as the trace kept it.
		return "trace cut here (the search went on) · phase: " + w.PhaseName()
	case tl.AtEnd():
		// Phases after the last event searched nothing (refinement read
		// from the path cache, steps crossing a border): naming the
		// last event's phase "last phase" hid them.
		if n := len(tl.Trace().Phases) - 1 - tl.Phase(); n > 0 {
			later := "later phases"
			if n == 1 {
				later = "later phase"
			}
			return fmt.Sprintf("finished · last search: %s (%d %s searched nothing)", w.PhaseName(), n, later)
		}
		return "finished · last phase: " + w.PhaseName()
	case tl.Cursor() == 0:
		// The phase of the first event (Timeline.Phase), as the
		// timeline's hover tip names it there.
		return "before the first event · next: " + w.PhaseName()
	}
	tr := tl.Trace()
	k := tl.Phase()
	name := w.PhaseName()
	if lv := levelWord(int(tr.Phases[k].Level)); len(tr.Phases) > 1 && !smoothingPhase(name) && !strings.Contains(name, lv) {
		name += " (search on " + lv + ")"
	}
	if len(tr.Phases) == 1 {
		return name // "A*", not "A* · phase 1 of 1": the bottom bar counts none either
	}
	return fmt.Sprintf("%s · phase %d of %d", name, k+1, len(tr.Phases))
}

// busyLabel says what the session is doing while its answer is not in
// (world.Busy): "building the group hierarchy…", "A* has expanded 41,984
// cells…" (the Outcome's note without its "planning: " prefix), "recording
// the search…" while a hierarchical answer waits a frame for its trace.
// ok is false when the session is not busy, or busy only with the
// structure of a query not yet asked (the phase is then "no query").
func busyLabel(w *world.World) (string, bool) {
	if !w.Busy() || !w.HasStart || !w.HasGoal {
		return "", false
	}
	o := &w.Outcome
	switch {
	case pendingAnswer(w):
		s := strings.TrimPrefix(o.Note, "planning: ")
		switch {
		case s == "":
			return "planning…", true
		case strings.HasPrefix(s, "when "): // "when the stroke ends (its cells are repaired then)…"
			return "planning " + s, true
		}
		return s, true
	case o.Err == nil && w.Timeline.Len() == 0:
		return "recording the search…", true
	}
	return "", false
}

// pendingAnswer reports whether the current query's answer is not in yet:
// the Outcome then has no path, no cost and no figures, only a note.
func pendingAnswer(w *world.World) bool {
	return w.Busy() && w.HasStart && w.HasGoal && w.Outcome.Status == pathing.Running && w.Outcome.Err == nil
}

// strokeHoldsRepair reports whether a stroke in progress holds back the
// hierarchy's repair (grids above 256×256 whose repairs are slow: the plan
// waits for the stroke's end, and the session's note says so). Until it
// ends, the installed hierarchy is the one from before the stroke: its
// groups, nodes and edges, the inspector's level rows and the edge tooltip
// are not those of the painted grid.
func strokeHoldsRepair(w *world.World) bool {
	_, painting := w.Painting()
	return painting && pendingAnswer(w) && strings.Contains(w.Outcome.Note, "when the stroke ends")
}

// StaleStructureNote is the map note shown over the structure layers while
// a stroke holds back the repair (strokeHoldsRepair).
const StaleStructureNote = "groups, nodes and edges as before this stroke: repaired when it ends"

// untracedAnswer reports whether the answer shown was searched for but not
// recorded: on a grid above 256×256 a goal drag or a stroke replans live
// without a trace, and the full timeline comes when the mouse is let go.
// The search ran (the panel gives its expansions), so the top bar must not
// say it was "answered without search events", nor the inspector that a
// cell was "not reached".
func untracedAnswer(w *world.World) bool {
	o := &w.Outcome
	return w.HasStart && w.HasGoal && !o.Traced && o.Err == nil && o.Status != pathing.Running && o.Expanded > 0
}

// drawTimeline draws the playback bar: state, cursor, speed, current event
// and a scrubber with every phase as a coloured span.
func (r *Renderer) drawTimeline(screen *ebiten.Image, f *Frame) {
	rc := f.Layout.Timeline
	if rc.Dy() < 20 {
		return
	}
	dst := screen.SubImage(rc).(*ebiten.Image)
	fillRect(dst, rc, color.RGBA{30, 33, 40, 255})
	w := f.World
	tl := &w.Timeline
	ft := r.fonts
	line := fitStatus(ft, timelineParts(w, f.Recording), float64(rc.Dx()-20))
	st := timelineStatusRect(f.Layout, ft.LineHeight(ft.UI))
	ft.Draw(dst, ft.UI, line, float64(rc.Min.X+10), float64(st.Min.Y), ColText)

	bar := TimelineBarRect(f.Layout)
	fillRect(dst, bar, color.RGBA{55, 60, 70, 255})
	n := tl.Len()
	if n > 0 && bar.Dx() > 0 {
		tr := tl.Trace()
		for k, ph := range tr.Phases {
			end := tr.PhaseEnd(k)
			x0 := bar.Min.X + int(float64(bar.Dx())*float64(ph.Start)/float64(n))
			x1 := bar.Min.X + int(float64(bar.Dx())*float64(end)/float64(n))
			c := ColPlan[min(ph.Level, len(ColPlan)-1)]
			if ph.Level == 0 {
				c = ColClosed
			}
			c.A = 200
			fillRect(dst, image.Rect(x0, bar.Min.Y, max(x1, x0+1), bar.Max.Y), c)
			vector.StrokeLine(dst, float32(x0), float32(bar.Min.Y-3), float32(x0), float32(bar.Max.Y), 1, color.White, false)
		}
		cx := float32(bar.Min.X) + float32(bar.Dx())*float32(tl.Cursor())/float32(n)
		vector.DrawFilledRect(dst, cx-1.5, float32(bar.Min.Y-5), 3, float32(bar.Dy()+8), PM(ColCurrent), false)
		// Hovering the scrubber names the phase under the mouse: its
		// colours alone did not say which span was which. The tip is
		// drawn with the overlays (DrawOverlays), over the legend and the
		// message too.
		if f.MouseOK && image.Pt(int(f.MouseX), int(f.MouseY)).In(bar.Inset(-6)) {
			if tip := timelineTip(tr, n, TimelineCursorAt(bar, n, f.MouseX)); tip != "" {
				// Wrapped to the scrubber's width, not cut: at 175 % the
				// event range, the part one scrubs for, was lost to "…"
				// (a user's report).
				r.tipText = tip
				r.tipLines = wrapHard(ft, ft.UI, tip, math.Max(float64(bar.Dx())-24, 1))
				wd := 0.0
				for _, l := range r.tipLines {
					wd = math.Max(wd, ft.Width(ft.UI, l))
				}
				r.tipRect = timelineTipBox(f.Layout, wd, tipHeight(ft, len(r.tipLines)), float32(f.MouseX))
			}
		}
	}
}

// timelineTipBox is where the scrubber's tip, text wd pixels wide in a
// box h pixels high, goes for the pointer at x: right above the timeline
// bar, over the bottom of the map area, kept within the scrubber's columns
// (tipBoxH). Placed just above the scrubber it covered the bar's status
// line (the event, the phase's expansions, the last event), which is what
// one reads while scrubbing (a user's report).
func timelineTipBox(l Layout, wd float64, h int, x float32) image.Rectangle {
	return tipBoxH(wd, h, l.Screen, TimelineBarRect(l), x, float32(l.Timeline.Min.Y-2+tipRise-h))
}

// tipHeight is the height of a tooltip box of n lines.
func tipHeight(ft *Fonts, n int) int {
	return tipH + max(0, n-1)*int(math.Ceil(ft.LineHeight(ft.UI)))
}

// timelineStatusRect is where the timeline bar's status line is drawn.
func timelineStatusRect(l Layout, lineH float64) image.Rectangle {
	rc := l.Timeline
	return image.Rect(rc.Min.X, rc.Min.Y+6, rc.Max.X, rc.Min.Y+6+int(math.Ceil(lineH)))
}

// drawTimelineTip draws the scrubber's tip placed this frame, if any.
func (r *Renderer) drawTimelineTip(screen *ebiten.Image, f *Frame) {
	if r.tipText == "" {
		return
	}
	ft := r.fonts
	// Placed before the message was (drawTimeline runs first): moved off
	// it now, since it covered the map's message (a user test).
	r.tipRect = tipClearOf(r.tipRect, TimelineBarRect(f.Layout), r.msgRect, r.legendRect)
	fillRect(screen, r.tipRect, color.RGBA{10, 10, 14, 235})
	strokeRect(screen, r.tipRect, ColEdgeHot)
	lh := math.Ceil(ft.LineHeight(ft.UI))
	for i, l := range r.tipLines {
		ft.Draw(screen, ft.UI, l, float64(r.tipRect.Min.X+8), float64(r.tipRect.Min.Y+3)+float64(i)*lh, ColText)
	}
}

// timelineStatus is the timeline's status line: playing or paused, the
// cursor, the expansions of the cursor's phase, the speed, and the last
// event applied; at event 0, that the answer is drawn as it is found
// (startNote). It is every part of timelineParts, as a bar wide enough
// for them shows it.
func timelineStatus(w *world.World) string {
	parts := timelineParts(w, false)
	s := make([]string, len(parts))
	for i, p := range parts {
		s[i] = p.text
	}
	return strings.Join(s, "   ")
}

// statusPart is one part of the timeline's status line; keep ranks what
// a narrow bar keeps: the lower, the sooner it is dropped.
type statusPart struct {
	text string
	keep int
}

// timelineParts returns the parts of the status line in the order they
// show (timelineStatus). In a recording's frame (recording) the line has
// no playback state and no speed: the recorder, not the user, moves the
// cursor.
func timelineParts(w *world.World, recording bool) []statusPart {
	tl := &w.Timeline
	state := "paused  "
	if w.Play.Playing {
		state = "playing  "
	}
	if recording {
		state = ""
	}
	head := fmt.Sprintf("%sevent %s / %s", state, world.Count(tl.Cursor()), world.Count(tl.Len()))
	if tr := tl.Trace(); tr != nil && tr.Truncated {
		head += " (the trace was cut there: the search went on)"
	}
	parts := []statusPart{{head, 5}}
	if s := expandedLabel(w); s != "" {
		// Kept before the speed: it is what A* against Dijkstra compares
		// on a projector (a teacher lost it at 175 %, keeping the speed).
		parts = append(parts, statusPart{s, 4})
	}
	if !recording {
		parts = append(parts, statusPart{fmt.Sprintf("speed %s ev/s", fmtSpeed(w.Play.Speed)), 3})
	}
	if tl.Cursor() == 0 && tl.Len() > 0 && len(w.Outcome.Path) >= 2 {
		parts = append(parts, statusPart{startNote(w), 2})
	}
	if e, ok := tl.Current(); ok {
		p, _ := w.NodeCell(int(e.Level), e.Node)
		if !e.Kind.Search() {
			parts = append(parts, statusPart{"last: " + lineCheckText(w, e), 1})
		} else {
			lv := levelWord(int(e.Level))
			if e.Level == 0 {
				lv = "cell"
			}
			parts = append(parts, statusPart{fmt.Sprintf("last: %s %s %s g %.2f h %.2f", e.Kind, lv, nodeKey(w, int(e.Level), p), e.G, e.H), 1})
		}
	}
	return parts
}

// fitStatus joins the parts of the status line that fit in width, whole:
// when all do not, the least kept go first (the last event, the start
// note, the speed, the expansions), so a bar narrowed by a large UI scale
// shows "paused  event 4,070 / 4,070   expanded 2,368 / 2,368" rather than a line
// cut mid-figure ("speed 20…", "last: line (117,82)→(…", a user's report
// at 175 %). Only a first part too wide by itself is cut with "…".
func fitStatus(ft *Fonts, parts []statusPart, width float64) string {
	join := func(minKeep int) string {
		var b strings.Builder
		for _, p := range parts {
			if p.keep < minKeep {
				continue
			}
			if b.Len() > 0 {
				b.WriteString("   ")
			}
			b.WriteString(p.text)
		}
		return b.String()
	}
	for k := 0; k <= 5; k++ {
		if s := join(k); ft.Width(ft.UI, s) <= width || k == 5 {
			return clip(ft, ft.UI, s, width)
		}
	}
	return ""
}

// startNote is the status line's word at event 0 of a query with an
// answer: nothing of the answer is drawn there (drawPath, drawPlans), and
// a map with no path on it looks like a query that failed.
func startNote(w *world.World) string {
	what := "the path appears"
	if len(w.Outcome.Segments) > 1 {
		what = "the plans and the route appear"
	}
	return what + " as the searches find them: play or step"
}

// phaseExpanded counts the expansions (pops at the phase's own level) of
// the search in the timeline cursor's phase: done up to the cursor, and
// total in the whole phase, so a class stepping Dijkstra or A* sees the
// closed set grow toward the figure the panel gives for the finished query
// (the event count runs three to four times faster: pushes and relaxations
// are events too). ok is false without a trace or when the phase expands
// nothing (smoothing checks cells instead). Cost: a step back over the
// phase's events of other levels, usually none; PopOrder ranks the trace
// once per query.
func phaseExpanded(tl *world.Timeline) (done, total int, ok bool) {
	tr := tl.Trace()
	k := tl.Phase()
	if tr == nil || k < 0 || k >= len(tr.Phases) {
		return 0, 0, false
	}
	ph := tr.Phases[k]
	end := tr.PhaseEnd(k)
	upTo := func(n int) int { // pops at ph.Level among events [ph.Start, n)
		for j := n - 1; j >= ph.Start; j-- {
			e := &tr.Events[j]
			if int(e.Level) != ph.Level {
				continue
			}
			c := tl.PopOrder(j)
			if e.Kind == pathing.EventPop {
				c++
			}
			return c
		}
		return 0
	}
	if total = upTo(end); total == 0 {
		return 0, 0, false
	}
	return upTo(min(tl.Cursor(), end)), total, true
}

// expandedLabel is the timeline bar's count of the cursor phase's
// expansions ("expanded 12 / 89", and "in phase 5 of 24" when there are
// several phases: the panel adds up phases of one kind, e.g. the group
// walk's "cells" over every segment, so the phase must be named to tell
// its count from the panel's). At the end of a query of several phases it
// is the query's expansions in all, the panel's "524 expanded" ("expanded
// 524 in all 33 phases"): the last phase's own figure, or none after
// HPA*'s smoothing, left the bar with no expansions where A*'s end shows
// "expanded 4,252 / 4,252" (a teacher's report). In a smoothing phase,
// which checks cells along straight lines and expands none, it counts the
// lines tried ("smoothing: lines tried 12 / 40, no expansions"). "" when
// the phase expands nothing otherwise.
func expandedLabel(w *world.World) string {
	tl := &w.Timeline
	tr := tl.Trace()
	if tr == nil || tl.Len() == 0 {
		return ""
	}
	if len(tr.Phases) > 1 && tl.AtEnd() {
		return fmt.Sprintf("expanded %s in all %d phases", world.Count(w.Outcome.Expanded), len(tr.Phases))
	}
	if done, total, ok := smoothLines(tl); ok {
		return fmt.Sprintf("smoothing: lines tried %s / %s, no expansions", world.Count(done), world.Count(total))
	}
	done, total, ok := phaseExpanded(tl)
	if !ok {
		return ""
	}
	s := fmt.Sprintf("expanded %s / %s", world.Count(done), world.Count(total))
	if len(tr.Phases) > 1 {
		s += fmt.Sprintf(" in phase %d of %d", tl.Phase()+1, len(tr.Phases))
	}
	return s
}

// smoothLines counts the straight lines (line events) a smoothing phase at
// the timeline's cursor has tried so far and in all; ok is false outside
// such a phase. Cost: a pass over the phase's events.
func smoothLines(tl *world.Timeline) (done, total int, ok bool) {
	tr := tl.Trace()
	k := tl.Phase()
	if tr == nil || k < 0 || k >= len(tr.Phases) || !smoothingPhase(tr.Phases[k].Name) {
		return 0, 0, false
	}
	cur := tl.Cursor()
	for j := tr.Phases[k].Start; j < tr.PhaseEnd(k); j++ {
		if tr.Events[j].Kind != pathing.EventLine {
			continue
		}
		total++
		if j < cur {
			done++
		}
	}
	return done, total, true
}

// TimelineCursorAt returns the timeline cursor (events applied: the bar's
// "event N", 0 before the first) that a click or drag at x on the
// scrubber bar of a timeline of n events seeks to: the place whose marker
// is nearest x. The hover tip names the same event (timelineTip): the tip
// floored where the click rounded, and named the next event on the left
// half of each event's span (a teacher's "event 710" hover, 709 click).
func TimelineCursorAt(bar image.Rectangle, n int, x float64) int {
	if n <= 0 || bar.Dx() <= 0 || math.IsNaN(x) {
		return 0
	}
	f := (x - float64(bar.Min.X)) / float64(bar.Dx())
	return int(math.Round(math.Max(0, math.Min(1, f)) * float64(n)))
}

// timelineTip describes the timeline place cursor (0..n, as
// TimelineCursorAt gives it) of a timeline of n events of tr: the event a
// click there seeks to and the phase it belongs to (the top bar's phase
// there), with the level its search runs on and the phase's event range;
// "" when there is nothing to name.
func timelineTip(tr *pathing.Trace, n, cursor int) string {
	if tr == nil || n <= 0 {
		return ""
	}
	cursor = max(0, min(n, cursor))
	ev := "event " + world.Count(cursor)
	if cursor == 0 {
		ev += " (before the first)"
	}
	k := tr.PhaseAt(max(cursor-1, 0))
	if k < 0 {
		return ev
	}
	ph := tr.Phases[k]
	end := tr.PhaseEnd(k)
	what := "search on " + levelWord(int(ph.Level)) + ", "
	if smoothingPhase(ph.Name) {
		what = "lines tried on the path, " // no search
	}
	return fmt.Sprintf("%s · phase %d of %d: %s (%sevents %s–%s)", ev, k+1, len(tr.Phases), ph.Name, what, world.Count(ph.Start+1), world.Count(end))
}

// smoothingPhase reports whether a phase is path smoothing, which tries
// straight lines on the path rather than searching a level.
func smoothingPhase(name string) bool { return strings.HasPrefix(name, "smooth") }

func fmtSpeed(s float64) string {
	if s >= 1000 {
		return fmt.Sprintf("%gk", s/1000)
	}
	return fmt.Sprintf("%g", s)
}

// drawPanel draws the right panel: title, switches, numbers, inspector.
func (r *Renderer) drawPanel(screen *ebiten.Image, f *Frame) {
	rc := f.Layout.Panel
	r.panelW = rc.Dx()
	dst := screen.SubImage(rc).(*ebiten.Image)
	fillRect(dst, rc, color.RGBA{22, 24, 29, 255})
	vector.StrokeLine(dst, float32(rc.Min.X)+0.5, 0, float32(rc.Min.X)+0.5, float32(rc.Max.Y), 1, PM(ColPanelEdge), false)
	ft := r.fonts
	w := f.World
	x := float64(rc.Min.X + 10)
	y := float64(rc.Min.Y + 8)
	ft.Draw(dst, ft.Bold, clip(ft, ft.Bold, w.Name, float64(rc.Dx()-20)), x, y, ColText)
	lay := f.Layout
	lines := r.aboutLines(w, float64(rc.Dx()-20))
	if lay.AboutLines == 0 { // a caller that did not fit the panel: keep to its two lines
		lay.AboutLines = 2
		if len(lines) > 2 {
			lines = append(lines[:1:1], clip(ft, ft.UI, lines[1]+" …", float64(rc.Dx()-20)))
		}
	}
	for i := 0; i < len(lines) && i < lay.AboutLines; i++ {
		l := lines[i]
		if i == lay.AboutLines-1 && len(lines) > lay.AboutLines {
			l = clip(ft, ft.UI, l+" …", float64(rc.Dx()-20))
		}
		ft.Draw(dst, ft.UI, l, x, float64(rc.Min.Y+aboutTop+i*aboutLineH), ColTextDim)
	}
	// Switches.
	sy := rc.Min.Y + switchTop(lay)
	rows := len(f.Switches)
	if lay.Folded {
		r.sectionTitle(dst, float64(rc.Dx()-20), x, float64(sy-19), "Switches (folded: click to show)", "Switches (folded: click)", "Switches (folded)")
		ft.Draw(dst, ft.UI, clip(ft, ft.UI, switchSummary(f.Switches), float64(rc.Dx()-20)), x, float64(sy+1), ColText)
		rows = 1
	} else {
		r.sectionTitle(dst, float64(rc.Dx()-20), x, float64(sy-19), "Switches (click or key)", "Switches")
	}
	for i, s := range f.Switches {
		row := SwitchRowRect(lay, i)
		if row.Empty() {
			break
		}
		if f.MouseOK && image.Pt(int(f.MouseX), int(f.MouseY)).In(row) {
			fillRect(dst, row, color.RGBA{50, 56, 70, 255})
		}
		lc, vc := ColTextDim, ColText
		if s.Dim {
			lc, vc = color.RGBA{100, 104, 112, 255}, color.RGBA{120, 124, 132, 255}
		}
		ft.Draw(dst, ft.UI, s.Label, float64(row.Min.X+6), float64(row.Min.Y+1), lc)
		val, keys := switchRowText(ft, s, float64(row.Dx()))
		ft.Draw(dst, ft.UI, val, float64(row.Min.X+switchValueX), float64(row.Min.Y+1), vc)
		ft.Draw(dst, ft.Mono, keys, float64(row.Max.X)-6-ft.Width(ft.Mono, keys), float64(row.Min.Y+2), ColTextDim)
	}
	y = float64(sy + rows*rowH + 10)
	// Measure first (nil images draw nothing): when the numbers and the
	// inspector do not both fit, the phases go on one row.
	width := float64(rc.Dx() - 20)
	need := r.drawNumbers(nil, f, 0, 0, width, false) + 8 + r.openListHeight(f.World) + r.inspectorMaxHeight(f.World)
	compact := y+need > float64(rc.Max.Y)
	// Still too tall (a short window, or a large UI scale): the numbers
	// and the inspector scroll under the switches by whole lines, and a
	// line says which way more lies (panelView).
	v := r.panelView(f, int(y), rc.Max.Y, width, compact, f.PanelScroll)
	r.panelMax = v.MaxFirst
	r.panelShown = v
	if v.MaxFirst == 0 {
		y = r.drawNumbers(dst, f, x, y, width, compact)
		y = r.drawOpenList(dst, f, x, y+8)
		r.drawInspector(dst, f, x, y, width)
		return
	}
	hint := func(y0 int, s string) {
		fillRect(dst, image.Rect(rc.Min.X+1, y0, rc.Max.X, y0+panelHintH), color.RGBA{22, 24, 29, 255})
		ft.Draw(dst, ft.UI, clip(ft, ft.UI, s, width), x, float64(y0+1), ColTextDim)
	}
	if v.First > 0 {
		hint(int(y)-4, panelHint(ft, "more above", v.SectionsAbove(), width))
	}
	if v.Below {
		hint(rc.Max.Y-panelHintH, panelHint(ft, "more below", v.SectionsBelow(), width))
	}
	if v.Area.Empty() {
		return
	}
	clipped := dst.SubImage(v.Area).(*ebiten.Image)
	y = float64(v.Area.Min.Y) - v.Offset
	y = r.drawNumbers(clipped, f, x, y, width, compact)
	y = r.drawOpenList(clipped, f, x, y+8)
	r.drawInspector(clipped, f, x, y, width)
}

// PanelView is how the panel's lower part (the numbers, the open list and
// the inspector) was shown in the last frame: scrolled to line First of
// Lines (MaxFirst the last line it can start at: 0 when all fits), drawn
// in Area, whose top shows the content Offset pixels down, with the lines
// [First, Last) whole in it; Below reports lines hidden under it. Its
// "lines" are rows: a row whose value wraps (kvLines) is one, so the view
// never starts on a row's second line, away from its label.
type PanelView struct {
	First, Last, Lines, MaxFirst int
	Offset                       float64
	Area                         image.Rectangle
	Below                        bool
	// OpenLine and InspectorLine are the lines the open list and the
	// inspector start at (Lines when there is none): the hints name the
	// sections out of view.
	OpenLine, InspectorLine int
}

// SectionsBelow names the sections with lines hidden under the view:
// "numbers", "open list", "inspector".
func (v PanelView) SectionsBelow() []string {
	var s []string
	if v.Last < v.OpenLine && v.Last < v.InspectorLine {
		s = append(s, "numbers")
	}
	if v.OpenLine < v.InspectorLine && v.Last < v.InspectorLine {
		s = append(s, "open list")
	}
	if v.InspectorLine < v.Lines && v.Last < v.Lines {
		s = append(s, "inspector")
	}
	return s
}

// SectionsAbove names the sections with lines hidden over the view.
func (v PanelView) SectionsAbove() []string {
	var s []string
	if v.First > 0 {
		s = append(s, "numbers")
	}
	if v.OpenLine < v.InspectorLine && v.First > v.OpenLine {
		s = append(s, "open list")
	}
	if v.InspectorLine < v.Lines && v.First > v.InspectorLine {
		s = append(s, "inspector")
	}
	return s
}

// panelHint is the panel's "more below" (or "more above") line for a panel
// width px wide: what lies that way and how to get there, in the longest
// form that fits whole. At 175 % it read "more below: the wheel over the
// panel …", cut, and said nothing of the open list and the inspector it
// hid (a user's report).
func panelHint(ft *Fonts, more string, sections []string, width float64) string {
	what := strings.Join(sections, ", ")
	var tries []string
	if what != "" {
		tries = append(tries, more+": "+what+" (the wheel over the panel scrolls)", more+": "+what+" (wheel)", more+": "+what)
	}
	tries = append(tries, more+": the wheel over the panel scrolls", more+" (wheel)", more)
	for _, t := range tries {
		if ft.Width(ft.UI, t) <= width {
			return t
		}
	}
	return more
}

// PanelShown returns the view of the panel's lower part drawn last.
func (r *Renderer) PanelShown() PanelView { return r.panelShown }

// panelLineH is the most a line of the panel's lower part is drawn over:
// a section title's 20 pixels (rows are 17).
const panelLineH = 20

// panelView lays out the panel's lower part, which starts at y top and
// may go down to bottom, scrolled to start at line first (clamped to the
// lines there are). The content is measured with a pass that records
// the y of every line drawn, so the view scrolls by whole lines, shows
// only whole lines (a row cut in half, "h 84.46", read as a different
// figure), and can scroll no further than the view that shows the last
// line: the end used to be reckoned from the inspector's tallest case,
// and scrolling to it showed an empty box under "more above" (a user's
// report).
func (r *Renderer) panelView(f *Frame, top, bottom int, width float64, compact bool, first int) PanelView {
	ft := r.fonts
	r.panelTops, r.panelConts = r.panelTops[:0], r.panelConts[:0]
	ft.tops, ft.conts = &r.panelTops, &r.panelConts
	end := r.drawNumbers(nil, f, 0, 0, width, compact)
	openTop := end + 8
	end = r.drawOpenList(nil, f, 0, openTop)
	inspTop := end
	end = r.drawInspector(nil, f, 0, end, width)
	ft.tops, ft.conts = nil, nil
	lines := r.panelTops
	slices.Sort(lines)
	lines = slices.Compact(lines)
	r.panelTops = lines
	// The view starts at a row's first line only: started on a wrapped
	// row's second line it showed "abstract L2 211, refine L1 29, …" under
	// "more above" with no "by phase" label (a teacher's report at 175 %).
	// So the panel's "lines" (First, Last, Lines) are rows, tops their
	// first lines' y.
	slices.Sort(r.panelConts)
	tops := r.panelStarts[:0]
	for _, y := range lines {
		if _, cont := slices.BinarySearch(r.panelConts, y); !cont {
			tops = append(tops, y)
		}
	}
	r.panelStarts = tops
	v := PanelView{Lines: len(tops)}
	v.OpenLine = sort.SearchFloat64s(tops, openTop-0.5)
	v.InspectorLine = sort.SearchFloat64s(tops, inspTop-0.5)
	if len(tops) == 0 || float64(top)+end <= float64(bottom) {
		return v // all fits: no scrolling
	}
	lineEnd := func(i int) float64 { // the bottom of row i: its last line's
		next := end
		if i+1 < len(tops) {
			next = tops[i+1]
		}
		j := sort.SearchFloat64s(lines, next) - 1 // the row's last line
		return min(lines[j]+panelLineH, next, end)
	}
	// start is where line k's view begins: under "more above" once
	// scrolled.
	start := func(k int) int {
		if k > 0 {
			return top - 4 + panelHintH + 2
		}
		return top
	}
	// The view from k shows every line to the end with no "more below".
	for v.MaxFirst = 0; v.MaxFirst < len(tops)-1; v.MaxFirst++ {
		if float64(start(v.MaxFirst))+end-tops[v.MaxFirst] <= float64(bottom) {
			break
		}
	}
	// room is the height the view from k has, under a "more below" line
	// when k is not the last start.
	room := func(k int) float64 {
		rm := float64(bottom - start(k))
		if k < v.MaxFirst || float64(start(k))+end-tops[k] > float64(bottom) {
			rm -= panelHintH + 2 // "more below"
		}
		return rm
	}
	// last is the end of the rows shown whole from row k.
	last := func(k int) int {
		l := k
		for l < len(tops) && lineEnd(l)-tops[k] <= room(k) {
			l++
		}
		return l
	}
	k := min(max(first, 0), v.MaxFirst)
	if f.PanelFollow && v.OpenLine < v.InspectorLine {
		// Stepping a search: the open list in view, scrolled no further
		// than it takes (from where the wheel left the panel), its title
		// kept.
		top := min(v.OpenLine, v.MaxFirst)
		k = min(k, top)
		for k < top && last(k) < v.InspectorLine {
			k++
		}
	}
	if f.HoverOK {
		// A cell hovered: the inspector in view, scrolled no further than
		// it takes to show it to its end (or from its title). On a
		// laptop-sized window under HPA* it sat under "more below" while a
		// cell was hovered, the main way to inspect a level (a designer's
		// and a teacher's report); the panel goes back to the wheel's
		// scroll when the pointer leaves the map. Not for a pinned cell
		// alone, whose inspector the folded switch rows make room for:
		// the wheel over the panel could not scroll it then (a review).
		for k < v.MaxFirst && k < v.InspectorLine && last(k) < len(tops) {
			k++
		}
	}
	v.First, v.Offset = k, tops[k]
	v.Last = last(k)
	v.Below = k < v.MaxFirst && v.Last < len(tops)
	h := 0.0
	if v.Last > k {
		h = lineEnd(v.Last-1) - tops[k]
	} else {
		// A row taller than the whole view: its first lines, as many as
		// fit whole (the label with them), the rest under "more below".
		for j := sort.SearchFloat64s(lines, tops[k]); j < len(lines) && lines[j] < lineEnd(k); j++ {
			e := min(lines[j]+panelLineH, lineEnd(k))
			if j+1 < len(lines) {
				e = min(e, lines[j+1])
			}
			if e-tops[k] > room(k) {
				break
			}
			h = e - tops[k]
		}
		v.Below = true
	}
	v.Area = image.Rect(f.Layout.Panel.Min.X+1, start(k), f.Layout.Panel.Max.X, start(k)+int(math.Ceil(h)))
	return v
}

// switchSummary is the folded switch rows' line: the value of each row
// that matters to the current algorithm (a value's explanation after its
// colon dropped), a number or on/off named by its row.
//
// The algorithm's own switches come first, right after it, and the rows
// every algorithm has (heuristic, neighbourhood, tool, paint) last: the
// line is cut at the panel's edge, and at 150 % a teacher saw "group
// hierarchy · octile · minimum · e…", the exclusion being taught cut off.
func switchSummary(rows []SwitchRow) string {
	var parts []string
	for pass := 0; pass < 2; pass++ {
		for i, s := range rows {
			if s.Dim || s.Value == "" || (i == 0 || summaryFirst[s.Label]) != (pass == 0) {
				continue
			}
			v, _, _ := strings.Cut(s.Value, ": ")
			if v == "on" || v == "off" || strings.Trim(v, "0123456789 of") == "" {
				v = s.Label + " " + v
			}
			if v == "group hierarchy" {
				v = "groups" // its switches after it get the room
			}
			parts = append(parts, v)
		}
	}
	return strings.Join(parts, " · ")
}

// summaryFirst are the switch rows the folded summary puts first: those
// of one algorithm or hierarchy, dim under the others.
var summaryFirst = map[string]bool{"connection cost": true, "exclusion": true, "cluster size": true, "levels": true,
	"smoothing": true, "shortcut": true, "refine target": true, "transitions": true, "agent refine": true, "view level": true}

// panelHintH is the height of the panel's "more below" line.
const panelHintH = 19

// switchValueX is where a switch row's value starts in the row.
const switchValueX = 122

// switchRowText returns the value and keys a switch row rowW pixels wide
// shows. The keys always show: the value whole when it fits beside them;
// else, for a value with an explanation ("dense: all open pairs"), its
// head before the colon ("dense"); else the value cut with "…". The keys
// were dropped instead, and a user looking for how to switch
// "dense: every open pair" found no Shift+N on its row.
func switchRowText(ft *Fonts, s SwitchRow, rowW float64) (val, keys string) {
	room := rowW - 6 - switchValueX // to the row's right end
	avail := room - 10 - ft.Width(ft.Mono, s.Keys)
	if s.Keys == "" {
		avail = room
	}
	if ft.Width(ft.UI, s.Value) <= avail {
		return s.Value, s.Keys
	}
	if head, _, ok := strings.Cut(s.Value, ": "); ok && ft.Width(ft.UI, head) <= avail {
		return head, s.Keys
	}
	return clip(ft, ft.UI, s.Value, avail), s.Keys
}

// panelWidth is the width of the panel drawn last (PanelWidth before the
// first): the panel's rows wrap their values to it.
func (r *Renderer) panelWidth() int {
	if r.panelW <= 0 {
		return PanelWidth
	}
	return r.panelW
}

// narrowPanel reports whether the panel drawn last is too narrow for an
// open-list row's f, g and h on one line (a narrow window, PanelWidthFor):
// the open list's rows then take two lines. The answer is kept per width.
func (r *Renderer) narrowPanel() bool {
	if w := r.panelWidth(); w != r.narrowFor {
		ft := r.fonts
		r.narrowFor = w
		r.narrow = ft.Width(ft.UI, narrowTemplate) > float64(w-20-kvValueX)
	}
	return r.narrow
}

// narrowTemplate is a typical open-list value, measured by narrowPanel.
const narrowTemplate = "f 888.88   g 888.88   h 88.88"

// PanelMaxScroll is how far, in lines, the numbers and inspector could be
// scrolled in the last panel drawn (0: they fit): the line the view that
// shows the last line starts at (PanelView.MaxFirst).
func (r *Renderer) PanelMaxScroll() int { return r.panelMax }

// sectionTitle draws a panel section's title at (x, y) within width: the
// first of forms (the full title, then shorter ones) that fits, else the
// last cut with "…". A title used to be drawn whole whatever the panel's
// width, and at 150 % on a 1024×640 window "Open list (cells · finished,
// 76 left open)" ran off the window's edge, cut mid-word with no sign.
func (r *Renderer) sectionTitle(dst *ebiten.Image, width, x, y float64, forms ...string) {
	r.fonts.Draw(dst, r.fonts.Bold, fitTitle(r.fonts, width, forms...), x, y, color.RGBA{150, 180, 255, 255})
}

// fitTitle returns the first of forms whose width in the bold face is at
// most width, else the last cut with "…" (clip).
func fitTitle(ft *Fonts, width float64, forms ...string) string {
	for _, s := range forms {
		if ft.Width(ft.Bold, s) <= width {
			return s
		}
	}
	return clip(ft, ft.Bold, forms[len(forms)-1], width)
}

// repairedText says what a repair recomputed: "3 clusters", or with groups
// "3 groups" (a designer's rooms are not clusters), and per level when more
// than one level had any, "3 clusters (L1 2, L2 1)": the total alone read
// as if one dug cell had redone three level-1 clusters.
func repairedText(rp *world.Repair, groups bool) string {
	one, many := "cluster", "clusters"
	if groups {
		one, many = "group", "groups"
	}
	s := world.Plural(rp.DirtyCount(), one, many)
	var parts []string
	for l, d := range rp.Dirty {
		if len(d) > 0 {
			parts = append(parts, fmt.Sprintf("L%d %s", l, world.Count(len(d))))
		}
	}
	if len(parts) > 1 {
		s += " (" + strings.Join(parts, ", ") + ")"
	}
	return s
}

// maxPhaseRows is the most phase rows the Numbers list: every phase of an
// HPA* query on four levels (insertion and refinement per level, the top
// search, smoothing: ten) with room to spare; a hierarchy's phase list is
// bounded by its levels, so the cap only guards against a runaway list.
const maxPhaseRows = 14

// kvValueX is where the values of the panel's label/value rows start, and
// kvMaxLines the most lines a value wraps onto before it is cut.
const (
	kvValueX   = 128
	kvMaxLines = 3
)

// kv draws a "label  value" row and returns the next y. A value wider than
// its column wraps onto more lines (after its commas first, then between
// words), up to kvMaxLines; only a longer one is cut with an ellipsis.
func (r *Renderer) kv(dst *ebiten.Image, x, y float64, k, v string, vc color.RGBA) float64 {
	return r.kvLines(dst, x, y, k, v, vc, kvMaxLines)
}

// The open list's values when it lists nothing. Each fits one line at any
// UI scale: the section keeps one line for them, and "the open list is
// empty" wrapped at 175 % and lost its end (a teacher's report).
const (
	openListNone    = "none in this phase"
	openListTooLong = "too many to list"
	openListEmpty   = "none: list empty"
)

// markCont marks the panel row drawn at y as the continuation of the row
// above it: the panel never scrolls to start on it (drawPanel's conts).
func (r *Renderer) markCont(y float64) {
	if r.fonts.conts != nil {
		*r.fonts.conts = append(*r.fonts.conts, y)
	}
}

// kvAllLines is kvLines' maxLines for a value never cut, however many
// lines it wraps onto.
const kvAllLines = 0

// kvLines is kv with at most maxLines lines of value (kvAllLines: all).
func (r *Renderer) kvLines(dst *ebiten.Image, x, y float64, k, v string, vc color.RGBA, maxLines int) float64 {
	ft := r.fonts
	width := float64(r.panelWidth() - 20 - kvValueX)
	ft.Draw(dst, ft.UI, k, x, y, ColTextDim)
	lines := wrapList(ft, ft.UI, v, width)
	if maxLines != kvAllLines && len(lines) > maxLines {
		lines = lines[:maxLines]
		lines[maxLines-1] += " …"
	}
	for i, l := range lines {
		if i > 0 && ft.conts != nil {
			*ft.conts = append(*ft.conts, y)
		}
		ft.Draw(dst, ft.UI, clip(ft, ft.UI, l, width), x+kvValueX, y, vc)
		y += 17
	}
	return y
}

// unitExtra is what a phase's unit says beyond "expanded" ("no search, S
// and G joined to their clusters' L1 nodes by straight lines"), or "".
func unitExtra(unit string) string {
	rest, ok := strings.CutPrefix(unit, "expanded")
	if !ok {
		return ""
	}
	return strings.Trim(rest, ":, ")
}

// wrapList wraps a comma-separated value into lines no wider than width,
// breaking after ", " where it can so "9,915 nodes, 69,204 edges, 3.4 MiB"
// keeps each figure with its unit, and between words inside a part that
// is wider than a line by itself. A ", " inside parentheses is no break
// between parts: "insert L1 0 (S, G joined …)" was broken after "(S,".
func wrapList(ft *Fonts, face *text.GoTextFace, s string, width float64) []string {
	if ft.Width(face, s) <= width {
		return []string{s}
	}
	var out []string
	line := ""
	for _, part := range listParts(s) {
		try := line + part
		if ft.Width(face, strings.TrimSpace(try)) <= width {
			line = try
			continue
		}
		if line != "" {
			out = append(out, strings.TrimSpace(line))
		}
		line = part
		if ft.Width(face, strings.TrimSpace(part)) > width {
			words := wrap(ft, face, part, width)
			out = append(out, words[:len(words)-1]...)
			line = words[len(words)-1] + " "
		}
	}
	if l := strings.TrimSpace(line); l != "" {
		out = append(out, l)
	}
	return out
}

// listParts splits s after each ", " outside parentheses.
func listParts(s string) []string {
	var parts []string
	depth, from := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth = max(0, depth-1)
		case ',':
			if depth == 0 && i+1 < len(s) && s[i+1] == ' ' {
				parts = append(parts, s[from:i+2])
				from = i + 2
			}
		}
	}
	if from < len(s) {
		parts = append(parts, s[from:])
	}
	return parts
}

// drawNumbers draws the figures of the current answer.
//
// compact puts a multi-phase query's phases on one wrapped row instead of a
// row each (a short window). dst nil measures: the returned y is the same.
// scenOptimalText is the panel's ".scen" row: the list's optimal length
// (the benchmark's own figure, beside ours) and, when a path was found,
// how far the path's cost is from it. A cost within the file's rounding
// (maps.ScenTolerance: the bg512 lists print 2 decimals) reads +0.00 %, so
// an optimal 2.828 against "2.83" is no -0.06 %.
func scenOptimalText(found bool, cost, scen float64) string {
	s := fmt.Sprintf("%.3f", scen)
	if !found {
		return s
	}
	pct := 100 * (cost/scen - 1)
	if math.Abs(cost-scen) <= maps.ScenTolerance {
		pct = 0
	}
	return s + fmt.Sprintf("  (path %+.2f%%)", pct)
}

func (r *Renderer) drawNumbers(dst *ebiten.Image, f *Frame, x, y, width float64, compact bool) float64 {
	w := f.World
	o := &w.Outcome
	titles := []string{"Numbers"}
	if stepping(w) {
		// The timeline's cursor is before the search's end: the figures
		// below are the finished query's (cost, steps, expansions), where
		// the map, the open list and the bottom bar show the search as it
		// was at the cursor. A teacher stepping through read the final
		// cost as the search's progress.
		titles = []string{"Numbers (when the query ends)", "Numbers (at the query's end)", "Numbers (at the end)"}
	}
	r.sectionTitle(dst, width, x, y, titles...)
	y += 20
	switch {
	case !w.HasStart && w.HasGoal:
		y = r.kv(dst, x, y, "query", "goal set: click a start", ColTextDim)
		return r.drawHierarchyNumbers(dst, w, x, y)
	case !w.HasStart || !w.HasGoal:
		y = r.kv(dst, x, y, "query", "none: click start, then goal", ColTextDim)
		return r.drawHierarchyNumbers(dst, w, x, y)
	case o.Err != nil:
		return r.kv(dst, x, y, "error", o.Err.Error(), ColTextErr)
	}
	if pendingAnswer(w) {
		// No figures yet: "query time 0 µs, 0 expanded" and an optimal
		// reference of the query before were shown as this one's.
		what := "planning…"
		if w.Settings.Algo.Hierarchical() && w.Hierarchy() == nil && w.HierarchyError() == nil {
			what = "building…"
		}
		y = r.kv(dst, x, y, "path", what, ColTextWarn)
		for _, l := range wrap(r.fonts, r.fonts.UI, o.Note, width) { // Draw skips a nil dst
			r.fonts.Draw(dst, r.fonts.UI, l, x, y, ColTextWarn)
			y += 17
		}
		return r.drawHierarchyNumbers(dst, w, x, y)
	}
	status := o.Status.String()
	if o.Status == pathing.Found {
		steps := "steps"
		if len(o.Path) == 2 {
			steps = "step"
		}
		status = fmt.Sprintf("cost %.3f, %s %s", o.Cost, world.Count(len(o.Path)-1), steps)
	}
	y = r.kv(dst, x, y, "path", status, ColText)
	opt := &w.Optimal
	switch {
	case opt.Pending:
		y = r.kv(dst, x, y, "optimal (A*)", "computing in the background…", ColTextDim)
	case opt.Known && opt.Found:
		sub, warn := shownSubopt(w)
		sc := ColText
		if warn {
			sc = ColTextWarn
		}
		s := fmt.Sprintf("%.3f  (%+.2f%%)", opt.Cost, 100*sub)
		if sub == 0 {
			s = fmt.Sprintf("%.3f  (+0.00%%: optimal)", opt.Cost)
		}
		if math.IsNaN(sub) {
			s = fmt.Sprintf("%.3f", opt.Cost)
		}
		y = r.kv(dst, x, y, "optimal (A*)", s, sc)
	case opt.Known:
		y = r.kv(dst, x, y, "optimal (A*)", "no path", ColText)
	}
	if f.ScenOptimal > 0 {
		y = r.kv(dst, x, y, "optimal (.scen)", scenOptimalText(o.Status == pathing.Found, o.Cost, f.ScenOptimal), ColText)
	}
	y = r.kv(dst, x, y, "query time", fmtDur(o.Duration)+", "+world.Count(o.Expanded)+" expanded", ColText)
	if compact && len(o.Phases) > 1 {
		parts := make([]string, 0, len(o.Phases))
		for _, ph := range o.Phases {
			part := ph.Name + " " + world.Count(ph.Expanded)
			// A unit that says more than "expanded" says it here too:
			// "insert L1 0 (no search, S and G joined to their clusters'
			// L1 nodes by straight lines)", kept out of the list's breaks
			// (wrapList). A unit other than expansions follows its
			// figure: "smooth 2,043" beside "insert L1 111" read as
			// expansions, where smoothing counts cells checked.
			if extra := unitExtra(ph.Unit); extra != "" {
				part += " (" + extra + ")"
			} else if ph.Unit != "" && !strings.HasPrefix(ph.Unit, "expanded") {
				part += " " + ph.Unit
			}
			parts = append(parts, part)
		}
		// Every phase, however many lines: the panel scrolls (an HPA* query
		// on four levels has ten phases, cut after three lines before; and
		// a line a phase was too few where insert L1's note takes three,
		// which cut off the abstract search's figure on three levels).
		y = r.kvLines(dst, x, y, "  by phase", strings.Join(parts, ", "), ColTextDim, kvAllLines)
	}
	for i, ph := range o.Phases {
		if compact {
			break
		}
		if len(o.Phases) == 1 {
			break // one phase (A*, Dijkstra, greedy): the row above says it all
		}
		if i >= maxPhaseRows {
			y = r.kv(dst, x, y, "", fmt.Sprintf("… %d more phases", len(o.Phases)-i), ColTextDim)
			break
		}
		unit := ph.Unit
		if unit == "" {
			unit = "expanded"
		}
		lv := " (" + levelWord(int(ph.Level)) + ")"
		if ph.Level == 0 && (strings.Contains(ph.Name, "cells") || strings.Contains(unit, "cells")) {
			lv = "" // "smooth 2,043 cells checked", not "… (cells)" again
		}
		v := fmt.Sprintf("%s %s%s", world.Count(ph.Expanded), unit, lv)
		if extra := unitExtra(ph.Unit); extra != "" {
			v = fmt.Sprintf("%s expanded%s: %s", world.Count(ph.Expanded), lv, extra)
		}
		y = r.kvLines(dst, x, y, "  "+clip(r.fonts, r.fonts.UI, ph.Name, kvValueX-10), v, ColTextDim, kvMaxLines+2)
	}
	y = r.drawHierarchyNumbers(dst, w, x, y)
	if w.RepairSeq > 0 && w.Hierarchy() != nil && !w.LastRepair.Empty() { // A* and co. repair nothing; a rebuilding switch clears it
		rp := &w.LastRepair
		s := fmtDur(rp.Time) + ", " + repairedText(rp, w.Settings.Algo == world.AlgoGroup)
		if rp.Rebuilt {
			s = fmt.Sprintf("%s (rebuilt)", fmtDur(rp.Time))
		} else if rp.NodesAdded+rp.NodesRemoved > 0 {
			s += fmt.Sprintf(", +%s −%s nodes", world.Count(rp.NodesAdded), world.Count(rp.NodesRemoved))
		}
		y = r.kv(dst, x, y, "last repair", s, ColText)
	}
	if gh := w.Ghost; gh != nil && o.Status == pathing.Found {
		d := o.Cost - gh.Cost
		if math.Abs(d) < 5e-4 {
			d = 0 // no "-0.000" from rounding
		}
		// A row a line for each thing compared, each short enough for the
		// value column at any UI scale: "157.284 with Dijkstra (now" over
		// "+0.000)" broke the comparison inside its parentheses (an
		// engineer's report, at 100 % and 150 %). The rows under the
		// label are one with it: no scroll starts on them, so "9,542, now
		// 4,252" never shows under "more above" without the "ghost" that
		// says what it counts.
		y = r.kv(dst, x, y, "ghost", "with "+gh.Label, ColGhost)
		r.markCont(y)
		y = r.kv(dst, x, y, "  its cost", fmt.Sprintf("%.3f, now %+.3f", gh.Cost, d), ColGhost)
		if gh.Fill != nil {
			r.markCont(y)
			y = r.kv(dst, x, y, "  expanded", fmt.Sprintf("%s (dotted), now %s", world.Count(gh.Expanded), world.Count(o.Expanded)), ColGhost)
		}
	}
	if o.Note != "" {
		for _, l := range wrap(r.fonts, r.fonts.UI, o.Note, width) { // Draw skips a nil dst
			r.fonts.Draw(dst, r.fonts.UI, l, x, y, ColTextWarn)
			y += 17
		}
	}
	return y
}

// drawHierarchyNumbers draws the size and build time of the current
// algorithm's hierarchy (or why it could not be built, or "building…"
// while a background build runs, see world.Busy) and returns the next y;
// nothing for the flat algorithms.
func (r *Renderer) drawHierarchyNumbers(dst *ebiten.Image, w *world.World, x, y float64) float64 {
	if h := w.Hierarchy(); h != nil {
		y = r.hierarchyRows(dst, x, y, h.Size(), w.HierarchyBuildTime(), w.HierarchyKept())
	} else if err := w.HierarchyError(); err != nil {
		y = r.kv(dst, x, y, "hierarchy", err.Error(), ColTextErr)
	} else if w.Settings.Algo.Hierarchical() && w.Busy() {
		y = r.kv(dst, x, y, "hierarchy", "building…", ColTextWarn)
	}
	return y
}

// hierarchyRows draws the rows of a hierarchy of size sz built in build:
// its memory (with how it was built) on the "hierarchy" row, its counts on
// a line of their own under it, and its build time (with kept > 0, the
// levels kept from the hierarchy before a change of levels, which the time
// does not cover). The counts of a large
// map ("233,264 nodes, 1,628,200 edges", 207 px) are wider than the value
// column (122 to 192 px), where they wrapped: on a line the panel's width
// they stay whole at its narrowest (PanelMinWidth). It returns the next y.
func (r *Renderer) hierarchyRows(dst *ebiten.Image, x, y float64, sz world.Size, build time.Duration, kept int) float64 {
	counts, more := hierarchyFigures(sz)
	ft := r.fonts
	y = r.kv(dst, x, y, "hierarchy", more, ColText)
	for _, l := range wrapList(ft, ft.UI, counts, float64(r.panelWidth()-20-hierIndent)) {
		ft.Draw(dst, ft.UI, l, x+hierIndent, y, ColText)
		y += 17
	}
	b := fmtDur(build)
	switch {
	case kept == 1:
		b += ", level 1 kept"
	case kept > 1:
		b += fmt.Sprintf(", levels 1–%d kept", kept)
	}
	return r.kv(dst, x, y, "build", b, ColTextDim)
}

// hierIndent is how far the hierarchy's counts are indented when they take
// a line of their own (drawHierarchyNumbers).
const hierIndent = 12

// hierarchyFigures returns the panel's figures of a hierarchy: its nodes and
// edges, thousands grouped ("233,264 nodes, 1,628,200 edges"), and its
// memory with how it was built ("26.9 MiB, no path cache"; "" when the
// size knows neither).
func hierarchyFigures(sz world.Size) (counts, more string) {
	counts = world.Count(sz.Nodes) + " nodes, " + world.Count(sz.Edges) + " edges"
	var parts []string
	if sz.Bytes > 0 {
		parts = append(parts, FormatBytes(sz.Bytes))
	}
	if sz.Kind != "" {
		// cmd/bench's HPA* keeps the path cache by default: without
		// this, its figures and the panel's looked contradictory.
		parts = append(parts, sz.Kind)
	}
	return counts, strings.Join(parts, ", ")
}

func fmtDur(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%d µs", d.Microseconds())
	case d < time.Second:
		return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000)
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

// FormatBytes formats n bytes for the panel and notes (B, KiB, MiB).
func FormatBytes(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// inspectorMaxHeight is the inspector's height for a reached cell (its
// tallest case), so the panel's layout does not jump as the mouse moves.
// In a narrowed panel the longer values (the cell, g h f, a node's state)
// wrap onto a second line: half as many rows again are counted.
func (r *Renderer) inspectorMaxHeight(w *world.World) float64 {
	rows := 6 // cell, component, search, g h f, parent, last event
	if w.Settings.Algo.Hierarchical() {
		// A level row each, and two rows for each level's search of a
		// node on the cell (the start's cell has one on every level).
		rows += 3 * w.Settings.LevelCount()
	}
	rows += len(w.Regions) // a room row per region layer
	if r.narrowPanel() {
		rows += (rows + 1) / 2
	}
	return 20 + float64(rows*17)
}

// drawInspector shows the hovered (or pinned) cell and returns the y below
// it (dst nil measures).
func (r *Renderer) drawInspector(dst *ebiten.Image, f *Frame, x, y, width float64) float64 {
	ci := f.Inspect
	titles := []string{"Inspector (hover a cell)", "Inspector (hover)"}
	if f.HasPinned {
		titles = []string{"Inspector (pinned)"}
	}
	r.sectionTitle(dst, width, x, y, titles...)
	y += 20
	if ci == nil || !ci.In {
		return r.kv(dst, x, y, "cell", "—", ColTextDim)
	}
	desc := fmt.Sprintf("(%d,%d) '%c' ", ci.P.X, ci.P.Y, ci.Terrain)
	if ci.Weight == 0 {
		desc += "blocked"
	} else {
		desc += fmt.Sprintf("weight %d", ci.Weight)
	}
	y = r.kv(dst, x, y, "cell", desc, ColText)
	if ci.ComponentPending {
		y = r.kv(dst, x, y, "component", "computing…", ColTextDim)
	}
	if ci.Component >= 0 {
		y = r.kv(dst, x, y, "component", fmt.Sprintf("%d", ci.Component), ColText)
		if n, ok := cutOff(f, ci.P); ok && n > 0 {
			y = r.kv(dst, x, y, "cut cell", cutOffText(n), ColText)
		} else if !ok && cutsComputing(f) {
			y = r.kv(dst, x, y, "cut cell", "computing…", ColTextDim)
		}
	}
	stale := len(ci.Levels) > 0 && strokeHoldsRepair(f.World)
	for _, l := range ci.Levels {
		v := "—"
		if l.Group >= 0 {
			v = fmt.Sprintf("%s  #%d", l.Name, l.Group)
		}
		col := ColText
		if stale {
			col = ColTextDim
		}
		y = r.kv(dst, x, y, fmt.Sprintf("level %d", l.Level), v, col)
	}
	if stale {
		y = r.kv(dst, x, y, "levels", "as before this stroke (repaired when it ends)", ColTextWarn)
	}
	// The cell's room under every algorithm, while the map has rooms: only
	// the group hierarchy's level rows named it (its groups are the rooms),
	// where the row says it already it is not said twice.
	for _, room := range ci.Rooms {
		if room.InLevel {
			continue
		}
		key := "region"
		if len(f.World.Regions) > 1 {
			key = fmt.Sprintf("region L%d", room.Level)
		}
		y = r.kv(dst, x, y, key, room.Text(), ColText)
	}
	s := ci.Search
	if s.OnPath {
		// The answer's cost to here: what a reader of the finished query
		// asks, where the search rows below may come from a backwards or
		// partial search (the goal's insertion has g 0 at the goal).
		y = r.kv(dst, x, y, "on the path", fmt.Sprintf("g %.3f · step %d of %d", s.PathG, s.PathStep, s.PathSteps), ColText)
	}
	if !s.Seen && s.Joined != "" {
		y = r.kv(dst, x, y, "search", s.Joined, ColText) // an HPA* endpoint taken in without a cell search
		return r.drawLevelSearches(dst, f.World, ci.Abstract, x, y)
	}
	if !s.Seen && len(ci.Abstract) > 0 {
		// An abstract node no cell search touched (a level-2 node
		// between its cluster's insertions): its levels' states only.
		return r.drawLevelSearches(dst, f.World, ci.Abstract, x, y)
	}
	if !s.Seen && pendingAnswer(f.World) {
		return r.kv(dst, x, y, "search", "not run yet (planning…)", ColTextDim)
	}
	if w := f.World; !s.Seen && (!w.HasStart || !w.HasGoal) {
		return r.kv(dst, x, y, "search", "no query", ColTextDim)
	}
	if w := f.World; !s.Seen && w.Timeline.Len() == 0 && w.Outcome.Err != nil {
		return r.kv(dst, x, y, "search", "not run (error)", ColTextDim)
	}
	if !s.Seen && f.World.Timeline.Len() == 0 && untracedAnswer(f.World) {
		return r.kv(dst, x, y, "search", "not recorded (live answer)", ColTextDim)
	}
	if tr := f.World.Timeline.Trace(); !s.Seen && tr != nil && tr.Truncated && f.World.Timeline.AtEnd() {
		// The search went on past the recorded events: "not reached"
		// would be wrong for a goal the answer reached.
		return r.kv(dst, x, y, "search", fmt.Sprintf("not in the %s recorded events (the trace was cut)", world.Count(len(tr.Events))), ColTextDim)
	}
	if !s.Seen && ci.Weight == 0 {
		// A wall: "never reached" read as if a search might have (and
		// "not reached yet" as if it might still).
		return r.kv(dst, x, y, "search", "a wall: no search enters it", ColTextDim)
	}
	if !s.Seen && f.World.Timeline.AtEnd() {
		// The query is over: "at this point" read as "not yet" on a
		// cell no search will ever reach (a lecturer's report).
		return r.kv(dst, x, y, "search", "never reached by this query", ColTextDim)
	}
	if !s.Seen {
		return r.kv(dst, x, y, "search", "not reached yet", ColTextDim)
	}
	state := "open"
	if s.Closed {
		// Ordinals read 1-based, as the timeline bar counts ("event 9,558",
		// "expanded 3,019"): the world's Order and Event are 0-based indices.
		state = "closed, expanded #" + world.Count(s.Order+1)
	}
	y = r.kv(dst, x, y, "search", state, ColText)
	gh := "g  h  f"
	if greedyKey(f.World) {
		gh = "g  h  f=h" // greedy pops by h alone (its f is set to h)
	}
	y = r.kv(dst, x, y, gh, fmt.Sprintf("%.3f   %.3f   %.3f", s.G, s.H, s.F), ColText)
	par := "none (root)"
	if s.HasParent {
		par = fmt.Sprintf("(%d,%d)", s.Parent.X, s.Parent.Y)
	}
	y = r.kv(dst, x, y, "parent", par, ColText)
	y = r.kv(dst, x, y, "last event", fmt.Sprintf("#%s in %s", world.Count(s.Event+1), clip(r.fonts, r.fonts.UI, s.Phase, max(width-200, 100))), ColTextDim)
	return r.drawLevelSearches(dst, f.World, ci.Abstract, x, y)
}

// drawLevelSearches writes two rows per abstract search that touched a
// node on the inspected cell: the level, node and state with the parent
// node's cell (with its room's letter: nodeKey), then g, h and f. It
// returns the y below them.
func (r *Renderer) drawLevelSearches(dst *ebiten.Image, w *world.World, ls []world.LevelSearch, x, y float64) float64 {
	for _, s := range ls {
		state := "open"
		if s.Closed {
			state = "closed #" + world.Count(s.Order+1) // 1-based, as drawInspector's
		}
		if s.HasParent {
			state += ", parent " + nodeKey(w, s.Level, s.Parent)
		} else {
			state += ", root"
		}
		y = r.kvLines(dst, x, y, fmt.Sprintf("L%d node %d", s.Level, s.Node), state, ColText, 2)
		y = r.kv(dst, x, y, fmt.Sprintf("L%d g  h  f", s.Level), fmt.Sprintf("%.3f   %.3f   %.3f", s.G, s.H, s.F), ColText)
	}
	return y
}

// Legend metrics: row height and the gap around the box.
const (
	legendRowH = 16
	legendPad  = 8
)

// drawLegend draws the layers with their keys and state in two columns
// sized to their text (on a small window, one column of the layers that
// are on), in the corner of the map area where it hides the least (see
// legendBox); when that corner covers some of the map (even walls only),
// every layer goes in a margin beside the map (one column) or under it
// (two columns) if one holds them, and only else over the map; where the
// box over the map would cover more than an eighth of it, the compact
// form (drawLegendCompact) takes its place, and the line of keys
// (drawLegendLine) only where that does not fit either.
func (r *Renderer) drawLegend(screen *ebiten.Image, f *Frame) {
	m := f.Layout.Map
	r.legendPrev = r.legendRect
	r.legendRect = image.Rectangle{}
	// The finish of a query stepped or played to its end keeps the
	// corner the stepping kept (a recording's held last frame put the box
	// back over the fill it had kept off); another timeline starts afresh.
	r.legendKeep = false
	if w := f.World; w != nil {
		tl := &w.Timeline
		r.legendKeep = r.legendStepped && tl.AtEnd() && tl.Generation() == r.legendGen && f.Layers.Has(LayerSearch)
		r.legendStepped, r.legendGen = steppingFill(f) || r.legendKeep, tl.Generation()
	}
	r.legendRows = r.legendRows[:0]
	r.legendKeys = r.legendKeys[:0]
	r.legendNamed = false
	if len(f.Legend) == 0 || m.Dy() < 260 || m.Dx() < 360 {
		return
	}
	ft := r.fonts
	zoom := 0.0
	if f.Cam != nil {
		zoom = f.Cam.Zoom
	}
	keyX, nameX, cw := r.legendColumn(f.Legend)
	rows := f.Legend
	cols, title, sub := 2, "Layers", "(click or key toggles · K hides)"
	if 2*cw+4 > m.Dx()/2 {
		// A small window: one column of the layers that are on (the
		// help lists them all), so the map stays visible.
		rows = make([]LegendRow, 0, len(f.Legend))
		for _, lr := range f.Legend {
			if lr.On {
				rows = append(rows, lr)
			}
		}
		cols, title, sub = 1, "Layers on", "(K hides)"
		cw = max(cw, int(ft.Width(ft.Bold, title+" ")+ft.Width(ft.UI, sub))+12)
	}
	perCol := max(1, (len(rows)+cols-1)/cols)
	foot := r.idleFooter(rows, f)
	now := currentNote(f)
	bw, bh := cols*cw+4, perCol*legendRowH+28
	if now != "" {
		bh += legendRowH
	}
	if foot != "" {
		bh += legendRowH
		if fw := int(ft.Width(ft.UI, foot)) + 16; fw > bw {
			foot = idleFooterShort
		}
	}
	box, hides := r.legendBox(f, bw, bh)
	if foot != "" && hides && legendTooBig(box, f) {
		// Only the amber footer makes the box too big for the map: the
		// layers go without it (their amber names stay) rather than
		// folding into the line of keys. Stepping a query adds the
		// magenta line, and the legend that named open and closed at the
		// end became a line of keys just when a lecture steps the search.
		if b, h := r.legendBox(f, bw, bh-legendRowH); !(h && legendTooBig(b, f)) {
			foot, bh, box, hides = "", bh-legendRowH, b, h
		}
	}
	if hides || f.Cam != nil && box.Overlaps(mapOnScreen(f)) {
		// A map fitted to the area leaves margins beside it (a narrow
		// map) or under it (a wide one): every layer goes into one when
		// it fits, as one column beside the map or two under it, rather
		// than over the map (Camera.FitBeside makes the room). On a
		// small window too: its short list of the layers on covered a
		// small map with empty margins either side (a user's report).
		if side, ok := r.legendSide(f, f.Legend); ok {
			rows, cols, title = f.Legend, 1, "Layers"
			box, cw, perCol = side, side.Dx()-4, len(f.Legend)
			sub = legendSideSub
			hides = false
			if foot != "" {
				// The side column is measured without the footer: it
				// grows by a row, away from the map area's edge it sits on.
				foot = idleFooterShort
			}
			// The side column is measured without the footer and the
			// magenta line: it grows by a row for each, away from the
			// map area's edge it sits on.
			for _, extra := range []*string{&foot, &now} {
				if *extra == "" {
					continue
				}
				grown := box
				if box.Max.Y == m.Max.Y-legendPad {
					grown.Min.Y -= legendRowH
				} else {
					grown.Max.Y += legendRowH
				}
				if grown.In(m) {
					box = grown
				} else {
					*extra = ""
				}
			}
		} else if under, ok := r.legendUnderFor(f, &foot, now != ""); ok {
			rows, cols, title, sub = f.Legend, 2, "Layers", legendUnderSub
			_, _, cw = r.legendColumn(f.Legend)
			box, perCol = under, (len(f.Legend)+1)/2
			hides = false
			if foot != "" {
				foot = r.idleFooter(rows, f) // whole again: a small window's list was narrower
				if int(ft.Width(ft.UI, foot))+16 > box.Dx() {
					foot = idleFooterShort
				}
			}
		}
	}
	tooBig := hides && legendTooBig(box, f)
	if tooBig || f.Cam != nil && box.Overlaps(mapOnScreen(f).Intersect(m)) {
		// Over the map, even a corner of walls: every layer's row in the
		// compact layout (the wide form), else the compact form, else the
		// line of keys, goes into a margin the fit left for it instead
		// (LegendLineRoom). At 125 % the whole legend sat over the fitted
		// map's top-right corner (allowed while it covered no more than
		// an eighth of the map), and a user looking at that corner lost it.
		if r.drawLegendCompact(screen, f, zoom, now, true, true) || r.drawLegendCompact(screen, f, zoom, now, true, false) ||
			r.drawLegendLine(screen, f, true) {
			return
		}
	}
	if tooBig {
		// Too big for the map (a projector's scale, a small window): the
		// layers that draw something, in a compact box, before the bare
		// line of keys, which names no colour (at 125 % and up a class
		// could not tell the open list's green from the closed blue).
		if !r.drawLegendCompact(screen, f, zoom, now, false, false) {
			r.drawLegendLine(screen, f, false)
		}
		return
	}
	r.legendNamed = true
	r.legendRect = box
	fillRect(screen, box, ColPanel)
	strokeRect(screen, box, ColPanelEdge)
	ft.Draw(screen, ft.Bold, title, float64(box.Min.X+8), float64(box.Min.Y+4), color.RGBA{150, 180, 255, 255})
	ft.Draw(screen, ft.UI, sub, float64(box.Min.X+8)+ft.Width(ft.Bold, title+" ")+2, float64(box.Min.Y+5), ColTextDim)
	for i, lr := range rows {
		cx := box.Min.X + 8 + (i/perCol)*cw
		cy := box.Min.Y + 25 + (i%perCol)*legendRowH
		r.drawLegendRow(screen, f, lr, cx, cy, cw, keyX, nameX, zoom)
	}
	y := box.Min.Y + 25 + perCol*legendRowH
	if now != "" {
		// What drawCurrent draws in magenta at the cursor, only while it
		// draws it: the help's colour list had it, the legend did not.
		cx := box.Min.X + 8
		drawSwatch(screen, image.Rect(cx, y+2, cx+12, y+14), []color.RGBA{ColCurrent}, true)
		room := float64(box.Dx() - 16 - 17)
		if ft.Width(ft.UI, now) > room {
			// The column beside a map is narrow: the short form reads
			// whole where the long one was cut ("the node ex…").
			now = currentNoteShort[now]
		}
		ft.Draw(screen, ft.UI, clip(ft, ft.UI, now, room), float64(cx+17), float64(y-1), ColText)
		y += legendRowH
	}
	if foot != "" {
		ft.Draw(screen, ft.UI, clip(ft, ft.UI, foot, float64(box.Dx()-16)), float64(box.Min.X+8), float64(y-1), ColIdle)
	}
}

// drawLegendRow draws legend row lr at (cx, cy) in a column cw wide, its
// key at cx+keyX and its name at cx+nameX: the swatch, split in the
// order of the name (open / closed, L1 / L2 plans...), the key and the
// name, grey when off, amber when on with nothing to draw, and the open /
// closed squares of a cell search in their colours. The row takes clicks.
func (r *Renderer) drawLegendRow(screen *ebiten.Image, f *Frame, lr LegendRow, cx, cy, cw, keyX, nameX int, zoom float64) {
	ft := r.fonts
	tc := ColText
	if !lr.On {
		tc = color.RGBA{110, 114, 122, 255}
	}
	r.legendRows = append(r.legendRows, legendHit{image.Rect(cx-4, cy, cx+cw-4, cy+legendRowH), lr.Layer})
	// Two colours (open / closed, L1 / L2 plans...) split the swatch,
	// in the order the name gives them: the legend said what S
	// toggles but not which of green and blue was the open list.
	drawSwatch(screen, image.Rect(cx, cy+2, cx+12, cy+14), frameSwatch(lr.Layer, f), lr.On)
	ft.Draw(screen, ft.Mono, lr.Keys, float64(cx+keyX), float64(cy), ColTextDim)
	name := frameLegendName(lr, f, zoom)
	if lr.Layer == LayerEdges && lr.On {
		// Whether a cluster's edges are in focus, or all alike
		// (Shift+E): the row says which.
		name = r.edgesLegendName(f)
	}
	switch {
	case lr.On && layerIdle(lr.Layer, f) != idleNone:
		// On, but nothing to draw at all now: amber, as the footer
		// that says why (a second grey beside the off rows' was
		// hard to tell apart, user test).
		tc = ColIdle
	case lr.Layer == LayerEdges:
	case name != LayerInfo[lr.Layer].Name && name != valuesNoF && name != searchNodesName && name != searchCellsName:
		tc = ColTextDim // on, but nothing to see at this zoom ("(zoom in)")
	}
	if name == searchCellsName {
		r.drawKeyedName(screen, name, float64(cx+nameX), float64(cy-1), tc, cy, []color.RGBA{ColOpen, ColClosed}, lr.On)
		return
	}
	ft.Draw(screen, ft.UI, name, float64(cx+nameX), float64(cy-1), tc)
}

// drawKeyedName writes a legend row's name at (x, y) in colour tc with
// each ■ in it drawn as a square of the next of colours (faint when the
// layer is off, as its swatch), outlined as the swatch is, on the row at
// cy: "open ■ / closed ■" in green and blue.
func (r *Renderer) drawKeyedName(dst *ebiten.Image, name string, x, y float64, tc color.RGBA, cy int, colours []color.RGBA, on bool) {
	ft := r.fonts
	sq := ft.Width(ft.UI, "■")
	side := min(10, int(sq))
	// strings.Split without its slice: the legend is drawn every frame.
	for k, rest := 0, name; ; k++ {
		part, after, more := strings.Cut(rest, "■")
		if k > 0 {
			c := colours[(k-1)%len(colours)]
			x0 := int(x + (sq-float64(side))/2)
			sw := image.Rect(x0, cy+3, x0+side, cy+3+side)
			drawSwatch(dst, sw, []color.RGBA{c}, on)
			r.legendKeys = append(r.legendKeys, legendKey{sw, c})
			x += sq
		}
		ft.Draw(dst, ft.UI, part, x, y, tc)
		x += ft.Width(ft.UI, part)
		if !more {
			return
		}
		rest = after
	}
}

// legendKey is a colour square drawKeyedName drew in a row's name.
type legendKey struct {
	r image.Rectangle
	c color.RGBA
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// The legend's magenta line: what drawCurrent marks at the cursor.
const (
	// A cell search's pop: the cell ringed and the best path to it.
	currentNoteCell = "magenta: the cell expanded now and its best path"
	// A cell search's push or relax: the ring stays on the cell being
	// expanded; the path runs on through it to the neighbour reached.
	currentNoteCellPush  = "magenta: cell expanded now, path to the cell pushed"
	currentNoteCellRelax = "magenta: cell expanded now, path to the cell relaxed"
	// An abstract search's pop: the node ringed (no path is drawn).
	currentNoteNode = "magenta ring: the node expanded now"
	// An abstract search's push or relax: the ring on the node being
	// expanded, a line from it to the neighbour reached.
	currentNoteNodePush  = "magenta ring: node expanded now · line: to node pushed"
	currentNoteNodeRelax = "magenta ring: node expanded now · line: to node relaxed"
	// HPA*'s smooth phase: the anchor the line at the cursor is tried
	// from (green: a candidate or the shortcut taken, red: refused);
	// the path drawn meanwhile is the answer as smoothing leaves it,
	// by segment, whose second colour is magenta too.
	currentNoteSmooth = "magenta ring: smoothing's anchor · path: not yet smoothed"
)

// currentNoteShort gives each magenta line a form for a narrow legend.
var currentNoteShort = map[string]string{
	currentNoteCell:      "magenta: cell now, its path",
	currentNoteCellPush:  "magenta: expanded cell",
	currentNoteCellRelax: "magenta: expanded cell",
	currentNoteNode:      "magenta: node expanded",
	currentNoteNodePush:  "magenta: node expanded",
	currentNoteNodeRelax: "magenta: node expanded",
	currentNoteSmooth:    "magenta: smooth anchor",
}

// currentNote is the legend's line for what drawCurrent draws in magenta
// at the timeline's cursor, or "" when it draws nothing (the search layer
// off, no timeline, the cursor at its end, a search's root pushed before
// anything is expanded).
func currentNote(f *Frame) string {
	w := f.World
	if w == nil || w.Grid == nil || !f.Layers.Has(LayerSearch) {
		return ""
	}
	tl := &w.Timeline
	cur, ok := tl.Current()
	if !ok || tl.AtEnd() {
		return ""
	}
	if _, ok := w.NodeCell(int(cur.Level), cur.Node); !ok {
		return ""
	}
	if !cur.Kind.Search() {
		return currentNoteSmooth
	}
	if _, ok := expandedMark(w); !ok {
		return ""
	}
	notes := [2][3]string{ // [cell, node][push, pop, relax]
		{currentNoteCellPush, currentNoteCell, currentNoteCellRelax},
		{currentNoteNodePush, currentNoteNode, currentNoteNodeRelax},
	}
	return notes[b2i(cur.Level > 0)][cur.Kind]
}

// idleWhy is why a layer that is on draws nothing whatever the zoom.
type idleWhy uint8

const (
	idleNone      idleWhy = iota
	idleAlgo              // the algorithm has none of it (cluster borders under A*)
	idleExclusion         // the group planner's exclusion mode is off
	idleMap               // the map has none of it (no designer regions)
)

// layerIdle reports why layer l has nothing to draw in f's session at any
// zoom, or idleNone. The legend marked cluster borders, nodes and plans as
// on under A*, which has none of them: a class asked where they were.
func layerIdle(l Layer, f *Frame) idleWhy {
	w := f.World
	if w == nil {
		return idleNone
	}
	s := w.Settings
	switch l {
	case LayerBorders, LayerGroups:
		// The cluster heuristic's groups are drawn under A* and greedy.
		if !s.Algo.Hierarchical() && !s.UsesClusterHeuristic() {
			return idleAlgo
		}
	case LayerNodes, LayerEdges, LayerPlans, LayerSegments:
		if !s.Algo.Hierarchical() {
			return idleAlgo
		}
	case LayerExcluded:
		if !s.Uses("exclusion") {
			return idleAlgo
		}
		if !s.Exclusion {
			return idleExclusion
		}
	case LayerRegions:
		if len(w.Regions) == 0 {
			return idleMap
		}
	}
	return idleNone
}

// idleFooter is the legend's last line when rows has a layer that is on
// but has nothing to draw: why, e.g. "amber: on, but A* searches cells
// only; the map has no regions". Empty when there is none. The text is kept while its
// reasons stay the same, so a frame allocates nothing for it.
func (r *Renderer) idleFooter(rows []LegendRow, f *Frame) string {
	var seen [idleMap + 1]bool
	for _, lr := range rows {
		if lr.On {
			seen[layerIdle(lr.Layer, f)] = true
		}
	}
	k := footKey{seen, f.World.Settings.Algo}
	if k != r.footKey || !r.footOK {
		r.footKey, r.foot, r.footOK = k, idleFooterText(seen, k.algo), true
	}
	return r.foot
}

// footKey names what idleFooter's text depends on.
type footKey struct {
	seen [idleMap + 1]bool
	algo world.Algo
}

// idleFooterText words the reasons seen (indexed by idleWhy) under algo,
// each as what the session lacks: "amber: on, but A* searches cells only;
// the map has no regions". Under a hierarchical algorithm only the
// excluded area has nothing for the algorithm's sake (layerIdle): HPA* has
// no exclusion.
func idleFooterText(seen [idleMap + 1]bool, algo world.Algo) string {
	var why []string
	if seen[idleAlgo] {
		if algo.Hierarchical() {
			why = append(why, algo.Title()+" has no exclusion")
		} else {
			why = append(why, algo.Title()+" searches cells only")
		}
	}
	if seen[idleExclusion] {
		why = append(why, "exclusion is off")
	}
	if seen[idleMap] {
		why = append(why, "the map has no regions")
	}
	if len(why) == 0 {
		return ""
	}
	return idleFooterHead + strings.Join(why, "; ")
}

// idleFooterHead starts the footer, which is drawn in amber too: the
// layers named in amber are on, but the session has nothing of theirs.
// It read "amber name: on, but nothing to draw with A* or on this map",
// which a new user could not make sense of (what is an amber name, and
// what has A* to do with it); before that "amber: on, nothing to draw with
// A*, or on this map" read as a list of what amber was (a teacher). The
// reasons now say what is missing.
const idleFooterHead = "amber: on, but "

// idleFooterShort is idleFooter where the box is too narrow for the
// reasons (the one-column legend: no wider than its rows).
const idleFooterShort = "amber: on, but shows nothing"

// drawSwatch fills rect with a layer's colours side by side, faint when
// the layer is off, and outlines it.
func drawSwatch(dst *ebiten.Image, rect image.Rectangle, parts []color.RGBA, on bool) {
	for k, sw := range parts {
		if !on {
			sw.A = 50
		}
		x0 := rect.Min.X + rect.Dx()*k/len(parts)
		fillRect(dst, image.Rect(x0, rect.Min.Y, rect.Min.X+rect.Dx()*(k+1)/len(parts), rect.Max.Y), sw)
	}
	strokeRect(dst, rect, color.RGBA{200, 200, 200, 120})
}

// legendLevels is the number of abstract levels whose plans the frame may
// draw (0 without a world).
func legendLevels(f *Frame) int {
	if f.World == nil {
		return 0
	}
	return f.World.Settings.LevelCount()
}

// searchNodesName is the open / closed row's name where abstract searches
// are drawn (HPA*, the group hierarchy): their nodes are rings while open
// and discs once expanded, which only the F1 help said. No wider than
// "entrances & nodes", so the legend keeps its width.
const searchNodesName = "open ○ / closed ●"

// searchCellsName is the open / closed row's name where a cell search is
// drawn (A*, Dijkstra, greedy): each ■ is drawn as a square of that set's
// colour (drawKeyedName), so the row says which of green and blue is which
// ("open / closed" beside a split swatch did not, a teacher's report). As
// wide as searchNodesName.
const searchCellsName = "open ■ / closed ■"

// regionsOutlinedName is the regions row's name while the layer only
// outlines the rooms of region layer %d (regionsOutlined): no wider than
// "entrances & nodes", so the legend keeps its width.
const regionsOutlinedName = "L%d room outlines"

// frameLegendName is legendName in frame f: the regions row, while the
// layer only outlines rooms that are no groups of the level shown
// (regionsOutlined), says so rather than "regions".
func frameLegendName(lr LegendRow, f *Frame, zoom float64) string {
	if lr.Layer == LayerSearch && f.World != nil {
		if f.World.Settings.Algo.Hierarchical() {
			return searchNodesName
		}
		return searchCellsName
	}
	if lr.Layer == LayerRegions {
		if k := regionsOutlined(f); k > 0 {
			return fmt.Sprintf(regionsOutlinedName, k)
		}
	}
	return legendName(lr, zoom)
}

// frameSwatch is the swatch of layer l's legend row in frame f: the
// regions row's while it outlines rooms is the outline's colour, not the
// tints it no longer draws.
func frameSwatch(l Layer, f *Frame) []color.RGBA {
	if l == LayerExcluded {
		return excludedSwatch()
	}
	if l == LayerRegions && regionsOutlined(f) > 0 {
		c := regionOutlineColor
		c.A = 255
		return []color.RGBA{c}
	}
	return swatchFor(l, legendLevels(f))
}

// legendName is a layer's name in the legend: for the g / h / f numbers,
// on but too small to draw at this zoom, it says to zoom in (the V key
// seemed to do nothing on a fitted map), in place of "numbers": the name
// stays as short as the others, since the legend is measured with it and
// "g / h / f numbers (zoom in)" made it too wide for two columns on a
// 1280×800 window (it then listed only the layers that are on).
func legendName(lr LegendRow, zoom float64) string {
	if lr.Layer == LayerValues && lr.On && zoom < valuesMinZoom {
		return valuesZoomIn
	}
	if lr.Layer == LayerValues && lr.On && zoom < valuesFZoom {
		// g and h fit, f does not: the row said "g / h / f numbers"
		// over cells that showed two numbers (a user's report).
		return valuesNoF
	}
	if lr.Layer == LayerParents && lr.On && zoom < parentsMinZoom {
		return parentsZoomIn
	}
	return LayerInfo[lr.Layer].Name
}

// valuesZoomIn and parentsZoomIn are the g / h / f and parent-arrow rows'
// names while what they draw is too small to draw.
const (
	valuesZoomIn  = "g / h / f (zoom in)"
	valuesNoF     = "g / h (f: zoom in)"
	parentsZoomIn = "parent arrows (zoom in)"
)

// parentsMinZoom is the smallest cell, in pixels, parent arrows are drawn
// on.
const parentsMinZoom = 8

// legendHit is a legend row as drawn: its screen rectangle and its layer.
type legendHit struct {
	r image.Rectangle
	l Layer
}

// LegendAt reports what the legend drawn last shows at screen point (x,
// y): the layer of the row there (ok), and whether the point is inside the
// legend's box at all (in). A click in the box is the legend's: on a row
// it toggles that layer, and it never reaches the map under the box.
func (r *Renderer) LegendAt(x, y int) (l Layer, ok, in bool) {
	p := image.Pt(x, y)
	if !p.In(r.legendRect) {
		return 0, false, false
	}
	for _, h := range r.legendRows {
		if p.In(h.r) {
			return h.l, true, true
		}
	}
	return 0, false, true
}

// LegendRect returns where the legend was drawn in the last frame (empty
// when it was not).
func (r *Renderer) LegendRect() image.Rectangle { return r.legendRect }

// MapNotesShown returns the map notes drawn in the last frame, a line
// each ("" for none), for Frame.NotesHidden.
func (r *Renderer) MapNotesShown() string {
	if len(r.noteBoxes) == 0 {
		return ""
	}
	return strings.Join(r.notes, "\n")
}

// MessageRect returns where the message box was drawn in the last frame
// (empty when no message showed).
func (r *Renderer) MessageRect() image.Rectangle { return r.msgRect }

// MessageBox returns where the message line is drawn in frame f (empty
// when none shows), once Draw has placed the legend and the map notes:
// DrawAgents runs before DrawOverlays draws it, and the agents' panel
// keeps off it.
func (r *Renderer) MessageBox(f *Frame) image.Rectangle {
	w := f.World
	if w.Message == "" || f.MessageAge > MessageLife(w.MessageErr) {
		return image.Rectangle{}
	}
	return r.messagePlace(f).box
}

// PromptRect returns where the open prompt was drawn in the last frame
// (empty when none was): around the agents' panel, which keeps its place
// when the prompt opens (promptLayout).
func (r *Renderer) PromptRect() image.Rectangle { return r.promptRect }

// AgentsRect returns where the agents' replan panel was drawn in the last
// frame (empty when it was not).
func (r *Renderer) AgentsRect() image.Rectangle { return r.agentsRect }

// OverHUD reports whether screen point (x, y) is on a box drawn over the
// map in the last frame (the legend, the agents' panel). Of the two only
// the legend takes clicks (game.clickHUD); the agents' panel is an
// overlay the pointer acts through.
func (r *Renderer) OverHUD(x, y int) bool {
	p := image.Pt(x, y)
	return p.In(r.legendRect) || p.In(r.agentsRect)
}

// legendBox places a bw×bh legend in one corner of the map area: the one
// that hides the fewest of start and goal, then the fewest cells of the
// answer and nodes of its plans, then the fewest cells of the last edit
// (walls painted beside the legend made that corner the one with the
// fewest open cells, and the legend jumped onto them as the stroke
// ended), then (while a query is stepped) the
// fewest cells of the search's open / closed fill at the cursor, then the
// fewest region letters (the line form at 175 % covered
// pathological-maximin's X over walls, a corner as good as the others by
// its cells), then the fewest open cells (so it goes into the margin
// beside or below a map that does not fill the area, or over walls),
// keeping to the bottom-left when they tie. The bottom-right corner is the
// agents' replan panel's while there are agents.
//
// While a query is stepped the box keeps the corner it had in the frame
// before (r.legendPrev) unless that corner hides more of start, goal or
// answer than the best, or covers some of the fill while another corner
// covers none: zoomed in, the box sat over the cells the search was
// filling, and moving it on every step to the corner a few cells emptier
// would make it jump about while the lecture steps.
//
// hides reports whether the box chosen covers start or goal, the answer,
// its plans, the fill, a region letter or open cells of the map.
func (r *Renderer) legendBox(f *Frame, bw, bh int) (box image.Rectangle, hides bool) {
	m := f.Layout.Map
	p := legendPad
	corners := [4]image.Rectangle{
		image.Rect(m.Min.X+p, m.Max.Y-p-bh, m.Min.X+p+bw, m.Max.Y-p), // bottom-left
		image.Rect(m.Min.X+p, m.Min.Y+p, m.Min.X+p+bw, m.Min.Y+p+bh), // top-left
		image.Rect(m.Max.X-p-bw, m.Min.Y+p, m.Max.X-p, m.Min.Y+p+bh), // top-right
		image.Rect(m.Max.X-p-bw, m.Max.Y-p-bh, m.Max.X-p, m.Max.Y-p), // bottom-right
	}
	w := f.World
	if f.Cam == nil || w == nil || w.Grid == nil {
		return corners[0], false
	}
	mapRect := mapOnScreen(f).Intersect(m)
	path := w.Outcome.Path
	stride := max(1, len(path)/2000) // a long path is sampled, not walked whole
	stepping := steppingFill(f) || r.legendKeep
	edited := w.LastEdited()
	estride := max(1, len(edited)/2000) // a long stroke is sampled, as the path is
	const none = math.MaxInt
	best, bestK := [6]int{none}, 0
	var scores [4][6]int
	prevK := -1
	if stepping {
		prevK = cornerOf(r.legendPrev, m)
	}
	for k, c := range corners {
		if k == 3 && w.Agents() != nil {
			scores[k] = [6]int{none}
			continue
		}
		sc := &scores[k]
		hides := func(q image.Point) bool {
			x, y := f.Cam.CellCenter(q)
			return image.Pt(int(x), int(y)).In(c.Inset(-6))
		}
		if w.HasStart && hides(w.Start) {
			sc[0]++
		}
		if w.HasGoal && hides(w.Goal) {
			sc[0]++
		}
		for i := 0; i < len(path); i += stride {
			if hides(path[i]) {
				sc[1]++
			}
		}
		for _, plan := range w.Outcome.Plans {
			for _, q := range plan {
				if hides(q) {
					sc[1]++
				}
			}
		}
		gw := w.Grid.Width()
		for i := 0; i < len(edited); i += estride {
			if hides(image.Pt(int(edited[i])%gw, int(edited[i])/gw)) {
				sc[2]++
			}
		}
		if stepping {
			sc[3] = fillCellsUnder(f, c.Intersect(mapRect))
		}
		for _, chip := range r.chips {
			if chip.Overlaps(c) {
				sc[4]++
			}
		}
		sc[5] = openCellsUnder(f, c.Intersect(mapRect))
		if slices.Compare(sc[:], best[:]) < 0 {
			best, bestK = *sc, k
		}
	}
	// While stepping, the corner the legend sat in is kept when it hides
	// nothing more that matters, so the box does not jump from step to
	// step; never over a corner that covers none of the map (a margin the
	// fit left, after F): a teacher's legend, put top-left while zoomed
	// in, stayed over the map's top rows after F, the margin under the
	// map empty.
	if prevK >= 0 && prevK != bestK && scores[prevK][0] != none && corners[bestK].Overlaps(mapRect) {
		if s := scores[prevK]; s[0] <= best[0] && s[1] <= best[1] && s[2] <= best[2] && (s[3] == 0 || best[3] > 0) {
			best, bestK = s, prevK
		}
	}
	return corners[bestK], best != [6]int{}
}

// steppingFill reports whether frame f shows a query stepped with the
// search layer on: the cursor inside the timeline, so the open / closed
// fill is the one the search is making.
func steppingFill(f *Frame) bool {
	tl := &f.World.Timeline
	return f.Layers.Has(LayerSearch) && tl.Len() > 0 && tl.Cursor() > 0 && !tl.AtEnd()
}

// cornerOf returns the corner of map area m that box a sits in as
// legendBox places its corners (0 bottom-left, 1 top-left, 2 top-right, 3
// bottom-right), whatever its size, or -1 when it sits in none.
func cornerOf(a, m image.Rectangle) int {
	if a.Empty() {
		return -1
	}
	p := legendPad
	left, right := a.Min.X == m.Min.X+p, a.Max.X == m.Max.X-p
	top, bottom := a.Min.Y == m.Min.Y+p, a.Max.Y == m.Max.Y-p
	switch {
	case left && bottom:
		return 0
	case left && top:
		return 1
	case right && top:
		return 2
	case right && bottom:
		return 3
	}
	return -1
}

// legendTooBig reports whether a legend box over the map would cover more
// than an eighth of the map on screen (the window scaled for a projector, a
// short window): then the legend is drawn as one line (drawLegendLine).
func legendTooBig(box image.Rectangle, f *Frame) bool {
	area := f.Layout.Map
	if f.Cam != nil && f.World != nil && f.World.Grid != nil {
		area = mapOnScreen(f).Intersect(area)
	}
	a := area.Dx() * area.Dy()
	c := box.Intersect(area)
	return a > 0 && 8*c.Dx()*c.Dy() > a
}

// Legend line metrics: a swatch's side, the space after a key, and the
// distance between the line form's lines when it wraps.
const (
	legendLineSw   = 10
	legendLineGap  = 10
	legendLineStep = 18
	legendLineTail = "· K hides, F1 lists all"
	// legendLineTailAlone is the tail at the start of a line.
	legendLineTailAlone = "K hides, F1 lists all"
)

// legendLineItem is a key of the legend's line form, or its tail (layer
// -1), placed at x on line n (from the box's left edge).
type legendLineItem struct {
	lr   LegendRow
	tail bool
	x    float64
	n    int
	w    float64
}

// legendLineLayout lays out the legend's line form in a box at most maxW
// pixels wide: the title, then the swatch and key of each layer that is
// on, then the tail; a key or the tail that would pass the box's right
// edge starts a new line, under the first key. It returns the items, and
// the box's width and height.
//
// At 175 % on 1280×800 the line was cut to "V ·…", losing "K hides, F1
// lists all", the one place it says how to see every layer (a user's
// report): the line now wraps instead, and the fit leaves it its room
// under the map (LegendLineRoom).
func (r *Renderer) legendLineLayout(legend []LegendRow, maxW int) (items []legendLineItem, bw, bh int) {
	ft := r.fonts
	indent := 8 + ft.Width(ft.Bold, "Layers on ") + 2
	right := float64(maxW - 6)
	x, n, widest := indent, 0, indent
	place := func(it legendLineItem) {
		if x > indent && x+it.w > right {
			x, n = indent, n+1
		}
		it.x, it.n = x, n
		items = append(items, it)
		widest = math.Max(widest, x+it.w)
		x += it.w + legendLineGap
	}
	for _, lr := range legend {
		if lr.On {
			place(legendLineItem{lr: lr, w: legendLineSw + 3 + ft.Width(ft.Mono, lr.Keys)})
		}
	}
	place(legendLineItem{tail: true, w: ft.Width(ft.UI, legendLineTail)})
	if t := &items[len(items)-1]; t.n > 0 && t.x == indent {
		t.w = ft.Width(ft.UI, legendLineTailAlone) // a line of its own: no "·" before it
	}
	bw = min(int(math.Ceil(widest))+8, maxW)
	return items, bw, legendRowH + 10 + n*legendLineStep
}

// drawLegendLine draws the legend in its line form: the layers that are
// on, each as its swatch and key, e.g. "Layers on  ▪W ▪B ▪N ▪P · K hides,
// F1 lists all", wrapped onto a second line when the map area is too
// narrow for one, in the corner legendBox picks for it. A click on a key
// toggles its layer, as a row of the full legend does; the rest of the box
// takes clicks too (they do not reach the map).
//
// With margin, only in a margin under or above the map (legendMarginBox),
// reporting false and drawing nothing where there is none.
func (r *Renderer) drawLegendLine(screen *ebiten.Image, f *Frame, margin bool) bool {
	ft := r.fonts
	items, bw, bh := r.legendLineLayout(f.Legend, f.Layout.Map.Dx()-2*legendPad)
	box, _ := r.legendBox(f, bw, bh)
	if margin {
		var ok bool
		if box, ok = r.legendMarginBox(f, bw, bh); !ok {
			return false
		}
	}
	r.legendRect = box
	fillRect(screen, box, ColPanel)
	strokeRect(screen, box, ColPanelEdge)
	ft.Draw(screen, ft.Bold, "Layers on", float64(box.Min.X+8), float64(box.Min.Y+4), color.RGBA{150, 180, 255, 255})
	for _, it := range items {
		x := float64(box.Min.X) + it.x
		y := box.Min.Y + it.n*legendLineStep
		if it.tail {
			tail := legendLineTail
			if it.n > 0 && it.x == items[0].x {
				tail = legendLineTailAlone
			}
			ft.Draw(screen, ft.UI, clip(ft, ft.UI, tail, float64(box.Max.X-6)-x), x, float64(y+5), ColTextDim)
			continue
		}
		y0 := y + 7
		// A layer with nothing to draw now (cluster borders under A*)
		// keeps its place, with a faint swatch.
		drawSwatch(screen, image.Rect(int(x), y0, int(x)+legendLineSw, y0+legendLineSw), frameSwatch(it.lr.Layer, f), layerIdle(it.lr.Layer, f) == idleNone)
		ft.Draw(screen, ft.Mono, it.lr.Keys, x+legendLineSw+3, float64(y+5), ColTextDim)
		r.legendRows = append(r.legendRows, legendHit{image.Rect(int(x)-3, y+2, int(x+it.w)+4, y+legendRowH+8), it.lr.Layer})
	}
	return true
}

// The compact form of the legend, between the box of rows and the line of
// keys: the layers that are on and draw something, each as its row
// (swatch, key, name: "open ■ / closed ■"), and the magenta line's place,
// in as few rows as the map area's width allows (two at least, for the
// title's two lines at its left), so the box is about as low as the line
// it replaces where a projector's scale leaves the map no room for more.
const legendCompactTitle = "Layers on"

// legendWideTitle is the compact layout's title when it holds every
// layer's row (the wide form).
const legendWideTitle = "Layers"

// legendCompactCol is a column of the compact form: its rows from first,
// n of them, at x from the box's left, each row's key at keyX and name at
// nameX from there, w wide.
type legendCompactCol struct{ first, n, x, keyX, nameX, w int }

// compactLegendRows appends to dst the rows of the legend's compact form:
// the layers that are on and have something to draw in f's session. An
// amber row (on, nothing to draw: cluster borders under A*) names no
// colour on the map, so it gives way first.
func compactLegendRows(legend []LegendRow, f *Frame, dst []LegendRow) []LegendRow {
	for _, lr := range legend {
		if lr.On && layerIdle(lr.Layer, f) == idleNone {
			dst = append(dst, lr)
		}
	}
	return dst
}

// legendNameWidth is the widest name row lr takes at any zoom and focus
// (the edges' names as the focus comes and goes, edgesLegendName), so a
// box measured with it does not jump while zooming or pointing.
func (r *Renderer) legendNameWidth(lr LegendRow) float64 {
	ft := r.fonts
	w := ft.Width(ft.UI, legendName(lr, 0))
	if lr.Layer == LayerSearch {
		w = math.Max(w, ft.Width(ft.UI, searchNodesName)) // under HPA* and the group hierarchy
		w = math.Max(w, ft.Width(ft.UI, searchCellsName)) // under a cell search
	}
	if lr.Layer == LayerEdges && lr.On {
		for _, s := range [...]string{edgesFocusCluster, edgesFocusGroup, edgesAllName} {
			w = math.Max(w, ft.Width(ft.UI, s))
		}
	}
	return w
}

// legendCompactLayout lays out the compact form of rows in a box at most
// maxW pixels wide: the title ("Layers on" over tail, "K hides, F1 lists
// all", or "(K hides)" where the long one would cost a row) at its left,
// then the rows and the magenta line's place (always counted, so the box
// keeps its size as the line comes and goes while stepping) in columns of
// perCol rows, column by column, with the fewest rows that fit. ok is
// false when there is no row, or even one row a column does not fit. The
// columns returned reuse the renderer's slice.
func (r *Renderer) legendCompactLayout(rows []LegendRow, maxW int) (cols []legendCompactCol, tail string, bw, bh int, ok bool) {
	if len(rows) == 0 {
		return nil, "", 0, 0, false
	}
	ft := r.fonts
	nowW := 0.0
	for _, s := range currentNoteShort {
		nowW = math.Max(nowW, ft.Width(ft.UI, s))
	}
	const gap = 12
	n := len(rows) + 1
	for perCol := 2; perCol <= max(2, n); perCol++ {
		for _, tail = range [...]string{legendLineTailAlone, legendSideSub} {
			titleW := int(math.Ceil(math.Max(ft.Width(ft.Bold, legendCompactTitle), ft.Width(ft.UI, tail))))
			cols = r.compactCols[:0]
			x := 8 + titleW + gap
			for first := 0; first < n; first += perCol {
				c := legendCompactCol{first: first, n: min(perCol, n-first), x: x, keyX: 17}
				keyW, nameW := 0.0, 0.0
				for i := first; i < first+c.n; i++ {
					if i < len(rows) {
						keyW = math.Max(keyW, ft.Width(ft.Mono, rows[i].Keys))
						nameW = math.Max(nameW, r.legendNameWidth(rows[i]))
					}
				}
				c.nameX = c.keyX + int(math.Ceil(keyW)) + 8
				c.w = c.nameX + int(math.Ceil(nameW))
				if first+c.n == n {
					c.w = max(c.w, c.keyX+int(math.Ceil(nowW))) // the magenta line, from the key's place
				}
				cols = append(cols, c)
				x += c.w + gap
			}
			r.compactCols = cols
			if bw = x - gap + 8; bw <= maxW {
				return cols, tail, bw, perCol*legendRowH + 9, true
			}
		}
	}
	return nil, "", 0, 0, false
}

// legendMarginBox places a bw×bh box in the margin under the map (at its
// left), else above it, when one holds it (the fit leaves one for the
// wide or compact form or the line: LegendLineRoom); ok is false when
// neither does.
func (r *Renderer) legendMarginBox(f *Frame, bw, bh int) (box image.Rectangle, ok bool) {
	m := f.Layout.Map
	p := legendPad
	if bw+2*p > m.Dx() || bh+2*p > m.Dy() || f.Cam == nil || f.World == nil || f.World.Grid == nil {
		return box, false
	}
	mr := mapOnScreen(f)
	if m.Max.Y-mr.Max.Y >= bh+2*p {
		return image.Rect(m.Min.X+p, m.Max.Y-p-bh, m.Min.X+p+bw, m.Max.Y-p), true
	}
	if mr.Min.Y-m.Min.Y >= bh+2*p {
		return image.Rect(m.Min.X+p, m.Min.Y+p, m.Min.X+p+bw, m.Min.Y+p+bh), true
	}
	return box, false
}

// legendCompactBox places a bw×bh compact legend: in a margin under or
// above the map (legendMarginBox), else, unless margin, in the corner
// legendBox picks while that covers no more than an eighth of the map; ok
// is false when none does.
func (r *Renderer) legendCompactBox(f *Frame, bw, bh int, margin bool) (box image.Rectangle, ok bool) {
	m := f.Layout.Map
	p := legendPad
	if bw+2*p > m.Dx() || bh+2*p > m.Dy() {
		return box, false
	}
	if box, ok := r.legendMarginBox(f, bw, bh); ok || margin {
		return box, ok
	}
	box, hides := r.legendBox(f, bw, bh)
	if hides && legendTooBig(box, f) {
		return box, false
	}
	return box, true
}

// drawLegendCompact draws the legend's compact form, with now, the
// magenta line, in its place when not empty, and reports whether it did:
// not when no layer that draws something is on, or the box fits neither
// a margin of the map nor (unless margin) over an eighth of it.
//
// With all, the box holds every layer's row (off layers grey, as in the
// whole legend's box), titled "Layers": the wide form, for a margin under
// the map too low for the whole legend's columns.
func (r *Renderer) drawLegendCompact(screen *ebiten.Image, f *Frame, zoom float64, now string, margin, all bool) bool {
	m := f.Layout.Map
	rows, title := f.Legend, legendWideTitle
	if !all {
		r.compactRows = compactLegendRows(f.Legend, f, r.compactRows[:0])
		rows, title = r.compactRows, legendCompactTitle
	}
	cols, tail, bw, bh, ok := r.legendCompactLayout(rows, m.Dx()-2*legendPad)
	if !ok {
		return false
	}
	box, ok := r.legendCompactBox(f, bw, bh, margin)
	if !ok {
		return false
	}
	ft := r.fonts
	r.legendRect, r.legendNamed = box, true
	fillRect(screen, box, ColPanel)
	strokeRect(screen, box, ColPanelEdge)
	ft.Draw(screen, ft.Bold, title, float64(box.Min.X+8), float64(box.Min.Y+4), color.RGBA{150, 180, 255, 255})
	ft.Draw(screen, ft.UI, tail, float64(box.Min.X+8), float64(box.Min.Y+4+legendRowH), ColTextDim)
	for _, c := range cols {
		for i := c.first; i < c.first+c.n; i++ {
			cx := box.Min.X + c.x
			cy := box.Min.Y + 5 + (i-c.first)*legendRowH
			if i < len(rows) {
				r.drawLegendRow(screen, f, rows[i], cx, cy, c.w+8, c.keyX, c.nameX, zoom)
				continue
			}
			if now == "" {
				continue
			}
			if short, ok := currentNoteShort[now]; ok {
				now = short
			}
			drawSwatch(screen, image.Rect(cx, cy+2, cx+12, cy+14), []color.RGBA{ColCurrent}, true)
			ft.Draw(screen, ft.UI, clip(ft, ft.UI, now, float64(c.w-c.keyX)), float64(cx+c.keyX), float64(cy-1), ColText)
		}
	}
	return true
}

// LegendRowsShown appends to dst the layers whose rows (swatch and name)
// the legend drawn last shows, and returns it: none when it was the line
// of keys, which names no colour, or was not drawn.
func (r *Renderer) LegendRowsShown(dst []Layer) []Layer {
	if !r.legendNamed {
		return dst
	}
	for _, h := range r.legendRows {
		dst = append(dst, h.l)
	}
	return dst
}

// LegendLineRoom is the room, in pixels, the fit should leave under the
// map in the area m for every layer's row laid out as the compact form is
// (wide), for the compact form (compact, when the map area is wide enough
// for them: see legendCompactLayout) and for its line of keys (line), each
// its height and a gap either side, when the map, fitted to mapRect,
// leaves no margin for the whole legend (beside it or under it, as
// LegendRoom measures) and the legend would lie over the map, hiding its
// corner at least, so that it is drawn in one of those forms; else all 0. w is the session, whose algorithm and map decide which layers
// draw something (the compact form's rows). The line sat over the map's
// bottom rows at 175 % on 1280×800 (a user's report).
func (r *Renderer) LegendLineRoom(legend []LegendRow, w *world.World, m, mapRect image.Rectangle) (wide, compact, line int) {
	if len(legend) == 0 || m.Dy() < 260 || m.Dx() < 360 {
		return 0, 0, 0
	}
	p := legendPad
	side, below := r.LegendRoom(legend, m)
	if side > 0 && (mapRect.Min.X-m.Min.X >= side || m.Max.X-mapRect.Max.X >= side) ||
		below > 0 && (m.Max.Y-mapRect.Max.Y >= below || mapRect.Min.Y-m.Min.Y >= below) {
		return 0, 0, 0
	}
	// The box drawLegend would put over the map, with its footer.
	ft := r.fonts
	_, _, cw := r.legendColumn(legend)
	n, cols := len(legend), 2
	if 2*cw+4 > m.Dx()/2 {
		n, cols = 0, 1
		for _, lr := range legend {
			n += b2i(lr.On)
		}
		cw = max(cw, int(ft.Width(ft.Bold, "Layers on ")+ft.Width(ft.UI, "(K hides)"))+12)
	}
	bw, bh := cols*cw+4, ((n+cols-1)/cols+1)*legendRowH+28
	box := image.Rect(m.Min.X+p, m.Max.Y-p-bh, m.Min.X+p+bw, m.Max.Y-p)
	area := mapRect.Intersect(m)
	c := box.Intersect(area)
	if area.Dx()*area.Dy() == 0 || c.Empty() {
		return 0, 0, 0
	}
	_, _, lh := r.legendLineLayout(legend, m.Dx()-2*p)
	line = lh + 2*p
	if _, _, _, wh, ok := r.legendCompactLayout(legend, m.Dx()-2*p); ok {
		wide = wh + 2*p
	}
	r.compactRoomRows = compactLegendRows(legend, &Frame{World: w}, r.compactRoomRows[:0])
	if _, _, _, ch, ok := r.legendCompactLayout(r.compactRoomRows, m.Dx()-2*p); ok {
		compact = ch + 2*p
	}
	return wide, compact, line
}

// mapOnScreen returns the screen rectangle the whole map covers.
func mapOnScreen(f *Frame) image.Rectangle {
	g := f.World.Grid
	x0, y0 := f.Cam.ToScreen(0, 0)
	x1, y1 := f.Cam.ToScreen(float64(g.Width()), float64(g.Height()))
	return image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1)))
}

// legendColumn measures one column of the legend: where a row's key and
// name start and the column's width. The name is measured as it reads
// at every zoom, so the box does not jump while zooming.
func (r *Renderer) legendColumn(legend []LegendRow) (keyX, nameX, cw int) {
	ft := r.fonts
	keyW, nameW := 0.0, 0.0
	for _, lr := range legend {
		keyW = math.Max(keyW, ft.Width(ft.Mono, lr.Keys))
		nameW = math.Max(nameW, r.legendNameWidth(lr))
	}
	keyX = 17                     // after the swatch
	nameX = keyX + int(keyW) + 10 // after the widest key
	return keyX, nameX, nameX + int(nameW) + 14
}

// legendSideSub is the title's aside in the one-column legend beside the
// map, legendUnderSub the two columns' under it.
const (
	legendSideSub  = "(K hides)"
	legendUnderSub = "(click or key toggles · K hides)"
)

// legendSideSize is the box of the legend as one column of every layer,
// the form that goes into a margin beside the map.
func (r *Renderer) legendSideSize(legend []LegendRow) (bw, bh int) {
	ft := r.fonts
	_, _, cw := r.legendColumn(legend)
	cw = max(cw, int(ft.Width(ft.Bold, "Layers ")+ft.Width(ft.UI, legendSideSub))+12)
	return cw + 4, len(legend)*legendRowH + 28
}

// legendUnderSize is the box of the legend as two columns of every layer,
// the form that goes into a margin under (or above) the map, with a row
// for the footer when foot.
func (r *Renderer) legendUnderSize(legend []LegendRow, extra int) (bw, bh int) {
	ft := r.fonts
	_, _, cw := r.legendColumn(legend)
	bw = max(2*cw+4, int(ft.Width(ft.Bold, "Layers ")+ft.Width(ft.UI, legendUnderSub))+16)
	bh = (len(legend)+1)/2*legendRowH + 28 + extra*legendRowH
	return bw, bh
}

// LegendRoom is the room, in pixels, the legend needs beside the map in
// the map area m to cover none of it: side, the width of its column of
// every layer and a gap either side (0 when the area is too short for that
// column), and below, the height of its two columns and a gap either side
// (0 when the area is too narrow for them); both 0 when the area is too
// small for a legend. The game's fit leaves one of them free left of or
// under the map, moving it or shrinking it a little (Camera.FitBeside).
func (r *Renderer) LegendRoom(legend []LegendRow, m image.Rectangle) (side, below int) {
	if len(legend) == 0 || m.Dy() < 260 || m.Dx() < 360 {
		return 0, 0
	}
	if bw, bh := r.legendSideSize(legend); bh+2*legendPad <= m.Dy() {
		side = bw + 2*legendPad
	}
	if bw, bh := r.legendUnderSize(legend, 1); bw+2*legendPad <= m.Dx() {
		below = bh + 2*legendPad
	}
	return side, below
}

// legendUnder places the two-column legend of every layer (with a footer
// row when foot) in the margin under the map, at its left, else above the
// map, when the margin holds it whole; ok is
// false when neither does.
func (r *Renderer) legendUnder(f *Frame, legend []LegendRow, extra int) (box image.Rectangle, ok bool) {
	bw, bh := r.legendUnderSize(legend, extra)
	return r.legendMarginBox(f, bw, bh)
}

// legendUnderFor is legendUnder with the rows under the layers: the
// footer (*foot) and the magenta line (now). The fit leaves room for one
// of them: when both do not fit, the footer is dropped (*foot emptied),
// since the magenta line is about what the cursor shows.
func (r *Renderer) legendUnderFor(f *Frame, foot *string, now bool) (image.Rectangle, bool) {
	box, ok := r.legendUnder(f, f.Legend, b2i(*foot != "")+b2i(now))
	if !ok && *foot != "" && now {
		if box, ok = r.legendUnder(f, f.Legend, 1); ok {
			*foot = ""
		}
	}
	return box, ok
}

// legendSide places the one-column legend in the margin left of the map
// (at its bottom), else right of it (at its top, away from the agents'
// panel), when the margin holds it whole; ok is false when neither does.
func (r *Renderer) legendSide(f *Frame, legend []LegendRow) (box image.Rectangle, ok bool) {
	m := f.Layout.Map
	bw, bh := r.legendSideSize(legend)
	if bh+2*legendPad > m.Dy() || f.Cam == nil || f.World == nil || f.World.Grid == nil {
		return box, false
	}
	mr := mapOnScreen(f)
	p := legendPad
	if mr.Min.X-m.Min.X >= bw+2*p {
		return image.Rect(m.Min.X+p, m.Max.Y-p-bh, m.Min.X+p+bw, m.Max.Y-p), true
	}
	if m.Max.X-mr.Max.X >= bw+2*p {
		return image.Rect(m.Max.X-p-bw, m.Min.Y+p, m.Max.X-p, m.Min.Y+p+bh), true
	}
	return box, false
}

// openCellsUnder estimates how many open cells of the map lie under
// screen rectangle rc, sampling it every 8 pixels and counting each
// sample as the pixels it stands for (walls hide nothing a user needs).
func openCellsUnder(f *Frame, rc image.Rectangle) int {
	if rc.Empty() {
		return 0
	}
	g := f.World.Grid
	n := 0
	const step = 8
	for y := rc.Min.Y + step/2; y < rc.Max.Y; y += step {
		for x := rc.Min.X + step/2; x < rc.Max.X; x += step {
			if p := f.Cam.CellAt(float64(x), float64(y)); g.In(p) && g.Open(p) {
				n += step * step
			}
		}
	}
	return n
}

// fillCellsUnder estimates how many cells of the search's open / closed
// fill at the timeline's cursor lie under screen rectangle rc, sampling it
// as openCellsUnder does.
func fillCellsUnder(f *Frame, rc image.Rectangle) int {
	if rc.Empty() {
		return 0
	}
	g := f.World.Grid
	last := f.World.Timeline.Last(0)
	n := 0
	const step = 8
	for y := rc.Min.Y + step/2; y < rc.Max.Y; y += step {
		for x := rc.Min.X + step/2; x < rc.Max.X; x += step {
			if p := f.Cam.CellAt(float64(x), float64(y)); g.In(p) {
				if i := p.Y*g.Width() + p.X; i < len(last) && last[i] >= 0 {
					n += step * step
				}
			}
		}
	}
	return n
}

// cutOffText is the inspector's reading of a cut cell that cuts off n cells.
func cutOffText(n int32) string {
	if n == 1 {
		return "filling it cuts off 1 cell"
	}
	return "filling it cuts off " + world.Count(int(n)) + " cells"
}

// cutOff returns how many cells filling p would cut off its component's
// largest part (0: not a cut cell) and whether that is known: only while
// the components layer is on, from the cut cells the session has for the
// grid as it is (world.CutOff; nothing is computed here).
func cutOff(f *Frame, p image.Point) (int32, bool) {
	if !f.Layers.Has(LayerComponents) {
		return 0, false
	}
	return f.World.CutOff(p)
}

// MessageLife is how many seconds the message shows: six, an error twelve.
func MessageLife(err bool) float64 {
	if err {
		return 12
	}
	return 6
}

// drawMessage shows the world's last message at the bottom of the map for
// its MessageLife.
func (r *Renderer) drawMessage(screen *ebiten.Image, f *Frame) {
	w := f.World
	r.msgRect = image.Rectangle{}
	if w.Message == "" {
		return
	}
	if f.MessageAge > MessageLife(w.MessageErr) {
		return
	}
	mp := r.messagePlace(f)
	r.msgRect = mp.box
	r.paintMessage(screen, mp.box, mp.lines, w.MessageErr)
}

// msgPlace is where the message goes and its lines, wrapped to fit there
// (messagePlace), with what they were computed from.
type msgPlace struct {
	ok    bool
	key   msgPlaceKey
	box   image.Rectangle
	lines []string
	// wraps are the text's lines at each width tried (msgWidths), for
	// wrapText in wrapArea: a place chosen again (the cursor moved, the
	// timeline stepped) measures no word again.
	wraps    [msgWidths]msgWrap
	wrapText string
	wrapArea image.Rectangle
	// seq is the message the box was placed for (World.MessageSeq): the
	// box stays where it is while no place is clearly better (messageBox's
	// last).
	seq int
	// Scratch reused by every placement: the spots tried, and the cells
	// of the answer's path as screen boxes.
	spots []msgSpot
	path  []image.Rectangle
}

// msgWrap is the message wrapped to a width: its lines and box size.
type msgWrap struct {
	ok     bool
	width  float64
	lines  []string
	bw, bh int
}

// msgWidths is how many wrap widths a message is tried at: the map's
// width, half of it and a third (msgWidth).
const msgWidths = 3

// msgMarks is the most marks a message keeps off (msgPlaceKey.marks).
const msgMarks = 8

// msgPlaceKey is everything placeMessage and the wrapping read: the text,
// the map area, the boxes to keep off (legend, map notes, the cells last
// edited, the cursor, the start and goal discs, the pinned cell, selected
// agents), and what says where the answer's path, plans and search lie on
// screen (the camera, the path and plans, the timeline at its cursor,
// the layers). The fonts are the renderer's own, fixed.
type msgPlaceKey struct {
	text                string
	seq                 int
	area, legend, notes image.Rectangle
	marks               [msgMarks]image.Rectangle
	nmarks              int
	zoom, offX, offY    float64
	path                *image.Point
	pathLen             int
	plans               *[]image.Point
	nplans              int
	tlGen, tlVer        uint64
	layers              LayerSet
	ghost               *world.Ghost
}

// messagePlace returns where the message of frame f goes and its lines
// (placeMessage). Wrapping and measuring the text is most of its cost (a
// text.Measure per word tried), and a frame with agents asks twice
// (MessageBox for their panel, then drawMessage), so the answer is kept
// while its inputs stay the same: a message shows unchanged for seconds.
func (r *Renderer) messagePlace(f *Frame) *msgPlace {
	w := f.World
	ft := r.fonts
	m := f.Layout.Map
	mp := &r.msgPlace
	k := msgPlaceKey{text: w.Message, seq: w.MessageSeq, area: m, legend: r.legendRect, notes: r.noteRect, layers: f.Layers}
	if f.Cam != nil && w.Grid != nil {
		// The cells just edited, and the cursor: a "no path" after filling
		// a corridor lay right over the filled cells, for its 6 seconds,
		// above the legend mid-map (a user's report). Then the start and
		// goal, and the selection: the pinned cell, the selected agents.
		r.msgMarks = r.userMarks(f, true, r.msgMarks[:0])
		k.nmarks = copy(k.marks[:], r.msgMarks)
		k.zoom, k.offX, k.offY = f.Cam.Zoom, f.Cam.OffX, f.Cam.OffY
		if p := w.Outcome.Path; len(p) > 0 {
			k.path, k.pathLen = &p[0], len(p)
		}
		if pl := w.Outcome.Plans; len(pl) > 0 {
			k.plans, k.nplans = &pl[0], len(pl)
		}
		k.tlGen, k.tlVer = w.Timeline.Generation(), w.Timeline.Version()
		k.ghost = w.Ghost
	}
	if mp.ok && mp.key == k {
		return mp
	}
	if mp.wrapText != w.Message || mp.wrapArea != m {
		mp.wraps = [msgWidths]msgWrap{}
		mp.wrapText, mp.wrapArea = w.Message, m
	}
	lh := ft.LineHeight(ft.UI)
	measure := func(width float64) (int, int) {
		slot := -1
		for i := range mp.wraps {
			if wr := &mp.wraps[i]; wr.ok && wr.width == width {
				return wr.bw, wr.bh
			} else if !wr.ok && slot < 0 {
				slot = i
			}
		}
		lines := messageLines(ft, w.Message, width)
		wmax := 0.0
		for _, l := range lines {
			wmax = math.Max(wmax, ft.Width(ft.UI, l))
		}
		bw, bh := int(wmax)+24, int(float64(len(lines))*lh)+12
		if slot >= 0 {
			mp.wraps[slot] = msgWrap{ok: true, width: width, lines: lines, bw: bw, bh: bh}
		}
		return bw, bh
	}
	av := msgAvoid{legend: k.legend, notes: k.notes, marks: k.marks[:k.nmarks]}
	if f.Cam != nil && w.Grid != nil {
		av.path = r.msgPathBoxes(f)
		av.under = func(rc image.Rectangle) int { return r.answerUnder(f, rc) }
	}
	last := image.Rectangle{}
	if mp.ok && mp.key.seq == k.seq && mp.key.text == k.text && mp.key.area == k.area {
		last = mp.box
	}
	box, width := placeMessage(m, &av, last, &mp.spots, measure)
	var lines []string
	for i := range mp.wraps {
		if wr := &mp.wraps[i]; wr.ok && wr.width == width {
			lines = wr.lines
		}
	}
	if lines == nil {
		lines = messageLines(ft, w.Message, width)
	}
	mp.ok, mp.key, mp.box, mp.lines = true, k, box, lines
	return mp
}

// msgPathSamples is the most cells of the answer's path the message
// placement looks at (a long path is sampled).
const msgPathSamples = 400

// msgPathBoxes returns the cells of the answer's path and of the ghost's
// (the path kept from before the last switch, which a comparison note
// describes) as screen boxes (a sample of a long path, each box at least a
// few pixels), in the renderer's scratch slice.
func (r *Renderer) msgPathBoxes(f *Frame) []image.Rectangle {
	out := r.msgPlace.path[:0]
	half := int(math.Max(f.Cam.Zoom/2, 3))
	add := func(path []image.Point) {
		stride := max(1, len(path)/msgPathSamples)
		for i := 0; i < len(path); i += stride {
			x, y := f.Cam.CellCenter(path[i])
			out = append(out, image.Rect(int(x)-half, int(y)-half, int(x)+half+1, int(y)+half+1))
		}
	}
	add(f.World.Outcome.Path)
	if gh := f.World.Ghost; gh != nil {
		add(gh.Path)
	}
	r.msgPlace.path = out
	return out
}

// msgGhostSamples is the most frontier dots of the ghost's fill the
// message placement looks at (a long frontier is sampled, each dot kept
// worth the ones it stands for).
const msgGhostSamples = 4000

// msgGhostDot is what a frontier dot of the ghost's fill under a box
// weighs against a sample of the search (answerUnder): the dotted line is
// thin, and it is what a comparison note points at ("dotted: where its
// search stopped").
const msgGhostDot = 2

// msgGhost is the frontier of the ghost's fill in the map area, as screen
// points, for the placement of the message and the map notes: computed
// again only for another ghost, camera or area.
type msgGhost struct {
	gh               *world.Ghost
	zoom, offX, offY float64
	area             image.Rectangle
	dots             [][2]float32
	weight           int // msgGhostDot times the dots each kept one stands for
}

// ghostFrontier returns the frontier dots of the ghost's fill in the map
// area as drawGhost draws them (none while an abstract phase is shown,
// where it does not draw them), sampled to msgGhostSamples, and the weight
// of each in answerUnder.
func (r *Renderer) ghostFrontier(f *Frame) ([][2]float32, int) {
	w := f.World
	gh := w.Ghost
	if gh == nil || gh.Fill == nil || abstractPhaseShown(&w.Timeline) {
		return nil, 0
	}
	c := &r.msgGhost
	area := f.Layout.Map
	if c.gh == gh && c.zoom == f.Cam.Zoom && c.offX == f.Cam.OffX && c.offY == f.Cam.OffY && c.area == area {
		return c.dots, c.weight
	}
	g := w.Grid
	dots := ghostDots(f.Cam, g, gh, f.Cam.Visible(g.Width(), g.Height(), area), c.dots[:0])
	stride := max(1, (len(dots)+msgGhostSamples-1)/msgGhostSamples)
	if stride > 1 {
		n := 0
		for i := 0; i < len(dots); i += stride {
			dots[n] = dots[i]
			n++
		}
		dots = dots[:n]
	}
	*c = msgGhost{gh: gh, zoom: f.Cam.Zoom, offX: f.Cam.OffX, offY: f.Cam.OffY, area: area, dots: dots, weight: msgGhostDot * stride}
	return c.dots, c.weight
}

// answerUnder is how much of the answer's drawing besides its path screen
// rectangle rc hides: the cells the cell search has reached at the
// timeline's cursor (with the open / closed layer on), sampled every 8
// pixels; the nodes of the plans (with their layer on) and of the ghost's
// plan, each worth four samples; and the frontier dots of the ghost's fill
// (ghostFrontier), the dotted line a comparison note describes, each worth
// msgGhostDot samples. The ghost's path counts with the answer's
// (msgPathBoxes).
func (r *Renderer) answerUnder(f *Frame, rc image.Rectangle) int {
	w := f.World
	rc = rc.Intersect(mapOnScreen(f))
	if rc.Empty() {
		return 0
	}
	n := 0
	if f.Layers.Has(LayerSearch) {
		if last := w.Timeline.Last(0); len(last) == w.Grid.Len() {
			const step = 8
			for y := rc.Min.Y + step/2; y < rc.Max.Y; y += step {
				for x := rc.Min.X + step/2; x < rc.Max.X; x += step {
					if p := f.Cam.CellAt(float64(x), float64(y)); w.Grid.In(p) && last[w.Grid.Index(p)] >= 0 {
						n++
					}
				}
			}
		}
	}
	nodes := func(plan []image.Point) {
		for _, q := range plan {
			x, y := f.Cam.CellCenter(q)
			if image.Pt(int(x), int(y)).In(rc) {
				n += 4
			}
		}
	}
	if f.Layers.Has(LayerPlans) {
		for _, plan := range w.Outcome.Plans {
			nodes(plan)
		}
	}
	if gh := w.Ghost; gh != nil {
		nodes(gh.Plan)
		dots, weight := r.ghostFrontier(f)
		for _, d := range dots {
			if image.Pt(int(d[0]), int(d[1])).In(rc) {
				n += weight
			}
		}
	}
	return n
}

// lastEditRect returns the screen rectangle around the cells of the last
// edit (World.LastEdited) with a few pixels' margin, empty when there is
// none.
func lastEditRect(f *Frame) image.Rectangle {
	w := f.World
	cells := w.LastEdited()
	if len(cells) == 0 || f.Cam == nil {
		return image.Rectangle{}
	}
	gw := int32(w.Grid.Width())
	lo, hi := image.Pt(math.MaxInt32, math.MaxInt32), image.Pt(-1, -1)
	for _, i := range cells {
		x, y := int(i%gw), int(i/gw)
		lo.X, lo.Y = min(lo.X, x), min(lo.Y, y)
		hi.X, hi.Y = max(hi.X, x), max(hi.Y, y)
	}
	x0, y0 := f.Cam.CellCenter(lo)
	x1, y1 := f.Cam.CellCenter(hi)
	half := float32(math.Max(f.Cam.Zoom/2, 1) + 4)
	return image.Rect(int(x0-half), int(y0-half), int(x1+half)+1, int(y1+half)+1)
}

// paintMessage draws the message's box and its wrapped lines.
func (r *Renderer) paintMessage(screen *ebiten.Image, box image.Rectangle, lines []string, isErr bool) {
	ft := r.fonts
	lh := ft.LineHeight(ft.UI)
	x, y := box.Min.X, box.Min.Y
	bg := color.RGBA{40, 34, 20, 235}
	tc := ColTextWarn
	if isErr {
		bg, tc = color.RGBA{60, 20, 20, 240}, ColTextErr
	}
	fillRect(screen, box, bg)
	strokeRect(screen, box, tc)
	for i, l := range lines {
		ft.Draw(screen, ft.UI, l, float64(x+12), float64(y+6)+float64(i)*lh, tc)
	}
}

// msgAvoid is what the message box keeps off: the legend and the map
// notes, always when it can; marks, what the user works on (the start and
// goal discs, the cells just edited, the cursor, the pinned cell and the
// selected agents); the cells of the answer's path (path); and, as little
// as it can, the rest of the answer (under: the search's cells and the
// plans' nodes a box hides; nil for none).
type msgAvoid struct {
	legend, notes image.Rectangle
	marks, path   []image.Rectangle
	under         func(image.Rectangle) int
}

// msgSpot is a place the message may take: its box, wrapped to width.
type msgSpot struct {
	box   image.Rectangle
	width float64
}

// msgCost is what a spot covers, worst first: the legend or the map
// notes, marks, cells of the path, and the rest of the answer.
type msgCost struct{ hard, marks, path, under int }

// msgWidth is the i-th wrap width of a message in map area m (i <
// msgWidths): the map's width less a margin, then about half and a third
// of it; ok is false for a narrower width under msgMinWidth.
func msgWidth(m image.Rectangle, i int) (width float64, ok bool) {
	full := float64(max(100, m.Dx()-80))
	switch i {
	case 0:
		return full, true
	case 1:
		width = float64(m.Dx()/2 - 20)
	default:
		width = float64(m.Dx()/3 - 16)
	}
	return width, width >= msgMinWidth
}

// msgMinWidth is the narrowest a message is wrapped to (pixels): some
// twenty words a line; the map area at 175 % on 1280×800 is 458 pixels
// wide, and its half must still be tried.
const msgMinWidth = 130

// messageSpots appends to dst every place the message may take in map
// area m, in the order they are preferred when they hide as much: wrapped
// to the map's width, centred at the bottom, above the legend when that
// covers the legend, at the top under the map notes (notes); then, for
// each narrower wrap (msgWidth), in the corners and at the middle of the
// left and right edges. A box taller than the area is left out.
func messageSpots(m, legend, notes image.Rectangle, measure func(width float64) (bw, bh int), dst []msgSpot) []msgSpot {
	top := m.Min.Y + 34
	if !notes.Empty() && notes.Min.Y < top {
		top = max(top, notes.Max.Y+6) // below the map notes at the top
	}
	add := func(box image.Rectangle, width float64) {
		if box.Min.Y >= m.Min.Y && box.Max.Y <= m.Max.Y && box.Min.X >= m.Min.X && box.Max.X <= m.Max.X {
			dst = append(dst, msgSpot{box, width})
		}
	}
	width, _ := msgWidth(m, 0)
	bw, bh := measure(width)
	x := m.Min.X + (m.Dx()-bw)/2
	bottom := image.Rect(x, m.Max.Y-bh-10, x+bw, m.Max.Y-10)
	add(bottom, width)
	if bottom.Overlaps(legend) && legend.Min.Y-bh-6 > m.Min.Y {
		add(bottom.Add(image.Pt(0, legend.Min.Y-6-bottom.Max.Y)), width)
	}
	if t := image.Rect(x, top, x+bw, top+bh); t.Max.Y <= bottom.Min.Y {
		add(t, width)
	}
	prev := width
	for i := 1; i < msgWidths; i++ {
		wd, ok := msgWidth(m, i)
		if !ok || wd >= prev {
			continue
		}
		prev = wd
		bw, bh := measure(wd)
		left, right := m.Min.X+10, m.Max.X-10-bw
		mid := m.Min.Y + (m.Dy()-bh)/2
		for _, at := range [...]image.Point{
			{left, m.Max.Y - 10 - bh}, {right, m.Max.Y - 10 - bh}, // bottom corners
			{left, top}, {right, top}, // top corners
			{left, mid}, {right, mid}, // middle of the sides
		} {
			add(image.Rect(at.X, at.Y, at.X+bw, at.Y+bh), wd)
		}
	}
	return dst
}

// msgCostOf measures what box covers of av.
func msgCostOf(box image.Rectangle, av *msgAvoid) msgCost {
	var c msgCost
	if box.Overlaps(av.legend) || box.Overlaps(av.notes) {
		c.hard = 1
	}
	for _, mk := range av.marks {
		if box.Overlaps(mk) {
			c.marks++
		}
	}
	for _, p := range av.path {
		if box.Overlaps(p) {
			c.path++
		}
	}
	if av.under != nil {
		c.under = av.under(box)
	}
	return c
}

// worse reports whether a covers more than b, ignoring under.
func (a msgCost) worse(b msgCost) bool {
	if a.hard != b.hard {
		return a.hard > b.hard
	}
	if a.marks != b.marks {
		return a.marks > b.marks
	}
	return a.path > b.path
}

// msgSlack is how much more of the rest of the answer (msgCost.under) a
// spot may hide than the one hiding least and still be taken for coming
// first or being where the message already is: a sample or an eighth.
func msgSlack(least int) int { return max(1, least/8) }

// placeMessage places the message in map area m, measure giving its box's
// size for the text wrapped to a width, among messageSpots: the one that
// covers neither the legend nor the map notes, then the fewest marks, then
// the fewest cells of the answer's path and the ghost's, then the least of
// the rest of the answer (the search, the plans, the ghost's frontier): the
// spot last (where the message was drawn in the frame before, empty for
// none) while it hides within msgSlack of the least, else the one hiding
// least, the first of those hiding exactly as little. So a message that
// hides nothing stays centred at the bottom, and one over the walked path
// or the search goes where it hides least of it (the worst row's note of
// a batch sat over the path, and at 175 % a three-line note covered a
// quarter of the map: a user's report). When every place covers the
// legend (a tall legend, a long message), the message is wrapped to the
// room beside the legend, at the bottom of that room, so the legend (its
// title first) is never under it. It returns the box and the wrap width;
// spots is scratch.
func placeMessage(m image.Rectangle, av *msgAvoid, last image.Rectangle, spots *[]msgSpot, measure func(width float64) (bw, bh int)) (image.Rectangle, float64) {
	*spots = messageSpots(m, av.legend, av.notes, measure, (*spots)[:0])
	ss := *spots
	if len(ss) == 0 { // an area too small for any: the bottom, as before
		width, _ := msgWidth(m, 0)
		bw, bh := measure(width)
		x := m.Min.X + (m.Dx()-bw)/2
		return image.Rect(x, m.Max.Y-bh-10, x+bw, m.Max.Y-10), width
	}
	pick, best := -1, msgCost{hard: math.MaxInt}
	for i, s := range ss {
		if c := msgCostOf(s.box, av); best.worse(c) || !c.worse(best) && c.under < best.under {
			pick, best = i, c
		}
	}
	// Where the message was stays while it hides about as little
	// (msgSlack); a new place is the one hiding least, the first of
	// those that hide exactly as little. The slack once let the bottom,
	// first in order, win over a place hiding less.
	for i, s := range ss {
		if s.box == last && i != pick {
			if c := msgCostOf(s.box, av); !c.worse(best) && !best.worse(c) && c.under <= best.under+msgSlack(best.under) {
				pick = i
			}
			break
		}
	}
	box, width := ss[pick].box, ss[pick].width
	if !box.Overlaps(av.legend) {
		return box, width
	}
	legend := av.legend
	// The wider side of the legend, 10 px clear of it and of the area's
	// edge.
	side := image.Rect(legend.Max.X+10, m.Min.Y, m.Max.X-10, m.Max.Y)
	if left := image.Rect(m.Min.X+10, m.Min.Y, legend.Min.X-10, m.Max.Y); left.Dx() > side.Dx() {
		side = left
	}
	if side.Dx() < 160 {
		return box, width // no room worth the name
	}
	width = float64(side.Dx() - 24)
	bw, bh := measure(width)
	x := side.Min.X + (side.Dx()-bw)/2
	return image.Rect(x, max(m.Min.Y, m.Max.Y-bh-10), x+bw, m.Max.Y-10), width
}

// messageBox places a bw×bh message box in map area m as placeMessage
// does, keeping off legend, notes and marks (the size is the same at every
// wrap width).
func messageBox(m image.Rectangle, bw, bh int, legend image.Rectangle, marks []image.Rectangle, notes image.Rectangle) image.Rectangle {
	var spots []msgSpot
	box, _ := placeMessage(m, &msgAvoid{legend: legend, notes: notes, marks: marks}, image.Rectangle{}, &spots, func(float64) (int, int) { return bw, bh })
	return box
}

// mapNote writes a short note over the map this frame (drawMapNotes places
// the notes written, as one block, and draws them over the layers); a note
// already written is not written again.
func (r *Renderer) mapNote(_ *ebiten.Image, _ *Frame, s string) {
	if slices.Contains(r.notes, s) { // the nodes and the edges layer both say "zoom in"
		return
	}
	r.notes = append(r.notes, s)
}

// mapNoteBox is a map note placed this frame, drawn once every layer is.
type mapNoteBox struct {
	box  image.Rectangle
	text string
}

// Map note metrics: a note's line box is mapNoteH tall, the lines of the
// block mapNoteGap apart, the block mapNoteInset inside the map area.
const (
	mapNoteH     = 20
	mapNoteGap   = 4
	mapNoteInset = 6
)

// drawMapNotes places the notes written this frame (placeMapNotes) and
// draws them over every layer (the search's dashed markers were drawn over
// "zoom in to see them").
func (r *Renderer) drawMapNotes(dst *ebiten.Image, f *Frame) {
	r.placeMapNotes(f, dst.Bounds())
	ft := r.fonts
	for _, n := range r.noteBoxes {
		fillRect(dst, n.box, ColPanel)
		ft.Draw(dst, ft.UI, n.text, float64(n.box.Min.X+8), float64(n.box.Min.Y+2), ColTextWarn)
	}
}

// placeMapNotes places the notes written this frame as one block, a line
// each, all as wide as the widest, in map area m, where the message box is
// placed (placeMessage): of the top's middle (where they always went), the
// bottom's, the four corners and the middle of the sides, the first that
// covers the fewest marks (the start and goal, the pinned cell, selected
// agents, the cells just edited; not the pointer, which a note would flee
// while it stays for minutes), then the fewest cells of the answer's path,
// then the least of its search and plans; and where it was in the frame
// before while no place hides clearly less. "zoom in to see them" lay over
// the answer's path at the top of the map, with the bottom clear (a user's
// report). It sets noteBoxes and noteRect.
func (r *Renderer) placeMapNotes(f *Frame, m image.Rectangle) {
	r.noteBoxes, r.noteRect = r.noteBoxes[:0], image.Rectangle{}
	if len(r.notes) == 0 || f.NotesHidden != "" && f.NotesHidden == strings.Join(r.notes, "\n") {
		r.noteLast, r.noteLastText = image.Rectangle{}, ""
		return
	}
	ft := r.fonts
	wd := 0.0
	for _, s := range r.notes {
		wd = math.Max(wd, ft.Width(ft.UI, s))
	}
	bw := int(math.Ceil(wd)) + 16
	bh := len(r.notes)*mapNoteH + (len(r.notes)-1)*mapNoteGap
	in := mapNoteInset
	left, right, mid := m.Min.X+in, m.Max.X-in-bw, m.Min.X+(m.Dx()-bw)/2
	top, bottom, middle := m.Min.Y+in, m.Max.Y-in-bh, m.Min.Y+(m.Dy()-bh)/2
	spots := [...]image.Point{{mid, top}, {mid, bottom}, {left, top}, {right, top}, {left, bottom}, {right, bottom}, {left, middle}, {right, middle}}
	block := image.Rect(mid, top, mid+bw, top+bh) // the top's middle, also where one does not fit
	if f.Cam != nil && f.World != nil && f.World.Grid != nil {
		av := msgAvoid{legend: r.legendRect, marks: r.userMarks(f, false, r.noteMarks[:0])}
		r.noteMarks = av.marks
		av.path = r.msgPathBoxes(f)
		av.under = func(rc image.Rectangle) int { return r.answerUnder(f, rc) }
		text := strings.Join(r.notes, "\n")
		var costs [len(spots)]msgCost
		var fits [len(spots)]bool
		best, bestAt := msgCost{hard: math.MaxInt}, -1
		for i, at := range spots {
			b := image.Rect(at.X, at.Y, at.X+bw, at.Y+bh)
			if fits[i] = b.In(m); !fits[i] {
				continue
			}
			costs[i] = msgCostOf(b, &av)
			if c := costs[i]; bestAt < 0 || best.worse(c) || !c.worse(best) && c.under < best.under {
				best, bestAt = c, i
			}
		}
		if bestAt >= 0 {
			// The place of the frame before while it hides about as
			// little as the best (within msgSlack of its search), else
			// the best, the first of those hiding exactly as little.
			pick := bestAt
			for i, c := range costs {
				if !fits[i] || c.worse(best) || best.worse(c) || c.under > best.under+msgSlack(best.under) {
					continue
				}
				at := spots[i]
				if image.Rect(at.X, at.Y, at.X+bw, at.Y+bh) == r.noteLast && text == r.noteLastText {
					pick = i
				}
			}
			at := spots[pick]
			block = image.Rect(at.X, at.Y, at.X+bw, at.Y+bh)
		}
		r.noteLast, r.noteLastText = block, text
	}
	for i, s := range r.notes {
		y := block.Min.Y + i*(mapNoteH+mapNoteGap)
		box := image.Rect(block.Min.X, y, block.Max.X, y+mapNoteH)
		r.noteRect = r.noteRect.Union(box)
		r.noteBoxes = append(r.noteBoxes, mapNoteBox{box, s})
	}
}

// userMarks appends to dst, as screen boxes, what a box over the map keeps
// off first: the cells just edited, the pointer (when pointer), the start
// and goal discs, the pinned cell and the selected agents.
func (r *Renderer) userMarks(f *Frame, pointer bool, dst []image.Rectangle) []image.Rectangle {
	w := f.World
	if rc := lastEditRect(f); !rc.Empty() {
		dst = append(dst, rc)
	}
	if pointer && f.MouseOK && image.Pt(int(f.MouseX), int(f.MouseY)).In(f.Layout.Map) {
		const c = 12
		dst = append(dst, image.Rect(int(f.MouseX)-c, int(f.MouseY)-c, int(f.MouseX)+c+1, int(f.MouseY)+c+1))
	}
	rad := int(math.Ceil(EndpointRadius(f.Cam.Zoom)))
	disc := func(p image.Point) {
		cx, cy := f.Cam.CellCenter(p)
		dst = append(dst, image.Rect(int(cx)-rad, int(cy)-rad, int(cx)+rad+1, int(cy)+rad+1))
	}
	if w.HasStart {
		disc(w.Start)
	}
	if w.HasGoal {
		disc(w.Goal)
	}
	if f.HasPinned {
		disc(f.Pinned)
	}
	if s := w.Agents(); s != nil {
		r.msgSel = s.Selected(r.msgSel[:0])
		for _, id := range r.msgSel {
			if v, ok := s.Agent(id); ok {
				disc(v.Cell)
			}
		}
	}
	return dst
}

// tooltip draws text in a box near (x, y), inside dst.
func (r *Renderer) tooltip(dst *ebiten.Image, x, y float32, s string) {
	r.tooltipIn(dst, dst.Bounds(), x, y, s)
}

// tooltipLines is tooltip for a tip of several lines, each wrapped onto
// more, indented, where the map is narrower than it: cut with "…", a
// group edge's line back lost why its three costs are equal at 150 % (a
// teacher's report). The box is kept inside dst, rising above the point
// when the lines would pass its bottom.
func (r *Renderer) tooltipLines(dst *ebiten.Image, x, y float32, lines []string) {
	ft := r.fonts
	within := dst.Bounds()
	wd := 0.0
	if room := float64(within.Dx()) - 24; room > 0 {
		var out []string
		for _, l := range lines {
			if ft.Width(ft.UI, l) <= room {
				out = append(out, l)
				continue
			}
			for k, part := range wrapHard(ft, ft.UI, l, room-ft.Width(ft.UI, tipIndent)) {
				if k > 0 {
					part = tipIndent + part
				}
				out = append(out, part)
			}
		}
		lines = out
	}
	for _, l := range lines {
		wd = math.Max(wd, ft.Width(ft.UI, l))
	}
	box := tipBoxH(wd, tipHeight(ft, len(lines)), dst.Bounds(), within, x, y)
	if b := dst.Bounds(); box.Max.Y > b.Max.Y-4 {
		box = box.Sub(image.Pt(0, min(box.Max.Y-(b.Max.Y-4), box.Min.Y-(b.Min.Y+4))))
	}
	fillRect(dst, box, color.RGBA{10, 10, 14, 235})
	strokeRect(dst, box, ColEdgeHot)
	lh := math.Ceil(ft.LineHeight(ft.UI))
	for i, l := range lines {
		ft.Draw(dst, ft.UI, l, float64(box.Min.X+8), float64(box.Min.Y+3)+float64(i)*lh, ColText)
	}
}

// tooltipIn draws text in a box near (x, y), kept inside the columns of
// within (the timeline's tip stays over its bar: past the bar's right end
// the side panel, drawn later, cut it off); text too long for within is
// ended with "…".
func (r *Renderer) tooltipIn(dst *ebiten.Image, within image.Rectangle, x, y float32, s string) {
	ft := r.fonts
	if room := float64(within.Dx()) - 24; room > 0 {
		s = clip(ft, ft.UI, s, room)
	}
	box := tipBox(ft.Width(ft.UI, s), dst.Bounds(), within, x, y)
	fillRect(dst, box, color.RGBA{10, 10, 14, 235})
	strokeRect(dst, box, ColEdgeHot)
	ft.Draw(dst, ft.UI, s, float64(box.Min.X+8), float64(box.Min.Y+3), ColText)
}

// tipBox is the box of a tooltip whose text is wd pixels wide, near (x, y):
// right of and above the point (tipRise pixels up), moved left to end
// inside both bounds and within, but never left of within.
func tipBox(wd float64, bounds, within image.Rectangle, x, y float32) image.Rectangle {
	return tipBoxH(wd, tipH, bounds, within, x, y)
}

// tipBoxH is tipBox for a box h pixels high (a tip of several lines).
func tipBoxH(wd float64, h int, bounds, within image.Rectangle, x, y float32) image.Rectangle {
	right := math.Min(float64(bounds.Max.X), float64(within.Max.X))
	bx := int(math.Max(math.Min(float64(x)+12, right-wd-20), float64(within.Min.X)+4))
	by := int(math.Max(float64(y)-tipRise, float64(bounds.Min.Y)+4))
	return image.Rect(bx, by, bx+int(wd)+16, by+h)
}

// tipClearOf moves the scrubber's tip off the boxes it must not cover (the
// map's message, the legend): beside the box it covers, on the side nearer
// the tip, at the same height, when that side of the bar (within) holds it
// and covers no other box; else just above the boxes, as little higher as
// will do. tip is kept when it covers none. The tip over the legend's last
// line hid the legend's amber footer (a user's report, s58c).
func tipClearOf(tip, within image.Rectangle, boxes ...image.Rectangle) image.Rectangle {
	clear := func(b image.Rectangle) bool {
		for _, o := range boxes {
			if !o.Empty() && b.Overlaps(o) {
				return false
			}
		}
		return true
	}
	if clear(tip) {
		return tip
	}
	var sides []image.Rectangle
	for _, o := range boxes {
		if o.Empty() {
			continue
		}
		sides = append(sides, tip.Add(image.Pt(o.Min.X-6-tip.Max.X, 0)), tip.Add(image.Pt(o.Max.X+6-tip.Min.X, 0)))
	}
	dist := func(b image.Rectangle) int { return abs(b.Min.X - tip.Min.X) }
	slices.SortStableFunc(sides, func(a, b image.Rectangle) int { return dist(a) - dist(b) })
	for _, b := range sides {
		if b.Min.X >= within.Min.X && b.Max.X <= within.Max.X && clear(b) {
			return b
		}
	}
	// Above: the lowest place over a box that is clear of them all.
	var ups []image.Rectangle
	for _, o := range boxes {
		if !o.Empty() && o.Min.Y-4 < tip.Max.Y {
			ups = append(ups, tip.Add(image.Pt(0, o.Min.Y-4-tip.Max.Y)))
		}
	}
	slices.SortStableFunc(ups, func(a, b image.Rectangle) int { return b.Min.Y - a.Min.Y })
	for _, b := range ups {
		if b.Min.Y >= 0 && clear(b) {
			return b
		}
	}
	return tip
}

// abs is |n|.
func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

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

// wrap breaks s into lines no wider than width.
func wrap(ft *Fonts, face *text.GoTextFace, s string, width float64) []string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, word := range keepUnits(strings.Fields(para)) {
			try := word
			if line != "" {
				try = line + " " + word
			}
			if ft.Width(face, try) > width && line != "" {
				out = append(out, line)
				line = word
			} else {
				line = try
			}
		}
		out = append(out, line)
	}
	return out
}

// units are the words a figure's unit is written as after a space
// (world.Percent's "2.21 %", "0.149 ms", "4.4 MiB"), which wrap keeps on
// the line of their figure.
var units = map[string]bool{"%": true, "ms": true, "µs": true, "ns": true, "s": true, "px": true,
	"B": true, "KiB": true, "MiB": true, "GiB": true, "kB": true, "MB": true, "GB": true}

// keepUnits joins, in words, each unit (units, with what follows it glued
// on: "%," or "%)") to the figure before it, so a line never breaks
// between a number and its unit: a batch note wrapped at 175 % ended a
// line with "2.21" and began the next with "%" (a user's report).
func keepUnits(words []string) []string {
	out := words[:0]
	for i, wd := range words {
		if i > 0 && len(out) > 0 && isUnit(wd) && endsInDigit(out[len(out)-1]) {
			out[len(out)-1] += " " + wd
			continue
		}
		out = append(out, wd)
	}
	return out
}

// isUnit reports whether word is a unit (units), with punctuation after it.
func isUnit(word string) bool {
	return units[strings.TrimRight(word, ".,;:)]…")]
}

// endsInDigit reports whether word ends in a digit.
func endsInDigit(word string) bool {
	return word != "" && word[len(word)-1] >= '0' && word[len(word)-1] <= '9'
}

// wrapHard is wrap, with a word wider than width by itself (a file's path
// in a message) broken across lines rather than left sticking out.
func wrapHard(ft *Fonts, face *text.GoTextFace, s string, width float64) []string {
	lines := wrap(ft, face, s, width)
	for i := 0; i < len(lines); i++ {
		l := []rune(lines[i])
		if len(l) < 2 || ft.Width(face, lines[i]) <= width {
			continue
		}
		n := len(l) - 1
		for n > 1 && ft.Width(face, string(l[:n])) > width {
			n--
		}
		lines = slices.Insert(lines, i+1, string(l[n:]))
		lines[i] = string(l[:n])
	}
	return lines
}

// messageLines returns the lines of message s at width: a message of one
// paragraph wrapped (wrapHard); one of several lines (a list, such as a
// file's load notes) a line each, clipped with an ellipsis to width, so
// the box stays as many lines tall as the list is long (the load notes of
// a .tmx, joined into one paragraph, covered most of the map).
func messageLines(ft *Fonts, s string, width float64) []string {
	if !strings.Contains(s, "\n") {
		return wrapHard(ft, ft.UI, s, width)
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = clip(ft, ft.UI, strings.TrimSpace(l), width)
	}
	return lines
}

// clip shortens s with an ellipsis to fit width.
func clip(ft *Fonts, face *text.GoTextFace, s string, width float64) string {
	if ft.Width(face, s) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && ft.Width(face, string(r)+"…") > width {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// lineCheckText describes smoothing's event for the bottom bar: a line
// tried, "line (3,4)→(9,4) 6.00 ≤ path 6.83: a candidate" or "line
// (3,4)→(9,9) blocked or dearer than path 7.41", or the one taken, "line
// (3,4)→(9,4) 6.00 taken, replaces path 6.83" ("… taken, as long as the
// stretch it replaces" when it saves nothing). Smoothing's lines are
// octile ones (a straight leg and a diagonal one), so none is called
// straight, and none a shortcut: that is the switch of HPA*'s bounded A*
// for short queries (an engineer's and a teacher's tests read both wrong).
func lineCheckText(w *world.World, e pathing.Event) string {
	a, _ := w.NodeCell(0, e.Node)
	b, _ := w.NodeCell(0, e.Parent)
	ab := fmt.Sprintf("(%d,%d)→(%d,%d)", a.X, a.Y, b.X, b.Y)
	switch {
	case e.Kind == pathing.EventShortcut && e.G >= e.H-1e-9*math.Max(1, e.H):
		// As long as the stretch it replaces: a straighter line, no gain
		// ("… 112.73 replaces path 112.73" read as a mistake).
		return fmt.Sprintf("line %s %.2f taken, as long as the stretch it replaces", ab, e.G)
	case e.Kind == pathing.EventShortcut:
		return fmt.Sprintf("line %s %.2f taken, replaces path %.2f", ab, e.G, e.H)
	case e.G <= e.H+1e-9:
		return fmt.Sprintf("line %s %.2f ≤ path %.2f: a candidate", ab, e.G, e.H)
	}
	return fmt.Sprintf("line %s blocked or dearer than path %.2f", ab, e.H)
}

// openListRows is how many entries of the open list the panel shows (the
// title gives the count of all).
const openListRows = 4

// openListHeight is the height drawOpenList takes for w: its title and
// rows while there is a timeline (the same at every cursor, so the
// panel's layout does not jump as the cursor moves), else nothing. In a
// narrowed panel each row takes two lines (openListLines).
func (r *Renderer) openListHeight(w *world.World) float64 {
	if w.Timeline.Len() == 0 {
		return 0
	}
	return 20 + float64(openListRows*r.openListLines(greedyKey(w)))*17
}

// greedyKey reports whether the open list shown is greedy best-first's,
// which pops by h alone: its rows' priority is h, not g + h, and a row
// reading "f 97.50  g 31.73  h 97.50" misled a class (a teacher's report),
// so its rows say "f=h" with no separate h (openListForm).
func greedyKey(w *world.World) bool {
	return w.Timeline.Trace() != nil && w.Outcome.Algo == world.AlgoGreedy // the algorithm that answered, not a phase's title
}

// openListLines is how many lines each open-list row takes: one in the
// full panel, and in a panel narrowed only a little (150 % on 1280×800,
// whose row holds "f 888.88  g 888.88  h 88.88", the spaces between the
// figures halved: it gave every row two lines, the second empty, in
// another format); two in a panel narrower than that, whose value column
// cannot hold f, g and h on a line (it was cut to "f 157.28   g 14…").
func (r *Renderer) openListLines(greedy bool) int {
	if _, lines := r.openListForm(greedy); lines > 1 {
		return 2
	}
	return 1
}

// The open list's row formats (f, g, h), widest first, each with the value
// it is measured with: a row takes the first whose template fits the value
// column, so every row of a panel has one form whatever its figures.
var openListForms = [...]struct{ format, template string }{
	{"f %.2f   g %.2f   h %.2f", narrowTemplate},
	{"f %.2f  g %.2f  h %.2f", "f 888.88  g 888.88  h 88.88"},
	// One space apart: one line at 150 % in the 1264×720 window a
	// 1280×800 projector gives, where every row took two lines, most of
	// them with the second empty, and the four rows pushed the numbers
	// out of view (a lecturer's run).
	{"f %.2f g %.2f h %.2f", "f 888.88 g 888.88 h 88.88"},
}

// greedyListForms are openListForms for greedy best-first, whose key f is
// h: "f=h 97.50   g 31.73" (the arguments are still f, g, h).
var greedyListForms = [...]struct{ format, template string }{
	{"f=h %.2[1]f   g %.2[2]f", "f=h 888.88   g 888.88"},
	{"f=h %.2[1]f  g %.2[2]f", "f=h 888.88  g 888.88"},
	{"f=h %.2[1]f g %.2[2]f", "f=h 888.88 g 888.88"}, // one line at 175 % too
}

// openListForm returns the format of the open list's rows in the panel
// drawn last and how many lines each takes: the first of openListForms
// that fits the value column on one line, else two lines, wrapped after a
// comma.
func (r *Renderer) openListForm(greedy bool) (format string, lines int) {
	ft := r.fonts
	room := float64(r.panelWidth() - 20 - kvValueX)
	forms, two := openListForms[:], "f %.2f, g %.2f, h %.2f"
	if greedy {
		forms, two = greedyListForms[:], "f=h %.2[1]f, g %.2[2]f"
	}
	for _, f := range forms {
		if ft.Width(ft.UI, f.template) <= room {
			return f.format, 1
		}
	}
	return two, 2
}

// openList returns the open list at the cursor, computed once per
// timeline version.
func (r *Renderer) openList(w *world.World) (world.OpenList, bool) {
	if v := w.Timeline.Version(); !r.olValid || r.olVersion != v || r.olWorld != w {
		r.ol, r.olOK = w.OpenListAt(openListRows, r.ol.Top)
		r.olVersion, r.olWorld, r.olValid = v, w, true
	}
	return r.ol, r.olOK
}

// leftOpenKey is the format of the keys of a finished search's open-list
// rows, top: what it left on the open list, "still open (124,79)" ("left
// (124,79)" read as a direction, a teacher's report), or "open (1024,1024)"
// for every row when one would not fit the key column.
func (r *Renderer) leftOpenKey(w *world.World, top []world.OpenEntry) string {
	ft := r.fonts
	for _, e := range top {
		if ft.Width(ft.UI, fmt.Sprintf(leftOpenFormat, nodeKey(w, e.Level, e.Cell))) > kvValueX-6 {
			return leftOpenShort
		}
	}
	return leftOpenFormat
}

const (
	leftOpenFormat = "still open %s"
	leftOpenShort  = "open %s"
)

// levelWord names a search's level as the open list's title and the
// phase names do: "cells" for level 0, else "L2". The top bar read
// "refine cells step 18 (search on L0)" and the bottom bar "pop L0": a
// level 0 the screen names nowhere else (a lecturer's report).
func levelWord(l int) string {
	if l == 0 {
		return "cells"
	}
	return fmt.Sprintf("L%d", l)
}

// nodeKey names a node of the search at level l by its cell, "(29,23)",
// with, for a group of the group hierarchy in a designer room, the room's
// letter first, "Y (29,23)": an abstract search's open list and last
// event gave the representative cell alone, so which room each g belongs
// to had to be found by hovering cells.
func nodeKey(w *world.World, l int, p image.Point) string {
	if c := roomLetter(w, l, p); c != 0 {
		return fmt.Sprintf("%c (%d,%d)", c, p.X, p.Y)
	}
	return fmt.Sprintf("(%d,%d)", p.X, p.Y)
}

// roomLetter is the letter of the level-l designer room holding cell p
// under the group hierarchy, 0 for a cell search (l 0), another
// algorithm, or a cell in no room of that level.
func roomLetter(w *world.World, l int, p image.Point) byte {
	if w == nil || w.Settings.Algo != world.AlgoGroup {
		return 0
	}
	return letterOrZero(w.RoomAt(p, l))
}

// openListTitles are the open list section's titles, longest first (the
// first that fits is drawn): the level searched and how many are open, or
// what the finished search left open. A phase too long to scan
// (ol.TooLong) has no count: the 2048² A* read "0 open" mid-search.
func openListTitles(ol world.OpenList, ok bool) []string {
	if !ok {
		return []string{"Open list"}
	}
	lv := "cells"
	if ol.Level > 0 {
		lv = fmt.Sprintf("L%d", ol.Level)
	}
	open := world.Count(ol.Open)
	switch {
	case ol.TooLong:
		return []string{fmt.Sprintf("Open list (%s)", lv), "Open list"}
	case ol.Finished:
		// Nothing is popped next: say so, and what it left.
		return []string{
			fmt.Sprintf("Open list (%s · finished, %s left open)", lv, open),
			fmt.Sprintf("Open list (%s · finished, %s left)", lv, open),
			fmt.Sprintf("Open list (finished, %s left)", open),
		}
	}
	titles := []string{
		fmt.Sprintf("Open list (%s · %s open)", lv, open),
		fmt.Sprintf("Open list (%s open)", open),
	}
	if ol.Tied > 1 { // else the "1=" ranks alone say it
		titles = append([]string{fmt.Sprintf("Open list (%s · %s open, %s tied)", lv, open, world.Count(ol.Tied))}, titles...)
	}
	return titles
}

// drawOpenList shows the best entries of the open list of the search at
// the cursor, what it pops next first, and returns the y below the
// section: openListHeight's height, or while the pointer is on the map
// (f.HoverOK) only the lines the list fills.
func (r *Renderer) drawOpenList(dst *ebiten.Image, f *Frame, x, y float64) float64 {
	w := f.World
	h := r.openListHeight(w)
	if h == 0 {
		return y
	}
	end := y + h
	ol, ok := r.openList(w)
	titles := openListTitles(ol, ok)
	r.sectionTitle(dst, float64(r.panelWidth()-20), x, y, titles...)
	y += 20
	if f.HoverOK {
		// The pointer on the map: the panel scrolls to show the
		// inspector, and the rows this list does not fill would stand
		// blank above it (at 150 % on 1280×800 under HPA*, "search  none
		// in this phase" over three empty rows pushed the numbers under
		// "more above"). The list takes only its lines then; the inspector
		// follows the pointer anyway.
		end = y + 17
		if ok && len(ol.Top) > 0 {
			_, lines := r.openListForm(greedyKey(w))
			end = y + float64(len(ol.Top)*lines*17)
		}
	}
	switch {
	case !ok:
		r.kv(dst, x, y, "search", openListNone, ColTextDim)
		return end
	case ol.TooLong:
		r.kv(dst, x, y, "search", openListTooLong, ColTextDim)
		return end
	case len(ol.Top) == 0 && ol.Finished:
		r.kv(dst, x, y, "still open", "none", ColTextDim)
		return end
	case len(ol.Top) == 0:
		r.kv(dst, x, y, "next pop", openListEmpty, ColTextDim)
		return end
	}
	format, lines := r.openListForm(greedyKey(w)) // the same for every row
	left := ""
	if ol.Finished {
		left = r.leftOpenKey(w, ol.Top) // measured only where it is used
	}
	for i, e := range ol.Top {
		node := nodeKey(w, e.Level, e.Cell)
		k := fmt.Sprintf("%d. %s", i+1, node)
		if ol.Finished {
			k = fmt.Sprintf(left, node)
		} else if ol.Tied > 1 && i < ol.Tied {
			// Tied with the first: the search pops whichever its heap
			// holds first, so they share the first rank.
			k = "1= " + node
		}
		v := fmt.Sprintf(format, e.F, e.G, e.H) // two lines: wraps after a comma
		col := ColTextDim
		if !ol.Finished && (i == 0 || i < ol.Tied) {
			col = ColText // what the search pops next
		}
		if c := strings.LastIndex(v, ", "); lines == 2 && c > 0 {
			// The two-line form breaks before its last figure whether or
			// not the row would fit on one line: small figures ("f 9.83,
			// g 7.41, h 2.41") fitted, and every row showed an empty
			// second line (an 800×600 window).
			r.kvLines(dst, x, y, k, v[:c+1], col, 1)
			if r.fonts.conts != nil {
				*r.fonts.conts = append(*r.fonts.conts, y+17)
			}
			r.kvLines(dst, x, y+17, "", v[c+2:], col, 1)
		} else {
			r.kvLines(dst, x, y, k, v, col, lines)
		}
		y += float64(lines) * 17 // every row as tall, wrapped or not
	}
	return end
}
