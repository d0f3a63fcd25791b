package main

import (
	"fmt"
	"math"
	"path/filepath"
	"testing"
)

// docs/groups.md, "A case of your own": a Tiled map drawn so that average
// minimum fails where maximin does not (a wide door from a dead-end room
// beside the exit pulls the average down). Both of its tables are asserted
// here, through the command a reader runs.
func TestWideDoorFigures(t *testing.T) {
	const m = "testdata/wide-door.tmx"
	single := []struct {
		cost      string
		exclusion bool
		walked    float64
	}{
		{"minimum", false, 51.142136}, {"minimum", true, 47.828427},
		{"maximin", false, 33}, {"maximin", true, 33},
		{"avgmin", false, 51.142136}, {"avgmin", true, 47.828427},
	}
	for _, c := range single {
		code, out, errs := runMain(t, "-map", m, "-algo", "group", "-levels", "1", "-cost", c.cost, fmt.Sprintf("-exclusion=%v", c.exclusion), "-from", "3,5", "-to", "36,5", "-json")
		if code != 0 {
			t.Fatalf("%s %v: exit %d: %s", c.cost, c.exclusion, code, errs)
		}
		if got := decode(t, out)["cost"].(float64); math.Abs(got-c.walked) > 1e-5 {
			t.Errorf("%s, exclusion %v: walked %.6f, the docs say %.6f", c.cost, c.exclusion, got, c.walked)
		}
	}
	scen := filepath.Join(t.TempDir(), "wide-door.tmx.scen")
	if code, _, errs := runMain(t, "-map", m, "-make-scen", scen, "-make-scen-rows", "500", "-seed", "7"); code != 0 {
		t.Fatalf("-make-scen: exit %d: %s", code, errs)
	}
	// mean, p99, max in percent, rounded as the table gives them.
	many := []struct {
		cost      string
		exclusion bool
		figs      [3]float64
	}{
		{"minimum", false, [3]float64{5.4, 107.3, 163.7}}, {"minimum", true, [3]float64{2.1, 64.6, 99.7}},
		{"maximin", false, [3]float64{4.1, 107.3, 163.7}}, {"maximin", true, [3]float64{1.1, 43.1, 99.7}},
		{"avgmin", false, [3]float64{5.6, 124.9, 244.3}}, {"avgmin", true, [3]float64{2.5, 75.5, 234.9}},
	}
	for _, c := range many {
		code, out, errs := runMain(t, "-map", m, "-scen", scen, "-algo", "group", "-levels", "1", "-cost", c.cost, fmt.Sprintf("-exclusion=%v", c.exclusion), "-json")
		if code != 0 {
			t.Fatalf("%s %v: exit %d: %s", c.cost, c.exclusion, code, errs)
		}
		r := decode(t, out)
		if r["found"] != float64(500) || r["invalid_paths"] != float64(0) {
			t.Errorf("%s %v: found %v, invalid %v; want 500, 0", c.cost, c.exclusion, r["found"], r["invalid_paths"])
		}
		for i, k := range []string{"mean_subopt", "p99_subopt", "max_subopt"} {
			if got := math.Round(r[k].(float64)*1000) / 10; got != c.figs[i] {
				t.Errorf("%s, exclusion %v: %s %.1f %%, the docs say %.1f %%", c.cost, c.exclusion, k, got, c.figs[i])
			}
		}
	}
}
