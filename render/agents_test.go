package render

import (
	"fmt"
	"image"
	"regexp"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/game/world/agents"
	"pathlens/pathing"
	"pathlens/pathing/hpa"
	"pathlens/render/place"
)

// Regression: U after sending agents paused them (sending starts the
// clock) and nothing on screen said so; the panel's title now names a
// stopped clock and the key that runs it.
func TestAgentsTitleSaysWhenPaused(t *testing.T) {
	if got := agentsTitle(137, "groups/maximin/exclusion", false, false, 1); !strings.Contains(got, "paused") || !strings.Contains(got, "U") ||
		strings.Index(got, "paused") > strings.Index(got, "groups") {
		t.Errorf("stopped clock: title %q does not say paused and how to run, before the planner's name (a narrow panel cuts the end)", got)
	}
	if got := agentsTitle(137, "astar", true, false, 1); strings.Contains(got, "paused") || !strings.Contains(got, "tick 137") || !strings.Contains(got, "astar") || strings.Contains(got, "×") {
		t.Errorf("running clock: title %q", got)
	}
	// Stopped with nobody to walk and a send to start the clock: the
	// title asks for the send; U would run a clock with nothing to move,
	// and, pressed after the send, pause it.
	if got := agentsTitle(0, "hpa/eager", false, true, 1); !strings.Contains(got, "a send runs them") || strings.Contains(got, "U runs") {
		t.Errorf("spawned, not sent: title %q, want it to say a send runs them, not U", got)
	}
	if got := agentsTitle(137, "astar", true, false, 4); !strings.Contains(got, "tick 137 ×4") {
		t.Errorf("a clock at ×4: title %q", got)
	}
	if got := agentsTitle(137, "astar", true, false, 0.25); !strings.Contains(got, "tick 137 ×1/4") {
		t.Errorf("a clock at ×1/4: title %q", got)
	}
}

// The agents panel names the HPA* planner's refine mode, eager too (the
// planner calls itself plain "hpa" then), so Shift+U visibly changes it;
// other planners keep their own names.
func TestPlannerNameShowsTheRefineMode(t *testing.T) {
	g := pathing.MustGrid(12, 8) // all open
	h, err := hpa.Build(g, hpa.Config{ClusterSize: 4})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		p    agents.Planner
		want string
	}{
		{agents.NewHPA(h, agents.HPAConfig{}), "hpa/eager"},
		{agents.NewHPA(h, agents.HPAConfig{Mode: agents.HPALazy}), "hpa/lazy"},
		{agents.NewAStar(g, agents.AStarConfig{}), "astar"},
	} {
		if got := plannerName(c.p); got != c.want {
			t.Errorf("plannerName(%s planner) = %q, want %q", c.p.Name(), got, c.want)
		}
	}
}

// Regression (tester, a7.log): while a stroke deferred its repairs the
// panel's title read astar instead of hpa/lazy, as if the algorithm had
// been switched. It keeps the agents' planner and says what plans for now
// and why; back to the planner alone when the stroke's repair is done.
func TestPanelNamesTheStandInBesideThePlanner(t *testing.T) {
	g := pathing.MustGrid(12, 8)
	h, err := hpa.Build(g, hpa.Config{ClusterSize: 4})
	if err != nil {
		t.Fatal(err)
	}
	s := agents.New(g, agents.NewHPA(h, agents.HPAConfig{Mode: agents.HPALazy}), agents.Config{})
	if got := panelPlanner(s); got != "hpa/lazy" {
		t.Errorf("panel planner %q, want hpa/lazy", got)
	}
	s.SetStandIn(agents.NewAStar(g, agents.AStarConfig{}), world.StandInWhy)
	if got := panelPlanner(s); got != "hpa/lazy (astar during the stroke)" {
		t.Errorf("panel planner during a deferring stroke %q, want %q", got, "hpa/lazy (astar during the stroke)")
	}
	s.EndStandIn()
	if got := panelPlanner(s); got != "hpa/lazy" {
		t.Errorf("panel planner after the stroke %q, want hpa/lazy", got)
	}
}

// drawPanelIn draws the agents of s (on a 12×8 grid) fitted to a 900×700
// map area whose panel room, at its bottom right, is roomW pixels wide, and
// returns the strings drawn and the layer.
func drawPanelIn(r *Renderer, s *agents.Sim, roomW int) ([]string, *AgentLayer) {
	var drawn []string
	r.fonts.drawn = &drawn
	defer func() { r.fonts.drawn = nil }()
	var cam Camera
	cam.Fit(12, 8, image.Rect(0, 0, 900, 700))
	l := &AgentLayer{Sim: s, Cam: &cam, Map: image.Rect(0, 0, 900, 700), Log: image.Rect(890-roomW, 350, 890, 690)}
	r.DrawAgents(ebiten.NewImage(900, 700), l)
	return drawn, l
}

// Regression (tester): a narrow panel cut its title's planner mid-word,
// "groups/minimum (astar while buil…". A title too wide for the box puts
// the planner, whole, on a line of its own.
func TestPanelTitleKeepsThePlannerWhole(t *testing.T) {
	g := pathing.MustGrid(12, 8)
	h, err := hpa.Build(g, hpa.Config{ClusterSize: 4})
	if err != nil {
		t.Fatal(err)
	}
	s := agents.New(g, agents.NewHPA(h, agents.HPAConfig{Mode: agents.HPALazy}), agents.Config{})
	s.SetStandIn(agents.NewAStar(g, agents.AStarConfig{}), world.StandInWhy)
	want := panelPlanner(s)
	r := New()
	for _, roomW := range []int{600, 240} {
		drawn, _ := drawPanelIn(r, s, roomW)
		whole := false
		for _, d := range drawn {
			if strings.HasSuffix(d, want) {
				whole = true
			}
			if strings.Contains(d, "…") && strings.Contains(d, "hpa/lazy") {
				t.Errorf("%d px room: planner cut: %q", roomW, d)
			}
		}
		if !whole {
			t.Errorf("%d px room: %q not drawn whole: %q", roomW, want, drawn)
		}
	}
}

// Regression: a reason added to the agents package without a colour here
// (cut_off, stuck, rejoined in turn) drew its replan-log line and its
// flash fully transparent. Every reason past none needs a visible colour.
func TestEveryReplanReasonHasAColour(t *testing.T) {
	for r := agents.Reason(1); r < agents.NumReasons; r++ {
		if colReason[r].A == 0 {
			t.Errorf("reason %v has no colour (its log line and flash are invisible)", r)
		}
	}
}

// gameLogRoom is the room the window gives the agents' panel in map area
// m (game.Draw: the whole area, 8 pixels in).
func gameLogRoom(m image.Rectangle) image.Rectangle { return m.Inset(8) }

// Regression (usability test, s72.png): the agents' panel was drawn over
// the red error line at the bottom of the map ("agents: goal (141,445) is
// a wall" was half hidden). The panel keeps off the message shown (the
// window gives its box as AgentLayer.Hard), short or long, at the bottom
// or lifted above the legend, and off the legend.
func TestAgentPanelKeepsTheMessageLineClear(t *testing.T) {
	r := New()
	lh := int(r.fonts.LineHeight(r.fonts.UI))
	m := ComputeLayout(1280, 800, true).Map
	room := gameLogRoom(m)
	for _, c := range []struct {
		name   string
		legend image.Rectangle
	}{
		{"no legend", image.Rectangle{}},
		{"one-column legend, bottom left", image.Rect(m.Min.X+8, m.Max.Y-250, m.Min.X+222, m.Max.Y-8)},
		{"two-column legend, bottom left", image.Rect(m.Min.X+8, m.Max.Y-148, m.Min.X+432, m.Max.Y-8)},
		{"legend top left", image.Rect(m.Min.X+8, m.Min.Y+8, m.Min.X+432, m.Min.Y+148)},
	} {
		for _, size := range []image.Point{{260, 60}, {400, 150}, {330, 110}} {
			for _, w := range []int{300, 600, m.Dx() - 56} {
				msg := messageBox(m, w, lh+12, c.legend, nil, image.Rectangle{})
				panel, _ := place.Panel(room, size, -1, []image.Rectangle{c.legend, msg.Inset(-4)}, nil)
				if !panel.In(room) || panel.Size() != size {
					t.Errorf("%s, panel %v: placed at %v, outside room %v or resized", c.name, size, panel, room)
				}
				if panel.Overlaps(c.legend) {
					t.Errorf("%s, panel %v: at %v, over the legend %v", c.name, size, panel, c.legend)
				}
				if panel.Overlaps(msg) {
					t.Errorf("%s, panel %v at %v covers a %d px message at %v", c.name, size, panel, w, msg)
				}
			}
		}
	}
}

// Regression (a designer's report): with no message showing, the line a
// message would take was kept clear as if one were there, so on a small
// map the panel sat just above it, over a selected agent, while the strip
// below the map stayed empty. That line now weighs least of what the panel
// covers: here, with the legend over the strip above the map and selected
// agents in the map's four corners, the panel takes the strip below.
func TestAgentPanelUsesTheMessageLineWhenNoMessageShows(t *testing.T) {
	g := pathing.MustGrid(20, 12)
	s := agents.New(g, agents.NewAStar(g, agents.AStarConfig{}), agents.Config{})
	var ids []int
	for _, p := range []image.Point{{0, 0}, {19, 0}, {0, 11}, {19, 11}} {
		id, err := s.Spawn(p)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	s.Select(ids, false)
	s.Step()
	r := New()
	m := ComputeLayout(1280, 800, true).Map
	var cam Camera
	cam.Fit(20, 12, m)
	_, top := cam.CellCenter(image.Pt(0, 0))
	r.legendRect = image.Rect(m.Min.X, m.Min.Y, m.Max.X, int(top)-30)
	l := &AgentLayer{Sim: s, Cam: &cam, Map: m, Log: m.Inset(8), MaxSize: image.Pt(400, m.Dy()/2)}
	r.DrawAgents(ebiten.NewImage(1280, 800), l)
	panel := r.agentsRect
	if panel.Empty() {
		t.Fatal("no panel")
	}
	for _, v := range s.Agents(nil) {
		x, y := cam.CellCenter(v.Cell)
		if image.Pt(int(x), int(y)).In(panel.Inset(-12)) {
			t.Errorf("selected agent %d at (%.0f,%.0f) under or against the panel %v", v.ID, x, y, panel)
		}
	}
	if len(l.Hard) == 0 && panel.Max.Y < l.Log.Max.Y-8 {
		t.Errorf("panel %v: not in the strip below the map (room %v)", panel, l.Log)
	}
}

// Regression (usability test, s44.png): on maze512 the panel covered the
// query's goal and the agents' goal crosses in the map's bottom-right
// corner; (new-user test, 52-agents-walled.png, 60-agents-replanned.png)
// it covered the agents walking and their routes, kept to the lower-right
// quarter. It takes the corner of the map area that covers none of them,
// and keeps it while they walk on.
func TestAgentPanelKeepsOffAgentsAndRoutes(t *testing.T) {
	g := pathing.MustGrid(40, 30)
	s := agents.New(g, agents.NewAStar(g, agents.AStarConfig{}), agents.Config{})
	var ids []int
	for i := range 4 { // in the bottom-right quarter, walking left along the bottom
		id, err := s.Spawn(image.Pt(36, 24+i))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := s.SetGoal(ids, image.Pt(3, 26)); err != nil {
		t.Fatal(err)
	}
	s.Select(ids[:1], false)
	s.Step()
	r := New()
	m := image.Rect(0, 30, 930, 740)
	var cam Camera
	cam.Fit(40, 30, m)
	l := &AgentLayer{Sim: s, Cam: &cam, Map: m, Log: m.Inset(8), MaxSize: image.Pt(400, m.Dy()/2),
		Plans: true, Segments: true, Marks: []image.Point{{2, 2}}}
	screen := ebiten.NewImage(930, 740)
	first, corner := image.Rectangle{}, 0
	for frame := range 30 {
		r.DrawAgents(screen, l)
		panel := r.agentsRect
		if panel.Empty() || !panel.In(l.Log) {
			t.Fatalf("frame %d: panel %v, want it inside %v", frame, panel, l.Log)
		}
		if frame == 0 {
			first, corner = panel, l.corner
		} else if l.corner != corner {
			t.Fatalf("frame %d: the panel moved from %v to %v while the agents walked", frame, first, panel)
		}
		for _, v := range s.Agents(nil) {
			x, y := cam.CellCenter(v.Cell)
			if image.Pt(int(x), int(y)).In(panel) {
				t.Errorf("frame %d: agent %d at (%.0f,%.0f) under the panel %v", frame, v.ID, x, y, panel)
			}
			if v.Kind == agents.Member {
				continue
			}
			for _, c := range v.Segment[v.SegIndex:] {
				x, y := cam.CellCenter(c)
				if image.Pt(int(x), int(y)).In(panel) {
					t.Fatalf("frame %d: agent %d's route at %v (%.0f,%.0f) under the panel %v", frame, v.ID, c, x, y, panel)
				}
			}
		}
		x, y := cam.CellCenter(image.Pt(2, 2))
		if image.Pt(int(x), int(y)).In(panel.Inset(-6)) {
			t.Errorf("frame %d: the query's marker under the panel %v", frame, panel)
		}
		s.Step()
	}
}

// Regression (usability test, s72.png): a stopped agent's log line was cut
// to "stopped: goal…"; the reason is now written in full, on a line of
// its own when the replan's line leaves no room for it.
func TestAgentPanelWritesTheStopReasonInFull(t *testing.T) {
	g := pathing.MustGrid(12, 8)
	for y := range 8 { // a wall down column 6: the right half is cut off
		g.SetOpen(image.Pt(6, y), false)
	}
	s := agents.New(g, agents.NewAStar(g, agents.AStarConfig{}), agents.Config{})
	id, err := s.Spawn(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetGoal([]int{id}, image.Pt(10, 5)); err != nil {
		t.Fatal(err)
	}
	for range 20 {
		s.Step()
	}
	if v, _ := s.Agent(id); v.State != agents.Stopped {
		t.Fatalf("the test needs a stopped agent: %v", v.State)
	}
	r := New()
	for _, roomW := range []int{400, 260} {
		drawn, l := drawPanelIn(r, s, roomW)
		all := strings.Join(drawn, " | ")
		if !strings.Contains(all, "stopped: goal unreachable") {
			t.Errorf("%d px room: the panel does not say why the agent stopped in full: %s", roomW, all)
		}
		// The rows say what their columns are (a user read "1 #12
		// new_goal (24,209)" without knowing the first number was a tick).
		if !strings.Contains(all, " tick who  reason        from") {
			t.Errorf("%d px room: no column header over the replans: %s", roomW, all)
		}
		if !r.agentsRect.In(l.Log) {
			t.Errorf("%d px room: panel %v outside %v", roomW, r.agentsRect, l.Log)
		}
	}
}

// Regression (usability test, s44.png and s74.png): on a 512×512 map at
// the fitted zoom (1.3 pixels a cell) an agent was a 3-pixel square and
// its route a faint 1.6-pixel line under the query's plan. Bodies have a
// floor of 3.5 pixels radius and a selected agent's route is at least 3
// pixels wide, wider than any other agent's at that zoom.
func TestAgentsReadOnZoomedOutMaps(t *testing.T) {
	for _, z := range []float64{0.2, 1.33, 2.6} {
		if r := agentRadius(z); r < 3.5 {
			t.Errorf("zoom %.2f: body radius %.1f, want at least 3.5", z, r)
		}
		if hot, cold := routeWidth(z, true), routeWidth(z, false); hot < 3 || hot <= cold {
			t.Errorf("zoom %.2f: selected route %.1f px, others %.1f px", z, hot, cold)
		}
	}
	if r := agentRadius(20); r != float32(20*0.38) {
		t.Errorf("zoom 20: body radius %.1f, want %.1f (unchanged where cells are large)", r, 20*0.38)
	}
}

// A group's virtual leader plans for its members; the replan panel names
// it by its group (G0), not as an agent number nobody spawned.
func TestReplanPanelNamesTheGroupsLeader(t *testing.T) {
	g := pathing.MustGrid(30, 8)
	s := agents.New(g, agents.NewAStar(g, agents.AStarConfig{}), agents.Config{})
	var ids []int
	for _, p := range []image.Point{{1, 1}, {2, 1}, {1, 2}} {
		id, err := s.Spawn(p)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := s.SetGroupGoal(ids, image.Pt(27, 5)); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		s.Step()
	}
	r := New()
	var drawn []string
	r.fonts.drawn = &drawn
	var cam Camera
	cam.Fit(30, 8, image.Rect(0, 0, 900, 700))
	l := &AgentLayer{Sim: s, Cam: &cam, Map: image.Rect(0, 0, 900, 700), Log: image.Rect(490, 350, 890, 690)}
	r.DrawAgents(ebiten.NewImage(900, 700), l)
	r.fonts.drawn = nil
	all := strings.Join(drawn, " | ")
	leader := -1
	for _, v := range s.Agents(nil) {
		if v.Kind == agents.Leader {
			leader = v.ID
		}
	}
	if leader < 0 {
		t.Fatal("no leader: the test needs a group")
	}
	if !strings.Contains(all, " G0 ") || strings.Contains(all, fmt.Sprintf(" #%-3d ", leader)) {
		t.Errorf("the leader (agent %d) is not named by its group: %s", leader, all)
	}
}

// The empty replan list asks for agents only when there are none: over a
// reopened session's agents it said "spawn agents".
func TestEmptyLogHint(t *testing.T) {
	g := pathing.MustGrid(6, 3)
	s := agents.New(g, agents.NewAStar(g, agents.AStarConfig{}), agents.Config{})
	if h := emptyLogHint(s, s.Agents(nil)); !strings.Contains(h, "spawn agents") {
		t.Errorf("no agents: %q", h)
	}
	id, err := s.Spawn(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	s.Pause()
	if err := s.SetGoal([]int{id}, image.Pt(4, 1)); err != nil { // a reopened session's agent under way
		t.Fatal(err)
	}
	if h := emptyLogHint(s, s.Agents(nil)); strings.Contains(h, "spawn") || !strings.Contains(h, "U runs") {
		t.Errorf("an agent, paused: %q", h)
	}
	s.Run()
	if h := emptyLogHint(s, s.Agents(nil)); strings.Contains(h, "spawn") {
		t.Errorf("an agent, running: %q", h)
	}
}

// Regression (a user: "the agents panel covers agents that have arrived"):
// the panel kept off the goals of agents under way but not off agents that
// had arrived (nor idle or stopped ones), so once they stood still it took
// its place nearest the corner, over them (whenever it was placed again:
// its text grew, the clock paused). Agents standing still are kept clear
// of now, an idle one too.
func TestAgentPanelKeepsOffAgentsStandingStill(t *testing.T) {
	g := pathing.MustGrid(30, 23)
	s := agents.New(g, agents.NewAStar(g, agents.AStarConfig{}), agents.Config{})
	var ids []int
	for _, p := range []image.Point{{20, 16}, {21, 16}, {20, 17}, {21, 17}} {
		id, err := s.Spawn(p)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	idle, _ := s.Spawn(image.Pt(22, 19))
	for k, id := range ids {
		if err := s.SetGoal([]int{id}, image.Pt(26+k%2, 18+k/2)); err != nil {
			t.Fatal(err)
		}
	}
	for range 600 {
		s.Step()
	}
	for _, id := range ids {
		if v, _ := s.Agent(id); v.State != agents.Arrived {
			t.Fatalf("agent %d: %v at %v", id, v.State, v.Cell)
		}
	}
	r := New()
	var cam Camera
	m := image.Rect(0, 0, 900, 700)
	cam.Fit(30, 23, m)
	l := &AgentLayer{Sim: s, Cam: &cam, Map: m, Log: image.Rect(490, 350, 890, 690)}
	r.DrawAgents(ebiten.NewImage(900, 700), l)
	panel := r.agentsRect
	if panel.Empty() {
		t.Fatal("no panel drawn")
	}
	for _, id := range append(ids, idle) {
		v, _ := s.Agent(id)
		x, y := cam.CellCenter(v.Cell)
		if image.Pt(int(x), int(y)).In(panel.Inset(-4)) {
			t.Errorf("agent %d (%v) at (%.0f,%.0f) is under the panel %v", id, v.State, x, y, panel)
		}
	}
}

// Regression (new-user test, 59-wall-paused.png): a fill across the routes
// of paused agents left the routes drawn through the wall and nothing said
// so. The panel counts the routes cut (and says when they replan), and
// drawing a cut route does not tick the paused clock.
func TestAgentPanelSaysRoutesAreBlocked(t *testing.T) {
	g := pathing.MustGrid(30, 8)
	s := agents.New(g, agents.NewAStar(g, agents.AStarConfig{}), agents.Config{})
	var ids []int
	for y := 2; y < 5; y++ {
		id, err := s.Spawn(image.Pt(2, y))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := s.SetGoal(ids, image.Pt(27, 3)); err != nil {
		t.Fatal(err)
	}
	s.Run()
	s.Step()
	s.Pause()
	var wall []image.Point
	for y := 1; y < 7; y++ { // a wall across the map, a gap at the top row
		wall = append(wall, image.Pt(15, y))
		g.SetOpen(image.Pt(15, y), false)
	}
	s.CellsChanged(wall)
	now := s.Now()
	r := New()
	var drawn []string
	r.fonts.drawn = &drawn
	var cam Camera
	m := image.Rect(0, 0, 900, 700)
	cam.Fit(30, 8, m)
	l := &AgentLayer{Sim: s, Cam: &cam, Map: m, Log: m.Inset(8), Plans: true, Segments: true}
	r.DrawAgents(ebiten.NewImage(900, 700), l)
	r.fonts.drawn = nil
	all := strings.Join(drawn, " | ")
	if !strings.Contains(all, "3 routes blocked: replan when U runs the agents") {
		t.Errorf("paused, three routes cut: the panel says %s", all)
	}
	if s.Now() != now || s.Running() {
		t.Errorf("drawing ticked the paused clock: %d → %d", now, s.Now())
	}
	if got := blockedNote(1, true); got != "1 route blocked by an edit: replanning" {
		t.Errorf("running, one: %q", got)
	}
	if got := blockedNote(0, false); got != "" {
		t.Errorf("none: %q", got)
	}
}

// From a designer's test: at 800×600 the replan rows were clipped inside
// their last column ("(359…"); a row that does not fit drops the column
// whole instead.
func TestReplanRowsDropTheCellColumnWhole(t *testing.T) {
	g := pathing.MustGrid(400, 8)
	s := agents.New(g, agents.NewAStar(g, agents.AStarConfig{}), agents.Config{})
	id, err := s.Spawn(image.Pt(359, 4))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetGoal([]int{id}, image.Pt(2, 4)); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		s.Step()
	}
	for _, wide := range []bool{true, false} {
		r := New()
		var drawn []string
		r.fonts.drawn = &drawn
		var cam Camera
		cam.Fit(400, 8, image.Rect(0, 0, 900, 700))
		l := &AgentLayer{Sim: s, Cam: &cam, Map: image.Rect(0, 0, 900, 700), Log: image.Rect(490, 350, 890, 690)}
		if !wide {
			l.MaxSize = image.Pt(int(r.fonts.Width(r.fonts.Mono, replanHeader))+6, 0) // the cell column does not fit
		}
		r.DrawAgents(ebiten.NewImage(900, 700), l)
		all := strings.Join(drawn, " | ")
		if regexp.MustCompile(`\([0-9,]*…`).MatchString(all) {
			t.Errorf("wide %v: a cell cut inside its number: %s", wide, all)
		}
		if wide != strings.Contains(all, "(359,4)") {
			t.Errorf("wide %v: the cell column shown %v: %s", wide, !wide, all)
		}
		if wide == !strings.Contains(all, "from") {
			t.Errorf("wide %v: the header's from column does not match the rows: %s", wide, all)
		}
	}
}

// From a designer's report (a 40×24 map at 1280×800): the replan panel
// stayed over agents spawned under it and over a goal set there, though
// another corner covered nothing: its margin against jumping, meant for
// agents walking under it, held for idle agents and goals too. It now
// leaves whatever stands still under it for a place that covers less.
func TestAgentPanelLeavesIdleAgentsAndGoalsSpawnedUnderIt(t *testing.T) {
	g := pathing.MustGrid(40, 24)
	s := agents.New(g, agents.NewAStar(g, agents.AStarConfig{}), agents.Config{})
	if _, err := s.Spawn(image.Pt(20, 12)); err != nil {
		t.Fatal(err)
	}
	r := New()
	m := image.Rect(0, 30, 940, 594) // the map fills the area: the panel lies over it
	var cam Camera
	cam.Fit(40, 24, m)
	l := &AgentLayer{Sim: s, Cam: &cam, Map: m, Log: m.Inset(8), MaxSize: image.Pt(400, m.Dy()/2), Plans: true, Segments: true}
	screen := ebiten.NewImage(940, 744)
	r.DrawAgents(screen, l)
	first := r.agentsRect
	if first.Empty() {
		t.Fatal("no panel")
	}
	// Three idle agents spawned under it (J).
	var under []image.Point
	for x := first.Min.X + 20; x < first.Max.X && len(under) < 3; x += 60 {
		c := cam.CellAt(float64(x), float64(first.Min.Y+first.Dy()/2))
		if g.In(c) {
			if _, err := s.Spawn(c); err != nil {
				t.Fatal(err)
			}
			under = append(under, c)
		}
	}
	if len(under) < 3 {
		t.Fatalf("only %d cells of the map under the panel %v", len(under), first)
	}
	covered := func(what string, cells ...image.Point) {
		t.Helper()
		for _, c := range cells {
			x, y := cam.CellCenter(c)
			if image.Pt(int(x), int(y)).In(r.agentsRect.Inset(-4)) {
				t.Errorf("%s at %v is under the panel %v (first at %v)", what, c, r.agentsRect, first)
			}
		}
	}
	r.DrawAgents(screen, l)
	covered("an idle agent", under...)
	// A goal set under the panel where it is now, the clock paused.
	second := r.agentsRect
	goal := cam.CellAt(float64(second.Min.X+second.Dx()/2), float64(second.Min.Y+second.Dy()/2))
	if err := s.SetGoal([]int{0}, goal); err != nil {
		t.Fatal(err)
	}
	r.DrawAgents(screen, l)
	covered("the agent's goal", goal)
	covered("an idle agent", under...)
}

// Regression (tester: a paused fill across 12 lazy routes showed "12
// waiting · queue 12" and no reason): paused, the queue says its plans
// wait for U; running, it does not.
func TestPausedQueueSaysPlansWaitForU(t *testing.T) {
	var n [5]int
	n[agents.Waiting] = 12
	st := agents.Stats{Queue: 12}
	if got := agentStates(n, st, false); got != "12 waiting · queue 12: plans wait for U" {
		t.Errorf("paused: %q", got)
	}
	if got := agentStates(n, st, true); got != "12 waiting · queue 12" {
		t.Errorf("running: %q", got)
	}
}
