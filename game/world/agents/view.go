package agents

import (
	"image"
	"math"
)

// AgentView is a read-only snapshot of one agent for drawing and
// inspecting. Segment and Legs share the agent's storage: read them, never
// write them, and do not keep them past the next Step or CellsChanged.
type AgentView struct {
	ID       int
	Kind     Kind
	Group    int // group id, or -1
	Selected bool

	Cell     image.Point // the cell the agent stands on
	Next     image.Point // the cell it is stepping into (Cell when not stepping)
	Progress float64     // 0..1 of the way from Cell to Next, for smooth drawing

	Goal    image.Point
	HasGoal bool
	Target  image.Point // group members: the slot or single-file cell they walk to now
	InFile  bool        // group members: walking single file instead of in formation
	OwnWay  bool        // group members: cut off from the group, walking their own plan to the goal (Segment, Legs)

	State State
	Why   Why   // set when State is Stopped
	Err   error // the planner's error when Why is WhyPlanFailed

	Segment  []image.Point // the refined segment being walked (members: their local path)
	SegIndex int           // index of Cell in Segment
	Legs     []Leg         // the high-level plan after the segment
	// Route, when the planner gave the cells its legs refine to today
	// (Plan.Footprint: eager HPA*), is those cells from the
	// segment's end (Route[0]) to the goal; RouteFoot is the index in
	// Route of each leg's end. Empty when only the legs' ends are known.
	// The agent does not walk it as it is: each leg is planned again when
	// the agent gets there.
	Route     []image.Point
	RouteFoot []int

	Speed        float64 // cells per second
	Plans        int     // planner calls made for this agent
	LastReplan   int64   // tick of its latest plan, -1 if none (for a flash)
	LastReason   Reason
	Steps        int
	Arrivals     int
	LastProgress int64 // tick of its latest progress (a new low of its remaining route cost, an arrival or a new goal; see Sim.StuckAgents), or of a check that found its goal cut off (not stuck)
}

// Pos returns the agent's position in cell units, between Cell and Next
// (the centre of a cell c is c + 0.5).
func (v *AgentView) Pos() (x, y float64) {
	t := v.Progress
	return float64(v.Cell.X) + t*float64(v.Next.X-v.Cell.X), float64(v.Cell.Y) + t*float64(v.Next.Y-v.Cell.Y)
}

// Shown returns where agent v is drawn, in cell units as Pos: between
// Cell and Next as it steps while the clock runs, so that walking looks
// smooth, and on Cell while the clock is paused. A paused agent is read
// there: its tooltip, the inspector, a save and its cut route (from the
// last cell it can reach) all place it on Cell, and drawn up to a cell
// ahead it was clicked beside itself (a click on its disc spawned another
// agent on top of it, or sent the selection there). Drawing and hit tests
// (AgentNear) use it alike.
func (s *Sim) Shown(v *AgentView) (x, y float64) {
	if !s.running {
		return float64(v.Cell.X), float64(v.Cell.Y)
	}
	return v.Pos()
}

// AgentNear returns the id of the agent drawn under the point (x, y), in
// cell units (a cell c spans c to c+1), or -1: one whose body, a disc of
// radius r cells about the centre of its shown place (Shown), or the
// cell-sized square there, holds the point; the one whose centre is
// nearest when several do, the newest among equals. Group leaders, which
// are no one's to click, are left out. Cost: one pass over the agents.
func (s *Sim) AgentNear(x, y, r float64) int {
	best, bd := -1, math.Inf(1)
	for i := len(s.agents) - 1; i >= 0; i-- {
		a := s.at(i)
		if a.dead || a.kind == Leader {
			continue
		}
		ax, ay := s.shownAt(i)
		dx, dy := x-(ax+0.5), y-(ay+0.5)
		d := math.Hypot(dx, dy)
		if (d <= r || math.Abs(dx) <= 0.5 && math.Abs(dy) <= 0.5) && d < bd {
			best, bd = a.id, d
		}
	}
	return best
}

// Agents appends a view of every live agent (group leaders included, with
// Kind Leader) to dst and returns it; pass dst[:0] each frame to reuse it.
func (s *Sim) Agents(dst []AgentView) []AgentView {
	for i, a := range s.all() {
		if !a.dead {
			dst = append(dst, s.view(i))
		}
	}
	return dst
}

// Agent returns the view of one agent.
func (s *Sim) Agent(id int) (AgentView, bool) {
	if s.get(id) == nil {
		return AgentView{}, false
	}
	return s.view(id), true
}

func (s *Sim) view(i int) AgentView {
	a := s.at(i)
	v := AgentView{
		ID: a.id, Kind: a.kind, Group: a.group, Selected: a.selected,
		Cell: a.cell, Next: a.cell,
		Goal: a.goal, HasGoal: a.hasGoal, Target: a.target, InFile: a.inFile, OwnWay: a.ownWay,
		State: a.state, Why: a.why, Err: a.err,
		Segment: a.plan.Segment, SegIndex: a.segIdx, Legs: a.plan.Legs,
		Speed: a.speed, Plans: a.replans, LastReplan: a.lastReplan, LastReason: a.lastReason,
		Steps: a.steps, Arrivals: a.arrivals, LastProgress: a.lastProgress,
	}
	v.Route, v.RouteFoot = s.routeOf(a)
	v.Next, v.Progress = s.stepOf(a)
	return v
}

// stepOf returns the cell a is stepping to (its own cell when it is not
// moving) and how far along that step it is, 0 to 1 (AgentView.Next,
// Progress).
func (s *Sim) stepOf(a *agent) (next image.Point, progress float64) {
	next = a.cell
	if a.state == Moving && a.segIdx+1 < len(a.plan.Segment) {
		next = a.plan.Segment[a.segIdx+1]
		if d := s.stepDuration(a, a.cell, next); d > 0 {
			progress = min(1, a.acc/d)
		}
	}
	return next, progress
}

// shownAt is Shown for agent i without building its view (AgentNear and
// LeaderNear run every frame the pointer is over the map).
func (s *Sim) shownAt(i int) (x, y float64) {
	a := s.at(i)
	v := AgentView{Cell: a.cell}
	v.Next, v.Progress = s.stepOf(a)
	return s.Shown(&v) // its rule for a paused clock, which drawing follows too
}

// LeaderNear returns where the leader of a group is shown (Shown), for the
// first group whose leader's diamond, of half-diagonal d cells about its
// shown place's centre, holds the point (x, y), and false when none does.
// Cost: one look at each group, no allocation.
func (s *Sim) LeaderNear(x, y, d float64) (lx, ly float64, ok bool) {
	for i := range s.groups {
		g := &s.groups[i]
		if len(g.members) == 0 || s.get(g.leader) == nil {
			continue
		}
		lx, ly = s.shownAt(g.leader)
		if math.Abs(x-(lx+0.5))+math.Abs(y-(ly+0.5)) <= d {
			return lx, ly, true
		}
	}
	return 0, 0, false
}

// routeOf returns a's footprint from its segment's end and its legs' ends
// in it (AgentView.Route, RouteFoot), or nothing when the plan has no
// footprint that fits its legs: one that does not start at the segment's
// end, or a leg whose end it does not hold.
func (s *Sim) routeOf(a *agent) ([]image.Point, []int) {
	p := &a.plan
	fp, from := p.Footprint, p.FootFrom
	if len(p.Legs) == 0 || len(p.Segment) == 0 || from < 0 || from >= len(fp) || fp[from] != p.Segment[len(p.Segment)-1] {
		return nil, nil
	}
	feet := a.routeFoot[:0]
	for _, l := range p.Legs {
		k := l.Foot - from
		if k <= 0 || l.Foot >= len(fp) || fp[l.Foot] != l.To || len(feet) > 0 && k < feet[len(feet)-1] {
			return nil, nil
		}
		feet = append(feet, k)
	}
	a.routeFoot = feet
	return fp[from : p.Legs[len(p.Legs)-1].Foot+1], feet
}
