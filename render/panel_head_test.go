package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
)

// From a new user's trial on an 800 px tall screen, where the window opens
// 1264×720: once a query was stepped, the panel followed the open list (and
// the hovered cell's inspector) and showed "more above: numbers (wheel)",
// with the path's cost, the optimum and the query time scrolled out of
// view. Those rows stay in view above the part that scrolls, for A* (with a
// Dijkstra ghost, whose rows make the numbers taller) and HPA* (on its own
// and with an A* ghost) on the built-in world, while stepping and with a
// cell hovered.
func TestPanelKeepsTheNumbersWhileStepping(t *testing.T) {
	astarGhost := func(t *testing.T) *world.World { return dijkstraGhostWorld(t) }
	hpa := func(t *testing.T) *world.World { return builtinWorld(t, world.AlgoHPA) }
	hpaGhost := func(t *testing.T) *world.World {
		w := builtinWorld(t, world.AlgoAStar)
		w.SetAlgo(world.AlgoHPA)
		w.Wait()
		return w
	}
	for _, c := range []struct {
		name  string
		open  func(*testing.T) *world.World
		phase string // the phase stepped into, halfway ("": the search's third event of ten)
		// scrolls: the panel's lower part does not all fit at this size
		// (the case needs it to; A*'s fits or scrolls less, and its
		// cases guard it).
		scrolls bool
	}{
		{"A*", func(t *testing.T) *world.World { return builtinWorld(t, world.AlgoAStar) }, "", false},
		{"A* after Dijkstra", astarGhost, "", false},
		{"HPA*", hpa, "abstract L2", true},
		{"HPA* after A*", hpaGhost, "abstract L2", true},
		{"HPA* refining", hpaGhost, "refine", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := c.open(t)
			stepInto(t, w, c.phase)
			r := New()
			l := r.FitPanel(ComputeLayout(1264, 720, true), w)
			var cam Camera
			cam.Fit(w.Grid.Width(), w.Grid.Height(), l.Map)
			screen := ebiten.NewImage(1264, 720)
			info := w.Inspect(w.Start)
			rows := make([]SwitchRow, panelSwitchRows) // the window's sixteen
			for i := range rows {
				rows[i] = SwitchRow{Label: "switch", Value: "value", Keys: "K"}
			}
			scrolled := false
			for _, hover := range []bool{false, true} {
				f := &Frame{World: w, Cam: &cam, Layout: l, Switches: rows, PanelFollow: true, Hover: w.Start, HoverOK: hover, Inspect: &info}
				var seen []seenText
				r.fonts.seen = &seen
				r.Draw(screen, f)
				r.fonts.seen = nil
				v := r.PanelShown()
				scrolled = scrolled || v.MaxFirst > 0
				for _, label := range []string{"Numbers", "path", "optimal (A*)", "query time"} {
					if !panelShows(seen, l, label) {
						t.Errorf("hover %v: %q is not in view in the panel (view %+v)", hover, label, v)
					}
				}
				// What the panel scrolled for is still in view: the open
				// list stepped through, or the hovered cell's inspector.
				want := "Open list"
				if hover {
					want = "Inspector"
				}
				if !panelShows(seen, l, want) {
					t.Errorf("hover %v: the %s's title is not in view (view %+v)", hover, want, v)
				}
			}
			if c.scrolls && !scrolled {
				t.Errorf("everything fits the panel at 1264×720: the case needs it not to")
			}
		})
	}
}

// stepInto moves w's timeline into the search: halfway through the first
// phase whose name starts with phase, or with phase "" to the event three
// tenths of the way.
func stepInto(t *testing.T, w *world.World, phase string) {
	t.Helper()
	tl := &w.Timeline
	if phase == "" {
		w.SeekTo(tl.Len() * 3 / 10)
		return
	}
	tr := tl.Trace()
	from := 0
	for k, ph := range tr.Phases {
		end := tr.PhaseEnd(k)
		if strings.HasPrefix(ph.Name, phase) && end-from > 2 {
			w.SeekTo((from + end) / 2)
			return
		}
		from = end
	}
	t.Fatalf("no phase %q with events", phase)
}

// panelShows reports whether a line starting with label was drawn whole
// inside the panel of l and inside the image (the scrolled view) it was
// drawn on.
func panelShows(seen []seenText, l Layout, label string) bool {
	for _, s := range seen {
		if !strings.HasPrefix(s.s, label) {
			continue
		}
		in := s.in.Intersect(l.Panel)
		if s.y >= float64(in.Min.Y) && s.y+17 <= float64(in.Max.Y) {
			return true
		}
	}
	return false
}
