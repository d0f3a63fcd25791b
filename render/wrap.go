package render

import (
	"fmt"
	"image"
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"pathlens/game/world"
	"pathlens/pathing"
)

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
// (world.Percent's "2.21 %", "0.149 ms", "4.61 MB"), which wrap keeps on
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
//
// An abstract phase whose search said what its H is (ol.Estimate) has it
// in every form ("h: cluster steps"), before the counts it gives way to:
// the group hierarchy's abstract A* counts cluster steps, or nothing over
// rooms, and a teacher read its "h 1.00", 18 cells from the goal, under
// the switches' "heuristic  octile" row.
func openListTitles(ol world.OpenList, ok bool) []string {
	titles := openListCounts(ol, ok)
	if !ok || ol.TooLong || ol.Level == 0 || ol.Estimate == "" {
		return titles
	}
	h := "h: " + ol.Estimate
	withH := make([]string, 0, len(titles)+2)
	for _, t := range titles {
		if i := strings.LastIndexByte(t, ')'); i > 0 {
			withH = append(withH, t[:i]+" · "+h+")")
		}
	}
	return append(withH, fmt.Sprintf("Open list (L%d · %s)", ol.Level, h), "Open list ("+h+")")
}

// openListCounts are openListTitles without the estimate.
func openListCounts(ol world.OpenList, ok bool) []string {
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
