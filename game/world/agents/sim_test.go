package agents

import (
	"image"
	"math"
	"math/rand"
	"strings"
	"testing"
	"time"

	"pathlens/pathing"
	"pathlens/pathing/groups"
	"pathlens/pathing/hpa"
)

// parse reads an ASCII map: '#' wall, anything else open; letters are
// markers returned by position.
func parse(t testing.TB, s string) (*pathing.Grid, map[byte]image.Point) {
	t.Helper()
	var rows []string
	for _, l := range strings.Split(strings.TrimSpace(s), "\n") {
		rows = append(rows, strings.TrimSpace(l))
	}
	g := pathing.MustGrid(len(rows[0]), len(rows))
	marks := map[byte]image.Point{}
	for y, r := range rows {
		if len(r) != len(rows[0]) {
			t.Fatalf("row %d has %d cells, want %d", y, len(r), len(rows[0]))
		}
		for x := 0; x < len(r); x++ {
			p := image.Point{x, y}
			switch c := r[x]; {
			case c == '#':
				g.SetOpen(p, false)
			case c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
				marks[c] = p
			}
		}
	}
	return g, marks
}

// exact makes a Sim whose plan queue has no time cap, so tests are
// deterministic.
func exact(g *pathing.Grid, p Planner) *Sim {
	return New(g, p, Config{PlanBudget: -1})
}

func runUntil(t *testing.T, s *Sim, max int, done func() bool) {
	t.Helper()
	for i := 0; i < max; i++ {
		if done() {
			return
		}
		s.Step()
	}
	if !done() {
		t.Fatalf("condition not met after %d ticks", max)
	}
}

func view(t *testing.T, s *Sim, id int) AgentView {
	t.Helper()
	v, ok := s.Agent(id)
	if !ok {
		t.Fatalf("agent %d missing", id)
	}
	return v
}

const corridor = `
##############################
#S..........................G#
#............................#
##############################`

func TestReplansExactlyWhenSegmentEnds(t *testing.T) {
	g, m := parse(t, corridor)
	s := exact(g, NewAStar(g, AStarConfig{Chunk: 5}))
	id, err := s.Spawn(m['S'])
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetGoal([]int{id}, m['G']); err != nil {
		t.Fatal(err)
	}
	var segEnd image.Point
	var plans int
	prev := view(t, s, id)
	for tick := 0; tick < 2000; tick++ {
		s.Step()
		v := view(t, s, id)
		if v.LastReplan == s.Now() {
			plans++
			if plans > 1 {
				if v.LastReason != ReasonSegmentDone {
					t.Fatalf("tick %d: replan reason %v, want segment_done", s.Now(), v.LastReason)
				}
				// It replans standing on the end of the old segment, the
				// tick after it got there (the queue has no cap here).
				if v.Cell != segEnd || prev.Cell != segEnd || prev.State != Waiting {
					t.Fatalf("tick %d: replanned at %v (previous tick %v, %v); old segment ended at %v", s.Now(), v.Cell, prev.Cell, prev.State, segEnd)
				}
			}
			segEnd = v.Segment[len(v.Segment)-1]
			if len(v.Segment)-1 > 5 {
				t.Fatalf("segment of %d steps, chunk is 5", len(v.Segment)-1)
			}
		} else if prev.State == Moving && v.Cell != segEnd && v.State != Moving && v.State != Arrived {
			t.Fatalf("tick %d: state %v in mid-segment", s.Now(), v.State)
		}
		prev = v
		if v.State == Arrived {
			break
		}
	}
	if prev.State != Arrived || prev.Cell != m['G'] {
		t.Fatalf("agent ended %v at %v, want arrived at %v", prev.State, prev.Cell, m['G'])
	}
	// 27 steps in segments of at most 5: 6 plans, the first for the new goal.
	st := s.Stats()
	if plans != 6 || st.Reasons[ReasonNewGoal] != 1 || st.Reasons[ReasonSegmentDone] != 5 || st.Replans != 5 {
		t.Fatalf("plans %d, reasons %v, replans %d; want 6 plans: 1 new_goal + 5 segment_done", plans, st.Reasons, st.Replans)
	}
	log := s.Replans(nil)
	if len(log) != 6 || log[0].Reason != ReasonSegmentDone || log[5].Reason != ReasonNewGoal {
		t.Fatalf("log %+v", log)
	}
}

func TestFillAcrossSegmentReplansBeforeNextStep(t *testing.T) {
	g, m := parse(t, `
##########
#S.......#
#........#
#........#
#.......G#
##########`)
	s := exact(g, NewAStar(g, AStarConfig{}))
	id, _ := s.Spawn(m['S'])
	s.SetGoal([]int{id}, m['G'])
	runUntil(t, s, 100, func() bool { return view(t, s, id).Steps == 2 })
	v := view(t, s, id)
	// Wall off the next two cells of its segment.
	ahead := append([]image.Point(nil), v.Segment[v.SegIndex+1:v.SegIndex+3]...)
	var changed []image.Point
	for _, c := range ahead {
		g.SetOpen(c, false)
		changed = append(changed, c)
	}
	s.CellsChanged(changed)
	if v := view(t, s, id); v.State != Waiting {
		t.Fatalf("after the fill the agent is %v, want waiting for a plan", v.State)
	}
	steps := v.Steps
	s.Step()
	v = view(t, s, id)
	if v.LastReplan != s.Now() || v.LastReason != ReasonWorldChanged {
		t.Fatalf("no world_changed replan at the next tick: last %d %v", v.LastReplan, v.LastReason)
	}
	if v.Steps > steps+1 {
		t.Fatalf("took %d steps before replanning", v.Steps-steps)
	}
	for _, c := range v.Segment {
		if c == ahead[0] || c == ahead[1] {
			t.Fatalf("new segment %v still crosses the filled cells %v", v.Segment, ahead)
		}
	}
	runUntil(t, s, 500, func() bool { return view(t, s, id).State == Arrived })
	if st := s.Stats(); st.WallViolations != 0 || st.Reasons[ReasonWorldChanged] != 1 {
		t.Fatalf("stats %+v", st)
	}
}

func TestDigNextToSegmentOrShortcutReplans(t *testing.T) {
	const cave = `
#############
#S....#....G#
#.....#.....#
#.....#.....#
#.....#.....#
#.....#.....#
#...........#
#############`
	g, m := parse(t, cave)
	s := exact(g, NewAStar(g, AStarConfig{}))
	id, _ := s.Spawn(m['S'])
	s.SetGoal([]int{id}, m['G'])
	s.Step()
	long := len(view(t, s, id).Segment)
	// Dig through the wall at (6,1), away from the route: it could become
	// much shorter.
	d := image.Point{6, 1}
	for _, c := range view(t, s, id).Segment {
		if abs(c.X-d.X) <= 1 && abs(c.Y-d.Y) <= 1 {
			t.Fatalf("test map: the dug cell %v touches the route at %v", d, c)
		}
	}
	g.SetOpen(d, true)
	s.CellsChanged([]image.Point{d})
	s.Step()
	v := view(t, s, id)
	if v.LastReason != ReasonWorldChanged || len(v.Segment) >= long {
		t.Fatalf("after the dig: reason %v, segment %d cells (was %d)", v.LastReason, len(v.Segment), long)
	}
	// With shortcuts off, a far dig is ignored.
	g2, _ := parse(t, cave)
	s2 := New(g2, NewAStar(g2, AStarConfig{}), Config{PlanBudget: -1, NoShortcuts: true})
	id2, _ := s2.Spawn(m['S'])
	s2.SetGoal([]int{id2}, m['G'])
	s2.Step()
	g2.SetOpen(d, true)
	s2.CellsChanged([]image.Point{d})
	s2.Step()
	if v := view(t, s2, id2); v.LastReason != ReasonNewGoal {
		t.Fatalf("NoShortcuts: replanned for %v", v.LastReason)
	}
}

func TestEditWithoutNoticeIsCaughtNotEntered(t *testing.T) {
	g, m := parse(t, corridor)
	s := exact(g, NewAStar(g, AStarConfig{}))
	id, _ := s.Spawn(m['S'])
	s.SetGoal([]int{id}, m['G'])
	runUntil(t, s, 100, func() bool { return view(t, s, id).Steps == 3 })
	v := view(t, s, id)
	wall := v.Segment[v.SegIndex+1]
	g.SetOpen(wall, false) // no CellsChanged: the Sim must still refuse the step
	runUntil(t, s, 200, func() bool { return s.Stats().WallViolations > 0 })
	v = view(t, s, id)
	if v.Cell == wall {
		t.Fatalf("agent entered the wall %v", wall)
	}
	s.Step()
	if v := view(t, s, id); v.LastReason != ReasonBlocked {
		t.Fatalf("after the refused step it replanned for %v, want blocked", v.LastReason)
	}
	runUntil(t, s, 500, func() bool { return view(t, s, id).State == Arrived })
}

func TestGoalWalledOffStopsThenResumes(t *testing.T) {
	g, m := parse(t, `
############
#S.........#
#......###.#
#......#G#.#
#......#d#.#
#..........#
############`)
	s := exact(g, NewAStar(g, AStarConfig{}))
	id, _ := s.Spawn(m['S'])
	if err := s.SetGoal([]int{id}, m['G']); err != nil {
		t.Fatal(err)
	}
	runUntil(t, s, 100, func() bool { return view(t, s, id).Steps == 2 })
	door := m['d']
	g.SetOpen(door, false)
	s.CellsChanged([]image.Point{door})
	runUntil(t, s, 10, func() bool { return view(t, s, id).State == Stopped })
	v := view(t, s, id)
	if v.Why != WhyUnreachable {
		t.Fatalf("stopped for %q, want %q", v.Why, WhyUnreachable)
	}
	if log := s.Replans(nil); log[0].State != Stopped || log[0].Why != WhyUnreachable {
		t.Fatalf("log head %+v", log[0])
	}
	at, steps := v.Cell, v.Steps
	for range 300 {
		s.Step()
	}
	if v := view(t, s, id); v.State != Stopped || v.Cell != at || v.Steps != steps {
		t.Fatalf("a stopped agent moved: %v at %v", v.State, v.Cell)
	}
	plans := s.Stats().Plans
	g.SetOpen(door, true)
	s.CellsChanged([]image.Point{door})
	runUntil(t, s, 1000, func() bool { return view(t, s, id).State == Arrived })
	if v := view(t, s, id); v.Cell != m['G'] {
		t.Fatalf("arrived at %v", v.Cell)
	}
	if s.Stats().Plans != plans+1 {
		t.Fatalf("%d plans to resume, want 1 (rechecks while cut off must not search)", s.Stats().Plans-plans)
	}
	// The goal cell itself filled: stops with its own reason.
	s.SetGoal([]int{id}, m['S'])
	s.Step()
	g.SetOpen(m['S'], false)
	s.CellsChanged([]image.Point{m['S']})
	s.Step()
	if v := view(t, s, id); v.State != Stopped || v.Why != WhyGoalBlocked {
		t.Fatalf("goal filled: %v %q", v.State, v.Why)
	}
}

func TestBadInputNamesTheCell(t *testing.T) {
	g, m := parse(t, corridor)
	s := exact(g, NewAStar(g, AStarConfig{}))
	for _, c := range []image.Point{{0, 0}, {-1, 3}, {30, 1}} {
		if _, err := s.Spawn(c); err == nil || !strings.Contains(err.Error(), "(") {
			t.Errorf("Spawn(%v): %v", c, err)
		}
	}
	id, _ := s.Spawn(m['S'])
	for _, c := range []image.Point{{0, 0}, {99, 99}} {
		err := s.SetGoal([]int{id}, c)
		if err == nil || !strings.Contains(err.Error(), "goal (") {
			t.Errorf("SetGoal(%v): %v", c, err)
		}
		if err := s.SetGroupGoal([]int{id}, c); err == nil {
			t.Errorf("SetGroupGoal(%v) accepted", c)
		}
	}
	if v := view(t, s, id); v.HasGoal || v.State != Idle {
		t.Fatalf("a refused goal changed the agent: %+v", v)
	}
}

func TestDiagonalStepsTakeRootTwoAsLong(t *testing.T) {
	g := pathing.MustGrid(40, 40)
	s := exact(g, NewAStar(g, AStarConfig{}))
	a, _ := s.Spawn(image.Point{0, 0})
	b, _ := s.Spawn(image.Point{0, 39})
	s.SetGoal([]int{a}, image.Point{30, 30}) // 30 diagonal steps
	s.SetGoal([]int{b}, image.Point{30, 39}) // 30 straight steps
	var ta, tb int64
	runUntil(t, s, 2000, func() bool {
		if ta == 0 && view(t, s, a).State == Arrived {
			ta = s.Now()
		}
		if tb == 0 && view(t, s, b).State == Arrived {
			tb = s.Now()
		}
		return ta > 0 && tb > 0
	})
	if r := float64(ta) / float64(tb); math.Abs(r-math.Sqrt2) > 0.03 {
		t.Fatalf("diagonal walk took %d ticks, straight %d: ratio %.3f, want √2", ta, tb, r)
	}
	// 30 cells at 6 cells/s and 60 ticks/s: 300 ticks (+1 for the plan).
	if tb < 295 || tb > 305 {
		t.Fatalf("straight walk took %d ticks, want about 300", tb)
	}
}

func TestPlanQueueIsFairAndCapped(t *testing.T) {
	g := pathing.MustGrid(50, 50)
	s := New(g, NewAStar(g, AStarConfig{}), Config{PlanBudget: -1, PlanCap: 3})
	var ids []int
	for i := range 10 {
		id, _ := s.Spawn(image.Point{i, 0})
		ids = append(ids, id)
	}
	s.SetGoal(ids, image.Point{25, 49})
	s.Step()
	if st := s.Stats(); st.Plans != 3 || st.Queue != 7 {
		t.Fatalf("after one tick: %d plans, %d queued; want 3 and 7", st.Plans, st.Queue)
	}
	for range 3 {
		s.Step()
	}
	log := s.Replans(nil)
	if len(log) != 10 {
		t.Fatalf("%d plans after 4 ticks, want 10", len(log))
	}
	for k, e := range log {
		if want := ids[9-k]; e.Agent != want {
			t.Fatalf("log %d is agent %d, want %d (first come, first served)", k, e.Agent, want)
		}
	}
	// A time cap still lets one plan through per tick.
	s2 := New(g, NewAStar(g, AStarConfig{}), Config{PlanBudget: time.Nanosecond})
	for i := range 5 {
		id, _ := s2.Spawn(image.Point{i, 0})
		s2.SetGoal([]int{id}, image.Point{49, 49})
	}
	s2.Step()
	if st := s2.Stats(); st.Plans != 1 || st.Queue != 4 {
		t.Fatalf("1 ns budget: %d plans, %d queued", st.Plans, st.Queue)
	}
}

func TestClock(t *testing.T) {
	g := pathing.MustGrid(64, 8)
	s := New(g, NewAStar(g, AStarConfig{}), Config{})
	if n := s.Tick(1); n != 0 || s.Now() != 0 {
		t.Fatalf("paused clock ran %d ticks", n)
	}
	s.Step()
	if s.Now() != 1 {
		t.Fatalf("single tick while paused: tick %d", s.Now())
	}
	// A clock with nothing to do stands still (TestEmptyClockStands): an
	// agent with a far goal keeps it going.
	id, err := s.Spawn(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetGoal([]int{id}, image.Pt(62, 6)); err != nil {
		t.Fatal(err)
	}
	s.Run()
	if n := s.Tick(1.0 / 60); n != 1 {
		t.Fatalf("one frame at speed 1 ran %d ticks", n)
	}
	s.SetClockSpeed(2)
	if n := s.Tick(1.0 / 60); n != 2 {
		t.Fatalf("one frame at speed 2 ran %d ticks", n)
	}
	if n := s.Tick(10); n != 8 {
		// The cap, 4 ticks, times the clock's speed: a fast clock is not
		// held to real time.
		t.Fatalf("a 10 s frame at speed 2 ran %d ticks, want the catch-up cap 4×2", n)
	}
	s.Pause()
	if n := s.Tick(1); n != 0 {
		t.Fatalf("paused: %d ticks", n)
	}
}

// TestEmptyClockStands: a running clock with no agent on the map (none
// spawned, or the last one removed: a spawn undone), or none with anything
// to do (idle, arrived), counts no ticks, and
// a paused one none either, so neither changes Version: the window then
// draws nothing anew. The tester's panel counted tick 667 → 775 for no
// agent, with the window redrawn every frame. An agent back (revived)
// runs the clock on from where it stood.
func TestEmptyClockStands(t *testing.T) {
	g := pathing.MustGrid(8, 8)
	s := New(g, NewAStar(g, AStarConfig{}), Config{})
	s.Run()
	v := s.Version()
	for range 10 {
		if n := s.Tick(1.0 / 30); n != 0 {
			t.Fatalf("a running clock with no agents ran %d ticks", n)
		}
	}
	if s.Now() != 0 || s.Version() != v {
		t.Fatalf("empty sim: tick %d, version %d → %d", s.Now(), v, s.Version())
	}
	id, err := s.Spawn(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if s.Version() == v {
		t.Error("a spawn left the version as it was")
	}
	if n := s.Tick(1.0 / 30); n != 0 {
		t.Fatalf("a running clock with an idle agent ran %d ticks: it has nothing to do", n)
	}
	if err := s.SetGoal([]int{id}, image.Pt(6, 6)); err != nil {
		t.Fatal(err)
	}
	if n := s.Tick(1.0 / 30); n == 0 {
		t.Fatal("a running clock with an agent sent to a goal ran no tick")
	}
	now := s.Now()
	s.Remove([]int{id})
	v = s.Version()
	for range 10 {
		s.Tick(1.0 / 30)
	}
	if s.Now() != now || s.Version() != v {
		t.Errorf("after the last agent went: tick %d → %d, version %d → %d", now, s.Now(), v, s.Version())
	}
	if err := s.Revive(id, image.Pt(6, 1), true); err != nil {
		t.Fatal(err)
	}
	if s.Tick(1.0/30) == 0 || s.Now() <= now {
		t.Errorf("revived: the clock stayed at %d", s.Now())
	}
	s.Pause()
	now, v = s.Now(), s.Version()
	for range 10 {
		s.Tick(1.0 / 30)
	}
	if s.Now() != now || s.Version() != v {
		t.Errorf("paused with an agent: tick %d → %d, version %d → %d", now, s.Now(), v, s.Version())
	}
	for _, f := range []func(){
		func() { s.Select([]int{id}, false) },
		func() { _ = s.SetGoal([]int{id}, image.Pt(5, 5)) },
		func() { s.Step() },
		func() { s.Run() },
	} {
		v := s.Version()
		f()
		if s.Version() == v {
			t.Error("a change left the version as it was")
		}
	}
}

// TestRandomEditsNeverEnterWalls drives many agents through random digs and
// fills on a cave map and checks every step against the grid of its moment.
func TestRandomEditsNeverEnterWalls(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	g := pathing.MustGrid(60, 40)
	for i := 0; i < g.Len()*30/100; i++ {
		g.SetOpen(image.Point{rng.Intn(60), rng.Intn(40)}, false)
	}
	for _, chunk := range []int{0, 4} {
		g := g.Clone()
		s := exact(g, NewAStar(g, AStarConfig{Chunk: chunk}))
		open := func() image.Point {
			for {
				p := image.Point{rng.Intn(60), rng.Intn(40)}
				if g.Open(p) {
					return p
				}
			}
		}
		var ids []int
		for range 40 {
			id, _ := s.Spawn(open())
			ids = append(ids, id)
			s.SetGoal([]int{id}, open())
		}
		before := s.Agents(nil)
		for tick := 0; tick < 3000; tick++ {
			if tick%5 == 0 {
				// Fill cells on agents' segments, or dig at random.
				var changed []image.Point
				if v := before[rng.Intn(len(before))]; rng.Intn(2) == 0 && v.SegIndex+2 < len(v.Segment) {
					c := v.Segment[v.SegIndex+2]
					g.SetOpen(c, false)
					changed = append(changed, c)
				} else {
					c := image.Point{rng.Intn(60), rng.Intn(40)}
					g.SetOpen(c, !g.Open(c))
					changed = append(changed, c)
				}
				s.CellsChanged(changed)
				before = s.Agents(before[:0])
			}
			s.Step()
			after := s.Agents(nil)
			for k, v := range after {
				if !g.Open(v.Cell) {
					t.Fatalf("chunk %d tick %d: agent %d stands in a wall at %v", chunk, tick, v.ID, v.Cell)
				}
				if p := before[k].Cell; p != v.Cell && !g.CanStep(p, v.Cell, pathing.Eight) {
					t.Fatalf("chunk %d tick %d: agent %d stepped %v→%v illegally", chunk, tick, v.ID, p, v.Cell)
				}
				if v.State == Arrived {
					s.SetGoal([]int{v.ID}, open())
				}
			}
			before = after
		}
		st := s.Stats()
		if st.WallViolations != 0 {
			t.Fatalf("chunk %d: %d wall violations", chunk, st.WallViolations)
		}
		if st.Arrivals < 40 || st.Reasons[ReasonWorldChanged] == 0 {
			t.Fatalf("chunk %d: too little happened: %+v", chunk, st)
		}
		if n := s.Stuck(500); n != 0 {
			t.Fatalf("chunk %d: %d stuck agents", chunk, n)
		}
	}
}

func TestGroupsPlannerRefinesLazily(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	g := pathing.MustGrid(64, 48)
	for i := 0; i < g.Len()*20/100; i++ {
		g.SetOpen(image.Point{rng.Intn(64), rng.Intn(48)}, false)
	}
	for _, excl := range []bool{false, true} {
		gr, err := groups.Build(g, groups.Config{ClusterSize: 8, Exclusion: excl}, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := exact(g, NewGroups(gr))
		var ids []int
		for len(ids) < 30 {
			a := image.Point{rng.Intn(64), rng.Intn(48)}
			b := image.Point{rng.Intn(64), rng.Intn(48)}
			if !g.Open(a) || !g.Open(b) || !s.Reachable(a, b) {
				continue
			}
			id, _ := s.Spawn(a)
			s.SetGoal([]int{id}, b)
			ids = append(ids, id)
		}
		runUntil(t, s, 20000, func() bool {
			for _, id := range ids {
				if view(t, s, id).State != Arrived {
					return false
				}
			}
			return true
		})
		st := s.Stats()
		t.Logf("%s: %d plans, reasons %v", s.Planner().Name(), st.Plans, st.Reasons)
		if excl && st.Reasons[ReasonSegmentDone] != 0 {
			t.Fatalf("exclusion plans up front, yet %d segment_done replans", st.Reasons[ReasonSegmentDone])
		}
		if !excl && st.Reasons[ReasonSegmentDone] < len(ids) {
			t.Fatalf("lazy refinement: only %d segment_done replans for %d agents", st.Reasons[ReasonSegmentDone], len(ids))
		}
		if st.Failed != 0 || st.WallViolations != 0 {
			t.Fatalf("stats %+v", st)
		}
	}
}

func TestLongSearchIsSlicedOverTicks(t *testing.T) {
	g := pathing.MustGrid(200, 200)
	for y := 0; y < 199; y++ {
		g.SetOpen(image.Point{100, y}, false) // a long wall: the search floods the left half
	}
	s := New(g, NewAStar(g, AStarConfig{}), Config{PlanBudget: time.Nanosecond})
	id, _ := s.Spawn(image.Point{90, 10})
	s.SetGoal([]int{id}, image.Point{110, 10})
	s.Step()
	s.Step()
	if v := view(t, s, id); v.State != Waiting || s.Stats().Plans != 0 {
		t.Fatalf("after two 1-slice ticks: %v, %d plans; want still waiting", v.State, s.Stats().Plans)
	}
	// The world changes mid-search: the gap at the bottom closes and another opens.
	g.SetOpen(image.Point{100, 199}, false)
	g.SetOpen(image.Point{100, 150}, true)
	s.CellsChanged([]image.Point{{100, 199}, {100, 150}})
	ticks := 0
	runUntil(t, s, 500, func() bool { ticks++; return view(t, s, id).State == Moving })
	v := view(t, s, id)
	if err := pathing.ValidatePath(g, v.Segment, pathing.Eight); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range v.Segment {
		found = found || c == image.Point{100, 150}
	}
	if !found || ticks < 5 {
		t.Fatalf("plan after %d more ticks does not use the new gap: %v", ticks, v.Segment)
	}
	if st := s.Stats(); st.Plans != 1 {
		t.Fatalf("%d plans, want 1 (the restarted search is the same plan)", st.Plans)
	}
}

func TestHPAPlannerReplansPerStepAndAfterRepair(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	g := pathing.MustGrid(96, 64)
	for i := 0; i < g.Len()*20/100; i++ {
		g.SetOpen(image.Point{rng.Intn(96), rng.Intn(64)}, false)
	}
	h, err := hpa.Build(g, hpa.Config{ClusterSize: 8})
	if err != nil {
		t.Fatal(err)
	}
	s := New(g, NewHPA(h, HPAConfig{}), Config{PlanBudget: -1})
	r, err := RunWorkload(s, Workload{Agents: 60, Ticks: 4000, Edits: 300, Seed: 2, Repair: func(c []image.Point) error {
		h.Update(c)
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", r)
	// The component labels settle unreachable goals before a query, so a
	// failed HPA* query would mean a hierarchy out of step with the grid.
	if r.WallViolations != 0 || r.Stuck != 0 || s.Stats().Failed != 0 {
		t.Fatalf("violations %d, stuck %d, failed plans %d", r.WallViolations, r.Stuck, s.Stats().Failed)
	}
	if r.Reasons[ReasonSegmentDone] < r.Arrivals || r.Reasons[ReasonWorldChanged] == 0 {
		t.Fatalf("reasons %v for %d arrivals: HPA* should replan at every step end and after edits", r.Reasons, r.Arrivals)
	}
	// Lazy refinement: segment ends refine the next leg of the kept plan.
	if st := s.Stats(); st.Refined < r.Reasons[ReasonSegmentDone]*9/10 {
		t.Fatalf("%d of %d segment-end plans refined the kept plan (%d fell back)", st.Refined, r.Reasons[ReasonSegmentDone], st.RefineFailed)
	}
}

func TestFillBesideLegalRouteNeedsNoReplan(t *testing.T) {
	g, m := parse(t, `
####################
#S................G#
#..................#
#..................#
#..................#
####################`)
	s := exact(g, NewAStar(g, AStarConfig{}))
	id, _ := s.Spawn(m['S'])
	s.SetGoal([]int{id}, m['G'])
	s.Step()
	// The route runs along row 1; filling (9,3) leaves every step legal.
	c := image.Point{9, 3}
	g.SetOpen(c, false)
	s.CellsChanged([]image.Point{c})
	s.Step()
	if st := s.Stats(); st.Reasons[ReasonWorldChanged] != 0 {
		t.Fatalf("a fill beside a legal route caused %d replans", st.Reasons[ReasonWorldChanged])
	}
	// Filling (9,2) forbids no step of row 1 either; filling (9,1) does.
	for _, c := range []image.Point{{9, 2}, {9, 1}} {
		g.SetOpen(c, false)
		s.CellsChanged([]image.Point{c})
		s.Step()
	}
	if st := s.Stats(); st.Reasons[ReasonWorldChanged] != 1 {
		t.Fatalf("%d world_changed replans, want 1 (only the fill on the route)", st.Reasons[ReasonWorldChanged])
	}
}

// TestQueryPlannerWrapsAnySegmentedPlanner drives agents with HPA* seen
// only through a QueryFunc (as the window does with its session), under
// edits: the rules hold and segment ends refine the kept plan.
func TestQueryPlannerWrapsAnySegmentedPlanner(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	g := pathing.MustGrid(80, 60)
	for i := 0; i < g.Len()*20/100; i++ {
		g.SetOpen(image.Point{rng.Intn(80), rng.Intn(60)}, false)
	}
	h, err := hpa.Build(g, hpa.Config{ClusterSize: 8})
	if err != nil {
		t.Fatal(err)
	}
	hq := h.NewQuerier()
	var segs [][]image.Point
	f := func(a, b image.Point) ([][]image.Point, float64, bool, error) {
		r, err := hq.Find(a, b, hpa.QueryOptions{})
		if err != nil || r.Status != pathing.Found {
			return nil, 0, false, err
		}
		segs = segs[:0]
		from := 0
		for _, e := range r.SegmentEnds {
			segs = append(segs, r.Path[from:e+1])
			from = e
		}
		return segs, r.Cost, true, nil
	}
	s := New(g, NewQuery("session", f), Config{PlanBudget: -1})
	r, err := RunWorkload(s, Workload{Agents: 40, Ticks: 3000, Edits: 200, Seed: 4, Repair: func(c []image.Point) error {
		h.Update(c)
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	st := s.Stats()
	t.Logf("%+v refined %d", r, st.Refined)
	if r.WallViolations != 0 || r.Stuck != 0 || st.Failed != 0 || r.Arrivals < 40 {
		t.Fatalf("violations %d, stuck %d, failed %d, arrivals %d", r.WallViolations, r.Stuck, st.Failed, r.Arrivals)
	}
	if st.Refined == 0 || st.RefineFailed > st.Refined/10 {
		t.Fatalf("refined %d, fell back %d", st.Refined, st.RefineFailed)
	}
}

func TestRemovingTheAgentOfASlicedSearch(t *testing.T) {
	g := pathing.MustGrid(200, 200)
	for y := 0; y < 199; y++ {
		g.SetOpen(image.Point{100, y}, false)
	}
	s := New(g, NewAStar(g, AStarConfig{}), Config{PlanBudget: time.Nanosecond})
	a, _ := s.Spawn(image.Point{90, 10})
	b, _ := s.Spawn(image.Point{10, 10})
	s.SetGoal([]int{a}, image.Point{110, 10})
	s.SetGoal([]int{b}, image.Point{12, 12})
	s.Step() // a's search has begun and is not finished
	s.Remove([]int{a})
	runUntil(t, s, 100, func() bool { v, _ := s.Agent(b); return v.State == Moving || v.State == Arrived })
	if _, ok := s.Agent(a); ok {
		t.Fatal("removed agent still listed")
	}
	if st := s.Stats(); st.Plans != 1 {
		t.Fatalf("%d plans, want 1 (b's; a's search was dropped)", st.Plans)
	}
}

// TestHPASegmentEndsAreWhereReplansHappen checks the lazy-refinement claim
// with HPA* on a cave: every segment_done plan happens on the last cell of
// the agent's previous segment, and an agent never plans mid-segment
// unless the world changed or its goal did.
func TestHPASegmentEndsAreWhereReplansHappen(t *testing.T) {
	rng := rand.New(rand.NewSource(21))
	g := pathing.MustGrid(100, 70)
	for i := 0; i < g.Len()*18/100; i++ {
		g.SetOpen(image.Point{rng.Intn(100), rng.Intn(70)}, false)
	}
	h, err := hpa.Build(g, hpa.Config{ClusterSize: 8})
	if err != nil {
		t.Fatal(err)
	}
	s := exact(g, NewHPA(h, HPAConfig{}))
	randOpen := func() image.Point {
		for {
			if p := (image.Point{rng.Intn(100), rng.Intn(70)}); g.Open(p) {
				return p
			}
		}
	}
	var ids []int
	for len(ids) < 30 {
		a, b := randOpen(), randOpen()
		if s.Reachable(a, b) {
			id, _ := s.Spawn(a)
			s.SetGoal([]int{id}, b)
			ids = append(ids, id)
		}
	}
	segEnd := map[int]image.Point{}
	checked := 0
	for tick := 0; tick < 4000; tick++ {
		s.Step()
		for _, id := range ids {
			v := view(t, s, id)
			if v.LastReplan == s.Now() && v.State == Moving {
				if v.LastReason == ReasonSegmentDone {
					if end, ok := segEnd[id]; !ok || v.Cell != end {
						t.Fatalf("tick %d: agent %d planned its next segment at %v, its segment ended at %v", tick, id, v.Cell, end)
					}
					checked++
				} else if v.LastReason != ReasonNewGoal {
					t.Fatalf("tick %d: agent %d replanned for %v with no change", tick, id, v.LastReason)
				}
				segEnd[id] = v.Segment[len(v.Segment)-1]
			}
			if v.State == Arrived {
				for {
					if b := randOpen(); s.Reachable(v.Cell, b) {
						s.SetGoal([]int{id}, b)
						break
					}
				}
			}
		}
	}
	if st := s.Stats(); checked < 100 || st.Refined != checked {
		t.Fatalf("%d segment ends checked, %d refined", checked, st.Refined)
	}
}

// TestRandomAPIUse throws random calls at a Sim the way a user with the
// mouse would (spawn, remove, goals, group goals, clear, switch planners,
// dig and fill under agents, pause and run) and checks that nothing panics
// and nobody ever stands in a wall.
func TestRandomAPIUse(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	g := pathing.MustGrid(48, 36)
	for i := 0; i < g.Len()/5; i++ {
		g.SetOpen(image.Point{rng.Intn(48), rng.Intn(36)}, false)
	}
	h, err := hpa.Build(g, hpa.Config{ClusterSize: 6})
	if err != nil {
		t.Fatal(err)
	}
	planners := []Planner{NewAStar(g, AStarConfig{}), NewAStar(g, AStarConfig{Chunk: 3}), NewHPA(h, HPAConfig{})}
	s := New(g, planners[0], Config{PlanBudget: time.Microsecond, PlanCap: 3})
	cell := func() image.Point { return image.Point{rng.Intn(50) - 1, rng.Intn(38) - 1} }
	pick := func() []int {
		var ids []int
		for range 1 + rng.Intn(6) {
			ids = append(ids, rng.Intn(s.Len()+2)-1)
		}
		return ids
	}
	for step := 0; step < 6000; step++ {
		switch rng.Intn(14) {
		case 0, 1:
			s.Spawn(cell())
		case 2:
			s.Remove(pick())
		case 3, 4:
			s.SetGoal(pick(), cell())
		case 5:
			s.SetGroupGoal(pick(), cell())
		case 6:
			s.ClearGoal(pick())
		case 7:
			s.SetPlanner(planners[rng.Intn(len(planners))])
		case 8:
			s.Select(pick(), rng.Intn(2) == 0)
			s.SetGroupGoal(s.Selected(nil), cell())
		case 9:
			c := cell()
			if v, ok := s.Agent(rng.Intn(s.Len() + 1)); ok && rng.Intn(2) == 0 {
				c = v.Cell
			}
			g.SetOpen(c, !g.Open(c))
			h.Update([]image.Point{c})
			s.CellsChanged([]image.Point{c})
		case 10:
			s.Run()
			s.Tick(rng.Float64() / 20)
		default:
			s.Step()
		}
		for _, v := range s.Agents(nil) {
			if !g.Open(v.Cell) {
				t.Fatalf("step %d: agent %d (%v) in a wall at %v", step, v.ID, v.Kind, v.Cell)
			}
		}
	}
	if st := s.Stats(); st.WallViolations != 0 || st.Plans == 0 {
		t.Fatalf("stats %+v", st)
	}
}

func TestYieldWaitsForAnOccupiedCellThenGoes(t *testing.T) {
	g, m := parse(t, `
##########
#A......B#
##########`)
	for _, yield := range []bool{false, true} {
		s := New(g, NewAStar(g, AStarConfig{}), Config{PlanBudget: -1, Yield: yield, YieldTicks: 30})
		a, _ := s.Spawn(m['A'])
		b, _ := s.Spawn(m['B'])
		s.SetGoal([]int{a}, m['B'])
		s.SetGoal([]int{b}, m['A'])
		shared := 0
		runUntil(t, s, 2000, func() bool {
			va, vb := view(t, s, a), view(t, s, b)
			if va.Cell == vb.Cell {
				shared++
			}
			return va.State == Arrived && vb.State == Arrived
		})
		st := s.Stats()
		t.Logf("yield %v: %d ticks, %d ticks sharing a cell, %d yields", yield, s.Now(), shared, st.Yields)
		// Head-on in a one-cell corridor: with Yield they wait, then pass.
		if yield != (st.Yields > 0) {
			t.Fatalf("yield %v: %d yields", yield, st.Yields)
		}
	}
}

// An edit on every tick (a user dragging a brush) must not keep a long
// sliced search from ever finishing, nor hold up the agents queued behind
// it: the queue stays live under the time cap.
func TestSlicedSearchFinishesUnderEditsEveryTick(t *testing.T) {
	g := pathing.MustGrid(200, 200)
	for y := 0; y < 199; y++ {
		g.SetOpen(image.Point{100, y}, false) // the search floods the left half (~20 slices)
	}
	s := New(g, NewAStar(g, AStarConfig{}), Config{PlanBudget: time.Nanosecond})
	far, _ := s.Spawn(image.Point{90, 10})
	s.SetGoal([]int{far}, image.Point{110, 10})
	near, _ := s.Spawn(image.Point{20, 20})
	s.SetGoal([]int{near}, image.Point{25, 20})
	far2 := image.Point{160, 120} // nowhere near either route
	for tick := 0; tick < 300; tick++ {
		g.SetOpen(far2, tick%2 == 1)
		s.CellsChanged([]image.Point{far2})
		s.Step()
	}
	for _, id := range []int{far, near} {
		v := view(t, s, id)
		if v.Plans == 0 || v.Steps == 0 {
			t.Fatalf("agent %d: %d plans, %d steps after 300 ticks with an edit each tick: starved (%v)", id, v.Plans, v.Steps, v.State)
		}
		if err := pathing.ValidatePath(g, v.Segment, pathing.Eight); err != nil {
			t.Fatalf("agent %d: %v", id, err)
		}
	}
	if st := s.Stats(); st.WallViolations != 0 {
		t.Fatalf("%d wall violations", st.WallViolations)
	}
}

// A search that a change made stale is not walked when the change put a
// wall on its path: it is planned again (and counted once).
func TestStaleSlicedResultThroughNewWallIsNotWalked(t *testing.T) {
	g := pathing.MustGrid(200, 200)
	for y := 0; y < 199; y++ {
		g.SetOpen(image.Point{100, y}, false)
	}
	s := New(g, NewAStar(g, AStarConfig{}), Config{PlanBudget: time.Nanosecond})
	id, _ := s.Spawn(image.Point{90, 10})
	s.SetGoal([]int{id}, image.Point{110, 10})
	s.Step()
	// A wall across the right half, far from the search front: the stale
	// search still finds a path through it (only x=199 stays open).
	var wall []image.Point
	for x := 101; x < 199; x++ {
		g.SetOpen(image.Point{x, 150}, false)
		wall = append(wall, image.Point{x, 150})
	}
	s.CellsChanged(wall)
	runUntil(t, s, 500, func() bool { return view(t, s, id).State == Moving })
	v := view(t, s, id)
	if err := pathing.ValidatePath(g, v.Segment, pathing.Eight); err != nil {
		t.Fatal(err)
	}
	if st := s.Stats(); st.Plans != 1 || st.Reasons[ReasonNewGoal] != 1 {
		t.Fatalf("%d plans, reasons %v; want 1 new_goal", st.Plans, st.Reasons)
	}
}

// A change elsewhere makes a cut-off agent look again at the next tick, and
// then the backoff starts over at Config.RecheckTicks and doubles; it must
// not stay at 0 (a recheck every tick for good).
func TestBackoffAfterAChangeStartsOverAndDoubles(t *testing.T) {
	g, m := parse(t, `
############
#S....#G...#
#.....#....#
#.....#....#
############
#x.........#
############`)
	s := exact(g, NewAStar(g, AStarConfig{}))
	id, _ := s.Spawn(m['S'])
	s.SetGoal([]int{id}, m['G'])
	s.Step()
	if v := view(t, s, id); v.State != Stopped || v.Why != WhyUnreachable {
		t.Fatalf("%v %q, want stopped: goal unreachable", v.State, v.Why)
	}
	x := m['x'] // in another room: the agent stays cut off
	g.SetOpen(x, false)
	s.CellsChanged([]image.Point{x})
	s.Step() // the agent looks again at once
	a := s.at(id)
	rt := int64(s.Config().RecheckTicks)
	if a.recheck-s.Now() < rt {
		t.Fatalf("next try in %d ticks after a failed try, want at least %d", a.recheck-s.Now(), rt)
	}
	for next := a.recheck; s.Now() < next; {
		s.Step()
	}
	if a.recheck-s.Now() < 2*rt {
		t.Fatalf("second wait %d ticks, want the backoff doubled to %d", a.recheck-s.Now(), 2*rt)
	}
}

// When the last members of a group leave while the group's leader is in
// the middle of a sliced search, the search is dropped with the leader: no
// plan is made or logged for an agent that no longer exists.
func TestDissolvedGroupDropsItsLeadersSlicedSearch(t *testing.T) {
	g := pathing.MustGrid(200, 200)
	for y := 0; y < 199; y++ {
		g.SetOpen(image.Point{100, y}, false)
	}
	s := New(g, NewAStar(g, AStarConfig{}), Config{PlanBudget: time.Nanosecond})
	m1, _ := s.Spawn(image.Point{90, 10})
	m2, _ := s.Spawn(image.Point{90, 11})
	b, _ := s.Spawn(image.Point{10, 10})
	if err := s.SetGroupGoal([]int{m1, m2}, image.Point{110, 10}); err != nil {
		t.Fatal(err)
	}
	s.SetGoal([]int{b}, image.Point{12, 12})
	s.Step() // the leader's search has begun and is not finished
	leader := s.groups[0].leader
	if s.cur != leader {
		t.Fatalf("search in progress for %d, want the leader %d", s.cur, leader)
	}
	s.Remove([]int{m1, m2})
	runUntil(t, s, 100, func() bool { v, _ := s.Agent(b); return v.State == Moving || v.State == Arrived })
	for range 50 {
		s.Step()
	}
	for _, e := range s.Replans(nil) {
		if e.Agent == leader {
			t.Fatalf("a plan was logged for the dissolved group's leader: %+v", e)
		}
	}
	if st := s.Stats(); st.Plans != 1 {
		t.Fatalf("%d plans, want 1 (b's)", st.Plans)
	}
}

// A second goal given before the first was ever planned is still the
// agent's first plan (new_goal), not a replan; a goal changed under way is
// goal_moved.
func TestGoalChangedBeforeItsFirstPlanIsANewGoal(t *testing.T) {
	g, m := parse(t, corridor)
	s := exact(g, NewAStar(g, AStarConfig{}))
	id, _ := s.Spawn(m['S'])
	s.SetGoal([]int{id}, m['G'])
	s.SetGoal([]int{id}, m['G'].Sub(image.Point{3, 0}))
	s.Step()
	if st := s.Stats(); st.Plans != 1 || st.Reasons[ReasonNewGoal] != 1 || st.Replans != 0 {
		t.Fatalf("plans %d, reasons %v, replans %d; want one new_goal plan", st.Plans, st.Reasons, st.Replans)
	}
	s.Step()
	s.SetGoal([]int{id}, m['G'])
	s.Step()
	if st := s.Stats(); st.Reasons[ReasonGoalMoved] != 1 || st.Replans != 1 {
		t.Fatalf("reasons %v, replans %d; want one goal_moved replan", st.Reasons, st.Replans)
	}
}

// An agent whose cell is filled leaves across the filled cells, back into
// its own room, even when the nearest open cell lies behind an old wall in
// the next room; a single filled cell puts it beside that cell, on the side
// of its goal.
func TestDisplacedAgentStaysOnItsSideOfWalls(t *testing.T) {
	g, m := parse(t, `
#############
#.....A#B...#
#......#....#
#......#....#
#############`)
	s := exact(g, NewAStar(g, AStarConfig{}))
	id, err := s.Spawn(m['A'])
	if err != nil {
		t.Fatal(err)
	}
	// Fill the right three columns of the left room: the agent's nearest
	// open cell is now B, two cells away through the wall; its own room's
	// nearest is four cells away.
	var fill []image.Point
	for y := 1; y <= 3; y++ {
		for x := 3; x <= 6; x++ {
			p := image.Pt(x, y)
			g.SetOpen(p, false)
			fill = append(fill, p)
		}
	}
	s.CellsChanged(fill)
	v := view(t, s, id)
	if v.Cell.X != 2 || s.Stats().Displace != 1 {
		t.Fatalf("displaced to %v (displacements %d), want column 2 of its own room, not %v", v.Cell, s.Stats().Displace, m['B'])
	}
	// One filled cell under an agent walking right: it steps out beside
	// it, towards its goal.
	g2, m2 := parse(t, `
#########
#.......#
#..A...G#
#.......#
#########`)
	s2 := exact(g2, NewAStar(g2, AStarConfig{}))
	id2, _ := s2.Spawn(m2['A'])
	s2.SetGoal([]int{id2}, m2['G'])
	g2.SetOpen(m2['A'], false)
	s2.CellsChanged([]image.Point{m2['A']})
	if v := view(t, s2, id2); v.Cell != m2['A'].Add(image.Pt(1, 0)) {
		t.Fatalf("displaced to %v, want %v (beside the fill, towards the goal)", v.Cell, m2['A'].Add(image.Pt(1, 0)))
	}
	runUntil(t, s2, 500, func() bool { return view(t, s2, id2).State == Arrived })
	if st := s2.Stats(); st.WallViolations != 0 {
		t.Fatalf("stats %+v", st)
	}
}

// Replans that come faster than a step takes do not freeze an agent: the
// time it has already spent toward its next step still counts after each
// new plan. Here a cell on its route is filled and dug again every 4 ticks
// while a step takes 10.
func TestFrequentReplansKeepStepProgress(t *testing.T) {
	g, m := parse(t, `
##################
#................#
#S..............G#
#................#
##################`)
	s := New(g, NewAStar(g, AStarConfig{}), Config{PlanBudget: -1, Speed: 6}) // 10 ticks a straight step
	id, _ := s.Spawn(m['S'])
	s.SetGoal([]int{id}, m['G'])
	flip := image.Pt(12, 2) // on the straight route
	for tick := 1; tick <= 1000 && view(t, s, id).State != Arrived; tick++ {
		if tick%4 == 0 && view(t, s, id).Cell.X < flip.X-1 {
			g.SetOpen(flip, !g.Open(flip))
			s.CellsChanged([]image.Point{flip})
		}
		s.Step()
	}
	v := view(t, s, id)
	st := s.Stats()
	if v.State != Arrived || st.Reasons[ReasonWorldChanged] < 20 || st.WallViolations != 0 {
		t.Fatalf("agent %v at %v after %d ticks, %d world_changed replans, %d wall violations: want arrived after at least 20 replans",
			v.State, v.Cell, st.Ticks, st.Reasons[ReasonWorldChanged], st.WallViolations)
	}
}

// Switching the planner is not a change of the map: agents under way
// replan with planner_changed, not world_changed (a user saw 292
// world_changed lines after an algorithm switch on an unchanged map).
func TestSetPlannerReplansWithItsOwnReason(t *testing.T) {
	g := pathing.MustGrid(20, 3)
	s := New(g, NewAStar(g, AStarConfig{}), Config{PlanBudget: -1})
	id, err := s.Spawn(image.Pt(0, 1))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetGoal([]int{id}, image.Pt(19, 1)); err != nil {
		t.Fatal(err)
	}
	s.Step()
	s.Step()
	s.SetPlanner(NewAStar(g, AStarConfig{}))
	s.Step()
	v, _ := s.Agent(id)
	if v.LastReason != ReasonPlannerChanged || v.LastReplan != s.Now() {
		t.Fatalf("after SetPlanner: last replan %d %v, want planner_changed at tick %d", v.LastReplan, v.LastReason, s.Now())
	}
	if !ReasonPlannerChanged.IsReplan() || ReasonPlannerChanged.String() != "planner_changed" {
		t.Errorf("planner_changed: replan %v, name %q", ReasonPlannerChanged.IsReplan(), ReasonPlannerChanged)
	}
}

// Once every agent has arrived, the running clock stands (the window then
// spends nothing on a frame that shows the same thing: 174 % of a core
// with paused-in-all-but-name agents, a helper measured), and a new goal
// starts it again from the same tick.
func TestClockStandsWhenAllArrived(t *testing.T) {
	g := pathing.MustGrid(12, 4)
	s := New(g, NewAStar(g, AStarConfig{}), Config{})
	id, err := s.Spawn(image.Pt(1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetGoal([]int{id}, image.Pt(5, 1)); err != nil {
		t.Fatal(err)
	}
	s.Run()
	for range 600 {
		s.Tick(1.0 / 60)
	}
	if v, _ := s.Agent(id); v.State != Arrived {
		t.Fatalf("agent %v after 10 s", v.State)
	}
	now, ver := s.Now(), s.Version()
	for range 60 {
		if n := s.Tick(1.0 / 60); n != 0 {
			t.Fatalf("all arrived: a frame ran %d ticks", n)
		}
	}
	if s.Now() != now || s.Version() != ver {
		t.Fatalf("all arrived: tick %d → %d, version %d → %d", now, s.Now(), ver, s.Version())
	}
	if err := s.SetGoal([]int{id}, image.Pt(10, 2)); err != nil {
		t.Fatal(err)
	}
	if s.Tick(1.0/60) == 0 || s.Now() != now+1 {
		t.Fatalf("a new goal: tick %d, want %d", s.Now(), now+1)
	}
}

// A tester's finding: with the clock standing while no agent had work, a
// stopped agent (goal walled off) stayed stopped after a dig reopened its
// way: the retry runs on ticks, and none came. An agent with a goal it has
// not reached keeps the running clock going; it reaches its goal once the
// wall is dug away.
func TestStoppedAgentRetriesOnARunningClock(t *testing.T) {
	g, m := parse(t, `
############
#S....#G...#
#.....#....#
#.....#....#
############`)
	s := exact(g, NewAStar(g, AStarConfig{}))
	id, _ := s.Spawn(m['S'])
	s.SetGoal([]int{id}, m['G'])
	s.Run()
	s.Tick(1.0 / 60)
	if v := view(t, s, id); v.State != Stopped {
		t.Fatalf("%v, want stopped: goal unreachable", v.State)
	}
	door := image.Pt(6, 2)
	g.SetOpen(door, true)
	s.CellsChanged([]image.Point{door})
	for range 600 {
		s.Tick(1.0 / 60)
	}
	if v := view(t, s, id); v.State != Arrived {
		t.Fatalf("after the dig and 10 s on a running clock: %v at %v, want arrived", v.State, v.Cell)
	}
}
