package main

import (
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"pathlens/maps"
	"pathlens/pathing"
	"pathlens/pathing/groups"
)

// rooms is a weighted map (digits are cell weights) whose 4×4 clusters are
// cut by walls into several groups each, so the cluster heuristic differs
// from octile and groups of one cluster differ from each other.
const rooms = `
....#....3333#......
.##.#.##.#...#.###..
.#..#..#.#.2.#...#..
.#.###.#.#####.#.#..
...#...#.....#.#....
####.#######.#.####.
...#.#.....#.#....#.
.#.#.#.999.#.####.#.
.#...#.....#......#.
.#####.#####.######.
.......#..........#.
######.#.########.#.
.......#.#......#...
.#######.#.####.###.
.........#....#.....
`

// clusterEnv is an Env for prepareClusterAStar on m with -cluster size.
func clusterEnv(m *maps.Map, nb pathing.Neighborhood, size int) *Env {
	return &Env{Cfg: &Config{Neighborhood: nb, Ext: map[string]any{"cluster": &size}}, Map: m, Grid: m.Grid}
}

// The per-goal columns give exactly the whole table's answers: for every
// start and every goal of a few maps, A* with the goal's column returns the
// same path, cost and effort as A* with the old level-1 table (the
// estimates are equal, so the searches are the same step for step). The
// planner builds one column per goal group, not per query.
func TestClusterColumnsAnswerLikeTheTable(t *testing.T) {
	tiny, err := maps.LoadMap(tinyMap)
	if err != nil {
		t.Fatal(err)
	}
	rm, err := maps.ReadASCII(strings.NewReader(strings.TrimPrefix(rooms, "\n")), "rooms")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		m    *maps.Map
		size int
		nb   pathing.Neighborhood
	}{
		{tiny, 3, pathing.Eight}, {tiny, 2, pathing.Four},
		{rm, 4, pathing.Eight}, {rm, 4, pathing.Four}, {rm, 6, pathing.Eight},
	}
	for _, c := range cases {
		env := clusterEnv(c.m, c.nb, c.size)
		pl, err := prepareClusterAStar(env, &Report{})
		if err != nil {
			t.Fatal(err)
		}
		cp := pl.(*clusterPlanner)
		gr, err := groups.Build(c.m.Grid, groups.Config{ClusterSize: c.size, Levels: 1, Neighborhood: c.nb}, nil)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := gr.ClusterHeuristic(1)
		if err != nil {
			t.Fatal(err)
		}
		old := &searchPlanner{s: pathing.NewSearcher(c.m.Grid),
			q: pathing.Query{Neighborhood: c.nb, Heuristic: pathing.Custom, HeuristicFunc: tab.EstimateOctile}}
		g := c.m.Grid
		var open []image.Point
		for i := 0; i < g.Len(); i++ {
			if p := g.Point(i); g.Open(p) {
				open = append(open, p)
			}
		}
		goalGroups := map[int32]bool{}
		builds, differ := 0, 0
		for _, goal := range open {
			goalGroups[gr.GroupOf(1, goal)] = true
			built, err := cp.PrepareGoal(goal)
			if err != nil {
				t.Fatal(err)
			}
			if built {
				builds++
			}
			for _, start := range open {
				a, err := old.Plan(start, goal)
				if err != nil {
					t.Fatal(err)
				}
				aPath := slices.Clone(a.Path)
				b, err := cp.Plan(start, goal)
				if err != nil {
					t.Fatal(err)
				}
				if a.Found != b.Found || a.Cost != b.Cost || a.Expanded != b.Expanded || a.Pushes != b.Pushes || !slices.Equal(aPath, b.Path) {
					t.Fatalf("%s cluster %d %v, %v→%v: table %+v, column %+v", c.m.Name, c.size, c.nb, start, goal, a, b)
				}
				if tab.EstimateOctile(start, goal) != pathing.Octile.Distance(start, goal) {
					differ++
				}
			}
		}
		if builds != len(goalGroups) {
			t.Errorf("%s cluster %d %v: %d columns built for %d goal groups", c.m.Name, c.size, c.nb, builds, len(goalGroups))
		}
		if c.m == rm && differ == 0 {
			t.Errorf("%s cluster %d %v: the table never beats octile, so this test compares nothing of it", c.m.Name, c.size, c.nb)
		}
	}
}

// fakePrep is a GoalPreparer on a fake clock: preparing a new goal takes a
// second and allocates a megabyte, a plan takes a millisecond.
type fakePrep struct {
	now   *time.Time
	seen  map[image.Point]bool
	junk  [][]byte
	plans int
}

func (f *fakePrep) PrepareGoal(goal image.Point) (bool, error) {
	if f.seen[goal] {
		return false, nil
	}
	f.seen[goal] = true
	f.junk = append(f.junk, make([]byte, 1<<20))
	*f.now = f.now.Add(time.Second)
	return true, nil
}

func (f *fakePrep) Plan(start, goal image.Point) (Outcome, error) {
	f.plans++
	*f.now = f.now.Add(time.Millisecond)
	return Outcome{Found: true, Path: []image.Point{start, goal}, Cost: 1}, nil
}

// RunQueries keeps per-goal preparation out of the search figures: with a
// clock that only moves when the planner works, every query's time is the
// plan's millisecond, and the seconds of preparation (one per new goal,
// warm-up included) are reported apart, as are its allocations.
func TestGoalPrepIsNotSearchTime(t *testing.T) {
	now := time.Unix(0, 0)
	defer func(c func() time.Time) { clock = c }(clock)
	clock = func() time.Time { return now }
	f := &fakePrep{now: &now, seen: map[image.Point]bool{}}
	a, b, c := image.Point{0, 0}, image.Point{1, 0}, image.Point{2, 0}
	qs := []Query{{Start: a, Goal: b, Optimal: -1}, {Start: c, Goal: b, Optimal: -1}, {Start: a, Goal: c, Optimal: -1}}
	env := &Env{Cfg: &Config{}, Grid: pathing.MustGrid(3, 1)}
	rep := &Report{}
	if err := RunQueries(env, f, qs, 2, rep); err != nil {
		t.Fatal(err)
	}
	if runs, _ := rep.Get("runs"); rep.Queries != 3 || runs != 6 || rep.MeanUS != 1000 || rep.MaxUS != 1000 || rep.TotalMS != 6 {
		t.Errorf("queries %d, runs %v, mean %v µs, max %v µs, total %v ms: want 3 queries, 6 plans of 1000 µs", rep.Queries, runs, rep.MeanUS, rep.MaxUS, rep.TotalMS)
	}
	want := map[string]any{"goal_preps": 2, "goal_prep_ms": 2000.0, "goal_prep_mean_ms": 1000.0, "goal_prep_max_ms": 1000.0}
	for k, v := range want {
		if got, _ := rep.Get(k); got != v {
			t.Errorf("%s = %v, want %v", k, got, v)
		}
	}
	if rep.BytesPerQuery > 1<<16 {
		t.Errorf("bytes_per_query %v: the preparation's megabytes were billed to the searches", rep.BytesPerQuery)
	}
	// A planner without per-goal work reports no goal_prep fields.
	rep = &Report{}
	if err := RunQueries(env, &searchPlanner{s: pathing.NewSearcher(env.Grid)}, qs, 1, rep); err != nil {
		t.Fatal(err)
	}
	if _, ok := rep.Get("goal_preps"); ok {
		t.Error("a plain A* run reports goal_preps")
	}
}

// The command: admissible (every row optimal), level 1 whatever the map,
// one column per goal group, and the preparation reported apart.
func TestClusterAStarReport(t *testing.T) {
	code, out, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-algo", "astar-cluster", "-cluster", "2", "-repeat", "3", "-check", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	m := decode(t, out)
	if m["optimal_matches"] != 10.0 || m["heuristic_level"] != 1.0 || m["cluster"] != 2.0 || m["queries"] != 10.0 || m["runs"] != 30.0 {
		t.Errorf("report %v", m)
	}
	gg, ok := m["goal_groups"].(float64)
	if !ok || gg < 2 || m["goal_preps"] != gg {
		t.Errorf("goal_groups %v, goal_preps %v: want one column per goal group, repeats reusing them", m["goal_groups"], m["goal_preps"])
	}
	if _, ok := m["goal_prep_ms"].(float64); !ok {
		t.Errorf("goal_prep_ms missing: %v", m)
	}
}

// What astar-cluster cannot use is refused by name, and so is a run whose
// columns would take minutes (the cap lowered to tiny's size here).
func TestClusterAStarRefusals(t *testing.T) {
	layer := filepath.Join(t.TempDir(), "layer.txt")
	if err := os.WriteFile(layer, []byte(strings.Repeat("aaaaabbbbb\n", 8)), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"levels", []string{"-map", tinyMap, "-scen", tinyScen, "-algo", "astar-cluster", "-levels", "2"}, "-levels applies only with -algo hpa or group"},
		{"cost", []string{"-map", tinyMap, "-scen", tinyScen, "-algo", "astar-cluster", "-cost", "maximin"}, "-cost applies only with -algo group"},
		{"cost with a scenario", []string{"-scenario", "builtin:textbook-groups", "-algo", "astar-cluster", "-cost", "maximin"}, "-cost applies only with -algo group (this run: -algo astar-cluster)"},
		{"two region layers", []string{"-map", tinyMap, "-scen", tinyScen, "-algo", "astar-cluster", "-regions", layer + "," + layer}, "reads level 1 only, but -regions gives 2 files: " + layer + " gives level 1, and " + layer + " (level 2 and up) would be ignored"},
		{"cluster size", []string{"-map", tinyMap, "-scen", tinyScen, "-algo", "astar-cluster", "-cluster", "1"}, "-cluster 1: the cluster heuristic's group table takes 2 or more"},
	}
	for _, c := range cases {
		code, out, errs := runMain(t, c.args...)
		if code != exitUsage || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q: want exit 2 saying %q", c.name, code, out, errs, c.want)
		}
	}
	defer func(w int) { maxClusterColumnWork = w }(maxClusterColumnWork)
	maxClusterColumnWork = 3 * 80
	code, out, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-algo", "astar-cluster", "-cluster", "2")
	if code != exitUsage || out != "" || !strings.Contains(errs, "tiny.map.scen") || !strings.Contains(errs, "-rows (about 3 goal groups fit)") {
		t.Errorf("over the cap: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-algo", "astar-cluster", "-cluster", "2", "-rows", "3"); code != 0 {
		t.Errorf("-rows 3 under the cap: exit %d, %s", code, errs)
	}
}

// slowHitPrep is fakePrep whose cache hits cost time too (looking the
// column up): a build takes a second, a hit 100 ms.
type slowHitPrep struct{ fakePrep }

func (f *slowHitPrep) PrepareGoal(goal image.Point) (bool, error) {
	if f.seen[goal] {
		*f.now = f.now.Add(100 * time.Millisecond)
		return false, nil
	}
	return f.fakePrep.PrepareGoal(goal)
}

// goal_prep_mean_ms is per column built (docs/groups.md): the time of
// the cache hits belongs to goal_prep_ms only. Dividing every call's
// time by the builds gave a mean above goal_prep_max_ms (a run on a
// small map, one goal: max 0.130 ms, mean 0.134 ms).
func TestGoalPrepMeanIsPerBuild(t *testing.T) {
	now := time.Unix(0, 0)
	defer func(c func() time.Time) { clock = c }(clock)
	clock = func() time.Time { return now }
	f := &slowHitPrep{fakePrep{now: &now, seen: map[image.Point]bool{}}}
	a, b := image.Point{0, 0}, image.Point{1, 0}
	qs := []Query{{Start: a, Goal: b, Optimal: -1}}
	env := &Env{Cfg: &Config{}, Grid: pathing.MustGrid(2, 1)}
	rep := &Report{}
	if err := RunQueries(env, f, qs, 4, rep); err != nil {
		t.Fatal(err)
	}
	// The warm-up builds (1 s), the four timed calls hit (4 × 100 ms).
	want := map[string]any{"goal_preps": 1, "goal_prep_ms": 1400.0, "goal_prep_mean_ms": 1000.0, "goal_prep_max_ms": 1000.0}
	for k, v := range want {
		if got, _ := rep.Get(k); got != v {
			t.Errorf("%s = %v, want %v", k, got, v)
		}
	}
}

// -regions with an empty entry was refused in garbled words ("a.tmx,"
// said "…and  (level 2 and up) would be ignored", ",a.tmx" advised
// "give -regions  alone"), and "a, b" kept the space in " b": entries are
// trimmed, and an empty one is refused by its place before any file is
// read, whatever the algorithm.
func TestRegionsEmptyEntriesAndSpaces(t *testing.T) {
	layer := filepath.Join(t.TempDir(), "layer.txt")
	if err := os.WriteFile(layer, []byte(strings.Repeat("aaaaabbbbb\n", 8)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		regions, algo, want string
	}{
		{layer + ",", "astar-cluster", "the last of its 2 entries is empty"},
		{"," + layer, "astar-cluster", "the first of its 2 entries is empty"},
		{layer + ",," + layer, "group", "entry 2 of 3 is empty"},
		{" ", "group", "-regions \" \": it is empty"},
	} {
		code, out, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-algo", c.algo, "-regions", c.regions)
		if code != exitUsage || out != "" || !strings.Contains(errs, c.want) || strings.Contains(errs, "  ") {
			t.Errorf("-regions %q: exit %d, stdout %q, stderr %q: want exit 2 saying %q", c.regions, code, out, errs, c.want)
		}
	}
	// "a, b": the second file is b, not " b" (not found).
	code, _, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-algo", "astar-cluster", "-regions", layer+", "+layer)
	if code != exitUsage || !strings.Contains(errs, "and "+layer+" (level 2 and up)") || strings.Contains(errs, "and  ") {
		t.Errorf("-regions with a space after the comma: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := runMain(t, "-map", tinyMap, "-scen", tinyScen, "-algo", "group", "-regions", layer+", "+layer, "-levels", "2"); code != 0 {
		t.Errorf("-algo group -regions %q: exit %d, %s", layer+", "+layer, code, errs)
	}
}
