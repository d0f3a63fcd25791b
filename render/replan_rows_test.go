package render

import (
	"image"
	"testing"

	"pathlens/game/world/agents"
)

// A drag across an agent's route replans it at every mouse move: the
// panel shows that run as one row with a count, so the other agents' rows
// stay in view. Stops and plans from a pushed cell keep rows of their own.
func TestReplanPanelFoldsARunIntoOneRow(t *testing.T) {
	w := func(tick int64, agent int, x int) agents.Replan {
		return agents.Replan{Tick: tick, Agent: agent, Reason: agents.ReasonWorldChanged, Cell: image.Pt(x, 1), State: agents.Moving}
	}
	var log []agents.Replan // newest first, as Sim.Replans gives it
	for i := 0; i < 12; i++ {
		log = append(log, w(100-int64(i), 0, 40-i))
	}
	log = append(log,
		agents.Replan{Tick: 80, Agent: 1, Reason: agents.ReasonSegmentDone, State: agents.Moving},
		agents.Replan{Tick: 79, Agent: 1, Reason: agents.ReasonSegmentDone, State: agents.Stopped, Why: agents.WhyGoalBlocked},
		agents.Replan{Tick: 78, Agent: 1, Reason: agents.ReasonSegmentDone, State: agents.Moving},
		w(77, 2, 5), w(76, 0, 6), w(75, 0, 7),
		agents.Replan{Tick: 74, Agent: 0, Reason: agents.ReasonWorldChanged, State: agents.Moving, Displaced: true},
		agents.Replan{Tick: 73, Agent: 0, Reason: agents.ReasonWorldChanged, State: agents.Moving},
	)
	rows := replanRows(nil, log, 6)
	type row struct {
		tick  int64
		agent int
		n     int
		text  string
	}
	want := []row{
		{100, 0, 12, "world_changed ×12"},
		{80, 1, 1, "segment_done"},
		{79, 1, 1, "segment_done"}, // the stop
		{78, 1, 1, "segment_done"},
		{77, 2, 1, "world_changed"},
		{76, 0, 2, "world_changed ×2"},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d: %+v", len(rows), len(want), rows)
	}
	for i, r := range rows {
		if got := (row{r.Tick, r.Agent, r.n, r.reason()}); got != want[i] {
			t.Errorf("row %d: %+v, want %+v", i, got, want[i])
		}
	}
	if rows[0].Cell != image.Pt(40, 1) {
		t.Errorf("the folded row starts from %v, want the newest replan's cell (40,1)", rows[0].Cell)
	}
	// A displaced plan is never folded into the run before it.
	rows = replanRows(rows[:0], log[len(log)-2:], 6)
	if len(rows) != 2 {
		t.Errorf("a displaced plan was folded: %+v", rows)
	}
}
