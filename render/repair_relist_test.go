package render

import (
	"fmt"
	"image"
	"math/rand"
	"slices"
	"testing"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// repairWorld is a 192×192 session of 15 % random walls under the group
// hierarchy (cluster 8, two levels), whose level-1 region layer makes the
// left half four tall rooms: a room's group has edges far longer than a
// cluster, as on a map of rooms.
func repairWorld(t *testing.T, rooms bool) *world.World {
	t.Helper()
	const n = 192
	g := pathing.MustGrid(n, n)
	terrain := make([]byte, n*n)
	layer := make([]byte, n*n)
	rng := rand.New(rand.NewSource(5))
	for i := range terrain {
		terrain[i] = '.'
		if rng.Intn(100) < 15 {
			terrain[i] = '@'
			g.SetOpen(g.Point(i), false)
		}
		layer[i] = ' '
		if x, y := i%n, i/n; x < n/2 {
			layer[i] = "ABCD"[y/(n/4)]
		}
	}
	w := world.New(&maps.Map{Name: "repairs", Grid: g, Terrain: terrain})
	t.Cleanup(w.Close)
	if rooms {
		w.Regions = [][]byte{layer}
	}
	w.Settings.Algo = world.AlgoGroup
	w.Settings.ClusterSize = 8
	w.Settings.Levels = 2
	w.Begin()
	w.Wait()
	if w.Hierarchy() == nil {
		t.Fatalf("no group hierarchy: %v", w.Message)
	}
	return w
}

// seen is what a frame drawing cells need reads from an index: the nodes
// in need and the edges whose segment's box meets need, in the order the
// index gives them, with their connection costs.
func seen(ix *levelIndex, need image.Rectangle) []string {
	var out []string
	ix.eachNode(need, func(n *world.ViewNode) {
		if n.Cell.In(need) {
			out = append(out, fmt.Sprintf("node %d %v", n.ID, n.Cell))
		}
	})
	ix.eachEdge(need, func(e *world.ViewEdge) {
		box := image.Rectangle{e.A, e.B}.Canon()
		box.Max = box.Max.Add(image.Pt(1, 1))
		if box.Overlaps(need) {
			terms, _ := ix.view.TermsOf(e)
			out = append(out, fmt.Sprintf("edge %d>%d %v %v %g %v", e.From, e.To, e.A, e.B, e.Cost, terms))
		}
	})
	return out
}

// After random digs, fills, undos and redos (each repaired), the index a
// renderer keeps from frame to frame lists, around views here and there,
// exactly what a whole listing of the level made afresh holds: nothing
// stale from before a repair, no edge from a room far outside the view
// left out. The frames list the group hierarchy's levels around the view
// (world.InspectArea); they listed every level whole after each repair.
func TestGroupAreaIndexAfterRepairs(t *testing.T) {
	for _, rooms := range []bool{false, true} {
		t.Run(fmt.Sprintf("rooms=%v", rooms), func(t *testing.T) {
			w := repairWorld(t, rooms)
			g := w.Grid
			kept := New()
			f := &Frame{World: w}
			rng := rand.New(rand.NewSource(11))
			views := 0
			for step := 0; step < 60; step++ {
				seq := w.RepairSeq
				p := image.Pt(rng.Intn(g.Width()), rng.Intn(g.Height()))
				// The view around the edit, indexed before it: the
				// frame after the repair looks at the same cells.
				home := image.Rect(p.X-12, p.Y-9, p.X+12, p.Y+9).Intersect(g.Bounds())
				kept.index(f, w.Hierarchy(), 1+step%2, home)
				switch k := rng.Intn(6); {
				case k == 0 && w.CanUndo():
					w.Undo()
				case k == 1 && w.CanRedo():
					w.Redo()
				default:
					w.BeginStroke(p, 0)
					w.EndStroke()
				}
				w.Wait()
				if w.RepairSeq == seq {
					continue
				}
				h := w.Hierarchy()
				for l := 1; l <= h.Levels(); l++ {
					for i := range 4 {
						x, y := rng.Intn(g.Width()-40), rng.Intn(g.Height()-30)
						need := image.Rect(x, y, x+20+rng.Intn(20), y+10+rng.Intn(20))
						if i == 0 {
							need = home
						}
						got := seen(kept.index(f, h, l, need), need)
						whole := New()
						whole.wholeLevels = true
						want := seen(whole.index(f, h, l, need), need)
						if !slices.Equal(got, want) {
							t.Fatalf("step %d (repair %d), level %d, view %v: the kept index shows %d items, a whole listing %d\nfirst difference: %s",
								step, w.RepairSeq, l, need, len(got), len(want), firstItemDiff(got, want))
						}
						views++
					}
				}
			}
			if views < 60 {
				t.Fatalf("only %d views compared: too few repairs", views)
			}
		})
	}
}

func firstItemDiff(a, b []string) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return fmt.Sprintf("item %d: %q, want %q", i, a[i], b[i])
		}
	}
	if len(a) > len(b) {
		return fmt.Sprintf("extra %q", a[len(b)])
	}
	if len(b) > len(a) {
		return fmt.Sprintf("missing %q", b[len(a)])
	}
	return "none"
}

// The wall runs the cache patches after each edit (the lines beside the
// changed cells scanned again, World.ChangedSince) are those a scan of the
// whole grid finds, for every cluster side it keeps.
func TestWallRunsPatchedAfterEdits(t *testing.T) {
	w := repairWorld(t, false)
	g := w.Grid
	r := New()
	f := &Frame{World: w}
	sides := []int{8, 16, 5}
	rng := rand.New(rand.NewSource(2))
	for step := 0; step < 80; step++ {
		switch k := rng.Intn(5); {
		case k == 0 && w.CanUndo():
			w.Undo()
		case k == 1 && w.CanRedo():
			w.Redo()
		default:
			// Near a line, often on one.
			p := image.Pt(rng.Intn(g.Width()/8)*8-rng.Intn(2), rng.Intn(g.Height()/8)*8-rng.Intn(2))
			if rng.Intn(3) == 0 {
				p = image.Pt(rng.Intn(g.Width()), rng.Intn(g.Height()))
			}
			w.BeginStroke(image.Pt(max(p.X, 0), max(p.Y, 0)), 0)
			w.EndStroke()
		}
		w.Wait()
		for _, side := range sides[:1+step%len(sides)] {
			if got, want := r.wallLines.of(f, side), wallRunsByScan(g, side); !slices.Equal(got, want) {
				t.Fatalf("step %d, side %d: %d cached runs, want the %d a scan finds", step, side, len(got), len(want))
			}
		}
	}
}
