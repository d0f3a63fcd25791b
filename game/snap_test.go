package game

import (
	"image"
	"math"
	"testing"

	"pathlens/game/world"
	"pathlens/render"
)

// At a zoom where a cell is a pixel or two, a click on a wall means the
// open cell beside it (a user placing a start on a 512×512 map hit walls
// four times); zoomed in, a wall is meant and the click is refused as
// before.
func TestClickOnAWallSnapsWhenCellsAreTiny(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	w := g.w
	var wall image.Point
	found := false
	for y := 1; y < w.Grid.Height()-1 && !found; y++ {
		for x := 1; x < w.Grid.Width()-1; x++ {
			p := image.Pt(x, y)
			if !w.Grid.Open(p) && w.Grid.Open(p.Add(image.Pt(1, 0))) {
				wall, found = p, true
				break
			}
		}
	}
	if !found {
		t.Fatal("the built-in world has no wall beside an open cell")
	}
	g.cam.Zoom = 2
	got := g.snapOpen(wall)
	if !w.Grid.Open(got) {
		t.Fatalf("at 2 px a cell, a click on wall %v gave %v, a wall", wall, got)
	}
	if d := got.Sub(wall); d.X*d.X+d.Y*d.Y > 1 {
		t.Errorf("snapped %v to %v, not the nearest open cell", wall, got)
	}
	tool := &queryTool{}
	w.HasStart, w.HasGoal = false, false
	tool.Press(g, wall, false)
	if !w.HasStart || w.Start != got || w.MessageErr {
		t.Errorf("query tool at 2 px: start %v (set %v), message %q", w.Start, w.HasStart, w.Message)
	}
	g.cam.Zoom = 12
	if p := g.snapOpen(wall); p != wall {
		t.Errorf("at 12 px a cell the click on the wall moved to %v", p)
	}
	w.HasStart, w.HasGoal = false, false
	tool.Press(g, wall, false)
	if w.HasStart || !w.MessageErr {
		t.Errorf("query tool at 12 px accepted the wall: start %v, message %q", w.HasStart, w.Message)
	}
	// Outside the map nothing is invented.
	g.cam.Zoom = 2
	if p := g.snapOpen(image.Pt(-3, -3)); p != image.Pt(-3, -3) {
		t.Errorf("a click outside the map snapped to %v", p)
	}
}

// The heuristic row warns when the heuristic may overestimate (Manhattan
// with diagonal moves), and not otherwise.
func TestHeuristicRowWarnsWhenInadmissible(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	g.w.SetAlgo(world.AlgoAStar)
	row := func() string {
		for _, r := range g.switchRows() {
			if r.Label == "heuristic" {
				return r.Value
			}
		}
		t.Fatal("no heuristic row")
		return ""
	}
	g.w.SetHeuristic(world.HeurManhattan)
	if v := row(); v != "manhattan (inadmissible)" {
		t.Errorf("manhattan, 8-connected: %q", v)
	}
	g.w.ToggleNeighborhood()
	if v := row(); v != "manhattan" {
		t.Errorf("manhattan, 4-connected: %q", v)
	}
	g.w.SetHeuristic(world.HeurOctile)
	if v := row(); v != "octile" {
		t.Errorf("octile: %q", v)
	}
}

// With -scen the panel shows the row's optimal length while its query is
// the one on screen, and nothing once the user moved an endpoint.
func TestScenOptimalFollowsTheQueryShown(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	w := g.w
	if len(w.Queries) == 0 {
		t.Fatal("the built-in world has no query")
	}
	w.ScenOptimal = make([]float64, len(w.Queries))
	w.ScenOptimal[0] = 42.5
	g.query = 0
	q := w.Queries[0]
	w.SetEndpoints(q[0], q[1])
	if got := g.shownScenOptimal(); got != 42.5 {
		t.Fatalf("query 1 shown: %v, want 42.5", got)
	}
	var other image.Point
	for y := 0; y < w.Grid.Height(); y++ {
		for x := 0; x < w.Grid.Width(); x++ {
			if p := image.Pt(x, y); w.Grid.Open(p) && p != q[0] && p != q[1] {
				other = p
			}
		}
	}
	w.SetEndpoints(q[0], other)
	if got := g.shownScenOptimal(); got != 0 {
		t.Errorf("goal moved to %v: %v, want none", other, got)
	}
	// The list's lengths are for 8-connected moves on the map as loaded.
	w.SetEndpoints(q[0], q[1])
	w.ToggleNeighborhood()
	if got := g.shownScenOptimal(); got != 0 {
		t.Errorf("4-connected: %v, want none", got)
	}
	w.ToggleNeighborhood()
	if got := g.shownScenOptimal(); got != 42.5 {
		t.Fatalf("8-connected again: %v, want 42.5", got)
	}
	w.BeginStroke(other, 0)
	w.EndStroke()
	if got := g.shownScenOptimal(); got != 0 {
		t.Errorf("after a fill: %v, want none", got)
	}
}

// A legend that would cover more than an eighth of the map (the window
// scaled 150 % for a projector: 853×533 laid out) is drawn as a line of
// the keys that are on (wrapped to a second line where the area is too
// narrow for one); at 100 % on 1280×800 it keeps a row for every layer
// (in a wide box under the map: the whole legend's two columns over the
// map hid its corner).
func TestLegendShrinksToALineWhenItWouldHideTheMap(t *testing.T) {
	big := drawnGame(t, 1280, 800)
	if n := len(big.r.LegendRowsShown(nil)); n != int(render.NumLayers) {
		t.Errorf("1280×800: legend %v shows %d rows, want all %d", big.r.LegendRect(), n, render.NumLayers)
	}
	small := drawnGame(t, 853, 533)
	r := small.r.LegendRect()
	if r.Empty() || r.Dy() > 50 {
		t.Fatalf("853×533: legend %v, want its line form", r)
	}
	if _, ok, in := small.r.LegendAt(r.Min.X+10, r.Min.Y+10); ok || !in {
		t.Errorf("the line toggles a layer (%v) or lets the click through (in %v)", ok, in)
	}
}

// Regression (user test: on a fitted maze512, a press 3 pixels off the
// goal's centre, on its drawn disc, started a new query and threw the old
// one away): a press anywhere on a marker's disc grabs it; the nearer of
// start and goal wins; a press off both still starts a new query.
func TestPressOnTheDiscGrabsTheMarker(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	w := g.w
	g.cam.Zoom = 1.3 // a 512×512 map fitted to the window
	var open []image.Point
	for i := 0; i < w.Grid.Len() && len(open) < 2; i++ {
		if p := w.Grid.Point(i); w.Grid.Open(p) && (len(open) == 0 || p.Sub(open[0]).X > 30) {
			open = append(open, p)
		}
	}
	if len(open) < 2 {
		t.Fatal("the built-in world has no two open cells 30 apart")
	}
	w.HasStart, w.HasGoal, w.Start, w.Goal = true, true, open[0], open[1]
	press := func(dx, dy float64) int {
		x, y := g.cam.CellCenter(w.Goal)
		// Rounded, not truncated: a press is a whole pixel, and cutting
		// the fit's fraction of a pixel put "6 px above" 7.01 px away.
		g.mouseX, g.mouseY, g.mouseIn = int(math.Round(float64(x)+dx)), int(math.Round(float64(y)+dy)), true
		c := g.cam.CellAt(float64(g.mouseX), float64(g.mouseY))
		return g.grabEndpoint(c)
	}
	r := render.EndpointRadius(g.cam.Zoom)
	if r < 5 {
		t.Fatalf("disc radius %v at 1.3 px a cell: too small to aim at", r)
	}
	for _, d := range [][2]float64{{0, 0}, {3, 0}, {0, -r + 1}, {r - 1, 0}} {
		if got := press(d[0], d[1]); got != 2 {
			t.Errorf("press %v px off the goal's centre (disc radius %.1f): grabbed %d, want the goal", d, r, got)
		}
	}
	if got := press(3*r, 3*r); got != 0 {
		t.Errorf("press well off the disc grabbed %d", got)
	}
	// Both markers in reach: the nearer wins.
	w.Start = w.Goal.Add(image.Pt(-2, 0))
	if got := press(1, 0); got != 2 {
		t.Errorf("press beside the goal with the start close by: grabbed %d, want the goal", got)
	}
	sx, sy := g.cam.CellCenter(w.Start)
	g.mouseX, g.mouseY = int(sx), int(sy)
	if got := g.grabEndpoint(g.cam.CellAt(float64(sx), float64(sy))); got != 1 {
		t.Errorf("press on the start's centre grabbed %d, want the start", got)
	}
}

// Regression (a new user): with the start and the goal on one cell, its
// disc is split, the start's half on the left (render's drawEndpoints); a
// press took the goal wherever it fell, so the start could not be dragged
// off. A press on the left half grabs the start, on the right the goal.
func TestPressOnASplitDiscGrabsItsHalf(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	w := g.w
	g.cam.Zoom = 20
	p := openCells(t, g, 1)[0]
	w.HasStart, w.HasGoal, w.Start, w.Goal = true, true, p, p
	r := render.EndpointRadius(g.cam.Zoom)
	for _, c := range []struct {
		dx   float64
		want int
	}{{-r / 2, 1}, {-2, 1}, {2, 2}, {r / 2, 2}} {
		x, y := g.cam.CellCenter(p)
		g.mouseX, g.mouseY, g.mouseIn = int(math.Round(float64(x)+c.dx)), int(y), true
		if got := g.grabEndpoint(g.cam.CellAt(float64(g.mouseX), float64(g.mouseY))); got != c.want {
			t.Errorf("press %.1f px right of the split disc's centre grabbed %d, want %d (1 the start, 2 the goal)", c.dx, got, c.want)
		}
	}
}

// Regression (a user: with the start clicked, a goal click on the start's
// cell or next to it did nothing: the press grabbed the start's disc and
// the release ended the "drag"). While the query waits for its goal, a
// press on the start released without a drag is the goal's click; a drag
// still moves the start.
func TestGoalClickBesideTheStart(t *testing.T) {
	g := drawnGame(t, 1200, 760)
	w := g.w
	g.cam.Zoom = 1.3
	var s image.Point
	found := false
	for i := 0; i < w.Grid.Len() && !found; i++ {
		p := w.Grid.Point(i)
		s, found = p, w.Grid.Open(p) && w.Grid.Open(p.Add(image.Pt(1, 0))) && w.Grid.Open(p.Add(image.Pt(5, 0)))
	}
	if !found {
		t.Fatal("no open run of six cells")
	}
	click := func(c image.Point, dragTo ...image.Point) {
		x, y := g.cam.CellCenter(c)
		g.mouseX, g.mouseY, g.mouseIn = int(x), int(y), true
		tool := g.tool.(*queryTool)
		tool.Press(g, c, false)
		for _, d := range dragTo {
			tool.Drag(g, d)
			c = d
		}
		tool.Release(g, c)
	}
	for _, goal := range []image.Point{s.Add(image.Pt(1, 0)), s} {
		w.HasStart, w.HasGoal = false, false
		click(s)
		if !w.HasStart || w.Start != s || w.HasGoal {
			t.Fatalf("first click: start %v %v, goal set %v", w.Start, w.HasStart, w.HasGoal)
		}
		if g.grabEndpoint(goal) != 1 {
			t.Fatalf("the test needs %v on the start's disc", goal)
		}
		click(goal)
		if !w.HasGoal || w.Goal != goal || w.Start != s {
			t.Errorf("goal click at %v beside start %v: start %v, goal %v (set %v), message %q", goal, s, w.Start, w.Goal, w.HasGoal, w.Message)
		}
	}
	// A drag of the start while the goal is awaited moves the start.
	w.HasStart, w.HasGoal = false, false
	click(s)
	click(s, s.Add(image.Pt(5, 0)))
	if w.Start != s.Add(image.Pt(5, 0)) || w.HasGoal {
		t.Errorf("drag of the start: start %v, goal set %v", w.Start, w.HasGoal)
	}
	// With both set, a click on the start without a drag changes nothing.
	w.Pick(s.Add(image.Pt(1, 0)))
	before := [2]image.Point{w.Start, w.Goal}
	click(w.Start)
	if [2]image.Point{w.Start, w.Goal} != before || !w.HasGoal {
		t.Errorf("a click on the start of a whole query moved it: %v → %v %v", before, w.Start, w.Goal)
	}
}
