package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

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

// wideFooters are the forms of the amber footer the wide form writes
// under its title and tail (legendCompactLayout), on the rows its first
// column leaves free, most telling first: that column is as narrow as
// "K hides, F1 lists all" or "(K hides)", and the wide form, which names
// every layer, showed amber rows with nothing saying what amber meant (a
// user trial).
var wideFooters = [...][]string{
	{idleFooterShort},
	{"amber: on, but", "shows nothing"},
	{"amber: on,", "but shows", "nothing"},
	{"amber: on,", "but idle"},
	{"amber: on, but idle"},
}

// wideFooter returns the first of wideFooters that fits in the rows a
// column of perCol leaves under the title and tail, w pixels wide; where
// none fits that width, the narrowest form that fits the rows (the column
// then widens for it), and nil when no row is left (two rows a column).
func (r *Renderer) wideFooter(perCol int, w float64) []string {
	ft := r.fonts
	free := perCol - 2
	var narrowest []string
	narrowW := math.Inf(1)
	for _, lines := range wideFooters {
		if len(lines) > free {
			continue
		}
		lw := 0.0
		for _, l := range lines {
			lw = math.Max(lw, ft.Width(ft.UI, l))
		}
		if lw <= w {
			return lines
		}
		if lw < narrowW {
			narrowest, narrowW = lines, lw
		}
	}
	return narrowest
}

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
// least of the ghost (the answer before a switch, kept to compare: its
// path's cells, its plan's nodes and the dots of its search's frontier,
// ghostFrontier, which the message and notes keep off too; framed on a
// finished query, the box sat over the dotted ring a comparison note
// points at, with another corner free: a user trial), then the
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
// its plans, the ghost, the fill, a region letter or open cells of the map.
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
	best, bestK := [7]int{none}, 0
	var scores [4][7]int
	gh := w.Ghost
	var ghostDots [][2]float32
	if gh != nil {
		ghostDots, _ = r.ghostFrontier(f)
	}
	prevK := -1
	if stepping {
		prevK = cornerOf(r.legendPrev, m)
	}
	for k, c := range corners {
		if k == 3 && w.Agents() != nil {
			scores[k] = [7]int{none}
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
		if gh != nil {
			for i := 0; i < len(gh.Path); i += max(1, len(gh.Path)/2000) {
				if hides(gh.Path[i]) {
					sc[4]++
				}
			}
			for _, q := range gh.Plan {
				if hides(q) {
					sc[4]++
				}
			}
			near := c.Inset(-2)
			for _, d := range ghostDots {
				if image.Pt(int(d[0]), int(d[1])).In(near) {
					sc[4]++
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
				sc[5]++
			}
		}
		sc[6] = openCellsUnder(f, c.Intersect(mapRect))
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
	return corners[bestK], best != [7]int{}
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
// perCol rows, column by column, with the fewest rows that fit. With foot
// (the wide form, whose rows may be amber) the title's column also holds
// the amber footer under the tail (wideFooter, in the column's width where
// a form fits it: at least three rows a column), always counted, so the
// box keeps its size as layers go amber and back and matches the room the
// fit left for it. ok is false when
// there is no row, or even one row a column does not fit. The columns
// returned reuse the renderer's slice.
func (r *Renderer) legendCompactLayout(rows []LegendRow, maxW int, foot bool) (cols []legendCompactCol, tail string, bw, bh int, ok bool) {
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
	least := 2
	if foot {
		least = 3
	}
	for perCol := least; perCol <= max(least, n); perCol++ {
		for _, tail = range [...]string{legendLineTailAlone, legendSideSub} {
			tw := math.Max(ft.Width(ft.Bold, legendCompactTitle), ft.Width(ft.UI, tail))
			if foot {
				for _, l := range r.wideFooter(perCol, tw) {
					tw = math.Max(tw, ft.Width(ft.UI, l))
				}
			}
			titleW := int(math.Ceil(tw))
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
	cols, tail, bw, bh, ok := r.legendCompactLayout(rows, m.Dx()-2*legendPad, all)
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
	if all && r.idleFooter(rows, f) != "" {
		// The footer's form as the layout measured it, in the title's
		// column (its width: up to the first column of rows and its gap).
		for i, l := range r.wideFooter((bh-9)/legendRowH, float64(cols[0].x-8-12)) {
			ft.Draw(screen, ft.UI, l, float64(box.Min.X+8), float64(box.Min.Y+4+(2+i)*legendRowH), ColIdle)
		}
	}
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
	if _, _, _, wh, ok := r.legendCompactLayout(legend, m.Dx()-2*p, true); ok {
		wide = wh + 2*p
	}
	r.compactRoomRows = compactLegendRows(legend, &Frame{World: w}, r.compactRoomRows[:0])
	if _, _, _, ch, ok := r.legendCompactLayout(r.compactRoomRows, m.Dx()-2*p, false); ok {
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
