package pathing_test

import (
	"image"
	"math/rand/v2"
	"strings"
	"testing"

	"pathlens/pathing"
)

// splits reports, by brute force, whether filling open cell c leaves two
// cells of its old area unable to reach each other: the cells around c
// that were one area must fall into more than one.
func splits(g *pathing.Grid, c image.Point) bool {
	h := g.Clone()
	h.SetOpen(c, false)
	seen := map[image.Point]bool{}
	areas := 0
	for _, d := range []image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		s := c.Add(d)
		if !h.In(s) || !h.Open(s) || seen[s] {
			continue
		}
		areas++
		stack := []image.Point{s}
		seen[s] = true
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, e := range []image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				q := p.Add(e)
				if h.In(q) && h.Open(q) && !seen[q] {
					seen[q] = true
					stack = append(stack, q)
				}
			}
		}
	}
	return areas > 1
}

// TestCutCellsDrawn: the door between two rooms and the cell on either side
// of it (each the door's only way into its room), and the cells of a
// corridor, are cut cells; cells of a room, of a ring, a lone cell and the
// ends of a corridor are not.
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
				if cut[y*len(row)+x] {
					ch = 'X'
				}
				got.WriteByte(ch)
			}
		}
		if got.String() != c.want {
			t.Errorf("cut cells of\n%s\ngot\n%s\nwant\n%s", c.rows, got.String(), c.want)
		}
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
			want := g.Open(p) && splits(g, p)
			if cut[i] != want {
				t.Fatalf("grid %d (%d×%d): cell %v cut %v, brute force %v", k, w, h, p, cut[i], want)
			}
			if want && !splitsEight(g, p) {
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
	dst := make([]bool, 20)
	for i := range dst {
		dst[i] = true
	}
	got := pathing.CutCells(g, dst)
	if &got[0] != &dst[0] || len(got) != 9 || got[0] || !got[4] {
		t.Fatalf("got %v", got)
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
