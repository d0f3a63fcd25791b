package world

import (
	"cmp"
	"context"
	"fmt"
	"image"
	"math"
	"slices"
	"time"

	"pathlens/pathing"
	"pathlens/pathing/hpa"
)

func init() { builders[AlgoHPA] = buildHPA }

// hpaHier adapts an *hpa.Hierarchy (and one Querier on it) to Hierarchy.
type hpaHier struct {
	h     *hpa.Hierarchy
	q     *hpa.Querier
	views map[int]*LevelView // cached per level until the next Update
	size  *Size
	// bytesStale: an Update since size.Bytes was counted (Size counts it).
	bytesStale bool
	build      time.Duration
	scratch    []hpa.NodeInfo // inspectArea's nodes before sorting
}

func buildHPA(ctx context.Context, g *pathing.Grid, _ [][]byte, s Settings) (Hierarchy, error) {
	cfg := hpa.Config{ClusterSize: s.Cluster(), Levels: s.LevelCount(), Neighborhood: s.Neighborhood}
	cfg.CachePaths = s.CachePaths
	if s.Dense {
		cfg.Placement = hpa.Dense
	}
	t0 := time.Now()
	h, err := hpa.BuildContext(ctx, g, cfg)
	if err != nil {
		return nil, err
	}
	return &hpaHier{h: h, q: h.NewQuerier(), views: map[int]*LevelView{}, build: time.Since(t0)}, nil
}

func (a *hpaHier) Levels() int { return a.h.Levels() }

func (a *hpaHier) Query(start, goal image.Point, s Settings, tr *pathing.Trace) (Answer, error) {
	r, err := a.q.Find(start, goal, hpa.QueryOptions{NoSmooth: !s.Smooth(), NoShortcut: !s.Shortcut(), Trace: tr})
	if err != nil {
		return Answer{Status: pathing.NoPath, Cost: math.Inf(1)}, err
	}
	ans := Answer{Status: r.Status, Path: r.Path, Cost: r.Cost, Expanded: r.Phases.Total()}
	if r.Status != pathing.Found {
		ans.Cost = math.Inf(1)
		ans.Path = nil
	}
	ans.Plans = make([][]image.Point, len(r.Plans))
	for l := 1; l < len(r.Plans); l++ {
		for _, n := range r.Plans[l] {
			ans.Plans[l] = append(ans.Plans[l], n.Cell)
		}
	}
	if r.Status == pathing.Found {
		ans.Segments = splitAtEnds(r.Path, r.SegmentEnds)
		if len(ans.Segments) == 0 {
			ans.Segments = [][]image.Point{r.Path}
		}
		if len(r.Refined) > 1 {
			// Copied: the querier's buffers are reused by the next query.
			ans.Refined = splitAtEnds(append([]image.Point(nil), r.Refined...), r.RefinedEnds)
		}
	}
	ph := &r.Phases
	// Named as the timeline's phases begin ("refine L1 step 3", "refine
	// cells step 3"), so a row's name finds them (-cursor phase:NAME);
	// cmd/bench reports the same list.
	for _, pc := range ph.List(a.h.Levels()) {
		st := PhaseStat{Name: pc.Name, Level: pc.Level, Expanded: pc.Count}
		switch {
		case pc.InSight[0] || pc.InSight[1]:
			// Joined without a search: a row that says so, rather than
			// none (0 expansions), which read as a missing phase.
			st.Unit = inSightUnit(pc.InSight)
		case pc.Name == "smooth":
			st.Unit = "cells checked"
		}
		ans.Phases = append(ans.Phases, st)
	}
	switch {
	case r.Unreachable:
		ans.Note = "the goal is in another connected component (answered without search)"
	case r.Shortcut && ph.Abstract > 0:
		ans.Note = "short query: a bounded A* inside neighbouring clusters answered it (the hierarchy, asked too, found nothing cheaper)"
	case r.Shortcut:
		ans.Note = "short query: a bounded A* inside neighbouring clusters answered it"
	case ph.Shortcut > 0:
		ans.Note = "short query: the hierarchy answered (a path leaving the start's and goal's clusters is cheaper than any inside them, or the only one)"
	}
	return ans, nil
}

// inSightUnit is the unit of an "insert L1" row when the start, the goal
// or both joined level 1 by octile distances, without a search. It says
// what that means, plainly: "S, G joined by straight lines" left a reader
// asking joined to what, and why the count was 0 (a user's report).
func inSightUnit(in [2]bool) string {
	switch {
	case in[0] && in[1]:
		return "expanded: no search, S and G joined to their clusters' L1 nodes by straight lines"
	case in[0]:
		return "expanded by G's search; S joined to its cluster's L1 nodes by straight lines"
	default:
		return "expanded by S's search; G joined to its cluster's L1 nodes by straight lines"
	}
}

// splitAtEnds cuts path into the segments hpa.Result's ends mark: segment
// i runs from the previous end (0 for the first) to ends[i], inclusive,
// so neighbours share their joining cell. It stops at an end out of order
// or past the path.
func splitAtEnds(path []image.Point, ends []int) [][]image.Point {
	var segs [][]image.Point
	b := 0
	for _, e := range ends {
		if e < b || e >= len(path) {
			break
		}
		segs = append(segs, path[b:e+1])
		b = e
	}
	return segs
}

func (a *hpaHier) Update(changed []image.Point) Repair {
	r := a.h.Update(changed)
	a.patchViews(&r, changed)
	if a.size != nil {
		// Counted from the repair's differences (directed edges, as Stats
		// counts them): a full count walks every cluster's distance table,
		// 8 ms on a 512×512 map, and the HUD shows the size every frame.
		// The bytes take one pass over the clusters' slices, counted when
		// next asked for (a designer saw the figure of the hierarchy as
		// built after every edit).
		a.size.Nodes += len(r.NodesAdded) - len(r.NodesRemoved)
		a.size.Edges += len(r.EdgesAdded) - len(r.EdgesRemoved)
		a.bytesStale = true
	}
	out := Repair{Time: r.Duration, Dirty: make([][]image.Rectangle, len(r.Dirty)), dirtyIDs: make([][]int32, len(r.Dirty))}
	for l, cs := range r.Dirty {
		for _, ci := range cs {
			out.Dirty[l] = append(out.Dirty[l], a.h.ClusterRect(l, ci))
			out.dirtyIDs[l] = append(out.dirtyIDs[l], int32(ci)) // cluster ids stay across updates
		}
	}
	out.nodes = make(map[nodeKey]int, len(r.NodesAdded)+len(r.NodesRemoved))
	out.edges = make(map[edgeKey]int, len(r.EdgesAdded)+len(r.EdgesRemoved))
	for _, n := range r.NodesAdded {
		out.nodes[nodeKey{n.Level, n.Cell}]++
	}
	for _, n := range r.NodesRemoved {
		out.nodes[nodeKey{n.Level, n.Cell}]--
	}
	for _, e := range r.EdgesAdded {
		out.edges[edgeKey{e.Level, e.A, e.B, keyCost(e.Cost)}]++
	}
	for _, e := range r.EdgesRemoved {
		out.edges[edgeKey{e.Level, e.A, e.B, keyCost(e.Cost)}]--
	}
	out.fromNet() // a node removed and added again under a new id counts 0: no change
	return out
}

func (a *hpaHier) NodeCell(l int, id int32) image.Point { return a.q.NodeCell(l, id) }

// clusterSide is Inspect(l).ClusterSize without listing the level.
func (a *hpaHier) clusterSide(l int) int { return a.h.ClusterSide(l) }

func (a *hpaHier) Inspect(l int) LevelView {
	if v := a.views[l]; v != nil {
		return *v
	}
	v := &LevelView{ClusterSize: a.h.ClusterSide(l)}
	nodes := a.h.Nodes(l)
	v.Nodes = make([]ViewNode, 0, len(nodes))
	for _, n := range nodes {
		v.Nodes = append(v.Nodes, ViewNode{ID: n.ID, Cell: n.Cell})
	}
	// Millions of edges on a 3000×3000 map: one allocation, no list of
	// the hierarchy's own in between.
	v.Edges = make([]ViewEdge, 0, a.h.EdgeCount(l))
	a.h.EachEdge(l, func(e *hpa.EdgeInfo) {
		v.Edges = append(v.Edges, ViewEdge{From: e.From, To: e.To, A: e.A, B: e.B, Cost: e.Cost, Inter: e.Inter})
	})
	a.listEntrances(l, v)
	a.views[l] = v
	return *v
}

// inspectArea lists level l in the clusters overlapping area (see
// InspectArea), into reuse's slices (their contents are overwritten).
func (a *hpaHier) inspectArea(l int, area image.Rectangle, reuse LevelView) (LevelView, image.Rectangle) {
	cov := a.h.CoveredBy(l, area)
	v := LevelView{ClusterSize: a.h.ClusterSide(l), Nodes: reuse.Nodes[:0], Edges: reuse.Edges[:0],
		Entrances: reuse.Entrances[:0], EntranceSides: reuse.EntranceSides[:0]}
	if cov.Empty() {
		return v, cov
	}
	a.scratch = a.h.AppendNodesIn(a.scratch[:0], l, cov)
	// By id, as Inspect lists them (and a frame draws them in that order
	// within a bucket: overlapping dots and squares come out the same).
	slices.SortFunc(a.scratch, func(x, y hpa.NodeInfo) int { return cmp.Compare(x.ID, y.ID) })
	for _, n := range a.scratch {
		v.Nodes = append(v.Nodes, ViewNode{ID: n.ID, Cell: n.Cell})
	}
	v.Edges = slices.Grow(v.Edges, a.h.EdgeCountIn(l, cov))
	a.h.EachEdgeIn(l, cov, func(e *hpa.EdgeInfo) {
		v.Edges = append(v.Edges, ViewEdge{From: e.From, To: e.To, A: e.A, B: e.B, Cost: e.Cost, Inter: e.Inter})
	})
	a.h.EachEntranceRunIn(l, cov, func(first, last, side image.Point) {
		v.Entrances = append(v.Entrances, [2]image.Point{first, last})
		v.EntranceSides = append(v.EntranceSides, side)
	})
	return v, cov
}

// listEntrances fills v's Entrances and EntranceSides with level l's
// entrances: each bar runs from the first to the last cell of the run on
// cluster A's side, the side the hierarchy lists. (The last cell's partner
// across the border, which the bars once ended on, drew every entrance
// longer than one cell diagonally across the border.)
func (a *hpaHier) listEntrances(l int, v *LevelView) {
	// Fresh lists (a repair's listing sized as the last): the view being
	// replaced may still be read.
	v.Entrances = make([][2]image.Point, 0, len(v.Entrances))
	v.EntranceSides = make([]image.Point, 0, len(v.EntranceSides))
	a.h.EachEntranceRun(l, func(first, last, side image.Point) {
		v.Entrances = append(v.Entrances, [2]image.Point{first, last})
		v.EntranceSides = append(v.EntranceSides, side)
	})
}

func (a *hpaHier) GroupOf(l int, p image.Point) int32 {
	if !a.h.Grid().Open(p) {
		return -1
	}
	return int32(a.h.ClusterOf(l, p))
}

func (a *hpaHier) GroupName(l int, id int32) string {
	r := a.h.ClusterRect(l, int(id))
	side := a.h.ClusterSide(l)
	if r.Empty() || side <= 0 {
		return "?"
	}
	return fmt.Sprintf("cluster (%d,%d)", r.Min.X/side, r.Min.Y/side)
}

func (a *hpaHier) Component(p image.Point) int32 { return a.h.Component(p) }

func (a *hpaHier) Size() Size {
	if a.size == nil {
		st := a.h.GraphStats() // Stats' pass over the grid counts what Size does not report
		a.size = &Size{Nodes: st.Nodes, Edges: st.Edges, Bytes: st.MemoryBytes, Build: a.build}
		a.size.Kind = "no path cache"
		if a.h.Config().CachePaths {
			a.size.Kind = "path cache" // -cache, as cmd/bench builds it by default
		}
	}
	if a.bytesStale {
		a.size.Bytes = a.h.MemoryBytes() // 20 µs at 512×512 (BenchmarkMemoryBytes)
		a.bytesStale = false
	}
	return *a.size
}

// patchViews applies a repair's node and edge differences to the cached
// level views, so a dig costs the view time proportional to what changed
// plus one pass over the level's edges, not a fresh listing of the whole
// graph (half a second at level 1 of a 1024×1024 map). A level the repair
// left alone keeps its view as it is, its entrances are listed again only
// when a changed cell lies on a cluster border, and the lists are filtered
// where they are: copying them for every mouse move of a stroke cost 350 ms
// and 90 MB a move on a 1024×1024 map (3.9 M edges, 216 MB a copy at
// 2048×2048), which froze the window for seconds per stroke.
func (a *hpaHier) patchViews(r *hpa.Repair, changed []image.Point) {
	if viewsPatchHook != nil {
		viewsPatchHook()
	}
	// Keys are cells, as hpa diffs them: ids may be reused.
	type ekey struct {
		a, b  image.Point
		inter bool
	}
	borders := a.onBorder(changed)
	for l, v := range a.views {
		goneN := map[image.Point]bool{}
		var addN []ViewNode
		for _, n := range r.NodesRemoved {
			if n.Level == l {
				goneN[n.Cell] = true
			}
		}
		for _, n := range r.NodesAdded {
			if n.Level == l {
				addN = append(addN, ViewNode{ID: n.ID, Cell: n.Cell})
			}
		}
		goneE := map[ekey]bool{}
		var near image.Rectangle // the A ends of the removed edges
		var addE []ViewEdge
		for _, e := range r.EdgesRemoved {
			if e.Level == l {
				goneE[ekey{e.A, e.B, e.Inter}] = true
				near = near.Union(image.Rectangle{e.A, e.A.Add(image.Pt(1, 1))})
			}
		}
		for _, e := range r.EdgesAdded {
			if e.Level == l {
				addE = append(addE, ViewEdge{From: e.From, To: e.To, A: e.A, B: e.B, Cost: e.Cost, Inter: e.Inter})
			}
		}
		if len(goneN) == 0 && len(addN) == 0 && len(goneE) == 0 && len(addE) == 0 && !borders {
			continue
		}
		// The slices are filtered in place: the renderer lists a view
		// again after every repair (World.RepairSeq), never reads one
		// kept from before.
		nv := *v
		if len(goneN) > 0 || len(addN) > 0 {
			nv.Nodes = v.Nodes[:0]
			for _, n := range v.Nodes {
				if !goneN[n.Cell] {
					nv.Nodes = append(nv.Nodes, n)
				}
			}
			nv.Nodes = append(nv.Nodes, addN...)
		}
		if len(goneE) > 0 || len(addE) > 0 {
			nv.Edges = v.Edges[:0]
			for _, e := range v.Edges {
				if e.A.In(near) && goneE[ekey{e.A, e.B, e.Inter}] {
					continue
				}
				nv.Edges = append(nv.Edges, e)
			}
			nv.Edges = append(nv.Edges, addE...)
		}
		if borders {
			a.listEntrances(l, &nv)
		}
		a.views[l] = &nv
	}
}

// onBorder reports whether a changed cell lies on the border of its
// level-1 cluster, where the entrances of every level run.
func (a *hpaHier) onBorder(changed []image.Point) bool {
	c := a.h.ClusterSide(1)
	if c <= 0 {
		return true
	}
	for _, p := range changed {
		if x, y := p.X%c, p.Y%c; x == 0 || x == c-1 || y == 0 || y == c-1 {
			return true
		}
	}
	return false
}

// viewsPatchHook, when not nil, runs at the start of each patch of the
// views (tests: a patch that takes long).
var viewsPatchHook func()
