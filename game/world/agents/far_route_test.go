package agents

import (
	"image"
	"testing"

	"pathlens/pathing"
	"pathlens/pathing/hpa"
)

// windingRows returns a w×h grid whose rows y ≡ 3 (mod 4) are walls with a
// gap at alternate ends: one corridor winding down the map, so cells a
// few rows apart are hundreds of steps apart.
func windingRows(w, h int) *pathing.Grid {
	g := pathing.MustGrid(w, h)
	for y := 3; y < h; y += 4 {
		gap := w - 1
		if (y/4)%2 == 1 {
			gap = 0
		}
		for x := 0; x < w; x++ {
			if x != gap {
				g.SetOpen(image.Point{x, y}, false)
			}
		}
	}
	return g
}

// A member sent with its group from far down a winding corridor (its
// place beyond localReach, hundreds of steps round) takes a far route
// from the planner and walks it, following its place step by step, rather
// than searching again at every step of its leader; it ends in its place
// with the others. (It searched again whenever its place moved and the
// path could not follow: 62 searches expanding 174,000 nodes on this map,
// against 5 and 1,247.)
func TestFarMemberWalksAFarRouteToItsPlace(t *testing.T) {
	g := windingRows(64, 64)
	h, err := hpa.Build(g, hpa.Config{})
	if err != nil {
		t.Fatal(err)
	}
	s := exact(g, NewHPA(h, HPAConfig{}))
	var ids []int
	for _, c := range []image.Point{{2, 0}, {3, 0}, {2, 1}, {3, 1}, {5, 49}} {
		id, err := s.Spawn(c)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := s.SetGroupGoal(ids, image.Point{60, 1}); err != nil {
		t.Fatal(err)
	}
	runUntil(t, s, 60000, func() bool { return !s.groups[0].active })
	for _, id := range ids {
		if v := view(t, s, id); v.State != Arrived {
			t.Errorf("member %d %v at %v, want arrived", id, v.State, v.Cell)
		}
	}
	st := s.Stats()
	if st.FarRoutes == 0 {
		t.Error("no far route planned")
	}
	if st.Local > 20 || st.LocalWork > 20000 {
		t.Errorf("%d member searches expanding %d nodes (%d far routes, %d places followed), want at most 20 and 20,000", st.Local, st.LocalWork, st.FarRoutes, st.Extended)
	}
	if n := s.Stuck(300); n != 0 {
		t.Errorf("%d stuck", n)
	}
	t.Logf("searches %d, far routes %d, followed %d, nodes %d", st.Local, st.FarRoutes, st.Extended, st.LocalWork)
}
