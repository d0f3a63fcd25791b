package world

import (
	"context"
	"image"
	"slices"
	"testing"
	"unsafe"

	"pathlens/pathing"
)

// TestViewEdgeIsCompact guards the size of a listed edge: level 1 of an
// HPA* hierarchy on a 2048×2048 map lists 4.3 million of them on the frame
// that first shows the level, and the group edges' three costs and entry
// count carried in each (88 bytes) made that listing 377 MB. They live in
// the view's Terms now.
func TestViewEdgeIsCompact(t *testing.T) {
	if n := unsafe.Sizeof(ViewEdge{}); n > 56 {
		t.Errorf("ViewEdge is %d bytes, want at most 56", n)
	}
}

// InspectArea lists, for any area, exactly what a fresh Inspect of the
// whole level holds in the clusters it covers (nodes by cell, edges by
// their A end, entrances by their cells), in Inspect's order, at every
// level, before and after repairs, into a reused listing too; the group
// hierarchy says it cannot.
func TestInspectAreaIsTheLevelsPart(t *testing.T) {
	const W, H = 101, 83
	g := pathing.MustGrid(W, H)
	seed := uint32(11)
	for y := range H {
		for x := range W {
			seed = seed*1664525 + 1013904223
			if seed>>24 < 50 {
				g.SetOpen(image.Pt(x, y), false)
			}
		}
	}
	h, err := buildHPA(context.Background(), g, nil, Settings{Algo: AlgoHPA, ClusterSize: 8, Levels: 3})
	if err != nil {
		t.Fatal(err)
	}
	a := h.(*hpaHier)
	areas := []image.Rectangle{g.Bounds(), image.Rect(0, 0, 1, 1), image.Rect(9, 17, 50, 40), image.Rect(90, 70, 130, 99), image.Rect(-9, 30, 20, 31)}
	var reuse LevelView
	check := func(when string) {
		t.Helper()
		for l := 1; l <= h.Levels(); l++ {
			clear(a.views)
			whole := h.Inspect(l)
			for _, area := range areas {
				v, cov, ok := InspectArea(h, l, area, reuse)
				if !ok {
					t.Fatal("HPA* cannot list an area")
				}
				reuse = v
				if !area.Intersect(g.Bounds()).In(cov) {
					t.Fatalf("%s, level %d: %v covers %v, not the area", when, l, cov, area)
				}
				var want LevelView
				want.ClusterSize = whole.ClusterSize
				for _, n := range whole.Nodes {
					if n.Cell.In(cov) {
						want.Nodes = append(want.Nodes, n)
					}
				}
				for _, e := range whole.Edges {
					if e.A.In(cov) {
						want.Edges = append(want.Edges, e)
					}
				}
				for i, e := range whole.Entrances {
					if e[0].In(cov) {
						want.Entrances = append(want.Entrances, e)
						want.EntranceSides = append(want.EntranceSides, whole.EntranceSides[i])
					}
				}
				if v.ClusterSize != want.ClusterSize || !slices.Equal(v.Nodes, want.Nodes) || !slices.Equal(v.Edges, want.Edges) ||
					!slices.Equal(v.Entrances, want.Entrances) || !slices.Equal(v.EntranceSides, want.EntranceSides) || len(v.Terms) != 0 {
					t.Fatalf("%s, level %d, area %v (covering %v): %d nodes %d edges %d entrances, want %d %d %d (or another order)", when, l, area, cov,
						len(v.Nodes), len(v.Edges), len(v.Entrances), len(want.Nodes), len(want.Edges), len(want.Entrances))
				}
				if area == g.Bounds() && len(v.Edges) != len(whole.Edges) {
					t.Fatalf("%s, level %d: the whole grid lists %d edges of %d", when, l, len(v.Edges), len(whole.Edges))
				}
			}
		}
	}
	check("built")
	for i := range 30 {
		p := image.Pt(i*7%W, i*13%H)
		g.SetOpen(p, !g.Open(p))
		h.Update([]image.Point{p})
	}
	check("repaired")

	gh, err := buildGroups(context.Background(), g, nil, Settings{Algo: AlgoGroup, ClusterSize: 8, Levels: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, ok := InspectArea(gh, 1, g.Bounds(), LevelView{}); ok {
		t.Error("the group hierarchy listed an area")
	}
}
