package groups

import (
	"fmt"
	"image"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

// fillMap reads rows of '#' (wall) and '.' (floor) in which 'x' marks floor
// cells that the test fills after building; it returns the grid and the x
// cells in row-major order.
func fillMap(t testing.TB, rows string) (*pathing.Grid, []image.Point) {
	t.Helper()
	lines := strings.Split(strings.Trim(rows, "\n"), "\n")
	g := pathing.MustGrid(len(lines[0]), len(lines))
	var xs []image.Point
	for y, ln := range lines {
		if len(ln) != g.Width() {
			t.Fatalf("row %d has %d cells, want %d", y, len(ln), g.Width())
		}
		for x, c := range []byte(ln) {
			switch c {
			case '#':
				g.SetWeight(image.Pt(x, y), 0)
			case 'x':
				xs = append(xs, image.Pt(x, y))
			}
		}
	}
	return g, xs
}

// predecessors starts the oracle for the dirty set, which is computed from
// two fresh builds (before and after an edit) and nothing Update keeps: at
// level l it maps each new group to its predecessor, the one old group its
// cells come from all of whose open cells went to it, and back (-1: none).
func predecessors(before, after *Graph, l int) (pred, succ []int32) {
	bl, al := before.levels[l], after.levels[l]
	pred = make([]int32, len(al.groups))
	succ = make([]int32, len(bl.groups))
	for i := range succ {
		succ[i] = -1
	}
	for id := range al.groups {
		pred[id] = -1
		olds := map[int32]bool{}
		for _, c := range al.cells[al.cellStart[id]:al.cellStart[id+1]] {
			if o := bl.groupOf[c]; o >= 0 {
				olds[o] = true
			}
		}
		if len(olds) != 1 {
			continue
		}
		var o int32
		for o = range olds {
		}
		news := map[int32]bool{}
		for _, c := range bl.cells[bl.cellStart[o]:bl.cellStart[o+1]] {
			if n := al.groupOf[c]; n >= 0 {
				news[n] = true
			}
		}
		if len(news) == 1 && news[int32(id)] {
			pred[id], succ[o] = o, int32(id)
		}
	}
	return pred, succ
}

// sameEdges reports whether new edges ne equal old edges oe (costs within
// tol, entry counts) under a pairing of their targets that match(old, new)
// accepts.
func sameEdges(ne, oe []Edge, tol float64, match func(o, n int32) bool) bool {
	if len(ne) != len(oe) {
		return false
	}
	fits := func(e, f Edge) bool {
		if !match(f.To, e.To) || f.Entries != e.Entries {
			return false
		}
		for k := range e.Costs {
			if math.Abs(e.Costs[k]-f.Costs[k]) > tol {
				return false
			}
		}
		return true
	}
	// A perfect matching by augmenting paths (the lists are short).
	owner := make([]int, len(oe)) // old edge → new edge matched to it, -1
	for i := range owner {
		owner[i] = -1
	}
	var try func(i int, seen []bool) bool
	try = func(i int, seen []bool) bool {
		for j, f := range oe {
			if seen[j] || !fits(ne[i], f) {
				continue
			}
			seen[j] = true
			if owner[j] < 0 || try(owner[j], seen) {
				owner[j] = i
				return true
			}
		}
		return false
	}
	for i := range ne {
		if !try(i, make([]bool, len(oe))) {
			return false
		}
	}
	return true
}

// dirtyBounds returns per level the groups of after that a repair must
// recompute (no predecessor, or other costs under any pairing of old and
// new targets that share a cell) and those it may recompute without
// computing more than it can know: these, the groups whose edges differ at
// all once targets are named by predecessor (a neighbour split or merged,
// or a cost moved in its last bit, as sums taken in another order do), and
// the groups an edit can reach without a search: at level 1 those with a
// cell within one step of an edited cell, above those with a member that
// changed below.
func dirtyBounds(before, after *Graph, edited []image.Point) (must, may [][]int32) {
	L := after.Levels()
	must, may = make([][]int32, L+1), make([][]int32, L+1)
	near := map[int32]bool{}
	grid := after.grid
	for _, p := range edited {
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if q := p.Add(image.Pt(dx, dy)); grid.In(q) {
					near[int32(grid.Index(q))] = true
				}
			}
		}
	}
	var strictBelow map[int32]bool
	for l := 1; l <= L; l++ {
		bl, al := before.levels[l], after.levels[l]
		pred, succ := predecessors(before, after, l)
		strict := map[int32]bool{}
		for id := range al.groups {
			o := pred[id]
			ne := after.Edges(l, int32(id))
			byPred := o >= 0 && sameEdges(ne, before.Edges(l, o), 0, func(x, y int32) bool { return succ[x] == y })
			byCells := o >= 0 && sameEdges(ne, before.Edges(l, o), 1e-9, func(x, y int32) bool {
				for _, c := range al.cells[al.cellStart[y]:al.cellStart[y+1]] {
					if bl.groupOf[c] == x {
						return true
					}
				}
				return false
			})
			reach := false
			if l == 1 {
				for _, c := range al.cells[al.cellStart[id]:al.cellStart[id+1]] {
					reach = reach || near[c]
				}
			} else {
				for _, m := range al.members[al.memStart[id]:al.memStart[id+1]] {
					reach = reach || strictBelow[m]
				}
			}
			if !byCells {
				must[l] = append(must[l], int32(id))
			}
			if !byPred {
				strict[int32(id)] = true
			}
			if !byPred || reach {
				may[l] = append(may[l], int32(id))
			}
		}
		strictBelow = strict
	}
	return must, may
}

// fillAndCheck builds gr on g and fills the cells one Update at a time
// (perCell) or in one Update. After each it checks that the repaired graph
// equals a fresh build and that the dirty groups lie between the oracle's
// bounds (dirtyBounds). It returns the dirty groups per level (summed over
// the updates) and the last update's must-recompute set.
func fillAndCheck(t *testing.T, g *pathing.Grid, cfg Config, fill []image.Point, perCell bool) (dirty []int, must [][]int32, last Change) {
	t.Helper()
	gr, err := Build(g, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	batches := [][]image.Point{fill}
	if perCell {
		batches = nil
		for _, p := range fill {
			batches = append(batches, []image.Point{p})
		}
	}
	dirty = make([]int, gr.Levels()+1)
	for _, batch := range batches {
		before, _ := Build(g.Clone(), cfg, nil)
		for _, p := range batch {
			g.SetWeight(p, 0)
		}
		last = gr.Update(batch)
		fresh, err := Build(g, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		if d := diffGraphs(gr, fresh); d != "" {
			t.Fatalf("after filling %v: repaired graph differs from a fresh build: %s", batch, d)
		}
		var msg string
		if must, msg = checkDirty(last, before, fresh, batch); msg != "" {
			t.Errorf("after filling %v: %s", batch, msg)
		}
		for l := 1; l <= gr.Levels(); l++ {
			dirty[l] += len(last.Levels[l].Dirty)
		}
	}
	return dirty, must, last
}

// checkDirty compares the dirty groups of ch, the repair that turned before
// into fresh (both built from scratch) after the edited cells, with the
// oracle's bounds. It returns the must-recompute sets and "" or what is wrong.
func checkDirty(ch Change, before, fresh *Graph, edited []image.Point) ([][]int32, string) {
	must, may := dirtyBounds(before, fresh, edited)
	for l := 1; l <= fresh.Levels(); l++ {
		ds := ch.Levels[l].Dirty
		for _, id := range must[l] {
			if !slices.Contains(ds, id) {
				return must, fmt.Sprintf("level %d group %d (%s) has other costs but was not recomputed", l, id, fresh.Groups(l)[id].Name)
			}
		}
		for _, id := range ds {
			if !slices.Contains(may[l], id) {
				return must, fmt.Sprintf("level %d group %d (%s) was recomputed needlessly", l, id, fresh.Groups(l)[id].Name)
			}
		}
	}
	return must, ""
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// Five cells filled in the middle of a room: with 8×8 clusters the cells
// and their eight neighbours stay inside one cluster, so only that cluster's
// group has new connection costs at level 1, and only the groups holding it
// above. The rooms around keep their costs: their cells, the steps out of
// them and the way their neighbour cells fall into groups are all unchanged.
const roomFill = `
################################################
#.......#.......#...............#..............#
#.......#.......................#..............#
#..xxxxx#.......#...............#..............#
#.......#.......#...............#..............#
#.......#.......#...............................
#...............#...............#..............#
#.......#.......#...............#..............#
####.########.######.######.#######.######.#####
#.......#.......#...............#..............#
#.......#.......#...............#..............#
#...............................#..............#
#.......#.......#...............#..............#
#.......#.......#...............................
#.......#.......#...............#..............#
#.......#.......#...............#..............#
################################################
`

func TestUpdateDirtyRoomFill(t *testing.T) {
	g, xs := fillMap(t, roomFill)
	cfg := Config{ClusterSize: 8, Levels: 3}
	dirty, must, _ := fillAndCheck(t, g, cfg, xs, false)
	t.Logf("one update: dirty per level %v (total %d), with other costs %v", dirty[1:], sum(dirty), lens(must[1:]))
	// The room's group must be recomputed to learn that its costs stayed
	// (the row leaves the routes between its doors as they were); nothing
	// above has to be.
	if want := []int{0, 1, 0, 0}; !slices.Equal(dirty, want) {
		t.Errorf("dirty per level %v, want %v", dirty[1:], want[1:])
	}
	// The same fill painted cell by cell (what a brush stroke does).
	g, xs = fillMap(t, roomFill)
	dirty, _, _ = fillAndCheck(t, g, cfg, xs, true)
	t.Logf("cell by cell: dirty per level %v (total %d)", dirty[1:], sum(dirty))
	if want := []int{0, len(xs), 0, 0}; !slices.Equal(dirty, want) {
		t.Errorf("cell by cell: dirty per level %v, want %v", dirty[1:], want[1:])
	}
}

// A fill that seals a door splits nothing but removes a connection: the
// rooms on each side are recomputed (and change), the level-2 group holding
// both is recomputed because its members changed (and keeps its costs), and
// nothing else is.
const doorFill = `
################################
#.......#.......#..............#
#.......#.......#..............#
#.......#.......#..............#
#.......x.......#..............#
#.......#.......#..............#
#.......#.......#..............#
#.......#.......#..............#
####.########.#########.########
#.......#.......#..............#
#...............#..............#
#.......#.......#..............#
#.......#......................#
#.......#.......#..............#
################################
`

func TestUpdateDirtyDoorFill(t *testing.T) {
	g, xs := fillMap(t, doorFill)
	cfg := Config{ClusterSize: 8, Levels: 3}
	dirty, must, ch := fillAndCheck(t, g, cfg, xs, false)
	t.Logf("dirty per level %v, with other costs %v", dirty[1:], lens(must[1:]))
	// The two rooms lose their connection; the level-2 group holding both
	// is recomputed (its members changed) and keeps its costs, since the
	// rooms below still join them; level 3 is left alone.
	if want := []int{0, 2, 1, 0}; !slices.Equal(dirty, want) {
		t.Errorf("dirty per level %v, want %v", dirty[1:], want[1:])
	}
	if len(ch.Levels[1].RemovedEdges) != 2 || len(ch.Levels[1].AddedEdges) != 0 {
		t.Errorf("sealing the door: removed %v, added %v; want the two directions removed", ch.Levels[1].RemovedEdges, ch.Levels[1].AddedEdges)
	}
}

// TestUpdateDirtyMovingAI fills five cells in a row at a few places of two
// Moving AI maps with three levels, in one update and cell by cell, and
// checks each repair against a fresh build and the oracle's bounds.
func TestUpdateDirtyMovingAI(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skip("no Moving AI maps: set PATHLENS_MAPS or put them in ../shared/maps/movingai")
	}
	names := []string{"8room_000.map", "AR0011SR.map"}
	if testing.Short() {
		names = names[:1]
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			m, err := maps.LoadMap(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			g := m.Grid
			for i, at := range []image.Point{{257, 257}, {100, 300}, {300, 64}} {
				fill := fiveOpen(g, at)
				if fill == nil {
					continue
				}
				modes := []bool{false}
				if i == 0 {
					modes = append(modes, true) // also cell by cell, like a brush
				}
				for _, perCell := range modes {
					dirty, must, _ := fillAndCheck(t, g.Clone(), Config{Levels: 3}, fill, perCell)
					t.Logf("fill %v (one update per cell: %v): dirty per level %v, total %d; other costs (last update) %v",
						fill[0], perCell, dirty[1:], sum(dirty), lens(must[1:]))
				}
			}
		})
	}
}

func lens(xs [][]int32) []int {
	var n []int
	for _, x := range xs {
		n = append(n, len(x))
	}
	return n
}

// fiveOpen returns the first five open cells in a row at or after p
// (row-major), or nil.
func fiveOpen(g *pathing.Grid, p image.Point) []image.Point {
	for y := p.Y; y < g.Height(); y++ {
		for x := 0; x+5 <= g.Width(); x++ {
			if y == p.Y && x < p.X {
				continue
			}
			var cs []image.Point
			for k := 0; k < 5 && g.Open(image.Pt(x+k, y)); k++ {
				cs = append(cs, image.Pt(x+k, y))
			}
			if len(cs) == 5 {
				return cs
			}
		}
	}
	return nil
}
