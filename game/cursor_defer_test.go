package game

import (
	"fmt"
	"image"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/pathing"
)

// A teacher's report: -cursor in the window on a map over 256×256 ended
// the app ("the query has no timeline", "events 0 to 0") or was ignored
// (a fraction), because the background build and plan had not produced the
// trace when the window was made. The cursor is now placed once the traced
// answer is in, and one that trace cannot show is said in the window.
func TestCursorWaitsForTheBackgroundPlan(t *testing.T) {
	begun := func(t *testing.T, cursor string) (*world.World, *Game) {
		t.Helper()
		wd, g := pendingWindow(t, cursor)
		wd.Wait()
		g.pollDeferred() // what the next frame's Update does
		if wd.Timeline.Len() == 0 {
			t.Fatalf("no trace after the plan: %v %v", wd.Outcome.Status, wd.Outcome.Err)
		}
		return wd, g
	}
	t.Run("a phase", func(t *testing.T) {
		wd, _ := begun(t, "phase:abstract")
		if got := wd.PhaseName(); !strings.HasPrefix(got, "abstract") || wd.Timeline.AtEnd() {
			t.Errorf("cursor %d of %d in %q, want in the abstract search", wd.Timeline.Cursor(), wd.Timeline.Len(), got)
		}
		if wd.ErrorShown() {
			t.Errorf("error shown: %q", wd.Message)
		}
	})
	t.Run("a fraction", func(t *testing.T) {
		wd, _ := begun(t, "0.5")
		if got, want := wd.Timeline.Cursor(), wd.Timeline.Len()/2; got != want {
			t.Errorf("cursor %d of %d, want %d", got, wd.Timeline.Len(), want)
		}
	})
	t.Run("an event number", func(t *testing.T) {
		wd, _ := begun(t, "5")
		if got := wd.Timeline.Cursor(); got != 5 {
			t.Errorf("cursor %d, want 5", got)
		}
	})
	t.Run("out of range: said in the window", func(t *testing.T) {
		wd, _ := begun(t, "99999999")
		if !wd.ErrorShown() || !strings.Contains(wd.Message, "-cursor 99999999: the query's timeline has events 0 to ") {
			t.Errorf("message %q (error %v), want the -shot refusal", wd.Message, wd.MessageErr)
		}
		if !wd.Timeline.AtEnd() {
			t.Errorf("cursor %d of %d, want the end", wd.Timeline.Cursor(), wd.Timeline.Len())
		}
	})
	t.Run("no such phase: said in the window", func(t *testing.T) {
		wd, _ := begun(t, "phase:nosuch")
		if !wd.ErrorShown() || !strings.Contains(wd.Message, `-cursor "phase:nosuch": no such phase`) {
			t.Errorf("message %q, want the -shot refusal", wd.Message)
		}
	})
}

// A teacher's report: -cursor "phase:refine cells step 3" was refused with
// the list of every kind of phase, "refine cells step K" among them, when
// step 3 is a step refined without a search. The refusal says why, names
// the nearest steps that can be shown and how many each head has.
func TestCursorStepRefusalNamesTheNearestSteps(t *testing.T) {
	wd, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	wd.Settings.Algo = world.AlgoHPA
	wd.Settings.Levels = 2
	wd.Settings.NoShortcut = true
	wd.Begin()
	wd.Wait()
	tr := wd.Timeline.Trace()
	if tr == nil {
		t.Fatalf("no trace: %v", wd.Outcome.Err)
	}
	// A step that searched nothing, between two refine cells steps that did.
	empty := regexp.MustCompile(`^step (\d+) (.*)\(no search\)$`)
	n, why := -1, ""
	for _, ph := range tr.Phases {
		if m := empty.FindStringSubmatch(ph.Name); m != nil && wd.Timeline.FindPhase(fmt.Sprintf("refine cells step %s", m[1])) < 0 {
			k, _ := strconv.Atoi(m[1])
			if wd.Timeline.FindPhase(fmt.Sprintf("refine cells step %d", k-1)) >= 0 && wd.Timeline.FindPhase(fmt.Sprintf("refine cells step %d", k+1)) >= 0 {
				n, why = k, ph.Name
				break
			}
		}
	}
	if n < 0 {
		t.Fatalf("no step without a search between two refine cells steps: the test needs one")
	}
	spec := fmt.Sprintf("phase:refine cells step %d", n)
	_, err = New(wd, Options{Cursor: spec})
	if err == nil {
		t.Fatalf("-cursor %q accepted", spec)
	}
	for _, want := range []string{
		fmt.Sprintf("-cursor %q: no such phase: %s", spec, why),
		fmt.Sprintf(`nearest: phase:"refine cells step %d", phase:"refine cells step %d"`, n-1, n+1),
		"refine cells has ",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("refusal %q\nwant it to say %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "step K") {
		t.Errorf("refusal %q still lists every kind of phase", err)
	}
	// The empty phase named as it is (a review: "phase:step 3" matched
	// the empty step by its prefix and was accepted, the cursor showing
	// the phase before it).
	spec = fmt.Sprintf("phase:%s", why)
	if _, err = New(wd, Options{Cursor: spec}); err == nil || !strings.Contains(err.Error(), "searched nothing") {
		t.Errorf("-cursor %q: %v, want a refusal saying it searched nothing", spec, err)
	}
	spec = fmt.Sprintf("phase:step %d", n)
	if _, err = New(wd, Options{Cursor: spec}); err == nil {
		t.Errorf("-cursor %q accepted", spec)
	}
}

// The refusal of an empty phase names its nearest phases so they can be
// typed back: by name where the name finds that phase, else (the group
// planner repeats "cells") by an event number, which phase:"cells" would
// not reach (a review: it resolved to the first "cells").
func TestEmptyPhaseRefusalSuggestionsResolve(t *testing.T) {
	wd, err := world.Open(assets.Prefix + "pathological-minimum")
	if err != nil {
		t.Fatal(err)
	}
	wd.Begin()
	wd.Wait()
	tr := wd.Timeline.Trace()
	if tr == nil {
		t.Fatalf("no trace: %v", wd.Outcome.Err)
	}
	k := -1
	for j := 1; j < len(tr.Phases); j++ {
		if tr.PhaseEnd(j) <= tr.Phases[j].Start {
			k = j
			break
		}
	}
	if k < 0 {
		t.Fatalf("no empty phase after the first in %d phases: the test needs the walk through a stored plan", len(tr.Phases))
	}
	msg := emptyPhaseRefusal("phase:x", &wd.Timeline, k)
	after := -1
	for j := k + 1; j < len(tr.Phases); j++ {
		if tr.PhaseEnd(j) > tr.Phases[j].Start {
			after = j
			break
		}
	}
	if after < 0 {
		t.Fatal("no phase with events after the empty one")
	}
	name := tr.Phases[after].Name
	if wd.Timeline.FindPhase(name) != after {
		if want := fmt.Sprintf("(in %s)", name); !strings.Contains(msg, want) {
			t.Errorf("refusal %q: the phase after, %q, is not the first of its name; want it given by event, %q", msg, name, want)
		}
	} else if !strings.Contains(msg, fmt.Sprintf("phase:%q", name)) {
		t.Errorf("refusal %q: want phase:%q", msg, name)
	}
	if !strings.Contains(msg, "searched nothing") {
		t.Errorf("refusal %q", msg)
	}
}

// A -cursor waiting for a big map's first plan was dropped without a word
// when the user asked another query before that plan came in. It is still
// not applied to the other query's timeline (it named a place in the
// first one's), but the window says so once that answer is in, and the log
// has it. A review found the first version's note hidden at once by a
// pick's own instruction, and the flag dropped by an edit or a switch that
// planned the same query again: those keep it for the new plan, and so
// does Esc bringing the query back.
func TestDeferredCursorDroppedIsSaid(t *testing.T) {
	begun := func(t *testing.T) (*world.World, *Game) {
		t.Helper()
		return pendingWindow(t, "0.5")
	}
	t.Run("another query", func(t *testing.T) {
		wd, g := begun(t)
		wd.Pick(image.Pt(12, 10)) // a new start: the pick's instruction shows
		g.pollDeferred()
		instr := wd.Message
		wd.Wait()
		g.pollDeferred()
		if wd.Message != instr {
			t.Errorf("half a pick: message %q, want the pick's own %q kept", wd.Message, instr)
		}
		wd.Pick(image.Pt(270, 260)) // the goal: another query
		wd.Wait()
		g.pollDeferred()
		if !strings.Contains(wd.Message, "-cursor 0.5 not applied: another query was asked") || wd.MessageErr {
			t.Errorf("message %q (error %v), want a note that -cursor was not applied", wd.Message, wd.MessageErr)
		}
		if !wd.Timeline.AtEnd() {
			t.Errorf("cursor %d of %d: the dropped -cursor moved the other query's timeline", wd.Timeline.Cursor(), wd.Timeline.Len())
		}
	})
	t.Run("the same query planned again", func(t *testing.T) {
		wd, g := begun(t)
		wd.ApplyEdit(world.Edit{Kind: world.EditFill, Cells: []world.CellEdit{{P: image.Pt(150, 150), New: pathing.Blocked}}})
		wd.Wait()
		g.pollDeferred()
		if got, want := wd.Timeline.Cursor(), wd.Timeline.Len()/2; got != want || strings.Contains(wd.Message, "not applied") {
			t.Errorf("after an edit: cursor %d of %d, message %q; want %d, the flag applied", got, wd.Timeline.Len(), wd.Message, want)
		}
	})
	t.Run("Esc brings the query back", func(t *testing.T) {
		wd, g := begun(t)
		wd.Pick(image.Pt(12, 10))
		wd.CancelPick()
		wd.Wait()
		g.pollDeferred()
		if got, want := wd.Timeline.Cursor(), wd.Timeline.Len()/2; got != want {
			t.Errorf("after Esc: cursor %d of %d, want %d", got, wd.Timeline.Len(), want)
		}
	})
}

// A user's report: refusing -cursor "phase:nosuch" on a long HPA* route
// listed every kind of phase, those that searched nothing among them
// ("step K crosses a cluster border (no search)", three such kinds before
// the example), though the cursor cannot stand in any of them. The list
// now names only the kinds it can show, and counts the others.
func TestNoSuchPhaseListsOnlyPhasesThatSearched(t *testing.T) {
	wd := openWorld(t, world.AlgoHPA)
	wd.PrependQuery([2]image.Point{{10, 10}, {280, 270}})
	wd.Begin()
	wd.Wait()
	tr := wd.Timeline.Trace()
	if tr == nil {
		t.Fatal("no trace")
	}
	empty := 0
	for k, ph := range tr.Phases {
		if tr.PhaseEnd(k) <= ph.Start {
			empty++
		}
	}
	if empty == 0 {
		t.Fatal("the test needs a route with phases that searched nothing")
	}
	g, err := New(wd, Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = g.seekSpec("phase:nosuch")
	if err == nil {
		t.Fatal("phase:nosuch accepted")
	}
	msg := err.Error()
	have, _, _ := strings.Cut(strings.TrimPrefix(msg, `-cursor "phase:nosuch": no such phase (have `), "; ")
	for k, ph := range tr.Phases {
		if tr.PhaseEnd(k) <= ph.Start && strings.Contains(have, ph.Name) {
			t.Errorf("the list names %q, which searched nothing: %s", ph.Name, msg)
		}
	}
	if strings.Contains(msg, "(no search)") || !strings.Contains(msg, "searched nothing") {
		t.Errorf("refusal %q: want the empty kinds counted, not listed", msg)
	}
}

// pendingWindow makes a window with -cursor cursor on a 300×300 HPA*
// session whose first plan is still being worked on.
func pendingWindow(t *testing.T, cursor string) (*world.World, *Game) {
	t.Helper()
	wd := openWorld(t, world.AlgoHPA)
	wd.PrependQuery([2]image.Point{{10, 10}, {280, 270}})
	wd.Begin()
	if !wd.Busy() {
		t.Fatal("the test needs the plan pending when the window is made")
	}
	g, err := New(wd, Options{Cursor: cursor})
	if err != nil {
		t.Fatalf("-cursor %q: %v, want the window opened", cursor, err)
	}
	return wd, g
}
