package hpa

import (
	"image"
	"math"
	"math/rand"
	"testing"

	"pathlens/pathing"
)

// TestNearOctile checks nearOctile and the cluster components of
// openLines against the bucket Dijkstra of the cluster (exhaustive, from
// every sampled source): where nearOctile answers, its cost equals,
// bit for bit, the cost intra1 writes for the pair (w·octile when it is
// octile-exact, else the Dijkstra's); it must answer every pair whose
// cost is below w·(octile + 2) (such a path never goes back along the
// major axis); and two cells share a component exactly when the search
// connects them. Clusters of 4 to 64 on a side, inside larger grids so
// that the rectangle's offset matters, weights 1 to 9, 0 to 45 % blocked.
func TestNearOctile(t *testing.T) {
	rng := rand.New(rand.NewSource(21))
	var classes [nearClasses]int
	checked, far := 0, 0
	for trial := 0; trial < 400; trial++ {
		cw, ch := 4+rng.Intn(13), 4+rng.Intn(13)
		if trial%5 == 4 {
			cw, ch = 4+rng.Intn(61), 4+rng.Intn(61)
		}
		if trial%40 == 39 {
			cw, ch = 64, 64
		}
		ox, oy := rng.Intn(3), rng.Intn(3)
		g := randomGrid(rng, cw+ox+rng.Intn(3), ch+oy+rng.Intn(3), rng.Float64()*0.45, false)
		w := uint8(1 + rng.Intn(9))
		weighOpen(g, w)
		r := image.Rect(ox, oy, ox+cw, oy+ch)
		s := newCellSearch(g, pathing.Eight)
		s.loadPad(r)
		var o openLines
		o.load(s, r)
		o.components()
		var open []image.Point
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if g.Open(image.Pt(x, y)) {
					open = append(open, image.Pt(x, y))
				}
			}
		}
		if len(open) < 2 {
			continue
		}
		wf := float64(w)
		for k := 0; k < 6; k++ {
			a := open[rng.Intn(len(open))]
			s.reset(r, false, nil)
			s.usePad()
			s.useBuckets(wf)
			s.run(a, image.Pt(-1, -1))
			targets := open
			if len(targets) > 200 {
				targets = make([]image.Point, 200)
				for i := range targets {
					targets[i] = open[rng.Intn(len(open))]
				}
			}
			for _, b := range targets {
				if b == a {
					continue
				}
				c, reached := s.cost(b)
				if same := o.comp(a) == o.comp(b); same != reached {
					t.Fatalf("trial %d: %v and %v share a component: %v, search connects them: %v", trial, a, b, same, reached)
				}
				oct := wf * pathing.OctileDistance(a, b)
				if reached && c <= oct+1e-9*max(1, oct) {
					c = oct
				}
				got, ok := o.nearOctile(a, b, wf)
				// The specification itself: the cheapest forward path,
				// by an independent programme, decides whether and what
				// nearOctile answers (this covers the excess of 2 exactly).
				fwd := forwardCost(g, r, a, b)
				if fwdOK := fwd <= fxOctile(a, b)+2*fxS; ok != fwdOK {
					t.Fatalf("trial %d (%v): nearOctile(%v, %v) answered %v, the cheapest forward path (%v) says %v", trial, r, a, b, ok, fxCost(fwd, 1), fwdOK)
				}
				if ok {
					checked++
					if !reached || math.Float64bits(got) != math.Float64bits(c) {
						t.Fatalf("trial %d (%v, w %d): nearOctile(%v, %v) = %v, want %v (reached %v)", trial, r, w, a, b, got, c, reached)
					}
					classes[nearClassOf(c/wf-pathing.OctileDistance(a, b))]++
					continue
				}
				if reached && c < oct+wf*(2-1e-9) {
					t.Fatalf("trial %d (%v): nearOctile(%v, %v) gave up, but the cost %v is below w·(octile + 2) = %v", trial, r, a, b, c, oct+2*wf)
				}
				if reached {
					far++
				}
			}
		}
	}
	// Every class must have been answered many times, and some pairs must
	// have been left to a search, or the test proves little.
	for c, k := range classes {
		if k < 50 {
			t.Errorf("class %d answered only %d times", c, k)
		}
	}
	if far < 100 {
		t.Errorf("only %d reachable pairs beyond the classes", far)
	}
	t.Logf("%d pairs answered (by class %v), %d left to searches", checked, classes, far)
}

// nearClassOf returns the class whose excess is e (in units of w).
func nearClassOf(e float64) int {
	best := 0
	for c, st := range nearST {
		v := float64(st[0]) + float64(st[1])*math.Sqrt2
		if math.Abs(v-e) < math.Abs(float64(nearST[best][0])+float64(nearST[best][1])*math.Sqrt2-e) {
			best = c
		}
	}
	return best
}

// fxOctile is the octile distance of a and b in dijkstraBuckets' fixed point.
func fxOctile(a, b image.Point) int64 {
	dx, dy := abs(a.X-b.X), abs(a.Y-b.Y)
	return int64(max(dx, dy)-min(dx, dy))*fxS + int64(min(dx, dy))*fxD
}

// forwardCost is the cost (fixed point, unit weight) of the cheapest path
// from a to b inside r that never steps back along the major axis of b − a
// (y when |dy| > |dx|), fxInf when there is none: a plain dynamic
// programme over the rows across that axis, each relaxed along the row in
// both directions.
func forwardCost(g *pathing.Grid, r image.Rectangle, a, b image.Point) int64 {
	flip := abs(b.Y-a.Y) > abs(b.X-a.X)
	// cell (k, m): major coordinate k, minor m, in grid terms.
	pt := func(k, m int) image.Point {
		if flip {
			return image.Pt(m, k)
		}
		return image.Pt(k, m)
	}
	open := func(k, m int) bool {
		p := pt(k, m)
		return p.In(r) && g.Open(p)
	}
	k0, k1, m0, m1, lo, hi := a.X, b.X, a.Y, b.Y, r.Min.Y, r.Max.Y
	if flip {
		k0, k1, m0, m1, lo, hi = a.Y, b.Y, a.X, b.X, r.Min.X, r.Max.X
	}
	step := 1
	if k1 < k0 {
		step = -1
	}
	cur := make([]int64, hi-lo)
	for i := range cur {
		cur[i] = fxInf
	}
	along := func(c []int64, k int) {
		for m := lo + 1; m < hi; m++ {
			if c[m-1-lo] != fxInf && open(k, m) && c[m-1-lo]+fxS < c[m-lo] {
				c[m-lo] = c[m-1-lo] + fxS
			}
		}
		for m := hi - 2; m >= lo; m-- {
			if c[m+1-lo] != fxInf && open(k, m) && c[m+1-lo]+fxS < c[m-lo] {
				c[m-lo] = c[m+1-lo] + fxS
			}
		}
	}
	cur[m0-lo] = 0
	along(cur, k0)
	for k := k0; k != k1; {
		k += step
		next := make([]int64, hi-lo)
		for m := lo; m < hi; m++ {
			next[m-lo] = fxInf
			if !open(k, m) {
				continue
			}
			if c := cur[m-lo]; c != fxInf {
				next[m-lo] = min(next[m-lo], c+fxS)
			}
			for _, d := range []int{-1, 1} {
				if p := m + d; p >= lo && p < hi && cur[p-lo] != fxInf && open(k, p) && open(k-step, m) {
					next[m-lo] = min(next[m-lo], cur[p-lo]+fxD)
				}
			}
		}
		along(next, k)
		cur = next
	}
	return cur[m1-lo]
}

// TestNearOctileBuildsSame builds hierarchies with and without nearOctile
// (nearOn; without it every pair out of straight-line sight is searched)
// and requires them equal bit for bit: every matrix entry at every level.
// Random grids of every density, one weight or mixed, both neighbourhoods,
// cluster sizes 4 to 20, with and without the path cache; and the default
// build of random512-10-0 and 8room_000 when the Moving AI maps are there.
func TestNearOctileBuildsSame(t *testing.T) {
	same := func(what string, g *pathing.Grid, cfg Config) {
		t.Helper()
		nearOn = false
		old, err := Build(g, cfg)
		nearOn = true
		if err != nil {
			t.Fatal(err)
		}
		h, err := Build(g, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if err := Equal(old, h); err != nil {
			t.Fatalf("%s (%v): %v", what, cfg, err)
		}
		for l := range h.lv {
			for ci := range h.lv[l].clusters {
				a, b := old.lv[l].clusters[ci].dist, h.lv[l].clusters[ci].dist
				for k := range a {
					if math.Float64bits(a[k]) != math.Float64bits(b[k]) {
						t.Fatalf("%s (%v): level %d cluster %d entry %d: %v without nearOctile, %v with it", what, cfg, l+1, ci, k, a[k], b[k])
					}
				}
			}
		}
	}
	rng := rand.New(rand.NewSource(5))
	for trial := 0; trial < 60; trial++ {
		g := randomGrid(rng, 20+rng.Intn(60), 20+rng.Intn(60), rng.Float64()*0.4, trial%4 == 3)
		cfg := Config{ClusterSize: 4 + rng.Intn(17), Levels: 1 + rng.Intn(3), CachePaths: trial%5 == 4}
		if trial%6 == 5 {
			cfg.Neighborhood = pathing.Four
		}
		same("random grid", g, cfg)
	}
	for _, name := range []string{"random512-10-0", "8room_000"} {
		m, _ := loadBench(t, name)
		same(name, m.Grid, Config{})
	}
}
