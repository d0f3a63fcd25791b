package world

import (
	"image"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"pathlens/maps"
	"pathlens/pathing"
	"pathlens/pathing/hpa"
)

// batchRooms is a small map of rooms, doors, weighted floors (2, 3) and a
// walled-in cell (19,10) that no query reaches.
var batchRooms = []string{
	"########################",
	"#......#.......#.......#",
	"#......#.......#...##..#",
	"#..##..#..333..#...##..#",
	"#..##.....333......##..#",
	"#......#..333..#.......#",
	"###.####.......####.####",
	"#......#########.......#",
	"#..22..........#.......#",
	"#..22..#.......#..###..#",
	"#......#...#...#..#.#..#",
	"#......#...#......###..#",
	"#.....##...#...#.......#",
	"########################",
}

// batchQueries are the list batchWorld gives the session: long and short
// queries, one whose start is its goal and one into the walled-in cell.
var batchQueries = [][2]image.Point{
	{image.Pt(1, 1), image.Pt(22, 12)},
	{image.Pt(1, 12), image.Pt(22, 1)},
	{image.Pt(3, 8), image.Pt(22, 4)},
	{image.Pt(12, 4), image.Pt(12, 4)},
	{image.Pt(1, 1), image.Pt(19, 10)},
	{image.Pt(8, 11), image.Pt(14, 2)},
	{image.Pt(5, 1), image.Pt(9, 9)},
}

func batchWorld(t *testing.T) (*World, *strings.Builder) {
	t.Helper()
	w, _ := mustWorld(t, batchRooms...)
	var buf strings.Builder
	w.Log = NewEventLog(&buf)
	for _, q := range batchQueries {
		if !w.Grid.Open(q[0]) || !w.Grid.Open(q[1]) {
			t.Fatalf("query %v: an end is a wall", q)
		}
	}
	w.Queries = append([][2]image.Point(nil), batchQueries...)
	t.Cleanup(w.Close)
	return w, &buf
}

// runBatchNow starts a batch and waits for it.
func runBatchNow(t *testing.T, w *World) *BatchResult {
	t.Helper()
	if !w.StartBatch() {
		t.Fatalf("the batch did not start: %s", w.Message)
	}
	w.WaitBatch()
	r := w.LastBatch()
	if r == nil {
		t.Fatalf("no result: %s", w.Message)
	}
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	return r
}

// Each row of a batch is what the session answers when that query is
// opened, for every algorithm and the switches that change answers: the
// same status and cost, and A*'s optimum as the session's reference, so
// the suboptimality is the one the panel shows for it.
func TestBatchRowsEqualPlanningEachQuery(t *testing.T) {
	for _, c := range []struct {
		name string
		s    Settings
	}{
		{"astar", Settings{}},
		{"astar manhattan", Settings{Heuristic: HeurManhattan}},
		{"astar cluster heuristic", Settings{Heuristic: HeurCluster, ClusterSize: 4}},
		{"dijkstra", Settings{Algo: AlgoDijkstra}},
		{"greedy", Settings{Algo: AlgoGreedy}},
		{"greedy 4-connected", Settings{Algo: AlgoGreedy, Neighborhood: pathing.Four}},
		{"hpa", Settings{Algo: AlgoHPA, ClusterSize: 4}},
		{"hpa unsmoothed, no shortcut", Settings{Algo: AlgoHPA, ClusterSize: 4, NoSmooth: true, NoShortcut: true}},
		{"hpa dense, 3 levels", Settings{Algo: AlgoHPA, ClusterSize: 4, Levels: 3, Dense: true}},
		{"group", Settings{Algo: AlgoGroup, ClusterSize: 4}},
		{"group maximin exclusion", Settings{Algo: AlgoGroup, ClusterSize: 6, Cost: CostMaximin, Exclusion: true}},
		{"group 4-connected, 1 level", Settings{Algo: AlgoGroup, ClusterSize: 4, Levels: 1, Neighborhood: pathing.Four}},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, _ := batchWorld(t)
			w.Settings = c.s
			r := runBatchNow(t, w)
			if len(r.Rows) != len(batchQueries) {
				t.Fatalf("%d rows for %d queries", len(r.Rows), len(batchQueries))
			}
			subs := 0
			for i, q := range batchQueries {
				row := r.Rows[i]
				w.SetEndpoints(q[0], q[1])
				w.Wait()
				o := w.Outcome
				if o.Err != nil {
					t.Fatalf("query %d: the session failed: %v", i+1, o.Err)
				}
				if (o.Status == pathing.Found) != row.Found || row.Found && math.Abs(o.Cost-row.Cost) > 1e-9 {
					t.Errorf("query %d %v: batch found=%v cost %v, the session %v cost %v", i+1, q, row.Found, row.Cost, o.Status, o.Cost)
				}
				if !w.Optimal.Known || w.Optimal.Cost != row.Optimal && !(math.IsInf(row.Optimal, 1) && !w.Optimal.Found) {
					t.Errorf("query %d: batch optimum %v, the session's %v (known %v)", i+1, row.Optimal, w.Optimal.Cost, w.Optimal.Known)
				}
				if sub := w.Suboptimality(); !math.IsNaN(sub) {
					subs++
					if math.Abs(sub-row.Sub) > 1e-9 {
						t.Errorf("query %d: batch suboptimality %v, the session's %v", i+1, row.Sub, sub)
					}
				}
				if row.Problem != "" && !(c.s.Exclusion && strings.Contains(row.Problem, "reach error")) {
					t.Errorf("query %d: %s", i+1, row.Problem)
				}
			}
			if r.Compared != subs {
				t.Errorf("%d rows compared, the session has a suboptimality for %d", r.Compared, subs)
			}
			if r.Unreachable != 1 || !math.IsInf(r.Rows[4].Optimal, 1) {
				t.Errorf("unreachable %d, want 1 (the walled-in cell): %+v", r.Unreachable, r.Rows[4])
			}
		})
	}
}

// The figures are against A*: suboptimality cost / optimum − 1 per row,
// mean, p99 and max over the comparable rows, and the worst named.
func TestBatchSuboptimalityAgainstAStar(t *testing.T) {
	w, log := batchWorld(t)
	w.Settings = Settings{Algo: AlgoGreedy}
	r := runBatchNow(t, w)
	s := pathing.NewSearcher(w.Grid)
	sum, most, n := 0.0, 0.0, 0
	for i, q := range batchQueries {
		ar, err := s.Search(pathing.Query{Start: q[0], Goal: q[1]})
		if err != nil {
			t.Fatal(err)
		}
		row := r.Rows[i]
		if ar.Status != pathing.Found {
			if !math.IsNaN(row.Sub) {
				t.Errorf("query %d is unreachable, yet its suboptimality is %v", i+1, row.Sub)
			}
			continue
		}
		if row.Optimal != ar.Cost {
			t.Errorf("query %d: optimum %v, A* %v", i+1, row.Optimal, ar.Cost)
		}
		want := 0.0
		if ar.Cost > 0 {
			want = row.Cost/ar.Cost - 1
		}
		if math.Abs(row.Sub-want) > 1e-9 {
			t.Errorf("query %d: suboptimality %v, want %v", i+1, row.Sub, want)
		}
		sum += want
		most = max(most, want)
		n++
	}
	if most <= 0 {
		t.Fatal("greedy found every optimum here: the test proves nothing")
	}
	if r.Compared != n || math.Abs(r.Mean-sum/float64(n)) > 1e-9 || math.Abs(r.Max-most) > 1e-9 || r.P99 != r.Max {
		t.Errorf("compared %d mean %v p99 %v max %v, want %d %v %v %v", r.Compared, r.Mean, r.P99, r.Max, n, sum/float64(n), most, most)
	}
	if wr := r.Worst(); wr == nil || wr.Sub != r.Max {
		t.Errorf("the worst row %+v is not the one at the max %v", wr, r.Max)
	}
	line := lastLogLine(t, log.String(), "batch")
	for _, f := range []string{"state=done", "rows=7", "unreachable=1", "reach_errors=0", "max_subopt=", "worst_query=", "speedup_median=", "config="} {
		if !strings.Contains(line, f) {
			t.Errorf("the batch line lacks %s:\n%s", f, line)
		}
	}
	if strings.Contains(line, "invalid=") || strings.Contains(line, "stale=") {
		t.Errorf("invalid or stale on a clean run:\n%s", line)
	}
	if !strings.HasPrefix(w.Message, "batch: 7 rows, 6 found, 1 unreachable, 0 reach errors; over optimal: mean ") ||
		!strings.Contains(w.Message, "greedy, heuristic octile, 8-connected") {
		t.Errorf("summary note %q", w.Message)
	}
}

func lastLogLine(t *testing.T, log, kind string) string {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(log), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if f := strings.Fields(lines[i]); len(f) > 1 && f[1] == kind {
			return lines[i]
		}
	}
	t.Fatalf("no %q line in\n%s", kind, log)
	return ""
}

// holdBatch makes the batch goroutine wait before row `at` until the test
// lets it go (the returned func; also at cleanup), so it is under way when
// the test acts.
func holdBatch(t *testing.T, at int) (reached <-chan struct{}, release func()) {
	t.Helper()
	r, gate := make(chan struct{}), make(chan struct{})
	batchHook = func(row int) {
		if row == at {
			close(r)
			<-gate
		}
	}
	var once bool
	release = func() {
		if !once {
			once = true
			close(gate)
		}
	}
	t.Cleanup(func() { release(); batchHook = nil })
	return r, release
}

func ended(t *testing.T, j *batchJob) {
	t.Helper()
	select {
	case <-j.ended:
	case <-time.After(5 * time.Second):
		t.Fatal("the batch goroutine still runs")
	}
}

// Cancelling stops the goroutine at its next row, says how far it got,
// and keeps the last finished batch; nothing arrives afterwards.
func TestBatchCancel(t *testing.T) {
	w, log := batchWorld(t)
	first := runBatchNow(t, w)
	reached, release := holdBatch(t, 3)
	w.StartBatch()
	j := w.Batch.job
	<-reached
	if done, total, running := w.BatchRunning(); !running || done != 3 || total != 7 {
		t.Fatalf("progress %d of %d, running %v; want 3 of 7", done, total, running)
	}
	if !w.CancelBatch() {
		t.Fatal("nothing to cancel")
	}
	release()
	ended(t, j)
	w.Tick(0)
	if _, _, running := w.BatchRunning(); running || w.LastBatch() != first {
		t.Errorf("after cancel: running %v, last batch replaced %v", running, w.LastBatch() != first)
	}
	if w.Message != "batch cancelled after 3 of 7 queries" {
		t.Errorf("note %q", w.Message)
	}
	if l := lastLogLine(t, log.String(), "batch"); !strings.Contains(l, "state=cancelled done=3 rows=7") {
		t.Errorf("log %q", l)
	}
	if w.CancelBatch() {
		t.Error("a second cancel found a batch")
	}
}

// Close (a window closed, another map loaded) ends the goroutine, and a
// result under way is dropped.
func TestBatchEndsOnClose(t *testing.T) {
	w, _ := batchWorld(t)
	reached, release := holdBatch(t, 1)
	w.StartBatch()
	j := w.Batch.job
	<-reached
	w.Close()
	release()
	ended(t, j)
	if _, _, running := w.BatchRunning(); running || w.LastBatch() != nil {
		t.Errorf("after Close: running %v, result %v", running, w.LastBatch())
	}
	select {
	case r := <-j.res:
		t.Errorf("a closed batch delivered %d rows", len(r.Rows))
	default:
	}
}

// An edit or a used switch changed since the batch started makes its
// figures stale, and every message saying them says so; a switch its
// algorithm does not use does not.
func TestBatchStaleAfterEditOrSwitch(t *testing.T) {
	w, log := batchWorld(t)
	w.Settings = Settings{Algo: AlgoHPA, ClusterSize: 4}
	runBatchNow(t, w)
	if st := w.BatchStale(); st != "" || strings.Contains(w.BatchSummary(), "before") {
		t.Fatalf("fresh batch stale: %q", st)
	}
	w.ToggleExclusion() // the group planner's: not HPA*'s
	if st := w.BatchStale(); st != "" {
		t.Errorf("an unused switch made it stale: %q", st)
	}
	w.ToggleSmooth()
	if st := w.BatchStale(); st != "smoothing on → off" {
		t.Errorf("after smoothing off: %q", st)
	}
	w.ToggleSmooth()
	w.BeginStroke(image.Pt(9, 1), 0)
	w.EndStroke()
	if st := w.BatchStale(); st != "the map was edited since" {
		t.Errorf("after an edit: %q", st)
	}
	if s := w.BatchSummary(); !strings.HasPrefix(s, "batch (figures for the state before: the map was edited since): ") {
		t.Errorf("summary %q", s)
	}
	// An edit while it runs: the summary on arrival says so.
	reached, release := holdBatch(t, 2)
	w.StartBatch()
	<-reached
	w.BeginStroke(image.Pt(10, 1), 0)
	w.EndStroke()
	release()
	w.WaitBatch()
	if !strings.HasPrefix(w.Message, "batch (figures for the state before: the map was edited since)") {
		t.Errorf("note on arrival %q", w.Message)
	}
	if l := lastLogLine(t, log.String(), "batch"); !strings.Contains(l, `stale="the map was edited since"`) {
		t.Errorf("log %q", l)
	}
	w.SetAlgo(AlgoGroup)
	if st := w.BatchStale(); !strings.Contains(st, "algorithm HPA* → group hierarchy") {
		t.Errorf("after another algorithm: %q", st)
	}
}

// The ranking puts problems first (reach errors and invalid paths, in row
// order), then rows by suboptimality, highest first, ties in row order,
// and leaves out rows unreachable both ways; F4 walks it down, Shift+F4
// back up, each stopping at the end with a note.
func TestBatchRankingAndSteps(t *testing.T) {
	nan := math.NaN()
	r := &BatchResult{Rows: []BatchRow{
		{Query: 0, Found: true, Sub: 0.01, Optimal: 10},
		{Query: 1, Found: false, Sub: nan, Optimal: inf},
		{Query: 2, Found: true, Sub: 0.2, Optimal: 10},
		{Query: 3, Found: false, Sub: nan, Optimal: 10, Problem: "reach error: A* finds a path, HPA* none"},
		{Query: 4, Found: true, Sub: 0.01, Optimal: 10},
		{Query: 5, Found: true, Sub: nan, Optimal: 10, Problem: "invalid path: x", Invalid: true},
		{Query: 6, Found: true, Sub: 0, Optimal: 10},
		{Query: 7, Found: true, Sub: -0.01, Optimal: 10, Problem: "below optimal: x", Below: true},
	}}
	r.summarize(nil, nil)
	want := []int{3, 5, 7, 2, 0, 4, 6}
	if !slices.Equal(r.Ranking, want) {
		t.Fatalf("ranking %v, want %v", r.Ranking, want)
	}
	if r.ReachErrors != 1 || r.Invalid != 1 || r.Below != 1 || r.Unreachable != 1 || r.Found != 6 || r.Compared != 5 || r.Max != 0.2 {
		t.Errorf("counts %+v", r)
	}
	w, _ := batchWorld(t)
	if _, _, msg, ok := w.BatchStep(1); ok || !strings.Contains(msg, "Ctrl+B") {
		t.Errorf("F4 with no batch: %q", msg)
	}
	r.queries = w.Queries
	w.Batch.last, w.Batch.pos = r, -1
	for k, i := range want {
		row, rank, msg, ok := w.BatchStep(1)
		if !ok || rank != k || row.Query != i {
			t.Fatalf("F4 %d: query %d rank %d %q, want query %d", k+1, row.Query, rank, msg, i)
		}
	}
	if _, _, msg, ok := w.BatchStep(1); ok || !strings.Contains(msg, "Shift+F4") {
		t.Errorf("F4 past the end: %v %q", ok, msg)
	}
	if row, rank, _, ok := w.BatchStep(-1); !ok || rank != 5 || row.Query != 4 {
		t.Errorf("Shift+F4: rank %d query %d", rank, row.Query)
	}
	w.Batch.pos = 0
	if _, _, msg, ok := w.BatchStep(-1); ok || !strings.Contains(msg, "worst row") {
		t.Errorf("Shift+F4 at the top: %q", msg)
	}
	w.Queries = w.Queries[:3]
	if _, _, msg, ok := w.BatchStep(1); ok || !strings.Contains(msg, "list was replaced") {
		t.Errorf("F4 on another list: %q", msg)
	}
}

// A path that is not a legal walk, or not at its given cost, is caught.
func TestBatchPathCheck(t *testing.T) {
	w, _ := batchWorld(t)
	g := w.Grid
	s, gl := image.Pt(1, 1), image.Pt(3, 1)
	for _, c := range []struct {
		path []image.Point
		cost float64
		want string
	}{
		{[]image.Point{s, image.Pt(2, 1), gl}, 2, ""},
		{[]image.Point{s, gl}, 2, "not adjacent"},
		{[]image.Point{s, image.Pt(2, 1), gl}, 3, "cost is given as 3.000 but its steps cost 2.000"},
		{[]image.Point{image.Pt(2, 1), gl}, 1, "not at the start"},
		{[]image.Point{image.Pt(6, 5), image.Pt(7, 6)}, math.Sqrt2, "blocked"},
		{[]image.Point{image.Pt(2, 5), image.Pt(3, 6)}, math.Sqrt2, "corner"},
	} {
		st, en := c.path[0], c.path[len(c.path)-1]
		if c.want == "not at the start" {
			st = s
		}
		got := checkBatchPath(g, pathing.Eight, c.path, st, en, c.cost)
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%v: %q, want %q", c.path, got, c.want)
		}
	}
}

// A hierarchy the batch cannot build, or a planner that panics on a row,
// ends the batch with an error naming what is wrong; the window goes on.
func TestBatchFailuresNameWhatIsWrong(t *testing.T) {
	w, _ := batchWorld(t)
	layer := make([]byte, w.Grid.Len())
	w.Regions = [][]byte{layer, layer}
	w.Settings = Settings{Algo: AlgoGroup, Levels: 1}
	w.StartBatch()
	w.WaitBatch()
	if !w.MessageErr || !strings.Contains(w.Message, "batch: group hierarchy") || !strings.Contains(w.Message, "set 2 levels or more") {
		t.Errorf("a build refused: %q", w.Message)
	}
	w.Regions = nil
	w.Settings = Settings{Algo: AlgoHPA, ClusterSize: 4}
	batchHook = func(row int) {
		if row == 2 {
			panic("boom")
		}
	}
	t.Cleanup(func() { batchHook = nil })
	stack := capturePanicOut(t)
	w.StartBatch()
	w.WaitBatch()
	if !w.MessageErr || w.Message != "batch: internal error while running query 3 of 7 with HPA*, cluster size 4, levels 2, smoothing on, shortcut on, transitions sparse, path cache off, 8-connected: boom (a bug: details on standard error)" {
		t.Errorf("a planner's panic: %q", w.Message)
	}
	if !strings.Contains(stack.String(), "TestBatchFailuresNameWhatIsWrong") {
		t.Errorf("the stack written for the report does not show where the panic began:\n%s", stack)
	}
	if w.LastBatch() != nil {
		t.Error("a failed batch left a result")
	}
}

// With no list there is nothing to run: the message says how to get one.
func TestBatchWithoutAListSaysHow(t *testing.T) {
	w, _ := mustWorld(t, batchRooms...)
	if w.StartBatch() {
		t.Fatal("a batch started with no queries")
	}
	for _, s := range []string{"no query list", ".scen", "Ctrl+O", "-scen"} {
		if !strings.Contains(w.Message, s) {
			t.Errorf("message %q lacks %q", w.Message, s)
		}
	}
}

// A batch over a Moving AI map's rows finds, and is as far from optimal
// as, pathing/hpa with the same configuration on the same rows, against
// our A* (as cmd/bench measures it).
func TestBatchMatchesHPAOnAMovingAIMap(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skip("no Moving AI maps (../shared/maps/movingai or $PATHLENS_MAPS): skipping")
	}
	w, err := Open(filepath.Join(dir, "den312d.map"))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	scen := filepath.Join(dir, "den312d.map.scen")
	rows, err := w.ScenRows(scen)
	if err != nil {
		t.Fatal(err)
	}
	w.AddScenRows(scen, rows)
	w.Settings = Settings{Algo: AlgoHPA, ClusterSize: 8, Levels: 2}
	r := runBatchNow(t, w)

	h, err := hpa.Build(w.Grid, hpa.Config{ClusterSize: 8, Levels: 2, Neighborhood: pathing.Eight})
	if err != nil {
		t.Fatal(err)
	}
	q := h.NewQuerier()
	as := pathing.NewSearcher(w.Grid)
	found, n, sum := 0, 0, 0.0
	for _, row := range rows {
		hr, err := q.Find(row.Start, row.Goal, hpa.QueryOptions{})
		if err != nil {
			t.Fatal(err)
		}
		ar, err := as.Search(pathing.Query{Start: row.Start, Goal: row.Goal})
		if err != nil {
			t.Fatal(err)
		}
		if hr.Status == pathing.Found {
			found++
			if ar.Cost > 0 {
				sum += hr.Cost/ar.Cost - 1
				n++
			} else {
				n++
			}
		}
	}
	if r.Found != found || r.Compared != n || math.Abs(r.Mean-sum/float64(n)) > 1e-9 {
		t.Errorf("batch: found %d, compared %d, mean %.9f; hpa: %d, %d, %.9f", r.Found, r.Compared, r.Mean, found, n, sum/float64(n))
	}
	if r.ReachErrors != 0 || r.Invalid != 0 || len(r.Rows) != len(rows) {
		t.Errorf("%d rows, %d reach errors, %d invalid", len(r.Rows), r.ReachErrors, r.Invalid)
	}
	t.Logf("den312d, %d rows: mean %s, max %s, %v (median %v, A* %v)", len(r.Rows), Percent(r.Mean), Percent(r.Max), r.Elapsed, r.Median, r.AStarMedian)
}

// BenchmarkBatch is a batch over AR0011SR's rows (512×512, about 1,280
// queries) with HPA* at its defaults, its own build and A* on every row
// included: what Ctrl+B costs there. One op is the whole batch.
func BenchmarkBatch(b *testing.B) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		b.Skip("no Moving AI maps (../shared/maps/movingai or $PATHLENS_MAPS): skipping")
	}
	w, err := Open(filepath.Join(dir, "AR0011SR.map"))
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	scen := filepath.Join(dir, "AR0011SR.map.scen")
	rows, err := w.ScenRows(scen)
	if err != nil {
		b.Fatal(err)
	}
	w.AddScenRows(scen, rows)
	w.Settings = Settings{Algo: AlgoHPA}
	b.ReportAllocs()
	var r *BatchResult
	for b.Loop() {
		w.StartBatch()
		w.WaitBatch()
		r = w.LastBatch()
	}
	if r == nil || r.Err != nil || len(r.Rows) != len(rows) {
		b.Fatalf("batch %+v", r)
	}
	b.ReportMetric(float64(len(r.Rows)), "rows")
	b.ReportMetric(float64(r.Build.Microseconds())/1000, "build-ms")
	b.ReportMetric(float64(r.Median.Nanoseconds())/1000, "median-us/row")
	b.ReportMetric(float64(r.AStarMedian.Nanoseconds())/1000, "astar-median-us/row")
}
