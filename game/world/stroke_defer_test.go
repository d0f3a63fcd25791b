package world

import (
	"image"
	"strings"
	"testing"
	"time"

	"pathlens/pathing"
)

// Regression (review: with A* selected, a stroke on maze512 after slow
// group-hierarchy repairs showed the plan pending until the stroke ended,
// waiting for a hierarchy A* does not read): the plan goes on live during
// the stroke; the unused group hierarchy is not repaired at each mouse
// move but once when the stroke ends, and it then equals a fresh build.
func TestAStarStrokeDoesNotWaitForAnUnusedHierarchy(t *testing.T) {
	w, _ := openMaze(t, AlgoGroup)
	w.Begin()
	w.Wait()
	w.repairTime = time.Second // as TestSlowStrokeRepairsOnce: the group repairs were slow
	w.SetAlgo(AlgoAStar)
	w.Wait()
	mid := w.Outcome.Path[len(w.Outcome.Path)/2]
	seq := w.RepairSeq
	w.BeginStroke(mid, 0)
	for x := 1; x <= 3; x++ {
		w.StrokeTo(mid.Add(image.Pt(x, 0)))
	}
	w.Wait()
	if strings.Contains(w.Outcome.Note, "when the stroke ends") || w.Outcome.Status != pathing.Found || w.Busy() {
		t.Fatalf("A* during a stroke: %v %q, busy %v (A* needs no repair: it plans now)", w.Outcome.Status, w.Outcome.Note, w.Busy())
	}
	if err := pathing.ValidatePath(w.Grid, w.Outcome.Path, w.Settings.Neighborhood); err != nil {
		t.Fatalf("the live A* path crosses the stroke: %v", err)
	}
	if w.RepairSeq != seq {
		t.Fatalf("the unused group hierarchy was repaired %d times during the stroke, want at its end", w.RepairSeq-seq)
	}
	w.EndStroke()
	w.Wait()
	if w.RepairSeq != seq+1 {
		t.Fatalf("%d repairs after the stroke, want 1", w.RepairSeq-seq)
	}
	w.SetAlgo(AlgoGroup) // the kept hierarchy, repaired: no build
	if w.building != nil {
		t.Fatal("switching back to the group hierarchy after the stroke rebuilt it")
	}
	sameAsFresh(t, w)
}

// The group hierarchy with slow repairs still makes a stroke wait for its
// end; then the repair time it keeps is per mouse move (the whole stroke's
// repair divided among its moves), not the whole stroke's, and a new
// hierarchy starts unmeasured: its first stroke move repairs live.
func TestStrokeRepairTimeIsPerMove(t *testing.T) {
	w, _ := openMaze(t, AlgoGroup)
	w.Begin()
	w.Wait()
	mid := w.Outcome.Path[len(w.Outcome.Path)/2]
	w.repairTime = time.Second
	w.BeginStroke(mid, 0)
	const moves = 8
	for x := 1; x < moves; x++ {
		w.StrokeTo(mid.Add(image.Pt(x, 0)))
	}
	pending(t, w, "when the stroke ends")
	t0 := time.Now()
	w.EndStroke()
	end := time.Since(t0) // the repair, its adapter's work and the replan
	w.Wait()
	whole := w.LastRepair.Time
	if whole <= 0 || w.repairTime < whole/moves || w.repairTime > whole/moves+end {
		t.Fatalf("repair time kept %v after a stroke of %d moves repaired in %v (EndStroke %v): want per move", w.repairTime, moves, whole, end)
	}

	w.repairTime = time.Second
	w.SetCluster(w.Settings.Cluster() * 2)
	w.Wait()
	if w.repairTime != 0 {
		t.Fatalf("a new hierarchy kept the old one's repair time %v", w.repairTime)
	}
	seq := w.RepairSeq
	p := w.Outcome.Path[len(w.Outcome.Path)/3]
	w.BeginStroke(p, 0)
	if w.RepairSeq != seq+1 {
		t.Fatal("the first stroke move on a new hierarchy did not repair live")
	}
	w.EndStroke()
	w.Wait()
	sameAsFresh(t, w)
}

// Regression (review: during a stroke that defers its repairs the agents
// were not told of the cells until it ended, so an agent on a filled cell
// stood inside the wall for the whole stroke, and HPA* or group agents
// planned on the hierarchy's copy of the grid, which the stroke had not
// reached): each painted cell is told to the agents at once, and while the
// stroke defers A* on the grid plans for them (a stand-in: their planner
// stays the hierarchy's, see TestDeferredStrokeFarFromRoutesReplansNobody),
// the repaired hierarchy again when it ends.
func TestAgentsSeeADeferredStrokeAtOnce(t *testing.T) {
	for _, algo := range []Algo{AlgoGroup, AlgoHPA} {
		t.Run(algo.String(), func(t *testing.T) {
			w, _ := openMaze(t, algo)
			w.Begin()
			w.Wait()
			p := w.Outcome.Path[len(w.Outcome.Path)/3]
			id, err := w.SpawnAgent(p)
			if err != nil {
				t.Fatal(err)
			}
			w.repairTime = time.Second
			w.BeginStroke(p, 0) // fills the agent's cell
			w.StrokeTo(p.Add(image.Pt(0, 1)))
			pending(t, w, "when the stroke ends")
			for range 5 {
				w.Tick(1.0 / 60)
			}
			a, _ := w.Agents().Agent(id)
			if !w.Grid.Open(a.Cell) {
				t.Fatalf("agent %d stands on the filled cell %v during the stroke", id, a.Cell)
			}
			if p, _ := w.Agents().StandIn(); p == nil || p.Name() != "astar" {
				t.Fatalf("stand-in %v during a stroke that defers its repairs, want A* on the grid", p)
			}
			if w.agents.plannerOf == any(w.Grid) {
				t.Fatal("the agents' planner was switched to A* during the stroke (it replanned every agent)")
			}
			w.EndStroke()
			w.Wait()
			if p, _ := w.Agents().StandIn(); p != nil || w.agents.plannerOf == any(w.Grid) {
				t.Fatalf("agents still plan with A* (stand-in %v) after the stroke's repair", p)
			}
		})
	}
}

// The repair budget weighs the hierarchy's repair of a mouse move (with
// the adapter's patch of its views), not the agents' taking the cells in:
// they are told of every move's cells whether the repairs are deferred or
// not, so deferring for their time saved nothing and only showed the plan
// pending until the stroke ended. Here agents take agentsTake a move to
// take an edit in, far more than a cheap HPA* repair, and the time a move
// is weighed by must leave it out.
//
// The test held the measured repair to repairBudget (4 ms) and failed
// under -race, where the repair itself takes longer; then it held it under
// the agents' 100 ms and failed on a loaded machine, where a repair the
// scheduler paused took 150-230 ms. No bound on the repair's own time holds
// everywhere; what holds is that the repair and the agents' taking-in are
// two parts of the move: with the agents left out, the repair time kept
// plus the time the agents took is at most the whole move's (the monotonic
// clock makes that exact, however slow the machine), and with them counted
// it exceeds the move by the agents' time. The test also checks that a
// stroke defers only when what it measured is over the budget.
func TestStrokeBudgetLeavesOutTheAgents(t *testing.T) {
	const agentsTake = 100 * time.Millisecond
	w := bigWorld(t)
	w.SetAlgo(AlgoHPA)
	w.Wait()
	if w.Hierarchy() == nil {
		t.Fatalf("no hierarchy: %v", w.HierarchyError())
	}
	if _, err := w.SpawnAgent(image.Pt(1, 1)); err != nil {
		t.Fatal(err)
	}
	var agents time.Duration // the agents' time in the move under way
	agentsSeeHook = func() {
		t0 := time.Now()
		time.Sleep(agentsTake)
		agents += time.Since(t0)
	}
	t.Cleanup(func() { agentsSeeHook = nil })
	p := image.Pt(150, 150)
	w.repairTime = 0 // the stroke starts live
	w.BeginStroke(p, 5)
	live := 0
	for x := 1; x <= 4; x++ {
		agents = 0
		seq := w.RepairSeq
		t0 := time.Now()
		w.StrokeTo(p.Add(image.Pt(x, 0)))
		move := time.Since(t0)
		if agents == 0 {
			t.Fatalf("move %d: the agents were not told of its cells", x)
		}
		if rt := w.repairTime; w.RepairSeq != seq && rt+agents > move {
			t.Fatalf("move %d: repair time %v and the agents' %v make more than the whole move's %v: their time counted as the hierarchy's repair", x, rt, agents, move)
		}
		if w.RepairSeq != seq {
			live++
		}
		if n := len(w.stroke.pending); n > 0 && w.repairTime <= repairBudget {
			t.Fatalf("move %d: %d cells deferred with a repair time of %v, within the %v budget", x, n, w.repairTime, repairBudget)
		}
	}
	if w.stroke == nil || len(w.stroke.edit.Cells) == 0 {
		t.Fatal("the stroke changed no cell")
	}
	if live == 0 {
		t.Fatal("no move repaired live: the repair time was never measured with agents on the map")
	}
	w.EndStroke()
}

// A stroke that defers its repairs keeps, as its per-move estimate, what a
// live move would make the window wait for: its share of the hierarchy's
// own repair and HPA*'s patch of the drawn node and edge views, which
// every move pays whole. A patch made slow here (as it is with big views
// on large maps) must show in it.
func TestDeferredStrokeRepairTimeCountsTheViews(t *testing.T) {
	w, _ := openMaze(t, AlgoHPA)
	w.Begin()
	w.Wait()
	w.Hierarchy().Inspect(1) // the views the window draws
	mid := w.Outcome.Path[len(w.Outcome.Path)/2]
	w.repairTime = time.Second // defer
	w.BeginStroke(mid, 0)
	const moves = 4
	for x := 1; x < moves; x++ {
		w.StrokeTo(mid.Add(image.Pt(x, 0)))
	}
	pending(t, w, "when the stroke ends")
	const patch = 40 * time.Millisecond
	viewsPatchHook = func() { time.Sleep(patch) }
	defer func() { viewsPatchHook = nil }()
	w.EndStroke()
	viewsPatchHook = nil
	w.Wait()
	if own := w.LastRepair.Time; own >= patch {
		t.Skipf("the hierarchy's own repair took %v, as long as the patch: nothing to tell apart", own)
	}
	if w.repairTime < patch {
		t.Fatalf("per-move repair time %v after a stroke of %d moves whose views' patch took %v (hierarchy's own repair %v): want at least the patch, as each live move pays it",
			w.repairTime, moves, patch, w.LastRepair.Time)
	}
}
