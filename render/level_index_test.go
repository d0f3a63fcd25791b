package render

import (
	"image"
	"math/rand/v2"
	"testing"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// The spatial index of a level's nodes and edges holds each node in the
// bucket of its cell and each edge in the bucket of its A end, once, and
// a query visits every edge touching the rectangle asked for; so after a
// repair too, when the build reuses the last index's arrays.
func TestLevelIndexBucketsEveryNodeAndEdge(t *testing.T) {
	const n = 150
	g := pathing.MustGrid(n, n)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < n*n/8; i++ {
		g.SetOpen(image.Pt(rng.IntN(n), rng.IntN(n)), false)
	}
	w := world.New(&maps.Map{Name: "random", Grid: g})
	t.Cleanup(w.Close)
	w.Settings.Algo = world.AlgoHPA
	w.Settings.ClusterSize = 8
	w.Settings.Levels = 3
	a, _ := g.NearestOpen(image.Pt(2, 2), 10)
	z, _ := g.NearestOpen(image.Pt(n-3, n-3), 10)
	w.SetEndpoints(a, z)
	w.Wait()
	h := w.Hierarchy()
	if h == nil {
		t.Fatal("no hierarchy")
	}
	r := New()
	check := func(when string) {
		t.Helper()
		for l := 1; l <= h.Levels(); l++ {
			ix := r.index(&Frame{World: w}, h, l, g.Bounds())
			v := ix.view
			bucket := func(p image.Point) int {
				x := min(max(p.X/bucketSide, 0), ix.bw-1)
				y := min(max(p.Y/bucketSide, 0), ix.bh-1)
				return y*ix.bw + x
			}
			seenN := make([]int, len(v.Nodes))
			seenE := make([]int, len(v.Edges))
			reach := 0
			for b := 0; b < ix.bw*ix.bh; b++ {
				for _, i := range ix.nodeIdx[ix.nodeStart[b]:ix.nodeStart[b+1]] {
					seenN[i]++
					if got := bucket(v.Nodes[i].Cell); got != b {
						t.Fatalf("%s, level %d: node at %v in bucket %d, want %d", when, l, v.Nodes[i].Cell, b, got)
					}
				}
				for _, i := range ix.edgeIdx[ix.edgeStart[b]:ix.edgeStart[b+1]] {
					seenE[i]++
					if got := bucket(v.Edges[i].A); got != b {
						t.Fatalf("%s, level %d: edge from %v in bucket %d, want %d", when, l, v.Edges[i].A, b, got)
					}
				}
			}
			for i, k := range seenN {
				if k != 1 {
					t.Fatalf("%s, level %d: node %d indexed %d times", when, l, i, k)
				}
			}
			for i, k := range seenE {
				if k != 1 {
					t.Fatalf("%s, level %d: edge %d indexed %d times", when, l, i, k)
				}
				e := v.Edges[i]
				reach = max(reach, iabs(e.A.X-e.B.X), iabs(e.A.Y-e.B.Y))
			}
			if ix.reach != reach {
				t.Errorf("%s, level %d: reach %d, want %d", when, l, ix.reach, reach)
			}
			rc := image.Rect(37, 51, 70, 66)
			visited := map[*world.ViewEdge]bool{}
			ix.eachEdge(rc, func(e *world.ViewEdge) { visited[e] = true })
			for i := range v.Edges {
				e := &v.Edges[i]
				if (image.Rectangle{e.A, e.A.Add(image.Pt(1, 1))}).Union(image.Rectangle{e.B, e.B.Add(image.Pt(1, 1))}).Overlaps(rc) && !visited[e] {
					t.Errorf("%s, level %d: edge %v→%v touches %v, not visited", when, l, e.A, e.B, rc)
				}
			}
		}
	}
	check("built")
	seq := w.RepairSeq
	w.BeginStroke(a.Add(image.Pt(0, 4)), 0)
	w.StrokeTo(a.Add(image.Pt(20, 4)))
	w.EndStroke()
	w.Wait()
	if w.RepairSeq == seq {
		t.Fatal("the stroke repaired nothing: the test wants a rebuild after a repair")
	}
	check("repaired")
}
