package world

import (
	"bytes"
	"image"
	"strings"
	"testing"

	"pathlens/game/world/agents"
	"pathlens/maps"
	"pathlens/pathing"
)

// holdBuilds keeps every background build of w from being installed until
// the returned func lets them go (at the latest when the test ends): the
// tests watch the agents while a build is under way, however fast the
// machine builds.
func holdBuilds(t *testing.T, w *World) (release func()) {
	t.Helper()
	hold := make(chan struct{})
	setBuildHook(func(j *buildJob, r buildRes) {
		if j.key.grid == w.Grid {
			<-hold
		}
	})
	done := false
	release = func() {
		if !done {
			done = true
			close(hold)
		}
	}
	t.Cleanup(func() {
		release()
		setBuildHook(nil)
	})
	return release
}

// replanLines returns the log's replan lines (first plans included) of
// the agents ids since offset off, by agent.
func replanLines(log *bytes.Buffer, off int, ids ...int) []string {
	var out []string
	for _, id := range ids {
		out = append(out, replans(log, off, id)...)
	}
	return out
}

// count returns how many of lines hold s.
func count(lines []string, s string) int {
	n := 0
	for _, l := range lines {
		if strings.Contains(l, s) {
			n++
		}
	}
	return n
}

// Regression: a switch that rebuilds the hierarchy in the background made
// A* the agents' planner until the build was in, so every agent replanned
// as planner_changed, and again when the switch was taken back before the
// build ended, to walk on the hierarchy it had walked on all along. A*
// only stands in while the build runs (the panel says so), and taking the
// switch back replans nobody: the agents keep their plans.
func TestSwitchTakenBackDuringItsBuildKeepsAgentsPlans(t *testing.T) {
	w, log, a, b := splitWorld(t, agents.HPAEager)
	s := w.Agents()
	old := w.agents.plannerOf
	holdBuilds(t, w)
	off := log.Len()
	c := w.Settings.Cluster()
	w.SetCluster(c + 2)
	if w.building == nil {
		t.Fatal("the cluster switch built at once: the test wants a background build")
	}
	tickFor(w, 20)
	if p, why := s.StandIn(); p == nil || why != StandInBuildWhy {
		t.Errorf("stand-in during the build: %v %q, want A* %q", p, why, StandInBuildWhy)
	}
	if got := s.Planner().Name(); got != "hpa/eager" {
		t.Errorf("the agents' planner is named %q during the build, want hpa/eager", got)
	}
	w.SetCluster(c)
	tickFor(w, 20)
	onlySegmentEnds(t, "an agent", replanLines(log, off, a, b))
	if n := s.Stats().Reasons[agents.ReasonPlannerChanged]; n != 0 {
		t.Errorf("%d planner_changed plans", n)
	}
	if w.agents.plannerOf != old || s.Planner().Name() != "hpa" {
		t.Errorf("the agents' planner (%s) reads %p, want HPA* on the hierarchy it read (%p)", s.Planner().Name(), w.agents.plannerOf, old)
	}
	if p, _ := s.StandIn(); p != nil {
		t.Errorf("A* still stands in once the switch was taken back")
	}
}

// Regression: when the build for a switch ended, every agent under way
// replanned planner_changed a second time (the first was onto A* when the
// switch was made). The agents walk on while it builds and replan once,
// on the new hierarchy.
func TestSwitchReplansAgentsOnceWhenItsBuildEnds(t *testing.T) {
	w, log, a, b := splitWorld(t, agents.HPAEager)
	s := w.Agents()
	release := holdBuilds(t, w)
	off := log.Len()
	w.SetCluster(w.Settings.Cluster() + 2)
	tickFor(w, 20)
	onlySegmentEnds(t, "while the switch's hierarchy builds, an agent", replanLines(log, off, a, b))
	release()
	w.Wait()
	tickFor(w, 5)
	for _, id := range []int{a, b} {
		lines := replans(log, off, id)
		if n := count(lines, "reason=planner_changed"); n != 1 {
			t.Errorf("agent %d replanned planner_changed %d times, want once:\n%s", id, n, strings.Join(lines, "\n"))
		}
	}
	if got := w.agents.plannerOf; got != hierObject(w.Hierarchy()) || got == nil {
		t.Errorf("the agents' planner reads %T, not the new hierarchy", got)
	}
	if p, _ := s.StandIn(); p != nil {
		t.Error("A* still stands in after the build")
	}
}

// Regression: a hierarchy built again for the switches the agents plan
// with, over the same grid (an edit during another switch's build forgets
// the one kept, so taking the switch back builds it anew), replanned every
// agent as planner_changed. Its plans are theirs: nobody replans, and the
// planner reads the new hierarchy.
func TestSameHierarchyBuiltAgainKeepsAgentsPlans(t *testing.T) {
	w, log, a, b := splitWorld(t, agents.HPAEager)
	s := w.Agents()
	release := holdBuilds(t, w)
	off := log.Len()
	c := w.Settings.Cluster()
	old := hierObject(w.Hierarchy())
	w.SetCluster(c + 2)
	w.ApplyEdit(Edit{Kind: EditFill, Cells: []CellEdit{{P: image.Pt(290, 290)}}}) // far from both routes
	tickFor(w, 5)
	if w.agents.plannerOf != nil {
		t.Error("the agents' planner still holds a hierarchy during the build")
	}
	w.SetCluster(c) // built anew
	tickFor(w, 5)
	release()
	w.Wait()
	tickFor(w, 20)
	onlySegmentEnds(t, "an agent", replanLines(log, off, a, b))
	h := hierObject(w.Hierarchy())
	if h == nil || h == old || w.agents.plannerOf != h {
		t.Errorf("the agents' planner reads %p; the hierarchy is %p, the old one %p", w.agents.plannerOf, h, old)
	}
	if p, _ := s.StandIn(); p != nil {
		t.Error("A* still stands in after the build")
	}
}

// Agents sent while the hierarchy they plan with is being built plan with
// A* meanwhile; when it is in, those replan on it once, as
// hierarchy_repaired (A* made their routes), not planner_changed (no
// switch changed).
func TestAgentsSentDuringTheFirstBuildReplanOnceOnIt(t *testing.T) {
	g, err := pathing.NewGrid(300, 300)
	if err != nil {
		t.Fatal(err)
	}
	w2 := New(maps.NewMap("open", g))
	t.Cleanup(w2.Close)
	log := &bytes.Buffer{}
	w2.Log = NewEventLog(log)
	release := holdBuilds(t, w2)
	w2.Settings.Algo = AlgoHPA
	w2.Begin()
	if w2.building == nil {
		t.Fatal("the hierarchy was built at once: the test wants a background build")
	}
	id := sendAgent(t, w2, image.Pt(10, 10), image.Pt(200, 150))
	s := w2.Agents()
	if got := s.Planner().Name(); got != "hpa/eager" {
		t.Errorf("the agents' planner is %q while the hierarchy builds, want hpa/eager", got)
	}
	tickFor(w2, 10)
	if v, _ := s.Agent(id); v.State != agents.Moving {
		t.Fatalf("agent %d is %v while the hierarchy builds, want moving on A*'s route", id, v.State)
	}
	off := log.Len()
	release()
	w2.Wait()
	tickFor(w2, 5)
	lines := replans(log, off, id)
	if count(lines, "reason=hierarchy_repaired") != 1 || count(lines, "reason=planner_changed") != 0 {
		t.Errorf("agent %d after the build:\n%s\nwant one hierarchy_repaired replan", id, strings.Join(lines, "\n"))
	}
}

// Regression: switching between A*, Dijkstra and greedy replanned every
// agent as planner_changed, although under each the agents plan with A*
// on the grid. They keep their plans.
func TestFlatAlgorithmSwitchKeepsAgentsPlans(t *testing.T) {
	w, log := mustWorld(t,
		"##############",
		"#............#",
		"#............#",
		"##############",
	)
	w.Replan()
	id := sendAgent(t, w, image.Pt(1, 1), image.Pt(12, 2))
	tickFor(w, 5)
	off := log.Len()
	w.SetAlgo(AlgoDijkstra)
	tickFor(w, 5)
	w.SetAlgo(AlgoGreedy)
	tickFor(w, 5)
	if lines := replans(log, off, id); len(lines) > 0 {
		t.Errorf("the agent replanned after switching among the flat searches:\n%s", strings.Join(lines, "\n"))
	}
	w.SetAlgo(AlgoHPA)
	tickFor(w, 5)
	if lines := replans(log, off, id); count(lines, "reason=planner_changed") != 1 {
		t.Errorf("switching to HPA*: replans\n%s\nwant one planner_changed", strings.Join(lines, "\n"))
	}
}
