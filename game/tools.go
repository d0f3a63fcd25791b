package game

import (
	"fmt"
	"image"
	"math"

	"pathlens/game/world"
	"pathlens/render"
)

// Tool is a mode of the left mouse button over the map (RecastDemo's
// SampleTool idea): the game routes presses, drags and releases to the
// active tool, which acts on the world through its methods.
type Tool interface {
	Name() string
	// Hint is a one-line usage note shown in the top bar.
	Hint() string
	// Press is called when the button goes down over cell c (which may be
	// outside the map); mod reports Shift.
	Press(g *Game, c image.Point, mod bool)
	// Drag is called when the mouse moves to another cell while held.
	Drag(g *Game, c image.Point)
	// Release is called when the button goes up.
	Release(g *Game, c image.Point)
}

// queryTool places start and goal by clicks and drags either marker with
// live replanning.
type queryTool struct {
	dragging int // 0 none, 1 start, 2 goal
	// goalClick: the press grabbed the start while the query waits for
	// its goal, at cell pressed; released there without a drag, it is
	// that goal's click (on a fitted map the start's disc covers the
	// cells around it, and such a click was swallowed as a grab).
	goalClick bool
	pressed   image.Point
}

func (t *queryTool) Name() string { return "query" }

func (t *queryTool) Hint() string {
	return "click start, then goal; drag S or G to move them"
}

func (t *queryTool) Press(g *Game, c image.Point, mod bool) {
	t.dragging = g.grabEndpoint(c)
	t.goalClick = t.dragging == 1 && g.w.HasStart && !g.w.HasGoal
	t.pressed = c
	if t.dragging == 0 {
		g.w.Pick(g.snapOpen(c))
	}
}

// grabEndpoint returns which marker a press on cell c takes hold of: 2 the
// goal, 1 the start, 0 neither. A press grabs a marker on its cell or a
// cell touching it, or anywhere on its drawn disc (the pointer within
// render.EndpointRadius of its centre): on a fitted 512×512 map a disc
// spans several cells, and a press on its edge used to start a new query
// instead, throwing the old one away. With both in reach, the nearer wins;
// with both on one cell, the half of the split disc pressed.
func (g *Game) grabEndpoint(c image.Point) int {
	w := g.w
	best, bestD := 0, math.Inf(1)
	for _, m := range [2]struct {
		which int
		on    bool
		p     image.Point
	}{{2, w.HasGoal, w.Goal}, {1, w.HasStart, w.Start}} {
		if !m.on {
			continue
		}
		d := math.Inf(1)
		if g.mouseIn {
			x, y := g.cam.CellCenter(m.p)
			d = math.Hypot(float64(g.mouseX)-float64(x), float64(g.mouseY)-float64(y))
			if d > render.EndpointRadius(g.cam.Zoom) {
				d = math.Inf(1)
			}
		}
		if near(c, m.p) {
			dc := c.Sub(m.p)
			d = math.Min(d, math.Hypot(float64(dc.X), float64(dc.Y))*g.cam.Zoom)
		}
		if d < bestD {
			best, bestD = m.which, d
		}
	}
	if best != 0 && g.mouseIn && w.HasStart && w.HasGoal && w.Start == w.Goal {
		// One cell for both: its disc is split, the start's half on the
		// left (render's drawEndpoints), and the half pressed is the one
		// taken (the goal always was, and the start could not be dragged).
		if x, _ := g.cam.CellCenter(w.Start); float64(g.mouseX) < float64(x) {
			return 1
		}
		return 2
	}
	return best
}

// Snapping: below snapZoom screen pixels per cell a click cannot aim at
// one cell, so a click on a wall takes the open cell nearest it within
// snapPixels screen pixels (a 512×512 map fitted to the window is about
// 1.3 pixels a cell, and thin walls are everywhere). At larger zooms a
// wall is meant: the click is refused with its message.
const (
	snapZoom   = 6.0
	snapPixels = 8.0
)

// snapOpen returns the cell a click on c means (see snapZoom).
func (g *Game) snapOpen(c image.Point) image.Point {
	z := g.cam.Zoom
	if z <= 0 || z >= snapZoom || !g.w.Grid.In(c) || g.w.Grid.Open(c) {
		return c
	}
	r := min(16, int(math.Ceil(snapPixels/z)))
	if q, ok := g.w.Grid.NearestOpen(c, r); ok {
		return q
	}
	return c
}

// near reports whether c is the cell p or touches it, so a marker can be
// grabbed even when cells are tiny.
func near(c, p image.Point) bool {
	d := c.Sub(p)
	return d.X >= -1 && d.X <= 1 && d.Y >= -1 && d.Y <= 1
}

func (t *queryTool) Drag(g *Game, c image.Point) {
	if t.dragging != 0 {
		t.goalClick = false // a drag of the start after all
		g.w.MoveEndpoint(t.dragging == 2, c)
	}
}

func (t *queryTool) Release(g *Game, c image.Point) {
	if t.goalClick {
		t.dragging, t.goalClick = 0, false
		g.w.Pick(g.snapOpen(t.pressed))
		return
	}
	if t.dragging != 0 {
		t.dragging = 0
		g.w.Replan() // the full timeline and a log line for the drag
	}
}

func (t *queryTool) caption() string {
	switch t.dragging {
	case 1:
		return "dragging start"
	case 2:
		return "dragging goal"
	}
	return ""
}

// paintTool digs or fills along the drag (the brush's size and paint mode
// apply); with Shift it paints the brush weight.
type paintTool struct{}

func (paintTool) Name() string { return "paint" }

func (paintTool) Hint() string {
	return "drag: dig or fill (first cell decides, Shift+D forces); Shift: weight"
}

func (paintTool) Press(g *Game, c image.Point, mod bool) { g.beginStroke(c, mod) }

func (paintTool) Drag(g *Game, c image.Point)    { g.w.StrokeTo(c) }
func (paintTool) Release(g *Game, c image.Point) { g.w.EndStroke() }

// inspectTool pins a cell in the inspector.
type inspectTool struct{}

func (inspectTool) Name() string { return "inspect" }
func (inspectTool) Hint() string { return "click pins a cell (again unpins); hover shows any cell" }

func (inspectTool) Press(g *Game, c image.Point, mod bool) {
	if !g.w.Grid.In(c) || (g.hasPinned && g.pinned == c) {
		if g.hasPinned {
			g.hasPinned = false
			g.w.Log.Add("inspect", world.F{Key: "at", Val: fmt.Sprintf("%d,%d", g.pinned.X, g.pinned.Y)}, world.F{Key: "pinned", Val: false})
		}
		return
	}
	g.pinned, g.hasPinned = c, true
	g.w.Log.Add("inspect", world.F{Key: "at", Val: fmt.Sprintf("%d,%d", c.X, c.Y)}, world.F{Key: "pinned", Val: true})
}

func (inspectTool) Drag(g *Game, c image.Point)    {}
func (inspectTool) Release(g *Game, c image.Point) {}

// agentTool spawns, selects and sends agents: a click on an agent selects
// it (Shift adds), a drag selects a box, a click on a free cell spawns an
// agent when none is selected (and selects it, so the next click sends it)
// and sends the selection there otherwise (Shift: as one group in
// formation). Esc clears the selection; J spawns without selecting, for
// spawning many.
type agentTool struct {
	down     bool
	from     image.Point
	at       image.Point // the press's screen point
	dragging bool
	shift    bool
	drag     image.Rectangle
	capKey   [2]int // the selection capText says: its count and first id
	capText  string
}

func (t *agentTool) Name() string { return "agents" }

func (t *agentTool) Hint() string {
	return "click: spawn (then click a goal to send it), select, or send (Shift: as a group); drag selects; J spawns more; U runs"
}

// caption is the top bar's line while agents are selected, "" when none
// are (the hint then): a click on a free cell sends them, not spawns. A
// designer spawned and sent an agent, clicked to spawn another and sent
// the first back, the hint that says so cut off at the bar's end.
func (t *agentTool) caption(g *Game) string {
	s := g.w.Agents()
	if s == nil {
		return ""
	}
	g.selBuf = s.Selected(g.selBuf[:0])
	n := len(g.selBuf)
	if n == 0 {
		return ""
	}
	// Made again only when the selection's count or first agent changes:
	// the caption is asked every frame.
	if key := [2]int{n, g.selBuf[0]}; key != t.capKey || t.capText == "" {
		t.capKey = key
		if n == 1 {
			t.capText = fmt.Sprintf("#%d selected: a click on a free cell sends it there · Esc unselects (then a click spawns)", g.selBuf[0])
		} else {
			t.capText = fmt.Sprintf("%d selected: a click sends them (Shift: as a group) · Esc unselects (then a click spawns)", n)
		}
	}
	return t.capText
}

func (t *agentTool) Press(g *Game, c image.Point, mod bool) {
	t.down, t.from, t.dragging, t.shift = true, c, false, mod
	t.at = image.Pt(g.mouseX, g.mouseY)
	t.drag = image.Rectangle{}
}

func (t *agentTool) Drag(g *Game, c image.Point) {
	if !t.down {
		return
	}
	t.dragging = true
	t.drag = image.Rect(min(t.from.X, c.X), min(t.from.Y, c.Y), max(t.from.X, c.X)+1, max(t.from.Y, c.Y)+1)
}

func (t *agentTool) Release(g *Game, c image.Point) {
	if !t.down {
		return
	}
	t.down = false
	w := g.w
	if t.dragging {
		t.dragging = false
		n := 0
		if s := w.Agents(); s != nil {
			n = s.SelectRect(t.drag, t.shift)
		}
		t.drag = image.Rectangle{}
		w.Log.Add("agent", world.F{Key: "action", Val: "select"}, world.F{Key: "selected", Val: n})
		return
	}
	s := w.Agents()
	if s != nil {
		// The agent whose disc is drawn under the click, not the one
		// standing on the cell: a walking agent is drawn between cells.
		if id := render.AgentAt(s, &g.cam, t.at.X, t.at.Y); id >= 0 {
			s.Select([]int{id}, t.shift)
			w.Log.Add("agent", world.F{Key: "action", Val: "select"}, world.F{Key: "id", Val: id})
			return
		}
		if len(s.Selected(nil)) > 0 {
			w.SendAgents(g.snapOpen(c), t.shift)
			return
		}
	}
	if id, err := w.SpawnAgent(g.snapOpen(c)); err == nil {
		w.Agents().Select([]int{id}, false)
	}
}

// roomTool paints the designer's rooms (the regions layer) on the view
// level: a drag from inside a room grows it, one from a cell in no room
// makes a new room (the first free letter), and with Shift it takes cells
// out of their rooms. The brush size (Ctrl+[ ]) applies; a stroke is one
// undo step, and the group hierarchy, whose groups the rooms make, is
// built again when it ends.
type roomTool struct{}

func (roomTool) Name() string { return "rooms" }

func (roomTool) Hint() string {
	return "drag: grow the room, or a new one; Shift: no room"
}

func (roomTool) Press(g *Game, c image.Point, mod bool) { g.beginRoomStroke(c, mod) }
func (roomTool) Drag(g *Game, c image.Point)            { g.w.RoomStrokeTo(c) }

// Release ends the stroke, and says, when the plan reads no rooms, what
// does: painted under HPA* the rooms change nothing on screen but their
// tints (the note comes after the replan, which would hide it).
func (roomTool) Release(g *Game, c image.Point) {
	_, _, _, painting := g.w.RoomPainting()
	g.w.EndRoomStroke()
	if s := g.w.Settings; painting && !s.Uses("rooms") {
		// "(key 5)": a bare "(5)" read as the number of groups.
		g.w.NoteAfterError("rooms make the group hierarchy's groups (key %s): %s does not read them", keysOf(ActAlgoGroup), s.Algo.Title())
	}
}

// beginRoomStroke starts a room stroke at cell c on the view level:
// erase (Shift) takes cells out of their rooms; otherwise the room under
// c grows, or a new room starts where c is in none. A note says which,
// and, when the plan reads no rooms, what does.
func (g *Game) beginRoomStroke(c image.Point, erase bool) {
	w := g.w
	level := g.shownLevel()
	if !w.Grid.In(c) {
		return // a press beside the map: nothing to paint
	}
	if err := w.RoomLevelError(level); err != nil {
		w.Fail("%v", err) // shown and logged (an error line), as a refused click is
		return
	}
	letter, what := byte(world.NoRoom), "taking cells out of their rooms"
	if !erase {
		letter = w.RoomAt(c, level)
		what = fmt.Sprintf("growing room %c", letter)
		if letter == world.NoRoom {
			free, ok := w.FreeRoom(level)
			if !ok {
				w.Fail("level %d has a room for every letter and digit: grow one from inside it, or take cells out with Shift", level)
				return
			}
			letter, what = free, fmt.Sprintf("new room %c", free)
		}
	}
	w.BeginRoomStroke(c, level, letter, g.brushSize)
	if _, _, _, ok := w.RoomPainting(); ok {
		w.NoteAfterError("level %d: %s", level, what)
	}
}

// roomCaption is the top bar's caption during a room stroke.
func roomCaption(letter byte, level int) string {
	if letter == world.NoRoom {
		return fmt.Sprintf("taking cells out of rooms (level %d)", level)
	}
	return fmt.Sprintf("painting room %c (level %d)", letter, level)
}
