package agents

import (
	"image"
	"math"
	"sort"

	"pathlens/pathing"
)

// Group moves (after the lecture notes on antlining): a group plans one path
// from its centre, walked by a virtual leader agent with the Sim's planner
// (so it refines lazily and replans like anyone). Each member owns a slot, a
// fixed offset from the leader, and walks to leader+slot with a short local
// search (a far route for a place far off or round a wall: see
// beginLocal). Those searches are served from the Sim's plan queue, first
// come, first served with the agents' plans and under the same per-tick budget,
// so a big group cannot blow a frame; a place that moved by one step (the
// leader stepped) is followed by extending the path, with no search at
// all. A slot that is a wall, or that the leader cannot see in a straight
// line (the formation is wider than the passage, or the slot lies behind a
// wall), is given up for a place in single file on the leader's trail; the
// member takes its slot again as soon as it is usable, so the group
// regroups after a narrow passage by itself. The leader walks a little
// slower than its members and waits (a bounded time) for members that lag.

const (
	leaderSpeedFactor = 0.8
	lagLimit          = 3   // cells (Chebyshev) a member may lag before the leader waits
	maxWaitSeconds    = 3.0 // longest wait for laggards before the leader goes on
	localMargin       = 4   // cells around the box of a local search
	// localReach is the farthest (Chebyshev cells) a member's place may
	// be for a local search: beyond it the member takes a far route (see
	// beginLocal).
	localReach = 32
)

type group struct {
	leader  int
	members []int
	trail   []image.Point // the leader's recent cells, oldest first
	waited  int
	active  bool
	// gather holds, once the leader has arrived, the place near the goal
	// of each member whose slot is unusable there (agent index → cell),
	// for gatherKey's leader cell and world (Sim.cellsChanged); see
	// gatherSpot.
	gather    map[int]image.Point
	gatherKey gatherKey
	// alone is the member the group was dissolved around (dissolve),
	// going on alone to aloneGoal; hasAlone says there is one.
	alone     int
	aloneGoal image.Point
	hasAlone  bool
	// next is 1 + the group its members went on as (SetGroupGoal or
	// SetGroupArrived took one of them, or the member it was dissolved
	// around, into a new group), 0 for none: see GroupNow.
	next int
}

type gatherKey struct {
	leader  image.Point
	changes uint64
}

func (g *group) noteLeader(c image.Point) {
	if n := len(g.trail); n > 0 && g.trail[n-1] == c {
		return
	}
	g.trail = append(g.trail, c)
	if keep := 2*len(g.members) + 8; len(g.trail) > 2*keep {
		n := copy(g.trail, g.trail[len(g.trail)-keep:])
		g.trail = g.trail[:n]
	}
}

// GroupInfo describes a group for drawing: its leader (the virtual centre
// agent, whose plan is the group's plan) and its members.
type GroupInfo struct {
	ID      int
	Leader  int
	Members []int // shared; read-only
	Active  bool  // false while every member has arrived (or is cut off from its place) and once all left
}

// Groups appends a description of every group that still has members.
func (s *Sim) Groups(dst []GroupInfo) []GroupInfo {
	for i := range s.groups {
		g := &s.groups[i]
		if len(g.members) > 0 {
			dst = append(dst, GroupInfo{ID: i, Leader: g.leader, Members: g.members, Active: g.active})
		}
	}
	return dst
}

// enrol makes agent a member gi's slot (offset from the group's centre)
// and rank, going to goal in state st (Waiting for a group just sent, or
// Arrived for a group that stands at it), with no plan and its progress
// counted afresh.
func (s *Sim) enrol(a *agent, gi int, slot image.Point, rank int, goal image.Point, st State) {
	a.kind, a.group = Member, gi
	a.slot, a.rank = slot, rank
	a.ownWay, a.localNeed, a.gathering = false, false, false
	a.goal, a.hasGoal = goal, true
	a.state, a.why, a.err = st, WhyNone, nil
	dropRequest(a)
	a.plan.Reset()
	a.segIdx, a.acc = 0, 0
	a.lastTgt = image.Point{-1, -1}
	a.target = a.cell
	s.resetProgress(a)
}

// memberIDs returns the agents of ids that may join a group (live, not a
// group's virtual leader), each once, in order.
func (s *Sim) memberIDs(ids []int) []int {
	var members []int
	seen := map[int]bool{}
	for _, id := range ids {
		if a := s.get(id); a != nil && a.kind != Leader && !seen[id] {
			seen[id] = true
			members = append(members, id)
		}
	}
	return members
}

// SetGroupGoal sends the agents in ids to goal as one group in formation
// (they leave any earlier group). A single agent simply gets the goal. It
// fails, naming the cell, when goal is outside the grid or a wall.
func (s *Sim) SetGroupGoal(ids []int, goal image.Point) error {
	s.changes++
	if err := s.checkGoal(goal); err != nil {
		return err
	}
	members := s.memberIDs(ids)
	if len(members) >= 2 {
		s.succeed(members, len(s.groups))
	}
	for _, id := range members {
		s.leaveGroup(id)
		if s.cur == id {
			// Its sliced search is dropped: it follows the group now.
			s.cur, s.curStale, s.curLocal = -1, false, false
		}
	}
	switch len(members) {
	case 0:
		return nil
	case 1:
		s.setGoal(members[0], goal)
		return nil
	}
	// The leader starts on the member nearest the centroid: an open cell
	// that a member stands on, so the group's path starts where they are.
	var cx, cy float64
	minSpeed := math.Inf(1)
	for _, id := range members {
		a := s.at(id)
		cx += float64(a.cell.X)
		cy += float64(a.cell.Y)
		minSpeed = math.Min(minSpeed, a.speed)
	}
	cx /= float64(len(members))
	cy /= float64(len(members))
	start, bd := s.agents[members[0]].cell, math.Inf(1)
	for _, id := range members {
		c := s.at(id).cell
		if d := math.Hypot(float64(c.X)-cx, float64(c.Y)-cy); d < bd {
			start, bd = c, d
		}
	}
	gi := len(s.groups)
	li := s.add(start, Leader)
	s.at(li).speed = leaderSpeedFactor * minSpeed
	s.at(li).group = gi
	s.groups = append(s.groups, group{leader: li, members: members, active: true})

	// Slots: a box about the leader, as square as the group allows, handed
	// out so that members keep their relative order (top-left to top-left).
	slots := formation(len(members))
	order := append([]int(nil), members...)
	sort.SliceStable(order, func(i, j int) bool {
		a, b := s.agents[order[i]].cell, s.agents[order[j]].cell
		return a.Y < b.Y || (a.Y == b.Y && a.X < b.X)
	})
	byDist := make([]int, len(slots))
	for k := range byDist {
		byDist[k] = k
	}
	sort.SliceStable(byDist, func(i, j int) bool {
		return slotDist(slots[byDist[i]]) < slotDist(slots[byDist[j]])
	})
	rank := make([]int, len(slots))
	for r, k := range byDist {
		rank[k] = r
	}
	for k, id := range order {
		// Waiting, as its leader is for the group's plan: a member sets
		// out (Moving) at its first step (stepMember). Made Moving here,
		// a group sent or reopened with the clock paused read "moving"
		// in the panel before anything had planned or stepped.
		s.enrol(s.at(id), gi, slots[k], rank[k], goal, Waiting)
	}
	s.setGoal(li, goal)
	return nil
}

// SetGroupArrived makes the agents in ids one group that has arrived at
// goal: its leader stands on goal, arrived, and each member is arrived in
// the place it stands, which becomes its place (its slot is its offset
// from goal, and its single-file place, for a slot the leader cannot see,
// is its own cell), so no one takes a step, plans or counts an arrival.
// It is how a saved group that had arrived opens again (sent again with
// SetGroupGoal, it formed anew about its centre and walked). A single
// agent is sent as SetGroupGoal sends it. It fails, naming the cell, when
// goal is outside the grid or a wall, and then changes nothing.
func (s *Sim) SetGroupArrived(ids []int, goal image.Point) error {
	if err := s.checkGoal(goal); err != nil {
		return err
	}
	members := s.memberIDs(ids)
	if len(members) < 2 {
		return s.SetGroupGoal(members, goal)
	}
	s.changes++
	s.succeed(members, len(s.groups))
	minSpeed := math.Inf(1)
	for _, id := range members {
		s.leaveGroup(id)
		if s.cur == id {
			s.abandon()
		}
		minSpeed = math.Min(minSpeed, s.at(id).speed)
	}
	gi := len(s.groups)
	li := s.add(goal, Leader)
	l := s.at(li)
	l.speed = leaderSpeedFactor * minSpeed
	l.group = gi
	l.goal, l.hasGoal = goal, true
	l.state, l.why, l.err = Arrived, WhyNone, nil
	s.resetProgress(l)
	// Ranks by distance from the goal, as SetGroupGoal's slots are; the
	// trail lists the members' cells farthest first, then the goal, so
	// that each member's single-file place (memberTarget) is its own cell.
	order := append([]int(nil), members...)
	sort.SliceStable(order, func(i, j int) bool {
		return slotDist(s.agents[order[i]].cell.Sub(goal)) < slotDist(s.agents[order[j]].cell.Sub(goal))
	})
	trail := make([]image.Point, 0, len(order)+1)
	for r := len(order) - 1; r >= 0; r-- {
		trail = append(trail, s.agents[order[r]].cell)
	}
	trail = append(trail, goal)
	for r, id := range order {
		a := s.at(id)
		// At rest in single file where the goal cannot see it: it keeps
		// that place (see memberTarget), it does not gather.
		a.inFile, a.noPath = !s.usableSlot(goal, a.cell), false
		s.enrol(a, gi, a.cell.Sub(goal), r, goal, Arrived)
	}
	s.groups = append(s.groups, group{leader: li, members: members, trail: trail, active: false})
	return nil
}

func slotDist(p image.Point) int { return p.X*p.X + p.Y*p.Y }

// formation returns n offsets in a box of ceil(√n) columns centred on (0,0),
// row by row.
func formation(n int) []image.Point {
	cols := int(math.Ceil(math.Sqrt(float64(n))))
	rows := (n + cols - 1) / cols
	out := make([]image.Point, 0, n)
	for r := 0; r < rows && len(out) < n; r++ {
		for c := 0; c < cols && len(out) < n; c++ {
			out = append(out, image.Point{c - cols/2, r - rows/2})
		}
	}
	return out
}

// leaveGroup turns a member back into a solo agent; an emptied group loses
// its leader.
func (s *Sim) leaveGroup(id int) {
	a := s.get(id)
	if a == nil || a.kind != Member || a.group < 0 {
		return
	}
	gi := a.group
	g := &s.groups[gi]
	for k, m := range g.members {
		if m == id {
			g.members = append(g.members[:k], g.members[k+1:]...)
			break
		}
	}
	if s.cur == id && s.curLocal {
		s.abandon()
	}
	a.kind, a.group = Solo, -1
	a.inFile, a.ownWay, a.gathering = false, false, false
	a.localNeed = false
	a.plan.Reset()
	a.segIdx, a.acc = 0, 0
	a.state, a.why, a.hasGoal = Idle, WhyNone, false
	if len(g.members) == 0 {
		if s.cur == g.leader {
			s.abandon() // its queue entry is skipped: the leader is dead
		}
		l := s.at(g.leader)
		l.dead, l.need, l.state = true, ReasonNone, Idle
		g.active = false
	}
	if len(g.members) == 1 {
		s.dissolve(gi)
	}
}

// succeed records group gi, about to be made of members, as the one the
// groups they were in (or were dissolved around) went on as.
func (s *Sim) succeed(members []int, gi int) {
	for _, id := range members {
		a := s.get(id)
		if a == nil {
			continue
		}
		if a.kind == Member && a.group >= 0 {
			s.groups[a.group].next = gi + 1
		}
		for k := range s.groups {
			if g := &s.groups[k]; g.hasAlone && g.alone == id && len(g.members) == 0 {
				g.next = gi + 1
			}
		}
	}
}

// GroupNow returns the group group gi's members went on as: gi itself, or
// the group a send or an undo re-formed them in (SetGroupGoal makes a new
// group each time), followed to the newest. An undo that brings back
// members removed from gi rejoins them with the others there.
func (s *Sim) GroupNow(gi int) int {
	for range len(s.groups) {
		if gi < 0 || gi >= len(s.groups) || s.groups[gi].next == 0 {
			break
		}
		gi = s.groups[gi].next - 1
	}
	return gi
}

// LeftAlone returns the agent group gi was dissolved around (dissolve)
// and the group's goal, while that agent still goes alone to that goal:
// an undo that brings back the members removed can make them one group
// again. ok is false otherwise.
func (s *Sim) LeftAlone(gi int) (id int, goal image.Point, ok bool) {
	if gi < 0 || gi >= len(s.groups) || !s.groups[gi].hasAlone {
		return 0, image.Point{}, false
	}
	g := &s.groups[gi]
	a := s.get(g.alone)
	if a == nil || a.kind != Solo || !a.hasGoal || a.goal != g.aloneGoal {
		return 0, image.Point{}, false
	}
	return g.alone, g.aloneGoal, true
}

// dissolve ends group gi, left with one member: that agent goes on alone
// with the group's goal, as a saved session opens it (a file's group of
// one is a single agent), and the virtual leader is gone with its
// diamond. Standing on the goal, it is there (Arrived, no arrival counted
// again); elsewhere it plans for the goal from where it stands; with no
// goal it is idle. The session showed a group of one, leader and all,
// that the same session saved and opened again showed single.
func (s *Sim) dissolve(gi int) {
	g := &s.groups[gi]
	if len(g.members) != 1 {
		return
	}
	id := g.members[0]
	l := s.at(g.leader)
	goal, hasGoal := l.goal, l.hasGoal && !l.dead
	if s.cur == g.leader || s.cur == id {
		s.abandon()
	}
	g.members = nil
	l.dead, l.need, l.state = true, ReasonNone, Idle
	g.active = false
	g.alone, g.aloneGoal, g.hasAlone = id, goal, hasGoal
	a := s.at(id)
	a.kind, a.group = Solo, -1
	a.inFile, a.ownWay, a.gathering = false, false, false
	a.localNeed = false
	a.plan.Reset()
	a.segIdx, a.acc = 0, 0
	dropRequest(a)
	switch {
	case !hasGoal || !s.grid.Open(goal):
		a.state, a.why, a.hasGoal = Idle, WhyNone, false
	case a.cell == goal:
		a.goal, a.hasGoal = goal, true
		a.state, a.why, a.err = Arrived, WhyNone, nil
		s.resetProgress(a)
	default:
		a.state, a.why, a.err = Moving, WhyNone, nil
		a.hasGoal = false // a first plan for the goal (ReasonNewGoal), as a file's agent's
		s.setGoal(id, goal)
	}
	s.changes++
}

// leaderMayMove reports whether group gi's leader walks this tick: it
// waits while a member lags more than lagLimit cells behind its target, for
// at most maxWaitSeconds in a row.
func (s *Sim) leaderMayMove(gi int) bool {
	g := &s.groups[gi]
	if !g.active {
		return false
	}
	lag := 0
	for _, m := range g.members {
		a := s.at(m)
		if a.state == Stopped || a.ownWay {
			continue
		}
		lag = max(lag, abs(a.cell.X-a.target.X), abs(a.cell.Y-a.target.Y))
	}
	if lag <= lagLimit {
		g.waited = 0
		return true
	}
	if float64(g.waited)*s.cfg.TickSeconds < maxWaitSeconds {
		g.waited++
		return false
	}
	return true
}

// stepGroup moves group gi's members toward their targets. It keeps doing
// so after the group arrived (inactive): a member cut off then walks on
// when a dig reconnects it, and one moved off a filled cell walks back.
// The group is active again while such a member is under way.
func (s *Sim) stepGroup(gi int, dt float64) {
	g := &s.groups[gi]
	if len(g.members) == 0 {
		g.active = false
		return
	}
	l := s.at(g.leader)
	done := l.state == Arrived
	for _, m := range g.members {
		s.stepMember(g, m, dt)
		if a := s.at(m); a.state != Arrived && !(a.state == Stopped && (a.why == WhyUnreachable || a.why == WhyCutOff)) {
			done = false
		}
	}
	g.active = !done
}

// stepMember moves member m of group g for dt seconds: toward its place
// (slot or single file) while it can reach it, else, cut off from the
// group, on its own way to the group's goal (see ownWay), or, when no path
// joins it to the goal either, stopped with WhyCutOff. Whether it can
// reach its place or the goal is a component lookup, so a cut-off member
// costs no search; it rejoins as soon as a change reconnects it.
func (s *Sim) stepMember(g *group, m int, dt float64) {
	a := s.at(m)
	l := s.at(g.leader)
	tgt, inFile := s.memberTarget(g, a)
	a.target, a.inFile = tgt, inFile
	if !s.reachable(a.cell, tgt) {
		if s.reachable(a.cell, a.goal) {
			s.ownWay(m, dt)
			return
		}
		s.leaveOwnWay(a)
		if a.state != Stopped || a.why != WhyCutOff {
			s.stats.Stopped++
			s.stats.CutOffStops++
			s.log.add(Replan{Tick: s.tick, Agent: a.id, Reason: ReasonCutOff, Cell: a.cell, State: Stopped, Why: WhyCutOff})
		}
		a.state, a.why = Stopped, WhyCutOff
		a.plan.Reset()
		a.segIdx, a.acc = 0, 0
		a.lastTgt, a.noPath = image.Point{-1, -1}, false
		a.lastProgress, a.noProg = s.tick, 0 // not stuck: no way to its place or goal
		return
	}
	if a.ownWay {
		// Reconnected: it takes its place in the group again. Logged like
		// the cut_off that sent it away, so the log tells the whole story.
		s.leaveOwnWay(a)
		a.best = math.Inf(1)
		s.stats.Rejoined++
		s.log.add(Replan{Tick: s.tick, Agent: a.id, Reason: ReasonRejoined, Cell: a.cell, State: Moving})
	}
	defer s.memberProgress(a, l)
	if l.state == Stopped {
		if a.state != Stopped || a.why != WhyGroup {
			a.state, a.why = Stopped, WhyGroup
		}
		a.acc = 0
		return
	}
	if a.cell == tgt {
		a.acc = 0
		if a.state == Arrived {
			return
		}
		a.state, a.why = Moving, WhyNone
		if l.state == Arrived {
			s.arrive(m)
		}
		return
	}
	if tgt == a.lastTgt && a.noPath {
		// No way to this place was found (farther round than
		// farSearchLimit): the search is not repeated every tick, only
		// when the place moves or the world changes (lastTgt reset).
		a.acc = 0
		return
	}
	// Under way, or arrived but the target moved (the leader was pushed off
	// a filled cell, its slot or place was lost to an edit): walk to the
	// target. Setting out from rest is a new way to go, measured from now:
	// its last progress was its arrival, maybe long before, and it counted
	// as stuck before its first step.
	if a.state == Arrived {
		s.resetProgress(a)
	}
	a.state, a.why = Moving, WhyNone
	searching := a.localNeed || s.cur == m && s.curLocal
	// A place that moved is followed by a step more on the path, or a new
	// search, unless a far route is walked to its end first (see
	// keepsFarRoute). A far route made for a place beyond localReach that
	// has come within it is searched anew: the route may be a long way
	// round from here.
	moved := tgt != a.lastTgt
	if !searching && moved && !(a.far && a.farReach && chebyshev(a.cell, tgt) <= localReach) {
		moved = !s.extendLocal(a, tgt) && !s.keepsFarRoute(a, tgt)
	}
	seg := a.plan.Segment
	if !searching && (moved || a.segIdx >= len(seg)-1 || seg[a.segIdx] != a.cell) {
		s.requestLocal(m)
		searching = true
	}
	// While its new path is searched it walks on along the one it has
	// (toward its previous place), except during a long search that
	// started from its cell.
	if a.segIdx >= len(seg)-1 || seg[a.segIdx] != a.cell || s.cur == m && s.curLocal {
		return
	}
	a.acc += dt
	for a.segIdx < len(seg)-1 {
		next := seg[a.segIdx+1]
		d := s.stepDuration(a, a.cell, next)
		if a.acc < d {
			return
		}
		if !s.grid.CanStep(a.cell, next, s.cfg.Neighborhood) {
			s.stats.WallViolations++
			a.lastTgt = image.Point{-1, -1}
			a.acc = 0
			return
		}
		if !s.mayEnter(a, next, d) {
			return
		}
		a.acc -= d
		a.walked += s.grid.StepCost(a.cell, next, s.cfg.Neighborhood)
		s.moveTo(a, next)
		a.segIdx++
		a.steps++
		s.stats.Steps++
	}
	a.acc = 0
}

// ownWay runs member m, cut off from its group but not from the group's
// goal, as a solo agent would: it asks the Sim's planner for its own route
// (ReasonCutOff, logged; the high-level plan refined lazily like anyone's),
// walks it, replans at segment ends and after changes, and arrives at the
// goal. It stays a member, and rejoins its group at its next step once a
// change lets it reach its place again (stepMember).
func (s *Sim) ownWay(m int, dt float64) {
	a := s.at(m)
	if !a.ownWay {
		if s.cur == m {
			s.abandon() // a local search toward the lost place
		}
		a.ownWay, a.inFile, a.localNeed = true, false, false
		a.plan.Reset()
		a.segIdx, a.walked, a.backoff = 0, 0, 0
		dropRequest(a)
		s.resetProgress(a) // a new route to a new end: measured afresh
		s.stats.OwnWay++
		s.request(m, ReasonCutOff)
		return
	}
	switch a.state {
	case Moving:
		s.walk(m, dt)
		s.checkStuck(m)
	case Stopped:
		// Its planner failed or it made no progress: try again after the
		// backoff, or at once after a change (CellsChanged).
		if a.recheck <= s.tick {
			s.request(m, ReasonRecheck)
		}
	}
}

// leaveOwnWay ends member a's own way (it rejoins, or stops cut off from
// its goal too): its own plan and any request for one are dropped.
func (s *Sim) leaveOwnWay(a *agent) {
	if !a.ownWay {
		return
	}
	if s.cur == a.id {
		s.cur, s.curStale, s.curLocal = -1, false, false
	}
	a.ownWay = false
	dropRequest(a)
	a.plan.Reset()
	a.segIdx, a.acc = 0, 0
	a.lastTgt, a.noPath = image.Point{-1, -1}, false
}

// memberProgress applies the progress rule (see StuckAgents) to member a
// of the group led by l: a member keeping up, within lagLimit cells of its
// place, progresses when its leader does; one further behind progresses
// when its remaining way to its place (its local path's cost less what it
// walked of it) reaches a new low. The place moving on with the leader is
// not held against it: a step appended to its path (extendLocal) raises
// its low by that step's cost, and a search for a place other than its
// path's restarts the measure (beginLocal). So a member chasing a leader
// that has stopped waiting for it progresses while it walks its way down,
// and one whose searches bring it no nearer to a place that stays put
// does not. (A member far behind a leader that wanders without progress
// restarts with every new place; the members near that leader are stuck
// with it.) A member held by its stopped leader takes the leader's progress
// whatever its distance, and one near its place takes the leader's waits
// for plans too (progressTick): neither is the member's failure.
func (s *Sim) memberProgress(a, l *agent) {
	if a.ownWay {
		return // walk measures it as a solo agent
	}
	if l.state == Stopped {
		// Held where it stands by its stopped leader, however far behind
		// its place: its time is the leader's. A leader stopped with its
		// goal cut off is excused at every check (see excuse), and so is
		// the member; one stopped stuck is not, and neither is the member.
		a.lastProgress = max(a.lastProgress, s.progressTick(l))
		return
	}
	if chebyshev(a.cell, a.target) <= lagLimit {
		a.best = math.Inf(1)
		a.lastProgress = max(a.lastProgress, s.progressTick(l)) // the leader's waits for plans too
		return
	}
	if a.segIdx >= len(a.plan.Segment) || a.plan.Segment[a.segIdx] != a.cell {
		return // no way to its place now
	}
	if a.lastTgt != a.target && !s.keepsFarRoute(a, a.target) {
		// Its path leads to where its place was: the place jumped (from
		// single file to its slot, say) and the search for the new one
		// waits in the queue. That path's remaining cost says nothing of
		// the way to the new place; measured, a place it had just reached
		// (0 left) would set a low that no later way can beat, and a
		// member walking steadily to its group would count as stuck.
		return
	}
	if rem := a.plan.Cost - a.walked; math.IsInf(a.best, 1) {
		a.best = rem // it just fell behind: the measure starts here
	} else {
		s.noteRemaining(a, rem)
	}
}

// memberTarget returns where member a should be now: its slot when the slot
// is open and in the leader's straight line of sight, else its place in
// single file on the leader's trail; when a fill has made that place a
// wall, or cut it off from the leader (fills at both ends of a stretch of
// the trail leave a dead pocket), the next trail cell toward the leader
// that the leader can still reach (the leader's own cell at worst). So the
// target is always an open cell joined to the leader: a member that cannot
// reach it is cut off from the group itself, never sent away by a place in
// a pocket. Cost: a component lookup per trail cell tried (the labels are
// rebuilt once after a change, O(cells)).
//
// Once the leader has arrived, a member whose slot is unusable there
// gathers near the goal instead (gatherSpot): its place in single file was
// up to its rank cells back along the trail, and a big group "arrived"
// with members strung out 10 to 40 cells from the goal, saved as arrived
// there (a tester's 60-agent group on den312d).
func (s *Sim) memberTarget(g *group, a *agent) (image.Point, bool) {
	l := s.at(g.leader)
	lc := l.cell
	slot := lc.Add(a.slot)
	if s.usableSlot(lc, slot) {
		return slot, false
	}
	if l.state == Arrived && (a.gathering || a.state != Arrived || !a.inFile) {
		// A member that arrived in single file otherwise (a group saved at
		// rest, a member round the corner of a corridor) keeps its place;
		// one gathering keeps gathering, across edits too (falling back to
		// its trail place made it walk away and back after any edit). One
		// at rest in its slot when an edit makes the slot unusable
		// gathers too: sent to its place in single file, up to its rank
		// cells back along the trail, it set out on a long walk and
		// gathered at its next step (an arrival more, and stuck at once
		// by a progress measure that last moved when it arrived).
		if p, ok := s.gatherSpot(g, a); ok {
			if !a.gathering {
				// A new place, maybe far from its place in single file:
				// progress is measured from now, not from the last.
				a.gathering = true
				s.resetProgress(a)
			}
			return p, false
		}
	}
	for k := max(0, len(g.trail)-1-(a.rank+1)); k < len(g.trail); k++ {
		if s.reachable(lc, g.trail[k]) {
			return g.trail[k], true
		}
	}
	return lc, true
}

// usableSlot reports whether slot cell p can be taken with the leader at
// lc: open, and in the leader's straight line of sight.
func (s *Sim) usableSlot(lc, p image.Point) bool {
	return s.grid.Open(p) && s.lineOpen(lc, p)
}

// gatherSpot returns member a's place near the arrived leader's cell when
// its slot there is unusable. The places are worked out once per leader
// cell and world: the open cells nearest the leader (breadth first over
// legal steps) that no usable slot takes, that no other agent rests on
// (see restingElsewhere) and that no other arrived group has given to its
// own gathering members, given to those members that can reach the
// leader; a member at rest on its place keeps it while the cell stays
// free, one standing on one of those cells keeps it, the others take the
// nearest left, by rank. A member cut off from the leader gets none: it
// would hold a place it cannot walk to, and stepMember stops it with
// WhyCutOff (or sends it its own way) from its place in single file. ok is
// false for such a member and when there are not enough free cells (the
// member keeps its place in single file).
//
// The claims of other agents are those standing when the places are
// worked out: an agent that comes to rest on a place later does not move
// the member (the places would change at every arrival nearby).
func (s *Sim) gatherSpot(g *group, a *agent) (image.Point, bool) {
	lc := s.at(g.leader).cell
	key := gatherKey{leader: lc, changes: s.cellsChanged}
	if g.gather == nil || g.gatherKey != key {
		s.planGather(a.group, lc)
		g.gatherKey = key
	}
	p, ok := g.gather[a.id] // an agent's id is its index (Sim.at)
	return p, ok
}

// restingElsewhere reports whether agent a, not a member of group gi,
// holds its cell near an arrived group: it stands with nothing to walk
// (idle, arrived, or stopped), so a member sent onto its cell would share
// it for good. Agents under way only pass through.
func restingElsewhere(a *agent, gi int) bool {
	if a.dead || a.kind == Leader || a.kind == Member && a.group == gi {
		return false
	}
	return a.state == Idle || a.state == Arrived || a.state == Stopped
}

// planGather fills group gi's gather for its leader at lc (see gatherSpot).
func (s *Sim) planGather(gi int, lc image.Point) {
	g := &s.groups[gi]
	if g.gather == nil {
		g.gather = map[int]image.Point{}
	}
	clear(g.gather)
	taken := map[image.Point]bool{}
	for i := range s.agents {
		if a := &s.agents[i]; restingElsewhere(a, gi) {
			taken[a.cell] = true
		}
	}
	for gj := range s.groups {
		o := &s.groups[gj]
		if gj == gi || len(o.members) == 0 {
			continue
		}
		// Another arrived group's slots and places (those worked out for
		// where its leader stands now) are claimed even while its members
		// walk to them.
		l := s.at(o.leader)
		if l.state != Arrived {
			continue
		}
		for _, m := range o.members {
			if p := l.cell.Add(s.at(m).slot); s.usableSlot(l.cell, p) {
				taken[p] = true
			}
		}
		if o.gatherKey.leader == l.cell {
			for _, p := range o.gather {
				taken[p] = true
			}
		}
	}
	var file []int // members whose slots are unusable, by rank
	for _, m := range g.members {
		a := s.at(m)
		switch p := lc.Add(a.slot); {
		case s.usableSlot(lc, p):
			taken[p] = true
		case a.state == Arrived && !a.gathering && a.inFile:
			taken[a.cell] = true // at rest in single file: stays, and its cell is not free
		case !s.reachable(a.cell, lc):
			// Cut off from the group: no place it cannot walk to.
		default:
			file = append(file, m)
		}
	}
	if len(file) == 0 {
		return
	}
	sort.Slice(file, func(i, j int) bool { return s.at(file[i]).rank < s.at(file[j]).rank })
	// A member at rest on its place keeps it while the cell is free
	// (joined to the leader, as every member in file is): worked out again
	// after any edit, the nearest cells shifted, and members stood up from
	// cells they had gathered on long before and walked a few cells to
	// others (an arrival more each, and flagged stuck at once).
	used := map[image.Point]bool{}
	k := 0
	for _, m := range file {
		if a := s.at(m); a.gathering && a.state == Arrived && !taken[a.cell] && !used[a.cell] {
			g.gather[m], used[a.cell] = a.cell, true
			continue
		}
		file[k] = m
		k++
	}
	file = file[:k]
	if len(file) == 0 {
		return
	}
	for c := range used {
		taken[c] = true
	}
	// The nearest free cells, twice as many as needed, so a member
	// standing a little farther out keeps its cell.
	want := 2 * len(file)
	spots := make([]image.Point, 0, want)
	inSpots := map[image.Point]bool{}
	seen := map[image.Point]bool{lc: true}
	queue := []image.Point{lc}
	steps := pathing.Ring8
	for len(queue) > 0 && len(spots) < want {
		c := queue[0]
		queue = queue[1:]
		if !taken[c] {
			spots = append(spots, c)
			inSpots[c] = true
		}
		for _, d := range steps {
			n := c.Add(d)
			if seen[n] || !s.grid.In(n) || !s.grid.CanStep(c, n, s.cfg.Neighborhood) {
				continue
			}
			seen[n] = true
			queue = append(queue, n)
		}
	}
	if len(spots) < len(file) {
		// No room: they keep their places in single file (those at rest
		// on their places keep those).
		return
	}
	var rest []int
	for _, m := range file {
		if c := s.at(m).cell; inSpots[c] && !used[c] {
			g.gather[m], used[c] = c, true
		} else {
			rest = append(rest, m)
		}
	}
	k = 0
	for _, m := range rest {
		for used[spots[k]] {
			k++
		}
		g.gather[m], used[spots[k]] = spots[k], true
	}
}

// lineOpen reports whether every cell on the straight line from a to b
// (Bresenham, both ends included) is open, and no diagonal move of the line
// cuts a blocked corner.
func (s *Sim) lineOpen(a, b image.Point) bool {
	dx, dy := abs(b.X-a.X), -abs(b.Y-a.Y)
	sx, sy := 1, 1
	if a.X > b.X {
		sx = -1
	}
	if a.Y > b.Y {
		sy = -1
	}
	err := dx + dy
	p := a
	for {
		if !s.grid.Open(p) {
			return false
		}
		if p == b {
			return true
		}
		q := p
		e2 := 2 * err
		if e2 >= dy {
			err += dy
			q.X += sx
		}
		if e2 <= dx {
			err += dx
			q.Y += sy
		}
		if q.X != p.X && q.Y != p.Y && (!s.grid.Open(image.Point{q.X, p.Y}) || !s.grid.Open(image.Point{p.X, q.Y})) {
			return false
		}
		p = q
	}
}

// extendLocal follows a place that moved by one step (its leader stepped)
// without a search: the place is appended to the member's path when that
// path still leads from the member's cell to its previous place and is not
// much longer than the straight way (a far route, a way round already, may
// be: it follows its place so, rather than lead to where it was). It
// reports whether it did so.
func (s *Sim) extendLocal(a *agent, tgt image.Point) bool {
	seg := a.plan.Segment
	if a.noPath || a.segIdx >= len(seg) || seg[a.segIdx] != a.cell {
		return false
	}
	end := seg[len(seg)-1]
	if end != a.lastTgt || chebyshev(end, tgt) != 1 || !s.grid.CanStep(end, tgt, s.cfg.Neighborhood) ||
		!a.far && len(seg)-1-a.segIdx >= 2*chebyshev(a.cell, tgt)+4 {
		return false
	}
	c := s.grid.StepCost(end, tgt, s.cfg.Neighborhood)
	a.plan.Segment = append(seg, tgt)
	a.plan.Cost += c
	// The leader's step moved the place, not the member back: its low
	// moves with the place (see memberProgress).
	a.best += c
	a.lastTgt = tgt
	s.stats.Extended++
	return true
}

// beginLocal serves member i's request for a path to its place (taken
// from the plan queue). A place within localReach cells gets a local
// search boxed around the two cells; when the box holds no way (the place
// lies round a wall) the member takes a far route instead. A place
// farther off (a group sent while scattered across the map, a member
// pushed far round by an edit) gets a far route at once: the box would
// cover much of the map, and a local search there is no local search.
//
// A far route is the Sim's planner's route toward the place (farRoute:
// a hierarchy plans it for what any agent's plan costs) or, when the
// planner slices its searches (A*, which would search the grid anyway),
// a grid search with no box. A route that ends at the place follows it
// step by step (extendLocal, however long the way round); one that cannot
// is walked to its end first (keepsFarRoute); a place the member set out
// for from beyond localReach that comes within it is searched anew. Before, a search for a far place ran the box (most of the map) and
// then an unboxed search given up after 60,000 expansions, and asked again
// at every step of its leader: six members scattered across maze512-16-0
// kept the whole plan budget busy every tick, most searches failed, and
// the members left farthest never took a step.
//
// Searches are sliced like a planner's (s.cur, continued by
// continueLocal): a small box is done within the first slice, in the tick
// it began. It returns the searches finished (0 or 1).
func (s *Sim) beginLocal(i int) int {
	if s.local == nil {
		s.local = pathing.NewSearcher(s.grid)
	}
	a := s.at(i)
	a.localNeed = false
	tgt, inFile := s.memberTarget(&s.groups[a.group], a)
	if tgt != a.lastTgt {
		// A way to a new place (the leader moved it): measured afresh.
		a.best = math.Inf(1)
	}
	a.target, a.inFile, a.lastTgt = tgt, inFile, tgt
	a.plan.Reset()
	a.segIdx, a.walked = 0, 0
	a.noPath = true
	a.far, a.farReach = false, false
	if !s.grid.Open(tgt) {
		return 1
	}
	s.stats.Local++
	q := pathing.Query{Start: a.cell, Goal: tgt, Neighborhood: s.cfg.Neighborhood}
	boxed := chebyshev(a.cell, tgt) <= localReach
	if boxed {
		q.Bounds = image.Rectangle{a.cell, a.cell.Add(image.Point{1, 1})}.Union(image.Rectangle{tgt, tgt.Add(image.Point{1, 1})}).Inset(-localMargin)
	} else if !s.reachable(a.cell, tgt) || s.farRoute(a, tgt, true) {
		return 1
	}
	if err := s.local.Init(q); err != nil {
		return 1
	}
	s.cur, s.curLocal, s.curStale, s.localBoxed, s.localTgt = i, true, false, boxed, tgt
	s.localReach = !boxed
	return 0
}

// farRoute gives member a, whose place tgt is reachable, a far route
// planned by the Sim's planner (see beginLocal), made for a place beyond
// localReach when reach is true, and reports whether it did. It does not
// when the planner slices its searches (the caller searches the grid then,
// sliced) or fails.
func (s *Sim) farRoute(a *agent, tgt image.Point, reach bool) bool {
	p := s.active()
	if _, sliced := p.(Sliced); sliced {
		return false
	}
	fp := &s.farPlan
	err := p.Plan(a.cell, tgt, fp)
	a.plan.Work = fp.Work
	s.stats.LocalWork += int64(fp.Work)
	if err != nil || len(fp.Segment) < 2 || fp.Segment[0] != a.cell {
		return false
	}
	a.plan.Segment = append(a.plan.Segment[:0], fp.Segment...)
	if ft := fp.Footprint[min(fp.FootFrom, len(fp.Footprint)):]; len(fp.Legs) > 0 && len(ft) > 1 && ft[0] == fp.Segment[len(fp.Segment)-1] {
		// The planner refined the whole route (HPA*'s eager plans): the
		// member walks all of it, to its place, which it can then follow
		// step by step (extendLocal).
		a.plan.Segment = append(a.plan.Segment, ft[1:]...)
	}
	if !s.legal(a.plan.Segment) {
		a.plan.Reset()
		return false
	}
	a.plan.Cost = fp.Cost
	a.noPath = false
	a.far, a.farReach = true, reach
	s.stats.FarRoutes++
	return true
}

// keepsFarRoute reports whether member a walks on along its far route
// (see beginLocal) although its place moved to tgt (and the route could
// not follow it, extendLocal): it is on the route, short of its end, the
// route is still good (no change dropped it), and either the route was
// made for a place beyond localReach that is still beyond it (a jump of
// the place, from single file to its slot say, is nothing to a member
// that far off), or the route is a planner's segment toward a place round
// a wall (it does not end at the place, so it cannot follow the place
// step by step; searched again at every step of the leader, it would
// cost a boxed search and a plan each). A way round to a place within
// reach that ends there is searched again when the place jumps, as a
// local path is.
func (s *Sim) keepsFarRoute(a *agent, tgt image.Point) bool {
	seg := a.plan.Segment
	if !a.far || a.lastTgt == (image.Point{-1, -1}) || a.segIdx >= len(seg)-1 || seg[a.segIdx] != a.cell {
		return false
	}
	if a.farReach {
		return chebyshev(a.cell, tgt) > localReach
	}
	return seg[len(seg)-1] != a.lastTgt
}

// continueLocal runs the next slice of the member's search (s.cur) and
// reports whether it is finished. When the boxed search finds nothing and
// the place is reachable, a far route takes over: the planner's at once,
// or an unboxed search in the same slice's stead. A search with no box is
// not given up (the component labels say the place is reachable, so it
// ends on a path; its cost is what the sliced planner's own search would
// cost). A path the grid changed under is kept only when every step is
// still legal; otherwise the member asks again at its next step.
func (s *Sim) continueLocal() bool {
	st := s.local.Step(sliceNodes)
	if st == pathing.Running {
		return false
	}
	a := s.at(s.cur)
	res := s.local.Result()
	s.stats.LocalWork += int64(res.Expanded)
	if st != pathing.Found && s.localBoxed && s.reachable(a.cell, s.localTgt) {
		if s.farRoute(a, s.localTgt, false) {
			s.cur, s.curLocal, s.curStale = -1, false, false
			return true
		}
		q := pathing.Query{Start: a.cell, Goal: s.localTgt, Neighborhood: s.cfg.Neighborhood}
		if s.local.Init(q) == nil {
			s.localBoxed = false
			return false
		}
	}
	stale := s.curStale
	s.cur, s.curLocal, s.curStale = -1, false, false
	if st != pathing.Found {
		return true
	}
	a.plan.Segment = append(a.plan.Segment[:0], res.Path...)
	a.plan.Cost = res.Cost
	a.noPath = false
	a.far, a.farReach = !s.localBoxed, s.localReach
	if stale && !s.legal(a.plan.Segment) {
		a.plan.Reset()
		a.lastTgt = image.Point{-1, -1}
	}
	return true
}

// legal reports whether every step of path is allowed in the grid now.
func (s *Sim) legal(path []image.Point) bool {
	for k := 0; k+1 < len(path); k++ {
		if !s.grid.CanStep(path[k], path[k+1], s.cfg.Neighborhood) {
			return false
		}
	}
	return true
}
