package main

import (
	"fmt"
	"image"
	"path/filepath"
	"strings"

	"pathlens/pathing"
	"pathlens/pathing/groups"
)

// -algo astar-cluster: A* on the grid with the lecture notes' cluster
// heuristic, max(octile, smallest cost from the cell's level-1 group to the
// goal's group), which is admissible, so -check must pass against the
// Moving AI optimum.
//
//	go run ./cmd/bench -map M.map -scen M.map.scen -algo astar-cluster [-cluster 8] [-regions FILE] -check
//
// A query reads one column of the groups' table, the goal group's, so the
// planner builds that column alone (groups.ClusterHeuristicTo: one search
// over the grid, 4–13 ms on a 512×512 map, where the whole level-1
// table would take minutes) and keeps it for every row whose goal is in the
// same group. Building a column is per-goal preprocessing, not search:
// RunQueries times it outside mean_us and reports goal_preps and
// goal_prep_ms (see GoalPreparer). build_ms is the group hierarchy's build.
func init() {
	registerAlgo("astar-cluster", Algo{
		Doc:     "A* with the lecture notes' cluster heuristic (level-1 groups of -cluster cells, or -regions), max'd with octile; one goal column per goal group, timed apart as goal_prep_ms",
		Prepare: prepareClusterAStar,
	})
}

// maxClusterColumnWork caps one astar-cluster run's preprocessing: distinct
// goal groups × cells, one grid-wide search per goal group. 2^30 is about
// three minutes on one core (a 512×512 column takes about 40 ms);
// 8room_000's 1940 rows need about 1500 columns, 0.4×2^30. A variable only
// so that a test can lower it.
var maxClusterColumnWork = 1 << 30

// maxClusterColumnBytes caps the columns kept at once; past it the cache
// starts afresh (each column is 4 bytes per level-1 group).
const maxClusterColumnBytes = 256 << 20

// clusterPlanner is A* with one cached heuristic column per goal group.
type clusterPlanner struct {
	gr      *groups.Graph
	cb      *groups.ColumnBuilder                       // its working memory serves every column of the run
	search  searchPlanner                               // A* with the current goal's column as HeuristicFunc
	cols    map[int32]func(p, goal image.Point) float64 // goal group → its column's EstimateOctile
	maxCols int
}

// prepareClusterAStar builds the level-1 group hierarchy (no column yet:
// PrepareGoal makes them) and refuses, before any column is built, a run
// whose goals would need more than maxClusterColumnWork.
func prepareClusterAStar(env *Env, rep *Report) (Planner, error) {
	return prepareClusterAStarWith(env, rep, nil)
}

// prepareClusterAStarWith is prepareClusterAStar with a scenario's settings
// and regions (setup, nil for none), as the group planner gets them: its
// cluster size, and its level-1 region layer (the heuristic reads level 1
// only, so the scenario's higher layers are left out; -regions with more
// than one layer is refused). -cluster and -regions override them.
func prepareClusterAStarWith(env *Env, rep *Report, setup *groupSetup) (Planner, error) {
	c := env.Cfg
	if files := strings.Split(c.ExtString("regions"), ","); len(files) > 1 {
		// The group planner reads the files' layers one after another as
		// levels 1, 2, …: every file after the first gives levels above 1,
		// which the heuristic's table never reads. Two .tmx files were run
		// on the first's rooms alone without a word.
		return nil, usagef("bench: -algo astar-cluster reads level 1 only, but -regions gives %d files: %s gives level 1, and %s (level 2 and up) would be ignored; give -regions %s alone",
			len(files), files[0], strings.Join(files[1:], ", "), files[0])
	}
	cfg, regions, err := groupConfig(env, setup)
	if err != nil {
		return nil, err
	}
	if len(regions) > 1 {
		// One file: a Tiled map's rooms come in levels, of which its
		// level 1 is read; other files give a layer a level.
		if f := c.ExtString("regions"); f != "" && !allTiled(f) {
			return nil, usagef("bench: -algo astar-cluster reads level 1 only, but -regions gives %d layers; give the level-1 layer alone", len(regions))
		}
		regions = regions[:1] // the scenario's or Tiled map's level-1 layer
	}
	cfg.Levels = 1
	gr, err := groups.Build(env.Grid, cfg, regions)
	if err != nil {
		return nil, usagef("bench: -algo astar-cluster: %v", err)
	}
	n := len(gr.Groups(1))
	goals := map[int32]bool{}
	for _, r := range env.Rows {
		goals[gr.GroupOf(1, r.Goal)] = true
	}
	if c.Single {
		goals[gr.GroupOf(1, c.To)] = true
	}
	cells := env.Grid.Len()
	if work := len(goals) * cells; work > maxClusterColumnWork {
		return nil, usagef("bench: -algo astar-cluster: the %d rows of %s have goals in %d level-1 groups, each needing one search over the %d cells (%d×%d > the cap %d, minutes of preprocessing); run fewer with -rows (about %d goal groups fit) or -every, or make bigger groups with -cluster",
			len(env.Rows), filepath.Base(c.ScenPath), len(goals), cells, len(goals), cells, maxClusterColumnWork, maxClusterColumnWork/cells)
	}
	rc := gr.Config()
	setCluster(rep, env.Grid, regions, 1, rc.ClusterSize)
	rep.Set("region_layers", len(regions))
	rep.Set("heuristic_level", 1)
	rep.Set("heuristic_groups", n)
	if len(goals) > 0 {
		rep.Set("goal_groups", len(goals))
	}
	return &clusterPlanner{
		gr: gr,
		cb: groups.NewColumnBuilder(),
		search: searchPlanner{
			s: pathing.NewSearcher(env.Grid),
			q: pathing.Query{Neighborhood: c.Neighborhood, Heuristic: pathing.Custom, Weight: c.Weight},
		},
		cols:    map[int32]func(p, goal image.Point) float64{},
		maxCols: max(1, maxClusterColumnBytes/(4*n+64)),
	}, nil
}

// PrepareGoal implements GoalPreparer: it builds the column of goal's
// level-1 group unless one is cached. Cost: one search over the grid per
// new goal group; a map lookup otherwise.
func (p *clusterPlanner) PrepareGoal(goal image.Point) (bool, error) {
	b := p.gr.GroupOf(1, goal)
	if b < 0 {
		return false, fmt.Errorf("goal %d,%d is in no level-1 group (blocked?)", goal.X, goal.Y)
	}
	if _, ok := p.cols[b]; ok {
		return false, nil
	}
	col, err := p.cb.Column(p.gr, 1, goal)
	if err != nil {
		return false, err
	}
	if len(p.cols) >= p.maxCols {
		clear(p.cols)
	}
	p.cols[b] = col.EstimateOctile
	return true, nil
}

// Plan implements Planner with the goal group's column (built here when
// PrepareGoal was not called for it). The Outcome's Path is the Searcher's
// buffer.
func (p *clusterPlanner) Plan(start, goal image.Point) (Outcome, error) {
	h, ok := p.cols[p.gr.GroupOf(1, goal)]
	if !ok {
		if _, err := p.PrepareGoal(goal); err != nil {
			return Outcome{}, err
		}
		h = p.cols[p.gr.GroupOf(1, goal)]
	}
	p.search.q.HeuristicFunc = h
	return p.search.Plan(start, goal)
}

// CountsOpenList implements OpenListCounter: Plan's A* fills Pushes and
// PeakOpen.
func (p *clusterPlanner) CountsOpenList() bool { return true }
