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
			lines = append(lines[:1:1], aboutCut(ft, lines[1], float64(rc.Dx()-20), aboutRestNote(f.AboutRest)))
		}
	}
	for i := 0; i < len(lines) && i < lay.AboutLines; i++ {
		l := lines[i]
		if i == lay.AboutLines-1 && len(lines) > lay.AboutLines {
			l = aboutCut(ft, l, float64(rc.Dx()-20), aboutRestNote(f.AboutRest))
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
	// line says which way more lies (panelView); the numbers' head stays
	// above them where the panel has the room (PanelView.Head).
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
	if v.Head > 0 {
		r.drawNumbersHead(dst, f, x, y, width)
	}
	if v.First > 0 {
		hint(int(y)+v.Head-4, panelHint(ft, "more above", v.SectionsAbove(), width))
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
	// Head is the height kept at the top of the lower part for the
	// numbers' head (drawNumbersHead), which then does not scroll: the
	// lines counted above are those under it, and the view starts Head
	// pixels lower. 0 when everything scrolls together (or fits).
	Head int
}

// NumbersShown reports whether the view shows the numbers' head: all
// fits, the head is kept in view, or the view is not scrolled.
func (v PanelView) NumbersShown() bool { return v.MaxFirst == 0 || v.Head > 0 || v.First == 0 }

// panelHeadGap is the space under a kept numbers' head, over the "more
// above" line; panelPinRoom is the least height the scrolling part must
// keep for the head to stay: its two "more" lines and four rows. A
// shorter panel (a large UI scale on a small window) scrolls everything
// together, as a head over two lines of the rest would leave nothing to
// scroll through.
const (
	panelHeadGap = 4
	panelPinRoom = 2*(panelHintH+2) + 4*17
)

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
	if v.First > 0 && v.OpenLine > 0 { // with the head kept, an A* query's numbers may have no line left to scroll
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
	headEnd := r.drawNumbersHead(nil, f, 0, 0, width)
	end := r.drawNumbersRest(nil, f, 0, headEnd, width, compact)
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
	v := PanelView{Lines: len(tops)}
	fits := len(tops) == 0 || float64(top)+end <= float64(bottom)
	// When it does not all fit, the numbers' head (the path's cost, the
	// optimum, the query time) stays at the top, and the rest scrolls
	// under it, where the room left under the head is enough to read
	// more than a line or two by. On a 1280×720 window HPA*'s open list,
	// followed while stepping, and the hovered cell's inspector scrolled
	// the cost and the optimum out of view, the figures users look at
	// most (a new user's trial).
	if head := int(math.Ceil(headEnd)) + panelHeadGap; !fits && bottom-(top+head) >= panelPinRoom {
		v.Head = head
		top += head
		tops = append(tops[:0], tops[sort.SearchFloat64s(tops, headEnd-0.5):]...)
		v.Lines = len(tops)
	}
	r.panelStarts = tops
	v.OpenLine = sort.SearchFloat64s(tops, openTop-0.5)
	v.InspectorLine = sort.SearchFloat64s(tops, inspTop-0.5)
	if fits || len(tops) == 0 {
		return v // all fits (no scrolling), or nothing under the head
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

// aboutCut ends line, the last about line there is room for, with "…"
// and note, where to read the rest ("(F2 shows all)"), whole words giving
// way to them: "to show the abstract edges and … (F2 shows all)". A plain
// "…" left a tester who read "hover the one fro…" with no idea the rest
// was one key away. With note "" it is the line clipped with " …".
func aboutCut(ft *Fonts, line string, width float64, note string) string {
	if note == "" {
		return clip(ft, ft.UI, line+" …", width)
	}
	note = "… " + note
	for s := strings.TrimSpace(line); s != ""; {
		if t := s + " " + note; ft.Width(ft.UI, t) <= width {
			return t
		}
		i := strings.LastIndexByte(s, ' ')
		if i < 0 {
			break
		}
		s = strings.TrimRight(s[:i], " ")
	}
	return clip(ft, ft.UI, note, width)
}

// aboutRestNote is aboutCut's note for the panel when key shows the whole
// text, "" when no key does.
func aboutRestNote(key string) string {
	if key == "" {
		return ""
	}
	return "(" + key + " shows all)"
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
// breaking after ", " where it can so "9,915 nodes, 69,204 edges, 3.57 MB"
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
	y = r.drawNumbersHead(dst, f, x, y, width)
	return r.drawNumbersRest(dst, f, x, y, width, compact)
}

// drawNumbersHead draws the Numbers title and the rows read most: the
// path's cost and steps, the optimal cost and how far the path is from
// it, the .scen list's optimum and the query time (or what stands for
// them: no query, an error, "planning…"). A scrolling panel keeps them in
// view (panelView's head). dst nil measures; it returns the next y.
func (r *Renderer) drawNumbersHead(dst *ebiten.Image, f *Frame, x, y, width float64) float64 {
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
		return r.kv(dst, x, y, "query", "goal set: click a start", ColTextDim)
	case !w.HasStart || !w.HasGoal:
		return r.kv(dst, x, y, "query", "none: click start, then goal", ColTextDim)
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
		return y
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
	case opt.Deferred:
		y = r.kv(dst, x, y, "optimal (A*)", OptimalOnRelease, ColTextDim)
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
	if o.OneRun {
		// A stroke's or an endpoint drag's live answer: its query ran
		// once, cold (slower than the warm runs the figure is otherwise),
		// and is timed when the mouse is let go and the query replanned
		// (after a stroke, once the structure is repaired, when the
		// stroke held that back).
		y = r.kv(dst, x, y, "query time", fmtDur(o.Duration)+" (one run), "+world.Count(o.Expanded)+" expanded", ColTextDim)
		y = r.kv(dst, x, y, "", QueryTimedOnRelease, ColTextDim)
	} else {
		y = r.kv(dst, x, y, "query time", fmtDur(o.Duration)+", "+world.Count(o.Expanded)+" expanded", ColText)
	}
	return y
}

// drawNumbersRest draws the Numbers rows under drawNumbersHead's: the
// phases, the hierarchy, the last repair, the ghost and the answer's
// note. dst nil measures; it returns the next y.
func (r *Renderer) drawNumbersRest(dst *ebiten.Image, f *Frame, x, y, width float64, compact bool) float64 {
	w := f.World
	o := &w.Outcome
	switch {
	case !w.HasStart || !w.HasGoal || pendingAnswer(w) && o.Err == nil:
		return r.drawHierarchyNumbers(dst, w, x, y)
	case o.Err != nil:
		return y
	}
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
		// The row's own lines, under its label: a panel scrolled to
		// start on them showed "4 nodes, 6 edges" with no "hierarchy".
		r.markCont(y)
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
// memory with how it was built ("28.21 MB, no path cache"; "" when the
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

// QueryTimedOnRelease is the panel's row under the query time of a
// stroke's or an endpoint drag's live answer (world.Outcome.OneRun): its
// figure is one cold run, and letting go of the mouse (the stroke's end,
// the drop) times the query as any plan is timed.
const QueryTimedOnRelease = "timed when you let go"

// OptimalOnRelease is the panel's optimal row while a stroke's or an
// endpoint drag's live answer on a large map holds the optimal reference
// back (world.Optimal.Deferred): its search starts when the mouse is let
// go or rests.
const OptimalOnRelease = "when you let go or pause"

func fmtDur(d time.Duration) string {
	switch {
	case d < time.Microsecond: // a warm query of a few cells: "0 µs" read as not timed
		return fmt.Sprintf("%d ns", d.Nanoseconds())
	case d < time.Millisecond:
		return fmt.Sprintf("%d µs", d.Microseconds())
	case d < time.Second:
		return fmt.Sprintf("%.2f ms", float64(d.Microseconds())/1000)
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

// FormatBytes formats n bytes for the panel and notes as world.Bytes
// does, in cmd/bench's and the docs' decimal units ("3.21 MB").
func FormatBytes(n int) string { return world.Bytes(int64(n)) }

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
