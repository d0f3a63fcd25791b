package render

import (
	"image"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/pathing"
)

// From the earlier notes' list: the groups layer's colours changed all
// over the map after each repair, since a repair of the group hierarchy
// numbers its groups afresh and the tint was the id's. A wall drawn down
// one column now changes the tints only of groups it touched: every cell
// more than a cluster away from it keeps its colour.
func TestGroupTintsSurviveARepairElsewhere(t *testing.T) {
	w, bake := groupsBaker(t, world.AlgoGroup)
	h := w.Hierarchy()
	idsBefore := make([]int32, w.Grid.Len())
	for i := range idsBefore {
		idsBefore[i] = h.GroupOf(1, w.Grid.Point(i))
	}
	before := bake()
	const x = 63 // inside a cluster column (10 cells), not on its border
	w.BeginStroke(image.Pt(x, 0), 0)
	for y := 0; y < w.Grid.Height(); y++ {
		w.StrokeTo(image.Pt(x, y))
	}
	w.EndStroke()
	w.Wait()
	after := bake()
	renumbered, kept, far := 0, 0, 0
	for i := range idsBefore {
		p := w.Grid.Point(i)
		if p.X >= x-20 && p.X <= x+20 || !w.Grid.Open(p) {
			continue
		}
		far++
		if h.GroupOf(1, p) != idsBefore[i] {
			renumbered++
		}
		if string(after[4*i:4*i+4]) == string(before[4*i:4*i+4]) {
			kept++
		}
	}
	if renumbered == 0 {
		t.Fatal("the repair numbered no group afresh: the test needs one that does")
	}
	if kept != far {
		t.Errorf("%d of %d open cells away from the edit changed colour (%d renumbered)", far-kept, far, renumbered)
	}
}

// BenchmarkGroupsBake is the groups layer after a dig on a 1024×1024 map
// with 20 % random walls under the group hierarchy (many small groups):
// the hierarchy is repaired and the layer bakes a tint per cell, looking
// each group's colour up by its first cell.
func BenchmarkGroupsBake(b *testing.B) {
	const n = 1024
	w := noiseWorld(b, n, 2)
	w.Begin()
	w.SetAlgo(world.AlgoGroup)
	w.Wait()
	l := ComputeLayout(1280, 800, true)
	cam := &Camera{}
	cam.Fit(n, n, l.Map)
	f := &Frame{World: w, Cam: cam, Layout: l, ViewLevel: 1}
	r := New()
	dst := ebiten.NewImage(l.Map.Dx(), l.Map.Dy())
	r.drawGroups(dst, f)
	p := image.Pt(n/2+3, n/2+3)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e := world.Edit{Kind: world.EditFill, Cells: []world.CellEdit{{P: p, New: pathing.Blocked}}}
		if i%2 == 1 {
			e = world.Edit{Kind: world.EditDig, Cells: []world.CellEdit{{P: p, New: 1}}}
		}
		w.ApplyEdit(e)
		w.Wait()
		r.drawGroups(dst, f)
	}
}

// Review of the first version: a group known only by its first cell took
// a new colour when that one cell was filled, so thickening a wall
// recoloured whole clusters (HPA*'s ids never change, and their colours
// had never moved). The group keeps the colour its cells had.
func TestGroupTintSurvivesItsFirstCellFilled(t *testing.T) {
	for _, algo := range []world.Algo{world.AlgoHPA, world.AlgoGroup} {
		t.Run(algo.Title(), func(t *testing.T) {
			w, bake := groupsBaker(t, algo)
			h := w.Hierarchy()
			probe := image.Pt(75, 25)
			id := h.GroupOf(1, probe)
			if id < 0 {
				t.Fatalf("%v is in no group", probe)
			}
			var firstCell image.Point
			var members []image.Point
			for i := 0; i < w.Grid.Len(); i++ {
				if p := w.Grid.Point(i); h.GroupOf(1, p) == id {
					if members == nil {
						firstCell = p
					}
					members = append(members, p)
				}
			}
			before := bake()
			w.ApplyEdit(world.Edit{Kind: world.EditFill, Cells: []world.CellEdit{{P: firstCell, New: pathing.Blocked}}})
			w.Wait()
			after := bake()
			h = w.Hierarchy()
			changed, kept := 0, 0
			for _, p := range members {
				if p == firstCell || h.GroupOf(1, p) != h.GroupOf(1, probe) {
					continue
				}
				i := w.Grid.Index(p)
				if string(after[4*i:4*i+4]) == string(before[4*i:4*i+4]) {
					kept++
				} else {
					changed++
				}
			}
			if kept == 0 || changed > 0 {
				t.Errorf("filled the first cell %v of the group of %v: %d of its cells changed colour, %d kept", firstCell, probe, changed, kept)
			}
		})
	}
}

// groupsBaker opens the built-in world under algo and returns it with a
// function that bakes its groups layer (level 1) and returns a copy of
// the pixels.
func groupsBaker(t *testing.T, algo world.Algo) (*world.World, func() []byte) {
	w := builtinWorld(t, algo)
	r := New()
	dst := ebiten.NewImage(640, 480)
	var cam Camera
	cam.Fit(w.Grid.Width(), w.Grid.Height(), dst.Bounds())
	return w, func() []byte {
		return groupsShown(t, r, dst, &Frame{World: w, Cam: &cam, ViewLevel: 1})
	}
}

// groupsShown draws the groups layer of f until it is drawn (baked and
// uploaded) and returns a copy of the tints uploaded: the world's pixels
// for the groups, level and repairs shown.
func groupsShown(t testing.TB, r *Renderer, dst *ebiten.Image, f *Frame) []byte {
	t.Helper()
	w := f.World
	for range 1000 {
		w.Tick(0)
		r.groupsPending = false
		r.drawGroups(dst, f)
		if !r.groupsPending {
			h := shownGroups(w)
			pix, seq, ok := w.GroupTints(h, clampLevel(f.ViewLevel, h.Levels()))
			if !ok || seq != r.groups.seq || r.groups.rows != w.Grid.Height() {
				t.Fatalf("the groups layer is drawn, but not the world's tints: ok %v, seq %d (uploaded %d), %d rows of %d", ok, seq, r.groups.seq, r.groups.rows, w.Grid.Height())
			}
			return append([]byte(nil), pix...)
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("the groups layer was not drawn after 1000 frames")
	return nil
}
