package pathing_test

import (
	"fmt"
	"image"

	"pathlens/pathing"
)

// One Searcher, reused for every query on grids of its size: it allocates its
// memory once (20 bytes a cell) and nothing per query after that. The Result's
// Path is the searcher's buffer: copy it to keep it past the next query.
func ExampleSearcher() {
	g := pathing.MustGrid(10, 6)
	for y := 0; y < 5; y++ {
		g.SetOpen(image.Pt(5, y), false)
	}
	s := pathing.NewSearcher(g)
	for _, goal := range []image.Point{{9, 0}, {4, 5}} {
		res, err := s.Search(pathing.Query{Start: image.Pt(0, 0), Goal: goal})
		fmt.Printf("%v %v cost %.2f, %d cells, %d expanded\n", goal, res.Status, res.Cost, len(res.Path), res.Expanded)
		if err != nil {
			fmt.Println(err)
		}
	}
	_, err := s.Search(pathing.Query{Start: image.Pt(0, 0), Goal: image.Pt(5, 0)})
	fmt.Println(err)
	// Output:
	// (9,0) found cost 14.90, 13 cells, 34 expanded
	// (4,5) found cost 6.66, 6 cells, 6 expanded
	// pathing: goal is blocked or outside the grid: cell (5,0)
}

// A traced search: every push, pop and relax as an Event, which a viewer
// replays forwards and backwards. Reset keeps the trace's buffers, so a
// stream of traced queries allocates nothing once they have grown.
func ExampleTrace() {
	g := pathing.MustGrid(4, 1)
	s := pathing.NewSearcher(g)
	tr := &pathing.Trace{}
	tr.BeginPhase("cells", 0)
	s.Search(pathing.Query{Start: image.Pt(0, 0), Goal: image.Pt(3, 0), Trace: tr})
	for _, e := range tr.Events {
		fmt.Println(e.Kind, g.Point(int(e.Node)), e.G)
	}
	fmt.Println(tr.Phases[0].Name, tr.PhaseEnd(0))
	// Output:
	// push (0,0) 0
	// pop (0,0) 0
	// push (1,0) 1
	// pop (1,0) 1
	// push (2,0) 2
	// pop (2,0) 2
	// push (3,0) 3
	// pop (3,0) 3
	// cells 8
}
