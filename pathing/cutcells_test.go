package pathing_test

import (
	"context"
	"errors"
	"image"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pathlens/pathing"
)

// cutOff returns, by brute force, how many cells filling open cell c cuts
// off from the largest part left of its area: the parts are the areas of
// c's open neighbours once c is filled; all but the largest are cut off.
func cutOff(g *pathing.Grid, c image.Point) int32 {
	h := g.Clone()
	h.SetOpen(c, false)
	seen := map[image.Point]bool{}
	var sum, largest int32
	for _, d := range []image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		s := c.Add(d)
		if !h.In(s) || !h.Open(s) || seen[s] {
			continue
		}
		part := int32(0)
		stack := []image.Point{s}
		seen[s] = true
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			part++
			for _, e := range []image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				q := p.Add(e)
				if h.In(q) && h.Open(q) && !seen[q] {
					seen[q] = true
					stack = append(stack, q)
				}
			}
		}
		sum += part
		largest = max(largest, part)
	}
	return sum - largest
}

// TestCutCellsDrawn: the door between two rooms and the cell on either side
// of it (each the door's only way into its room), and the cells of a
// corridor, are cut cells (X); cells of a room, of a ring, a lone cell and
// the ends of a corridor are not. The figures are what each cuts off.
func TestCutCellsDrawn(t *testing.T) {
	for _, c := range []struct{ rows, want string }{
		{"...#...\n...#...\n.......\n...#...", "...#...\n...#...\n..XXX..\n...#..."},
		{".....\n.#.#.\n.....", ".....\n.#.#.\n....."},                         // rings
		{".#.\n###\n...", ".#.\n###\n.X."},                                     // a lone cell; a corridor of three
		{"..\n..", "..\n.."},                                                   // a square
		{"........#\n#######.#\n.........", ".XXXXXXX#\n#######X#\n.XXXXXXX."}, // one winding corridor
	} {
		rows := strings.Split(c.rows, "\n")
		d := draw(t, rows...)
		cut := pathing.CutCells(d.g, nil)
		var got strings.Builder
		for y, row := range rows {
			if y > 0 {
				got.WriteByte('\n')
			}
			for x := range row {
				ch := row[x]
				if cut[y*len(row)+x] > 0 {
					ch = 'X'
				}
				got.WriteByte(ch)
			}
		}
		if got.String() != c.want {
			t.Errorf("cut cells of\n%s\ngot\n%s\nwant\n%s", c.rows, got.String(), c.want)
		}
	}
	// Two rooms of 12 joined by a door: the door cuts off 12, the cell
	// before it on either side the 11 other cells of its room. On the
	// winding corridor (18 cells) a cell cuts off what lies past it on
	// the shorter side; the junction (7,2) has three parts, 7, 1 and 9,
	// and cuts off 8.
	d := draw(t, "...#...", "...#...", ".......", "...#...")
	cut := pathing.CutCells(d.g, nil)
	if got := []int32{cut[2*7+2], cut[2*7+3], cut[2*7+4]}; got[0] != 11 || got[1] != 12 || got[2] != 11 {
		t.Errorf("door cells cut off %v, want 11 12 11", got)
	}
	d = draw(t, "........#", "#######.#", ".........")
	cut = pathing.CutCells(d.g, nil)
	if cut[1] != 1 || cut[7] != 7 || cut[2*9+7] != 8 {
		t.Errorf("corridor cells cut off %d, %d, %d, want 1, 7, 8", cut[1], cut[7], cut[2*9+7])
	}
}

// TestCutCellsAgainstBruteForce fills each open cell of random grids in
// turn and compares with CutCells, at densities from open to mostly wall,
// on 4- and 8-connected moves alike (the doc's claim: filling a cell
// splits the same cells apart whatever the neighbourhood).
func TestCutCellsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	for k := 0; k < 60; k++ {
		w, h := 1+rng.IntN(14), 1+rng.IntN(14)
		g := randomGrid(rng, w, h, []float64{0.1, 0.3, 0.45, 0.6}[k%4], false)
		cut := pathing.CutCells(g, nil)
		for i := range cut {
			p := g.Point(i)
			want := int32(0)
			if g.Open(p) {
				want = cutOff(g, p)
			}
			if cut[i] != want {
				t.Fatalf("grid %d (%d×%d): cell %v cuts off %d, brute force %d", k, w, h, p, cut[i], want)
			}
			if want > 0 && !splitsEight(g, p) {
				t.Fatalf("grid %d: cell %v splits 4-connected moves but not 8-connected ones", k, p)
			}
		}
	}
}

// splitsEight is splits with 8-connected moves that do not cut corners.
func splitsEight(g *pathing.Grid, c image.Point) bool {
	h := g.Clone()
	h.SetOpen(c, false)
	var first image.Point
	var around []image.Point
	for _, d := range []image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		if s := c.Add(d); h.In(s) && h.Open(s) {
			around = append(around, s)
		}
	}
	if len(around) < 2 {
		return false
	}
	first = around[0]
	seen := map[image.Point]bool{first: true}
	stack := []image.Point{first}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				q := p.Add(image.Pt(dx, dy))
				if !seen[q] && h.In(q) && h.CanStep(p, q, pathing.Eight) {
					seen[q] = true
					stack = append(stack, q)
				}
			}
		}
	}
	for _, s := range around[1:] {
		if !seen[s] {
			return true
		}
	}
	return false
}

// TestCutCellsReusesDst: a big enough dst is reused and cleared.
func TestCutCellsReusesDst(t *testing.T) {
	g := draw(t, "...", "#.#", "...").g
	dst := make([]int32, 20)
	for i := range dst {
		dst[i] = 5
	}
	got := pathing.CutCells(g, dst)
	if &got[0] != &dst[0] || len(got) != 9 || got[0] != 0 || got[4] != 3 {
		t.Fatalf("got %v", got)
	}
}

// TestCutCellsContextStops: a done context stops the search, on an open
// map (one area, whose cells are reached inside one depth-first search)
// and on a checkerboard (every open cell an area of its own), and the
// buffer comes back at full length for reuse; a live context gives what
// CutCells gives.
func TestCutCellsContextStops(t *testing.T) {
	open := pathing.MustGrid(400, 400)
	board := pathing.MustGrid(400, 400)
	for i := 0; i < board.Len(); i++ {
		if p := board.Point(i); (p.X+p.Y)%2 == 1 {
			board.SetOpen(p, false)
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	mixed := randomGrid(rng, 300, 300, 0.4, false)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for name, g := range map[string]*pathing.Grid{"open": open, "checkerboard": board, "random": mixed} {
		got, err := pathing.CutCellsContext(done, g, nil)
		if !errors.Is(err, context.Canceled) || len(got) != g.Len() {
			t.Errorf("%s: cancelled: err %v, %d cells returned", name, err, len(got))
		}
		got, err = pathing.CutCellsContext(context.Background(), g, got)
		want := pathing.CutCells(g, nil)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%s: live context: err %v, equal to CutCells %v", name, err, slices.Equal(got, want))
		}
	}
}

// BenchmarkCutCells runs CutCells on 512×512 Moving AI maps (a maze, whose
// corridors are nearly all cut cells, and a game map).
func BenchmarkCutCells(b *testing.B) {
	for _, name := range []string{"maze512-16-0", "AR0011SR", "random512-10-0"} {
		b.Run(name, func(b *testing.B) {
			g := loadBench(b, name).grid
			dst := pathing.CutCells(g, nil)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				dst = pathing.CutCells(g, dst)
			}
		})
	}
}
