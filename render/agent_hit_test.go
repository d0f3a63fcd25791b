package render

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world/agents"
	"pathlens/pathing"
)

// From a designer's report: a paused agent's disc was drawn up to a cell
// ahead of the cell it stood on (interpolated toward its next cell), and a
// click on the disc missed it: it spawned another agent on top, or sent
// the selection there. A paused agent is drawn on its cell, and AgentAt,
// which the agent tool and the hover use, finds the agent under any point
// of its disc as drawn, paused or walking.
func TestAgentIsClickedWhereItsDiscIsDrawn(t *testing.T) {
	g := pathing.MustGrid(20, 5)
	s := agents.New(g, agents.NewAStar(g, agents.AStarConfig{}), agents.Config{})
	id, err := s.Spawn(image.Pt(2, 2))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetGoal([]int{id}, image.Pt(17, 2)); err != nil {
		t.Fatal(err)
	}
	s.Run()
	var v agents.AgentView
	for range 200 {
		s.Step()
		if v, _ = s.Agent(id); v.Progress > 0.7 && v.Cell.X > 3 {
			break
		}
	}
	if v.Progress <= 0.7 || v.Next == v.Cell {
		t.Fatalf("the agent is not mid-step: %+v", v)
	}
	s.Pause()
	r := New()
	m := image.Rect(0, 0, 800, 200)
	var cam Camera
	cam.Fit(20, 5, m)         // about 34 px a cell
	q := int(0.45 * cam.Zoom) // from a cell's centre to near its corner
	l := &AgentLayer{Sim: s, Cam: &cam, Map: m}
	screen := ebiten.NewImage(800, 200)
	centre := func(rc image.Rectangle) image.Point {
		return image.Pt((rc.Min.X+rc.Max.X)/2, (rc.Min.Y+rc.Max.Y)/2)
	}
	r.DrawAgents(screen, l)
	if len(r.discs) != 1 {
		t.Fatalf("%d discs drawn", len(r.discs))
	}
	cx, cy := cam.CellCenter(v.Cell)
	if d := centre(r.discs[0]).Sub(image.Pt(int(cx), int(cy))); d.X*d.X+d.Y*d.Y > 4 {
		t.Errorf("paused on %v (%.0f,%.0f), the disc is drawn at %v, %v off its cell", v.Cell, cx, cy, centre(r.discs[0]), d)
	}
	nx, ny := cam.CellCenter(v.Next)
	for _, c := range []struct {
		p    image.Point
		want int
	}{
		{centre(r.discs[0]), id}, // the disc's centre
		{centre(r.discs[0]).Add(image.Pt(r.discs[0].Dx()/2-2, 0)), id}, // its rim
		{image.Pt(int(cx)-q, int(cy)-q), id},                           // a corner of its cell
		{image.Pt(int(nx)+4, int(ny)), -1},                             // the next cell, not yet its own
	} {
		if got := AgentAt(s, &cam, c.p.X, c.p.Y); got != c.want {
			t.Errorf("paused: AgentAt(%v) = %d, want %d", c.p, got, c.want)
		}
	}
	// Walking, it is drawn between its cells, and clicked there.
	s.Run()
	r.DrawAgents(screen, l)
	x0, y0 := v.Pos()
	wx, wy := cam.ToScreen(x0+0.5, y0+0.5)
	if d := centre(r.discs[0]).Sub(image.Pt(int(wx), int(wy))); d.X*d.X+d.Y*d.Y > 4 {
		t.Errorf("walking, the disc is drawn at %v, want (%.0f,%.0f) between its cells", centre(r.discs[0]), wx, wy)
	}
	if got := AgentAt(s, &cam, int(wx), int(wy)); got != id {
		t.Errorf("walking: a click on the disc at (%.0f,%.0f), over %v, found %d, want %d", wx, wy, cam.CellAt(wx, wy), got, id)
	}
	if got := AgentAt(s, &cam, int(cx)-q, int(cy)); got != -1 {
		t.Errorf("walking: the cell behind the disc found agent %d", got)
	}
}
