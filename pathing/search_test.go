package pathing_test

import (
	"errors"
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"pathlens/pathing"
)

// drawn is a map drawn in ASCII for tests:
//
//	#      wall
//	.      floor (weight 1)
//	1..9   floor of that weight
//	S G    start and goal (weight 1)
//	*      floor (weight 1) on the expected path
//	+      floor of weight 9 on the expected path
type drawn struct {
	g           *pathing.Grid
	start, goal image.Point
	marked      map[image.Point]bool // S, G and every * or +
}

func draw(t testing.TB, rows ...string) drawn {
	t.Helper()
	d := drawn{g: pathing.MustGrid(len(rows[0]), len(rows)), marked: map[image.Point]bool{}}
	for y, row := range rows {
		if len(row) != len(rows[0]) {
			t.Fatalf("row %d has %d cells, want %d", y, len(row), len(rows[0]))
		}
		for x, c := range []byte(row) {
			p := image.Pt(x, y)
			switch {
			case c == '#':
				d.g.SetOpen(p, false)
			case c >= '1' && c <= '9':
				d.g.SetWeight(p, c-'0')
			case c == '+':
				d.g.SetWeight(p, 9)
				d.marked[p] = true
			case c == 'S':
				d.start = p
				d.marked[p] = true
			case c == 'G':
				d.goal = p
				d.marked[p] = true
			case c == '*':
				d.marked[p] = true
			case c == '.':
			default:
				t.Fatalf("unknown map character %q", c)
			}
		}
	}
	return d
}

// picture redraws rows with path cells as '*', for failure messages.
func picture(rows []string, path []image.Point) string {
	b := make([][]byte, len(rows))
	for i, r := range rows {
		b[i] = []byte(r)
		for j, c := range b[i] {
			if c == '*' || c == '+' {
				b[i][j] = '.'
			}
		}
	}
	for _, p := range path {
		if b[p.Y][p.X] != 'S' && b[p.Y][p.X] != 'G' {
			b[p.Y][p.X] = '*'
		}
	}
	var sb strings.Builder
	for _, r := range b {
		sb.WriteString("\n\t" + string(r))
	}
	return sb.String()
}

func mustSearch(t testing.TB, s *pathing.Searcher, q pathing.Query) pathing.Result {
	t.Helper()
	r, err := s.Search(q)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestDrawnPaths: each map shows the one optimal path; the search must draw
// exactly it, at the given cost.
func TestDrawnPaths(t *testing.T) {
	r2 := math.Sqrt2
	cases := []struct {
		name string
		nb   pathing.Neighborhood
		algo pathing.Algorithm
		cost float64
		rows []string
	}{
		{"corridor", pathing.Eight, pathing.AStar, 6, []string{
			"#######",
			"S*****G",
			"#######",
		}},
		{"diagonal", pathing.Eight, pathing.AStar, 3 * r2, []string{
			"S...",
			".*..",
			"..*.",
			"...G",
		}},
		{"corner cutting refused", pathing.Eight, pathing.AStar, 2, []string{
			"S#",
			"*G",
		}},
		{"detour around a weight-9 swamp", pathing.Eight, pathing.AStar, 4 + 2*r2, []string{
			".*****.",
			"S99999G",
			"#######",
		}},
		{"four-connected staircase", pathing.Four, pathing.AStar, 6, []string{
			"S*##",
			"#**#",
			"##**",
			"###G",
		}},
		{"dijkstra", pathing.Eight, pathing.Dijkstra, 3 * r2, []string{
			"S...",
			".*..",
			"..*.",
			"...G",
		}},
		{"greedy on a corridor", pathing.Eight, pathing.Greedy, 7, []string{
			"########",
			"S******G",
			"########",
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := draw(t, tc.rows...)
			s := pathing.NewSearcher(d.g)
			r := mustSearch(t, s, pathing.Query{Start: d.start, Goal: d.goal, Neighborhood: tc.nb, Algorithm: tc.algo})
			if r.Status != pathing.Found {
				t.Fatalf("status %v", r.Status)
			}
			if err := pathing.ValidatePath(d.g, r.Path, tc.nb); err != nil {
				t.Fatal(err)
			}
			got := map[image.Point]bool{}
			for _, p := range r.Path {
				got[p] = true
			}
			if len(got) != len(d.marked) || !samePoints(got, d.marked) {
				t.Errorf("path differs from the drawing: got%s", picture(tc.rows, r.Path))
			}
			if math.Abs(r.Cost-tc.cost) > 1e-9 {
				t.Errorf("cost %v, want %v", r.Cost, tc.cost)
			}
			if pc := pathing.PathCost(d.g, r.Path, tc.nb); math.Abs(pc-r.Cost) > 1e-9 {
				t.Errorf("Result.Cost %v but the path costs %v", r.Cost, pc)
			}
		})
	}
}

func samePoints(a, b map[image.Point]bool) bool {
	for p := range a {
		if !b[p] {
			return false
		}
	}
	return true
}

// distances returns exact costs from start to every cell of g under nb,
// computed by relaxing every legal step until nothing changes (Bellman-Ford
// on the grid): slow, obviously correct, and independent of the Searcher.
func distances(g *pathing.Grid, start image.Point, nb pathing.Neighborhood, admit func(image.Point) bool) map[image.Point]float64 {
	d := map[image.Point]float64{start: 0}
	for changed := true; changed; {
		changed = false
		for y := 0; y < g.Height(); y++ {
			for x := 0; x < g.Width(); x++ {
				a := image.Pt(x, y)
				da, ok := d[a]
				if !ok {
					continue
				}
				for _, st := range nb.Steps() {
					b := a.Add(image.Pt(st.DX, st.DY))
					if admit != nil && !admit(b) {
						continue
					}
					c := g.StepCost(a, b, nb)
					if math.IsInf(c, 1) {
						continue
					}
					if db, ok := d[b]; !ok || da+c < db-1e-12 {
						d[b] = da + c
						changed = true
					}
				}
			}
		}
	}
	return d
}

// randomGrid returns a w×h grid with about density blocked cells and, when
// weighted, random weights 1..9 elsewhere.
func randomGrid(rng *rand.Rand, w, h int, density float64, weighted bool) *pathing.Grid {
	g := pathing.MustGrid(w, h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			switch {
			case rng.Float64() < density:
				g.SetOpen(image.Pt(x, y), false)
			case weighted:
				g.SetWeight(image.Pt(x, y), uint8(1+rng.IntN(9)))
			}
		}
	}
	return g
}

func randomOpen(rng *rand.Rand, g *pathing.Grid) image.Point {
	for {
		p := image.Pt(rng.IntN(g.Width()), rng.IntN(g.Height()))
		if g.Open(p) {
			return p
		}
	}
}

// TestAlgorithmsAgainstDistances: on random weighted grids, A* (every
// admissible heuristic) and Dijkstra find the exact distance, Greedy finds
// a valid path no shorter, and all agree on reachability.
func TestAlgorithmsAgainstDistances(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 30; trial++ {
		nb := pathing.Neighborhood(trial % 2)
		g := randomGrid(rng, 12+rng.IntN(10), 8+rng.IntN(10), 0.25, trial%3 != 0)
		start := randomOpen(rng, g)
		dist := distances(g, start, nb, nil)
		s := pathing.NewSearcher(g)
		heuristics := []pathing.Heuristic{pathing.Auto, pathing.Octile, pathing.Euclidean, pathing.Chebyshev, pathing.Zero}
		if nb == pathing.Four {
			heuristics = append(heuristics, pathing.Manhattan)
		}
		for k := 0; k < 5; k++ {
			goal := randomOpen(rng, g)
			want, reachable := dist[goal]
			name := fmt.Sprintf("trial %d nb %v %v→%v", trial, nb, start, goal)
			check := func(label string, q pathing.Query, exact bool) {
				q.Start, q.Goal, q.Neighborhood = start, goal, nb
				r := mustSearch(t, s, q)
				if !reachable {
					if r.Status != pathing.NoPath {
						t.Errorf("%s %s: status %v for an unreachable goal", name, label, r.Status)
					}
					return
				}
				if r.Status != pathing.Found {
					t.Fatalf("%s %s: status %v, want found (distance %v)", name, label, r.Status, want)
				}
				if err := pathing.ValidatePath(g, r.Path, nb); err != nil {
					t.Fatalf("%s %s: %v", name, label, err)
				}
				if r.Path[0] != start || r.Path[len(r.Path)-1] != goal {
					t.Fatalf("%s %s: path runs %v→%v", name, label, r.Path[0], r.Path[len(r.Path)-1])
				}
				if exact && math.Abs(r.Cost-want) > 1e-9 {
					t.Errorf("%s %s: cost %v, want %v", name, label, r.Cost, want)
				}
				if r.Cost < want-1e-9 {
					t.Errorf("%s %s: cost %v below the exact distance %v", name, label, r.Cost, want)
				}
			}
			for _, h := range heuristics {
				check("astar/"+h.String(), pathing.Query{Heuristic: h}, true)
			}
			check("dijkstra", pathing.Query{Algorithm: pathing.Dijkstra}, true)
			check("greedy", pathing.Query{Algorithm: pathing.Greedy}, false)
			check("weighted 2", pathing.Query{Weight: 2}, false)
			if reachable {
				r := mustSearch(t, s, pathing.Query{Start: start, Goal: goal, Neighborhood: nb, Weight: 2})
				if r.Cost > 2*want+1e-9 {
					t.Errorf("%s: weight-2 cost %v exceeds twice the optimum %v", name, r.Cost, want)
				}
			}
		}
	}
}

func TestHeuristicDistances(t *testing.T) {
	a, b := image.Pt(1, 2), image.Pt(4, 6) // dx 3, dy 4
	want := map[pathing.Heuristic]float64{
		pathing.Auto: 4 + 3*(math.Sqrt2-1), pathing.Octile: 4 + 3*(math.Sqrt2-1),
		pathing.Euclidean: 5, pathing.Manhattan: 7, pathing.Chebyshev: 4, pathing.Zero: 0, pathing.Custom: 0,
	}
	for h, w := range want {
		if got := h.Distance(a, b); math.Abs(got-w) > 1e-12 {
			t.Errorf("%v.Distance = %v, want %v", h, got, w)
		}
		if got := h.Distance(b, a); math.Abs(got-w) > 1e-12 {
			t.Errorf("%v.Distance is not symmetric: %v", h, got)
		}
		if h != pathing.Auto {
			if p, err := pathing.ParseHeuristic(h.String()); err != nil || p != h {
				t.Errorf("ParseHeuristic(%q) = %v, %v", h.String(), p, err)
			}
		}
	}
	if math.Abs(pathing.OctileDistance(a, b)-want[pathing.Octile]) > 1e-12 {
		t.Errorf("OctileDistance = %v", pathing.OctileDistance(a, b))
	}
	if pathing.Auto.Resolve(pathing.Four) != pathing.Manhattan || pathing.Auto.Resolve(pathing.Eight) != pathing.Octile {
		t.Errorf("Auto resolves to %v (Four) and %v (Eight)", pathing.Auto.Resolve(pathing.Four), pathing.Auto.Resolve(pathing.Eight))
	}
	if _, err := pathing.ParseHeuristic("taxicab"); err == nil {
		t.Errorf("ParseHeuristic accepted an unknown name")
	}
}

// TestManhattanOnEightOverestimates documents why Auto picks Octile on
// Eight: Manhattan counts a diagonal as 2, so A* with it can miss the
// optimum when a diagonal shortcut competes with a straight detour.
func TestManhattanOnEightOverestimates(t *testing.T) {
	if h := pathing.Manhattan.Distance(image.Pt(0, 0), image.Pt(1, 1)); h <= math.Sqrt2 {
		t.Fatalf("Manhattan(1,1) = %v, not an overestimate of √2", h)
	}
}

// TestCustomHeuristic: HeuristicFunc is called for Custom; an admissible
// but inconsistent one (octile scaled by a per-cell factor in [0,1]) still
// gives optimal costs because improved closed cells are reopened.
func TestCustomHeuristic(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 20; trial++ {
		g := randomGrid(rng, 20, 15, 0.2, true)
		start, goal := randomOpen(rng, g), randomOpen(rng, g)
		dist := distances(g, start, pathing.Eight, nil)
		want, ok := dist[goal]
		if !ok {
			continue
		}
		calls := 0
		jitter := func(p, gl image.Point) float64 {
			calls++
			f := float64((p.X*7919+p.Y*104729)%10) / 9 // deterministic per cell
			return f * pathing.OctileDistance(p, gl)
		}
		s := pathing.NewSearcher(g)
		r := mustSearch(t, s, pathing.Query{Start: start, Goal: goal, Heuristic: pathing.Custom, HeuristicFunc: jitter})
		if r.Status != pathing.Found || math.Abs(r.Cost-want) > 1e-9 {
			t.Fatalf("trial %d: %v cost %v, want %v", trial, r.Status, r.Cost, want)
		}
		if calls == 0 {
			t.Fatalf("HeuristicFunc never called")
		}
		// Custom without a function is Zero: exactly Dijkstra's effort.
		rz := mustSearch(t, s, pathing.Query{Start: start, Goal: goal, Heuristic: pathing.Custom})
		rd := mustSearch(t, s, pathing.Query{Start: start, Goal: goal, Algorithm: pathing.Dijkstra})
		if rz.Expanded != rd.Expanded || rz.Cost != rd.Cost {
			t.Errorf("Custom without a func: expanded %d cost %v; Dijkstra %d %v", rz.Expanded, rz.Cost, rd.Expanded, rd.Cost)
		}
	}
}

func TestStatusesAndEffort(t *testing.T) {
	rows := []string{
		"S.........",
		"..........",
		"..######..",
		"......#...",
		"......#..G",
		"......#...",
		"..######..",
		"..........",
	}
	d := draw(t, rows...)
	s := pathing.NewSearcher(d.g)
	q := pathing.Query{Start: d.start, Goal: d.goal}
	ra := mustSearch(t, s, q)
	q.Algorithm = pathing.Dijkstra
	rd := mustSearch(t, s, q)
	q.Algorithm = pathing.Greedy
	rg := mustSearch(t, s, q)
	for _, r := range []pathing.Result{ra, rd, rg} {
		if r.Status != pathing.Found || r.Expanded <= 0 || r.Pushes < r.Expanded || r.PeakOpen <= 0 {
			t.Errorf("result %+v", r)
		}
	}
	if ra.Cost != rd.Cost || rg.Cost < ra.Cost {
		t.Errorf("costs: astar %v dijkstra %v greedy %v", ra.Cost, rd.Cost, rg.Cost)
	}
	if !(rg.Expanded < ra.Expanded && ra.Expanded < rd.Expanded) {
		t.Errorf("expansions: greedy %d, astar %d, dijkstra %d: want increasing", rg.Expanded, ra.Expanded, rd.Expanded)
	}

	// A diagonal between two walls is no way through.
	d = draw(t,
		"S#",
		"#G",
	)
	if r := mustSearch(t, pathing.NewSearcher(d.g), pathing.Query{Start: d.start, Goal: d.goal}); r.Status != pathing.NoPath {
		t.Errorf("squeezed between two walls: %v %v", r.Status, r.Path)
	}

	// A walled-in goal: every algorithm runs dry.
	d = draw(t,
		"S...#.",
		"....#G",
		"....##",
	)
	s = pathing.NewSearcher(d.g)
	for _, a := range []pathing.Algorithm{pathing.AStar, pathing.Dijkstra, pathing.Greedy} {
		r := mustSearch(t, s, pathing.Query{Start: d.start, Goal: d.goal, Algorithm: a})
		if r.Status != pathing.NoPath || r.Path != nil || !math.IsInf(r.Cost, 1) || r.Expanded != 12 {
			t.Errorf("%v: %+v, want no path after expanding the 12 reachable cells", a, r)
		}
	}
}

// TestGreedyExpandsEachCellOnce is the regression test for Greedy reopening
// closed cells whenever it found a cheaper g: on a maze that made it expand
// twenty times more cells than the map has.
func TestGreedyExpandsEachCellOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 10; trial++ {
		g := randomGrid(rng, 60, 60, 0.3, trial%2 == 1)
		s := pathing.NewSearcher(g)
		for k := 0; k < 10; k++ {
			r := mustSearch(t, s, pathing.Query{Start: randomOpen(rng, g), Goal: randomOpen(rng, g), Algorithm: pathing.Greedy})
			if r.Expanded > g.OpenCount() || r.Pushes > g.OpenCount() {
				t.Fatalf("greedy expanded %d cells (%d pushes) of %d open", r.Expanded, r.Pushes, g.OpenCount())
			}
		}
	}
}

func TestLimits(t *testing.T) {
	// The short way runs through row 1; limits force the long way round
	// through row 3, or leave no way at all.
	rows := []string{
		"#########",
		"S.......G",
		"#######.#",
		"........#",
	}
	d := draw(t, rows...)
	s := pathing.NewSearcher(d.g)
	base := pathing.Query{Start: d.start, Goal: d.goal}
	if r := mustSearch(t, s, base); r.Cost != 8 {
		t.Fatalf("unlimited cost %v, want 8", r.Cost)
	}
	mask := make([]bool, d.g.Len())
	for i := range mask {
		mask[i] = true
	}
	mask[d.g.Index(image.Pt(4, 1))] = false
	cases := []struct {
		name string
		q    pathing.Query
	}{
		{"bounds", pathing.Query{Bounds: image.Rect(0, 0, 9, 1)}}, // only row 0: nothing admitted but the start
		{"mask", pathing.Query{Mask: mask}},
		{"allow", pathing.Query{Allow: func(p image.Point) bool { return p != image.Pt(4, 1) }}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			q := tc.q
			q.Start, q.Goal = d.start, d.goal
			r := mustSearch(t, s, q)
			if r.Status != pathing.NoPath {
				t.Errorf("status %v, want no path with the corridor cut (path %s)", r.Status, picture(rows, r.Path))
			}
		})
	}

	// Bounds that keep the corridor and the goal's column: the search
	// stays inside and finds the same path, with the start outside the
	// bounds still admitted.
	q := base
	q.Bounds = image.Rect(1, 1, 9, 2)
	r := mustSearch(t, s, q)
	if r.Status != pathing.Found || r.Cost != 8 {
		t.Fatalf("bounds excluding only the start's column: %v %v", r.Status, r.Cost)
	}

	// On an open grid, every visited cell obeys the limit.
	g := pathing.MustGrid(20, 20)
	s = pathing.NewSearcher(g)
	allowed := func(p image.Point) bool { return p.X+p.Y < 30 && p.X != 10 || p.Y == 19 }
	q = pathing.Query{Start: image.Pt(0, 0), Goal: image.Pt(19, 10), Allow: allowed, Algorithm: pathing.Dijkstra}
	tr := &pathing.Trace{}
	q.Trace = tr
	r = mustSearch(t, s, q)
	for _, e := range tr.Events {
		if p := g.Point(int(e.Node)); !allowed(p) && p != q.Start {
			t.Fatalf("search visited %v, which Allow refuses", p)
		}
	}
	want := distances(g, q.Start, pathing.Eight, allowed)[q.Goal]
	if r.Status != pathing.Found || math.Abs(r.Cost-want) > 1e-9 {
		t.Errorf("limited search cost %v (%v), want %v", r.Cost, r.Status, want)
	}

	// A mask of the wrong size is refused.
	if _, err := s.Search(pathing.Query{Start: image.Pt(0, 0), Goal: image.Pt(1, 1), Mask: make([]bool, 7)}); err == nil {
		t.Errorf("a 7-cell mask on a 400-cell grid was accepted")
	}
}

func TestGoalTest(t *testing.T) {
	rows := []string{
		"S...#....",
		"....#....",
		"........#",
		"#########",
	}
	d := draw(t, rows...)
	s := pathing.NewSearcher(d.g)
	// Nearest cell of column 6: reached through the gap at (4,2).
	col6 := func(p image.Point) bool { return p.X == 6 }
	r := mustSearch(t, s, pathing.Query{Start: d.start, GoalTest: col6, Goal: image.Pt(-1, -1), Algorithm: pathing.Dijkstra})
	p, ok := s.Found()
	if r.Status != pathing.Found || !ok || p.X != 6 {
		t.Fatalf("GoalTest search: %v at %v", r.Status, p)
	}
	dist := distances(d.g, d.start, pathing.Eight, nil)
	best := math.Inf(1)
	for c, v := range dist {
		if c.X == 6 {
			best = min(best, v)
		}
	}
	if math.Abs(r.Cost-best) > 1e-9 || r.Path[len(r.Path)-1] != p {
		t.Errorf("GoalTest cost %v ending %v, want nearest column-6 cost %v", r.Cost, r.Path[len(r.Path)-1], best)
	}

	// A GoalTest that never answers true settles every reachable cell;
	// then G and PathTo give exact distances and optimal paths.
	rng := rand.New(rand.NewPCG(7, 8))
	g := randomGrid(rng, 25, 18, 0.25, true)
	start := randomOpen(rng, g)
	s = pathing.NewSearcher(g)
	never := func(image.Point) bool { return false }
	r = mustSearch(t, s, pathing.Query{Start: start, GoalTest: never, Algorithm: pathing.Dijkstra})
	if r.Status != pathing.NoPath {
		t.Fatalf("exhaustive search status %v", r.Status)
	}
	exact := distances(g, start, pathing.Eight, nil)
	if r.Expanded != len(exact) {
		t.Errorf("expanded %d cells, %d are reachable", r.Expanded, len(exact))
	}
	var buf []image.Point
	for y := 0; y < g.Height(); y++ {
		for x := 0; x < g.Width(); x++ {
			c := image.Pt(x, y)
			want, reach := exact[c]
			got, ok := s.G(c)
			if ok != reach || (reach && math.Abs(got-want) > 1e-9) {
				t.Fatalf("G(%v) = %v, %v; want %v, %v", c, got, ok, want, reach)
			}
			buf = s.PathTo(buf[:0], c)
			if !reach {
				if len(buf) != 0 {
					t.Fatalf("PathTo(%v) of an unreached cell = %v", c, buf)
				}
				continue
			}
			if buf[0] != start || buf[len(buf)-1] != c || math.Abs(pathing.PathCost(g, buf, pathing.Eight)-want) > 1e-9 {
				t.Fatalf("PathTo(%v) = %v (cost %v), want an optimal path of cost %v", c, buf, pathing.PathCost(g, buf, pathing.Eight), want)
			}
			if st := s.State(c); !st.Closed || st.G != got {
				t.Fatalf("State(%v) = %+v after an exhaustive search", c, st)
			}
		}
	}
}

// TestStepEqualsSearch: a query run one expansion at a time (or seven)
// ends exactly as the blocking Search.
func TestStepEqualsSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	g := randomGrid(rng, 40, 30, 0.3, true)
	a, b := pathing.NewSearcher(g), pathing.NewSearcher(g)
	for k := 0; k < 20; k++ {
		q := pathing.Query{Start: randomOpen(rng, g), Goal: randomOpen(rng, g), Algorithm: pathing.Algorithm(k % 3)}
		want := mustSearch(t, a, q)
		for _, n := range []int{1, 7} {
			if err := b.Init(q); err != nil {
				t.Fatal(err)
			}
			steps := 0
			for b.Step(n) == pathing.Running {
				steps++
				if r := b.Result(); r.Status != pathing.Running || r.Path != nil || r.Expanded != steps*n {
					t.Fatalf("mid-search result %+v after %d steps of %d", r, steps, n)
				}
			}
			got := b.Result()
			if got.Status != want.Status || got.Cost != want.Cost || got.Expanded != want.Expanded ||
				got.Pushes != want.Pushes || got.PeakOpen != want.PeakOpen || fmt.Sprint(got.Path) != fmt.Sprint(want.Path) {
				t.Fatalf("Step(%d) ended %+v, Search %+v", n, got, want)
			}
			if b.Step(1) != got.Status {
				t.Fatalf("Step after the end changed the status")
			}
		}
	}
}

// TestTrace: the recorded events agree with the counters, every pop is of a
// pushed node, relaxes only lower g, the start is the only root, and Level
// and Limit work.
func TestTrace(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	g := randomGrid(rng, 40, 30, 0.25, true)
	s := pathing.NewSearcher(g)
	tr := &pathing.Trace{}
	for k := 0; k < 10; k++ {
		q := pathing.Query{Start: randomOpen(rng, g), Goal: randomOpen(rng, g), Algorithm: pathing.Algorithm(k % 3), Trace: tr}
		tr.Reset()
		tr.BeginPhase("grid", 3)
		r := mustSearch(t, s, q)
		var pushes, pops, relaxes int
		best := map[int32]float64{}
		closed := map[int32]bool{}
		for i, e := range tr.Events {
			if e.Level != 3 {
				t.Fatalf("event %d level %d, want 3", i, e.Level)
			}
			switch e.Kind {
			case pathing.EventPush:
				pushes++
				if e.Parent < 0 && g.Point(int(e.Node)) != q.Start {
					t.Fatalf("event %d: root %v is not the start", i, g.Point(int(e.Node)))
				}
				best[e.Node] = e.G
				closed[e.Node] = false
			case pathing.EventRelax:
				relaxes++
				if old, ok := best[e.Node]; !ok || e.G >= old || closed[e.Node] {
					t.Fatalf("event %d: relax of %d to g %v (was %v, seen %v, closed %v)", i, e.Node, e.G, old, ok, closed[e.Node])
				}
				best[e.Node] = e.G
			case pathing.EventPop:
				pops++
				if g0, ok := best[e.Node]; !ok || g0 != e.G || closed[e.Node] {
					t.Fatalf("event %d: pop of %d at g %v (best pushed %v, seen %v)", i, e.Node, e.G, g0, ok)
				}
				closed[e.Node] = true
			}
		}
		if pops != r.Expanded || pushes != r.Pushes {
			t.Errorf("trace has %d pops, %d pushes; result says %d, %d", pops, pushes, r.Expanded, r.Pushes)
		}
		if r.Status == pathing.Found {
			last := tr.Events[len(tr.Events)-1]
			if last.Kind != pathing.EventPop || g.Point(int(last.Node)) != q.Goal {
				t.Errorf("a found search should end by popping the goal, ends with %+v", last)
			}
		}
		if len(tr.Phases) != 1 || tr.PhaseAt(len(tr.Events)-1) != 0 || tr.Truncated {
			t.Errorf("phases %+v, truncated %v", tr.Phases, tr.Truncated)
		}
	}

	// Limit keeps the first events, marks the trace, and changes nothing
	// about the search.
	q := pathing.Query{Start: image.Pt(0, 0), Goal: image.Pt(30, 20)}
	g = pathing.MustGrid(40, 30)
	s = pathing.NewSearcher(g)
	full := &pathing.Trace{}
	q.Trace = full
	rf := mustSearch(t, s, q)
	short := &pathing.Trace{Limit: 10}
	q.Trace = short
	rs := mustSearch(t, s, q)
	if len(short.Events) != 10 || !short.Truncated || fmt.Sprint(short.Events) != fmt.Sprint(full.Events[:10]) {
		t.Errorf("limited trace: %d events, truncated %v", len(short.Events), short.Truncated)
	}
	if rs.Cost != rf.Cost || rs.Expanded != rf.Expanded {
		t.Errorf("the trace limit changed the search: %+v vs %+v", rs, rf)
	}
	short.Reset()
	if len(short.Events) != 0 || short.Truncated || short.Limit != 10 {
		t.Errorf("Reset: %+v", short)
	}
}

func TestStartIsGoal(t *testing.T) {
	g := pathing.MustGrid(5, 5)
	s := pathing.NewSearcher(g)
	p := image.Pt(2, 3)
	if err := s.Init(pathing.Query{Start: p, Goal: p}); err != nil {
		t.Fatal(err)
	}
	if s.Status() != pathing.Found {
		t.Fatalf("status right after Init = %v, want found", s.Status())
	}
	r := s.Result()
	if len(r.Path) != 1 || r.Path[0] != p || r.Cost != 0 || r.Expanded != 1 {
		t.Errorf("result %+v", r)
	}
	// Likewise when the start satisfies a GoalTest.
	if err := s.Init(pathing.Query{Start: p, GoalTest: func(c image.Point) bool { return c == p }}); err != nil || s.Status() != pathing.Found {
		t.Errorf("GoalTest on the start: %v, %v", s.Status(), err)
	}
}

func TestBlockedEndpoints(t *testing.T) {
	d := draw(t,
		"S.#",
		"..G",
	)
	s := pathing.NewSearcher(d.g)
	if _, err := s.Search(pathing.Query{Start: d.start, Goal: d.goal}); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		start, goal image.Point
		want        error
		cell        string
	}{
		{image.Pt(2, 0), d.goal, pathing.ErrStartBlocked, "(2,0)"},
		{image.Pt(-1, 0), d.goal, pathing.ErrStartBlocked, "(-1,0)"},
		{d.start, image.Pt(2, 0), pathing.ErrGoalBlocked, "(2,0)"},
		{d.start, image.Pt(3, 1), pathing.ErrGoalBlocked, "(3,1)"},
	}
	for _, tc := range cases {
		r, err := s.Search(pathing.Query{Start: tc.start, Goal: tc.goal})
		if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.cell) {
			t.Errorf("%v→%v: error %v, want %v naming %s", tc.start, tc.goal, err, tc.want, tc.cell)
		}
		if r.Status != pathing.NoPath || s.Status() != pathing.NoPath {
			t.Errorf("status after a refused query: %v / %v", r.Status, s.Status())
		}
		// The refused query leaves nothing behind from the previous one.
		if _, ok := s.G(d.start); ok {
			t.Errorf("G(start) still known after a refused Init")
		}
	}
	// With a GoalTest the goal cell is not checked.
	if _, err := s.Search(pathing.Query{Start: d.start, Goal: image.Pt(2, 0), GoalTest: func(p image.Point) bool { return p.X == 2 }}); err != nil {
		t.Errorf("GoalTest with a blocked Goal: %v", err)
	}
	for _, w := range []float64{math.NaN(), math.Inf(1)} {
		if _, err := s.Search(pathing.Query{Start: d.start, Goal: d.goal, Weight: w}); err == nil {
			t.Errorf("weight %v accepted", w)
		}
	}
	// Values outside the enums used to run as A*, Eight and Zero (and the
	// neighbourhood printed as "8").
	if got := (pathing.Four + 1).String(); got != "neighborhood(2)" {
		t.Errorf("Neighborhood(2) prints %q", got)
	}
	for name, q := range map[string]pathing.Query{
		"algorithm":     {Algorithm: pathing.Greedy + 1},
		"neighbourhood": {Neighborhood: pathing.Four + 1},
		"heuristic":     {Heuristic: pathing.Custom + 1},
	} {
		q.Start, q.Goal = d.start, d.goal
		if r, err := s.Search(q); err == nil || !strings.Contains(err.Error(), "unknown "+name) {
			t.Errorf("%+v: %v cost %v, %v; want unknown %s", q, r.Status, r.Cost, err, name)
		}
	}
}

// TestTiesPreferLargerG: on open ground every cell of an optimal octile
// path has the same f; preferring the larger g dives along one of them, so
// A* expands only the path's own cells. On Eight this needs f values that
// differ only by rounding (sums of √2) to count as ties: the (3,28) and
// (11,23) goals are the regression test for that.
func TestTiesPreferLargerG(t *testing.T) {
	g := pathing.MustGrid(30, 30)
	s := pathing.NewSearcher(g)
	for _, nb := range []pathing.Neighborhood{pathing.Eight, pathing.Four} {
		for _, goal := range []image.Point{{29, 0}, {29, 29}, {17, 5}, {3, 28}, {11, 23}} {
			r := mustSearch(t, s, pathing.Query{Start: image.Pt(0, 0), Goal: goal, Neighborhood: nb})
			if r.Expanded != len(r.Path) {
				t.Errorf("%v-connected (0,0)→%v: expanded %d cells for a %d-cell path", nb, goal, r.Expanded, len(r.Path))
			}
		}
	}
}

func TestSetGrid(t *testing.T) {
	a := draw(t,
		"S.G",
		"...",
	)
	b := draw(t,
		"S#G",
		"...",
	)
	s := pathing.NewSearcher(a.g)
	if r := mustSearch(t, s, pathing.Query{Start: a.start, Goal: a.goal}); r.Cost != 2 {
		t.Fatalf("on a: cost %v", r.Cost)
	}
	s.SetGrid(b.g)
	if _, ok := s.G(a.start); ok {
		t.Errorf("G still reports the query on the old grid")
	}
	if got := s.PathTo(nil, a.goal); got != nil {
		t.Errorf("PathTo still reports the old query: %v", got)
	}
	if r := mustSearch(t, s, pathing.Query{Start: b.start, Goal: b.goal}); r.Cost != 4 || s.Grid() != b.g {
		t.Errorf("on b: cost %v, want 4 (no corner cutting round the wall)", r.Cost)
	}
	big := pathing.MustGrid(50, 40)
	s.SetGrid(big)
	if r := mustSearch(t, s, pathing.Query{Start: image.Pt(0, 0), Goal: image.Pt(49, 39)}); r.Status != pathing.Found || len(r.Path) != 50 {
		t.Errorf("on a bigger grid: %v, %d cells", r.Status, len(r.Path))
	}
}

// TestFreshSearcher: a searcher that never ran a query knows no cell (a
// regression: PathTo used to follow zeroed parents forever).
func TestFreshSearcher(t *testing.T) {
	s := pathing.NewSearcher(pathing.MustGrid(4, 4))
	if got := s.PathTo(nil, image.Pt(1, 1)); got != nil {
		t.Errorf("PathTo = %v", got)
	}
	if _, ok := s.G(image.Pt(0, 0)); ok {
		t.Errorf("G reports a cell")
	}
	if st := s.State(image.Pt(0, 0)); st.Seen {
		t.Errorf("State = %+v", st)
	}
	if r := s.Result(); r.Status != pathing.NoPath || r.Path != nil {
		t.Errorf("Result = %+v", r)
	}
	if _, ok := s.Found(); ok || s.OpenLen() != 0 {
		t.Errorf("Found or OpenLen report a search")
	}
}

func TestState(t *testing.T) {
	g := pathing.MustGrid(10, 1)
	s := pathing.NewSearcher(g)
	if err := s.Init(pathing.Query{Start: image.Pt(0, 0), Goal: image.Pt(9, 0)}); err != nil {
		t.Fatal(err)
	}
	s.Step(3) // closes x = 0, 1, 2; x = 3 is open
	for x, want := range []pathing.CellState{
		{Seen: true, Closed: true, G: 0, H: 9, F: 9, Root: true, Order: 0},
		{Seen: true, Closed: true, G: 1, H: 8, F: 9, Parent: image.Pt(0, 0), Order: 1},
		{Seen: true, Closed: true, G: 2, H: 7, F: 9, Parent: image.Pt(1, 0), Order: 2},
		{Seen: true, G: 3, H: 6, F: 9, Parent: image.Pt(2, 0)},
		{},
	} {
		if got := s.State(image.Pt(x, 0)); got != want {
			t.Errorf("State(%d,0) = %+v, want %+v", x, got, want)
		}
	}
	if s.OpenLen() != 1 {
		t.Errorf("OpenLen = %d, want 1", s.OpenLen())
	}
}

// TestZeroAllocs: once warm, a reused Searcher answers queries without
// allocating, traced or not, blocking or stepped.
func TestZeroAllocs(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	g := randomGrid(rng, 64, 64, 0.25, true)
	var qs []pathing.Query
	for len(qs) < 16 {
		qs = append(qs, pathing.Query{Start: randomOpen(rng, g), Goal: randomOpen(rng, g), Algorithm: pathing.Algorithm(len(qs) % 3)})
	}
	s := pathing.NewSearcher(g)
	tr := &pathing.Trace{}
	run := func(traced, stepped bool) {
		for _, q := range qs {
			if traced {
				tr.Reset()
				q.Trace = tr
			}
			if stepped {
				if err := s.Init(q); err != nil {
					t.Fatal(err)
				}
				for s.Step(5) == pathing.Running {
				}
				s.Result()
			} else if _, err := s.Search(q); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, mode := range []struct{ traced, stepped bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
		run(mode.traced, mode.stepped) // warm the buffers
		if n := testing.AllocsPerRun(5, func() { run(mode.traced, mode.stepped) }); n != 0 {
			t.Errorf("traced=%v stepped=%v: %v allocations per run of %d queries", mode.traced, mode.stepped, n, len(qs))
		}
	}
}

// Regression (a user: the cluster heuristic never finished on a goal in
// another component): a custom heuristic's +Inf (the goal unreachable from
// the cell, as the cluster table says for every group of the start's
// component) made every pushed f +Inf; ties went to the larger g, and
// reopening cells whose g dropped grew the work faster than the square of
// the map. Such cells are no longer pushed: the search ends after the start.
// An inconsistent but finite custom heuristic still finds the optimum.
func TestCustomHeuristicInfinityPrunes(t *testing.T) {
	const n = 60
	g, err := pathing.NewGrid(n, n)
	if err != nil {
		t.Fatal(err)
	}
	goal := image.Pt(50, 50)
	for _, d := range []image.Point{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}} {
		g.SetWeight(goal.Add(d), 0) // walled in
	}
	inf := func(p, q image.Point) float64 {
		if p == q {
			return 0
		}
		return math.Inf(1)
	}
	s := pathing.NewSearcher(g)
	for _, algo := range []pathing.Algorithm{pathing.AStar, pathing.Greedy} {
		res, err := s.Search(pathing.Query{Start: image.Pt(2, 2), Goal: goal, Algorithm: algo, Heuristic: pathing.Custom, HeuristicFunc: inf})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != pathing.NoPath || res.Expanded > 1 {
			t.Errorf("%v: status %v after %d expansions: want pathing.NoPath after the start alone", algo, res.Status, res.Expanded)
		}
	}
	// Finite and inconsistent (0 on even columns, octile elsewhere): still
	// optimal, as plain A* on an open goal.
	g.SetWeight(goal.Add(image.Pt(1, 0)), 1)
	odd := func(p, q image.Point) float64 {
		if p.X%2 == 0 {
			return 0
		}
		return pathing.Octile.Distance(p, q)
	}
	want, _ := s.Search(pathing.Query{Start: image.Pt(2, 2), Goal: goal})
	got, _ := s.Search(pathing.Query{Start: image.Pt(2, 2), Goal: goal, Heuristic: pathing.Custom, HeuristicFunc: odd})
	if got.Status != pathing.Found || math.Abs(got.Cost-want.Cost) > 1e-9 {
		t.Errorf("inconsistent finite heuristic: %v %v, want %v", got.Status, got.Cost, want.Cost)
	}
}
