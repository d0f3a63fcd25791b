package world

import (
	"fmt"
	"image"
	"slices"
	"strings"
	"testing"
)

// entranceBars lists a level view's entrances as "a-b side" strings,
// sorted, checking that every bar keeps to one cluster along the border.
func entranceBars(t *testing.T, h Hierarchy, l int) []string {
	t.Helper()
	v := h.Inspect(l)
	if len(v.EntranceSides) != len(v.Entrances) {
		t.Fatalf("level %d: %d entrance sides for %d entrances", l, len(v.EntranceSides), len(v.Entrances))
	}
	var out []string
	for i, e := range v.Entrances {
		a, b, side := e[0], e[1], v.EntranceSides[i]
		if side != image.Pt(1, 0) && side != image.Pt(0, 1) {
			t.Fatalf("level %d: entrance %v-%v has side %v, want (1,0) or (0,1)", l, a, b, side)
		}
		// Both ends in one cluster, on the same row (a horizontal border)
		// or column (a vertical one), and their partners across the
		// border in one other cluster.
		if ga, gb := h.GroupOf(l, a), h.GroupOf(l, b); ga < 0 || ga != gb {
			t.Errorf("level %d: entrance %v-%v: its ends are in clusters %d and %d, want one", l, a, b, ga, gb)
		}
		if pa, pb := h.GroupOf(l, a.Add(side)), h.GroupOf(l, b.Add(side)); pa < 0 || pa != pb || pa == h.GroupOf(l, a) {
			t.Errorf("level %d: entrance %v-%v: the cells across the border are in clusters %d and %d (its own is %d)", l, a, b, pa, pb, h.GroupOf(l, a))
		}
		if (side.X == 1 && a.X != b.X) || (side.Y == 1 && a.Y != b.Y) {
			t.Errorf("level %d: entrance %v-%v with side %v does not run along the border", l, a, b, side)
		}
		out = append(out, fmt.Sprintf("%d,%d-%d,%d %d,%d", a.X, a.Y, b.X, b.Y, side.X, side.Y))
	}
	slices.Sort(out)
	return out
}

// TestEntranceBarsStayOnOneSide is the regression test for the bars drawn
// diagonally across the border: an entrance's bar ended on the far side's
// partner of its last cell (-layers nodes, amber bars on the default
// world). Here 4×4 clusters; the wall at x 4 leaves the vertical border
// between clusters (0,0) and (1,0) open only at rows 1 and 2, and the wall
// at y 4 leaves one cell (7,3) open on the border below cluster (1,0).
func TestEntranceBarsStayOnOneSide(t *testing.T) {
	w, _ := mustWorld(t,
		"....#...",
		"........",
		"........",
		"....#...",
		"#######.",
		"........",
		"........",
		"........",
	)
	w.Settings.Algo = AlgoHPA
	w.Settings.ClusterSize = 4
	w.Settings.Levels = 1
	w.Begin()
	h := w.Hierarchy()
	if h == nil {
		t.Fatalf("no hierarchy: %v", w.HierarchyError())
	}
	got := entranceBars(t, h, 1)
	want := []string{
		"3,1-3,2 1,0", // rows 1-2 of the border x 3|4, on cluster (0,0)'s side
		"3,5-3,7 1,0", // rows 5-7 of the border x 3|4 below the wall
		"7,3-7,3 0,1", // the one open cell of the border y 3|4 on the right
	}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Fatalf("entrances:\n got %s\nwant %s", strings.Join(got, "; "), strings.Join(want, "; "))
	}

	// The views patched after a repair keep the contract (a dig opens
	// (4,0), lengthening the first entrance to rows 0-2).
	w.BeginStroke(image.Pt(4, 0), 0)
	w.EndStroke()
	got = entranceBars(t, h, 1)
	if got[0] != "3,0-3,2 1,0" {
		t.Fatalf("after digging (4,0): entrances %s, want the first to be 3,0-3,2", strings.Join(got, "; "))
	}
}

// TestEntranceBarsOnTheDefaultWorld checks every entrance of both levels
// of the default world, where the bug was seen.
func TestEntranceBarsOnTheDefaultWorld(t *testing.T) {
	w, err := Open("builtin:world")
	if err != nil {
		t.Fatal(err)
	}
	w.Settings.Algo = AlgoHPA
	w.Begin()
	h := w.Hierarchy()
	long := 0
	for l := 1; l <= h.Levels(); l++ {
		for _, e := range h.Inspect(l).Entrances {
			if e[0] != e[1] {
				long++
			}
		}
		entranceBars(t, h, l)
	}
	if long == 0 {
		t.Fatal("no entrance longer than one cell: the test checks nothing")
	}
}

// ClusterSide, which the borders layer reads every frame, must say what
// Inspect says, and for HPA* without listing the level (on a fitted big
// map that listing was the whole abstract graph, for a number).
func TestClusterSideLikeInspect(t *testing.T) {
	for _, algo := range []Algo{AlgoHPA, AlgoGroup} {
		w, err := Open("builtin:world")
		if err != nil {
			t.Fatal(err)
		}
		w.Settings.Algo = algo
		w.Settings.Levels = 3
		w.Begin()
		h := w.Hierarchy()
		if h == nil {
			t.Fatalf("%v: no hierarchy: %v", algo, w.HierarchyError())
		}
		var got []int
		for l := 1; l <= h.Levels(); l++ {
			got = append(got, ClusterSide(h, l))
		}
		if hh, ok := h.(*hpaHier); ok && len(hh.views) > 0 {
			t.Errorf("%v: ClusterSide listed %d levels", algo, len(hh.views))
		}
		for l := 1; l <= h.Levels(); l++ {
			if want := h.Inspect(l).ClusterSize; got[l-1] != want {
				t.Errorf("%v level %d: ClusterSide %d, Inspect %d", algo, l, got[l-1], want)
			}
			if got, want := ClusterSide(h, l), h.Inspect(l).ClusterSize; got != want {
				t.Errorf("%v level %d, listed: ClusterSide %d, Inspect %d", algo, l, got, want)
			}
		}
		if got, want := ClusterSide(level1View{h}, 1), (level1View{h}).Inspect(1).ClusterSize; got != want {
			t.Errorf("%v level1View: ClusterSide %d, Inspect %d", algo, got, want)
		}
		w.Close()
	}
}
