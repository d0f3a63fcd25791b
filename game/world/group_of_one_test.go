package world

import (
	"image"
	"slices"
	"testing"

	"pathlens/game/world/agents"
)

// A group whose other members were removed kept its virtual leader in the
// live session (its diamond drawn, the panel's group row), while the same
// session saved and opened again showed a single agent with the group's
// goal. The live session now agrees with the file: the last member goes on
// alone with the goal, no leader left; undoing the removal brings the
// whole group back as one.
func TestGroupOfOneIsASingleAgentLiveAsInTheFile(t *testing.T) {
	w, ids := agentSaveWorld(t)
	s := w.Agents()
	group := ids["group"]
	goal := image.Pt(17, 6)
	v0, _ := s.Agent(group[0])
	gid := v0.Group
	s.ClearSelection()
	s.Select(group[1:], false)
	if n := w.RemoveSelectedAgents(); n != 2 {
		t.Fatalf("removed %d, want 2", n)
	}
	kinds := func(s *agents.Sim) (leaders int, last agents.AgentView) {
		for _, v := range s.Agents(nil) {
			if v.Kind == agents.Leader && s == w.Agents() && v.Group == gid {
				leaders++ // the renderer draws a diamond for it
			}
		}
		for _, v := range s.Agents(nil) {
			if v.Kind != agents.Leader && v.HasGoal && v.Goal == goal {
				last = v
			}
		}
		return leaders, last
	}
	leaders, last := kinds(s)
	if leaders != 0 || last.ID != group[0] || last.Kind != agents.Solo || last.Group != -1 {
		t.Fatalf("live: %d leaders of the group left with one; the last member %+v, want agent %d single with goal %v", leaders, last, group[0], goal)
	}
	w2, _ := reopen(t, w)
	_, last2 := kinds(w2.Agents())
	if last2.Kind != last.Kind || last2.Cell != last.Cell || last2.Goal != last.Goal {
		t.Errorf("live %v at %v → %v, reopened %v at %v → %v", last.Kind, last.Cell, last.Goal, last2.Kind, last2.Cell, last2.Goal)
	}
	s.Run()
	for range 600 {
		w.Tick(1.0 / 60)
	}
	if v, _ := s.Agent(group[0]); v.State != agents.Arrived || v.Cell != goal {
		t.Errorf("the last member alone is %v at %v, want arrived at the group's goal %v", v.State, v.Cell, goal)
	}
	s.Pause()

	w.Undo() // the removal: the group is whole again
	gs := s.Groups(nil)
	found := false
	for _, gi := range gs {
		if len(gi.Members) == 3 {
			found = true
		}
	}
	if !found {
		var views []agents.AgentView
		for _, id := range group {
			v, _ := s.Agent(id)
			views = append(views, v)
		}
		t.Errorf("undo of the removal: groups %+v, want the three in one; agents %+v", gs, views)
	}
}

// Members removed one at a time, down to the last, then both removals
// undone: the group is whole again. The first undo re-forms the group
// under a new number (SetGroupGoal makes a new one), and the second
// brought its member back as a single agent that walked onto the goal,
// on top of another (GroupNow follows the group to its new number).
func TestUndoingSuccessiveRemovalsMakesTheGroupWhole(t *testing.T) {
	w, ids := agentSaveWorld(t)
	s := w.Agents()
	group := ids["group"]
	for _, id := range group[1:] {
		s.ClearSelection()
		s.Select([]int{id}, false)
		if n := w.RemoveSelectedAgents(); n != 1 {
			t.Fatalf("removed %d, want 1", n)
		}
	}
	w.Undo()
	w.Undo()
	for _, gi := range s.Groups(nil) {
		if len(gi.Members) == 3 && slices.Contains(gi.Members, group[0]) && slices.Contains(gi.Members, group[1]) && slices.Contains(gi.Members, group[2]) {
			return
		}
	}
	var views []agents.AgentView
	for _, id := range group {
		v, _ := s.Agent(id)
		views = append(views, v)
	}
	t.Errorf("both removals undone: groups %+v, want the three in one; agents %+v", s.Groups(nil), views)
}
