package maps_test

import (
	"fmt"
	"os"
	"strings"

	"pathlens/maps"
	"pathlens/pathing"
)

func ExampleParseScenario() {
	src := `pathlens-scenario 1
name two-rooms
set neighborhood 4
map inline
#######
#..#..#
#.....#
#######
end
query 1,1 5,1
`
	s, err := maps.ParseScenario(strings.NewReader(src), "two-rooms.pls", "")
	if err != nil {
		fmt.Println(err)
		return
	}
	nb, _ := s.Settings.PathingNeighborhood()
	q := s.Queries[0]
	res, _ := pathing.NewSearcher(s.Map.Grid).Search(pathing.Query{Start: q.Start, Goal: q.Goal, Neighborhood: nb})
	fmt.Println(s.Name, s.Map.Grid.Width(), "×", s.Map.Grid.Height(), "cost", res.Cost)
	// Output: two-rooms 7 × 4 cost 6
}

func ExampleReadMovingAI_error() {
	_, err := maps.ReadMovingAI(strings.NewReader("type octile\nheight 2\nwidth 3\nmap\n...\n.?.\n"), "tiny.map")
	fmt.Println(err)
	// Output: tiny.map:6: cell (1,1) has unknown terrain '?' (want one of . G S @ O T W)
}

func ExampleWriteScenario() {
	m, _ := maps.ReadASCII(strings.NewReader("#..\n.3#\n"), "m.txt")
	s := &maps.Scenario{Name: "tiny", Map: m,
		Settings: maps.Settings{Exclusion: maps.Off},
		Queries:  []maps.Query{{Start: m.Grid.Point(1), Goal: m.Grid.Point(3)}}}
	maps.WriteScenario(os.Stdout, s)
	// Output:
	// pathlens-scenario 1
	// name tiny
	// set exclusion off
	// map inline
	// #..
	// .3#
	// end
	// query 1,0 0,1
}
