package world

import (
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/game/world/agents"
)

// From a designer's report: agents that had arrived as a group reopened
// as moving (their lines lacked "arrived", so the group was sent again,
// formed anew about its centre and walked), and the agents' clock speed
// and the layers turned on were lost. The group is saved "group N
// arrived" and reopens standing, every member arrived where it stood, with
// no plan made; "set agent-clock" and "set layers" bring back the clock
// and the layers.
func TestSavedArrivedGroupClockAndLayersReopen(t *testing.T) {
	w, ids := agentSaveWorld(t)
	w.StepAgentClock(true)
	w.StepAgentClock(true) // ×4
	w.Layers = "weights,groups,search"
	w2, text := reopen(t, w)
	s, s2 := w.Agents(), w2.Agents()
	for _, id := range ids["parked"] {
		v, _ := s.Agent(id)
		want := "agent " + pt(v.Cell) + " -> " + pt(v.Goal) + " group "
		found := false
		for _, l := range agentLines(text) {
			if strings.HasPrefix(l, want) {
				found = true
				if !strings.HasSuffix(l, " arrived") {
					t.Errorf("the arrived group's agent is saved %q, without arrived", l)
				}
			}
		}
		if !found {
			t.Fatalf("no line for the parked member at %v:\n%s", v.Cell, text)
		}
		if v2 := agentAt(t, s2, v.Cell); v2.State != agents.Arrived || v2.Kind != agents.Member {
			t.Errorf("parked member at %v reopened %v (%v), want an arrived member", v.Cell, v2.State, v2.Kind)
		}
	}
	for _, l := range agentLines(text) {
		if strings.Contains(l, "arrived") && strings.Contains(l, "group") {
			for _, id := range ids["group"] {
				if v, _ := s.Agent(id); strings.HasPrefix(l, "agent "+pt(v.Cell)+" ") {
					t.Errorf("a member of the group under way is saved arrived: %q", l)
				}
			}
		}
	}
	if !strings.Contains(text, "\nset agent-clock 4\n") || !strings.Contains(text, "\nset layers weights,groups,search\n") {
		t.Errorf("the clock or the layers are not saved:\n%s", text)
	}
	if got := s2.ClockSpeed(); got != 4 {
		t.Errorf("the agents' clock reopened ×%v, want ×4", got)
	}
	if w2.Layers != "weights,groups,search" {
		t.Errorf("layers reopened %q", w2.Layers)
	}
	// Running, the parked group makes no plan and takes no step.
	s2.Run()
	for range 120 {
		w2.Tick(1.0 / 60)
	}
	for _, id := range ids["parked"] {
		v, _ := s.Agent(id)
		if v2 := agentAt(t, s2, v.Cell); v2.State != agents.Arrived || v2.Plans != 0 || v2.Steps != 0 {
			t.Errorf("parked member from %v: %v after %d plans and %d steps", v.Cell, v2.State, v2.Plans, v2.Steps)
		}
	}
	for _, g := range s2.Groups(nil) {
		if l, _ := s2.Agent(g.Leader); l.Goal == image.Pt(12, 5) && (l.Plans != 0 || l.State != agents.Arrived) {
			t.Errorf("the parked group's leader is %v after %d plans", l.State, l.Plans)
		}
	}
}

// A file without the new lines (an older save) opens as before: the clock
// at ×1, the layers the window has, a group under way sent again.
func TestOlderFileKeepsTheDefaultClockAndLayers(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "old.pls")
	src := "pathlens-scenario 1\nmap inline\n..........\n..........\nend\nagent 1,1 -> 8,1 group 1\nagent 1,0 -> 8,1 group 1\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	w.Begin()
	if w.Layers != "" || w.Agents().ClockSpeed() != 1 {
		t.Errorf("layers %q, clock ×%v: want none named and ×1", w.Layers, w.Agents().ClockSpeed())
	}
	for _, v := range w.Agents().Agents(nil) {
		if v.Kind == agents.Leader && v.State == agents.Arrived {
			t.Error("a group under way opened arrived")
		}
	}
	// The clock a file sets is the speed of agents spawned later too.
	path2 := filepath.Join(dir, "clock.pls")
	if err := os.WriteFile(path2, []byte("pathlens-scenario 1\nset agent-clock 1/4\nmap inline\n....\nend\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w2, err := Open(path2)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w2.Close)
	w2.Begin()
	if w2.Agents() != nil || w2.AgentClock() != 0.25 {
		t.Fatalf("before any agent: clock ×%v", w2.AgentClock())
	}
	if _, err := w2.SpawnAgent(image.Pt(1, 0)); err != nil {
		t.Fatal(err)
	}
	if got := w2.Agents().ClockSpeed(); got != 0.25 {
		t.Errorf("an agent spawned in a file's ×1/4 session runs at ×%v", got)
	}
}
