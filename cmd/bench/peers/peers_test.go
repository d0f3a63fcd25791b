package main

import (
	"bytes"
	"image"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"pathlens/pathing"
)

// loadOrSkip loads n rows of a Moving AI map or skips the test.
func loadOrSkip(t testing.TB, name string, n int) (*pathing.Grid, []Query) {
	t.Helper()
	if _, ok := mapsDir(); !ok {
		t.Skip("Moving AI maps not found; set PATHLENS_MAPS to the folder of NAME.map + NAME.map.scen")
	}
	g, qs, err := Load(name, n)
	if err != nil {
		t.Fatal(err)
	}
	return g, qs
}

// TestPeersAgreeOnMovingAI: every contender finds the recorded optimal
// cost and a valid path on the benchmark map's rows (fzipp, whose cost
// grows with path length squared, on the shorter half of them).
func TestPeersAgreeOnMovingAI(t *testing.T) {
	n := 20
	if testing.Short() {
		n = 6
	}
	g, qs := loadOrSkip(t, "random512-10-0", 1670) // every row, sampled below
	var sample, short []Query
	for i := 0; i < n; i++ {
		q := qs[i*len(qs)/n]
		sample = append(sample, q)
		if q.Optimal < 200 {
			short = append(short, q)
		}
	}
	for _, c := range Contenders(g) {
		set := sample
		if c.Name() == "fzipp/astar" {
			set = short
		}
		if msg := Check(g, c, set); msg != "" {
			t.Errorf("%s: %s", c.Name(), msg)
		}
	}
}

// TestPeersAgreeOnWeightedGrids: on random weighted grids (weights 1-9,
// 8-connected, no corner cutting) every contender finds the same cost as
// pathlens, or no path when pathlens finds none. This checks the adapters
// model the same graph, weights included.
func TestPeersAgreeOnWeightedGrids(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for trial := 0; trial < 8; trial++ {
		g := pathing.MustGrid(30, 24)
		for i := 0; i < g.Len(); i++ {
			p := g.Point(i)
			if rng.Float64() < 0.25 {
				g.SetOpen(p, false)
			} else {
				g.SetWeight(p, uint8(1+rng.IntN(9)))
			}
		}
		cs := Contenders(g)
		for k := 0; k < 10; k++ {
			a, b := randomOpen(rng, g), randomOpen(rng, g)
			want, _, wantFound := cs[0].Path(a, b)
			for _, c := range cs[1:] {
				cost, path, found := c.Path(a, b)
				if found != wantFound {
					t.Fatalf("%s %v→%v: found %v, pathlens %v", c.Name(), a, b, found, wantFound)
				}
				if !found {
					continue
				}
				if math.Abs(cost-want) > 1e-9 {
					t.Fatalf("%s %v→%v: cost %v, pathlens %v", c.Name(), a, b, cost, want)
				}
				if err := pathing.ValidatePath(g, path, pathing.Eight); err != nil || path[0] != a || path[len(path)-1] != b {
					t.Fatalf("%s %v→%v: bad path %v (%v)", c.Name(), a, b, path, err)
				}
			}
		}
	}
}

func randomOpen(rng *rand.Rand, g *pathing.Grid) image.Point {
	for {
		if p := image.Pt(rng.IntN(g.Width()), rng.IntN(g.Height())); g.Open(p) {
			return p
		}
	}
}

// TestCommandChecksAndPrints runs the command on a few short rows with a
// tiny time budget: it must print the table with every contender and a
// target column. Its exit status depends on the speed measured, so only the
// output is checked here; the speed itself is the benchmark's business.
func TestCommandChecksAndPrints(t *testing.T) {
	loadOrSkip(t, "AR0011SR", 1)
	var out, errs bytes.Buffer
	code := run([]string{"-map", "AR0011SR", "-queries", "4", "-min", "1ms"}, &out, &errs)
	if code == 2 || strings.Contains(errs.String(), "disagrees") {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	for _, want := range []string{"pathlens", "beefsack/go-astar", "fzipp/astar", "≥8×", "≥50×", "optimal cost"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if code := run([]string{"-map", "no-such-map"}, &out, &errs); code != 2 {
		t.Errorf("missing map: exit %d, want 2", code)
	}
}

// BenchmarkPeers times each contender on the same 100 rows of a 512×512
// map, one query per op (ns/op is the mean query time). `go run .` prints
// the same comparison as a ratio table.
func BenchmarkPeers(b *testing.B) {
	g, qs := loadOrSkip(b, "random512-10-0", 100)
	for _, c := range Contenders(g) {
		b.Run(strings.ReplaceAll(c.Name(), "/", "-"), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				q := qs[i%len(qs)]
				c.Path(q.Start, q.Goal)
			}
		})
	}
}
