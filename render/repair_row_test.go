package render

import (
	"image"
	"strings"
	"testing"
	"time"

	"pathlens/game/world"
)

// Regression (panel text): one dug cell repairs one cluster, and the row
// read "last repair 64 µs, 1 clusters".
func TestLastRepairRowCountsClustersInEnglish(t *testing.T) {
	w := openWorld(t, 40, 30)
	w.Settings.Algo = world.AlgoHPA
	w.SetEndpoints(image.Pt(1, 1), image.Pt(38, 28))
	w.BeginStroke(image.Pt(14, 14), 0)
	w.EndStroke()
	w.Wait()
	rp := &w.LastRepair
	if rp.DirtyCount() == 0 || len(rp.Dirty) < 2 || len(rp.Dirty[1]) == 0 {
		t.Fatalf("the dig repaired nothing: %+v", rp)
	}
	// A fixed time, so the row's width is the test's: under load a
	// "2.20 ms," wrapped it and the count went to the next line.
	rp.Time = 50 * time.Microsecond
	// Its figures as one cluster's repair (a dig here touches a level-2
	// cluster too).
	rp.Dirty = [][]image.Rectangle{nil, rp.Dirty[1][:1]}
	rp.NodesAdded, rp.NodesRemoved = 0, 0
	txt := panelText(New(), w, nil)
	if !strings.Contains(txt, ", 1 cluster") || strings.Contains(txt, "1 clusters") {
		t.Errorf("last repair row: want \"…, 1 cluster\", got %s", txt)
	}
	rp.Dirty = [][]image.Rectangle{nil, {image.Rect(0, 0, 10, 10), image.Rect(10, 0, 20, 10)}}
	if txt := panelText(New(), w, nil); !strings.Contains(txt, ", 2 clusters") {
		t.Errorf("last repair row of two: want \"…, 2 clusters\", got %s", txt)
	}
	// Two levels: the row splits the count by level, and under the group
	// hierarchy it counts groups (a tester read "4 clusters" for one dug
	// cell that redid two groups at each of two levels).
	rp.Dirty = [][]image.Rectangle{nil, {image.Rect(0, 0, 10, 10), image.Rect(10, 0, 20, 10)}, {image.Rect(0, 0, 20, 20)}}
	if txt := panelText(New(), w, nil); !strings.Contains(txt, ", 3 clusters (L1 2, L2 1)") {
		t.Errorf("last repair row over two levels: want \"…, 3 clusters (L1 2, L2 1)\", got %s", txt)
	}
	if got := repairedText(rp, true); got != "3 groups (L1 2, L2 1)" {
		t.Errorf("group hierarchy: %q, want \"3 groups (L1 2, L2 1)\"", got)
	}
}
