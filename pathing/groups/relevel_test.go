package groups

import (
	"context"
	"errors"
	"image"
	"math/rand"
	"path/filepath"
	"testing"

	"pathlens/maps"
	"pathlens/pathing"
)

// TestRelevelEqualsBuild changes the number of levels of graphs of every
// count 1..4 to every other count and checks that the result equals a
// fresh Build with the new count (diffGraphs: groups with names, parents
// and members, group maps, edges with all three costs), on random weighted
// grids with clusters and with region layers, both neighbourhoods, branch
// 2 and 3, and that the graph it came from is left as it was.
func TestRelevelEqualsBuild(t *testing.T) {
	g := randomGrid(53, 41, 24, 7)
	l1 := make([]byte, g.Len())
	l2 := make([]byte, g.Len())
	for i := range l1 {
		p := g.Point(i)
		l1[i] = byte('A' + (p.X/8)%20 + 2*((p.Y/7)%3))
		if (p.X*3+p.Y)%13 == 0 {
			l1[i] = ' ' // left to the clusters
		}
		l2[i] = byte('a' + p.X/18)
	}
	for _, tc := range []struct {
		name    string
		cfg     Config
		regions [][]byte
	}{
		{"clusters", Config{ClusterSize: 3}, nil},
		{"four", Config{ClusterSize: 4, Neighborhood: pathing.Four, Cost: Maximin}, nil},
		{"branch3", Config{ClusterSize: 2, Branch: 3, Cost: AvgMin, Exclusion: true, Target: Nearest}, nil},
		{"regions1", Config{ClusterSize: 3}, [][]byte{l1}},
		{"regions2", Config{ClusterSize: 3}, [][]byte{l1, l2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for from := 1; from <= 4; from++ {
				if len(tc.regions) > from {
					continue
				}
				cfg := tc.cfg
				cfg.Levels = from
				old, err := Build(g, cfg, tc.regions)
				if err != nil {
					t.Fatal(err)
				}
				for to := 1; to <= 4; to++ {
					got, err := old.WithLevels(to)
					if len(tc.regions) > to {
						if err == nil {
							t.Fatalf("%d → %d levels with %d region layers: no error", from, to, len(tc.regions))
						}
						continue
					}
					if err != nil {
						t.Fatal(err)
					}
					cfg.Levels = to
					want, err := Build(g, cfg, tc.regions)
					if err != nil {
						t.Fatal(err)
					}
					if d := diffGraphs(got, want); d != "" {
						t.Fatalf("%d → %d levels: differs from a fresh build: %s", from, to, d)
					}
					cfg.Levels = from
					same, _ := Build(g, cfg, tc.regions)
					if d := diffGraphs(old, same); d != "" {
						t.Fatalf("%d → %d levels changed the graph it came from: %s", from, to, d)
					}
				}
			}
		})
	}
}

// TestRelevelOnMovingAIPatches does the same on 128×128 patches of real
// maps (rooms, open ground, a maze), 2 → 3 → 1 → 4 levels.
func TestRelevelOnMovingAIPatches(t *testing.T) {
	dir, ok := maps.MovingAIDir()
	if !ok {
		t.Skip("no Moving AI maps: ../shared/maps/movingai missing and $PATHLENS_MAPS not set")
	}
	for _, name := range []string{"8room_000", "Aftershock", "maze512-16-0", "den312d"} {
		m, err := maps.LoadMap(filepath.Join(dir, name+".map"))
		if err != nil {
			t.Fatal(err)
		}
		g := patch(m.Grid, image.Rect(64, 64, 192, 192))
		cfg := Config{ClusterSize: 6}
		gr, err := Build(g, cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{3, 1, 4} {
			if gr, err = gr.WithLevels(n); err != nil {
				t.Fatal(err)
			}
			cfg.Levels = n
			want, err := Build(g, cfg, nil)
			if err != nil {
				t.Fatal(err)
			}
			if d := diffGraphs(gr, want); d != "" {
				t.Fatalf("%s, → %d levels: differs from a fresh build: %s", name, n, d)
			}
		}
	}
}

// patch returns the cells of g inside r as a grid of their own.
func patch(g *pathing.Grid, r image.Rectangle) *pathing.Grid {
	r = r.Intersect(g.Bounds())
	p := pathing.MustGrid(r.Dx(), r.Dy())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p.SetWeight(image.Pt(x-r.Min.X, y-r.Min.Y), g.Weight(image.Pt(x, y)))
		}
	}
	return p
}

// TestRelevelSharesNothing: the new graph and the old one are repaired
// independently (Update rewrites a level's arrays in place), each staying
// equal to a fresh build of its own grid, and Relevel's build reads the
// grid it is given.
func TestRelevelSharesNothing(t *testing.T) {
	g := randomGrid(40, 30, 22, 3)
	old, err := Build(g, Config{ClusterSize: 4, Levels: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	build, err := old.Relevel(3)
	if err != nil {
		t.Fatal(err)
	}
	snap := g.Clone()
	// The old graph is repaired before the new one is made: the copy was
	// taken when Relevel returned.
	r := rand.New(rand.NewSource(4))
	for i := 0; i < 20; i++ {
		p := randomOpen(g, r)
		g.SetWeight(p, 0)
		old.Update([]image.Point{p})
	}
	ng, err := build(context.Background(), snap)
	if err != nil {
		t.Fatal(err)
	}
	if ng.Grid() != snap {
		t.Fatal("the new graph does not read the grid it was given")
	}
	if _, err := build(context.Background(), snap); err == nil {
		t.Fatal("a second call of build: no error")
	}
	for i := 0; i < 20; i++ {
		p := randomOpen(snap, r)
		snap.SetWeight(p, 3)
		ng.Update([]image.Point{p})
	}
	for _, c := range []struct {
		gr     *Graph
		grid   *pathing.Grid
		levels int
	}{{old, g, 2}, {ng, snap, 3}} {
		want, err := Build(c.grid, Config{ClusterSize: 4, Levels: c.levels}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if d := diffGraphs(c.gr, want); d != "" {
			t.Fatalf("%d levels after repairs: differs from a fresh build: %s", c.levels, d)
		}
	}
}

// TestRelevelRefuses: the counts Build refuses, another grid size, and a
// cancelled context.
func TestRelevelRefuses(t *testing.T) {
	g := randomGrid(30, 20, 20, 1)
	gr, err := Build(g, Config{ClusterSize: 3, Levels: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, -1, MaxLevels + 1} {
		if _, err := gr.Relevel(n); err == nil {
			t.Errorf("Relevel(%d): no error", n)
		}
	}
	build, err := gr.Relevel(4)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := build(context.Background(), pathing.MustGrid(31, 20)); err == nil {
		t.Error("a grid of another size: no error")
	}
	build, _ = gr.Relevel(4)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if ng, err := build(ctx, nil); ng != nil || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, %v", ng, err)
	}
	// A grid changed without Update: the copied levels would describe other
	// cells, and the new graph would pass for current (it answered through
	// the cell below).
	p := image.Pt(-1, -1)
	for y := 0; y < g.Height() && p.X < 0; y++ {
		for x := 0; x < g.Width(); x++ {
			if g.Open(image.Pt(x, y)) {
				p = image.Pt(x, y)
				break
			}
		}
	}
	g.SetOpen(p, false)
	if _, err := gr.Relevel(3); !errors.Is(err, ErrStale) {
		t.Errorf("stale graph: %v, want ErrStale", err)
	}
	if _, err := gr.WithLevels(3); !errors.Is(err, ErrStale) {
		t.Errorf("stale graph, WithLevels: %v, want ErrStale", err)
	}
	gr.Update([]image.Point{p})
	if _, err := gr.Relevel(3); err != nil {
		t.Errorf("after Update: %v", err)
	}
}

// tiledAftershock is Moving AI's Aftershock (512×512, open ground) tiled
// 4×4 into a 2048×2048 grid, the size where a change of levels that
// rebuilt the whole hierarchy took seconds.
func tiledAftershock(b *testing.B) *pathing.Grid {
	src := aftershock(b)
	g := pathing.MustGrid(4*src.Width(), 4*src.Height())
	for y := 0; y < g.Height(); y++ {
		for x := 0; x < g.Width(); x++ {
			g.SetWeight(image.Pt(x, y), src.Weight(image.Pt(x%src.Width(), y%src.Height())))
		}
	}
	return g
}

// BenchmarkLevelsSwitch2048 changes 2 levels to 3 and back to 2 on the
// tiled Aftershock with clusters of 64, the way the app's levels switch
// does: "rebuild" builds the whole hierarchy again (what the app did),
// "relevel" reuses the levels below (Graph.WithLevels).
func BenchmarkLevelsSwitch2048(b *testing.B) {
	g := tiledAftershock(b)
	cfg := Config{ClusterSize: 64, Levels: 2}
	two, err := Build(g, cfg, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{3, 1} {
		b.Run("rebuild/2to"+string(rune('0'+n)), func(b *testing.B) {
			c := cfg
			c.Levels = n
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Build(g, c, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("relevel/2to"+string(rune('0'+n)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := two.WithLevels(n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
