package render

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"

	"pathlens/game/world/agents"
)

// AgentLayer is what DrawAgents reads besides the Sim. Keep one value for
// the window's life and pass its address every frame: it holds the scratch
// slices the drawing reuses.
type AgentLayer struct {
	Sim *agents.Sim
	Cam *Camera
	// Map is the map area on screen; agents are clipped to it.
	Map image.Rectangle
	// Log is the most room the replan log panel may take (screen pixels);
	// the panel sizes itself to its text and sits in the bottom-right
	// corner of Log. Empty: no panel.
	Log image.Rectangle
	// Plans and Segments switch the faint plan and the bright segment
	// (the LayerPlans and LayerSegments toggles).
	Plans, Segments bool
	// Hover is the cell under the mouse (HoverOK): the agent standing there
	// gets its plan drawn and a label with its state.
	Hover   image.Point
	HoverOK bool
	// Drag, when not empty, is a selection rectangle being dragged (cells).
	Drag image.Rectangle

	views []agents.AgentView
	log   []agents.Replan
}

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

	colReason = [agents.NumReasons]color.RGBA{
		agents.ReasonNone:         ColText,
		agents.ReasonNewGoal:      ColTextDim,
		agents.ReasonSegmentDone:  {120, 200, 255, 255},
		agents.ReasonWorldChanged: ColFlash,
		agents.ReasonGoalMoved:    {200, 150, 255, 255},
		agents.ReasonBlocked:      {255, 120, 60, 255},
		agents.ReasonRecheck:      {120, 230, 160, 255},
		agents.ReasonStuck:        {255, 90, 170, 255},
		agents.ReasonCutOff:       {255, 200, 80, 255},
		agents.ReasonRejoined:     {90, 220, 220, 255},
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
// purple diamond for a group's centre), a ring flash for a recent replan
// coloured by its reason, a label for the hovered agent, and then the
// replan log panel in l.Log. It only reads the Sim.
func (r *Renderer) DrawAgents(screen *ebiten.Image, l *AgentLayer) {
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
	rad := float32(math.Max(1.5, math.Min(zoom*0.38, 14)))
	lw := float32(math.Max(1.2, math.Min(zoom*0.18, 4)))
	all := len(l.views) <= allPlansUpTo
	hover := -1
	if l.HoverOK {
		hover = s.AgentAt(l.Hover)
	}

	// Plans and segments first, under every body.
	for i := range l.views {
		v := &l.views[i]
		if !all && !v.Selected && v.ID != hover && !(v.Kind == agents.Leader && l.groupSelected(v.Group)) {
			continue
		}
		if v.Kind == agents.Member {
			continue // members follow slots; their group's plan is the leader's
		}
		if l.Plans && len(v.Legs) > 0 && len(v.Segment) > 0 {
			pts := make([]image.Point, 0, len(v.Legs)+1)
			pts = append(pts, v.Segment[len(v.Segment)-1])
			for _, leg := range v.Legs {
				pts = append(pts, leg.To)
			}
			drawDashed(dst, cam, pts, lw, PM(colAgentPlan), float32(math.Max(4, zoom*0.8)))
			for _, p := range pts[1:] {
				x, y := cam.CellCenter(p)
				vector.DrawFilledCircle(dst, x, y, lw*1.2, PM(colAgentPlan), true)
			}
		}
		if l.Segments && v.SegIndex < len(v.Segment)-1 {
			x0, y0 := v.Pos()
			px, py := cam.ToScreen(x0+0.5, y0+0.5)
			rest := v.Segment[v.SegIndex+1:]
			nx, ny := cam.CellCenter(rest[0])
			vector.StrokeLine(dst, float32(px), float32(py), nx, ny, lw*1.3, PM(colAgentSeg), true)
			drawPolyline(dst, cam, rest, lw*1.3, PM(colAgentSeg))
		}
		if v.HasGoal && v.State != agents.Arrived {
			gx, gy := cam.CellCenter(v.Goal)
			d := rad * 0.9
			vector.StrokeLine(dst, gx-d, gy-d, gx+d, gy+d, lw*1.2, PM(colAgentGoal), true)
			vector.StrokeLine(dst, gx-d, gy+d, gx+d, gy-d, lw*1.2, PM(colAgentGoal), true)
		}
	}

	// Bodies and flashes.
	for i := range l.views {
		v := &l.views[i]
		if !v.Cell.In(vis) {
			continue
		}
		x0, y0 := v.Pos()
		fx, fy := cam.ToScreen(x0+0.5, y0+0.5)
		x, y := float32(fx), float32(fy)
		c := agentColor(v)
		if v.Kind == agents.Leader {
			d := rad * 1.3
			var p vector.Path
			p.MoveTo(x, y-d)
			p.LineTo(x+d, y)
			p.LineTo(x, y+d)
			p.LineTo(x-d, y)
			p.Close()
			r.strokePath(dst, &p, lw, PM(colLeader))
		} else if rad < 2.5 {
			// A dark rim keeps a one-cell body visible on any terrain
			// (a grey idle agent vanished on sand).
			vector.DrawFilledRect(dst, x-rad-1, y-rad-1, 2*rad+2, 2*rad+2, color.RGBA{0, 0, 0, 200}, false)
			vector.DrawFilledRect(dst, x-rad, y-rad, 2*rad, 2*rad, PM(c), false)
		} else {
			vector.DrawFilledCircle(dst, x, y, rad, PM(c), true)
			vector.StrokeCircle(dst, x, y, rad, 1, color.RGBA{0, 0, 0, 160}, true)
		}
		if v.Selected {
			vector.StrokeCircle(dst, x, y, rad+2.5, 3.5, color.RGBA{0, 0, 0, 200}, true)
			vector.StrokeCircle(dst, x, y, rad+2.5, 1.5, color.White, true)
		}
		if v.State == agents.Stopped && rad >= 4 {
			vector.StrokeLine(dst, x, y-rad*0.6, x, y+rad*0.1, 2, color.White, true)
			vector.DrawFilledCircle(dst, x, y+rad*0.45, 1.3, color.White, true)
		}
		if age := now - v.LastReplan; v.LastReplan >= 0 && age < flashTicks && v.LastReason.IsReplan() {
			t := float32(age) / flashTicks
			fc := colReason[v.LastReason]
			fc.A = uint8(255 * (1 - t))
			vector.StrokeCircle(dst, x, y, rad+3+t*rad*2.5+t*8, 2, PM(fc), true)
		}
	}
	if !l.Drag.Empty() {
		ax, ay := cam.ToScreen(float64(l.Drag.Min.X), float64(l.Drag.Min.Y))
		bx, by := cam.ToScreen(float64(l.Drag.Max.X), float64(l.Drag.Max.Y))
		vector.StrokeRect(dst, float32(ax), float32(ay), float32(bx-ax), float32(by-ay), 1.5, color.White, false)
	}
	if hover >= 0 {
		if v, ok := s.Agent(hover); ok {
			x, y := cam.CellCenter(v.Cell)
			r.tooltip(dst, x+rad+4, y-rad-4, agentLabel(&v))
		}
	}
	r.drawReplanLog(screen, l)
}

// groupSelected reports whether any member of group gid is selected.
func (l *AgentLayer) groupSelected(gid int) bool {
	if gid < 0 {
		return false
	}
	for i := range l.views {
		if v := &l.views[i]; v.Group == gid && v.Kind == agents.Member && v.Selected {
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
		s += fmt.Sprintf(" · %d plans, last: %s", v.Plans, v.LastReason)
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
	dst.DrawTriangles(vs, is, src, &ebiten.DrawTrianglesOptions{AntiAlias: true})
}

// drawReplanLog draws the panel of recent replans in the bottom-right
// corner of l.Log, sized to its text: a title (tick, planner), the agents
// by state and replans by reason (only the non-zero counts), and the newest
// replans, one a line, coloured by reason; a stop shows why.
func (r *Renderer) drawReplanLog(screen *ebiten.Image, l *AgentLayer) {
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
	title := agentsTitle(s.Now(), plannerName(s.Planner()), s.Running())
	states := counts([]int{n[agents.Moving], n[agents.Waiting], n[agents.Stopped], n[agents.Arrived], n[agents.Idle]},
		[]string{"moving", "waiting", "stopped", "arrived", "idle"})
	if states == "" {
		states = "no agents"
	}
	if st.Queue > 0 {
		states += fmt.Sprintf(" · queue %d", st.Queue)
	}
	if st.WallViolations > 0 { // a bug in the simulation, never expected
		states += fmt.Sprintf(" · %d wall crossings", st.WallViolations)
	}
	reasons := counts([]int{st.Reasons[agents.ReasonSegmentDone], st.Reasons[agents.ReasonWorldChanged], st.Reasons[agents.ReasonGoalMoved],
		st.Reasons[agents.ReasonBlocked], st.Reasons[agents.ReasonRecheck]},
		[]string{"segment", "world", "goal", "blocked", "retry"})
	if reasons != "" {
		reasons = "replans: " + reasons
	}
	l.log = s.Replans(l.log[:0])
	lines := make([]string, 0, logRows)
	cols := make([]color.RGBA, 0, logRows)
	for _, e := range l.log[:min(len(l.log), logRows)] {
		c := colReason[e.Reason]
		line := fmt.Sprintf("%5d #%-3d %-13s (%d,%d)", e.Tick, e.Agent, e.Reason, e.Cell.X, e.Cell.Y)
		if e.State == agents.Stopped {
			line += " stopped: " + e.Why.String()
			c = ColTextErr
		}
		lines, cols = append(lines, line), append(cols, c)
	}
	if len(l.log) == 0 {
		lines, cols = append(lines, "spawn agents (T, J) and send them"), append(cols, ColTextDim)
	}
	// Size the box to the text, within l.Log.
	wd := ft.Width(ft.Bold, title)
	for _, t := range []string{states, reasons} {
		wd = math.Max(wd, ft.Width(ft.UI, t))
	}
	for _, t := range lines {
		wd = math.Max(wd, ft.Width(ft.Mono, t))
	}
	const lineH, monoH = 17, 15
	h := 8 + 19 + lineH + len(lines)*monoH + 6
	if reasons != "" {
		h += lineH
	}
	bw, bh := min(int(math.Ceil(wd))+17, l.Log.Dx()), min(h, l.Log.Dy())
	rc := image.Rect(l.Log.Max.X-bw, l.Log.Max.Y-bh, l.Log.Max.X, l.Log.Max.Y)
	r.agentsRect = rc
	dst := screen.SubImage(rc).(*ebiten.Image)
	fillRect(dst, rc, ColPanel)
	strokeRect(dst, rc, ColPanelEdge)
	width := float64(rc.Dx() - 16)
	x, y := float64(rc.Min.X+8), float64(rc.Min.Y+5)
	ft.Draw(dst, ft.Bold, clip(ft, ft.Bold, title, width), x, y, ColText)
	y += 19
	ft.Draw(dst, ft.UI, clip(ft, ft.UI, states, width), x, y, ColTextDim)
	y += lineH
	if reasons != "" {
		ft.Draw(dst, ft.UI, clip(ft, ft.UI, reasons, width), x, y, ColTextDim)
		y += lineH
	}
	y += 2
	for i, t := range lines {
		if y+monoH > float64(rc.Max.Y) {
			break
		}
		face := ft.Mono
		if len(l.log) == 0 {
			face = ft.UI
		}
		ft.Draw(dst, face, clip(ft, face, t, width), x, y, cols[i])
		y += monoH
	}
}

// agentsTitle is the agents panel's title: the tick, the planner, and,
// while the clock is stopped, that it is paused and how to run it (U both
// runs and pauses, and sending agents starts the clock, so a press of U
// after a send pauses them: the title must say which state they are in).
// The state comes before the planner's name, which can be long
// ("groups/maximin/exclusion") and is what a narrow panel cuts.
func agentsTitle(tick int64, planner string, running bool) string {
	if !running {
		return fmt.Sprintf("Agents · paused (U runs) · tick %d · %s", tick, planner)
	}
	return fmt.Sprintf("Agents · tick %d · %s", tick, planner)
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

// counts joins the non-zero counts with their names: "2 moving · 1
// arrived"; "" when all are zero.
func counts(n []int, names []string) string {
	var parts []string
	for i, k := range n {
		if k != 0 {
			parts = append(parts, fmt.Sprintf("%d %s", k, names[i]))
		}
	}
	return strings.Join(parts, " · ")
}
