package main

import (
	"path/filepath"
	"strings"
	"testing"

	"pathlens/maps"
)

// hpa and group are checked against our A*'s cost, the optimum their
// subopt fields, -worst and -csv show (optimum_source astar_map), but the
// check fields came from the .scen's column: a row whose column was wrong
// showed up as the planner's mismatch against the column, under a message
// naming A*, and a correct mismatch printed the column's figure as its
// optimal. Each field is against A* now, and a column that disagrees with
// A* fails -check as the list's fault, by file and line.
func TestCheckFieldsOneReference(t *testing.T) {
	// Row 6 (line 7), (5,4)→(0,6), costs 12.41421356; the file claims 13,
	// then 0 (a broken row).
	for _, c := range []struct{ claim, scen string }{{"13.00000000", "13.000000"}, {"0", "0.000000"}} {
		scen := tinyScenWith(t, "0\t6\t12.41421356", "0\t6\t"+c.claim)
		for _, algo := range []string{"hpa", "group"} {
			code, out, errs := runMain(t, "-map", tinyMap, "-scen", scen, "-algo", algo, "-cluster", "4", "-json", "-check", "-max-subopt", "1")
			m := decode(t, out)
			if m["optimal_checked"] != 10.0 || m["optimum_source"] != "astar_map" {
				t.Errorf("%s, column %s: optimal_checked %v, optimum_source %v; want 10, astar_map", algo, c.claim, m["optimal_checked"], m["optimum_source"])
			}
			mm, _ := m["mismatches"].([]any)
			sr, _ := m["suboptimal_rows"].([]any)
			for _, x := range append(mm, sr...) {
				if x.(map[string]any)["line"] == 7.0 {
					t.Errorf("%s, column %s: row 6 is the planner's mismatch against the column: %v", algo, c.claim, x)
				}
			}
			want := "bench: check failed: 1 .scen rows' optimal column differs from our A*'s cost on this map (a list for another map, or a broken row); first: " + scen + ":7 (query 6) (5,4)→(0,6): the .scen's " + c.scen + ", A*'s cost 12.414214\n"
			if code != exitCheck || !strings.HasSuffix(errs, want) {
				t.Errorf("%s, column %s: exit %d, stderr %q; want 1 ending %q", algo, c.claim, code, errs, want)
			}
		}
	}
}

// A mismatch's optimal is the figure the check compared with: on
// den312d, group's mismatch printed the .scen's 11.8995 under a message
// naming astar_map, while -csv's optimal (A*'s) was 11.899495.
func TestMismatchOptimalIsAStars(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skipf("Moving AI maps not found at %q (set PATHLENS_MAPS)", dir)
	}
	den := filepath.Join(dir, "den312d.map")
	code, out, errs := runMain(t, "-map", den, "-scen", den+".scen", "-algo", "group", "-check", "-rows", "50", "-every", "3", "-json")
	if code != exitCheck || !strings.Contains(errs, "2 of 17 costs differ from the optimum (astar_map)") || !strings.Contains(errs, "cost 13.656854, optimal 11.899495") {
		t.Errorf("exit %d, stderr %q; want 1 naming A*'s 11.899495", code, errs)
	}
	m := decode(t, out)
	mm, _ := m["suboptimal_rows"].([]any) // group is not exact: above A*'s cost is suboptimal
	if len(mm) == 0 || mm[0].(map[string]any)["optimal"] != 11.899495 || m["optimal_matches"] != 15.0 || m["max_abs_error"] != 1.757359 {
		t.Errorf("suboptimal_rows %v, optimal_matches %v, max_abs_error %v; want the first's optimal 11.899495, 15, 1.757359", m["suboptimal_rows"], m["optimal_matches"], m["max_abs_error"])
	}
}

// A one-level group hierarchy reported branch 2, though -branch is
// refused there as meaningless: branch is null (- in the text report),
// as cluster is where no square cluster is cut, and a number from two
// levels up.
func TestBranchNullWithOneLevel(t *testing.T) {
	for _, c := range []struct {
		args []string
		want any
	}{
		{[]string{"-scenario", "builtin:textbook-groups"}, nil}, // set levels 1
		{[]string{"-map", tinyMap, "-from", "0,0", "-to", "9,0", "-algo", "group", "-cluster", "4", "-levels", "1"}, nil},
		{[]string{"-map", tinyMap, "-from", "0,0", "-to", "9,0", "-algo", "group", "-cluster", "4", "-levels", "2"}, 2.0},
	} {
		m, errs := benchJSON(t, c.args...)
		if v, ok := m["branch"]; !ok || v != c.want {
			t.Errorf("%v: branch %v (present %v); want %v: %s", c.args, v, ok, c.want, errs)
		}
		_, text, _ := runMain(t, c.args...)
		want := "2"
		if c.want == nil {
			want = "-"
		}
		if v, _ := textValue(text, "branch"); v != want {
			t.Errorf("%v: text branch %q; want %q", c.args, v, want)
		}
	}
}

// HPA*'s hierarchy words said "k 2" for one level, where -hpa-k is
// refused as meaningless, as group's branch was: no k there.
func TestHierarchyNoKWithOneLevel(t *testing.T) {
	for levels, want := range map[string]string{
		"1": "cluster 4, 1 level, sparse, cached, 8-connected",
		"2": "cluster 4, 2 levels, k 2, sparse, cached, 8-connected",
	} {
		m, _ := benchJSON(t, "-map", tinyMap, "-from", "0,0", "-to", "9,0", "-algo", "hpa", "-cluster", "4", "-builds", "1", "-levels", levels)
		if m["hierarchy"] != want {
			t.Errorf("-levels %s: hierarchy %q; want %q", levels, m["hierarchy"], want)
		}
	}
}
