package render

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"pathlens/game/world"
	"pathlens/pathing"
)

// While a stroke is painted its live answer's query runs once a mouse
// move (world.Outcome.OneRun): the panel's query time is that one cold
// run, dimmed, marked "(one run)" and followed by a row saying it is timed
// when the stroke ends; the answer after the stroke shows its time plain.
//
// The map is at most 256×256 (the session's asyncCells): on a larger one a
// stroke whose repair of one move takes over the session's 4 ms budget, as
// on a loaded machine, defers its repairs to the end and has no live
// answer to mark, and the test failed so once while other suites ran.
func TestStrokeQueryTimeIsMarkedOneRun(t *testing.T) {
	w := openWorld(t, 250, 250)
	defer w.Close()
	w.Settings.Algo = world.AlgoHPA
	w.SetEndpoints(image.Pt(5, 5), image.Pt(240, 230))
	w.Wait()
	r := New()
	ci := &world.CellInfo{In: true, P: image.Pt(20, 20), Terrain: '.', Weight: 1, Component: 0}
	if got := panelText(r, w, ci); !strings.Contains(got, "query time") || strings.Contains(got, "(one run)") || strings.Contains(got, QueryTimedOnRelease) {
		t.Fatalf("panel before the stroke:\n%s", got)
	}
	w.BeginStrokeWith(image.Pt(150, 40), world.Brush{Mode: world.PaintFill})
	w.StrokeTo(image.Pt(150, 50))
	if w.Busy() || w.Outcome.Status != pathing.Found || !w.Outcome.OneRun {
		t.Fatalf("the test needs a live answer during the stroke: busy %v, %v, one run %v", w.Busy(), w.Outcome.Status, w.Outcome.OneRun)
	}
	got := panelText(r, w, ci)
	joined := strings.ReplaceAll(got, " | ", " ") // a value wrapped onto lines
	for _, want := range []string{"query time", "(one run), ", QueryTimedOnRelease} {
		if !strings.Contains(joined, want) {
			t.Errorf("panel during the stroke lacks %q:\n%s", want, got)
		}
	}
	w.EndStroke()
	w.Wait()
	got = panelText(r, w, ci)
	if !strings.Contains(got, "query time") || strings.Contains(got, "(one run)") || strings.Contains(got, QueryTimedOnRelease) {
		t.Errorf("panel after the stroke still marks its time as one run:\n%s", got)
	}
}

// dragWorld is an HPA* session on an open 300×300 map (over 256×256, so a
// drag's optimal reference is deferred) with a query planned, a renderer
// and a hovered cell for the panel.
func dragWorld(t *testing.T) (*world.World, *Renderer, *world.CellInfo) {
	t.Helper()
	w := openWorld(t, 300, 300)
	w.Settings.Algo = world.AlgoHPA
	w.SetEndpoints(image.Pt(5, 5), image.Pt(290, 250))
	w.Wait()
	return w, New(), &world.CellInfo{In: true, P: image.Pt(20, 20), Terrain: '.', Weight: 1, Component: 0}
}

// Dragging S or G shows the same: each move's query time is one cold run,
// marked and dimmed, until the drop (Replan) times it.
func TestDragQueryTimeIsMarkedOneRun(t *testing.T) {
	w, r, ci := dragWorld(t)
	defer w.Close()
	w.MoveEndpoint(false, image.Pt(8, 7))
	w.MoveEndpoint(false, image.Pt(11, 9))
	if w.Busy() || w.Outcome.Status != pathing.Found || !w.Outcome.OneRun {
		t.Fatalf("the test needs a live answer during the drag: busy %v, %v, one run %v", w.Busy(), w.Outcome.Status, w.Outcome.OneRun)
	}
	got := panelText(r, w, ci)
	joined := strings.ReplaceAll(got, " | ", " ")
	for _, want := range []string{"query time", "(one run), ", QueryTimedOnRelease} {
		if !strings.Contains(joined, want) {
			t.Errorf("panel during the drag lacks %q:\n%s", want, got)
		}
	}
	w.Replan() // the drop
	w.Wait()
	got = panelText(r, w, ci)
	if !strings.Contains(got, "query time") || strings.Contains(got, "(one run)") || strings.Contains(got, QueryTimedOnRelease) {
		t.Errorf("panel after the drop still marks its time as one run:\n%s", got)
	}
}

// On a map over 256×256 a drag's live answers hold the optimal reference
// back (world.Optimal.Deferred): the optimal row says it comes when the
// mouse is let go or rests, not "computing" nor a figure of another query;
// after the drop it shows the optimal cost again.
func TestDragOptimalRowSaysDeferred(t *testing.T) {
	w, r, ci := dragWorld(t)
	defer w.Close()
	w.MoveEndpoint(false, image.Pt(8, 7))
	if !w.Optimal.Deferred {
		t.Fatal("the test needs the drag's optimal reference deferred")
	}
	got := strings.ReplaceAll(panelText(r, w, ci), " | ", " ")
	if !strings.Contains(got, "optimal (A*)") || !strings.Contains(got, OptimalOnRelease) || strings.Contains(got, "computing") {
		t.Errorf("panel during the drag:\n%s", got)
	}
	w.Replan() // the drop
	w.Wait()
	got = strings.ReplaceAll(panelText(r, w, ci), " | ", " ")
	if want := fmt.Sprintf("%.3f", w.Optimal.Cost); !w.Optimal.Known || !strings.Contains(got, want) || strings.Contains(got, OptimalOnRelease) {
		t.Errorf("panel after the drop lacks the optimal %s:\n%s", want, got)
	}
}
