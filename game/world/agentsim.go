package world

import (
	"fmt"
	"image"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"pathlens/game/world/agents"
	"pathlens/pathing/groups"
	"pathlens/pathing/hpa"
)

// agentState is the session's agent simulation (package agents) and what
// its planner was made from.
type agentState struct {
	sim *agents.Sim
	// pushes gathers the agents moved off filled cells by the changes of
	// the edit being applied (takePushes).
	pushes []agents.Push
	// plannerOf is the hierarchy (*hpa.Hierarchy, *groups.Graph) or the
	// grid the planner reads; nil for a pendingPlanner.
	plannerOf any
	// key is what the agents' routes were planned with: the planner's
	// switches (agentKey). fallback: the planner is A* on the grid in
	// place of key's hierarchy, which could not be built, so its routes
	// are A*'s. waiting: key's hierarchy is being built or lent (or is yet
	// to be built), and the stand-in plans until it is in.
	key      agentKey
	fallback bool
	waiting  bool
	logged   int64 // newest replan tick already written to the event log
	// version names the state of the agents as the user made it: each
	// spawn, send, removal, undo or redo of one gives a new number
	// (versions counts those handed out), except that undoing a removal
	// right after it (or redoing it right after its undo) goes back to the
	// number the agents had then. saved is the version at the last save or
	// load (Dirty: a designer's placed agents are work a quit must not drop
	// unasked).
	version, versions, saved int
	// savedSome: the last save or load held agents. With none then and
	// none now, spawning and removing them again left nothing to save.
	savedSome bool
	// tag names sim in the undo history (simTag), tags counts those
	// handed out: the history keeps a simulation's tag, not the
	// simulation, so one made anew (remakeAgents) can be let go.
	tag, tags simTag
	// userPaused: the clock is stopped because the user paused it (U), not
	// because it never ran or a session was loaded paused. A send then
	// leaves it paused (sendAgents): a designer pauses, fills a wall across
	// a route, sends an agent to look at its orange cut route, and runs
	// them all with U when ready.
	userPaused bool
	seen       map[[2]int64]bool
	scratch    []agents.Replan
	// standIn is the A* planner the agents plan with while a stroke
	// defers the repairs of the hierarchy their planner reads, or while
	// that hierarchy is being built or lent (syncAgentStandIn). Its searcher holds about 32 bytes a cell: kept
	// between strokes up to standInKeepCells (8 MB at 512×512, made once
	// for a session of strokes), let go after each stroke above that (128
	// MB at 2048×2048, which the memory checks do not count).
	standIn *agents.AStar
}

// Agents returns the agent simulation, or nil before the first agent.
func (w *World) Agents() *agents.Sim { return w.agents.sim }

// agentSim returns the simulation, creating it on first use with a
// planner for the current algorithm: HPA* and the group hierarchy plan
// high and refine lazily; the flat searches plan with A*. While the
// hierarchy is being built the planner is a pendingPlanner, and A* stands
// in for it (syncAgentPlanner).
func (w *World) agentSim() *agents.Sim {
	if w.agents.sim == nil {
		want := w.agentKey()
		of, fallback := w.agentSource(want)
		w.agents.key, w.agents.plannerOf, w.agents.fallback, w.agents.waiting = want, of, fallback, of == nil
		w.agents.sim = agents.New(w.Grid, w.newAgentPlanner(want, of), agents.Config{Neighborhood: w.Settings.Neighborhood})
		w.agents.tags++
		w.agents.tag = w.agents.tags
		if w.agentClock > 0 {
			w.agents.sim.SetClockSpeed(w.agentClock) // a loaded session's
		}
		w.agents.seen = map[[2]int64]bool{}
		if w.stroke != nil {
			w.agents.sim.BeginEdit() // made during a stroke: EndStroke ends its edit
		}
		w.syncAgentStandIn()
	}
	return w.agents.sim
}

// agentKey is what the agents plan with, as far as their routes go: the
// planner's algorithm and, for a hierarchy, its key (the switches that
// build it anew) and HPA*'s planner config (smoothing, shortcut,
// refinement). A*, Dijkstra and greedy share one key: under each the
// agents plan with A* on the grid (the query's heuristic is not theirs).
// The group planner's cost, exclusion and target are read at each plan,
// so they are not in it.
type agentKey struct {
	algo Algo
	hier hierKey
	hpa  agents.HPAConfig
}

func (w *World) agentKey() agentKey {
	a := w.Settings.Algo
	if !a.Hierarchical() {
		return agentKey{algo: AlgoAStar}
	}
	k := agentKey{algo: a, hier: w.keyFor(a)}
	if a == AlgoHPA {
		k.hpa = w.agentHPAConfig()
	}
	return k
}

// agentSource says what the agents' planner for key want (the current
// switches) reads: the grid for the flat algorithms, or in place of a
// hierarchy that could not be built (fallback); the hierarchy when it is
// there; nil while it is being built or lent, or is yet to be.
func (w *World) agentSource(want agentKey) (of any, fallback bool) {
	if !want.algo.Hierarchical() {
		return w.Grid, false
	}
	if o := hierObject(w.Hierarchy()); o != nil {
		return o, false
	}
	if w.HierarchyError() != nil {
		return w.Grid, true
	}
	return nil, false
}

// newAgentPlanner makes the agents' planner for key want on of
// (agentSource): a pendingPlanner for nil.
func (w *World) newAgentPlanner(want agentKey, of any) agents.Planner {
	switch o := of.(type) {
	case *hpa.Hierarchy:
		return agents.NewHPA(o, want.hpa)
	case *groups.Graph:
		return agents.NewGroups(o)
	case nil:
		return pendingPlanner{name: w.pendingName(want)}
	}
	return w.astarPlanner()
}

// astarPlanner is A* on the grid, as the agents plan with it.
func (w *World) astarPlanner() agents.Planner {
	return agents.NewAStar(w.Grid, agents.AStarConfig{Neighborhood: w.Settings.Neighborhood})
}

// hierObject is the hierarchy a planner on h reads, nil for none.
func hierObject(h Hierarchy) any {
	switch h := h.(type) {
	case *hpaHier:
		return h.h
	case *groupHier:
		return h.g
	}
	return nil
}

// pendingPlanner stands for the agents' planner while its hierarchy is
// not there (being built, or let go for a new one: see syncAgentPlanner):
// it names it, for the agents' panel, and plans nothing, since A* stands
// in (agents.Sim.SetStandIn) until the hierarchy is in.
type pendingPlanner struct{ name string }

func (p pendingPlanner) Name() string { return p.name }

func (p pendingPlanner) Plan(from, goal image.Point, _ *agents.Plan) error {
	return fmt.Errorf("agents: %s: the hierarchy is not built yet", p.name)
}

// pendingName names the planner of key want as the agents' panel names
// the planner itself ("hpa/eager", "groups/minimum/exclusion").
func (w *World) pendingName(want agentKey) string {
	if want.algo == AlgoHPA {
		return "hpa/" + want.hpa.Mode.String()
	}
	n := "groups/" + groups.CostKind(w.Settings.Cost).String()
	if w.Settings.Exclusion {
		n += "/exclusion"
	}
	return n
}

// agentHPAConfig is the HPA* agent planner's config for the current
// switches (smoothing, the short-query shortcut and Settings.AgentRefine).
func (w *World) agentHPAConfig() agents.HPAConfig {
	q := hpa.QueryOptions{NoSmooth: !w.Settings.Smooth(), NoShortcut: !w.Settings.Shortcut()}
	return agents.HPAConfig{Query: q, Mode: w.Settings.AgentRefine}
}

// AgentRefine returns how much of a route each HPA* plan of the agents
// refines (Settings.AgentRefine).
func (w *World) AgentRefine() agents.HPAMode { return w.Settings.AgentRefine }

// SetAgentRefine sets how much of a route each HPA* plan of the agents
// refines: agents.HPAEager refines the whole route and replans only after
// edits near its cells; agents.HPALazy refines the next segment only
// (cheaper plans) and replans after any edit in a top-level cluster on the
// rest of its route (more replans after edits). Agents under way replan
// with the new mode at their next tick. It is logged as a switch.
func (w *World) SetAgentRefine(m agents.HPAMode) {
	if m == w.Settings.AgentRefine {
		return
	}
	w.Settings.AgentRefine = m
	w.Log.Add("switch", F{"name", "agent_refine"}, F{"value", m.String()})
	if w.Settings.Algo != AlgoHPA {
		// No replan makes an error on screen stale: the note waits for
		// its 12 s, as any switch's note does (docs/window.md, Messages).
		w.noteAfterError(fmt.Sprintf("agents refine %s: takes effect when agents plan with HPA*", m))
	}
	w.syncAgentPlanner()
}

// ToggleAgentRefine switches the agents' HPA* planning between eager and
// lazy refinement (see SetAgentRefine).
func (w *World) ToggleAgentRefine() {
	if w.Settings.AgentRefine == agents.HPALazy {
		w.SetAgentRefine(agents.HPAEager)
	} else {
		w.SetAgentRefine(agents.HPALazy)
	}
}

// syncAgentPlanner keeps the agents' planner that of the current
// switches. The agents replan (agents.Sim.SetPlanner: planner_changed) only
// when what they plan with changed (agentKey: the algorithm, a switch that
// builds the hierarchy anew, HPA*'s planner config), or when their routes
// were A*'s in place of a hierarchy that could not be built and it is
// there now. A hierarchy of the same switches over the same grid (built
// again, or lent and given back) takes the planner's place with no replan
// (ReplacePlanner). While the hierarchy they want is being built or lent,
// A* stands in (syncAgentStandIn) and nobody replans for it: the agents
// walk on along their routes, and when it is in, the agents whose whole
// route A* made meanwhile replan on it (hierarchy_repaired), or, when the
// switches changed, every agent under way (planner_changed). Each switch
// used to make A* the planner until the build was in and the hierarchy's
// planner after it: every agent replanned twice, and twice for nothing
// when the switch was taken back before the build ended.
func (w *World) syncAgentPlanner() {
	s := w.agents.sim
	if s == nil {
		return
	}
	defer w.syncAgentStandIn()
	st := &w.agents
	want := w.agentKey()
	of, fallback := w.agentSource(want)
	st.waiting = of == nil
	switch {
	case of == nil:
		// The stand-in plans meanwhile: the planner only names the one to
		// come, and lets go of the hierarchy it read (the world may have
		// forgotten it, or need its memory for the new one). The agents'
		// routes are still key's.
		if name := w.pendingName(want); st.plannerOf != nil || s.Planner().Name() != name {
			s.ReplacePlanner(pendingPlanner{name: name})
			st.plannerOf = nil
		}
		return
	case of == st.plannerOf && want == st.key && fallback == st.fallback:
		return
	case want == st.key && !fallback && !st.fallback:
		s.ReplacePlanner(w.newAgentPlanner(want, of)) // the same switches over an equal hierarchy: routes stay good
	default:
		s.SetPlanner(w.newAgentPlanner(want, of))
	}
	st.key, st.plannerOf, st.fallback = want, of, fallback
}

// syncAgentStandIn has the agents plan with A* on the grid while a stroke
// defers the repairs of the hierarchy their planner reads (its copy of
// the grid lags the grid: a plan on it could cross the new wall, or keep
// a route the stroke cut), and with their planner again once the stroke's
// repair is done (EndStroke). It is a stand-in (agents.Sim.SetStandIn), not
// a planner switch: the agents are told of each painted cell at once, and
// only those whose route it touches replan (world_changed, with A*), at
// their next tick as after any edit (those its digs could shorten replan
// once, when the stroke ends: agents.Sim.BeginEdit); the others walk on (the switch did
// replan every agent as planner_changed, twice a stroke). When the stroke
// ends, the agents whose whole plan A* made replan on the repaired
// hierarchy as hierarchy_repaired, as a planner switch replans every agent
// so that none walks another planner's route; one whose next leg A*
// refined keeps its plan (docs/agents.md, Strokes that defer their
// repair). A* stands in the same way while the hierarchy the agents plan
// with is being built or lent (agentState.waiting, "until the hierarchy is
// ready"): see syncAgentPlanner.
func (w *World) syncAgentStandIn() {
	s := w.agents.sim
	if s == nil {
		return
	}
	st := w.stroke
	stroke := st != nil && len(st.pending) > 0 && w.agents.plannerOf != any(w.Grid)
	need := stroke || w.agents.waiting
	why := StandInWhy
	if w.agents.waiting {
		why = StandInBuildWhy
	}
	cur, curWhy := s.StandIn()
	switch {
	case need && (cur == nil || curWhy != why):
		if w.agents.standIn == nil {
			w.agents.standIn = agents.NewAStar(w.Grid, agents.AStarConfig{Neighborhood: s.Config().Neighborhood})
		}
		s.SetStandIn(w.agents.standIn, why)
	case !need && cur != nil:
		s.EndStandIn()
		if w.Grid.Len() > standInKeepCells {
			w.agents.standIn = nil
		}
	}
}

// standInKeepCells is the largest grid whose stand-in planner is kept
// between strokes (see agentState.standIn).
const standInKeepCells = 512 * 512

// StandInWhy is why the agents plan with a stand-in (agents.Sim.StandIn)
// while a stroke defers its repairs, as the agents' panel says it:
// "astar during the stroke".
const StandInWhy = "during the stroke"

// StandInBuildWhy is why the agents plan with a stand-in while the
// hierarchy they plan with is being built (or lent for the cluster
// heuristic): "astar while building".
const StandInBuildWhy = "while building"

// remakeAgents makes the agent simulation again from the agents on the
// map (a switch of the neighbourhood, which a simulation is made with):
// each stands where it stood and plans anew for its goal, a group's
// members together as a group again, the selection and the clock as they
// were. A goal the simulation refuses now (a wall: the agent had stopped
// at it) is dropped and counted in lost. An agent standing on its goal
// stays arrived, and a group that had arrived stays in its places
// (SetGroupArrived), with no new plan. n is how many agents plan anew; 0
// without a simulation.
func (w *World) remakeAgents() (n, lost int) {
	old := w.agents.sim
	if old == nil {
		return 0, 0
	}
	oldTag := w.agents.tag
	views := old.Agents(nil)
	running := old.Running()
	w.agents = agentState{version: w.agents.version, versions: w.agents.versions, saved: w.agents.saved, savedSome: w.agents.savedSome,
		userPaused: w.agents.userPaused, tags: w.agents.tags}
	s := w.agentSim()
	s.SetClockSpeed(old.ClockSpeed()) // Shift+↑ / Shift+↓ outlive the remake
	groupGoal := map[int]image.Point{}
	members := map[int][]int{}
	walking := map[int]bool{} // a group not arrived whole: its leader or a member is not
	var selected []int
	newID := map[int]int{}
	all := 0
	for _, v := range views {
		if v.State != agents.Arrived && v.Kind != agents.Solo {
			walking[v.Group] = true
		}
		if v.Kind == agents.Leader {
			if v.HasGoal {
				groupGoal[v.Group] = v.Goal
			}
			continue
		}
		id, err := s.Spawn(v.Cell)
		if err != nil {
			continue // the cell it stood on is open: not expected
		}
		all++
		newID[v.ID] = id
		if v.Selected {
			selected = append(selected, id)
		}
		switch {
		case v.Kind == agents.Member:
			members[v.Group] = append(members[v.Group], id)
		case v.HasGoal && v.Cell == v.Goal:
			// At its goal: arrived again, no plan (a tester saw new_goal
			// plans "from" the goal cells of arrived agents).
			s.Remove([]int{id})
			if s.Revive(id, v.Goal, true) != nil {
				lost++
			}
		case v.HasGoal:
			// A goal cut off with 4-connected moves stops the agent
			// with its reason, shown as any stopped agent's; one filled
			// since is refused, and said below.
			n++
			if s.SetGoal([]int{id}, v.Goal) != nil {
				lost++
			}
		}
	}
	// Groups in their old order: the new leaders' ids, which the log and
	// the panel name, are the same from run to run.
	for _, g := range slices.Sorted(maps.Keys(members)) {
		goal, ok := groupGoal[g]
		if !ok {
			continue
		}
		send := s.SetGroupGoal
		if walking[g] {
			n += len(members[g])
		} else {
			send = s.SetGroupArrived // it stays where it arrived
		}
		if send(members[g], goal) != nil {
			lost += len(members[g])
		}
	}
	s.ClearSelection()
	s.Select(selected, false)
	if running {
		s.Run()
	} else {
		s.Pause()
	}
	w.remapRemovals(oldTag, w.agents.tag, newID)
	w.Log.Add("agent", F{"action", "remake"}, F{"agents", all}, F{"replan", n}, F{"nb", w.Settings.Neighborhood.String()}, F{"goals_lost", lost})
	return n, lost
}

// SpawnAgent adds an agent on cell p; a wall or a cell outside the map is
// refused with a message. The spawn is a step of the undo history: Undo
// takes the agent away, Redo brings it back.
func (w *World) SpawnAgent(p image.Point) (int, error) {
	return w.spawnAgent(p, true)
}

// spawnAgent is SpawnAgent; an undoable spawn is a step of the undo
// history (Ctrl+Z takes the agent away), a scenario's own agents are not.
func (w *World) spawnAgent(p image.Point, undoable bool) (int, error) {
	if !w.Grid.In(p) {
		// Said as a query's end is (it read "agents: cannot spawn at
		// (30,4): outside the 30×13 grid", a package's wording).
		err := fmt.Errorf("cannot spawn an agent there: %s", w.checkEndpoint(p))
		w.Fail("%v", err)
		return -1, err
	}
	s := w.agentSim()
	before := w.agents.version
	id, err := s.Spawn(p)
	if err != nil {
		w.Fail("%v", err)
		return -1, err
	}
	if undoable {
		// One undo step, as a removal is: a stroke being painted ends
		// first.
		w.EndStroke()
		r := &agentRemoval{agents: w.snapshotAgents(s, []int{id}), before: before, spawn: true}
		r.after = w.agents.touch()
		w.pushEdit(Edit{Kind: EditAgents, removal: r})
	} else {
		w.agents.touch()
	}
	w.Log.Add("agent", F{"action", "spawn"}, F{"id", id}, F{"at", pt(p)}, F{"agents", s.Live()})
	return id, nil
}

// SendAgents gives the selected agents the goal p, each its own path, or
// as one group keeping formation when group is true. The send is a step of
// the undo history: Undo gives the agents back the goals (and groups) they
// had before it, Redo sends them again (see sendStep).
func (w *World) SendAgents(p image.Point, group bool) error {
	s := w.agents.sim
	if s == nil {
		return fmt.Errorf("no agents")
	}
	ids := s.Selected(nil)
	if len(ids) == 0 {
		w.Note("select agents first (click one, or drag a box)")
		return fmt.Errorf("no agent selected")
	}
	if !w.Grid.In(p) {
		// Said as a query's end is (it read "agents: goal (-2,-8) is
		// outside the 60×40 grid").
		err := fmt.Errorf("cannot send agents there: %s", w.checkEndpoint(p))
		w.Fail("%v", err)
		return err
	}
	// One agent sent as a group walks alone (a group of one is no group:
	// sendAgents gives it its own goal), so its send, and the undo and
	// redo lines of it, say group=off: the log said group=on, naming a
	// group nobody could see.
	group = group && len(ids) > 1
	// One undo step, as a removal is: a stroke being painted ends first.
	w.EndStroke()
	r := &agentRemoval{agents: w.snapshotAgents(s, ids), before: w.agents.version, send: true, goal: p, group: group}
	if err := w.sendAgents(ids, p, group); err != nil {
		return err
	}
	r.after = w.agents.touch()
	w.pushEdit(Edit{Kind: EditAgents, removal: r})
	w.Log.Add("agent", F{"action", "send"}, F{"agents", len(ids)}, F{"ids", idList(ids, 16)}, F{"goal", pt(p)}, F{"group", group})
	if !s.Running() {
		w.Note("%s sent to (%d,%d)%s", plural(len(ids), "agent", "agents"), p.X, p.Y, pausedSend(len(ids)))
	}
	return nil
}

// pausedSend ends the note of a send of n agents made while the user has
// the clock paused (U), which the send leaves paused.
func pausedSend(n int) string {
	if n == 1 {
		return ": the clock is paused, so it waits for U"
	}
	return ": the clock is paused, so they wait for U"
}

// sendAgents gives agents ids the goal p (as one group when group is true
// and they are several) and starts the clock, unless the user paused it
// with U: a send (or its redo) then leaves it paused, and the agents
// wait for U.
func (w *World) sendAgents(ids []int, p image.Point, group bool) error {
	s := w.agents.sim
	var err error
	if group && len(ids) > 1 {
		err = s.SetGroupGoal(ids, p)
	} else {
		err = s.SetGoal(ids, p)
	}
	if err != nil {
		w.Fail("%v", err)
		return err
	}
	if !s.Running() && !w.agents.userPaused {
		// Sending starts a clock that never ran (a first send: a new user
		// spawns, clicks a goal and expects the agent to walk, not to know
		// U first) or that a loaded session stopped (its note said U runs
		// them; a send is as plain a "go"). Logged, as U's toggle is, so
		// the next U reads as the pause it is. A clock the user paused
		// stays paused.
		s.Run()
		w.Log.Add("agent", F{"action", "clock"}, F{"running", true}, F{"agents", s.Live()})
	}
	return nil
}

// RemoveSelectedAgents deletes the selected agents (a removed group member
// leaves its group) and returns how many went; with none selected it says
// how to select and removes nothing. A removal is an unsaved change, as a
// spawn is, and a step of the undo history: Undo brings the agents back
// (see agentStep).
func (w *World) RemoveSelectedAgents() int {
	s := w.agents.sim
	var ids []int
	if s != nil {
		ids = s.Selected(nil)
	}
	if len(ids) == 0 {
		w.Note("select agents to remove first (agent tool T: click one, or drag a box)")
		return 0
	}
	// A stroke still being painted (right-drag works in the agent tool) is
	// one undo step before the removal, as ApplyEdit ends it: else the
	// removal went into the history first, and the stroke's cells after it.
	w.EndStroke()
	r := &agentRemoval{agents: w.snapshotAgents(s, ids), before: w.agents.version}
	s.Remove(ids)
	r.after = w.agents.touch()
	w.pushEdit(Edit{Kind: EditAgents, removal: r})
	live := s.Live()
	w.Log.Add("agent", F{"action", "remove"}, F{"agents", len(ids)}, F{"ids", idList(ids, 16)}, F{"left", live})
	w.Note("%s removed, %d left (Ctrl+Z brings them back)", plural(len(ids), "agent", "agents"), live)
	return len(ids)
}

// idList writes ids as "0,3,5", the first max of them then "…".
func idList(ids []int, max int) string {
	var b strings.Builder
	for i, id := range ids {
		if i == max {
			b.WriteString(",…")
			break
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(id))
	}
	return b.String()
}

// AgentClockSpeeds are the speeds Shift+↑ and Shift+↓ step the agents'
// clock through: simulated seconds a real second.
var AgentClockSpeeds = []float64{0.25, 0.5, 1, 2, 4, 8}

// StepAgentClock makes the agents' clock the next speed of
// AgentClockSpeeds up (faster) or down, and says so. A replan on a
// 512×512 map at 6 cells a second took minutes to watch (a designer's
// test); the clock scales the agents' walking and their replans alike.
func (w *World) StepAgentClock(faster bool) {
	s := w.agentSim()
	cur := s.ClockSpeed()
	i := 0
	for k, v := range AgentClockSpeeds {
		if math.Abs(v-cur) < math.Abs(AgentClockSpeeds[i]-cur) {
			i = k
		}
	}
	switch {
	case faster && i < len(AgentClockSpeeds)-1:
		i++
	case !faster && i > 0:
		i--
	}
	s.SetClockSpeed(AgentClockSpeeds[i])
	w.agentClock = AgentClockSpeeds[i]
	w.Log.Add("agent", F{"action", "clock_speed"}, F{"speed", AgentClockSpeeds[i]})
	edge := ""
	switch {
	case i == len(AgentClockSpeeds)-1:
		edge = " (the fastest)"
	case i == 0:
		edge = " (the slowest)"
	}
	w.NoteAfterError("agents' clock %s real time%s: Shift+↑ faster, Shift+↓ slower", ClockText(AgentClockSpeeds[i]), edge)
}

// AgentClock returns the agents' clock speed (Shift+↑ / Shift+↓): the
// simulation's, or before there is one the speed it will have (the loaded
// file's, else 1).
func (w *World) AgentClock() float64 {
	if s := w.agents.sim; s != nil {
		return s.ClockSpeed()
	}
	if w.agentClock > 0 {
		return w.agentClock
	}
	return 1
}

// ClockText writes a clock speed as the note and the agents' panel do:
// "×2", "×1/4".
func ClockText(v float64) string {
	if v >= 1 {
		return "×" + strconv.FormatFloat(v, 'f', -1, 64)
	}
	return "×1/" + strconv.FormatFloat(1/v, 'f', -1, 64)
}

// AgentsSendRuns reports whether sending agents would start their clock:
// it is stopped, and not by the user (U or a step), so a new session's or
// a loaded one's (sendAgents).
func (w *World) AgentsSendRuns() bool {
	s := w.agents.sim
	return s != nil && !s.Running() && !w.agents.userPaused
}

// ToggleAgents runs or pauses the agent clock.
func (w *World) ToggleAgents() {
	s := w.agentSim()
	if s.Running() {
		s.Pause()
	} else {
		s.Run()
	}
	w.agents.userPaused = !s.Running()
	w.Log.Add("agent", F{"action", "clock"}, F{"running", s.Running()}, F{"agents", s.Live()})
}

// StepAgents pauses the agents' clock and runs one tick of it (1/60 s of
// simulated time: plans within the budget, then every agent's move), for
// a class watching a replan happen or an engineer following one agent
// (Ctrl+U). A teacher found only run and pause, at ×1/4 the slowest. The
// tick is logged, and so are the replans it made.
func (w *World) StepAgents() {
	if w.agents.sim == nil || w.agents.sim.Live() == 0 {
		// A tick of nobody (a review saw "agents: tick 1" with none).
		w.NoteAfterError("no agents to step: J spawns one at the mouse (or T, the agent tool)")
		return
	}
	s := w.agentSim()
	if s.Running() {
		s.Pause()
	}
	w.agents.userPaused = true
	w.syncAgentPlanner()
	s.Step()
	w.logReplans(s)
	w.Log.Add("agent", F{"action", "step"}, F{"tick", int(s.Now())}, F{"agents", s.Live()})
	w.NoteAfterError("agents: tick %d, one step of 1/60 s; Ctrl+U another, U runs them", s.Now())
}

// tickAgents advances the agents and logs their new replans.
func (w *World) tickAgents(dt float64) {
	s := w.agents.sim
	if s == nil {
		return
	}
	w.syncAgentPlanner()
	if s.Tick(dt) == 0 {
		return
	}
	w.logReplans(s)
}

// logReplans writes the replans of s not yet written to the log.
func (w *World) logReplans(s *agents.Sim) {
	// The replan log is newest first; write the entries not yet written.
	w.agents.scratch = s.Replans(w.agents.scratch[:0])
	newest := w.agents.logged
	for i := len(w.agents.scratch) - 1; i >= 0; i-- {
		r := w.agents.scratch[i]
		if r.Tick < w.agents.logged {
			continue
		}
		k := [2]int64{r.Tick, int64(r.Agent)<<8 | int64(r.Reason)}
		if w.agents.seen[k] {
			continue
		}
		w.agents.seen[k] = true
		newest = max(newest, r.Tick)
		kind := "replan"
		var fs []F
		switch {
		case r.Reason == agents.ReasonRejoined:
			kind = "rejoin" // logged, but no plan was made
		case r.Reason == agents.ReasonNewGoal:
			// A new goal's first plan is not a replan, but the panel
			// lists it and its outcome (an unreachable goal stops the
			// agent) belongs in the log.
			kind = "agent"
			fs = append(fs, F{"action", "plan"})
		case !r.Reason.IsReplan():
			continue
		}
		if r.Leader { // a group's virtual leader is no agent the user spawned: G0 in the panel
			fs = append(fs, F{"group", r.Group})
		} else {
			fs = append(fs, F{"agent", r.Agent})
		}
		fs = append(fs, F{"reason", r.Reason.String()}, F{"at", pt(r.Cell)}, F{"state", r.State.String()}, F{"tick", int(r.Tick)})
		if r.State == agents.Stopped {
			fs = append(fs, F{"why", r.Why.String()})
		}
		if r.Displaced {
			// Pushed off a filled cell (state arrived: onto its goal,
			// without a step).
			fs = append(fs, F{"displaced", true})
		}
		w.Log.Add(kind, fs...)
	}
	if newest > w.agents.logged {
		// Forget keys older than the newest tick: they cannot come again.
		for k := range w.agents.seen {
			if k[0] < newest {
				delete(w.agents.seen, k)
			}
		}
		w.agents.logged = newest
	}
}
