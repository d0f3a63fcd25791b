package main

import (
	"image"

	"pathlens/pathing"
)

// The level-0 searches of package pathing, as -algo astar, dijkstra, greedy.
// This file is the model for a new algorithm: a Planner type holding reused
// state, a Prepare that builds it, and registerAlgo in init.
func init() {
	for _, a := range []pathing.Algorithm{pathing.AStar, pathing.Dijkstra, pathing.Greedy} {
		registerAlgo(a.String(), Algo{
			Doc:     a.String() + " on the grid (pathing.Searcher)",
			Prepare: searchPreparer(a),
		})
	}
	// Dijkstra has no h to weigh or choose, greedy none to weigh; the agents
	// mode's A* uses the octile h unweighted.
	scopeFlags("-algo astar or astar-cluster (not -agents)", func(c *Config) bool {
		return algoIs("astar", "astar-cluster")(c) && c.ExtInt("agents") == 0
	}, "weight")
	// The group hierarchy's cell searches read it too, as in the window.
	scopeFlags("-algo astar, greedy or group (not -agents)", func(c *Config) bool {
		return algoIs("astar", "greedy", "group")(c) && c.ExtInt("agents") == 0
	}, "heuristic")
}

// searchPlanner runs one pathing.Searcher with a fixed query template.
type searchPlanner struct {
	s *pathing.Searcher
	q pathing.Query
}

func searchPreparer(a pathing.Algorithm) func(env *Env, rep *Report) (Planner, error) {
	return func(env *Env, rep *Report) (Planner, error) {
		c := env.Cfg
		return &searchPlanner{
			s: pathing.NewSearcher(env.Grid),
			q: pathing.Query{Algorithm: a, Neighborhood: c.Neighborhood, Heuristic: c.Heuristic, Weight: c.Weight},
		}, nil
	}
}

// Plan implements Planner. The Outcome's Path is the Searcher's buffer.
func (p *searchPlanner) Plan(start, goal image.Point) (Outcome, error) {
	p.q.Start, p.q.Goal = start, goal
	r, err := p.s.Search(p.q)
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{
		Found: r.Status == pathing.Found, Path: r.Path, Cost: r.Cost,
		Expanded: r.Expanded, Pushes: r.Pushes, PeakOpen: r.PeakOpen,
	}, nil
}

// CountsOpenList implements OpenListCounter: Plan fills Pushes and PeakOpen.
func (p *searchPlanner) CountsOpenList() bool { return true }
