package groups

import (
	"image"
	"math"
	"math/rand"
	"testing"

	"pathlens/pathing"
)

// TestLevel1CostsMatchDefinition recomputes every level-1 connection cost
// straight from the definitions on CostKind, with a plain Dijkstra per entry
// cell restricted to the group, and compares with Build on random weighted
// grids, both neighbourhoods, clusters and regions.
func TestLevel1CostsMatchDefinition(t *testing.T) {
	for seed := int64(0); seed < 12; seed++ {
		for _, nb := range []pathing.Neighborhood{pathing.Eight, pathing.Four} {
			g := randomGrid(19, 15, 22, 40+seed)
			var regions [][]byte
			if seed%3 == 2 {
				layer := make([]byte, g.Len())
				for i := range layer {
					p := g.Point(i)
					layer[i] = byte('a' + (p.X/5+3*(p.Y/6))%7)
				}
				regions = [][]byte{layer}
			}
			gr, err := Build(g, Config{ClusterSize: 4, Levels: 1, Neighborhood: nb}, regions)
			if err != nil {
				t.Fatal(err)
			}
			checkLevel1(t, gr, nb)
		}
	}
}

func checkLevel1(t *testing.T, gr *Graph, nb pathing.Neighborhood) {
	t.Helper()
	g := gr.grid
	groupOf := gr.GroupMap(1)
	steps := nb.Steps()
	nbrs := func(c image.Point, f func(d image.Point)) {
		for _, st := range steps {
			d := image.Point{c.X + st.DX, c.Y + st.DY}
			if g.CanStep(c, d, nb) {
				f(d)
			}
		}
	}
	for _, a := range gr.Groups(1) {
		cells := gr.CellsOf(1, a.ID)
		// Entries: cell → set of groups it is entered from.
		from := map[image.Point]map[int32]bool{}
		for _, ci := range cells {
			c := g.Point(int(ci))
			nbrs(c, func(d image.Point) {
				if o := groupOf[g.Index(d)]; o != a.ID {
					if from[c] == nil {
						from[c] = map[int32]bool{}
					}
					from[c][o] = true
				}
			})
		}
		// In-group distances from each entry.
		dist := func(src image.Point) map[image.Point]float64 {
			d := map[image.Point]float64{src: 0}
			done := map[image.Point]bool{}
			for {
				best, bd := image.Point{}, math.Inf(1)
				for p, v := range d {
					if !done[p] && v < bd {
						best, bd = p, v
					}
				}
				if math.IsInf(bd, 1) {
					return d
				}
				done[best] = true
				nbrs(best, func(q image.Point) {
					if groupOf[g.Index(q)] != a.ID {
						return
					}
					if nd := bd + g.StepCost(best, q, nb); !done[q] && (d[q] == 0 && q != src || nd < d[q]) {
						d[q] = nd
					}
				})
			}
		}
		for _, e := range gr.Edges(1, a.ID) {
			minimum := math.Inf(1)
			for _, ci := range cells {
				c := g.Point(int(ci))
				nbrs(c, func(d image.Point) {
					if groupOf[g.Index(d)] == e.To {
						minimum = math.Min(minimum, g.StepCost(c, d, nb))
					}
				})
			}
			var sum, mx float64
			n := 0
			for ent, srcs := range from {
				other := false
				for s := range srcs {
					if s != e.To {
						other = true
					}
				}
				if !other {
					continue
				}
				dd := dist(ent)
				term := math.Inf(1)
				for _, ci := range cells {
					c := g.Point(int(ci))
					nbrs(c, func(d image.Point) {
						if groupOf[g.Index(d)] == e.To {
							term = math.Min(term, dd[c]+g.StepCost(c, d, nb))
						}
					})
				}
				sum += term
				mx = math.Max(mx, term)
				n++
			}
			want := [numCosts]float64{minimum, minimum, minimum}
			if n > 0 {
				want[Maximin], want[AvgMin] = mx, sum/float64(n)
			}
			for k := range want {
				if math.Abs(want[k]-e.Costs[k]) > 1e-9 {
					t.Fatalf("%v edge %s→%s: %v cost %v, the definition gives %v (entries %d vs %d)",
						nb, a.Name, gr.Groups(1)[e.To].Name, CostKind(k), e.Costs[k], want[k], e.Entries, n)
				}
			}
			if e.Entries != n {
				t.Fatalf("%v edge %s→%s: %d entries, the definition counts %d", nb, a.Name, gr.Groups(1)[e.To].Name, e.Entries, n)
			}
		}
	}
}

// TestLevel1CostsMatchDefinitionOnPatches checks the costs where most groups
// are open rectangles of one weight, costed without a search: whole
// clusters of weight 1 to 5, some crossed by a broken wall (those are
// searched), with and without corner cells of another weight.
func TestLevel1CostsMatchDefinitionOnPatches(t *testing.T) {
	const C = 5
	for seed := int64(0); seed < 8; seed++ {
		r := rand.New(rand.NewSource(seed))
		g := pathing.MustGrid(23, 17)
		for cy := 0; cy*C < g.Height(); cy++ {
			for cx := 0; cx*C < g.Width(); cx++ {
				w := uint8(1 + r.Intn(5))
				wall := r.Intn(4) == 0
				for y := cy * C; y < min((cy+1)*C, g.Height()); y++ {
					for x := cx * C; x < min((cx+1)*C, g.Width()); x++ {
						v := w
						if wall && x == cx*C+2 && r.Intn(3) != 0 {
							v = 0
						}
						g.SetWeight(image.Pt(x, y), v)
					}
				}
			}
		}
		for _, nb := range []pathing.Neighborhood{pathing.Eight, pathing.Four} {
			gr, err := Build(g, Config{ClusterSize: C, Levels: 1, Neighborhood: nb}, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkLevel1(t, gr, nb)
		}
	}
}
