package render

import (
	"runtime"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/internal/cputime"
)

// BenchmarkGroupsLevelSwitch is the window thread's part of the groups
// layer after a change of level (1 and 2 by turns) on a 2048×2048 map with
// 20 % random walls under the group hierarchy: the frames drawn until the
// layer shows the new level, each a Tick and the layer drawn. The bake
// runs in the background (world.GroupTints) and the pixels go up a strip
// a frame, so what counts is the window thread's CPU (window-cpu-ms, the
// benchmark's goroutine locked to its thread) and its worst frame
// (worst-frame-ms, wall), not the time to the layer (ms-to-layer).
func BenchmarkGroupsLevelSwitch(b *testing.B) {
	const n = 2048
	w := noiseWorld(b, n, 2)
	w.Begin()
	w.SetAlgo(world.AlgoGroup)
	w.Wait()
	if h := w.Hierarchy(); h == nil || h.Levels() < 2 {
		b.Fatal("want a group hierarchy of 2 levels or more")
	}
	l := ComputeLayout(1280, 800, true)
	cam := &Camera{}
	cam.Fit(n, n, l.Map)
	f := &Frame{World: w, Cam: cam, Layout: l, ViewLevel: 1}
	r := New()
	dst := ebiten.NewImage(l.Map.Dx(), l.Map.Dy())
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var worst, wall time.Duration
	frames := 0
	show := func() {
		t0 := time.Now()
		for {
			w.Tick(0)
			t1 := time.Now()
			pending := groupsFrame(r, dst, f)
			dst.Clear() // the GPU work of the frame done, as a frame would be
			worst = max(worst, time.Since(t1))
			frames++
			if !pending {
				break
			}
			time.Sleep(time.Millisecond) // the rest of a frame
		}
		wall += time.Since(t0)
	}
	show()
	worst, wall, frames = 0, 0, 0
	b.ReportAllocs()
	c0, _ := cputime.Thread()
	for i := 0; b.Loop(); i++ {
		f.ViewLevel = 2 - i%2
		show()
	}
	c1, _ := cputime.Thread()
	b.ReportMetric(float64((c1-c0)/time.Microsecond)/1000/float64(b.N), "window-cpu-ms/op")
	b.ReportMetric(float64(worst/time.Microsecond)/1000, "worst-frame-ms")
	b.ReportMetric(float64(wall/time.Microsecond)/1000/float64(b.N), "ms-to-layer")
	b.ReportMetric(float64(frames)/float64(b.N), "frames/op")
}

// groupsFrame draws the groups layer of f once and reports whether it is
// still to come (baked or uploaded).
func groupsFrame(r *Renderer, dst *ebiten.Image, f *Frame) bool {
	r.groupsPending = false
	r.drawGroups(dst, f)
	return r.groupsPending
}
