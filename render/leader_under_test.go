package render

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world/agents"
	"pathlens/pathing"
)

// Regression (a level designer, s16_run2.png and s17_hover_leader.png):
// once a group had arrived (or was reloaded arrived) its leader stood on
// the goal with one of its agents, and the leader's diamond, drawn over
// that agent, left only a sliver of it. The leaders are now drawn first,
// under every agent's body, and their diamond is larger than a body, its
// corners standing out around the agent drawn over it.
func TestGroupLeaderIsDrawnUnderItsAgents(t *testing.T) {
	g := pathing.MustGrid(20, 10)
	s := agents.New(g, agents.NewAStar(g, agents.AStarConfig{}), agents.Config{})
	var ids []int
	for _, p := range []image.Point{{3, 4}, {2, 4}} { // the designer's pair, sent side by side
		id, err := s.Spawn(p)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	goal := image.Pt(14, 5)
	if err := s.SetGroupGoal(ids, goal); err != nil {
		t.Fatal(err)
	}
	arrived := func() bool {
		for _, v := range s.Agents(nil) {
			if v.Kind != agents.Leader && v.State != agents.Arrived {
				return false
			}
		}
		return true
	}
	for i := 0; i < 2000 && !arrived(); i++ {
		s.Step()
	}
	if !arrived() {
		t.Fatal("the group did not arrive")
	}
	var leader *agents.AgentView
	views := s.Agents(nil)
	shared := false
	for i := range views {
		if views[i].Kind == agents.Leader {
			leader = &views[i]
		}
	}
	if leader == nil {
		t.Fatal("no leader: the test needs a group")
	}
	for _, v := range views {
		if v.Kind != agents.Leader && v.Cell == leader.Cell {
			shared = true
		}
	}
	if !shared {
		t.Fatalf("no agent on the leader's cell %v: the case the designer saw needs one", leader.Cell)
	}
	r := New()
	for _, z := range []float64{900, 400, 120} { // cells of about 42, 17 and 5 px
		var cam Camera
		cam.Fit(20, 10, image.Rect(0, 0, int(z), int(z/2)))
		l := &AgentLayer{Sim: s, Cam: &cam, Map: image.Rect(0, 0, 900, 700)}
		r.DrawAgents(ebiten.NewImage(900, 700), l)
		if len(r.discs) != len(views) {
			t.Fatalf("%d bodies drawn, want %d", len(r.discs), len(views))
		}
		// r.discs is in drawing order; the leader's box is the largest.
		big := 0
		for i, d := range r.discs {
			if d.Dx() > r.discs[big].Dx() {
				big = i
			}
		}
		if big != 0 {
			t.Errorf("zoom %.1f: the leader is body %d of %d drawn, over agents drawn before it", cam.Zoom, big+1, len(r.discs))
		}
		rad := agentRadius(cam.Zoom)
		if stand := float32(r.discs[big].Dx())/2 - (rad + 1); stand < 3 {
			t.Errorf("zoom %.1f: the leader's diamond reaches %.1f px past an agent's body: too little to see around it", cam.Zoom, stand)
		}
	}
}
