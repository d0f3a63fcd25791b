package agents

import (
	"errors"
	"fmt"
	"image"
	"iter"
	"math"
	"time"

	"pathlens/pathing"
)

// Config sets up a Sim. The zero value of every field means its default.
type Config struct {
	// TickSeconds is the simulated time of one tick; 0 means 1/60 s.
	TickSeconds float64
	// Speed is the speed of new agents in cells per second on weight-1
	// cells; 0 means 6. A step takes (1 or √2) × the entered cell's weight
	// / speed seconds.
	Speed float64
	// PlanBudget caps the wall-clock time spent planning in one tick (the
	// first plan of a tick always runs, so the queue always moves); 0 means
	// 6 ms (a third of a 60 Hz frame), negative means no time cap.
	PlanBudget time.Duration
	// PlanCap caps the number of plans per tick; 0 means 256.
	PlanCap int
	// PlanWork, when positive, replaces the time budget (PlanBudget is
	// ignored) by a work budget: the nodes expanded in one tick (Plan.Work
	// of each finished plan, at least 1, and sliceNodes for each slice of a
	// sliced plan or of a member's search). The first plan of a tick
	// still always runs. Unlike a time cap it does not depend on the
	// machine, so a seed gives exactly one run: for tests, and to
	// reproduce what a time cap did once (cmd/bench -agent-budget-nodes).
	PlanWork int
	// Neighborhood is the move set agents walk with; it must match the
	// planner's.
	Neighborhood pathing.Neighborhood
	// LogSize is the number of recent replans kept; 0 means 256.
	LogSize int
	// RecheckTicks is the first wait before a stopped agent tries again; each
	// failed try doubles it up to 64 times this. 0 means 30. Any world change
	// makes every stopped agent try again at the next tick.
	RecheckTicks int
	// NoShortcuts turns off replanning when a dug cell might shorten an
	// agent's route (cells dug next to its remaining segment still count).
	NoShortcuts bool
	// Yield makes an agent about to step into a cell another agent stands
	// on wait up to YieldTicks for it to clear, and then go anyway: agents
	// share cells less, and two that want each other's cells can never
	// deadlock. Off (the default), agents walk through each other: there is
	// no collision avoidance. Yielding slows crowds on shared routes.
	Yield bool
	// YieldTicks is the longest wait for an occupied cell; 0 means 20.
	YieldTicks int
	// MaxCatchUp caps the ticks one Tick call may run to catch up with real
	// time (the rest is dropped, so a slow frame slows the clock rather than
	// stalling the window); 0 means 4.
	MaxCatchUp int
	// StuckTicks is how many ticks an agent may walk (state Moving) without
	// progress toward its goal (see Sim.StuckAgents for the rule) before the
	// Sim acts: first a fresh whole plan (ReasonStuck), then, after as many
	// ticks again without progress, a stop (WhyStuck) that is retried with
	// the usual backoff; a retry is a fresh plan itself, so one that makes
	// no progress stops again after StuckTicks. The allowance grows by the
	// duration of the step the agent is gathering time for, so a slow agent
	// entering a heavy cell is never cut off mid-step (and a stop keeps the
	// time it gathered). Ticks spent waiting for a plan do not count. 0
	// means 300 (5 s); negative turns the handling off (StuckAgents still
	// reports such agents). Group members following their place are not
	// handled, only reported; their leader is.
	StuckTicks int
}

func (c Config) withDefaults() Config {
	if c.TickSeconds <= 0 {
		c.TickSeconds = 1.0 / 60
	}
	if c.Speed <= 0 {
		c.Speed = 6
	}
	if c.PlanBudget == 0 {
		c.PlanBudget = 6 * time.Millisecond
	}
	if c.PlanCap <= 0 {
		c.PlanCap = 256
	}
	if c.LogSize <= 0 {
		c.LogSize = 256
	}
	if c.RecheckTicks <= 0 {
		c.RecheckTicks = 30
	}
	if c.MaxCatchUp <= 0 {
		c.MaxCatchUp = 4
	}
	if c.YieldTicks <= 0 {
		c.YieldTicks = 20
	}
	if c.StuckTicks == 0 {
		c.StuckTicks = 300
	}
	return c
}

// Kind says what role an agent plays.
type Kind uint8

const (
	Solo   Kind = iota // an agent with its own goal
	Member             // a member of a group, following its slot
	Leader             // the virtual centre of a group: it plans, members follow
)

var kindNames = [...]string{"solo", "member", "leader"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

type agent struct {
	id   int
	dead bool
	// routeFoot is the buffer of its view's RouteFoot (routeOf).
	routeFoot []int
	kind      Kind
	group     int // index into Sim.groups, or -1
	selected  bool

	cell image.Point
	// moves counts the agent's changes of cell (moveTo, a revive
	// elsewhere); a put-back takes its push's back (see Push.moves).
	moves   uint64
	acc     float64 // seconds gathered toward the next step
	speed   float64
	goal    image.Point
	hasGoal bool

	state State
	why   Why
	err   error

	plan   Plan
	segIdx int     // index of cell in plan.Segment
	walked float64 // cost walked since the plan was made

	need    Reason // pending plan request (ReasonNone: none)
	queued  bool
	asked   int64 // tick it joined the plan queue
	yield   int   // ticks waited so far for an occupied cell
	recheck int64 // tick of the next try when Stopped
	backoff int
	excused bool // stopped for a reason the component labels prove

	// Progress (see StuckAgents): best is the lowest remaining route cost
	// since the goal was set, planRem the remaining cost when the current
	// plan was made (the agent has walked a.walked of it since). bound: that
	// cost is a lower bound. starts rings the cells (indices) where its
	// lower-bound plans began since the measure last restarted (see
	// notePlan), nextStart is the slot the next one overwrites once it is
	// full, and looped says its current segment stepped on one of them.
	lastProgress int64
	best         float64
	planRem      float64
	rebase       bool // the world got worse for it: its next plan may raise best
	noProg       int  // ticks walked (Moving) without progress, for Config.StuckTicks
	stuckTries   int  // stuck replans since its last progress (or its goal was proved cut off)
	bound        bool
	starts       []int32
	nextStart    int
	looped       bool
	lastReplan   int64
	lastReason   Reason
	// hit is why the pending world_changed replan was asked (hitSegment…),
	// counted in Stats when that plan is made; 0 when none. It lives
	// exactly as long as that request: dropRequest and a settled request
	// clear it, so a later world_changed replan is counted for its own
	// kind.
	hit uint8
	// pushed: a fill pushed it off its cell (displace) since the request
	// pending now was asked; its plan's log line says so (Replan.Displaced).
	pushed   bool
	replans  int
	steps    int
	arrivals int

	// group members
	slot   image.Point // formation offset from the leader
	rank   int         // place in single file
	target image.Point // cell the member walks to now
	inFile bool        // following the trail (single file) rather than its slot
	// gathering: its slot unusable at the arrived leader's goal, it walks
	// to (or stands on) a place near the goal (Sim.gatherSpot) rather
	// than its place in single file; cleared by a new goal.
	gathering bool
	lastTgt   image.Point // target the local path was made for
	noPath    bool        // no local path to lastTgt was found
	// localNeed: it waits in the plan queue for a local path to its place
	// (see Sim.requestLocal).
	localNeed bool
	ownWay    bool // cut off from its group, it walks its own plan to the goal (Sim.ownWay)
	// far: its path is a far route to its place, walked to its end
	// (Sim.keepsFarRoute); farReach: made for a place beyond localReach.
	far, farReach bool
	// cutPlan is replans+1 while an edit since the agent's plan touched its
	// route (see RouteBlock); another value: untouched.
	cutPlan int
	// byStandIn: its plan was made whole by the stand-in planner
	// (SetStandIn), not by the planner; EndStandIn replans it.
	byStandIn bool
	// held is why (hitLegs, hitShortcut…) a change of the edit in progress
	// (BeginEdit), one that can only make routes cheaper, concerns its
	// plan: it replans once, at EndEdit, unless a whole plan made since
	// took the change in. 0: none held.
	held uint8
}

// Stats are the Sim's counters since it was made.
type Stats struct {
	Ticks    int64
	Plans    int             // planner calls
	Reasons  [NumReasons]int // planner calls by reason
	Replans  int             // planner calls other than for a new goal
	Arrivals int             // goals reached (group members and leaders included)
	Steps    int64           // cells walked
	Stopped  int             // times an agent stopped (unreachable, goal blocked, planner error)
	Failed   int             // plans that returned an error
	PlanTime time.Duration   // total planning time
	MaxTick  time.Duration   // most planning time in one tick
	Queue    int             // agents waiting for a plan now
	Work     int64           // nodes expanded by the planner
	Local    int             // local searches made by group members (served from the plan queue)
	// LocalWork counts the nodes the members' finished local searches
	// expanded (the boxed try and the unboxed one each).
	LocalWork int64
	Extended  int // members' paths extended by one step to a place that moved, instead of a search
	// FarRoutes counts the members' far routes the planner gave (a place
	// beyond localReach, or round a wall; see Sim.beginLocal).
	FarRoutes int
	OwnWay    int // times a member cut off from its group set out on its own way to the goal
	// CutOffStops counts the times a member cut off from its group with no
	// way to the goal either stopped (WhyCutOff).
	CutOffStops int
	Rejoined    int // times a member on its own way was reconnected and took its place again
	// MaxWait is the most ticks a request (a plan, or a member's local
	// search) waited in the plan queue before it was served: with a fair
	// queue it is bounded by the queue's length over the plans per tick.
	MaxWait  int64
	Displace int // agents moved out of a cell that was filled under them
	// DisplacedArrivals counts the arrivals (in Arrivals) of agents that a
	// fill pushed onto their own goals: they took no step to get there
	// (see Sim.displace).
	DisplacedArrivals int
	Yields            int // times an agent stopped to wait for an occupied cell
	// Settled counts requests settled without a planner call (the goal a
	// wall or in another component) that the replan log lists, by reason.
	Settled [NumReasons]int
	// Refined counts segment-end plans served by refining the next leg of
	// the kept plan (Refiner); RefineFailed those that fell back to a
	// whole new plan.
	Refined, RefineFailed int
	// Why world changes made agents replan: a changed cell next to the
	// remaining segment, inside a leg's area, or a dug cell that might
	// shorten the route; or a fill that pushed the agent off its cell.
	// Counted when the plan is made, so they add up to
	// Reasons[ReasonWorldChanged] (counted when edits touched routes,
	// they summed to more: an agent waiting for its replan was counted
	// again by the next edit, a tester found).
	HitSegment, HitLegs, HitShortcut, HitDisplaced int
	// StuckReplans counts fresh plans made for agents that walked
	// Config.StuckTicks ticks without progress; StuckStops the agents that
	// then stopped (WhyStuck) after as many ticks again.
	StuckReplans, StuckStops int
	// WallViolations counts steps that were found illegal when an agent was
	// about to take them (a wall or a cut corner on a segment nobody
	// invalidated, i.e. the grid was edited without CellsChanged). The agent
	// does not take such a step: it replans with ReasonBlocked. With every
	// edit reported this stays 0; cmd/bench checks that.
	WallViolations int
}

// Sim is the agent simulation: agents, groups, a plan queue with a per-tick
// budget, a fixed-step clock and a replan log. It reads (never writes) the
// grid it was made with; whoever edits the grid reports the edited cells
// with CellsChanged before the next Step. A Sim is not safe for concurrent
// use.
type Sim struct {
	cfg     Config
	grid    *pathing.Grid
	planner Planner
	// standIn plans instead of planner while it is set (SetStandIn), for
	// the reason standInWhy; legPlan is the scratch plan of its
	// refinements of a leg (refineLeg).
	standIn    Planner
	standInWhy string
	legPlan    Plan
	// editing: an edit made of several CellsChanged is in progress
	// (BeginEdit): the replans its improvements ask wait for EndEdit.
	editing bool

	// agents are the spawned agents, agents[id] the one with id; leaders
	// are the groups' virtual leaders, leaders[k] the one with id
	// leaderBase+k. A leader is no agent the user spawned (the log and
	// the panel name it by its group), so it takes no id of theirs: the
	// ids of spawned agents are not interrupted by leaders (an undone
	// spawn's id is not given again, so a session's ids may skip).
	agents  []agent
	leaders []agent
	groups  []group

	queue []int32 // FIFO ring of agent indices waiting for a plan
	qhead int
	qlen  int

	cur        int // agent whose sliced search is in progress, or -1
	curReason  Reason
	curStale   bool        // the grid changed since that search began
	curLocal   bool        // cur's search is a member's local search (s.local), not the planner's
	localBoxed bool        // that search is the first try, boxed around the member and its place
	localTgt   image.Point // the place that search goes to
	localReach bool        // that search is for a place beyond localReach (a far route)
	farPlan    Plan        // scratch for farRoute

	tick         int64
	changes      uint64 // bumped by every call that may change what the agents look like (Version)
	cellsChanged uint64 // bumped by CellsChanged alone (the world, not the agents, changed)
	running      bool
	clock        float64 // clock speed factor
	accum        float64 // real seconds not yet turned into ticks

	stats    Stats
	lastPlan time.Duration
	log      ring
	arrived  []int

	comps     pathing.Components // connected component per cell (components)
	compIdx   []int32            // patchComponents scratch: the changed cells' indices
	compDirty bool               // comps not labelled yet
	mark      []uint32           // cells near the last change, stamped with markGen
	exact     []uint32           // the changed cells themselves, stamped with markGen
	markGen   uint32
	bfs       []int32
	dispSeen  []uint32 // cells displace's search has reached, stamped with dispGen
	dispGen   uint32
	chBuf     []image.Point // CellsChanged scratch
	pushes    []Push        // the agents the last CellsChanged moved off filled cells
	weights   []uint8       // each cell's weight as last reported to CellsChanged (0: wall)
	dugBuf    []image.Point

	local *pathing.Searcher // group members' local searches (served from the plan queue)
	occ   []uint32          // agents (leaders excepted) standing on each cell
}

// New returns a Sim on g planning with p. It is paused at tick 0 with no
// agents. It keeps a copy of g's weights (one byte per cell), so that
// CellsChanged can tell a fill or a heavier cell from a dig or a lighter one.
// A nil g or p is a programming error: it panics, naming the package.
func New(g *pathing.Grid, p Planner, cfg Config) *Sim {
	switch {
	case g == nil:
		panic("agents: New: nil grid")
	case p == nil:
		panic("agents: New: nil planner")
	}
	cfg = cfg.withDefaults()
	s := &Sim{cfg: cfg, grid: g, planner: p, clock: 1, compDirty: true, cur: -1, occ: make([]uint32, g.Len())}
	s.weights = append([]uint8(nil), g.Cells()...)
	s.log.buf = make([]Replan, cfg.LogSize)
	return s
}

// Config returns the configuration with defaults filled in.
func (s *Sim) Config() Config { return s.cfg }

// Grid returns the grid the Sim reads.
func (s *Sim) Grid() *pathing.Grid { return s.grid }

// Planner returns the current planner (a stand-in, SetStandIn, may be
// planning in its place for now: see StandIn).
func (s *Sim) Planner() Planner { return s.planner }

// SetPlanner switches planners (say, after the user toggles HPA* or a switch
// of the hierarchy). Every agent under way replans with
// ReasonPlannerChanged before its next step, so no agent keeps a plan made
// by another planner (the map did not change: world_changed said it had).
// A stand-in set with SetStandIn stays: it plans until EndStandIn, and p
// after it.
func (s *Sim) SetPlanner(p Planner) {
	s.changes++
	if !s.curLocal { // a member's local search does not use the planner
		s.abandon()
	}
	s.planner = p
	for i, a := range s.all() {
		if !a.dead && (a.kind != Member || a.ownWay) && (a.state == Moving || a.state == Waiting) {
			a.rebase = true // another planner's routes are measured afresh
			s.request(i, ReasonPlannerChanged)
		}
	}
}

// ReplacePlanner makes p the planner without replanning anyone, for a p
// that plans as the planner it replaces did: the same configuration over a
// hierarchy equal to its (built again over the same grid, or lent out and
// given back), so the routes the old one gave stay good and its plans'
// legs are p's to refine; or a p that stands for that planner while a
// stand-in (SetStandIn) plans in its place anyway, so that the old one's
// hierarchy can be let go. SetPlanner is for a planner that plans
// otherwise. A sliced search of the planner in progress starts again with
// p (one of a stand-in goes on).
func (s *Sim) ReplacePlanner(p Planner) {
	s.changes++
	if s.standIn == nil && !s.curLocal {
		s.abandon()
	}
	s.planner = p
}

// SetStandIn makes p plan in the planner's place until EndStandIn, and
// replans nobody: it is for a while in which the planner must not be asked
// although the routes it gave are still good. The session's case: a paint
// stroke that defers the repair of the hierarchy behind the planner until
// it ends (a slow repair at every mouse move made painting stutter), while
// the agents are told of its cells as they are painted (CellsChanged). The
// hierarchy then lags the grid: a plan on it could run through the new
// wall, or never see that the route is cut. So p (A* on the grid) plans
// meanwhile, and the agents keep their routes as they keep them after any
// edit: only those whose route an edit touches replan, with
// ReasonWorldChanged, at their next tick as always; p makes those plans and
// any other made meanwhile (a new goal, a retry). An agent reaching the end
// of its segment keeps its plan and has p plan the next leg only, to the
// leg's end (as the planner's Refiner would: the rest of the route is still
// the planner's). why says why, for a view ("during the stroke"). A
// sliced search of the planner in progress starts again with p.
func (s *Sim) SetStandIn(p Planner, why string) {
	s.changes++
	if !s.curLocal {
		s.abandon() // its search is the planner's: asked again of p
	}
	s.standIn, s.standInWhy = p, why
}

// StandIn returns the stand-in planner and why it plans (SetStandIn), or
// nil and "".
func (s *Sim) StandIn() (Planner, string) { return s.standIn, s.standInWhy }

// EndStandIn gives planning back to the planner. An agent under way whose
// whole plan the stand-in made replans with ReasonHierarchyRepaired before
// its next step, as SetPlanner replans every agent under way so that none
// keeps another planner's plan (the reason says what happened: the
// planner's hierarchy is repaired, not switched). Every other agent keeps
// its plan, one whose next leg the stand-in refined included: the rest of
// that route is the planner's. A sliced search of the stand-in in progress
// starts again with the planner, for the reason it was asked.
func (s *Sim) EndStandIn() {
	if s.standIn == nil {
		return
	}
	s.changes++
	if !s.curLocal {
		s.abandon()
	}
	s.standIn, s.standInWhy = nil, ""
	for i, a := range s.all() {
		if !a.byStandIn {
			continue
		}
		a.byStandIn = false
		if !a.dead && (a.kind != Member || a.ownWay) && (a.state == Moving || a.state == Waiting) {
			a.rebase = true // another planner's routes are measured afresh
			s.request(i, ReasonHierarchyRepaired)
		}
	}
}

// active returns the planner that plans now: the stand-in while one is
// set, else the planner.
func (s *Sim) active() Planner {
	if s.standIn != nil {
		return s.standIn
	}
	return s.planner
}

// Now returns the number of ticks simulated so far.
func (s *Sim) Now() int64 { return s.tick }

// Version changes whenever something a view of the agents shows may have
// changed: a tick, a spawn, removal or revival, a selection, a goal, a
// speed, the planner, the clock started or stopped, cells reported
// changed. A frame drawn at one version need not be drawn again while it
// holds (a paused or empty simulation costs no redraws). It may change
// when nothing visible did, never the other way round.
func (s *Sim) Version() uint64 { return s.changes }

// Run starts the clock; Tick then turns real time into ticks.
func (s *Sim) Run() { s.running = true; s.changes++ }

// Pause stops the clock; Step still runs single ticks.
func (s *Sim) Pause() { s.running = false; s.accum = 0; s.changes++ }

// Running reports whether the clock runs.
func (s *Sim) Running() bool { return s.running }

// SetClockSpeed sets how many simulated seconds pass per real second
// (clamped to 1/64..64); 1 is real time.
func (s *Sim) SetClockSpeed(x float64) {
	if !(x > 0) {
		x = 1
	}
	s.clock = math.Min(64, math.Max(1.0/64, x))
	s.changes++
}

// ClockSpeed returns the clock speed factor.
func (s *Sim) ClockSpeed() float64 { return s.clock }

// Tick moves the clock by dt real seconds when it runs and performs the
// ticks that time covers (at most Config.MaxCatchUp, and no more once the
// call has spent twice Config.PlanBudget; the rest is dropped).
// It returns the number of ticks run. Call it once per frame.
//
// While no agent has work (anyWork: none on the map, or every one idle
// without a goal or arrived) the clock stands still although it runs:
// there is nothing to simulate, and ticks counted for nobody made every
// frame a new one (a redraw each frame, 160 % of a core under Xvfb, after
// one spawn and its undo). It goes on from where it stood once an agent
// has work again.
func (s *Sim) Tick(dt float64) int {
	if !s.running || !(dt > 0) {
		return 0
	}
	if !s.anyWork() {
		s.accum = 0
		return 0
	}
	s.accum += dt * s.clock
	n := 0
	start := time.Now()
	for s.accum >= s.cfg.TickSeconds {
		// Catching up stops after MaxCatchUp ticks (times the clock's
		// speed, so a fast clock is not held to real time), or once this call has
		// used twice the plan budget: a slow frame slows the clock instead
		// of making the next frame slower still.
		if n == s.cfg.MaxCatchUp*max(1, int(math.Ceil(s.clock))) || (n > 0 && s.cfg.PlanWork <= 0 && s.cfg.PlanBudget > 0 && time.Since(start) > 2*s.cfg.PlanBudget) {
			s.accum = 0
			break
		}
		s.accum -= s.cfg.TickSeconds
		s.Step()
		n++
	}
	return n
}

// Spawn adds an idle agent on cell c and returns its id. It fails, naming
// the cell, when c is outside the grid or a wall.
func (s *Sim) Spawn(c image.Point) (int, error) {
	if !s.grid.In(c) {
		return -1, fmt.Errorf("agents: cannot spawn at (%d,%d): outside the %d×%d grid", c.X, c.Y, s.grid.Width(), s.grid.Height())
	}
	if !s.grid.Open(c) {
		return -1, fmt.Errorf("agents: cannot spawn at (%d,%d): the cell is a wall", c.X, c.Y)
	}
	return s.add(c, Solo), nil
}

func (s *Sim) add(c image.Point, k Kind) int {
	s.changes++
	a := agent{kind: k, group: -1, cell: c, speed: s.cfg.Speed, lastProgress: s.tick, best: math.Inf(1), lastReplan: -1}
	if k == Leader {
		a.id = leaderBase + len(s.leaders)
		s.leaders = append(s.leaders, a)
		return a.id
	}
	a.id = len(s.agents)
	s.agents = append(s.agents, a)
	s.occ[s.grid.Index(c)]++
	return a.id
}

// leaderBase is the id of the first group leader (see Sim.leaders): far
// above any number of spawned agents, and within the plan queue's int32.
const leaderBase = 1 << 30

// IsLeaderID reports whether id is a group leader's (none is a spawned
// agent's).
func IsLeaderID(id int) bool { return id >= leaderBase }

// at returns the agent with id i, spawned or leader; i must be valid.
func (s *Sim) at(i int) *agent {
	if i >= leaderBase {
		return &s.leaders[i-leaderBase]
	}
	return &s.agents[i]
}

// valid reports whether id names an agent or leader ever added.
func (s *Sim) valid(id int) bool {
	if id >= leaderBase {
		return id-leaderBase < len(s.leaders)
	}
	return id >= 0 && id < len(s.agents)
}

// all iterates over every agent and then every leader, with its id.
func (s *Sim) all() iter.Seq2[int, *agent] {
	return func(yield func(int, *agent) bool) {
		for i := range s.agents {
			if !yield(i, &s.agents[i]) {
				return
			}
		}
		for k := range s.leaders {
			if !yield(leaderBase+k, &s.leaders[k]) {
				return
			}
		}
	}
}

// moveTo puts agent a on cell to, keeping the occupancy counts.
func (s *Sim) moveTo(a *agent, to image.Point) {
	if a.kind != Leader {
		s.occ[s.grid.Index(a.cell)]--
		s.occ[s.grid.Index(to)]++
	}
	a.cell = to
	a.moves++
}

// mayEnter reports whether a may take its step into next now (see
// Config.Yield). A waiting agent keeps its gathered time at d, the
// step's duration, so it goes as soon as the cell clears.
func (s *Sim) mayEnter(a *agent, next image.Point, d float64) bool {
	if !s.cfg.Yield || a.kind == Leader || s.occ[s.grid.Index(next)] == 0 || a.yield >= s.cfg.YieldTicks {
		a.yield = 0
		return true
	}
	if a.yield == 0 {
		s.stats.Yields++
	}
	a.yield++
	a.acc = d
	return false
}

// Remove deletes agents (unknown ids are ignored). A removed group member
// leaves its group; ids are never reused.
func (s *Sim) Remove(ids []int) {
	s.changes++
	for _, id := range ids {
		a := s.get(id)
		if a == nil || a.kind == Leader {
			continue
		}
		if s.cur == id {
			s.abandon()
		}
		s.leaveGroup(id)
		a.dead = true
		s.occ[s.grid.Index(a.cell)]--
		dropRequest(a)
		a.state = Idle
	}
	s.dropDead()
}

// Revive brings back agent id, which Remove took: the same id, on the cell
// it stood on (the nearest open cell when that is a wall now), with its
// speed and counters, unselected, as a solo agent (a group member does not
// rejoin its group by itself: SetGroupGoal sends it with one). With hasGoal
// it has goal again: standing on it, it is there (Arrived, no arrival
// counted again); elsewhere it plans anew (ReasonNewGoal: the route it was
// walking is not kept, since the world may have changed since) and, like
// any agent, stops with the reason when the goal is a wall or cut off.
// Without, it is Idle. It fails, changing nothing, when id is not a
// removed agent or goal is outside the grid.
func (s *Sim) Revive(id int, goal image.Point, hasGoal bool) error {
	if !s.valid(id) || !s.at(id).dead || s.at(id).kind == Leader {
		return fmt.Errorf("agents: cannot revive agent %d: not a removed agent", id)
	}
	if hasGoal && !s.grid.In(goal) {
		return fmt.Errorf("agents: goal (%d,%d) is outside the %d×%d grid", goal.X, goal.Y, s.grid.Width(), s.grid.Height())
	}
	s.changes++
	a := s.at(id)
	cell := a.cell
	if !s.grid.Open(cell) {
		p, ok := s.nearestOpen(cell)
		if !ok {
			return fmt.Errorf("agents: cannot revive agent %d: no open cell near (%d,%d)", id, cell.X, cell.Y)
		}
		cell = p
	}
	a.dead, a.selected = false, false
	a.kind, a.group = Solo, -1
	if cell != a.cell {
		a.moves++
	}
	a.cell = cell
	s.occ[s.grid.Index(cell)]++
	a.acc, a.yield, a.queued = 0, 0, false
	dropRequest(a)
	a.plan.Reset()
	a.segIdx, a.walked = 0, 0
	a.state, a.why, a.err = Idle, WhyNone, nil
	a.inFile, a.ownWay, a.localNeed, a.noPath, a.gathering = false, false, false, false, false
	a.backoff, a.excused = 0, false
	a.goal, a.hasGoal = goal, hasGoal
	s.resetProgress(a)
	switch {
	case !hasGoal:
		a.goal = image.Point{}
	case cell == goal:
		a.state = Arrived
	default:
		s.request(id, ReasonNewGoal)
	}
	return nil
}

// dropDead takes removed agents (and leaders of emptied groups) out of the
// plan queue, keeping the others' order, so the queue's length counts only
// agents that will be served.
func (s *Sim) dropDead() {
	n := len(s.queue)
	k := 0
	for j := 0; j < s.qlen; j++ {
		i := s.queue[(s.qhead+j)%n]
		if a := s.at(int(i)); a.dead {
			a.queued = false
			continue
		}
		s.queue[(s.qhead+k)%n] = i
		k++
	}
	s.qlen = k
}

func (s *Sim) get(id int) *agent {
	if !s.valid(id) || s.at(id).dead {
		return nil
	}
	return s.at(id)
}

// Len returns the number of ids handed out (removed agents and group
// leaders included).
func (s *Sim) Len() int { return len(s.agents) + len(s.leaders) }

// anyWork reports whether a tick can change anything: some agent (or a
// group's leader) is walking or waiting for a plan, has a plan request
// pending, or has a goal it has not reached, as a stopped agent has (its
// retry, and an edit that reopened its way, are handled on ticks: a
// tester's stopped agent stayed stopped after a dig with the clock
// standing). Only idle agents without a goal and arrived ones leave the
// clock nothing to do.
func (s *Sim) anyWork() bool {
	for _, a := range s.all() {
		if a.dead {
			continue
		}
		if a.state == Moving || a.state == Waiting || a.need != ReasonNone || a.queued || (a.hasGoal && a.state != Arrived) {
			return true
		}
	}
	return false
}

// Live returns the number of agents on the map: spawned and not removed
// (groups' virtual leaders not counted).
func (s *Sim) Live() int {
	n := 0
	for i := range s.agents {
		if a := s.at(i); !a.dead && a.kind != Leader {
			n++
		}
	}
	return n
}

// SetSpeed sets the speed of agents in cells per second (0 means the
// configured default).
func (s *Sim) SetSpeed(ids []int, cps float64) {
	s.changes++
	if !(cps > 0) {
		cps = s.cfg.Speed
	}
	for _, id := range ids {
		if a := s.get(id); a != nil {
			a.speed = cps
		}
	}
}

// Select marks agents as selected; with add false the old selection is
// cleared first. Leaders and unknown ids are skipped.
func (s *Sim) Select(ids []int, add bool) {
	s.changes++
	if !add {
		s.ClearSelection()
	}
	for _, id := range ids {
		if a := s.get(id); a != nil && a.kind != Leader {
			a.selected = true
		}
	}
}

// SelectRect selects the agents standing in r (cells); with add false the
// old selection is cleared first. It returns the number selected by r.
func (s *Sim) SelectRect(r image.Rectangle, add bool) int {
	s.changes++
	if !add {
		s.ClearSelection()
	}
	n := 0
	for _, a := range s.all() {
		if !a.dead && a.kind != Leader && a.cell.In(r) {
			a.selected = true
			n++
		}
	}
	return n
}

// ClearSelection unselects every agent.
func (s *Sim) ClearSelection() {
	s.changes++
	for _, a := range s.all() {
		a.selected = false
	}
}

// Selected appends the ids of the selected agents to dst.
func (s *Sim) Selected(dst []int) []int {
	for _, a := range s.all() {
		if !a.dead && a.selected {
			dst = append(dst, a.id)
		}
	}
	return dst
}

// AgentAt returns the id of an agent standing on c (the newest one when
// several share it), or -1.
func (s *Sim) AgentAt(c image.Point) int {
	for i := len(s.agents) - 1; i >= 0; i-- {
		if a := s.at(i); !a.dead && a.kind != Leader && a.cell == c {
			return a.id
		}
	}
	return -1
}

// SetGoal gives each agent in ids the goal g (each plans its own path; a
// group member leaves its group). It fails, naming the cell, when g is
// outside the grid or a wall, and then changes nothing.
func (s *Sim) SetGoal(ids []int, g image.Point) error {
	if err := s.checkGoal(g); err != nil {
		return err
	}
	for _, id := range ids {
		a := s.get(id)
		if a == nil || a.kind == Leader {
			continue
		}
		s.leaveGroup(id)
		s.setGoal(id, g)
	}
	return nil
}

func (s *Sim) checkGoal(g image.Point) error {
	if !s.grid.In(g) {
		return fmt.Errorf("agents: goal (%d,%d) is outside the %d×%d grid", g.X, g.Y, s.grid.Width(), s.grid.Height())
	}
	if !s.grid.Open(g) {
		return fmt.Errorf("agents: goal (%d,%d) is a wall", g.X, g.Y)
	}
	return nil
}

func (s *Sim) setGoal(i int, g image.Point) {
	s.changes++
	if s.cur == i {
		s.abandon()
	}
	a := s.at(i)
	// A goal changed under way is a replan; one changed while the first
	// plan for the old goal is still waiting is the agent's first plan.
	r := ReasonNewGoal
	if a.hasGoal && a.goal != g && (a.state == Moving || a.state == Waiting && a.need != ReasonNewGoal) {
		r = ReasonGoalMoved
	}
	a.goal, a.hasGoal = g, true
	s.resetProgress(a)
	a.backoff = 0
	a.plan.Reset()
	a.segIdx = 0
	dropRequest(a) // the new goal's plan answers it
	s.request(i, r)
}

// ClearGoal stops agents where they stand (they become Idle).
func (s *Sim) ClearGoal(ids []int) {
	s.changes++
	for _, id := range ids {
		a := s.get(id)
		if a == nil || a.kind == Leader {
			continue
		}
		if s.cur == id {
			a.hasGoal = false
			s.abandon()
		}
		s.leaveGroup(id)
		a.hasGoal = false
		dropRequest(a)
		a.state, a.why, a.err = Idle, WhyNone, nil
		a.plan.Reset()
		a.segIdx, a.acc = 0, 0
	}
}

// request marks agent i as needing a plan for reason r and queues it once.
func (s *Sim) request(i int, r Reason) {
	a := s.at(i)
	if a.need == ReasonNone {
		a.need = r
	}
	a.state = Waiting
	// a.acc is kept: time already spent toward the next step still counts
	// once the new plan arrives. Resetting it let replans that come faster
	// than a step takes (edits on a long route) freeze an agent mid-step.
	s.enqueue(i)
}

// dropRequest forgets agent a's pending plan request, if any, and why a
// world_changed one was asked (agent.hit): no plan answers it. (Its
// queue entry stays and is skipped.)
func dropRequest(a *agent) {
	a.need = ReasonNone
	a.hit, a.pushed = 0, false
}

// requestLocal queues group member i for a local path to its place. Its
// search is served from the plan queue like any plan, first come, first
// served, under the tick's count cap and time budget; meanwhile the member
// walks on along the path it has (toward its previous place), if any.
func (s *Sim) requestLocal(i int) {
	s.at(i).localNeed = true
	s.enqueue(i)
}

// enqueue puts agent i at the back of the plan queue unless it is queued.
func (s *Sim) enqueue(i int) {
	a := s.at(i)
	if a.queued {
		return
	}
	a.queued = true
	a.asked = s.tick
	if s.qlen == len(s.queue) {
		nq := make([]int32, max(16, 2*len(s.queue)))
		for k := 0; k < s.qlen; k++ {
			nq[k] = s.queue[(s.qhead+k)%len(s.queue)]
		}
		s.queue, s.qhead = nq, 0
	}
	s.queue[(s.qhead+s.qlen)%len(s.queue)] = int32(i)
	s.qlen++
}

// Step runs one tick whether or not the clock runs: queued plans (within the
// budget), then every agent's movement, then group bookkeeping and the
// retries of stopped agents. Cost: O(agents) plus the planning done.
func (s *Sim) Step() {
	s.tick++
	s.changes++
	s.stats.Ticks = s.tick
	s.arrived = s.arrived[:0]
	s.planPhase()
	dt := s.cfg.TickSeconds
	for i, a := range s.all() {
		if a.dead {
			continue
		}
		switch a.kind {
		case Solo:
			s.walk(i, dt)
			s.checkStuck(i)
		case Leader:
			if s.leaderMayMove(a.group) {
				s.walk(i, dt)
			} else {
				a.acc = 0
			}
			s.checkStuck(i)
			s.groups[a.group].noteLeader(a.cell)
		}
	}
	for gi := range s.groups {
		s.stepGroup(gi, dt)
	}
	s.recheckPhase()
	s.stats.Queue = s.qlen
}

// planPhase serves the plan queue first come, first served until the
// tick's count cap or time budget is used up. The queue holds both agents'
// plans and group members' local searches (see requestLocal), so a big
// group shares the budget instead of adding to the frame. A planner with sliced
// searches (Sliced) is run in slices of sliceNodes expansions, so one long
// search spreads over several ticks instead of blowing the budget; the
// agent waits meanwhile. A search the grid changed under runs to its end
// and its answer is kept only when still legal (see stillGood); otherwise
// the agent queues again at the back. Without slicing, the first plan of a
// tick always runs whole.
func (s *Sim) planPhase() {
	start := time.Now()
	n := 0
	worked := false // a plan finished or a slice ran: the budget may stop us now
	work := 0       // nodes expanded this tick, for Config.PlanWork
	over := func() bool {
		if s.cfg.PlanWork > 0 {
			return work >= s.cfg.PlanWork
		}
		return s.cfg.PlanBudget > 0 && time.Since(start) >= s.cfg.PlanBudget
	}
	sp, sliced := s.active().(Sliced)
	for n < s.cfg.PlanCap {
		if s.cur < 0 {
			if s.qlen == 0 || (worked && over()) {
				break
			}
			i := int(s.queue[s.qhead])
			s.qhead = (s.qhead + 1) % len(s.queue)
			s.qlen--
			a := s.at(i)
			a.queued = false
			s.creditWait(a)
			var k int
			switch {
			case a.dead:
				continue
			case a.kind == Member && !a.ownWay:
				dropRequest(a)
				if !a.localNeed {
					continue
				}
				s.noteWait(a)
				k = s.beginLocal(i)
			case a.need == ReasonNone || !a.hasGoal:
				dropRequest(a)
				continue
			default:
				s.noteWait(a)
				k = s.begin(i, sp, sliced)
			}
			n += k
			if k > 0 {
				work += max(1, a.plan.Work)
			}
			worked = worked || k > 0
			if s.cur < 0 {
				continue
			}
		}
		for {
			if worked && over() {
				s.endPhase(start, worked)
				return
			}
			worked = true
			work += sliceNodes
			if s.curLocal {
				if s.continueLocal() {
					n++
					break
				}
				continue
			}
			done, err := sp.Continue(sliceNodes)
			if done {
				i, r, stale := s.cur, s.curReason, s.curStale
				s.cur, s.curStale = -1, false
				if stale && !s.stillGood(i, err) {
					// The grid changed under the search and spoilt its
					// answer: plan again, behind everyone waiting now.
					s.at(i).plan.Reset()
					s.request(i, r)
					break
				}
				s.finish(i, r, err)
				n++
				break
			}
		}
	}
	s.endPhase(start, worked)
}

// creditWait moves agent a's progress tick (the stuck measure's start, see
// StuckAgents) on by the ticks it spent in the plan queue since it asked,
// or since its latest progress when that came later, less the one tick
// every request waits (asked during a tick's walk, served at the next): a
// long queue is the Sim's budget, not the agent's failure. So only the
// time it walked without progress counts, and a replan loop served at once
// is still caught. Called when a leaves the queue; progressTick gives the
// same for a wait in progress.
func (s *Sim) creditWait(a *agent) {
	if w := s.tick - max(a.asked, a.lastProgress) - 1; w > 0 {
		a.lastProgress += w
	}
}

// progressTick returns the tick from which agent a's time without
// progress counts: its latest progress, moved on by the ticks it has been
// waiting in the plan queue since (see creditWait).
func (s *Sim) progressTick(a *agent) int64 {
	if !a.queued {
		return a.lastProgress
	}
	return a.lastProgress + max(0, s.tick-max(a.asked, a.lastProgress)-1)
}

// noteWait records how long agent a waited in the queue.
func (s *Sim) noteWait(a *agent) {
	s.stats.MaxWait = max(s.stats.MaxWait, s.tick-a.asked)
}

// stillGood reports whether the answer of agent i's sliced search, which
// ran while the grid changed, may be used: a found segment that starts at
// the agent's cell and whose every step is still legal (it may miss a
// route a dig opened meanwhile, as any plan made before that dig would), or
// "unreachable" that the component labels confirm. Restarting on every
// change instead would let an edit per tick (a brush drag) starve the
// search and the whole queue behind it.
func (s *Sim) stillGood(i int, err error) bool {
	a := s.at(i)
	if err != nil {
		return !isUnreachable(err) || !s.reachable(a.cell, a.goal)
	}
	seg := a.plan.Segment
	if len(seg) == 0 || seg[0] != a.cell {
		return false
	}
	for k := 0; k+1 < len(seg); k++ {
		if !s.grid.CanStep(seg[k], seg[k+1], s.cfg.Neighborhood) {
			return false
		}
	}
	return true
}

// begin takes agent i's request: it settles it without a search when it
// can, plans it whole with a planner that does not slice, or begins a
// sliced search (s.cur). It returns the number of plans finished (0 or 1).
func (s *Sim) begin(i int, sp Sliced, sliced bool) int {
	a := s.at(i)
	r, ok := s.precheck(i)
	if !ok {
		return 0
	}
	if r == ReasonSegmentDone && len(a.plan.Legs) > 0 {
		rf, can := s.planner.(Refiner)
		if can || s.standIn != nil {
			rest := max(0, a.plan.Cost-a.walked)
			var err error
			if s.standIn != nil {
				err = s.refineLeg(a) // not the planner's Refiner: see SetStandIn
			} else {
				err = rf.Refine(a.cell, &a.plan)
			}
			if err == nil {
				a.plan.Cost = rest
				s.stats.Refined++
				by := a.byStandIn // the kept plan's maker made the route
				s.finish(i, r, nil)
				a.byStandIn = by
				return 1
			}
			s.stats.RefineFailed++ // plan the whole route again below
		}
	}
	a.held = 0 // the whole route is planned on the grid as it is now
	if !sliced {
		s.finish(i, r, s.active().Plan(a.cell, a.goal, &a.plan))
		return 1
	}
	if err := sp.Begin(a.cell, a.goal, &a.plan); err != nil {
		s.finish(i, r, err)
		return 1
	}
	s.cur, s.curReason = i, r
	return 0
}

// refineLeg plans the next leg of a's kept plan with the stand-in (see
// SetStandIn): a path from a's cell to the leg's end, taking along the
// one-step border crossings right after it as HPA.Refine does, becomes the
// segment, and the legs it covers are dropped.
func (s *Sim) refineLeg(a *agent) error {
	legs := a.plan.Legs
	n := 1
	for n < len(legs) && chebyshev(legs[n-1].To, legs[n].To) <= 1 {
		n++
	}
	tmp := &s.legPlan
	err := s.standIn.Plan(a.cell, legs[n-1].To, tmp)
	a.plan.Work = tmp.Work
	if err != nil {
		return err
	}
	if len(tmp.Legs) > 0 || len(tmp.Segment) == 0 {
		return fmt.Errorf("agents: stand-in %s planned the leg to %v in parts", s.standIn.Name(), legs[n-1].To)
	}
	a.plan.Segment = append(a.plan.Segment[:0], tmp.Segment...)
	a.plan.FootFrom = legs[n-1].Foot
	m := copy(legs, legs[n:])
	a.plan.Legs = legs[:m]
	return nil
}

// sliceNodes is the number of expansions between two looks at the clock
// when a sliced search runs (about 0.1 ms of A*).
const sliceNodes = 1024

func (s *Sim) endPhase(start time.Time, worked bool) {
	s.lastPlan = 0
	if worked {
		s.lastPlan = time.Since(start)
	}
	s.stats.PlanTime += s.lastPlan
	s.stats.MaxTick = max(s.stats.MaxTick, s.lastPlan)
}

// abandon drops the sliced search in progress (its agent's request is
// queued again when it still wants a plan).
func (s *Sim) abandon() {
	if s.cur < 0 {
		return
	}
	i, r := s.cur, s.curReason
	local := s.curLocal
	s.cur, s.curStale, s.curLocal = -1, false, false
	a := s.at(i)
	a.plan.Reset()
	if local {
		a.lastTgt = image.Point{-1, -1} // a member still following asks again
		return
	}
	if !a.dead && a.hasGoal {
		s.request(i, r)
	}
}

// LastPlanTime returns the planning time of the latest tick.
func (s *Sim) LastPlanTime() time.Duration { return s.lastPlan }

// precheck takes agent i's request and settles it without a search when
// the goal is a wall or in another component. It reports the reason and
// whether a search is needed.
func (s *Sim) precheck(i int) (Reason, bool) {
	a := s.at(i)
	r := a.need
	a.need = ReasonNone
	a.err = nil
	// Stops that the component labels prove are excused from the stuck
	// count (lastProgress moves on); a planner that fails although the
	// labels say the goal is reachable is not.
	if !s.grid.Open(a.goal) {
		s.settle(i, r, WhyGoalBlocked)
		s.excuse(a)
		return r, false
	}
	comp := s.components()
	if comp[s.grid.Index(a.cell)] != comp[s.grid.Index(a.goal)] {
		s.settle(i, r, WhyUnreachable)
		s.excuse(a)
		return r, false
	}
	return r, true
}

// settle stops agent i for reason r without a search, counting it in
// Stats.Settled when the stop is logged (the panel's counts match its lines).
func (s *Sim) settle(i int, r Reason, why Why) {
	a := s.at(i)
	a.hit, a.pushed = 0, false // no plan: a world_changed request settled is counted by no kind
	if a.state != Stopped || a.why != why {
		s.stats.Settled[r]++
	}
	s.stop(i, r, why)
}

// Listed returns how many lines of the replan log give reason r: the
// planner calls for it and the requests settled without one.
func (st Stats) Listed(r Reason) int { return st.Reasons[r] + st.Settled[r] }

// finish records the outcome of a plan for agent i asked for reason r.
func (s *Sim) finish(i int, r Reason, err error) {
	a := s.at(i)
	s.stats.Plans++
	s.stats.Reasons[r]++
	if r == ReasonWorldChanged {
		switch a.hit {
		case hitSegment:
			s.stats.HitSegment++
		case hitLegs:
			s.stats.HitLegs++
		case hitShortcut:
			s.stats.HitShortcut++
		case hitDisplaced:
			s.stats.HitDisplaced++
		}
	}
	a.hit = 0
	pushed := a.pushed
	a.pushed = false
	if r.IsReplan() {
		s.stats.Replans++
	}
	s.stats.Work += int64(a.plan.Work)
	a.replans++
	a.lastReplan, a.lastReason = s.tick, r
	a.byStandIn = s.standIn != nil
	if err == nil && (len(a.plan.Segment) == 0 || a.plan.Segment[0] != a.cell) {
		err = fmt.Errorf("agents: planner %s returned a segment that does not start at (%d,%d)", s.active().Name(), a.cell.X, a.cell.Y)
	}
	if err != nil {
		s.stats.Failed++
		why := WhyPlanFailed
		if isUnreachable(err) {
			why = WhyUnreachable
		} else {
			a.err = err
		}
		s.stop(i, r, why)
		a.excused = false
		return
	}
	a.segIdx, a.walked = 0, 0 // a.acc carries over (see request)
	a.state, a.why = Moving, WhyNone
	a.backoff = 0
	s.notePlan(a, r)
	// A plan of one cell at the goal: the agent is there, and arrives now
	// (its log line says arrived, not moving). Pushed there by a fill (see
	// displace), it is counted among DisplacedArrivals too.
	here := len(a.plan.Segment) == 1 && len(a.plan.Legs) == 0 && a.cell == a.goal
	st := Moving
	if here {
		st = Arrived
	}
	s.log.add(Replan{Tick: s.tick, Agent: a.id, Reason: r, Cell: a.cell, State: st, Displaced: pushed, Leader: a.kind == Leader, Group: a.group})
	if here {
		if pushed {
			s.stats.DisplacedArrivals++
		}
		s.arrive(i)
	}
}

func (s *Sim) stop(i int, r Reason, why Why) {
	a := s.at(i)
	if a.state != Stopped || a.why != why {
		s.stats.Stopped++
		s.log.add(Replan{Tick: s.tick, Agent: a.id, Reason: r, Cell: a.cell, State: Stopped, Why: why, Leader: a.kind == Leader, Group: a.group})
	}
	a.state, a.why = Stopped, why
	a.plan.Reset()
	a.segIdx, a.acc = 0, 0
	if a.backoff == 0 {
		a.backoff = s.cfg.RecheckTicks
	} else {
		a.backoff = min(2*a.backoff, 64*s.cfg.RecheckTicks)
	}
	a.recheck = s.tick + int64(a.backoff)
}

func (s *Sim) arrive(i int) {
	a := s.at(i)
	a.state = Arrived
	a.acc = 0
	a.arrivals++
	s.progress(a)
	s.stats.Arrivals++
	if a.kind != Leader {
		s.arrived = append(s.arrived, a.id)
	}
}

// ArrivedNow appends the ids of agents that reached their goal during the
// latest Step (group leaders excluded).
func (s *Sim) ArrivedNow(dst []int) []int { return append(dst, s.arrived...) }

// stepDuration returns the seconds a step from a to b takes for agent a.
func (s *Sim) stepDuration(a *agent, from, to image.Point) float64 {
	l := 1.0
	if from.X != to.X && from.Y != to.Y {
		l = math.Sqrt2
	}
	return l * float64(max(1, s.grid.Weight(to))) / a.speed
}

// walk moves a solo agent or a leader along its segment for dt seconds.
func (s *Sim) walk(i int, dt float64) {
	a := s.at(i)
	if a.state != Moving {
		return
	}
	a.acc += dt
	seg := a.plan.Segment
	for {
		if a.segIdx >= len(seg)-1 {
			if len(a.plan.Legs) == 0 && a.cell == a.goal {
				s.arrive(i)
			} else {
				s.request(i, ReasonSegmentDone)
			}
			return
		}
		next := seg[a.segIdx+1]
		d := s.stepDuration(a, a.cell, next)
		if a.acc < d {
			return
		}
		if !s.grid.CanStep(a.cell, next, s.cfg.Neighborhood) {
			s.stats.WallViolations++
			a.rebase = true
			s.request(i, ReasonBlocked)
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
		if a.bound && !a.looped {
			a.looped = s.isStart(a, int32(s.grid.Index(next)))
		}
		s.noteRemaining(a, a.planRem-a.walked)
		s.stats.Steps++
	}
}

// progressEps is the least drop of the remaining route cost that counts as
// progress (half the cheapest step), so rounding in a planner's estimates
// never does.
const progressEps = 0.5

// resetProgress starts the progress measure over for a new goal (a new
// goal counts as progress).
func (s *Sim) resetProgress(a *agent) {
	a.best = math.Inf(1)
	a.rebase, a.looped = false, false
	a.starts, a.nextStart = a.starts[:0], 0
	s.progress(a)
}

// progress records that agent a made progress now.
func (s *Sim) progress(a *agent) {
	a.lastProgress = s.tick
	a.noProg, a.stuckTries = 0, 0
}

// excuse records a stop the component labels prove (goal a wall or cut
// off): it is not stuck, and when its goal opens again the route is
// measured afresh, with a full stuck allowance (a fresh plan, then a stop).
func (s *Sim) excuse(a *agent) {
	a.excused = true
	a.lastProgress, a.noProg, a.stuckTries = s.tick, 0, 0
}

// maxStarts caps the segment starts an agent remembers (see notePlan): a
// planner looping through more segments than this would escape the test.
const maxStarts = 128

// notePlan measures the remaining cost of a's new plan, asked for reason
// r: the planner's estimate (Plan.Cost), else the segment's cost plus the
// octile distances along its legs. A first plan for a goal, or a plan made
// because the world got worse for the agent (a fill or heavier cells on its
// route, a refused step, a reopened goal, another planner), may raise the
// best remaining cost to its own without counting as progress: the agent
// is not blamed for a longer way.
//
// A lower bound (Plan.LowerBound, or no Cost and some legs) drops to the
// octile distance at the segment's end and cannot be compared between
// plans: on a winding route it rises at every segment that leads away
// from the goal. For such plans a segment end is what counts: a
// segment_done plan that starts on a cell where none of the agent's plans
// started since the measure last restarted, reached by a segment that
// stepped on no such cell either, is progress and restarts the measure at
// its own cost, so each step of the new segment is progress too. A loop
// comes back to its starts (or, after a replan from mid-segment shifted
// its segment ends, walks over them), and then a plan counts only when it
// beats the best, which a second lap never does. The starts (the latest
// maxStarts) are forgotten when the measure restarts (new goal, the world
// got worse).
//
// Any other plan (an exact one at a segment end, a stuck replan, a dig's
// shortcut) counts only when it beats the best.
func (s *Sim) notePlan(a *agent, r Reason) {
	rem, bound := a.plan.Cost, a.plan.LowerBound
	if rem <= 0 {
		seg := a.plan.Segment
		for k := 0; k+1 < len(seg); k++ {
			rem += s.grid.StepCost(seg[k], seg[k+1], s.cfg.Neighborhood)
		}
		prev := a.cell
		if len(seg) > 0 {
			prev = seg[len(seg)-1]
		}
		for _, l := range a.plan.Legs {
			rem += pathing.OctileDistance(prev, l.To)
			prev = l.To
		}
		bound = len(a.plan.Legs) > 0
	}
	a.planRem, a.bound = rem, bound
	first := math.IsInf(a.best, 1)
	if first || a.rebase {
		a.starts, a.nextStart = a.starts[:0], 0
	}
	fresh := bound && s.noteStart(a) && !a.looped
	a.looped = false
	switch {
	case first || a.rebase && rem > a.best:
		a.best = rem
	case fresh && r == ReasonSegmentDone:
		a.best = rem
		s.progress(a)
	default:
		s.noteRemaining(a, rem)
	}
	a.rebase = false
}

// noteStart records that a plan of agent a begins on its cell and reports
// whether none of the remembered ones did.
func (s *Sim) noteStart(a *agent) bool {
	c := int32(s.grid.Index(a.cell))
	if s.isStart(a, c) {
		return false
	}
	if len(a.starts) < maxStarts {
		a.starts = append(a.starts, c)
	} else {
		a.starts[a.nextStart] = c
		a.nextStart = (a.nextStart + 1) % maxStarts
	}
	return true
}

// isStart reports whether one of a's remembered plans began on cell c.
func (s *Sim) isStart(a *agent, c int32) bool {
	for _, v := range a.starts {
		if v == c {
			return true
		}
	}
	return false
}

// noteRemaining records that a's remaining route cost is rem now: a new
// low (by more than progressEps) is progress.
func (s *Sim) noteRemaining(a *agent, rem float64) {
	if rem < a.best-progressEps {
		a.best = rem
		s.progress(a)
	}
}

// stepTicks returns the ticks agent a's next step on its segment takes
// (rounded up; 0 when it has none): the stuck allowance grows by it, so a
// step longer than the allowance (a slow agent, a heavy cell) can finish.
func (s *Sim) stepTicks(a *agent) int {
	seg := a.plan.Segment
	if a.segIdx+1 >= len(seg) || seg[a.segIdx] != a.cell {
		return 0
	}
	t := s.stepDuration(a, a.cell, seg[a.segIdx+1]) / s.cfg.TickSeconds
	return int(math.Ceil(math.Min(t, 1<<40)))
}

// checkStuck counts a tick of agent i walking without progress and acts
// when Config.StuckTicks of them, plus the ticks of the step it is taking,
// have passed: a fresh whole plan (ReasonStuck) the first time, a stop
// (WhyStuck, retried with backoff) the next; the stop keeps the time the
// agent gathered toward its step. Progress, or a goal proved cut off,
// starts over at the fresh plan; a retry after the backoff does not (its
// plan is fresh already), so a retry without progress stops after
// StuckTicks. Waiting for a plan does not count: a long queue is not the
// agent's failure.
func (s *Sim) checkStuck(i int) {
	a := s.at(i)
	if s.cfg.StuckTicks < 0 || a.state != Moving {
		return
	}
	if a.noProg++; a.noProg < s.cfg.StuckTicks+s.stepTicks(a) {
		return
	}
	a.noProg = 0
	if a.stuckTries == 0 {
		a.stuckTries++
		s.stats.StuckReplans++
		s.request(i, ReasonStuck)
		return
	}
	s.stats.StuckStops++
	acc := a.acc
	s.stop(i, ReasonStuck, WhyStuck)
	a.acc = acc
	a.excused = false
}

// recheckPhase lets stopped agents try again when their backoff is over. A
// try whose goal is still a wall or in another component costs no search.
func (s *Sim) recheckPhase() {
	for i, a := range s.all() {
		if a.dead || a.state != Stopped || a.kind == Member || a.recheck > s.tick {
			continue
		}
		if a.why != WhyPlanFailed && !s.reachable(a.cell, a.goal) {
			s.excuse(a) // still cut off: not stuck
			// A change resets the backoff to 0 (look at once); from there
			// it starts over at RecheckTicks.
			a.backoff = min(max(s.cfg.RecheckTicks, 2*a.backoff), 64*s.cfg.RecheckTicks)
			a.recheck = s.tick + int64(a.backoff)
			continue
		}
		if a.excused {
			// Reachable again: the stuck clock starts now, and the way
			// that opened may be longer than the best seen before.
			a.lastProgress, a.noProg, a.rebase = s.tick, 0, true
		}
		s.request(i, ReasonRecheck)
	}
}

// reachable reports whether a path joins a and b in the current grid.
func (s *Sim) reachable(a, b image.Point) bool {
	if !s.grid.Open(a) || !s.grid.Open(b) {
		return false
	}
	c := s.components()
	return c[s.grid.Index(a)] == c[s.grid.Index(b)]
}

// Reachable reports whether a path joins cells a and b in the current grid
// (one component lookup; the labels are repaired locally after a change,
// made whole only the first time).
func (s *Sim) Reachable(a, b image.Point) bool { return s.reachable(a, b) }

// Stats returns the counters.
func (s *Sim) Stats() Stats {
	st := s.stats
	st.Queue = s.qlen
	return st
}

// Replans appends the replan log to dst, newest first (at most
// Config.LogSize entries).
func (s *Sim) Replans(dst []Replan) []Replan { return s.log.appendNewest(dst) }

// Stuck returns how many agents have a goal they could reach and have made
// no progress for at least ticks ticks (plus their current step's): the
// length of StuckAgents' list, whose doc gives the rule.
func (s *Sim) Stuck(ticks int64) int { return len(s.StuckAgents(nil, ticks)) }

func isUnreachable(err error) bool { return errors.Is(err, ErrUnreachable) }
