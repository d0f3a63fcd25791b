package groups

import (
	"fmt"

	"pathlens/pathing"
)

// CostKind selects how the cost of a group-to-group connection is estimated
// (textbook §4.6.1). All three are computed by Build, so Graph.SetCost
// switches between them without regrouping.
type CostKind uint8

const (
	// Minimum: the cheapest single link from A to B (at level 1 the cheapest
	// cell step). Optimistic: crossing a group is free, so plans favour
	// routes through few groups, however large (textbook Figure 4.41).
	Minimum CostKind = iota
	// Maximin: for every entry into A from a group other than B, the
	// shortest distance inside A from the entry to a link into B, plus that
	// link; the largest of these. Pessimistic: one far door inflates the
	// cost of every crossing (Figure 4.42).
	Maximin
	// AvgMin: the same entry terms as Maximin, averaged. The pragmatic
	// middle.
	AvgMin
	numCosts
)

var costNames = [...]string{"minimum", "maximin", "avgmin"}

// String returns "minimum", "maximin" or "avgmin".
func (k CostKind) String() string {
	if int(k) < len(costNames) {
		return costNames[k]
	}
	return fmt.Sprintf("cost(%d)", k)
}

// ParseCost accepts the names printed by String, plus "min", "average" and
// "average-minimum".
func ParseCost(s string) (CostKind, error) {
	switch s {
	case "minimum", "min":
		return Minimum, nil
	case "maximin":
		return Maximin, nil
	case "avgmin", "average", "average-minimum", "averagemin":
		return AvgMin, nil
	}
	return Minimum, fmt.Errorf("groups: unknown connection cost %q (want minimum, maximin or avgmin)", s)
}

// Target selects where a refinement aims inside the next group of a plan.
type Target uint8

const (
	// Representative aims at the next group's representative (the open cell
	// closest to its centre of mass): the textbook's choice. Paths visit
	// group centres, which costs length but keeps segments predictable.
	Representative Target = iota
	// Nearest stops at the first cell (or lower group) of the next group the
	// search reaches, which is the cheapest one to enter. Paths are shorter;
	// the search at the lowest level is a Dijkstra (the goal is a set).
	Nearest
)

// String returns "representative" or "nearest".
func (t Target) String() string {
	if t == Nearest {
		return "nearest"
	}
	return "representative"
}

// ParseTarget accepts "representative" (or "rep") and "nearest".
func ParseTarget(s string) (Target, error) {
	switch s {
	case "representative", "rep":
		return Representative, nil
	case "nearest":
		return Nearest, nil
	}
	return Representative, fmt.Errorf("groups: unknown target %q (want representative or nearest)", s)
}

// Defaults used for zero Config fields: clusters of 10 cells and two
// levels, as HPA*'s (pathing/hpa), so both hierarchies of one grid start
// from the same squares. Callers that keep their own defaults must agree
// with these (cmd/bench's TestGroupDefaultsAreTheApps checks the app's).
const (
	DefaultClusterSize = 10
	DefaultLevels      = 2
	DefaultBranch      = 2
	// MaxLevels is the deepest hierarchy Build accepts.
	MaxLevels = 8
)

// Config describes a group hierarchy. It is passed by value; every zero field
// means its default, so Config{} is 10×10 clusters, two levels, branch 2,
// minimum costs, no exclusion, representative targets, 8-connected.
type Config struct {
	// ClusterSize is the side in cells of a level-1 cluster (default 10, at
	// least 2). Small clusters give many small groups: good connection costs,
	// big abstract graphs. Cells covered by a region layer ignore it.
	ClusterSize int
	// Levels is the number of abstract levels above the cells (default 2, at
	// most MaxLevels). Level l clusters are ClusterSize·Branch^(l-1) cells wide.
	Levels int
	// Branch is k: a level l+1 cluster gathers k×k level-l clusters
	// (default 2, at least 2).
	Branch int
	// Cost is the connection cost the planner uses; switch it later with
	// Graph.SetCost.
	Cost CostKind
	// Exclusion makes the planner plan every level completely between the
	// fixed start and goal, each lower search limited to the groups of the
	// plan above (textbook §4.6.3). Off: plan high, refine the first step.
	Exclusion bool
	// Target is where a refinement aims inside the next group.
	Target Target
	// Neighborhood is the move set; groups are connected parts under it, so
	// queries must use the same one.
	Neighborhood pathing.Neighborhood
}

// withDefaults resolves zero fields and checks ranges.
func (c Config) withDefaults() (Config, error) {
	if c.ClusterSize == 0 {
		c.ClusterSize = DefaultClusterSize
	}
	if c.Levels == 0 {
		c.Levels = DefaultLevels
	}
	if c.Branch == 0 {
		c.Branch = DefaultBranch
	}
	switch {
	case c.ClusterSize < 2:
		return c, fmt.Errorf("groups: cluster size %d: want at least 2", c.ClusterSize)
	case c.Levels < 1 || c.Levels > MaxLevels:
		return c, fmt.Errorf("groups: %d levels: want 1 to %d", c.Levels, MaxLevels)
	case c.Branch < 2:
		return c, fmt.Errorf("groups: branch %d: want at least 2", c.Branch)
	case c.Cost >= numCosts:
		return c, fmt.Errorf("groups: unknown connection cost %d", c.Cost)
	case c.Target > Nearest:
		return c, fmt.Errorf("groups: unknown target %d", c.Target)
	case c.Neighborhood > pathing.Four:
		return c, fmt.Errorf("groups: unknown neighbourhood %d", c.Neighborhood)
	}
	return c, nil
}

// side returns the cluster side in cells at level l (1-based), at most
// pathing.MaxSide (a cluster that holds the whole map). The bound is checked
// before each product, which could otherwise wrap round to zero or below
// (ClusterSize 2⁶² with Branch 4 divided by zero).
func (c Config) side(l int) int {
	s := min(c.ClusterSize, pathing.MaxSide)
	for i := 1; i < l; i++ {
		if s > pathing.MaxSide/c.Branch {
			return pathing.MaxSide
		}
		s *= c.Branch
	}
	return s
}

// NoRegion reports whether a region-layer byte names no region: 0, ' ' and
// '#'. Cells marked so are grouped by clusters instead.
func NoRegion(c byte) bool { return c == 0 || c == ' ' || c == '#' }
