package groups

import (
	"math"
	"testing"

	"pathlens/pathing"
)

// Equal takes two equal +Inf costs for the same (|Inf − Inf| is NaN, and
// NaN < 1e-9 is false), and still tells costs apart.
func TestEqualInfiniteCosts(t *testing.T) {
	g := pathing.MustGrid(12, 6)
	a, err := Build(g, Config{ClusterSize: 4, Levels: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Build(g, Config{ClusterSize: 4, Levels: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ea, eb := a.levels[1].edges, b.levels[1].edges
	if len(ea) == 0 {
		t.Fatal("no edges to compare")
	}
	ea[0].Costs[0], eb[0].Costs[0] = math.Inf(1), math.Inf(1)
	if err := Equal(a, b); err != nil {
		t.Errorf("equal +Inf costs: %v", err)
	}
	eb[0].Costs[0] = 3
	if err := Equal(a, b); err == nil {
		t.Error("+Inf and 3 compared equal")
	}
}
