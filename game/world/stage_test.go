package world

import (
	"image"
	"strings"
	"testing"

	"pathlens/assets"
	"pathlens/pathing"
)

// A long HPA* route has hundreds of refinement phases; Shift+. walks it a
// stage at a time. From the start, each press ends the next stage (insert,
// abstract, refine, smooth, in that order, each shown whole), the press
// after the last one rests at the end, and Shift+, walks the same stops
// back to the start. Every stop is the end of a phase (the start of the
// next), so the cursor shows a whole stage, never part of one.
func TestStagesWalkHPA(t *testing.T) {
	w := openBuiltin(t, assets.DefaultName)
	w.Begin()
	w.SetAlgo(AlgoHPA)
	w.SetLevels(2)
	w.Wait()
	if !w.SetEndpoints(image.Pt(63, 21), image.Pt(125, 65)) {
		t.Fatalf("endpoints refused: %s", w.Message)
	}
	w.Replan()
	w.Wait()
	tr := w.Timeline.Trace()
	if w.Outcome.Status != pathing.Found || tr == nil {
		t.Fatalf("%v %v: want a traced path", w.Outcome.Status, w.Outcome.Err)
	}
	refines := 0
	for _, ph := range tr.Phases {
		if Stage(ph.Name) == "refine" {
			refines++
		}
	}
	if refines < 4 {
		t.Fatalf("%d refinement phases: the test wants a route of several steps", refines)
	}
	w.SeekStart()
	var stops []int
	var stages []string
	for range 10 {
		w.NextStage()
		c := w.Timeline.Cursor()
		if len(stops) > 0 && c == stops[len(stops)-1] {
			break
		}
		stops = append(stops, c)
		stages = append(stages, Stage(w.PhaseName()))
	}
	if got, want := strings.Join(stages, ","), "insert,abstract,refine,smooth"; got != want {
		t.Fatalf("stages %s at cursors %v, want %s", got, stops, want)
	}
	if stops[len(stops)-1] != w.Timeline.Len() {
		t.Fatalf("last stop %d, want the end %d", stops[len(stops)-1], w.Timeline.Len())
	}
	for i, c := range stops[:len(stops)-1] {
		// The stop ends a stage: the next event is the next stage's.
		k := tr.PhaseAt(c)
		if Stage(tr.Phases[k].Name) != stages[i+1] {
			t.Errorf("stop %d at %d: the next event is in %q, want stage %s", i, c, tr.Phases[k].Name, stages[i+1])
		}
	}
	for i := len(stops) - 2; i >= -1; i-- {
		w.PrevStage()
		want := 0
		if i >= 0 {
			want = stops[i]
		}
		if c := w.Timeline.Cursor(); c != want {
			t.Fatalf("back to stop %d: cursor %d, want %d (stops %v)", i, c, want, stops)
		}
	}
}

// Stage puts the refinement steps that searched nothing with the other
// refinement phases, and the group hierarchy's phases in its own stages.
func TestStageNames(t *testing.T) {
	for name, want := range map[string]string{
		"insert S L1 (straight lines, no search)": "insert",
		"abstract L2":          "abstract",
		"refine cells step 12": "refine",
		"step 3 crosses a cluster border (no search)": "refine",
		"smooth":  "smooth",
		"plan L2": "plan",
		"cells":   "cells",
		"A*":      "A*",
		"":        "",
	} {
		if got := Stage(name); got != want {
			t.Errorf("Stage(%q) = %q, want %q", name, got, want)
		}
	}
}

// Regression (an engineer's report): under the group hierarchy with two
// levels, the first Shift+. from the start showed the level-2 plan and the
// level-1 plan at once, though the README promises the top-level plan.
// Each press shows one plan or one walk on cells: from the start the stops
// are the end of plan L2, of plan L1, of the first cells walk, …; every
// stop ends a phase, and Shift+, walks the same stops back.
func TestStagesWalkGroupPlansOneAtATime(t *testing.T) {
	w := openBuiltin(t, assets.DefaultName)
	w.Begin()
	w.SetAlgo(AlgoGroup)
	w.Wait()
	tr := w.Timeline.Trace()
	if w.Outcome.Status != pathing.Found || tr == nil || len(tr.Phases) < 3 {
		t.Fatalf("%v: want a traced path of several phases", w.Outcome.Status)
	}
	if !strings.HasPrefix(tr.Phases[0].Name, "plan L2") || !strings.HasPrefix(tr.Phases[1].Name, "plan L1") {
		t.Fatalf("phases %q, %q: the test wants the plan at level 2, then level 1", tr.Phases[0].Name, tr.Phases[1].Name)
	}
	w.SeekStart()
	w.NextStage()
	if c := w.Timeline.Cursor(); c != tr.Phases[1].Start {
		t.Fatalf("first Shift+. stops at event %d (%s), want %d, the end of plan L2 alone", c, w.PhaseName(), tr.Phases[1].Start)
	}
	w.NextStage()
	if c := w.Timeline.Cursor(); c != tr.Phases[2].Start {
		t.Errorf("second Shift+. stops at event %d (%s), want %d, the end of plan L1", c, w.PhaseName(), tr.Phases[2].Start)
	}
	w.SeekStart()
	var stops []int
	for range 200 {
		c := w.Timeline.Cursor()
		stops = append(stops, c)
		if c == w.Timeline.Len() {
			break
		}
		w.NextStage()
		if w.Timeline.Cursor() <= c {
			t.Fatalf("Shift+. at %d went to %d", c, w.Timeline.Cursor())
		}
	}
	for i := len(stops) - 2; i >= 0; i-- {
		w.PrevStage()
		if c := w.Timeline.Cursor(); c != stops[i] {
			t.Fatalf("Shift+, from %d went to %d, want %d", stops[i+1], c, stops[i])
		}
	}
	for _, c := range stops {
		if c != w.Timeline.Len() && !phaseStart(tr, c) {
			t.Errorf("a stop at %d is inside a phase", c)
		}
	}
}

// phaseStart reports whether cursor c is where a phase of tr starts.
func phaseStart(tr *pathing.Trace, c int) bool {
	for _, ph := range tr.Phases {
		if ph.Start == c {
			return true
		}
	}
	return false
}
