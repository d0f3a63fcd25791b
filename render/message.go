package render

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

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
