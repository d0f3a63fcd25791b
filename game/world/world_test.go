package world

import (
	"bytes"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"pathlens/assets"
	"pathlens/maps"
	"pathlens/pathing"
)

// mustWorld builds a world from ASCII rows, with an event log captured in
// buf.
func mustWorld(t *testing.T, rows ...string) (*World, *bytes.Buffer) {
	t.Helper()
	m, err := maps.ReadASCII(strings.NewReader(strings.Join(rows, "\n")+"\n"), "test")
	if err != nil {
		t.Fatal(err)
	}
	w := New(m)
	var buf bytes.Buffer
	w.Log = NewEventLog(&buf)
	return w, &buf
}

// lastLine returns the last log line whose kind is kind.
func lastLine(t *testing.T, buf *bytes.Buffer, kind string) string {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		f := strings.Fields(lines[i])
		if len(f) > 1 && f[1] == kind {
			return lines[i]
		}
	}
	t.Fatalf("no %q line in log:\n%s", kind, buf.String())
	return ""
}

var corridor = []string{
	"##########",
	"#........#",
	"#.######.#",
	"#.#....#.#",
	"#.#.##.#.#",
	"#...##...#",
	"##########",
}

func TestPickPlansAndLogs(t *testing.T) {
	w, log := mustWorld(t, corridor...)
	w.Pick(image.Pt(1, 1))
	if w.HasGoal || !w.HasStart {
		t.Fatal("first click should place the start only")
	}
	w.Pick(image.Pt(8, 5))
	if w.Outcome.Status != pathing.Found {
		t.Fatalf("status %v, want found", w.Outcome.Status)
	}
	// 1,1 → 8,5: down the left side and along the bottom or across the top:
	// both are 4 + 7 straight-ish steps; the optimal octile cost is known by
	// A* itself, so check against an independent Dijkstra.
	s := pathing.NewSearcher(w.Grid)
	ref, _ := s.Search(pathing.Query{Start: image.Pt(1, 1), Goal: image.Pt(8, 5), Algorithm: pathing.Dijkstra})
	if math.Abs(w.Outcome.Cost-ref.Cost) > 1e-9 {
		t.Fatalf("cost %v, Dijkstra says %v", w.Outcome.Cost, ref.Cost)
	}
	if err := pathing.ValidatePath(w.Grid, w.Outcome.Path, pathing.Eight); err != nil {
		t.Fatal(err)
	}
	if !w.Timeline.AtEnd() || w.Timeline.Len() == 0 {
		t.Fatalf("timeline at %d of %d, want at the end of a recorded trace", w.Timeline.Cursor(), w.Timeline.Len())
	}
	line := lastLine(t, log, "plan")
	for _, want := range []string{"algo=astar", "from=1,1", "to=8,5", "status=found", "optimal="} {
		if !strings.Contains(line, want) {
			t.Errorf("plan line %q lacks %q", line, want)
		}
	}
}

func TestBadClicksNeverPanic(t *testing.T) {
	w, log := mustWorld(t, corridor...)
	for _, p := range []image.Point{{-1, 0}, {0, -5}, {10, 3}, {3, 7}, {math.MaxInt32, 2}, {0, 0}, {2, 2}} {
		w.Pick(p)
		if w.HasStart {
			t.Fatalf("click on %v placed an endpoint", p)
		}
		if !w.MessageErr || w.Message == "" {
			t.Fatalf("click on %v left no error message", p)
		}
	}
	if !strings.Contains(lastLine(t, log, "error"), "blocked") {
		t.Error("the last error should say the cell is blocked")
	}
	// A goal in a wall via SetEndpoints is refused the same way.
	if w.SetEndpoints(image.Pt(1, 1), image.Pt(4, 4)) {
		t.Fatal("SetEndpoints accepted a goal in a wall")
	}
	// Painting outside the map and dragging outside are ignored.
	w.BeginStroke(image.Pt(-3, -3), 0)
	w.StrokeTo(image.Pt(50, 50))
	w.EndStroke()
	if w.Dirty() {
		t.Fatal("a stroke outside the map changed the map")
	}
	w.MoveEndpoint(true, image.Pt(-1, -1))
	w.StepBy(-10)
	w.StepBy(+10)
	w.NextPhase()
	w.TogglePlay()
}

func TestTimelineSeekMatchesReplay(t *testing.T) {
	w, _ := mustWorld(t, corridor...)
	w.SetEndpoints(image.Pt(1, 5), image.Pt(8, 5))
	tl := &w.Timeline
	n := tl.Len()
	if n < 10 {
		t.Fatalf("trace has %d events", n)
	}
	// Move around, then compare every node's state with a fresh replay.
	for _, c := range []int{n / 2, 3, n, 0, n / 3, n - 1, n / 2} {
		tl.Seek(c)
		var fresh Timeline
		fresh.Reset(tl.Trace(), w.Grid.Len())
		fresh.Seek(c)
		seen := 0
		for i := 0; i < w.Grid.Len(); i++ {
			a, b := tl.State(0, int32(i)), fresh.State(0, int32(i))
			if a != b {
				t.Fatalf("cursor %d cell %v: state %+v, fresh replay %+v", c, w.Grid.Point(i), a, b)
			}
			if a.Seen {
				seen++
			}
		}
		// Touched lists the seen cells, each once.
		once := map[int32]bool{}
		for _, i := range tl.Touched(0) {
			if once[i] || !tl.State(0, i).Seen {
				t.Fatalf("cursor %d: Touched lists %v twice or unseen", c, w.Grid.Point(int(i)))
			}
			once[i] = true
		}
		if len(once) != seen {
			t.Fatalf("cursor %d: Touched lists %d cells, %d are seen", c, len(once), seen)
		}
	}
	// At the end, closed cells are exactly the searcher's closed cells.
	tl.Seek(n)
	for i := 0; i < w.Grid.Len(); i++ {
		p := w.Grid.Point(i)
		if got, want := tl.State(0, int32(i)).Closed, w.SearchState(p).Closed; got != want {
			t.Fatalf("cell %v closed=%v in the timeline, %v in the searcher", p, got, want)
		}
	}
}

func TestPlaybackSpeed(t *testing.T) {
	w, _ := mustWorld(t, corridor...)
	w.SetEndpoints(image.Pt(1, 5), image.Pt(8, 5))
	w.SetSpeed(10)
	w.TogglePlay() // at the end: restarts from 0
	if w.Timeline.Cursor() != 0 || !w.Play.Playing {
		t.Fatalf("play at the end should restart: cursor %d playing %v", w.Timeline.Cursor(), w.Play.Playing)
	}
	w.Tick(0.5)
	if c := w.Timeline.Cursor(); c != 5 {
		t.Fatalf("after 0.5 s at 10 events/s the cursor is %d, want 5", c)
	}
	w.SetSpeed(1e9)
	if w.Play.Speed != MaxSpeed {
		t.Fatalf("speed %v, want clamped to %v", w.Play.Speed, MaxSpeed)
	}
	w.Tick(10)
	if !w.Timeline.AtEnd() || w.Play.Playing {
		t.Fatal("playback should stop at the end")
	}
	w.SeekStart()
	w.NextPhase()
	if !w.Timeline.AtEnd() {
		t.Fatal("a one-phase trace: next phase is the end")
	}
	if w.PhaseName() != "A*" {
		t.Fatalf("phase %q, want A*", w.PhaseName())
	}
}

func TestDigUndoRedo(t *testing.T) {
	w, log := mustWorld(t,
		"#######",
		"#..#..#",
		"#..#..#",
		"#######",
	)
	if w.SetEndpoints(image.Pt(1, 1), image.Pt(5, 1)); w.Outcome.Status != pathing.NoPath {
		t.Fatal("the wall should separate start and goal")
	}
	w.markQueriesSaved() // the query as a file's, opened with: Dirty below counts the edits
	// A stroke starting on a wall digs.
	w.BeginStroke(image.Pt(3, 1), 0)
	w.StrokeTo(image.Pt(3, 2))
	w.EndStroke()
	if w.Outcome.Status != pathing.Found || !w.Dirty() || w.EditCount() != 1 {
		t.Fatalf("after the dig: status %v dirty %v edits %d", w.Outcome.Status, w.Dirty(), w.EditCount())
	}
	if l := lastLine(t, log, "edit"); !strings.Contains(l, "kind=dig") || !strings.Contains(l, "cells=2") {
		t.Errorf("edit line %q", l)
	}
	// A stroke starting on floor fills, and never walls in an endpoint.
	w.BeginStroke(image.Pt(1, 2), 0)
	w.StrokeTo(image.Pt(1, 1))
	w.EndStroke()
	if !w.Grid.Open(image.Pt(1, 1)) || w.Grid.Open(image.Pt(1, 2)) {
		t.Fatal("fill should block (1,2) and spare the start (1,1)")
	}
	w.Undo()
	w.Undo()
	if w.Outcome.Status != pathing.NoPath || w.Dirty() {
		t.Fatalf("after two undos: status %v dirty %v", w.Outcome.Status, w.Dirty())
	}
	w.Undo() // nothing left: a note, no panic
	w.Redo()
	if w.Outcome.Status != pathing.Found {
		t.Fatal("redo should dig again")
	}
	if cells, ok := w.ChangedSince(0); !ok || len(cells) != 2+1+1+2+2 {
		t.Fatalf("journal has %d cells (ok %v), want 8", len(cells), ok)
	}
}

func TestLineCellsAreFourConnected(t *testing.T) {
	for _, b := range []image.Point{{5, 2}, {-3, 7}, {0, 0}, {4, -4}, {-6, 0}} {
		prev := image.Point{}
		cells := lineCells(prev, b)
		for _, c := range cells {
			d := c.Sub(prev)
			if iabs(d.X)+iabs(d.Y) != 1 {
				t.Fatalf("line to %v steps %v→%v", b, prev, c)
			}
			prev = c
		}
		if prev != b {
			t.Fatalf("line to %v ends at %v", b, prev)
		}
	}
}

func TestSwitchesLogAndReplan(t *testing.T) {
	w, log := mustWorld(t, corridor...)
	w.SetEndpoints(image.Pt(1, 5), image.Pt(8, 5))
	w.CycleHeuristic()
	if l := lastLine(t, log, "switch"); !strings.Contains(l, "name=heuristic value=euclidean") {
		t.Errorf("switch line %q", l)
	}
	if l := lastLine(t, log, "plan"); !strings.Contains(l, "heuristic=euclidean") {
		t.Errorf("plan line after the switch %q", l)
	}
	w.SetHeuristic(HeurManhattan)
	w.ToggleNeighborhood()
	if w.Settings.Neighborhood != pathing.Four {
		t.Fatal("neighbourhood should be 4")
	}
	if err := pathing.ValidatePath(w.Grid, w.Outcome.Path, pathing.Four); err != nil {
		t.Fatal(err)
	}
	w.SetAlgo(AlgoDijkstra)
	w.SetAlgo(AlgoGreedy)
	if w.Outcome.Status != pathing.Found {
		t.Fatal("greedy should find the path")
	}
}

func TestHierarchiesOnTheDefaultWorld(t *testing.T) {
	w, err := Open("builtin:world")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w.Log = NewEventLog(&buf)
	w.Begin()
	if w.Outcome.Status != pathing.Found {
		t.Fatalf("default query: %v", w.Outcome.Status)
	}
	opt := w.Outcome.Cost
	for _, a := range []Algo{AlgoHPA, AlgoGroup} {
		w.SetAlgo(a)
		o := &w.Outcome
		if o.Err != nil || o.Status != pathing.Found {
			t.Fatalf("%v: status %v err %v", a, o.Status, o.Err)
		}
		if err := pathing.ValidatePath(w.Grid, o.Path, pathing.Eight); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
		if o.Path[0] != w.Start || o.Path[len(o.Path)-1] != w.Goal {
			t.Fatalf("%v: path runs %v→%v", a, o.Path[0], o.Path[len(o.Path)-1])
		}
		if o.Cost < opt-1e-9 {
			t.Fatalf("%v: cost %v below the optimum %v", a, o.Cost, opt)
		}
		if w.Optimal.Cost != opt {
			t.Fatalf("%v: optimal reference %v, A* gave %v", a, w.Optimal.Cost, opt)
		}
		tr := w.Timeline.Trace()
		levels := map[int]bool{}
		for _, ph := range tr.Phases {
			levels[ph.Level] = true
		}
		if !levels[0] || !levels[1] {
			t.Fatalf("%v: phases %+v should cover cells and level 1", a, tr.Phases)
		}
		if len(o.Plans) < 2 || len(o.Plans[1]) == 0 {
			t.Fatalf("%v: no level-1 plan", a)
		}
		if len(o.Segments) == 0 {
			t.Fatalf("%v: no segments", a)
		}
		// Every abstract event resolves to a cell of the map.
		for _, e := range tr.Events {
			if p, ok := w.NodeCell(int(e.Level), e.Node); !ok || !w.Grid.In(p) {
				t.Fatalf("%v: event %+v has no cell", a, e)
			}
		}
		if v := w.Hierarchy().Inspect(1); len(v.Nodes) == 0 || len(v.Edges) == 0 {
			t.Fatalf("%v: level 1 has %d nodes, %d edges", a, len(v.Nodes), len(v.Edges))
		}
	}
	// Group switches keep a ghost of the previous plan.
	w.CycleCost()
	if w.Ghost == nil || !strings.Contains(w.Ghost.Label, "minimum") {
		t.Fatalf("ghost %+v, want one labelled with the minimum cost", w.Ghost)
	}
	w.ToggleExclusion()
	if w.Outcome.Status == pathing.Found && w.Outcome.Excluded == nil {
		t.Fatal("exclusion mode should report the excluded cells")
	}
	if l := lastLine(t, &buf, "plan"); !strings.Contains(l, "exclusion=on") {
		t.Errorf("plan line %q", l)
	}
	// A dig repairs HPA*'s hierarchy locally and the path stays valid.
	w.SetAlgo(AlgoHPA)
	w.BeginStroke(image.Pt(47, 30), 0) // the building's east wall
	w.StrokeTo(image.Pt(47, 34))
	w.EndStroke()
	if l := lastLine(t, &buf, "repair"); !strings.Contains(l, "rebuilt=off") {
		t.Errorf("repair line %q", l)
	}
	if err := pathing.ValidatePath(w.Grid, w.Outcome.Path, pathing.Eight); err != nil {
		t.Fatal(err)
	}
	// Structural switches rebuild.
	w.ClusterBigger()
	w.LevelsUp()
	w.ToggleSmooth()
	if w.Outcome.Status != pathing.Found {
		t.Fatalf("after cluster/levels/smooth switches: %v %v", w.Outcome.Status, w.Outcome.Err)
	}
}

func TestSaveAndReload(t *testing.T) {
	dir := t.TempDir()
	w, err := Open("builtin:world")
	if err != nil {
		t.Fatal(err)
	}
	w.Begin()
	w.SetAlgo(AlgoHPA)
	w.BeginStroke(image.Pt(47, 30), 0)
	w.StrokeTo(image.Pt(47, 33))
	w.EndStroke()
	w.BeginStroke(image.Pt(60, 70), 5)
	w.StrokeTo(image.Pt(64, 70))
	w.EndStroke()
	if !w.Dirty() {
		t.Fatal("edits should make the session dirty")
	}
	path := filepath.Join(dir, "s.pls")
	if err := w.Save(path); err != nil {
		t.Fatal(err)
	}
	if w.Dirty() {
		t.Fatal("saving should clear the dirty flag")
	}
	if _, err := os.Stat(path + ".tmp"); err == nil {
		t.Fatal("temporary file left behind")
	}
	w2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	w2.Begin()
	if !w2.Grid.Equal(w.Grid) {
		t.Fatal("reloaded grid differs")
	}
	a, b := w2.Settings, w.Settings
	if a.Algo != b.Algo || a.Cluster() != b.Cluster() || a.LevelCount() != b.LevelCount() || a.Cost != b.Cost ||
		a.Exclusion != b.Exclusion || a.Neighborhood != b.Neighborhood || a.Heuristic != b.Heuristic || a.Smooth() != b.Smooth() {
		t.Fatalf("settings %+v, want %+v", a, b)
	}
	if w2.Start != w.Start || w2.Goal != w.Goal || w2.Outcome.Cost != w.Outcome.Cost {
		t.Fatalf("query %v→%v cost %v, want %v→%v cost %v", w2.Start, w2.Goal, w2.Outcome.Cost, w.Start, w.Goal, w.Outcome.Cost)
	}
	if w2.Dirty() {
		t.Fatal("a freshly loaded scenario is not dirty")
	}
	// Undo in the reloaded session goes back past the loaded edits.
	w2.Undo()
	if !w2.Dirty() || w2.Grid.Equal(w.Grid) {
		t.Fatal("undo of the loaded edit log should change the map")
	}
	// Saving again and reloading keeps the save consistent.
	if err := w2.Save(path); err != nil {
		t.Fatal(err)
	}
	w3, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if !w3.Grid.Equal(w2.Grid) {
		t.Fatal("second save: grid differs")
	}
}

func TestOpenErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.map")
	os.WriteFile(bad, []byte("type octile\nheight 2\nwidth 3\nmap\n...\n..\n"), 0o644)
	_, err := Open(bad)
	if err == nil || !strings.Contains(err.Error(), "bad.map") {
		t.Fatalf("error %v should name the file", err)
	}
	if _, err := Open("builtin:nope"); err == nil || !strings.Contains(err.Error(), "world") {
		t.Fatalf("error %v should list the built-ins", err)
	}
	if _, err := Open(filepath.Join(dir, "missing.pls")); err == nil {
		t.Fatal("a missing file should fail")
	}
}

func TestGalleryOpensAndPlans(t *testing.T) {
	for _, name := range assets.Names() {
		t.Run(name, func(t *testing.T) {
			w, err := Open(assets.Prefix + name)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			w.Log = NewEventLog(&buf)
			w.Begin()
			if w.About == "" {
				t.Error("a built-in scenario needs a one-line about")
			}
			if w.Outcome.Err != nil || w.Outcome.Status != pathing.Found {
				t.Fatalf("first query: %v %v", w.Outcome.Status, w.Outcome.Err)
			}
			if err := pathing.ValidatePath(w.Grid, w.Outcome.Path, w.Settings.Neighborhood); err != nil {
				t.Fatal(err)
			}
			lastLine(t, &buf, "plan")
		})
	}
}

func TestClusterHeuristicIsAdmissible(t *testing.T) {
	w, err := Open("builtin:world")
	if err != nil {
		t.Fatal(err)
	}
	w.Begin()
	opt := w.Outcome.Cost
	w.SetHeuristic(HeurCluster)
	if w.Outcome.Err != nil || w.Outcome.Status != pathing.Found {
		t.Fatalf("cluster heuristic: %v %v", w.Outcome.Status, w.Outcome.Err)
	}
	if math.Abs(w.Outcome.Cost-opt) > 1e-9 {
		t.Fatalf("A* with the cluster heuristic costs %v, optimal %v", w.Outcome.Cost, opt)
	}
	// Goals in other groups get their own columns: still optimal.
	start := w.Start
	for _, goal := range []image.Point{{125, 65}, {125, 40}, {110, 25}, {60, 80}, {20, 20}} {
		if !w.Grid.Open(goal) {
			continue
		}
		w.SetHeuristic(HeurOctile)
		w.SetEndpoints(start, goal)
		opt := w.Outcome.Cost
		w.SetHeuristic(HeurCluster)
		if math.Abs(w.Outcome.Cost-opt) > 1e-9 || w.Outcome.Err != nil {
			t.Fatalf("to %v: A* with the cluster heuristic costs %v (%v), optimal %v", goal, w.Outcome.Cost, w.Outcome.Err, opt)
		}
	}
}

// Dijkstra ignores heuristics: choosing the cluster table with it builds
// nothing, replans nothing and says so (HUD note, message; the plan line
// of a query planned with it); A* then builds it.
func TestClusterHeuristicNotBuiltForDijkstra(t *testing.T) {
	w, err := Open("builtin:world")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w.Log = NewEventLog(&buf)
	w.Begin()
	w.SetAlgo(AlgoDijkstra)
	opt := w.Outcome.Cost
	w.SetHeuristic(HeurCluster)
	if w.hier != nil {
		t.Fatal("Dijkstra with the cluster heuristic built a group hierarchy")
	}
	if w.Outcome.Status != pathing.Found || w.Outcome.Cost != opt {
		t.Fatalf("Dijkstra with the cluster heuristic: %v cost %v, want %v", w.Outcome.Status, w.Outcome.Cost, opt)
	}
	if !strings.Contains(w.Outcome.Note, "ignores the heuristic") || !strings.HasPrefix(w.Message, "heuristic cluster: kept for A*, greedy and the group hierarchy") {
		t.Fatalf("note %q, message %q: want the note to say the heuristic is ignored, the message that it is kept", w.Outcome.Note, w.Message)
	}
	w.Replan()
	if l := lastLine(t, &buf, "plan"); strings.Contains(l, "heuristic=") || !strings.Contains(l, "ignores the heuristic") {
		t.Fatalf("plan line %q: want the note and no heuristic field (Dijkstra has none)", l)
	}
	if w.Message != w.Outcome.Note {
		t.Fatalf("replanned: message %q, want the note %q", w.Message, w.Outcome.Note)
	}
	w.SetAlgo(AlgoAStar)
	if w.hier == nil || w.Outcome.Note != "" || math.Abs(w.Outcome.Cost-opt) > 1e-9 {
		t.Fatalf("A* with the cluster heuristic: built %v, note %q, cost %v (optimal %v)", w.hier != nil, w.Outcome.Note, w.Outcome.Cost, opt)
	}
	if l := lastLine(t, &buf, "plan"); strings.Contains(l, "note=") {
		t.Fatalf("plan line %q: A* uses the heuristic, no note", l)
	}
}

// HPA* and the group planner never use the cluster heuristic: choosing it
// changes none of their answers, and the note says so (HUD numbers panel,
// message bar, the plan line's note=); octile, or A*, gets no such note.
func TestClusterHeuristicNotedAsUnusedByHierarchies(t *testing.T) {
	w, err := Open("builtin:world")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w.Log = NewEventLog(&buf)
	w.Begin()
	for _, c := range []struct {
		algo Algo
		want string
	}{{AlgoHPA, "HPA* ignores the heuristic"}, {AlgoGroup, "group planner ignores the cluster heuristic"}} {
		w.SetHeuristic(HeurOctile)
		w.SetAlgo(c.algo)
		octile := w.Outcome
		if octile.Status != pathing.Found || octile.Err != nil || strings.Contains(octile.Note, "heuristic") {
			t.Fatalf("%v with octile: %v (%v), note %q", c.algo, octile.Status, octile.Err, octile.Note)
		}
		if l := lastLine(t, &buf, "plan"); strings.Contains(l, "ignores") {
			t.Fatalf("%v with octile: plan line %q notes an unused heuristic", c.algo, l)
		}
		w.SetHeuristic(HeurCluster)
		o := w.Outcome
		if o.Status != octile.Status || o.Cost != octile.Cost || o.Expanded != octile.Expanded {
			t.Fatalf("%v: the cluster heuristic changed the answer: %v cost %v expanded %d, octile %v %v %d",
				c.algo, o.Status, o.Cost, o.Expanded, octile.Status, octile.Cost, octile.Expanded)
		}
		// HPA* does not read the heuristic at all: the switch is kept for
		// the others and replans nothing, but the answer's note follows it.
		msg := c.want
		if c.algo == AlgoHPA {
			msg = "heuristic cluster: kept for A*, greedy and the group hierarchy (algorithms 1, 3, 5); HPA* does not use it"
		}
		if !strings.Contains(o.Note, c.want) || !strings.Contains(w.Message, msg) || w.MessageErr {
			t.Fatalf("%v: note %q, message %q: want the note to say %q, the message %q", c.algo, o.Note, w.Message, c.want, msg)
		}
		w.Replan()
		if l := lastLine(t, &buf, "plan"); !strings.Contains(l, "note=") || !strings.Contains(l, c.want) {
			t.Fatalf("%v: plan line %q: want the note", c.algo, l)
		}
		if w.Outcome.Note != o.Note {
			t.Fatalf("%v: note %q after a replan, %q before", c.algo, w.Outcome.Note, o.Note)
		}
	}
	// 4-connected, both estimate with Manhattan, and the note says so
	// (it said octile whatever the moves).
	w.ToggleNeighborhood()
	for _, a := range []Algo{AlgoHPA, AlgoGroup} {
		w.SetAlgo(a)
		if n := w.Outcome.Note; !strings.Contains(n, "manhattan") || strings.Contains(n, "octile") {
			t.Fatalf("%v, 4-connected, cluster heuristic: note %q, want it to name manhattan", a, n)
		}
	}
	w.ToggleNeighborhood()
	w.SetAlgo(AlgoAStar)
	if strings.Contains(w.Outcome.Note, "ignores") || w.Outcome.Status != pathing.Found {
		t.Fatalf("A* with the cluster heuristic: %v, note %q", w.Outcome.Status, w.Outcome.Note)
	}
}

func TestGroupRepairIsLocal(t *testing.T) {
	w, err := Open("builtin:world")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w.Log = NewEventLog(&buf)
	w.Begin()
	w.SetAlgo(AlgoGroup)
	w.BeginStroke(image.Pt(45, 32), 0)
	w.StrokeTo(image.Pt(46, 32))
	w.EndStroke()
	l := lastLine(t, &buf, "repair")
	if !strings.Contains(l, "rebuilt=off") || strings.Contains(l, "dirty=0 ") {
		t.Fatalf("repair line %q: want a local repair with dirty groups", l)
	}
	if w.Outcome.Status != pathing.Found {
		t.Fatal("no path after the dig")
	}
}

// After digs, the HPA* views patched from the repair reports must list the
// same nodes and edges as a fresh listing of the repaired hierarchy.
func TestHPAViewsPatchedLikeFresh(t *testing.T) {
	w, err := Open("builtin:world")
	if err != nil {
		t.Fatal(err)
	}
	w.Settings.Algo = AlgoHPA
	w.Begin()
	h := w.Hierarchy().(*hpaHier)
	h.Inspect(1)
	h.Inspect(2)
	for _, c := range [][2]image.Point{{{45, 32}, {46, 33}}, {{22, 40}, {25, 40}}, {{60, 10}, {70, 12}}, {{45, 32}, {46, 33}}} {
		w.BeginStroke(c[0], 0)
		w.StrokeTo(c[1])
		w.EndStroke()
	}
	edges := func(es []ViewEdge) string {
		var s []string
		for _, e := range es {
			s = append(s, fmt.Sprint(e.A, e.B, e.Inter, e.Cost))
		}
		sort.Strings(s)
		return strings.Join(s, ";")
	}
	nodes := func(ns []ViewNode) string {
		var s []string
		for _, n := range ns {
			s = append(s, fmt.Sprint(n.Cell))
		}
		sort.Strings(s)
		return strings.Join(s, ";")
	}
	for l := 1; l <= 2; l++ {
		got := h.Inspect(l)
		fresh := (&hpaHier{h: h.h, q: h.q, views: map[int]*LevelView{}}).Inspect(l)
		if edges(got.Edges) != edges(fresh.Edges) {
			t.Fatalf("level %d: patched view has %d edges, a fresh listing %d (or different ones)", l, len(got.Edges), len(fresh.Edges))
		}
		if nodes(got.Nodes) != nodes(fresh.Nodes) {
			t.Fatalf("level %d: patched view has %d nodes, a fresh listing %d", l, len(got.Nodes), len(fresh.Nodes))
		}
		bars := func(v LevelView) string {
			var s []string
			for i, e := range v.Entrances {
				s = append(s, fmt.Sprint(e, v.EntranceSides[i]))
			}
			sort.Strings(s)
			return strings.Join(s, ";")
		}
		if bars(got) != bars(fresh) {
			t.Fatalf("level %d: %d entrances, fresh %d (or different ones)", l, len(got.Entrances), len(fresh.Entrances))
		}
	}
}

// TestRound3NoNegativeZero: a cost a hair under the optimum must log as
// subopt=0, never "-0".
func TestRound3NoNegativeZero(t *testing.T) {
	for _, x := range []float64{-1e-17, -0.0004, math.Copysign(0, -1)} {
		if got := fmt.Sprint(round3(x)); got != "0" {
			t.Errorf("round3(%g) prints %q, want \"0\"", x, got)
		}
	}
	if got := round3(-0.0006); got != -0.001 {
		t.Errorf("round3(-0.0006) = %g, want -0.001", got)
	}
}

// A first query that is refused (its start is a wall) still leaves the
// hierarchy built, so the structure layers show it before any valid query.
func TestRefusedFirstQueryStillBuildsTheHierarchy(t *testing.T) {
	for _, a := range []Algo{AlgoHPA, AlgoGroup} {
		w, log := mustWorld(t, corridor...)
		w.Settings.Algo = a
		w.Queries = [][2]image.Point{{image.Pt(0, 0), image.Pt(8, 5)}}
		w.Begin()
		if !strings.Contains(lastLine(t, log, "error"), "start") {
			t.Errorf("%v: the refused start was not reported", a)
		}
		if w.Hierarchy() == nil {
			t.Errorf("%v: no hierarchy after a refused first query (error %v)", a, w.HierarchyError())
		}
		// And a later refused replan keeps it too.
		w.Start, w.HasStart, w.Goal, w.HasGoal = image.Pt(1, 1), true, image.Pt(0, 0), true
		w.Replan()
		if w.Hierarchy() == nil {
			t.Errorf("%v: no hierarchy after a refused replan", a)
		}
	}
}

// PopOrder (the inspector's "expanded n-th") equals a count of the pops of
// the same level earlier in the same phase, on an HPA* trace with phases at
// several levels, and is rebuilt for a new trace.
func TestPopOrderMatchesCount(t *testing.T) {
	w, _ := mustWorld(t, corridor...)
	for _, a := range []Algo{AlgoHPA, AlgoAStar} {
		w.SetAlgo(a)
		w.SetEndpoints(image.Pt(1, 5), image.Pt(8, 5))
		tr := w.Timeline.Trace()
		if tr == nil || len(tr.Events) < 10 {
			t.Fatalf("%v: trace too short", a)
		}
		for i := range tr.Events {
			start := 0
			if k := tr.PhaseAt(i); k >= 0 {
				start = tr.Phases[k].Start
			}
			want := 0
			for j := start; j < i; j++ {
				if tr.Events[j].Kind == pathing.EventPop && tr.Events[j].Level == tr.Events[i].Level {
					want++
				}
			}
			if got := w.Timeline.PopOrder(i); got != want {
				t.Fatalf("%v: event %d: PopOrder %d, counted %d", a, i, got, want)
			}
		}
		if w.Timeline.PopOrder(-1) != -1 || w.Timeline.PopOrder(len(tr.Events)) != -1 {
			t.Errorf("%v: out-of-range events should give -1", a)
		}
	}
}

// A group query that plans below the top level (start and goal share a
// top-level group) still leaves a ghost plan to compare with: the highest
// level that planned.
func TestGhostPlanFromTheHighestLevelThatPlanned(t *testing.T) {
	// 96×24 open cells: with clusters of c cells, level 3 squares are 4c
	// wide; start and goal share the first one but not their level-1 group.
	rows := make([]string, 24)
	for y := range rows {
		rows[y] = strings.Repeat(".", 96)
	}
	w, _ := mustWorld(t, rows...)
	w.SetAlgo(AlgoGroup)
	w.SetLevels(3)
	c := w.Settings.Cluster()
	w.SetEndpoints(image.Pt(1, 1), image.Pt(min(4*c-2, 94), 22))
	o := &w.Outcome
	if o.Status != pathing.Found || len(o.Plans) < 3 {
		t.Fatalf("status %v, %d plan levels", o.Status, len(o.Plans))
	}
	top, lower := len(o.Plans[len(o.Plans)-1]), 0
	for l := 1; l < len(o.Plans)-1; l++ {
		lower += len(o.Plans[l])
	}
	if top != 0 || lower == 0 {
		t.Skipf("this map's query planned at the top level (top %d, lower %d): the case needs a shared top-level group", top, lower)
	}
	w.CycleCost()
	if w.Ghost == nil || len(w.Ghost.Plan) == 0 {
		t.Fatalf("ghost %+v: want the lower level's plan", w.Ghost)
	}
}

// The inspector names a group by what it is: its square cluster or
// region, and which connected part when the square holds several.
func TestGroupNamesSayWhatTheyAre(t *testing.T) {
	w, _ := mustWorld(t,
		"################",
		"#.......#......#",
		"#.......#......#",
		"#.......########",
		"#..............#",
		"################",
	)
	w.SetAlgo(AlgoGroup)
	w.SetEndpoints(image.Pt(1, 1), image.Pt(14, 4))
	h := w.Hierarchy()
	if h == nil {
		t.Fatal("no hierarchy")
	}
	// With 10-cell clusters, the wall at x=8 cuts (9,1) off from the rest
	// of cluster (0,0), and the wall row cuts cluster (1,0) in two.
	for p, want := range map[image.Point]string{
		{1, 1}:  "cluster (0,0), part 1 of 2",
		{9, 2}:  "cluster (0,0), part 2 of 2",
		{12, 1}: "cluster (1,0), part 1 of 2",
		{12, 4}: "cluster (1,0), part 2 of 2",
	} {
		if got := h.GroupName(1, h.GroupOf(1, p)); got != want {
			t.Errorf("cell %v: %q, want %q", p, got, want)
		}
	}
	if got := h.GroupName(2, h.GroupOf(2, image.Pt(1, 1))); !strings.HasPrefix(got, "cluster (0,0)") {
		t.Errorf("level 2: %q", got)
	}
}

// Sending agents logs how many went and which.
func TestSendLogsTheAgents(t *testing.T) {
	w, log := mustWorld(t, corridor...)
	a, err := w.SpawnAgent(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := w.SpawnAgent(image.Pt(1, 2))
	w.Agents().Select([]int{a, b}, false)
	if err := w.SendAgents(image.Pt(8, 5), false); err != nil {
		t.Fatal(err)
	}
	if l := lastLine(t, log, "agent"); !strings.Contains(l, "action=send agents=2 ids=0,1 goal=8,5") {
		t.Errorf("send line %q", l)
	}
	if got := idList([]int{1, 2, 3, 4}, 2); got != "1,2,…" {
		t.Errorf("idList cut: %q", got)
	}
}

// openBuiltin opens the built-in scenario name (assets.DefaultName for the
// default world), not yet begun, and closes it when the test ends.
func openBuiltin(t *testing.T, name string) *World {
	t.Helper()
	w, err := Open(assets.Prefix + name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	return w
}

// A first click puts the whole query aside; Esc (CancelPick) before the
// goal click brings it back, replanned. Once the goal is clicked, or the
// query is set some other way, there is nothing to bring back.
func TestCancelPickRestoresTheQuery(t *testing.T) {
	w, buf := mustWorld(t,
		"........",
		"...##...",
		"........",
	)
	if !w.SetEndpoints(image.Pt(0, 0), image.Pt(7, 2)) {
		t.Fatal(w.Message)
	}
	cost := w.Outcome.Cost
	if w.CancelPick() {
		t.Fatal("CancelPick with no half-made query")
	}
	w.Pick(image.Pt(1, 2)) // a stray click
	if w.HasGoal || !strings.Contains(w.Message, "Esc: back to the query before") {
		t.Fatalf("after the first click: goal %v, message %q", w.HasGoal, w.Message)
	}
	if !w.CancelPick() {
		t.Fatal("CancelPick did not bring the query back")
	}
	w.Wait()
	if w.Start != image.Pt(0, 0) || w.Goal != image.Pt(7, 2) || !w.HasGoal || w.Outcome.Cost != cost {
		t.Fatalf("back to %v→%v (goal %v), cost %v, want (0,0)→(7,2) cost %v", w.Start, w.Goal, w.HasGoal, w.Outcome.Cost, cost)
	}
	if !strings.Contains(w.Message, "back to the query (0,0) → (7,2)") {
		t.Errorf("message %q", w.Message)
	}
	if l := lastLine(t, buf, "cancel"); !strings.Contains(l, "start=1,2 back=0,0->7,2") {
		t.Errorf("log line %q", l)
	}
	// A completed new query replaces the old one for good.
	w.Pick(image.Pt(1, 0))
	w.Pick(image.Pt(6, 0))
	if w.CancelPick() {
		t.Error("CancelPick after the goal click")
	}
	// A first click on a world without a query has nothing to restore,
	// and does not offer it.
	w2, _ := mustWorld(t, "....")
	w2.Pick(image.Pt(0, 0))
	if w2.CancelPick() || strings.Contains(w2.Message, "Esc") {
		t.Errorf("nothing to restore, yet CancelPick or %q offered it", w2.Message)
	}
}

// Dijkstra's plan line names no heuristic: it has none, and the panel dims
// the row ("heuristic=octile" there read as if it steered the search).
func TestDijkstraPlanLogNamesNoHeuristic(t *testing.T) {
	w, buf := mustWorld(t, "......", "..##..", "......")
	w.SetAlgo(AlgoDijkstra)
	if !w.SetEndpoints(image.Pt(0, 0), image.Pt(5, 2)) {
		t.Fatal(w.Message)
	}
	w.Wait()
	if l := lastLine(t, buf, "plan"); strings.Contains(l, "heuristic=") || !strings.Contains(l, "algo=dijkstra") {
		t.Errorf("plan line %q", l)
	}
	w.SetAlgo(AlgoAStar)
	w.Wait()
	if l := lastLine(t, buf, "plan"); !strings.Contains(l, "heuristic=octile") {
		t.Errorf("A*'s plan line %q lacks its heuristic", l)
	}
}
