package groups_test

import (
	"fmt"
	"image"

	"pathlens/pathing"
	"pathlens/pathing/groups"
)

// The textbook's planner on a grid of open clusters: Walk plans a segment,
// walks it and plans again from its end, as an agent would, and a traced walk
// records every search in phases.
func Example() {
	g := pathing.MustGrid(40, 20)
	for y := 0; y < 15; y++ {
		g.SetOpen(image.Pt(20, y), false) // a wall with a gap at the bottom
	}
	gr, err := groups.Build(g, groups.Config{ClusterSize: 5, Cost: groups.AvgMin}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	p := groups.NewPlanner(gr) // one per goroutine
	a, b := image.Pt(2, 2), image.Pt(37, 2)
	tr := &pathing.Trace{}
	wr, err := p.Walk(a, b, groups.Options{Trace: tr})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(wr.Path[len(wr.Path)-1] == b, pathing.ValidatePath(g, wr.Path, pathing.Eight))
	fmt.Println(tr.Phases[0].Name, tr.Phases[len(tr.Phases)-1].Name)

	// Unreachable goals are an error here (hpa answers NoPath instead).
	gap := []image.Point{}
	for y := 15; y < 20; y++ {
		g.SetOpen(image.Pt(20, y), false)
		gap = append(gap, image.Pt(20, y))
	}
	gr.Update(gap)
	_, err = p.Walk(a, b, groups.Options{})
	fmt.Println(err)
	// Output:
	// true <nil>
	// plan L2 cells
	// groups: goal is not reachable from start
}
