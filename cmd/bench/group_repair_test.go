package main

import (
	"image"
	"strings"
	"testing"

	"pathlens/maps"
	"pathlens/pathing/groups"
)

// -algo group -repair N: the toggles repaired by the group hierarchy and
// the result compared with a fresh build, with HPA*'s fields and the
// group hierarchy's own, and no query field.
func TestGroupRepairMode(t *testing.T) {
	args := []string{"-map", tinyMap, "-algo", "group", "-cluster", "4", "-levels", "2", "-repair", "400", "-seed", "3", "-json"}
	code, out, errs := runMain(t, args...)
	if code != 0 {
		t.Fatalf("exit %d, stderr: %s", code, errs)
	}
	m := decode(t, out)
	if m["consistent"] != true || m["repairs"] != 400.0 || m["seed"] != 3.0 || m["algo"] != "group" {
		t.Fatalf("repair report: %v", m)
	}
	for _, k := range []string{"repair_median_us", "repair_p99_us", "repair_mean_us", "repair_max_us", "rebuild_ms", "build_ms",
		"edits_on_corners", "edits_on_borders", "edits_changing_nodes", "edits_changing_edges", "edits_changing_costs",
		"groups_per_level", "edges_per_level", "cluster", "levels"} {
		if _, ok := m[k]; !ok {
			t.Errorf("report lacks %s", k)
		}
	}
	// 400 toggles on a 10×8 map with clusters of 4 split and merge groups,
	// cut and make connections, change costs, and land on corners.
	for _, k := range []string{"edits_changing_nodes", "edits_changing_edges", "edits_changing_costs", "edits_on_corners"} {
		if v, _ := m[k].(float64); v == 0 {
			t.Errorf("%s is 0 after 400 toggles: %v", k, m)
		}
	}
	// No query ran, and HPA*'s components are not counted here: those
	// fields would read as measured.
	for _, k := range []string{"queries", "median_us", "found", "invalid_paths", "allocs_per_query", "connection_cost", "exclusion", "target",
		"edits_changing_components", "components_after", "first_difference"} {
		if _, ok := m[k]; ok {
			t.Errorf("a group repair report has the field %s", k)
		}
	}
	// The same seed toggles the same cells; -check passes consistent runs.
	code, out2, errs := runMain(t, append(args, "-check")...)
	m2 := decode(t, out2)
	if code != 0 {
		t.Errorf("-check on a consistent repair run: exit %d, %s", code, errs)
	}
	for _, k := range []string{"edits_on_corners", "edits_on_borders", "edits_changing_nodes", "edits_changing_edges", "edits_changing_costs"} {
		if m[k] != m2[k] {
			t.Errorf("%s: %v, then %v with the same seed", k, m[k], m2[k])
		}
	}
}

// The comparison is real: a hierarchy that is not told of the toggles
// differs from a fresh build, and the report says where, which -check
// fails on.
func TestGroupRepairFindsAStaleHierarchy(t *testing.T) {
	m, err := maps.LoadMap(tinyMap)
	if err != nil {
		t.Fatal(err)
	}
	g := m.Grid.Clone()
	gr, err := groups.Build(g, groups.Config{ClusterSize: 4, Levels: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := groupRepairer(gr, g, nil)
	r.update = func(image.Point) repairStep { return repairStep{} } // toggles, never repairs
	env := &Env{Cfg: &Config{Ext: map[string]any{}}, Map: m, Grid: m.Grid}
	rep := NewReport(env)
	if _, err := runRepairs(env, rep, g, 40, "borders", r); err != nil {
		t.Fatal(err)
	}
	if c, _ := rep.Get("consistent"); c != false {
		t.Fatalf("consistent %v for a hierarchy never repaired", c)
	}
	d, _ := rep.Get("first_difference")
	if s, _ := d.(string); !strings.HasPrefix(s, "after edit ") || !strings.Contains(s, "groups:") {
		t.Errorf("first_difference %q, want the edit and groups.Equal's difference", d)
	}
	if msg := rep.CheckFailure(); !strings.Contains(msg, "differs from a fresh build") {
		t.Errorf("-check's failure %q", msg)
	}
}

// Flags the group repair mode does not read are refused, by name.
func TestGroupRepairRefusals(t *testing.T) {
	base := []string{"-map", tinyMap, "-algo", "group", "-cluster", "4", "-repair", "20"}
	for _, tc := range []struct {
		extra []string
		want  string
	}{
		{[]string{"-cost", "maximin"}, "-cost is a group planner query option, and the repair mode (-repair) runs no query"},
		{[]string{"-exclusion"}, "-exclusion is a group planner query option"},
		{[]string{"-target", "nearest"}, "-target is a group planner query option"},
		{[]string{"-heuristic", "zero"}, "-heuristic is a group planner query option"},
		{[]string{"-dump-graph"}, "-dump-graph prints the graph"},
		{[]string{"-builds", "3"}, "-builds applies only with -algo hpa"},
		{[]string{"-scen", tinyScen}, "-scen applies only with query runs"},
		{[]string{"-repair-mix", "corners"}, `-repair-mix "corners": want borders or uniform`},
		{[]string{"-agents", "2"}, "-repair applies only with -algo hpa or group (not -agents)"},
	} {
		errs := refused(t, append(append([]string{}, base...), tc.extra...)...)
		if !strings.Contains(errs, tc.want) {
			t.Errorf("%v: %q, want %q", tc.extra, errs, tc.want)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-map", tinyMap, "-algo", "group", "-repair", "-5"}, "-repair -5: want a positive number"},
		{[]string{"-map", tinyMap, "-algo", "group", "-repair", "0"}, "-repair 0: want a positive number"},
		{[]string{"-scenario", "builtin:textbook-groups", "-repair", "5"}, "-repair and -scenario"},
	} {
		if errs := refused(t, tc.args...); !strings.Contains(errs, tc.want) {
			t.Errorf("%v: %q, want %q", tc.args, errs, tc.want)
		}
	}
}
