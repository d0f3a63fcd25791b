package agents

import (
	"image"

	"pathlens/pathing"
)

// CellsChanged tells the Sim that the given cells were dug, filled or
// reweighted (call it after editing the grid and repairing any hierarchy
// behind the planner, before the next Step). An agent replans with
// ReasonWorldChanged before its next step when the rest of its route (its
// remaining segment, and its plan's footprint when the planner gave one) now
// has an illegal step (a filled cell, or a filled corner under a diagonal)
// or runs through a changed cell (a new weight); when its plan has legs but
// no footprint and a changed cell lies in a leg's area; or (unless
// Config.NoShortcuts) when a dug cell near its segment (see shortcutReach)
// could make its route shorter. A fill beside a route that stays legal
// needs no replan: it cannot make any other route cheaper. An agent
// standing on a filled cell is moved to the nearest open cell. Every
// stopped agent tries again at the next tick. An agent already waiting to
// replan for a reason that says the map did not change (segment_done,
// planner_changed, hierarchy_repaired) replans as world_changed when the
// change touches its route (see yieldsToChange). While a stand-in plans
// (SetStandIn) this is all the same: the agents it concerns replan with
// the stand-in.
//
// Cost: O(changed cells + agents × remaining route length).
func (s *Sim) CellsChanged(cells []image.Point) {
	s.changes++
	s.cellsChanged++
	s.pushes = s.pushes[:0]
	g := s.grid
	changed := s.chBuf[:0]
	for _, c := range cells {
		if g.In(c) {
			changed = append(changed, c)
		}
	}
	s.chBuf = changed
	if len(changed) == 0 {
		return
	}
	s.patchComponents(changed)
	if s.cur >= 0 {
		s.curStale = true
	}
	if len(s.mark) != g.Len() {
		s.mark = make([]uint32, g.Len())
		s.exact = make([]uint32, g.Len())
		s.markGen = 0
	}
	s.markGen++
	if s.markGen == 0 {
		clear(s.mark)
		clear(s.exact)
		s.markGen = 1
	}
	box := image.Rectangle{}
	worse := false // a cell filled or made heavier: routes may get longer
	dug := s.dugBuf[:0]
	defer func() { s.dugBuf = dug }()
	for _, c := range changed {
		s.exact[g.Index(c)] = s.markGen
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				p := image.Point{c.X + dx, c.Y + dy}
				if g.In(p) {
					s.mark[g.Index(p)] = s.markGen
				}
			}
		}
		box = box.Union(image.Rectangle{c, c.Add(image.Point{1, 1})})
		if g.Open(c) {
			dug = append(dug, c)
		}
		// Only a fill or a heavier cell can lengthen a route; a dig (to
		// any weight) or a lighter cell cannot. The old weight is the one
		// last reported.
		i := g.Index(c)
		old, now := s.weights[i], g.WeightAt(i)
		worse = worse || old != 0 && (now == 0 || now > old)
		s.weights[i] = now
	}
	for i, a := range s.all() {
		if a.dead {
			continue
		}
		if !g.Open(a.cell) {
			s.displace(i)
			if a.kind == Member {
				a.lastTgt = image.Point{-1, -1}
			}
		}
		s.noteCut(a)
		if a.kind == Member && !a.ownWay {
			// A member whose local path a change touched searches again
			// (from the plan queue) and does not walk the old one; one
			// that found no way to its place tries again.
			if seg := a.plan.Segment; a.segIdx < len(seg) && s.routeHit(seg[a.segIdx:]) {
				a.plan.Reset()
				a.segIdx = 0
				a.lastTgt = image.Point{-1, -1}
			}
			if a.noPath {
				a.lastTgt = image.Point{-1, -1}
			}
			continue
		}
		switch a.state {
		case Stopped:
			a.recheck = s.tick
			a.backoff = 0
			continue
		case Moving, Waiting:
		default:
			continue
		}
		if !a.hasGoal || !yieldsToChange(a.need) {
			continue
		}
		// What the edit hit, counted when the plan is made (finish): an
		// agent already waiting for its replan gets no second one.
		hit := uint8(0)
		switch s.touches(a, changed, box) {
		case touchSegment:
			hit = hitSegment
		case touchLegs:
			hit = hitLegs
		default:
			if s.cfg.NoShortcuts || !s.shortcut(a, dug) {
				continue
			}
			hit = hitShortcut
		}
		if s.editing && !worse {
			// Only cheaper now, and the edit goes on (a stroke): its next
			// moves would ask the same replan again before the agent took
			// a step. It is asked once, when the edit ends (EndEdit).
			if a.held == 0 {
				a.held = hit
			}
			continue
		}
		if a.hit == 0 {
			a.hit = hit
		}
		// A change overrides a pending segment_done (the whole route is
		// planned again rather than the next leg refined), planner_changed
		// or hierarchy_repaired: the plan's outcome (a stop when the
		// change cut the goal off, say) is the change's.
		a.need = ReasonNone
		a.rebase = a.rebase || worse
		s.request(i, ReasonWorldChanged)
	}
}

// BeginEdit says that the CellsChanged calls until EndEdit are one edit
// made in parts: a paint stroke, told to the Sim at every mouse move so
// that an agent whose route a fill cuts replans at once, and one standing
// on a filled cell is moved off it. A change that can only make routes
// cheaper (digs, lighter cells) makes no agent replan meanwhile: each
// agent it concerns (see CellsChanged) replans once, at EndEdit. Without
// it a dig dragged across 14 cells beside a route replanned that agent at
// every move, before it took a step, each plan the route of the one
// before until the tunnel was through. A change that makes some cell
// worse (a fill, a heavier cell) replans the agents it concerns at their
// next tick, as always.
func (s *Sim) BeginEdit() { s.editing = true }

// EndEdit ends the edit BeginEdit began: each agent under way that its
// changes could make cheaper (and that made no whole plan since) replans
// once, with ReasonWorldChanged, at its next tick. Without an edit in
// progress it does nothing.
func (s *Sim) EndEdit() {
	if !s.editing {
		return
	}
	s.editing = false
	for i, a := range s.all() {
		held := a.held
		a.held = 0
		if held == 0 || a.dead || !a.hasGoal || a.kind == Member && !a.ownWay {
			continue
		}
		if a.state != Moving && a.state != Waiting || !yieldsToChange(a.need) {
			continue // stopped agents retry anyway; a plan for its own reason is pending
		}
		if a.hit == 0 {
			a.hit = held
		}
		a.need = ReasonNone
		s.request(i, ReasonWorldChanged)
	}
}

// yieldsToChange reports whether an agent waiting for a plan for reason r
// (ReasonNone: not waiting) replans with ReasonWorldChanged instead when a
// change touches its route: r says the map did not change (the end of a
// segment, another planner, a repaired hierarchy), which is no longer the
// whole story. A new goal, a moved goal, a retry, a blocked step or a stuck
// agent plan for their own reason whatever the change.
func yieldsToChange(r Reason) bool {
	switch r {
	case ReasonNone, ReasonSegmentDone, ReasonPlannerChanged, ReasonHierarchyRepaired:
		return true
	}
	return false
}

const (
	touchNone = iota
	touchSegment
	touchLegs
)

// touches reports whether a change concerns the rest of a's route: its
// remaining segment (touchSegment) or its legs (touchLegs: the footprint
// when the planner gave one, else the legs' areas).
func (s *Sim) touches(a *agent, changed []image.Point, box image.Rectangle) int {
	seg := a.plan.Segment
	if a.segIdx < len(seg) && s.routeHit(seg[a.segIdx:]) {
		return touchSegment
	}
	if fp := a.plan.Footprint; len(fp) > 0 {
		if a.plan.FootFrom < len(fp) && s.routeHit(fp[a.plan.FootFrom:]) {
			return touchLegs
		}
		return touchNone
	}
	prev := a.cell
	if len(seg) > 0 {
		prev = seg[len(seg)-1]
	}
	for _, l := range a.plan.Legs {
		r := l.Area
		if r.Empty() {
			r = image.Rectangle{prev, prev.Add(image.Point{1, 1})}.Union(image.Rectangle{l.To, l.To.Add(image.Point{1, 1})}).Inset(-1)
		}
		prev = l.To
		if !r.Overlaps(box) {
			continue
		}
		for _, c := range changed {
			if c.In(r) {
				return touchLegs
			}
		}
	}
	return touchNone
}

// routeHit reports whether the path route runs through a changed cell or
// has a step that is no longer legal (only steps near a change are checked).
func (s *Sim) routeHit(route []image.Point) bool {
	g := s.grid
	for k, c := range route {
		i := g.Index(c)
		if s.mark[i] != s.markGen {
			continue
		}
		if s.exact[i] == s.markGen {
			return true
		}
		if k+1 < len(route) && !g.CanStep(c, route[k+1], s.cfg.Neighborhood) {
			return true
		}
	}
	return false
}

// shortcutReach is how far (cells) from the remaining segment a dug cell
// may lie and still make an agent replan for a possible shortcut. Farther
// digs can only improve later legs, which a lazily refined plan replans at
// the segment's end anyway.
const shortcutReach = 8

// shortcut reports whether a path through one of the dug cells near a's
// remaining segment could be cheaper than a's remaining route: the octile
// distances via the cell (a lower bound of any path through it) beat the
// route's remaining cost.
func (s *Sim) shortcut(a *agent, dug []image.Point) bool {
	if len(dug) == 0 || a.plan.Cost <= 0 {
		return false
	}
	seg := a.plan.Segment
	if a.segIdx >= len(seg) {
		return false
	}
	near := bbox(seg[a.segIdx:]).Inset(-shortcutReach)
	rest := a.plan.Cost - a.walked
	for _, c := range dug {
		if c.In(near) && pathing.OctileDistance(a.cell, c)+pathing.OctileDistance(c, a.goal) < rest-1e-6 {
			return true
		}
	}
	return false
}

// displace moves agent i off a cell that became a wall, and makes it
// replan. It leaves the way a person pushed out of a freshly filled block
// would: across the cells filled by this change only (4-connected, a
// breadth-first search from its cell), out to the nearest open cell beside
// them, preferring the one nearest its goal among equally near exits, so it
// never comes out behind an old wall in another room. Only when the filled
// cells touch no open cell (a pocket filled whole) does it take the nearest
// open cell ring by ring, through walls.
func (s *Sim) displace(i int) {
	a := s.at(i)
	best, found := s.exitFill(a)
	if !found {
		best, found = s.nearestOpen(a.cell)
	}
	if !found {
		a.state, a.why = Stopped, WhyUnreachable
		return
	}
	from, state := a.cell, a.state
	s.place(a, best)
	s.pushes = append(s.pushes, Push{ID: i, From: from, To: best, Tick: s.tick, state: state, moves: a.moves})
	s.stats.Displace++
	// It walks back to its goal (an arrived agent too: it no longer stands
	// on it), or stops if the goal itself was filled.
	//
	// Pushed onto its own goal (the exit nearest its goal is the goal),
	// it becomes Arrived, deliberately: it stands on its goal, and
	// whoever hands out goals on arrival (the workload, ArrivedNow) must
	// hear of it. It did not walk there, and the counters and the log say
	// so: it asks the same world_changed replan (kind displaced, unless an
	// edit had already asked one) as any pushed agent, whose plan of one
	// cell makes it arrive (finish), logged with State Arrived and
	// Displaced, and counted in Stats.DisplacedArrivals as well as
	// Arrivals.
	if a.hasGoal && (a.kind != Member || a.ownWay) {
		a.need = ReasonNone
		a.rebase = true
		if a.hit == 0 {
			a.hit = hitDisplaced
		}
		a.pushed = true
		s.request(i, ReasonWorldChanged)
	}
}

// Why a world_changed replan was asked (agent.hit, Stats.Hit…).
const (
	hitSegment uint8 = 1 + iota
	hitLegs
	hitShortcut
	hitDisplaced
)

// exitFill searches from a's cell across the cells of the last change that
// are now walls (s.exact stamped with markGen) for the open 4-neighbours of
// that filled region, and returns the one with the fewest filled cells
// crossed (ties: nearest a's goal, then nearest a's cell).
func (s *Sim) exitFill(a *agent) (image.Point, bool) {
	g := s.grid
	if len(s.dispSeen) != g.Len() {
		s.dispSeen = make([]uint32, g.Len())
		s.dispGen = 0
	}
	s.dispGen++
	if s.dispGen == 0 {
		clear(s.dispSeen)
		s.dispGen = 1
	}
	start := g.Index(a.cell)
	if s.exact[start] != s.markGen {
		return image.Point{}, false // not walled by the last change
	}
	q := append(s.bfs[:0], int32(start))
	s.dispSeen[start] = s.dispGen
	var best image.Point
	found := false
	bestKey := [2]float64{}
	for head, layerEnd := 0, 1; head < len(q); {
		c := g.Point(int(q[head]))
		head++
		for _, d := range [4]image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			p := c.Add(d)
			if !g.In(p) {
				continue
			}
			j := g.Index(p)
			if s.dispSeen[j] == s.dispGen {
				continue
			}
			s.dispSeen[j] = s.dispGen
			switch {
			case g.Open(p):
				key := [2]float64{0, sqDist(p, a.cell)}
				if a.hasGoal {
					key[0] = pathing.OctileDistance(p, a.goal)
				}
				if !found || key[0] < bestKey[0] || key[0] == bestKey[0] && key[1] < bestKey[1] {
					best, bestKey, found = p, key, true
				}
			case s.exact[j] == s.markGen:
				q = append(q, int32(j))
			}
		}
		if head == layerEnd { // a whole ring of crossed cells is done
			if found {
				break
			}
			layerEnd = len(q)
		}
	}
	s.bfs = q
	return best, found
}

// nearestOpen returns the open cell nearest from, through walls (the
// smallest Euclidean distance anywhere on the map: pathing.Grid.NearestOpen,
// with a radius past the far corner: width + height).
func (s *Sim) nearestOpen(from image.Point) (image.Point, bool) {
	g := s.grid
	return g.NearestOpen(from, g.Width()+g.Height())
}

func sqDist(a, b image.Point) float64 {
	dx, dy := float64(a.X-b.X), float64(a.Y-b.Y)
	return dx*dx + dy*dy
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// components returns the connected component of every cell (-1 for walls),
// labelling the grid (pathing.Components.Build, O(cells)) when the labels
// are not known: the first call, or a grid of another size. Edits keep
// them (CellsChanged: pathing.Components.Update, whose cost is local: a
// fill that splits a 512×512 map into halves takes about a third of a
// whole labelling). Diagonal steps need both straight neighbours open, so
// 4-connectivity gives the components of both neighbourhoods.
func (s *Sim) components() []int32 {
	if !s.compDirty && len(s.comps.Labels()) == s.grid.Len() {
		return s.comps.Labels()
	}
	s.comps.Build(s.grid)
	s.compDirty = false
	return s.comps.Labels()
}

// patchComponents brings the component labels, when known, up to date
// with cells whose openness may have changed (a weight change leaves
// them): a dug cell joins its open neighbours' components, a filled one
// may split its own (see pathing.Components). Relabelling the whole grid
// instead was O(cells): 4 M cells on a 2048×2048 map, redone after every
// mouse move of a stroke that joined or split a component while agents
// replanned.
func (s *Sim) patchComponents(changed []image.Point) {
	g := s.grid
	if s.compDirty || len(s.comps.Labels()) != g.Len() {
		return // labelled when next asked
	}
	idx := s.compIdx[:0]
	for _, c := range changed {
		idx = append(idx, int32(g.Index(c)))
	}
	s.compIdx = idx
	s.comps.Update(g, idx)
}

// Push is one agent that CellsChanged moved off a filled cell (see
// displace): from the cell it stood on to the open cell it was put on, at
// tick Tick.
type Push struct {
	ID       int
	From, To image.Point
	Tick     int64
	state    State // before the push
	// moves is the agent's move count once on To: it has not moved
	// since while its count is the same (an agent that walked away and
	// came back to To has moved).
	moves uint64
}

// Pushes appends to dst the agents the last CellsChanged moved off filled
// cells, in the order it moved them. An agent the fill left nowhere to go
// (stopped, unreachable) is not among them.
func (s *Sim) Pushes(dst []Push) []Push { return append(dst, s.pushes...) }

// Repush moves the agent push p put on p.To to cell to instead, as if the
// push had put it there (its plan is asked again as the push asked it),
// and makes *p that push. A redo of a stroke fills all its cells at once,
// and pushes an agent to the edge of the whole filled area: Repush puts it
// where the stroke, filling cell by cell, had pushed it. Only while the
// agent has not moved since the push and to is open; it reports whether
// the agent stands on to.
func (s *Sim) Repush(p *Push, to image.Point) bool {
	a := s.get(p.ID)
	if a == nil || !s.unmoved(a, *p) || !s.grid.In(to) || !s.grid.Open(to) {
		return false
	}
	if to == p.To {
		return true
	}
	s.changes++
	s.place(a, to)
	a.moves = p.moves // one push still, to another cell
	p.To = to
	return true
}

// unmoved reports whether agent a still stands where push p put it and
// has not moved since (walked away and back is moved).
func (s *Sim) unmoved(a *agent, p Push) bool {
	return a.cell == p.To && a.moves == p.moves
}

// place puts a on cell to, as a push or a put-back does: its plan and the
// time it gathered towards a step are dropped, and, with a new way to go,
// its progress is measured from now (a member that arrived long before was
// flagged stuck within ticks of walking back to a place several cells
// away).
func (s *Sim) place(a *agent, to image.Point) {
	s.moveTo(a, to)
	a.acc = 0
	a.plan.Reset()
	a.segIdx = 0
	s.resetProgress(a)
}

// PutBack undoes push p once the fill behind it is undone: the agent goes
// back to p.From. It does so only while the agent has not moved since the
// push (one that has walked on stays where it walked, even when it has
// come back to p.To since; one that waited there, or stopped there because
// the fill walled its goal, goes back), is not
// removed, and p.From is open again. An agent that stood on its goal
// before the push is there again (Arrived, no new arrival counted); any
// other with a goal plans again from p.From, since the route it has now
// starts at p.To. It reports whether the agent went back.
func (s *Sim) PutBack(p Push) bool {
	a := s.get(p.ID)
	if a == nil || !s.unmoved(a, p) || !s.grid.Open(p.From) {
		return false
	}
	s.changes++
	s.place(a, p.From)
	// The push undone, its move is too: an earlier push of the same
	// stroke, which left the agent on p.From, still finds it unmoved.
	a.moves = p.moves - 1
	a.pushed = false
	if a.hit == hitDisplaced {
		a.hit = 0
	}
	switch {
	case a.kind == Member && !a.ownWay:
		a.lastTgt = image.Point{-1, -1} // its local path starts at p.To
	case p.state == Arrived && a.hasGoal && a.goal == p.From:
		dropRequest(a)
		a.state = Arrived
	case a.hasGoal:
		s.request(p.ID, ReasonWorldChanged)
	}
	return true
}
