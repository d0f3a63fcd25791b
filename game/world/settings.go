package world

import (
	"fmt"
	"image"

	"pathlens/game/world/agents"
	"pathlens/maps"
	"pathlens/pathing"
	"pathlens/pathing/groups"
)

// Algo is the algorithm answering the query: a flat search over the grid or
// one of the two hierarchies.
type Algo uint8

const (
	AlgoAStar    Algo = iota // A* over the grid (the optimal reference)
	AlgoDijkstra             // uniform-cost search over the grid
	AlgoGreedy               // greedy best-first over the grid
	AlgoHPA                  // HPA*: entrance hierarchy, refine, smooth
	AlgoGroup                // group hierarchy: plan high, refine, walk
	numAlgos
)

var algoNames = [...]string{"astar", "dijkstra", "greedy", "hpa", "group"}
var algoTitles = [...]string{"A*", "Dijkstra", "greedy", "HPA*", "group hierarchy"}

// String returns the name used in files and logs ("astar", "hpa"...).
func (a Algo) String() string {
	if int(a) < len(algoNames) {
		return algoNames[a]
	}
	return fmt.Sprintf("algo(%d)", a)
}

// Title returns the name shown on screen ("A*", "HPA*"...).
func (a Algo) Title() string {
	if int(a) < len(algoTitles) {
		return algoTitles[a]
	}
	return a.String()
}

// Hierarchical reports whether a is answered by a hierarchy.
func (a Algo) Hierarchical() bool { return a == AlgoHPA || a == AlgoGroup }

// ParseAlgo accepts the names String returns.
func ParseAlgo(s string) (Algo, error) {
	for i, n := range algoNames {
		if n == s {
			return Algo(i), nil
		}
	}
	return AlgoAStar, fmt.Errorf("unknown algorithm %q (want astar, dijkstra, greedy, hpa or group)", s)
}

// Heur is the heuristic the searches use: the grid heuristics of package
// pathing plus the group hierarchy's cluster table.
type Heur uint8

const (
	HeurOctile Heur = iota
	HeurEuclidean
	HeurManhattan
	HeurChebyshev // max(dx, dy): admissible with diagonal moves, weaker than octile
	HeurZero
	HeurCluster // the smallest distances between level-1 groups, a table lookup
	numHeurs
)

var heurNames = [...]string{"octile", "euclidean", "manhattan", "chebyshev", "zero", "cluster"}

func (h Heur) String() string {
	if int(h) < len(heurNames) {
		return heurNames[h]
	}
	return fmt.Sprintf("heuristic(%d)", h)
}

// ParseHeur accepts the names String returns.
func ParseHeur(s string) (Heur, error) {
	for i, n := range heurNames {
		if n == s {
			return Heur(i), nil
		}
	}
	return HeurOctile, fmt.Errorf("unknown heuristic %q (want octile, euclidean, manhattan, chebyshev, zero or cluster)", s)
}

// Grid returns the pathing heuristic h stands for (Custom for the cluster
// table, which the caller supplies as a function).
func (h Heur) Grid() pathing.Heuristic {
	switch h {
	case HeurEuclidean:
		return pathing.Euclidean
	case HeurManhattan:
		return pathing.Manhattan
	case HeurChebyshev:
		return pathing.Chebyshev
	case HeurZero:
		return pathing.Zero
	case HeurCluster:
		return pathing.Custom
	}
	return pathing.Octile
}

// Cost is the connection-cost heuristic of the group hierarchy.
type Cost uint8

const (
	CostMinimum Cost = iota
	CostMaximin
	CostAvgMin
	numCosts
)

var costNames = [...]string{"minimum", "maximin", "avgmin"}
var costTitles = [...]string{"minimum", "maximin", "average minimum"}

func (c Cost) String() string {
	if int(c) < len(costNames) {
		return costNames[c]
	}
	return fmt.Sprintf("cost(%d)", c)
}

// Title returns the name shown on screen.
func (c Cost) Title() string {
	if int(c) < len(costTitles) {
		return costTitles[c]
	}
	return c.String()
}

// ParseCost accepts the names String returns.
func ParseCost(s string) (Cost, error) {
	for i, n := range costNames {
		if n == s {
			return Cost(i), nil
		}
	}
	return CostMinimum, fmt.Errorf("unknown connection cost %q (want minimum, maximin or avgmin)", s)
}

// Settings are the switches of a session. The zero value is the default:
// A*, 8-connected, octile, minimum cost, no exclusion, cluster size and
// levels chosen by the hierarchy, smoothing on.
type Settings struct {
	Algo         Algo
	Neighborhood pathing.Neighborhood
	Heuristic    Heur
	Cost         Cost
	Exclusion    bool
	// ClusterSize is the side of a level-1 cluster; 0 means the default
	// (DefaultClusterSize).
	ClusterSize int
	// Levels is the number of abstract levels; 0 means DefaultLevels.
	Levels int
	// NoSmooth turns HPA*'s smoothing off (smoothing is on by default).
	NoSmooth bool
	// NoShortcut sends every HPA* query through the hierarchy: by default
	// a query within neighbouring clusters is also tried by a bounded A*
	// (hpa.QueryOptions.NoShortcut), which leaves a teacher no abstract
	// phase to step through.
	NoShortcut bool
	// Target is where the group planner's refinements aim inside the next
	// group (zero: its representative).
	Target groups.Target
	// AgentRefine is how much of a route each HPA* plan of the agents
	// refines (see agents.HPAMode; the zero value is the package default).
	AgentRefine agents.HPAMode
	// Dense places an HPA* transition on every open pair of an entrance
	// (hpa.Dense) instead of the paper's one or two (hpa.Sparse, the zero
	// value).
	Dense bool
	// CachePaths keeps each HPA* intra edge's cell path with it
	// (hpa.Config.CachePaths), as cmd/bench does by default: its answers,
	// and so its -worst rows, can differ from the uncached hierarchy's
	// (another of several equal-cost paths, smoothed another way). Off by
	// default: edits repair faster without it.
	CachePaths bool
}

// Defaults and limits of the hierarchy switches: the limits are the range
// every way in takes (maps.SizeRange).
const (
	DefaultClusterSize = 10
	MinClusterSize     = maps.MinCluster
	MaxClusterSize     = maps.MaxCluster
	DefaultLevels      = 2
	MaxAbstractLevels  = maps.MaxLevels
)

// Cluster returns the effective cluster size.
func (s Settings) Cluster() int {
	if s.ClusterSize <= 0 {
		return DefaultClusterSize
	}
	return max(MinClusterSize, min(s.ClusterSize, MaxClusterSize))
}

// LevelCount returns the effective number of abstract levels.
func (s Settings) LevelCount() int {
	if s.Levels <= 0 {
		return DefaultLevels
	}
	return min(s.Levels, MaxAbstractLevels)
}

// Uses reports whether the current algorithm reads the switch named as
// the log names it: "heuristic" (A*, greedy and the group planner's
// searches), "cost" and "exclusion" (the group planner), "cluster" (a
// hierarchy: HPA*, the group planner, or A* and greedy with the cluster
// heuristic's group table), "levels" (HPA* and the group planner: the
// cluster heuristic's table is made of level 1 alone, whatever the levels
// set), "smooth", "shortcut" and "transitions" (HPA*); every other switch
// ("algo", "nb") always. The panel dims the rows it reports false for, and
// such a switch is kept without a replan, noting which algorithms read it
// and that this one does not.
func (s Settings) Uses(name string) bool {
	switch name {
	case "heuristic":
		return s.Algo == AlgoAStar || s.Algo == AlgoGreedy || s.Algo == AlgoGroup
	case "cost", "exclusion", "target":
		return s.Algo == AlgoGroup
	case "cluster":
		return s.Algo.Hierarchical() || (s.Heuristic == HeurCluster && s.Algo != AlgoDijkstra)
	case "levels":
		return s.Algo.Hierarchical()
	case "smooth", "shortcut", "transitions", "cache":
		return s.Algo == AlgoHPA
	case "rooms":
		// The group hierarchy's groups, and the cluster heuristic's
		// table, made of its level 1.
		return s.Algo == AlgoGroup || s.UsesClusterHeuristic()
	}
	return true
}

// UsesClusterHeuristic reports whether the plan reads the cluster
// heuristic: A* or greedy with it (Dijkstra has no heuristic, and the
// hierarchical planners ignore it).
func (s Settings) UsesClusterHeuristic() bool {
	return s.Heuristic == HeurCluster && (s.Algo == AlgoAStar || s.Algo == AlgoGreedy)
}

// Uses is Settings.Uses for this session: also false for the cluster
// size where the designer's regions leave no square cluster to size: the
// group planner's levels all regions (a region layer for every level up
// to the levels set, naming a region for every open cell), or the cluster
// heuristic of A* and greedy, whose table is made of the level-1 groups,
// over a level-1 layer that covers every open cell.
func (w *World) Uses(name string) bool {
	if !w.Settings.Uses(name) {
		return false
	}
	if name != "cluster" {
		return true
	}
	s := w.Settings
	switch {
	case s.Algo == AlgoGroup:
		return !w.regionsCover(s.LevelCount())
	case s.UsesClusterHeuristic():
		return !w.regionsCover(1)
	}
	return true
}

// coverKey is what regionsCover's answer depends on.
type coverKey struct {
	grid, rooms uint64
	levels      int
}

// scanCover returns the first open cell in no region of levels 1..levels
// of the regions (the first level that has one, then the first cell), from
// cell i0 of the 0-based layer l0 on: its layer and index, else at -1, or
// -2 for a layer of another size than the grid. It walks the grid.
func (w *World) scanCover(levels, l0, i0 int) (level, at int) {
	cells := w.Grid.Cells()
	for l := l0; l < levels; l++ {
		layer := w.Regions[l]
		if len(layer) != len(cells) {
			return l, -2
		}
		for i := i0; i < len(cells); i++ {
			if cells[i] != pathing.Blocked && groups.NoRegion(layer[i]) {
				return l, i
			}
		}
		i0 = 0
	}
	return 0, -1
}

// coverSince brings the cached answer of uncovered up to key k from the
// cells changed since its grid version, and reports whether it could: the
// same grid, rooms and levels, and few cells changed (up to one in 16).
// Only those cells can have left a region's cover or come back into it,
// so the first uncovered cell is the first of them now uncovered, or the
// first from the last answer on (at once when it is still uncovered; a
// scan from there when an edit walled it). The scan of the whole grid
// took 10 ms a level at 4096×4096, at every edit of a map with rooms,
// and every move of a stroke over it.
func (w *World) coverSince(k coverKey) bool {
	c := &w.cover
	if !c.ok || c.at == -2 || c.grid != w.Grid || c.roomsV != w.roomsV ||
		c.key.rooms != k.rooms || c.key.levels != k.levels {
		return false
	}
	changed, ok := w.fewChangedSince(c.key.grid)
	if !ok {
		return false
	}
	// The answer from the last one on: none (-1), or a layer of another
	// size met before any (-2: the levels from it on are not looked at).
	level, at := 0, -1
	if c.at >= 0 {
		level, at = w.scanCover(k.levels, c.level, c.at)
	}
	cells := w.Grid.Cells()
	for _, i := range changed {
		if cells[i] == pathing.Blocked {
			continue
		}
		for l := range k.levels {
			if at >= 0 && l > level || at == -2 && l >= level || len(w.Regions[l]) != len(cells) {
				break // past the answer, or a layer the scan stops at
			}
			if groups.NoRegion(w.Regions[l][i]) {
				if at < 0 || l < level || int(i) < at {
					level, at = l, int(i)
				}
				break
			}
		}
	}
	c.level, c.at = level, at
	return true
}

// regionsCover reports whether levels 1..levels of the group hierarchy are
// regions only: a region layer for each, and no open cell left to the
// square clusters (groups.NoRegion). A dig can open a cell outside every
// region, so the answer is kept per grid version (the panel asks each
// frame; the scan is linear in cells).
func (w *World) regionsCover(levels int) bool {
	_, ok := w.uncovered(levels)
	return !ok
}

// uncovered returns the first open cell that levels 1..levels of the
// regions leave to the square clusters (regionsCover's scan, cached with
// it), and ok false when the regions cover every open cell. With fewer
// layers than levels, or a layer of another size, no cell is named: p is
// (-1,-1) with ok true.
func (w *World) uncovered(levels int) (p image.Point, ok bool) {
	if len(w.Regions) < levels {
		return image.Pt(-1, -1), true
	}
	k := coverKey{w.GridVersion(), w.roomsDone, levels}
	if c := &w.cover; !c.ok || c.key != k {
		if !w.coverSince(k) {
			c.level, c.at = w.scanCover(levels, 0, 0)
		}
		c.key, c.ok, c.grid, c.roomsV = k, true, w.Grid, w.roomsV
	}
	switch at := w.cover.at; {
	case at == -1:
		return image.Point{}, false
	case at < 0:
		return image.Pt(-1, -1), true
	default:
		return w.Grid.Point(at), true
	}
}

// Admissible reports whether the heuristic never overestimates under the
// settings' neighbourhood: Manhattan does with 8-connected moves (it
// charges 2 for a diagonal step that costs √2), so A* with it may return a
// longer path than the shortest. The others are admissible on both.
func (s Settings) Admissible() bool {
	return !(s.Heuristic == HeurManhattan && s.Neighborhood == pathing.Eight)
}

// Smooth reports whether smoothing is on.
func (s Settings) Smooth() bool { return !s.NoSmooth }

// Shortcut reports whether HPA*'s short queries may take the bounded A*.
func (s Settings) Shortcut() bool { return !s.NoShortcut }

// clusterSteps are the sizes the cluster switch cycles through.
var clusterSteps = []int{4, 6, 8, 10, 12, 16, 20, 24, 32, 48, 64}
