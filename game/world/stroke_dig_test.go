package world

import (
	"bytes"
	"image"
	"strings"
	"testing"

	"pathlens/game/world/agents"
	"pathlens/pathing"
)

// tunnelWorld is a 200×200 open map (small enough that strokes repair
// live) cut by a wall 14 cells thick, x=90..103, with a door at its foot
// (y=190..195), planned with HPA* whose agents refine in mode m. Agent a
// walks from (60,100) to (140,100), down through the door and up again;
// agents b, from (10,10) to (40,30), and c, from (150,20) to (190,60),
// walk far from the wall. All three are under way when it returns.
func tunnelWorld(t *testing.T, m agents.HPAMode) (w *World, log *bytes.Buffer, a, b, c int) {
	t.Helper()
	g, err := pathing.NewGrid(200, 200)
	if err != nil {
		t.Fatal(err)
	}
	for x := 90; x <= 103; x++ {
		for y := 0; y < 200; y++ {
			g.SetOpen(image.Pt(x, y), y >= 190 && y <= 195)
		}
	}
	w, log = hpaAgentWorld(t, "tunnel", g, m)
	a = sendAgent(t, w, image.Pt(60, 100), image.Pt(140, 100))
	b = sendAgent(t, w, image.Pt(10, 10), image.Pt(40, 30))
	c = sendAgent(t, w, image.Pt(150, 20), image.Pt(190, 60))
	tickFor(w, 3)
	for _, id := range []int{a, b, c} {
		if v, _ := w.Agents().Agent(id); v.State != agents.Moving {
			t.Fatalf("agent %d is %v before the stroke, want moving", id, v.State)
		}
	}
	return w, log, a, b, c
}

// notSegmentEnds returns the lines of lines that are not the refinement
// of a segment's end (which walking a route makes anyway).
func notSegmentEnds(lines []string) []string {
	var out []string
	for _, l := range lines {
		if !strings.Contains(l, "reason=segment_done") {
			out = append(out, l)
		}
	}
	return out
}

// Regression (a new user: "one dig replanned two far agents 12 times in
// 16 ticks"): a dig stroke is one edit, but the agents were told of its
// cells at every mouse move, and each move's new cells made every agent
// that a dig there could shorten (a dug cell near its segment, or in a
// top-level cluster on a lazy route) replan again, at the next tick,
// before it had taken a step: a tunnel dug across 14 cells replanned the
// agent 13 times, each plan the same route as the one before until the
// tunnel was through. A dig only ever makes routes cheaper, so those
// replans wait for the stroke's end, and the agent replans once, onto the
// tunnel; the agents whose routes the stroke does not concern do not
// replan at all.
func TestDigStrokeReplansEachAgentOnce(t *testing.T) {
	for _, m := range []agents.HPAMode{agents.HPAEager, agents.HPALazy} {
		t.Run(m.String(), func(t *testing.T) {
			w, log, a, b, c := tunnelWorld(t, m)
			s := w.Agents()
			off := log.Len()
			w.BeginStrokeWith(image.Pt(90, 100), Brush{Mode: PaintDig})
			for x := 91; x <= 103; x++ {
				w.StrokeTo(image.Pt(x, 100))
				tickFor(w, 1)
			}
			if w.stroke == nil || len(w.stroke.pending) > 0 {
				t.Fatal("the stroke defers its repairs: the test wants one repaired live")
			}
			w.EndStroke()
			tickFor(w, 16)
			// Lazy plans know the rest of the route by its top-level
			// clusters, none of which holds the tunnel: the agent walks on
			// to the door (docs/agents.md, eager or lazy).
			want := 0
			if m == agents.HPAEager {
				want = 1
			}
			got := notSegmentEnds(replans(log, off, a))
			if len(got) != want || want == 1 && !strings.Contains(got[0], "reason=world_changed") {
				t.Fatalf("agent a's replans for the tunnel dug beside its route: %d, want %d world_changed:\n%s", len(got), want, strings.Join(got, "\n"))
			}
			if v, _ := s.Agent(a); want == 1 && !slicesContain(v.Segment[v.SegIndex:], image.Pt(96, 100)) {
				t.Errorf("agent a at %v after its replan does not take the tunnel: segment %v", v.Cell, v.Segment[v.SegIndex:])
			}
			for _, o := range []struct {
				who string
				id  int
			}{{"agent b", b}, {"agent c", c}} {
				if got := notSegmentEnds(replans(log, off, o.id)); len(got) > 0 {
					t.Errorf("%s, far from the stroke, replanned %d times:\n%s", o.who, len(got), strings.Join(got, "\n"))
				}
			}
			if st := s.Stats(); st.WallViolations != 0 {
				t.Errorf("%d wall violations", st.WallViolations)
			}
		})
	}
}

func slicesContain(ps []image.Point, p image.Point) bool {
	for _, q := range ps {
		if q == p {
			return true
		}
	}
	return false
}
