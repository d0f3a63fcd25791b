package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pathlens/pathing/groups"
)

// roomsScenario writes a scenario of rooms (cluster_test.go) with settings
// and a level-1 region layer giving each 10×5 block of the map its own
// letter, and returns its path.
func roomsScenario(t *testing.T, settings string, regions bool) string {
	t.Helper()
	rows := strings.Split(strings.TrimSpace(rooms), "\n")
	var b strings.Builder
	b.WriteString("pathlens-scenario 1\nname rooms\n")
	b.WriteString(settings)
	b.WriteString("map inline\n")
	for _, r := range rows {
		b.WriteString(r + "\n")
	}
	b.WriteString("end\n")
	if regions {
		b.WriteString("regions 1\n")
		for y, r := range rows {
			for x := range r {
				b.WriteByte(byte('A' + y/5*2 + x/10))
			}
			b.WriteByte('\n')
		}
		b.WriteString("end\n")
	}
	b.WriteString("query 0,0 19,14\nquery 19,0 0,14\n")
	path := filepath.Join(t.TempDir(), "rooms.pls")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Regression: -scenario with -algo astar-cluster built its groups with the
// package's default cluster size and no regions, whatever the scenario
// said; the group planner got both. Now astar-cluster gets them too, and
// flags still override them.
func TestScenarioClusterAStarSettings(t *testing.T) {
	scen := roomsScenario(t, "set cluster 4\n", false)
	code, out, errs := runMain(t, "-scenario", scen, "-algo", "astar-cluster", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if m := lastJSON(t, out); m["cluster"] != 4.0 || m["region_layers"] != 0.0 {
		t.Errorf("scenario cluster 4: report cluster %v, region_layers %v", m["cluster"], m["region_layers"])
	}
	_, out, _ = runMain(t, "-scenario", scen, "-algo", "astar-cluster", "-cluster", "5", "-json")
	if m := lastJSON(t, out); m["cluster"] != 5.0 {
		t.Errorf("-cluster 5 over the scenario's 4: report cluster %v", m["cluster"])
	}

	// Regions: each 10×5 block's connected parts are the groups.
	scen = roomsScenario(t, "", true)
	code, out, errs = runMain(t, "-scenario", scen, "-algo", "astar-cluster", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m := lastJSON(t, out)
	_, gout, _ := runMain(t, "-scenario", scen, "-algo", "group", "-json")
	g := lastJSON(t, gout)
	lv, _ := g["groups_per_level"].([]any)
	if m["region_layers"] != 1.0 || len(lv) == 0 || m["heuristic_groups"] != lv[0] {
		t.Errorf("scenario regions: astar-cluster region_layers %v, %v groups; the group planner's level-1 groups %v",
			m["region_layers"], m["heuristic_groups"], g["groups_per_level"])
	}

	// A scenario with two layers: the heuristic reads the level-1 one.
	code, out, errs = runMain(t, "-scenario", "builtin:exclusion-shortcut", "-algo", "astar-cluster", "-check", "-json")
	if m := lastJSON(t, out); code != 0 || m["region_layers"] != 1.0 {
		t.Errorf("exclusion-shortcut: exit %d, region_layers %v (%s)", code, m["region_layers"], errs)
	}
}

// Regression: under -scenario the group planner's flags passed the flag
// check for every algorithm and were then ignored (-cost on a scenario
// run by A* changed nothing). Once the run's algorithm is known (the
// scenario's, or -algo) a flag it does not read is refused, like -cost
// with -algo astar, and the message says where the algorithm came from.
func TestScenarioFlagScopes(t *testing.T) {
	astarScen := roomsScenario(t, "set algo astar\n", false)
	hpaScen := roomsScenario(t, "set algo hpa\nset cluster 4\n", false)
	plain := roomsScenario(t, "", false) // no algo: bench's default, A*
	cases := []struct {
		name string
		args []string
		want string // "" for a run that must succeed
	}{
		{"cost, astar scenario", []string{"-scenario", astarScen, "-cost", "maximin"}, "-cost applies only with -algo group (this run: -algo astar, the scenario's)"},
		{"exclusion, astar scenario", []string{"-scenario", astarScen, "-exclusion"}, "-exclusion applies only with -algo group"},
		{"target, -algo dijkstra", []string{"-scenario", "builtin:textbook-groups", "-algo", "dijkstra", "-target", "nearest"}, "-target applies only with -algo group (this run: -algo dijkstra)"},
		{"branch, hpa scenario", []string{"-scenario", hpaScen, "-branch", "3"}, "-branch applies only with -algo group (this run: -algo hpa, the scenario's)"},
		{"dump-graph, hpa scenario", []string{"-scenario", hpaScen, "-dump-graph"}, "-dump-graph applies only with -algo group (this run: -algo hpa, the scenario's)"},
		{"regions, hpa scenario", []string{"-scenario", hpaScen, "-regions", hpaScen}, "-regions applies only with -algo group or astar-cluster (this run: -algo hpa, the scenario's)"},
		{"levels, astar-cluster", []string{"-scenario", "builtin:textbook-groups", "-algo", "astar-cluster", "-levels", "2"}, "-levels applies only with -algo hpa or group (this run: -algo astar-cluster)"},
		{"weight, group scenario", []string{"-scenario", "builtin:textbook-groups", "-weight", "2"}, "-weight applies only with -algo astar or astar-cluster (not -agents) (this run: -algo group, the scenario's)"},
		{"cluster, astar scenario", []string{"-scenario", astarScen, "-cluster", "4"}, "-cluster applies only with -algo hpa, group or astar-cluster (this run: -algo astar, the scenario's)"},
		{"cost, scenario without algo", []string{"-scenario", plain, "-cost", "avgmin"}, "-cost applies only with -algo group (this run: -algo astar); drop it"},
		// What applies still runs.
		{"cost, group scenario", []string{"-scenario", "builtin:textbook-groups", "-cost", "maximin", "-target", "nearest"}, ""},
		// Its one level gathers nothing above: -branch means nothing there.
		{"branch, one-level group scenario", []string{"-scenario", "builtin:textbook-groups", "-branch", "2"}, "the scenario's set levels 1 builds one level"},
		{"cluster, hpa scenario", []string{"-scenario", hpaScen, "-cluster", "5"}, ""},
		{"regions, astar-cluster", []string{"-scenario", "builtin:textbook-groups", "-algo", "astar-cluster", "-regions", "../../assets/scenarios/textbook-groups.pls"}, ""},
	}
	for _, c := range cases {
		code, out, errs := runMain(t, c.args...)
		switch {
		case c.want == "" && code != 0:
			t.Errorf("%s: exit %d, stderr %q: want a run", c.name, code, errs)
		case c.want != "" && (code != exitUsage || out != "" || !strings.Contains(errs, c.want)):
			t.Errorf("%s: exit %d, stdout %q, stderr %q: want exit 2 saying %q", c.name, code, out, errs, c.want)
		}
	}
}

// Regression: a scenario run by HPA* built the hierarchy with bench's
// defaults (cluster 10, 2 levels) whatever its "set cluster" and "set
// levels" said. They now stand in for -cluster and -levels, which still
// override them.
func TestScenarioHPASettings(t *testing.T) {
	scen := roomsScenario(t, "set algo hpa\nset cluster 4\nset levels 1\n", false)
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "cluster 4, 1 level,"},
		{[]string{"-cluster", "5"}, "cluster 5, 1 level,"},
		{[]string{"-levels", "2"}, "cluster 4, 2 levels"},
	} {
		code, out, errs := runMain(t, append([]string{"-scenario", scen, "-json"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		if h, _ := lastJSON(t, out)["hierarchy"].(string); !strings.HasPrefix(h, c.want) {
			t.Errorf("%v: hierarchy %q, want %q", c.args, h, c.want)
		}
	}
}

// Regression: the parse-time flag check judged a -scenario run by the
// default algorithm (astar), so -smooth, -cache, -placement... were refused
// on a scenario run by HPA* unless -algo hpa was given too. The check now
// waits for the run's algorithm: the scenario's unless -algo names one
// (even -algo astar, the default's name).
func TestScenarioHPAOnlyFlags(t *testing.T) {
	hpaScen := roomsScenario(t, "set algo hpa\nset cluster 4\n", false)
	astarScen := roomsScenario(t, "set algo astar\n", false)
	for _, args := range [][]string{
		{"-scenario", hpaScen, "-smooth=false"},
		{"-scenario", hpaScen, "-cache=false", "-placement", "dense", "-builds", "1"},
		{"-scenario", hpaScen, "-agents", "4", "-ticks", "200", "-agent-refine", "lazy"},
	} {
		if code, _, errs := runMain(t, append(args, "-json")...); code != 0 {
			t.Errorf("%v: exit %d, stderr %q: want a run", args, code, errs)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-scenario", astarScen, "-smooth"}, "-smooth applies only with -algo hpa (this run: -algo astar, the scenario's)"},
		{[]string{"-scenario", hpaScen, "-algo", "astar", "-cache"}, "-cache applies only with -algo hpa (this run: -algo astar)"},
		{[]string{"-scenario", hpaScen, "-ticks", "10"}, "-ticks applies only with -agents N"},
		{[]string{"-scenario", hpaScen, "-algo", "hpa", "-repair", "10"}, "-repair and -scenario"},
	} {
		code, out, errs := runMain(t, c.args...)
		if code != exitUsage || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q: want exit 2 saying %q", c.args, code, out, errs, c.want)
		}
	}
}

// Regression: -agents with -scenario ran the agents on the scenario's map
// with bench's defaults (A*, cluster 10), whatever the scenario set. They
// now walk its world with its planner, neighbourhood and hierarchy
// settings, flags overriding them, and the report names the scenario.
func TestAgentsScenarioSettings(t *testing.T) {
	scen := roomsScenario(t, "set algo hpa\nset cluster 4\nset levels 1\nset neighborhood 4\n", false)
	for _, c := range []struct {
		args             []string
		algo, hier, nbhd string
	}{
		{nil, "hpa", "cluster 4, 1 level,", "4"},
		{[]string{"-cluster", "5"}, "hpa", "cluster 5, 1 level,", "4"},
		{[]string{"-algo", "group"}, "group", "cluster 4, 1 level,", "4"},
		{[]string{"-algo", "astar"}, "astar", "", "4"},
	} {
		args := append([]string{"-scenario", scen, "-agents", "6", "-ticks", "300", "-edits", "6", "-json", "-check"}, c.args...)
		code, out, errs := runMain(t, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		m := lastJSON(t, out)
		h, _ := m["hierarchy"].(string)
		if m["algo"] != c.algo || fmt.Sprint(m["neighborhood"]) != c.nbhd || m["scenario"] != "rooms" || !strings.HasPrefix(h, c.hier) {
			t.Errorf("%v: algo %v, neighborhood %v, scenario %v, hierarchy %q; want %s, %s, rooms, %q", c.args, m["algo"], m["neighborhood"], m["scenario"], h, c.algo, c.nbhd, c.hier)
		}
	}
	// A scenario whose algorithm cannot drive agents says so.
	dij := roomsScenario(t, "set algo dijkstra\n", false)
	code, _, errs := runMain(t, "-scenario", dij, "-agents", "3")
	if code != exitUsage || !strings.Contains(errs, "its algorithm dijkstra cannot drive agents") {
		t.Errorf("dijkstra scenario: exit %d, stderr %q", code, errs)
	}
}

// Regression: the scenario's neighbourhood overrode an explicit -nb; its
// heuristic and "set abstraction" were never read (a file the app opens as
// HPA* ran as A*, "set heuristic zero" ran octile), and "set heuristic
// cluster" ran plain A*. The run now reads the settings as the app does,
// flags still winning.
func TestScenarioSettingsAsTheAppReadsThem(t *testing.T) {
	for _, c := range []struct {
		settings string
		args     []string
		key      string
		want     string
	}{
		{"set neighborhood 8\n", []string{"-nb", "4"}, "neighborhood", "4"},
		{"set neighborhood 4\n", nil, "neighborhood", "4"},
		{"set abstraction hpa\n", nil, "algo", "hpa"},
		{"set abstraction groups\n", nil, "algo", "group"},
		{"set abstraction hpa\n", []string{"-algo", "astar"}, "algo", "astar"},
		{"set algo astar\nset heuristic cluster\n", nil, "algo", "astar-cluster"},
		{"set heuristic cluster\n", nil, "algo", "astar-cluster"},
		{"set algo dijkstra\nset heuristic cluster\n", nil, "algo", "dijkstra"},
		{"set algo astar\nset heuristic zero\n", nil, "heuristic", "zero"},
		{"set algo astar\nset heuristic zero\n", []string{"-heuristic", "octile"}, "heuristic", "octile"},
	} {
		scen := roomsScenario(t, c.settings, false)
		code, out, errs := runMain(t, append([]string{"-scenario", scen, "-json"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%q %v: exit %d: %s", c.settings, c.args, code, errs)
		}
		if got := fmt.Sprint(lastJSON(t, out)[c.key]); got != c.want {
			t.Errorf("%q %v: %s %q, want %q", c.settings, c.args, c.key, got, c.want)
		}
	}
	scen := roomsScenario(t, "set algo greedy\nset heuristic cluster\n", false)
	code, _, errs := runMain(t, "-scenario", scen, "-json")
	if code != 2 || !strings.Contains(errs, "greedy with the cluster heuristic") {
		t.Fatalf("greedy with the cluster heuristic: exit %d: %s", code, errs)
	}
}

// Regression: under -agents -scenario the file's "set agent-refine" was
// ignored (the flag's default, eager, always ran); -agent-refine still wins.
func TestAgentsScenarioRefineMode(t *testing.T) {
	scen := roomsScenario(t, "set algo hpa\nset agent-refine lazy\n", false)
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "lazy"},
		{[]string{"-agent-refine", "eager"}, "eager"},
	} {
		code, out, errs := runMain(t, append([]string{"-scenario", scen, "-agents", "3", "-ticks", "20", "-json"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		if got := fmt.Sprint(lastJSON(t, out)["hpa_mode"]); got != c.want {
			t.Errorf("%v: hpa_mode %q, want %q", c.args, got, c.want)
		}
	}
}

// Regression: a scenario's cluster size outside HPA*'s range failed with
// the library's bare "hpa: cluster size 3 out of range 4..64", naming
// neither the file nor the way out. Sizes outside the range every way in
// takes (maps.SizeRange), HPA*'s or the group hierarchy's, are refused
// when the file is read, naming its line.
func TestScenarioClusterOutOfHPARange(t *testing.T) {
	scen := roomsScenario(t, "set algo hpa\nset cluster 3\n", false)
	for _, algo := range []string{"hpa", "group"} {
		code, _, errs := runMain(t, "-scenario", scen, "-algo", algo, "-json")
		if code != 2 || !strings.Contains(errs, scen+":4: cluster \"3\" is not a whole number from 4 to 64") {
			t.Errorf("-algo %s: exit %d: %s", algo, code, errs)
		}
	}
	// A group file's cluster from before the range (the group hierarchy
	// once took 2 up) runs at the nearest bound, said on stderr.
	scen = roomsScenario(t, "set algo group\nset cluster 3\n", false)
	code, out, errs := runMain(t, "-scenario", scen, "-json")
	if code != 0 || !strings.Contains(errs, scen+":4: set cluster 3 is outside 4 to 64: 4 is used") || lastJSON(t, out)["cluster"] != 4.0 {
		t.Errorf("group cluster 3: exit %d, cluster %v: %s", code, lastJSON(t, out)["cluster"], errs)
	}
	scen = roomsScenario(t, "set algo group\nset levels 6\n", false)
	if code, _, errs := runMain(t, "-scenario", scen, "-json"); code != 2 || !strings.Contains(errs, scen+":4: levels \"6\" is not a whole number from 1 to 4") {
		t.Errorf("set levels 6: exit %d: %s", code, errs)
	}
	// The flags take the same range, also when the scenario, not -algo,
	// chose the group hierarchy (-levels 6 was accepted then).
	scen = roomsScenario(t, "set algo group\n", false)
	for _, c := range [][2]string{{"-levels", "6"}, {"-cluster", "2"}} {
		code, _, errs := runMain(t, "-scenario", scen, c[0], c[1], "-json")
		if code != 2 || !strings.Contains(errs, "bench: "+c[0]+" "+c[1]+": the group hierarchy takes") {
			t.Errorf("%s %s with a group scenario: exit %d: %s", c[0], c[1], code, errs)
		}
	}
	if code, _, errs := runMain(t, "-scenario", scen, "-cluster", "8", "-levels", "4", "-json"); code != 0 {
		t.Fatalf("with -cluster 8 -levels 4: exit %d: %s", code, errs)
	}
}

// Regression: -cluster 0 and -levels 0 overrode a scenario's settings for
// HPA* but were ignored for the group hierarchy. 0 is now refused
// (TestZeroSizeFlagsRefused); the default is given by its value, which
// overrides the scenario's setting for both.
func TestDefaultSizeFlagsOverrideAScenario(t *testing.T) {
	for _, c := range []struct {
		args    []string
		cluster any
		kind    string
		lvl     float64
	}{
		// The scenario says levels 1 (and no cluster size), and its one
		// region layer names every open cell: the size is read nowhere,
		// and the report says so as the app's log does (cluster null,
		// cluster_kind regions).
		{nil, nil, "regions", 1},
		{[]string{"-levels", fmt.Sprint(groups.DefaultLevels)}, float64(groups.DefaultClusterSize), "square", float64(groups.DefaultLevels)},
		{[]string{"-levels", fmt.Sprint(groups.DefaultLevels), "-cluster", fmt.Sprint(groups.DefaultClusterSize)}, float64(groups.DefaultClusterSize), "square", float64(groups.DefaultLevels)},
	} {
		code, out, errs := runMain(t, append([]string{"-scenario", "builtin:pathological-maximin", "-json"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		r := lastJSON(t, out)
		if r["cluster"] != c.cluster || r["cluster_kind"] != c.kind || r["levels"] != c.lvl {
			t.Errorf("%v: cluster %v (%v), levels %v; want %v (%v), %v", c.args, r["cluster"], r["cluster_kind"], r["levels"], c.cluster, c.kind, c.lvl)
		}
	}
}

// A scenario's "set transitions dense" builds HPA* with dense transitions,
// as the app does; -placement overrides it.
func TestScenarioTransitions(t *testing.T) {
	scen := roomsScenario(t, "set algo hpa\nset transitions dense\n", false)
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, ", dense,"},
		{[]string{"-placement", "sparse"}, ", sparse,"},
	} {
		code, out, errs := runMain(t, append([]string{"-scenario", scen, "-json"}, c.args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		if h, _ := lastJSON(t, out)["hierarchy"].(string); !strings.Contains(h, c.want) {
			t.Errorf("%v: hierarchy %q, want %q", c.args, h, c.want)
		}
	}
}

// A scenario holding one query is timed as often as a single -from/-to
// query (it was timed once: a cold run for a median); -repeat still says
// otherwise, and a scenario of two queries runs each once.
func TestOneQueryScenarioIsTimedAsASingleQuery(t *testing.T) {
	for _, c := range []struct {
		args          []string
		queries, runs float64
	}{
		{[]string{"-scenario", "builtin:pathological-maximin"}, 1, SingleRepeat},
		{[]string{"-scenario", "builtin:pathological-maximin", "-repeat", "3"}, 1, 3},
		{[]string{"-scenario", "builtin:textbook-groups"}, 2, 2},
	} {
		code, out, errs := runMain(t, append(c.args, "-json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		m := decode(t, out)
		if m["queries"] != c.queries || m["runs"] != c.runs {
			t.Errorf("%v: queries %v, runs %v; want %v, %v", c.args, m["queries"], m["runs"], c.queries, c.runs)
		}
	}
}

// More region layers than the group hierarchy's levels can take are
// refused saying so: the message told to give -levels 5, which is out of
// the range (maps.SizeRange) and refused in turn.
func TestRegionLayersBeyondTheLevelRange(t *testing.T) {
	layer := filepath.Join(t.TempDir(), "layer.txt")
	if err := os.WriteFile(layer, []byte(strings.Repeat("aaaaabbbbb\n", 8)), 0o644); err != nil {
		t.Fatal(err)
	}
	five := strings.TrimSuffix(strings.Repeat(layer+",", 5), ",")
	code, _, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-algo", "group", "-regions", five, "-levels", "4")
	if code != exitUsage || !strings.Contains(errs, "draws 5 region layers, one a level, and the group hierarchy takes 1 to 4 levels: drop the layers above level 4") || strings.Contains(errs, "give -levels") {
		t.Errorf("exit %d: %s", code, errs)
	}
}
