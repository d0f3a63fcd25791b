package world

import (
	"image"
	"testing"
)

// From a designer's test: the panel's hierarchy memory stayed at the
// figure of the hierarchy as built while the nodes and edges beside it
// followed every repair. After a fill the bytes are the repaired
// hierarchy's own, as a full count gives them.
func TestHPASizeBytesFollowRepairs(t *testing.T) {
	w, _ := openWorld(t, 60, 40, AlgoHPA)
	w.SetEndpoints(image.Pt(1, 1), image.Pt(58, 38))
	w.Wait()
	a, ok := w.Hierarchy().(*hpaHier)
	if !ok {
		t.Fatalf("no HPA* hierarchy: %T", w.Hierarchy())
	}
	before := a.Size()
	// A wall across the map, cutting every border it meets.
	var cells []CellEdit
	for y := 0; y < 40; y++ {
		if y != 20 {
			cells = append(cells, CellEdit{P: image.Pt(25, y)})
		}
	}
	for x := 0; x < 60; x += 2 {
		cells = append(cells, CellEdit{P: image.Pt(x, 10)})
	}
	w.ApplyEdit(Edit{Kind: EditFill, Cells: cells})
	w.Wait()
	after := a.Size()
	full := a.h.GraphStats()
	if after.Nodes == before.Nodes && after.Edges == before.Edges {
		t.Fatal("the test wants the fill to change the hierarchy")
	}
	if after.Bytes != full.MemoryBytes || after.Nodes != full.Nodes || after.Edges != full.Edges {
		t.Errorf("after the fill: size %+v; a full count %d nodes, %d edges, %d bytes (before %+v)", after, full.Nodes, full.Edges, full.MemoryBytes, before)
	}
}
