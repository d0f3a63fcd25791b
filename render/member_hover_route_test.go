package render

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world/agents"
	"pathlens/pathing"
	"pathlens/render/place"
)

// Regression (a trial on 512×512 maps): hovering an agent draws its route
// whatever the plan and segment layers say (and with over 60 agents only
// the hovered and selected ones' routes are drawn at all), but hovering a
// member of a group drew nothing: a member's route is its group's, drawn
// from the group's leader, and only a selected member made the leader's
// route hot. A hovered member does now, as a selected one does.
func TestHoveredMemberDrawsItsGroupsRoute(t *testing.T) {
	g := pathing.MustGrid(40, 8)
	s := agents.New(g, agents.NewAStar(g, agents.AStarConfig{}), agents.Config{})
	var ids []int
	for _, y := range []int{3, 4} {
		id, err := s.Spawn(image.Pt(2, y))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := s.SetGroupGoal(ids, image.Pt(37, 3)); err != nil {
		t.Fatal(err)
	}
	s.Run()
	for range 3 {
		s.Step()
	}
	s.Pause()
	r := New()
	var cam Camera
	m := image.Rect(0, 0, 900, 300)
	cam.Fit(40, 8, m)
	// Route samples between the group (x 2..4) and the goal (x 37).
	lo, _ := cam.CellCenter(image.Pt(8, 0))
	hi, _ := cam.CellCenter(image.Pt(31, 0))
	hotRoute := func(th []place.Thing) (n int) {
		for _, x := range th {
			c := (x.R.Min.X + x.R.Max.X) / 2
			if x.R.Dx() < 100 && float32(c) >= lo && float32(c) <= hi && x.W == weightHotRoute {
				n++
			}
		}
		return n
	}
	member, _ := s.Agent(ids[0])
	if member.Kind != agents.Member {
		t.Fatalf("test set-up: agent %d is %v, want a group member", ids[0], member.Kind)
	}
	x, y := cam.CellCenter(member.Cell)
	draw := func(hover bool) int {
		l := &AgentLayer{Sim: s, Cam: &cam, Map: m, Log: m.Inset(8), Mouse: image.Pt(int(x), int(y)), MouseOK: hover}
		r.DrawAgents(ebiten.NewImage(900, 300), l)
		if hover && l.hover != ids[0] {
			t.Fatalf("test set-up: the pointer on agent %d names %d", ids[0], l.hover)
		}
		_, th := r.panelAvoid(l, agentRadius(cam.Zoom))
		return hotRoute(th)
	}
	if n := draw(false); n != 0 {
		t.Fatalf("nothing hovered or selected, layers off: %d hot route samples, want none", n)
	}
	if n := draw(true); n == 0 {
		t.Errorf("member %d hovered (layers off): its group's route is not drawn", ids[0])
	}
	// As a selected member does.
	s.Select(ids[:1], false)
	if n := draw(false); n == 0 {
		t.Errorf("member %d selected (layers off): its group's route is not drawn", ids[0])
	}
}
