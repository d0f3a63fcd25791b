package world

import (
	"bytes"
	"image"
	"path/filepath"
	"strings"
	"testing"
)

// TestSaveKeepsAgentsWhoseGoalIsWalled: the teacher's session lost four
// agents. A group sent to a cell that a fill then walled was left out of
// the save ("4 agents left out: an endpoint is blocked"), the session was
// marked clean and quitting did not ask. They are saved idle where they
// stand (the file cannot name a goal its own fills block), and, as their
// goal is not in the file, the session stays unsaved.
func TestSaveKeepsAgentsWhoseGoalIsWalled(t *testing.T) {
	const src = `pathlens-scenario 1
name walled goal
map inline
##########
#........#
#........#
#........#
##########
end
agent 1,1 -> 7,2 group 1
agent 1,2 -> 7,2 group 1
agent 1,3 -> 7,2 group 1
agent 2,1 -> 7,2 group 1
agent 8,3 arrived
`
	w := scenarioWorld(t, src, "walled.pls")
	w.Begin()
	w.Wait()
	w.BeginStroke(image.Pt(7, 2), 0)
	w.EndStroke()
	if w.Grid.Open(image.Pt(7, 2)) {
		t.Fatal("the fill did not wall the goal")
	}
	path := filepath.Join(t.TempDir(), "walled.pls")
	if err := w.Save(path); err != nil {
		t.Fatal(err)
	}
	msg := w.Message
	if !strings.Contains(msg, "5 agents") || !strings.Contains(msg, "4 agents saved idle where they stand") {
		t.Errorf("save note: %q", msg)
	}
	if !w.Dirty() {
		t.Error("the session is marked saved, but the file lacks the agents' goal")
	}
	if u := w.UnsavedText(); u != "the walled goal of 4 agents (not in the file)" {
		t.Errorf("unsaved text %q does not say the goals are not saved", u)
	}
	w2, err := Open(path)
	if err != nil {
		t.Fatalf("the saved session does not open again: %v", err)
	}
	specs := w2.agentSpecs()
	if len(specs) != 5 {
		t.Fatalf("reopened with %d agents, want 5: %+v", len(specs), specs)
	}
	idle := 0
	for _, a := range specs {
		if a.Idle {
			idle++
		}
	}
	if idle != 4 {
		t.Errorf("%d idle agents reopened, want 4: %+v", idle, specs)
	}
	// Nothing left out: a second save after the goal is dug again is clean.
	w.Undo()
	if err := w.Save(path); err != nil {
		t.Fatal(err)
	}
	if w.Dirty() {
		t.Errorf("saved with nothing left out, still unsaved: %q (%s)", w.UnsavedText(), w.Message)
	}
}

// A file with one agent said "1 agents loaded: U runs them".
func TestOneAgentLoadedNote(t *testing.T) {
	const src = "pathlens-scenario 1\nmap inline\n#####\n#...#\n#####\nend\nagent 1,1 -> 3,1\n"
	w := scenarioWorld(t, src, "one.pls")
	w.Begin()
	w.Wait()
	if !strings.Contains(w.Message, "1 agent loaded: U runs it") {
		t.Errorf("message %q, want \"1 agent loaded: U runs it\"", w.Message)
	}
}

// From a review: a query on a blocked cell that is also the one on screen
// was counted twice ("2 queries left out"), in the save's note and in the
// unsaved-work text the quit question shows.
func TestBlockedQueryCountedOnce(t *testing.T) {
	const src = `pathlens-scenario 1
map inline
##########
#........#
#........#
##########
end
query 1,1 8,2
`
	w := scenarioWorld(t, src, "q.pls")
	w.Begin()
	w.Wait()
	w.ApplyEdit(Edit{Kind: EditFill, Cells: []CellEdit{{P: image.Pt(8, 2)}}})
	w.Wait()
	if w.Grid.Open(image.Pt(8, 2)) {
		t.Fatal("the test wants the goal filled")
	}
	if err := w.Save(filepath.Join(t.TempDir(), "q.pls")); err != nil {
		t.Fatal(err)
	}
	if _, d := w.toScenario(); d.queries != 1 || !strings.Contains(w.Message, "1 query left out") {
		t.Errorf("one query on a blocked cell counted %d times; note %q", d.queries, w.Message)
	}
}

// The save's log line names what the file lacks, as its note does.
func TestSaveLogNamesWhatTheFileLacks(t *testing.T) {
	const src = `pathlens-scenario 1
map inline
##########
#........#
#........#
##########
end
query 1,1 8,2
`
	w := scenarioWorld(t, src, "q.pls")
	var buf bytes.Buffer
	w.Log = NewEventLog(&buf)
	w.Begin()
	w.Wait()
	w.ApplyEdit(Edit{Kind: EditFill, Cells: []CellEdit{{P: image.Pt(8, 2)}}})
	w.Wait()
	if err := w.Save(filepath.Join(t.TempDir(), "q.pls")); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "agents_idled=0 queries_left_out=1 agents_left_out=0") {
		t.Errorf("save log %q lacks what the file lacks", buf.String())
	}
}
