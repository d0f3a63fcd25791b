package agents

import (
	"image"
	"testing"
)

// spawnInBottomRoom spawns n agents in longGroupMap's bottom room, row by
// row from its top-left corner.
func spawnInBottomRoom(t *testing.T, s *Sim, n int) []int {
	t.Helper()
	var ids []int
	for y := 9; y <= 12 && len(ids) < n; y++ {
		for x := 1; x <= 8 && len(ids) < n; x++ {
			id, err := s.Spawn(image.Pt(x, y))
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
	}
	return ids
}

// allArrived runs s until every agent of ids has arrived.
func allArrived(t *testing.T, s *Sim, ids []int) {
	t.Helper()
	runUntil(t, s, 20000, func() bool {
		for _, id := range ids {
			if view(t, s, id).State != Arrived {
				return false
			}
		}
		return true
	})
}

// Regression (task: gather spots ignored other agents): the places a
// group's members gather on were the free cells nearest the goal with
// only the group's own members in mind, so members were sent onto cells
// where solo agents stood at rest, idle or arrived, and stayed there with
// them. The places leave such cells alone.
func TestGatherLeavesSoloAgentsTheirCells(t *testing.T) {
	g, m := parse(t, longGroupMap)
	s := exact(g, NewAStar(g, AStarConfig{}))
	// Cells 3 from the goal (28,4), outside the 5×5 formation's slots:
	// the first a gathering member would take.
	idle := []image.Point{{25, 4}, {25, 3}, {25, 2}}
	arrived := []image.Point{{25, 1}, {26, 1}, {27, 1}}
	var solos []int
	for _, c := range append(append([]image.Point(nil), idle...), arrived...) {
		id, err := s.Spawn(c)
		if err != nil {
			t.Fatal(err)
		}
		solos = append(solos, id)
	}
	for _, id := range solos[len(idle):] {
		if err := s.SetGoal([]int{id}, view(t, s, id).Cell); err != nil {
			t.Fatal(err)
		}
	}
	ids := spawnInBottomRoom(t, s, 24)
	if err := s.SetGroupGoal(ids, m['G']); err != nil {
		t.Fatal(err)
	}
	allArrived(t, s, append(ids, solos[len(idle):]...))
	for range 200 {
		s.Step()
	}
	held := map[image.Point]int{}
	for _, id := range solos {
		v := view(t, s, id)
		held[v.Cell] = id
	}
	if len(held) != len(solos) {
		t.Fatalf("the solo agents moved: %v", held)
	}
	gathering := 0
	for _, id := range ids {
		if s.at(id).gathering {
			gathering++
		}
		if c := view(t, s, id).Cell; held[c] != 0 || c == idle[0] {
			t.Errorf("member %d gathered on %v, where solo agent %d rests", id, c, held[c])
		}
	}
	if gathering == 0 {
		t.Fatal("test set-up: no member gathered")
	}
}

// Regression (task: gather spots ignored other groups): a second group
// arriving beside a gathered one sent its own gathering members onto the
// cells the first group's members stood on. Its places leave them alone.
func TestGatherLeavesAnotherGroupItsCells(t *testing.T) {
	g, m := parse(t, longGroupMap)
	s := exact(g, NewAStar(g, AStarConfig{}))
	first := spawnInBottomRoom(t, s, 24)
	if err := s.SetGroupGoal(first, m['G']); err != nil {
		t.Fatal(err)
	}
	allArrived(t, s, first)
	// The second group's goal is the room's north-east corner: most of
	// its 3×3 slots are walls, so most of its members gather, among the
	// first group's.
	second := spawnInBottomRoom(t, s, 9)
	if err := s.SetGroupGoal(second, image.Pt(28, 1)); err != nil {
		t.Fatal(err)
	}
	allArrived(t, s, second)
	for range 200 {
		s.Step()
	}
	firstAt := map[image.Point]int{}
	for _, id := range first {
		firstAt[view(t, s, id).Cell] = id + 1
	}
	gathering := 0
	seen := map[image.Point]int{}
	for _, id := range second {
		a := s.at(id)
		if !a.gathering {
			continue
		}
		gathering++
		if o := firstAt[a.cell]; o != 0 {
			t.Errorf("member %d of the second group gathered on %v, where member %d of the first stands", id, a.cell, o-1)
		}
		if o, ok := seen[a.cell]; ok {
			t.Errorf("members %d and %d of the second group gathered on the same cell %v", o, id, a.cell)
		}
		seen[a.cell] = id
	}
	if gathering == 0 {
		t.Fatal("test set-up: no member of the second group gathered")
	}
}

// Regression (task: cut-off members held gather spots): once the leader
// had arrived, a member walled off from the group (in another component)
// was still given one of the places near the goal, which it could not
// walk to, and counted when the group looked for room (too few free cells
// for every member sent them all back to single file). A cut-off member
// holds no place and stops, cut off (WhyCutOff); the others arrive.
func TestGatherGivesNoSpotToACutOffMember(t *testing.T) {
	g, m := parse(t, longGroupMap)
	s := exact(g, NewAStar(g, AStarConfig{}))
	ids := spawnInBottomRoom(t, s, 24)
	if err := s.SetGroupGoal(ids, m['G']); err != nil {
		t.Fatal(err)
	}
	gr := &s.groups[0]
	l := s.at(gr.leader)
	// The corridor's top cell is filled once the leader has arrived and
	// members are still below it (in the corridor or the bottom room).
	top := image.Pt(13, 5)
	runUntil(t, s, 20000, func() bool {
		if l.state != Arrived {
			return false
		}
		below := 0
		for _, id := range ids {
			c := s.at(id).cell
			if c == top || c.Y == 4 && c.X >= 12 && c.X <= 14 {
				return false // about to cross: wait for a clean cut
			}
			if c.Y > 5 {
				below++
			}
		}
		return below >= 2
	})
	g.SetOpen(top, false)
	s.CellsChanged([]image.Point{top})
	var cut, joined []int
	for _, id := range ids {
		if s.reachable(s.at(id).cell, l.cell) {
			joined = append(joined, id)
		} else {
			cut = append(cut, id)
		}
	}
	if len(cut) == 0 {
		t.Fatal("test set-up: nobody cut off")
	}
	allSettled := func() bool {
		for _, id := range joined {
			if s.at(id).state != Arrived {
				return false
			}
		}
		for _, id := range cut {
			if a := s.at(id); a.state != Stopped {
				return false
			}
		}
		return true
	}
	runUntil(t, s, 20000, allSettled)
	for range 100 {
		s.Step()
	}
	for _, id := range cut {
		a := s.at(id)
		if p, ok := gr.gather[id]; ok {
			t.Errorf("cut-off member %d at %v holds the place %v", id, a.cell, p)
		}
		if a.state != Stopped || a.why != WhyCutOff {
			t.Errorf("cut-off member %d: %v %q, want stopped, cut off", id, a.state, a.why)
		}
	}
}

// Regression (cmd/bench -agents 200 -agent-groups 4 -agent-group-size 50
// -edits 300 on builtin:world): a member at rest in its slot whose slot an
// edit made unusable (the leader's line of sight to it was cut) was sent
// to its place in single file, up to its rank cells back along the trail,
// and set out; at its next step it gathered instead, on the cell it had
// left, and arrived a second time. Members that lose their slots at rest
// gather at once: no one but the member pushed off the filled cell moves
// or arrives again.
func TestGatheredMemberThatLosesItsSlotStaysPut(t *testing.T) {
	s, g, ids := gatheredGroup(t)
	l := s.at(s.groups[0].leader)
	fill := image.Pt(27, 3) // the slot member there shields (26,2) from the leader at (28,4)
	if l.cell != image.Pt(28, 4) || s.AgentAt(fill) < 0 || s.AgentAt(image.Pt(26, 2)) < 0 {
		t.Fatalf("test set-up: leader at %v, members at %v: %d, (26,2): %d", l.cell, fill, s.AgentAt(fill), s.AgentAt(image.Pt(26, 2)))
	}
	pushed := s.AgentAt(fill)
	before := map[int]image.Point{}
	for _, id := range ids {
		before[id] = view(t, s, id).Cell
	}
	arr := s.Stats().Arrivals
	g.SetOpen(fill, false)
	s.CellsChanged([]image.Point{fill})
	lost := 0
	for _, id := range ids {
		if a := s.at(id); id != pushed && !s.usableSlot(l.cell, l.cell.Add(a.slot)) && !a.gathering {
			lost++
		}
	}
	if lost == 0 {
		t.Fatal("test set-up: the fill took no resting member's slot")
	}
	for range 400 {
		s.Step()
	}
	for _, id := range ids {
		if v := view(t, s, id); id != pushed && (v.Cell != before[id] || v.State != Arrived) {
			t.Errorf("member %d: %v → %v, %v", id, before[id], v.Cell, v.State)
		}
	}
	if n := s.Stats().Arrivals - arr; n > 1 {
		t.Errorf("%d arrivals after a fill that pushed one member off its cell; want at most 1", n)
	}
}

// Regression (the same bench runs): the places were worked out again
// after every edit as the free cells nearest the leader, and a member at
// rest on a place that was no longer among them (cells dug nearer the
// goal) stood up and walked to another. A member at rest keeps its place
// while the cell is free.
func TestGatheredMembersKeepTheirPlacesWhenCellsOpenNearer(t *testing.T) {
	s, g, ids := gatheredGroup(t)
	before := map[int]image.Point{}
	for _, id := range ids {
		before[id] = view(t, s, id).Cell
	}
	arr := s.Stats().Arrivals
	// Dig the wall under the top room's east end (not under the slots):
	// many free cells nearer the goal than the outer gathered members.
	var dug []image.Point
	for y := 5; y <= 7; y++ {
		for x := 16; x <= 25; x++ {
			c := image.Pt(x, y)
			g.SetOpen(c, true)
			dug = append(dug, c)
		}
	}
	s.CellsChanged(dug)
	for range 400 {
		s.Step()
	}
	for _, id := range ids {
		if v := view(t, s, id); v.Cell != before[id] || v.State != Arrived {
			t.Errorf("member %d: %v → %v, %v", id, before[id], v.Cell, v.State)
		}
	}
	if n := s.Stats().Arrivals; n != arr {
		t.Errorf("arrivals %d → %d after a dig that took no member's place", arr, n)
	}
}

// Regression (the same bench runs): a member at rest that had to walk
// again (a dig made its slot usable, say) kept the progress measure of
// its arrival, maybe thousands of ticks before, and counted as stuck
// before its first step. Setting out from rest starts the measure.
func TestMemberSettingOutFromRestIsNotStuck(t *testing.T) {
	s, g, ids := gatheredGroup(t)
	for range 600 {
		s.Step()
	}
	// Dig the wall under the goal's 5×5 formation: the slots there open
	// up, and the members they belong to walk from their gathering places
	// to them.
	l := s.at(s.groups[0].leader)
	var dug []image.Point
	for x := 26; x <= 28; x++ {
		c := image.Pt(x, 5)
		g.SetOpen(c, true)
		dug = append(dug, c)
	}
	s.CellsChanged(dug)
	walking := 0
	for range 120 {
		s.Step()
		for _, id := range ids {
			if a := s.at(id); a.state == Moving {
				walking++
			}
		}
		if ids := s.StuckAgents(nil, 300); len(ids) > 0 {
			a := s.at(ids[0])
			t.Fatalf("tick %d: %d stuck, e.g. member %d at %v for %v (leader at %v), last progress at tick %d", s.Now(), len(ids), a.id, a.cell, a.target, l.cell, a.lastProgress)
		}
	}
	if walking == 0 {
		t.Fatal("test set-up: nobody walked to a slot the dig opened")
	}
}
