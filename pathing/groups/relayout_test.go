package groups

import (
	"image"
	"slices"
	"testing"

	"pathlens/pathing"
)

// TestUpdateRelayoutKeepsNeighbours splits the one group of a cluster of
// an open 32×32 grid in two with a wall down its middle: a group is added,
// so level 1 is laid out anew and every group after the cluster gets a new
// id. The clusters beside the split one are checked (their neighbour cut
// into other groups) and must keep their edges, mapped through their
// neighbours' old ids to the new ones: only the two halves and the
// clusters above and below the wall (whose cells touch it) are recomputed.
// The repaired graph must equal a fresh build.
func TestUpdateRelayoutKeepsNeighbours(t *testing.T) {
	g := pathing.MustGrid(32, 32)
	cfg := Config{ClusterSize: 8}
	gr, err := Build(g, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	var wall []image.Point
	for y := 8; y < 16; y++ {
		p := image.Pt(12, y)
		g.SetOpen(p, false)
		wall = append(wall, p)
	}
	ch := gr.Update(wall)
	if gr.upd.rebuilt == 0 {
		t.Fatalf("no level laid out anew (patched %d): the test needs level 1 laid out anew", gr.upd.patched)
	}
	fresh, err := Build(g, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := Equal(gr, fresh); err != nil {
		t.Fatalf("repaired graph differs from a fresh build: %v", err)
	}
	var names []string
	for _, id := range ch.Levels[1].Dirty {
		names = append(names, gr.Groups(1)[id].Name)
	}
	slices.Sort(names)
	want := []string{"(1,0)", "(1,1)/1", "(1,1)/2", "(1,2)"}
	if !slices.Equal(names, want) {
		t.Errorf("recomputed %v, want %v", names, want)
	}
}
