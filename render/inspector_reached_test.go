package render

import (
	"image"
	"strings"
	"testing"

	"pathlens/game/world"
)

// A lecturer hovering a cell A* never reached, the query finished, read
// "search  not reached at this point", as if it might be later. At the end
// the inspector says the query never reached it; inside the timeline, that
// it is not reached yet.
func TestInspectorSaysNeverReachedAtTheEnd(t *testing.T) {
	w := builtinWorld(t, world.AlgoAStar)
	p := image.Pt(100, 20) // in the walled keep's grounds, far from the fill
	ci := w.Inspect(p)
	if !ci.In || !w.Grid.Open(p) || ci.Search.Seen {
		t.Fatalf("%v: the test wants an open cell the search never reached (%+v)", p, ci.Search)
	}
	r := New()
	if got := panelText(r, w, &ci); !strings.Contains(got, "search | never reached by this query") {
		t.Errorf("at the end the inspector reads:\n%s", got)
	}
	// A wall says it is one, at the end or not.
	wall := image.Pt(0, 0)
	wi := w.Inspect(wall)
	if w.Grid.Open(wall) || !wi.In {
		t.Fatalf("%v: the test wants a wall", wall)
	}
	if got := panelText(r, w, &wi); !strings.Contains(got, "search | a wall: no search enters it") {
		t.Errorf("a wall at the end: the inspector reads:\n%s", got)
	}
	w.SeekTo(w.Timeline.Len() / 2)
	ci = w.Inspect(p)
	if got := panelText(r, w, &ci); !strings.Contains(got, "search | not reached yet") {
		t.Errorf("inside the timeline the inspector reads:\n%s", got)
	}
	wi = w.Inspect(wall)
	if got := panelText(r, w, &wi); !strings.Contains(got, "search | a wall: no search enters it") {
		t.Errorf("a wall inside the timeline: the inspector reads:\n%s", got)
	}
}
