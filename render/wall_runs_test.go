package render

import (
	"image"
	"slices"
	"testing"

	"pathlens/game/world"
	"pathlens/pathing"
)

// wallRunsByScan lists, cell by cell, the runs of the lines every side
// cells of g that lie between two walls: what wallRuns drew by scanning
// every frame before its cache.
func wallRunsByScan(g *pathing.Grid, side int) []wallRun {
	var runs []wallRun
	wall := func(x, y int) bool { return !g.Open(image.Pt(x, y)) }
	for x := side; x < g.Width(); x += side {
		for y := 0; y < g.Height(); y++ {
			if wall(x-1, y) && wall(x, y) {
				if n := len(runs); n > 0 && runs[n-1].vert && runs[n-1].at == int32(x) && runs[n-1].to == int32(y) {
					runs[n-1].to++
				} else {
					runs = append(runs, wallRun{true, int32(x), int32(y), int32(y + 1)})
				}
			}
		}
	}
	for y := side; y < g.Height(); y += side {
		for x := 0; x < g.Width(); x++ {
			if wall(x, y-1) && wall(x, y) {
				if n := len(runs); n > 0 && !runs[n-1].vert && runs[n-1].at == int32(y) && runs[n-1].to == int32(x) {
					runs[n-1].to++
				} else {
					runs = append(runs, wallRun{false, int32(y), int32(x), int32(x + 1)})
				}
			}
		}
	}
	return runs
}

// The cached wall runs of each cluster side are those a scan of the grid
// finds, and a dig that opens a wall on a cluster line (a new grid
// version) is seen at the next frame: the cache does not draw the wall
// that was there.
func TestWallRunsCacheFollowsTheGrid(t *testing.T) {
	w := builtinWorld(t, world.AlgoHPA)
	r := New()
	f := &Frame{World: w}
	for _, side := range []int{10, 20} {
		if got, want := r.wallLines.of(f, side), wallRunsByScan(w.Grid, side); !slices.Equal(got, want) {
			t.Fatalf("side %d: %d cached runs, want the %d a scan finds", side, len(got), len(want))
		}
	}
	runs := r.wallLines.of(f, 10)
	if len(runs) == 0 {
		t.Fatal("the built-in world has no wall on a cluster line: the test needs one")
	}
	run := runs[0]
	p := image.Pt(int(run.at), int(run.from))
	if !run.vert {
		p = image.Pt(int(run.from), int(run.at))
	}
	w.ApplyEdit(world.Edit{Kind: world.EditDig, Cells: []world.CellEdit{{P: p, New: 1}}})
	if w.Grid.Open(p) != true {
		t.Fatalf("the dig did not open %v", p)
	}
	if got, want := r.wallLines.of(f, 10), wallRunsByScan(w.Grid, 10); !slices.Equal(got, want) {
		t.Errorf("after a dig at %v: %d cached runs, want the %d a scan finds", p, len(got), len(want))
	}
}
