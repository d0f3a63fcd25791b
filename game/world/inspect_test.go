package world

import (
	"image"
	"math"
	"strings"
	"testing"

	"pathlens/assets"
	"pathlens/pathing"
)

// openEnds has a walled room in its top-left level-1 cluster (cluster side
// 10) and open clusters elsewhere: a start or goal in an open cluster is
// joined to the abstract graph by octile distances, with no cell search.
var openEnds = []string{
	"##########################",
	"#........................#",
	"#........................#",
	"#........#######.........#",
	"#........#.....#.........#",
	"#........#.....#.........#",
	"#..............#.........#",
	"#........#.....#.........#",
	"#........................#",
	"#........................#",
	"#........................#",
	"#........................#",
	"#........................#",
	"#........................#",
	"#........................#",
	"#........................#",
	"#........................#",
	"#........................#",
	"#........................#",
	"#........................#",
	"#........................#",
	"#........................#",
	"#........................#",
	"#........................#",
	"##########################",
}

// level0Events counts the trace's level-0 events on cell p.
func level0Events(w *World, p image.Point) int {
	n, idx := 0, int32(w.Grid.Index(p))
	for _, e := range w.Timeline.Trace().Events {
		if e.Level == 0 && e.Node == idx && e.Kind.Search() { // search events only
			n++
		}
	}
	return n
}

// Regression (the HPA* inspector said "not reached" on the goal of a found
// path): when the goal's level-1 cluster is crossed by straight lines, HPA*
// joins the goal to the abstract graph by octile distances and runs no cell
// search there, so the trace rightly has no level-0 event on the goal; the
// inspector now says how the goal was taken in.
func TestInspectHPAGoalJoinedByOctile(t *testing.T) {
	w, _ := mustWorld(t, openEnds...)
	w.SetAlgo(AlgoHPA)
	start, goal := image.Pt(2, 2), image.Pt(23, 22) // start in the room's cluster, goal in an open one
	w.SetEndpoints(start, goal)
	if w.Outcome.Status != pathing.Found || w.Outcome.Note != "" {
		t.Fatalf("status %v, note %q: want a path through the hierarchy", w.Outcome.Status, w.Outcome.Note)
	}
	if n := level0Events(w, goal); n != 0 {
		t.Fatalf("the goal has %d level-0 events; this test needs a goal inserted by octile distances", n)
	}
	ci := w.Inspect(goal)
	if ci.Search.Seen {
		t.Fatal("the goal reads as seen by a cell search that never touched it")
	}
	if j := ci.Search.Joined; !strings.HasPrefix(j, "goal: ") || !strings.Contains(j, "octile") || !strings.Contains(j, "no cell search") {
		t.Errorf("goal's inspector note %q: want how it was joined", j)
	}
	// The start was searched (its cluster has walls): its state is the
	// search's, with no note.
	if s := w.Inspect(start).Search; !s.Seen || s.Joined != "" {
		t.Errorf("searched start: seen %v, note %q", s.Seen, s.Joined)
	}
	// Before the insertion, the goal is not reached yet.
	w.Timeline.Seek(0)
	if j := w.Inspect(goal).Search.Joined; j != "" {
		t.Errorf("at cursor 0 the goal's note is %q, want none", j)
	}
	// A plain cell the path crosses gets no note either way.
	w.Timeline.Seek(w.Timeline.Len())
	if j := w.Inspect(image.Pt(20, 20)).Search.Joined; j != "" {
		t.Errorf("a plain cell has the note %q", j)
	}
}

// Both endpoints in open clusters: neither has a cell search, both say so.
func TestInspectHPAStartJoinedByOctile(t *testing.T) {
	w, _ := mustWorld(t, openEnds...)
	w.SetAlgo(AlgoHPA)
	start, goal := image.Pt(2, 22), image.Pt(23, 2)
	w.SetEndpoints(start, goal)
	if w.Outcome.Status != pathing.Found || level0Events(w, start)+level0Events(w, goal) != 0 {
		t.Fatalf("status %v, %d+%d endpoint events: want both inserted by octile distances", w.Outcome.Status, level0Events(w, start), level0Events(w, goal))
	}
	if j := w.Inspect(start).Search.Joined; !strings.HasPrefix(j, "start: ") {
		t.Errorf("start's note %q", j)
	}
	if j := w.Inspect(goal).Search.Joined; !strings.HasPrefix(j, "goal: ") {
		t.Errorf("goal's note %q", j)
	}
	// Other planners search every endpoint: no note.
	w.SetAlgo(AlgoAStar)
	if s := w.Inspect(goal).Search; !s.Seen || s.Joined != "" {
		t.Errorf("A*: goal seen %v, note %q", s.Seen, s.Joined)
	}
}

// The same on the built-in world: from its default start, the goal (75,45)
// lies in a cluster straight lines cross.
func TestInspectHPAGoalJoinedOnTheDefaultWorld(t *testing.T) {
	w, err := Open("builtin:world")
	if err != nil {
		t.Fatal(err)
	}
	w.Begin()
	w.SetAlgo(AlgoHPA)
	goal := image.Pt(75, 45)
	if !w.SetEndpoints(w.Start, goal) || w.Outcome.Status != pathing.Found {
		t.Fatalf("query to %v: %v %v", goal, w.Outcome.Status, w.Outcome.Err)
	}
	if n := level0Events(w, goal); n != 0 {
		t.Fatalf("the goal has %d level-0 events; pick a goal inserted by octile distances", n)
	}
	if j := w.Inspect(goal).Search.Joined; !strings.HasPrefix(j, "goal: ") {
		t.Errorf("goal's note %q", j)
	}
	// The default query's goal is searched by its insertion: no note.
	w.Begin()
	if s := w.Inspect(w.Goal).Search; !s.Seen || s.Joined != "" {
		t.Errorf("default goal %v: seen %v, note %q", w.Goal, s.Seen, s.Joined)
	}
}

// Hovering a cell of the finished answer's path gives its cost from the
// start along that path: a user hovering the goal of an HPA* query read
// "g 0" (the goal's insertion search runs backwards from it). At the goal
// PathG is the answer's cost; mid-playback there is no path place.
func TestInspectPathPlace(t *testing.T) {
	w := openBuiltin(t, assets.DefaultName)
	w.Begin()
	w.SetAlgo(AlgoHPA)
	w.Wait()
	w.Replan()
	w.Wait()
	o := w.Outcome
	if o.Status != pathing.Found || len(o.Path) < 3 {
		t.Fatalf("no answer to inspect: %v", o.Status)
	}
	w.Timeline.Seek(w.Timeline.Len())
	goal := w.Inspect(w.Goal).Search
	if !goal.OnPath || math.Abs(goal.PathG-o.Cost) > 1e-9 || goal.PathStep != len(o.Path)-1 || goal.PathSteps != len(o.Path)-1 {
		t.Errorf("goal: %+v, want on the path at g %v, step %d", goal, o.Cost, len(o.Path)-1)
	}
	start := w.Inspect(w.Start).Search
	if !start.OnPath || start.PathG != 0 || start.PathStep != 0 {
		t.Errorf("start: %+v", start)
	}
	mid := o.Path[len(o.Path)/2]
	if m := w.Inspect(mid).Search; !m.OnPath || m.PathG <= 0 || m.PathG >= o.Cost {
		t.Errorf("middle %v: %+v", mid, m)
	}
	w.Timeline.Seek(w.Timeline.Len() / 2)
	if m := w.Inspect(mid).Search; m.OnPath {
		t.Errorf("mid-playback the path is not final, yet %v is placed on it", mid)
	}
}

// Regression (a user: "a node expanded at L2 reads 'search: not
// reached'"): the inspector reports every abstract node on a cell that the
// query's searches touched, at every level, as the cursor leaves it. The
// expected states come from a plain scan of the events up to the cursor,
// not from the timeline, for every touched cell at several cursors, with
// both hierarchies.
func TestInspectAbstractSearches(t *testing.T) {
	for _, algo := range []Algo{AlgoHPA, AlgoGroup} {
		w, err := Open("builtin:world")
		if err != nil {
			t.Fatal(err)
		}
		w.Begin()
		w.SetAlgo(algo)
		if w.Outcome.Status != pathing.Found || w.Timeline.Len() == 0 {
			t.Fatalf("%v: status %v, %d events", algo, w.Outcome.Status, w.Timeline.Len())
		}
		ev := w.Timeline.Trace().Events
		levels := map[int]bool{}
		for _, e := range ev {
			if e.Level > 0 && e.Kind.Search() {
				levels[int(e.Level)] = true
			}
		}
		if len(levels) < w.hier.Levels() {
			t.Fatalf("%v: the trace searches levels %v of %d: the test needs every level", algo, levels, w.hier.Levels())
		}
		type key struct {
			l    int
			node int32
		}
		n := len(ev)
		for _, cur := range []int{0, n / 5, n / 2, 3 * n / 4, n} {
			w.Timeline.Seek(cur)
			want := map[image.Point]map[key]pathing.Event{}
			order := map[key]int{}
			for i, e := range ev[:cur] {
				if e.Level == 0 || !e.Kind.Search() {
					continue
				}
				k := key{int(e.Level), e.Node}
				p, ok := w.NodeCell(k.l, e.Node)
				if !ok {
					t.Fatalf("node %v has no cell", k)
				}
				if want[p] == nil {
					want[p] = map[key]pathing.Event{}
				}
				want[p][k] = e
				if e.Kind == pathing.EventPop {
					order[k] = w.Timeline.PopOrder(i)
				}
			}
			if cur == n && len(want) < 10 {
				t.Fatalf("%v: only %d cells with abstract nodes", algo, len(want))
			}
			for p, nodes := range want {
				got := w.Inspect(p).Abstract
				if len(got) != len(nodes) {
					t.Fatalf("%v cursor %d cell %v: %d abstract states, want %d (%v)", algo, cur, p, len(got), len(nodes), got)
				}
				for i, ls := range got {
					if i > 0 && got[i-1].Level > ls.Level {
						t.Errorf("%v cell %v: levels out of order: %v", algo, p, got)
					}
					e, ok := nodes[key{ls.Level, ls.Node}]
					if !ok {
						t.Fatalf("%v cursor %d cell %v: unexpected node L%d %d", algo, cur, p, ls.Level, ls.Node)
					}
					closed := e.Kind == pathing.EventPop
					if ls.Closed != closed || ls.G != e.G || ls.H != e.H || ls.F != e.G+e.H {
						t.Errorf("%v cursor %d cell %v L%d: closed %v g %v h %v, want %v %v %v", algo, cur, p, ls.Level, ls.Closed, ls.G, ls.H, closed, e.G, e.H)
					}
					if closed && ls.Order != order[key{ls.Level, ls.Node}] {
						t.Errorf("%v cell %v L%d: order %d, want %d", algo, p, ls.Level, ls.Order, order[key{ls.Level, ls.Node}])
					}
					if wp, ok := w.NodeCell(ls.Level, e.Parent); ok != ls.HasParent || ok && wp != ls.Parent {
						t.Errorf("%v cell %v L%d: parent %v %v, want %v %v", algo, p, ls.Level, ls.Parent, ls.HasParent, wp, ok)
					}
					if ls.Phase == "" {
						t.Errorf("%v cell %v L%d: no phase", algo, p, ls.Level)
					}
				}
			}
			// A cell no abstract search touched has none.
			if got := w.Inspect(image.Pt(0, 0)).Abstract; len(got) != 0 && want[image.Pt(0, 0)] == nil {
				t.Errorf("%v: a wall cell has abstract states %v", algo, got)
			}
		}
	}
}
