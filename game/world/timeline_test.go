package world

import (
	"math/rand"
	"testing"

	"pathlens/pathing"
)

// naiveLast is what Timeline.Last(l) must read after the first cursor
// events of tr: per node, the last search event at or before it.
func naiveLast(tr *pathing.Trace, cursor, l, size int) []int32 {
	last := make([]int32, size)
	for i := range last {
		last[i] = -1
	}
	for i, e := range tr.Events[:cursor] {
		if int(e.Level) == l && e.Kind.Search() && e.Node >= 0 && int(e.Node) < size {
			last[e.Node] = int32(i)
		}
	}
	return last
}

// TestTimelineResetForgetsLastTrace points one timeline at traces of
// other sizes in turn (more and fewer abstract nodes, another grid),
// seeking back and forth in each, and wants every node of every level to
// read as a fresh timeline's would: a Reset that puts back only the nodes
// reached must leave none of the trace before it.
func TestTimelineResetForgetsLastTrace(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var tl Timeline
	kinds := []pathing.EventKind{pathing.EventPush, pathing.EventPop, pathing.EventPush}
	for round := 0; round < 60; round++ {
		cells := 50 + rng.Intn(3)*25
		tr := &pathing.Trace{}
		tr.BeginPhase("cells", 0)
		for range rng.Intn(80) {
			l := uint8(rng.Intn(3))
			n := cells
			if l > 0 {
				n = 1 + rng.Intn(30)
			}
			tr.Add(pathing.Event{Kind: kinds[rng.Intn(len(kinds))], Level: l, Node: int32(rng.Intn(n)), Parent: -1})
		}
		if round%7 == 3 {
			tr = nil // a query refused or untraced
		}
		tl.Reset(tr, cells)
		for range 4 {
			tl.Seek(rng.Intn(tl.Len() + 1))
			for l := 0; l < MaxLevels; l++ {
				got := tl.Last(l)
				if tr == nil {
					for node, e := range got {
						if e != -1 {
							t.Fatalf("round %d: no trace, but level %d node %d reads event %d", round, l, node, e)
						}
					}
					continue
				}
				want := naiveLast(tr, tl.Cursor(), l, len(got))
				for node := range want {
					if got[node] != want[node] {
						t.Fatalf("round %d cursor %d: level %d node %d reads event %d, want %d", round, tl.Cursor(), l, node, got[node], want[node])
					}
				}
			}
		}
		if len(tl.Last(0)) != cells {
			t.Fatalf("round %d: level 0 has %d nodes, want %d", round, len(tl.Last(0)), cells)
		}
	}
}
