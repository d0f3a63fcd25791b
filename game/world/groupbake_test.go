package world

import (
	"bytes"
	"encoding/binary"
	"image"
	"slices"
	"testing"
	"time"
)

// groupOracle is the groups layer's bake as the renderer did it on the
// window thread before the bakes moved here: GroupOf asked cell by cell,
// the hues of groupHues kept from bake to bake. The world's bakes, in the
// background or not, must give its pixels.
type groupOracle struct {
	pix  []byte
	hues groupHues
}

func (o *groupOracle) bake(w *World, h GroupsView, l int) []byte {
	g := w.Grid
	if o.pix == nil {
		o.pix = make([]byte, 4*g.Len())
		o.hues = groupHues{claimed: map[uint32]bool{}, wasFirst: make([]uint64, (g.Len()+63)/64)}
	}
	var first []int32
	var old []uint32
	for i := 0; i < g.Len(); i++ {
		id := h.GroupOf(l, g.Point(i))
		p := o.pix[4*i : 4*i+4]
		if id < 0 {
			binary.LittleEndian.PutUint32(p, 0)
			continue
		}
		for int(id) >= len(first) {
			first, old = append(first, -1), append(old, 0)
		}
		if first[id] < 0 {
			first[id], old[id] = int32(i), binary.LittleEndian.Uint32(p)
		}
		binary.LittleEndian.PutUint32(p, uint32(id)+1)
	}
	tints := make([]uint32, len(first))
	o.hues.assign(first, old, tints, l)
	for i := 0; i < g.Len(); i++ {
		p := o.pix[4*i : 4*i+4]
		if v := binary.LittleEndian.Uint32(p); v != 0 {
			binary.LittleEndian.PutUint32(p, tints[v-1])
		}
	}
	return slices.Clone(o.pix)
}

// awaitGroupTints asks for the tints of h at level l until they are in.
func awaitGroupTints(t *testing.T, w *World, h GroupsView, l int) []byte {
	t.Helper()
	for range 2000 {
		if pix, _, ok := w.GroupTints(h, l); ok {
			return slices.Clone(pix)
		}
		if w.GroupTintsFailed(h, l) {
			t.Fatalf("baking level %d failed: %s", l, w.Message)
		}
		w.waitGroupBake()
	}
	t.Fatalf("the tints of level %d never came in", l)
	return nil
}

// diffPixels says where two bakes differ first, and in how many cells.
func diffPixels(t *testing.T, what string, w *World, got, want []byte) {
	t.Helper()
	if bytes.Equal(got, want) {
		return
	}
	if len(got) != len(want) {
		t.Fatalf("%s: %d bytes, want %d", what, len(got), len(want))
	}
	n, at := 0, -1
	for i := 0; i < len(got); i += 4 {
		if !bytes.Equal(got[i:i+4], want[i:i+4]) {
			if at < 0 {
				at = i / 4
			}
			n++
		}
	}
	t.Errorf("%s: %d cells differ from the window thread's bake, first %v: % x, want % x", what, n, w.Grid.Point(at), got[4*at:4*at+4], want[4*at:4*at+4])
}

// A map over asyncCells bakes the groups layer in the background, from a
// copy of the group map (group hierarchy) or of the grid (HPA*): each bake,
// through repairs and level changes, is the one the window thread made,
// colours kept across repairs included.
func TestGroupTintsInTheBackgroundAsOnTheWindowThread(t *testing.T) {
	for _, algo := range []Algo{AlgoGroup, AlgoHPA} {
		t.Run(algo.Title(), func(t *testing.T) {
			w := cutWorld(t, 301, 299, 5) // edge clusters cut short
			if w.Grid.Len() <= asyncCells {
				t.Fatal("the map must be over asyncCells")
			}
			w.Begin()
			w.SetAlgo(algo)
			w.Wait()
			h := w.Hierarchy()
			if h == nil || h.Levels() < 2 {
				t.Fatalf("%v: want a hierarchy of 2 levels or more", algo)
			}
			var o groupOracle
			check := func(what string, l int) {
				t.Helper()
				h := w.Hierarchy()
				diffPixels(t, what, w, awaitGroupTints(t, w, h, l), o.bake(w, h, l))
			}
			check("first bake, level 1", 1)
			for i, p := range []image.Point{{150, 150}, {151, 150}, {40, 41}} {
				before := w.RepairSeq
				fill(w, p)
				w.Wait()
				if w.RepairSeq == before {
					t.Fatalf("edit %d repaired nothing", i)
				}
				check("after an edit", 1)
			}
			check("level 2", 2)
			check("back to level 1", 1)
			if s := w.groupBakes.src; s != nil && s.gs.jobs.Load() != 0 {
				t.Errorf("the source copy is still read by %d jobs", s.gs.jobs.Load())
			}
		})
	}
}

// While a bake is under way, the tints of the groups, level or repairs
// shown before are never handed out as the ones asked for: GroupTints
// says they are coming until the bake for the key asked for is in, which
// is then the window thread's.
func TestGroupTintsNeverStale(t *testing.T) {
	w := cutWorld(t, 300, 300, 6)
	w.Begin()
	w.SetAlgo(AlgoGroup)
	w.Wait()
	h := w.Hierarchy()
	// The first bake's copy of the group map needs a buffer: allocated
	// off the window thread, the bake starting once it is in.
	if _, _, ok := w.GroupTints(h, 1); ok || w.groupBakes.job != nil || w.groupBakes.growing == nil {
		t.Errorf("first ask: tints handed out %v, a bake started %v, a buffer growing %v; want only the buffer", ok, w.groupBakes.job != nil, w.groupBakes.growing != nil)
	}
	var o groupOracle
	diffPixels(t, "level 1", w, awaitGroupTints(t, w, h, 1), o.bake(w, h, 1))

	var hold chan struct{}
	groupBakeHook = func() { <-hold }
	defer func() { groupBakeHook = nil }()
	held := func(f func()) {
		hold = make(chan struct{})
		defer close(hold)
		f()
	}
	asked := func(what string, l int) {
		t.Helper()
		if _, _, ok := w.GroupTints(w.Hierarchy(), l); ok {
			t.Errorf("%s: level %d's bake is held, yet tints were handed out", what, l)
		}
	}

	held(func() {
		asked("another level", 2)
		time.Sleep(10 * time.Millisecond)
		asked("another level, asked again", 2)
	})
	diffPixels(t, "level 2", w, awaitGroupTints(t, w, h, 2), o.bake(w, h, 2))

	held(func() {
		before := w.RepairSeq
		fill(w, image.Pt(100, 100))
		w.Tick(0)
		if w.RepairSeq == before {
			t.Fatal("the fill repaired nothing")
		}
		asked("after an edit's repair", 2)
	})
	h = w.Hierarchy()
	diffPixels(t, "level 2 after the edit", w, awaitGroupTints(t, w, h, 2), o.bake(w, h, 2))

	// Level 1 asked for, then level 2 again before level 1's bake began:
	// it is stopped before it touches the pixels, and level 2's keeps
	// their colours.
	held(func() {
		asked("level 1", 1)
		asked("level 2 again", 2)
	})
	diffPixels(t, "level 2 again", w, awaitGroupTints(t, w, h, 2), o.bake(w, h, 2))
}

// A map of asyncCells or fewer bakes at once, on the caller's thread:
// screens and tests see the layer in the first frame.
func TestGroupTintsSmallMapAtOnce(t *testing.T) {
	w := cutWorld(t, 200, 200, 3)
	w.Begin()
	w.SetAlgo(AlgoHPA)
	w.Wait()
	h := w.Hierarchy()
	pix, _, ok := w.GroupTints(h, 1)
	if !ok {
		t.Fatal("a 200×200 map's tints are not in at once")
	}
	if w.groupBakes.runner != nil {
		t.Error("a 200×200 map started the background runner")
	}
	var o groupOracle
	diffPixels(t, "200×200", w, pix, o.bake(w, h, 1))
}

// A stroke whose moves are repaired one by one does not abandon the bake
// under way at every move (a copy of the group map each, 200 MB on a
// 7100×7100 map): that bake ends, and the next bakes the groups as they
// are then. Nothing stale is handed out meanwhile.
func TestGroupTintsStrokeBakesOneAtATime(t *testing.T) {
	w := cutWorld(t, 300, 300, 8)
	w.Begin()
	w.SetAlgo(AlgoHPA) // repairs within the budget: every move repaired
	w.Wait()
	var o groupOracle
	diffPixels(t, "level 1", w, awaitGroupTints(t, w, w.Hierarchy(), 1), o.bake(w, w.Hierarchy(), 1))

	hold := make(chan struct{})
	groupBakeHook = func() { <-hold }
	defer func() { groupBakeHook = nil }()
	w.BeginStroke(image.Pt(10, 150), 0)
	var first *groupBakeJob
	for x := 11; x < 30; x++ {
		before := w.RepairSeq
		w.StrokeTo(image.Pt(x, 150))
		if w.RepairSeq == before {
			continue // deferred, or nothing changed
		}
		if _, _, ok := w.GroupTints(w.Hierarchy(), 1); ok {
			t.Fatalf("move to x=%d: the tints handed out while the bake is held", x)
		}
		if first == nil {
			first = w.groupBakes.job
			o.bake(w, w.Hierarchy(), 1) // the groups the held bake reads
		} else if w.groupBakes.job != first {
			t.Fatalf("move to x=%d: the bake under way was replaced", x)
		}
	}
	if first == nil {
		t.Fatal("no move of the stroke was repaired: the test needs repairs during the stroke")
	}
	close(hold)
	w.EndStroke()
	w.Wait()
	// The held bake finished for its key, then the last one baked: the
	// window thread's bakes of the same two.
	h := w.Hierarchy()
	diffPixels(t, "after the stroke", w, awaitGroupTints(t, w, h, 1), o.bake(w, h, 1))
}

// Found trying a 4096×4096 map: L to level 2 and back to level 1, with no
// edit between, gave level 1's groups other colours than it had a moment
// before (the hues remembered only the last level's first cells), so a
// designer flipping L to compare the levels saw the map recoloured each
// time. A level shown again keeps its colours, in the background or not.
func TestGroupTintsKeepTheirColoursAcrossL(t *testing.T) {
	for _, algo := range []Algo{AlgoGroup, AlgoHPA} {
		for _, n := range []int{200, 300} { // at once; in the background
			w := cutWorld(t, n, n, 5)
			w.Begin()
			w.SetAlgo(algo)
			w.Wait()
			h := w.Hierarchy()
			one := awaitGroupTints(t, w, h, 1)
			two := awaitGroupTints(t, w, h, 2)
			if bytes.Equal(one, two) {
				t.Fatalf("%v %d²: levels 1 and 2 look alike: the test needs them to differ", algo, n)
			}
			again := awaitGroupTints(t, w, h, 1)
			diffPixels(t, algo.String()+" level 1 after level 2", w, again, one)
			diffPixels(t, algo.String()+" level 2 after level 1", w, awaitGroupTints(t, w, h, 2), two)
		}
	}
}
