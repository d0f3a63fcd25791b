package world

import (
	"image"
	"strings"
	"testing"
)

// A weight on the cell a door steps into keeps both sides connected but
// makes the crossing dearer: the repair line counted no edge for the
// group hierarchy (edges_added=0 edges_removed=0, as if nothing changed)
// and, for HPA*, one edge added and one removed for a connection that is
// still there. Both now say an edge changed, and none came or went.
func TestRepairLogCountsChangedEdges(t *testing.T) {
	for _, algo := range []Algo{AlgoGroup, AlgoHPA} {
		t.Run(algo.String(), func(t *testing.T) {
			w, log := mustWorld(t,
				"....#...",
				"........",
				"....#...",
				"....#...",
			)
			w.Settings.Algo = algo
			w.Settings.ClusterSize = 4
			w.Settings.Levels = 1
			w.Begin()
			w.Wait()
			if w.Hierarchy() == nil {
				t.Fatalf("no hierarchy: %v", w.HierarchyError())
			}
			door := image.Pt(4, 1) // the right side's cell the door steps into
			w.ApplyEdit(Edit{Kind: EditWeight, Weight: 5, Cells: []CellEdit{{P: door, New: 5}}})
			line := lastLine(t, log, "repair")
			for _, want := range []string{"edges_added=0 ", "edges_removed=0 ", "nodes_added=0 ", "nodes_removed=0 "} {
				if !strings.Contains(line, want) {
					t.Errorf("repair line %q lacks %q: no connection came or went", line, want)
				}
			}
			if !strings.Contains(line, "edges_changed=") || strings.Contains(line, "edges_changed=0 ") {
				t.Errorf("repair line %q: want edges_changed above 0, the crossing's cost changed", line)
			}
			t.Log(line)
		})
	}
}
