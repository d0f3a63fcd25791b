package render

import (
	"image"
	"testing"

	"pathlens/game/world"
	"pathlens/pathing"
)

// Regression (a lecturer's report): on the built-in world with A*, event
// 29 pops (26,33) and the magenta box was on it; at event 30, the push of
// its neighbour (27,33), the box jumped to (27,33), though (26,33) was
// still the cell being expanded, as the legend's "magenta: the cell
// expanded now" says. The mark stays on the cell expanded through its
// pushes, until the next pop (event 31, (27,33)); the event's own cell
// is where the path runs on to.
func TestMagentaMarkStaysOnTheExpandedCell(t *testing.T) {
	w := builtinWorld(t, world.AlgoAStar)
	tl := &w.Timeline
	for _, c := range []struct {
		cursor   int
		kind     pathing.EventKind
		expanded image.Point
	}{
		{29, pathing.EventPop, image.Pt(26, 33)},
		{30, pathing.EventPush, image.Pt(26, 33)},
		{31, pathing.EventPop, image.Pt(27, 33)},
	} {
		tl.Seek(c.cursor)
		cur, _ := tl.Current()
		if cur.Kind != c.kind {
			t.Fatalf("event %d is a %v, want a %v (the built-in world's trace changed?)", c.cursor, cur.Kind, c.kind)
		}
		m, ok := expandedMark(w)
		if !ok || m.Cell != c.expanded {
			t.Errorf("event %d (%v): magenta mark on %v (ok %v), want the cell expanded, %v", c.cursor, cur.Kind, m.Cell, ok, c.expanded)
		}
		at, _ := w.NodeCell(0, cur.Node)
		if want := cur.Kind != pathing.EventPop; m.Reached != want || (want && m.To != at) {
			t.Errorf("event %d: reached %v %v, want %v %v", c.cursor, m.Reached, m.To, want, at)
		}
		if want := map[pathing.EventKind]string{pathing.EventPop: currentNoteCell, pathing.EventPush: currentNoteCellPush}[c.kind]; currentNote(&Frame{World: w, Layers: DefaultLayers}) != want {
			t.Errorf("event %d: legend %q, want %q", c.cursor, currentNote(&Frame{World: w, Layers: DefaultLayers}), want)
		}
	}
}

// At every level of every algorithm's trace (A*, HPA*'s cell and abstract
// searches, the group planner's), the magenta mark at a push or a relax is
// on the node whose expansion made it: the event's parent. A search's
// root pushed before its first pop has no mark, nor a legend line.
func TestMagentaMarkIsTheParentAtEveryLevel(t *testing.T) {
	for _, a := range []world.Algo{world.AlgoAStar, world.AlgoHPA, world.AlgoGroup} {
		w := builtinWorld(t, a)
		tl := &w.Timeline
		tr := tl.Trace()
		levels := map[uint8]int{}
		for i, e := range tr.Events {
			if !e.Kind.Search() {
				continue
			}
			tl.Seek(i + 1)
			m, ok := expandedMark(w)
			want, wantOK := e.Node, true
			if e.Kind != pathing.EventPop {
				want, wantOK = e.Parent, e.Parent >= 0
			}
			if ok != wantOK {
				t.Fatalf("%v event %d (%v L%d): mark %v, want %v", a, i, e.Kind, e.Level, ok, wantOK)
			}
			if note := currentNote(&Frame{World: w, Layers: DefaultLayers}); (note != "") != wantOK && i+1 < tl.Len() {
				t.Fatalf("%v event %d (%v L%d): legend %q with mark %v", a, i, e.Kind, e.Level, note, wantOK)
			}
			if !ok {
				continue
			}
			p, _ := w.NodeCell(int(e.Level), want)
			if m.Level != int(e.Level) || m.Cell != p {
				t.Fatalf("%v event %d (%v L%d node %d): mark L%d %v, want the node expanded, L%d %v", a, i, e.Kind, e.Level, e.Node, m.Level, m.Cell, e.Level, p)
			}
			if e.Kind != pathing.EventPop {
				levels[e.Level]++
			}
		}
		if len(levels) < 2 && a != world.AlgoAStar {
			t.Errorf("%v: pushes checked at levels %v only: want the abstract searches too", a, levels)
		}
	}
}
