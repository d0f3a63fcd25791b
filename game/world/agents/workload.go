package agents

import (
	"fmt"
	"image"
	"math/rand"
	"slices"
	"time"

	"pathlens/pathing"
)

// Workload is a stress run of a Sim (what cmd/bench -agents runs),
// reproducible for a seed when the Sim's PlanBudget is negative (no time
// cap; with a cap, which tick a plan lands in depends on the machine) or
// its PlanWork is set (a work cap): Agents agents on random open cells with random reachable goals,
// Edits digs and fills spread evenly over Ticks ticks (see editor: half
// the fills are laid across some agent's segment just ahead of it, digs reopen
// earlier fills), and a new random reachable goal for every agent that
// arrives.
type Workload struct {
	Agents, Ticks, Edits int
	Seed                 int64
	// Groups, when positive, makes that many groups of GroupSize of the
	// Agents agents (0 means 8 each), each spawned on a patch of adjacent
	// open cells and sent with SetGroupGoal to a random reachable goal; a
	// group gets a new goal when its trip ends (the group is no longer
	// active: every member arrived, or some are cut off) or when its
	// leader has been stopped (goal cut off) for groupGiveUp ticks. The
	// other agents walk alone. Groups×GroupSize may not exceed Agents.
	// With groups, a third of the fills instead wall off a group's trail
	// behind its leader (editor.cutGroup), so members get cut off from
	// their places, go their own way or stop, and rejoin after digs.
	Groups, GroupSize int
	// StuckTicks is how long an agent with a reachable goal may go without
	// progress before it counts as stuck; 0 means 500.
	StuckTicks int
	// Repair, when set, is called after each edit of the grid with the
	// changed cells, before the Sim hears of them: update the hierarchy
	// behind the planner there. Its time is counted in RepairTime.
	Repair func(changed []image.Point) error
}

// WorkloadResult reports a Workload run.
type WorkloadResult struct {
	Agents, Ticks  int
	Arrivals       int
	Plans          int
	Reasons        [NumReasons]int
	Replans        int
	WallViolations int
	Stuck          int // distinct agents that were stuck at some check
	StoppedAtEnd   int // agents stopped (goal unreachable or a wall) at the end
	Digs, Fills    int
	FillsOnPaths   int
	GroupCuts      int // fills laid across a group's trail behind its leader (Workload.Groups > 0)
	Elapsed        time.Duration
	TicksPerSecond float64
	PlanMsP99      float64 // 99th percentile over ticks of the planning time in one tick
	PlanMsMax      float64
	TickMsP99      float64 // 99th percentile of a whole tick (planning, moving, edits, repair)
	RepairTime     time.Duration
	MeanQueue      float64 // mean agents waiting for a plan per tick
	Work           int64

	// Group figures (Workload.Groups > 0).
	Groups, GroupMembers int
	GroupTrips           int // trips that ended with every member arrived
	GroupTripsCut        int // trips that ended with a member cut off from its place (stopped, or arrived on its own way)
	GroupTripsGivenUp    int // trips abandoned after the leader was stopped (goal cut off) for groupGiveUp ticks
	MemberStuck          int // distinct members stuck at some check (counted in Stuck too)
	OwnWay, Rejoined     int // members that went their own way when cut off; of them, rejoined later
	CutOffStops          int // members stopped cut off from their group and the goal
	LocalSearches        int // members' searches for their places (served from the plan queue)
	Extended             int // places that moved one step followed without a search
	// MeanPlaceDist is the mean Chebyshev distance, in cells, of the
	// members walking with their group from their places (slot or single
	// file), sampled every 25 ticks: how well formation holds.
	MeanPlaceDist float64
	MaxWait       int64 // most ticks any request (a plan or a member's search) waited in the queue
}

// groupGiveUp is how long (ticks) a Workload group whose leader is stopped
// (its goal cut off) waits for a dig before it gets another goal.
const groupGiveUp = 600

// RunWorkload drives s (which must have no agents yet) through w and
// returns the figures. It fails when the grid has no open cell or Repair
// fails.
func RunWorkload(s *Sim, w Workload) (WorkloadResult, error) {
	res := WorkloadResult{Agents: w.Agents, Ticks: w.Ticks}
	if w.StuckTicks <= 0 {
		w.StuckTicks = 500
	}
	g := s.grid
	if g.OpenCount() == 0 {
		return res, fmt.Errorf("agents: workload: the map has no open cell")
	}
	rng := rand.New(rand.NewSource(w.Seed))
	randOpen := func() image.Point {
		for {
			p := image.Point{rng.Intn(g.Width()), rng.Intn(g.Height())}
			if g.Open(p) {
				return p
			}
		}
	}
	goalFor := func(from image.Point) image.Point {
		for range 200 {
			if p := randOpen(); p != from && s.Reachable(from, p) {
				return p
			}
		}
		return from
	}
	if w.GroupSize <= 0 {
		w.GroupSize = 8
	}
	if w.Groups < 0 || w.Groups*w.GroupSize > w.Agents {
		return res, fmt.Errorf("agents: workload: %d groups of %d need %d agents, have %d", w.Groups, w.GroupSize, w.Groups*w.GroupSize, w.Agents)
	}
	ids := make([]int, 0, w.Agents)
	type wgroup struct {
		members []int
		stopped int // tick since which the leader is stopped, -1 when not
	}
	var wgs []wgroup
	for range w.Groups {
		var members []int
		for _, c := range patch(g, randOpen(), w.GroupSize, s.cfg.Neighborhood) {
			id, err := s.Spawn(c)
			if err != nil {
				return res, err
			}
			members = append(members, id)
		}
		ids = append(ids, members...)
		if err := s.SetGroupGoal(members, goalFor(s.agents[members[0]].cell)); err != nil {
			return res, err
		}
		if len(members) < 2 {
			continue // a patch of one cell: SetGroupGoal made it a solo agent
		}
		wgs = append(wgs, wgroup{members: members, stopped: -1})
		res.GroupMembers += len(members)
	}
	res.Groups = len(wgs)
	var placeSum float64
	var placeN int
	memberStuck := map[int]bool{}
	for len(ids) < w.Agents {
		c := randOpen()
		id, err := s.Spawn(c)
		if err != nil {
			return res, err
		}
		ids = append(ids, id)
		if err := s.SetGoal([]int{id}, goalFor(c)); err != nil {
			return res, err
		}
	}
	planMs := make([]float64, 0, w.Ticks)
	tickMs := make([]float64, 0, w.Ticks)
	stuck := map[int]bool{}
	var arrived []int
	var stuckIDs []int
	var changed []image.Point
	ed := &editor{rng: rand.New(rand.NewSource(w.Seed + 1)), groupCuts: len(wgs) > 0}
	nextEdit := 0
	queued := 0
	start := time.Now()
	for t := 0; t < w.Ticks; t++ {
		t0 := time.Now()
		for nextEdit < w.Edits && nextEdit*w.Ticks/max(1, w.Edits) <= t {
			nextEdit++
			changed = ed.edit(s, changed[:0], &res)
			if len(changed) == 0 {
				continue
			}
			if w.Repair != nil {
				r0 := time.Now()
				if err := w.Repair(changed); err != nil {
					return res, fmt.Errorf("agents: workload: repair after edit %d at tick %d: %w", nextEdit, t, err)
				}
				res.RepairTime += time.Since(r0)
			}
			s.CellsChanged(changed)
		}
		s.Step()
		planMs = append(planMs, float64(s.LastPlanTime())/1e6)
		queued += s.qlen
		arrived = s.ArrivedNow(arrived[:0])
		for _, id := range arrived {
			a := s.at(id)
			if a.kind == Solo {
				s.SetGoal([]int{id}, goalFor(a.cell))
			}
		}
		for k := range wgs {
			wg := &wgs[k]
			gr := &s.groups[s.agents[wg.members[0]].group]
			l := s.at(gr.leader)
			again := false
			switch {
			case !gr.active:
				again = true
				all := true
				for _, m := range wg.members {
					if a := s.at(m); a.state != Arrived || a.ownWay {
						all = false
					}
				}
				if all {
					res.GroupTrips++
				} else {
					res.GroupTripsCut++
				}
			case l.state != Stopped:
				wg.stopped = -1
			case wg.stopped < 0:
				wg.stopped = t
			case t-wg.stopped >= groupGiveUp:
				again = true
				res.GroupTripsGivenUp++
			}
			if again {
				wg.stopped = -1
				if err := s.SetGroupGoal(wg.members, goalFor(s.agents[wg.members[0]].cell)); err != nil {
					return res, err
				}
			}
		}
		if t%25 == 0 || t == w.Ticks-1 {
			stuckIDs = s.StuckAgents(stuckIDs[:0], int64(w.StuckTicks))
			for _, id := range stuckIDs {
				stuck[id] = true
				if s.at(id).kind == Member {
					memberStuck[id] = true
				}
			}
			for k := range wgs {
				for _, m := range wgs[k].members {
					if a := s.at(m); a.kind == Member && !a.ownWay && a.state == Moving {
						placeSum += float64(chebyshev(a.cell, a.target))
						placeN++
					}
				}
			}
			if debugStuck != nil && len(stuckIDs) > 0 {
				debugStuck(s, stuckIDs)
			}
		}
		tickMs = append(tickMs, float64(time.Since(t0))/1e6)
	}
	res.Elapsed = time.Since(start)
	st := s.Stats()
	res.Arrivals = st.Arrivals
	res.Plans = st.Plans
	res.Reasons = st.Reasons
	res.Replans = st.Replans
	res.WallViolations = st.WallViolations
	res.Work = st.Work
	res.Stuck = len(stuck)
	res.MemberStuck = len(memberStuck)
	res.OwnWay, res.Rejoined, res.CutOffStops = st.OwnWay, st.Rejoined, st.CutOffStops
	res.LocalSearches, res.Extended, res.MaxWait = st.Local, st.Extended, st.MaxWait
	if placeN > 0 {
		res.MeanPlaceDist = placeSum / float64(placeN)
	}
	for _, id := range ids {
		if s.at(id).state == Stopped {
			res.StoppedAtEnd++
		}
	}
	if w.Ticks > 0 {
		res.TicksPerSecond = float64(w.Ticks) / res.Elapsed.Seconds()
		res.MeanQueue = float64(queued) / float64(w.Ticks)
		res.PlanMsP99 = percentile(planMs, 0.99)
		res.PlanMsMax = percentile(planMs, 1)
		res.TickMsP99 = percentile(tickMs, 0.99)
	}
	return res, nil
}

// patch returns up to n open cells joined to c (c first, then breadth
// first with nb's steps): where a Workload group is spawned.
func patch(g *pathing.Grid, c image.Point, n int, nb pathing.Neighborhood) []image.Point {
	out := []image.Point{c}
	seen := map[image.Point]bool{c: true}
	for k := 0; k < len(out) && len(out) < n; k++ {
		for _, d := range nb.Steps() {
			q := out[k].Add(image.Point{d.DX, d.DY})
			if !seen[q] && len(out) < n && g.CanStep(out[k], q, nb) {
				seen[q] = true
				out = append(out, q)
			}
		}
	}
	return out
}

func percentile(v []float64, q float64) float64 {
	if len(v) == 0 {
		return 0
	}
	v = slices.Clone(v)
	slices.Sort(v)
	i := int(q*float64(len(v)-1) + 0.5)
	return v[min(i, len(v)-1)]
}

// editor makes the workload's edits: even edits fill, odd edits dig. Half
// the fills lay three cells across a moving agent's segment a few steps
// ahead of it (the rest fill a random open cell); a dig reopens a
// random cell filled earlier (or, when none is left, a wall cell next to
// open ground), so the map stays about as open as it started and cut-off
// agents get their chance to move on.
type editor struct {
	rng       *rand.Rand
	groupCuts bool // a third of the fills cut a group (cutGroup)
	n         int
	filled    []image.Point
}

// cutGroup fills a wall across a moving group's trail a few cells behind
// its leader, between the leader and its last members: a line across the
// leader's direction there, out to the first wall on each side (at most
// maxCut cells each way), so the members behind are cut off from their
// places unless the passage goes round. It appends the filled cells (none
// when no group is under way).
func (e *editor) cutGroup(s *Sim, dst []image.Point) []image.Point {
	const maxCut = 32
	g, rng := s.grid, e.rng
	if len(s.groups) == 0 {
		return dst
	}
	for range 20 {
		gr := &s.groups[rng.Intn(len(s.groups))]
		n := len(gr.trail)
		if !gr.active || len(gr.members) < 2 || n < 4 || s.at(gr.leader).state != Moving {
			continue
		}
		k := n - 2 - rng.Intn(min(len(gr.members), n-2))
		c, d := gr.trail[k], gr.trail[k+1].Sub(gr.trail[k])
		if max(abs(d.X), abs(d.Y)) != 1 {
			continue
		}
		across := image.Point{-d.Y, d.X}
		lc := s.at(gr.leader).cell
		for j, dir := range [2]image.Point{across, across.Mul(-1)} {
			start := c
			if j == 1 {
				start = c.Add(dir) // the first pass filled c itself
			}
			for i, p := 0, start; i < maxCut && g.Open(p); i, p = i+1, p.Add(dir) {
				if p != lc && g.SetOpen(p, false) {
					dst = append(dst, p)
					e.filled = append(e.filled, p)
				}
			}
		}
		if len(dst) > 0 {
			return dst
		}
	}
	return dst
}

func (e *editor) edit(s *Sim, dst []image.Point, res *WorkloadResult) []image.Point {
	g, rng := s.grid, e.rng
	e.n++
	if e.n%2 == 0 {
		for len(e.filled) > 0 {
			k := rng.Intn(len(e.filled))
			p := e.filled[k]
			e.filled[k] = e.filled[len(e.filled)-1]
			e.filled = e.filled[:len(e.filled)-1]
			if g.SetOpen(p, true) {
				res.Digs++
				return append(dst, p)
			}
		}
		for range 10000 {
			p := image.Point{rng.Intn(g.Width()), rng.Intn(g.Height())}
			if !g.Open(p) && (g.Open(p.Add(image.Point{1, 0})) || g.Open(p.Add(image.Point{-1, 0})) || g.Open(p.Add(image.Point{0, 1})) || g.Open(p.Add(image.Point{0, -1}))) {
				g.SetOpen(p, true)
				res.Digs++
				return append(dst, p)
			}
		}
		return dst
	}
	if e.groupCuts && rng.Intn(3) == 0 {
		if dst = e.cutGroup(s, dst); len(dst) > 0 {
			res.Fills++
			res.GroupCuts++
			return dst
		}
	}
	if rng.Intn(2) == 0 && len(s.agents) > 0 {
		for range 50 {
			a := s.at(rng.Intn(len(s.agents)))
			if a.dead || a.state != Moving || a.segIdx+4 >= len(a.plan.Segment) {
				continue
			}
			k := a.segIdx + 2 + rng.Intn(min(8, len(a.plan.Segment)-a.segIdx-3))
			c, n := a.plan.Segment[k], a.plan.Segment[k+1]
			d := image.Point{-(n.Y - c.Y), n.X - c.X} // across the direction of travel
			for o := -1; o <= 1; o++ {
				p := c.Add(d.Mul(o))
				if p != a.cell && g.SetOpen(p, false) {
					dst = append(dst, p)
					e.filled = append(e.filled, p)
				}
			}
			if len(dst) > 0 {
				res.Fills++
				res.FillsOnPaths++
				return dst
			}
		}
	}
	for range 10000 {
		p := image.Point{rng.Intn(g.Width()), rng.Intn(g.Height())}
		if g.SetOpen(p, false) {
			e.filled = append(e.filled, p)
			res.Fills++
			return append(dst, p)
		}
	}
	return dst
}

// StuckAgents appends the ids of agents that have a goal they could reach
// and have made no progress for at least ticks ticks, not counting the ticks
// they waited in the plan queue beyond the one every request waits (see
// creditWait: a long queue is the budget's doing, and a replan loop served
// at once is still caught). Progress is not "any step": it is the agent's
// remaining route cost to its goal reaching a new low, so an agent bouncing
// between cells or looping through replans is stuck although it walks. The
// remaining cost is the planner's estimate when the plan was made
// (Plan.Cost, else the segment's cost plus octile distances along the legs)
// less the cost walked since. When that is only a lower bound
// (Plan.LowerBound: the group planner's octile legs), reaching a segment end
// where none of its plans began before is progress too, and the measure
// restarts there (see notePlan); a loop repeats segment starts and is
// caught. Progress is also a new goal and an arrival, and a group member
// setting out again from rest (its place moved) starts afresh. The ticks
// of the step an agent is taking are added to ticks, so a slow step into a
// heavy cell is not a lack of progress. A plan made because the world got worse for the
// agent (a fill or a heavier cell on its route, a refused step, a goal
// reopened after being cut off, a new planner) restarts the measure at that
// plan's cost without counting as progress, so a detour a fill forces is not
// held against it; a dig can only shorten routes, so it restarts nothing. A
// stop the component labels prove (goal a wall, goal cut off) is not stuck
// either. A group member within lagLimit cells of its place progresses with
// its leader; further behind, when its remaining way to its place reaches a
// new low. For a member the goal is its place (slot or single file), or,
// while the group's leader is stopped, the group's goal as seen from the
// leader (a member held by its stopped leader, however far behind, shares
// the leader's progress: excused while the goal is cut off, stuck when the
// leader is); a member on its own way (cut off from its group) is measured
// as a solo agent.
//
// Cost: O(agents) plus the component labels' local repair after a change.
func (s *Sim) StuckAgents(dst []int, ticks int64) []int {
	for _, a := range s.all() {
		if a.dead || a.kind == Leader || !a.hasGoal || a.state == Arrived || s.tick-s.progressTick(a) < ticks+int64(s.stepTicks(a)) {
			continue
		}
		from, g := a.cell, a.goal
		if a.kind == Member && !a.ownWay {
			g = a.target
			if l := s.at(s.groups[a.group].leader); l.state == Stopped {
				// Held by its stopped leader: stuck exactly when the
				// leader could reach the group's goal.
				from, g = l.cell, l.goal
			}
		}
		if s.reachable(from, g) {
			dst = append(dst, a.id)
		}
	}
	return dst
}

var debugStuck func(s *Sim, ids []int)
