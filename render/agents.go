package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"pathlens/game/world"
	"pathlens/game/world/agents"
	"pathlens/render/place"
)

// AgentLayer is what DrawAgents reads besides the Sim. Keep one value for
// the window's life and pass its address every frame: it holds the scratch
// slices the drawing reuses.
type AgentLayer struct {
	Sim *agents.Sim
	Cam *Camera
	// Map is the map area on screen; agents are clipped to it.
	Map image.Rectangle
	// Log is the room the replan log panel goes in (screen pixels): the
	// panel sizes itself to its text (at most MaxSize, when set) and takes
	// the corner of Log that covers the fewest agents, routes and markers,
	// off the legend, the map notes and the message line (see panelAvoid
	// and place.Panel). Empty: no panel.
	Log     image.Rectangle
	MaxSize image.Point
	// Marks are cells whose markers the panel keeps clear of besides the
	// agents' own (their goals and the selected agents): the query's
	// start and goal. The slice is only read.
	Marks []image.Point
	// Answer holds the cells of the query's answer drawn under the panel
	// (its path, the points of its plans), which the panel covers as
	// little of as it can: it sat on the answer with a whole corner empty.
	// Only read; sampled (at most answerSamples points per slice).
	Answer [][]image.Point
	// Hard holds boxes drawn over the map after the panel (the message
	// shown this frame) that it never covers while a clear place exists:
	// the message was drawn over its last line. (The open prompt is not
	// one: it keeps off the panel instead, which stays where it is.)
	Hard []image.Rectangle
	// SendRuns: the clock is stopped but a send would start it (it never
	// ran, or a loaded session stopped it; not paused by the user), so
	// the panel says so instead of asking for U (World.AgentsSendRuns).
	SendRuns bool
	// Plans and Segments switch the faint plan and the bright segment
	// (the LayerPlans and LayerSegments toggles).
	Plans, Segments bool
	// Mouse is the pointer's screen point, over the map while MouseOK:
	// the agent drawn under it (AgentAt) gets its plan drawn and a label
	// with its state.
	Mouse   image.Point
	MouseOK bool
	// Drag, when not empty, is a selection rectangle being dragged (cells).
	Drag image.Rectangle

	views []agents.AgentView
	hover int // the agent under the mouse this frame (hovered), or -1
	log   []agents.Replan
	rows  []replanRow
	// Scratch reused every frame by the panel: its lines, the rectangles
	// it keeps off and the things it covers as few of as it can, and the
	// corner it was drawn in last, plus one (kept unless another is better
	// by a margin, so the panel does not jump back and forth).
	lines     []logLine
	avoid     []image.Rectangle
	things    []place.Thing
	bands     []image.Rectangle
	route     []image.Point // drawAgentRoute's plan points (leg ends), reused
	routeEnds []int         // their legs' ends' indices in route
	good      []image.Point // those before a cut (RouteBlock) and the last cell reached
	cut       []image.Point // the last cell reached and the points after the cut
	corner    int
}

// replanHeader heads the replan panel's rows, in their columns.
var replanHeader = fmt.Sprintf("%5s %-4s %-13s %s", "tick", "who", "reason", "from")

// replanHeaderShort is replanHeader without the cell's column.
var replanHeaderShort = fmt.Sprintf("%5s %-4s %s", "tick", "who", "reason")

// Agent drawing constants.
const (
	// allPlansUpTo: with more agents than this, plans and segments are drawn
	// only for selected and hovered agents (1,000 full paths per frame would
	// cost more than the frame).
	allPlansUpTo = 60
	flashTicks   = 40 // how long a replan flash lasts
	logRows      = 6  // newest replans listed in the panel
)

// Agent colours: the body by state, the flash and log rows by reason.
var (
	colAgentMoving  = color.RGBA{40, 110, 230, 255}
	colAgentWaiting = color.RGBA{240, 190, 30, 255}
	colAgentArrived = color.RGBA{40, 170, 80, 255}
	colAgentStopped = color.RGBA{220, 40, 40, 255}
	colAgentIdle    = color.RGBA{100, 108, 125, 255}
	colAgentPlan    = color.RGBA{60, 90, 200, 110}
	colAgentSeg     = color.RGBA{30, 80, 240, 230}
	colAgentGoal    = color.RGBA{210, 40, 140, 255}
	colLeader       = color.RGBA{150, 70, 220, 255}
	colRouteCut     = color.RGBA{255, 130, 20, 255} // a route an edit has cut (RouteBlock), from the cut on
	colNoEntry      = color.RGBA{220, 30, 30, 255}

	colReason = [agents.NumReasons]color.RGBA{
		agents.ReasonNone:           ColText,
		agents.ReasonNewGoal:        ColTextDim,
		agents.ReasonSegmentDone:    {120, 200, 255, 255},
		agents.ReasonWorldChanged:   ColFlash,
		agents.ReasonGoalMoved:      {200, 150, 255, 255},
		agents.ReasonBlocked:        {255, 120, 60, 255},
		agents.ReasonRecheck:        {120, 230, 160, 255},
		agents.ReasonStuck:          {255, 90, 170, 255},
		agents.ReasonCutOff:         {255, 200, 80, 255},
		agents.ReasonRejoined:       {90, 220, 220, 255},
		agents.ReasonPlannerChanged: {180, 180, 120, 255},
		// Back on the repaired hierarchy after a stroke: the planner
		// change's hue, lighter.
		agents.ReasonHierarchyRepaired: {210, 210, 160, 255},
	}
)

func agentColor(v *agents.AgentView) color.RGBA {
	switch v.State {
	case agents.Moving:
		return colAgentMoving
	case agents.Waiting:
		return colAgentWaiting
	case agents.Arrived:
		return colAgentArrived
	case agents.Stopped:
		return colAgentStopped
	}
	return colAgentIdle
}

// DrawAgents draws the agents of l.Sim over the map: each agent's plan
// (faint dashes through its legs), its current segment (bright), its goal,
// its body coloured by state (blue moving, yellow waiting for a plan,
// green arrived, red stopped, grey idle; a white ring when selected, a
// purple diamond outline for a group's leader, drawn under the bodies and
// larger than one, so an agent on the leader's cell stays whole), a ring flash for a recent replan
// coloured by its reason, a label for the hovered agent, and then the
// replan log panel in l.Log. Bodies are never smaller than agentRadius's
// floor, however far the map is zoomed out, and the selected and hovered
// agents' routes are drawn last, wide and cased in black, so they stand
// out over the query's plans and the other agents' routes. It only reads
// the Sim.
func (r *Renderer) DrawAgents(screen *ebiten.Image, l *AgentLayer) {
	r.aa = antialiasOn(screen)
	if l == nil || l.Sim == nil || l.Cam == nil {
		return
	}
	s := l.Sim
	l.views = s.Agents(l.views[:0])
	dst := screen.SubImage(l.Map).(*ebiten.Image)
	cam := l.Cam
	g := s.Grid()
	vis := cam.Visible(g.Width(), g.Height(), l.Map).Inset(-2)
	now := s.Now()
	zoom := cam.Zoom
	rad := agentRadius(zoom)
	all := len(l.views) <= allPlansUpTo
	hover := l.hovered()
	l.hover = hover // the replan panel's placement reads it too

	// Routes first, under every body: the others' faint, then the
	// selected and hovered agents' on top of them.
	for pass := 0; pass < 2; pass++ {
		for i := range l.views {
			v := &l.views[i]
			hot := l.isHot(v, hover)
			if hot != (pass == 1) || !all && !hot || v.Kind == agents.Member {
				continue // members follow slots; their group's plan is the leader's
			}
			r.drawAgentRoute(dst, l, v, rad, hot)
		}
	}

	// Bodies and flashes: the groups' leaders first, under the agents. A
	// group that has arrived (or was reloaded so) has its leader on the
	// goal, where a member stands too: the diamond drawn over it hid all
	// but a sliver of that agent (a designer's report). Drawn under, and
	// larger than a body, its corners stand out around the member's disc.
	lw := agentLineWidth(zoom)
	discs := r.discs[:0]
	for pass := 0; pass < 2; pass++ {
		for i := range l.views {
			v := &l.views[i]
			if !v.Cell.In(vis) || (v.Kind == agents.Leader) != (pass == 0) {
				continue
			}
			discs = r.drawAgentBody(dst, l, v, rad, lw, now, discs)
		}
	}
	r.discs = discs
	if !l.Drag.Empty() {
		ax, ay := cam.ToScreen(float64(l.Drag.Min.X), float64(l.Drag.Min.Y))
		bx, by := cam.ToScreen(float64(l.Drag.Max.X), float64(l.Drag.Max.Y))
		vector.StrokeRect(dst, float32(ax), float32(ay), float32(bx-ax), float32(by-ay), 1.5, color.White, false)
	}
	r.drawReplanLog(screen, l, rad)
	// The label of the agent under the pointer last, over the replan
	// panel: the panel is an overlay the pointer reaches the map through,
	// and drawn after the label it covered it for an agent beside it.
	if hover >= 0 {
		if v, ok := s.Agent(hover); ok {
			x0, y0 := s.Shown(&v)
			x, y := cam.ToScreen(x0+0.5, y0+0.5)
			r.tooltip(dst, float32(x)+rad+4, float32(y)-rad-4, agentLabel(&v))
		}
	}
}

// agentLineWidth is the width of a group leader's diamond outline at a
// zoom (pixels per cell).
func agentLineWidth(zoom float64) float32 {
	return float32(math.Max(1.2, math.Min(zoom*0.18, 4)))
}

// agentBodyBox is the screen box of the body of an agent of kind k shown
// at (x, y) in cell units (Sim.Shown), for bodies of radius rad and
// leader outlines lw wide: its disc and rim, or a leader's diamond.
func agentBodyBox(cam *Camera, x, y float64, k agents.Kind, rad, lw float32) image.Rectangle {
	fx, fy := cam.ToScreen(x+0.5, y+0.5)
	cx, cy := float32(fx), float32(fy)
	br := rad + 1
	if k == agents.Leader {
		br = leaderSize(rad) + lw/2
	}
	return image.Rect(int(cx-br), int(cy-br), int(math.Ceil(float64(cx+br))), int(math.Ceil(float64(cy+br))))
}

// leaderSize is the half-diagonal in pixels of a group leader's diamond,
// for bodies of radius rad: enough larger than a body (with its rim) that
// its corners stand out around the member drawn over it on the same cell.
func leaderSize(rad float32) float32 { return max(rad*1.6, rad+5) }

// drawAgentBody draws v's body at its shown place (a disc on a dark rim, a
// group leader's outlined diamond), its selection ring, stop mark and
// replan flash, and returns discs with the box the body covers.
func (r *Renderer) drawAgentBody(dst *ebiten.Image, l *AgentLayer, v *agents.AgentView, rad, lw float32, now int64, discs []image.Rectangle) []image.Rectangle {
	x0, y0 := l.Sim.Shown(v) // on its cell while paused, where it is clicked (AgentAt)
	fx, fy := l.Cam.ToScreen(x0+0.5, y0+0.5)
	x, y := float32(fx), float32(fy)
	discs = append(discs, agentBodyBox(l.Cam, x0, y0, v.Kind, rad, lw))
	if v.Kind == agents.Leader {
		d := leaderSize(rad)
		var p vector.Path
		p.MoveTo(x, y-d)
		p.LineTo(x+d, y)
		p.LineTo(x, y+d)
		p.LineTo(x-d, y)
		p.Close()
		r.strokePath(dst, &p, lw, PM(colLeader))
	} else {
		// A dark rim keeps a small body visible on any terrain (a
		// grey idle agent vanished on sand).
		vector.DrawFilledCircle(dst, x, y, rad+1, color.RGBA{0, 0, 0, 200}, r.aa)
		vector.DrawFilledCircle(dst, x, y, rad, PM(agentColor(v)), r.aa)
	}
	if v.Selected {
		vector.StrokeCircle(dst, x, y, rad+2.5, 3.5, color.RGBA{0, 0, 0, 200}, r.aa)
		vector.StrokeCircle(dst, x, y, rad+2.5, 1.5, color.White, r.aa)
	}
	if v.State == agents.Stopped && rad >= 4 {
		vector.StrokeLine(dst, x, y-rad*0.6, x, y+rad*0.1, 2, color.White, r.aa)
		vector.DrawFilledCircle(dst, x, y+rad*0.45, 1.3, color.White, r.aa)
	}
	if age := now - v.LastReplan; v.LastReplan >= 0 && age < flashTicks && v.LastReason.IsReplan() {
		t := float32(age) / flashTicks
		fc := colReason[v.LastReason]
		fc.A = uint8(255 * (1 - t))
		vector.StrokeCircle(dst, x, y, rad+3+t*rad*2.5+t*8, 2, PM(fc), r.aa)
	}
	return discs
}

// shows says whether an agent's plan (the faint dashes) and its segment
// are drawn: as the P and Y layers say, except for a selected or hovered
// (hot) agent, whose whole route is always drawn. With both layers off, a
// hover showed the agent's label and no route at all.
func (l *AgentLayer) shows(hot bool) (plans, segs bool) {
	return l.Plans || hot, l.Segments || hot
}

// AgentAt returns the id of the agent whose body DrawAgents draws under
// screen point (x, y) with camera cam (its disc and rim, or the cell-sized
// square about its centre where that is larger), or -1: a click on the
// disc picks the agent wherever the disc is drawn (agents.Sim.Shown).
// A point on a group leader's diamond outside every body names the agent
// drawn at the diamond's centre, on the leader's cell (the leader itself
// is no one's to pick): the diamond is drawn larger than a body around
// that agent, and its corners named nobody. Cost: agents.Sim.AgentNear,
// and a look at each group's leader when that finds nobody.
func AgentAt(s *agents.Sim, cam *Camera, x, y int) int {
	if s == nil || cam == nil || !(cam.Zoom > 0) {
		return -1
	}
	wx, wy := cam.ToWorld(float64(x), float64(y))
	rad := agentRadius(cam.Zoom)
	r := float64(rad+1) / cam.Zoom
	if id := s.AgentNear(wx, wy, r); id >= 0 {
		return id
	}
	d := float64(leaderSize(rad)) / cam.Zoom
	if lx, ly, ok := s.LeaderNear(wx, wy, d); ok {
		return s.AgentNear(lx+0.5, ly+0.5, r)
	}
	return -1
}

// hovered returns the agent under the mouse, or -1.
func (l *AgentLayer) hovered() int {
	if !l.MouseOK {
		return -1
	}
	return AgentAt(l.Sim, l.Cam, l.Mouse.X, l.Mouse.Y)
}

// agentRadius is the radius in pixels of an agent's body at a zoom
// (pixels per cell): about three quarters of a cell, never under 3.5
// pixels (an 8-pixel disc with its rim), so agents stay findable on a
// 512×512 map fitted to the window, where a cell is 1.3 pixels and they
// were 3-pixel squares; never over 14.
func agentRadius(zoom float64) float32 {
	return float32(math.Max(3.5, math.Min(zoom*0.38, 14)))
}

// routeWidth is the stroke width of an agent's current segment at a zoom:
// hot (selected or hovered) routes are at least 3 pixels, so one reads at
// any zoom over the query's plans.
func routeWidth(zoom float64, hot bool) float32 {
	w := math.Max(1.2, math.Min(zoom*0.18, 4)) * 1.3
	if hot {
		w = math.Max(3, w*1.3)
	}
	return float32(w)
}

// drawAgentRoute draws v's plan (dashes through its legs), its current
// segment and its goal. A hot route (selected or hovered agent) is wide,
// opaque and cased in black.
func (r *Renderer) drawAgentRoute(dst *ebiten.Image, l *AgentLayer, v *agents.AgentView, rad float32, hot bool) {
	cam := l.Cam
	zoom := cam.Zoom
	sw := routeWidth(zoom, hot)
	pw := sw / 1.3
	planCol, segCol := colAgentPlan, colAgentSeg
	casing := color.RGBA{0, 0, 0, 170}
	if hot {
		planCol.A, segCol.A = 230, 255
	}
	// A route an edit has cut since it was planned (the agent replans at
	// its next tick, or when U runs a paused clock) is drawn in the
	// warning colour from the last cell it reaches, with a no-entry mark
	// on the first it cannot.
	blk := l.Sim.RouteBlock(v.ID)
	cutCol := colRouteCut
	if !hot {
		cutCol.A = 200
	}
	plans, segs := l.shows(hot)
	if plans && len(v.Legs) > 0 && len(v.Segment) > 0 {
		// The dashes follow the cells the legs refine to when the plan
		// gives them (eager HPA*: a dash straight between leg ends crossed
		// walls and forests the route goes round, and a cut was marked on
		// a cell off the dash), else run straight from one leg's end to
		// the next. ends are the legs' ends' indices in pts.
		pts, ends := v.Route, v.RouteFoot
		if len(pts) == 0 {
			pts = append(l.route[:0], v.Segment[len(v.Segment)-1]) // one buffer for every agent, every frame
			ends = l.routeEnds[:0]
			for i, leg := range v.Legs {
				pts = append(pts, leg.To)
				ends = append(ends, i+1)
			}
			l.route, l.routeEnds = pts, ends
		}
		// The route is drawn as planned up to pts[:g] then From, and in
		// the warning colour from From then pts[b:] (from pts[b:] alone
		// when the segment is cut: the whole plan is).
		g, b := len(pts), len(pts)
		from, hasFrom := image.Point{}, false
		switch {
		case blk.Blocked && blk.Seg >= 0:
			g, b = 1, 0
		case blk.Blocked && blk.Leg >= 0 && len(v.Route) > 0:
			for k := 0; k+1 < len(pts); k++ {
				if pts[k] == blk.From && pts[k+1] == blk.At {
					g, b, from, hasFrom = k, k+1, blk.From, true
					break
				}
			}
		case blk.Blocked && blk.Leg >= 0:
			g, b, from, hasFrom = blk.Leg+1, blk.Leg+1, blk.From, true
		}
		dash := float32(math.Max(4, zoom*0.8))
		good := pts[:g]
		if hasFrom {
			// The cut leg's dash runs as planned to the last cell reached,
			// and in the warning colour from there (a copy: pts is read on).
			good = append(append(l.good[:0], good...), from)
			l.good = good
		}
		if hot {
			dash = max(dash, 8)
			r.strokeCells(dst, cam, good, pw+2, casing, dash)
		}
		r.strokeCells(dst, cam, good, pw, PM(planCol), dash)
		if b < len(pts) {
			bad := l.cut[:0]
			if hasFrom {
				bad = append(bad, from)
			}
			bad = append(bad, pts[b:]...)
			l.cut = bad
			r.strokeCells(dst, cam, bad, pw+2, casing, dash)
			r.strokeCells(dst, cam, bad, pw, PM(cutCol), dash)
		}
		for _, e := range ends {
			x, y := cam.CellCenter(pts[e])
			c := planCol
			if e >= b {
				c = cutCol
			}
			vector.DrawFilledCircle(dst, x, y, pw*1.2, PM(c), r.aa)
		}
	}
	if segs && v.SegIndex < len(v.Segment)-1 {
		x0, y0 := l.Sim.Shown(v)
		px, py := cam.ToScreen(x0+0.5, y0+0.5)
		rest := v.Segment[v.SegIndex+1:]
		bad := []image.Point(nil)
		if blk.Blocked && blk.Seg > v.SegIndex {
			// rest[:j] is walkable, Segment[Seg-1:] is the cut part.
			j := blk.Seg - v.SegIndex - 1
			bad = v.Segment[blk.Seg-1:]
			rest = rest[:j]
		}
		if len(rest) > 0 {
			nx, ny := cam.CellCenter(rest[0])
			if hot {
				vector.StrokeLine(dst, float32(px), float32(py), nx, ny, sw+2.5, casing, r.aa)
				r.drawPolyline(dst, cam, rest, sw+2.5, casing)
			}
			vector.StrokeLine(dst, float32(px), float32(py), nx, ny, sw, PM(segCol), r.aa)
			if hot {
				r.drawPolyline(dst, cam, rest, sw, PM(segCol))
			} else {
				r.strokeCells(dst, cam, rest, sw, PM(segCol), 0)
			}
		}
		if len(bad) > 0 {
			r.drawPolyline(dst, cam, bad, sw+2, casing)
			r.drawPolyline(dst, cam, bad, sw, PM(cutCol))
		}
	}
	if blk.Blocked {
		x, y := cam.CellCenter(blk.At)
		drawNoEntry(dst, x, y, max(rad*0.9, 6), r.aa)
	}
	if v.HasGoal && v.State != agents.Arrived {
		gx, gy := cam.CellCenter(v.Goal)
		d := max(rad*0.9, 4)
		gw := max(sw*0.95, 2)
		if hot {
			vector.StrokeLine(dst, gx-d, gy-d, gx+d, gy+d, gw+2, color.White, r.aa)
			vector.StrokeLine(dst, gx-d, gy+d, gx+d, gy-d, gw+2, color.White, r.aa)
		}
		vector.StrokeLine(dst, gx-d, gy-d, gx+d, gy+d, gw, PM(colAgentGoal), r.aa)
		vector.StrokeLine(dst, gx-d, gy+d, gx+d, gy-d, gw, PM(colAgentGoal), r.aa)
	}
}

// drawNoEntry draws a no-entry sign of radius rd at x, y: where an agent's
// route is cut (a red disc with a white bar, unlike the goal's cross).
func drawNoEntry(dst *ebiten.Image, x, y, rd float32, aa bool) {
	vector.DrawFilledCircle(dst, x, y, rd+1.5, color.RGBA{0, 0, 0, 220}, aa)
	vector.DrawFilledCircle(dst, x, y, rd, colNoEntry, aa)
	vector.DrawFilledRect(dst, x-rd*0.62, y-rd*0.2, rd*1.24, rd*0.4, color.White, aa)
}

// isHot reports whether v's route is drawn hot (wide, on top, whatever
// the plan layers say): v is selected or under the pointer (hover), or v
// is a group's leader and one of its members is, a member's route being
// its group's, drawn from the leader (a hovered member drew no route).
func (l *AgentLayer) isHot(v *agents.AgentView, hover int) bool {
	if v.Selected || v.ID == hover {
		return true
	}
	return v.Kind == agents.Leader && l.groupHot(v.Group, hover)
}

// groupHot reports whether any member of group gid is selected or is the
// agent under the pointer (hover).
func (l *AgentLayer) groupHot(gid, hover int) bool {
	if gid < 0 {
		return false
	}
	for i := range l.views {
		if v := &l.views[i]; v.Group == gid && v.Kind == agents.Member && (v.Selected || v.ID == hover) {
			return true
		}
	}
	return false
}

// agentLabel is the hover text of an agent: id, state and why, plans made.
func agentLabel(v *agents.AgentView) string {
	s := fmt.Sprintf("#%d %s", v.ID, v.State)
	switch {
	case v.State == agents.Stopped && v.Err != nil:
		s += ": " + v.Err.Error()
	case v.State == agents.Stopped:
		s += ": " + v.Why.String()
	case v.Kind == agents.Member && v.OwnWay:
		s += ", own way (cut off from its group)"
	case v.Kind == agents.Member && v.InFile:
		s += ", single file"
	case v.Kind == agents.Member:
		s += ", in formation"
	}
	if v.Plans > 0 {
		s += fmt.Sprintf(" · %s, last: %s", world.Plural(v.Plans, "plan", "plans"), v.LastReason)
	}
	return s
}

// strokePath strokes a closed path with width w.
func (r *Renderer) strokePath(dst *ebiten.Image, p *vector.Path, w float32, c color.Color) {
	vs, is := p.AppendVerticesAndIndicesForStroke(nil, nil, &vector.StrokeOptions{Width: w, LineJoin: vector.LineJoinRound})
	cr, cg, cb, ca := c.RGBA()
	for i := range vs {
		vs[i].SrcX, vs[i].SrcY = 1, 1
		vs[i].ColorR = float32(cr) / 0xffff
		vs[i].ColorG = float32(cg) / 0xffff
		vs[i].ColorB = float32(cb) / 0xffff
		vs[i].ColorA = float32(ca) / 0xffff
	}
	src := r.white.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
	dst.DrawTriangles(vs, is, src, &ebiten.DrawTrianglesOptions{AntiAlias: r.aa})
}

// replanRow is a row of the replan panel: the newest of n replans in a
// row of one agent for one reason.
type replanRow struct {
	agents.Replan
	n int
}

// reason is the row's reason column: the reason, and how many when more
// than one ("world_changed ×12").
func (e replanRow) reason() string {
	if e.n > 1 {
		return fmt.Sprintf("%s ×%d", e.Reason, e.n)
	}
	return e.Reason.String()
}

// replanRows appends to dst the panel's rows for log (newest first), at
// most rows of them: a run of replans of one agent (or group leader) for
// one reason is one row, with the newest's tick and cell and a count. A
// stroke replans an agent whose route it crosses at every mouse move, and
// one drag's world_changed lines had pushed every other agent's rows out
// of the panel. A stop, or a plan from a cell a fill pushed the agent to,
// keeps its own row.
func replanRows(dst []replanRow, log []agents.Replan, rows int) []replanRow {
	for _, e := range log {
		if k := len(dst) - 1; k >= 0 && sameRun(dst[k].Replan, e) {
			dst[k].n++
			continue
		}
		if len(dst) == rows {
			break
		}
		dst = append(dst, replanRow{Replan: e, n: 1})
	}
	return dst
}

// sameRun reports whether b, logged just before a, joins a's row.
func sameRun(a, b agents.Replan) bool {
	single := func(e agents.Replan) bool { return e.State == agents.Stopped || e.Displaced }
	return a.Agent == b.Agent && a.Leader == b.Leader && a.Group == b.Group && a.Reason == b.Reason && !single(a) && !single(b)
}

// logLine is one line of the replan log panel.
type logLine struct {
	text string
	// short is text without its last column (the cell a replan starts
	// from), drawn when text does not fit: clipped, a row read "(359…".
	short string
	col   color.RGBA
	// stop is the reason of a stop ("stopped: goal is a wall"), written
	// after text when the line holds it, else on a line of its own below.
	stop string
}

// agentStates is the panel's line of agents by state (n: counts indexed by
// agents.State), with the plan queue and any wall crossings.
func agentStates(n [5]int, st agents.Stats, running bool) string {
	states := counts([]int{n[agents.Moving], n[agents.Waiting], n[agents.Stopped], n[agents.Arrived], n[agents.Idle]},
		[]string{"moving", "waiting", "stopped", "arrived", "idle"})
	if states == "" {
		states = "no agents"
	}
	if st.Queue > 0 {
		states += " · queue " + world.Count(st.Queue)
		if !running {
			// Paused, plans asked (a fill across lazy routes, a send)
			// wait for the clock: "12 waiting" alone read as stuck.
			states += ": plans wait for U"
		}
	}
	if st.WallViolations > 0 { // a bug in the simulation, never expected
		states += " · " + world.Count(st.WallViolations) + " wall crossings"
	}
	return states
}

// drawReplanLog draws the panel of recent replans, sized to its text and
// placed in l.Log by placePanel: a title (tick, planner), the agents by
// state and replans by reason (only the non-zero counts), and the newest
// replans, one a line, coloured by reason; a stop says why in full, on a
// second line when the first cannot hold it (it was cut to "stopped:
// goal…"). rad is the agents' body radius (for the markers it avoids).
func (r *Renderer) drawReplanLog(screen *ebiten.Image, l *AgentLayer, rad float32) {
	if l.Log.Empty() {
		return
	}
	s := l.Sim
	ft := r.fonts
	var n [5]int
	for i := range l.views {
		if l.views[i].Kind != agents.Leader {
			n[l.views[i].State]++
		}
	}
	st := s.Stats()
	planner := panelPlanner(s)
	title := agentsTitle(s.Now(), planner, s.Running(), l.SendRuns && !anyWalks(l.views), s.ClockSpeed())
	states := agentStates(n, st, s.Running())
	reasons := counts([]int{st.Listed(agents.ReasonSegmentDone), st.Listed(agents.ReasonWorldChanged), st.Listed(agents.ReasonGoalMoved),
		st.Listed(agents.ReasonBlocked), st.Listed(agents.ReasonRecheck), st.Listed(agents.ReasonPlannerChanged), st.Listed(agents.ReasonHierarchyRepaired)},
		[]string{"segment", "world", "goal", "blocked", "retry", "planner", "repaired"})
	if reasons != "" {
		reasons = "replans: " + reasons
	}
	cut := blockedNote(s.BlockedRoutes(), s.Running())
	l.log = s.Replans(l.log[:0])
	lines := l.lines[:0]
	l.rows = replanRows(l.rows[:0], l.log, logRows)
	shown := l.rows
	rw := 13 // the reason column: as wide as its longest reason shown (hierarchy_repaired is 18)
	for _, e := range shown {
		rw = max(rw, utf8.RuneCountInString(e.reason()))
	}
	if len(l.log) > 0 {
		// What the columns are: the tick, who (an agent, or a group's
		// virtual leader, which plans for its members), why, and the
		// cell the plan starts from.
		lines = append(lines, logLine{text: fmt.Sprintf("%5s %-4s %-*s %s", "tick", "who", rw, "reason", "from"), short: replanHeaderShort, col: ColTextDim})
	}
	for _, e := range shown {
		who := fmt.Sprintf("#%-3d", e.Agent)
		if e.Leader {
			who = fmt.Sprintf("G%-3d", e.Group) // a group's leader is no agent the user spawned
		}
		reason := e.reason()
		ln := logLine{text: fmt.Sprintf("%5d %s %-*s (%d,%d)", e.Tick, who, rw, reason, e.Cell.X, e.Cell.Y),
			short: fmt.Sprintf("%5d %s %s", e.Tick, who, reason), col: colReason[e.Reason]}
		if e.State == agents.Stopped {
			ln.stop, ln.col = "stopped: "+e.Why.String(), ColTextErr
		}
		lines = append(lines, ln)
	}
	empty := len(l.log) == 0
	if empty {
		lines = append(lines, logLine{text: emptyLogHint(s, l.views), col: ColTextDim})
	}
	l.lines = lines
	// Size the box to the text, within l.Log: a stop's reason goes on a
	// line of its own, indented under the replan, when the two do not fit
	// side by side.
	wd := ft.Width(ft.Bold, title)
	for _, t := range []string{states, reasons, cut} {
		wd = math.Max(wd, ft.Width(ft.UI, t))
	}
	indent := ft.Width(ft.Mono, "      ")
	widest := 0.0 // the widest row that has a short form
	for _, ln := range lines {
		lw := ft.Width(ft.Mono, ln.text)
		wd = math.Max(wd, lw)
		if ln.short != "" {
			widest = math.Max(widest, lw)
		}
		if ln.stop != "" {
			wd = math.Max(wd, indent+ft.Width(ft.Mono, ln.stop))
		}
	}
	bw := min(int(math.Ceil(wd))+17, l.Log.Dx())
	if l.MaxSize.X > 0 {
		bw = min(bw, l.MaxSize.X)
	}
	width := float64(bw - 16) // the text's room in the box as drawn (clipped to it)
	const lineH, monoH = 17, 15
	// A title too wide for the box puts the planner on a line of its own
	// (it read "groups/minimum (astar while buil…").
	var plannerLine string
	if ft.Width(ft.Bold, title) > width {
		title = strings.TrimSuffix(title, " · "+planner)
		plannerLine = planner
	}
	// The states line and the empty list's hint wrap rather than lose
	// their end: at 150 % a reopened session's panel read "1 waiting ·
	// 1 idle · queue 1: plans wai…" over "U runs the agents: their plans
	// are list…" (a lecturer's run).
	stateLines := []string{states}
	if ft.Width(ft.UI, states) > width {
		stateLines = wrap(ft, ft.UI, states, width)
	}
	if empty && ft.Width(ft.UI, lines[len(lines)-1].text) > width {
		hint := lines[len(lines)-1]
		lines = lines[:len(lines)-1]
		for _, t := range wrap(ft, ft.UI, hint.text, width) {
			lines = append(lines, logLine{text: t, col: hint.col})
		}
		l.lines = lines
	}
	rows := 0
	for _, ln := range lines {
		rows++
		if ln.stop != "" && ft.Width(ft.Mono, ln.text+" "+ln.stop) > width {
			rows++
		}
	}
	h := 8 + 19 + len(stateLines)*lineH + rows*monoH + 6
	if plannerLine != "" {
		h += lineH
	}
	if reasons != "" {
		h += lineH
	}
	if cut != "" {
		h += lineH
	}
	bh := min(h, l.Log.Dy())
	if l.MaxSize.Y > 0 {
		bh = min(bh, l.MaxSize.Y)
	}
	hard, things := r.panelAvoid(l, rad)
	rc, corner := place.Panel(l.Log, image.Pt(bw, bh), l.corner-1, hard, things)
	l.corner = corner + 1
	r.agentsRect = rc
	dst := screen.SubImage(rc).(*ebiten.Image)
	fillRect(dst, rc, ColPanel)
	strokeRect(dst, rc, ColPanelEdge)
	x, y := float64(rc.Min.X+8), float64(rc.Min.Y+5)
	ft.Draw(dst, ft.Bold, clip(ft, ft.Bold, title, width), x, y, ColText)
	y += 19
	if plannerLine != "" {
		ft.Draw(dst, ft.UI, clip(ft, ft.UI, plannerLine, width), x, y, ColText)
		y += lineH
	}
	for _, t := range stateLines {
		ft.Draw(dst, ft.UI, clip(ft, ft.UI, t, width), x, y, ColTextDim)
		y += lineH
	}
	if cut != "" {
		ft.Draw(dst, ft.UI, clip(ft, ft.UI, cut, width), x, y, colRouteCut)
		y += lineH
	}
	if reasons != "" {
		ft.Draw(dst, ft.UI, clip(ft, ft.UI, reasons, width), x, y, ColTextDim)
		y += lineH
	}
	y += 2
	face := ft.Mono
	if empty {
		face = ft.UI
	}
	// One form for every row and the header: rows that kept their cell
	// column beside rows that dropped it did not line up. (Rows with a
	// short form are replans, drawn in Mono: measured when sizing the box.)
	short := widest > width
	for _, ln := range lines {
		if y+monoH > float64(rc.Max.Y) {
			break
		}
		if short && ln.short != "" {
			ln.text = ln.short // whole columns, not a number cut short
		}
		if ln.stop == "" {
			ft.Draw(dst, face, clip(ft, face, ln.text, width), x, y, ln.col)
			y += monoH
			continue
		}
		if whole := ln.text + " " + ln.stop; ft.Width(face, whole) <= width {
			ft.Draw(dst, face, whole, x, y, ln.col)
			y += monoH
			continue
		}
		ft.Draw(dst, face, clip(ft, face, ln.text, width), x, y, ln.col)
		y += monoH
		if y+monoH > float64(rc.Max.Y) {
			break
		}
		ft.Draw(dst, face, clip(ft, face, ln.stop, width-indent), x+indent, y, ln.col)
		y += monoH
	}
}

// Weights of what the agents' panel covers (place.Thing.W): it goes to the
// corner of the map area covering the least of them.
const (
	weightMark     = 8 // the query's start or goal, a selected or hovered agent
	weightGoal     = 4 // an agent's goal cross
	weightAgent    = 2 // any other agent's disc
	weightHotRoute = 2 // a point of a selected or hovered agent's route
	weightRoute    = 1 // a point of another agent's route
	weightBand     = 1 // the line a message would show on, none showing (messageBands)
	weightAnswer   = 2 // a point of the query's answer path or plan
	routeSamples   = 160
	answerSamples  = 160
)

// panelAvoid returns what the agents' panel keeps off, in l's scratch
// slices: hard rectangles it never covers while a place clear of them
// exists (the map notes and the legend drawn this frame, the message shown:
// l.Hard), and the things drawn on the map
// it covers as few of as it can, weighted (place.Thing): the query's start
// and goal (l.Marks), the agents' goals (a group's once: its members'
// goal is its leader's, drawn once), every agent's disc (the selected and
// hovered ones weigh more), the points of the routes drawn (the remaining
// segment, the plan's leg ends and points between them; every route with
// up to allPlansUpTo agents, else the selected and hovered agents' only, as
// DrawAgents draws them), their no-entry signs where an edit cut them,
// and, weighing least, the line a message would show on (messageBands).
// All of it is still (place.Thing.Still) but walking agents and their
// routes while the clock runs, so the panel does not stay over idle,
// arrived or paused agents, goals or markers that another place covers
// less of.
func (r *Renderer) panelAvoid(l *AgentLayer, rad float32) ([]image.Rectangle, []place.Thing) {
	av := append(l.avoid[:0], r.noteRect, r.legendRect)
	for _, h := range l.Hard {
		if !h.Empty() {
			av = append(av, h.Inset(-4)) // a gap, as beside the message bands
		}
	}
	l.avoid = av
	cam := l.Cam
	th := l.things[:0]
	box := func(x, y float32, m int) image.Rectangle {
		return image.Rect(int(x)-m, int(y)-m, int(x)+m+1, int(y)+m+1)
	}
	m := int(rad) + 4
	at := func(p image.Point, w, m int, still bool) {
		x, y := cam.CellCenter(p)
		th = append(th, place.Thing{R: box(x, y, m), W: w, Still: still})
	}
	// Where a message would show when there is none: the least of
	// things to cover (a message shown is in Hard). Kept clear as hard
	// space, it pushed the panel over the only, selected agent of a small
	// map while the strip below the map stayed empty (a designer's report).
	l.bands = messageBands(l.Map, r.legendRect, int(r.fonts.LineHeight(r.fonts.UI)), l.bands[:0])
	for _, b := range l.bands {
		th = append(th, place.Thing{R: b, W: weightBand, Still: true})
	}
	for _, p := range l.Marks {
		at(p, weightMark, m, true)
	}
	pw0 := max(2, int(routeWidth(cam.Zoom, false)))
	for _, cells := range l.Answer {
		stride := max(1, len(cells)/answerSamples)
		for k := 0; k < len(cells); k += stride {
			at(cells[k], weightAnswer, pw0, true)
		}
	}
	running := l.Sim.Running()
	hover := l.hover // DrawAgents's, this frame
	all := len(l.views) <= allPlansUpTo
	pw := max(2, int(routeWidth(cam.Zoom, true)))
	for i := range l.views {
		v := &l.views[i]
		hot := l.isHot(v, hover)
		if v.HasGoal && v.State != agents.Arrived && v.Kind != agents.Member {
			at(v.Goal, weightGoal, m, true)
		}
		still := !running || v.State != agents.Moving
		x0, y0 := l.Sim.Shown(v)
		x, y := cam.ToScreen(x0+0.5, y0+0.5)
		w := weightAgent
		if hot {
			w = weightMark
		}
		th = append(th, place.Thing{R: box(float32(x), float32(y), m), W: w, Still: still})
		if v.Kind == agents.Member || !all && !hot {
			continue
		}
		if blk := l.Sim.RouteBlock(v.ID); blk.Blocked {
			at(blk.At, weightGoal, m, true) // the no-entry sign
		}
		w = weightRoute
		if hot {
			w = weightHotRoute
		}
		plans, segs := l.shows(hot)
		if segs && v.SegIndex < len(v.Segment)-1 {
			rest := v.Segment[v.SegIndex+1:]
			stride := max(1, len(rest)/routeSamples)
			for k := 0; k < len(rest); k += stride {
				at(rest[k], w, pw, still)
			}
		}
		if plans && len(v.Route) > 0 {
			// The dashes follow the route's cells: a sample stands for it.
			stride := max(1, len(v.Route)/routeSamples)
			for k := stride; k < len(v.Route); k += stride {
				at(v.Route[k], w, pw, still)
			}
		} else if plans && len(v.Legs) > 0 && len(v.Segment) > 0 {
			prev := v.Segment[len(v.Segment)-1]
			for _, leg := range v.Legs {
				// The dashes are straight between leg ends: a few points
				// along each stand for it.
				for f := 1; f <= 4; f++ {
					q := image.Pt(prev.X+(leg.To.X-prev.X)*f/4, prev.Y+(leg.To.Y-prev.Y)*f/4)
					at(q, w, pw, still)
				}
				prev = leg.To
			}
		}
	}
	l.things = th
	return av, th
}

// messageBands appends to dst where the window's message may show in the
// map area m (drawMessage: one line of lineH pixels, centred 10 pixels
// above the bottom, or above the legend when the legend is in its way),
// as bands across the whole area, since the message's width depends on
// its text. The agents' panel keeps off them, so a message (an error
// such as "agents: goal (141,445) is a wall") is never covered by it.
func messageBands(m, legend image.Rectangle, lineH int, dst []image.Rectangle) []image.Rectangle {
	bh := lineH + 12 + 4 // the box and a gap above it
	band := image.Rect(m.Min.X, m.Max.Y-10-bh, m.Max.X, m.Max.Y-6)
	dst = append(dst, band)
	if !legend.Empty() && legend.Overlaps(band) {
		dst = append(dst, image.Rect(m.Min.X, legend.Min.Y-6-bh, m.Max.X, legend.Min.Y))
	}
	return dst
}

// blockedNote is the agents panel's line on routes an edit has cut since
// they were planned (Sim.BlockedRoutes): paused, they keep them until U
// runs the clock; running, they replan at their next tick. "" for none.
func blockedNote(n int, running bool) string {
	if n == 0 {
		return ""
	}
	what := world.Count(n) + " routes blocked"
	if n == 1 {
		what = "1 route blocked"
	}
	if running {
		return what + " by an edit: replanning"
	}
	return what + ": replan when U runs the agents"
}

// agentsTitle is the agents panel's title: the tick, the planner, and,
// while the clock is stopped, that it is paused and how to run it (U both
// runs and pauses, and a first send starts the clock while a send after U
// paused it does not, so a press of U after a send may pause or run them:
// the title must say which state they are in).
// The state comes before the planner's name, which can be long
// ("groups/maximin/exclusion") and is what a narrow panel cuts.
// sendFirst: stopped with nobody to walk, and the next send starts the
// clock: the title asks for a send, not for U. A trial user read "paused
// (U runs)" over agents just spawned, sent them (which ran the clock) and
// pressed U as told, which paused them.
func agentsTitle(tick int64, planner string, running, sendFirst bool, clock float64) string {
	speed := ""
	if clock != 1 {
		speed = " " + world.ClockText(clock) // Shift+↑ / Shift+↓
	}
	if !running && sendFirst {
		return fmt.Sprintf("Agents · stopped (a send runs them) · tick %s%s · %s", world.Count(int(tick)), speed, planner)
	}
	if !running {
		return fmt.Sprintf("Agents · paused (U runs) · tick %s%s · %s", world.Count(int(tick)), speed, planner)
	}
	return fmt.Sprintf("Agents · tick %s%s · %s", world.Count(int(tick)), speed, planner)
}

// plannerName is the planner's name as the agents panel shows it: an HPA*
// planner also names its refine mode (Shift+U switches it), eager
// included, which the planner's own name leaves implicit ("hpa" against
// "hpa/lazy").
func plannerName(p agents.Planner) string {
	name := p.Name()
	if h, ok := p.(*agents.HPA); ok && !strings.Contains(name, h.Mode().String()) {
		name += "/" + h.Mode().String()
	}
	return name
}

// panelPlanner is the planner the agents' panel names: the simulation's
// planner (plannerName), and while a stand-in plans in its place (a stroke
// that defers its repairs) that one too, and why: "hpa/lazy (astar during
// the stroke)". The title named the stand-in alone, so it flipped from
// hpa/lazy to astar and back with each such stroke, as if the algorithm
// had been switched.
func panelPlanner(s *agents.Sim) string {
	name := plannerName(s.Planner())
	if p, why := s.StandIn(); p != nil {
		name += " (" + strings.TrimSpace(p.Name()+" "+why) + ")"
	}
	return name
}

// counts joins the non-zero counts with their names: "2 moving · 1
// arrived"; "" when all are zero.
func counts(n []int, names []string) string {
	var parts []string
	for i, k := range n {
		if k != 0 {
			parts = append(parts, world.Count(k)+" "+names[i])
		}
	}
	return strings.Join(parts, " · ")
}

// anyWalks reports whether some agent of views (not a group's leader) has
// a goal it has not reached: what a running clock would move.
func anyWalks(views []agents.AgentView) bool {
	for i := range views {
		if v := &views[i]; v.Kind != agents.Leader && v.HasGoal && v.State != agents.Arrived {
			return true
		}
	}
	return false
}

// emptyLogHint is what the agents' replan list says while it is empty:
// with agents on the map (a reopened session's) it waits for them to plan,
// not for agents (it said "spawn agents" over a loaded one); while paused,
// for U only when some agent in views (the agents this frame) has a goal
// to reach: all idle or arrived (a session saved once they had arrived),
// U runs a clock with nothing to walk, and they must be sent.
func emptyLogHint(s *agents.Sim, views []agents.AgentView) string {
	switch {
	case s.Len() == 0:
		return "spawn agents (T, J) and send them"
	case !anyWalks(views):
		return "send agents (T, click a goal): their plans are listed here"
	case !s.Running():
		return "U runs the agents: their plans are listed here"
	}
	return "no plans yet: send agents (T, click a goal)"
}
