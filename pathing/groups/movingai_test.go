package groups

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

var long = flag.Bool("long", false, "walk every Moving AI scenario row (default: every 10th; or set PATHLENS_LONG=1)")

// TestMovingAI checks the planner against the Moving AI benchmarks: on every
// map, for each connection cost, with and without exclusion, every goal is
// reached, every path is valid and no path beats the recorded optimum.
func TestMovingAI(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skipf("no Moving AI maps at %q (set PATHLENS_MAPS)", dir)
	}
	bms, err := maps.Benchmarks(dir)
	if err != nil {
		t.Fatal(err)
	}
	every := 10
	if *long || os.Getenv("PATHLENS_LONG") != "" {
		every = 1
	}
	if testing.Short() {
		every = 50
	}
	for _, bm := range bms {
		t.Run(bm.Name, func(t *testing.T) {
			t.Parallel()
			m, err := maps.LoadMap(bm.Map)
			if err != nil {
				t.Fatal(err)
			}
			rows, err := maps.LoadScen(bm.Scen)
			if err != nil {
				t.Fatal(err)
			}
			gr, err := Build(m.Grid, Config{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			pl := NewPlanner(gr)
			for _, kind := range []CostKind{Minimum, Maximin, AvgMin} {
				for _, excl := range []bool{false, true} {
					gr.SetCost(kind)
					gr.SetExclusion(excl)
					sum, n, worst := 0.0, 0, 0.0
					for i := 0; i < len(rows); i += every {
						row := rows[i]
						wr, err := pl.Walk(row.Start, row.Goal, Options{})
						if err != nil {
							t.Fatalf("%v excl=%v: %s line %d: %v", kind, excl, bm.Scen, row.Line, err)
						}
						if err := pathing.ValidatePath(m.Grid, wr.Path, pathing.Eight); err != nil {
							t.Fatalf("%v excl=%v: %s line %d: %v", kind, excl, bm.Scen, row.Line, err)
						}
						if wr.Path[0] != row.Start || wr.Path[len(wr.Path)-1] != row.Goal {
							t.Fatalf("%v excl=%v: line %d: path ends %v, want %v", kind, excl, row.Line, wr.Path[len(wr.Path)-1], row.Goal)
						}
						if wr.Cost < row.Optimal-0.01 {
							t.Fatalf("%v excl=%v: line %d: cost %.3f beats the optimum %.3f", kind, excl, row.Line, wr.Cost, row.Optimal)
						}
						if row.Optimal > 0 {
							s := wr.Cost/row.Optimal - 1
							sum += s
							worst = max(worst, s)
						}
						n++
					}
					t.Logf("%-8s excl=%-5v rows=%d mean_subopt=%.3f max_subopt=%.3f", kind, excl, n, sum/float64(max(n, 1)), worst)
				}
			}
		})
	}
}

var _ = fmt.Sprint
