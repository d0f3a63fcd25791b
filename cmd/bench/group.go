package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
	"pathlens/pathing/groups"
	"pathlens/pathing/hpa"
)

// The group hierarchy of issue 4 (package pathing/groups) as -algo group,
// plus the -scenario mode that runs a scenario file's queries with its
// settings, and -dump-graph.
//
//	go run ./cmd/bench -map M.map -scen M.map.scen -algo group -cost avgmin [-exclusion] [-cluster 8 -levels 2]
//	go run ./cmd/bench -scenario builtin:pathological-minimum -cost avgmin
//	go run ./cmd/bench -scenario builtin:textbook-groups -cost maximin -dump-graph
//	go run ./cmd/bench -map M.map -algo group -repair 2000 -seed 1 [-cluster 8 -levels 2]
//
// A query's cost is the whole path an agent walks by calling the planner
// again at the end of each segment (groups.Planner.Walk); the effort counts
// every level's expansions. Beside the common fields the report has, on
// scenario rows, a scenario's queries and a single -from/-to query, reachable (queries whose goal A*
// reaches, as for -algo hpa), reach_errors, mean_subopt, p99_subopt and
// max_subopt (cost / A*'s cost − 1 over found paths with a positive
// optimum), and always the settings in effect
// (connection_cost: a single query's "cost" is its path's), the hierarchy's size per level,
// segments_mean and, in exclusion mode, excluded (queries the exclusion
// made fail; a connected hierarchy never does).
func init() {
	registerFlags(func(fs *flag.FlagSet, c *Config) {
		c.Ext["cost"] = fs.String("cost", "", "group: connection cost minimum, maximin or avgmin (default minimum, or the scenario's)")
		ex := &optBool{}
		fs.Var(ex, "exclusion", "group: exclusion mode (plan every level, each inside the plan above); -exclusion=false overrides a scenario")
		c.Ext["exclusion"] = ex
		c.Ext["regions"] = fs.String("regions", "", "group: region layer `FILE`s for levels 1, 2, … separated by commas (rows of one character per cell; '#' or ' ' = none), a scenario file, or a Tiled .tmx map's rooms (left out: a Tiled -map's own rooms)")
		c.Ext["target"] = fs.String("target", "", "group: refinement target representative or nearest (default representative)")
		c.Ext["branch"] = fs.Int("branch", 0, fmt.Sprintf("group: k, level l+1 clusters gather k×k level-l clusters: 2 or more (default %d)", groups.DefaultBranch))
		// -cluster and -levels are shared with -algo hpa: whichever file's
		// hook runs first defines them; both read c.Ext.
		if fs.Lookup("cluster") == nil {
			c.Ext["cluster"] = fs.Int("cluster", 0, clusterUsage)
		}
		if fs.Lookup("levels") == nil {
			c.Ext["levels"] = fs.Int("levels", 0, levelsUsage)
		}
		fs.Func("scenario", "run a pathlens scenario `FILE` (or builtin:NAME): its map, regions, settings and queries; flags override its settings", func(s string) error {
			path, err := scenarioPath(s)
			if err != nil {
				return err
			}
			c.Ext["scenario-arg"] = &s
			if c.MapPath == "" {
				c.MapPath = path // LoadEnv reads the scenario's map from it
			}
			return nil
		})
		c.Ext["dump-graph"] = fs.Bool("dump-graph", false, "group: print the group graph as JSON lines before the report: the level-1 edges {\"level\":1,\"from\":\"C\",\"to\":\"D\",\"cost\":5} (cost of -cost), then each higher level's groups (with their members) and edges (with the cost under every -cost); with -json, the report's dump_graph list")
	})
	// Under -scenario these are checked against the scenario's algorithm
	// (or -algo's) once the file is read: -cost on a scenario run by A* is
	// refused like -cost with -algo astar.
	scopeFlagsOrScenario("-algo group", algoIs("group"), "cost", "exclusion", "target", "branch", "dump-graph")
	// The cluster heuristic reads the level-1 groups, which regions shape.
	scopeFlagsOrScenario("-algo group or astar-cluster", algoIs("group", "astar-cluster"), "regions")
	registerAlgo("group", Algo{Doc: "the textbook's group hierarchy (issue 4): plan high, refine the first step, walk segment by segment", Prepare: prepareGroup})
	registerMode(Mode{Name: "scenario", When: func(c *Config) bool { return c.ExtString("scenario-arg") != "" }, Run: runScenario})
	registerMode(Mode{Name: "group-repair", When: func(c *Config) bool {
		return c.Algo == "group" && c.ExtInt("repair") != 0
	}, Run: runGroupRepair})
	registerMode(Mode{Name: "group-scen", When: func(c *Config) bool {
		return c.Algo == "group" && c.ScenPath != "" && !c.Single
	}, Run: runGroupScen})
	registerMode(Mode{Name: "group-single", When: func(c *Config) bool {
		return c.Algo == "group" && c.Single && c.ExtInt("agents") == 0
	}, Run: runGroupSingle})
	registerMode(Mode{Name: "dump-graph", When: func(c *Config) bool {
		return c.ExtBool("dump-graph") && !c.Single && c.ScenPath == ""
	}, Run: runDumpOnly})
}

// optBool is a boolean flag that remembers whether it was given, so an
// explicit -exclusion=false can override a scenario's "set exclusion on".
type optBool struct{ set, on bool }

func (b *optBool) String() string {
	if b == nil || !b.on {
		return "false"
	}
	return "true"
}
func (b *optBool) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("want true or false")
	}
	b.set, b.on = true, v
	return nil
}
func (b *optBool) IsBoolFlag() bool { return true }

// scenarioPath returns what stands for a -scenario argument's file: the
// path itself (which must exist), or for builtin:NAME the argument
// unchanged once package assets is known to embed NAME. LoadEnv reads the
// map from it (the embedded text for a builtin: see readMapArg), so the
// built-ins work from any working directory. An unknown NAME is an error
// listing the names there are.
func scenarioPath(s string) (string, error) {
	name, builtin := strings.CutPrefix(s, assets.Prefix)
	if !builtin {
		if _, err := os.Stat(s); err != nil {
			return "", fmt.Errorf("%v", err)
		}
		return s, nil
	}
	if _, ok := assets.File(name); !ok {
		return "", fmt.Errorf("no built-in scenario %q (have %s)", name, strings.Join(assets.Names(), ", "))
	}
	return s, nil
}

// readMapArg reads the map of a -map value (or of the -scenario argument
// standing in for it): builtin:NAME from package assets' embedded text,
// named NAME.pls as the file on disk would be, else the file. ok is false
// when arg is not a builtin name, and the caller reads the file.
func readMapArg(arg string) (m *maps.Map, ok bool, err error) {
	name, builtin := strings.CutPrefix(arg, assets.Prefix)
	if !builtin {
		return nil, false, nil
	}
	b, found := assets.File(name)
	if !found {
		return nil, true, fmt.Errorf("no built-in scenario %q (have %s)", name, strings.Join(assets.Names(), ", "))
	}
	m, err = maps.ReadMap(bytes.NewReader(b), name+".pls")
	return m, true, err
}

// loadScenario reads the -scenario argument: the embedded text for
// builtin:NAME, else the file.
func loadScenario(arg string) (*maps.Scenario, error) {
	if name, ok := strings.CutPrefix(arg, assets.Prefix); ok {
		b, ok := assets.File(name)
		if !ok {
			return nil, fmt.Errorf("no built-in scenario %q (have %s)", name, strings.Join(assets.Names(), ", "))
		}
		return maps.ParseScenario(bytes.NewReader(b), arg, "")
	}
	if _, err := os.Stat(arg); err != nil {
		return nil, err
	}
	return maps.LoadScenario(arg)
}

// groupSetup is what prepareGroup needs beyond the Env: settings taken from
// a scenario (flags still override them) and its region layers.
type groupSetup struct {
	base    groups.Config
	regions [][]byte
}

// groupConfig merges the scenario's settings (if any) and the flags.
func groupConfig(env *Env, setup *groupSetup) (groups.Config, [][]byte, error) {
	c := env.Cfg
	cfg := groups.Config{Neighborhood: c.Neighborhood}
	regions := env.MapRooms.Layers // a Tiled -map's rooms, as the window reads them
	if setup != nil {
		cfg = setup.base
		regions = setup.regions
	}
	var err error
	if s := c.ExtString("cost"); s != "" {
		if cfg.Cost, err = groups.ParseCost(s); err != nil {
			return cfg, nil, usagef("bench: -cost %q: want minimum, maximin or avgmin", s)
		}
	}
	if s := c.ExtString("target"); s != "" {
		if cfg.Target, err = groups.ParseTarget(s); err != nil {
			return cfg, nil, usagef("bench: -target %q: want representative or nearest", s)
		}
	}
	if ex, ok := c.Ext["exclusion"].(*optBool); ok && ex.set {
		cfg.Exclusion = ex.on
	}
	// Size flags out of range, 0 among them, are refused (left out, they
	// mean the default or the scenario's setting).
	if err := checkGroupSizes(c); err != nil {
		return cfg, nil, err
	}
	// A size flag given on the command line wins over a scenario's.
	for _, f := range []struct {
		name string
		dst  *int
	}{{"cluster", &cfg.ClusterSize}, {"levels", &cfg.Levels}, {"branch", &cfg.Branch}} {
		if n := c.ExtInt(f.name); n != 0 || slices.Contains(c.Given, f.name) {
			*f.dst = n
		}
	}
	if slices.Contains(c.Given, "branch") && cfg.Levels == 1 {
		// As -hpa-k with one level (hpaConfig): nothing is grouped into a
		// level above, so the run measured the same hierarchy whatever
		// -branch said.
		levels := "-levels 1"
		if !slices.Contains(c.Given, "levels") {
			levels = "the scenario's set levels 1"
		}
		return cfg, nil, usagef("bench: -branch %d: k gathers k×k clusters of a level into one of the level above, and %s builds one level, so k means nothing; drop -branch, or give -levels 2 or more", cfg.Branch, levels)
	}
	if files := c.ExtString("regions"); files != "" {
		regions = nil
		for _, f := range strings.Split(files, ",") {
			notes := env.Stderr
			if c.MapPath != "" && world.SameFile(f, c.MapPath) {
				if len(env.MapRooms.Layers) > 0 {
					// -map's own rooms, read with it: not parsed again.
					regions = append(regions, env.MapRooms.Layers...)
					continue
				}
				notes = nil // -map's notes are printed already (they were twice)
			}
			ls, err := readRegions(f, env.Grid.Width(), env.Grid.Height(), notes)
			if err != nil {
				return cfg, nil, err
			}
			regions = append(regions, ls...)
		}
	}
	return cfg, regions, nil
}

// readRegions reads a region file: a scenario (its region layers), a
// Tiled map (its room layers, read as the window reads them; its tiles
// are not, and its load notes go to stderr) or plain rows of one
// character per cell, w×h. A .tmx was read as rows of XML ("has 56 rows,
// the map has 30").
// A file larger than MaxLevels layers of the map (plus 1 MiB for a
// scenario's other blocks) is refused before it is read whole.
func readRegions(path string, w, h int, stderr io.Writer) ([][]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usagef("bench: -regions: %v", err)
	}
	defer f.Close()
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	switch maps.Detect(head[:n]) {
	case maps.FormatTiled:
		f.Close()
		return tiledRegions(path, w, h, stderr)
	case maps.FormatTiledJSON:
		return nil, usagef("bench: -regions: %s is a Tiled JSON map: rooms are read from Tiled's TMX format (in Tiled: File › Export As… › Tiled map files (*.tmx))", path)
	case maps.FormatMovingAI:
		// Read as rows, its header lines were counted ("has 8 rows").
		return nil, usagef("bench: -regions: %s is a Moving AI map, not rooms: -regions takes a layer of room letters (%d rows of %d characters, '#' or ' ' for none), a .pls with regions blocks, or a .tmx with rooms", path, h, w)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, usagef("bench: -regions: %v", err)
	}
	limit := int64(groups.MaxLevels)*int64(w+2)*int64(h) + 1<<20
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, usagef("bench: -regions: %v", err)
	}
	if int64(len(b)) > limit {
		return nil, usagef("bench: -regions: %s is over %d bytes, more than %d region layers of this %d×%d map take", path, limit, groups.MaxLevels, w, h)
	}
	if maps.Detect(b) == maps.FormatScenario {
		s, err := maps.ParseScenario(bytes.NewReader(b), path, filepath.Dir(path))
		if err != nil {
			return nil, usagef("bench: -regions: %v", err)
		}
		if len(s.Regions) == 0 {
			return nil, usagef("bench: -regions: %s has no regions block", path)
		}
		for i, l := range s.Regions {
			if len(l) != w*h {
				return nil, usagef("bench: -regions: %s: layer %d is %d cells, the map has %d×%d", path, i+1, len(l), w, h)
			}
		}
		return s.Regions, nil
	}
	text := strings.ReplaceAll(string(b), "\r\n", "\n")
	rows := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if len(rows) != h {
		return nil, usagef("bench: -regions: %s has %d rows, the map has %d", path, len(rows), h)
	}
	layer := make([]byte, 0, w*h)
	for i, r := range rows {
		if len(r) != w {
			return nil, usagef("bench: -regions: %s:%d: row has %d cells, want %d", path, i+1, len(r), w)
		}
		layer = append(layer, r...)
	}
	return [][]byte{layer}, nil
}

// tiledRegions reads the room layers of the Tiled map at path for
// -regions on a w×h map: the map must be w×h (rooms are drawn over cells)
// and have rooms. Its load notes go to stderr, as -map's do.
func tiledRegions(path string, w, h int, stderr io.Writer) ([][]byte, error) {
	m, rooms, err := maps.LoadMapRooms(path)
	if err != nil {
		return nil, usagef("bench: -regions: %v", err)
	}
	if stderr != nil {
		for _, n := range rooms.Notes {
			fmt.Fprintf(stderr, "bench: note: %s\n", n)
		}
	}
	if gw, gh := m.Grid.Width(), m.Grid.Height(); gw != w || gh != h {
		return nil, usagef("bench: -regions: %s is a %d×%d Tiled map, the map is %d×%d: its rooms are drawn over cells of another size", path, gw, gh, w, h)
	}
	if len(rooms.Layers) == 0 {
		return nil, usagef("bench: -regions: %s is a Tiled map with no rooms (rectangles, polygons or ellipses on an object layer named rooms or regions; see docs/formats.md)", path)
	}
	return rooms.Layers, nil
}

// groupPlanner walks each query with a groups.Planner; its answers are
// read back from the report's rows (RunQueries records the first pass).
type groupPlanner struct {
	gr *groups.Graph
	pl *groups.Planner
	// opts are the walks' options: the cell searches' heuristic, as the
	// window's H sets it (a session saved with "set heuristic zero" ran
	// here with the octile one, under a report that said zero).
	opts groups.Options
}

// Plan implements Planner: the walked path, its cost and the expansions of
// every level and segment. No path is Found false; an exclusion failure is
// counted and reported as no path; other planner errors abort the run.
func (p *groupPlanner) Plan(start, goal image.Point) (Outcome, error) {
	wr, err := p.pl.Walk(start, goal, p.opts)
	switch {
	case errors.Is(err, groups.ErrNoPath), errors.Is(err, groups.ErrExcluded):
		return Outcome{Expanded: wr.Expanded}, nil
	case err != nil:
		return Outcome{}, err
	}
	return Outcome{Found: true, Path: wr.Path, Cost: wr.Cost, Expanded: wr.Expanded, Segments: wr.Segments}, nil
}

// prepareGroup builds the hierarchy from -map (and -regions) and the flags.
func prepareGroup(env *Env, rep *Report) (Planner, error) {
	return prepareGroupWith(env, rep, nil)
}

func prepareGroupWith(env *Env, rep *Report, setup *groupSetup) (Planner, error) {
	gr, _, err := buildGroups(env, rep, setup)
	if err != nil {
		return nil, err
	}
	rc := gr.Config()
	rep.Set("connection_cost", rc.Cost.String())
	rep.Set("exclusion", rc.Exclusion)
	rep.Set("target", rc.Target.String())
	if env.Cfg.ExtBool("dump-graph") {
		if err := dumpGraph(env, rep, gr); err != nil {
			return nil, err
		}
	}
	return &groupPlanner{gr: gr, pl: groups.NewPlanner(gr), opts: groups.Options{Heuristic: env.Cfg.Heuristic}}, nil
}

// buildGroups builds the group hierarchy of env's grid from the flags (and
// setup's scenario settings), and adds the hierarchy's settings and size
// to rep: cluster, cluster_kind, levels, branch, region_layers,
// groups_per_level, edges_per_level. It returns the region layers it was
// built with.
func buildGroups(env *Env, rep *Report, setup *groupSetup) (*groups.Graph, [][]byte, error) {
	cfg, regions, err := groupConfig(env, setup)
	if err != nil {
		return nil, nil, err
	}
	if err := checkLevelsCoverRegions(env.Cfg, cfg, regions); err != nil {
		return nil, nil, err
	}
	gr, err := groups.Build(env.Grid, cfg, regions)
	if err != nil {
		return nil, nil, usagef("bench: -algo group: %v", err)
	}
	rc := gr.Config()
	setCluster(rep, env.Grid, regions, rc.Levels, rc.ClusterSize)
	rep.Set("levels", rc.Levels)
	if rc.Levels > 1 {
		rep.Set("branch", rc.Branch)
	} else {
		// One level gathers nothing above it: -branch is refused there
		// (checkSizeFlags), and the report printed "branch 2" all the
		// same. null, as cluster is where no square cluster is cut: the
		// key stays for a JSON reader, with no value.
		rep.Set("branch", nil)
	}
	rep.Set("region_layers", len(regions))
	var nodes, edges []int
	for l := 1; l <= gr.Levels(); l++ {
		nodes = append(nodes, len(gr.Groups(l)))
		edges = append(edges, gr.NumEdges(l))
	}
	rep.Set("groups_per_level", nodes)
	rep.Set("edges_per_level", edges)
	return gr, regions, nil
}

// groupRepairer is the repair mode's view of gr, the group hierarchy of
// g built with the region layers regions: each toggle repaired by
// gr.Update, compared with groups.Build's graph by groups.Equal.
func groupRepairer(gr *groups.Graph, g *pathing.Grid, regions [][]byte) repairer {
	cfg := gr.Config()
	return repairer{
		cluster: cfg.ClusterSize,
		update: func(p image.Point) repairStep {
			t0 := time.Now()
			ch := gr.Update([]image.Point{p})
			s := repairStep{dur: time.Since(t0)}
			for _, lc := range ch.Levels {
				s.nodes = s.nodes || lc.Added+lc.Removed > 0
				s.edges = s.edges || len(lc.AddedEdges)+len(lc.RemovedEdges) > 0
				s.costs = s.costs || len(lc.ChangedEdges) > 0
			}
			return s
		},
		rebuild: func() (func() error, error) {
			fresh, err := groups.Build(g, cfg, regions)
			if err != nil {
				return nil, err
			}
			return func() error { return groups.Equal(gr, fresh) }, nil
		},
	}
}

// groupRepairQueryFlags are the group planner's query options, which the
// repair mode refuses: it toggles cells and runs no query (the edges keep
// every connection cost whatever -cost names).
var groupRepairQueryFlags = []string{"cost", "exclusion", "target", "heuristic"}

// runGroupRepair is the repair mode of -algo group: -repair N random
// single-cell toggles (runRepairs), each repaired by groups.Graph.Update,
// the repaired graph compared with groups.Build's by groups.Equal. Beside
// the shared fields (edits_changing_nodes counts the toggles that added or
// removed groups at some level) it reports edits_changing_edges (toggles
// that added or removed a connection) and edits_changing_costs (toggles
// that changed the cost of a connection that stayed), and the hierarchy
// as built (buildGroups' fields, build_ms).
func runGroupRepair(env *Env) (*Report, error) {
	n, mix, err := repairArgs(env.Cfg, "a group planner", groupRepairQueryFlags)
	if err != nil {
		return nil, err
	}
	if slices.Contains(env.Cfg.Given, "dump-graph") {
		return nil, usagef("bench: -dump-graph prints the graph a query run or a dump builds, and the repair mode (-repair) changes it at every toggle; drop one of them")
	}
	rep := NewReport(env)
	genv, g := repairEnv(env)
	t0 := time.Now()
	gr, regions, err := buildGroups(genv, rep, nil)
	if err != nil {
		return nil, err
	}
	rep.BuildMS = round3(float64(time.Since(t0)) / float64(time.Millisecond))
	counts, err := runRepairs(env, rep, g, n, mix, groupRepairer(gr, g, regions))
	if err != nil {
		return nil, err
	}
	rep.Set("edits_changing_edges", counts.edges)
	rep.Set("edits_changing_costs", counts.costs)
	return rep, nil
}

// dumpGraph prints the graph (-dump-graph): level 1's edges, then each
// higher level's groups and edges (dumpAbove), as JSON lines before the
// text report, or with -json as the report's dump_graph list, so that
// -json prints one JSON object (the lines came first, then the report).
func dumpGraph(env *Env, rep *Report, gr *groups.Graph) error {
	var b bytes.Buffer
	if err := gr.Dump(&b, 1); err != nil {
		return err
	}
	dumpAbove(&b, gr)
	if !env.Cfg.JSON {
		_, err := env.Stdout.Write(b.Bytes())
		return err
	}
	edges := []json.RawMessage{} // [] for a graph without edges, not null
	for _, line := range bytes.Split(bytes.TrimSpace(b.Bytes()), []byte("\n")) {
		if len(line) > 0 {
			edges = append(edges, json.RawMessage(line))
		}
	}
	rep.Set("dump_graph", edges)
	return nil
}

// dumpAbove writes the levels above 1 as JSON lines, level by level: each
// group with the groups of the level below it gathers, by name,
//
//	{"level":2,"group":"(0,0)","members":["(0,0)","(1,0)"]}
//
// then each directed edge, with the cost the run plans with (cost, as
// level 1's lines) and its cost under every connection cost (costs), so
// that a level-2 plan can be explained, and compared with another -cost,
// from one dump:
//
//	{"level":2,"from":"(0,0)","to":"(1,0)","cost":12,"costs":{"minimum":12,"maximin":20.5,"avgmin":16}}
//
// Level 1's lines are groups.Graph.Dump's, unchanged; its groups are the
// cells', too many to list.
func dumpAbove(b *bytes.Buffer, gr *groups.Graph) {
	kind := gr.Config().Cost
	for l := 2; l <= gr.Levels(); l++ {
		below, gs := gr.Groups(l-1), gr.Groups(l)
		for _, g := range gs {
			names := make([]string, 0, g.Members)
			for _, m := range gr.Members(l, g.ID) {
				names = append(names, below[m].Name)
			}
			name, _ := json.Marshal(g.Name)
			members, _ := json.Marshal(names)
			fmt.Fprintf(b, "{\"level\":%d,\"group\":%s,\"members\":%s}\n", l, name, members)
		}
		for _, g := range gs {
			for _, e := range gr.Edges(l, g.ID) {
				from, _ := json.Marshal(g.Name)
				to, _ := json.Marshal(gs[e.To].Name)
				fmt.Fprintf(b, "{\"level\":%d,\"from\":%s,\"to\":%s,\"cost\":%s,\"costs\":{", l, from, to, dumpCost(e.Cost(kind)))
				for k := groups.Minimum; k <= groups.AvgMin; k++ {
					if k > groups.Minimum {
						b.WriteByte(',')
					}
					fmt.Fprintf(b, "%q:%s", k.String(), dumpCost(e.Cost(k)))
				}
				b.WriteString("}}\n")
			}
		}
	}
}

// dumpCost prints a connection cost as groups.Graph.Dump does: rounded to
// 3 decimals without trailing zeros, null when infinite.
func dumpCost(c float64) string {
	if math.IsInf(c, 0) || math.IsNaN(c) {
		return "null"
	}
	return strconv.FormatFloat(math.Round(c*1000)/1000, 'f', -1, 64)
}

// runGroupQueries runs qs with the group planner and adds the fields
// -algo hpa adds on scenario rows, with the same meaning: reachable (queries
// whose goal A* reaches on the same grid), reach_errors (queries where the
// planner and A* disagree on whether a path exists) and mean/p99/max_subopt
// against A*'s cost (so -nb 4, whose rows carry no optimum, has them too).
// A* runs once per query after the timed runs, outside their figures; in exclusion mode
// the rows the planner failed are walked again, untimed, to count the
// exclusion failures among them.
func runGroupQueries(env *Env, p Planner, qs []Query, rep *Report) error {
	gp, _ := p.(*groupPlanner)
	if err := RunQueries(env, p, qs, env.Cfg.Repeat, rep); err != nil {
		return err
	}
	if gp == nil {
		return nil
	}
	exclusion := gp.gr.Config().Exclusion
	excluded := 0
	var missed func(Query)
	if exclusion {
		// Untimed, and only for the rows it failed: was it the exclusion?
		missed = func(q Query) {
			if _, err := gp.pl.Walk(q.Start, q.Goal, gp.opts); errors.Is(err, groups.ErrExcluded) {
				excluded++
			}
		}
	}
	// The walked cost (every segment) against A*'s.
	if _, err := compareWithAStar(env, qs, rep, "the group planner", "queries", missed); err != nil {
		return err
	}
	setSegmentsMean(rep)
	if exclusion {
		rep.Set("excluded", excluded)
	}
	return nil
}

// setSegmentsMean sets segments_mean, the segments a walk takes, each
// query once, from its first run: counted in Plan, the untimed warm-up
// walk (the longest query) and -repeat's runs weighed in too.
func setSegmentsMean(rep *Report) {
	if len(rep.rows) > 0 {
		segs := 0
		for _, r := range rep.rows {
			segs += r.segments
		}
		rep.SetFixed("segments_mean", float64(segs)/float64(len(rep.rows)), 3)
	}
}

// runGroupSingle is the single-query mode (-from, -to) of -algo group:
// the query measured as runGroupQueries measures scenario rows (against
// A* on the same grid: reachable, reach_errors, the subopt fields,
// segments_mean, excluded), plus its cost and path. It ran runSingle, so
// one query had no subopt figure: -algo hpa -from -to had them.
func runGroupSingle(env *Env) (*Report, error) {
	return runSingleWith(env, runGroupQueries)
}

// scenarioRun is a -scenario run once the file is read: the scenario, an
// Env on its world (edit log applied) and a Config whose algorithm,
// neighbourhood and hierarchy settings are the scenario's wherever no
// flag set them.
type scenarioRun struct {
	arg   string // the -scenario argument
	s     *maps.Scenario
	env   Env    // env.Cfg is &cfg
	cfg   Config // the flags, the scenario's settings standing in
	from  string // "the scenario's" when the algorithm came from the file
	setup *groupSetup
}

// openScenario reads env's -scenario and merges its settings under the
// flags: the neighbourhood; the algorithm unless -algo was given (a
// scenario without one runs bench's default, astar); for HPA*, cluster,
// levels and smoothing where -cluster, -levels, -smooth are not given
// (Ext copied, env's untouched); for the planners that read groups,
// cluster, levels, cost, target, exclusion and regions (groupSetup,
// flags override). Then every flag given is checked against the run's
// algorithm (checkRunScopes: parse time cannot, the algorithm may come
// from the file). Errors are usage errors naming the file or the flag.
func openScenario(env *Env) (*scenarioRun, error) {
	arg := env.Cfg.ExtString("scenario-arg")
	// The scenario brings its own map, which LoadEnv read (and checked
	// -from/-to and -scen rows against) from its file: a different -map
	// would be checked but not run on.
	if p, err := scenarioPath(arg); err == nil && filepath.Clean(p) != filepath.Clean(env.Cfg.MapPath) {
		return nil, usagef("bench: -map %s and -scenario %s: the scenario brings its own map; give one or the other", env.Cfg.MapPath, arg)
	}
	s, err := loadScenario(arg)
	if err != nil {
		return nil, usagef("bench: -scenario: %v", err)
	}
	// The notes say what the file asked for and is not run (a query on a
	// cell the map file now walls, layers that no longer fit): the window
	// shows them, and a run without them would count fewer queries unsaid.
	if env.Stderr != nil {
		for _, n := range s.Notes {
			fmt.Fprintf(env.Stderr, "bench: note: %s\n", n)
		}
		for _, n := range world.StraddleNotes(s.Regions, s.RegionNames) {
			fmt.Fprintf(env.Stderr, "bench: note: %s: %s\n", filepath.Base(arg), n)
		}
	}
	sr := &scenarioRun{arg: arg, s: s, env: *env, cfg: *env.Cfg}
	cfg := &sr.cfg
	sr.env.Cfg = cfg
	sr.env.Map = s.Map
	sr.env.Grid = s.World()
	if nb, ok := s.Settings.PathingNeighborhood(); ok && !slices.Contains(cfg.Given, "nb") {
		cfg.Neighborhood = nb
	}
	// The scenario's algorithm applies unless -algo was given, read as the
	// app reads it: "set algo" first, else "set abstraction" (hpa, groups),
	// and A* or greedy with "set heuristic cluster" is astar-cluster.
	if !slices.Contains(cfg.Given, "algo") {
		a := scenarioAlgo(s.Settings)
		if _, ok := algos[a]; ok && a != "" {
			cfg.Algo = a
			sr.from = "the scenario's"
		}
	}
	if s.Settings.Heuristic == maps.HeuristicCluster && cfg.Algo == "greedy" && !slices.Contains(cfg.Given, "heuristic") {
		return nil, usagef("bench: -scenario %s runs greedy with the cluster heuristic, which cmd/bench offers for A* only (-algo astar-cluster); give -algo or -heuristic", arg)
	}
	if h := s.Settings.Heuristic; h != "" && h != maps.HeuristicCluster && !slices.Contains(cfg.Given, "heuristic") {
		if v, err := pathing.ParseHeuristic(string(h)); err == nil {
			cfg.Heuristic = v
		}
	} else if h == "" && !slices.Contains(cfg.Given, "heuristic") && algoIs("astar", "greedy", "group")(cfg) {
		// The window's default, octile whatever the moves: under "set
		// neighborhood 4" auto would be manhattan here, and the session's
		// expansions could not be reproduced (478 in the window, 113 here).
		cfg.Heuristic = pathing.Octile
	}
	// Now the run's algorithm is known: a flag it does not read (-cost on
	// a scenario run by A*) is refused, not ignored, and one it reads
	// (-smooth on a scenario run by HPA*) is let through.
	if err := checkRunScopes(cfg, sr.from); err != nil {
		return nil, err
	}
	base := groups.Config{ClusterSize: s.Settings.Cluster, Levels: s.Settings.Levels, Neighborhood: cfg.Neighborhood}
	if s.Settings.Cost != "" {
		base.Cost, _ = groups.ParseCost(string(s.Settings.Cost))
	}
	if s.Settings.Target != "" {
		base.Target, _ = groups.ParseTarget(string(s.Settings.Target))
	}
	base.Exclusion, _ = s.Settings.Exclusion.Set()
	if cfg.Algo == "hpa" {
		// HPA* reads -cluster, -levels and -smooth: the scenario's settings
		// stand in for those not given on the command line.
		ext := make(map[string]any, len(cfg.Ext))
		for k, v := range cfg.Ext {
			ext[k] = v
		}
		cfg.Ext = ext
		if n := s.Settings.Cluster; n != 0 && !slices.Contains(cfg.Given, "cluster") {
			if n < hpa.MinClusterSize || n > hpa.MaxClusterSize {
				return nil, usagef("bench: -scenario %s: its cluster size %d is outside HPA*'s %d..%d; give -cluster", arg, n, hpa.MinClusterSize, hpa.MaxClusterSize)
			}
			ext["cluster"] = &n
		}
		if n := s.Settings.Levels; n != 0 && !slices.Contains(cfg.Given, "levels") {
			ext["levels"] = &n
		}
		if on, set := s.Settings.Smooth.Set(); set && !slices.Contains(cfg.Given, "smooth") {
			ext["smooth"] = &on
		}
		if on, set := s.Settings.Shortcut.Set(); set && !slices.Contains(cfg.Given, "shortcut") {
			ext["shortcut"] = &on
		}
		if on, set := s.Settings.Cache.Set(); set && !slices.Contains(cfg.Given, "cache") {
			ext["cache"] = &on // "set cache on|off", the window's -cache
		}
		if m := string(s.Settings.AgentRefine); m != "" && !slices.Contains(cfg.Given, "agent-refine") {
			ext["agent-refine"] = &m
		}
		// -transitions is -placement under the window's name: either one
		// typed overrides the file.
		if t := string(s.Settings.Transitions); t != "" && !slices.Contains(cfg.Given, "placement") && !slices.Contains(cfg.Given, "transitions") {
			ext["placement"] = &t // sparse or dense, hpa.ParsePlacement's names
		}
	}
	// The planners that read groups get the scenario's cluster size and
	// regions (flags override them).
	sr.setup = &groupSetup{base: base, regions: s.Regions}
	return sr, nil
}

// scenarioAlgo is the cmd/bench algorithm a scenario's settings name, as
// the app reads them (game/world settingsFrom): "set algo", else "set
// abstraction"; A* with the cluster heuristic runs as astar-cluster. ""
// when the file names none.
func scenarioAlgo(ss maps.Settings) string {
	a := string(ss.Algo)
	if a == "" {
		switch ss.Abstraction {
		case maps.AbstractionHPA:
			a = "hpa"
		case maps.AbstractionGroups:
			a = "group"
		}
	}
	if ss.Heuristic == maps.HeuristicCluster && (a == "" || a == "astar") {
		a = "astar-cluster"
	}
	return a
}

// runScenario is the -scenario mode: the scenario's world (edit log
// applied), regions, settings and queries, with flags overriding settings.
// Optimal costs come from an untimed A* per query, so the suboptimality
// fields work without a .scen. -from/-to, or -scen rows, replace the
// scenario's queries.
func runScenario(env *Env) (*Report, error) {
	sr, err := openScenario(env)
	if err != nil {
		return nil, err
	}
	if slices.Contains(sr.cfg.Given, "repair") {
		return nil, usagef("bench: -repair and -scenario: the repair mode toggles cells of a -map; it does not run a scenario")
	}
	senv, cfg, s, arg := &sr.env, &sr.cfg, sr.s, sr.arg
	rep := NewReport(senv)
	rep.Algo = cfg.Algo
	if cfg.Algo == "hpa" {
		on := cfg.ExtBool("cache") // the file's "set cache" where -cache was not given
		rep.hpaCache = &on
	}
	rep.Map = arg
	rep.Set("scenario", s.Name)
	var p Planner
	switch cfg.Algo {
	case "group":
		p, err = timedPrepare(rep, func() (Planner, error) { return prepareGroupWith(senv, rep, sr.setup) })
	case "astar-cluster":
		p, err = timedPrepare(rep, func() (Planner, error) { return prepareClusterAStarWith(senv, rep, sr.setup) })
	default:
		p, err = prepare(senv, rep)
	}
	if err != nil {
		return nil, err
	}
	var qs []Query
	aStarOptimum := false // every query's Optimal is A*'s cost on senv's grid
	switch {
	case env.Rows != nil || len(s.Queries) == 0 && len(s.ScenRows) > 0 && !cfg.Single:
		// -scen's rows, else the scenario's own list (its "scen" line) when
		// it has no query lines, as the app opens it. LoadEnv checked
		// -scen's rows against the scenario's map as written, the reader
		// the file's own; they run on its world, after the edit log.
		rows, nums := env.Rows, env.RowNums
		if rows == nil {
			if note := rowsNote(cfg, len(s.ScenRows), s.Scen); note != "" && senv.Stderr != nil {
				fmt.Fprintln(senv.Stderr, note)
			}
			rows, nums = sampleRows(s.ScenRows, cfg.Rows, cfg.Every) // a copy
			setSampled(rep, cfg, len(rows), len(s.ScenRows))
			if cfg.Neighborhood == pathing.Four {
				for i := range rows {
					rows[i].Optimal = -1 // an 8-connected length: see LoadEnv
				}
			}
		}
		// Rows whose start or goal the edit log walled are left out,
		// counted and named, as the window's batch counts them
		// (wall_endpoints): refusing the whole run left an edited
		// session's batch impossible to reproduce headless (a user's
		// report).
		kept, keptNums := rows[:0:0], nums[:0:0]
		walled, first := 0, ""
		for i, r := range rows {
			bad := ""
			for _, e := range [2]struct {
				what string
				p    image.Point
			}{{"start", r.Start}, {"goal", r.Goal}} {
				if bad == "" && !senv.Grid.Open(e.p) {
					bad = fmt.Sprintf("%s:%d: %s %d,%d", r.File, r.Line, e.what, e.p.X, e.p.Y)
				}
			}
			if bad != "" {
				if walled++; first == "" {
					first = bad
				}
				continue
			}
			// Each kept row keeps its number in the file (sampleRows
			// numbers every list), as -worst's window command needs.
			kept, keptNums = append(kept, r), append(keptNums, nums[i])
		}
		if walled > 0 {
			if len(kept) == 0 {
				return nil, usagef("bench: every row's start or goal is blocked once the edits of -scenario %s are made (first: %s)", arg, first)
			}
			rep.Set("wall_endpoints", walled)
			if senv.Stderr != nil {
				fmt.Fprintf(senv.Stderr, "bench: %d rows left out: their start or goal is blocked once the edits of -scenario %s are made (first: %s is blocked)\n", walled, arg, first)
			}
			rows, nums = kept, keptNums
		}
		qs = QueriesFromRows(rows, nums)
		if env.Rows == nil {
			rep.Set("scen", s.Scen)
			if len(s.ScenSkip) > 0 {
				// The rows the session removed (scen-skip): the list ran
				// short of the file without a word.
				rep.Set("scen_skipped", len(s.ScenSkip))
			}
		}
		if len(s.Edits) > 0 || cfg.Neighborhood == pathing.Four {
			// The list's lengths are for its map as written (8-connected):
			// after the edit log, or with 4-connected moves, each row is
			// measured against A* on the world it runs on, as the
			// scenario's own queries are (FileOptimal keeps the list's).
			aStarOptimum = true
			search := pathing.NewSearcher(senv.Grid)
			for i := range qs {
				o, err := search.Search(pathing.Query{Start: qs[i].Start, Goal: qs[i].Goal, Neighborhood: cfg.Neighborhood})
				if err != nil {
					return nil, usagef("bench: %s:%d: %v", rows[i].File, rows[i].Line, err)
				}
				qs[i].Optimal = -1
				if o.Status == pathing.Found {
					qs[i].Optimal = o.Cost
				}
			}
		}
	default:
		// Why the run has no rows to cut: no list at all, or a list the
		// file's own queries run in place of (it read "no scen list" for
		// a file with a scen line, an engineer's report).
		why := "no -scen and no scen list"
		if s.Scen != "" {
			why = fmt.Sprintf("its query lines run in place of its scen list %s: add -scen %s to run the list's rows", s.Scen, shellWord(s.ScenFile))
		}
		if slices.Contains(cfg.Given, "every") {
			return nil, usagef("bench: -every samples the rows of a .scen, and -scenario %s runs its own queries (%s); drop -every", arg, why)
		}
		if slices.Contains(cfg.Given, "rows") {
			return nil, usagef("bench: -rows cuts the rows of a .scen, and -scenario %s runs its own queries (%s); drop -rows", arg, why)
		}
		list := s.Queries
		if cfg.Single {
			list = []maps.Query{{Start: cfg.From, Goal: cfg.To}}
		}
		if len(list) == 0 {
			return nil, usagef("bench: -scenario %s has no query lines (give -from and -to)", arg)
		}
		aStarOptimum = true
		search := pathing.NewSearcher(senv.Grid)
		for i, q := range list {
			// A scenario's own query lines are named file:line, as .scen
			// rows are (-from/-to's query has no line).
			bq := Query{Start: q.Start, Goal: q.Goal, FileOptimal: -1}
			if !cfg.Single && i < len(s.QueryLines) {
				bq.Line, bq.File = s.QueryLines[i], arg
			}
			where := fmt.Sprintf("-scenario %s: query %d", arg, i+1)
			if bq.Line > 0 {
				where = bq.where(i)
			}
			for _, pt := range []image.Point{q.Start, q.Goal} {
				if !senv.Grid.Open(pt) {
					return nil, usagef("bench: %s: cell %d,%d is blocked or outside the map", where, pt.X, pt.Y)
				}
			}
			o, err := search.Search(pathing.Query{Start: q.Start, Goal: q.Goal, Neighborhood: cfg.Neighborhood})
			if err != nil {
				return nil, usagef("bench: %s: %v", where, err)
			}
			bq.Optimal = -1
			if o.Status == pathing.Found {
				bq.Optimal = o.Cost
			}
			qs = append(qs, bq)
		}
	}
	if len(qs) == 1 && env.Rows == nil && !slices.Contains(cfg.Given, "repeat") {
		// One query timed once is one cold run, as with -from/-to: time
		// it as often (its median and allocations are then warm figures).
		senv.Cfg.Repeat = SingleRepeat
	}
	if cfg.Algo == "hpa" {
		// HPA* is measured against A* on the scenario's world (its edits
		// made) as with -map: reachable, reach_errors, the subopt fields,
		// astar_median_us and speedup_median. runGroupQueries adds them
		// for the group planner only, so an HPA* scenario lacked them.
		if err := RunQueries(senv, p, qs, senv.Cfg.Repeat, rep); err != nil {
			return nil, err
		}
		if err := hpaVersusAStar(senv, qs, rep, "queries"); err != nil {
			return nil, err
		}
	} else if err := runGroupQueries(senv, p, qs, rep); err != nil {
		return nil, err
	}
	if aStarOptimum {
		// The optimal column (-worst, -csv) is A*'s cost on the scenario's
		// world, whatever the algorithm: say so, not "the .scen's".
		rep.refAStar = true
		if len(s.Edits) > 0 {
			rep.refGrid = "the scenario's world (its edit log applied)"
		}
	}
	if env.Rows == nil && len(s.Queries) > 0 && len(s.ScenRows) > 0 && !cfg.Single {
		// The window lists the scenario's own queries and then its list's
		// rows, but opens a first query that is one of the rows where the
		// row stands: -worst's commands give the window's numbers.
		rep.openNums = world.QueryNumbers(s)
	}
	rep.inputs = []string{s.ScenFile, s.MapFile}
	if len(qs) == 1 && env.Rows == nil && (cfg.Single || len(s.Queries) > 0) {
		// One query (-from/-to, or a scenario holding one): its cost and
		// path, as with -map. A scenario of one query printed neither, so
		// an optimal walk's cost was nowhere in the report.
		if err := setSinglePath(p, qs[0].Start, qs[0].Goal, rep); err != nil {
			return nil, err
		}
	}
	return rep, nil
}

// runGroupScen is the scenario-rows mode for -algo group: runScen plus the
// suboptimality fields.
func runGroupScen(env *Env) (*Report, error) {
	rep, _, err := runPrepared(env, QueriesFromRows(env.Rows, env.RowNums), runGroupQueries)
	return rep, err
}

// runDumpOnly is -dump-graph without queries: build, dump, report the build.
func runDumpOnly(env *Env) (*Report, error) {
	rep := NewReport(env)
	if env.Cfg.Algo != "group" {
		return nil, usagef("bench: -dump-graph needs -algo group (got %q)", env.Cfg.Algo)
	}
	if _, err := prepare(env, rep); err != nil {
		return nil, err
	}
	return rep, nil
}

// setCluster sets the report's cluster fields, the app's way (its log's
// cluster=regions): cluster_kind is "regions" when the region layers name
// a region for every open cell of g at every level built (1..levels), so
// no square cluster is cut and the size is read nowhere, and cluster is
// then null; else cluster_kind is "square" and cluster the size. A
// gallery scenario whose regions make every level was reported as
// "cluster 10"; then cluster read "regions", a string where a JSON reader
// otherwise finds a number.
func setCluster(rep *Report, g *pathing.Grid, regions [][]byte, levels, size int) {
	if regionsCoverLevels(g, regions, levels) {
		rep.Set("cluster", nil)
		rep.Set("cluster_kind", "regions")
		return
	}
	rep.Set("cluster", size)
	rep.Set("cluster_kind", "square")
}

// regionsCoverLevels reports whether the region layers name a region for
// every open cell of g at every level 1..levels.
func regionsCoverLevels(g *pathing.Grid, regions [][]byte, levels int) bool {
	if len(regions) < levels {
		return false
	}
	cells := g.Cells()
	for l := 0; l < levels; l++ {
		layer := regions[l]
		if len(layer) != len(cells) {
			return false
		}
		for i, c := range cells {
			if c != pathing.Blocked && groups.NoRegion(layer[i]) {
				return false
			}
		}
	}
	return true
}

// checkLevelsCoverRegions refuses region layers that outnumber the levels
// before groups.Build does, in the user's terms: where the layers and the
// levels came from (the scenario, -regions, -levels, the default) and the
// -levels that runs them. groups.Build's own "2 region layers for 1
// levels" named neither the file nor the fix.
func checkLevelsCoverRegions(c *Config, cfg groups.Config, regions [][]byte) error {
	levels := cfg.Levels
	if levels == 0 {
		levels = groups.DefaultLevels
	}
	if len(regions) <= levels {
		return nil
	}
	from := "-scenario " + c.ExtString("scenario-arg")
	switch f := c.ExtString("regions"); {
	case f != "":
		from = "-regions " + f
	case c.ExtString("scenario-arg") == "":
		from = "-map " + c.MapPath // a Tiled map's rooms
	}
	set := fmt.Sprintf("the default %d levels", levels)
	switch {
	case slices.Contains(c.Given, "levels"):
		set = fmt.Sprintf("-levels %d", levels)
	case cfg.Levels != 0:
		set = fmt.Sprintf("the scenario's set levels %d", levels)
	}
	if _, hi := maps.SizeRange("levels"); len(regions) > hi {
		// -levels cannot cover them: the range stops below.
		return usagef("bench: -algo group: %s draws %d region layers, one a level, and the group hierarchy takes 1 to %d levels: drop the layers above level %d",
			from, len(regions), hi, hi)
	}
	return usagef("bench: -algo group: %s draws %d region layers, one a level, and runs %s: give -levels %d or more (or drop the layers above level %d)",
		from, len(regions), set, len(regions), levels)
}

// cleanRegionsFlag trims the spaces around each of -regions' files
// ("a.txt, b.txt" named " b.txt") and refuses an empty entry by its place
// ("a.tmx," said "…and  (level 2 and up) would be ignored"), before any
// file is read: every later use of -regions sees the cleaned list.
func cleanRegionsFlag(c *Config) error {
	p, ok := c.Ext["regions"].(*string)
	if !ok || *p == "" {
		return nil
	}
	files := strings.Split(*p, ",")
	for i, f := range files {
		files[i] = strings.TrimSpace(f)
		if files[i] == "" {
			where := fmt.Sprintf("entry %d of %d", i+1, len(files))
			switch {
			case len(files) == 1:
				where = "it"
			case i == 0:
				where = fmt.Sprintf("the first of its %d entries", len(files))
			case i == len(files)-1:
				where = fmt.Sprintf("the last of its %d entries", len(files))
			}
			return usagef("bench: -regions %q: %s is empty (a stray comma or space?): give the region files for levels 1, 2, … separated by commas, e.g. -regions rooms.txt,wings.txt", *p, where)
		}
	}
	*p = strings.Join(files, ",")
	return nil
}

// allTiled reports whether every file of a -regions list is a Tiled map
// (whose rooms come in levels: astar-cluster takes its level 1).
func allTiled(files string) bool {
	for _, f := range strings.Split(files, ",") {
		if fileFormat(f) != maps.FormatTiled {
			return false
		}
	}
	return true
}
