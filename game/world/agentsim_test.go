package world

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/game/world/agents"
)

// A group member that a fill cuts off from its group, with the goal still
// open to it, goes its own way, and the session's event log says so: a
// replan line with reason=cut_off. The members left with the leader, who
// can no longer reach the goal, wait with their group.
func TestCutOffMemberIsLoggedGoingItsOwnWay(t *testing.T) {
	w, log := mustWorld(t,
		"####################",
		"#......#...........#",
		"#......#...........#",
		"#......#.........G.#",
		"#......#...........#",
		"####################",
	)
	// The door: (7,3) opened in the wall between the rooms.
	door := image.Pt(7, 3)
	w.ApplyEdit(Edit{Kind: EditDig, Cells: []CellEdit{{P: door, New: 1}}})
	var ids []int
	for _, c := range []image.Point{{2, 2}, {3, 2}, {2, 3}, {3, 3}, {10, 2}} {
		id, err := w.SpawnAgent(c)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	s := w.Agents()
	s.Select(ids, false)
	if err := w.SendAgents(image.Pt(17, 3), true); err != nil {
		t.Fatal(err)
	}
	w.ApplyEdit(Edit{Kind: EditFill, Cells: []CellEdit{{P: door, New: 0}}})
	for range 600 {
		w.Tick(1.0 / 60)
	}
	v, _ := s.Agent(ids[4])
	if !v.OwnWay || v.State != agents.Arrived || v.Cell != image.Pt(17, 3) {
		t.Fatalf("member across the door: own way %v, %v at %v", v.OwnWay, v.State, v.Cell)
	}
	if !strings.Contains(log.String(), "agent=4 reason=cut_off") {
		t.Fatalf("no cut_off replan for agent 4 in the log:\n%s", log.String())
	}
	if v, _ := s.Agent(ids[0]); v.State != agents.Stopped || v.Why != agents.WhyGroup {
		t.Fatalf("member with the leader: %v %q", v.State, v.Why)
	}
}

// The agents' HPA* planning mode is a session switch: setting it logs a
// switch line and gives the agents a planner in that mode at the next tick
// (they replan with it), and so does toggling smoothing, which used to
// reach agents only after another planner change.
func TestAgentRefineSwitchReachesThePlanner(t *testing.T) {
	w, log := mustWorld(t,
		"##############################",
		"#............................#",
		"#............................#",
		"#........#########...........#",
		"#............................#",
		"#............................#",
		"##############################",
	)
	w.SetAlgo(AlgoHPA)
	id, err := w.SpawnAgent(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	s := w.Agents()
	s.Select([]int{id}, false)
	if err := w.SendAgents(image.Pt(28, 5), false); err != nil {
		t.Fatal(err)
	}
	w.Tick(1.0 / 60)
	if n := s.Planner().Name(); n != "hpa" || w.AgentRefine() != agents.HPAEager {
		t.Fatalf("default planner %q, mode %v", n, w.AgentRefine())
	}
	w.SetAgentRefine(agents.HPALazy)
	if !strings.Contains(lastLine(t, log, "switch"), "name=agent_refine value=lazy") {
		t.Fatalf("switch not logged: %s", lastLine(t, log, "switch"))
	}
	w.Tick(1.0 / 60)
	if n := s.Planner().Name(); n != "hpa/lazy" {
		t.Fatalf("planner %q after SetAgentRefine(lazy)", n)
	}
	if p := s.Planner().(*agents.HPA); p.Mode() != agents.HPALazy {
		t.Fatalf("mode %v", p.Mode())
	}
	before := s.Planner()
	w.ToggleSmooth()
	w.Tick(1.0 / 60)
	if s.Planner() == before {
		t.Fatal("toggling smoothing left the agents' planner as it was")
	}
	w.ToggleAgentRefine()
	w.Tick(1.0 / 60)
	if n := s.Planner().Name(); n != "hpa" {
		t.Fatalf("planner %q after ToggleAgentRefine", n)
	}
	for range 2000 {
		w.Tick(1.0 / 60)
	}
	if v, _ := s.Agent(id); v.State != agents.Arrived {
		t.Fatalf("agent %v at %v after the switches", v.State, v.Cell)
	}
}

// TestAgentRefineSavedAndLoaded: the agents' refine mode is one of the
// session's switches the scenario file keeps. It was left out of Save, so a
// session saved in lazy mode opened eager; and a scenario could not ask for
// lazy. Files without the line (all written before it existed) open eager.
func TestAgentRefineSavedAndLoaded(t *testing.T) {
	dir := t.TempDir()
	w, err := Open("builtin:pathological-minimum")
	if err != nil {
		t.Fatal(err)
	}
	if w.AgentRefine() != agents.HPAEager {
		t.Fatalf("a gallery file without agent-refine opened %v, want eager", w.AgentRefine())
	}
	w.Begin()
	w.SetAlgo(AlgoHPA)
	w.SetAgentRefine(agents.HPALazy)
	path := filepath.Join(dir, "lazy.pls")
	if err := w.Save(path); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(b), "\nset agent-refine lazy\n") {
		t.Fatalf("saved file lacks \"set agent-refine lazy\" (%v):\n%s", err, b)
	}
	w2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if w2.AgentRefine() != agents.HPALazy || w2.Settings.Algo != AlgoHPA {
		t.Fatalf("reopened with refine %v, algo %v; want lazy, hpa", w2.AgentRefine(), w2.Settings.Algo)
	}
	// The loaded mode reaches the agents' planner.
	w2.Begin()
	id, err := w2.SpawnAgent(w2.Start)
	if err != nil {
		t.Fatal(err)
	}
	s := w2.Agents()
	s.Select([]int{id}, false)
	if err := w2.SendAgents(w2.Goal, false); err != nil {
		t.Fatal(err)
	}
	w2.Tick(1.0 / 60)
	if n := s.Planner().Name(); n != "hpa/lazy" {
		t.Fatalf("agents plan with %q after loading lazy", n)
	}

	// Eager is written too (the file says what the session used), and a
	// bad value is refused naming the file and line.
	w2.SetAgentRefine(agents.HPAEager)
	if err := w2.Save(path); err != nil {
		t.Fatal(err)
	}
	if w3, err := Open(path); err != nil || w3.AgentRefine() != agents.HPAEager {
		t.Fatalf("eager saved, reopened: %v, %v", w3, err)
	}
	b, _ = os.ReadFile(path)
	bad := strings.Replace(string(b), "set agent-refine eager", "set agent-refine sometimes", 1)
	line := strings.Count(bad[:strings.Index(bad, "sometimes")], "\n") + 1
	if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Open(path)
	if want := fmt.Sprintf("lazy.pls:%d: unknown value \"sometimes\" for agent-refine (want eager, lazy)", line); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v, want it to contain %q", err, want)
	}
}

// A member that went its own way and is reconnected rejoins its group: the
// session log has a rejoin line for it, not a replan line (no plan is
// made), and its planner-call counts leave it out.
func TestRejoinIsLoggedAsRejoin(t *testing.T) {
	w, log := mustWorld(t,
		"########################################",
		"#......#...............................#",
		"#......#...............................#",
		"#......#.............................G.#",
		"#......#...............................#",
		"########################################",
	)
	door := image.Pt(7, 3)
	w.ApplyEdit(Edit{Kind: EditDig, Cells: []CellEdit{{P: door, New: 1}}})
	var ids []int
	for _, c := range []image.Point{{2, 2}, {3, 2}, {2, 3}, {3, 3}, {10, 2}} {
		id, err := w.SpawnAgent(c)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	s := w.Agents()
	s.Select(ids, false)
	if err := w.SendAgents(image.Pt(37, 3), true); err != nil {
		t.Fatal(err)
	}
	w.ApplyEdit(Edit{Kind: EditFill, Cells: []CellEdit{{P: door, New: 0}}})
	for range 60 {
		w.Tick(1.0 / 60)
	}
	if v, _ := s.Agent(ids[4]); !v.OwnWay {
		t.Fatalf("member across the door is not on its own way: %v %q", v.State, v.Why)
	}
	w.ApplyEdit(Edit{Kind: EditDig, Cells: []CellEdit{{P: door, New: 1}}})
	for range 60 {
		w.Tick(1.0 / 60)
	}
	if v, _ := s.Agent(ids[4]); v.OwnWay {
		t.Fatalf("member still on its own way after the door reopened: %v at %v", v.State, v.Cell)
	}
	if !strings.Contains(log.String(), " rejoin agent=4 reason=rejoined") {
		t.Fatalf("no rejoin line for agent 4:\n%s", log.String())
	}
	if strings.Contains(log.String(), "replan agent=4 reason=rejoined") {
		t.Fatalf("the rejoin was logged as a replan:\n%s", log.String())
	}
	if agents.ReasonRejoined.IsReplan() || !agents.ReasonCutOff.IsReplan() {
		t.Fatal("IsReplan: rejoined must not count as a replan, cut_off must")
	}
}

// A new goal's first plan is logged (the replan panel lists it), with its
// outcome: an agent sent to a cell it cannot reach stops, and the line
// says why. The log used to show only "agent action=send" for it.
func TestNewGoalPlanIsLogged(t *testing.T) {
	w, log := mustWorld(t,
		"##########",
		"#...#....#",
		"#...#....#",
		"##########",
	)
	id, err := w.SpawnAgent(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	s := w.Agents()
	s.Select([]int{id}, false)
	if err := w.SendAgents(image.Pt(7, 2), false); err != nil {
		t.Fatal(err)
	}
	if l := lastLine(t, log, "agent"); !strings.Contains(l, "action=send") {
		t.Fatalf("last agent line %q, want the send", l)
	}
	if !strings.Contains(log.String(), "agent action=clock running=on") {
		t.Errorf("sending started the clock without a log line:\n%s", log)
	}
	for range 5 {
		w.Tick(1.0 / 60)
	}
	l := lastLine(t, log, "agent")
	for _, want := range []string{"action=plan", "reason=new_goal", "state=stopped", `why="goal unreachable"`} {
		if !strings.Contains(l, want) {
			t.Fatalf("last agent line %q: want %q", l, want)
		}
	}
}

// Switching between 8- and 4-connected moves keeps the agents: the
// simulation (made with a neighbourhood) is made again, each agent where
// it stood with its goal, a group as a group, the selection and the
// clock as they were. It deleted every agent, with no question or undo.
func TestNeighbourhoodSwitchKeepsTheAgents(t *testing.T) {
	w, log := mustWorld(t,
		"############",
		"#..........#",
		"#..........#",
		"#..........#",
		"#..........#",
		"############",
	)
	var ids []int
	for _, p := range []image.Point{{1, 1}, {1, 3}, {2, 3}, {3, 3}} {
		id, err := w.SpawnAgent(p)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	s := w.Agents()
	s.Select(ids[:1], false)
	if err := w.SendAgents(image.Pt(10, 1), false); err != nil {
		t.Fatal(err)
	}
	s.Select(ids[1:], false)
	if err := w.SendAgents(image.Pt(10, 4), true); err != nil {
		t.Fatal(err)
	}
	s.Select(ids[1:2], false)
	w.Tick(1.0 / 60)
	type agent struct {
		cell, goal image.Point
		kind       agents.Kind
		selected   bool
	}
	snapshot := func(s *agents.Sim) []agent {
		var out []agent
		for _, v := range s.Agents(nil) {
			out = append(out, agent{v.Cell, v.Goal, v.Kind, v.Selected})
		}
		return out
	}
	before := snapshot(s)
	w.ToggleNeighborhood()
	s2 := w.Agents()
	if s2 == nil || s2 == s {
		t.Fatal("the simulation was not made again for 4-connected moves")
	}
	after := snapshot(s2)
	if fmt.Sprint(after) != fmt.Sprint(before) {
		t.Fatalf("agents after the switch:\n%v\nwant\n%v", after, before)
	}
	if !s2.Running() {
		t.Error("the clock stopped")
	}
	if !strings.Contains(w.Message, "4 agents replan with 4-connected moves") {
		t.Errorf("message %q", w.Message)
	}
	if l := lastLine(t, log, "agent"); !strings.Contains(l, "action=remake") || !strings.Contains(l, "agents=4") {
		t.Errorf("last agent line %q, want the remake", l)
	}
	for range 600 {
		w.Tick(1.0 / 60)
	}
	for _, v := range s2.Agents(nil) {
		if v.Kind != agents.Leader && v.State != agents.Arrived {
			t.Errorf("agent %d at %v: %v %v, want arrived", v.ID, v.Cell, v.State, v.Why)
		}
	}
}

// Agents a designer placed are work a quit must not drop unasked: spawning
// or sending makes the session dirty until a save, which keeps them; the
// agents a file brings do not, nor does running the clock.
func TestAgentsCountAsUnsaved(t *testing.T) {
	w, _ := mustWorld(t,
		"########",
		"#......#",
		"########",
	)
	w.Begin()
	if w.Dirty() {
		t.Fatal("dirty before any change")
	}
	id, err := w.SpawnAgent(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if !w.Dirty() || w.UnsavedText() != "unsaved agents" {
		t.Fatalf("after a spawn: dirty %v, %q", w.Dirty(), w.UnsavedText())
	}
	path := filepath.Join(t.TempDir(), "a.pls")
	if err := w.Save(path); err != nil {
		t.Fatal(err)
	}
	if w.Dirty() {
		t.Fatal("dirty after the save")
	}
	w.ToggleAgents()
	w.Tick(1.0 / 60)
	if w.Dirty() {
		t.Fatal("running the clock made the session dirty")
	}
	w.Agents().Select([]int{id}, false)
	if err := w.SendAgents(image.Pt(6, 1), false); err != nil {
		t.Fatal(err)
	}
	w.BeginStroke(image.Pt(3, 1), 0)
	w.EndStroke()
	if got := w.UnsavedText(); got != "1 unsaved edit and agents" {
		t.Fatalf("after a send and a fill: %q", got)
	}
	// Three parts read as a list (it was "1 unsaved edit and agents and
	// queries").
	w.SetEndpoints(image.Pt(1, 1), image.Pt(5, 1))
	if got := w.UnsavedText(); got != "1 unsaved edit, agents and queries" {
		t.Errorf("after a send, a fill and a query: %q", got)
	}
	r, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	r.Begin()
	if r.Agents() == nil || r.Agents().Len() != 1 || r.Dirty() {
		t.Fatalf("reopened: agents %v, dirty %v; want the saved agent, clean", r.Agents(), r.Dirty())
	}
}

// A goal filled since it was given is refused by the remade simulation:
// the switch says how many agents lost theirs rather than leaving them
// idle without a word. Two groups come back with the same ids every time.
func TestNeighbourhoodSwitchLostGoalsAndGroupOrder(t *testing.T) {
	remake := func() (*World, []string) {
		w, _ := mustWorld(t,
			"##############",
			"#............#",
			"#............#",
			"#............#",
			"#............#",
			"##############",
		)
		var ids []int
		for x := 1; x <= 6; x++ {
			id, err := w.SpawnAgent(image.Pt(x, 2))
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		s := w.Agents()
		for i, goal := range []image.Point{{12, 1}, {12, 4}} {
			s.Select(ids[3*i:3*i+3], false)
			if err := w.SendAgents(goal, true); err != nil {
				t.Fatal(err)
			}
		}
		id, _ := w.SpawnAgent(image.Pt(1, 4))
		s.Select([]int{id}, false)
		w.SendAgents(image.Pt(8, 4), false)
		w.BeginStroke(image.Pt(8, 4), 0) // fill the lone agent's goal
		w.EndStroke()
		w.Tick(1.0 / 60)
		w.ToggleNeighborhood()
		var got []string
		for _, v := range w.Agents().Agents(nil) {
			got = append(got, fmt.Sprintf("%d:%v:%d:%v", v.ID, v.Kind, v.Group, v.Goal))
		}
		return w, got
	}
	w, first := remake()
	if !strings.Contains(w.Message, "1 lost their goals") {
		t.Errorf("message %q: want the lost goal counted", w.Message)
	}
	for range 5 {
		if _, again := remake(); fmt.Sprint(again) != fmt.Sprint(first) {
			t.Fatalf("remade agents differ between runs:\n%v\n%v", first, again)
		}
	}
}

// Selected agents can be removed, a group member included (it leaves its
// group, the others keep going); with none selected nothing goes and the
// note says how to select. A removal counts as unsaved, and the removed
// agents are not saved.
func TestRemoveSelectedAgents(t *testing.T) {
	w, log := mustWorld(t,
		"############",
		"#..........#",
		"#..........#",
		"############",
	)
	if n := w.RemoveSelectedAgents(); n != 0 || !strings.Contains(w.Message, "select agents") {
		t.Fatalf("no agents: removed %d, message %q", n, w.Message)
	}
	var ids []int
	for _, c := range []image.Point{{1, 1}, {2, 1}, {3, 1}, {1, 2}} {
		id, err := w.SpawnAgent(c)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	s := w.Agents()
	s.Select(ids[:3], false)
	if err := w.SendAgents(image.Pt(10, 2), true); err != nil {
		t.Fatal(err)
	}
	w.agents.saved = w.agents.version
	s.Select(ids[1:2], false)
	if n := w.RemoveSelectedAgents(); n != 1 {
		t.Fatalf("removed %d, want 1", n)
	}
	if !strings.Contains(w.Message, "1 agent removed, 3 left") || !strings.Contains(log.String(), "action=remove") {
		t.Fatalf("message %q; log:\n%s", w.Message, log.String())
	}
	if !w.AgentsUnsaved() {
		t.Fatal("a removal is not counted as unsaved")
	}
	if _, ok := s.Agent(ids[1]); ok {
		t.Fatal("removed agent still there")
	}
	for _, sp := range w.agentSpecs() {
		if sp.Start == image.Pt(2, 1) {
			t.Fatalf("removed agent saved: %v", w.agentSpecs())
		}
	}
	for range 600 {
		w.Tick(1.0 / 60)
	}
	for _, id := range []int{ids[0], ids[2]} {
		if v, _ := s.Agent(id); v.State != agents.Arrived {
			t.Fatalf("member %d after the removal: %v at %v", id, v.State, v.Cell)
		}
	}
	s.ClearSelection()
	if n := w.RemoveSelectedAgents(); n != 0 {
		t.Fatalf("nothing selected: removed %d", n)
	}
}

// A group's replan lines name its virtual leader as the group's, even after
// the last member was removed and the leader with it (the panel read such
// a line as "#4", an agent the user never spawned).
func TestLeaderReplansStayTheGroups(t *testing.T) {
	w, _ := mustWorld(t,
		"############",
		"#..........#",
		"#..........#",
		"############",
	)
	for _, c := range []image.Point{{1, 1}, {2, 1}, {3, 1}, {1, 2}} {
		if _, err := w.SpawnAgent(c); err != nil {
			t.Fatal(err)
		}
	}
	s := w.Agents()
	s.SelectRect(image.Rect(0, 0, 12, 4), false)
	if err := w.SendAgents(image.Pt(10, 2), true); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		w.Tick(1.0 / 60)
	}
	w.RemoveSelectedAgents()
	leader := false
	for _, e := range s.Replans(nil) {
		if agents.IsLeaderID(e.Agent) { // the leader's id is no spawned agent's
			leader = true
			if !e.Leader || e.Group != 0 {
				t.Fatalf("leader's replan %+v: want Leader of group 0", e)
			}
		} else if e.Leader {
			t.Fatalf("member's replan %+v marked as a leader's", e)
		}
	}
	if !leader {
		t.Fatalf("no replan by the leader: %+v", s.Replans(nil))
	}
	if n := len(s.Agents(nil)); n != 0 {
		t.Fatalf("%d agents left after removing all", n)
	}
}

// Spawning agents on a map that had none and removing them all leaves
// nothing to save (the quit question asked to discard agents that were not
// there); removed agents leave the plan queue; the log counts live agents.
func TestRemovingEveryNewAgentLeavesNothingUnsaved(t *testing.T) {
	w, log := mustWorld(t,
		"############",
		"#..........#",
		"#..........#",
		"############",
	)
	a, _ := w.SpawnAgent(image.Pt(1, 1))
	b, _ := w.SpawnAgent(image.Pt(2, 1))
	s := w.Agents()
	s.Select([]int{a, b}, false)
	if err := w.SendAgents(image.Pt(10, 2), false); err != nil {
		t.Fatal(err)
	}
	s.Pause()
	if q := s.Stats().Queue; q != 2 {
		t.Fatalf("queue %d after sending two paused agents, want 2", q)
	}
	s.Select([]int{a}, false)
	w.RemoveSelectedAgents()
	if q := s.Stats().Queue; q != 1 {
		t.Fatalf("queue %d after removing one of two queued agents, want 1", q)
	}
	if !w.AgentsUnsaved() {
		t.Fatal("one new agent left: not counted as unsaved")
	}
	s.Select([]int{b}, false)
	w.RemoveSelectedAgents()
	if w.AgentsUnsaved() || w.Dirty() {
		t.Fatalf("no agents before, none now: unsaved %v, dirty %v", w.AgentsUnsaved(), w.Dirty())
	}
	if !strings.Contains(log.String(), "action=spawn id=1 at=2,1 agents=2") || !strings.Contains(log.String(), "left=0") {
		t.Fatalf("log counts:\n%s", log.String())
	}
}

// A tester's finding: after the neighbourhood switch, agents already
// standing on their goals planned anew (new_goal "from" the goal cell) and
// were counted as replanning. They stay arrived, with no plan; the note
// counts the agents that do replan.
func TestRemakeKeepsArrivedAgents(t *testing.T) {
	w, log := mustWorld(t,
		"############",
		"#..........#",
		"#..........#",
		"############",
	)
	w.Replan()
	a, _ := w.SpawnAgent(image.Pt(1, 1))
	b, _ := w.SpawnAgent(image.Pt(1, 2))
	s := w.Agents()
	s.Select([]int{a}, false)
	if err := w.SendAgents(image.Pt(3, 1), false); err != nil {
		t.Fatal(err)
	}
	s.Run()
	for range 300 {
		w.Tick(1.0 / 60)
	}
	if v, _ := s.Agent(a); v.State != agents.Arrived {
		t.Fatalf("agent a %v", v.State)
	}
	s.Select([]int{b}, false)
	if err := w.SendAgents(image.Pt(10, 2), false); err != nil {
		t.Fatal(err)
	}
	w.ToggleNeighborhood()
	s2 := w.Agents()
	plans := s2.Stats().Plans
	if v, ok := s2.Agent(s2.AgentAt(image.Pt(3, 1))); !ok || v.State != agents.Arrived {
		t.Fatalf("the arrived agent after the switch: %+v", v)
	}
	if !strings.Contains(w.Message, "1 agent replans with 4-connected moves") {
		t.Errorf("message %q, want one agent replanning", w.Message)
	}
	if l := lastLine(t, log, "agent"); !strings.Contains(l, "agents=2") || !strings.Contains(l, "replan=1") {
		t.Errorf("remake line %q", l)
	}
	w.Tick(1.0 / 60)
	if got := s2.Stats().Plans - plans; got > 1 {
		t.Errorf("%d plans after the switch, want at most the walker's", got)
	}
}

// From a designer's test: sending agents to a cell off the map read
// "agents: goal (-2,-8) is outside the 60×40 grid", a package's wording;
// it is said as a query's end is.
func TestSendAgentsOffTheMapSaysTheCell(t *testing.T) {
	w, _ := mustWorld(t,
		"#####",
		"#...#",
		"#####",
	)
	id, err := w.SpawnAgent(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	w.Agents().Select([]int{id}, false)
	if err := w.SendAgents(image.Pt(-2, -8), false); err == nil {
		t.Fatal("sent off the map")
	}
	if want := "cannot send agents there: cell (-2,-8) is outside the 5×3 map"; !w.MessageErr || w.Message != want {
		t.Errorf("message %q, want %q", w.Message, want)
	}
	// A spawn there too (it read "agents: cannot spawn at (5,1): outside
	// the 5×3 grid"), and nothing is spawned.
	if _, err := w.SpawnAgent(image.Pt(5, 1)); err == nil {
		t.Fatal("spawned off the map")
	}
	if want := "cannot spawn an agent there: cell (5,1) is outside the 5×3 map"; !w.MessageErr || w.Message != want {
		t.Errorf("message %q, want %q", w.Message, want)
	}
	if n := w.Agents().Live(); n != 1 {
		t.Errorf("%d agents after the refused spawn, want 1", n)
	}
}

// From a designer's test: watching agents replan on a 512×512 map took
// minutes at their walking speed, and nothing sped them up (↑ and ↓ pace
// the query's timeline). Shift+↑ and Shift+↓ step the agents' clock, and
// a fast clock walks them that much further per real second.
func TestAgentClockSteps(t *testing.T) {
	w, _ := mustWorld(t,
		"##############################",
		"#............................#",
		"##############################",
	)
	s := w.agentSim()
	for _, c := range []struct {
		faster bool
		want   float64
	}{{true, 2}, {true, 4}, {true, 8}, {true, 8}, {false, 4}, {false, 2}, {false, 1}, {false, 0.5}, {false, 0.25}, {false, 0.25}} {
		w.StepAgentClock(c.faster)
		if got := s.ClockSpeed(); got != c.want {
			t.Fatalf("after a step faster=%v: clock %v, want %v", c.faster, got, c.want)
		}
	}
	if !strings.Contains(w.Message, "×1/4") || !strings.Contains(w.Message, "slowest") {
		t.Errorf("message %q", w.Message)
	}
	// Walked distance in one real second at ×1 and at ×4.
	walked := func(clock float64) int {
		x, _ := mustWorld(t,
			"##############################",
			"#............................#",
			"##############################",
		)
		id, err := x.SpawnAgent(image.Pt(1, 1))
		if err != nil {
			t.Fatal(err)
		}
		x.agentSim().SetClockSpeed(clock)
		x.Agents().Select([]int{id}, false)
		if err := x.SendAgents(image.Pt(28, 1), false); err != nil {
			t.Fatal(err)
		}
		for range 60 {
			x.Tick(1.0 / 60)
		}
		v, _ := x.Agents().Agent(id)
		return v.Cell.X - 1
	}
	slow, fast := walked(1), walked(4)
	if fast < 3*slow || slow == 0 {
		t.Errorf("one second walks %d cells at ×1 and %d at ×4, want about four times as far", slow, fast)
	}
}

// AgentsSendRuns tells the panel when a send, not U, starts the agents:
// spawned and never run, yes; running, no; paused by the user (U or a
// step), no, as a send then leaves them paused; and it agrees with what a
// send does.
func TestAgentsSendRuns(t *testing.T) {
	w, _ := mustWorld(t,
		"########",
		"#......#",
		"########",
	)
	if w.AgentsSendRuns() {
		t.Error("no agents: a send would start something")
	}
	id, err := w.SpawnAgent(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if !w.AgentsSendRuns() {
		t.Fatal("spawned, never run: AgentsSendRuns false")
	}
	w.Agents().Select([]int{id}, false)
	if err := w.SendAgents(image.Pt(6, 1), false); err != nil {
		t.Fatal(err)
	}
	if !w.Agents().Running() || w.AgentsSendRuns() {
		t.Fatalf("after the first send: running %v, AgentsSendRuns %v; want running, false", w.Agents().Running(), w.AgentsSendRuns())
	}
	w.ToggleAgents() // U pauses
	if w.AgentsSendRuns() {
		t.Error("paused with U: AgentsSendRuns true")
	}
	if err := w.SendAgents(image.Pt(1, 1), false); err != nil {
		t.Fatal(err)
	}
	if w.Agents().Running() {
		t.Error("a send after U ran the clock")
	}
}
