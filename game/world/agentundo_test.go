package world

import (
	"image"
	"slices"
	"strings"
	"testing"

	"pathlens/game/world/agents"
)

// agentAt returns the live agent standing on c (leaders aside).
func agentAt(t *testing.T, s *agents.Sim, c image.Point) agents.AgentView {
	t.Helper()
	id := s.AgentAt(c)
	v, ok := s.Agent(id)
	if !ok {
		t.Fatalf("no agent on %v", c)
	}
	return v
}

// Removed agents come back with Ctrl+Z, and Ctrl+Z takes back strokes and
// removals in one history, in the order they were made: remove A, dig,
// remove B; the first undo brings B back, the second takes the dig back,
// the third brings A back. They come back under their ids, on their
// cells, with their goals and speeds, selected; one that had arrived is
// there, one under way plans anew and arrives. Redo does it all again.
// Undoing right after removing leaves nothing unsaved that was saved, and
// the log has an undo and a redo line for each removal.
func TestUndoBringsRemovedAgentsBack(t *testing.T) {
	w, log := mustWorld(t,
		"##############",
		"#............#",
		"#............#",
		"#............#",
		"######.#######",
		"#............#",
		"##############",
	)
	w.Replan()
	walker, _ := w.SpawnAgent(image.Pt(1, 1))
	parked, _ := w.SpawnAgent(image.Pt(12, 3))
	idle, _ := w.SpawnAgent(image.Pt(1, 5))
	s := w.Agents()
	s.SetSpeed([]int{walker}, 2)
	s.Select([]int{parked}, false)
	if err := w.SendAgents(image.Pt(12, 3), false); err != nil {
		t.Fatal(err)
	}
	s.Select([]int{walker}, false)
	if err := w.SendAgents(image.Pt(12, 1), false); err != nil {
		t.Fatal(err)
	}
	for range 40 {
		w.Tick(1.0 / 60)
	}
	s.Pause()
	mid, _ := s.Agent(walker)
	if mid.State != agents.Moving || mid.Cell == image.Pt(1, 1) {
		t.Fatalf("walker %v at %v: want it under way", mid.State, mid.Cell)
	}
	if v, _ := s.Agent(parked); v.State != agents.Arrived {
		t.Fatalf("parked agent %v", v.State)
	}
	w.agents.saved, w.agents.savedSome = w.agents.version, true // as after a save
	save := w.edits.pos
	w.edits.saved = save

	// Remove A (walker, parked), dig a cell, remove B (idle).
	s.Select([]int{walker, parked}, false)
	if n := w.RemoveSelectedAgents(); n != 2 {
		t.Fatalf("removed %d", n)
	}
	w.ApplyEdit(Edit{Kind: EditDig, Cells: []CellEdit{{P: image.Pt(3, 4), New: 1}}})
	s.Select([]int{idle}, false)
	w.RemoveSelectedAgents()
	if s.Live() != 0 || w.EditCount() != 1 || !w.Dirty() {
		t.Fatalf("after the removals and the dig: %d live, %d edits, dirty %v", s.Live(), w.EditCount(), w.Dirty())
	}
	if got := w.UnsavedText(); got != "1 unsaved edit and agents" {
		t.Fatalf("unsaved text %q", got)
	}

	w.Undo()
	if s.Live() != 1 || w.Grid.Open(image.Pt(3, 4)) == false {
		t.Fatalf("first undo: %d live, dug cell open %v; want B back and the dig kept", s.Live(), w.Grid.Open(image.Pt(3, 4)))
	}
	if v := agentAt(t, s, image.Pt(1, 5)); v.ID != idle || !v.Selected || v.State != agents.Idle {
		t.Fatalf("B back as %+v", v)
	}
	if !strings.Contains(w.Message, "undo: 1 agent back") {
		t.Fatalf("message %q", w.Message)
	}
	w.Undo()
	if w.Grid.Open(image.Pt(3, 4)) || s.Live() != 1 {
		t.Fatalf("second undo: dug cell open %v, %d live; want the dig taken back only", w.Grid.Open(image.Pt(3, 4)), s.Live())
	}
	w.Undo()
	if s.Live() != 3 {
		t.Fatalf("third undo: %d live, want all 3", s.Live())
	}
	if w.Dirty() || w.AgentsUnsaved() {
		t.Fatalf("everything undone back to the save: dirty %v (%q)", w.Dirty(), w.UnsavedText())
	}
	if sel := s.Selected(nil); len(sel) != 2 || sel[0] != walker || sel[1] != parked {
		t.Fatalf("selection after bringing A back: %v, want [%d %d]", sel, walker, parked)
	}
	v, _ := s.Agent(walker)
	if v.Cell != mid.Cell || v.Goal != image.Pt(12, 1) || !v.HasGoal || v.Speed != 2 {
		t.Fatalf("walker back as %+v; was at %v", v, mid.Cell)
	}
	if v, _ := s.Agent(parked); v.State != agents.Arrived || v.Cell != image.Pt(12, 3) || v.Arrivals != 1 {
		t.Fatalf("parked agent back as %v at %v, %d arrivals", v.State, v.Cell, v.Arrivals)
	}
	if !w.CanUndo() {
		t.Fatal("the three spawns before the save are not undoable")
	}
	s.Run()
	for range 600 {
		w.Tick(1.0 / 60)
	}
	if v, _ := s.Agent(walker); v.State != agents.Arrived || v.Cell != image.Pt(12, 1) {
		t.Fatalf("walker after the undo: %v at %v, want it to arrive", v.State, v.Cell)
	}

	w.Redo()
	w.Redo()
	w.Redo()
	if s.Live() != 0 || !w.Grid.Open(image.Pt(3, 4)) || w.CanRedo() {
		t.Fatalf("after three redos: %d live, dug %v, can redo %v", s.Live(), w.Grid.Open(image.Pt(3, 4)), w.CanRedo())
	}
	if !strings.Contains(w.Message, "redo: 1 agent removed, 0 left") {
		t.Fatalf("message %q", w.Message)
	}
	for _, want := range []string{"undo kind=remove-agents agents=1 ids=2 live=1", "undo kind=remove-agents agents=2 ids=0,1 live=3",
		"redo kind=remove-agents agents=2 ids=0,1 live=1", "redo kind=remove-agents agents=1 ids=2 live=0", "undo kind=dig"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("no %q in the log:\n%s", want, log.String())
		}
	}
	// The saved file holds the dig and no removal step.
	if es := w.Edits(); len(es) != 1 || es[0].Kind != EditDig {
		t.Fatalf("edits to save: %+v", es)
	}
}

// A removed group member comes back into its group when the others still
// walk to the same goal, and all arrive; a removal undone after the
// simulation was made anew (a neighbourhood switch) brings the agents back
// on their cells with their goals, and redo removes those.
func TestUndoRemovalOfGroupMemberAndAfterRemake(t *testing.T) {
	w, _ := mustWorld(t,
		"##############",
		"#............#",
		"#............#",
		"#............#",
		"##############",
	)
	w.Replan()
	var ids []int
	for _, c := range []image.Point{{1, 1}, {2, 1}, {1, 2}, {2, 2}} {
		id, _ := w.SpawnAgent(c)
		ids = append(ids, id)
	}
	s := w.Agents()
	s.Select(ids, false)
	if err := w.SendAgents(image.Pt(11, 2), true); err != nil {
		t.Fatal(err)
	}
	w.Tick(1.0 / 60)
	s.Select(ids[3:], false)
	w.RemoveSelectedAgents()
	w.Undo()
	v, _ := s.Agent(ids[3])
	if v.Kind != agents.Member {
		t.Fatalf("member back as %v", v.Kind)
	}
	gs := s.Groups(nil)
	if len(gs) != 1 || len(gs[0].Members) != 4 {
		t.Fatalf("groups after the undo: %+v, want one of 4", gs)
	}
	for range 900 {
		w.Tick(1.0 / 60)
	}
	for _, id := range ids {
		if v, _ := s.Agent(id); v.State != agents.Arrived {
			t.Fatalf("agent %d: %v at %v", id, v.State, v.Cell)
		}
	}

	at, _ := s.Agent(ids[0])
	s.Select(ids[:1], false)
	w.RemoveSelectedAgents()
	w.ToggleNeighborhood() // a new simulation: the ids are new
	w.Undo()
	s = w.Agents()
	back := agentAt(t, s, at.Cell)
	if !back.Selected || back.Goal != image.Pt(11, 2) || !back.HasGoal || s.Live() != 4 {
		t.Fatalf("after the remake, back as %+v; %d live", back, s.Live())
	}
	w.Redo()
	if s.Live() != 3 || s.AgentAt(at.Cell) == back.ID {
		t.Fatalf("redo after the remake: %d live", s.Live())
	}
}

// Regression (review): Delete while a stroke is still painted ends the
// stroke first, so the undo history holds the stroke, then the removal: the
// first Ctrl+Z brings the agent back, the second takes the stroke back.
func TestRemovalDuringAStrokeComesAfterIt(t *testing.T) {
	w, _ := mustWorld(t,
		"##########",
		"#........#",
		"#........#",
		"##########",
	)
	w.Replan()
	id, err := w.SpawnAgent(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	s := w.Agents()
	s.Select([]int{id}, false)
	w.BeginStroke(image.Pt(5, 2), 0)
	w.StrokeTo(image.Pt(6, 2))
	if w.RemoveSelectedAgents() != 1 {
		t.Fatal("not removed")
	}
	if _, painting := w.Painting(); painting {
		t.Fatal("the stroke is still open after the removal")
	}
	w.Undo()
	if s.Live() != 1 || w.Grid.Open(image.Pt(5, 2)) {
		t.Fatalf("first undo: %d live, cell (5,2) open %v; want the agent back and the fill kept", s.Live(), w.Grid.Open(image.Pt(5, 2)))
	}
	w.Undo()
	if !w.Grid.Open(image.Pt(5, 2)) || !w.Grid.Open(image.Pt(6, 2)) || s.Live() != 1 {
		t.Fatalf("second undo: cells open %v %v, %d live; want the stroke taken back", w.Grid.Open(image.Pt(5, 2)), w.Grid.Open(image.Pt(6, 2)), s.Live())
	}
}

// A user's finding: Ctrl+Z after spawning an agent by mistake took back
// the stroke before it, and left the agent. A spawn is one step of the
// undo history: undo takes the agent away from wherever it walked, redo
// brings it back there with its goal; a spawn while a stroke is painted
// comes after the stroke; a scenario's own agents are no steps; after the
// simulation is made anew (the neighbourhood switch) the steps still name
// the right agents; and undoing to the saved point leaves nothing unsaved.
func TestSpawnIsAnUndoStep(t *testing.T) {
	w, log := mustWorld(t,
		"##############",
		"#............#",
		"#............#",
		"##############",
	)
	w.Replan()
	w.BeginStroke(image.Pt(6, 2), 0)
	w.StrokeTo(image.Pt(7, 2))
	a, err := w.SpawnAgent(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if _, painting := w.Painting(); painting {
		t.Fatal("the stroke is still open after the spawn")
	}
	w.agents.saved, w.agents.savedSome = w.agents.version, true // as after a save
	w.edits.saved = w.edits.pos
	b, _ := w.SpawnAgent(image.Pt(1, 2))
	s := w.Agents()
	w.Undo()
	if w.AgentsUnsaved() || s.Live() != 1 {
		t.Fatalf("a spawn undone at once, back to the save: %d live, %q", s.Live(), w.UnsavedText())
	}
	w.Redo()
	s.Select([]int{b}, false)
	if err := w.SendAgents(image.Pt(12, 1), false); err != nil {
		t.Fatal(err)
	}
	for range 20 {
		w.Tick(1.0 / 60)
	}
	s.Pause()
	walked, _ := s.Agent(b)
	if walked.Cell == image.Pt(1, 2) {
		t.Fatal("agent b did not move")
	}
	w.Undo() // the send (a step too): b stops where it stands, idle as before it
	if v, ok := s.Agent(b); !ok || v.HasGoal || v.State != agents.Idle || v.Cell != walked.Cell {
		t.Fatalf("first undo: agent b %+v (found %v), want it idle on %v", v, ok, walked.Cell)
	}
	w.Undo()
	if _, ok := s.Agent(b); ok || s.Live() != 1 {
		t.Fatalf("second undo: agent b still there (%d live); want the last spawn taken away", s.Live())
	}
	if !strings.HasPrefix(w.Message, "undo: 1 agent spawned taken away, 1 on the map") {
		t.Fatalf("second undo: message %q", w.Message)
	}
	w.Redo()
	w.Redo()
	v, ok := s.Agent(b)
	if !ok || v.Cell != walked.Cell || v.Goal != image.Pt(12, 1) || !v.HasGoal || s.Live() != 2 {
		t.Fatalf("redo, redo: agent b %+v (found %v), want it back on %v and sent again", v, ok, walked.Cell)
	}
	w.Undo()
	w.Undo()
	w.Undo()
	if s.Live() != 0 || w.Grid.Open(image.Pt(6, 2)) {
		t.Fatalf("three more undos: %d live, stroke cell open %v; want no agent and the stroke kept", s.Live(), w.Grid.Open(image.Pt(6, 2)))
	}
	w.Undo()
	if !w.Grid.Open(image.Pt(6, 2)) || w.CanUndo() {
		t.Fatalf("fourth undo: stroke taken back %v, more to undo %v", w.Grid.Open(image.Pt(6, 2)), w.CanUndo())
	}
	w.Redo() // the stroke
	w.Redo() // agent a
	if s.Live() != 1 || s.AgentAt(image.Pt(1, 1)) != a {
		t.Fatalf("redo of the spawn: %d live, agent on (1,1) %d; want a back", s.Live(), s.AgentAt(image.Pt(1, 1)))
	}
	w.ToggleNeighborhood() // a new simulation, new ids
	w.Undo()
	s = w.Agents()
	if s.Live() != 0 {
		t.Fatalf("undo of a spawn after the remake: %d live, want 0", s.Live())
	}
	w.Redo()
	if s.Live() != 1 || s.AgentAt(image.Pt(1, 1)) < 0 {
		t.Fatalf("redo after the remake: %d live, none on (1,1)", s.Live())
	}
	if !strings.Contains(log.String(), "undo kind=spawn-agents agents=1") {
		t.Fatalf("no undo line for a spawn in the log:\n%s", log.String())
	}
}

// Regression: sending agents was no step of the undo history, so Ctrl+Z
// after a send took back the stroke or spawn before it and the agents
// walked on to where they were sent. A send is a step now: undone, each
// sent agent gets back what it had before, from where it stands (an idle
// one is idle again, one with a goal goes back to it, a member rejoins its
// group); redone, they are sent again. Undone right after, nothing is left
// unsaved that was saved; the log has an undo and a redo line.
func TestSendIsAnUndoStep(t *testing.T) {
	w, log := mustWorld(t,
		"################",
		"#..............#",
		"#..............#",
		"#..............#",
		"#..............#",
		"#..............#",
		"################",
	)
	w.Replan()
	a, _ := w.SpawnAgent(image.Pt(1, 1))
	b, _ := w.SpawnAgent(image.Pt(1, 3))
	var team []int
	for _, c := range []image.Point{{1, 5}, {2, 5}, {3, 5}} {
		id, _ := w.SpawnAgent(c)
		team = append(team, id)
	}
	s := w.Agents()
	s.Select([]int{b}, false)
	if err := w.SendAgents(image.Pt(3, 3), false); err != nil {
		t.Fatal(err)
	}
	s.Select(team, false)
	if err := w.SendAgents(image.Pt(13, 5), true); err != nil {
		t.Fatal(err)
	}
	for range 30 {
		w.Tick(1.0 / 60)
	}
	if v, _ := s.Agent(b); v.State != agents.Arrived {
		t.Fatalf("agent b is %v, want arrived before the send", v.State)
	}
	w.BeginStroke(image.Pt(8, 1), 0) // a stroke before the send: undone after it
	w.EndStroke()
	w.agents.saved, w.agents.savedSome = w.agents.version, true // as after a save
	w.edits.saved = w.edits.pos

	sent := []int{a, b, team[0]}
	s.Select(sent, false)
	if err := w.SendAgents(image.Pt(13, 1), false); err != nil {
		t.Fatal(err)
	}
	for range 30 {
		w.Tick(1.0 / 60)
	}
	w.Undo()
	if w.Grid.Open(image.Pt(8, 1)) {
		t.Fatal("the first undo took back the stroke, not the send")
	}
	if v, _ := s.Agent(a); v.HasGoal || v.State != agents.Idle {
		t.Errorf("agent a after the undo: %v with goal %v %v, want idle as before the send", v.State, v.HasGoal, v.Goal)
	}
	if v, _ := s.Agent(b); !v.HasGoal || v.Goal != image.Pt(3, 3) {
		t.Errorf("agent b after the undo: goal %v %v, want (3,3) as before the send", v.HasGoal, v.Goal)
	}
	v, _ := s.Agent(team[0])
	if v.Kind != agents.Member || v.Goal != image.Pt(13, 5) {
		t.Fatalf("agent %d after the undo: %v to %v, want a member of its group to (13,5) again", team[0], v.Kind, v.Goal)
	}
	if gi, ok := groupInfo(s, v.Group); !ok || len(gi.Members) != 3 {
		t.Errorf("its group after the undo: %+v, want the three members again", gi)
	}
	if got := s.Selected(nil); !slices.Equal(got, sent) {
		t.Errorf("selected after the undo: %v, want the agents sent %v", got, sent)
	}
	if w.AgentsUnsaved() {
		t.Errorf("a send undone at once left agents unsaved: %q", w.UnsavedText())
	}
	if !strings.HasPrefix(w.Message, "undo: 3 agents no longer sent to (13,1)") {
		t.Errorf("undo note %q", w.Message)
	}
	for range 60 {
		w.Tick(1.0 / 60)
	}
	if v := agentAt(t, s, image.Pt(3, 3)); v.ID != b || v.State != agents.Arrived {
		t.Errorf("agent b did not walk back to its goal: %+v", v)
	}

	w.Redo()
	for _, id := range sent {
		if v, _ := s.Agent(id); !v.HasGoal || v.Goal != image.Pt(13, 1) || v.Kind != agents.Solo {
			t.Errorf("agent %d after the redo: %v to %v %v, want sent alone to (13,1) again", id, v.Kind, v.HasGoal, v.Goal)
		}
	}
	if !w.AgentsUnsaved() {
		t.Error("the send redone leaves nothing unsaved")
	}
	for _, want := range []string{"undo kind=send-agents agents=3 ids=0,1,2 goal=13,1 group=off", "redo kind=send-agents agents=3 ids=0,1,2 goal=13,1"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("no %q in the log:\n%s", want, log.String())
		}
	}

	// A group send undone: its members get back their own goals.
	s.Select([]int{a, b}, false)
	if err := w.SendAgents(image.Pt(7, 3), true); err != nil {
		t.Fatal(err)
	}
	if v, _ := s.Agent(a); v.Kind != agents.Member {
		t.Fatalf("agent a after the group send: %v", v.Kind)
	}
	w.Undo()
	for _, id := range []int{a, b} {
		if v, _ := s.Agent(id); v.Kind != agents.Solo || v.Goal != image.Pt(13, 1) {
			t.Errorf("agent %d after the group send's undo: %v to %v, want alone to (13,1)", id, v.Kind, v.Goal)
		}
	}
	// The group send undone is redone by Ctrl+Y, and a new send instead
	// ends what could be redone.
	w.Redo()
	if v, _ := s.Agent(a); v.Kind != agents.Member || v.Goal != image.Pt(7, 3) {
		t.Errorf("agent a after the redo: %v to %v, want a member going to (7,3)", v.Kind, v.Goal)
	}
	w.Undo()
	s.Select([]int{a}, false)
	if err := w.SendAgents(image.Pt(1, 1), false); err != nil {
		t.Fatal(err)
	}
	if w.CanRedo() {
		t.Error("a new send left the undone one to redo")
	}
}

// A redo of a send that cannot be done (its goal a wall: only a change
// outside the history makes one, as a test does here) leaves the step
// undone, so the history says what the agents did, and says why.
func TestRedoOfAFailedSendStaysUndone(t *testing.T) {
	w, log := mustWorld(t,
		"##########",
		"#........#",
		"#........#",
		"##########",
	)
	w.Replan()
	a, _ := w.SpawnAgent(image.Pt(1, 1))
	w.Agents().Select([]int{a}, false)
	if err := w.SendAgents(image.Pt(8, 2), false); err != nil {
		t.Fatal(err)
	}
	w.Undo()
	w.Grid.SetOpen(image.Pt(8, 2), false)
	w.Redo()
	if !w.CanRedo() {
		t.Error("the failed redo counted as done: nothing left to redo")
	}
	if v, _ := w.Agents().Agent(a); v.HasGoal {
		t.Errorf("agent after the failed redo: goal %v, want none", v.Goal)
	}
	if !strings.Contains(w.Message, "(8,2)") || !strings.Contains(log.String(), "redo_refused kind=send-agents") {
		t.Errorf("message %q; log:\n%s", w.Message, log.String())
	}
}
