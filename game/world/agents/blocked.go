package agents

import "image"

// RouteBlock says where an agent's route, as planned, is cut by the map as
// it is now: an edit made after the plan (while the clock is paused, the
// agent keeps its old route until it runs again and replans) filled a cell
// on it, or a corner its diagonal step cut.
type RouteBlock struct {
	Blocked bool
	// From is the last cell of the route the agent can still walk to along
	// it, At the first it cannot: a wall, or the far end of a diagonal step
	// across a filled corner.
	From, At image.Point
	// Seg is the index of At in the agent's Segment, or -1 when the
	// segment is clear and the cut lies in the legs.
	Seg int
	// Leg, when Seg is -1, is the index in Legs of the leg whose route is
	// cut (its refined cells, the plan's footprint, when the planner gave
	// them; else the leg's end, the only cell of it known); -1 otherwise.
	Leg int
}

// RouteBlock returns where agent id's route is cut (see RouteBlock), for
// an agent that is no group member (members walk to places, not routes).
// Only agents whose route an edit touched since their plan are checked
// (CellsChanged notes them), so asking for every agent every frame costs
// little; a later dig that reopens the route clears the answer. It reads
// the Sim only: nothing is planned.
func (s *Sim) RouteBlock(id int) RouteBlock {
	a := s.get(id)
	if a == nil || a.kind == Member || a.cutPlan != a.replans+1 {
		return RouteBlock{Seg: -1, Leg: -1}
	}
	return s.routeBlock(a)
}

// BlockedRoutes counts the agents (group leaders for their groups, no
// members) whose route is cut now (RouteBlock).
func (s *Sim) BlockedRoutes() int {
	n := 0
	for _, a := range s.all() {
		if !a.dead && a.kind != Member && a.cutPlan == a.replans+1 && s.routeBlock(a).Blocked {
			n++
		}
	}
	return n
}

// routeBlock walks a's remaining segment, then its footprint (or its legs'
// ends), for the first step that is not legal now.
func (s *Sim) routeBlock(a *agent) RouteBlock {
	g, nb := s.grid, s.cfg.Neighborhood
	none := RouteBlock{Seg: -1, Leg: -1}
	seg := a.plan.Segment
	if a.segIdx >= len(seg) {
		return none
	}
	for k := a.segIdx; k+1 < len(seg); k++ {
		if !g.CanStep(seg[k], seg[k+1], nb) {
			return RouteBlock{Blocked: true, From: seg[k], At: seg[k+1], Seg: k + 1, Leg: -1}
		}
	}
	legs := a.plan.Legs
	if len(legs) == 0 {
		return none
	}
	if fp := a.plan.Footprint; len(fp) > 0 && a.plan.FootFrom < len(fp) {
		leg := 0
		for k := a.plan.FootFrom; k+1 < len(fp); k++ {
			for leg < len(legs)-1 && legs[leg].Foot <= k {
				leg++ // the step k→k+1 belongs to the first leg ending at or after k+1
			}
			if !g.CanStep(fp[k], fp[k+1], nb) {
				return RouteBlock{Blocked: true, From: fp[k], At: fp[k+1], Seg: -1, Leg: leg}
			}
		}
		return none
	}
	prev := seg[len(seg)-1]
	for i, l := range legs {
		if !g.Open(l.To) {
			return RouteBlock{Blocked: true, From: prev, At: l.To, Seg: -1, Leg: i}
		}
		prev = l.To
	}
	return none
}

// noteCut marks a's plan as one whose route may be cut after a change (the
// change touched its remaining segment, its footprint or a leg's end), so
// RouteBlock checks it until the agent's next plan.
func (s *Sim) noteCut(a *agent) {
	if a.kind == Member || len(a.plan.Segment) == 0 || a.segIdx >= len(a.plan.Segment) {
		return
	}
	hit := s.routeHit(a.plan.Segment[a.segIdx:])
	if fp := a.plan.Footprint; !hit && len(fp) > 0 && a.plan.FootFrom < len(fp) {
		hit = s.routeHit(fp[a.plan.FootFrom:])
	}
	for _, l := range a.plan.Legs {
		if hit {
			break
		}
		hit = s.grid.In(l.To) && s.exact[s.grid.Index(l.To)] == s.markGen
	}
	if hit {
		a.cutPlan = a.replans + 1
	}
}
