package world

import (
	"image"
	"math"
	"strings"
	"testing"

	"pathlens/pathing"
)

// The panel's note says who answered a short HPA* query: the bounded A*
// alone (proved optimal), the bounded A* after the hierarchy was asked too,
// or the hierarchy (a way out of the two clusters was cheaper). Here a
// wall splits the two 8×8 clusters but for a gap in their top row, and the
// row below them is open.
func TestShortQueryNotes(t *testing.T) {
	w, _ := mustWorld(t,
		"................",
		"........#.......",
		"........#.......",
		"........#.......",
		"........#.......",
		"........#.......",
		"........#.......",
		"........#.......",
		"................",
		"................",
	)
	w.Settings.ClusterSize = 8
	w.SetAlgo(AlgoHPA)
	for _, tc := range []struct {
		start, goal image.Point
		note        string
	}{
		{image.Pt(6, 7), image.Pt(10, 7), "the hierarchy answered"},           // under the wall's foot
		{image.Pt(1, 3), image.Pt(5, 5), "neighbouring clusters answered it"}, // open ground, one cluster
	} {
		w.SetEndpoints(tc.start, tc.goal)
		o := w.Outcome
		if o.Status != pathing.Found || !strings.Contains(o.Note, tc.note) {
			t.Errorf("%v→%v: status %v, note %q: want %q", tc.start, tc.goal, o.Status, o.Note, tc.note)
		}
		if want := optimalCost(w.Grid, tc.start, tc.goal); math.Abs(o.Cost-want) > 1e-9 {
			t.Errorf("%v→%v: cost %.4f, optimal %.4f", tc.start, tc.goal, o.Cost, want)
		}
	}

	// With the row below walled off too, the way through the top gap is
	// the best there is, but the bound through the ring around the
	// clusters cannot tell: the hierarchy is asked and finds nothing
	// cheaper.
	w, _ = mustWorld(t,
		"................",
		"........#.......",
		"........#.......",
		"........#.......",
		"........#.......",
		"........#.......",
		"........#.......",
		"........#.......",
		"################",
		"................",
	)
	w.Settings.ClusterSize = 8
	w.SetAlgo(AlgoHPA)
	start, goal := image.Pt(6, 7), image.Pt(10, 7)
	w.SetEndpoints(start, goal)
	if o := w.Outcome; o.Status != pathing.Found || !strings.Contains(o.Note, "asked too, found nothing cheaper") {
		t.Errorf("walled below: status %v, note %q", o.Status, o.Note)
	} else if want := optimalCost(w.Grid, start, goal); math.Abs(o.Cost-want) > 1e-9 {
		t.Errorf("walled below: cost %.4f, optimal %.4f", o.Cost, want)
	}
}

func optimalCost(g *pathing.Grid, s, e image.Point) float64 {
	r, err := pathing.NewSearcher(g).Search(pathing.Query{Start: s, Goal: e, Neighborhood: pathing.Eight})
	if err != nil || r.Status != pathing.Found {
		return math.Inf(1)
	}
	return r.Cost
}
