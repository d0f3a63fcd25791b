package world

import (
	"image"
	"strings"
	"testing"
)

// CheckRepair passes after repaired edits, and finds a hierarchy left
// behind by its grid: a cell changed without Update (in both the grid and
// the hierarchy's copy, so only the structures differ), and a grid changed
// behind the copy.
func TestCheckRepairFindsAStaleHierarchy(t *testing.T) {
	for _, algo := range []Algo{AlgoHPA, AlgoGroup} {
		w, _ := openWorld(t, 40, 40, algo)
		w.SetEndpoints(image.Pt(1, 1), image.Pt(38, 38))
		w.Wait()
		w.ApplyEdit(Edit{Kind: EditFill, Cells: []CellEdit{{P: image.Pt(10, 9), New: 0}, {P: image.Pt(20, 19), New: 0}}})
		w.Undo()
		w.Redo()
		w.Wait()
		if err := w.CheckRepair(); err != nil {
			t.Fatalf("%v after repaired edits: %v", algo, err)
		}
		p := image.Pt(19, 20) // on a level-1 cluster border: it changes entrances
		w.Grid.SetOpen(p, false)
		w.hierGrid.SetOpen(p, false)
		if err := w.CheckRepair(); err == nil || !strings.Contains(err.Error(), "differs from a fresh build") {
			t.Errorf("%v: a cell filled without Update: %v", algo, err)
		}
		w.hierGrid.SetOpen(p, true)
		if err := w.CheckRepair(); err == nil || !strings.Contains(err.Error(), "copy of the grid") {
			t.Errorf("%v: the grid changed behind the copy: %v", algo, err)
		}
	}
}

// A group hierarchy kept while A* is on is compared with a build of the
// rooms it was built with: rooms painted since rebuild it only when it is
// next used (a monkey test's false alarm read "Region 0 vs Region 65").
func TestCheckRepairUsesTheHierarchysOwnRooms(t *testing.T) {
	w, _ := openWorld(t, 40, 40, AlgoGroup)
	w.SetEndpoints(image.Pt(1, 1), image.Pt(38, 38))
	w.Wait()
	w.SetAlgo(AlgoAStar)
	w.Wait()
	w.BeginRoomStroke(image.Pt(5, 5), 1, 'A', 3)
	w.EndRoomStroke()
	w.Wait()
	if _, ok := w.hier.(*groupHier); !ok {
		t.Fatalf("the group hierarchy was not kept under A*: %T", w.hier)
	}
	if err := w.CheckRepair(); err != nil {
		t.Errorf("rooms painted under A*: %v", err)
	}
}
