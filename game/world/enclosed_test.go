package world

import (
	"image"
	"strings"
	"testing"
)

// The teacher's finding: with the cells around S filled (S itself left
// open) the only message was "no path from (23,30) to (125,65)". It says
// why: the start (or the goal) is walled in, and how many cells its
// connected area has, for every algorithm.
func TestNoPathSaysTheEndpointIsWalledIn(t *testing.T) {
	for _, algo := range []Algo{AlgoAStar, AlgoHPA, AlgoGroup} {
		for _, goalSide := range []bool{false, true} {
			w, _ := openWorld(t, 32, 32, algo)
			start, goal := image.Pt(5, 5), image.Pt(25, 25)
			if !w.SetEndpoints(start, goal) {
				t.Fatal("query refused")
			}
			w.Wait()
			shut := start
			if goalSide {
				shut = goal
			}
			// A ring around shut and the cell beside it: an area of 2 cells.
			var ring []CellEdit
			for y := shut.Y - 1; y <= shut.Y+1; y++ {
				for x := shut.X - 1; x <= shut.X+2; x++ {
					if p := image.Pt(x, y); p != shut && p != shut.Add(image.Pt(1, 0)) {
						ring = append(ring, CellEdit{P: p})
					}
				}
			}
			w.ApplyEdit(Edit{Kind: EditFill, Cells: ring})
			w.Wait()
			end := "start"
			if goalSide {
				end = "goal"
			}
			want := "no path from (5,5) to (25,25): the " + end + " is walled in: its connected area has 2 cells"
			if !strings.HasPrefix(w.Message, want) {
				t.Errorf("%v, %s walled in: message %q, want it to begin %q", algo, end, w.Message, want)
			}
		}
	}
}
