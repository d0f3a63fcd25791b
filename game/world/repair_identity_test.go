package world

import (
	"image"
	"strings"
	"testing"

	"pathlens/maps"
)

// myMinimum is the tester's scenario: a hall H over a corridor of small
// rooms A..F, one level of groups.
const myMinimum = `pathlens-scenario 1
name my-minimum
set algo group
set levels 1
set cost minimum
set exclusion off
map inline
#####################
#...................#
#...................#
#.#################.#
#.#################.#
#...................#
#####################
end
regions 1
#####################
#HHHHHHHHHHHHHHHHHHH#
#HHHHHHHHHHHHHHHHHHH#
#H#################H#
#H#################H#
#AAABBBBCCCCDDDDEEEF#
#####################
end
query 2,5 18,5
`

// A stroke digging (10,3) then (10,4) makes a group at (10,3) that grows
// to take (10,4): its bounding box changes between the two updates, yet it
// is one dirty group. The stroke's repair counts the groups groups.Update
// named (H, the dug group, C): 3, not 4 (a box compare counted the new
// group twice). Undo repairs in one update.
func TestStrokeRepairCountsAGrownGroupOnce(t *testing.T) {
	sc, err := maps.ParseScenario(strings.NewReader(myMinimum), "mymin.pls", "")
	if err != nil {
		t.Fatal(err)
	}
	w, err := FromScenario(sc, "mymin.pls")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(w.Close)
	w.Begin()
	w.Wait()
	w.BeginStroke(image.Pt(10, 3), 0)
	w.StrokeTo(image.Pt(10, 4))
	w.EndStroke()
	w.Wait()
	r := w.LastRepair
	if got := r.DirtyCount(); got != 3 {
		t.Errorf("stroke's repair: %d dirty groups %v, want 3 (H, the dug group, C)", got, r.Dirty)
	}
	if len(r.Dirty) > 1 {
		for _, b := range r.Dirty[1] {
			if b.Min.X == 10 && b.Dx() == 1 && b.Dy() == 1 {
				t.Errorf("dirty boxes %v keep the dug group's first box %v, not its grown one", r.Dirty[1], b)
			}
		}
	}
	w.Undo()
	w.Wait()
	if got := w.LastRepair.DirtyCount(); got != 2 {
		t.Errorf("undo's repair: %d dirty groups %v, want 2", got, w.LastRepair.Dirty)
	}
}
