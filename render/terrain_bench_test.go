package render

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"pathlens/internal/cputime"
)

// BenchmarkTerrainFirstFrame is the window's work for the terrain in the
// first frame of a 4096×4096 map of 20 % walls at random, fitted to the
// window (every tile in view): before its tiles, every cell baked into
// one image and sent; with them, the frame's budget.
func BenchmarkTerrainFirstFrame(b *testing.B) {
	w := noiseWorld(b, 4096, 2)
	r := New()
	dst := ebiten.NewImage(1264, 720)
	f := &Frame{World: w, Cam: &Camera{Zoom: 720.0 / 4096}, Layers: DefaultLayers}
	var cpu time.Duration
	b.ReportAllocs()
	for b.Loop() {
		r.terrain.release()
		c0, _ := cputime.Process()
		r.drawTerrain(dst, f)
		_ = dst.At(0, 0) // the GPU's work: the images made and sent
		c1, _ := cputime.Process()
		cpu += c1 - c0
	}
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
