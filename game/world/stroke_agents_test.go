package world

import (
	"bytes"
	"image"
	"strconv"
	"strings"
	"testing"
	"time"

	"pathlens/game/world/agents"
	"pathlens/maps"
	"pathlens/pathing"
)

// splitWorld is a 300×300 open map (over asyncCells, so a stroke may defer
// its repairs) cut by a wall down x=150 with a one-cell door at (150,150),
// planned with HPA* whose agents refine in mode m. Agent a walks from
// (100,150) through the door to (200,150); agent b from (20,20) to (60,40),
// far from every cell the tests paint. Both are under way when it returns.
func splitWorld(t *testing.T, m agents.HPAMode) (w *World, log *bytes.Buffer, a, b int) {
	t.Helper()
	g, err := pathing.NewGrid(300, 300)
	if err != nil {
		t.Fatal(err)
	}
	for y := 0; y < 300; y++ {
		g.SetOpen(image.Pt(150, y), y == 150)
	}
	w, log = hpaAgentWorld(t, "split", g, m)
	a = sendAgent(t, w, image.Pt(100, 150), image.Pt(200, 150))
	b = sendAgent(t, w, image.Pt(20, 20), image.Pt(60, 40))
	for range 3 {
		w.Tick(1.0 / 60)
	}
	for _, id := range []int{a, b} {
		if v, _ := w.Agents().Agent(id); v.State != agents.Moving {
			t.Fatalf("agent %d is %v before the stroke, want moving", id, v.State)
		}
	}
	return w, log, a, b
}

// hpaAgentWorld opens grid g as map name, planned with HPA* (built and
// waited for) whose agents refine in mode m, logging into log.
func hpaAgentWorld(t *testing.T, name string, g *pathing.Grid, m agents.HPAMode) (w *World, log *bytes.Buffer) {
	t.Helper()
	w = New(maps.NewMap(name, g))
	t.Cleanup(w.Close)
	log = &bytes.Buffer{}
	w.Log = NewEventLog(log)
	w.Settings.Algo = AlgoHPA
	w.Settings.AgentRefine = m
	w.Begin()
	w.Wait()
	if w.Hierarchy() == nil {
		t.Fatal("no HPA* hierarchy built")
	}
	return w, log
}

// sendAgent spawns an agent on from and sends it to to.
func sendAgent(t *testing.T, w *World, from, to image.Point) int {
	t.Helper()
	id, err := w.SpawnAgent(from)
	if err != nil {
		t.Fatal(err)
	}
	w.Agents().Select([]int{id}, false)
	if err := w.SendAgents(to, false); err != nil {
		t.Fatal(err)
	}
	return id
}

// deferStrokes makes w's next stroke defer its repairs to its end, as one
// whose last mouse move took longer than repairBudget to repair does: the
// tests do not depend on how fast the machine repairs.
func deferStrokes(w *World) { w.repairTime = time.Second }

// mustDefer fails unless the stroke in progress defers its repairs.
func mustDefer(t *testing.T, w *World) {
	t.Helper()
	if w.stroke == nil || len(w.stroke.pending) == 0 {
		t.Fatal("the stroke repairs live: the test wants one that defers its repairs")
	}
}

// replans returns the event log's replan lines (and first plans) of agent
// id written since offset off of log.
func replans(log *bytes.Buffer, off, id int) []string {
	var out []string
	tag := " agent=" + strconv.Itoa(id) + " "
	for _, l := range strings.Split(log.String()[off:], "\n") {
		f := strings.Fields(l)
		if len(f) > 1 && (f[1] == "replan" || f[1] == "agent" && strings.Contains(l, "action=plan")) && strings.Contains(l, tag) {
			out = append(out, l)
		}
	}
	return out
}

// onlySegmentEnds fails when lines hold a replan other than the refinement
// of a segment's end (which walking a route makes anyway).
func onlySegmentEnds(t *testing.T, who string, lines []string) {
	t.Helper()
	for _, l := range lines {
		if !strings.Contains(l, "reason=segment_done") {
			t.Errorf("%s replanned: %s", who, l)
		}
	}
}

func tickFor(w *World, frames int) {
	for range frames {
		w.Tick(1.0 / 60)
	}
}

// Regression (tester, a6.log and a7.log): once a stroke deferred its
// repairs, every walking agent was given an A* planner, so each replanned
// as planner_changed when the stroke started and again when it ended,
// however far from the stroke its route was, and the panel's title read
// astar meanwhile. A deferred stroke far from the routes now replans
// nobody, during it or at its end; A* stands in for the hierarchy (the
// title says so) without being the agents' planner. Lazily refined agents
// reaching a segment's end meanwhile have their next leg planned by the
// stand-in and keep their plan (no replan onto the hierarchy at the end).
func TestDeferredStrokeFarFromRoutesReplansNobody(t *testing.T) {
	for _, m := range []agents.HPAMode{agents.HPAEager, agents.HPALazy} {
		t.Run(m.String(), func(t *testing.T) {
			w, log, a, b := splitWorld(t, m)
			s := w.Agents()
			name := s.Planner().Name()
			segEnds := s.Stats().Reasons[agents.ReasonSegmentDone]
			off := log.Len()
			deferStrokes(w)
			w.BeginStroke(image.Pt(250, 285), 0)
			mustDefer(t, w)
			for x := 251; x <= 290; x++ { // 4 s: lazy segments take about 3
				w.StrokeTo(image.Pt(x, 285))
				tickFor(w, 6)
			}
			if got := s.Planner().Name(); got != name {
				t.Errorf("the agents' planner is %q during the stroke, want %q as before it", got, name)
			}
			if p, why := s.StandIn(); p == nil || p.Name() != "astar" || why != StandInWhy {
				t.Errorf("stand-in during the stroke: %v %q, want astar %q", p, why, StandInWhy)
			}
			segEnds = s.Stats().Reasons[agents.ReasonSegmentDone] - segEnds
			w.EndStroke()
			if p, _ := s.StandIn(); p != nil {
				t.Errorf("the stand-in %s still plans after the stroke's repair", p.Name())
			}
			tickFor(w, 60)
			onlySegmentEnds(t, "agent a", replans(log, off, a))
			onlySegmentEnds(t, "agent b", replans(log, off, b))
			if m == agents.HPALazy && segEnds == 0 {
				t.Error("no lazy agent reached a segment's end during the stroke: the test does not cover the stand-in's refinement of a leg")
			}
			if st := s.Stats(); st.WallViolations != 0 {
				t.Errorf("%d wall violations", st.WallViolations)
			}
		})
	}
}

// A deferred stroke across an agent's route replans that agent once,
// world_changed, at its next tick (as a stroke repaired live does: the
// agents are told of each painted cell at once), planned with A* on the
// grid around the new wall; the others walk on. When the stroke ends, the
// agent planned with A* replans once more, on the repaired hierarchy, and
// its log line says so (hierarchy_repaired), as a planner switch replans
// every agent so that none walks another planner's route; nobody else does.
func TestDeferredStrokeAcrossARouteReplansItOnce(t *testing.T) {
	for _, m := range []agents.HPAMode{agents.HPAEager, agents.HPALazy} {
		t.Run(m.String(), func(t *testing.T) {
			w, log, a, b := splitWorld(t, m)
			s := w.Agents()
			off := log.Len()
			deferStrokes(w)
			w.BeginStroke(image.Pt(130, 146), 0)
			mustDefer(t, w)
			w.StrokeTo(image.Pt(130, 154))
			tickFor(w, 2)
			got := replans(log, off, a)
			if len(got) != 1 || !strings.Contains(got[0], "reason=world_changed") || !strings.Contains(got[0], "state=moving") {
				t.Fatalf("agent a's replans during the stroke across its route: %q, want one world_changed", got)
			}
			v, _ := s.Agent(a)
			if err := pathing.ValidatePath(w.Grid, v.Segment[v.SegIndex:], w.Settings.Neighborhood); err != nil {
				t.Fatalf("agent a's new route crosses the stroke: %v", err)
			}
			tickFor(w, 20)
			if got := replans(log, off, a); len(got) != 1 {
				t.Fatalf("agent a replanned again during the stroke: %q", got)
			}
			onlySegmentEnds(t, "agent b (far from the stroke)", replans(log, off, b))

			off = log.Len()
			w.EndStroke()
			tickFor(w, 2)
			got = replans(log, off, a)
			if len(got) != 1 || !strings.Contains(got[0], "reason=hierarchy_repaired") {
				t.Fatalf("agent a (planned with A* during the stroke) after it: %q, want one hierarchy_repaired", got)
			}
			tickFor(w, 60)
			onlySegmentEnds(t, "agent a after its replan onto the hierarchy", replans(log, off, a)[1:])
			onlySegmentEnds(t, "agent b after the stroke", replans(log, off, b))
			if strings.Contains(log.String(), "planner_changed") {
				t.Errorf("a planner_changed replan, but no planner was switched:\n%s", log.String())
			}
			if st := s.Stats(); st.WallViolations != 0 {
				t.Errorf("%d wall violations", st.WallViolations)
			}
		})
	}
}

// A dig during a deferred stroke that could shorten a route replans that
// agent once, when the stroke ends, as a dig stroke repaired live does
// (Sim.BeginEdit: a stroke is one edit, and its digs replan each agent they
// concern once): planned by the repaired hierarchy, world_changed, and not
// again as hierarchy_repaired. It used to replan at once with the stand-in
// and again at the end, and at every further move of the stroke. Agent c
// walks from (100,140) to (200,140) round by the door at (150,150); a dig
// of the wall at (150,140) makes the straight way.
func TestDeferredDigNearARouteReplansIt(t *testing.T) {
	w, log, a, b := splitWorld(t, agents.HPAEager)
	c := sendAgent(t, w, image.Pt(100, 140), image.Pt(200, 140))
	tickFor(w, 3)
	off := log.Len()
	deferStrokes(w)
	w.BeginStroke(image.Pt(150, 140), 0)
	if k, _ := w.Painting(); k != EditDig {
		t.Fatalf("stroke kind %v, want dig", k)
	}
	mustDefer(t, w)
	tickFor(w, 2)
	if got := replans(log, off, c); len(got) != 0 {
		t.Fatalf("agent c replanned during the dig stroke: %q, want its replan when the stroke ends", got)
	}
	w.EndStroke()
	tickFor(w, 2)
	got := replans(log, off, c)
	if len(got) != 1 || !strings.Contains(got[0], "reason=world_changed") {
		t.Fatalf("agent c after a dig opening a shorter way: %q, want one world_changed", got)
	}
	v, _ := w.Agents().Agent(c)
	if !inPath(v.Segment, image.Pt(150, 140)) {
		t.Errorf("agent c's new route does not take the dug cell: %v", v.Segment)
	}
	tickFor(w, 30)
	onlySegmentEnds(t, "agent c after its replan", replans(log, off, c)[1:])
	onlySegmentEnds(t, "agent a", replans(log, off, a))
	onlySegmentEnds(t, "agent b", replans(log, off, b))
}

func inPath(path []image.Point, p image.Point) bool {
	for _, q := range path {
		if q == p {
			return true
		}
	}
	return false
}

// Regression (tester, a1.log): a paused agent that a stroke had cut off
// from its goal said `replan reason=planner_changed … why="goal
// unreachable"` when U ran the clock: the stroke's planner switch had
// queued it as planner_changed, and a change then left a queued reason
// as it was. It says world_changed: the edit cut it off. So it does after
// a switch that really changed the planner (Shift+U) while paused.
func TestPausedAgentCutOffSaysTheWorldChanged(t *testing.T) {
	for _, c := range []struct {
		name string
		cut  func(w *World)
	}{
		{"deferred stroke", func(w *World) {
			deferStrokes(w)
			w.BeginStroke(image.Pt(150, 150), 0) // the door
			mustDefer(t, w)
			w.EndStroke()
		}},
		{"switch, then a fill", func(w *World) {
			w.ToggleAgentRefine()
			w.ApplyEdit(Edit{Kind: EditFill, Cells: []CellEdit{{P: image.Pt(150, 150), New: 0}}})
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, log, a, _ := splitWorld(t, agents.HPAEager)
			w.ToggleAgents() // pause
			if w.Agents().Running() {
				t.Fatal("the clock still runs")
			}
			off := log.Len()
			c.cut(w)
			w.ToggleAgents() // U: run
			tickFor(w, 3)
			got := replans(log, off, a)
			if len(got) != 1 || !strings.Contains(got[0], "reason=world_changed") || !strings.Contains(got[0], `why="goal unreachable"`) {
				t.Fatalf("agent a, paused and cut off, after U: %q, want one world_changed … goal unreachable", got)
			}
		})
	}
}
