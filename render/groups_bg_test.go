package render

import (
	"math/rand"
	"slices"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/maps"
	"pathlens/pathing"
)

// groupsBigWorld is a 300×300 map (over the world's 256×256 bound for
// background work) with a fifth of its cells walls, under algo.
func groupsBigWorld(t testing.TB, algo world.Algo) *world.World {
	t.Helper()
	const n = 300
	g := pathing.MustGrid(n, n)
	rng := rand.New(rand.NewSource(3))
	terrain := make([]byte, g.Len())
	for i := range terrain {
		terrain[i] = '.'
		if rng.Intn(5) == 0 {
			terrain[i] = '@'
			g.SetOpen(g.Point(i), false)
		}
	}
	w := world.New(&maps.Map{Name: "groups", Grid: g, Terrain: terrain})
	t.Cleanup(w.Close)
	w.Begin()
	w.SetAlgo(algo)
	w.Wait()
	return w
}

// On a large map the groups layer comes in from the background and is
// uploaded a strip a frame: until all of it is in, the layer draws nothing
// of it and the map note says it is being drawn; then it shows the
// world's bake whole. A level asked for afterwards, its bake under way,
// shows nothing of the last level's meanwhile.
func TestGroupsLayerInStrips(t *testing.T) {
	w := groupsBigWorld(t, world.AlgoGroup)
	defer func(b int) { groupStripBytes = b }(groupStripBytes)
	groupStripBytes = 4 * 300 * 64 // 64 rows a frame: 5 frames
	r := New()
	dst := ebiten.NewImage(600, 600)
	var cam Camera
	cam.Fit(300, 300, dst.Bounds())
	f := &Frame{World: w, Cam: &cam, ViewLevel: 1, Layers: LayerSet(0).With(LayerGroups, true)}
	frames := 0
	for ; frames < 100; frames++ {
		w.Tick(0)
		r.notes = r.notes[:0]
		r.drawMap(dst, f)
		if !r.GroupsPending() {
			break
		}
		if !slices.Contains(r.notes, GroupsDrawingNote) {
			t.Fatalf("frame %d: the layer is pending, the notes %q do not say so", frames, r.notes)
		}
		if r.groups.rows > 0 && !r.GroupsUploading() {
			t.Fatalf("frame %d: %d rows uploaded, the next frame not asked for", frames, r.groups.rows)
		}
		if r.groups.rows == 0 {
			time.Sleep(time.Millisecond) // baked in the background
		}
	}
	if r.GroupsPending() || r.groups.rows != 300 || slices.Contains(r.notes, GroupsDrawingNote) {
		t.Fatalf("after %d frames: pending %v, %d rows of 300, notes %q", frames, r.GroupsPending(), r.groups.rows, r.notes)
	}
	if frames+1 < 5 {
		t.Errorf("the layer was whole in %d frames: want 5 strips at least", frames+1)
	}

	// Level 2: its bake and its strips take frames, and none of them
	// draws level 1's tints as level 2's.
	f.ViewLevel = 2
	r.notes = r.notes[:0]
	r.drawMap(dst, f)
	if !r.GroupsPending() || !slices.Contains(r.notes, GroupsDrawingNote) {
		t.Errorf("the frame level 2 is asked for: pending %v, notes %q; want nothing drawn yet (level 1's tints are all the image has)", r.GroupsPending(), r.notes)
	}
	groupsShown(t, r, dst, f)
}
