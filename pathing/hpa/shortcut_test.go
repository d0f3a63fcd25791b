package hpa

import (
	"image"
	"math"
	"math/rand"
	"path/filepath"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

// A wall splits the two clusters of a short query from top to bottom but
// for a gap in their top row, and the row just below them is open: the
// bounded A* finds the long way round through the gap, the best path steps
// out of the clusters and back. Find must return the best one.
func TestShortcutNeverBeatsACheaperWayOut(t *testing.T) {
	g := grid(t,
		"................",
		"........#.......",
		"........#.......",
		"........#.......",
		"........#.......",
		"........#.......",
		"........#.......",
		"........#.......",
		"................",
		"................",
	)
	s, e := image.Pt(6, 7), image.Pt(10, 7)
	want := optimal(g, pathing.Eight, s, e) // 2 + 2√2: down, across, up
	for _, levels := range []int{1, 2} {
		h, err := Build(g, Config{ClusterSize: 8, Levels: levels})
		if err != nil {
			t.Fatal(err)
		}
		q := h.NewQuerier()
		for _, opt := range []QueryOptions{{}, {NoSmooth: true}, {RefineSteps: 1}} {
			res, err := q.Find(s, e, opt)
			if err != nil {
				t.Fatal(err)
			}
			if res.Partial {
				continue // the first step only: nothing to compare
			}
			// Unsmoothed, the hierarchy's path keeps its transition
			// points (6 here); the detour inside the clusters costs 16.8.
			if tol := map[bool]float64{false: 1e-9, true: 1.5}[opt.NoSmooth]; res.Cost > want+tol {
				t.Errorf("levels %d %+v: cost %.4f, A* %.4f (shortcut %v)", levels, opt, res.Cost, want, res.Shortcut)
			}
			if res.Shortcut {
				t.Errorf("levels %d %+v: the bounded A*'s detour answered", levels, opt)
			}
			if err := pathing.ValidatePath(g, res.Path, pathing.Eight); err != nil {
				t.Error(err)
			}
		}
	}
}

// In the open the bounded A* proves its own path optimal and answers alone:
// no insertion, no abstract search.
func TestShortcutProvedOptimalAnswersAlone(t *testing.T) {
	g := pathing.MustGrid(40, 40)
	h, err := Build(g, Config{ClusterSize: 8})
	if err != nil {
		t.Fatal(err)
	}
	res, err := h.NewQuerier().Find(image.Pt(9, 9), image.Pt(20, 12), QueryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Shortcut || res.Phases.Abstract != 0 || len(res.Plans[h.Levels()]) != 0 {
		t.Fatalf("shortcut %v, abstract expansions %d, top plan %v: want the bounded A* alone", res.Shortcut, res.Phases.Abstract, res.Plans[h.Levels()])
	}
	if want := pathing.OctileDistance(image.Pt(9, 9), image.Pt(20, 12)); math.Abs(res.Cost-want) > 1e-9 {
		t.Fatalf("cost %g, want %g", res.Cost, want)
	}
}

// With the shortcut a query is never dearer than without it, on cluttered
// random grids, both neighbourhoods, weights, large and small clusters.
func TestShortcutNeverDearer(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	worse := 0
	for round := 0; round < 24; round++ {
		nb := pathing.Neighborhood(round % 2)
		g := randomGrid(rng, 40+rng.Intn(30), 40+rng.Intn(30), 0.2+0.2*rng.Float64(), round%3 == 2)
		cfg := Config{ClusterSize: 4 + rng.Intn(13), Levels: 1 + rng.Intn(2), Neighborhood: nb}
		h, err := Build(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		q := h.NewQuerier()
		l1 := h.lv[0]
		C := cfg.ClusterSize
		for i := 0; i < 300; i++ {
			s := image.Pt(rng.Intn(g.Width()), rng.Intn(g.Height()))
			e := s.Add(image.Pt(rng.Intn(2*C+1)-C, rng.Intn(2*C+1)-C))
			if !g.Open(s) || !g.In(e) || !g.Open(e) || s == e {
				continue
			}
			a, b := l1.clusters[l1.clusterIndex(s)].rect, l1.clusters[l1.clusterIndex(e)].rect
			if d := a.Min.Sub(b.Min); d.X < -C || d.X > C || d.Y < -C || d.Y > C {
				continue
			}
			for _, smooth := range []bool{true, false} {
				with, err := q.Find(s, e, QueryOptions{NoSmooth: !smooth})
				if err != nil {
					t.Fatal(err)
				}
				wc := with.Cost
				without, err := q.Find(s, e, QueryOptions{NoSmooth: !smooth, NoShortcut: true})
				if err != nil {
					t.Fatal(err)
				}
				if with.Status != without.Status {
					t.Fatalf("%v %v→%v: status %v with the shortcut, %v without", cfg, s, e, with.Status, without.Status)
				}
				if wc > without.Cost+1e-9*max(1, wc) {
					t.Fatalf("%v %v→%v smooth %v: %.6f with the shortcut, %.6f without", cfg, s, e, smooth, wc, without.Cost)
				}
				if wc < without.Cost-1e-9 {
					worse++
				}
			}
		}
	}
	if worse == 0 {
		t.Fatal("the shortcut never beat the hierarchy: the comparison is not exercised")
	}
}

// The row a user found on AR0011SR (cluster 64, one level): the bounded
// A* went round an obstacle, 115.3 against the optimal 31.97.
func TestShortcutMovingAIRow(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skipf("Moving AI maps not found at %q (set PATHLENS_MAPS)", dir)
	}
	m, err := maps.LoadMap(filepath.Join(dir, "AR0011SR.map"))
	if err != nil {
		t.Fatal(err)
	}
	h, err := Build(m.Grid, Config{ClusterSize: 64, Levels: 1})
	if err != nil {
		t.Fatal(err)
	}
	s, e := image.Pt(200, 322), image.Pt(173, 324)
	res, err := h.NewQuerier().Find(s, e, QueryOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := optimal(m.Grid, pathing.Eight, s, e); res.Cost > want*1.001 {
		t.Fatalf("cost %.3f, A* %.3f", res.Cost, want)
	}
}
