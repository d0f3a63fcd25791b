package render

import (
	"image"
	"testing"

	"pathlens/game/world/agents"
	"pathlens/pathing"
)

// Task (hovering a leader's diamond): a group's leader is drawn as a
// diamond larger than a body around the agent on its cell, but only that
// agent's disc named anyone: the pointer on the diamond's corners named
// nobody, although the diamond is drawn around that member. The diamond
// names the member under it, never the leader (no one's to pick).
func TestHoveringALeadersDiamondNamesTheMemberUnderIt(t *testing.T) {
	g := pathing.MustGrid(20, 10)
	s := agents.New(g, agents.NewAStar(g, agents.AStarConfig{}), agents.Config{PlanBudget: -1})
	var ids []int
	for _, p := range []image.Point{{3, 4}, {2, 4}} {
		id, err := s.Spawn(p)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := s.SetGroupGoal(ids, image.Pt(14, 5)); err != nil {
		t.Fatal(err)
	}
	for range 2000 {
		s.Step()
	}
	gs := s.Groups(nil)
	if len(gs) != 1 {
		t.Fatalf("%d groups, want 1", len(gs))
	}
	lv, _ := s.Agent(gs[0].Leader)
	member := s.AgentAt(lv.Cell)
	if member < 0 {
		t.Fatalf("test set-up: no member on the leader's cell %v", lv.Cell)
	}
	for _, px := range []int{200, 400, 900} { // cells of about 10, 20 and 45 px
		var cam Camera
		cam.Fit(20, 10, image.Rect(0, 0, px, px/2))
		rad := agentRadius(cam.Zoom)
		d := float64(leaderSize(rad))
		cx, cy := cam.ToScreen(float64(lv.Cell.X)+0.5, float64(lv.Cell.Y)+0.5)
		// The diamond's north and south corners, a pixel in: outside
		// the member's disc, and above and below the group's row.
		for _, dy := range []float64{-(d - 1), d - 1} {
			x, y := int(cx), int(cy+dy)
			if got := AgentAt(s, &cam, x, y); got != member {
				t.Errorf("zoom %.1f: the pointer %.0f px from the leader's centre, on its diamond, names %d; want the member %d under it", cam.Zoom, dy, got, member)
			}
		}
		// Beyond the diamond, nobody (no one stands there).
		if got := AgentAt(s, &cam, int(cx), int(cy-d-float64(rad)-cam.Zoom)); got != -1 {
			t.Errorf("zoom %.1f: the pointer beyond the diamond names %d, want nobody", cam.Zoom, got)
		}
	}
}
