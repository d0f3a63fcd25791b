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
// hierarchy's listing is the nodes and edges in the area itself, each edge
// with its connection costs.
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
	ga := gh.(*groupHier)
	type edge struct {
		e     ViewEdge
		terms EdgeTerms
	}
	edges := func(v LevelView, in image.Rectangle) []edge {
		var out []edge
		for _, e := range v.Edges {
			if e.A.In(in) {
				t, _ := v.TermsOf(&e)
				e.Terms = 0
				out = append(out, edge{e, t})
			}
		}
		return out
	}
	var greuse LevelView
	checkGroups := func(when string) {
		t.Helper()
		for l := 1; l <= gh.Levels(); l++ {
			clear(ga.views)
			whole := gh.Inspect(l)
			for _, area := range areas {
				v, cov, ok := InspectArea(gh, l, area, greuse)
				if !ok {
					t.Fatal("the group hierarchy cannot list an area")
				}
				greuse = v
				if cov != area.Intersect(g.Bounds()) {
					t.Fatalf("%s, level %d: %v covers %v, not the area", when, l, cov, area)
				}
				var nodes []ViewNode
				for _, n := range whole.Nodes {
					if n.Cell.In(cov) {
						nodes = append(nodes, n)
					}
				}
				if got, want := edges(v, cov), edges(whole, cov); v.ClusterSize != whole.ClusterSize || !slices.Equal(v.Nodes, nodes) ||
					!slices.Equal(got, want) || len(v.Terms) != len(v.Edges) {
					t.Fatalf("%s, group level %d, area %v: %d nodes %d edges, want %d %d (or another order)", when, l, area,
						len(v.Nodes), len(got), len(nodes), len(want))
				}
				reach := 0
				for _, e := range whole.Edges {
					reach = max(reach, absInt(e.A.X-e.B.X), absInt(e.A.Y-e.B.Y))
				}
				if r := EdgeReach(gh, l); r != reach {
					t.Fatalf("%s, group level %d: EdgeReach %d, the longest edge reaches %d", when, l, r, reach)
				}
			}
		}
	}
	checkGroups("groups built")
	for i := range 30 {
		p := image.Pt(i*11%W, i*5%H)
		g.SetOpen(p, !g.Open(p))
		gh.Update([]image.Point{p})
	}
	checkGroups("groups repaired")
}
