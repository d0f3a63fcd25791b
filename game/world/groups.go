package world

import (
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"strconv"
	"time"

	"pathlens/pathing"
	"pathlens/pathing/groups"
)

func init() { builders[AlgoGroup] = buildGroups }

// groupHier adapts a *groups.Graph (and one Planner on it) to Hierarchy.
// A query is what an agent would walk: the planner called segment after
// segment (groups.Planner.Walk); the plans shown are those of the first call.
type groupHier struct {
	w     *World // set when the world installs it
	cfg   groups.Config
	g     *groups.Graph
	p     *groups.Planner
	views map[int]*LevelView
	build time.Duration
	kept  int // levels copied from the hierarchy it replaced (relevelBuilder), 0 when built afresh
	size  *Size
	table *groups.GoalHeuristic // the cluster heuristic's last goal column
	// tableErr is why the column towards a goal in group tableErrOf could
	// not be made (kept like a column).
	tableErr   error
	tableErrOf int32
	// reach[l] is the longest of level l's edges (the larger of its
	// extents across and down, in cells), 0 when not measured since the
	// last build or repair.
	reach map[int]int
}

func groupConfig(s Settings) groups.Config {
	return groups.Config{ClusterSize: s.Cluster(), Levels: s.LevelCount(), Cost: groups.CostKind(s.Cost),
		Exclusion: s.Exclusion, Target: s.Target, Neighborhood: s.Neighborhood}
}

// buildError is a group hierarchy that cannot be built for a reason the
// user can act on: Why says what is wrong and Fix what to change, so a
// caller that needed the hierarchy for something else (the cluster
// heuristic) can say so in one sentence.
// layers and levels are set for region layers that outnumber the levels
// (layersError), so the session can name where the layers are drawn.
type buildError struct {
	Why, Fix       string
	layers, levels int
}

func (e *buildError) Error() string { return e.Why + ": " + e.Fix }

// layersError is the group hierarchy refused for n region layers over l
// levels; where, when known, says where the first layer above the levels
// is drawn ("regions 2 at exclusion-shortcut.pls:14").
func layersError(n, l int, where string) *buildError {
	if where != "" {
		where = " (" + where + ")"
	}
	return &buildError{
		Why:    fmt.Sprintf("this scenario's regions are drawn for %d levels%s and %s set", n, where, plural(l, "level is", "levels are")),
		Fix:    fmt.Sprintf("set %d levels or more (Shift+] adds one)", n),
		layers: n, levels: l,
	}
}

// regionsWhere says where region layer l (1 is level 1) is drawn: the
// scenario file and the line of its "regions l" ("regions 2 at
// worlds/keep.pls:14"), or the map file whose own rooms it is ("level 2's
// rooms in keep.tmx"); "" when the session knows no file for it. The
// window's message for layers that outnumber the levels named no file,
// where cmd/bench's names the scenario.
func (w *World) regionsWhere(l int) string {
	sc := w.scenario
	if sc == nil || l < 1 || l > len(w.Regions) {
		return ""
	}
	if l > len(sc.Regions) && w.RoomsUnsaved() {
		// Painted with the room tool and not saved: no file holds it (a
		// .map session's message named the map, which cannot).
		return fmt.Sprintf("level %d's rooms painted in this session", l)
	}
	if l <= sc.MapLevels {
		if sc.MapFile == "" {
			return ""
		}
		return fmt.Sprintf("level %d's rooms in %s", l, sc.MapFile)
	}
	if w.Source == "" {
		return ""
	}
	if l <= len(sc.RegionLines) && sc.RegionLines[l-1] > 0 {
		return fmt.Sprintf("regions %d at %s:%d", l, w.Source, sc.RegionLines[l-1])
	}
	return fmt.Sprintf("regions %d in %s", l, w.Source)
}

func buildGroups(ctx context.Context, grid *pathing.Grid, regions [][]byte, s Settings) (Hierarchy, error) {
	cfg := groupConfig(s)
	if n, l := len(regions), s.LevelCount(); n > l {
		// groups.Build refuses it too, in its own terms ("2 region layers
		// for 1 levels"). The session names the file (install).
		return nil, layersError(n, l, "")
	}
	t0 := time.Now()
	g, err := groups.BuildContext(ctx, grid, cfg, regions)
	if err != nil {
		return nil, err
	}
	return newGroupHier(cfg, g, time.Since(t0), 0), nil
}

// newGroupHier is the adapter of graph g built with cfg in build, kept
// levels copied from the hierarchy it replaces (0: built afresh).
func newGroupHier(cfg groups.Config, g *groups.Graph, build time.Duration, kept int) *groupHier {
	return &groupHier{cfg: cfg, g: g, p: groups.NewPlanner(g), views: map[int]*LevelView{}, build: build, kept: kept}
}

// relevelBuilder returns, when the installed hierarchy is the group
// hierarchy of key k but for its number of levels, a builder that makes
// k's from it: its levels below the new top are copied now (a few
// milliseconds on 2048×2048) and only the levels above are built
// (groups.Graph.Relevel), where a build would group and cost level 1 again
// (seconds on 2048×2048). nil otherwise, or when the installed one misses
// edits (a stroke's repairs held until it ends): build from the grid then.
func (w *World) relevelBuilder(k hierKey) builder {
	gh, ok := w.hier.(*groupHier)
	old := w.hierKey
	old.levels = k.levels
	if !ok || w.hierErr != nil || k.algo != AlgoGroup || old != k || (w.stroke != nil && len(w.stroke.pending) > 0) {
		return nil
	}
	build, err := gh.g.Relevel(k.levels)
	if err != nil {
		return nil // a build says why, in the user's terms
	}
	kept := min(k.levels, gh.g.Levels())
	return func(ctx context.Context, grid *pathing.Grid, _ [][]byte, s Settings) (Hierarchy, error) {
		t0 := time.Now()
		g, err := build(ctx, grid)
		if err != nil {
			return nil, err
		}
		return newGroupHier(groupConfig(s), g, time.Since(t0), kept), nil
	}
}

func (a *groupHier) Levels() int { return a.g.Levels() }

func (a *groupHier) Query(start, goal image.Point, s Settings, tr *pathing.Trace) (Answer, error) {
	a.g.SetCost(groups.CostKind(s.Cost))
	a.g.SetExclusion(s.Exclusion)
	a.g.SetTarget(s.Target)
	opts := groups.Options{Heuristic: s.Heuristic.Grid()}
	if s.Heuristic == HeurCluster {
		opts.Heuristic = pathing.Auto
	}
	ans := Answer{Cost: math.Inf(1), Status: pathing.NoPath}
	opts.Trace = tr
	wr, err := a.p.Walk(start, goal, opts)
	// The first segment's plans are what the planner decided at the start
	// (the walk's first PlanSegment: asked for alone before the walk, its
	// searches were run twice, the walk starting its plans afresh).
	L := a.g.Levels()
	if wr.Segments > 1 || err == nil {
		ans.Plans = make([][]image.Point, L+1)
		for l := 1; l <= L && l < len(wr.FirstPlanCells); l++ {
			ans.Plans[l] = append([]image.Point(nil), wr.FirstPlanCells[l]...)
		}
	}
	if err != nil {
		return a.failed(ans, err)
	}
	// The level-1 groups exclusion kept the cell search in: the first
	// segment's level-1 plan (in exclusion mode the only segment), or,
	// when start and goal share a level-1 group and no level was planned,
	// that group (groups.Planner.PlanSegment). Whether the plan buffer is
	// nil says nothing: it is empty but not nil once an earlier walk
	// planned at level 1, and a same-group query then veiled every cell.
	// A start that is its goal runs no search, and keeps out nothing.
	var planSet map[int32]bool
	if s.Exclusion && start != goal && len(wr.FirstPlans) > 1 {
		planSet = map[int32]bool{}
		for _, id := range wr.FirstPlans[1] {
			planSet[id] = true
		}
		if len(wr.FirstPlans[1]) == 0 {
			planSet[a.g.GroupMap(1)[a.g.Grid().Index(start)]] = true
		}
	}
	ans.Status = pathing.Found
	ans.Path = wr.Path
	ans.Cost = wr.Cost
	ans.Expanded = wr.Expanded
	for l := len(wr.ExpandedByLevel) - 1; l >= 0; l-- {
		name := "cells"
		if l > 0 {
			name = "plan L" + strconv.Itoa(l)
		}
		if n := wr.ExpandedByLevel[l]; n > 0 {
			ans.Phases = append(ans.Phases, PhaseStat{Name: name, Level: l, Expanded: n})
		}
	}
	// The graph's own grid (the session's copy, or a batch's snapshot: a
	// hierarchy built off the session has no world) numbers the cells.
	ans.Segments = splitSegments(a.g.Grid(), wr.Path, tr)
	if planSet != nil {
		gm := a.g.GroupMap(1)
		ans.Excluded = make([]bool, len(gm))
		for i, id := range gm {
			ans.Excluded[i] = id >= 0 && !planSet[id]
		}
	}
	return ans, nil
}

func (a *groupHier) failed(ans Answer, err error) (Answer, error) {
	switch {
	case errors.Is(err, groups.ErrNoPath):
		ans.Note = "the goal is not reachable from the start"
		return ans, nil
	case errors.Is(err, groups.ErrExcluded):
		ans.Note = "exclusion: " + err.Error()
		return ans, nil
	}
	return ans, err
}

// splitSegments cuts path where each planner call's cell search ended: the
// last cell popped in every "cells" phase of the trace. Without a trace the
// path is one segment.
func splitSegments(g *pathing.Grid, path []image.Point, tr *pathing.Trace) [][]image.Point {
	if len(path) == 0 {
		return nil
	}
	if tr == nil {
		return [][]image.Point{path}
	}
	var ends []image.Point
	for k, ph := range tr.Phases {
		if ph.Level != 0 {
			continue
		}
		end := tr.PhaseEnd(k)
		for i := end - 1; i >= ph.Start; i-- {
			if e := tr.Events[i]; e.Kind == pathing.EventPop && e.Level == 0 {
				ends = append(ends, g.Point(int(e.Node)))
				break
			}
		}
	}
	var segs [][]image.Point
	b := 0
	for _, c := range ends {
		for i := b + 1; i < len(path); i++ {
			if path[i] == c {
				segs = append(segs, path[b:i+1])
				b = i
				break
			}
		}
	}
	if b < len(path)-1 {
		segs = append(segs, path[b:])
	}
	return segs
}

func (a *groupHier) Update(changed []image.Point) Repair {
	t0 := time.Now()
	ch := a.g.Update(changed)
	r := Repair{Time: time.Since(t0)}
	r.Dirty = make([][]image.Rectangle, len(ch.Levels))
	r.dirtyIDs = make([][]int32, len(ch.Levels))
	r.successor = make([][]int32, len(ch.Levels))
	for l := 1; l < len(ch.Levels); l++ {
		lc := &ch.Levels[l]
		gs := a.g.Groups(l)
		for _, id := range lc.Dirty {
			if id >= 0 && int(id) < len(gs) {
				r.Dirty[l] = append(r.Dirty[l], gs[id].Box)
				r.dirtyIDs[l] = append(r.dirtyIDs[l], id)
			}
		}
		r.successor[l] = lc.Successor
		r.NodesAdded += lc.Added
		r.NodesRemoved += lc.Removed
		r.AddedEdges += len(lc.AddedEdges)
		r.RemovedEdges += len(lc.RemovedEdges)
		r.ChangedEdges += len(lc.ChangedEdges)
	}
	a.views = map[int]*LevelView{}
	clear(a.reach)
	a.size = nil
	a.table, a.tableErr = nil, nil
	return r
}

// ClusterHeuristic returns the lecture notes' cluster heuristic towards
// goal at level 1, the most informed (max with the octile distance, both
// admissible). It is goal's column of the table: one search over the grid
// (4–13 ms on a 512×512 map, where the whole level-1 table would take
// minutes), made on first use, kept while goals stay in that group, dropped
// at the next Update.
func (a *groupHier) ClusterHeuristic(goal image.Point) (func(p, goal image.Point) float64, error) {
	if hf, ok, err := a.cachedHeuristic(goal); ok {
		return hf, err
	}
	t, err := clusterTable(a.g, goal)
	if err != nil {
		a.tableErr, a.tableErrOf = err, a.g.GroupOf(1, goal)
		return nil, err
	}
	a.table = t
	return a.table.EstimateOctile, nil
}

// clusterTable is g.ClusterHeuristicTo(1, goal), with a panic in it
// returned as an *InternalError: ClusterHeuristic keeps it as that goal
// group's answer, so the heuristic fails for that goal alone (said once,
// not computed again at every plan) while the hierarchy and other goals
// go on.
func clusterTable(g *groups.Graph, goal image.Point) (t *groups.GoalHeuristic, err error) {
	defer func() {
		if p := recover(); p != nil {
			t, err = nil, Recovered(fmt.Sprintf("computing the cluster heuristic towards (%d,%d)", goal.X, goal.Y), p)
		}
	}()
	if clusterTableHook != nil {
		clusterTableHook()
	}
	return g.ClusterHeuristicTo(1, goal)
}

// clusterTableHook, when not nil, runs before each cluster table is
// computed (tests: a panic there).
var clusterTableHook func()

// cachedHeuristic returns what ClusterHeuristic(goal) would return without
// computing anything, ok false when it would have to compute the column.
func (a *groupHier) cachedHeuristic(goal image.Point) (hf func(p, goal image.Point) float64, ok bool, err error) {
	gr := a.g.GroupOf(1, goal)
	switch {
	case a.tableErr != nil && gr == a.tableErrOf:
		return nil, true, a.tableErr
	case a.table != nil && gr == a.table.Goal():
		return a.table.EstimateOctile, true, nil
	}
	return nil, false, nil
}

func (a *groupHier) countNodes() int {
	n := 0
	for l := 1; l <= a.g.Levels(); l++ {
		n += len(a.g.Groups(l))
	}
	return n
}

func (a *groupHier) countEdges() int {
	n := 0
	for l := 1; l <= a.g.Levels(); l++ {
		n += a.g.NumEdges(l)
	}
	return n
}

func (a *groupHier) NodeCell(l int, id int32) image.Point { return a.g.NodeCell(l, id) }

func (a *groupHier) Inspect(l int) LevelView {
	if v := a.views[l]; v != nil {
		return *v
	}
	v := &LevelView{}
	if !a.hasRooms(l) {
		// Level l squares are ClusterSize·Branch^(l−1) cells wide (the
		// built hierarchy's config, its defaults filled in).
		c := a.g.Config()
		v.ClusterSize = c.ClusterSize
		for i := 1; i < l; i++ {
			v.ClusterSize *= c.Branch
		}
	}
	gs := a.g.Groups(l)
	for _, gr := range gs {
		v.Nodes = append(v.Nodes, ViewNode{ID: gr.ID, Cell: gr.Rep})
		for _, e := range a.g.Edges(l, gr.ID) {
			if int(e.To) >= len(gs) {
				continue
			}
			v.Terms = append(v.Terms, EdgeTerms{Costs: e.Costs, Entries: e.Entries})
			ve := ViewEdge{From: e.From, To: e.To, A: gr.Rep, B: gs[e.To].Rep, Inter: true, Terms: int32(len(v.Terms))}
			ve.Cost = e.Costs[a.g.Config().Cost]
			v.Edges = append(v.Edges, ve)
		}
	}
	a.views[l] = v
	return *v
}

// inspectArea lists the nodes of level l whose representative cells, and
// the edges whose A ends (their From group's representative), lie in area
// (clipped to the grid), in the order Inspect lists them, into reuse's
// slices, and returns the rectangle it covers. A group's edges join
// representatives however far apart (a room's door to the next group), so
// a caller that wants every edge touching some cells widens them by
// EdgeReach first. It reads the graph as it is: nothing is cached, so a
// listing after a repair is never stale; its cost is a pass over the
// level's groups plus the edges of those in area (a repaired 4096×4096
// map's level 1 relisted whole, 1.5 million edges and 600 MB, held the
// next frame a quarter of a second).
func (a *groupHier) inspectArea(l int, area image.Rectangle, reuse LevelView) (LevelView, image.Rectangle) {
	cov := area.Intersect(a.g.Grid().Bounds())
	v := LevelView{ClusterSize: a.clusterSide(l), Nodes: reuse.Nodes[:0], Edges: reuse.Edges[:0], Terms: reuse.Terms[:0]}
	if cov.Empty() {
		return v, cov
	}
	cost := a.g.Config().Cost
	gs := a.g.Groups(l)
	for i := range gs {
		gr := &gs[i]
		if !gr.Rep.In(cov) {
			continue
		}
		v.Nodes = append(v.Nodes, ViewNode{ID: gr.ID, Cell: gr.Rep})
		for _, e := range a.g.Edges(l, gr.ID) {
			if int(e.To) >= len(gs) {
				continue
			}
			v.Terms = append(v.Terms, EdgeTerms{Costs: e.Costs, Entries: e.Entries})
			v.Edges = append(v.Edges, ViewEdge{From: e.From, To: e.To, A: gr.Rep, B: gs[e.To].Rep, Cost: e.Costs[cost], Inter: true, Terms: int32(len(v.Terms))})
		}
	}
	return v, cov
}

// edgeReach returns the longest of level l's edges, measured once after
// each build or repair (a pass over the level's edges, no memory).
func (a *groupHier) edgeReach(l int) int {
	if r, ok := a.reach[l]; ok {
		return r
	}
	gs := a.g.Groups(l)
	r := 0
	for i := range gs {
		p := gs[i].Rep
		for _, e := range a.g.Edges(l, gs[i].ID) {
			if int(e.To) < len(gs) {
				q := gs[e.To].Rep
				r = max(r, absInt(p.X-q.X), absInt(p.Y-q.Y))
			}
		}
	}
	if a.reach == nil {
		a.reach = map[int]int{}
	}
	a.reach[l] = r
	return r
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func (a *groupHier) GroupOf(l int, p image.Point) int32 { return a.g.GroupOf(l, p) }

// regionName is the room name behind character c of region layer l, ""
// when the map gives none.
func (a *groupHier) regionName(l int, c byte) string {
	if a.w == nil || l < 1 || l > len(a.w.RegionNames) {
		return ""
	}
	return a.w.RegionNames[l-1][c]
}

func (a *groupHier) GroupName(l int, id int32) string {
	gs := a.g.Groups(l)
	if id < 0 || int(id) >= len(gs) {
		return "?"
	}
	// Say what the textbook's short name ("(2,4)/1", "C2") stands for: the
	// square cluster or designer region, and which of its connected parts.
	k := gs[id].Key
	what := fmt.Sprintf("cluster (%d,%d)", k.X, k.Y)
	if k.Region != 0 {
		what = fmt.Sprintf("region %q", rune(k.Region))
		if name := a.regionName(l, k.Region); name != "" && name != string(rune(k.Region)) {
			what += " " + name // the room's own name (a Tiled map's): 'K' Kitchen
		}
	}
	parts, nth := 0, 0
	for i := range gs {
		if gs[i].Key == k {
			parts++
			if int32(i) == id {
				nth = parts
			}
		}
	}
	if parts > 1 {
		what += fmt.Sprintf(", part %d of %d", nth, parts)
	}
	return what
}

// Component labels cells by their top-level group's connectivity: two
// cells are connected exactly when a path joins them, which the group
// graph does not answer in O(1), so the labels come from a flood fill
// cached until the next update.
func (a *groupHier) Component(p image.Point) int32 {
	return a.w.components().at(a.w.Grid, p)
}

func (a *groupHier) Size() Size {
	if a.size == nil {
		a.size = &Size{Nodes: a.countNodes(), Edges: a.countEdges(), Bytes: a.g.MemoryBytes(), Build: a.build}
	}
	return *a.size
}

// plural returns "1 level is" or "3 levels are" style counts.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return Count(n) + " " + many
}

// GroupsView is the read-only face of a hierarchy's groups or clusters, for
// drawing them: the Hierarchy methods that change nothing but Inspect's
// cache.
type GroupsView interface {
	Levels() int
	Inspect(l int) LevelView
	GroupOf(l int, p image.Point) int32
	GroupName(l int, id int32) string
}

// ClusterSide returns the side in cells of level l's square clusters in
// h, 0 when its groups come from designer regions: Inspect(l).ClusterSize
// without listing the level's nodes and edges when h can tell it alone.
// The borders layer reads it every frame, and on a fitted big map, where
// no node or edge is drawn, the listing cost seconds and hundreds of MB
// (3.9 M edges on a 2048×2048 map).
func ClusterSide(h GroupsView, l int) int {
	if s, ok := h.(interface{ clusterSide(l int) int }); ok {
		return s.clusterSide(l)
	}
	return h.Inspect(l).ClusterSize
}

// SquareSide returns the side of the square clusters of level l of h's
// group hierarchy even where the level has designer rooms, which the
// squares fill in around (cells in no room), and ClusterSide otherwise.
func SquareSide(h GroupsView, l int) int {
	if v, ok := h.(interface{ squareSide(l int) int }); ok {
		return v.squareSide(l) // the cluster heuristic's view of level 1
	}
	a, ok := h.(*groupHier)
	if !ok {
		return ClusterSide(h, l)
	}
	c := a.g.Config()
	side := c.ClusterSize
	for i := 1; i < l; i++ {
		side *= c.Branch
	}
	return side
}

// hasRooms reports whether level l has the session's region layer (its
// groups follow rooms, not squares); false before the session installs
// the hierarchy.
func (a *groupHier) hasRooms(l int) bool {
	return a.w != nil && len(a.w.Regions) >= l && a.w.Regions[l-1] != nil
}

func (a *groupHier) clusterSide(l int) int {
	if v := a.views[l]; v != nil {
		return v.ClusterSize
	}
	if a.hasRooms(l) {
		return 0
	}
	c := a.g.Config()
	side := c.ClusterSize
	for i := 1; i < l; i++ {
		side *= c.Branch
	}
	return side
}

func (v level1View) clusterSide(l int) int {
	if l != 1 {
		return 0
	}
	return ClusterSide(v.h, 1)
}

func (v level1View) squareSide(l int) int {
	if l != 1 {
		return 0
	}
	return SquareSide(v.h, 1)
}

// HeuristicGroups returns the groups the cluster heuristic reads when the
// current plan uses it (A* or greedy with the cluster heuristic): level 1
// of the group hierarchy, square clusters of the cluster size split into
// connected parts (or the designer's level-1 regions), as one level. nil
// for any other plan, and while the hierarchy is not built for the current
// switches (being built, or lent to compute a goal's column). The view is
// valid until the next edit or switch, like Hierarchy's.
func (w *World) HeuristicGroups() GroupsView {
	if !w.Settings.UsesClusterHeuristic() || w.hier == nil || w.hierKey != w.keyFor(AlgoGroup) {
		return nil
	}
	return level1View{w.hier}
}

// level1View shows level 1 of a hierarchy alone.
type level1View struct{ h Hierarchy }

func (v level1View) Levels() int { return 1 }

func (v level1View) Inspect(l int) LevelView {
	if l != 1 {
		return LevelView{}
	}
	return v.h.Inspect(1)
}

func (v level1View) GroupOf(l int, p image.Point) int32 {
	if l != 1 {
		return -1
	}
	return v.h.GroupOf(1, p)
}

func (v level1View) GroupName(l int, id int32) string {
	if l != 1 {
		return "?"
	}
	return v.h.GroupName(1, id)
}
