package agents

import (
	"strings"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
	"pathlens/pathing/groups"
)

// A nil argument to a constructor is a programming error, and it panics
// naming the package and the function (the house rule for internal
// invariants), not with a nil dereference somewhere inside.
func TestNilConstructorArgumentsPanicByName(t *testing.T) {
	g, err := pathing.NewGrid(4, 4)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		want string
		f    func()
	}{
		{"pathing: NewSearcher: nil grid", func() { pathing.NewSearcher(nil) }},
		{"groups: NewPlanner: nil graph", func() { groups.NewPlanner(nil) }},
		{"maps: NewMap: nil grid", func() { maps.NewMap("m", nil) }},
		{"agents: NewHPA: nil hierarchy", func() { NewHPA(nil, HPAConfig{}) }},
		{"pathing: NewSearcher: nil grid", func() { NewAStar(nil, AStarConfig{}) }},
		{"groups: NewPlanner: nil graph", func() { NewGroups(nil) }},
		{"agents: New: nil grid", func() { New(nil, NewAStar(g, AStarConfig{}), Config{}) }},
		{"agents: New: nil planner", func() { New(g, nil, Config{}) }},
	} {
		func() {
			defer func() {
				r := recover()
				if s, _ := r.(string); !strings.HasPrefix(s, c.want) {
					t.Errorf("panic %v, want %q", r, c.want)
				}
			}()
			c.f()
		}()
	}
}
