package game

import (
	"strings"
	"testing"

	"pathlens/game/world"
	"pathlens/render"
)

// The view level follows the phase under the cursor: stepping into an
// abstract search of level 2 draws level 2's structure, a refinement on
// level 1 draws level 1's, cell phases level 1's (whose clusters they
// search in), and a new query keeps the level the user picked with L.
func TestViewLevelFollowsThePhase(t *testing.T) {
	g := hpaGame(t)
	w := g.w
	h := w.Hierarchy()
	if h == nil || h.Levels() != 2 {
		t.Fatalf("want an HPA* hierarchy of 2 levels, got %v", h)
	}
	tr := w.Timeline.Trace()
	if tr == nil {
		t.Fatal("no trace: the built-in query did not plan")
	}
	seen := map[int]bool{}
	for i, ph := range tr.Phases {
		if ph.Start == tr.Phases[len(tr.Phases)-1].Start && i < len(tr.Phases)-1 {
			continue // empty phase: the cursor never rests in it
		}
		seen[ph.Level] = true
	}
	if !seen[1] || !seen[2] {
		t.Fatalf("the query's phases do not cover levels 1 and 2: %+v", tr.Phases)
	}
	if g.viewLevel != 1 {
		t.Fatalf("a fresh query changed the view level to %d", g.viewLevel)
	}
	// Walk the cursor through every phase: where the phase is abstract,
	// the view level is its level; in a cell phase it is 1.
	w.SeekStart()
	g.Update()
	for w.Timeline.Cursor() < w.Timeline.Len() {
		w.StepBy(1)
		g.Update()
		ph := tr.Phases[w.Timeline.Phase()]
		if want := max(ph.Level, 1); g.viewLevel != want {
			t.Fatalf("cursor %d in phase %q (level %d): view level %d, want %d", w.Timeline.Cursor(), ph.Name, ph.Level, g.viewLevel, want)
		}
	}
	// L inside a phase holds until the cursor enters another phase.
	w.SeekTo(0)
	g.Update()
	for w.Timeline.Cursor() < w.Timeline.Len() && tr.Phases[w.Timeline.Phase()].Level != 2 {
		w.StepBy(1)
		g.Update()
	}
	if g.viewLevel != 2 {
		t.Fatal("never reached the level-2 search")
	}
	g.nextViewLevel()
	w.StepBy(1)
	g.Update()
	if tr.Phases[w.Timeline.Phase()].Level == 2 && g.viewLevel != 1 {
		t.Errorf("a step inside the same phase undid L: view level %d", g.viewLevel)
	}
	// A new query does not move the view level, even when its cursor
	// first rests in an abstract phase of another level: only a later
	// step, seek or playback into another phase does.
	for g.viewLevel != 2 {
		g.nextViewLevel()
	}
	w.Replan()
	w.Wait()
	tr = w.Timeline.Trace()
	l1 := -1
	for k, ph := range tr.Phases {
		if ph.Level == 1 && k+1 < len(tr.Phases) && tr.Phases[k+1].Start > ph.Start+1 {
			l1 = k
			break
		}
	}
	if l1 < 0 {
		t.Fatalf("the new query has no level-1 phase of two events or more: %+v", tr.Phases)
	}
	w.SeekTo(tr.Phases[l1].Start + 1) // before the frame sees the new trace
	g.Update()
	if g.viewLevel != 2 {
		t.Errorf("a new query moved the view level from 2 to %d", g.viewLevel)
	}
	// Step on to the next abstract phase after it: the view follows.
	for w.Timeline.Phase() == l1 || tr.Phases[w.Timeline.Phase()].Level < 1 {
		if w.Timeline.AtEnd() {
			t.Fatal("no abstract phase after the level-1 one")
		}
		w.StepBy(1)
		g.Update()
	}
	if ph := tr.Phases[w.Timeline.Phase()]; g.viewLevel != ph.Level {
		t.Errorf("stepped into %q (level %d): view level %d", ph.Name, ph.Level, g.viewLevel)
	}
}

// A jump by stage lands where stepping would have: at the end of the
// refinement (a cell phase) the view shows level 1, not the top level the
// abstract search left on screen. With three levels, -cursor at a
// "refine cells" phase shows level 1 too (an engineer saw level 3 there,
// and level 2 after a stage jump to it).
func TestViewLevelAfterAStageJump(t *testing.T) {
	g := hpaGame(t)
	w := g.w
	tr := w.Timeline.Trace()
	if tr == nil {
		t.Fatal("no trace")
	}
	w.SeekStart()
	g.Update()
	for range 2 { // the ends of insert and abstract
		w.NextStage()
		g.Update()
	}
	if ph := tr.Phases[w.Timeline.Phase()]; !strings.HasPrefix(ph.Name, "abstract") || g.viewLevel != 2 {
		t.Fatalf("at the end of the abstract search: phase %q, view level %d, want 2", ph.Name, g.viewLevel)
	}
	w.NextStage() // the end of the refinement
	g.Update()
	ph := tr.Phases[w.Timeline.Phase()]
	if ph.Level != 0 || world.Stage(ph.Name) != "refine" {
		t.Fatalf("the refinement ends in %q (level %d): the test wants a cell phase", ph.Name, ph.Level)
	}
	if g.viewLevel != 1 {
		t.Errorf("at the end of the refinement (%q): view level %d, want 1, the level refined", ph.Name, g.viewLevel)
	}
	src := hpaGame(t)
	src.w.SetLevels(3)
	src.w.Wait()
	src.w.Replan()
	src.w.Wait()
	if h := src.w.Hierarchy(); h == nil || h.Levels() != 3 {
		t.Fatalf("want 3 levels, got %v", h)
	}
	// A cell phase right after a level-2 one (a plan step with no search
	// of its own between them), reached by -cursor.
	tr3 := src.w.Timeline.Trace()
	cell := ""
	for k := 1; k+1 < len(tr3.Phases) && cell == ""; k++ {
		ph := tr3.Phases[k]
		if ph.Level == 0 && strings.HasPrefix(ph.Name, "refine cells") && tr3.Phases[k-1].Level >= 2 && tr3.Phases[k+1].Start > ph.Start+1 {
			cell = ph.Name
		}
	}
	if cell == "" {
		t.Fatalf("the test wants a refine cells phase right after a level-2 phase: %+v", tr3.Phases)
	}
	g3, err := New(src.w, Options{Cursor: "phase:" + cell})
	if err != nil {
		t.Fatal(err)
	}
	g3.Layout(1200, 760)
	g3.Update()
	if ph := tr3.Phases[src.w.Timeline.Phase()]; ph.Name != cell || g3.viewLevel != 1 {
		t.Errorf("-cursor phase:%s at 3 levels: phase %q (level %d), view level %d, want 1", cell, ph.Name, ph.Level, g3.viewLevel)
	}
}

// hpaGame is a drawn game on the default world planning its query with
// HPA* at 2 levels, one frame updated.
func hpaGame(t *testing.T) *Game {
	t.Helper()
	g := drawnGame(t, 1200, 760)
	w := g.w
	w.SetAlgo(world.AlgoHPA)
	w.SetLevels(2)
	w.Wait()
	w.Replan()
	w.Wait()
	g.Update()
	return g
}

// L says what it did, as the other switches do: the level shown of how
// many; that the four layers drawn at that level are all off, with their
// keys, when they are; and with A* that there is no hierarchy to show.
func TestViewLevelSaysWhatItShows(t *testing.T) {
	g := hpaGame(t)
	g.nextViewLevel()
	if want := "view level 2 of 2: borders, groups, nodes and edges show level 2"; g.w.Message != want {
		t.Fatalf("L under HPA*: message %q, want %q", g.w.Message, want)
	}
	for _, l := range []render.Layer{render.LayerBorders, render.LayerGroups, render.LayerNodes, render.LayerEdges} {
		g.layers &^= 1 << l
	}
	g.nextViewLevel()
	if m := g.w.Message; !strings.HasPrefix(m, "view level 1 of 2") || !strings.Contains(m, "all four are off: B, G, N, E show them") {
		t.Fatalf("L with the level's layers off: message %q, want the level and the four keys", m)
	}
	g.w.SetAlgo(world.AlgoAStar)
	g.nextViewLevel()
	if m := g.w.Message; !strings.Contains(m, "A* builds no hierarchy") {
		t.Fatalf("L under A*: message %q, want it to say there is no hierarchy", m)
	}
}

// From a usability test: -cursor "phase:abstract L2" opened at that phase
// with level 1's structure drawn, where stepping there shows level 2's.
// An explicit -level still wins.
func TestCursorAtAPhaseShowsItsLevel(t *testing.T) {
	for _, c := range []struct{ level, want int }{{0, 2}, {1, 1}} {
		src := hpaGame(t)
		g, err := New(src.w, Options{Cursor: "phase:abstract L2", ViewLevel: c.level})
		if err != nil {
			t.Fatal(err)
		}
		g.Layout(1200, 760)
		g.Update()
		if g.viewLevel != c.want {
			t.Errorf("-level %d with -cursor at abstract L2: view level %d, want %d", c.level, g.viewLevel, c.want)
		}
	}
}
