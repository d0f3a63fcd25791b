package groups

import (
	"fmt"
	"image"
	"math/rand"
	"slices"
	"testing"

	"pathlens/pathing"
)

// diffGraphs is Equal's description of the first difference ("" when
// the graphs are equal).
func diffGraphs(a, b *Graph) string {
	if err := Equal(a, b); err != nil {
		return err.Error()
	}
	return ""
}

// TestUpdateEqualsBuild edits random cells (single cells, then batches,
// borders included) and checks after each repair that the graph equals a
// fresh build of the same grid, for clusters and regions, 1 to 3 levels.
func TestUpdateEqualsBuild(t *testing.T) {
	for _, tc := range []struct {
		name    string
		cfg     Config
		regions bool
	}{
		{"clusters-L1", Config{ClusterSize: 4, Levels: 1}, false},
		{"clusters-L3", Config{ClusterSize: 3, Levels: 3}, false},
		{"four-L2", Config{ClusterSize: 5, Levels: 2, Neighborhood: pathing.Four}, false},
		{"regions-L2", Config{ClusterSize: 4, Levels: 2}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rand.New(rand.NewSource(3))
			g := randomGrid(37, 29, 25, 11)
			var regions [][]byte
			if tc.regions {
				// Rooms by a coarse pattern, with region-less holes, and a
				// second layer gathering rooms by halves.
				l1 := make([]byte, g.Len())
				l2 := make([]byte, g.Len())
				for i := range l1 {
					p := g.Point(i)
					l1[i] = byte('A' + (p.X/9)%26 + 3*((p.Y/7)%3))
					if (p.X+p.Y)%11 == 0 {
						l1[i] = ' '
					}
					l2[i] = byte('a' + p.X/19)
				}
				regions = [][]byte{l1, l2}
			}
			gr, err := Build(g, tc.cfg, regions)
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; step < 60; step++ {
				n := 1
				if step%5 == 4 {
					n = 1 + r.Intn(12)
				}
				before, err := Build(g.Clone(), tc.cfg, regions)
				if err != nil {
					t.Fatal(err)
				}
				var changed []image.Point
				for i := 0; i < n; i++ {
					p := image.Point{r.Intn(g.Width()), r.Intn(g.Height())}
					if r.Intn(6) == 0 { // borders and corners
						p.X = []int{0, g.Width() - 1}[r.Intn(2)]
					}
					w := uint8(0)
					if !g.Open(p) {
						w = uint8(1 + r.Intn(3))
					}
					g.SetWeight(p, w)
					changed = append(changed, p)
				}
				ch := gr.Update(changed)
				if ch.Empty() {
					t.Fatalf("step %d: Update of %v reports no change", step, changed)
				}
				// Locality: one cell and its eight neighbours touch at most
				// four clusters, and their groups and neighbours are a small
				// part of the map. (A region is one key, so touching it
				// regroups the whole region.)
				if n == 1 && !tc.regions && len(ch.Levels[1].Regrouped) > 4 {
					t.Fatalf("step %d: one cell regrouped %d clusters: %v", step, len(ch.Levels[1].Regrouped), ch.Levels[1].Regrouped)
				}
				if n == 1 && !tc.regions && len(ch.Levels[1].Dirty) > len(gr.Groups(1))/3 {
					t.Fatalf("step %d: one cell made %d of %d groups dirty", step, len(ch.Levels[1].Dirty), len(gr.Groups(1)))
				}
				fresh, err := Build(g, tc.cfg, regions)
				if err != nil {
					t.Fatal(err)
				}
				if d := diffGraphs(gr, fresh); d != "" {
					t.Fatalf("step %d (changed %v): repaired graph differs from a fresh build: %s", step, changed, d)
				}
				// Recomputed: every group with other costs, and no group the
				// edit could not reach (dirtyBounds).
				if _, msg := checkDirty(ch, before, fresh, changed); msg != "" {
					t.Fatalf("step %d (changed %v): %s", step, changed, msg)
				}
				if msg := checkEdgeReport(ch, before, fresh); msg != "" {
					t.Fatalf("step %d (changed %v): %s", step, changed, msg)
				}
			}
			if ch := gr.Update([]image.Point{{-1, -1}}); !ch.Empty() {
				t.Errorf("a cell outside the grid changed something: %+v", ch)
			}
		})
	}
}

// twoRooms builds one level over rooms A and B joined by a door at (3,1),
// a cell of A; it returns the grid, the rooms' layer and the graph.
func twoRooms(t *testing.T) (*pathing.Grid, []byte, *Graph) {
	t.Helper()
	g, layer := asciiGrid(t, `
AAA#BBB
AAA.BBB
AAA#BBB
`)
	layer[1*7+3] = 'A'
	gr, err := Build(g, Config{Levels: 1}, [][]byte{layer})
	if err != nil {
		t.Fatal(err)
	}
	return g, layer, gr
}

// TestUpdateReportsEdges: sealing the only door between two rooms removes
// both directions of their connection, and opening it adds them back.
func TestUpdateReportsEdges(t *testing.T) {
	g, _, gr := twoRooms(t)
	door := image.Point{3, 1}
	g.SetWeight(door, 0)
	ch := gr.Update([]image.Point{door})
	if len(ch.Levels[1].RemovedEdges) != 2 || len(ch.Levels[1].AddedEdges) != 0 {
		t.Fatalf("sealing the door: %+v", ch.Levels[1])
	}
	if _, ok := gr.Edge(1, gr.FindGroup(1, "A"), gr.FindGroup(1, "B")); ok {
		t.Fatal("A→B survives a sealed door")
	}
	pl := NewPlanner(gr)
	if _, err := pl.Walk(image.Point{0, 0}, image.Point{6, 2}, Options{}); err == nil {
		t.Fatal("walk through a sealed door succeeded")
	}
	g.SetWeight(door, 1)
	ch = gr.Update([]image.Point{door})
	if len(ch.Levels[1].AddedEdges) != 2 || len(ch.Levels[1].RemovedEdges) != 0 {
		t.Fatalf("opening the door: %+v", ch.Levels[1])
	}
	wr, err := pl.Walk(image.Point{0, 0}, image.Point{6, 2}, Options{})
	if err != nil || pathing.ValidatePath(g, wr.Path, pathing.Eight) != nil {
		t.Fatalf("walk after reopening: %v", err)
	}
}

// TestUpdateReportsCostChanges: a weight change beside a door keeps both
// rooms connected, so no connection appears or disappears, but the step
// through the door costs more: the connections whose costs moved are
// reported as changed, and a fresh build has the same costs. Weighting a
// cell far from every door changes nothing.
func TestUpdateReportsCostChanges(t *testing.T) {
	g, layer, gr := twoRooms(t)
	a, b := gr.FindGroup(1, "A"), gr.FindGroup(1, "B")
	before, _ := gr.Edge(1, a, b)
	inside := image.Point{4, 1} // B's cell the door steps into
	g.SetWeight(inside, 5)
	ch := gr.Update([]image.Point{inside})
	lc := ch.Levels[1]
	if len(lc.AddedEdges) != 0 || len(lc.RemovedEdges) != 0 {
		t.Fatalf("a weight change beside the door added %v, removed %v; want neither", lc.AddedEdges, lc.RemovedEdges)
	}
	after, _ := gr.Edge(1, a, b)
	if before.Costs == after.Costs {
		t.Fatalf("A→B costs %v before and after: the edit was meant to change them", after.Costs)
	}
	found := false
	for _, e := range lc.ChangedEdges {
		found = found || e.From == a && e.To == b && e.FromName == "A" && e.ToName == "B"
	}
	if !found {
		t.Fatalf("changed edges %+v, want A→B among them", lc.ChangedEdges)
	}
	fresh, err := Build(g, gr.Config(), [][]byte{layer})
	if err != nil {
		t.Fatal(err)
	}
	if d := diffGraphs(gr, fresh); d != "" {
		t.Fatal(d)
	}
	far := image.Point{0, 0}
	g.SetWeight(far, 2)
	if lc := gr.Update([]image.Point{far}).Levels[1]; len(lc.ChangedEdges) != 0 {
		t.Errorf("a weight far from the door changed %+v", lc.ChangedEdges)
	}
}

// checkEdgeReport compares ch's edge lists with the edges of before and
// after (fresh builds of the grid before and after the update) matched
// through ch's successor maps: an old edge whose ends both continue, to an
// edge of after between the successors, is kept (changed when its costs or
// entries differ), any other old edge removed, any other edge of after
// added. It returns the first disagreement, or "".
func checkEdgeReport(ch Change, before, after *Graph) string {
	type pair [2]int32
	for l := 1; l <= after.Levels(); l++ {
		lc := ch.Levels[l]
		succ := lc.Successor
		if succ == nil { // untouched: ids kept
			succ = make([]int32, len(before.Groups(l)))
			for i := range succ {
				succ[i] = int32(i)
			}
		}
		var added, removed, changed []pair
		kept := map[pair]bool{}
		for _, g := range before.Groups(l) {
			for _, e := range before.Edges(l, g.ID) {
				a, b := succ[e.From], succ[e.To]
				n, ok := after.Edge(l, a, b)
				if a < 0 || b < 0 || !ok {
					removed = append(removed, pair{e.From, e.To})
					continue
				}
				kept[pair{a, b}] = true
				if !sameEdgeData(e, n) {
					changed = append(changed, pair{a, b})
				}
			}
		}
		for _, g := range after.Groups(l) {
			for _, e := range after.Edges(l, g.ID) {
				if !kept[pair{e.From, e.To}] {
					added = append(added, pair{e.From, e.To})
				}
			}
		}
		for _, c := range []struct {
			what string
			want []pair
			refs []EdgeRef
		}{{"added", added, lc.AddedEdges}, {"removed", removed, lc.RemovedEdges}, {"changed", changed, lc.ChangedEdges}} {
			var got []pair
			for _, r := range c.refs {
				got = append(got, pair{r.From, r.To})
			}
			cmp := func(x, y pair) int {
				if x[0] != y[0] {
					return int(x[0] - y[0])
				}
				return int(x[1] - y[1])
			}
			slices.SortFunc(got, cmp)
			slices.SortFunc(c.want, cmp)
			if !slices.Equal(got, c.want) {
				return fmt.Sprintf("level %d: edges reported %s %v, want %v", l, c.what, got, c.want)
			}
		}
	}
	return ""
}
