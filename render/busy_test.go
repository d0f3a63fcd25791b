package render

import (
	"fmt"
	"image"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// openWorld returns a world on an open w×h grid, not begun.
func openWorld(t *testing.T, w, h int) *world.World {
	t.Helper()
	g, err := pathing.NewGrid(w, h)
	if err != nil {
		t.Fatal(err)
	}
	return world.New(&maps.Map{Name: "open", Grid: g, Terrain: []byte(strings.Repeat(".", w*h))})
}

// panelText returns the strings the panel's numbers and inspector draw.
func panelText(r *Renderer, w *world.World, ci *world.CellInfo) string {
	var drawn []string
	r.fonts.drawn = &drawn
	defer func() { r.fonts.drawn = nil }()
	dst := ebiten.NewImage(PanelWidth, 600)
	f := &Frame{World: w, Inspect: ci}
	y := r.drawNumbers(dst, f, 10, 10, PanelWidth-20, false)
	y = r.drawOpenList(dst, f, 10, y+8)
	r.drawInspector(dst, f, 10, y, PanelWidth-20)
	return strings.Join(drawn, " | ")
}

// Regression: on a grid above 256×256 the hierarchy is built in the
// background, and until it arrived the window said things that were not
// so: "phase: answered without search events" in the top bar, "path
// running" with "query time 0 µs, 0 expanded" as if those were the
// query's figures, no word of the hierarchy, and an inspector saying
// every cell was "not reached". While the session is busy the top bar
// names what it is doing, the panel says the answer is not in (with the
// session's note) and the hierarchy is being built, and no figure shows.
func TestBusyBuildIsShownAsSuch(t *testing.T) {
	w := openWorld(t, 300, 300)
	w.Settings.Algo = world.AlgoGroup
	w.SetEndpoints(image.Pt(5, 5), image.Pt(290, 250))
	if !w.Busy() || w.Outcome.Status != pathing.Running {
		t.Fatalf("the test needs a build in the background: busy %v, %v", w.Busy(), w.Outcome.Status)
	}
	r := New()
	if ph := r.phaseLabel(w); strings.Contains(ph, "without search events") || !strings.Contains(ph, "building the group hierarchy") {
		t.Errorf("top bar while building: %q", ph)
	}
	// The top bar reads "phase: …": the note's "planning: " goes, unless
	// the rest would not say what waits.
	note := w.Outcome.Note
	for n, want := range map[string]string{
		"planning: A* has expanded 40,960 cells…":                       "A* has expanded 40,960 cells…",
		"planning: when the stroke ends (its cells are repaired then)…": "planning when the stroke ends (its cells are repaired then)…",
		"": "planning…",
	} {
		w.Outcome.Note = n
		if got := r.phaseLabel(w); got != want {
			t.Errorf("note %q: top bar %q, want %q", n, got, want)
		}
	}
	w.Outcome.Note = note
	ci := &world.CellInfo{In: true, P: image.Pt(20, 20), Terrain: '.', Weight: 1, Component: 0}
	got := panelText(r, w, ci)
	for _, want := range []string{"path | building…", w.Outcome.Note, "hierarchy | building…", "search | not run yet"} {
		if !strings.Contains(got, want) {
			t.Errorf("panel while building lacks %q:\n%s", want, got)
		}
	}
	for _, bad := range []string{"query time", "0 µs", "running", "not reached", "never reached", "optimal"} {
		if strings.Contains(got, bad) {
			t.Errorf("panel while building shows %q:\n%s", bad, got)
		}
	}

	w.Wait()
	if w.Busy() || w.Outcome.Status != pathing.Found {
		t.Fatalf("after Wait: busy %v, %v", w.Busy(), w.Outcome.Status)
	}
	if ph := r.phaseLabel(w); !strings.HasPrefix(ph, "finished") {
		t.Errorf("top bar after the build: %q", ph)
	}
	got = panelText(r, w, ci)
	for _, want := range []string{"query time", " nodes, ", "build"} {
		if !strings.Contains(got, want) {
			t.Errorf("panel after the build lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "building") || strings.Contains(got, "not run yet") {
		t.Errorf("panel after the build still says it is building:\n%s", got)
	}
}

// With no query the structure layers still want the hierarchy, so it is
// built in the background too: the panel says so instead of nothing.
func TestBusyBuildWithoutQuery(t *testing.T) {
	w := openWorld(t, 300, 300)
	w.Settings.Algo = world.AlgoHPA
	w.Begin()
	if !w.Busy() {
		t.Fatal("the test needs a build in the background")
	}
	r := New()
	if ph := r.phaseLabel(w); ph != "no query" {
		t.Errorf("top bar: %q, want no query", ph)
	}
	if got := panelText(r, w, nil); !strings.Contains(got, "hierarchy | building…") {
		t.Errorf("panel while building lacks the hierarchy row:\n%s", got)
	}
	w.Wait()
	if got := panelText(r, w, nil); !strings.Contains(got, " nodes, ") {
		t.Errorf("panel after the build lacks the hierarchy's size:\n%s", got)
	}
}

// Regression: dragging the goal on maze512 replans live without a trace
// (above 256×256), and while the drag lasted the top bar said "answered
// without search events" and the inspector "not reached at this point"
// beside a panel giving the search's 5,338 expansions. They say the answer
// is live and not recorded; let go, and the recorded timeline is named.
func TestLiveAnswerIsNotCalledSearchless(t *testing.T) {
	w := openWorld(t, 300, 300)
	w.SetEndpoints(image.Pt(5, 5), image.Pt(290, 250))
	w.Wait()
	w.MoveEndpoint(true, image.Pt(280, 240))
	w.Wait()
	if w.Outcome.Traced || w.Timeline.Len() != 0 || w.Outcome.Expanded == 0 {
		t.Fatalf("the test needs a live untraced answer: traced %v, %d events, %d expanded",
			w.Outcome.Traced, w.Timeline.Len(), w.Outcome.Expanded)
	}
	r := New()
	if ph := r.phaseLabel(w); strings.Contains(ph, "without search events") || !strings.Contains(ph, "live answer, not recorded") {
		t.Errorf("top bar during a drag: %q", ph)
	}
	ci := &world.CellInfo{In: true, P: image.Pt(20, 20), Terrain: '.', Weight: 1, Component: 0}
	if got := panelText(r, w, ci); strings.Contains(got, "not reached") || strings.Contains(got, "never reached") || !strings.Contains(got, "search | not recorded") {
		t.Errorf("inspector during a drag:\n%s", got)
	}
	w.Replan() // the drag ends
	w.Wait()
	if ph := r.phaseLabel(w); !strings.HasPrefix(ph, "finished") {
		t.Errorf("top bar after the drag: %q", ph)
	}
}

// Regression: on maze512 with the group hierarchy a stroke's repairs wait
// for its end (they are slow), and meanwhile the window drew the hierarchy
// from before the stroke as if it were current: group tints, nodes and
// edges across the wall just painted, an edge tooltip with its old costs,
// and an inspector giving a painted (blocked) cell a group at every level.
// While the stroke holds the repair the map says so over those layers, the
// inspector's level rows are marked, and the tooltip too.
func TestStructureBeforeTheStrokeIsMarked(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skip("no Moving AI maps (../shared/maps/movingai or $PATHLENS_MAPS): the test needs maze512-16-0")
	}
	m, err := maps.LoadMap(filepath.Join(dir, "maze512-16-0.map"))
	if err != nil {
		t.Fatal(err)
	}
	w := world.New(m)
	defer w.Close()
	w.Settings.Algo = world.AlgoGroup
	w.SetEndpoints(image.Pt(10, 10), image.Pt(500, 500))
	w.Wait()
	r := New()
	l := ComputeLayout(1200, 760, true)
	var cam Camera
	cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
	screen := ebiten.NewImage(1200, 760)
	frame := func() *Frame {
		return &Frame{World: w, Cam: &cam, Layout: l, ViewLevel: 1,
			Layers: LayerSet(0).With(LayerGroups, true).With(LayerNodes, true).With(LayerEdges, true)}
	}
	drawn := func(f *Frame) string {
		var s []string
		r.fonts.drawn = &s
		defer func() { r.fonts.drawn = nil }()
		r.Draw(screen, f)
		return strings.Join(s, " | ")
	}
	if got := drawn(frame()); strings.Contains(got, StaleStructureNote) {
		t.Fatalf("the structure is marked stale before any stroke:\n%s", got)
	} else if strings.Count(got, "zoom in to see them") > 1 {
		t.Errorf("the nodes and edges layers each wrote the zoom note (notes now stack, so it showed twice):\n%s", got)
	}
	// One long move, repaired at once (and timed), then a short one: the
	// first took longer than a move may, so the second waits for the end.
	a := image.Pt(100, 301)
	if !w.Grid.Open(a) {
		t.Fatalf("cell %v of maze512 is blocked; the test fills from an open cell", a)
	}
	w.BeginStroke(a, 0)
	w.StrokeTo(image.Pt(480, 301))
	w.StrokeTo(image.Pt(480, 302))
	if !strings.Contains(w.Outcome.Note, "when the stroke ends") {
		t.Skipf("the stroke's repairs ran live on this machine (note %q): nothing was held back", w.Outcome.Note)
	}
	painted := image.Pt(480, 302)
	ci := w.Inspect(painted)
	if len(ci.Levels) == 0 {
		t.Fatal("the inspector gives no level rows for a cell painted during the stroke (the test wants the old hierarchy's)")
	}
	f := frame()
	f.Inspect = &ci
	if got := drawn(f); !strings.Contains(got, StaleStructureNote) || !strings.Contains(got, "levels | as before this stroke") {
		t.Errorf("during the stroke the map and inspector do not say the structure is from before it:\n%s", got)
	}
	w.EndStroke()
	w.Wait()
	ci = w.Inspect(painted)
	f = frame()
	f.Inspect = &ci
	if got := drawn(f); strings.Contains(got, StaleStructureNote) || strings.Contains(got, "as before this stroke") {
		t.Errorf("after the stroke the structure is still called stale:\n%s", got)
	}
}

// Regression: with no query (Aftershock opened with -from on a wall, or
// before the first click) the inspector said every cell was "not reached
// at this point", as if a search had run; and the same after a refused
// query. It says there is no query, or that the query did not run.
func TestInspectorWithoutASearch(t *testing.T) {
	w := openWorld(t, 40, 30)
	r := New()
	ci := &world.CellInfo{In: true, P: image.Pt(20, 20), Terrain: '.', Weight: 1, Component: 0}
	if got := panelText(r, w, ci); strings.Contains(got, " reached") || !strings.Contains(got, "search | no query") {
		t.Errorf("inspector with no query:\n%s", got)
	}
	w.Grid.SetWeight(image.Pt(30, 20), 0)
	w.SetEndpoints(image.Pt(2, 2), image.Pt(30, 20)) // the goal on a wall: refused
	if got := panelText(r, w, ci); strings.Contains(got, " reached") {
		t.Errorf("inspector after a refused query:\n%s", got)
	}
	w.SetEndpoints(image.Pt(2, 2), image.Pt(35, 25))
	w.Wait()
	if got := panelText(r, w, ci); !strings.Contains(got, "search | closed") && !strings.Contains(got, "search | never reached") {
		t.Errorf("inspector after a search:\n%s", got)
	}
}

// Regression: after a switch that rebuilt the hierarchy (which clears the
// last repair: it described the old clusters) the panel still had a "last
// repair" row, reading "0s, 0 clusters".
func TestNoLastRepairRowAfterARebuildingSwitch(t *testing.T) {
	w := openWorld(t, 40, 30)
	w.Settings.Algo = world.AlgoHPA
	w.SetEndpoints(image.Pt(1, 1), image.Pt(38, 28))
	w.BeginStroke(image.Pt(10, 5), 0)
	w.EndStroke()
	r := New()
	if txt := panelText(r, w, nil); !strings.Contains(txt, "last repair") {
		t.Fatalf("no last repair row after a dig: %s", txt)
	}
	w.SetCluster(w.Settings.Cluster() + 2)
	w.Wait()
	if txt := panelText(r, w, nil); strings.Contains(txt, "last repair") {
		t.Fatalf("a last repair row after the rebuild: %s", txt)
	}
}

// Regression (a user: an HPA* node expanded at level 2 read "search: not
// reached at this point"): the inspector of a cell hosting abstract nodes
// lists each level's search state, and the g / h / f layer writes the
// numbers of a node no cell search touched.
func TestInspectorShowsAbstractSearches(t *testing.T) {
	w, err := world.Open("builtin:world")
	if err != nil {
		t.Fatal(err)
	}
	w.Begin()
	w.SetAlgo(world.AlgoHPA)
	w.Wait()
	// A level-2 node popped by the top search and touched by no cell search.
	var p image.Point
	found := false
	for _, e := range w.Timeline.Trace().Events {
		if e.Level != 2 || e.Kind != pathing.EventPop {
			continue
		}
		if q, ok := w.NodeCell(2, e.Node); ok && !w.Timeline.State(0, int32(w.Grid.Index(q))).Seen && q != w.Start {
			p, found = q, true
			break
		}
	}
	if !found {
		t.Fatal("no level-2 node off the cell searches: the test needs one")
	}
	ci := w.Inspect(p)
	got := panelText(New(), w, &ci)
	if strings.Contains(got, "not reached") || strings.Contains(got, "never reached") || !strings.Contains(got, "L2 node") || !strings.Contains(got, "L2 g  h  f") || !strings.Contains(got, "closed #") {
		t.Errorf("inspector of level-2 node %v:\n%s", p, got)
	}
	r := New()
	st, c, ok := r.valueState(&Frame{World: w}, p)
	if !ok || c == cellValueColor || !st.Closed {
		t.Errorf("values layer at %v: state %+v colour %v ok %v", p, st, c, ok)
	}
	w.Timeline.Seek(0)
	ci = w.Inspect(p)
	if got := panelText(New(), w, &ci); strings.Contains(got, "L2 node") {
		t.Errorf("at cursor 0 the inspector lists abstract states:\n%s", got)
	}
}

// The panel lists the open list of the search at the cursor, best first,
// with its count (a teacher stepping A* wants what it pops next); a phase
// without a search says so, and without a timeline there is no section.
func TestPanelOpenList(t *testing.T) {
	w, err := world.Open("builtin:world")
	if err != nil {
		t.Fatal(err)
	}
	w.Begin()
	w.SetAlgo(world.AlgoAStar)
	w.Wait()
	w.Timeline.Seek(w.Timeline.Len() / 3)
	ol, ok := w.OpenListAt(openListRows, nil)
	if !ok || len(ol.Top) != openListRows {
		t.Fatalf("open list at a third of the A* timeline: %+v %v", ol, ok)
	}
	r := New()
	got := panelText(r, w, nil)
	first := fmt.Sprintf("1. (%d,%d)", ol.Top[0].Cell.X, ol.Top[0].Cell.Y)
	if !strings.Contains(got, fmt.Sprintf("Open list (cells · %d open)", ol.Open)) || !strings.Contains(got, first) || !strings.Contains(got, fmt.Sprintf("f %.2f", ol.Top[0].F)) {
		t.Errorf("panel at a third of A*:\n%s", got)
	}
	// At the end of the search nothing is popped next: the list says it
	// finished and what it left, with no rank (a teacher saw "1." there).
	w.Timeline.Seek(w.Timeline.Len())
	if ol, ok := w.OpenListAt(openListRows, nil); !ok || !ol.Finished {
		t.Fatalf("the finished A* is not finished: %+v %v", ol, ok)
	}
	got = panelText(r, w, nil)
	if !strings.Contains(got, "finished,") || !strings.Contains(got, "left open)") || strings.Contains(got, "1. (") {
		t.Errorf("panel at the end of A*:\n%s", got)
	}
	// Its rows are what it left open: "left (124,79)" read as a
	// direction (a teacher's report), so they say "still open".
	ol, _ = w.OpenListAt(openListRows, nil)
	for _, e := range ol.Top {
		if k := fmt.Sprintf("still open (%d,%d)", e.Cell.X, e.Cell.Y); !strings.Contains(got, k) {
			t.Errorf("panel at the end of A*: no row %q:\n%s", k, got)
		}
	}
	if strings.Contains(got, "left (") {
		t.Errorf("panel at the end of A*: a row still says left:\n%s", got)
	}
	// Too wide for the key column (a 4-digit cell): "open" on every row.
	if k := r.leftOpenKey(nil, []world.OpenEntry{{Cell: image.Pt(12, 3)}, {Cell: image.Pt(1023, 1017)}}); k != leftOpenShort {
		t.Errorf("a row at (1023,1017): key format %q, want %q", k, leftOpenShort)
	}
	// Dijkstra on open ground: cells the search cannot order share the
	// first rank, and the title counts them.
	w.SetAlgo(world.AlgoDijkstra)
	w.Wait()
	tied := false
	for i := w.Timeline.Len() / 3; i < w.Timeline.Len() && !tied; i += 17 {
		w.Timeline.Seek(i)
		ol, ok = w.OpenListAt(openListRows, nil)
		tied = ok && ol.Tied > 1
	}
	if !tied {
		t.Fatal("no tied open list in Dijkstra's timeline")
	}
	got = panelText(r, w, nil)
	for _, e := range ol.Top[:min(ol.Tied, len(ol.Top))] {
		if rank := fmt.Sprintf("1= (%d,%d)", e.Cell.X, e.Cell.Y); !strings.Contains(got, rank) {
			t.Errorf("tied entry %v not ranked %q:\n%s", e.Cell, rank, got)
		}
	}
	if want := fmt.Sprintf("%d open, %d tied)", ol.Open, ol.Tied); !strings.Contains(got, want) {
		t.Errorf("title without %q:\n%s", want, got)
	}
	// HPA*'s smoothing searches nothing.
	w.SetAlgo(world.AlgoHPA)
	w.Wait()
	w.Timeline.Seek(w.Timeline.Len())
	if got := panelText(r, w, nil); !strings.Contains(got, "none in this phase") {
		t.Errorf("panel at the end of HPA* (smoothing):\n%s", got)
	}
	if got := panelText(r, openWorld(t, 20, 20), nil); strings.Contains(got, "Open list") {
		t.Errorf("an open list without a query:\n%s", got)
	}
}
