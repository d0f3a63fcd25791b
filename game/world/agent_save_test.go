package world

import (
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pathlens/game/world/agents"
	"pathlens/maps"
)

// agentSaveWorld is a 22×9 room with a walled pocket at its right end
// ((20,1) is open but cut off), its agents on the clock: an idle one, one
// that arrived, one under way, one stopped (its goal cut off) and three
// sent together as a group in formation, the group under way and a second
// group of two that has arrived. It returns the world and the agents' ids
// by role.
func agentSaveWorld(t *testing.T) (*World, map[string][]int) {
	t.Helper()
	w, _ := mustWorld(t,
		"######################",
		"#..................#.#",
		"#..................###",
		"#....................#",
		"#....................#",
		"#....................#",
		"#....................#",
		"#....................#",
		"######################",
	)
	t.Cleanup(w.Close)
	w.Replan()
	ids := map[string][]int{}
	spawn := func(role string, cells ...image.Point) []int {
		for _, c := range cells {
			id, err := w.SpawnAgent(c)
			if err != nil {
				t.Fatal(err)
			}
			ids[role] = append(ids[role], id)
		}
		return ids[role]
	}
	send := func(who []int, goal image.Point, group bool) {
		w.Agents().Select(who, false)
		if err := w.SendAgents(goal, group); err != nil {
			t.Fatal(err)
		}
	}
	spawn("idle", image.Pt(1, 1))
	send(spawn("arrived", image.Pt(2, 7)), image.Pt(4, 7), false)
	send(spawn("parked", image.Pt(10, 7), image.Pt(11, 7)), image.Pt(12, 5), true)
	for range 120 {
		w.Tick(1.0 / 60)
	}
	send(spawn("walker", image.Pt(1, 3)), image.Pt(18, 3), false)
	send(spawn("stopped", image.Pt(5, 1)), image.Pt(20, 1), false)
	send(spawn("group", image.Pt(1, 5), image.Pt(2, 5), image.Pt(1, 6)), image.Pt(17, 6), true)
	for range 20 {
		w.Tick(1.0 / 60)
	}
	w.Agents().Pause()
	s := w.Agents()
	for role, want := range map[string]agents.State{"idle": agents.Idle, "arrived": agents.Arrived, "walker": agents.Moving, "stopped": agents.Stopped} {
		if v, _ := s.Agent(ids[role][0]); v.State != want {
			t.Fatalf("%s agent is %v before the save, want %v", role, v.State, want)
		}
	}
	for _, role := range []string{"group", "parked"} {
		for _, id := range ids[role] {
			if v, _ := s.Agent(id); v.Kind != agents.Member {
				t.Fatalf("%s agent %d is %v before the save, want a member", role, id, v.Kind)
			}
		}
	}
	for _, id := range ids["parked"] {
		if v, _ := s.Agent(id); v.State != agents.Arrived {
			t.Fatalf("parked member %d is %v before the save, want arrived", id, v.State)
		}
	}
	return w, ids
}

// reopen saves w to a file and opens it again, begun.
func reopen(t *testing.T, w *World) (*World, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "agents.pls")
	if err := w.Save(path); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	w2, err := Open(path)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	t.Cleanup(w2.Close)
	w2.Begin()
	w2.Wait()
	return w2, string(text)
}

// agentLines returns the file's agent lines.
func agentLines(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "agent ") {
			out = append(out, l)
		}
	}
	return out
}

// Regression: an idle agent was saved as "agent X,Y -> X,Y", a journey to
// its own cell, and an arrived one the same way, so both came back
// waiting to plan a walk to where they stood. Each state now has its own
// line, and a reopened session has every agent as it was saved: idle ones
// idle, arrived ones arrived (no plan, no arrival counted again), the
// others with their goals.
func TestSavedAgentsKeepTheirStates(t *testing.T) {
	w, ids := agentSaveWorld(t)
	w2, text := reopen(t, w)
	lines := agentLines(text)
	for _, want := range []string{"agent 1,1 idle", "agent 4,7 arrived"} {
		if !slices.Contains(lines, want) {
			t.Errorf("no line %q in the saved agents:\n%s", want, strings.Join(lines, "\n"))
		}
	}
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) >= 4 && f[2] == "->" && f[1] == f[3] && !strings.Contains(l, "group") {
			t.Errorf("an agent saved as a journey to its own cell: %q", l)
		}
	}
	s, s2 := w.Agents(), w2.Agents()
	if s2.Live() != s.Live() {
		t.Fatalf("%d agents reopened, %d saved", s2.Live(), s.Live())
	}
	for role, want := range map[string]agents.State{"idle": agents.Idle, "arrived": agents.Arrived, "walker": agents.Waiting, "stopped": agents.Waiting} {
		v, _ := s.Agent(ids[role][0])
		v2 := agentAt(t, s2, v.Cell)
		if v2.State != want || v2.HasGoal != v.HasGoal || v.HasGoal && v2.Goal != v.Goal {
			t.Errorf("%s agent reopened %v (goal %v %v), want %v (goal %v %v)", role, v2.State, v2.HasGoal, v2.Goal, want, v.HasGoal, v.Goal)
		}
	}
	if st := s2.Stats(); st.Arrivals != 0 || st.Plans != 0 {
		t.Errorf("reopening planned %d times and counted %d arrivals, want none before U", st.Plans, st.Arrivals)
	}
	// Saved again as it opened, the session writes the same agents.
	if _, again := reopen(t, w2); !slices.Equal(agentLines(again), lines) {
		t.Errorf("saved again:\n%s\nwant as first saved:\n%s", strings.Join(agentLines(again), "\n"), strings.Join(lines, "\n"))
	}
	// Once running, the stopped agent stops again, and the arrived and idle
	// ones stay put.
	s2.Run()
	for range 10 {
		w2.Tick(1.0 / 60)
	}
	if v := agentAt(t, s2, image.Pt(4, 7)); v.State != agents.Arrived || v.Plans != 0 {
		t.Errorf("the arrived agent is %v after %d plans", v.State, v.Plans)
	}
	if v := agentAt(t, s2, image.Pt(1, 1)); v.State != agents.Idle {
		t.Errorf("the idle agent is %v", v.State)
	}
	v, _ := s.Agent(ids["stopped"][0])
	if v2 := agentAt(t, s2, v.Cell); v2.State != agents.Stopped || v2.Why != agents.WhyUnreachable {
		t.Errorf("the agent whose goal is cut off is %v (%v)", v2.State, v2.Why)
	}
}

// Regression: agents sent as a group in formation were saved as single
// agents with the group's goal, so a reopened session sent each alone,
// all to the one goal cell (an arrived group left its places to crowd
// it). The group is saved ("group N" on its agents' lines) and sent again
// as one group, each group apart.
func TestSavedGroupKeepsItsFormation(t *testing.T) {
	w, ids := agentSaveWorld(t)
	w2, text := reopen(t, w)
	lines := agentLines(text)
	s, s2 := w.Agents(), w2.Agents()
	groupOf := func(s *agents.Sim, cell image.Point) (agents.AgentView, []int) {
		v := agentAt(t, s, cell)
		if v.Kind != agents.Member {
			t.Fatalf("the agent on %v is %v, want a group member\n%s", cell, v.Kind, strings.Join(lines, "\n"))
		}
		gi, ok := groupInfo(s, v.Group)
		if !ok {
			t.Fatalf("no group %d", v.Group)
		}
		var cells []int
		for _, m := range gi.Members {
			mv, _ := s.Agent(m)
			cells = append(cells, s.Grid().Index(mv.Cell))
		}
		slices.Sort(cells)
		return v, cells
	}
	for _, role := range []string{"group", "parked"} {
		first, _ := s.Agent(ids[role][0])
		_, want := groupOf(s, first.Cell)
		v2, got := groupOf(s2, first.Cell)
		if !slices.Equal(got, want) || v2.Goal != first.Goal {
			t.Errorf("%s reopened as a group on cells %v to %v, want %v to %v\n%s", role, got, v2.Goal, want, first.Goal, strings.Join(lines, "\n"))
		}
	}
	if n := len(s2.Groups(nil)); n != 2 {
		t.Errorf("%d groups reopened, want 2", n)
	}
	// The arrived group stays in formation: its members keep their places
	// (none walks to the goal cell the group was sent to).
	s2.Run()
	for range 120 {
		w2.Tick(1.0 / 60)
	}
	for _, id := range ids["parked"] {
		v, _ := s.Agent(id)
		if v2 := agentAt(t, s2, v.Cell); v2.State != agents.Arrived {
			t.Errorf("parked member from %v is %v at %v after running, want arrived where it stood", v.Cell, v2.State, v2.Cell)
		}
	}
}

// A scenario's groups must share a goal: a file whose group goes two ways
// is refused naming the file and line, before a session opens.
func TestScenarioGroupGoingTwoWaysIsRefused(t *testing.T) {
	const src = "pathlens-scenario 1\nmap inline\n.....\n.....\nend\nagent 0,0 -> 4,1 group 2\nagent 1,0 -> 4,0 group 2\n"
	_, err := maps.ParseScenario(strings.NewReader(src), "two.pls", "")
	if err == nil || !strings.Contains(err.Error(), "two.pls:7: agent goal (4,0) is not its group's: group 2 goes to (4,1) (line 6)") {
		t.Errorf("error %v", err)
	}
}

// A group whose other members were removed is saved as the single agent it
// opens as: the file said "group 1", the session opened it single, and a
// second save dropped the group (a designer's report).
func TestGroupOfOneSavesAsASingleAgent(t *testing.T) {
	w, ids := agentSaveWorld(t)
	group := ids["group"]
	w.Agents().Select(group[1:], false)
	w.RemoveSelectedAgents()
	w2, text := reopen(t, w)
	found := false
	for _, l := range agentLines(text) {
		if strings.Contains(l, "17,6") { // the group's goal
			found = true
			if strings.Contains(l, "group") {
				t.Errorf("the last member is saved in a group: %q", l)
			}
		}
	}
	if !found {
		t.Fatalf("the last member is not saved with its goal:\n%s", text)
	}
	_, text2 := reopen(t, w2)
	if a, b := agentLines(text), agentLines(text2); !slices.Equal(a, b) {
		t.Errorf("saved again after opening, the agents differ:\n%s\nvs\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
}
