package world

import (
	"image"
	"strconv"
	"strings"
	"testing"

	"pathlens/assets"
	"pathlens/pathing"
)

// Both bad endpoints are named in one message (a user gave -from on a wall
// and -to outside the map and learnt of the second only after fixing the
// first); one bad endpoint is named alone, and nothing changes.
func TestSetEndpointsNamesEveryBadEndpoint(t *testing.T) {
	w := openBuiltin(t, assets.DefaultName)
	w.Begin()
	var wall, open image.Point
	for y := 0; y < w.Grid.Height(); y++ {
		for x := 0; x < w.Grid.Width(); x++ {
			if p := image.Pt(x, y); w.Grid.Open(p) {
				open = p
			} else {
				wall = p
			}
		}
	}
	before := [2]image.Point{w.Start, w.Goal}
	out := image.Pt(999, 999)
	if w.SetEndpoints(wall, out) {
		t.Fatal("accepted a wall and a cell outside the map")
	}
	want := "start: cell (" + pt2(wall) + ") is blocked: pick an open cell; goal: cell (999,999) is outside the"
	if !w.MessageErr || !strings.HasPrefix(w.Message, want) {
		t.Errorf("message %q, want it to start %q", w.Message, want)
	}
	if [2]image.Point{w.Start, w.Goal} != before || !w.HasGoal {
		t.Error("a refused pair moved the endpoints")
	}
	// A good start with a bad goal is kept, as after a first click.
	if w.SetEndpoints(open, out) || !strings.HasPrefix(w.Message, "goal: cell (999,999) is outside") {
		t.Errorf("one bad endpoint: message %q", w.Message)
	}
	if !w.HasStart || w.Start != open || w.HasGoal {
		t.Errorf("good start, bad goal: start %v (%v), goal set %v; want the start kept, no goal", w.Start, w.HasStart, w.HasGoal)
	}
	// A bad start with a good goal keeps the goal (user test: -from in a
	// wall dropped the good -to too), and the next click is the start.
	if w.SetEndpoints(wall, open) || !strings.HasPrefix(w.Message, "start: cell ("+pt2(wall)+") is blocked") {
		t.Errorf("bad start, good goal: message %q", w.Message)
	}
	if w.HasStart || !w.HasGoal || w.Goal != open {
		t.Fatalf("bad start, good goal: start set %v, goal %v (%v); want the goal kept, no start", w.HasStart, w.Goal, w.HasGoal)
	}
	var other image.Point
	for i := 0; i < w.Grid.Len(); i++ {
		if p := w.Grid.Point(i); w.Grid.Open(p) && p != open {
			other = p
			break
		}
	}
	w.Pick(other)
	w.Wait()
	if !w.HasStart || w.Start != other || !w.HasGoal || w.Goal != open || w.Outcome.Status != pathing.Found {
		t.Errorf("the click after: start %v (%v), goal %v (%v), outcome %v; want that start, the kept goal, a plan", w.Start, w.HasStart, w.Goal, w.HasGoal, w.Outcome.Status)
	}
}

func pt2(p image.Point) string { return strconv.Itoa(p.X) + "," + strconv.Itoa(p.Y) }
