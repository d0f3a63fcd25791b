package world

import (
	"image"
	"math/rand"
	"strings"
	"testing"

	"pathlens/maps"
)

// A stroke repairs the hierarchy at every mouse move; its report is the net
// change, as one update of the same cells gives it (a redo): a node a move
// added and a later move removed is no change, and is not flashed as added
// where a wall now stands. The sum of the moves' reports showed +44 −40
// nodes for a fill that changed +12 −8.
func TestStrokeRepairIsTheNetChange(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	rows := make([]string, 24)
	for y := range rows {
		var b strings.Builder
		for x := 0; x < 32; x++ {
			if rng.Intn(100) < 12 {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		rows[y] = b.String()
	}
	m, err := maps.ReadASCII(strings.NewReader(strings.Join(rows, "\n")+"\n"), "net")
	if err != nil {
		t.Fatal(err)
	}
	w := New(m)
	w.Settings.Algo = AlgoHPA
	w.Settings.ClusterSize = 4
	w.Begin()
	w.Wait()
	if w.Hierarchy() == nil {
		t.Fatal("no hierarchy")
	}
	strokes := 0
	for y := 3; y < 24; y += 4 { // rows along cluster borders, and off them
		var start image.Point
		found := false
		for x := 0; x < 32; x++ {
			if w.Grid.Open(image.Pt(x, y)) {
				start, found = image.Pt(x, y), true
				break
			}
		}
		if !found {
			continue
		}
		w.BeginStroke(start, 0)
		for x := start.X + 1; x < 32; x++ {
			w.StrokeTo(image.Pt(x, y))
		}
		w.EndStroke()
		w.Wait()
		stroke := w.LastRepair
		w.Undo()
		w.Wait()
		w.Redo()
		w.Wait()
		redo := w.LastRepair
		if stroke.NodesAdded != redo.NodesAdded || stroke.NodesRemoved != redo.NodesRemoved ||
			stroke.AddedEdges != redo.AddedEdges || stroke.RemovedEdges != redo.RemovedEdges ||
			stroke.ChangedEdges != redo.ChangedEdges {
			t.Errorf("row %d: the stroke reports +%d −%d nodes, +%d −%d ~%d edges; the same fill at once +%d −%d, +%d −%d ~%d",
				y, stroke.NodesAdded, stroke.NodesRemoved, stroke.AddedEdges, stroke.RemovedEdges, stroke.ChangedEdges,
				redo.NodesAdded, redo.NodesRemoved, redo.AddedEdges, redo.RemovedEdges, redo.ChangedEdges)
		}
		for _, p := range stroke.AddedNodes {
			if !w.Grid.Open(p) {
				t.Errorf("row %d: the stroke flashes a node added on the wall at %v", y, p)
			}
		}
		if stroke.NodesAdded+stroke.NodesRemoved > 0 {
			strokes++
		}
	}
	if strokes == 0 {
		t.Fatal("no stroke changed a node: the test checks nothing")
	}
}
