package game

import (
	"fmt"
	"image"
	"slices"
	"strings"
	"testing"

	"pathlens/render"
)

// From a designer's report: a click on an agent's disc missed the agent,
// because the disc is drawn between cells as it walks (up to a cell ahead
// of the cell it stands on) and the click was matched to the cell: it
// spawned a new agent on top, or re-sent the selection there. The agent
// tool now picks the agent whose disc is drawn under the click.
func TestClickOnAnAgentsDiscSelectsIt(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	w := g.w
	var start image.Point
	found := false
	for i := 0; i < w.Grid.Len() && !found; i++ {
		p := w.Grid.Point(i)
		found = true
		for dx := range 12 {
			found = found && w.Grid.Open(p.Add(image.Pt(dx, 0)))
		}
		start = p
	}
	if !found {
		t.Fatal("no open run of twelve cells")
	}
	id, err := w.SpawnAgent(start)
	if err != nil {
		t.Fatal(err)
	}
	other, err := w.SpawnAgent(start) // stays there
	if err != nil {
		t.Fatal(err)
	}
	s := w.Agents()
	s.Select([]int{id}, false)
	goal := start.Add(image.Pt(11, 0))
	if err := w.SendAgents(goal, false); err != nil {
		t.Fatal(err)
	}
	v, _ := s.Agent(id)
	for range 600 {
		w.Tick(1.0 / 60)
		if v, _ = s.Agent(id); v.Progress > 0.7 && v.Cell != start {
			break
		}
	}
	if v.Progress <= 0.7 || !s.Running() {
		t.Fatalf("the agent is not walking mid-step: %+v", v)
	}
	// Zoomed in, the disc is well inside the next cell.
	g.autoFit = false
	g.cam.Zoom = 40
	g.centreView(float64(v.Cell.X), float64(v.Cell.Y))
	s.Select([]int{other}, false) // a selection a miss would send to the clicked cell
	x0, y0 := v.Pos()
	dx, dy := g.cam.ToScreen(x0+0.5, y0+0.5)
	if c := g.cam.CellAt(dx, dy); c == v.Cell {
		t.Fatalf("the disc is drawn over %v, the agent's own cell: nothing to test", c)
	}
	tool := g.tools[3].(*agentTool)
	g.tool = tool
	live := s.Live()
	g.mouseX, g.mouseY, g.mouseIn = int(dx), int(dy), true
	c := g.cam.CellAt(dx, dy)
	tool.Press(g, c, false)
	tool.Release(g, c)
	if got := s.Selected(nil); !slices.Equal(got, []int{id}) || s.Live() != live {
		t.Errorf("a click on the walking agent's disc: selection %v, %d agents (was %d); want the agent selected and no spawn", got, s.Live(), live)
	}
	if o, _ := s.Agent(other); o.HasGoal {
		t.Errorf("the click sent the selection to %v", o.Goal)
	}
	if v2, _ := s.Agent(id); v2.Goal != goal {
		t.Errorf("the agent's goal became %v", v2.Goal)
	}
	// Paused (U), it is drawn on its cell, and a click there selects it.
	w.ToggleAgents()
	v, _ = s.Agent(id)
	s.ClearSelection()
	cx, cy := g.cam.CellCenter(v.Cell)
	g.mouseX, g.mouseY = int(cx), int(cy)
	tool.Press(g, v.Cell, false)
	tool.Release(g, v.Cell)
	if got := s.Selected(nil); !slices.Equal(got, []int{id}) || s.Live() != live {
		t.Errorf("a click on the paused agent's cell: selection %v, %d agents", got, s.Live())
	}
	if got := render.AgentAt(s, &g.cam, int(dx), int(dy)); got == id {
		t.Errorf("paused, the agent is still found where it was drawn walking, %v", g.cam.CellAt(dx, dy))
	}
}

// From a designer's test: after a spawn and a send the agent stays
// selected, so the next click on a free cell sent it back instead of
// spawning another, and the hint saying so was cut at the bar's end. With
// agents selected the top bar says first what a click does.
func TestAgentToolCaptionSaysAClickSends(t *testing.T) {
	g := drawnGame(t, 1280, 800)
	g.tool = g.tools[3]
	caption := func() string {
		var f render.Frame
		g.toolCaption(&f)
		return f.Caption
	}
	if c := caption(); c != g.tool.Hint() {
		t.Errorf("no agents: caption %q, want the hint", c)
	}
	id, err := g.w.SpawnAgent(g.w.Start)
	if err != nil {
		t.Fatal(err)
	}
	s := g.w.Agents()
	s.Select([]int{id}, false)
	if c, want := caption(), fmt.Sprintf("#%d selected: a click on a free cell sends it there", id); !strings.HasPrefix(c, want) {
		t.Errorf("one selected: caption %q, want it to start %q", c, want)
	}
	id2, err := g.w.SpawnAgent(g.w.Start)
	if err != nil {
		t.Fatal(err)
	}
	s.Select([]int{id, id2}, false)
	if c := caption(); !strings.HasPrefix(c, "2 selected: a click sends them") {
		t.Errorf("two selected: caption %q", c)
	}
	s.ClearSelection()
	if c := caption(); c != g.tool.Hint() {
		t.Errorf("none selected: caption %q, want the hint", c)
	}
}
