package agents

import (
	"fmt"
	"image"
	"math/rand"
	"slices"
	"time"
)

// Workload is a stress run of a Sim (what cmd/bench -agents runs),
// reproducible for a seed when the Sim's PlanBudget is negative (no time
// cap; with a cap, which tick a plan lands in depends on the machine): Agents agents on random open cells with random reachable goals,
// Edits digs and fills spread evenly over Ticks ticks (see editor: half
// the fills are laid across some agent's segment just ahead of it, digs reopen
// earlier fills), and a new random reachable goal for every agent that
// arrives.
type Workload struct {
	Agents, Ticks, Edits int
	Seed                 int64
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
	Elapsed        time.Duration
	TicksPerSecond float64
	PlanMsP99      float64 // 99th percentile over ticks of the planning time in one tick
	PlanMsMax      float64
	TickMsP99      float64 // 99th percentile of a whole tick (planning, moving, edits, repair)
	RepairTime     time.Duration
	MeanQueue      float64 // mean agents waiting for a plan per tick
	Work           int64
}

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
	ids := make([]int, 0, w.Agents)
	for range w.Agents {
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
	ed := &editor{rng: rand.New(rand.NewSource(w.Seed + 1))}
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
			a := &s.agents[id]
			if a.kind == Solo {
				s.SetGoal([]int{id}, goalFor(a.cell))
			}
		}
		if t%25 == 0 || t == w.Ticks-1 {
			stuckIDs = s.StuckAgents(stuckIDs[:0], int64(w.StuckTicks))
			for _, id := range stuckIDs {
				stuck[id] = true
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
	for _, id := range ids {
		if s.agents[id].state == Stopped {
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
	rng    *rand.Rand
	n      int
	filled []image.Point
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
	if rng.Intn(2) == 0 && len(s.agents) > 0 {
		for range 50 {
			a := &s.agents[rng.Intn(len(s.agents))]
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
// and have made no progress for at least ticks ticks (waiting for a plan
// included). Progress is not "any step": it is the agent's remaining route
// cost to its goal reaching a new low, so an agent bouncing between cells
// or looping through replans is stuck although it walks. The remaining
// cost is the planner's estimate when the plan was made (Plan.Cost, else
// the segment's cost plus octile distances along the legs) less the cost
// walked since. When that is only a lower bound (Plan.LowerBound: the
// group planner's octile legs), reaching a segment end where none of its
// plans began before is progress too, and the measure restarts there (see
// notePlan); a loop repeats segment starts and is caught. Progress is also
// a new goal and an arrival. The ticks of the step an agent is taking are
// added to ticks, so a slow step into a heavy cell is not a lack of
// progress. A plan made because the world got worse for the agent (a fill
// or a heavier cell on its route, a refused step, a goal reopened after
// being cut off, a new planner) restarts the measure at that plan's cost
// without counting as progress, so a detour a fill forces is not held
// against it; a dig can only shorten routes, so it restarts nothing. A stop the component labels
// prove (goal a wall, goal cut off) is not stuck either. A group member
// within lagLimit cells of its place progresses with its leader; further
// behind, when its remaining way to its place reaches a new low. For a
// member the goal is its place (slot or single file), or, while the
// group's leader is stopped, the group's goal as seen from the leader; a
// member on its own way (cut off from its group) is measured as a solo
// agent.
//
// Cost: O(agents) plus a component relabelling after a change.
func (s *Sim) StuckAgents(dst []int, ticks int64) []int {
	for i := range s.agents {
		a := &s.agents[i]
		if a.dead || a.kind == Leader || !a.hasGoal || a.state == Arrived || s.tick-a.lastProgress < ticks+int64(s.stepTicks(a)) {
			continue
		}
		from, g := a.cell, a.goal
		if a.kind == Member && !a.ownWay {
			g = a.target
			if l := &s.agents[s.groups[a.group].leader]; l.state == Stopped {
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
