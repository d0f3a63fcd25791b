package render

import (
	"fmt"
	"strings"
	"testing"

	"pathlens/assets"
	"pathlens/game/world"
	"pathlens/pathing"
)

// From a teacher's report: at the cursor on the pop of (87,49) the
// timeline bar read "event 9,558 … expanded 3,019" while the inspector of
// that very cell said "expanded #3,018" and "last event #9,557", and the
// start cell "expanded #0". Every ordinal the user reads is 1-based: the
// cell popped by the cursor's last event shows the bar's two figures.
func TestInspectorOrdinalsMatchTheTimelineBar(t *testing.T) {
	w, err := world.Open(assets.Prefix + assets.DefaultName)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.Begin()
	w.SetAlgo(world.AlgoAStar)
	w.Wait()
	if w.Outcome.Status != pathing.Found || w.Timeline.Len() < 100 {
		t.Fatalf("%v, %d events: want a traced path", w.Outcome.Status, w.Timeline.Len())
	}
	r := New()
	tr := w.Timeline.Trace()
	checked := 0
	for i := 0; i < len(tr.Events) && checked < 3; i++ {
		if tr.Events[i].Kind != pathing.EventPop || i < checked*len(tr.Events)/3 {
			continue
		}
		w.SeekTo(i + 1) // the pop is the last event applied
		done, _, ok := phaseExpanded(&w.Timeline)
		if !ok {
			t.Fatalf("cursor %d: no expansions figure", i+1)
		}
		if bar := timelineStatus(w); !strings.Contains(bar, fmt.Sprintf("event %s /", world.Count(i+1))) ||
			!strings.Contains(bar, fmt.Sprintf("expanded %s /", world.Count(done))) {
			t.Fatalf("bar at %d: %q", i+1, bar)
		}
		p, _ := w.NodeCell(0, tr.Events[i].Node)
		ci := w.Inspect(p)
		got := panelText(r, w, &ci)
		for _, want := range []string{"closed, expanded #" + world.Count(done), "#" + world.Count(i+1) + " in "} {
			if !strings.Contains(got, want) {
				t.Errorf("cursor %d, cell %v: inspector lacks %q (the bar's figure):\n%s", i+1, p, want, got)
			}
		}
		checked++
	}
	if checked < 3 {
		t.Fatalf("checked %d pops, want 3", checked)
	}
	// The start is the first cell expanded.
	w.SeekEnd()
	ci := w.Inspect(w.Start)
	if got := panelText(r, w, &ci); !strings.Contains(got, "closed, expanded #1 |") {
		t.Errorf("start cell: want expanded #1:\n%s", got)
	}
}
