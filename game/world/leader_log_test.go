package world

import (
	"image"
	"strings"
	"testing"
)

// The replan panel names a group's virtual leader G0, since it is no agent
// the user spawned; the event log named it as an agent (agent action=plan
// agent=2 ... right after "send ... ids=0,1"), an id no spawned agent has.
// The log now says group=0 for the leader's plans, as the panel does.
func TestLeaderPlansAreLoggedAsTheGroup(t *testing.T) {
	w, log := mustWorld(t,
		"############",
		"#..........#",
		"#..........#",
		"#..........#",
		"############",
	)
	var ids []int
	for _, c := range []image.Point{{1, 1}, {2, 1}} {
		id, err := w.SpawnAgent(c)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	s := w.Agents()
	s.Select(ids, false)
	if err := w.SendAgents(image.Pt(9, 2), true); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		w.Tick(1.0 / 60)
	}
	out := log.String()
	if !strings.Contains(out, "agent action=plan group=0 reason=new_goal") {
		t.Fatalf("no plan line naming group 0 for the leader's plan:\n%s", out)
	}
	for _, ln := range strings.Split(out, "\n") {
		if strings.Contains(ln, "action=plan agent=") && !strings.Contains(ln, "agent=0 ") && !strings.Contains(ln, "agent=1 ") {
			t.Fatalf("a plan line names an agent that was never spawned: %s", ln)
		}
	}
}

// An agent that a fill pushes onto its own goal arrives without a step;
// its replan line says so (state=arrived … displaced=on).
func TestPushedOntoItsGoalIsLoggedDisplaced(t *testing.T) {
	w, log := mustWorld(t,
		"########",
		"#......#",
		"#......#",
		"#......#",
		"########",
	)
	id, err := w.SpawnAgent(image.Pt(2, 2))
	if err != nil {
		t.Fatal(err)
	}
	s := w.Agents()
	s.SetSpeed([]int{id}, 0.5) // still on its first cell when the fill comes
	s.Select([]int{id}, false)
	if err := w.SendAgents(image.Pt(3, 2), false); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		w.Tick(1.0 / 60)
	}
	w.ApplyEdit(Edit{Kind: EditFill, Cells: []CellEdit{{P: image.Pt(2, 2), New: 0}}})
	for range 3 {
		w.Tick(1.0 / 60)
	}
	want := "replan agent=0 reason=world_changed at=3,2 state=arrived tick="
	var line string
	for _, ln := range strings.Split(log.String(), "\n") {
		if strings.Contains(ln, want) {
			line = ln
		}
	}
	if line == "" || !strings.HasSuffix(line, "displaced=on") {
		t.Fatalf("no %q … displaced=on line:\n%s", want, log.String())
	}
}
