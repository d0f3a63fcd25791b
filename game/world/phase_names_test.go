package world

import (
	"fmt"
	"image"
	"pathlens/pathing"
	"strings"
	"testing"

	"pathlens/assets"
	"pathlens/pathing/groups"
)

// The panel's expansions per phase and the timeline name the same work
// the same way: every row's name finds a timeline phase of its level
// (FindPhase, as -cursor phase:NAME uses it). A user read "refine L0" in
// the panel, found "cells step 2" on the timeline, and -cursor
// "phase:refine L0" failed.
func TestPanelPhasesNameTimelinePhases(t *testing.T) {
	for _, algo := range []Algo{AlgoHPA, AlgoGroup} {
		w, err := Open(assets.Prefix + assets.DefaultName)
		if err != nil {
			t.Fatal(err)
		}
		w.Begin()
		w.SetAlgo(algo)
		w.SetLevels(2)
		w.Wait()
		if algo == AlgoHPA {
			// The reviewer's case: this start is joined without a search,
			// so its "insert S L1" phase is empty.
			w.SetEndpoints(image.Pt(63, 21), image.Pt(125, 65))
		}
		w.Replan()
		w.Wait()
		if w.Outcome.Err != nil || len(w.Outcome.Phases) < 2 {
			t.Fatalf("%v: %v, phases %+v", algo, w.Outcome.Err, w.Outcome.Phases)
		}
		tr := w.Timeline.Trace()
		if tr == nil {
			t.Fatalf("%v: no trace", algo)
		}
		for _, ps := range w.Outcome.Phases {
			k := w.Timeline.FindPhase(ps.Name)
			if k < 0 {
				t.Errorf("%v: panel row %q names no timeline phase", algo, ps.Name)
				continue
			}
			if got := tr.Phases[k].Level; got != ps.Level {
				t.Errorf("%v: panel row %q (level %d) finds %q of level %d", algo, ps.Name, ps.Level, tr.Phases[k].Name, got)
			}
			// A row counts expansions, so the phase it finds has events
			// (not the empty phase of a start joined without a search).
			end := tr.PhaseEnd(k)
			if ps.Expanded > 0 && ps.Unit == "" && end <= tr.Phases[k].Start {
				t.Errorf("%v: panel row %q (%d expanded) finds the empty phase %q", algo, ps.Name, ps.Expanded, tr.Phases[k].Name)
			}
		}
		w.Close()
	}
}

// A group planning phase that followed the stored plan (the walk at hall
// H of pathological-minimum) holds no events; its name says so, since the
// timeline's cursor cannot rest in it (a user saw "phase 2 of 4" jump to
// "4 of 4").
func TestStoredPlanPhaseSaysSo(t *testing.T) {
	w := openBuiltin(t, "pathological-minimum")
	w.Begin()
	w.Replan()
	w.Wait()
	tr := w.Timeline.Trace()
	if tr == nil {
		t.Fatal("no trace")
	}
	named := 0
	for k, ph := range tr.Phases {
		end := tr.PhaseEnd(k)
		stored := strings.HasSuffix(ph.Name, groups.StoredPlanSuffix)
		if stored {
			named++
			if end > ph.Start {
				t.Errorf("phase %q holds %d events", ph.Name, end-ph.Start)
			}
		} else if strings.HasPrefix(ph.Name, "plan L") && end == ph.Start {
			t.Errorf("empty phase %q does not say why", ph.Name)
		}
	}
	if named == 0 {
		var names []string
		for _, ph := range tr.Phases {
			names = append(names, ph.Name)
		}
		t.Errorf("no phase followed a stored plan: %v (the test needs the walk at H)", names)
	}
}

// Stepping by phases passes over a phase with no events (the cursor counts
// events and cannot stop in it): the note names it, going forward and
// back, so a teacher stepping through the walk at hall H of
// pathological-minimum still hears that a stored plan was followed there.
func TestPhaseStepsNameTheEmptyPhasesPassed(t *testing.T) {
	w := openBuiltin(t, "pathological-minimum")
	w.Begin()
	w.Replan()
	w.Wait()
	tr := w.Timeline.Trace()
	empty := ""
	for k, ph := range tr.Phases {
		if k > 0 && tr.PhaseEnd(k) <= ph.Start {
			empty = ph.Name
			break
		}
	}
	if empty == "" {
		t.Fatal("no empty phase after the first: the case no longer has one (the test needs the walk at H)")
	}
	walk := func(step func(), done func() bool) []string {
		var seen []string
		for i := 0; i < 100 && !done(); i++ {
			seq := w.MessageSeq
			step()
			if w.MessageSeq != seq && strings.HasPrefix(w.Message, "passed ") {
				seen = append(seen, w.Message)
			}
		}
		return seen
	}
	w.SeekStart()
	fwd := walk(w.NextPhase, func() bool { return w.Timeline.Cursor() == w.Timeline.Len() })
	if len(fwd) == 0 || !strings.Contains(strings.Join(fwd, "|"), empty) {
		t.Errorf("forward by phases: notes %q, want one naming %q", fwd, empty)
	}
	back := walk(w.PrevPhase, func() bool { return w.Timeline.Cursor() == 0 })
	if len(back) != len(fwd) || !strings.Contains(strings.Join(back, "|"), empty) {
		t.Errorf("back by phases: notes %q, want as many as forward (%d), one naming %q", back, len(fwd), empty)
	}
	t.Logf("forward: %q", fwd)
}

// Regression (user test: the first step from Home went silently to "phase
// 3 of 44"): empty phases that start at event 0 after the first, which
// Home shows, are named when a step from Home passes them.
func TestStepFromHomeNamesTheEmptyPhasesThere(t *testing.T) {
	var tr pathing.Trace
	tr.BeginPhase("insert S L1 (straight lines, no search)", 0)
	tr.BeginPhase("insert G L1 (straight lines, no search)", 0)
	tr.BeginPhase("abstract L1", 1)
	tr.Add(pathing.Event{Kind: pathing.EventPop, Level: 1})
	tr.Add(pathing.Event{Kind: pathing.EventPop, Level: 1})
	var tl Timeline
	tl.Reset(&tr, 16)
	got := tl.EmptyPhasesPassed(0, 2)
	if len(got) != 1 || got[0] != "insert G L1 (straight lines, no search)" {
		t.Errorf("from Home: %q, want the second insert phase (the first is what Home shows)", got)
	}
	if got := tl.EmptyPhasesPassed(2, 0); len(got) != 1 {
		t.Errorf("back to Home: %q, want the same one", got)
	}
	if got := tl.EmptyPhasesPassed(1, 2); len(got) != 0 {
		t.Errorf("inside the search: %q, want none", got)
	}
}

// Regression (tester, a group-hierarchy walk whose phases were "plan L1",
// "cells", "plan L1 (stored plan, no search)", "cells"...): stepping by
// phases to the end of the first "cells" showed "phase 2 of 6" in the top
// bar while the note said the empty phase 3 had been passed. An empty
// phase is named by the step that leaves it behind, not the one that stops
// where it sits.
func TestEmptyPhaseNamedWhenLeftBehind(t *testing.T) {
	var tr pathing.Trace
	tr.BeginPhase("plan L1", 1)
	tr.Add(pathing.Event{Kind: pathing.EventPop, Level: 1})
	tr.Add(pathing.Event{Kind: pathing.EventPop, Level: 1})
	tr.BeginPhase("cells", 0)
	tr.Add(pathing.Event{Kind: pathing.EventPop})
	tr.Add(pathing.Event{Kind: pathing.EventPop})
	tr.BeginPhase("plan L1 (stored plan, no search)", 1)
	tr.BeginPhase("cells", 0)
	tr.Add(pathing.Event{Kind: pathing.EventPop})
	var tl Timeline
	tl.Reset(&tr, 16)
	for _, c := range []struct {
		a, b int
		want int
	}{
		{0, 2, 0}, {2, 4, 0}, // to the end of the first cells: the empty phase is still ahead
		{4, 5, 1}, {2, 5, 1}, // past it
		{5, 4, 1}, {5, 2, 1}, // back over it
		{4, 2, 0}, // back from where it sits: never passed
	} {
		got := tl.EmptyPhasesPassed(c.a, c.b)
		if len(got) != c.want {
			t.Errorf("seek %d→%d named %q, want %d", c.a, c.b, got, c.want)
		}
	}
	// Empty phases after the last event are named by the seek that
	// reaches the end (a review: with smoothing off, HPA*'s last steps,
	// crossing a border or following the goal's insertion path, were
	// never named), and not again on the way back.
	tr.BeginPhase("step 3 crosses a cluster border (no search)", 1)
	tr.BeginPhase("smooth", 0)
	tl.Reset(&tr, 16)
	if got := tl.EmptyPhasesPassed(4, 5); len(got) != 3 || got[1] != "step 3 crosses a cluster border (no search)" {
		t.Errorf("to the end: %q, want the middle empty phase and the two after the last event", got)
	}
	if got := tl.EmptyPhasesPassed(5, 4); len(got) != 1 {
		t.Errorf("back from the end: %q, want only the middle empty phase", got)
	}
	tl.Seek(4)
	if ph := tr.Phases[tl.Phase()].Name; ph != "cells" {
		t.Errorf("the cursor at 4 shows %q, the test's premise is the first cells", ph)
	}
}

// Regression (user test: "at some cluster sizes the panel has no insert L1
// row, and nothing explains why"): when the start and the goal both join
// level 1 without a search (0 expansions), the row is still there and
// says why; when one end needed a search the row names the other as in
// sight.
func TestInsertRowWhenJoinedWithoutSearch(t *testing.T) {
	w, err := Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.Begin()
	w.SetAlgo(AlgoHPA)
	w.Wait()
	g := w.Grid
	var open []image.Point
	for y := 0; y < g.Height(); y++ {
		for x := 0; x < g.Width(); x++ {
			if p := image.Pt(x, y); g.Open(p) {
				open = append(open, p)
			}
		}
	}
	seen := map[string]bool{}
	for i := 0; i < 400 && len(seen) < 2; i++ {
		s, e := open[(i*7919)%len(open)], open[(i*104729+len(open)/2)%len(open)]
		w.SetEndpoints(s, e)
		w.Replan()
		w.Wait()
		if w.Outcome.Err != nil {
			t.Fatalf("%v→%v: %v", s, e, w.Outcome.Err)
		}
		for _, ps := range w.Outcome.Phases {
			if ps.Name != "insert L1" || !strings.Contains(ps.Unit, "by straight lines") {
				continue
			}
			both := strings.Contains(ps.Unit, "S and G")
			if !strings.Contains(ps.Unit, "L1 nodes") || both != strings.Contains(ps.Unit, "no search") {
				t.Errorf("%v→%v: %q does not say what the ends were joined to, or that no search was made", s, e, ps.Unit)
			}
			if both && ps.Expanded != 0 {
				t.Errorf("%v→%v: %q with %d expanded", s, e, ps.Unit, ps.Expanded)
			}
			if !both && ps.Expanded == 0 {
				t.Errorf("%v→%v: %q with 0 expanded: one end was searched", s, e, ps.Unit)
			}
			if w.Timeline.FindPhase(ps.Name) < 0 {
				t.Errorf("%v→%v: row %q finds no timeline phase", s, e, ps.Name)
			}
			if !seen[fmt.Sprint(both)] {
				t.Logf("%v→%v: %d %s", s, e, ps.Expanded, ps.Unit)
			}
			seen[fmt.Sprint(both)] = true
		}
	}
	if !seen["true"] {
		t.Error("no query joined both ends without a search: the row for that case is untested")
	}
}

// The same on a real query (a review's case): HPA* with the shortcut off
// across one cluster border ends in empty phases only; stepping by phases
// to the end names them.
func TestStepsToTheEndNameTheTrailingEmptyPhases(t *testing.T) {
	w := openBuiltin(t, "world")
	w.Begin()
	w.SetAlgo(AlgoHPA)
	w.ToggleShortcut()
	w.Wait()
	if !w.SetEndpoints(image.Pt(19, 1), image.Pt(20, 1)) {
		t.Fatal("query refused")
	}
	w.Wait()
	w.SeekStart()
	var notes []string
	for i := 0; i < 50 && w.Timeline.Cursor() < w.Timeline.Len(); i++ {
		seq := w.MessageSeq
		w.NextPhase()
		if w.MessageSeq != seq && strings.HasPrefix(w.Message, "passed ") {
			notes = append(notes, w.Message)
		}
	}
	if !strings.Contains(strings.Join(notes, "|"), "crosses a cluster border") {
		t.Errorf("stepping to the end named %q: want the steps crossing a cluster border", notes)
	}
}
