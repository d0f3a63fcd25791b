package game

import (
	"errors"
	"fmt"
	"image"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/game/world/agents"
	"pathlens/maps"
	"pathlens/pathing"
	"pathlens/render"
)

// drawnGame returns a game on the built-in world, laid out and drawn once
// in a w×h window (so the legend has its place).
func drawnGame(t *testing.T, w, h int) *Game {
	t.Helper()
	wd, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	wd.Begin()
	return drawnOn(t, wd, w, h)
}

// drawnOn returns a game on the begun session wd, laid out and drawn once
// in a w×h window.
func drawnOn(t *testing.T, wd *world.World, w, h int) *Game {
	t.Helper()
	g, err := New(wd, Options{})
	if err != nil {
		t.Fatal(err)
	}
	g.Layout(w, h)
	g.lay = g.r.FitPanel(render.ComputeLayout(w, h, g.panel), g.w)
	g.fit()
	g.Draw(ebiten.NewImage(w, h))
	return g
}

// Regression: the legend is drawn over the map, and a click on it went to
// the map under it: with the query tool it moved the start to a cell the
// user could not see. A click on a legend row now toggles that layer, and
// no click in the legend's box reaches the map.
func TestLegendClickTogglesLayerNotTheMap(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	var row image.Point
	var layer render.Layer
	found := false
	for y := g.lay.Map.Min.Y; y < g.lay.Map.Max.Y && !found; y++ {
		for x := g.lay.Map.Min.X; x < g.lay.Map.Max.X; x++ {
			if l, ok, _ := g.r.LegendAt(x, y); ok {
				row, layer, found = image.Pt(x+30, y+4), l, true
				break
			}
		}
	}
	if !found {
		t.Fatal("no legend row drawn on a 1200×760 window")
	}
	if l, ok, in := g.r.LegendAt(row.X, row.Y); !ok || !in || l != layer {
		t.Fatalf("LegendAt(%v) = %v %v %v, want layer %v", row, l, ok, in, layer)
	}
	was := g.layers.Has(layer)
	if !g.clickHUD(row.X, row.Y) {
		t.Fatal("a click on a legend row was left to the map")
	}
	if g.layers.Has(layer) == was {
		t.Errorf("a click on the %q row did not toggle it", layer.ShortName())
	}
	// Far from the legend, clicks are the map's.
	c := g.lay.Map.Min.Add(g.lay.Map.Size().Div(2))
	if _, _, in := g.r.LegendAt(c.X, c.Y); !in && g.clickHUD(c.X, c.Y) {
		t.Errorf("a click at the map's centre %v was taken by the HUD", c)
	}
}

// A right press (paint) on the legend starts no stroke, as before, but now
// says why: a user's wall begun under the legend did nothing, silently.
// Away from the boxes it is the map's, without a note.
func TestRightPressOnLegendSaysWhy(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	on := legendPoint(t, g)
	seq := g.w.MessageSeq
	if !g.rightOnHUD(on.X, on.Y) {
		t.Fatalf("a right press on the legend at %v was left to the map", on)
	}
	if g.w.MessageSeq == seq || !strings.Contains(g.w.Message, "no paint under the legend") {
		t.Errorf("right press on the legend: message %q", g.w.Message)
	}
	c := g.lay.Map.Min.Add(g.lay.Map.Size().Div(2))
	if g.r.OverHUD(c.X, c.Y) {
		t.Skipf("the map's centre %v is under a box", c)
	}
	seq = g.w.MessageSeq
	if g.rightOnHUD(c.X, c.Y) || g.w.MessageSeq != seq {
		t.Errorf("a right press at the map's centre %v was taken by the HUD or noted", c)
	}
}

// J with the pointer on the legend spawns nothing and says why (an agent
// was spawned hidden under it); beside it, J spawns.
func TestSpawnUnderTheLegendSaysWhy(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	on := legendPoint(t, g)
	g.mouseX, g.mouseY = on.X, on.Y
	g.hover, g.hoverOK = g.cam.CellAt(float64(on.X), float64(on.Y)), true
	g.spawnAtMouse()
	if s := g.w.Agents(); s != nil && s.Live() != 0 || !strings.Contains(g.w.Message, "no spawn under the legend") {
		t.Fatalf("J on the legend: message %q", g.w.Message)
	}
	c := g.lay.Map.Min.Add(g.lay.Map.Size().Div(2))
	if g.r.OverHUD(c.X, c.Y) {
		t.Skipf("the map's centre %v is under a box", c)
	}
	g.mouseX, g.mouseY = c.X, c.Y
	g.hover = g.cam.CellAt(float64(c.X), float64(c.Y))
	g.spawnAtMouse()
	if s := g.w.Agents(); s == nil || s.Live() != 1 {
		t.Fatal("J at the map's centre spawned no agent")
	}
}

// A scenario may hold several queries (textbook-groups has two), but only
// the first was ever shown: F3 and Shift+F3 now step through them,
// wrapping, each with a log line naming it.
func TestStepQueryOpensEachQuery(t *testing.T) {
	wd, err := world.Open(assets.Prefix + "textbook-groups")
	if err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	wd.Log = world.NewEventLog(&log)
	wd.Begin()
	if len(wd.Queries) < 2 {
		t.Fatalf("textbook-groups has %d queries; the test needs two", len(wd.Queries))
	}
	g, err := New(wd, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct{ d, want int }{{+1, 1}, {+1, 0}, {-1, 1}} {
		g.stepQuery(step.d)
		q := wd.Queries[step.want]
		if wd.Start != q[0] || wd.Goal != q[1] || !wd.HasStart || !wd.HasGoal {
			t.Fatalf("after step %+d: query %v→%v, want query %d %v→%v", step.d, wd.Start, wd.Goal, step.want+1, q[0], q[1])
		}
		if !strings.Contains(log.String(), fmt.Sprintf("query index=%d of=%d", step.want+1, len(wd.Queries))) {
			t.Errorf("after step %+d: no query line for %d in the log:\n%s", step.d, step.want+1, log.String())
		}
		if !strings.Contains(wd.Message, fmt.Sprintf("query %d of", step.want+1)) {
			t.Errorf("after step %+d: message %q", step.d, wd.Message)
		}
	}
	// One query: nothing to step to, and the user is told so.
	one, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	one.Begin()
	g1, _ := New(one, Options{})
	start, goal := one.Start, one.Goal
	if len(one.Queries) == 1 {
		g1.stepQuery(+1)
		if one.Start != start || one.Goal != goal || !strings.Contains(one.Message, "1 query") {
			t.Errorf("one query: moved to %v→%v, message %q", one.Start, one.Goal, one.Message)
		}
		// A query of the user's own on screen: F3 goes back to the
		// list's one (an engineer's report: it said "1 query" and stayed).
		one.SetEndpoints(image.Pt(30, 30), image.Pt(100, 60))
		one.Wait()
		g1.stepQuery(+1)
		one.Wait()
		if one.Start != start || one.Goal != goal {
			t.Errorf("F3 from the user's own query: %v→%v, want the list's %v→%v", one.Start, one.Goal, start, goal)
		}
	}
}

// The help says a click on a panel row cycles its switch; the cluster size
// and levels rows only went up, so at 64 and at 4 levels a click did
// nothing. Every row now comes back to where it started after enough
// clicks.
func TestSwitchRowsCycle(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	g.w.SetAlgo(world.AlgoHPA)
	rows := g.switchRows()
	acts := switchActions(g)
	if len(acts) < len(rows) {
		t.Fatalf("%d rows, %d actions", len(rows), len(acts))
	}
	for i, row := range rows {
		if row.Label == "tool" || row.Label == "brush weight" || row.Label == "view level" {
			continue // not switches of the session (covered by their keys)
		}
		start := row.Value
		back := false
		for k := 0; k < 20 && !back; k++ {
			acts[i]()
			back = g.switchRows()[i].Value == start
		}
		if !back {
			t.Errorf("row %q: 20 clicks never came back to %q (now %q)", row.Label, start, g.switchRows()[i].Value)
		}
	}
}

// Regression: a click on a wall showed "cell … is blocked" and the next
// click on an open cell placed the goal and found a path, but the error
// stayed on screen under the answer for its 12 seconds (and "click the
// goal" stayed after the goal was placed). A message older than a
// successful plan has now expired; a fresh one has not.
func TestErrorExpiresAfterASuccessfulPlan(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	w := g.w
	now := time.Now()
	w.Pick(image.Pt(0, 0)) // a wall of the built-in world
	if !w.MessageErr {
		t.Fatalf("a click on (0,0) gave no error: %q", w.Message)
	}
	g.noteMessage(now)
	if age := g.messageAge(now); age != 0 {
		t.Fatalf("a fresh error is %v s old", age)
	}
	start, goal := w.Start, w.Goal
	if !w.SetEndpoints(goal, start) { // a query that finds a path
		t.Fatalf("SetEndpoints(%v, %v): %s", goal, start, w.Message)
	}
	g.noteMessage(now)
	if !w.MessageErr {
		t.Fatalf("the plan replaced the error with %q: the test needs the error kept", w.Message)
	}
	if !math.IsInf(g.messageAge(now), 1) {
		t.Errorf("the error %q still shows after a plan found a path", w.Message)
	}
	// A new error shows again.
	w.Pick(image.Pt(0, 0))
	g.noteMessage(now)
	if age := g.messageAge(now); age != 0 {
		t.Errorf("a new error after the plan is %v s old", age)
	}
	// An instruction carried out: "click the goal", then the goal.
	w.Pick(start)
	g.noteMessage(now)
	if !strings.Contains(w.Message, "click the goal") || g.messageAge(now) != 0 {
		t.Fatalf("after a start click: message %q, age %v", w.Message, g.messageAge(now))
	}
	w.Pick(goal)
	g.noteMessage(now)
	if strings.Contains(w.Message, "click the goal") && !math.IsInf(g.messageAge(now), 1) {
		t.Errorf("%q still shows after the goal was placed and a path found", w.Message)
	}
}

// Regression (a user): a newer message kept the clock of the error toast
// before it. A session opened from a drop (a map and its .scen, whose note
// comes in the same frame) or the gallery numbers its messages from 0
// again, so its first message had the number of the error shown before in
// the old session, and went on that error's clock: the newer message
// showed only for what was left of the error's time, or not at all when
// that had run out. A message of another session is new, whatever its
// number, and replaces the error's toast with its own full time.
func TestNewerMessageReplacesTheErrorsToast(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	t0 := time.Now()
	g.w.Pick(image.Pt(0, 0)) // a wall: an error
	if !g.w.MessageErr {
		t.Fatalf("a click on a wall gave no error: %q", g.w.Message)
	}
	g.noteMessage(t0)
	errSeq := g.w.MessageSeq
	// 8 s later, in one frame: another session opens and says something.
	if err := g.open(assets.Prefix + "textbook-groups"); err != nil {
		t.Fatal(err)
	}
	for g.w.MessageSeq < errSeq {
		g.w.Note("textbook-groups.scen: 3 queries added") // numbered as the error was
	}
	if g.w.MessageSeq != errSeq || g.w.MessageErr {
		t.Fatalf("the test needs the new session's note numbered %d as the error: %d (error %v)", errSeq, g.w.MessageSeq, g.w.MessageErr)
	}
	t1 := t0.Add(8 * time.Second)
	g.noteMessage(t1)
	// 5 s after it appeared the note still shows (6 s for a note), on its
	// own clock: not 13 s old, as on the error's.
	if age := g.messageAge(t1.Add(5 * time.Second)); age != 5 {
		t.Errorf("the newer note is %v s old 5 s after it appeared (it ran on the error's clock)", age)
	}
	// A note not yet seen by noteMessage is new too.
	g.w.Note("saved")
	if age := g.messageAge(t1.Add(10 * time.Second)); age != 0 {
		t.Errorf("a note written since the last update is %v s old", age)
	}
}

// Regression: a -shot picture showed the hovered cell, the inspector's
// hover and an edge tooltip wherever the display's pointer rested, so the
// same command drew different pictures. A -shot run ignores the pointer.
func TestShotIgnoresThePointer(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	g.opts.ShotPath = "unused.png"
	g.readMouse()
	if g.mouseIn || g.hoverOK {
		t.Errorf("a -shot run reads the pointer: in window %v, over cell %v %v", g.mouseIn, g.hover, g.hoverOK)
	}
}

// Dijkstra ignores the heuristic, so its row is dimmed like the other
// switches that do not apply; A* and greedy use it.
func TestHeuristicRowDimForDijkstra(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	for _, c := range []struct {
		algo world.Algo
		dim  bool
	}{{world.AlgoDijkstra, true}, {world.AlgoAStar, false}, {world.AlgoGreedy, false}} {
		g.w.SetAlgo(c.algo)
		for _, r := range g.switchRows() {
			if r.Label == "heuristic" && r.Dim != c.dim {
				t.Errorf("%s: heuristic row dim %v, want %v", c.algo.Title(), r.Dim, c.dim)
			}
		}
	}
}

// The group planner takes the grid's own distance where the cluster
// heuristic is set (its searches aim at the next group), and the row's
// value says which; A* reads the cluster table, and the row says cluster.
func TestHeuristicRowSaysWhatTheGroupPlannerUses(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	g.w.SetHeuristic(world.HeurCluster)
	value := func() string {
		for _, r := range g.switchRows() {
			if r.Label == "heuristic" {
				return r.Value
			}
		}
		t.Fatal("no heuristic row")
		return ""
	}
	for _, c := range []struct {
		algo world.Algo
		four bool
		want string
	}{
		{world.AlgoGroup, false, "cluster (octile here)"},
		{world.AlgoGroup, true, "cluster (manhattan here)"},
		{world.AlgoAStar, false, "cluster"},
	} {
		if (g.w.Settings.Neighborhood == pathing.Four) != c.four {
			g.w.ToggleNeighborhood()
		}
		g.w.SetAlgo(c.algo)
		if got := value(); got != c.want {
			t.Errorf("%s, 4-connected %v: heuristic row %q, want %q", c.algo.Title(), c.four, got, c.want)
		}
	}
}

// In a gallery case whose regions make every level, the cluster size row
// is dimmed like a switch the algorithm does not read.
func TestClusterRowDimOverRegions(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	if err := g.open(assets.Prefix + "pathological-minimum"); err != nil {
		t.Fatal(err)
	}
	g.w.Wait()
	found := false
	for _, r := range g.switchRows() {
		if r.Label == "cluster size" {
			found = true
			if !r.Dim {
				t.Error("pathological-minimum (its rooms are the one level): cluster size row not dimmed")
			}
		}
	}
	if !found {
		t.Error("no cluster size row in the panel")
	}
}

// A click just below the panel's last switch row does nothing: the action
// of the query row (shown only for a scenario with several queries) ran
// there for a one-query map and put up a note.
func TestClickBelowTheSwitchesDoesNothing(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	rows := g.switchRows()
	below := render.SwitchRowRect(g.lay, len(rows))
	seq, start, goal := g.w.MessageSeq, g.w.Start, g.w.Goal
	g.clickSwitch(below.Min.X+20, below.Min.Y+5)
	if g.w.MessageSeq != seq || g.w.Start != start || g.w.Goal != goal {
		t.Errorf("a click below the switch rows did something: message %q", g.w.Message)
	}
	// The last row itself still works.
	last := render.SwitchRowRect(g.lay, len(rows)-1)
	brush := g.brush
	g.clickSwitch(last.Min.X+20, last.Min.Y+5)
	if rows[len(rows)-1].Label == "brush weight" && g.brush == brush {
		t.Errorf("a click on the brush row did not change the brush")
	}
}

// The agents' HPA* refine mode (World.SetAgentRefine) had no key and no
// panel row: Shift+U and the "agent refine" row now switch it, the row
// shows the mode (dimmed unless the agents plan with HPA*), and the switch
// is logged.
func TestAgentRefineRow(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	var log strings.Builder
	g.w.Log = world.NewEventLog(&log)
	if k := keysOf(ActAgentRefine); k != "Shift+U" {
		t.Fatalf("agent refine key %q, want Shift+U", k)
	}
	row := func() (int, render.SwitchRow) {
		for i, r := range g.switchRows() {
			if r.Label == "agent refine" {
				return i, r
			}
		}
		t.Fatal("no agent refine row in the panel")
		return 0, render.SwitchRow{}
	}
	i, r := row()
	if r.Value != "eager: whole route" || !r.Dim || r.Keys != "Shift+U" {
		t.Errorf("A*: agent refine row %+v, want eager, dimmed, Shift+U", r)
	}
	g.w.SetAlgo(world.AlgoHPA)
	rc := render.SwitchRowRect(g.lay, i)
	g.clickSwitch(rc.Min.X+20, rc.Min.Y+5)
	if _, r = row(); r.Value != "lazy: next segment" || r.Dim || g.w.AgentRefine() != agents.HPALazy {
		t.Errorf("HPA*, after a click: row %+v, mode %v; want lazy, not dimmed", r, g.w.AgentRefine())
	}
	if !strings.Contains(log.String(), "switch name=agent_refine value=lazy") {
		t.Errorf("the click was not logged:\n%s", log.String())
	}
	g.clickSwitch(rc.Min.X+20, rc.Min.Y+5)
	if g.w.AgentRefine() != agents.HPAEager {
		t.Errorf("a second click left the mode %v", g.w.AgentRefine())
	}
}

// Regression: since the g / h / f row says "(zoom in)", the legend was
// measured with that longer name and no longer fit two columns on the
// default 1280×800 window: it listed only the layers that are on, so a
// click could turn layers off but never back on. Every layer has a row
// there again.
func TestLegendListsEveryLayerOnTheDefaultWindow(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	seen := map[render.Layer]bool{}
	for y := g.lay.Map.Min.Y; y < g.lay.Map.Max.Y; y += 2 {
		for x := g.lay.Map.Min.X; x < g.lay.Map.Max.X; x += 8 {
			if l, ok, _ := g.r.LegendAt(x, y); ok {
				seen[l] = true
			}
		}
	}
	if len(seen) != int(render.NumLayers) {
		t.Errorf("the 1280×800 legend has rows for %d of the %d layers", len(seen), render.NumLayers)
	}
}

// A -shot ignores the pointer, so its inspector was empty; Options.Pin
// pins a cell at start the way the inspect tool's click does, and a cell
// off the map is refused by name.
func TestPinAtStart(t *testing.T) {
	wd, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	wd.Begin()
	g, err := New(wd, Options{Pin: image.Pt(87, 49), HasPin: true})
	if err != nil {
		t.Fatal(err)
	}
	if !g.hasPinned || g.pinned != image.Pt(87, 49) {
		t.Errorf("pinned %v %v, want (87,49)", g.pinned, g.hasPinned)
	}
	if _, err := New(wd, Options{Pin: image.Pt(128, 0), HasPin: true}); err == nil || !strings.Contains(err.Error(), "128,0") {
		t.Errorf("a pin off the 128×96 map: %v", err)
	}
}

// Regression: a dig or fill followed the pointer anywhere, so when the
// button came up in the frame the pointer moved onto the panel (easy with a
// quick flick, and what xdotool did in the lecture walk), the stroke dug a
// straight line from its last cell toward the panel, up to the map's edge.
// A stroke, with either button, now goes on only to cells the pointer is
// over on the map.
func TestStrokeStopsWhereThePointerLeavesTheMap(t *testing.T) {
	for _, button := range []string{"right", "left (paint tool)"} {
		g := drawnGame(t, 1200, 760)
		w := g.w
		// The top border row is wall from end to end.
		for x := 0; x < 30; x++ {
			if w.Grid.Open(image.Pt(x, 0)) {
				t.Fatalf("cell (%d,0) of the built-in world is open; the test wants a wall row", x)
			}
		}
		a, b, far := image.Pt(5, 0), image.Pt(6, 0), image.Pt(28, 0)
		if button == "right" {
			g.rightDown = true
			w.BeginStroke(a, 0)
			g.lastCell = a
			g.strokeMove(true, true, b)
			g.strokeMove(false, false, far) // released with the pointer over the panel
			if g.rightDown {
				t.Errorf("%s: the stroke did not end on release", button)
			}
		} else {
			g.tool = paintTool{}
			g.toolDown = g.tool
			g.lastCell = a
			g.tool.Press(g, a, false)
			g.toolMove(true, true, b)
			g.toolMove(false, false, far)
			if g.toolDown != nil {
				t.Errorf("%s: the drag did not end on release", button)
			}
		}
		if _, painting := w.Painting(); painting {
			t.Errorf("%s: still painting after the release", button)
		}
		for _, p := range []image.Point{a, b} {
			if !w.Grid.Open(p) {
				t.Errorf("%s: cell %v on the stroke was not dug", button, p)
			}
		}
		for x := b.X + 1; x <= far.X; x++ {
			if p := image.Pt(x, 0); w.Grid.Open(p) {
				t.Errorf("%s: cell %v dug, but the pointer was off the map when the button came up", button, p)
			}
		}
	}
}

// openWorld returns a world on an open 300×300 grid (above the size on
// which the session builds hierarchies in the background), not begun.
func openWorld(t *testing.T, algo world.Algo) *world.World {
	t.Helper()
	gr, err := pathing.NewGrid(300, 300)
	if err != nil {
		t.Fatal(err)
	}
	wd := world.New(&maps.Map{Name: "open300", Grid: gr, Terrain: []byte(strings.Repeat(".", 300*300))})
	wd.Settings.Algo = algo
	return wd
}

// Regression: "start (500,500): click the goal" stayed under the map for
// the whole background build after the goal was clicked on maze512 (a
// message expired only when a plan found a path). A plan that is being
// worked on makes the messages before it stale as well.
func TestInstructionExpiresWhilePlanning(t *testing.T) {
	wd := openWorld(t, world.AlgoGroup)
	g, err := New(wd, Options{})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	wd.Pick(image.Pt(5, 5))
	g.noteMessage(now)
	if !strings.Contains(wd.Message, "click the goal") || g.messageAge(now) != 0 {
		t.Fatalf("after a start click: message %q, age %v", wd.Message, g.messageAge(now))
	}
	wd.Pick(image.Pt(290, 250))
	g.noteMessage(now)
	if !wd.Busy() || wd.Outcome.Status != pathing.Running {
		t.Fatalf("the test needs the plan pending: busy %v, %v", wd.Busy(), wd.Outcome.Status)
	}
	if strings.Contains(wd.Message, "click the goal") && !math.IsInf(g.messageAge(now), 1) {
		t.Errorf("%q still shows while the goal's plan is being worked on", wd.Message)
	}
}

// Regression: on a grid above 256×256 the hierarchy is built in the
// background. With no query, its arrival changed nothing the frame key
// held, so the borders, nodes and edges it brings waited up to half a
// second (the safety net) to appear; and meanwhile the view level row said
// "1 of 1" of a two-level hierarchy. The key now changes when the build
// arrives, and the row says it is building.
func TestBuildArrivalRedraws(t *testing.T) {
	wd := openWorld(t, world.AlgoHPA)
	wd.Begin()
	if !wd.Busy() {
		t.Fatal("the test needs a build in the background")
	}
	g, err := New(wd, Options{})
	if err != nil {
		t.Fatal(err)
	}
	viewRow := func() string {
		for _, r := range g.switchRows() {
			if r.Label == "view level" {
				return r.Value
			}
		}
		t.Fatal("no view level row")
		return ""
	}
	if v := viewRow(); v != "building…" {
		t.Errorf("view level while building: %q", v)
	}
	before := g.frameKey()
	wd.Wait()
	if wd.Hierarchy() == nil {
		t.Fatal("no hierarchy after Wait")
	}
	if g.frameKey() == before {
		t.Error("the frame key is the same before and after the hierarchy arrived: the frame is not redrawn")
	}
	if v, want := viewRow(), fmt.Sprintf("1 of %d", wd.Hierarchy().Levels()); v != want {
		t.Errorf("view level after the build: %q, want %q", v, want)
	}
}

// Regression: the inspector's cell info was kept until the cell, the
// timeline, the grid or the algorithm changed. A hierarchy built in the
// background with no query (at start, or after a cluster size switch)
// changes none of them, so the hovered cell showed no level rows after
// the build arrived, or the previous cluster size's clusters during it,
// until the mouse moved.
func TestInspectorFollowsTheHierarchy(t *testing.T) {
	wd := openWorld(t, world.AlgoGroup)
	wd.Begin()
	g, err := New(wd, Options{})
	if err != nil {
		t.Fatal(err)
	}
	g.pinned, g.hasPinned = image.Pt(150, 150), true
	g.updateInspect()
	if !wd.Busy() || len(g.inspect.Levels) != 0 {
		t.Fatalf("the test needs the build pending: busy %v, %d level rows", wd.Busy(), len(g.inspect.Levels))
	}
	wd.Wait()
	g.updateInspect()
	if len(g.inspect.Levels) == 0 {
		t.Fatal("after the build arrived the inspector still shows no levels")
	}
	before := g.inspect.Levels[0].Name
	wd.Settings.ClusterSize = 16
	wd.Replan() // as the cluster switch does: a new background build
	wd.Wait()
	g.updateInspect()
	if len(g.inspect.Levels) == 0 || g.inspect.Levels[0].Name == before {
		t.Errorf("after a cluster size change the inspector shows %+v (was %q)", g.inspect.Levels, before)
	}
}

// Regression: the quit question counted every applied edit as unsaved
// ("4 unsaved edits" right after saving 3 and making one more).
func TestQuitQuestionCountsUnsavedEditsOnly(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	dig := func(p image.Point) {
		g.w.BeginStroke(p, 0)
		g.w.EndStroke()
	}
	dig(image.Pt(1, 1))
	dig(image.Pt(2, 1))
	dig(image.Pt(3, 1))
	if err := g.w.Save(t.TempDir() + "/q.pls"); err != nil {
		t.Fatal(err)
	}
	dig(image.Pt(4, 1))
	g.askThen("quit", func(*Game) error { return nil })
	if g.confirm == nil || !strings.HasPrefix(g.confirm.lines[0], "1 unsaved edit in") {
		t.Fatalf("question %v, want it to start with 1 unsaved edit", g.confirm)
	}
	// After undoing saved edits, "D: discard them" read as discarding the
	// edits; D quits and leaves the file as it is.
	g.confirm = nil
	g.w.Undo()
	g.w.Undo()
	g.askThen("quit", func(*Game) error { return nil })
	if g.confirm == nil || !strings.Contains(g.confirm.lines[0], "saved edit undone") {
		t.Fatalf("question %v, want it to name the saved edit undone", g.confirm)
	}
	if d := g.confirm.lines[2]; d != "D: quit without saving" {
		t.Errorf("D's line is %q, want %q", d, "D: quit without saving")
	}
}

// Regression: opening another map left the old world's background workers
// (and their copies of its grid) running for the rest of the program: each
// 512×512 map opened and left kept its optimal-path worker.
func TestOpenClosesTheOldWorld(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skip("no Moving AI maps (../shared/maps/movingai or $PATHLENS_MAPS): skipping the 512×512 open")
	}
	g := drawnGame(t, 1280, 800)
	base := runtime.NumGoroutine()
	for i := 0; i < 3; i++ {
		if err := g.open(filepath.Join(dir, "maze512-16-0.map")); err != nil {
			t.Fatal(err)
		}
		// A query: the optimal reference of a big map runs on its worker.
		if !g.w.SetEndpoints(image.Pt(1, 1), image.Pt(500, 500)) {
			t.Fatalf("query refused: %s", g.w.Message)
		}
		g.w.Wait()
	}
	if err := g.open(assets.Prefix + assets.DefaultName); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > base && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > base {
		t.Fatalf("%d goroutines after opening three big maps and going back, %d before: the old worlds' workers still run", n, base)
	}
}

// Regression: Ctrl+Z pressed while still dragging a stroke said "nothing
// to undo" with the stroke's cells dug on the map (the session refuses to
// undo while a stroke is open). It now ends the stroke and undoes it: the
// grid is as before the stroke, and the drag paints no more.
func TestUndoDuringAStrokeUndoesIt(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	w := g.w
	before := w.Grid.Clone()
	edits := w.EditCount()
	a, b := image.Pt(5, 0), image.Pt(9, 0) // the top border row is wall
	g.rightDown = true
	w.BeginStroke(a, 0)
	g.lastCell = a
	g.strokeMove(true, true, b)
	if w.Grid.Equal(before) {
		t.Fatal("the stroke dug nothing; the test wants cells to undo")
	}
	g.undo()
	if strings.Contains(w.Message, "nothing to undo") {
		t.Errorf("Ctrl+Z during the stroke: %q", w.Message)
	}
	if !w.Grid.Equal(before) {
		t.Error("Ctrl+Z during the stroke left its cells dug")
	}
	g.strokeMove(true, true, image.Pt(12, 0)) // the drag goes on
	g.strokeMove(false, true, image.Pt(12, 0))
	if !w.Grid.Equal(before) || w.EditCount() != edits || w.Dirty() {
		t.Errorf("after the drag: grid as before %v, edits %d (want %d), dirty %v", w.Grid.Equal(before), w.EditCount(), edits, w.Dirty())
	}
	w.Redo() // the undone stroke can be redone
	if w.Grid.Equal(before) {
		t.Error("Ctrl+Y did not bring the stroke back")
	}
}

// Regression: on maze512 a message shown while a plan was being worked on
// (Ctrl+S during a background build: "saved …"; F3's query note with the
// .scen's optimal length) went in the frame that plan's answer arrived,
// because any newer answer made a message stale. Only a plan started
// after the message does; one started before it still does when it is
// followed by another.
func TestMessageOutlivesTheAnswerItWasShownBeside(t *testing.T) {
	g, err := pathing.NewGrid(300, 300)
	if err != nil {
		t.Fatal(err)
	}
	w := world.New(&maps.Map{Name: "open", Grid: g, Terrain: []byte(strings.Repeat(".", 300*300))})
	defer w.Close()
	w.Settings.Algo = world.AlgoGroup
	gm, err := New(w, Options{})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	w.SetEndpoints(image.Pt(5, 5), image.Pt(290, 250))
	if !w.Busy() {
		t.Fatal("the test needs the group hierarchy built in the background")
	}
	gm.noteMessage(now)
	w.Note("saved open.pls")
	gm.noteMessage(now)
	w.Wait()
	if w.Outcome.Status != pathing.Found {
		t.Fatalf("the plan: %v %v", w.Outcome.Status, w.Outcome.Err)
	}
	if age := gm.messageAge(now); age != 0 {
		t.Errorf("%q, shown during the build, expired (age %v) when its answer came", w.Message, age)
	}
	// A plan started after the message still makes it stale.
	w.SetEndpoints(image.Pt(6, 5), image.Pt(290, 250))
	w.Wait()
	if !math.IsInf(gm.messageAge(now), 1) {
		t.Errorf("%q still shows after a later plan found a path", w.Message)
	}
	// So does one started after a message shown while a plan was pending.
	w.ClusterBigger() // a new build, the plan waits for it
	if !w.Busy() {
		t.Fatal("the test needs the switch's build in the background")
	}
	w.Note("query 2 of 2")
	gm.noteMessage(now)
	w.ClusterBigger() // another, before the first answer came
	w.Wait()
	if !math.IsInf(gm.messageAge(now), 1) {
		t.Errorf("%q, shown beside a plan that another replaced, still shows after the later one", w.Message)
	}
}

// Regression: Ctrl+S while still dragging a stroke saved at once, which
// ends the stroke: the rest of the drag painted nothing, without a word,
// and the file held half the stroke. Ctrl+S during a stroke now saves when
// it ends, and says so meanwhile.
func TestSaveDuringAStrokeWaitsForItsEnd(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	w := g.w
	path := filepath.Join(t.TempDir(), "world.pls")
	if err := w.Save(path); err != nil { // the session is now that file
		t.Fatal(err)
	}
	saved, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, b, c := image.Pt(5, 0), image.Pt(9, 0), image.Pt(14, 0) // the top border row is wall
	g.rightDown = true
	w.BeginStroke(a, 0)
	g.lastCell = a
	g.strokeMove(true, true, b)
	g.save() // Ctrl+S
	g.saveAfterStroke()
	if now, _ := os.ReadFile(path); string(now) != string(saved) {
		t.Fatal("Ctrl+S during the stroke wrote the file before the stroke ended")
	}
	if !strings.Contains(w.Message, "saving when the stroke ends") {
		t.Errorf("message during the stroke: %q", w.Message)
	}
	g.strokeMove(true, true, c) // the drag goes on, and paints
	if !w.Grid.Open(c) {
		t.Fatalf("cell %v: the drag after Ctrl+S painted nothing", c)
	}
	g.strokeMove(false, true, c)
	g.saveAfterStroke()
	if w.Dirty() {
		t.Fatal("not saved after the stroke ended")
	}
	re, err := world.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer re.Close()
	if !re.Grid.Equal(w.Grid) {
		t.Errorf("the file reopens with another grid than the session's (cell %v open: %v)", c, re.Grid.Open(c))
	}
}

// The repair highlight faded after two seconds and could not be brought
// back, so a teacher who looked away missed which clusters a dig
// recomputed. Shift+R (ActRepairShow) shows the last repair again and holds
// it until pressed again; then it fades from that moment.
func TestRepairHighlightCanBeShownAgain(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	w := g.w
	now := time.Now()
	g.toggleRepair(now)
	if g.repairHeld || !strings.Contains(w.Message, "no repair to show") {
		t.Fatalf("with no repair yet: held %v, message %q", g.repairHeld, w.Message)
	}
	w.SetAlgo(world.AlgoHPA)
	w.Wait()
	a, b := image.Pt(5, 0), image.Pt(9, 0) // the top border row is wall
	w.BeginStroke(a, 0)
	w.StrokeTo(b)
	w.EndStroke()
	w.Wait()
	g.Update()
	if len(w.LastRepair.Dirty) == 0 {
		t.Fatal("the dig repaired nothing; the test needs a repair to show")
	}
	later := now.Add(5 * time.Second)
	if age := g.flashAge(later); age <= flashSecondsForTest {
		t.Fatalf("5 s after the repair the highlight is drawn at age %.1f s; it should have faded", age)
	}
	g.toggleRepair(later)
	if !g.repairHeld || g.flashAge(later.Add(time.Minute)) != 0 {
		t.Fatalf("Shift+R: held %v, age a minute later %.1f (want 0: drawn in full)", g.repairHeld, g.flashAge(later.Add(time.Minute)))
	}
	if !g.needsDraw() {
		t.Error("a held highlight does not ask for frames")
	}
	let := later.Add(time.Minute)
	g.toggleRepair(let)
	if g.repairHeld {
		t.Fatal("Shift+R again still holds the highlight")
	}
	if age := g.flashAge(let.Add(time.Second)); age != 1 {
		t.Errorf("let go: 1 s later it is drawn at age %.1f, want 1 (fading from the key press)", age)
	}
}

// flashSecondsForTest is how long the render package fades a repair.
const flashSecondsForTest = 2.0

// Regression: on a narrow map fitted to the window (den312d, 65×81, at
// 1280×800) the legend's two columns sat over the map's top right while
// empty margin lay either side of it. The fit now leaves the room on the
// left and the legend goes there as one column of every layer, covering
// no cell; on a map that fills the area it stays in its corner.
func TestLegendGoesBesideANarrowMap(t *testing.T) {
	for _, tc := range []struct {
		w, h       int
		beside     bool // the legend must cover no cell
		winW, winH int
	}{
		{65, 81, true, 1280, 800},
		{65, 81, true, 1200, 760},
		{128, 96, false, 1280, 800},
	} {
		gr, err := pathing.NewGrid(tc.w, tc.h)
		if err != nil {
			t.Fatal(err)
		}
		wd := world.New(&maps.Map{Name: "narrow", Grid: gr, Terrain: []byte(strings.Repeat(".", tc.w*tc.h))})
		wd.Begin()
		g := drawnOn(t, wd, tc.winW, tc.winH)
		lg := g.r.LegendRect()
		if lg.Empty() {
			t.Fatalf("%d×%d in %d×%d: no legend drawn", tc.w, tc.h, tc.winW, tc.winH)
		}
		x0, y0 := g.cam.ToScreen(0, 0)
		x1, y1 := g.cam.ToScreen(float64(tc.w), float64(tc.h))
		mr := image.Rect(int(x0), int(y0), int(x1), int(y1))
		over := lg.Intersect(mr)
		if tc.beside && !over.Empty() {
			t.Errorf("%d×%d in %d×%d: legend %v covers %v of the map %v", tc.w, tc.h, tc.winW, tc.winH, lg, over.Size(), mr)
		}
		if !lg.In(g.lay.Map) {
			t.Errorf("%d×%d in %d×%d: legend %v leaves the map area %v", tc.w, tc.h, tc.winW, tc.winH, lg, g.lay.Map)
		}
		if !mr.In(g.lay.Map) {
			t.Errorf("%d×%d in %d×%d: the fitted map %v leaves the map area %v", tc.w, tc.h, tc.winW, tc.winH, mr, g.lay.Map)
		}
		// Every layer is listed (one column), and its rows still click.
		rows := 0
		for y := lg.Min.Y; y < lg.Max.Y; y += 4 {
			if _, ok, _ := g.r.LegendAt(lg.Min.X+40, y); ok {
				rows++
			}
		}
		if tc.beside && rows < int(render.NumLayers)*3 {
			t.Errorf("%d×%d in %d×%d: about %d legend rows hit in one column, want all %d", tc.w, tc.h, tc.winW, tc.winH, rows/4, render.NumLayers)
		}
	}
}

// Regression (a user): the legend covered small maps although empty
// margins lay beside them: on a window too small for its two columns the
// list of the layers on sat over a tall map with room either side, and on
// any window the legend sat over a wide map with room above and below.
// The fit now leaves the room beside a narrow map or under a wide one, and
// the legend goes there, covering no cell, whatever the window.
func TestLegendKeepsOffSmallMaps(t *testing.T) {
	for _, tc := range []struct{ w, h, winW, winH int }{
		{8, 12, 1000, 700}, {8, 12, 900, 600}, {8, 12, 1280, 800},
		{7, 4, 1280, 800}, {7, 4, 1000, 700}, {7, 4, 900, 600},
		{27, 13, 1280, 800}, {27, 17, 1280, 800},
	} {
		gr, err := pathing.NewGrid(tc.w, tc.h)
		if err != nil {
			t.Fatal(err)
		}
		wd := world.New(&maps.Map{Name: "small", Grid: gr, Terrain: []byte(strings.Repeat(".", tc.w*tc.h))})
		wd.Begin()
		wd.SetEndpoints(image.Pt(0, 0), image.Pt(tc.w-1, tc.h-1))
		wd.Wait()
		g := drawnOn(t, wd, tc.winW, tc.winH)
		lg := g.r.LegendRect()
		if lg.Empty() {
			t.Fatalf("%d×%d in %d×%d: no legend drawn", tc.w, tc.h, tc.winW, tc.winH)
		}
		x0, y0 := g.cam.ToScreen(0, 0)
		x1, y1 := g.cam.ToScreen(float64(tc.w), float64(tc.h))
		mr := image.Rect(int(math.Floor(x0)), int(math.Floor(y0)), int(math.Ceil(x1)), int(math.Ceil(y1)))
		if over := lg.Intersect(mr); !over.Empty() {
			t.Errorf("%d×%d in %d×%d: legend %v covers %v of the map %v", tc.w, tc.h, tc.winW, tc.winH, lg, over.Size(), mr)
		}
		if !lg.In(g.lay.Map) || !mr.In(g.lay.Map) {
			t.Errorf("%d×%d in %d×%d: legend %v or map %v leaves the map area %v", tc.w, tc.h, tc.winW, tc.winH, lg, mr, g.lay.Map)
		}
		wd.Close()
	}
}

// Projector readability: panel and HUD text was fixed at 14 px, too small
// on a 1280×800 projector. -ui-scale (Options.UIScale) and Ctrl+= / Ctrl+-
// / Ctrl+0 scale the whole interface: the screen is the window divided by
// the scale, so fonts, panel, bars and legend grow together.
func TestUIScale(t *testing.T) {
	wd, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	wd.Log = world.NewEventLog(&log)
	wd.Begin()
	if _, err := New(wd, Options{UIScale: 5}); err == nil {
		t.Error("New accepted a UI scale of 5")
	}
	g, err := New(wd, Options{UIScale: 1.5})
	if err != nil {
		t.Fatal(err)
	}
	if w, h := g.Layout(1280, 800); w != 854 || h != 534 {
		t.Errorf("at 150%% a 1280×800 window lays out %d×%d, want 854×534", w, h)
	}
	g.setUIScale(g.uiScale + uiScaleStep)
	if g.uiScale != 1.75 || !strings.Contains(log.String(), "switch name=ui_scale value=1.75") || !strings.Contains(wd.Message, "175%") {
		t.Errorf("Ctrl+=: scale %v, message %q, log:\n%s", g.uiScale, wd.Message, log.String())
	}
	for i := 0; i < 20; i++ {
		g.setUIScale(g.uiScale + uiScaleStep)
	}
	if g.uiScale != 3 {
		t.Errorf("Ctrl+= held: scale %v, want the largest, 3", g.uiScale)
	}
	for i := 0; i < 20; i++ {
		g.setUIScale(g.uiScale - uiScaleStep)
	}
	if g.uiScale != 0.75 {
		t.Errorf("Ctrl+- held: scale %v, want the smallest, 0.75", g.uiScale)
	}
	g.setUIScale(1)
	if w, h := g.Layout(800, 600); w != 800 || h != 600 {
		t.Errorf("Ctrl+0: an 800×600 window lays out %d×%d", w, h)
	}
	// Ctrl+= stops at the largest scale the window can lay out: 800×600
	// holds 320×200 up to 250 % (320×240), and 300 % left only the "window
	// too small" note (a helper's report).
	for i := 0; i < 20; i++ {
		g.setUIScale(g.uiScale + uiScaleStep)
	}
	if g.uiScale != 2.5 || !strings.Contains(wd.Message, "interface scale stays 250%: 275% needs a window of at least 878×548, this one is 800×600") {
		t.Errorf("Ctrl+= held on 800×600: scale %v, message %q; want 2.5 and why not 2.75", g.uiScale, wd.Message)
	}
	if w, h := g.Layout(800, 600); w < 320 || h < 200 {
		t.Errorf("at %v%% an 800×600 window lays out %d×%d, under the layout's least", 100*g.uiScale, w, h)
	}
}

// At 150% on a 1280×800 projector the panel is 534 screen pixels high and
// HPA*'s numbers and inspector do not fit under the switches: the
// inspector was cut off below the window. They now scroll with the wheel
// over the panel, and a line says more lies below.
func TestPanelScrollsWhenItDoesNotFit(t *testing.T) {
	g := hpaAtScale(t, 1.5)
	g.switchFold = render.FoldOpen // the switch rows kept: the rest scrolls
	w, h := g.Layout(1280, 800)
	g.lay = g.layout(w, h)
	g.fit()
	g.Draw(ebiten.NewImage(w, h))
	max := g.r.PanelMaxScroll()
	if max <= 0 {
		t.Fatalf("HPA* on a %d×%d screen: the panel's lower part does not scroll", w, h)
	}
	g.scrollPanel(10000)
	if g.panelScroll != max {
		t.Errorf("scrolled to %d, want the end, %d", g.panelScroll, max)
	}
	g.scrollPanel(-20000)
	if g.panelScroll != 0 {
		t.Errorf("scrolled back to %d, want 0", g.panelScroll)
	}
	// On a tall window it all fits: nothing scrolls.
	g.setUIScale(1)
	w, h = g.Layout(1280, 1000)
	g.lay = g.layout(w, h)
	g.drawnAt = time.Time{} // draw again although nothing the key names changed
	g.Draw(ebiten.NewImage(w, h))
	if m := g.r.PanelMaxScroll(); m != 0 {
		t.Errorf("1280×1000 at 100%%: the panel scrolls by %d", m)
	}
}

// Regression (review: the panel scroll was not clamped when the panel's
// content shrank, so after scrolling to the end with HPA* and switching
// to A*, the wheel did nothing for several notches): each Draw clamps the
// scroll to the end the frame measured, and one notch up then scrolls.
func TestPanelScrollClampedWhenThePanelShrinks(t *testing.T) {
	g := hpaAtScale(t, 1.5)
	g.switchFold = render.FoldOpen // the switch rows kept: the rest scrolls
	w, h := g.Layout(1280, 800)
	g.Update()
	g.Draw(ebiten.NewImage(w, h))
	g.scrollPanel(100000)
	hpaEnd := g.panelScroll
	g.w.SetAlgo(world.AlgoAStar)
	g.w.Wait()
	g.Update()
	g.drawnAt = time.Time{}
	g.Draw(ebiten.NewImage(w, h))
	aEnd := g.r.PanelMaxScroll()
	if aEnd >= hpaEnd {
		t.Fatalf("A*'s panel (scrolls %d) is not shorter than HPA*'s (%d): the test needs it to shrink", aEnd, hpaEnd)
	}
	if g.panelScroll != aEnd {
		t.Errorf("HPA* scrolled to its end %d, then A*: scroll %d, want A*'s end %d", hpaEnd, g.panelScroll, aEnd)
	}
}

// Regression (user test at -ui-scale 1.5: the one-line legend listed the
// keys of the layers on, but with no colours, and a click on it did
// nothing): on a window too small for the rows, each key has its swatch
// and a click on it toggles its layer.
func TestLegendLineKeysToggleTheirLayers(t *testing.T) {
	for _, size := range [][2]int{{700, 460}, {760, 500}, {820, 520}} {
		g := drawnGame(t, size[0], size[1])
		box := g.r.LegendRect()
		if box.Empty() || box.Dy() > 50 {
			continue // rows fit here: not the legend's line form (one line, or two wrapped)
		}
		hits := map[render.Layer]image.Point{}
		for y := box.Min.Y; y < box.Max.Y; y++ {
			for x := box.Min.X; x < box.Max.X; x++ {
				if l, ok, _ := g.r.LegendAt(x, y); ok {
					if _, seen := hits[l]; !seen {
						hits[l] = image.Pt(x+2, y+2)
					}
				}
			}
		}
		if len(hits) == 0 {
			t.Fatalf("%v window: the one-line legend %v has no key to click", size, box)
		}
		for l, p := range hits {
			if !g.layers.Has(l) {
				t.Errorf("the line lists %q, which is off", l.ShortName())
			}
			if !g.clickHUD(p.X, p.Y) || g.layers.Has(l) {
				t.Errorf("a click on %q's key in the line did not turn it off", l.ShortName())
			}
			g.toggleLayer(l)
		}
		return
	}
	t.Fatal("no window size tried gives the one-line legend")
}

// Regression (a user): -cursor 99999 or -3 was clamped silently to the
// timeline's ends, and an unknown phase:NAME listed every refinement phase
// of the route (about 90 names). Both are refused with the range, and the
// phase list names each kind once.
func TestCursorSpecErrors(t *testing.T) {
	wd, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	wd.Begin()
	wd.SetAlgo(world.AlgoHPA)
	n := wd.Timeline.Len()
	if n == 0 {
		t.Fatal("no timeline")
	}
	for _, spec := range []string{"-3", fmt.Sprint(n + 1), "99999"} {
		_, err := New(wd, Options{Cursor: spec})
		if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("events 0 to %d", n)) {
			t.Errorf("-cursor %s: %v", spec, err)
		}
	}
	for _, spec := range []string{"0", fmt.Sprint(n), "0.5", "phase:abstract"} {
		if _, err := New(wd, Options{Cursor: spec}); err != nil {
			t.Errorf("-cursor %s: %v", spec, err)
		}
	}
	_, err = New(wd, Options{Cursor: "phase:nothing"})
	if err == nil {
		t.Fatal("an unknown phase was accepted")
	}
	msg := err.Error()
	if strings.Count(msg, "refine L1 step") != 2 || !strings.Contains(msg, "refine L1 step K") || !strings.Contains(msg, "abstract L2") || len(msg) > 600 {
		t.Errorf("unknown phase message (%d bytes): %s", len(msg), msg)
	}
}

// The removal key takes the selected agents in the agent tool only; in
// another tool it says where it works and removes nothing.
func TestRemoveAgentsOnlyInTheAgentTool(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	var p image.Point
	for y := 0; y < g.w.Grid.Height() && p == (image.Point{}); y++ {
		for x := 0; x < g.w.Grid.Width(); x++ {
			if g.w.Grid.Open(image.Pt(x, y)) {
				p = image.Pt(x, y)
				break
			}
		}
	}
	id, err := g.w.SpawnAgent(p)
	if err != nil {
		t.Fatal(err)
	}
	s := g.w.Agents()
	s.Select([]int{id}, false)
	g.tool = g.tools[0] // the query tool
	g.removeAgents()
	if _, ok := s.Agent(id); !ok || !strings.Contains(g.w.Message, "agent tool") {
		t.Fatalf("query tool: agent kept %v, message %q", ok, g.w.Message)
	}
	g.tool = g.tools[3]
	if _, ok := g.tool.(*agentTool); !ok {
		t.Fatalf("tools[3] is %T", g.tool)
	}
	g.removeAgents()
	if _, ok := s.Agent(id); ok || !strings.Contains(g.w.Message, "1 agent removed") {
		t.Fatalf("agent tool: agent kept %v, message %q", ok, g.w.Message)
	}
}

// Regression: a switch's note was held back while an error was set, even
// once the error's toast had gone from the window. The game tells the
// session when the message is no longer shown: an error 5 s old still is,
// one 13 s old is not, and a switch then notes at once (S, smoothing,
// under A*: that it is kept for HPA*). A switch made while the error shows
// that replans (8, to 4-connected moves under A* with octile) makes the
// error stale in the next frame: its note shows then, instead of nothing
// at all. A switch A* does not read replans nothing, so its note waits for
// the error's 12 s.
func TestSwitchNoteAfterAnExpiredError(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	w := g.w
	w.SetAlgo(world.AlgoAStar)
	w.Wait()
	t0 := time.Now()
	w.Fail("cell (0,0) is blocked: pick an open cell")
	g.noteMessage(t0)
	g.expireMessage(t0.Add(5 * time.Second))
	if !w.ErrorShown() {
		t.Fatal("an error 5 s old reported gone")
	}
	g.expireMessage(t0.Add(13 * time.Second))
	w.ToggleSmooth()
	w.Wait()
	if w.MessageErr || !strings.Contains(w.Message, "smoothing off: kept for HPA* (algorithm 4); A* does not use it") {
		t.Fatalf("13 s after the error: message %q (error %v), want the switch's note", w.Message, w.MessageErr)
	}

	t1 := t0.Add(20 * time.Second)
	w.Fail("cell (0,0) is blocked: pick an open cell")
	g.noteMessage(t1)
	w.ToggleNeighborhood() // in the same frame as the error
	w.Wait()
	if !w.MessageErr {
		t.Fatalf("the error on screen gave way to %q", w.Message)
	}
	g.noteMessage(t1)
	g.expireMessage(t1) // the next frame: the replan made the error stale
	if w.MessageErr || !strings.Contains(w.Message, "4-connected moves: octile is admissible but looser than manhattan") {
		t.Fatalf("after the error went stale: message %q (error %v), want the switch's note", w.Message, w.MessageErr)
	}

	t2 := t1.Add(20 * time.Second)
	w.Fail("cell (0,0) is blocked: pick an open cell")
	g.noteMessage(t2)
	w.ToggleSmooth() // replans nothing: the error is not made stale
	w.Wait()
	g.noteMessage(t2)
	g.expireMessage(t2)
	if !w.MessageErr {
		t.Fatalf("an unused switch with the error on screen: message %q, want the error kept", w.Message)
	}
	g.expireMessage(t2.Add(13 * time.Second))
	if w.MessageErr || !strings.Contains(w.Message, "smoothing on: kept for HPA* (algorithm 4); A* does not use it") {
		t.Fatalf("the error's 12 s up: message %q (error %v), want the switch's note", w.Message, w.MessageErr)
	}
}

// A tester's finding: after a typed query (Ctrl+G "X,Y X,Y") or one made
// by clicks, the panel still read "query 1 of 2", the list's row shown
// before. The query row now says the query on screen is the user's own,
// with its cells, until F3 opens one of the list's again.
func TestQueryRowSaysWhenTheQueryIsNotTheList(t *testing.T) {
	wd, err := world.Open(assets.Prefix + "textbook-groups")
	if err != nil {
		t.Fatal(err)
	}
	wd.Begin()
	wd.Wait()
	g := drawnOn(t, wd, 1280, 800)
	if len(wd.Queries) < 2 {
		t.Fatalf("textbook-groups has %d queries; the test needs two", len(wd.Queries))
	}
	row := func() render.SwitchRow {
		// The query row, before the batch row that follows it.
		for _, r := range g.switchRows() {
			if r.Label == "query" || r.Label == "your query" {
				return r
			}
		}
		return render.SwitchRow{}
	}
	if r := row(); r.Label != "query" || r.Value != "1 of 2" {
		t.Fatalf("at start: row %+v, want query 1 of 2", r)
	}
	// Another open cell pair than either of the list's queries.
	var a, b image.Point
	found := false
	for y := 0; y < wd.Grid.Height() && !found; y++ {
		for x := 0; x < wd.Grid.Width() && !found; x++ {
			p := image.Pt(x, y)
			if wd.Grid.Open(p) && p != wd.Queries[0][0] && p != wd.Queries[1][0] {
				a, found = p, true
			}
		}
	}
	b = wd.Queries[0][1]
	if !found || !wd.SetEndpoints(a, b) {
		t.Fatalf("no query %v→%v", a, b)
	}
	wd.Wait()
	want := fmt.Sprintf("(%d,%d)→(%d,%d)", a.X, a.Y, b.X, b.Y)
	if r := row(); r.Label != "your query" || r.Value != want || r.Keys == "" {
		t.Errorf("after a query of the user's: row %+v, want your query %s with F3", r, want)
	}
	g.stepQuery(+1)
	wd.Wait()
	// The user's query is kept as query 3 (keepUserQuery), not lost.
	if r := row(); r.Label != "query" || r.Value != "2 of 3" {
		t.Errorf("F3 after the user's query: row %+v, want query 2 of 3", r)
	}
	// Half a query (the start clicked, the goal not yet): not the list's
	// either.
	wd.Goal, wd.HasGoal = image.Point{}, false
	if r := row(); r.Label != "your query" || !strings.HasSuffix(r.Value, "→?") {
		t.Errorf("start only: row %+v", r)
	}
}

// The brush weight (Shift+W) replans nothing either: its note waits while
// an error is on screen, as every switch's does (docs/window.md, Messages).
func TestBrushNoteWaitsForTheError(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	g.w.Fail("cell (0,0) is blocked: pick an open cell")
	seq := g.w.MessageSeq
	g.nextBrush()
	if !g.w.MessageErr || g.w.MessageSeq != seq {
		t.Fatalf("Shift+W with an error on screen: message %q, want the error kept", g.w.Message)
	}
	g.w.MessageGone(seq)
	if want := fmt.Sprintf("brush weight %d (Shift+paint)", g.brush); g.w.Message != want {
		t.Errorf("the error gone: message %q, want %q", g.w.Message, want)
	}
}

// legendPoint returns a screen point on the legend g draws over the map.
func legendPoint(t *testing.T, g *Game) image.Point {
	t.Helper()
	for y := g.lay.Map.Min.Y; y < g.lay.Map.Max.Y; y++ {
		for x := g.lay.Map.Min.X; x < g.lay.Map.Max.X; x++ {
			if _, _, in := g.r.LegendAt(x, y); in {
				return image.Pt(x+2, y+2)
			}
		}
	}
	t.Fatal("no legend drawn over the map")
	return image.Point{}
}

// A new user's report: a 9×9 fill released and the pointer moved on at
// once ran on to where the pointer went after the release: the frame that
// saw the button up painted to the pointer's cell before ending the
// stroke. It ends at the last cell the drag followed; a tool drag (the
// paint tool's left button) too.
func TestReleaseFramePaintsNothingMore(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	w := g.w
	a, b, after := image.Pt(5, 0), image.Pt(9, 0), image.Pt(20, 0) // the top border row is wall
	g.rightDown = true
	w.BeginStroke(a, 0)
	g.lastCell = a
	g.strokeMove(true, true, b)
	g.strokeMove(false, true, after) // the pointer moved on before the frame saw the release
	if w.Grid.Open(image.Pt(15, 0)) || w.Grid.Open(after) {
		t.Errorf("the stroke ran on past its last cell %v to %v", b, after)
	}
	if !w.Grid.Open(b) {
		t.Errorf("the stroke's last cell %v is not dug", b)
	}
}

// A new user's right-drag pressed a pixel beside the grid (in the map
// area's margin) painted nothing, even after it crossed onto the map:
// "cell (128,49) is outside the map: nothing to paint". The stroke now
// begins at the first grid cell the drag reaches.
func TestRightDragFromBesideTheGridPaints(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	w := g.w
	before := w.Grid.Clone()
	g.rightDown, g.rightWait = true, true // as the press beside the grid leaves it
	g.waitForGrid(true, true, image.Pt(-1, 0))
	if _, painting := w.Painting(); painting {
		t.Fatal("a stroke began off the grid")
	}
	g.waitForGrid(true, true, image.Pt(5, 0)) // onto the top border row (wall): digs
	if _, painting := w.Painting(); !painting || g.rightWait {
		t.Fatalf("the drag reached (5,0): painting %v, still waiting %v", painting, g.rightWait)
	}
	g.strokeMove(true, true, image.Pt(9, 0))
	g.strokeMove(false, true, image.Pt(9, 0))
	if w.Grid.Equal(before) || !w.Grid.Open(image.Pt(7, 0)) {
		t.Error("the drag from beside the grid dug nothing")
	}
	// Released before reaching the grid: nothing, and a note says why.
	g.rightDown, g.rightWait = true, true
	g.waitForGrid(false, true, image.Pt(-1, 0))
	if g.rightDown || g.rightWait || !strings.Contains(w.Message, "did not reach the map") {
		t.Errorf("released beside the grid: down %v, waiting %v, message %q", g.rightDown, g.rightWait, w.Message)
	}
}

// From a user test: a left click in the legend's box but on none of its
// rows (its title, a gap), in any tool, did nothing and said nothing,
// while a right press there said why it painted nothing. It is not the
// map's either, and now says what the box is and how to hide it.
func TestLeftClickOnLegendBoxSaysWhatItIs(t *testing.T) {
	for _, ti := range []int{0, 3} { // the query and agent tools
		g := drawnGame(t, 1200, 760)
		tool := g.tools[ti]
		g.tool = tool
		on := legendPoint(t, g) // the box's top-left corner, above the title
		if _, row, in := g.r.LegendAt(on.X, on.Y); !in || row {
			t.Fatalf("%v: on a row or off the legend", on)
		}
		start, seq := g.w.Start, g.w.MessageSeq
		layers := g.layers
		if !g.clickHUD(on.X, on.Y) {
			t.Fatalf("%s tool: a click on the legend's box at %v was left to the map", tool.Name(), on)
		}
		if g.w.MessageSeq == seq || g.w.Message != LegendClickNote || !strings.Contains(g.w.Message, "K hides") {
			t.Errorf("%s tool: click on the legend's box: message %q", tool.Name(), g.w.Message)
		}
		if g.layers != layers || g.w.Start != start {
			t.Errorf("%s tool: the click changed the layers or the start", tool.Name())
		}
	}
}

// A designer opened a session whose file is marked read-only, made an
// edit and quit: the question offered "S: save to ro.pls", and S met the
// refusal. The S line says the file is read-only and how to save elsewhere.
func TestQuitQuestionNamesAReadOnlyFile(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	path := filepath.Join(t.TempDir(), "ro.pls")
	if err := g.w.Save(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	g.w.BeginStroke(g.w.Start.Add(image.Pt(1, 0)), 0)
	g.w.EndStroke()
	if !g.w.Dirty() {
		t.Skip("the fill changed nothing: nothing to ask about")
	}
	g.askThen("quit", func(*Game) error { return nil })
	if g.confirm == nil {
		t.Fatal("no question")
	}
	if s := g.confirm.lines[1]; !strings.Contains(s, "read-only: refused") || !strings.Contains(s, keysOf(ActSaveAs)) {
		t.Errorf("S line %q, want it to say the file is read-only and name save as", s)
	}
}

// A designer opened ro.pls, a copy of rooms.pls, and the window read
// "rooms": which file the edits go to could not be told. The title names
// the file when its name is not the session's.
func TestTitleNamesAFileNotNamedAsTheSession(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	dir := t.TempDir()
	for _, c := range []struct{ file, want string }{
		{g.w.Name + ".pls", "pathlens — " + g.w.Name},
		{"copy.pls", "pathlens — " + g.w.Name + " (copy.pls)"},
	} {
		path := filepath.Join(dir, c.file)
		if err := g.w.Save(path); err != nil {
			t.Fatal(err)
		}
		w, err := world.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		h, err := New(w, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := h.Title(); got != c.want {
			t.Errorf("%s: title %q, want %q", c.file, got, c.want)
		}
	}
}

// A designer's Ctrl+S was refused (a folder they cannot write), and the
// quit question still offered "S: save to" that file: S was refused again.
// The S line says it was refused just now, why, and how to save elsewhere;
// after a save that writes, the plain line is back.
func TestQuitQuestionAfterARefusedSave(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	// A folder marked read-only refuses writes, except to root; /sys
	// refuses root's too.
	refuses := func(dir string) bool {
		f, err := os.CreateTemp(dir, "probe-*")
		if err == nil {
			f.Close()
			os.Remove(f.Name())
		}
		return errors.Is(err, fs.ErrPermission)
	}
	tmp := t.TempDir()
	if err := os.Chmod(tmp, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(tmp, 0o755) })
	dir := tmp
	if !refuses(dir) {
		if dir = "/sys"; !refuses(dir) {
			t.Skip("no folder here refuses writes")
		}
	}
	g.w.SaveTo = filepath.Join(dir, "level.pls")
	g.w.BeginStroke(g.w.Start.Add(image.Pt(1, 0)), 0)
	g.w.EndStroke()
	if !g.w.Dirty() {
		t.Skip("the fill changed nothing: nothing to ask about")
	}
	ask := func() string {
		t.Helper()
		g.askThen("quit", func(*Game) error { return nil })
		if g.confirm == nil {
			t.Fatal("no question")
		}
		s := g.confirm.lines[1]
		g.confirm = nil
		return s
	}
	if s := ask(); strings.Contains(s, "refused") {
		t.Errorf("S line before any save: %q", s)
	}
	if err := g.w.SaveDefault(); err == nil {
		t.Fatal("saved into a folder that refuses writes")
	}
	if s := ask(); !strings.Contains(s, "refused just now: permission denied") || !strings.Contains(s, keysOf(ActSaveAs)) || !strings.Contains(s, "level.pls") {
		t.Errorf("S line after a refused save %q, want it to say so, why, and name save as", s)
	}
	g.w.SaveTo = filepath.Join(t.TempDir(), "level.pls")
	if err := g.w.SaveDefault(); err != nil {
		t.Fatal(err)
	}
	g.w.BeginStroke(g.w.Start.Add(image.Pt(2, 0)), 0)
	g.w.EndStroke()
	if s := ask(); strings.Contains(s, "refused") {
		t.Errorf("S line after a save that wrote: %q", s)
	}
}
