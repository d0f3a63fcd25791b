package hpa

import (
	"fmt"
	"image"
	"math/rand"
	"slices"
	"testing"
)

// The ...In listings give, for any area, exactly the nodes, edges and
// entrance runs of the whole level's listings that lie in CoveredBy(area)
// (edges by their A end), in the whole listing's order (nodes: the same
// set, cluster by cluster), at every level, after repairs too, and on a
// grid whose side is not a multiple of the clusters', with k = 2, 3 and 4
// and dense transitions. No edge reaches as far as its level's cluster
// side: the renderer widens the view by that side to list every edge
// touching it (render's levelIndex).
func TestListingsInAreaMatchTheWholeLevel(t *testing.T) {
	for _, cfg := range []Config{{ClusterSize: 6, Levels: 3}, {ClusterSize: 5, Levels: 4, Branch: 3, Placement: Dense},
		{ClusterSize: 4, Levels: 3, Branch: 4, CachePaths: true}} {
		t.Run(fmt.Sprintf("c%d-k%d-L%d", cfg.ClusterSize, cfg.Branch, cfg.Levels), func(t *testing.T) { listingsInArea(t, cfg) })
	}
}

func listingsInArea(t *testing.T, cfg Config) {
	rng := rand.New(rand.NewSource(9))
	g := randomGrid(rng, 77, 61, 0.25, true)
	h, err := Build(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	areas := []image.Rectangle{
		g.Bounds(), image.Rect(0, 0, 1, 1), image.Rect(13, 7, 40, 33), image.Rect(70, 50, 90, 90),
		image.Rect(-5, -5, 3, 100), image.Rect(30, 30, 30, 40), image.Rect(100, 100, 120, 120),
	}
	for range 12 {
		x, y := rng.Intn(90)-5, rng.Intn(75)-5
		areas = append(areas, image.Rect(x, y, x+1+rng.Intn(40), y+1+rng.Intn(40)))
	}
	check := func(when string) {
		t.Helper()
		for l := 1; l <= h.Levels(); l++ {
			var all []EdgeInfo
			h.EachEdge(l, func(e *EdgeInfo) { all = append(all, *e) })
			type runT struct{ a, b, off image.Point }
			var runs []runT
			h.EachEntranceRun(l, func(a, b, off image.Point) { runs = append(runs, runT{a, b, off}) })
			nodes := h.Nodes(l)
			side := h.ClusterSide(l)
			for _, e := range all {
				if max(e.A.X-e.B.X, e.B.X-e.A.X, e.A.Y-e.B.Y, e.B.Y-e.A.Y) >= side {
					t.Fatalf("%s, level %d: edge %v→%v reaches the cluster side %d", when, l, e.A, e.B, side)
				}
			}
			for _, area := range areas {
				cov := h.CoveredBy(l, area)
				if !area.Intersect(g.Bounds()).In(cov) {
					t.Fatalf("%s, level %d: CoveredBy(%v) = %v does not hold the area", when, l, area, cov)
				}
				var want, got []EdgeInfo
				for _, e := range all {
					if e.A.In(cov) {
						want = append(want, e)
					}
				}
				h.EachEdgeIn(l, area, func(e *EdgeInfo) { got = append(got, *e) })
				if !slices.EqualFunc(got, want, edgeInfoEq) {
					t.Fatalf("%s, level %d, area %v: %d edges listed, want %d (or another order)", when, l, area, len(got), len(want))
				}
				if n := h.EdgeCountIn(l, area); n != len(want) {
					t.Errorf("%s, level %d, area %v: EdgeCountIn %d, want %d", when, l, area, n, len(want))
				}
				var wantR, gotR []runT
				for _, r := range runs {
					if r.a.In(cov) {
						wantR = append(wantR, r)
					}
				}
				h.EachEntranceRunIn(l, area, func(a, b, off image.Point) { gotR = append(gotR, runT{a, b, off}) })
				if !slices.Equal(gotR, wantR) {
					t.Fatalf("%s, level %d, area %v: runs %v, want %v", when, l, area, gotR, wantR)
				}
				var wantN []NodeInfo
				for _, n := range nodes {
					if n.Cell.In(cov) {
						wantN = append(wantN, n)
					}
				}
				gotN := h.AppendNodesIn(nil, l, area)
				slices.SortFunc(gotN, func(a, b NodeInfo) int { return int(a.ID - b.ID) })
				if !slices.Equal(gotN, wantN) {
					t.Fatalf("%s, level %d, area %v: nodes %v, want %v", when, l, area, gotN, wantN)
				}
			}
		}
	}
	check("built")
	for range 40 {
		p := image.Pt(rng.Intn(77), rng.Intn(61))
		g.SetWeight(p, uint8(rng.Intn(3)))
		h.Update([]image.Point{p})
	}
	check("repaired")
	if !h.CoveredBy(9, g.Bounds()).Empty() || h.EdgeCountIn(0, g.Bounds()) != 0 {
		t.Error("a level out of range covers cells or has edges")
	}
}
