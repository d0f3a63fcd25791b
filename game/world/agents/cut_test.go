package agents

import (
	"image"
	"math/rand"
	"strings"
	"testing"

	"pathlens/pathing"
)

// Regression: the stress workload's group cut walled off only one side of
// the trail: the second direction started on the cell the first had just
// filled, so its loop never ran, and members walked round the half wall
// (own-way and rejoin were hardly ever exercised at scale). The cut must
// now separate the members behind it from the leader.
func TestGroupCutSeparatesTheTrail(t *testing.T) {
	rows := make([]string, 21)
	for y := range rows {
		rows[y] = strings.Repeat(".", 40)
	}
	g, _ := parse(t, strings.Join(rows, "\n"))
	s := exact(g, NewAStar(g, AStarConfig{}))
	ids := spawnBlock(t, s, image.Point{1, 9}, 3, 3)
	if err := s.SetGroupGoal(ids, image.Point{38, 10}); err != nil {
		t.Fatal(err)
	}
	for tick := 0; tick < 600 && len(s.groups[0].trail) < 12; tick++ {
		s.Step()
	}
	if len(s.groups[0].trail) < 12 {
		t.Fatalf("the leader left a trail of %d cells only", len(s.groups[0].trail))
	}
	e := &editor{rng: rand.New(rand.NewSource(1)), groupCuts: true}
	cut := e.cutGroup(s, nil)
	if len(cut) == 0 {
		t.Fatal("no cut was made")
	}
	leader := s.at(s.groups[0].leader).cell
	// The trail's oldest cell lies behind the cut: no way round it.
	behind := s.groups[0].trail[0]
	if !g.Open(behind) {
		t.Fatalf("the trail's first cell %v was filled", behind)
	}
	search := pathing.NewSearcher(g)
	if r, _ := search.Search(pathing.Query{Start: behind, Goal: leader}); r.Status == pathing.Found {
		t.Fatalf("the cut (%d cells from %v to %v) leaves a way from %v to the leader at %v, cost %.1f", len(cut), cut[0], cut[len(cut)-1], behind, leader, r.Cost)
	}
}
