package world

import (
	"image"
	"math"
	"strings"
	"testing"
)

// A row whose start or goal is a wall (a stroke painted over a .scen
// endpoint) is no query at all: F3 refuses to open it. It is counted
// apart, "starts or ends on a wall", in the summary and the log line, and
// neither as unreachable (which stays for rows A* proves have no path)
// nor ranked. A reviewer found such rows counted as unreachable.
func TestBatchRowsOnAWallAreNotUnreachable(t *testing.T) {
	w, log := batchWorld(t)
	w.Settings = Settings{Algo: AlgoHPA, ClusterSize: 4}
	// Wall over query 1's goal and query 6's start, with a stroke.
	for _, p := range []image.Point{batchQueries[0][1], batchQueries[5][0]} {
		w.BeginStroke(p, 0)
		w.EndStroke()
		if w.Grid.Open(p) {
			t.Fatalf("the stroke left (%d,%d) open", p.X, p.Y)
		}
	}
	r := runBatchNow(t, w)
	if r.Walls != 2 || r.Unreachable != 1 {
		t.Errorf("walls %d, unreachable %d; want 2 and 1 (the walled-in cell, proved by A*)", r.Walls, r.Unreachable)
	}
	for i, row := range r.Rows {
		if want := i == 0 || i == 5; row.Wall != want {
			t.Errorf("query %d: Wall %v, want %v", i+1, row.Wall, want)
		}
		if row.Wall && (row.Found || row.Problem != "" || !math.IsNaN(row.Sub) || row.Time != 0 || row.AStarTime != 0) {
			t.Errorf("query %d on a wall was asked or judged: %+v", i+1, row)
		}
	}
	for _, i := range r.Ranking {
		if r.Rows[i].Wall {
			t.Errorf("query %d on a wall is ranked: %v", i+1, r.Ranking)
		}
	}
	if r.Found != 4 || len(r.Ranking) != 4 {
		t.Errorf("found %d, ranked %v: want the 4 open rows A* reaches", r.Found, r.Ranking)
	}
	if !strings.HasPrefix(w.Message, "batch: 7 rows, 4 found, 1 unreachable, 0 reach errors, 2 rows start or end on a wall") {
		t.Errorf("summary %q", w.Message)
	}
	if l := lastLogLine(t, log.String(), "batch"); !strings.Contains(l, "unreachable=1 reach_errors=0 wall_endpoints=2") {
		t.Errorf("log %q", l)
	}
}

// F4 on a batch whose rows are all on walls, or on walls and
// unreachable, says so rather than calling them unreachable.
func TestBatchStepOverRowsOnWalls(t *testing.T) {
	w, _ := batchWorld(t)
	w.Queries = [][2]image.Point{{image.Pt(0, 0), image.Pt(22, 12)}}
	r := runBatchNow(t, w)
	if r.Walls != 1 || r.Unreachable != 0 || !strings.HasPrefix(w.Message, "batch: 1 row, 0 found, 0 unreachable, 0 reach errors, 1 row starts or ends on a wall (") {
		t.Errorf("walls %d unreachable %d, summary %q", r.Walls, r.Unreachable, w.Message)
	}
	if _, _, msg, ok := w.BatchStep(1); ok || msg != "the batch ranked no row: its one row starts or ends on a wall" {
		t.Errorf("F4: %q", msg)
	}
	w.Queries = [][2]image.Point{{image.Pt(0, 0), image.Pt(22, 12)}, {image.Pt(1, 1), image.Pt(19, 10)}}
	runBatchNow(t, w)
	if _, _, msg, ok := w.BatchStep(1); ok || msg != "the batch ranked no row: of its 2 rows, 1 row starts or ends on a wall and the rest are unreachable both ways" {
		t.Errorf("F4: %q", msg)
	}
}
