package world

import (
	"image"
	"testing"
)

// Regression (review: HPA*, dig along the top border, `]` from cluster 10
// to 12, Shift+R drew the old 10×10 rectangles, and still held them after
// switching to A*): a switch that rebuilds or drops the hierarchy clears
// the last repair, which described the old one; a switch passed per query
// (the heuristic) keeps it.
func TestSwitchThatRebuildsClearsLastRepair(t *testing.T) {
	dig := func(t *testing.T) *World {
		w, err := Open("builtin:world")
		if err != nil {
			t.Fatal(err)
		}
		w.Settings.Algo = AlgoHPA
		w.Begin()
		w.Wait()
		w.BeginStroke(image.Pt(5, 0), 0)
		w.StrokeTo(image.Pt(9, 0))
		w.EndStroke()
		w.Wait()
		if w.LastRepair.DirtyCount() == 0 {
			t.Fatal("digging along the top border repaired no cluster")
		}
		return w
	}
	for _, c := range []struct {
		name  string
		sw    func(w *World)
		clear bool
	}{
		{"cluster bigger", (*World).ClusterBigger, true},
		{"levels up", (*World).LevelsUp, true},
		{"A*", func(w *World) { w.SetAlgo(AlgoAStar) }, true},
		{"group hierarchy", func(w *World) { w.SetAlgo(AlgoGroup) }, true},
		{"heuristic", (*World).CycleHeuristic, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := dig(t)
			old := w.LastRepair.Dirty
			c.sw(w)
			w.Wait()
			got := w.LastRepair.DirtyCount()
			if c.clear && got != 0 {
				t.Errorf("after %s the last repair still lists %d clusters of the old hierarchy: %v", c.name, got, old)
			}
			if !c.clear && got == 0 {
				t.Errorf("after %s (the hierarchy is kept) the last repair was cleared", c.name)
			}
		})
	}
}
