package world

import (
	"image"
	"strings"
	"testing"
)

// Regression (a user): digging a wall cell in a region scenario opened a
// cell in no region, which turned the group hierarchy from the regions
// alone into regions plus square clusters (the cluster size switch came
// alive) with no word. The switch is said, and its undo too.
func TestDigOutsideTheRegionsIsSaid(t *testing.T) {
	w, err := Open("builtin:pathological-minimum")
	if err != nil {
		t.Fatal(err)
	}
	w.Begin()
	w.Wait()
	if w.Settings.Algo != AlgoGroup || !w.regionsCover(w.Settings.LevelCount()) || w.Uses("cluster") {
		t.Fatalf("the scenario should plan on its regions alone: algo %v", w.Settings.Algo)
	}
	wall := image.Pt(20, 15)
	if w.Grid.Open(wall) {
		t.Fatalf("%v is open", wall)
	}
	w.BeginStroke(wall, 0)
	w.EndStroke()
	w.Wait()
	if !w.Uses("cluster") {
		t.Fatal("the dug cell in no region should bring the square clusters in")
	}
	if !strings.Contains(w.Message, "cell (20,15) is open but in no region") || !strings.Contains(w.Message, "square clusters of") {
		t.Errorf("after the dig: %q", w.Message)
	}
	w.Undo()
	w.Wait()
	if w.Uses("cluster") || !strings.Contains(w.Message, "in a region again") {
		t.Errorf("after the undo: uses cluster %v, message %q", w.Uses("cluster"), w.Message)
	}
	// Other edits say nothing of it.
	w.Note("-")
	open := image.Pt(-1, -1)
	for i := 0; i < w.Grid.Len(); i++ {
		if p := w.Grid.Point(i); w.Grid.Open(p) && p != w.Start && p != w.Goal {
			open = p
			break
		}
	}
	w.BeginStroke(open, 3)
	w.EndStroke()
	w.Wait()
	if strings.Contains(w.Message, "region") {
		t.Errorf("a weight edit inside a region: %q", w.Message)
	}
}
