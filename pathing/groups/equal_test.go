package groups

import (
	"image"
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

// Equal tells apart graphs of grids one cell apart: a weight (only costs
// differ), a wall splitting a group (groups, maps and edges differ), and
// another configuration; a graph equals itself rebuilt.
func TestEqualFindsDifferences(t *testing.T) {
	base := pathing.MustGrid(12, 8)
	cfg := Config{ClusterSize: 4, Levels: 2}
	build := func(g *pathing.Grid, c Config) *Graph {
		gr, err := Build(g, c, nil)
		if err != nil {
			t.Fatal(err)
		}
		return gr
	}
	a := build(base, cfg)
	if err := Equal(a, build(base.Clone(), cfg)); err != nil {
		t.Fatalf("two builds of one grid: %v", err)
	}
	weighted := base.Clone()
	weighted.SetWeight(image.Pt(4, 1), 7)
	wall := base.Clone()
	for y := 0; y < 4; y++ {
		wall.SetWeight(image.Pt(1, y), pathing.Blocked)
	}
	for name, b := range map[string]*Graph{
		"weight":  build(weighted, cfg),
		"wall":    build(wall, cfg),
		"cluster": build(base, Config{ClusterSize: 3, Levels: 2}),
	} {
		if err := Equal(a, b); err == nil {
			t.Errorf("%s: graphs compared equal", name)
		}
	}
}

// Equal dereferenced a nil graph.
func TestEqualNil(t *testing.T) {
	a, err := Build(pathing.MustGrid(6, 6), Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := Equal(nil, nil); err != nil {
		t.Errorf("Equal(nil, nil): %v", err)
	}
	if err := Equal(a, nil); err == nil {
		t.Error("Equal(a, nil) is nil")
	}
	if err := Equal(nil, a); err == nil {
		t.Error("Equal(nil, a) is nil")
	}
}
