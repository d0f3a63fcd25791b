// Package hpa is a multi-level HPA* hierarchy (after Botea, Müller and
// Schaeffer, "Near Optimal Hierarchical Path-Finding", 2004) over a
// pathing.Grid: square clusters, entrances and transitions on their borders,
// exact intra-cluster edges, levels that group k×k clusters, read-only
// queries through a per-query graph extension, refinement down to cells,
// smoothing, O(1) unreachability from connected-component labels, and local
// repair after cells change.
//
// The pieces:
//
//   - Build(grid, Config) makes a *Hierarchy that reads the grid. The caller
//     mutates the grid and then calls Hierarchy.Update with the changed cells
//     (a query in between fails with ErrStale).
//   - Hierarchy.NewQuerier gives a *Querier (one per goroutine) whose Find
//     answers queries without touching anything shared, so any number of
//     queriers may search one hierarchy at once while nobody calls Update.
//   - Inspection methods (Clusters, Entrances, Nodes, Edges, Component,
//     Stats) let a UI draw the structure; Equal compares two hierarchies.
//
// The package uses the standard library and pathlens/pathing only.
package hpa

import (
	"fmt"

	"pathlens/pathing"
)

// Placement chooses where transitions go on an entrance.
type Placement uint8

const (
	// Sparse is the paper's rule: an entrance (a maximal run of open cell
	// pairs across a border) shorter than SparseRun gets one transition in
	// its middle, a longer one gets two, at its ends. Few nodes, fast
	// searches, a little suboptimality that smoothing mostly removes. The
	// zero value.
	Sparse Placement = iota
	// Dense puts a transition on every open pair. Paths before smoothing are
	// much closer to optimal, but the abstract graph has many more nodes and
	// edges, so building, repairing and querying are slower and the memory
	// is several times larger.
	Dense
)

// SparseRun is the entrance length from which Sparse placement puts two
// transitions (at the ends) instead of one (in the middle).
const SparseRun = 6

// String returns "sparse" or "dense".
func (p Placement) String() string {
	if p == Dense {
		return "dense"
	}
	return "sparse"
}

// ParsePlacement accepts "sparse" and "dense".
func ParsePlacement(s string) (Placement, error) {
	switch s {
	case "sparse", "":
		return Sparse, nil
	case "dense":
		return Dense, nil
	}
	return Sparse, fmt.Errorf("hpa: unknown placement %q (want sparse or dense)", s)
}

// Limits of Config fields.
const (
	MinClusterSize = 4
	MaxClusterSize = 64
	MaxLevels      = 4
	MaxBranch      = 8
)

// Config describes a hierarchy. It is passed by value and its zero value is
// the default (cluster 10, 2 levels, k = 2, sparse transitions, no path
// cache, 8-connected).
type Config struct {
	// ClusterSize is the side of a level-1 cluster in cells, 4..64 (0 → 10).
	// The last row and column of clusters may be smaller. Small clusters
	// make insertion and repair cheap and paths closer to optimal but give
	// a larger abstract graph; large clusters make the abstract graph small
	// (fast long queries) but insertion, repair and uncached refinement
	// search more cells.
	ClusterSize int
	// Levels is the number of abstract levels, 1..4 (0 → 2). Each extra
	// level shrinks the graph the top search explores on big maps, at the
	// price of a costlier insertion (one more search per endpoint), a little
	// more suboptimality and more memory.
	Levels int
	// Branch is k: a level-l cluster groups k×k level-(l−1) clusters, 2..8
	// (0 → 2). A larger k makes each level coarser (fewer levels needed)
	// but its intra-edge searches bigger.
	Branch int
	// Placement is Sparse (the paper's rule, default) or Dense.
	Placement Placement
	// CachePaths stores the refined path of every intra edge (cells at level
	// 1, lower-level nodes above). Refinement then becomes copying instead
	// of a bounded search per plan step: much faster queries for roughly
	// ClusterSize times more memory at level 1. Build and repair pay for
	// recording the paths.
	CachePaths bool
	// Neighborhood is the grid move set (zero value: 8-connected, no corner
	// cutting). Components, entrances, edges and paths all follow it.
	Neighborhood pathing.Neighborhood
}

// Named presets.
var (
	// Default is the zero Config spelled out: cluster 10, 2 levels, sparse.
	Default = Config{ClusterSize: 10, Levels: 2, Branch: 2}
	// Fast suits large static maps queried often: cluster 16, 2 levels,
	// cached paths (the fastest queries for moderate memory).
	Fast = Config{ClusterSize: 16, Levels: 2, Branch: 2, CachePaths: true}
	// Precise keeps paths closest to optimal: small clusters, one level,
	// dense transitions, cached paths.
	Precise = Config{ClusterSize: 8, Levels: 1, Branch: 2, Placement: Dense, CachePaths: true}
	// Editable suits maps edited while agents move: cluster 16, 2 levels,
	// no path cache (cheaper repair, smaller memory).
	Editable = Config{ClusterSize: 16, Levels: 2, Branch: 2}
)

// Presets maps preset names to configs, for command lines.
var Presets = map[string]Config{
	"default":  Default,
	"fast":     Fast,
	"precise":  Precise,
	"editable": Editable,
}

// Normalized returns c with every zero field replaced by its default, or an
// error naming the first field out of range.
func (c Config) Normalized() (Config, error) {
	if c.ClusterSize == 0 {
		c.ClusterSize = 10
	}
	if c.Levels == 0 {
		c.Levels = 2
	}
	if c.Branch == 0 {
		c.Branch = 2
	}
	if c.ClusterSize < MinClusterSize || c.ClusterSize > MaxClusterSize {
		return c, fmt.Errorf("hpa: cluster size %d out of range %d..%d", c.ClusterSize, MinClusterSize, MaxClusterSize)
	}
	if c.Levels < 1 || c.Levels > MaxLevels {
		return c, fmt.Errorf("hpa: %d levels out of range 1..%d", c.Levels, MaxLevels)
	}
	if c.Branch < 2 || c.Branch > MaxBranch {
		return c, fmt.Errorf("hpa: branch factor %d out of range 2..%d", c.Branch, MaxBranch)
	}
	if c.Placement > Dense {
		return c, fmt.Errorf("hpa: unknown placement %d", c.Placement)
	}
	if c.Neighborhood > pathing.Four {
		return c, fmt.Errorf("hpa: unknown neighbourhood %d", c.Neighborhood)
	}
	return c, nil
}

// String is a compact description, e.g. "cluster 16, 2 levels, k 2, sparse, cached, 8-connected"
// (no k with one level: "cluster 16, 1 level, sparse, cached, 8-connected").
func (c Config) String() string {
	cache := "uncached"
	if c.CachePaths {
		cache = "cached"
	}
	levels := "levels"
	k := fmt.Sprintf(", k %d", c.Branch)
	if c.Levels == 1 {
		// k groups clusters into the level above: one level has none,
		// and cmd/bench refuses -hpa-k there as meaningless.
		levels, k = "level", ""
	}
	return fmt.Sprintf("cluster %d, %d %s%s, %v, %s, %v-connected", c.ClusterSize, c.Levels, levels, k, c.Placement, cache, c.Neighborhood)
}
