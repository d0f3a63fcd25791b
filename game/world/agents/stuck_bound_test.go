package agents

import (
	"image"
	"strings"
	"testing"

	"pathlens/pathing/groups"
)

// serpentine returns a 40×33 map: a one-cell-wide corridor that winds
// through a 32×32 box row by row from S (top left) to an exit on the box's
// right side at the bottom, with G just outside it. Half of the corridor's
// rows lead away from G.
func serpentine() string {
	const w, h = 40, 33
	rows := make([][]byte, h)
	for y := range rows {
		rows[y] = []byte(strings.Repeat("#", w))
	}
	for y := 1; y <= 31; y += 2 {
		for x := 1; x <= 32; x++ {
			rows[y][x] = '.'
		}
		if y < 31 { // the turn to the next row: right, then left, ...
			x := 32
			if (y/2)%2 == 1 {
				x = 1
			}
			rows[y+1][x] = '.'
		}
	}
	rows[1][1] = 'S'
	rows[31][33] = '.' // the exit
	rows[31][34] = 'G'
	var b strings.Builder
	for _, r := range rows {
		b.Write(r)
		b.WriteByte('\n')
	}
	return b.String()
}

// Regression (group planner declared stuck on an optimal route): the group
// planner's Plan.Cost is the segment's cost plus octile distances along its
// legs, a lower bound. Measured as "a new low of the remaining cost", every
// stretch of the corridor leading away from G looked like no progress, and
// the agent got stuck replans and stuck stops while walking the only way.
func TestGroupPlannerOnAWindingRouteIsNotStuck(t *testing.T) {
	g, m := parse(t, serpentine())
	gr, err := groups.Build(g, groups.Config{Levels: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := exact(g, NewGroups(gr))
	id, _ := s.Spawn(m['S'])
	s.SetGoal([]int{id}, m['G'])
	for s.Now() < 20000 && view(t, s, id).State != Arrived {
		s.Step()
		if n := s.Stuck(int64(s.Config().StuckTicks)); n != 0 {
			v := view(t, s, id)
			t.Fatalf("tick %d: reported stuck at %v (%v) on the only route", s.Now(), v.Cell, v.State)
		}
	}
	v := view(t, s, id)
	if v.State != Arrived {
		t.Fatalf("%v at %v after %d ticks, want arrived at %v", v.State, v.Cell, s.Now(), m['G'])
	}
	if st := s.Stats(); st.StuckReplans != 0 || st.StuckStops != 0 {
		t.Fatalf("stuck replans %d, stuck stops %d on an optimal route; want 0 and 0", st.StuckReplans, st.StuckStops)
	}
}

// loopPlanner is a lower-bound planner (like Groups) that sends its agent
// round a ring for ever: from any cell of the ring's top row its segment
// runs to the row's right end, from there down, back along the bottom row
// and up to the start, each segment a few cells, the legs to the goal
// measured as octile distances. Every segment end is a fresh plan with
// a lower bound that does not grow, so only the segment starts show that
// the agent goes round in circles.
type loopPlanner struct{ ring []image.Point }

func (loopPlanner) Name() string { return "loop" }

func (p loopPlanner) Plan(from, goal image.Point, pl *Plan) error {
	pl.Reset()
	k := 0
	for k < len(p.ring) && p.ring[k] != from {
		k++
	}
	if k == len(p.ring) {
		return ErrUnreachable
	}
	for j := 0; j <= 3; j++ {
		pl.Segment = append(pl.Segment, p.ring[(k+j)%len(p.ring)])
	}
	end := pl.Segment[len(pl.Segment)-1]
	pl.Legs = append(pl.Legs, Leg{To: goal})
	pl.Cost = 3 + float64(max(abs(goal.X-end.X), abs(goal.Y-end.Y)))
	pl.LowerBound = true
	return nil
}

// A lower-bound planner that loops is still caught: the segment starts
// repeat, so after a lap nothing counts as progress.
func TestLoopingLowerBoundPlannerIsStuck(t *testing.T) {
	g, m := parse(t, `
##########
#S.......#
#.######.#
#........#
#.########
#......G.#
##########`)
	var ring []image.Point
	for x := 1; x <= 8; x++ {
		ring = append(ring, image.Pt(x, 1))
	}
	ring = append(ring, image.Pt(8, 2))
	for x := 8; x >= 1; x-- {
		ring = append(ring, image.Pt(x, 3))
	}
	ring = append(ring, image.Pt(1, 2))
	s := exact(g, loopPlanner{ring: ring})
	id, _ := s.Spawn(m['S'])
	s.SetGoal([]int{id}, m['G'])
	runUntil(t, s, 10*s.Config().StuckTicks, func() bool { return s.Stats().StuckStops > 0 })
	if v := view(t, s, id); v.State != Stopped || v.Why != WhyStuck {
		t.Fatalf("%v %q, want stopped: %q", v.State, v.Why, WhyStuck)
	}
	if st := s.Stats(); st.StuckReplans != 1 {
		t.Fatalf("stuck replans %d before the stop, want 1", st.StuckReplans)
	}
}

// Regression (livelock): a slow agent can enter a heavy cell. The step into
// the 9 takes 18 s (1080 ticks), longer than twice StuckTicks; the ticks
// spent gathering time for it counted as no progress, and the stuck stop
// threw the gathered time away, so the step never completed.
func TestSlowAgentEntersAHeavyCell(t *testing.T) {
	g, m := parse(t, `
#######
#S.h.G#
#######`)
	g.SetWeight(m['h'], 9)
	s := New(g, NewAStar(g, AStarConfig{}), Config{PlanBudget: -1, Speed: 0.5})
	id, _ := s.Spawn(m['S'])
	s.SetGoal([]int{id}, m['G'])
	runUntil(t, s, 20000, func() bool { return view(t, s, id).State == Arrived })
	if st := s.Stats(); st.StuckReplans != 0 || st.StuckStops != 0 {
		t.Fatalf("stuck replans %d, stops %d for an agent on its optimal route", st.StuckReplans, st.StuckStops)
	}
}

// A slow agent bouncing between two heavy cells is still stuck: the time a
// step takes extends the allowance by that one step, not for ever.
func TestSlowOscillatingAgentIsStuck(t *testing.T) {
	g, m := parse(t, corridor)
	for x := 1; x < 28; x++ {
		g.SetWeight(image.Pt(x, 1), 9)
	}
	s := New(g, bouncePlanner{}, Config{PlanBudget: -1, Speed: 3})
	id, _ := s.Spawn(m['S'])
	s.SetGoal([]int{id}, m['G'])
	// A step takes 3 s (180 ticks): one stuck window plus one step is 480
	// ticks, two of them about 1000.
	runUntil(t, s, 2000, func() bool { return view(t, s, id).State == Stopped })
	if v := view(t, s, id); v.Why != WhyStuck {
		t.Fatalf("stopped for %q, want %q", v.Why, WhyStuck)
	}
}

// WhyStuck's contract: the first stop comes after two windows without
// progress (a stuck replan, then the stop); a retry is a fresh plan
// itself, so a retry that gets nowhere stops after one window.
func TestStuckWindows(t *testing.T) {
	g, m := parse(t, corridor)
	s := exact(g, bouncePlanner{})
	id, _ := s.Spawn(m['S'])
	s.SetGoal([]int{id}, m['G'])
	cfg := s.Config()
	// A bounce is a 10-tick step and a tick waiting for the next plan,
	// which does not count: a window of walking is about 1.15 windows.
	win, slack := int64(cfg.StuckTicks), int64(cfg.StuckTicks/4)
	runUntil(t, s, 3*cfg.StuckTicks, func() bool { return view(t, s, id).State == Stopped })
	first := s.Now()
	if first < 2*win || first > 2*win+2*slack {
		t.Fatalf("first stuck stop at tick %d, want about 2×%d", first, win)
	}
	runUntil(t, s, 3*cfg.StuckTicks, func() bool { return view(t, s, id).State == Moving })
	retry := s.Now()
	runUntil(t, s, 3*cfg.StuckTicks, func() bool { return view(t, s, id).State == Stopped })
	if d := s.Now() - retry; d < win || d > win+slack {
		t.Fatalf("the retry stopped %d ticks after it set out, want about %d", d, win)
	}
	if st := s.Stats(); st.StuckReplans != 1 || st.StuckStops != 2 {
		t.Fatalf("stuck replans %d, stops %d; want 1 and 2", st.StuckReplans, st.StuckStops)
	}
}

// Regression (CellsChanged took every cell of weight other than 1 for a
// change that may lengthen routes): a dig to a heavy cell and a cell made
// lighter cannot, so they must not restart the progress measure, and an
// oscillating agent beside them stays stuck. Only a fill or a heavier cell
// restarts it.
func TestOnlyFillsAndHeavierCellsRestartTheMeasure(t *testing.T) {
	const m0 = `
##############################
#S..........................G#
#.#########################..#
#............................#
##############################`
	for _, tc := range []struct {
		name        string
		before, now uint8 // the edited cells' weights (0: wall)
		stuck       bool
	}{
		{"dig to weight 5", 0, 5, true},
		{"weight 5 to 2", 5, 2, true},
		{"weight 2 to 5", 2, 5, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, m := parse(t, m0)
			for x := 3; x <= 10; x++ {
				g.SetWeight(image.Pt(x, 2), tc.before)
			}
			s := exact(g, bouncePlanner{})
			id, _ := s.Spawn(m['S'])
			s.SetGoal([]int{id}, m['G'])
			x := 3
			for tick := 0; tick < 700; tick++ {
				if tick%80 == 40 && x <= 10 {
					c := image.Pt(x, 2) // beside the route
					x++
					g.SetWeight(c, tc.now)
					s.CellsChanged([]image.Point{c})
				}
				s.Step()
			}
			if st := s.Stats(); st.Reasons[ReasonWorldChanged] == 0 {
				t.Fatalf("no edit made the agent replan: reasons %v", st.Reasons)
			}
			if n := s.Stuck(500); (n == 1) != tc.stuck {
				t.Fatalf("%d stuck after 700 ticks of bouncing while cells went from weight %d to %d beside it, want stuck %v", n, tc.before, tc.now, tc.stuck)
			}
		})
	}
}
