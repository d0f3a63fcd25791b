package game

import (
	"fmt"
	"image"
	"math/rand"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/game/world"
	"pathlens/internal/cputime"
)

// writeRoomsMap writes an n×n Moving AI map of walled rooms (doors in
// their walls) over 10 % random walls to dir and returns its path.
func writeRoomsMap(tb testing.TB, dir string, n int) string {
	tb.Helper()
	rng := rand.New(rand.NewSource(3))
	cells := make([]byte, n*n)
	for i := range cells {
		cells[i] = '.'
		if rng.Intn(10) == 0 {
			cells[i] = '@'
		}
	}
	for range n * n / 4096 {
		x0, y0 := rng.Intn(n-40), rng.Intn(n-40)
		x1, y1 := x0+8+rng.Intn(30), y0+8+rng.Intn(30)
		for x := x0; x <= x1; x++ {
			for _, y := range []int{y0, y1} {
				cells[y*n+x] = '@'
			}
		}
		for y := y0; y <= y1; y++ {
			for _, x := range []int{x0, x1} {
				cells[y*n+x] = '@'
			}
		}
		cells[y0*n+(x0+x1)/2] = '.'
		cells[y1*n+(x0+x1)/2] = '.'
		cells[((y0+y1)/2)*n+x0] = '.'
	}
	buf := fmt.Appendf(nil, "type octile\nheight %d\nwidth %d\nmap\n", n, n)
	for y := range n {
		buf = append(buf, cells[y*n:(y+1)*n]...)
		buf = append(buf, '\n')
	}
	p := filepath.Join(dir, "rooms.map")
	if err := os.WriteFile(p, buf, 0o644); err != nil {
		tb.Fatal(err)
	}
	return p
}

// BenchmarkRepairFrame4096 is the frame drawn after one repair on a
// 4096×4096 map of rooms and 10 % random walls under the group hierarchy,
// zoomed to 2.2 px a cell about the middle (the clusters 22 px wide: their
// borders and the level's nodes drawn): a one-cell stroke undone and
// redone by turns, each followed by its repair (untimed) and the next
// frame's Update and Draw (timed). cpu-ms/op is the process's CPU time of
// the frame.
func BenchmarkRepairFrame4096(b *testing.B) {
	src := writeRoomsMap(b, b.TempDir(), 4096)
	w, err := world.Open(src)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(w.Close)
	w.Settings.Algo = world.AlgoGroup
	w.Begin()
	w.Wait()
	if w.Hierarchy() == nil {
		b.Fatal("no group hierarchy")
	}
	g, err := New(w, Options{Zoom: 2.2, Center: image.Pt(2048, 2048)})
	if err != nil {
		b.Fatal(err)
	}
	sw, sh := g.Layout(1280, 800)
	img := ebiten.NewImage(sw, sh)
	frame := func() {
		g.Update()
		g.drawnAt = time.Time{}
		g.drawnKey = frameKey{}
		g.Draw(img)
	}
	for range 3 {
		frame()
		w.Wait()
	}
	if g.cam.Zoom < 2 || g.cam.Zoom > 2.5 {
		b.Fatalf("zoom %.2f, want 2.2 px a cell", g.cam.Zoom)
	}
	p, ok := w.Grid.NearestOpen(image.Pt(2050, 2030), 32)
	if !ok {
		b.Fatal("no open cell")
	}
	w.BeginStroke(p, 0)
	w.EndStroke()
	w.Wait()
	frame()
	var cpu time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		seq := w.RepairSeq
		if i%2 == 0 {
			w.Undo()
		} else {
			w.Redo()
		}
		w.Wait()
		if w.RepairSeq == seq {
			b.Fatal("no repair")
		}
		b.StartTimer()
		c0, _ := cputime.Process()
		frame()
		c1, _ := cputime.Process()
		cpu += c1 - c0
		if i%8 == 7 {
			b.StopTimer()
			flushGPU(img)
			b.StartTimer()
		}
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
