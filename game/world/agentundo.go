package world

import (
	"image"
	"maps"
	"slices"

	"pathlens/game/world/agents"
)

// agentRemoval is the undo step of one RemoveSelectedAgents: what each
// removed agent was, so that Undo brings it back, and the agents' versions
// (agentState.version) before and after it, so that an undo right after
// the removal leaves nothing unsaved that was not before.
//
// A spawn is the same step the other way round (spawn set): its undo
// takes the agent away (as a removal does) and its redo brings it back
// where it stood (as a removal's undo does).
//
// A send (SendAgents, send set) keeps what each sent agent had before it
// (its goal and group) in agents, and where they were sent, goal, alone or
// as one group: see sendStep.
type agentRemoval struct {
	agents        []removedAgent
	before, after int
	spawn         bool
	send          bool
	goal          image.Point
	group         bool
}

// removedAgent is one removed agent as it was: its cell, its goal (a
// group member's is its group's), its speed, and its group (-1: none).
// (sim, id) names it: ids are never reused within a simulation, and a
// simulation made anew (remapRemovals) or an agent brought back into
// another one (renameAgent) renames it in every step of the history. sim
// is the simulation's tag, not the simulation: the history would keep
// every simulation a switch replaced alive (a long session with agents
// grew), and only needs to know whether it is the live one.
type removedAgent struct {
	sim     simTag
	id      int
	cell    image.Point
	goal    image.Point
	hasGoal bool
	speed   float64
	group   int
}

// touch gives the agents a new version (a change the user made) and
// returns it.
func (a *agentState) touch() int {
	a.versions++
	a.version = a.versions
	return a.version
}

// simTag names a simulation of the session (agentState.tag) in the undo
// history: 1 for the first, then one more for each made anew; 0 for none.
type simTag uint64

// tagOf returns s's tag: the live simulation's, 0 (no step's) for another.
func (w *World) tagOf(s *agents.Sim) simTag {
	if s == nil || s != w.agents.sim {
		return 0
	}
	return w.agents.tag
}

// snapshotAgents describes the agents ids of s (the live simulation) as
// they are now, in id order; a group member's goal is its group's (the
// virtual leader's).
func (w *World) snapshotAgents(s *agents.Sim, ids []int) []removedAgent {
	tag := w.tagOf(s)
	out := make([]removedAgent, 0, len(ids))
	for _, id := range slices.Sorted(slices.Values(ids)) {
		v, ok := s.Agent(id)
		if !ok || v.Kind == agents.Leader {
			continue
		}
		ra := removedAgent{sim: tag, id: id, cell: v.Cell, goal: v.Goal, hasGoal: v.HasGoal, speed: v.Speed, group: -1}
		if v.Kind == agents.Member {
			ra.group = v.Group
			ra.goal, ra.hasGoal = image.Point{}, false
			if gi, ok := groupInfo(s, v.Group); ok {
				if l, ok := s.Agent(gi.Leader); ok && l.HasGoal {
					ra.goal, ra.hasGoal = l.Goal, true
				}
			}
			if !ra.hasGoal {
				ra.group = -1
			}
		}
		out = append(out, ra)
	}
	return out
}

// groupInfo returns group id of s while it has members.
func groupInfo(s *agents.Sim, id int) (agents.GroupInfo, bool) {
	for _, g := range s.Groups(nil) {
		if g.ID == id {
			return g, true
		}
	}
	return agents.GroupInfo{}, false
}

// agentStep undoes (verb "undo") or does again ("redo") the agents' step
// r of the undo history. Undoing a removal, or doing a spawn again, brings
// the agents back, selected (as they were when the removal took them):
// each on the cell it stood on, with its speed and goal. An agent that had arrived is there again; one that was
// under way plans anew from its cell (the route it was walking is not
// kept: the map may have changed and changed back since); an idle one is
// idle. Removed members of a group whose other members still walk to the
// same goal are sent with them again, as one group (it forms anew about
// its centre); otherwise the removed members of a group come back as a
// group of their own (alone: a solo agent with the goal). In the
// simulation they were removed from they keep their ids; after a switch
// that made the simulation anew (the neighbourhood) they are spawned
// again with new ids, which a redo then removes. Doing a removal again,
// or undoing a spawn, takes them away as they are now (sent elsewhere
// since, they come back there). The agents' version steps between the
// step's ends (stepVersion); a state with agents that could not come
// back is a new one.
func (w *World) agentStep(r *agentRemoval, verb string) {
	if r.send {
		w.sendStep(r, verb)
		return
	}
	undo := verb == "undo"
	from, to := &r.before, &r.after
	if undo {
		from, to = &r.after, &r.before
	}
	var kind any = EditAgents
	if r.spawn {
		kind = "spawn-agents"
	}
	s := w.agentSim()
	if undo == r.spawn { // a spawn undone, a removal redone: taken away
		ids := w.takeAgents(r)
		w.agents.stepVersion(from, to)
		w.Log.Add(verb, F{"kind", kind}, F{"agents", len(ids)}, F{"ids", idList(ids, 16)}, F{"live", s.Live()},
			F{"edits", w.EditCount()}, F{"dirty", w.Dirty()})
		if r.spawn {
			w.Note("undo: %s spawned taken away, %d on the map", plural(len(ids), "agent", "agents"), s.Live())
		} else {
			w.Note("redo: %s removed, %d left", plural(len(ids), "agent", "agents"), s.Live())
		}
		return
	}
	back, lost := w.reviveAgents(r)
	w.agents.stepVersion(from, to)
	if lost > 0 {
		w.agents.touch() // not the state the step returns to: some are missing
	}
	w.Log.Add(verb, F{"kind", kind}, F{"agents", len(back)}, F{"ids", idList(back, 16)}, F{"live", s.Live()},
		F{"edits", w.EditCount()}, F{"dirty", w.Dirty()})
	if lost > 0 {
		w.Note("%s: %s back, %d could not be (no open cell), %d on the map", verb, plural(len(back), "agent", "agents"), lost, s.Live())
		return
	}
	w.Note("%s: %s back, %d on the map", verb, plural(len(back), "agent", "agents"), s.Live())
}

// reviveAgents brings back the agents r names (see agentStep), selected,
// and returns their ids and how many could not come back.
func (w *World) reviveAgents(r *agentRemoval) (back []int, lost int) {
	s := w.agentSim()
	groupGoal := map[int]image.Point{}
	members := map[int][]int{}
	sameGroup := map[int]bool{} // the group's id is one of s's
	for k := range r.agents {
		ra := &r.agents[k]
		member := ra.group >= 0 && w.Grid.Open(ra.goal)
		goal, hasGoal := ra.goal, ra.hasGoal && !member
		id := ra.id
		same := ra.sim == w.tagOf(s)
		if !same {
			// A fresh agent, taken and revived at once: the same way back
			// as in the simulation it was removed from (an arrived agent
			// arrives without a new plan, a walled goal stops it).
			cell := ra.cell
			if !w.Grid.Open(cell) {
				p, ok := w.Grid.NearestOpen(cell, w.Grid.Width()+w.Grid.Height())
				if !ok {
					continue
				}
				cell = p
			}
			var err error
			if id, err = s.Spawn(cell); err != nil {
				continue
			}
			s.SetSpeed([]int{id}, ra.speed)
			s.Remove([]int{id})
			// The other steps that name it (its spawn) follow.
			w.renameAgent(ra.sim, ra.id, w.tagOf(s), id)
		}
		if err := s.Revive(id, goal, hasGoal); err != nil {
			continue
		}
		back = append(back, id)
		if member {
			groupGoal[ra.group] = ra.goal
			members[ra.group] = append(members[ra.group], id)
			sameGroup[ra.group] = same
		}
	}
	for _, g0 := range slices.Sorted(maps.Keys(members)) {
		ids := members[g0]
		g := g0
		if sameGroup[g0] {
			// The group the others went on as: undoing one removal
			// re-forms the group under a new number, which an earlier
			// removal's undo must find.
			g = s.GroupNow(g0)
		}
		if gi, ok := groupInfo(s, g); ok && sameGroup[g0] {
			if l, ok := s.Agent(gi.Leader); ok && l.HasGoal && l.Goal == groupGoal[g0] {
				ids = append(slices.Clone(gi.Members), ids...)
			}
		} else if id, goal, ok := s.LeftAlone(g); ok && sameGroup[g0] && goal == groupGoal[g0] {
			// The removal left one member, which went on alone (a group
			// of one is a single agent, as a saved session opens it): the
			// group comes back whole.
			ids = append([]int{id}, ids...)
		}
		if len(ids) == 1 {
			s.SetGoal(ids, groupGoal[g0]) // open: checked above
		} else {
			s.SetGroupGoal(ids, groupGoal[g0])
		}
	}
	s.ClearSelection()
	s.Select(back, false)
	return back, len(r.agents) - len(back)
}

// sendStep undoes (verb "undo") or does again ("redo") the send r of the
// undo history, for the sent agents still on the map (an agent removed
// since is brought back by that removal's undo first, as the history goes
// back in order). Undone, each gets back what it had before the send, from
// where it stands now, as agents brought back by a removal's undo do
// (reviveAgents): its goal, planning anew (on it, it is there), none (idle),
// or its place in its group, which it rejoins when the group still walks to
// the same goal (else the members sent form a group of their own). Redone,
// they are sent to the goal again, alone or as one group as they were.
// Either way they are selected afterwards, as after a send.
func (w *World) sendStep(r *agentRemoval, verb string) {
	s := w.agentSim()
	undo := verb == "undo"
	from, to := &r.before, &r.after
	if undo {
		from, to = &r.after, &r.before
	}
	var ids []int
	var live []removedAgent
	for _, ra := range r.agents {
		if _, ok := s.Agent(ra.id); ok && ra.sim == w.tagOf(s) {
			ids = append(ids, ra.id)
			live = append(live, ra)
		}
	}
	gone := len(r.agents) - len(ids) // not on the map: not expected
	if undo {
		s.Remove(ids)
		back, lost := w.reviveAgents(&agentRemoval{agents: live})
		gone += lost
		ids = back
	} else if err := w.sendAgents(ids, r.goal, r.group); err != nil {
		// The goal is a wall now (said by sendAgents): nothing was done,
		// so the step stays undone, as the history says.
		w.edits.pos--
		w.Log.Add("redo_refused", F{"kind", "send-agents"}, F{"goal", pt(r.goal)}, F{"msg", err.Error()})
		return
	} else {
		s.ClearSelection()
		s.Select(ids, false)
	}
	w.agents.stepVersion(from, to)
	if gone > 0 {
		w.agents.touch() // not the state the step returns to: some are missing
	}
	w.Log.Add(verb, F{"kind", "send-agents"}, F{"agents", len(ids)}, F{"ids", idList(ids, 16)}, F{"goal", pt(r.goal)}, F{"group", r.group},
		F{"live", s.Live()}, F{"edits", w.EditCount()}, F{"dirty", w.Dirty()})
	what, goals := plural(len(ids), "agent", "agents"), "their goals"
	if len(ids) == 1 {
		goals = "its goal"
	}
	switch {
	case undo && gone > 0:
		w.Note("undo: %s no longer sent to (%d,%d), %s as before the send; %d could not be", what, r.goal.X, r.goal.Y, goals, gone)
	case undo:
		w.Note("undo: %s no longer sent to (%d,%d), %s as before the send", what, r.goal.X, r.goal.Y, goals)
	case len(ids) == 0:
		// none of them is left on the map
	case gone > 0:
		w.Note("redo: %s sent to (%d,%d) again; %d could not be%s", what, r.goal.X, r.goal.Y, gone, w.pausedNote(len(ids)))
	default:
		w.Note("redo: %s sent to (%d,%d) again%s", what, r.goal.X, r.goal.Y, w.pausedNote(len(ids)))
	}
}

// pausedNote is pausedSend(n) while the clock is stopped (a send of n
// agents left it paused), else "".
func (w *World) pausedNote(n int) string {
	if s := w.agents.sim; s != nil && !s.Running() {
		return pausedSend(n)
	}
	return ""
}

// stepVersion moves the agents' version from *from to *to, for an undo
// or redo of an agents' step: when the agents are not at *from (they changed
// since: a spawn, a send), the state the step makes is a new one, so both
// ends are renumbered from the version they are at.
func (a *agentState) stepVersion(from, to *int) {
	if a.version != *from {
		*from = a.version
		*to = a.touch()
	}
	a.version = *to
}

// takeAgents removes the agents r names that are on the map (as they are
// now: r keeps them so, for bringing them back) and returns their ids.
func (w *World) takeAgents(r *agentRemoval) []int {
	s := w.agentSim()
	var ids []int
	var away []removedAgent // named here but not on the map: kept as they were
	for _, ra := range r.agents {
		if _, ok := s.Agent(ra.id); ok && ra.sim == w.tagOf(s) {
			ids = append(ids, ra.id)
		} else {
			away = append(away, ra)
		}
	}
	r.agents = append(w.snapshotAgents(s, ids), away...)
	s.Remove(ids)
	return ids
}

// renameAgent makes every step of the undo history that names agent id of
// simulation old name agent to of simulation s: the agent was brought back
// into s under a new id.
func (w *World) renameAgent(old simTag, id int, s simTag, to int) {
	for i := range w.edits.list {
		r := w.edits.list[i].removal
		if r == nil {
			continue
		}
		for k := range r.agents {
			if ra := &r.agents[k]; ra.sim == old && ra.id == id {
				ra.sim, ra.id = s, to
			}
		}
	}
}

// remapRemovals keeps the undo history right when the simulation old is
// made anew as s (remakeAgents), newID giving each live agent's new id:
// every step naming an agent on the map (a removal undone, a spawn done)
// now names it in s. An agent not on the map (a removal done, a spawn
// undone) s never had: its steps keep naming it in old, and bringing it
// back spawns it in s under a new id, which renameAgent gives them.
func (w *World) remapRemovals(old, s simTag, newID map[int]int) {
	for i := range w.edits.list {
		r := w.edits.list[i].removal
		if r == nil {
			continue
		}
		for k := range r.agents {
			ra := &r.agents[k]
			if id, ok := newID[ra.id]; ok && ra.sim == old {
				ra.sim, ra.id = s, id
			}
		}
	}
}
