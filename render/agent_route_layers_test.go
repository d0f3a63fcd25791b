package render

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world/agents"
	"pathlens/pathing"
	"pathlens/render/place"
)

// A teacher turned the plan (P) and segment (Y) layers off to declutter,
// then hovered an agent: its label showed and no route at all. A selected
// or hovered agent's route is drawn whatever the layers say; the others'
// follow them. The route samples the replan panel keeps off stand for what
// drawAgentRoute draws.
func TestHotAgentRouteIgnoresThePlanLayers(t *testing.T) {
	g := pathing.MustGrid(40, 8)
	s := agents.New(g, agents.NewAStar(g, agents.AStarConfig{}), agents.Config{})
	var ids []int
	for _, y := range []int{2, 5} {
		id, err := s.Spawn(image.Pt(2, y))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := s.SetGoal(ids, image.Pt(37, 3)); err != nil {
		t.Fatal(err)
	}
	s.Run()
	s.Step()
	s.Pause()
	r := New()
	var cam Camera
	m := image.Rect(0, 0, 900, 300)
	cam.Fit(40, 8, m)
	// Route samples: small boxes between the agents (x 2) and the goal
	// (x 37), away from both; hot ones weigh more than cold ones.
	lo, _ := cam.CellCenter(image.Pt(8, 0))
	hi, _ := cam.CellCenter(image.Pt(31, 0))
	routeThings := func(th []place.Thing) (hot, cold int) {
		for _, x := range th {
			c := (x.R.Min.X + x.R.Max.X) / 2
			if x.R.Dx() > 100 || float32(c) < lo || float32(c) > hi {
				continue // a message band, an agent, the goal
			}
			switch x.W {
			case weightHotRoute:
				hot++
			case weightRoute:
				cold++
			}
		}
		return
	}
	draw := func(plans, segs bool) (hot, cold int) {
		l := &AgentLayer{Sim: s, Cam: &cam, Map: m, Log: m.Inset(8), Plans: plans, Segments: segs}
		r.DrawAgents(ebiten.NewImage(900, 300), l)
		_, th := r.panelAvoid(l, agentRadius(cam.Zoom))
		return routeThings(th)
	}
	s.Select(nil, false)
	if hot, cold := draw(false, false); hot+cold != 0 {
		t.Fatalf("layers off, nothing selected: %d route samples, want none", hot+cold)
	}
	if _, cold := draw(true, true); cold == 0 {
		t.Fatal("layers on: no route samples at all (the test sees nothing)")
	}
	s.Select(ids[:1], false)
	hot, cold := draw(false, false)
	if hot == 0 {
		t.Errorf("layers off: the selected agent's route is not drawn")
	}
	if cold != 0 {
		t.Errorf("layers off: %d samples of the unselected agent's route drawn", cold)
	}
}
