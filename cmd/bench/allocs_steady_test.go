package main

import (
	"image"
	"testing"

	"pathlens/pathing"
)

// allocPlanner allocates each call's path afresh when every is set, else
// only on its third call (a buffer grown once by a later, longer query).
type allocPlanner struct {
	every bool
	calls int
	keep  [][]image.Point
	path  [2]image.Point
}

func (a *allocPlanner) Plan(start, goal image.Point) (Outcome, error) {
	a.calls++
	if a.every || a.calls == 3 {
		a.keep = append(a.keep[:0], make([]image.Point, 2, 64))
	}
	a.path = [2]image.Point{start, goal}
	return Outcome{Found: true, Path: a.path[:], Cost: 1}, nil
}

// allocs_per_query is the steady state: a buffer grown once in the timed
// loop (or an allocation of the runtime's own on a busy machine: a user
// read 0.240 for a querier that allocates nothing) is not billed, while a
// planner that allocates on every call still shows it.
func TestAllocsPerQueryIsTheSteadyState(t *testing.T) {
	a, b := image.Point{0, 0}, image.Point{1, 0}
	qs := []Query{{Start: a, Goal: b, Optimal: -1}, {Start: b, Goal: a, Optimal: -1}}
	env := &Env{Cfg: &Config{}, Grid: pathing.MustGrid(3, 1)}
	for _, c := range []struct {
		every bool
		min   float64
		max   float64
	}{{false, 0, 0}, {true, 1, 3}} {
		rep := &Report{}
		if err := RunQueries(env, &allocPlanner{every: c.every}, qs, 5, rep); err != nil {
			t.Fatal(err)
		}
		if rep.AllocsPerQuery < c.min || rep.AllocsPerQuery > c.max {
			t.Errorf("planner allocating on every call %v: allocs_per_query %v, want %v to %v", c.every, rep.AllocsPerQuery, c.min, c.max)
		}
	}
}
