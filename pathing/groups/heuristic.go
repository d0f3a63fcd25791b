package groups

import (
	"fmt"
	"image"
	"math"

	"pathlens/pathing"
)

// MaxHeuristicWork caps the work of ClusterHeuristic: groups × cells. Above
// it, ask for a higher level (fewer groups).
const MaxHeuristicWork = 64 << 20

// HeuristicTable is the lecture notes' cluster heuristic: for the groups of
// one level, the smallest cost from any cell of group A to any cell of
// group B. The estimate for a cell p and a goal is the entry of their
// groups, which never exceeds the true cost (every path from p to the goal
// is a path from a cell of A to a cell of B): it is admissible, though not
// consistent (it jumps at group borders), so A* with it stays optimal only
// because pathing.Searcher reopens a closed cell that gets a cheaper g; a
// searcher that never reopens could return a longer path.
// All cells of a group get the same value, so A* tends to fill a group
// before it moves on: accurate between groups, blind inside them.
//
// A table is read-only after ClusterHeuristic returns and safe for
// concurrent use; it describes the grid as it was then. After Update (a
// dig could make its costs overestimate) every estimate is 0, admissible
// but blind: rebuild it. A switch of the connection cost (SetCost) leaves
// it valid: it reads the grid's costs only.
type HeuristicTable struct {
	g       *Graph
	level   int
	n       int
	d       []float32 // d[a*n+b]; +Inf when b cannot be reached from a
	updates uint64    // g.updates when it was made
}

// ClusterHeuristic computes the table of level l (1..Levels): one column
// per group (see ColumnBuilder), so O(groups × cells) time and groups²
// float32s of memory (level 1 of lak303d, 430 groups: about 0.25 s). It refuses levels where groups × cells exceeds
// MaxHeuristicWork (choose a higher level). A search towards one goal needs
// only that goal's column: ClusterHeuristicTo computes it alone, groups
// times cheaper.
func (g *Graph) ClusterHeuristic(l int) (*HeuristicTable, error) {
	if l < 1 || l > g.cfg.Levels {
		return nil, fmt.Errorf("groups: cluster heuristic: level %d: the graph has levels 1 to %d", l, g.cfg.Levels)
	}
	lv := g.levels[l]
	n := len(lv.groups)
	if n*g.grid.Len() > MaxHeuristicWork {
		return nil, fmt.Errorf("groups: cluster heuristic: level %d has %d groups on %d cells, more work than %d; use a higher level", l, n, g.grid.Len(), MaxHeuristicWork)
	}
	t := &HeuristicTable{g: g, level: l, n: n, d: make([]float32, n*n), updates: g.updates}
	cb := columnBuilders.Get().(*ColumnBuilder)
	defer columnBuilders.Put(cb)
	cb.load(g, l)
	defer cb.unload()
	for b := 0; b < n; b++ {
		for a, d := range cb.column(int32(b)) {
			t.d[a*n+b] = d
		}
	}
	return t, nil
}

// roundDown32 converts to float32 without rounding up (admissibility).
func roundDown32(v float64) float32 {
	f := float32(v)
	if float64(f) > v {
		f = math.Nextafter32(f, float32(math.Inf(-1)))
	}
	return f
}

// Level returns the level whose groups the table is over.
func (t *HeuristicTable) Level() int { return t.level }

// Dist returns the smallest cost from group a to group b (+Inf when b is
// unreachable from a, 0 when a == b), as the grid was when the table was
// made; 0 once the graph has been updated since.
func (t *HeuristicTable) Dist(a, b int32) float64 {
	if a < 0 || b < 0 || int(a) >= t.n || int(b) >= t.n || t.updates != t.g.updates {
		return 0
	}
	return float64(t.d[int(a)*t.n+int(b)])
}

// Estimate is the heuristic: the table entry of p's group and goal's group
// (0 for cells outside the grid or blocked, and for every cell once the
// graph has been updated since the table was made). Use it as
// pathing.Query{Heuristic: pathing.Custom, HeuristicFunc: t.Estimate}.
// Cost: two lookups.
func (t *HeuristicTable) Estimate(p, goal image.Point) float64 {
	lv := t.g.levels[t.level]
	grid := t.g.grid
	if !grid.In(p) || !grid.In(goal) || t.updates != t.g.updates {
		return 0
	}
	a, b := lv.groupOf[grid.Index(p)], lv.groupOf[grid.Index(goal)]
	if a < 0 || b < 0 || int(a) >= t.n || int(b) >= t.n {
		return 0 // blocked, or a group made by a later Update
	}
	return float64(t.d[int(a)*t.n+int(b)])
}

// EstimateOctile is max(Estimate, octile distance) (Manhattan on a
// 4-connected graph): still admissible, and informed inside a group too.
func (t *HeuristicTable) EstimateOctile(p, goal image.Point) float64 {
	h := pathing.Octile
	if t.g.cfg.Neighborhood == pathing.Four {
		h = pathing.Manhattan
	}
	return math.Max(t.Estimate(p, goal), h.Distance(p, goal))
}

// GoalHeuristic is one column of the cluster heuristic table: for every
// group of one level, the smallest cost from any of its cells to any cell
// of one goal group. For goals in that group its estimates are exactly the
// HeuristicTable's of that level (admissible, not consistent: see
// HeuristicTable), for the cost of one search over the grid instead of one
// per group, so level 1, the most informed, is affordable on any map: on a
// 512×512 map one column costs what the whole table costs divided by the
// level's thousands of groups.
//
// A GoalHeuristic is read-only and safe for concurrent use. Like a table it
// describes the grid as it was when made: after Update every estimate is
// 0 (rebuild it); SetCost leaves it valid.
type GoalHeuristic struct {
	g       *Graph
	level   int
	goal    int32     // the goal group
	d       []float32 // per group of the level
	updates uint64    // g.updates when it was made
}

// ClusterHeuristicTo computes the column of level l (1..Levels) for the
// group holding goal (an open cell): one reverse Dijkstra from the group's
// cells over the grid, in linear time (about 4 to 12 ms on Moving AI's
// 512×512 maps), with a pooled ColumnBuilder's memory (14 bytes per cell,
// allocated once, not per call) and 4 bytes per group kept. It is safe for
// concurrent use, as the graph's other queries are (each call borrows its
// own builder).
func (g *Graph) ClusterHeuristicTo(l int, goal image.Point) (*GoalHeuristic, error) {
	cb := columnBuilders.Get().(*ColumnBuilder)
	defer columnBuilders.Put(cb)
	return cb.Column(g, l, goal)
}

// Level returns the level whose groups the column is over.
func (t *GoalHeuristic) Level() int { return t.level }

// Goal returns the id of the goal group at Level.
func (t *GoalHeuristic) Goal() int32 { return t.goal }

// Estimate is the heuristic: the smallest cost from p's group to the goal
// group (+Inf when the goal cannot be reached from p). For a goal outside
// the column's goal group, p blocked or outside the grid, or a graph
// updated since the column was made (its costs may overestimate now), it
// returns 0, which is still admissible. Cost: two lookups.
func (t *GoalHeuristic) Estimate(p, goal image.Point) float64 {
	lv := t.g.levels[t.level]
	grid := t.g.grid
	if !grid.In(p) || !grid.In(goal) || t.updates != t.g.updates {
		return 0
	}
	a := lv.groupOf[grid.Index(p)]
	if a < 0 || int(a) >= len(t.d) || lv.groupOf[grid.Index(goal)] != t.goal {
		return 0 // blocked, another goal, or a group made by a later Update
	}
	return float64(t.d[a])
}

// EstimateOctile is max(Estimate, octile distance) (Manhattan on a
// 4-connected graph): still admissible, and informed inside a group too.
func (t *GoalHeuristic) EstimateOctile(p, goal image.Point) float64 {
	h := pathing.Octile
	if t.g.cfg.Neighborhood == pathing.Four {
		h = pathing.Manhattan
	}
	return math.Max(t.Estimate(p, goal), h.Distance(p, goal))
}

func lhUp(h []lhItem) {
	for j := len(h) - 1; j > 0; {
		p := (j - 1) / 2
		if h[p].d <= h[j].d {
			return
		}
		h[p], h[j] = h[j], h[p]
		j = p
	}
}

func lhDown(h []lhItem) {
	for j := 0; ; {
		l, m := 2*j+1, j
		if l < len(h) && h[l].d < h[m].d {
			m = l
		}
		if r := l + 1; r < len(h) && h[r].d < h[m].d {
			m = r
		}
		if m == j {
			return
		}
		h[j], h[m] = h[m], h[j]
		j = m
	}
}
